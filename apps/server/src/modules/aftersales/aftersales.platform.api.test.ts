// After-sales from the platforms over HTTP, on a fresh database: the sandbox buyer's refund,
// return and exchange requests become one document each through the store pull (pulled again,
// changed on the platform, or pulled twice at once), the seller's decisions are written back
// (sent, failed and listed as abnormal, retried by sync, an ended token refreshed), and the
// replacement order of an exchange or a reissue is made through the orders pipeline, now or
// once the return is all in, linked both ways with the difference in value.
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { afterSalesWorld, createAfterSale, decide, getAfterSale } from '../../../test/factories/aftersales.js';
import { generateSandboxOrders, ingestSeller, ingestSkus, sandboxStoreSelling } from '../../../test/factories/orders-ingest.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { afterSales, erpOrders, operationLogs } from '../../db/schema/index.js';
import type { AfterSalesPlatform } from './aftersales.platform.js';

let t: TestApp;
beforeAll(async () => {
  // The scheduled runs would race the tests' own pulls and write-backs.
  process.env.ORDER_PULL_CRON = '0 3 1 1 *';
  process.env.AFTER_SALES_WRITE_BACK_CRON = '0 3 1 1 *';
  t = await createTestApp();
});

const A = '/cloud/advance/afterSales';
const C = '/cloud/sandbox/console';

async function platformWorld() {
  const seller = await ingestSeller(t);
  const skus = await ingestSkus(t, seller.domainId, 1);
  const { storeId } = await sandboxStoreSelling(t, seller.token, [skus[0]!.code]);
  const [orderNo] = await generateSandboxOrders(t, seller.token, storeId, 1);
  const pull = async () => {
    const run = await t.call('/myhome/platformSo/syncStoreOrders', { storeId }, { token: seller.token });
    expect(run.body.data.status).toBe('SUCCESS');
    return run.body.data as { afterSalesCreated: number; afterSalesUpdated: number };
  };
  await pull();
  const console = async (call: string, body: Record<string, unknown>) => {
    const answer = await t.call(`${C}/${call}`, { storeId, ...body }, { token: seller.token });
    expect(answer.body.success, JSON.stringify(answer.body)).toBe(true);
    return answer.body.data;
  };
  /** The next pull reads the whole window again (the refunds already pulled come again). */
  const forgetWindow = () => t.database.db.execute(sql`delete from order_sync_states where domain_id = ${seller.domainId} and store_id = ${storeId}`);
  const documents = async () => (await t.call(`${A}/search`, { storeIdList: [storeId] }, { token: seller.token })).body.data.voList as any[];
  const sandboxRefund = async (refundId: string) => ((await console('refunds', {})).voList as any[]).find((r) => r.refundId === refundId);
  return { seller, storeId, orderNo: orderNo!, pull, console, forgetWindow, documents, sandboxRefund };
}

describe('platform refunds become after-sale documents', () => {
  it('makes one PLATFORM document per refund: pulled twice it stays one, a change on the platform updates its mirror only', async () => {
    const p = await platformWorld();
    const { refundId } = await p.console('createRefund', { orderNo: p.orderNo, reason: '不想要了' });
    expect((await p.pull()).afterSalesCreated).toBe(1);
    const [doc] = await p.documents();
    expect(doc).toMatchObject({
      source: 'PLATFORM',
      type: 'REFUND_ONLY',
      platformRefundId: refundId,
      platformStatus: 'WAIT_SELLER_AGREE',
      tbSohCode: p.orderNo,
      afterSalesReason: '不想要了',
      checkStatus: 'UNPROCESSED',
      refundStatus: 'VERIFY',
      writeBackStatus: null,
      refundPhase: 'ON_SALE',
    });
    expect(doc.erpSoHCode).toEqual(expect.any(String));
    expect(doc.returnDetailDtos.length).toBeGreaterThan(0);

    await p.forgetWindow();
    expect((await p.pull()).afterSalesCreated).toBe(0);
    expect(await p.documents()).toHaveLength(1);

    // The buyer withdraws the request on the platform: the mirror follows, the local states stay.
    await p.console('cancelRefund', { refundId });
    expect((await p.pull()).afterSalesUpdated).toBe(1);
    const all = await p.documents();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ id: doc.id, platformStatus: 'CLOSED', checkStatus: 'UNPROCESSED', refundStatus: 'VERIFY', version: doc.version + 1 });
    const log = await t.database.db.select().from(operationLogs).where(and(eq(operationLogs.area, 'aftersales'), eq(operationLogs.entityId, String(doc.id))));
    expect(log.map((l) => l.action)).toEqual(['platformPull', 'platformUpdate']);
  });

  it('makes one document when two pulls read the same refund at the same time', async () => {
    const p = await platformWorld();
    await p.console('createRefund', { orderNo: p.orderNo });
    const runs = await Promise.all([
      t.call('/myhome/platformSo/syncStoreOrders', { storeId: p.storeId }, { token: p.seller.token }),
      t.call('/myhome/platformSo/syncStoreOrders', { storeId: p.storeId }, { token: p.seller.token }),
    ]);
    expect(runs.map((r) => r.body.data.status)).toEqual(['SUCCESS', 'SUCCESS']);
    expect(runs.reduce((n, r) => n + r.body.data.afterSalesCreated, 0)).toBe(1);
    const rows = await t.database.db.select().from(afterSales).where(eq(afterSales.domainId, p.seller.domainId));
    expect(rows).toHaveLength(1);
  });

  it('pulls a return of a shipped order with the buyer’s parcel, and an exchange sending the same goods again', async () => {
    const p = await platformWorld();
    // The order ships on the platform (the sandbox takes the shipping feedback of the seller's own).
    await t.database.db.execute(sql`update sandbox_orders set status = 'WAIT_BUYER_CONFIRM_GOODS', updated_at = now() where order_no = ${p.orderNo}`);
    const ret = await p.console('createRefund', { orderNo: p.orderNo, type: 'RETURN_REFUND' });
    const exchange = await p.console('createRefund', { orderNo: p.orderNo, type: 'EXCHANGE' });
    await p.pull();
    const byRefund = new Map((await p.documents()).map((d) => [d.platformRefundId, d]));
    expect(byRefund.get(ret.refundId)).toMatchObject({ type: 'RETURN_REFUND', refundStatus: 'VERIFY', receiptStatus: 'NONE' });
    const ex = byRefund.get(exchange.refundId);
    expect(ex).toMatchObject({ type: 'EXCHANGE', refundStatus: null, refundFee: '0.0000', valueDifference: '0.0000' });
    expect(ex.exchangeDetailDtos.map((l: any) => [l.skuCode, l.skuNum])).toEqual(ex.returnDetailDtos.map((l: any) => [l.skuCode, l.skuNum]));
    // The seller agrees the return on the platform's side (the sandbox's clock: 48 hours unanswered), the buyer sends the parcel.
    await t.database.db.execute(sql`update sandbox_refunds set created_at = now() - interval '49 hours' where refund_id = ${ret.refundId}`);
    await p.pull();
    expect((await p.sandboxRefund(ret.refundId)).status).toBe('WAIT_BUYER_RETURN_GOODS');
    await p.console('returnGoods', { refundId: ret.refundId, expressNo: 'SF7700112233' });
    await p.pull();
    expect((await p.documents()).find((d) => d.platformRefundId === ret.refundId)).toMatchObject({ platformStatus: 'WAIT_SELLER_CONFIRM_GOODS', buyerExpressNo: 'SF7700112233', checkStatus: 'UNPROCESSED' });
    // The list's keyword finds pulled documents by their order's code (kept on the document).
    const orderCode = ex.erpSoHCode as string;
    expect(orderCode).toBeTruthy();
    const found = (await t.call(`${A}/search`, { orderKeyWord: orderCode.slice(2) }, { token: p.seller.token })).body.data.voList as any[];
    expect(found.map((d) => d.platformRefundId).sort()).toEqual([ret.refundId, exchange.refundId].sort());
  });

  it('makes no documents for a store whose “pull after-sale requests” is off (the order is still held)', async () => {
    const p = await platformWorld();
    await t.database.db.execute(sql`update stores set sync_config = coalesce(sync_config, '{}'::jsonb) || '{"syncAfterSales": false}'::jsonb where id = ${p.storeId}`);
    await p.console('createRefund', { orderNo: p.orderNo });
    expect((await p.pull()).afterSalesCreated).toBe(0);
    expect(await p.documents()).toEqual([]);
    const held = await t.database.db.select().from(erpOrders).where(and(eq(erpOrders.domainId, p.seller.domainId), eq(erpOrders.storeId, p.storeId)));
    expect(held[0]).toMatchObject({ intercepted: true });
  });

  it('refuses a return request on an unshipped order in the sandbox console', async () => {
    const p = await platformWorld();
    const answer = await t.call(`${C}/createRefund`, { storeId: p.storeId, orderNo: p.orderNo, type: 'RETURN_REFUND' }, { token: p.seller.token });
    expect(answer.body.errorCode).toBe('ERR_STORES_SANDBOX_ORDER_STATE');
  });
});

describe('decisions written back to the platform', () => {
  async function pulledRefund() {
    const p = await platformWorld();
    const { refundId } = await p.console('createRefund', { orderNo: p.orderNo });
    await p.pull();
    const [doc] = await p.documents();
    const waitFor = (status: string) =>
      t.waitFor(
        () => getAfterSale(t, p.seller.token, doc.id),
        (d) => d.writeBackStatus === status,
      );
    return { ...p, refundId, doc, waitFor };
  }

  it('leaves an agreed refund TO_SEND, then the job sends it: SENT, and the platform paid it', async () => {
    const p = await pulledRefund();
    const result = await decide(t, p.seller.token, 'agreeRefund', [p.doc]);
    expect(result.refusals).toEqual([]);
    const sent = await p.waitFor('SENT');
    expect(sent).toMatchObject({ refundStatus: 'WAIT', writeBackStatus: 'SENT', writeBackError: null });
    expect(sent.writeBackAt).toEqual(expect.any(String));
    expect((await p.sandboxRefund(p.refundId)).status).toBe('SUCCESS');
    const calls = (await p.console('calls', { operation: 'pushAfterSaleDecisions' })).voList;
    expect(calls[0]).toMatchObject({ outcome: 'OK' });
  });

  it('keeps the version when the write-back settles: the next decision on the document as the seller read it is not refused', async () => {
    const p = await pulledRefund();
    expect((await decide(t, p.seller.token, 'agreeRefund', [p.doc])).succeeded).toEqual([p.doc.id]);
    // As the seller's list showed it after agreeing (the decision raised the version by one).
    const shown = { id: p.doc.id, version: p.doc.version + 1 };
    expect(await p.waitFor('SENT')).toMatchObject({ version: shown.version, refundStatus: 'WAIT' });
    const finished = await decide(t, p.seller.token, 'refundFinish', [shown]);
    expect(finished).toMatchObject({ succeeded: [p.doc.id], refusals: [] });
    expect(await getAfterSale(t, p.seller.token, p.doc.id)).toMatchObject({ refundStatus: 'SUCCESS', checkStatus: 'COMPLETED', version: shown.version + 1 });
  });

  it('marks a failed write-back FAILED, lists it as abnormal, and sync sends it again', async () => {
    const p = await pulledRefund();
    await p.console('forceFailures', { failures: [{ kind: 'ERROR', operation: 'pushAfterSaleDecisions' }] });
    await decide(t, p.seller.token, 'refuseRefund', [p.doc]);
    const failed = await p.waitFor('FAILED');
    expect(failed.writeBackError).toMatch(/PLATFORM_ERROR/);
    expect(failed).toMatchObject({ refundStatus: 'REJECT', checkStatus: 'CLOSED' });
    const abnormal = (await t.call(`${A}/searchAbnormal`, {}, { token: p.seller.token })).body.data.voList;
    expect(abnormal.map((d: any) => d.id)).toEqual([p.doc.id]);
    expect((await p.sandboxRefund(p.refundId)).status).toBe('WAIT_SELLER_AGREE');

    expect((await decide(t, p.seller.token, 'sync', [failed])).refusals).toEqual([]);
    await p.waitFor('SENT');
    expect((await p.sandboxRefund(p.refundId)).status).toBe('SELLER_REFUSE_BUYER');
    expect((await t.call(`${A}/searchAbnormal`, {}, { token: p.seller.token })).body.data.voList).toEqual([]);
  });

  it('refreshes an ended access token and sends; a refund the buyer withdrew meanwhile fails with the platform’s reason', async () => {
    const p = await pulledRefund();
    await p.console('forceFailures', { failures: [{ kind: 'TOKEN_EXPIRED', operation: 'pushAfterSaleDecisions' }] });
    await decide(t, p.seller.token, 'agreeRefund', [p.doc]);
    await p.waitFor('SENT');

    const other = await pulledRefund();
    await other.console('cancelRefund', { refundId: other.refundId });
    await decide(t, other.seller.token, 'agreeRefund', [other.doc]);
    const failed = await other.waitFor('FAILED');
    expect(failed.writeBackError).toContain('can no longer be decided');
  });

  it('sends a decision once when two write-back runs start together', async () => {
    const p = await pulledRefund();
    // The job's own run must not take part: the decision is made straight in the table.
    await t.database.db.update(afterSales).set({ writeBackStatus: 'TO_SEND', refundStatus: 'WAIT', checkStatus: 'PROCESSING' }).where(eq(afterSales.id, p.doc.id));
    const platform = t.app.services.registry.get<AfterSalesPlatform>('after-sales-platform');
    const sent = await Promise.all([platform.writeBackDue(p.seller.domainId), platform.writeBackDue(p.seller.domainId)]);
    expect(sent.sort()).toEqual([0, 1]);
    expect(await getAfterSale(t, p.seller.token, p.doc.id)).toMatchObject({ writeBackStatus: 'SENT' });
    const calls = (await p.console('calls', { operation: 'pushAfterSaleDecisions' })).voList;
    expect(calls).toHaveLength(1);
  });

  it('sends nothing for documents made by hand (no write-back)', async () => {
    const { w, order } = await afterSalesWorld(t);
    const doc = await createAfterSale(t, w.token, { erpSoHId: order.id, type: 'REFUND_ONLY', refundFee: '5' });
    await decide(t, w.token, 'agreeRefund', [doc]);
    expect(await getAfterSale(t, w.token, doc.id)).toMatchObject({ writeBackStatus: null, refundStatus: 'WAIT' });
  });
});

describe('replacement orders of exchanges and reissues', () => {
  const exchange = (order: { id: number; lineIds: number[] }, skuId: number, extra: Record<string, unknown> = {}) => ({
    erpSoHId: order.id,
    type: 'EXCHANGE',
    returnDetailDtos: [{ erpSodId: order.lineIds[0], skuNum: 1 }],
    exchangeDetailDtos: [{ skuId, skuNum: 1, skuPrice: '45' }],
    ...extra,
  });

  it('makes the replacement order now through the orders pipeline, linked both ways, with the charge to the buyer', async () => {
    const { w, order } = await afterSalesWorld(t);
    const doc = await createAfterSale(t, w.token, exchange(order, w.skuIds[1]!, { replacementMode: 'NOW' }));
    // 45 out, 30 back: the buyer owes 15.
    expect(doc).toMatchObject({ replacementMode: 'NOW', checkStatus: 'PROCESSING', valueDifference: '15.0000' });
    expect(doc.replacementOrderId).toEqual(expect.any(Number));
    const [made] = await t.database.db.select().from(erpOrders).where(and(eq(erpOrders.domainId, w.domainId), eq(erpOrders.id, doc.replacementOrderId)));
    expect(made).toMatchObject({ code: doc.replacementOrderCode, storeId: w.storeId, receiverName: '张三丰', sellerRemark: `换货 ${doc.code}` });
    // The order shows its after-sale: the documents of the replacement order.
    const ofOrder = (await t.call(`${A}/search`, { erpOrderId: doc.replacementOrderId }, { token: w.token })).body.data.voList;
    expect(ofOrder.map((d: any) => d.id)).toEqual([doc.id]);
    const again = await decide(t, w.token, 'replacement', [doc], { replacementMode: 'NOW' });
    expect(again.refusals).toEqual([expect.objectContaining({ code: 'ERR_AFTERSALES_REPLACEMENT_NOT_ALLOWED' })]);
  });

  it('waits for the return to be all in when the seller chooses so, then sync makes the order; a cheaper replacement is a refund', async () => {
    const { w, order } = await afterSalesWorld(t);
    const doc = await createAfterSale(t, w.token, exchange(order, w.skuIds[1]!, { exchangeDetailDtos: [{ skuId: w.skuIds[1], skuNum: 1, skuPrice: '12.5' }] }));
    expect(doc).toMatchObject({ replacementMode: null, replacementOrderId: null, valueDifference: '-17.5000' });
    expect((await decide(t, w.token, 'replacement', [doc], { replacementMode: 'AFTER_RECEIPT' })).refusals).toEqual([]);
    let now = await getAfterSale(t, w.token, doc.id);
    expect(now).toMatchObject({ replacementMode: 'AFTER_RECEIPT', replacementOrderId: null });
    await decide(t, w.token, 'agreeReturn', [now]);
    now = await getAfterSale(t, w.token, doc.id);
    // Nothing in yet: sync makes no order.
    await decide(t, w.token, 'sync', [now]);
    now = await getAfterSale(t, w.token, doc.id);
    expect(now.replacementOrderId).toBeNull();
    await t.call('/myhome/rma/updateRmaListInventory', { idList: [now.rmaId] }, { token: w.token });
    await decide(t, w.token, 'sync', [now]);
    now = await getAfterSale(t, w.token, doc.id);
    expect(now).toMatchObject({ receiptStatus: 'ALL', replacementOrderCode: expect.any(String) });
  });

  it('refuses a replacement for a refund, and a reissue waiting for a return that never comes', async () => {
    const { w, order } = await afterSalesWorld(t);
    const refund = await createAfterSale(t, w.token, { erpSoHId: order.id, type: 'REFUND_ONLY', refundFee: '5' });
    const refused = await decide(t, w.token, 'replacement', [refund], { replacementMode: 'NOW' });
    expect(refused.refusals[0]).toMatchObject({ code: 'ERR_AFTERSALES_REPLACEMENT_NOT_ALLOWED' });
    const reissue = await createAfterSale(t, w.token, { erpSoHId: order.id, type: 'REISSUE', exchangeDetailDtos: [{ skuId: w.skuIds[0], skuNum: 1 }] });
    expect(reissue.valueDifference).toBe('0.0000');
    const wrong = await decide(t, w.token, 'replacement', [reissue], { replacementMode: 'AFTER_RECEIPT' });
    expect(wrong.refusals[0]).toMatchObject({ code: 'ERR_AFTERSALES_REPLACEMENT_MODE_INVALID' });
    const bad = await t.call(`${A}/create`, { erpSoHId: order.id, type: 'REFUND_ONLY', refundFee: '1', replacementMode: 'NOW' }, { token: w.token });
    expect(bad.status).toBe(400);
  });

  it('does not let another domain choose a replacement for a document', async () => {
    const { w, order } = await afterSalesWorld(t);
    const doc = await createAfterSale(t, w.token, exchange(order, w.skuIds[1]!));
    const other = await afterSalesWorld(t);
    const answer = await decide(t, other.w.token, 'replacement', [doc], { replacementMode: 'NOW' });
    expect(answer.refusals[0]).toMatchObject({ code: 'ERR_NOT_FOUND' });
    expect((await getAfterSale(t, w.token, doc.id)).replacementOrderId).toBeNull();
  });
});
