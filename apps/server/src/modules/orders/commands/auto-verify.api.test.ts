// Automatic review, header labels, the forced close of platform-cancelled orders, the check log and
// the syscode lists, over HTTP: the rule saved and refused, orders let through reviewed (stock
// allocated) and the others kept with their reason, another seller untouched, a sub-account
// without the configuration menu cannot change the rule.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/harness.js';
import { insertOrder, type OrderSeed } from '../../../../test/factories/orders.js';
import { balanceOf, outboundWorld, putOnHand, type OutboundWorld } from '../../../../test/factories/outbound.js';
import { signedInStaff, storeRow } from '../../../../test/factories/warehouses.js';
import { createAutoVerifyService } from './auto-verify.js';
import { createOrderCommandsService } from './commands.service.js';

// The job's schedule is moved out of the way (1 January, 03:00) so that it cannot review these
// orders between a test's steps; the job itself is run by hand below.
process.env.ORDER_AUTO_VERIFY_CRON = '0 3 1 1 *';
const t = await createTestApp();
const { db } = t.database;

interface World extends OutboundWorld {
  storeId: number;
  otherStoreId: number;
}

async function world(): Promise<World> {
  const w = await outboundWorld(t, { locations: 1, skus: 2 });
  const store = await storeRow(t, w.domainId);
  const other = await storeRow(t, w.domainId);
  await putOnHand(t, w.domainId, [{ warehouseId: w.warehouseId, locationId: w.locationIds[0]!, skuId: w.skuIds[0]!, qty: 100 }, { warehouseId: w.warehouseId, locationId: w.locationIds[0]!, skuId: w.skuIds[1]!, qty: 100 }]);
  return { ...w, storeId: store.id, otherStoreId: other.id };
}

const order = async (w: World, seed: Partial<OrderSeed> & { amount?: string; remark?: string } = {}) => {
  const o = await insertOrder(t, w.domainId, { storeId: w.storeId, warehouseId: w.warehouseId, expressCompanyCode: 'SF', lines: [{ skuId: w.skuIds[0]!, qty: 1 }], payTime: new Date(Date.now() - 3_600_000), ...seed });
  await db.execute(sql`update erp_orders set amount_total = ${seed.amount ?? '50'}, seller_remark = ${seed.remark ?? null} where id = ${o.id}`);
  return o;
};
const status = async (id: number) => (await db.execute<{ status_code: string; auto_verify_hold: string | null; labels: string[] }>(sql`select status_code, auto_verify_hold, labels from erp_orders where id = ${id}`)).rows[0]!;

const save = (token: string, rule: Record<string, unknown>) => t.call('/myhome/erpsoh/saveAutoVerifyRule', rule, { token });
const run = (token: string) => t.call('/myhome/erpsoh/autoVerify', undefined, { token, method: 'GET' });

describe('automatic review', () => {
  it('does nothing while the rule is off, and saves a rule with its version', async () => {
    const w = await world();
    const o = await order(w);
    const off = await run(w.token);
    expect(off.body.data).toEqual({ enabled: false, checked: 0, successIds: [], held: [], failures: [] });
    expect((await status(o.id)).status_code).toBe('CI_ERPSOH_STATUS_NORMAL');
    const rule = await t.call('/myhome/erpsoh/getAutoVerifyRule', {}, { token: w.token });
    expect(rule.body.data).toMatchObject({ enabled: false, version: 0 });
    const saved = await save(w.token, { enabled: true, amountMax: '100', version: 0 });
    expect(saved.body.data).toMatchObject({ enabled: true, amountMax: '100', amountMin: null, version: 1 });
    const stale = await save(w.token, { enabled: false, version: 0 });
    expect(stale.body).toMatchObject({ success: false, errorCode: 'ERR_VERSION_CONFLICT' });
  });

  it('reviews the orders the rule lets through and keeps the others with the reason', async () => {
    const w = await world();
    const good = await order(w);
    const otherStore = await order(w, { storeId: w.otherStoreId });
    const dear = await order(w, { amount: '500' });
    const remarked = await order(w, { remark: '请送货上门' });
    const wrongSku = await order(w, { lines: [{ skuId: w.skuIds[1]!, qty: 1 }] });
    const fresh = await order(w, { payTime: new Date() });
    const locked = await order(w, { locked: true });
    expect((await save(w.token, { enabled: true, storeIdList: [w.storeId], amountMin: '10', amountMax: '100', skuCodeList: [w.skuCodes[0]!], remarkRule: 'NONE', minutesAfterPay: 30 })).body.success).toBe(true);

    const result = (await run(w.token)).body.data;
    expect(result.successIds).toEqual([good.id]);
    expect(Object.fromEntries(result.held.map((h: any) => [h.id, h.reason]))).toEqual({
      [otherStore.id]: 'AUTO_VERIFY_STORE',
      [dear.id]: 'AUTO_VERIFY_AMOUNT_HIGH',
      [remarked.id]: 'AUTO_VERIFY_HAS_REMARK',
      [wrongSku.id]: 'AUTO_VERIFY_SKU',
      [fresh.id]: 'AUTO_VERIFY_TOO_SOON',
    });
    expect(await status(good.id)).toMatchObject({ status_code: 'CI_ERPSOH_STATUS_VERIFIED', auto_verify_hold: null });
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toMatchObject({ allocated: 1 });
    expect(await status(dear.id)).toMatchObject({ status_code: 'CI_ERPSOH_STATUS_NORMAL', auto_verify_hold: 'AUTO_VERIFY_AMOUNT_HIGH' });
    expect((await status(locked.id)).status_code).toBe('CI_ERPSOH_STATUS_NORMAL');
    // The reason is on the order's row for the list and the detail.
    const detail = await t.call('/myhome/erpsoh/getErpSoH', { id: remarked.id }, { token: w.token });
    expect(detail.body.data.autoVerifyHold).toBe('AUTO_VERIFY_HAS_REMARK');
  });

  it('keeps an order the review itself refuses, with the refusal as its reason', async () => {
    const w = await world();
    const noCourier = await order(w, { expressCompanyCode: null });
    await save(w.token, { enabled: true });
    const result = (await run(w.token)).body.data;
    expect(result.failures).toEqual([expect.objectContaining({ id: noCourier.id, errorCode: 'ERR_ORDER_NO_EXPRESS' })]);
    expect((await status(noCourier.id)).auto_verify_hold).toBe('ERR_ORDER_NO_EXPRESS');
  });

  it('is run by the job for every domain whose rule is on, in the name of autoVerify', async () => {
    const w = await world();
    const off = await world();
    const o = await order(w);
    const untouched = await order(off);
    await save(w.token, { enabled: true });
    const service = createAutoVerifyService({ database: t.database, commands: createOrderCommandsService({ database: t.database }), now: () => new Date() });
    await service.runDue();
    expect((await status(o.id)).status_code).toBe('CI_ERPSOH_STATUS_VERIFIED');
    expect((await status(untouched.id)).status_code).toBe('CI_ERPSOH_STATUS_NORMAL');
    const log = await db.execute<{ login_name: string }>(sql`select login_name from operation_logs where entity_type = 'erp_order' and entity_id = ${String(o.id)} and action = 'verify'`);
    expect(log.rows.map((r) => r.login_name)).toEqual(['autoVerify']);
  });

  it('refuses a bad rule naming the field, and lets only the configuration menu change it', async () => {
    const w = await world();
    const inverted = await save(w.token, { enabled: true, amountMin: '50', amountMax: '10' });
    expect(inverted.status).toBe(400);
    expect(JSON.stringify(inverted.body)).toContain('amountMax');
    const remark = await save(w.token, { enabled: true, remarkRule: 'SOMETIMES' });
    expect(JSON.stringify(remark.body)).toContain('remarkRule');
    const minutes = await save(w.token, { enabled: true, minutesAfterPay: -1 });
    expect(JSON.stringify(minutes.body)).toContain('minutesAfterPay');
    expect((await t.call('/myhome/erpsoh/getAutoVerifyRule', {}, { token: w.token })).body.data.enabled).toBe(false);
    const staff = await signedInStaff(t, w.domainId, ['MENU_ERPSO']);
    expect((await save(staff, { enabled: true })).status).toBe(403);
  });

  it('reviews only the caller domain: another seller\'s rule and orders are untouched', async () => {
    const a = await world();
    const b = await world();
    const theirs = await order(b);
    await save(a.token, { enabled: true });
    await run(a.token);
    expect((await status(theirs.id)).status_code).toBe('CI_ERPSOH_STATUS_NORMAL');
    expect((await t.call('/myhome/erpsoh/getAutoVerifyRule', {}, { token: b.token })).body.data.enabled).toBe(false);
  });
});

describe('header labels, forced close, check log, syscode lists', () => {
  it('sets and removes a label a person may set, refusing system labels and closed orders', async () => {
    const w = await world();
    const o = await order(w);
    const closed = await order(w, { statusCode: 'CI_ERPSOH_STATUS_CLOSE' });
    const added = await t.call('/myhome/erpsoh/addLabel', { idList: [o.id, closed.id], labelType: 'SPECIFIED_LOGISTICS' }, { token: w.token });
    expect(added.body.data.successIds).toEqual([o.id]);
    expect(added.body.data.failures).toEqual([expect.objectContaining({ id: closed.id, errorCode: 'ERR_ORDER_STATUS' })]);
    expect((await status(o.id)).labels).toEqual(['SPECIFIED_LOGISTICS']);
    const system = await t.call('/myhome/erpsoh/addLabel', { idList: [o.id], labelType: 'WAREHOUSE_MATCH_FAIL' }, { token: w.token });
    expect(system.status).toBe(400);
    expect(JSON.stringify(system.body)).toContain('labelType');
    await t.call('/myhome/erpsoh/removeLabel', { idList: [o.id], labelType: 'SPECIFIED_LOGISTICS' }, { token: w.token });
    expect((await status(o.id)).labels).toEqual([]);
    const other = await world();
    const theirs = await t.call('/myhome/erpsoh/addLabel', { idList: [o.id], labelType: 'SPECIFIED_LOGISTICS' }, { token: other.token });
    expect(theirs.body.data.failures).toEqual([expect.objectContaining({ id: o.id, errorCode: 'ERR_NOT_FOUND' })]);
  });

  it('force-closes a reviewed order the platform cancelled, releasing its stock, and refuses other orders', async () => {
    const w = await world();
    const o = await order(w);
    const plain = await order(w);
    await t.call('/myhome/erpsoh/verify', { idList: [o.id] }, { token: w.token });
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toMatchObject({ allocated: 1 });
    await db.execute(sql`update erp_orders set intercepted = true, intercept_reason = 'CANCELLED' where id = ${o.id}`);
    const r = await t.call('/myhome/erpsoh/forceCloseCancelFailedOrder', { idList: [o.id, plain.id] }, { token: w.token });
    expect(r.body.data.successIds).toEqual([o.id]);
    expect(r.body.data.failures).toEqual([expect.objectContaining({ id: plain.id, errorCode: 'ERR_ORDER_NOT_PLATFORM_CANCELLED' })]);
    expect((await status(o.id)).status_code).toBe('CI_ERPSOH_STATUS_CLOSE');
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.skuIds[0]!)).toMatchObject({ allocated: 0 });
  });

  it('writes a check into the order history, refusing an unknown result and another seller\'s order', async () => {
    const w = await world();
    const o = await order(w);
    const ok = await t.call('/myhome/erpsoh/writeErpSohCheckLog', { id: o.id, result: 'WRONG_ITEM', content: '少一件' }, { token: w.token });
    expect(ok.body).toMatchObject({ success: true, data: null });
    const logs = await db.execute<{ action: string; after: any }>(sql`select action, after from operation_logs where entity_type = 'erp_order' and entity_id = ${String(o.id)} and action = 'checkLog'`);
    expect(logs.rows[0]!.after).toEqual({ result: 'WRONG_ITEM', content: '少一件' });
    expect(JSON.stringify((await t.call('/myhome/erpsoh/writeErpSohCheckLog', { id: o.id, result: 'MAYBE' }, { token: w.token })).body)).toContain('result');
    const other = await world();
    expect((await t.call('/myhome/erpsoh/writeErpSohCheckLog', { id: o.id, result: 'PASS' }, { token: other.token })).status).toBe(404);
  });

  it('lists the platform statuses and the sync-failure states', async () => {
    const w = await world();
    const platform = await t.call('/myhome/syscode/getPlatformStatusList', {}, { token: w.token });
    expect(platform.body.data.map((r: any) => r.code)).toContain('WAIT_SELLER_SEND_GOODS');
    const sync = await t.call('/myhome/syscode/getSyncSohStatusList', {}, { token: w.token });
    expect(sync.body.data.map((r: any) => r.code)).toEqual(['OPEN', 'CLOSED']);
    const staff = await signedInStaff(t, w.domainId, ['MENU_SKU']);
    expect((await t.call('/myhome/syscode/getPlatformStatusList', {}, { token: staff })).status).toBe(403);
  });
});
