// Passwords leave the browser RSA-OAEP-SHA256 encrypted with the server's public key. Web Crypto
// needs a secure context (https or localhost); a self-hosted install opened over plain http on
// a LAN address has none, so the same encryption then comes from node-forge.
import { AuthCalls, type PublicKeyResult } from '@openseller/core';

let keyPromise: Promise<PublicKeyResult> | null = null;

async function fetchPublicKey(): Promise<PublicKeyResult> {
  const response = await fetch(AuthCalls.publicKey.path);
  const body = (await response.json()) as { success: boolean; data: PublicKeyResult };
  if (!body.success) throw new Error('public key unavailable');
  return body.data;
}

export function publicKey(): Promise<PublicKeyResult> {
  if (!keyPromise) {
    keyPromise = fetchPublicKey();
    keyPromise.catch(() => {
      keyPromise = null;
    });
  }
  return keyPromise;
}

function pemToDer(pem: string): ArrayBuffer {
  const base64 = pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return bytes.buffer;
}

function toBase64(buffer: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export async function encryptPassword(password: string): Promise<string> {
  const { publicKey: pem } = await publicKey();
  if (globalThis.crypto?.subtle) {
    const key = await crypto.subtle.importKey('spki', pemToDer(pem), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
    return toBase64(await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(password)));
  }
  const forge = (await import('node-forge')).default;
  const key = forge.pki.publicKeyFromPem(pem);
  const encrypted = key.encrypt(forge.util.encodeUtf8(password), 'RSA-OAEP', {
    md: forge.md.sha256.create(),
    mgf1: { md: forge.md.sha256.create() },
  });
  return forge.util.encode64(encrypted);
}
