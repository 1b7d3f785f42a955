// Freight on a purchase order over HTTP: spread by amount, quantity or weight into the lines'
// landed unit cost, which the notice made at verify carries, so receipts book it into the moving
// average and the order's receipts; the supplier's bill (payable, three-way match) stays at the
// purchase price. Refusals (no weight under WEIGHT, too many decimals, negative, no priced line,
// hidden purchase price) change nothing; another domain does not see the freight.
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { averageCost, getAsn } from '../../../test/factories/inbound.js';
import { callOk, orderInput, purchasingWorld, verifiedOrder, type PurchasingWorld } from '../../../test/factories/purchasing.js';
import { signedInStaff } from '../../../test/factories/warehouses.js';
import { createTestApp } from '../../../test/harness.js';
import { purchaseOrderLines, purchaseOrders } from '../../db/schema/index.js';

const t = await createTestApp();

const call = (token: string, path: string, body: Record<string, unknown>) => t.call(`/cloud/purchase/purchase/${path}`, body, { token });

async function receive(w: PurchasingWorld, asnId: number, lines: { skuIndex: number; qty: number }[]) {
  const asn = await getAsn(t, w.token, asnId);
  const answer = await t.call(
    '/cloud/purchase/purchaseAsn/receipt',
    { id: asn.id, version: asn.version, lines: lines.map((l) => ({ asnDetailId: asn.asnDetails.find((d: any) => d.skuId === w.skuIds[l.skuIndex]).id, qty: l.qty })) },
    { token: w.token },
  );
  expect(answer.body.success).toBe(true);
}

const setWeight = (w: PurchasingWorld, index: number, weight: string | null) => t.database.db.execute(sql`update skus set weight = ${weight} where domain_id = ${w.domainId} and id = ${w.skuIds[index]!}`);

const orderCount = async (domainId: number) => Number(((await t.database.db.execute(sql`select count(*)::int as n from purchase_orders where domain_id = ${domainId}`)).rows[0] as any).n);

describe('freight on a purchase order', () => {
  it('books the landed unit cost (price + freight share by amount) into the average cost, while the bill and its three-way match stay at the purchase price', async () => {
    const w = await purchasingWorld(t);
    const v = await verifiedOrder(
      t,
      w,
      [
        { skuCode: w.skuCodes[0]!, qty: 10, price: '8' },
        { skuCode: w.skuCodes[1]!, qty: 10, price: '2' },
      ],
      { freight: '20', freightAllocation: 'AMOUNT' },
    );
    expect(v.order).toMatchObject({ freight: '20.0000', freightAllocation: 'AMOUNT', amountTotal: '100.0000' });
    expect(v.lines.map((l: any) => [l.price, l.freight, l.freightPerUnit, l.landedUnitCost])).toEqual([
      ['8.0000', '16.0000', '1.6000', '9.6000'],
      ['2.0000', '4.0000', '0.4000', '2.4000'],
    ]);
    const asn = await getAsn(t, w.token, v.order.asnId);
    expect(asn.asnDetails.map((d: any) => d.price)).toEqual(['9.6000', '2.4000']);

    await receive(w, v.order.asnId, [{ skuIndex: 0, qty: 4 }]);
    expect(Number(await averageCost(t, w.domainId, w.skuIds[0]!))).toBe(9.6);
    const info = await callOk(t, w.token, 'searchInfo', { id: v.order.id });
    expect(info.receipts.map((r: any) => [r.qty, r.unitCost, r.price])).toEqual([[4, '9.6000', '8.0000']]);

    // The supplier bills the purchase price: the bill, the payable and its three-way match.
    const bills = await t.call('/cloud/advance/finance/bill/search', { billStatus: 'TO_BE_RECORD' }, { token: w.token });
    expect(bills.body.data.voList.map((b: any) => [b.qty, b.unitCost, b.amount])).toEqual([[4, '8.0000', '32.0000']]);
    const billDetailId = bills.body.data.voList[0].billDetailId;
    const created = await t.call('/cloud/advance/finance/payable/createPurchasePayableAndSubmit', { details: [{ billDetailId }] }, { token: w.token });
    expect(created.body).toMatchObject({ success: true, data: { payable: { amount: '32.0000' } } });
    const verified = await t.call('/cloud/advance/finance/payable/verify', { id: created.body.data.payable.id, version: created.body.data.payable.version }, { token: w.token });
    expect(verified.body).toMatchObject({ success: true, data: { payable: { status: 'VERIFIED' } } });
  });

  it('spreads by quantity with the remainder on the last line, and by weight from the SKUs’ weights', async () => {
    const w = await purchasingWorld(t);
    const byQty = await callOk(
      t,
      w.token,
      'create',
      orderInput(
        w,
        [
          { skuCode: w.skuCodes[0]!, qty: 1, price: '1' },
          { skuCode: w.skuCodes[1]!, qty: 1, price: '1' },
          { skuCode: w.skuCodes[2]!, qty: 1, price: '1' },
        ],
        { freight: '10', freightAllocation: 'QUANTITY' },
      ),
    );
    expect(byQty.lines.map((l: any) => l.freight)).toEqual(['3.3333', '3.3333', '3.3334']);

    await setWeight(w, 0, '0.500');
    await setWeight(w, 1, '3.000');
    const byWeight = await verifiedOrder(
      t,
      w,
      [
        { skuCode: w.skuCodes[0]!, qty: 2, price: '5' },
        { skuCode: w.skuCodes[1]!, qty: 1, price: '5' },
      ],
      { freight: '10', freightAllocation: 'WEIGHT' },
    );
    expect(byWeight.lines.map((l: any) => [l.weight, l.freight, l.landedUnitCost])).toEqual([
      ['0.500', '2.5000', '6.2500'],
      ['3.000', '7.5000', '12.5000'],
    ]);
    const asn = await getAsn(t, w.token, byWeight.order.asnId);
    expect(asn.asnDetails.map((d: any) => d.price)).toEqual(['6.2500', '12.5000']);
  });

  it('refuses freight by weight on a SKU without weight (naming it), at save and again at verify, changing nothing', async () => {
    const w = await purchasingWorld(t);
    await setWeight(w, 0, '1.000');
    await setWeight(w, 1, null);
    const lines = [
      { skuCode: w.skuCodes[0]!, qty: 2, price: '5' },
      { skuCode: w.skuCodes[1]!, qty: 1, price: '5' },
    ];
    const refused = await call(w.token, 'create', orderInput(w, lines, { freight: '10', freightAllocation: 'WEIGHT' }));
    expect(refused.body).toMatchObject({ success: false, errorCode: 'ERR_PURCHASE_FREIGHT_WEIGHT_MISSING', params: { field: 'purchaseDetailDtoList.1.skuCode', skuCode: w.skuCodes[1] } });
    expect(refused.body.message).toContain(w.skuCodes[1]);
    expect(await orderCount(w.domainId)).toBe(0);

    // Weighed when saved, the weight gone by verify: verify refuses, the order stays submitted without a notice.
    await setWeight(w, 1, '2.000');
    const submitted = await callOk(t, w.token, 'createAndSubmit', orderInput(w, lines, { freight: '10', freightAllocation: 'WEIGHT' }));
    await setWeight(w, 1, null);
    const atVerify = await call(w.token, 'verify', { id: submitted.order.id, version: submitted.order.version });
    expect(atVerify.body).toMatchObject({ errorCode: 'ERR_PURCHASE_FREIGHT_WEIGHT_MISSING', params: { skuCode: w.skuCodes[1] } });
    const [row] = await t.database.db.select().from(purchaseOrders).where(and(eq(purchaseOrders.domainId, w.domainId), eq(purchaseOrders.id, submitted.order.id)));
    expect(row).toMatchObject({ status: 'SUBMIT', asnId: null, version: submitted.order.version });
  });

  it('refuses freight with more than 4 decimals, negative, or with no priced line to carry it; no freight leaves the prices as they are', async () => {
    const w = await purchasingWorld(t);
    const line = [{ skuCode: w.skuCodes[0]!, qty: 2, price: '5' }];
    expect((await call(w.token, 'create', orderInput(w, line, { freight: '1.23456' }))).body).toMatchObject({ errorCode: 'ERR_VALIDATION', params: { field: 'freight' } });
    expect((await call(w.token, 'create', orderInput(w, line, { freight: '-1' }))).body).toMatchObject({ errorCode: 'ERR_VALIDATION', params: { field: 'freight' } });
    expect((await call(w.token, 'create', orderInput(w, line, { freightAllocation: 'VOLUME' }))).body).toMatchObject({ errorCode: 'ERR_VALIDATION', params: { field: 'freightAllocation' } });
    const unpriced = await call(w.token, 'create', orderInput(w, [{ skuCode: w.skuCodes[1]!, qty: 2, price: null }], { freight: '3', freightAllocation: 'QUANTITY' }));
    expect(unpriced.body).toMatchObject({ errorCode: 'ERR_PURCHASE_FREIGHT_NO_BASIS', params: { field: 'freight' } });
    expect(await orderCount(w.domainId)).toBe(0);

    const plain = await verifiedOrder(t, w, line);
    expect(plain.order).toMatchObject({ freight: '0.0000', freightAllocation: 'AMOUNT' });
    expect(plain.lines[0]).toMatchObject({ freight: '0.0000', landedUnitCost: '5.0000' });
    expect((await getAsn(t, w.token, plain.order.asnId)).asnDetails[0].price).toBe('5.0000');
  });

  it('hides the freight and landed cost from an account without PURCHASE_PRICE, which cannot set it and keeps it when editing; another domain sees nothing', async () => {
    const w = await purchasingWorld(t);
    const v = await callOk(t, w.token, 'create', orderInput(w, [{ skuCode: w.skuCodes[0]!, qty: 4, price: '5' }], { freight: '2', freightAllocation: 'QUANTITY' }));
    const staff = await signedInStaff(t, w.domainId, ['MENU_PURCHASE']);
    const info = await callOk(t, staff, 'searchInfo', { id: v.order.id });
    expect(info.order).not.toHaveProperty('freight');
    expect(info.order.freightAllocation).toBe('QUANTITY');
    for (const field of ['freight', 'freightPerUnit', 'landedUnitCost']) expect(info.lines[0]).not.toHaveProperty(field);
    const set = await call(staff, 'update', { id: v.order.id, version: 0, ...orderInput(w, [{ skuCode: w.skuCodes[0]!, qty: 4 }], { freight: '9' }) });
    expect(set.body).toMatchObject({ errorCode: 'ERR_PURCHASE_PRICE_HIDDEN', params: { field: 'freight' } });
    await callOk(t, staff, 'update', { id: v.order.id, version: 0, ...orderInput(w, [{ skuCode: w.skuCodes[0]!, qty: 8 }]) });
    const kept = await callOk(t, w.token, 'searchInfo', { id: v.order.id });
    expect(kept.order).toMatchObject({ freight: '2.0000', freightAllocation: 'QUANTITY' });
    expect(kept.lines[0]).toMatchObject({ orderedQty: 8, price: '5.0000', freight: '2.0000', landedUnitCost: '5.2500' });
    const [line] = await t.database.db.select().from(purchaseOrderLines).where(and(eq(purchaseOrderLines.domainId, w.domainId), eq(purchaseOrderLines.orderId, v.order.id)));
    expect(line!.freight).toBe('2.0000');

    const stranger = await purchasingWorld(t);
    expect((await call(stranger.token, 'searchInfo', { id: v.order.id })).body).toMatchObject({ errorCode: 'ERR_NOT_FOUND' });
  });
});
