// The order list as a person meets it: how long Chromium takes from opening /order at a page size
// to showing the page, and to selecting every row of it (the command bar answering), with the
// built web app served by the real server over the orders generator's data.
//   npm run build && npx tsx bench/order-list-browser.bench.ts     (CHROMIUM_PATH, ORDERS, RUNS, WEB_DIST)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium } from 'playwright-core';
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
const ORDERS = num('ORDERS', 20_000);
const RUNS = num('RUNS', 5);

const env = await startBenchEnv('browser', { webDist });
console.log(`machine: ${machine()}`);
const world = await generateOrdersWorld(
  env.pool,
  { orders: ORDERS, skus: 2_000, stores: 5, warehouses: 2, otherDomains: 0, otherOrders: 0, pending: Math.floor(ORDERS / 4) },
  (m) => console.log(`  ${m}`),
);

// A main account without a phone is asked to bind one first; the bench's account has one.
await env.pool.query(`update users set phone = '13900000000' where login_name = $1`, [world.loginName]);

const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'openseller-bench-chromium-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath,
  headless: true,
  locale: 'en-US',
  viewport: { width: 1440, height: 900 },
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
});
const page = context.pages()[0] ?? (await context.newPage());
await page.goto(`${env.baseUrl}/#/login`);
await page.getByLabel('Username').fill(world.loginName);
await page.locator('input#password').fill(world.password);
await page.getByRole('button', { name: /^Sign in$/ }).click();
await page.getByText(/^Welcome back/).waitFor({ timeout: 60_000 }).catch(async (error: unknown) => {
  await page.screenshot({ path: path.join(os.tmpdir(), 'order-list-browser-signin.png') });
  throw error;
});

const rows: { label: string; shown: number[]; selected: number[]; inDom: number }[] = [];
for (const tab of ['1', '6']) {
  for (const size of [100, 500, 1000]) {
    const row = { label: `tab ${tab}, page ${size}`, shown: [] as number[], selected: [] as number[], inDom: 0 };
    for (let i = 0; i <= RUNS; i++) {
      await page.goto(`${env.baseUrl}/#/`);
      await page.getByText(/^Welcome back/).waitFor();
      const t0 = performance.now();
      await page.goto(`${env.baseUrl}/#/order?activeKey=${tab}&pageSize=${size}`);
      const total = Number(/^(\d+)/.exec(await page.getByText(/^\d+ in total$/).innerText({ timeout: 120_000 }))![1]);
      await page.locator('.ant-table-row').first().waitFor();
      const shown = performance.now() - t0;
      const t1 = performance.now();
      await page.locator('.ant-table-thead .ant-checkbox-input').check();
      await page.getByText(new RegExp(`^${Math.min(size, total)} orders? selected$`)).waitFor({ timeout: 120_000 });
      const selected = performance.now() - t1;
      row.inDom = await page.locator('.ant-table-row').count();
      // The first round warms the page's code and the server; it is not counted.
      if (i > 0) {
        row.shown.push(shown);
        row.selected.push(selected);
      }
    }
    rows.push(row);
  }
}
const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`\n${ORDERS} orders, ${RUNS} runs each (after one warm-up)`);
console.log('list'.padEnd(24) + 'shown p50 ms'.padEnd(16) + 'select all p50 ms'.padEnd(20) + 'rows drawn');
for (const r of rows) console.log(r.label.padEnd(24) + p50(r.shown).toFixed(0).padEnd(16) + p50(r.selected).toFixed(0).padEnd(20) + r.inDom);

await context.close();
fs.rmSync(profile, { recursive: true, force: true });
await env.close();
