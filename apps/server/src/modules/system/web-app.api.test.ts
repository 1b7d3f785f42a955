// How the built web app is served: hashed assets cached for good, index.html always fresh, each
// in the compressed variant the browser accepts (written beside it at build time).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness.js';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'openseller-web-dist-'));
const script = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;
const page = '<!doctype html><meta property="csp-nonce" nonce="__CSP_NONCE__"><title>OpenSeller</title><script src="/assets/app-1a2b.js"></script>';
const nonceOf = (policy: string | null) => policy?.match(/'nonce-([^']+)'/)?.[1];
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(path.join(dist, 'index.html'), page);
fs.writeFileSync(path.join(dist, 'index.html.br'), zlib.brotliCompressSync(page));
fs.writeFileSync(path.join(dist, 'assets', 'app-1a2b.js'), script);
fs.writeFileSync(path.join(dist, 'assets', 'app-1a2b.js.br'), zlib.brotliCompressSync(script));
fs.writeFileSync(path.join(dist, 'assets', 'app-1a2b.js.gz'), zlib.gzipSync(script));

const t = await createTestApp({ webDist: dist });
const get = (url: string, encoding: string) => fetch(t.baseUrl + url, { headers: { 'accept-encoding': encoding } });

describe('the web app', () => {
  it('sends a hashed asset in brotli, gzip or plain as accepted, cached for good', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const answer = await get('/assets/app-1a2b.js', encoding);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-encoding')).toBe(encoding === 'identity' ? null : encoding);
      expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(answer.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(answer.headers.get('content-type')).toMatch(/javascript/);
      expect(await answer.text()).toBe(script);
    }
  });

  it('sends index.html fresh each time, for the root and for a page path', async () => {
    for (const url of ['/', '/order', '/index.html']) {
      const answer = await get(url, 'br, gzip');
      expect(answer.headers.get('cache-control')).toBe('no-cache');
      expect(answer.headers.get('content-type')).toMatch(/text\/html/);
      const nonce = nonceOf(answer.headers.get('content-security-policy'));
      expect(await answer.text()).toBe(page.replace('__CSP_NONCE__', nonce!));
    }
  });

  it('serves the page under a Content-Security-Policy with a fresh style nonce, and never in a frame', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const answer = await get('/', 'identity');
      const policy = answer.headers.get('content-security-policy') ?? '';
      const directives = Object.fromEntries(policy.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values.join(' ')]));
      const nonce = nonceOf(policy)!;
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      nonces.add(nonce);
      expect(directives).toMatchObject({
        'default-src': "'self'",
        'script-src': "'self'",
        'style-src': `'self' 'nonce-${nonce}'`,
        'img-src': "'self' data: blob:",
        'object-src': "'none'",
        'base-uri': "'self'",
        'frame-ancestors': "'none'",
      });
      // No 'unsafe-inline' or 'unsafe-eval' for scripts or style elements.
      expect(`${directives['script-src']} ${directives['style-src']} ${directives['default-src']}`).not.toMatch(/unsafe/);
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
      expect(await answer.text()).toContain(`nonce="${nonce}"`);
    }
    expect(nonces.size).toBe(3);
  });

  it('marks API answers not to be stored, sign-in refusals included, and keeps a picture cacheable', async () => {
    const info = await fetch(`${t.baseUrl}/cloud/core/site/info`);
    expect(info.headers.get('cache-control')).toBe('no-store');
    expect(info.headers.get('x-frame-options')).toBe('DENY');
    const login = await t.call('/cloud/domain/security/login', { username: 'nobody', password: 'x' });
    expect(login.status).toBe(400);
    const raw = await fetch(`${t.baseUrl}/cloud/domain/security/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(raw.headers.get('cache-control')).toBe('no-store');
    const missing = await fetch(`${t.baseUrl}/cloud/no/such/call`, { method: 'POST' });
    expect(missing.headers.get('cache-control')).toBe('no-store');
    expect((await get('/assets/app-1a2b.js', 'br')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing asset of an older build with a real 404', async () => {
    expect((await get('/assets/app-0000.js', 'br')).status).toBe(404);
  });
});
