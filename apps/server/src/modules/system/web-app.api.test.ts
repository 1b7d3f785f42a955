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
const page = '<!doctype html><title>OpenSeller</title><script src="/assets/app-1a2b.js"></script>';
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
    for (const url of ['/', '/order']) {
      const answer = await get(url, 'br, gzip');
      expect(answer.headers.get('cache-control')).toBe('no-cache');
      expect(answer.headers.get('content-type')).toMatch(/text\/html/);
      expect(await answer.text()).toBe(page);
    }
  });

  it('answers a missing asset of an older build with a real 404', async () => {
    expect((await get('/assets/app-0000.js', 'br')).status).toBe(404);
  });
});
