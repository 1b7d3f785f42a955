// Checking and weighing orders over HTTP on a fresh database: a wrong, extra or missing item is
// refused and nothing ships; a complete check stores the serial numbers and ships (stock leaves);
// weighing refuses 4 decimals and an over-margin parcel unless forced; another domain; a sub-account.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { insertOrder } from '../../../../test/factories/orders.js';
import { balanceOf, outboundWorld, putOnHand } from '../../../../test/factories/outbound.js';
import { signedInStaff, storeRow } from '../../../../test/factories/warehouses.js';

let t: TestApp;
beforeAll(async () => {
  process.env.ORDER_PULL_CRON = '0 3 1 1 *';
  t = await createTestApp();
});

async function ok(token: string, path: string, body: Record<string, unknown>) {
  const answer = await t.call(path, body, { token });
  if (!answer.body.success) throw new Error(`${path} refused: ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

const statusOf = async (id: number) => (await t.database.db.execute<{ status_code: string }>(sql`select status_code from erp_orders where id = ${id}`)).rows[0]!.status_code;

/** A reviewed order of two SKUs (2 + 1 pieces, 1.5 kg and 0.5 kg each) with a waybill number. */
async function reviewedOrder(options: { serialOnFirst?: boolean } = {}) {
  const w = await outboundWorld(t, { locations: 1 });
  const store = await storeRow(t, w.domainId);
  const [a, b] = [w.skuIds[0]!, w.skuIds[1]!];
  await t.database.db.execute(sql`update skus set bar_code = 'BAR-' || id, weight = case when id = ${a} then 1.5 else 0.5 end where id in (${a}, ${b})`);
  await t.database.db.execute(sql`update skus set color = 'red', size = 'M' where id = ${a}`);
  if (options.serialOnFirst) await t.database.db.execute(sql`update spus set marks = array['SERIAL_NUMBER'] where id = (select spu_id from skus where id = ${a})`);
  await putOnHand(t, w.domainId, [
    { warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: a, qty: 10 },
    { warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: b, qty: 10 },
  ]);
  const o = await insertOrder(t, w.domainId, { storeId: store.id, warehouseId: w.warehouseId, expressCompanyCode: 'SF', lines: [{ skuId: a, qty: 2 }, { skuId: b, qty: 1 }] });
  expect((await ok(w.token, '/myhome/erpsoh/verify', { idList: [o.id] })).failures).toEqual([]);
  const expressNo = `SF${o.id}X${Date.now()}`;
  await t.database.db.execute(sql`update erp_orders set express_no = ${expressNo} where id = ${o.id}`);
  return { ...w, order: o, expressNo, a, b };
}

describe('checking by scanning', () => {
  it('finds the reviewed order by its waybill number with bar codes, colour and size, and serial needs', async () => {
    const w = await reviewedOrder({ serialOnFirst: true });
    const view = await ok(w.token, '/myhome/sendsoh/checkErpSoH', { expressNo: ` ${w.expressNo} ` });
    expect(view).toMatchObject({ id: w.order.id, code: w.order.code, goodsWeight: '3.500', weighMarginPercent: 10 });
    expect(view.lines.map((l: any) => [l.skuId, l.barCode, l.skuColor, l.skuSize, l.qty, l.needsSerial])).toEqual([
      [w.a, `BAR-${w.a}`, 'red', 'M', 2, true],
      [w.b, `BAR-${w.b}`, null, null, 1, false],
    ]);
    const none = await t.call('/myhome/sendsoh/checkErpSoH', { expressNo: 'NOPE-1' }, { token: w.token });
    expect(none.body.errorCode).toBe('ERR_ORDER_CHECK_NO_ORDER');
  });

  it('refuses a wrong item, an extra piece and a missing piece, naming the SKU, and ships nothing', async () => {
    const w = await reviewedOrder();
    const send = (content: unknown[]) => t.call('/myhome/sendsoh/sendErpSoH4Check', { id: w.order.id, content }, { token: w.token });
    const wrong = await send([{ skuId: w.a, qty: 2 }, { skuId: w.b, qty: 1 }, { skuId: w.skuIds[2] ?? 999999, qty: 1 }]);
    expect(wrong.body.errorCode).toBe('ERR_ORDER_CHECK_WRONG_ITEM');
    const extra = await send([{ skuId: w.a, qty: 3 }, { skuId: w.b, qty: 1 }]);
    expect(extra.body).toMatchObject({ errorCode: 'ERR_ORDER_CHECK_EXTRA_ITEM' });
    expect(extra.body.message).toContain((await ok(w.token, '/myhome/sendsoh/checkErpSoH', { expressNo: w.expressNo })).lines[0].skuCode);
    const missing = await send([{ skuId: w.a, qty: 2 }]);
    expect(missing.body.errorCode).toBe('ERR_ORDER_CHECK_MISSING_ITEM');
    expect(await statusOf(w.order.id)).toBe('CI_ERPSOH_STATUS_VERIFIED');
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.a)).toEqual({ onHand: 10, allocated: 2 });
  });

  it('requires one serial number per piece of a serial-numbered SKU, stores them and ships with stock deducted', async () => {
    const w = await reviewedOrder({ serialOnFirst: true });
    const view = await ok(w.token, '/myhome/sendsoh/checkErpSoH', { expressNo: w.expressNo });
    const lineA = view.lines[0].lineId;
    const content = [{ skuId: w.a, qty: 2 }, { lineId: view.lines[1].lineId, qty: 1 }];
    const lacking = await t.call('/myhome/sendsoh/sendErpSoH4Check', { id: w.order.id, content, serialNumberDtoList: [{ lineId: lineA, serialNumber: 'IMEI-1' }] }, { token: w.token });
    expect(lacking.body.errorCode).toBe('ERR_ORDER_CHECK_SERIAL_COUNT');
    expect(await statusOf(w.order.id)).toBe('CI_ERPSOH_STATUS_VERIFIED');

    const result = await ok(w.token, '/myhome/sendsoh/sendErpSoH4Check', {
      id: w.order.id,
      version: view.version,
      content,
      serialNumberDtoList: [{ lineId: lineA, serialNumber: 'IMEI-1' }, { lineId: lineA, serialNumber: 'IMEI-2' }],
    });
    expect(result).toMatchObject({ id: w.order.id, code: w.order.code, weight: null });
    expect(await statusOf(w.order.id)).toBe('CI_ERPSOH_STATUS_SEND');
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.a)).toEqual({ onHand: 8, allocated: 0 });
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.b)).toEqual({ onHand: 9, allocated: 0 });
    const serials = await t.database.db.execute<{ serial_number: string }>(sql`select serial_number from erp_order_line_serials where line_id = ${lineA} order by seq`);
    expect(serials.rows.map((r) => r.serial_number)).toEqual(['IMEI-1', 'IMEI-2']);
    const logs = await t.database.db.execute<{ action: string }>(sql`select action from operation_logs where entity_type = 'erp_order' and entity_id = ${String(w.order.id)} order by id`);
    expect(logs.rows.map((r) => r.action)).toEqual(['verify', 'send', 'check']);
    // Checked again: the order has left.
    const again = await t.call('/myhome/sendsoh/checkErpSoH', { expressNo: w.expressNo }, { token: w.token });
    expect(again.body.errorCode).toBe('ERR_ORDER_STATUS');
  });
});

describe('weighing', () => {
  it('refuses a weight with four decimals', async () => {
    const w = await reviewedOrder();
    const answer = await t.call('/myhome/sendsoh/sendErpSoH4Weigh', { expressNo: w.expressNo, weight: '3.5001' }, { token: w.token });
    expect(answer.body.success).toBe(false);
    expect(answer.body.message).toContain('Weight cannot exceed three decimals');
    expect(await statusOf(w.order.id)).toBe('CI_ERPSOH_STATUS_VERIFIED');
  });

  it('refuses a parcel beyond the margin unless forced, and records the weight when shipping', async () => {
    const w = await reviewedOrder();
    const over = await t.call('/myhome/sendsoh/sendErpSoH4Weigh', { expressNo: w.expressNo, weight: '3.900' }, { token: w.token });
    expect(over.body).toMatchObject({ errorCode: 'ERR_ORDER_CHECK_WEIGHT_MARGIN' });
    expect(await statusOf(w.order.id)).toBe('CI_ERPSOH_STATUS_VERIFIED');
    const forced = await ok(w.token, '/myhome/sendsoh/sendErpSoH4Weigh', { expressNo: w.expressNo, weight: '3.9', force: true });
    expect(forced).toMatchObject({ id: w.order.id, weight: '3.900' });
    expect(await statusOf(w.order.id)).toBe('CI_ERPSOH_STATUS_SEND');
    expect(await balanceOf(t, w.domainId, w.warehouseId, w.a)).toEqual({ onHand: 8, allocated: 0 });
    const rec = await t.database.db.execute<{ weight: string; goods_weight: string; forced: boolean }>(sql`select weight, goods_weight, forced from erp_order_check_records where order_id = ${w.order.id}`);
    expect(rec.rows[0]).toEqual({ weight: '3.900', goods_weight: '3.500', forced: true });
  });

  it('ships within the margin, using the domain margin setting', async () => {
    const w = await reviewedOrder();
    await t.database.db.execute(sql`insert into domain_configs (domain_id, item_code, value) values (${w.domainId}, 'ORDER_WEIGH_MARGIN_PERCENT', '20')`);
    const result = await ok(w.token, '/myhome/sendsoh/sendErpSoH4Weigh', { id: w.order.id, weight: '4.2' });
    expect(result.weight).toBe('4.200');
    expect(await statusOf(w.order.id)).toBe('CI_ERPSOH_STATUS_SEND');
  });
});

describe('access', () => {
  it('neither finds, checks nor weighs an order of another domain', async () => {
    const w = await reviewedOrder();
    const stranger = await outboundWorld(t);
    expect((await t.call('/myhome/sendsoh/checkErpSoH', { expressNo: w.expressNo }, { token: stranger.token })).body.errorCode).toBe('ERR_ORDER_CHECK_NO_ORDER');
    const check = await t.call('/myhome/sendsoh/sendErpSoH4Check', { id: w.order.id, content: [{ skuId: w.a, qty: 2 }, { skuId: w.b, qty: 1 }] }, { token: stranger.token });
    expect(check.body.errorCode).toBe('ERR_NOT_FOUND');
    const weigh = await t.call('/myhome/sendsoh/sendErpSoH4Weigh', { id: w.order.id, weight: '3.5' }, { token: stranger.token });
    expect(weigh.body.errorCode).toBe('ERR_NOT_FOUND');
    expect(await statusOf(w.order.id)).toBe('CI_ERPSOH_STATUS_VERIFIED');
  });

  it('refuses a sub-account without the order menu and ships nothing', async () => {
    const w = await reviewedOrder();
    const staff = await signedInStaff(t, w.domainId, ['MENU_STOCK']);
    for (const [path, body] of [
      ['/myhome/sendsoh/checkErpSoH', { expressNo: w.expressNo }],
      ['/myhome/sendsoh/sendErpSoH4Check', { id: w.order.id, content: [{ skuId: w.a, qty: 2 }, { skuId: w.b, qty: 1 }] }],
      ['/myhome/sendsoh/sendErpSoH4Weigh', { id: w.order.id, weight: '3.5' }],
    ] as const) {
      const answer = await t.call(path, body, { token: staff });
      expect(answer.body.errorCode).toBe('ERR_SECURITY_NO_PERMISSION');
    }
    expect(await statusOf(w.order.id)).toBe('CI_ERPSOH_STATUS_VERIFIED');
  });
});
