// A fresh browser profile per test file, and helpers that act as a user does: by role and label.
import { constants, publicEncrypt, randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, inject } from 'vitest';

/** The accounts the server makes on its first start; journeys use a seller of their own (newSeller). */
export const DEMO = {
  root: { username: 'root', password: 'Root#2026go' },
} as const;

export interface Browser {
  context: BrowserContext;
  page: Page;
  baseUrl: string;
  /** Opens a hash route of the app. */
  open(route: string): Promise<void>;
  signIn(username: string, password: string): Promise<void>;
  screenshot(name: string): Promise<void>;
  /** The Content-Security-Policy violations reported since the last call (each test fails on any left over). */
  takeCspViolations(): string[];
  /**
   * Waits until the browser has reported a violation on each channel the journey watches (the
   * document's event, its console, the protocol's log), then takes every report since the last call.
   */
  takeCspViolationsReportedEverywhere(): Promise<string[]>;
}

/**
 * A browser on the app. Journeys run as a person who asked their system for less motion
 * (`prefers-reduced-motion: reduce`: the app then opens drawers, dialogs and menus without
 * animation), so a click never lands on a dialog or menu still sliding in; `motion: true` runs one
 * with the animations everyone else sees (E2E_MOTION=1: every journey does).
 */
export async function launchBrowser(options: { language?: string; motion?: boolean } = {}): Promise<Browser> {
  const baseUrl = inject('baseUrl');
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'openseller-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    locale: 'en-US',
    viewport: { width: 1440, height: 900 },
    reducedMotion: options.motion || process.env.E2E_MOTION === '1' ? 'no-preference' : 'reduce',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const violations = await watchContentSecurityPolicy(context, page);
  if (options.language) {
    await page.goto(baseUrl + '/');
    await page.evaluate((l) => localStorage.setItem('openseller.language', l), options.language);
    await page.reload();
  }
  const browser: Browser = {
    context,
    page,
    baseUrl,
    async open(route) {
      await page.goto(`${baseUrl}/#${route}`);
    },
    async signIn(username, password) {
      await browser.open('/login');
      await page.getByLabel(/^(Username|用户名)$/).fill(username);
      await page.locator('input#password').fill(password);
      await page.getByRole('button', { name: /^(Sign in|登 ?录)$/ }).click();
    },
    takeCspViolations: () => [...new Set(violations.splice(0).map((v) => v.text))],
    async takeCspViolationsReportedEverywhere() {
      await until(
        async () => new Set(violations.map((v) => v.channel)),
        (channels) => CSP_CHANNELS.every((c) => channels.has(c)),
        'a Content-Security-Policy report on every channel',
        5_000,
      );
      return browser.takeCspViolations();
    },
    async screenshot(name) {
      const dir = path.resolve(import.meta.dirname, 'artifacts');
      fs.mkdirSync(dir, { recursive: true });
      await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
    },
  };
  // A failing test leaves a screenshot of what the browser showed.
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await browser.screenshot(`failed-${ctx.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}`).catch(() => {});
  });
  // Every page must work under the app's Content-Security-Policy: a violation fails the journey.
  afterEach(() => {
    const found = browser.takeCspViolations();
    if (found.length) throw new Error(`Content-Security-Policy violations in the browser:\n${found.join('\n')}`);
  });
  afterAll(async () => {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
    if (errors.length) console.warn('page errors:', errors);
  });
  return browser;
}

/**
 * Collects the Content-Security-Policy violations of every page and frame of the context, as
 * the browser reports them: its console (CDP Log, which also carries frames' reports) and the
 * documents' securitypolicyviolation events.
 */
const CSP_CHANNELS = ['event', 'console', 'log'] as const;
type CspReport = { channel: (typeof CSP_CHANNELS)[number]; text: string };

async function watchContentSecurityPolicy(context: BrowserContext, page: Page): Promise<CspReport[]> {
  const violations: CspReport[] = [];
  await context.exposeBinding('__reportCspViolation', (_source, text: string) => void violations.push({ channel: 'event', text }));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __reportCspViolation?: (t: string) => void }).__reportCspViolation;
      report?.(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} in ${e.documentURI} at ${e.sourceFile}:${e.lineNumber} ${e.sample}`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push({ channel: 'console', text: message.text() });
  });
  const cdp = await context.newCDPSession(page);
  cdp.on('Log.entryAdded', ({ entry }) => {
    if (/Content Security Policy/i.test(entry.text)) violations.push({ channel: 'log', text: entry.text });
  });
  await cdp.send('Log.enable');
  return violations;
}

// ---- Helpers the journeys share (added with the stock and master-data journeys) ---------------

/**
 * Chooses an option of an antd Select, as a person does: opens it, types to narrow it when it can
 * be searched, and clicks the option showing `option`.
 */
export async function chooseOption(page: Page, select: Locator, option: string): Promise<void> {
  // The select shows the choice afterwards (as text: a search typed into it is an input value, not
  // text). A click on an option list that is still loading or re-filtering can be lost on a busy
  // machine; a person would simply choose again, and so does this.
  const shown = select.locator('xpath=ancestor-or-self::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]').filter({ hasText: option });
  for (let attempt = 1; ; attempt++) {
    await select.click();
    if (await select.isEditable().catch(() => false)) await select.fill(option);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
    try {
      await shown.waitFor({ timeout: 3_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      await page.keyboard.press('Escape');
    }
  }
}

export interface Api {
  token: string;
  /** POSTs a JSON body to a path with the bearer token; answers `data`, throws when refused. */
  call<T = any>(path: string, body?: unknown): Promise<T>;
}

/**
 * The address this journey's own calls come from (the server trusts the proxy header in the
 * e2e run): each journey signs up and signs in over HTTP as a seller at its own address does, so
 * the product's limits per address (SMS codes per hour, sign-ins per 15 minutes) count each
 * journey alone. The browser's requests come from 127.0.0.1.
 */
const journeyAddress = `10.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

async function post(route: string, body: unknown, token?: string) {
  const response = await fetch(inject('baseUrl') + route, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'accept-language': 'en',
      'x-forwarded-for': journeyAddress,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body ?? {}),
  });
  const answer = (await response.json().catch(() => ({}))) as { success?: boolean; data?: any };
  if (!answer.success) throw new Error(`${route} was refused (${response.status}): ${JSON.stringify(answer)}`);
  return answer.data;
}

/** A password encrypted with the server's public key, as the web app sends it. */
async function encrypted(password: string): Promise<string> {
  const key = await fetch(`${inject('baseUrl')}/cloud/domain/security/publicKey`).then((r) => r.json() as Promise<{ data: { publicKey: string } }>);
  return publicEncrypt({ key: key.data.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(password)).toString('base64');
}

const client = (token: string): Api => ({ token, call: (route, body) => post(route, body, token) });

/**
 * Signs in over HTTP as the web app does (the password RSA-encrypted with the server's public key)
 * and answers a client for the JSON endpoints. Only for setup the journey does not test.
 */
export async function signInApi(username: string, password: string): Promise<Api> {
  const login = await post('/cloud/domain/security/login', { username, password: await encrypted(password) });
  return client(login.oauthToken.access_token as string);
}

export interface Account {
  username: string;
  password: string;
  /** The name the shell greets ("Welcome back, …"). */
  name: string;
}

export interface Seller extends Account {
  mobile: string;
  domainCode: string;
  /** The main account's client of the JSON endpoints. */
  api: Api;
  /** A sub-account of this seller with a new role granting `menus` (menu keys), made as the main account makes one. */
  subAccount(options: { username?: string; name: string; menus: string[]; password?: string }): Promise<Account>;
}

let rootApi: Promise<Api> | undefined;
/** The root account's client (reads the SMS outbox, sets a domain's edition). */
const root = () => (rootApi ??= signInApi(DEMO.root.username, DEMO.root.password));

/**
 * A seller of its own: a new domain and its main account, signed up through the product as a
 * person does it (an SMS code to a new mobile number, read from the outbox the root account
 * reads, then the registration), at the PRO edition the demo seller has (set by the root
 * account). Journeys that use one share nothing with the others.
 */
export async function newSeller(options: { name?: string } = {}): Promise<Seller> {
  const tag = `${Date.now().toString(36)}${randomInt(36 ** 3).toString(36)}`;
  const username = `seller${tag}`;
  const password = 'Seller#2026go';
  const name = options.name ?? `Seller ${tag.toUpperCase()}`;
  const mobile = `139${String(randomInt(10 ** 8)).padStart(8, '0')}`;
  await post('/cloud/domain/login/sendValidateCode', { mobile, purpose: 'REGISTER' });
  const outbox = await (await root()).call<{ voList: { content: string }[] }>('/cloud/admin/smsOutbox/search', { mobile, currentPage: 1, pageSize: 1 });
  const smsCode = /\b(\d{6})\b/.exec(outbox.voList[0]?.content ?? '')?.[1];
  if (!smsCode) throw new Error(`no sign-up code for ${mobile} in the SMS outbox: ${JSON.stringify(outbox)}`);
  const signedUp = await post('/cloud/domain/registerUser', { username, password: await encrypted(password), mobile, smsCode, companyName: `E2E shop ${tag}`, contactName: name });
  const domainCode = signedUp.domainCode as string;
  const domains = await (await root()).call<{ voList: { id: number; version: number; domainCode: string }[] }>('/cloud/admin/domain/search', { keyword: domainCode, currentPage: 1, pageSize: 10 });
  const domain = domains.voList.find((d) => d.domainCode === domainCode);
  if (!domain) throw new Error(`the new domain ${domainCode} is not in the root console: ${JSON.stringify(domains)}`);
  await (await root()).call('/cloud/admin/domain/update', { id: domain.id, version: domain.version, level: 'PRO' });
  const api = client(signedUp.oauthToken.access_token as string);
  return {
    username,
    password,
    name,
    mobile,
    domainCode,
    api,
    async subAccount(sub) {
      const account = { username: sub.username ?? `${sub.name.toLowerCase().replace(/[^a-z0-9]+/g, '')}${tag}`, password: sub.password ?? 'Clerk#2026go', name: sub.name };
      const role = await api.call<{ id: number }>('/cloud/domain/role/create', { roleName: `${sub.name} ${tag}`, menus: sub.menus, fields: [] });
      await api.call('/cloud/domain/user/createSubUser', { loginName: account.username, userName: account.name, password: await encrypted(account.password), roleIds: [role.id] });
      return account;
    },
  };
}

/** Waits until `probe` answers something `done` accepts (20 s at most). */
export async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * A sandbox marketplace store, authorized through the sandbox's consent page (posted as the
 * browser would post it), with one item of one SKU per outer SKU code in its shop, pulled into the
 * store's online goods by the real goods sync.
 */
export async function sandboxStoreWithItem(api: Api, options: { name: string; title: string; outerSkuIds: string[]; quantity?: number }) {
  const baseUrl = inject('baseUrl');
  const store = await api.call<{ id: number; name: string }>('/cloud/domain/store/createStore', { name: options.name, storeType: 1, platformCode: 'SANDBOX' });
  const { authorizationUrl } = await api.call<{ authorizationUrl: string }>('/cloud/domain/store/getAuthorizationUrl', { id: store.id });
  const consentUrl = new URL(authorizationUrl, baseUrl);
  const decision = new URLSearchParams({
    shop: consentUrl.searchParams.get('shop')!,
    state: consentUrl.searchParams.get('state')!,
    redirect_uri: consentUrl.searchParams.get('redirect_uri')!,
    decision: 'allow',
  });
  const answer = await fetch(new URL(consentUrl.pathname, baseUrl), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: decision.toString(), redirect: 'manual' });
  if (answer.status !== 302) throw new Error(`the sandbox consent answered ${answer.status}`);
  const back = new URL(new URL(answer.headers.get('location')!).hash.slice(1), 'http://app');
  await api.call('/cloud/domain/store/authorizationCallback', { code: back.searchParams.get('code'), state: back.searchParams.get('state') });
  await api.call('/cloud/sandbox/console/saveItem', {
    storeId: store.id,
    title: options.title,
    outerId: options.outerSkuIds[0],
    skus: options.outerSkuIds.map((outerSkuId, i) => ({ properties: `Colour:C${i + 1}`, outerSkuId, price: '29.9', quantity: options.quantity ?? 20 })),
  });
  await api.call('/cloud/domain/store/syncOnlineGoods', { id: store.id });
  const runs = await until(
    () => api.call<{ voList: { status: string }[] }>('/cloud/domain/store/searchSyncRuns', { storeId: store.id, currentPage: 1, pageSize: 1 }),
    (r) => ['SUCCESS', 'FAILED'].includes(r.voList[0]?.status ?? ''),
    'the goods sync',
  );
  if (runs.voList[0]!.status !== 'SUCCESS') throw new Error(`the goods sync failed: ${JSON.stringify(runs.voList[0])}`);
  const online = await api.call<{ voList: { id: number; version: number; tbSkuId: string; outerSkuId: string | null; skuId: number | null }[] }>('/myhome/tbspu/searchPageList/notComfired', {
    storeId: store.id,
    currentPage: 1,
    pageSize: 50,
  });
  return { store, online: online.voList };
}

/**
 * The courier of a store's orders, as a seller sets it up: the carrier added to the seller's
 * express companies (if it was not) and a BY_STORE express rule for the store after the others.
 */
export async function storeExpressRule(api: Api, storeId: number, expressCompanyCode: string): Promise<void> {
  await api.call('/myhome/expressCompany/addUserExpressCompany', { codes: [expressCompanyCode] }).catch(() => undefined);
  const rules = await api.call<{ id: number; version: number; usable: boolean; ruleCondition: unknown }[]>('/cloud/core/expressRule/getExpressRuleList?type=BY_STORE', {});
  await api.call('/cloud/core/expressRule/updateExpressRuleList', {
    type: 'BY_STORE',
    rules: [...rules.map((r) => ({ id: r.id, version: r.version, usable: r.usable, ruleCondition: r.ruleCondition })), { usable: true, ruleCondition: { expressCompanyCode, storeId } }],
  });
}

/**
 * A seller's print world: a warehouse with stock of one SKU, a self-defined store shipping by
 * `courier` (sandbox J&T by default) with a default waybill account, and two reviewed orders with
 * waybill numbers, the first of them printed. `tag` names everything (warehouse code prefix, SKU
 * code, store name) so journeys of the same run never meet.
 */
export async function printedAndWaitingOrders(api: Api, tag: { code: string; name: string; goods: string }, courier = 'JTSD') {
  const run = Date.now().toString(36).toUpperCase();
  const code = `${tag.code}-${run}`;
  const storeName = `${tag.name} shop ${run}`;
  const sender = { type: 'SELF_WAREHOUSE', contact: 'Li Lei', phone: '13800138000', province: '浙江省', city: '杭州市', county: '西湖区', street: '文三路 1 号' };
  const wh = await api.call<{ id: number }>('/myhome/warehouse/create', { code: `${tag.code.slice(0, 1)}W${run}`, name: `${tag.name} WH ${run}`, ...sender });
  const location = await api.call<{ id: number }>('/myhome/location/create', { warehouseId: wh.id, code: 'P-01' });
  const goods = await api.call<{ skus: { id: number }[] }>('/myhome/spu/createSpuByHand', { code, name: tag.goods, price: '15' });
  const skuId = goods.skus[0]!.id;
  await api.call('/cloud/purchase/purchaseAsn/createAndReceipt', { whId: wh.id, asnDetails: [{ skuId, qty: 20, price: '5', locationId: location.id }] });
  const store = await api.call<{ id: number }>('/cloud/domain/store/createStore', { name: storeName, storeType: 2 });
  await api.call('/myhome/warehouse/bind', { warehouseId: wh.id, storeIds: [store.id] });
  await storeExpressRule(api, store.id, courier);
  await api.call('/myhome/etrackaccount/create', { printCode: 'cn', expressCompanyCode: courier, name: `J&T sandbox ${run}`, sandbox: true, isDefault: true, shop: storeName, branchName: '杭州西湖网点' });

  const receiver = { receiverName: '钱七', receiverPhone: '13900002222', receiverProvince: '浙江省', receiverCity: '杭州市', receiverDistrict: '西湖区', receiverAddress: '文一路 3 号' };
  const orderByHand = () => api.call<{ id: number; code: string }>('/myhome/taobaoSoh/createTaobaoSoByHand', { storeId: store.id, ...receiver, lines: [{ skuId, qty: 1, price: '15' }] });
  const printed = await orderByHand();
  const waiting = await orderByHand();
  const done = (what: string, r: { successIds: unknown[]; failures: unknown[] }, n: number) => {
    if (r.failures.length || r.successIds.length !== n) throw new Error(`${what}: ${JSON.stringify(r)}`);
  };
  done('review', await api.call('/myhome/erpsoh/verify', { idList: [printed.id, waiting.id] }), 2);
  done('waybill numbers', await api.call('/myhome/print/eTrackGetNoAndPrint', { idList: [printed.id, waiting.id] }), 2);
  const templates = await api.call<{ voList: { id: number; kind: string }[] }>('/myhome/template/getPrintTemplates', { currentPage: 1, pageSize: 50, kind: 'WAYBILL' });
  done('print', await api.call('/myhome/print/getPrintInfo', { idList: [printed.id], templateId: templates.voList[0]!.id }), 1);
  return { run, code, storeName, store, warehouse: wh, skuId, printed, waiting, templates: templates.voList };
}

/**
 * Waits until no finite CSS animation or transition is running (a drawer or dialog opening, a tab
 * switching), as a person waits to see it before typing; spinners, which never end, are ignored.
 * A drawer moves the focus into itself when it has opened, so keys pressed before then go astray.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 5_000 },
  );
}

/** The text of the cell of a table `row` under the column headed `column` (header and cell read at once). */
export async function cellOf(row: Locator, column: string): Promise<string> {
  await row.waitFor();
  return row.evaluate((tr, name) => {
    const headers = [...(tr.closest('table')?.querySelectorAll(':scope > thead th') ?? [])].map((th) => (th as HTMLElement).innerText.trim());
    const index = headers.indexOf(name);
    if (index < 0) throw new Error(`no column ${name} in ${JSON.stringify(headers)}`);
    return ((tr as HTMLTableRowElement).cells[index]?.innerText ?? '').trim();
  }, column);
}
