// Cainiao waybills end to end, through the real calls: a Taobao store authorised against the TOP
// fake, its orders pulled, one order numbered by a Cainiao account through TOP (in the store's
// session — an ended session refreshed through the stores area), one through Cainiao LINK (an
// account with a provider id), both shipped and the tracking numbers fed back to the store with
// Cainiao's company codes; the fakes check every TOP signature and every LINK data_digest.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, uniqueName, type TestApp } from '../../../../test/harness.js';
import { chooseCarriers } from '../../../../test/factories/express.js';
import { ingestSeller, ingestSkus, ingestWarehouse, ordersOfStore } from '../../../../test/factories/orders-ingest.js';
import { putOnHand } from '../../../../test/factories/outbound.js';
import { createStore } from '../../../../test/factories/stores.js';
import type { TaobaoFake } from '../../marketplace/taobao/taobao.fake.js';
import { createCainiaoWaybillBook, startCainiaoLinkFake, type CainiaoLinkFake, type CainiaoWaybillBook } from './cainiao.fake.js';
import { startCainiaoTopFake } from './cainiao.test-support.js';

let t: TestApp;
let top: TaobaoFake;
let link: CainiaoLinkFake;
let book: CainiaoWaybillBook;
const ENV: Record<string, () => string> = {
  OPENSELLER_CONNECTOR_TAOBAO_APP_KEY: () => top.appKey,
  OPENSELLER_CONNECTOR_TAOBAO_APP_SECRET: () => top.appSecret,
  OPENSELLER_CONNECTOR_TAOBAO_GATEWAY_URL: () => top.gatewayUrl,
  OPENSELLER_CONNECTOR_TAOBAO_AUTHORIZE_URL: () => top.authorizeUrl,
  OPENSELLER_CONNECTOR_CAINIAO_APP_KEY: () => link.appKey,
  OPENSELLER_CONNECTOR_CAINIAO_APP_SECRET: () => link.appSecret,
  OPENSELLER_CONNECTOR_CAINIAO_GATEWAY_URL: () => link.gatewayUrl,
};

beforeAll(async () => {
  book = createCainiaoWaybillBook();
  top = (await startCainiaoTopFake({ book, tokenLifetimeSeconds: 30 * 86_400 })).fake;
  link = await startCainiaoLinkFake({ book });
  for (const [k, v] of Object.entries(ENV)) process.env[k] = v();
  // The scheduled pull would race the test's own pull.
  process.env.ORDER_PULL_CRON = '0 3 1 1 *';
  t = await createTestApp();
});
afterAll(async () => {
  for (const k of Object.keys(ENV)) delete process.env[k];
  await top?.close();
  await link?.close();
});

async function ok<T = any>(token: string, path: string, body: Record<string, unknown>): Promise<T> {
  const answer = await t.call<T>(path, body, { token });
  if (!answer.body.success) throw new Error(`${path} refused: ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

describe('a Taobao store shipping with Cainiao waybills', () => {
  it('numbers orders through TOP and through LINK, ships them and feeds the numbers back, every signature checked', async () => {
    const seller = await ingestSeller(t);
    const skus = await ingestSkus(t, seller.domainId, 1);
    const warehouseId = await ingestWarehouse(t, seller.domainId);
    await t.database.db.execute(sql`update warehouses set county = '西湖区' where id = ${warehouseId}`);

    // The Taobao store, authorised from store management through the fake's consent page.
    const store = await createStore(t, seller.token, { platformCode: 'CI_PLATFORM_TAOBAO', name: uniqueName('TB ') });
    const start = await ok<{ authorizationUrl: string }>(seller.token, '/cloud/domain/store/getAuthorizationUrl', { id: store.id });
    const consent = await fetch(start.authorizationUrl, { redirect: 'manual' });
    const back = new URL(new URL(consent.headers.get('location')!).hash.slice(1), 'http://app');
    const callback = await t.call('/cloud/domain/store/authorizationCallback', { code: back.searchParams.get('code'), state: back.searchParams.get('state') });
    expect(callback.body, JSON.stringify(callback.body)).toMatchObject({ success: true, data: { storeId: store.id } });

    // Three trades waiting to ship, selling the seller's SKU by its outer code.
    const tids = top.seedOrders([new Date(Date.now() - 3 * 3_600_000), new Date(Date.now() - 2 * 3_600_000), new Date(Date.now() - 3_600_000)]);
    for (const tid of tids) top.trades.get(tid)!.orders[0]!.outer_sku_id = skus[0]!.code;
    const run = await ok(seller.token, '/myhome/platformSo/syncStoreOrders', { storeId: store.id });
    expect(run).toMatchObject({ status: 'SUCCESS' });
    const orders = (await ordersOfStore(t, seller.domainId, store.id)).filter((o) => tids.includes(o.platform_nos[0]));
    expect(orders).toHaveLength(3);
    const orderOf = (tid: string) => orders.find((o) => o.platform_nos[0] === tid)!;

    // A Cainiao ZTO account in the store's session (TOP), a Cainiao YTO account through LINK.
    await chooseCarriers(t, seller.token, ['ZTO', 'YTO']);
    const topAccount = await ok(seller.token, '/myhome/etrackaccount/create', { printCode: 'cn', expressCompanyCode: 'ZTO', name: 'Cainiao ZTO', shop: store.name, branchName: '杭州网点', sandbox: false, isDefault: true });
    expect(topAccount).toMatchObject({ sandbox: false, fields: { shop: store.name } });
    const linkAccount = await ok(seller.token, '/myhome/etrackaccount/create', { printCode: 'cn', expressCompanyCode: 'YTO', name: 'Cainiao YTO LINK', shop: store.name, branchName: '杭州网点', linkProviderId: link.providerId, sandbox: false, isDefault: true });
    expect(linkAccount.fields).toMatchObject({ linkProviderId: link.providerId });
    await putOnHand(t, seller.domainId, [{ warehouseId, skuId: skus[0]!.id, qty: 100 }]);
    const courier = { [tids[0]!]: 'ZTO', [tids[1]!]: 'YTO', [tids[2]!]: 'ZTO' };
    for (const tid of tids) {
      await t.database.db.execute(sql`update erp_orders set express_company_code = ${courier[tid]!}, labels = array_remove(labels, 'EXPRESS_MATCH_FAIL') where id = ${orderOf(tid).id}`);
    }
    expect((await ok(seller.token, '/myhome/erpsoh/verify', { idList: orders.map((o) => Number(o.id)) })).failures).toEqual([]);

    const numbered = await ok(seller.token, '/myhome/print/eTrackGetNoAndPrint', { idList: [Number(orderOf(tids[0]!).id), Number(orderOf(tids[1]!).id)] });
    expect(numbered.failures).toEqual([]);
    const numberOf = (tid: string) => numbered.voList.find((v: { id: number }) => v.id === Number(orderOf(tid).id))?.expressNo as string;
    expect(book.waybills.find((w) => w.waybillCode === numberOf(tids[0]!))).toMatchObject({ via: 'TOP', cpCode: 'ZTO', tradeOrders: [tids[0]], userId: top.userId, cancelled: false });
    expect(book.waybills.find((w) => w.waybillCode === numberOf(tids[1]!))).toMatchObject({ via: 'LINK', cpCode: 'YTO', tradeOrders: [tids[1]], cancelled: false });
    // The label's cloud-print data and routing are kept with the number.
    const kept = await t.database.db.execute<{ print_data: Record<string, unknown>; routing: Record<string, unknown> }>(
      sql`select print_data, routing from waybill_numbers where domain_id = ${seller.domainId} and express_no = ${numberOf(tids[0]!)}`,
    );
    expect(kept.rows[0]!.print_data).toMatchObject({ printCode: 'cn', route: 'TOP', cpCode: 'ZTO', templateUrl: book.templateUrl('ZTO') });
    expect(JSON.parse(String(kept.rows[0]!.print_data.printData)).data.waybillCode).toBe(numberOf(tids[0]!));
    expect(kept.rows[0]!.routing).toMatchObject({ bag: '杭州市转运中心' });

    // The store's session ends: the next TOP number refreshes it through the stores area first.
    const tokenBefore = (await t.database.db.execute<{ access_token: string }>(sql`select access_token from stores where id = ${store.id}`)).rows[0]!.access_token;
    top.expireToken();
    const third = await ok(seller.token, '/myhome/print/eTrackGetNoAndPrint', { idList: [Number(orderOf(tids[2]!).id)] });
    expect(third.failures).toEqual([]);
    expect(top.calls.some((c) => c.method === 'oauth.token:refresh_token')).toBe(true);
    const tokenAfter = (await t.database.db.execute<{ access_token: string; auth_status: string }>(sql`select access_token, auth_status from stores where id = ${store.id}`)).rows[0]!;
    expect(tokenAfter).toMatchObject({ auth_status: 'AUTHORIZED' });
    expect(tokenAfter.access_token).not.toBe(tokenBefore);
    expect(book.waybills.find((w) => w.waybillCode === third.voList[0].expressNo)).toMatchObject({ via: 'TOP', tradeOrders: [tids[2]] });

    // Shipped: each tracking number goes back to the store with the company code.
    const sent = await ok(seller.token, '/myhome/sendsoh/sendErpSoHList', { idList: orders.map((o) => Number(o.id)) });
    expect(sent.successIds.sort()).toEqual(orders.map((o) => Number(o.id)).sort());
    await t.waitFor(
      async () => tids.map((tid) => top.trades.get(tid)!.status),
      (statuses) => statuses.every((s) => s === 'WAIT_BUYER_CONFIRM_GOODS'),
    );
    expect(top.trades.get(tids[0]!)).toMatchObject({ out_sid: numberOf(tids[0]!), company_code: 'ZTO' });
    expect(top.trades.get(tids[1]!)).toMatchObject({ out_sid: numberOf(tids[1]!), company_code: 'YTO' });
    expect(top.trades.get(tids[2]!)).toMatchObject({ out_sid: third.voList[0].expressNo, company_code: 'ZTO' });

    // Every call carried a valid signature / data_digest.
    expect(top.badSignatures()).toBe(0);
    expect(top.calls.filter((c) => c.method.startsWith('cainiao.')).every((c) => c.params.sign && c.params.app_key === top.appKey)).toBe(true);
    expect(link.badDigests()).toBe(0);
    expect(link.calls.length).toBeGreaterThan(0);
    expect(link.calls.every((c) => c.outcome === 'ok' && c.providerId === link.providerId)).toBe(true);
  });

  it('refuses a Cainiao number through TOP when the account names no Taobao store of the domain', async () => {
    const seller = await ingestSeller(t);
    await chooseCarriers(t, seller.token, ['ZTO']);
    const account = await ok(seller.token, '/myhome/etrackaccount/create', { printCode: 'cn', expressCompanyCode: 'ZTO', name: 'Cainiao', shop: 'nobody', branchName: 'x', sandbox: false });
    const registry = t.app.services.registry.get<{ connectorFor: (a: unknown) => { takeWaybillNumbers: (a: unknown, p: unknown[]) => Promise<unknown> } }>('carriers');
    const carrierAccount = { domainId: seller.domainId, accountId: account.id, printCode: 'cn', expressCompanyCode: 'ZTO', sandbox: false, fields: account.fields };
    const parcel = { orderCode: 'SO-1', sender: { name: 'W', phone: '1', province: '浙江省', city: '杭州市', district: '西湖区', address: '1号' }, receiver: { name: 'R', phone: '1', province: '上海市', city: '上海市', district: '浦东新区', address: '2号' }, weight: '1', packages: 1 };
    await expect(registry.connectorFor(carrierAccount).takeWaybillNumbers(carrierAccount, [parcel])).rejects.toMatchObject({ kind: 'FAILED', message: expect.stringContaining('no Taobao store "nobody"') });
  });
});
