/// <reference lib="dom" />
// Labels at scale (issue "Print and ship", must-have 9): LABELS reviewed orders carrying a courier
// and an express number are printed the way the web does it, end to end: label data through HTTP
// myhome/print/prepare in chunks of 10 (one after another, as print-actions.tsx does; chunks of 100
// reported beside it), the print document built with the web's own label-html.ts, loaded into a
// headless Chromium page until fonts and layout are done, the label pages counted and measured.
// Target: 1,000 labels under 10 s. An extra row: page.pdf() of the same document (ready-to-print
// PDF), checked for one page per label at the template's size in mm.
//   npx tsx bench/labels.bench.ts          (LABELS=1000, TEMPLATE=normal: the 100×40 system template)
import { constants, publicEncrypt } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { PrintCalls, PrintTemplateCalls, type PageResult, type PrintInfoResult, type PrintTemplateRow } from '@openseller/core';
import { chromium } from 'playwright-core';
import { printDocument } from '../apps/web/src/features/orders/printing/label-html.js';
import { machine, startBenchEnv } from './lib.js';
import { generateOrdersWorld } from './orders-data.js';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const LABELS = num('LABELS', 1_000);
const TEMPLATE = process.env.TEMPLATE ?? 'normal';
const TARGET_S = 10;
// generateOrdersWorld reviews 1 order in 20 (with pending 0): 20 × LABELS orders give LABELS reviewed ones.
const size = { orders: LABELS * 20, skus: num('SKUS', 2_000), stores: 5, warehouses: 2, otherDomains: 0, otherOrders: 0, pending: 0 };

const env = await startBenchEnv('labels');
console.log(`machine: ${machine()}`);
console.log(`sizes: ${JSON.stringify(size)}, template ${TEMPLATE}`);
let t0 = performance.now();
const world = await generateOrdersWorld(env.pool, size, (m) => console.log(`  ${m}`));
const { domainId } = world;
const q = env.pool.query.bind(env.pool);
// Courier SF comes with the generated orders; the express numbers are set here.
await q(`update erp_orders set express_no = 'SF' || lpad(id::text, 12, '0') where domain_id = $1 and status_code = 'CI_ERPSOH_STATUS_VERIFIED'`, [domainId]);
await q('vacuum analyze erp_orders');
const ids = (await q<{ id: string }>(`select id from erp_orders where domain_id = $1 and status_code = 'CI_ERPSOH_STATUS_VERIFIED' order by id`, [domainId])).rows.map((r) => Number(r.id));
console.log(`generated in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${ids.length} reviewed orders with courier and express number\n`);

// ---- sign in ---------------------------------------------------------------------------------
const base = env.baseUrl;
const publicKey = ((await (await fetch(`${base}/cloud/domain/security/publicKey`)).json()) as { data: { publicKey: string } }).data.publicKey;
const password = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(world.password)).toString('base64');
const login = (await (
  await fetch(`${base}/cloud/domain/security/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: world.loginName, password }) })
).json()) as { data: { oauthToken: { access_token: string } } };
const headers = { authorization: `Bearer ${login.data.oauthToken.access_token}`, 'accept-language': 'zh', 'content-type': 'application/json' };
async function post<T>(path: string, body: unknown): Promise<T> {
  const answer = (await (await fetch(base + path, { method: 'POST', headers, body: JSON.stringify(body) })).json()) as { success: boolean; data: T };
  if (!answer.success) throw new Error(`${path}: ${JSON.stringify(answer).slice(0, 500)}`);
  return answer.data;
}

const templates = await post<PageResult<PrintTemplateRow>>(PrintTemplateCalls.getPrintTemplates.path, { currentPage: 1, pageSize: 50, includeSystem: true });
const template = templates.voList.find((t) => t.systemKey === TEMPLATE);
if (!template) throw new Error(`no system template ${TEMPLATE}`);

/** Prepares every order in chunks of `chunk`, one call after another (as the web does). */
async function prepareAll(chunk: number) {
  const labels: PrintInfoResult['voList'] = [];
  const refused: string[] = [];
  const samples: number[] = [];
  const started = performance.now();
  for (let i = 0, seq = 0; i < ids.length; i += chunk, seq++) {
    const s = performance.now();
    const r = await post<PrintInfoResult>(PrintCalls.getPrintInfo.path, { idList: ids.slice(i, i + chunk), templateId: template!.id, indexSeq: seq, batchSeq: 0 });
    samples.push(performance.now() - s);
    labels.push(...r.voList);
    refused.push(...r.failures.map((f) => f.errorCode));
  }
  samples.sort((a, b) => a - b);
  const pct = (p: number) => samples[Math.min(samples.length - 1, Math.floor((p / 100) * samples.length))]!;
  return { ms: performance.now() - started, calls: samples.length, p50: pct(50), p95: pct(95), labels, refused };
}

// ---- 1. HTTP prepare: chunks of 10 (the web's run; first print), then chunks of 100 (reprints) --
const prep10 = await prepareAll(10);
const prep100 = await prepareAll(100);
if (prep10.refused.length || prep100.refused.length) throw new Error(`refused: ${[...prep10.refused, ...prep100.refused].slice(0, 5).join(', ')}`);

// ---- 2. the print document, with the web's label-html.ts -------------------------------------------
t0 = performance.now();
const html = printDocument(template, prep10.labels.map((l) => l.values), `${prep10.labels.length} labels`);
const buildMs = performance.now() - t0;

// ---- 3. Chromium: load the document, wait for fonts and layout, count and measure the pages ------
t0 = performance.now();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
const page = await browser.newPage();
const launchMs = performance.now() - t0;
t0 = performance.now();
await page.setContent(html, { waitUntil: 'load' });
const rendered = await page.evaluate(async () => {
  await document.fonts.ready;
  await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
  const pages = document.querySelectorAll('section.page');
  const first = document.querySelector('section.page .label')!.getBoundingClientRect();
  return { pages: pages.length, barcodes: document.querySelectorAll('section.page svg rect').length > 0, w: first.width, h: first.height };
});
const renderMs = performance.now() - t0;

// ---- extra: the ready-to-print PDF ------------------------------------------------------------
t0 = performance.now();
const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
const pdfMs = performance.now() - t0;
await browser.close();

const text = pdf.toString('latin1');
const pdfPages = (text.match(/\/Type\s*\/Page(?![a-zA-Z])/g) ?? []).length;
// Page sizes in points → mm. Chromium snaps the @page size to its internal pixel grid, so a page
// is within a fraction of a point of the template (100 mm → 282.96 pt = 99.82 mm): allowed 0.5 mm.
const mediaBoxes = [...text.matchAll(/\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/g)].map((m) => [(Number(m[1]) * 25.4) / 72, (Number(m[2]) * 25.4) / 72] as const);
const boxes = new Set(mediaBoxes.map(([w, h]) => `${w.toFixed(2)}×${h.toFixed(2)}`));
const sizeOk = mediaBoxes.length === pdfPages && mediaBoxes.every(([w, h]) => Math.abs(w - template.width) <= 0.5 && Math.abs(h - template.height) <= 0.5);
const want = `${template.width.toFixed(1)}×${template.height.toFixed(1)}`;
const pxPerMm = 96 / 25.4;
const screenMm = `${(rendered.w / pxPerMm).toFixed(1)}×${(rendered.h / pxPerMm).toFixed(1)}`;

const n = prep10.labels.length;
const total = prep10.ms + buildMs + renderMs;
const s = (ms: number) => (ms / 1000).toFixed(2).padStart(8);
console.log(`template ${template.name} (${template.width}×${template.height} mm); ${ids.length} orders → ${n} labels (chunks of 100: ${prep100.labels.length})`);
console.log(`rendered: ${rendered.pages} label pages, barcodes ${rendered.barcodes ? 'drawn' : 'MISSING'}, label box on screen ${screenMm} mm (want ${want}); HTML ${(html.length / 2 ** 20).toFixed(1)} MiB`);
console.log(`PDF: ${pdfPages} pages, page sizes ${[...boxes].join(', ')} mm (want ${want} ± 0.5: ${sizeOk ? 'ok' : 'WRONG'}), ${(pdf.length / 2 ** 20).toFixed(1)} MiB\n`);
console.log('step'.padEnd(58) + 'seconds');
console.log(`HTTP prepare, ${prep10.calls} calls of 10 (p50 ${prep10.p50.toFixed(1)} ms, p95 ${prep10.p95.toFixed(1)} ms)`.padEnd(58) + s(prep10.ms));
console.log(`HTML build (label-html.ts printDocument)`.padEnd(58) + s(buildMs));
console.log(`Chromium render (setContent + fonts.ready + frame)`.padEnd(58) + s(renderMs));
console.log(`total, ${n} labels ready to print`.padEnd(58) + s(total) + `   target ${TARGET_S} s: ${total / 1000 < TARGET_S ? 'met' : 'MISSED'}`);
console.log(`  beside: HTTP prepare, ${prep100.calls} calls of 100, reprints (p50 ${prep100.p50.toFixed(1)} ms)`.padEnd(58) + s(prep100.ms));
console.log(`  beside: Chromium launch + new page (not in the total)`.padEnd(58) + s(launchMs));
console.log(`  extra: page.pdf() of the ${n} labels`.padEnd(58) + s(pdfMs));
console.log(`  extra: total with the PDF`.padEnd(58) + s(total + pdfMs));
await env.close();
const ok = rendered.pages === n && pdfPages === n && sizeOk && Math.abs(rendered.w / pxPerMm - template.width) < 0.1 && Math.abs(rendered.h / pxPerMm - template.height) < 0.1 && rendered.barcodes && n === ids.length;
if (!ok) {
  console.log('CHECK FAILED');
  process.exitCode = 1;
}
