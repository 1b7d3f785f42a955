// Qimen end to end against its fake router/WMS (issue #18 must-haves 3 and 6): a Qimen warehouse
// configured (external code = warehouseCode, owner code = customerId), a reviewed order issued by
// hand goes out as deliveryorder.create, the fake's signed deliveryorder.confirm callback ships it
// once (stock leaves on-hand, the tracking number is recorded), the same confirmation sent again
// books nothing more, an exact replay is refused, a wrong signature, an old timestamp, an unknown
// owner and another domain's warehouse are refused; notices, returns, outbound orders, SKU
// registrations, cancels and inventory queries reach the fake in its published shapes.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { createAsn, getAsn, inboundWorld } from '../../../../test/factories/inbound.js';
import { generateSandboxOrders, ingestSeller, ingestSkus, ingestWarehouse, ordersOfStore, sandboxStoreSelling } from '../../../../test/factories/orders-ingest.js';
import { balanceOf, putOnHand } from '../../../../test/factories/outbound.js';
import type { WarehouseSystems } from '../registry.js';
import type { IssueDocumentRequest } from '../types.js';
import { fakeQimenSign, fakeQimenTime, startFakeQimen, type FakeQimen } from './qimen.fake.js';
import { child, parseXml, textOf } from './qimen.protocol.js';

const APP_KEY = 'qm-e2e';
const SECRET = 'qm-e2e-secret';
let t: TestApp;
let fake: FakeQimen;

beforeAll(async () => {
  process.env.ORDER_PULL_CRON = '0 3 1 1 *';
  process.env.WMS_ISSUE_CRON = 'off';
  process.env.WMS_POLL_CRON = 'off';
  process.env.OPENSELLER_CONNECTOR_QIMEN_APP_KEY = APP_KEY;
  process.env.OPENSELLER_CONNECTOR_QIMEN_APP_SECRET = SECRET;
  fake = await startFakeQimen({ appKey: APP_KEY, appSecret: SECRET });
  process.env.OPENSELLER_CONNECTOR_QIMEN_GATEWAY_URL = fake.url;
  t = await createTestApp();
  fake.callbackUrl = `${t.baseUrl}/open/wms/qimen/callback`;
});
afterAll(() => fake.close());

async function ok(token: string, path: string, body: Record<string, unknown>) {
  const answer = await t.call(path, body, { token });
  if (!answer.body.success) throw new Error(`${path} refused: ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

const header = async (id: number) => (await t.database.db.execute<Record<string, any>>(sql`select * from erp_orders where id = ${id}`)).rows[0]!;
const systems = () => t.app.services.registry.get<WarehouseSystems>('warehouse-systems');

/** A seller whose sandbox store's order is reviewed for a Qimen warehouse. */
async function world(warehouseCode = `QMWH-${Date.now().toString(36)}`) {
  const seller = await ingestSeller(t);
  const skus = await ingestSkus(t, seller.domainId, 2);
  const warehouseId = await ingestWarehouse(t, seller.domainId);
  const ownerCode = `OWNER-${seller.domainId}`;
  await t.database.db.execute(sql`update warehouses set type = 'QIMEN_WAREHOUSE', external_code = ${warehouseCode}, owner_code = ${ownerCode} where id = ${warehouseId}`);
  const { storeId } = await sandboxStoreSelling(t, seller.token, skus.map((s) => s.code));
  await generateSandboxOrders(t, seller.token, storeId, 1);
  await ok(seller.token, '/myhome/platformSo/syncStoreOrders', { storeId });
  await putOnHand(t, seller.domainId, skus.map((s) => ({ warehouseId, skuId: s.id, qty: 1000 })));
  const ids = (await ordersOfStore(t, seller.domainId, storeId)).map((o) => Number(o.id));
  await t.database.db.execute(sql`update erp_orders set express_company_code = 'SF', labels = array_remove(labels, 'EXPRESS_MATCH_FAIL') where domain_id = ${seller.domainId}`);
  const verified = await ok(seller.token, '/myhome/erpsoh/verify', { idList: ids });
  expect(verified.failures).toEqual([]);
  return { ...seller, skus, warehouseId, warehouseCode, ownerCode, storeId, id: ids[0]! };
}

const onHand = async (w: { domainId: number; warehouseId: number; skus: { id: number }[] }) => {
  let total = 0;
  for (const s of w.skus) total += (await balanceOf(t, w.domainId, w.warehouseId, s.id)).onHand;
  return total;
};
const inbox = async (domainId: number) => (await t.database.db.execute<Record<string, any>>(sql`select * from warehouse_system_inbox where domain_id = ${domainId} order by id`)).rows;

describe('a Qimen warehouse against the fake', { timeout: 120_000 }, () => {
  it('issues a reviewed order as deliveryorder.create, and the signed confirmation ships it once', async () => {
    const w = await world();
    const before = await onHand(w);
    const issued = await t.call('/myhome/sendsoh/forceSendWmsErpSoByHand', { idList: [w.id] }, { token: w.token });
    expect(issued.body.data).toEqual({ successIds: [w.id], failures: [] });
    const code = (await header(w.id)).code as string;
    expect((await header(w.id)).status_code).toBe('CI_ERPSOH_STATUS_SYNCED');
    const sent = fake.accepted('deliveryorder.create').at(-1)!;
    expect(sent.params.customerId).toBe(w.ownerCode);
    const request = parseXml(sent.body);
    expect(textOf(request, 'deliveryOrder/deliveryOrderCode')).toBe(code);
    expect(textOf(request, 'deliveryOrder/warehouseCode')).toBe(w.warehouseCode);
    expect(textOf(request, 'deliveryOrder/orderType')).toBe('JYCK');
    expect(child(request, 'deliveryOrder/receiverInfo')).not.toBeNull();
    expect(textOf(request, 'deliveryOrder/logisticsCode')).toBe('SF');
    const doc = fake.document(code)!;
    const qty = doc.lines.reduce((n, l) => n + l.planQty, 0);
    expect(qty).toBeGreaterThan(0);
    expect(doc.lines.every((l) => l.ownerCode === w.ownerCode)).toBe(true);

    const confirmed = await fake.confirm(code, { expressCode: 'SFQM0001', logisticsCode: 'SF' });
    expect(confirmed).toMatchObject({ status: 200, flag: 'success' });
    expect(confirmed.answer).toMatch(/^<\?xml[^>]*\?><response><flag>success<\/flag>/);
    expect(await header(w.id)).toMatchObject({ status_code: 'CI_ERPSOH_STATUS_SEND', express_no: 'SFQM0001', express_company_code: 'SF' });
    expect(await onHand(w)).toBe(before - qty);

    // The warehouse confirms again (it did not hear us): a new message, booked before.
    const again = await fake.sendCallback('taobao.qimen.deliveryorder.confirm', confirmed.body, { customerId: w.ownerCode, timestamp: fakeQimenTime(new Date(Date.now() + 1_000)) });
    expect(again).toMatchObject({ flag: 'success', message: 'booked before' });
    // The same message again, byte for byte: a replay, refused.
    const replay = await fake.resend(confirmed);
    expect(replay).toMatchObject({ flag: 'failure', code: 'DUPLICATE_MESSAGE' });
    expect(await onHand(w)).toBe(before - qty);
    const ships = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from warehouse_system_results where domain_id = ${w.domainId} and doc_code = ${code}`);
    expect(Number(ships.rows[0]!.n)).toBe(1);
    expect((await inbox(w.domainId)).map((r) => r.outcome)).toEqual(['BOOKED', 'REPEATED']);
    // Cancelling what was shipped is refused by the warehouse.
    const target = await systems().target(w.domainId, w.warehouseId);
    await expect(systems().cancelDocument(target, { kind: 'SO', docCode: code })).rejects.toMatchObject({ kind: 'REJECTED' });
  });

  it('refuses a wrong signature, an old timestamp, another app key, an unknown owner and a body that is not XML, storing nothing', async () => {
    const w = await world();
    await ok(w.token, '/myhome/sendsoh/forceSendWmsErpSoByHand', { idList: [w.id] });
    const code = (await header(w.id)).code as string;
    const doc = fake.document(code)!;
    const body = `<request><deliveryOrder><deliveryOrderCode>${code}</deliveryOrderCode><warehouseCode>${w.warehouseCode}</warehouseCode><status>DELIVERED</status><confirmType>0</confirmType></deliveryOrder><packages><package><logisticsCode>SF</logisticsCode><expressCode>SFBAD</expressCode></package></packages><orderLines>${doc.lines.map((l) => `<orderLine><orderLineNo>${l.orderLineNo}</orderLineNo><itemCode>${l.itemCode}</itemCode><actualQty>${l.planQty}</actualQty></orderLine>`).join('')}</orderLines></request>`;
    const method = 'taobao.qimen.deliveryorder.confirm';
    const wrongSign = await fake.sendCallback(method, body, { customerId: w.ownerCode, sign: fakeQimenSign('not-the-secret', { method }, body) });
    expect(wrongSign).toMatchObject({ flag: 'failure', code: 'INVALID_SIGNATURE' });
    const old = await fake.sendCallback(method, body, { customerId: w.ownerCode, timestamp: fakeQimenTime(new Date(Date.now() - 11 * 60_000)) });
    expect(old).toMatchObject({ flag: 'failure', code: 'INVALID_TIMESTAMP' });
    const otherApp = await fake.sendCallback(method, body, { customerId: w.ownerCode, appKey: 'someone-else' });
    expect(otherApp).toMatchObject({ flag: 'failure', code: 'INVALID_APP_KEY' });
    const unknownOwner = await fake.sendCallback(method, body, { customerId: 'NOBODY' });
    expect(unknownOwner).toMatchObject({ flag: 'failure', code: 'UNKNOWN_WAREHOUSE' });
    const notXml = await fake.sendCallback(method, '<request><deliveryOrder>', { customerId: w.ownerCode });
    expect(notXml).toMatchObject({ flag: 'failure', code: 'INVALID_BODY' });
    const unknownMethod = await fake.sendCallback('taobao.qimen.inventory.report', body, { customerId: w.ownerCode });
    expect(unknownMethod).toMatchObject({ flag: 'failure', code: 'UNSUPPORTED_METHOD' });
    expect((await header(w.id)).status_code).toBe('CI_ERPSOH_STATUS_SYNCED');
    expect(await inbox(w.domainId)).toEqual([]);
    // Signed right, it ships.
    expect(await fake.sendCallback(method, body, { customerId: w.ownerCode })).toMatchObject({ flag: 'success' });
    expect((await header(w.id)).status_code).toBe('CI_ERPSOH_STATUS_SEND');
  });

  it('books a confirmation only in the warehouse of its owner: another domain with the same warehouse code cannot ship this order', async () => {
    const a = await world();
    const b = await world(a.warehouseCode);
    await ok(a.token, '/myhome/sendsoh/forceSendWmsErpSoByHand', { idList: [a.id] });
    const code = (await header(a.id)).code as string;
    const doc = fake.document(code)!;
    const body = `<request><deliveryOrder><deliveryOrderCode>${code}</deliveryOrderCode><warehouseCode>${a.warehouseCode}</warehouseCode><status>DELIVERED</status><outBizCode>X-${code}</outBizCode></deliveryOrder><packages><package><logisticsCode>SF</logisticsCode><expressCode>SFX-${code}</expressCode></package></packages><orderLines>${doc.lines.map((l) => `<orderLine><orderLineNo>${l.orderLineNo}</orderLineNo><itemCode>${l.itemCode}</itemCode><actualQty>${l.planQty}</actualQty></orderLine>`).join('')}</orderLines></request>`;
    // B's owner names A's order: in B's domain there is no such order or SKU.
    const crossed = await fake.sendCallback('taobao.qimen.deliveryorder.confirm', body, { customerId: b.ownerCode });
    expect(crossed.flag).toBe('failure');
    expect(['UNKNOWN_ITEM', 'REFUSED']).toContain(crossed.code);
    expect((await header(a.id)).status_code).toBe('CI_ERPSOH_STATUS_SYNCED');
    // A confirmation in parts needs its outBizCode; a part of a sales order leaves it issued.
    const part = body.replace(`<outBizCode>X-${code}</outBizCode>`, '').replace('<status>DELIVERED</status>', '<status>PARTDELIVERED</status><confirmType>1</confirmType>');
    expect(await fake.sendCallback('taobao.qimen.deliveryorder.confirm', part, { customerId: a.ownerCode })).toMatchObject({ flag: 'failure', code: 'MISSING_FIELD' });
    const final = await fake.sendCallback('taobao.qimen.deliveryorder.confirm', body, { customerId: a.ownerCode });
    expect(final, final.answer).toMatchObject({ flag: 'success' });
    expect((await header(a.id)).status_code).toBe('CI_ERPSOH_STATUS_SEND');
  });

  it('sends the warehouse’s own Qimen customerId when it has one, and books a confirmation only under that customerId', async () => {
    const w = await world();
    const customerId = `CUST-${w.domainId}`;
    await t.database.db.execute(sql`update warehouses set qimen_customer_id = ${customerId} where id = ${w.warehouseId}`);
    const issued = await t.call('/myhome/sendsoh/forceSendWmsErpSoByHand', { idList: [w.id] }, { token: w.token });
    expect(issued.body.data).toEqual({ successIds: [w.id], failures: [] });
    const code = (await header(w.id)).code as string;
    const sent = fake.accepted('deliveryorder.create').at(-1)!;
    expect(sent.params.customerId).toBe(customerId);
    // The lines still name the cargo owner.
    expect(fake.document(code)!.lines.every((l) => l.ownerCode === w.ownerCode)).toBe(true);
    const confirmed = await fake.confirm(code, { expressCode: 'SFQM0009', logisticsCode: 'SF' });
    expect(confirmed).toMatchObject({ flag: 'success' });
    expect(await header(w.id)).toMatchObject({ status_code: 'CI_ERPSOH_STATUS_SEND', express_no: 'SFQM0009' });
    // The owner code is no longer this warehouse's customerId.
    const byOwner = await fake.sendCallback('taobao.qimen.deliveryorder.confirm', confirmed.body, { customerId: w.ownerCode, timestamp: fakeQimenTime(new Date(Date.now() + 1_000)) });
    expect(byOwner).toMatchObject({ flag: 'failure', code: 'UNKNOWN_WAREHOUSE' });
  });

  it('issues an inbound notice as entryorder.create, and the signed entryorder.confirm in two parts receives it once each', async () => {
    const w = await inboundWorld(t, { type: 'QIMEN_WAREHOUSE', externalCode: `QMWH-A-${Date.now().toString(36)}` });
    const ownerCode = `OWN-A-${w.domainId}`;
    await t.database.db.execute(sql`update warehouses set owner_code = ${ownerCode} where id = ${w.warehouseId}`);
    const created = await createAsn(t, w.token, { whId: w.warehouseId, asnDetails: [{ skuId: w.skuIds[0], qty: 10, price: '3' }] });
    const issued = await t.waitFor(
      () => getAsn(t, w.token, created.id),
      (a) => a.syncStatus === 'SUCCESS' || a.syncStatus === 'FAILURE',
      20_000,
    );
    expect(issued).toMatchObject({ statusId: 'CI_ASN_STATUS_SYNCED', syncStatus: 'SUCCESS', externalCode: expect.stringMatching(/^WMS-EO-/) });
    const doc = fake.document(issued.code)!;
    expect(doc).toMatchObject({ kind: 'entryorder', ownerCode, orderType: 'CGRK' });
    const lineNo = doc.lines[0]!.orderLineNo;
    expect(lineNo).toBe(String(issued.asnDetails[0].id));

    const part = await fake.confirm(issued.code, { lines: [{ orderLineNo: lineNo, qty: 4 }], final: false, outBizCode: `EO-${issued.code}-1` });
    expect(part).toMatchObject({ flag: 'success' });
    expect((await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[0]!)).onHand).toBe(4);
    // The same part again with a new timestamp: booked before, nothing more received.
    const later = fakeQimenTime(new Date(Date.now() + 1_000));
    expect(await fake.sendCallback('taobao.qimen.entryorder.confirm', part.body, { customerId: ownerCode, timestamp: later })).toMatchObject({ flag: 'success', message: 'booked before' });
    expect((await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[0]!)).onHand).toBe(4);
    const rest = await fake.confirm(issued.code, { lines: [{ orderLineNo: lineNo, qty: 6 }], final: true, outBizCode: `EO-${issued.code}-2` });
    expect(rest).toMatchObject({ flag: 'success' });
    expect((await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[0]!)).onHand).toBe(10);
    expect((await getAsn(t, w.token, created.id)).statusId).toBe('CI_ASN_STATUS_COMPLETED');
    // More than was noticed: refused by the inbound area, answered failure with why, stored.
    const over = await fake.confirm(issued.code, { lines: [{ orderLineNo: lineNo, qty: 1 }], final: true, outBizCode: `EO-${issued.code}-3` });
    expect(over).toMatchObject({ flag: 'failure', code: 'REFUSED' });
    expect((await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[0]!)).onHand).toBe(10);
    expect((await inbox(w.domainId)).map((r) => r.outcome)).toEqual(['BOOKED', 'REPEATED', 'BOOKED', 'REFUSED']);
  });

  it('issues notices, returns and outbound orders, registers SKUs, cancels and reads stock in the published shapes', async () => {
    const w = await inboundWorld(t, { type: 'QIMEN_WAREHOUSE', externalCode: `QMWH-K-${Date.now().toString(36)}` });
    await t.database.db.execute(sql`update warehouses set owner_code = ${'OWN-' + w.domainId} where id = ${w.warehouseId}`);
    const target = await systems().target(w.domainId, w.warehouseId);
    const request = (kind: IssueDocumentRequest['kind'], docCode: string, docType: string): IssueDocumentRequest => ({
      kind,
      docId: 1,
      docCode,
      docType,
      lines: [{ lineId: 11, skuId: w.skuIds[0]!, skuCode: w.skuCodes[0]!, skuName: 'Mug', barCode: '690000000001', qty: 3 }],
      party: { name: 'Supplier Li', phone: '13900000000', province: '浙江省', city: '杭州市', street: '文二路 2 号' },
      expectedAt: new Date('2026-12-01T02:00:00Z'),
    });
    const stamp = Date.now().toString(36);
    expect(await systems().issueDocument(target, request('ASN', `ASN-${stamp}`, 'ASN_PURCHASE'))).toMatchObject({ status: 'SENTED', externalCode: expect.stringMatching(/^WMS-EO-/) });
    const entry = parseXml(fake.accepted('entryorder.create').at(-1)!.body);
    expect(textOf(entry, 'entryOrder/orderType')).toBe('CGRK');
    expect(textOf(entry, 'entryOrder/ownerCode')).toBe(`OWN-${w.domainId}`);
    expect(textOf(entry, 'entryOrder/expectStartTime')).toBe('2026-12-01 10:00:00');
    expect(textOf(entry, 'orderLines/orderLine/planQty')).toBe('3');
    expect(await systems().issueDocument(target, request('RMA', `RMA-${stamp}`, 'ASN_AFTERSALE'))).toMatchObject({ externalCode: expect.stringMatching(/^WMS-RO-/) });
    expect(textOf(parseXml(fake.accepted('returnorder.create').at(-1)!.body), 'returnOrder/orderType')).toBe('THRK');
    expect(await systems().issueDocument(target, request('WDO', `WDO-${stamp}`, 'WDO_PURCHASE_RETURN'))).toMatchObject({ externalCode: expect.stringMatching(/^WMS-SO-/) });
    expect(textOf(parseXml(fake.accepted('stockout.create').at(-1)!.body), 'deliveryOrder/orderType')).toBe('CGTH');
    expect(await systems().cancelDocument(target, { kind: 'WDO', docCode: `WDO-${stamp}` })).toMatchObject({ status: 'CANCEL' });
    expect(fake.document(`WDO-${stamp}`)!.status).toBe('CANCELED');
    await expect(systems().cancelDocument(target, { kind: 'WDO', docCode: 'NO-SUCH' })).rejects.toMatchObject({ kind: 'REJECTED' });
    // A registration is taken at once; its SYNCED result waits until fetched, once.
    await systems().issueDocument(target, request('ITEM', `ITEM-${stamp}`, 'ITEM'));
    const results = await systems().connectorFor(target)!.fetchResults(target, { kind: 'ITEM' });
    expect(results).toEqual([expect.objectContaining({ type: 'SYNCED', docCode: `ITEM-${stamp}`, externalCode: expect.stringMatching(/^WMS-IT-/) })]);
    await systems().connectorFor(target)!.acknowledgeResults(target, [results[0]!.resultId]);
    expect(await systems().connectorFor(target)!.fetchResults(target, { kind: 'ITEM' })).toEqual([]);
    await expect(systems().issueDocument(target, { ...request('MAPPING', `MAP-${stamp}`, 'MAPPING') })).rejects.toMatchObject({ kind: 'REJECTED' });
    // The scheduled poll finds a registration waiting and hands it to the goods area (which has no request of that code).
    await systems().issueDocument(target, request('ITEM', `ITEM2-${stamp}`, 'ITEM'));
    const polled = await systems().pollAll();
    expect(polled.find((p) => p.warehouseId === w.warehouseId)).toMatchObject({ fetched: 1, refused: 1 });
    expect(await systems().connectorFor(target)!.fetchResults(target, { kind: 'ITEM' })).toEqual([]);
    // An inventory answer whose item lacks its quantity is not taken.
    fake.answerNext(`<response><flag>success</flag><code>0</code><items><item><itemCode>${w.skuCodes[0]}</itemCode></item></items></response>`);
    await expect(systems().qimen.queryInventory(target, { itemCodes: [w.skuCodes[0]!] })).rejects.toMatchObject({ kind: 'SYSTEM_ERROR' });
    fake.setInventory(w.skuCodes[0]!, 42);
    expect(await systems().qimen.queryInventory(target, { itemCodes: [w.skuCodes[0]!, w.skuCodes[1]!] })).toEqual([
      expect.objectContaining({ itemCode: w.skuCodes[0], quantity: 42, inventoryType: 'ZP' }),
      expect.objectContaining({ itemCode: w.skuCodes[1], quantity: 0 }),
    ]);
    // A Qimen warehouse without an owner code cannot be addressed.
    await t.database.db.execute(sql`update warehouses set owner_code = null where id = ${w.warehouseId}`);
    const ownerless = await systems().target(w.domainId, w.warehouseId);
    await expect(systems().issueDocument(ownerless, request('ASN', `ASN2-${stamp}`, 'ASN_PURCHASE'))).rejects.toMatchObject({ kind: 'REJECTED', detail: expect.stringMatching(/owner code/) });
  });

  it('answers that the installation has no Qimen credentials instead of calling, and refuses callbacks then', async () => {
    const w = await inboundWorld(t, { type: 'QIMEN_WAREHOUSE', externalCode: `QMWH-N-${Date.now().toString(36)}` });
    await t.database.db.execute(sql`update warehouses set owner_code = 'OWN-N' where id = ${w.warehouseId}`);
    const target = await systems().target(w.domainId, w.warehouseId);
    const calls = fake.requests.length;
    delete process.env.OPENSELLER_CONNECTOR_QIMEN_APP_SECRET;
    try {
      const refused = await systems()
        .issueDocument(target, { kind: 'ASN', docId: 1, docCode: 'ASN-NOCRED', docType: 'ASN_PURCHASE', lines: [{ lineId: 1, skuId: w.skuIds[0]!, skuCode: w.skuCodes[0]!, skuName: null, barCode: null, qty: 1 }] })
        .catch((e) => e);
      expect(refused).toMatchObject({ kind: 'REJECTED', code: 'ERR_WMS_REJECTED' });
      expect(refused.detail).toMatch(/no app credentials for Qimen/);
      expect(fake.requests.length).toBe(calls);
      const callback = await fake.sendCallback('taobao.qimen.entryorder.confirm', '<request/>', { customerId: 'OWN-N' });
      expect(callback).toMatchObject({ flag: 'failure', code: 'NOT_CONFIGURED' });
    } finally {
      process.env.OPENSELLER_CONNECTOR_QIMEN_APP_SECRET = SECRET;
    }
  });
});
