// Secrets at rest (stores' marketplace tokens, the installation's app secrets): AES-256-GCM with
// node:crypto. The key is OPENSELLER_SECRET_KEY (64 hex characters or base64 of 32 bytes; any
// other text is hashed with SHA-256 into a key), or else a key file created once in the data
// directory (DATA_DIR/secret.key, mode 0600) by the server's start (main.ts). A process that
// configured neither (tests, scripts) gets a random key of its own: what it encrypts is readable
// by that process only.
//
// Stored form: `enc:v1:<iv>:<tag>:<ciphertext>` (base64url). Reading accepts the plain text of
// rows written before encryption (anything without the prefix) so an upgrade needs no downtime;
// the stores area re-encrypts such rows at start. A value that does not decrypt (another key)
// reads as null: the store then asks to be authorised again instead of failing every page.
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { customType } from 'drizzle-orm/pg-core';

const PREFIX = 'enc:v1:';
let key: Buffer | null = null;
let warned = false;

function keyFromText(text: string): Buffer {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  const b64 = Buffer.from(trimmed, 'base64');
  if (b64.length === 32 && /^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return b64;
  return createHash('sha256').update(trimmed, 'utf8').digest();
}

/** Uses this key from now on (tests; the server's start). */
export function setSecretKey(text: string): void {
  key = keyFromText(text);
}

/**
 * The server's key: OPENSELLER_SECRET_KEY, else DATA_DIR/secret.key (created once with a random
 * key). Answers where the key came from (never the key).
 */
export function loadSecretKey(dataDir: string, env: NodeJS.ProcessEnv = process.env): 'env' | 'file' | 'new-file' {
  if (env.OPENSELLER_SECRET_KEY) {
    setSecretKey(env.OPENSELLER_SECRET_KEY);
    return 'env';
  }
  const file = path.join(dataDir, 'secret.key');
  if (fs.existsSync(file)) {
    setSecretKey(fs.readFileSync(file, 'utf8'));
    return 'file';
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const fresh = randomBytes(32).toString('hex');
  fs.writeFileSync(file, fresh + '\n', { mode: 0o600, flag: 'wx' });
  setSecretKey(fresh);
  return 'new-file';
}

function currentKey(): Buffer {
  if (!key) key = process.env.OPENSELLER_SECRET_KEY ? keyFromText(process.env.OPENSELLER_SECRET_KEY) : randomBytes(32);
  return key;
}

/**
 * A secret of this installation for one purpose, derived from the key (HMAC-SHA256 over the label,
 * hex): the same on every start with the same key, never stored. The sandbox marketplace signs its
 * pushes with one.
 */
export function derivedSecret(label: string): string {
  return createHmac('sha256', currentKey()).update(`openseller:${label}`, 'utf8').digest('hex');
}

export const isSealed = (value: string): boolean => value.startsWith(PREFIX);

export function seal(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', currentKey(), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${PREFIX}${iv.toString('base64url')}:${cipher.getAuthTag().toString('base64url')}:${body.toString('base64url')}`;
}

/** The plain text of a stored value; plain text stored before encryption is answered as is; null when it does not decrypt. */
export function open(stored: string): string | null {
  if (!isSealed(stored)) return stored;
  const [iv, tag, body] = stored.slice(PREFIX.length).split(':');
  try {
    const decipher = createDecipheriv('aes-256-gcm', currentKey(), Buffer.from(iv ?? '', 'base64url'));
    decipher.setAuthTag(Buffer.from(tag ?? '', 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body ?? '', 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    if (!warned) {
      warned = true;
      console.warn('[openseller] a stored secret does not decrypt with this installation\'s key (OPENSELLER_SECRET_KEY or DATA_DIR/secret.key changed?): it reads as empty');
    }
    return null;
  }
}

/** A text column kept encrypted: the code reads and writes plain text, the table holds `enc:v1:…`. */
export const encryptedText = customType<{ data: string; driverData: string }>({
  dataType: () => 'text',
  toDriver: (value) => seal(value),
  // A value that does not decrypt reads as null (typed as text: the columns using it are nullable).
  fromDriver: (value) => open(value) as string,
});
