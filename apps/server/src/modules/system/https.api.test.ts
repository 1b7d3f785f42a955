// HTTPS with HTTP/2 (TLS_CERT_FILE / TLS_KEY_FILE): the web app's files and the calls over one
// multiplexed connection, and HTTP/1.1 still answered over TLS for clients without HTTP/2.
import fs from 'node:fs';
import http2 from 'node:http2';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../config.js';
import { createTestApp } from '../../../test/harness.js';

const fixtures = path.resolve(import.meta.dirname, '../../../test/fixtures');
const cert = fs.readFileSync(path.join(fixtures, 'tls-test-cert.pem'));
const key = fs.readFileSync(path.join(fixtures, 'tls-test-key.pem'));

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'openseller-web-dist-'));
const script = `console.log(${JSON.stringify('y'.repeat(3000))});\n`;
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>OpenSeller</title>');
for (let i = 0; i < 8; i++) {
  fs.writeFileSync(path.join(dist, 'assets', `part${i}-1a2b.js`), script);
  fs.writeFileSync(path.join(dist, 'assets', `part${i}-1a2b.js.br`), zlib.brotliCompressSync(script));
}

const t = await createTestApp({ webDist: dist, tls: { key, cert } });
const session = http2.connect(t.baseUrl, { ca: cert });
afterAll(() => session.close());

function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http2.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const stream = session.request({ ':path': url, ...headers });
    const chunks: Buffer[] = [];
    let answer: http2.IncomingHttpHeaders = {};
    stream.on('response', (h) => (answer = h));
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => resolve({ status: Number(answer[':status']), headers: answer, body: Buffer.concat(chunks) }));
    stream.on('error', reject);
  });
}

describe('HTTPS with HTTP/2', () => {
  it('sends the web app’s files over one HTTP/2 connection, many at once, in brotli', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => get(`/assets/part${i}-1a2b.js`, { 'accept-encoding': 'br' })));
    expect(session.alpnProtocol).toBe('h2');
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(zlib.brotliDecompressSync(answer.body).toString()).toBe(script);
    }
  });

  it('answers the calls on the same connection', async () => {
    const answer = await get('/cloud/domain/security/publicKey');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body.toString()).data.publicKey).toMatch(/BEGIN PUBLIC KEY/);
  });

  it('still answers a client that speaks only HTTP/1.1 over TLS', async () => {
    const body = await new Promise<string>((resolve, reject) => {
      https
        .get(`${t.baseUrl}/cloud/domain/security/publicKey`, { ca: cert }, (res) => {
          expect(res.httpVersion).toBe('1.1');
          let text = '';
          res.on('data', (c) => (text += c));
          res.on('end', () => resolve(text));
        })
        .on('error', reject);
    });
    expect(JSON.parse(body).success).toBe(true);
  });

  it('refuses to start with a certificate and no key, naming both settings', () => {
    expect(() => readConfig({ TLS_CERT_FILE: 'cert.pem' })).toThrow(/TLS_CERT_FILE and TLS_KEY_FILE/);
    expect(readConfig({ TLS_CERT_FILE: 'c.pem', TLS_KEY_FILE: 'k.pem' }).tls).toEqual({ certFile: path.resolve('c.pem'), keyFile: path.resolve('k.pem') });
    expect(readConfig({}).tls).toBeUndefined();
  });
});
