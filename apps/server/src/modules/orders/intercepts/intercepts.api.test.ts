// Refund holds and intercept tasks over HTTP on a fresh database (issue 14 must-have 4): a buyer's
// refund in the sandbox holds the unshipped order at the next pull (no waybill number, no print,
// no send, no review, each refusal naming the order); a refund after printing opens one intercept
// task however often it is pulled, which the seller confirms (parcel pulled back, waybill number
// recycled) or releases (the order ships); a withdrawn or refused refund releases the hold; a
// refund after shipping is an after-sale document whose goods are awaited; another domain sees
// and changes nothing.
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { decide } from '../../../../test/factories/aftersales.js';
import { generateSandboxOrders, ingestSeller, ingestSkus, ingestWarehouse, ordersOfStore, sandboxStoreSelling } from '../../../../test/factories/orders-ingest.js';
import { putOnHand } from '../../../../test/factories/outbound.js';
import { erpOrders, orderInterceptTasks } from '../../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  process.env.ORDER_PULL_CRON = '0 3 1 1 *';
  process.env.AFTER_SALES_WRITE_BACK_CRON = '0 3 1 1 *';
  t = await createTestApp();
});

const I = '/cloud/advance/interceptTask';
const C = '/cloud/sandbox/console';

async function ok(token: string, path: string, body: Record<string, unknown>) {
  const answer = await t.call(path, body, { token });
  if (!answer.body.success) throw new Error(`${path} refused: ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

/** A seller with a sandbox store whose orders are pulled and reviewed (courier SF, stock in hand). */
async function holdWorld(count = 1) {
  const seller = await ingestSeller(t);
  const skus = await ingestSkus(t, seller.domainId, 1);
  const warehouseId = await ingestWarehouse(t, seller.domainId);
  const { storeId } = await sandboxStoreSelling(t, seller.token, [skus[0]!.code]);
  const orderNos = await generateSandboxOrders(t, seller.token, storeId, count);
  const pull = async () => {
    const run = await ok(seller.token, '/myhome/platformSo/syncStoreOrders', { storeId });
    expect(run.status).toBe('SUCCESS');
    return run;
  };
  await pull();
  await putOnHand(t, seller.domainId, [{ warehouseId, skuId: skus[0]!.id, qty: 1000 }]);
  const orders = await ordersOfStore(t, seller.domainId, storeId);
  const ids = orders.map((o) => Number(o.id));
  await t.database.db.execute(sql`update erp_orders set express_company_code = 'SF', labels = array_remove(labels, 'EXPRESS_MATCH_FAIL') where domain_id = ${seller.domainId}`);
  const verified = await ok(seller.token, '/myhome/erpsoh/verify', { idList: ids });
  expect(verified.failures).toEqual([]);
  const byNo = new Map(orders.map((o) => [String((o.platform_nos as string[])[0]), Number(o.id)]));
  const refund = async (orderNo: string, type = 'REFUND_ONLY') => (await ok(seller.token, `${C}/createRefund`, { storeId, orderNo, type, reason: '不想要了' })).refundId as string;
  const forgetWindow = () => t.database.db.execute(sql`delete from order_sync_states where domain_id = ${seller.domainId} and store_id = ${storeId}`);
  const order = async (id: number) => (await t.database.db.select().from(erpOrders).where(and(eq(erpOrders.domainId, seller.domainId), eq(erpOrders.id, id))))[0]!;
  const tasks = async (orderId?: number) => (await ok(seller.token, `${I}/search`, { orderId, pageSize: 50 })).voList as any[];
  /** The order "printed": a waybill number on it (as a carrier or paper number would be). */
  const number = (id: number) => t.database.db.execute(sql`update erp_orders set express_no = ${'SF' + String(id).padStart(10, '0')} where id = ${id}`);
  return { seller, storeId, warehouseId, orderNos, ids, byNo, pull, refund, forgetWindow, order, tasks, number };
}

const send = (token: string, id: number) => ok(token, '/myhome/sendsoh/sendErpSoHList', { idList: [id] });

describe('a refund on an unshipped order', () => {
  it('holds it at the next pull: no waybill number, no print, no send, each refused naming the order', async () => {
    const w = await holdWorld();
    const [no] = w.orderNos;
    const id = w.byNo.get(no!)!;
    await w.refund(no!);
    await w.pull();
    const held = await w.order(id);
    expect(held).toMatchObject({ haveRefund: true, intercepted: true, interceptReason: 'REFUND' });

    const taken = await ok(w.seller.token, '/myhome/print/eTrackGetNoAndPrint', { idList: [id] });
    expect(taken.successIds).toEqual([]);
    expect(taken.failures[0]).toMatchObject({ id, errorCode: 'ERR_ORDER_REFUND_HOLD' });
    expect(taken.failures[0].message).toContain(held.code);

    // A number that reached the order anyway (taken just before the refund): printing and sending still refuse.
    await w.number(id);
    const templates = await ok(w.seller.token, '/myhome/template/getSysPrintTemplates', {});
    const printed = await ok(w.seller.token, '/myhome/print/getPrintInfo', { idList: [id], templateId: templates.voList[0].id, indexSeq: 1, batchSeq: 1 });
    expect(printed.successIds).toEqual([]);
    expect(printed.failures[0]).toMatchObject({ id, errorCode: 'ERR_ORDER_REFUND_HOLD' });
    expect(printed.failures[0].message).toContain(held.code);
    expect((await w.order(id)).expressPrintTime).toBeNull();

    const sent = await send(w.seller.token, id);
    expect(sent.successIds).toEqual([]);
    expect(sent.failures[0]).toMatchObject({ id, errorCode: 'ERR_ORDER_REFUND_HOLD' });
    expect(sent.failures[0].message).toContain(held.code);
    expect((await w.order(id)).statusCode).toBe('CI_ERPSOH_STATUS_VERIFIED');
  });

  it('is released when the buyer withdraws the refund, and the order ships', async () => {
    const w = await holdWorld();
    const id = w.byNo.get(w.orderNos[0]!)!;
    const refundId = await w.refund(w.orderNos[0]!);
    await w.pull();
    expect(await w.order(id)).toMatchObject({ haveRefund: true });
    await ok(w.seller.token, `${C}/cancelRefund`, { storeId: w.storeId, refundId });
    await w.pull();
    expect(await w.order(id)).toMatchObject({ haveRefund: false, intercepted: false, interceptReason: null });
    await w.number(id);
    expect((await send(w.seller.token, id)).successIds).toEqual([id]);
  });

  it('made by hand as an after-sale document holds the order, and refusing the refund releases it', async () => {
    const w = await holdWorld();
    const id = w.byNo.get(w.orderNos[0]!)!;
    const lines = await t.database.db.execute<{ id: number; qty: number }>(sql`select id, qty from erp_order_lines where order_id = ${id} order by id`);
    const doc = await ok(w.seller.token, '/cloud/advance/afterSales/create', {
      erpSoHId: id,
      type: 'REFUND_ONLY',
      returnDetailDtos: [{ erpSodId: Number(lines.rows[0]!.id), skuNum: 1 }],
    });
    expect(await w.order(id)).toMatchObject({ haveRefund: true, intercepted: true, interceptReason: 'REFUND' });
    await w.number(id);
    expect((await send(w.seller.token, id)).failures[0]).toMatchObject({ errorCode: 'ERR_ORDER_REFUND_HOLD' });
    expect((await decide(t, w.seller.token, 'refuseRefund', [doc])).succeeded).toEqual([doc.id]);
    expect(await w.order(id)).toMatchObject({ haveRefund: false, intercepted: false });
    expect((await send(w.seller.token, id)).successIds).toEqual([id]);
  });
});

describe('a refund and a waybill number at the same moment', () => {
  it('never leave a numbered order without its intercept task: either the number is refused or the task opens', async () => {
    const w = await holdWorld(3);
    await ok(w.seller.token, '/myhome/expressCompany/addUserExpressCompany', { codes: ['SF'] }).catch(() => undefined);
    await ok(w.seller.token, '/myhome/lastexpressno/updateLastNo', { expressCompanyCode: 'SF', lastNo: 'SF100000', increment: 1 });
    for (const no of w.orderNos) await w.refund(no);
    await Promise.all([w.pull(), ok(w.seller.token, '/myhome/print/paperyPrint', { idList: w.ids })]);
    for (const id of w.ids) {
      const o = await w.order(id);
      expect(o.haveRefund).toBe(true);
      const tasks = await w.tasks(id);
      expect(tasks.length, `order ${o.code} numbered ${o.expressNo}`).toBe(o.expressNo ? 1 : 0);
    }
  });
});

describe('a refund after printing', () => {
  it('opens one intercept task however often and however concurrently it is pulled', async () => {
    const w = await holdWorld();
    const id = w.byNo.get(w.orderNos[0]!)!;
    await w.number(id);
    const refundId = await w.refund(w.orderNos[0]!);
    await Promise.all([w.pull(), w.pull(), w.pull()]);
    await w.forgetWindow();
    await w.pull();
    const rows = await t.database.db.select().from(orderInterceptTasks).where(eq(orderInterceptTasks.domainId, w.seller.domainId));
    expect(rows).toHaveLength(1);
    const [task] = await w.tasks(id);
    expect(task).toMatchObject({ orderId: id, status: 'OPEN', refundKey: refundId, expressNo: 'SF' + String(id).padStart(10, '0'), platformNo: w.orderNos[0] });
    // Listed in tab 5 as intercepted.
    const tab5 = await ok(w.seller.token, '/myhome/erpsoh/searchErpSoHPageList', { activeKey: '5', type: 'intercepted', currentPage: 1, pageSize: 10 });
    expect(tab5.voList.map((o: any) => o.id)).toEqual([id]);
  });

  it('released by the seller lets the order ship; the same refund pulled again does not hold it again', async () => {
    const w = await holdWorld();
    const id = w.byNo.get(w.orderNos[0]!)!;
    await w.number(id);
    await w.refund(w.orderNos[0]!);
    await w.pull();
    const [task] = await w.tasks(id);
    expect((await send(w.seller.token, id)).failures[0]).toMatchObject({ errorCode: 'ERR_ORDER_REFUND_HOLD' });

    const released = await ok(w.seller.token, `${I}/release`, { list: [{ id: task.id, version: task.version }] });
    expect(released).toEqual({ succeeded: [task.id], refusals: [] });
    expect((await w.tasks(id))[0]).toMatchObject({ status: 'RELEASED', resolvedByName: expect.any(String) });
    expect(await w.order(id)).toMatchObject({ haveRefund: false, intercepted: false });

    await w.forgetWindow();
    await w.pull();
    expect(await w.order(id)).toMatchObject({ haveRefund: false, intercepted: false });

    // Released once: released again or confirmed, the task refuses (a stale version too).
    const again = await ok(w.seller.token, `${I}/confirm`, { list: [{ id: task.id, version: task.version + 1 }] });
    expect(again.refusals[0]).toMatchObject({ id: task.id, code: 'ERR_INTERCEPT_TASK_STATE' });
    const stale = await ok(w.seller.token, `${I}/release`, { list: [{ id: task.id, version: task.version }] });
    expect(stale.refusals[0]).toMatchObject({ id: task.id, code: 'ERR_VERSION_CONFLICT' });

    expect((await send(w.seller.token, id)).successIds).toEqual([id]);
  });

  it('confirmed by the seller is INTERCEPTED: the waybill number is recycled and the order stays held', async () => {
    const w = await holdWorld();
    const id = w.byNo.get(w.orderNos[0]!)!;
    await w.number(id);
    await w.refund(w.orderNos[0]!);
    await w.pull();
    const [task] = await w.tasks(id);
    const confirmed = await ok(w.seller.token, `${I}/confirm`, { list: [{ id: task.id, version: task.version }] });
    expect(confirmed.succeeded).toEqual([task.id]);
    expect((await w.tasks(id))[0]).toMatchObject({ status: 'INTERCEPTED', expressNo: 'SF' + String(id).padStart(10, '0'), currentExpressNo: null });
    expect(await w.order(id)).toMatchObject({ expressNo: null, haveRefund: true, intercepted: true });
    const logs = await t.database.db.execute<{ action: string }>(sql`select action from operation_logs where domain_id = ${w.seller.domainId} and entity_id = ${String(id)} and area = 'orders' order by id`);
    expect(logs.rows.map((r) => r.action)).toEqual(expect.arrayContaining(['intercept', 'openInterceptTask', 'confirmIntercept']));
  });

  it('withdrawn by the buyer releases the task and the order at the next pull', async () => {
    const w = await holdWorld();
    const id = w.byNo.get(w.orderNos[0]!)!;
    await w.number(id);
    const refundId = await w.refund(w.orderNos[0]!);
    await w.pull();
    await ok(w.seller.token, `${C}/cancelRefund`, { storeId: w.storeId, refundId });
    await w.pull();
    expect((await w.tasks(id))[0]).toMatchObject({ status: 'RELEASED' });
    expect(await w.order(id)).toMatchObject({ haveRefund: false, intercepted: false });
  });

  it('belongs to its domain: another seller neither lists nor releases nor confirms it', async () => {
    const w = await holdWorld();
    const id = w.byNo.get(w.orderNos[0]!)!;
    await w.number(id);
    await w.refund(w.orderNos[0]!);
    await w.pull();
    const [task] = await w.tasks(id);
    const other = await ingestSeller(t);
    expect((await ok(other.token, `${I}/search`, {})).total).toBe(0);
    const release = await ok(other.token, `${I}/release`, { list: [{ id: task.id, version: task.version }] });
    expect(release.refusals[0]).toMatchObject({ id: task.id, code: 'ERR_NOT_FOUND' });
    const confirm = await ok(other.token, `${I}/confirm`, { list: [{ id: task.id, version: task.version }] });
    expect(confirm.refusals[0]).toMatchObject({ id: task.id, code: 'ERR_NOT_FOUND' });
    expect((await w.tasks(id))[0]).toMatchObject({ status: 'OPEN', version: task.version });
  });

  it('refuses a malformed call naming the field', async () => {
    const w = await holdWorld();
    const answer = await t.call(`${I}/release`, { list: [] }, { token: w.seller.token });
    expect(answer.body).toMatchObject({ success: false, errorCode: 'ERR_VALIDATION' });
    expect(JSON.stringify(answer.body.fields)).toContain('list');
  });
});

describe('a refund after shipping', () => {
  it('neither holds nor intercepts: it is an after-sale document whose goods are awaited once the return is agreed', async () => {
    const w = await holdWorld();
    const id = w.byNo.get(w.orderNos[0]!)!;
    await w.number(id);
    expect((await send(w.seller.token, id)).successIds).toEqual([id]);
    await t.database.db.execute(sql`update sandbox_orders set status = 'WAIT_BUYER_CONFIRM_GOODS', updated_at = now() where order_no = ${w.orderNos[0]!}`);
    const refundId = await w.refund(w.orderNos[0]!, 'RETURN_REFUND');
    await w.pull();
    expect(await w.order(id)).toMatchObject({ statusCode: 'CI_ERPSOH_STATUS_SEND', haveRefund: false, intercepted: false });
    expect(await w.tasks(id)).toEqual([]);
    const docs = (await ok(w.seller.token, '/cloud/advance/afterSales/search', { storeIdList: [w.storeId] })).voList as any[];
    const doc = docs.find((d) => d.platformRefundId === refundId);
    expect(doc).toMatchObject({ type: 'RETURN_REFUND', refundPhase: 'AFTER_SALE', refundStatus: 'VERIFY', receiptStatus: 'NONE' });
    const agreed = await decide(t, w.seller.token, 'agreeReturn', [doc], { returnWhId: w.warehouseId });
    expect(agreed.refusals).toEqual([]);
    const after = await ok(w.seller.token, '/cloud/advance/afterSales/get', { id: doc.id });
    expect(after).toMatchObject({ receiptStatus: 'WAITING', checkStatus: 'PROCESSING' });
    expect(after.rmaId).toEqual(expect.any(Number));
  });
});
