// Hostile input at the edge: every registered route of the app gets text the database cannot hold
// (NUL, a lone surrogate) in each field its contract has, malformed JSON, bodies that are not
// objects, nesting past the limit, wrong content types and forms, and huge numbers. None may
// answer 500; each refusal is an envelope naming the field; and nothing in the database changes.
import ExcelJS from 'exceljs';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginLogs, users } from '../db/schema/index.js';
import { hashPassword } from './password-hash.js';
import { MAX_PAYLOAD_DEPTH } from './http.js';
import { createTestApp, uniqueName } from '../../test/harness.js';
import { hostileWorld } from '../../test/hostile-world.js';
import { platformOrder, postSigned, selfDefinedStore } from '../../test/factories/orders-ingest.js';
import { samplePayload, withLeaf, type Leaf } from '../../test/payload-samples.js';

const t = await createTestApp();
// A main account (every seller menu) of a domain with a warehouse, SKUs, a store, a supplier,
// carriers and a goods class at id 1, so payloads with ids of 1 reach the handlers' work.
const world = await hostileWorld(t);
const mainToken = world.token;
const rootName = uniqueName('root');
await t.database.db.insert(users).values({ loginName: rootName, userName: 'Root', accountType: 'ROOT_ACCOUNT_TYPE', systemRoles: ['SUPER_ADMIN'], passwordHash: await hashPassword('Root#2026go') });
const rootToken = await t.token(rootName, 'Root#2026go');

const NUL = '\u0000';
const LONE_SURROGATE = '\ud800';

interface Sent {
  label: string;
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string | FormData;
  /** The field a text refusal must name, when the request puts bad text in one field. */
  field?: string;
}

interface Answer {
  status: number;
  text: string;
  body: { success?: boolean; errorCode?: string; message?: string; fields?: { field: string; message: string }[] } | null;
}

let address = 0;
async function send(request: Sent, token: string | null): Promise<Answer> {
  // Each request from its own address, so sign-in's per-address limits never answer instead.
  address++;
  const headers: Record<string, string> = {
    'accept-language': 'en',
    'x-forwarded-for': `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
    ...(request.headers ?? {}),
  };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(t.baseUrl + request.url, { method: request.method, headers, ...(request.body !== undefined ? { body: request.body } : {}) });
  const text = await response.text();
  let body: Answer['body'];
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  return { status: response.status, text, body };
}

/** Runs the requests a few at a time; answers each request with its answer. */
async function sendAll(requests: { request: Sent; token: string | null }[]): Promise<{ request: Sent; answer: Answer }[]> {
  const results: { request: Sent; answer: Answer }[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 6 }, async () => {
      while (next < requests.length) {
        const item = requests[next++]!;
        results.push({ request: item.request, answer: await send(item.request, item.token) });
      }
    }),
  );
  return results;
}

/** A checksum of every table, so a test can tell that a request changed nothing. */
async function databaseState(): Promise<Record<string, string>> {
  const tables = await t.database.db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const state: Record<string, string> = {};
  for (const { name } of tables.rows) {
    // Refused sign-ins count as failed attempts by design (see the sign-in test below); asking
    // for a captcha image (a GET with a storable code) makes one.
    if (name === 'login_logs' || name === 'login_guards' || name === 'captchas') continue;
    // The job queue's bookkeeping: scheduled jobs (every minute, some) record their runs in the background.
    if (name === 'job_registry' || name === 'job_runs') continue;
    const row = await t.database.db.execute<{ n: number; h: string }>(
      sql.raw(`select count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${name}" x`),
    );
    state[name] = `${row.rows[0]!.n}:${row.rows[0]!.h}`;
  }
  return state;
}

const declared = t.app.services.http.routes;
const table = t.app.services.routeTable.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS');
const tokenFor = (url: string, method: string): string | null => {
  const route = declared.find((r) => r.url === url && r.method === method);
  if (!route || route.access === 'public') return null;
  return route.access === 'root' ? rootToken : mainToken;
};
const pathOf = (leaf: Leaf) => leaf.path.join('.');
const deep = (levels: number) => `{"a":${'['.repeat(levels)}${']'.repeat(levels)}}`;

/** The text-bearing hostile requests of one route: each must be refused and change nothing. */
function textAttacks(method: string, url: string): Sent[] {
  const route = declared.find((r) => r.url === url && r.method === method);
  const concrete = url.replace('*', 'a%00b.png');
  const json = { 'content-type': 'application/json' };
  const attacks: Sent[] = [{ label: 'NUL in the query string', method, url: `${concrete}?junk=a%00b`, ...(route ? { field: 'junk' } : {}) }];
  if (!route) return attacks;
  if (method === 'GET') {
    const sample = route?.input && route.inputFrom === 'query' ? samplePayload(route.input) : null;
    if (sample && sample.value && typeof sample.value === 'object' && !Array.isArray(sample.value)) {
      const flat = Object.entries(sample.value).filter(([, v]) => v !== null && typeof v !== 'object');
      for (const [key, value] of flat) {
        // A query field given twice arrives as a list.
        const twice = new URLSearchParams([...flat.map(([k, v]): [string, string] => [k, String(v)]), [key, String(value)]]);
        attacks.push({ label: `query field ${key} given twice`, method, url: `${concrete}?${twice.toString()}` });
      }
      for (const [key] of flat.filter(([k]) => sample.leaves.some((l) => l.kind === 'string' && l.path.length === 1 && l.path[0] === k))) {
        for (const [name, bad] of [['NUL', NUL], ['a lone surrogate', LONE_SURROGATE]] as const) {
          const query = new URLSearchParams(flat.map(([k, v]): [string, string] => [k, k === key ? `a${bad}b` : String(v)]));
          // A lone surrogate cannot be percent-encoded as UTF-8; it is sent as its raw bytes.
          const text = name === 'NUL' ? query.toString() : query.toString().replace(encodeURIComponent('\ufffd'), '%ED%A0%80');
          attacks.push({ label: `${name} in query field ${key}`, method, url: `${concrete}?${text}`, ...(name === 'NUL' ? { field: key } : {}) });
        }
      }
    }
    return attacks;
  }
  if (route?.rawBody) {
    // The signed ingest: refused at its signature here; its text checks are tested below.
    attacks.push({ label: 'NUL in a signed body', method, url, headers: json, body: JSON.stringify([{ platformNo: `a${NUL}b` }]) });
    return attacks;
  }
  attacks.push(
    { label: 'NUL in an unknown field', method, url, headers: json, body: JSON.stringify({ junk: `a${NUL}b` }), field: 'junk' },
    { label: 'a lone surrogate in an unknown field', method, url, headers: json, body: JSON.stringify({ junk: `a${LONE_SURROGATE}b` }), field: 'junk' },
    { label: 'NUL in a key', method, url, headers: json, body: JSON.stringify({ [`k${NUL}`]: 1 }), field: 'k\\u0000' },
    { label: 'malformed JSON', method, url, headers: json, body: '{"a":' },
    { label: 'empty JSON', method, url, headers: json, body: '' },
    { label: 'an array body', method, url, headers: json, body: '[{"a":1}]' },
    { label: 'a string body', method, url, headers: json, body: '"text"' },
    { label: 'a number body', method, url, headers: json, body: '42' },
    { label: 'a null body', method, url, headers: json, body: 'null' },
    { label: 'nesting past the limit', method, url, headers: json, body: deep(MAX_PAYLOAD_DEPTH + 5) },
    { label: 'nesting ten thousand deep', method, url, headers: json, body: deep(10_000) },
    { label: 'a text/plain body', method, url, headers: { 'content-type': 'text/plain' }, body: 'hello' },
    { label: 'an XML body', method, url, headers: { 'content-type': 'application/xml' }, body: '<a/>' },
  );
  const form = new FormData();
  form.append('junk', `a${NUL}b`);
  form.append('file', new Blob([Buffer.from('PK\u0003\u0004junk')]), `x${NUL}.xlsx`);
  attacks.push({ label: 'a form with NUL', method, url, body: form });
  const sample = route?.input && route.inputFrom === 'body' ? samplePayload(route.input) : null;
  if (sample) {
    for (const leaf of sample.leaves) {
      if (leaf.kind === 'string') {
        attacks.push(
          { label: `NUL in ${pathOf(leaf)}`, method, url, headers: json, body: JSON.stringify(withLeaf(sample.value, leaf, (v) => `${String(v).slice(0, 1)}${NUL}${String(v).slice(1)}`)), field: pathOf(leaf) },
          {
            label: `a lone surrogate in ${pathOf(leaf)}`,
            method,
            url,
            headers: json,
            body: JSON.stringify(withLeaf(sample.value, leaf, (v) => `${String(v).slice(0, 1)}${LONE_SURROGATE}${String(v).slice(1)}`)),
            field: pathOf(leaf),
          },
        );
      }
      if (leaf.kind === 'key') {
        const body = JSON.stringify(withLeaf(sample.value, leaf, (v) => v, (k) => `${k}${NUL}`));
        attacks.push({ label: `NUL in the key ${pathOf(leaf)}`, method, url, headers: json, body, field: `${pathOf(leaf)}\\u0000` });
      }
    }
  }
  return attacks;
}

/** Huge numbers in each number field: never a 500 (they may be refused, or fit and be used). */
function numberAttacks(method: string, url: string): Sent[] {
  const route = declared.find((r) => r.url === url && r.method === method);
  if (method !== 'POST' || !route?.input || route.inputFrom !== 'body') return [];
  const sample = samplePayload(route.input);
  if (!sample) return [];
  const json = { 'content-type': 'application/json' };
  return sample.leaves
    .filter((l) => l.kind === 'integer' || l.kind === 'number')
    .flatMap((leaf) => [
      { label: `a huge number in ${pathOf(leaf)}`, method, url, headers: json, body: JSON.stringify(withLeaf(sample.value, leaf, () => (leaf.kind === 'integer' ? Number.MAX_SAFE_INTEGER : 1e300))) },
      { label: `1e400 in ${pathOf(leaf)}`, method, url, headers: json, body: JSON.stringify(withLeaf(sample.value, leaf, () => 0)).replace(/:0([,}\]])/, ':1e400$1') },
    ]);
}

function problemsOf(results: { request: Sent; answer: Answer }[], mustRefuse: boolean): string[] {
  const problems: string[] = [];
  for (const { request, answer } of results) {
    const where = `${request.method} ${request.url.split('?')[0]} (${request.label})`;
    if (answer.status >= 500) {
      problems.push(`${where}: HTTP ${answer.status}`);
      continue;
    }
    // A warehouse system's callback answers in its own protocol: HTTP 200 with a failure flag
    // (Qimen's <flag>failure</flag>), which the sender reads as refused.
    // A marketplace's message address answers in the platform's JSON too: code ≠ 0 (sandbox,
    // Douyin) or result ≠ 1 (Kuaishou), which the platform reads as not received.
    const platformAnswer = request.url.startsWith('/open/marketplace/messages/') && answer.body && typeof answer.body === 'object' ? (answer.body as Record<string, unknown>) : null;
    const platformRefusal = answer.status === 200 && !!platformAnswer && (('code' in platformAnswer && platformAnswer.code !== 0) || ('result' in platformAnswer && platformAnswer.result !== 1));
    const protocolRefusal = (answer.status === 200 && /<flag>failure<\/flag>/.test(answer.text)) || platformRefusal;
    const refused = answer.status >= 400 || protocolRefusal;
    if (answer.status >= 400 && !(answer.body && answer.body.success === false && answer.body.errorCode && answer.body.message)) problems.push(`${where}: HTTP ${answer.status} without an envelope`);
    if (refused && /(：|: )undefined/.test(answer.body?.message ?? '')) problems.push(`${where}: message "${answer.body?.message}"`);
    if (mustRefuse && !refused) problems.push(`${where}: accepted (HTTP ${answer.status})`);
    if (request.field && !(answer.body?.errorCode === 'ERR_VALIDATION' && answer.body.fields?.[0]?.field === request.field)) {
      problems.push(`${where}: not a refusal naming ${request.field}: ${answer.body?.errorCode} ${JSON.stringify(answer.body?.fields ?? answer.body?.message)}`);
    }
  }
  return problems;
}

describe('hostile input on every route', () => {
  it('finds the routes: every route of the app is declared through the route helper, save the health check and the picture files', () => {
    const undeclared = table.filter((r) => !declared.some((d) => d.url === r.url && d.method === r.method)).map((r) => `${r.method} ${r.url}`);
    expect(undeclared.sort()).toEqual(['GET /erp/pub/file/*', 'GET /healthz']);
    expect(declared.length).toBeGreaterThan(300);
    // The edge refuses a body that is not a JSON object, so no contract may take anything else,
    // save a call that reads its body itself (rawBody: batchUpdateUnread takes the JSON list).
    const notObjects = declared.filter((r) => {
      const sample = r.input && r.inputFrom === 'body' && !r.rawBody ? samplePayload(r.input) : null;
      return sample && (typeof sample.value !== 'object' || sample.value === null || Array.isArray(sample.value));
    });
    expect(notObjects.map((r) => r.url)).toEqual([]);
  });

  it('refuses text the database cannot hold, malformed bodies, wrong content types and deep nesting on every route, naming the field, and changes nothing', async () => {
    const before = await databaseState();
    const requests = table.flatMap((r) => textAttacks(r.method, r.url).map((request) => ({ request, token: tokenFor(r.url, r.method) })));
    // Public routes are tried signed in as well (some read a session when there is one).
    const publicRoutes = table.filter((r) => !tokenFor(r.url, r.method) && declared.some((d) => d.url === r.url && d.method === r.method));
    requests.push(...publicRoutes.flatMap((r) => textAttacks(r.method, r.url).map((request) => ({ request, token: mainToken }))));
    expect(requests.length).toBeGreaterThan(3000);
    const results = await sendAll(requests);
    // GET routes may ignore a query field they do not know; every other request must be refused.
    const problems = [
      ...problemsOf(results.filter((r) => r.request.method !== 'GET'), true),
      ...problemsOf(results.filter((r) => r.request.method === 'GET'), false),
    ];
    expect(problems).toEqual([]);
    expect(await databaseState()).toEqual(before);
  }, 600_000);

  it('never answers 500 to huge numbers in any number field', async () => {
    const requests = table.flatMap((r) => numberAttacks(r.method, r.url).map((request) => ({ request, token: tokenFor(r.url, r.method) })));
    expect(requests.length).toBeGreaterThan(100);
    expect(problemsOf(await sendAll(requests), false)).toEqual([]);
  }, 600_000);
});

async function workbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Goods');
  sheet.addRow(['Code', 'Name']);
  sheet.addRow(['A1', 'Goods']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('text the database cannot hold', () => {
  it('refuses a sign-in with NUL in the username, naming the field, and counts it as a failed attempt of that name from that address', async () => {
    const ip = '198.51.100.7';
    const seller = await t.factories.sellerDomain();
    const answer = await t.login(`${seller.loginName}\u0000`, 'Wrong#2026go', {}, { ip });
    expect(answer.status).toBe(400);
    expect(answer.body.errorCode).toBe('ERR_VALIDATION');
    expect(answer.body.fields?.[0]?.field).toBe('username');
    const logged = await t.database.db.select().from(loginLogs).where(and(eq(loginLogs.ip, ip), eq(loginLogs.result, 'BAD_CREDENTIALS')));
    expect(logged.map((l) => l.loginName)).toEqual([seller.loginName]);
  });

  it('stops an address that keeps sending unstorable sign-ins, as it stops wrong passwords', async () => {
    const ip = '198.51.100.8';
    const codes: string[] = [];
    for (let i = 0; i < 31; i++) codes.push((await t.login(`x${i}\ud800`, 'Wrong#2026go', {}, { ip })).body.errorCode!);
    expect(codes.slice(0, 30).every((c) => c === 'ERR_VALIDATION')).toBe(true);
    expect(codes[30]).toBe('ERR_SECURITY_TOO_MANY_ATTEMPTS');
  });

  it('refuses a form field or a file name with NUL in an upload, naming it', async () => {
    const field = await t.upload('/cloud/core/import/upload', { field: 'uploadExcel', name: 'goods.xlsx', data: await workbook() }, { kind: 'GOODS\u0000' }, { token: mainToken });
    expect(field.status).toBe(400);
    expect(field.body.fields?.[0]?.field).toBe('kind');
    const name = await t.upload('/cloud/core/import/upload', { field: 'uploadExcel', name: 'goods\u0000.xlsx', data: await workbook() }, { kind: 'GOODS' }, { token: mainToken });
    expect(name.status).toBe(400);
    expect(name.body.fields?.[0]?.field).toBe('uploadExcel');
  });

  it('refuses malformed JSON in the options of an import upload with a 400 naming options', async () => {
    for (const options of ['{"isCover":', '{"a":"\\u0000"}']) {
      const answer = await t.upload('/cloud/core/import/upload', { field: 'uploadExcel', name: 'goods.xlsx', data: await workbook() }, { kind: 'GOODS', options }, { token: mainToken });
      expect(answer.status).toBe(400);
      expect(answer.body.errorCode).toBe('ERR_VALIDATION');
      expect(answer.body.fields?.[0]?.field).toBe('options');
    }
  });

  it('refuses NUL and lone surrogates in a signed ingest body, naming the field, and says what is wrong', async () => {
    const store = await selfDefinedStore(t, mainToken);
    const nul = await postSigned(t, store, [platformOrder([{ tbSkuId: 'T1', outerSkuId: world.skuCodes[0] }], { platformNo: 'HTTP\u00001' })]);
    expect(nul.status).toBe(400);
    expect(nul.body).toMatchObject({ errorCode: 'ERR_VALIDATION', params: { field: '0.platformNo' } });
    const surrogate = await postSigned(t, store, [platformOrder([{ tbSkuId: 'T1', outerSkuId: world.skuCodes[0] }], { buyerNick: 'b\udc00' })]);
    expect(surrogate.body).toMatchObject({ errorCode: 'ERR_VALIDATION', params: { field: '0.buyerNick' } });
    const missing = await postSigned(t, store, [{ platformNo: 'HTTP-2' }]);
    expect(missing.status).toBe(400);
    const message = (missing.body as { message?: string }).message ?? '';
    expect(message).not.toMatch(/(：|: )undefined/);
    expect(message).toMatch(/0\.receiver: /);
  });
});

describe('refusals say what is wrong', () => {
  it('names the missing field of a express rule and what it needs, never "undefined"', async () => {
    for (const language of ['zh', 'en']) {
      const answer = await t.call('/cloud/core/expressRule/updateExpressRuleList', { type: 'BY_CUSTOM', rules: [{ ruleCondition: { expressCompanyCode: 'SF' } }] }, { token: mainToken, headers: { 'accept-language': language } });
      expect(answer.status).toBe(400);
      expect(answer.body.message).not.toMatch(/(：|: )undefined/);
      expect(answer.body.message).toMatch(/rules\.0\.ruleCondition\.keyword: required in a BY_CUSTOM rule/);
    }
    const weight = await t.call('/cloud/core/expressRule/updateExpressRuleList', { type: 'BY_WEIGHT', rules: [{ ruleCondition: { expressCompanyCode: 'SF' } }] }, { token: mainToken });
    expect(weight.body.message).toMatch(/rules\.0\.ruleCondition\.weightMin: a BY_WEIGHT rule needs weightMin or weightMax/);
  });
});

describe('stored text in messages', () => {
  it('quotes a class name as text in the refusal message: no markup from user data', async () => {
    const name = '<a href=//ph.sh>重新登录</a><style>*{color:red}';
    const parent = await t.call('/myhome/spuSysClassify/create', { code: 'XSS1', name }, { token: mainToken });
    expect(parent.body.success).toBe(true);
    await t.call('/myhome/spuSysClassify/create', { code: 'XSS2', name: 'Child', parentId: parent.body.data.id }, { token: mainToken });
    const answer = await t.call('/myhome/spuSysClassify/delete', { id: parent.body.data.id }, { token: mainToken, headers: { 'accept-language': 'zh' } });
    expect(answer.body.errorCode).toBe('ERR_GOODS_CLASS_HAS_CHILDREN');
    expect(answer.body.message).toBe('分类“&lt;a href=//ph.sh&gt;重新登录&lt;/a&gt;&lt;style&gt;*{color:red}”下还有 1 个子分类，不能删除');
    // The params stay the data itself: the web app words the message from them, as text.
    expect(answer.body.params?.name).toBe(name);
  });
});
