// The web app's main routes as a person opens them: for each route, the JavaScript it loads
// (brotli bytes of the built files, and what went over the wire with which encoding) and the time
// from opening its address to its first content, on a cold open (a fresh browser profile: empty
// HTTP cache) and a warm open (the same profile again); then the order list's tab switch. The
// built web app (apps/web/dist) is served by the real server over the orders generator's data.
//   npm run build && npx tsx bench/routes-browser.bench.ts     (CHROMIUM_PATH, ORDERS, RUNS, WEB_DIST, READY_TIMEOUT_MS)
// COMPARE_DIST=<another build's dist> serves that build too (same server code and data) and opens
// both in turn, so a before/after is measured under the same load; ONLY=sign-in,home picks routes.
// WATERFALL=1 prints, per build, the requests of one more cold open of the order list: when each
// kind (entry and page scripts, language packs, API calls) started and finished.
// Targets (issue #20): sign-in ≤ 250 KB and home ≤ 350 KB of brotli JavaScript; the order list's
// first row within 1.5 s of a cold open; a tab switch within 300 ms.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { buildApp } from '../apps/server/src/app.js';
import { machine, startBenchEnv } from './lib.js';
import { generateOrdersWorld } from './orders-data.js';

const webDist = path.resolve(process.env.WEB_DIST ?? path.join(import.meta.dirname, '../apps/web/dist'));
if (!fs.existsSync(path.join(webDist, 'index.html'))) {
  console.error('The web app is not built: run `npm run build` first.');
  process.exit(1);
}
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(executablePath)) {
  console.error(`No Chromium at ${executablePath} (apt-get install -y chromium, or set CHROMIUM_PATH).`);
  process.exit(1);
}
const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const ORDERS = num('ORDERS', 1_000);
const RUNS = num('RUNS', 3);
const TABS = num('TAB_SWITCHES', 6);
// How long a route may take to show its first content (a heavily loaded machine needs more).
const READY_MS = num('READY_TIMEOUT_MS', 60_000);
const compareDist = process.env.COMPARE_DIST ? path.resolve(process.env.COMPARE_DIST) : undefined;
const only = process.env.ONLY?.split(',');

interface Route {
  name: string;
  hash: string;
  /** The route's first content: what a person waits for. */
  ready: (page: Page) => Promise<unknown>;
  signedIn: boolean;
  budgetKb?: number;
  budgetMs?: number;
}

const title = (page: Page) => page.locator('.os-page-title h1').first().waitFor({ timeout: READY_MS });
const firstRow = (page: Page) => page.locator('.ant-table-row').first().waitFor({ timeout: READY_MS });
const ROUTES: Route[] = [
  { name: 'sign-in', hash: '/login', signedIn: false, budgetKb: 250, ready: (p) => p.getByRole('button', { name: /^Sign in$/ }).waitFor({ timeout: READY_MS }) },
  { name: 'home', hash: '/', signedIn: true, budgetKb: 350, ready: (p) => p.getByText(/^Welcome back/).waitFor({ timeout: READY_MS }) },
  { name: 'order list', hash: '/order?activeKey=6', signedIn: true, budgetMs: 1500, ready: firstRow },
  { name: 'goods', hash: '/goods', signedIn: true, ready: firstRow },
  { name: 'stock', hash: '/stocks', signedIn: true, ready: firstRow },
  { name: 'purchase', hash: '/purchase', signedIn: true, ready: title },
  { name: 'after-sales', hash: '/afterSale', signedIn: true, ready: title },
  { name: 'reports', hash: '/reports', signedIn: true, ready: title },
];

/** Brotli bytes of a built file: its .br beside it (the build writes one for files of 1 KB and more), else the file. */
function brotliBytes(dist: string, urlPath: string): number {
  const file = path.join(dist, decodeURIComponent(urlPath));
  if (fs.existsSync(`${file}.br`)) return fs.statSync(`${file}.br`).size;
  return fs.existsSync(file) ? fs.statSync(file).size : 0;
}

interface Loaded {
  scripts: number;
  brotli: number;
  wire: number;
  encodings: Set<string>;
}

/** Counts every script the page loads from now on (a modulepreload and the import it serves once). */
function trackScripts(page: Page, dist: string): { settled: () => Promise<Loaded> } {
  const files = new Map<string, { wire: number; encoding: string }>();
  const pending: Promise<void>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const response = await request.response();
        const sizes = await request.sizes();
        const before = files.get(request.url());
        if (before && before.wire >= sizes.responseBodySize) return;
        files.set(request.url(), { wire: sizes.responseBodySize, encoding: (await response?.headerValue('content-encoding')) ?? 'identity' });
      })(),
    );
  });
  return {
    settled: async () => {
      await Promise.all(pending);
      const loaded: Loaded = { scripts: files.size, brotli: 0, wire: 0, encodings: new Set() };
      for (const [url, file] of files) {
        loaded.brotli += brotliBytes(dist, new URL(url).pathname);
        loaded.wire += file.wire;
        loaded.encodings.add(file.encoding);
      }
      return loaded;
    },
  };
}

const env = await startBenchEnv('routes', { webDist });
console.log(`machine: ${machine()}, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
const world = await generateOrdersWorld(
  env.pool,
  { orders: ORDERS, skus: 2_000, stores: 5, warehouses: 2, otherDomains: 0, otherOrders: 0, pending: Math.floor(ORDERS / 4) },
  (m) => console.log(`  ${m}`),
);
// A main account without a phone is asked to bind one first; the bench's account has one.
await env.pool.query(`update users set phone = '13900000000' where login_name = $1`, [world.loginName]);

const browser = await chromium.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
// HTTPS=1 serves this build over HTTPS as well (HTTP/2, a self-signed certificate made for the run).
const HTTPS = process.env.HTTPS === '1';
const contextOptions = { locale: 'en-US', viewport: { width: 1440, height: 900 }, ...(HTTPS ? { ignoreHTTPSErrors: true } : {}) };

// Signed in once; each cold open starts a fresh context (empty cache) holding that sign-in.
const signInContext = await browser.newContext(contextOptions);
const signInPage = await signInContext.newPage();
await signInPage.goto(`${env.baseUrl}/#/login`);
await signInPage.getByLabel('Username').fill(world.loginName);
await signInPage.locator('input#password').fill(world.password);
await signInPage.getByRole('button', { name: /^Sign in$/ }).click();
await signInPage.getByText(/^Welcome back/).waitFor({ timeout: READY_MS });
const signedIn = await signInContext.storageState();
await signInContext.close();

interface App {
  label: string;
  baseUrl: string;
  dist: string;
  storage: typeof signedIn;
}
const apps: App[] = [{ label: compareDist ? 'this build' : '', baseUrl: env.baseUrl, dist: webDist, storage: signedIn }];
let other: Awaited<ReturnType<typeof buildApp>> | undefined;
if (compareDist) {
  other = await buildApp({ database: env.database, webDist: compareDist });
  await other.listen({ port: 0, host: '127.0.0.1' });
  const address = other.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  // The same sign-in (same database), in the other origin's storage.
  const storage = { ...signedIn, origins: signedIn.origins.map((o) => ({ ...o, origin: o.origin === env.baseUrl ? baseUrl : o.origin })) };
  apps.push({ label: 'COMPARE_DIST', baseUrl, dist: compareDist, storage });
}

let secure: Awaited<ReturnType<typeof buildApp>> | undefined;
if (HTTPS) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openseller-bench-tls-'));
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')], { stdio: 'ignore' });
  secure = await buildApp({ database: env.database, webDist, tls: { key: fs.readFileSync(path.join(dir, 'key.pem')), cert: fs.readFileSync(path.join(dir, 'cert.pem')) } });
  await secure.listen({ port: 0, host: '127.0.0.1' });
  const address = secure.server.address();
  const baseUrl = `https://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const storage = { ...signedIn, origins: signedIn.origins.map((o) => ({ ...o, origin: o.origin === env.baseUrl ? baseUrl : o.origin })) };
  apps[0]!.label ||= 'HTTP/1.1';
  apps.push({ label: 'HTTPS (HTTP/2)', baseUrl, dist: webDist, storage });
}

async function open(page: Page, app: App, route: Route): Promise<number> {
  const t0 = performance.now();
  await page.goto(`${app.baseUrl}/#${route.hash}`);
  await route.ready(page);
  return performance.now() - t0;
}

interface Row {
  app: App;
  route: Route;
  cold: number[];
  warm: number[];
  loaded: Loaded;
}
const rows: Row[] = [];
for (const route of ROUTES.filter((r) => !only || only.includes(r.name))) {
  const mine = apps.map((app): Row => ({ app, route, cold: [], warm: [], loaded: { scripts: 0, brotli: 0, wire: 0, encodings: new Set() } }));
  for (let i = 0; i < RUNS; i++) {
    // With COMPARE_DIST the two builds take turns, so both meet the same load.
    for (const row of mine) {
      const context: BrowserContext = await browser.newContext({ ...contextOptions, ...(route.signedIn ? { storageState: row.app.storage } : {}) });
      const page = await context.newPage();
      const tracked = trackScripts(page, row.app.dist);
      row.cold.push(await open(page, row.app, route));
      await page.waitForLoadState('networkidle');
      row.loaded = await tracked.settled();
      await page.goto('about:blank');
      row.warm.push(await open(page, row.app, route));
      await context.close();
    }
  }
  rows.push(...mine);
}

// One more cold open of the order list per build, its requests as a waterfall: start → end in ms
// from the navigation, summed up by kind, then every API call and language pack on its own.
// A language pack is a chunk named after its namespace (locales/<language>/<namespace>.json).
const packNames = new Set(fs.readdirSync(path.join(import.meta.dirname, '../apps/web/src/locales/en')).map((f) => f.replace(/\.json$/, '')));
const isPack = (file: string) => packNames.has(path.basename(file).replace(/-[\w-]{8}\.js$/, ''));
async function waterfall(app: App): Promise<void> {
  const context = await browser.newContext({ ...contextOptions, storageState: app.storage });
  const page = await context.newPage();
  const seen: { url: string; kind: string; start: number; end: number }[] = [];
  let t0 = 0;
  page.on('requestfinished', (request) => {
    const timing = request.timing();
    const url = new URL(request.url());
    const type = request.resourceType();
    const kind = type === 'script' ? (isPack(url.pathname) ? 'pack' : 'script') : ['fetch', 'xhr'].includes(type) ? 'api' : type;
    seen.push({ url: url.pathname, kind, start: timing.startTime, end: timing.startTime + timing.responseEnd });
  });
  t0 = Date.now();
  const ms = await open(page, app, ROUTES.find((r) => r.name === 'order list')!);
  await page.waitForLoadState('networkidle');
  await context.close();
  const rel = (t: number) => Math.round(t - t0);
  console.log(`\nwaterfall${app.label ? ` (${app.label})` : ''}: order list cold open, first row at ${ms.toFixed(0)} ms`);
  for (const kind of ['document', 'script', 'stylesheet', 'pack', 'api']) {
    const of = seen.filter((r) => r.kind === kind);
    if (!of.length) continue;
    console.log(`  ${kind.padEnd(10)} ${String(of.length).padStart(4)} requests, first start ${rel(Math.min(...of.map((r) => r.start)))}, last start ${rel(Math.max(...of.map((r) => r.start)))}, last end ${rel(Math.max(...of.map((r) => r.end)))}`);
  }
  for (const r of seen.filter((x) => x.kind === 'api' || x.kind === 'pack').sort((a, b) => a.start - b.start)) {
    console.log(`    ${r.kind.padEnd(5)} ${String(rel(r.start)).padStart(6)} → ${String(rel(r.end)).padStart(6)}  ${r.url}`);
  }
}
if (process.env.WATERFALL) for (const app of apps) await waterfall(app);

// The order list's tab switch: from the click on a tab to its first row of that tab's orders shown
// (the tab selected, a row, no spinner). A tab visited within the list's fresh window is shown from
// the cache and refreshed quietly, or not asked again: "shown" is what the person waits for; when the
// click sent a list call, "answered" is when its answer was shown as well.
const switches = new Map<App, number[]>();
const answeredSwitches = new Map<App, number[]>();
for (const app of TABS > 0 ? apps : []) {
  const tabContext = await browser.newContext({ ...contextOptions, storageState: app.storage });
  const tabPage = await tabContext.newPage();
  await open(tabPage, app, ROUTES.find((r) => r.name === 'order list')!);
  const times: number[] = [];
  const answered: number[] = [];
  const tabNames = ['To review', 'All orders'];
  for (let i = 0; i <= TABS; i++) {
    const name = tabNames[i % 2]!;
    let call: Promise<unknown> | undefined;
    const onRequest = (r: { url: () => string }) => {
      if (!call && r.url().includes('/searchErpSoHPageList')) call = tabPage.waitForResponse((x) => x.url() === r.url(), { timeout: 60_000 });
    };
    tabPage.on('request', onRequest);
    const t0 = performance.now();
    const tab = tabPage.getByRole('tab', { name: new RegExp(`^${name}`) });
    await tab.click();
    await tabPage.locator('.ant-tabs-tab-active', { hasText: name }).waitFor();
    await tabPage.locator('.ant-table-row').first().waitFor();
    await tabPage.locator('.ant-table .ant-spin-spinning').waitFor({ state: 'detached' }).catch(() => undefined);
    const shown = performance.now() - t0;
    if (call) {
      await call;
      await tabPage.locator('.ant-table .ant-spin-spinning').waitFor({ state: 'detached' }).catch(() => undefined);
    }
    tabPage.off('request', onRequest);
    // The first switch warms the tab's code; it is not counted.
    if (i > 0) {
      times.push(shown);
      if (call) answered.push(performance.now() - t0);
    }
  }
  switches.set(app, times);
  answeredSwitches.set(app, answered);
  await tabContext.close();
}
await browser.close();
await other?.close();
await secure?.close();

const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const kb = (n: number) => (n / 1024).toFixed(0);
const mark = (ok: boolean | undefined) => (ok === undefined ? '' : ok ? ' ok' : ' OVER');
console.log(`\n${ORDERS} orders; ${RUNS} cold opens (fresh profile) and ${RUNS} warm opens (same profile) per route, p50`);
const labelled = apps.length > 1;
console.log((labelled ? 'build'.padEnd(16) : '') + 'route'.padEnd(14) + 'scripts'.padEnd(9) + 'JS brotli KB'.padEnd(18) + 'JS on the wire KB'.padEnd(26) + 'cold ms'.padEnd(16) + 'warm ms');
for (const r of rows) {
  const br = `${kb(r.loaded.brotli)}${r.route.budgetKb ? ` /${r.route.budgetKb}` : ''}${mark(r.route.budgetKb ? r.loaded.brotli <= r.route.budgetKb * 1024 : undefined)}`;
  const wire = `${kb(r.loaded.wire)} (${[...r.loaded.encodings].join(', ')})`;
  const cold = `${p50(r.cold).toFixed(0)}${r.route.budgetMs ? ` /${r.route.budgetMs}` : ''}${mark(r.route.budgetMs ? p50(r.cold) <= r.route.budgetMs : undefined)}`;
  console.log((labelled ? r.app.label.padEnd(16) : '') + r.route.name.padEnd(14) + String(r.loaded.scripts).padEnd(9) + br.padEnd(18) + wire.padEnd(26) + cold.padEnd(16) + p50(r.warm).toFixed(0));
}
for (const [app, times] of switches) {
  const answered = answeredSwitches.get(app) ?? [];
  console.log(
    `${app.label ? `${app.label}: ` : ''}order list tab switch p50 ${p50(times).toFixed(0)} ms /300${mark(p50(times) <= 300)} (max ${Math.max(...times).toFixed(0)}, ${times.length} switches)` +
      (answered.length ? `; with the list call's answer shown p50 ${p50(answered).toFixed(0)} ms (${answered.length} of ${times.length} switches sent one)` : '; no switch sent a list call'),
  );
}
await env.close();
