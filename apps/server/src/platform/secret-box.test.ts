// Secrets at rest: AES-256-GCM values that read back, plain text of older rows read as is, a
// value from another key read as empty, and the key file created once in the data directory.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isSealed, loadSecretKey, open, seal, setSecretKey } from './secret-box.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-box-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('secret box', () => {
  it('seals to enc:v1 with a fresh IV each time and opens back', () => {
    setSecretKey('0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef');
    const a = seal('token-123');
    const b = seal('token-123');
    expect(isSealed(a)).toBe(true);
    expect(a).not.toBe(b);
    expect(a).not.toContain('token-123');
    expect(open(a)).toBe('token-123');
  });

  it('reads plain text stored before encryption as it is', () => {
    expect(open('plain-old-token')).toBe('plain-old-token');
  });

  it('reads a value sealed with another key, or tampered with, as null instead of failing', () => {
    setSecretKey('first key text');
    const sealed = seal('secret');
    setSecretKey('second key text');
    expect(open(sealed)).toBeNull();
    setSecretKey('first key text');
    expect(open(sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA'))).toBeNull();
    expect(open(sealed)).toBe('secret');
  });

  it('takes OPENSELLER_SECRET_KEY first, else creates DATA_DIR/secret.key once and reuses it', () => {
    expect(loadSecretKey(dir, { OPENSELLER_SECRET_KEY: 'from env' })).toBe('env');
    expect(fs.existsSync(path.join(dir, 'secret.key'))).toBe(false);
    expect(loadSecretKey(dir, {})).toBe('new-file');
    const sealed = seal('kept');
    expect((fs.statSync(path.join(dir, 'secret.key')).mode & 0o777).toString(8)).toBe('600');
    setSecretKey('something else');
    expect(loadSecretKey(dir, {})).toBe('file');
    expect(open(sealed)).toBe('kept');
  });
});
