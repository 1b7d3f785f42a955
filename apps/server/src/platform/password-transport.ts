// Passwords travel RSA-OAEP-SHA256 encrypted and base64-encoded. The key pair is made on first
// start and kept in the database, so every process of the install decrypts the same way.
import { constants, createPrivateKey, generateKeyPairSync, privateDecrypt, randomBytes, type KeyObject } from 'node:crypto';
import { desc } from 'drizzle-orm';
import { ErrorCodes } from '@openseller/core';
import type { Db } from '../db/client.js';
import { securityKeys } from '../db/schema/index.js';
import { AppError } from './errors.js';

export interface PasswordTransport {
  publicKey(): Promise<{ keyId: string; publicKey: string }>;
  /** Decrypts a password field; a field that does not decrypt is refused. */
  decrypt(encrypted: string): Promise<string>;
}

interface LoadedKey {
  keyId: string;
  publicKey: string;
  privateKey: KeyObject;
}

export function createPasswordTransport(deps: { db: Db }): PasswordTransport {
  let loaded: Promise<LoadedKey> | null = null;

  async function loadOrCreate(): Promise<LoadedKey> {
    const existing = await deps.db.select().from(securityKeys).orderBy(desc(securityKeys.createdAt)).limit(1);
    if (existing[0]) {
      return { keyId: existing[0].keyId, publicKey: existing[0].publicKey, privateKey: createPrivateKey(existing[0].privateKey) };
    }
    const pair = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const keyId = randomBytes(8).toString('hex');
    await deps.db.insert(securityKeys).values({ keyId, publicKey: pair.publicKey, privateKey: pair.privateKey }).onConflictDoNothing();
    // Another process may have made its key at the same moment: use whichever is newest.
    const rows = await deps.db.select().from(securityKeys).orderBy(desc(securityKeys.createdAt)).limit(1);
    const row = rows[0]!;
    return { keyId: row.keyId, publicKey: row.publicKey, privateKey: createPrivateKey(row.privateKey) };
  }

  function key(): Promise<LoadedKey> {
    if (!loaded) {
      loaded = loadOrCreate();
      loaded.catch(() => {
        loaded = null;
      });
    }
    return loaded;
  }

  return {
    async publicKey() {
      const k = await key();
      return { keyId: k.keyId, publicKey: k.publicKey };
    },
    async decrypt(encrypted) {
      const k = await key();
      try {
        const buffer = Buffer.from(encrypted, 'base64');
        const plain = privateDecrypt({ key: k.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, buffer);
        return plain.toString('utf8');
      } catch {
        throw new AppError(ErrorCodes.PASSWORD_DECRYPT, 400, { field: 'password' });
      }
    },
  };
}
