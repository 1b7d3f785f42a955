// Pending orders matched again to gift promotions over HTTP: doPromotion adds the gift lines of the
// open promotions an order now meets (once: a promotion that gave already is not given again),
// doNewPromotion applies one promotion, orders no longer pending are refused per order, bad input
// names the field, and another seller's orders and promotions are not found.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/harness.js';
import { insertOrder } from '../../../../test/factories/orders.js';
import { promotionGoods, promotionPayload } from '../../../../test/factories/promotions.js';
import { signedInSeller, signedInStaff, storeRow } from '../../../../test/factories/warehouses.js';

const t = await createTestApp();
const { db } = t.database;

async function world() {
  const s = await signedInSeller(t);
  const store = await storeRow(t, s.domainId);
  const [mug, sticker] = await promotionGoods(t, s.domainId, [{}, { name: 'Sticker' }]);
  const created = await t.call('/myhome/promotion/createNewPromotion', promotionPayload(sticker!.id, { fromTime: '2020-01-01 00:00:00', toTime: '2099-12-31 23:59:59' }), { token: s.token });
  if (!created.body.success) throw new Error(JSON.stringify(created.body));
  const order = async (amount: string, status = 'CI_ERPSOH_STATUS_NORMAL') => {
    const o = await insertOrder(t, s.domainId, { storeId: store.id, statusCode: status, lines: [{ skuId: mug!.id, qty: 1, price: amount }] });
    await db.execute(sql`update erp_orders set amount_total = ${amount} where id = ${o.id}`);
    return o;
  };
  return { ...s, storeId: store.id, mug: mug!, sticker: sticker!, promotionId: Number(created.body.data.id), order };
}

const gifts = async (orderId: number) =>
  (await db.execute<{ sku_id: number; qty: number; promotion_id: number }>(sql`select sku_id, qty, promotion_id from erp_order_lines where order_id = ${orderId} and is_gift order by id`)).rows.map((r) => ({
    skuId: Number(r.sku_id),
    qty: Number(r.qty),
    promotionId: Number(r.promotion_id),
  }));

describe('promotions matched again', () => {
  it('adds the gift an order now meets, once, and leaves orders that do not meet it', async () => {
    const w = await world();
    const big = await w.order('150');
    const small = await w.order('50');
    const first = await t.call('/myhome/erpsoh/doPromotion', { idList: [big.id, small.id] }, { token: w.token });
    expect(first.body.data).toMatchObject({ checked: 2, changedIds: [big.id], giftLinesAdded: 1, failures: [] });
    expect(await gifts(big.id)).toEqual([{ skuId: w.sticker.id, qty: 1, promotionId: w.promotionId }]);
    expect(await gifts(small.id)).toEqual([]);
    const qty = (await db.execute<{ qty_total: number }>(sql`select qty_total from erp_orders where id = ${big.id}`)).rows[0]!.qty_total;
    expect(qty).toBe(2);
    const again = await t.call('/myhome/erpsoh/doPromotion', { idList: [big.id] }, { token: w.token });
    expect(again.body.data).toMatchObject({ changedIds: [], giftLinesAdded: 0 });
    expect(await gifts(big.id)).toHaveLength(1);
  });

  it('applies one promotion to the pending orders and refuses orders no longer pending', async () => {
    const w = await world();
    const big = await w.order('300');
    const reviewed = await w.order('300', 'CI_ERPSOH_STATUS_VERIFIED');
    const r = await t.call('/myhome/promotion/doNewPromotion', { id: w.promotionId, idList: [big.id, reviewed.id] }, { token: w.token });
    expect(r.body.data.changedIds).toEqual([big.id]);
    expect(r.body.data.failures).toEqual([expect.objectContaining({ id: reviewed.id, errorCode: 'ERR_ORDER_STATUS' })]);
    const all = await w.order('200');
    const everyPending = await t.call('/myhome/promotion/doNewPromotion', { id: w.promotionId }, { token: w.token });
    expect(everyPending.body.data.changedIds).toEqual([all.id]);
  });

  it('refuses bad input naming the field, and finds nothing of another seller', async () => {
    const w = await world();
    const big = await w.order('150');
    const empty = await t.call('/myhome/erpsoh/doPromotion', { idList: [] }, { token: w.token });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('idList');
    const other = await signedInSeller(t);
    const theirs = await t.call('/myhome/erpsoh/doPromotion', { idList: [big.id] }, { token: other.token });
    expect(theirs.body.data.failures).toEqual([expect.objectContaining({ id: big.id, errorCode: 'ERR_NOT_FOUND' })]);
    expect(await gifts(big.id)).toEqual([]);
    const promo = await t.call('/myhome/promotion/doNewPromotion', { id: w.promotionId }, { token: other.token });
    expect(promo.body).toMatchObject({ success: false, errorCode: 'ERR_ORDER_PROMOTION_NOT_OPEN' });
    const staff = await signedInStaff(t, w.domainId, ['MENU_ERPSO']);
    expect((await t.call('/myhome/promotion/doNewPromotion', { id: w.promotionId }, { token: staff })).status).toBe(403);
  });
});
