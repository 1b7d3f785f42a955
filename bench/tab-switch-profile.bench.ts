// Where the order list's tab switch spends its time (issue #20: a tab switch within 300 ms), in
// headless Chromium over the built web app and the orders generator's data, as
// routes-browser.bench.ts measures it (click on a tab → the list's answer → the first row → the
// table's spinner gone). Each switch is split in the page (performance.now(), one clock):
//   from the click (the in-page click time):
//   → asked: the list call leaves (resource timing); → answered: its answer is read;
// and the calls each switch makes. (The in-page spinner and long-task probes did not report in
// Debian's headless Chromium; the total is the bench's own measure, spinner included.) PROFILE=1 adds a CPU profile
// of the switches (self time by script file and the heaviest functions).
//   npm run build && npx tsx bench/tab-switch-profile.bench.ts   (CHROMIUM_PATH, ORDERS, TAB_SWITCHES, PAGE_SIZE)
// COMPARE_DIST=<another build's dist> measures that build too, the two taking turns switch by switch.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium, type Page } from 'playwright-core';
import { buildApp } from '../apps/server/src/app.js';
import { machine, startBenchEnv } from './lib.js';
import { generateOrdersWorld } from './orders-data.js';

const webDist = path.resolve(process.env.WEB_DIST ?? path.join(import.meta.dirname, '../apps/web/dist'));
if (!fs.existsSync(path.join(webDist, 'index.html'))) {
  console.error('The web app is not built: run `npm run build` first.');
  process.exit(1);
}
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const ORDERS = num('ORDERS', 1_000);
const TABS = num('TAB_SWITCHES', 10);
const PAGE_SIZE = num('PAGE_SIZE', 0);
const PROFILE = process.env.PROFILE === '1';
const TRACE = process.env.TRACE === '1';
const compareDist = process.env.COMPARE_DIST ? path.resolve(process.env.COMPARE_DIST) : undefined;

const env = await startBenchEnv('tabswitch', { webDist });
const loadAtStart = os.loadavg();
console.log(`machine: ${machine()}, load average ${loadAtStart.map((l) => l.toFixed(2)).join(' ')}`);
const world = await generateOrdersWorld(
  env.pool,
  { orders: ORDERS, skus: 2_000, stores: 5, warehouses: 2, otherDomains: 0, otherOrders: 0, pending: Math.floor(ORDERS / 4) },
  (m) => console.log(`  ${m}`),
);
await env.pool.query(`update users set phone = '13900000000' where login_name = $1`, [world.loginName]);

const browser = await chromium.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
const contextOptions = { locale: 'en-US', viewport: { width: 1440, height: 900 } };
const signInContext = await browser.newContext(contextOptions);
const signInPage = await signInContext.newPage();
await signInPage.goto(`${env.baseUrl}/#/login`);
await signInPage.getByLabel('Username').fill(world.loginName);
await signInPage.locator('input#password').fill(world.password);
await signInPage.getByRole('button', { name: /^Sign in$/ }).click();
await signInPage.getByText(/^Welcome back/).waitFor({ timeout: 60_000 });
const signedIn = await signInContext.storageState();
await signInContext.close();

interface App {
  label: string;
  baseUrl: string;
  page?: Page;
  switches: Phase[];
  calls: Map<string, number>;
  profile: Map<string, number>;
  functions: Map<string, number>;
  trace: Map<string, number>;
}
const apps: App[] = [{ label: compareDist ? 'this build' : 'build', baseUrl: env.baseUrl, switches: [], calls: new Map(), profile: new Map(), functions: new Map(), trace: new Map() }];
let other: Awaited<ReturnType<typeof buildApp>> | undefined;
if (compareDist) {
  other = await buildApp({ database: env.database, webDist: compareDist });
  await other.listen({ port: 0, host: '127.0.0.1' });
  const address = other.server.address();
  apps.push({ label: 'COMPARE_DIST', baseUrl: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, switches: [], calls: new Map(), profile: new Map(), functions: new Map(), trace: new Map() });
}

interface Phase {
  total: number;
  handled: number;
  asked: number;
  answered: number;
  drawn: number;
  longTasks: number;
}

// In the page: the click's time, the spinner's coming and going, the long tasks.
const probe = () => {
  const w = window as unknown as { __probe: { click: number; spinOff: number; long: { start: number; duration: number }[] } };
  w.__probe = { click: 0, spinOff: 0, long: [] };
  document.addEventListener('click', () => (w.__probe.click = performance.now()), true);
  new MutationObserver(() => {
    if (!document.querySelector('.ant-table .ant-spin-spinning')) w.__probe.spinOff = performance.now();
  }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__probe.long.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: false });
};

for (const app of apps) {
  const context = await browser.newContext({ ...contextOptions, storageState: compareDist && app !== apps[0] ? { ...signedIn, origins: signedIn.origins.map((o) => ({ ...o, origin: o.origin === env.baseUrl ? app.baseUrl : o.origin })) } : signedIn });
  const page = await context.newPage();
  await page.addInitScript(probe);
  page.on('request', (request) => {
    if (!request.url().includes('/api/')) return;
    const name = new URL(request.url()).pathname.split('/').pop()!;
    (page as unknown as { __calls?: string[] }).__calls?.push(name);
  });
  await page.goto(`${app.baseUrl}/#/order?activeKey=6${PAGE_SIZE ? `&pageSize=${PAGE_SIZE}` : ''}`);
  await page.locator('.ant-table-row').first().waitFor({ timeout: 180_000 });
  await page.waitForLoadState('networkidle');
  app.page = page;
}

const tabNames = ['To review', 'All orders'];
for (let i = 0; i <= TABS; i++) {
  for (const app of i % 2 ? [...apps].reverse() : apps) {
    const page = app.page!;
    const name = tabNames[i % 2]!;
    const calls: string[] = [];
    (page as unknown as { __calls?: string[] }).__calls = calls;
    await page.evaluate(() => {
      performance.clearResourceTimings();
      (window as unknown as { __probe: { long: unknown[] } }).__probe.long = [];
    });
    const cdp = PROFILE && i > 0 ? await page.context().newCDPSession(page) : undefined;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    if (TRACE && i > 0) await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
    // A tab whose page is fresh in the cache is shown without a list call (routes-browser.bench.ts waits the same way).
    let listed: Promise<unknown> | undefined;
    const onRequest = (r: { url: () => string }) => {
      if (!listed && r.url().includes('/searchErpSoHPageList')) listed = page.waitForResponse((x) => x.url() === r.url(), { timeout: 180_000 });
    };
    page.on('request', onRequest);
    const t0 = performance.now();
    await page.getByRole('tab', { name: new RegExp(`^${name}`) }).click();
    await page.locator('.ant-tabs-tab-active', { hasText: name }).waitFor({ timeout: 180_000 });
    await page.locator('.ant-table-row').first().waitFor({ timeout: 180_000 });
    await page.locator('.ant-table .ant-spin-spinning').waitFor({ state: 'detached', timeout: 180_000 }).catch(() => undefined);
    if (listed) await listed;
    page.off('request', onRequest);
    await page.locator('.ant-table .ant-spin-spinning').waitFor({ state: 'detached', timeout: 180_000 }).catch(() => undefined);
    const total = performance.now() - t0;
    await page.waitForLoadState('networkidle');
    if (TRACE && i > 0) {
      // The renderer's main thread: time of its top-level tasks' parts by kind (nested ones counted in their own kind too).
      const traced = (await browser.stopTracing()).toString();
      if (process.env.TRACE_FILE) fs.writeFileSync(process.env.TRACE_FILE, traced);
      const events = (JSON.parse(traced) as { traceEvents: { name: string; ph: string; dur?: number; tid: number; pid: number; args?: { name?: string } }[] }).traceEvents;
      const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
      for (const e of events) {
        if (!main || e.tid !== main.tid || e.pid !== main.pid || e.ph !== 'X' || !e.dur) continue;
        if (!['RunTask', 'UpdateLayoutTree', 'Layout', 'Paint', 'PrePaint', 'Layerize', 'FunctionCall', 'EvaluateScript', 'ParseAuthorStyleSheet', 'MajorGC', 'MinorGC', 'V8.GC_SCAVENGER', 'HitTest', 'UpdateLayer', 'Commit', 'ScheduleStyleRecalculation', 'v8.run', 'TimerFire', 'EventDispatch', 'FireAnimationFrame'].includes(e.name)) continue;
        app.trace.set(e.name, (app.trace.get(e.name) ?? 0) + e.dur / 1000);
      }
    }
    if (cdp) {
      const { profile } = await cdp.send('Profiler.stop');
      if (process.env.PROFILE_FILE) fs.writeFileSync(process.env.PROFILE_FILE.replace('.cpuprofile', `-${i}.cpuprofile`), JSON.stringify(profile));
      const byId = new Map(profile.nodes.map((n) => [n.id, n]));
      const dt = profile.timeDeltas ?? [];
      (profile.samples ?? []).forEach((id, k) => {
        const node = byId.get(id)!;
        const ms = (dt[k] ?? 0) / 1000;
        const file = node.callFrame.url ? path.basename(new URL(node.callFrame.url).pathname) : `(${node.callFrame.functionName || 'native'})`;
        app.profile.set(file, (app.profile.get(file) ?? 0) + ms);
        const fn = `${node.callFrame.functionName || '(anonymous)'} ${file}:${node.callFrame.lineNumber}:${node.callFrame.columnNumber}`;
        app.functions.set(fn, (app.functions.get(fn) ?? 0) + ms);
      });
      await cdp.detach();
    }
    const inPage = await page.evaluate(() => {
      const p = (window as unknown as { __probe: { click: number; spinOff: number; long: { start: number; duration: number }[] } }).__probe;
      const list = performance.getEntriesByType('resource').find((e) => e.name.includes('/searchErpSoHPageList')) as PerformanceResourceTiming | undefined;
      const handled = p.long.find((l) => l.start <= p.click + 1 && l.start + l.duration >= p.click);
      return {
        click: p.click,
        handled: handled ? handled.start + handled.duration : p.click,
        asked: list?.requestStart ?? list?.startTime ?? 0,
        answered: list?.responseEnd ?? 0,
        spinOff: p.spinOff,
        longTasks: p.long.filter((l) => l.start >= p.click - 1).reduce((s, l) => s + l.duration, 0),
      };
    });
    if (i === 0) continue; // the first switch loads the tab's code
    app.switches.push({
      total,
      handled: inPage.handled - inPage.click,
      asked: inPage.asked - inPage.click,
      answered: inPage.answered - inPage.click,
      drawn: inPage.spinOff - inPage.click,
      longTasks: inPage.longTasks,
    });
    for (const c of calls) app.calls.set(c, (app.calls.get(c) ?? 0) + 1);
  }
}
await browser.close();
await other?.close();

const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`\n${ORDERS} orders, page size ${PAGE_SIZE || 'default'}, ${TABS} switches per build (the first not counted), p50 ms from the click`);
console.log('build'.padEnd(14) + 'bench total'.padEnd(13) + 'asked'.padEnd(8) + 'answered');
for (const app of apps) {
  const s = app.switches;
  console.log(
    app.label.padEnd(14) +
      p50(s.map((x) => x.total)).toFixed(0).padEnd(13) +
      p50(s.map((x) => x.asked)).toFixed(0).padEnd(8) +
      p50(s.map((x) => x.answered)).toFixed(0),
  );
  console.log(`  calls per switch: ${[...app.calls].map(([c, n]) => `${c} ×${(n / s.length).toFixed(1)}`).join(', ')}`);
  if (TRACE) console.log(`  main thread per switch (ms, by kind): ${[...app.trace].sort((a, b) => b[1] - a[1]).map(([k, ms]) => `${k} ${(ms / s.length).toFixed(0)}`).join(', ')}`);
  if (PROFILE) {
    const per = (ms: number) => (ms / s.length).toFixed(1);
    console.log(`  CPU self time per switch by file: ${[...app.profile].sort((a, b) => b[1] - a[1]).slice(0, 10).map(([f, ms]) => `${f} ${per(ms)}`).join(', ')}`);
    for (const [fn, ms] of [...app.functions].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`    ${per(ms).padStart(6)} ms  ${fn}`);
  }
}
console.log(`load average at the start ${loadAtStart.map((l) => l.toFixed(2)).join(' ')}, at the end ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
await env.close();
