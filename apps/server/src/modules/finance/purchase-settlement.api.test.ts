// The purchase order's settlement axis and its detail's payables and payments (issue 15, must-have 1 and 6).
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getAsn } from '../../../test/factories/inbound.js';
import { purchasingWorld, verifiedOrder, type PurchasingWorld } from '../../../test/factories/purchasing.js';
import { signedInStaff } from '../../../test/factories/warehouses.js';
import { createTestApp } from '../../../test/harness.js';
import { purchaseOrderLines } from '../../db/schema/index.js';
import { createDebitNoteInTx } from './index.js';

const t = await createTestApp();

const purchase = (token: string, path: string, body: Record<string, unknown>) => t.call(`/cloud/purchase/purchase/${path}`, body, { token });
const payable = (token: string, path: string, body: Record<string, unknown>) => t.call(`/cloud/advance/finance/payable/${path}`, body, { token });
const payment = (token: string, path: string, body: Record<string, unknown>) => t.call(`/cloud/advance/finance/payment/${path}`, body, { token });

async function ok(answer: Promise<{ body: any }>) {
  const { body } = await answer;
  if (!body.success) throw new Error(`refused: ${JSON.stringify(body)}`);
  return body.data as any;
}

/** A verified order of 10 × 8.00 and 5 × 3.3333 with 4 and 5 received: two bills (32.0000 and 16.6665). */
async function receivedWorld(): Promise<{ w: PurchasingWorld; order: any; billIds: number[] }> {
  const w = await purchasingWorld(t);
  const v = await verifiedOrder(t, w, [
    { skuCode: w.skuCodes[0]!, qty: 10, price: '8' },
    { skuCode: w.skuCodes[1]!, qty: 5, price: '3.3333' },
  ]);
  const asn = await getAsn(t, w.token, v.order.asnId);
  const detail = (i: number) => asn.asnDetails.find((d: any) => d.skuId === w.skuIds[i]).id;
  await ok(
    t.call(
      '/cloud/purchase/purchaseAsn/receipt',
      { id: asn.id, version: asn.version, lines: [{ asnDetailId: detail(0), qty: 4 }, { asnDetailId: detail(1), qty: 5 }] },
      { token: w.token },
    ),
  );
  const list = await ok(t.call('/cloud/advance/finance/bill/search', { billStatus: 'TO_BE_RECORD' }, { token: w.token }));
  return { w, order: v.order, billIds: list.voList.map((b: any) => b.billDetailId).sort((a: number, b: number) => a - b) };
}

async function verifiedPayable(w: PurchasingWorld, billIds: number[]) {
  const created = await ok(payable(w.token, 'createPurchasePayableAndSubmit', { details: billIds.map((billDetailId) => ({ billDetailId })) }));
  return ok(payable(w.token, 'verify', { id: created.payable.id, version: created.payable.version }));
}

const settleOf = async (token: string, orderId: number) => (await ok(purchase(token, 'searchInfo', { id: orderId }))).order.settleStatus;
const countOf = (info: any, state: string) => info.settleStatusCounts.find((c: any) => c.settleStatus === state).count;

describe('the purchase order’s settlement state', () => {
  it('moves from not payable to to settle, partly settled and settled as goods come in and payables are verified and invalidated', async () => {
    const w = await purchasingWorld(t);
    const draft = await verifiedOrder(t, w, [{ skuCode: w.skuCodes[0]!, qty: 3, price: '1' }]);
    expect(await settleOf(w.token, draft.order.id)).toBe('NOT_PAYABLE');

    const { w: w2, order, billIds } = await receivedWorld();
    expect(await settleOf(w2.token, order.id)).toBe('TO_SETTLE');
    const partly = await verifiedPayable(w2, [billIds[0]!]);
    expect(await settleOf(w2.token, order.id)).toBe('PART_SETTLED');
    await verifiedPayable(w2, [billIds[1]!]);
    expect(await settleOf(w2.token, order.id)).toBe('SETTLED');

    const filtered = await ok(purchase(w2.token, 'search', { settleStatus: 'SETTLED' }));
    expect(filtered.voList.map((r: any) => [r.id, r.settleStatus])).toEqual([[order.id, 'SETTLED']]);
    expect((await ok(purchase(w2.token, 'search', { settleStatus: 'TO_SETTLE' }))).voList).toEqual([]);
    const counts = await ok(purchase(w2.token, 'getExtraInfo', {}));
    expect([countOf(counts, 'SETTLED'), countOf(counts, 'TO_SETTLE'), countOf(counts, 'PART_SETTLED')]).toEqual([1, 0, 0]);

    // Invalidating the first payable gives its pieces back: partly settled again.
    const cur = await ok(payable(w2.token, 'searchInfo', { id: partly.payable.id }));
    await ok(payable(w2.token, 'invalid', { id: cur.payable.id, version: cur.payable.version }));
    expect(await settleOf(w2.token, order.id)).toBe('PART_SETTLED');
  });

  it('refuses an unknown settlement state naming the field', async () => {
    const w = await purchasingWorld(t);
    const { body } = await purchase(w.token, 'search', { settleStatus: 'PAID' });
    expect(body).toMatchObject({ success: false });
    expect(JSON.stringify(body)).toContain('settleStatus');
  });
});

describe('the purchase detail’s payables and payments', () => {
  it('lists the order’s payables, its debit note and the payments on them, amounts only with the purchase price field', async () => {
    const { w, order, billIds } = await receivedWorld();
    let info = await ok(purchase(w.token, 'searchInfo', { id: order.id }));
    expect(info).toMatchObject({ returns: [], payables: [], payments: [] });

    const p = await verifiedPayable(w, billIds);
    const lines = await t.database.db.select().from(purchaseOrderLines).where(and(eq(purchaseOrderLines.domainId, w.domainId), eq(purchaseOrderLines.orderId, order.id)));
    const line = lines.find((l) => l.skuId === w.skuIds[0])!;
    const note = await t.database.db.transaction((tx) =>
      createDebitNoteInTx(tx, { domainId: w.domainId, supplierId: w.supplierId, purchaseReturnId: 9001, lines: [{ purchaseReturnLineId: 9101, purchaseOrderLineId: line.id, skuId: line.skuId, qty: 2, unitCost: '8' }] }),
    );
    const paid = await ok(payment(w.token, 'create', { paymentObjectId: w.supplierId, paymentMode: 'BANK', allocations: [{ payableId: p.payable.id, amount: '20' }] }));

    info = await ok(purchase(w.token, 'searchInfo', { id: order.id }));
    expect(info.payables).toEqual([
      expect.objectContaining({ id: note.id, debitNote: true, qty: -2, amount: '-16.0000', outstanding: '-16.0000', status: 'VERIFIED' }),
      expect.objectContaining({ id: p.payable.id, code: p.payable.code, debitNote: false, qty: 9, amount: '48.6665', paymentStatus: 'NOT_PAID', payableType: 'PURCHASE' }),
    ]);
    expect(info.payments).toEqual([expect.objectContaining({ id: paid.payment.id, code: paid.payment.code, status: 'DRAFT', paymentMode: 'BANK', payableId: p.payable.id, payableCode: p.payable.code, amount: '20.0000' })]);

    const clerk = await signedInStaff(t, w.domainId, ['MENU_PURCHASE']);
    const seen = await ok(purchase(clerk, 'searchInfo', { id: order.id }));
    expect(seen.payables).toHaveLength(2);
    for (const row of seen.payables) {
      expect(row).not.toHaveProperty('amount');
      expect(row).not.toHaveProperty('outstanding');
    }
    expect(seen.payments[0]).not.toHaveProperty('amount');
    expect(seen.payments[0]).toMatchObject({ code: paid.payment.code });
  });

  it('shows another domain neither the order nor its settlement', async () => {
    const { w, order, billIds } = await receivedWorld();
    await verifiedPayable(w, billIds);
    const stranger = await purchasingWorld(t);
    expect((await purchase(stranger.token, 'searchInfo', { id: order.id })).body).toMatchObject({ errorCode: 'ERR_NOT_FOUND' });
    expect((await ok(purchase(stranger.token, 'search', { settleStatus: 'SETTLED' }))).voList).toEqual([]);
    expect(countOf(await ok(purchase(stranger.token, 'getExtraInfo', {})), 'SETTLED')).toBe(0);
  });
});
