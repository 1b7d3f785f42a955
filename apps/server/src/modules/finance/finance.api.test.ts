// Payables and payments over HTTP, on a fresh database: bills (purchase receipt lines) recorded on
// purchase payables once only; the payable states with the three-way match on verify and the
// purchase order lines' settled quantity; other payables; payments allocating to payables with
// prepayment and other deductions, verified and cancelled under row locks (also 40 at once);
// debit notes from purchase returns; every refusal changing nothing; another domain neither reads
// nor changes anything.
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getAsn } from '../../../test/factories/inbound.js';
import { purchasingWorld, verifiedOrder, type PurchasingWorld } from '../../../test/factories/purchasing.js';
import { signedInStaff } from '../../../test/factories/warehouses.js';
import { createTestApp } from '../../../test/harness.js';
import { financePayables, financePayments, purchaseOrderLines } from '../../db/schema/index.js';
import { createDebitNoteInTx } from './index.js';

const t = await createTestApp();

const payable = (token: string, path: string, body: Record<string, unknown>) => t.call(`/cloud/advance/finance/payable/${path}`, body, { token });
const payment = (token: string, path: string, body: Record<string, unknown>) => t.call(`/cloud/advance/finance/payment/${path}`, body, { token });
const bills = (token: string, body: Record<string, unknown>) => t.call('/cloud/advance/finance/bill/search', body, { token });

async function ok(answer: Promise<{ body: any }>) {
  const { body } = await answer;
  if (!body.success) throw new Error(`refused: ${JSON.stringify(body)}`);
  return body.data as any;
}

/** A verified order of 10 × 8.00 and 5 × 3.3333, with 4 and 5 received: two bills. */
async function receivedWorld(): Promise<{ w: PurchasingWorld; order: any; billIds: number[] }> {
  const w = await purchasingWorld(t);
  const v = await verifiedOrder(t, w, [
    { skuCode: w.skuCodes[0]!, qty: 10, price: '8' },
    { skuCode: w.skuCodes[1]!, qty: 5, price: '3.3333' },
  ]);
  const asn = await getAsn(t, w.token, v.order.asnId);
  const detail = (i: number) => asn.asnDetails.find((d: any) => d.skuId === w.skuIds[i]).id;
  const r = await t.call(
    '/cloud/purchase/purchaseAsn/receipt',
    {
      id: asn.id,
      version: asn.version,
      lines: [
        { asnDetailId: detail(0), qty: 4 },
        { asnDetailId: detail(1), qty: 5 },
      ],
    },
    { token: w.token },
  );
  expect(r.body.success).toBe(true);
  const list = await ok(bills(w.token, { billStatus: 'TO_BE_RECORD' }));
  return { w, order: v.order, billIds: list.voList.map((b: any) => b.billDetailId).sort((a: number, b: number) => a - b) };
}

/** A verified purchase payable of both bills (32.0000 + 16.6665 = 48.6665). */
async function verifiedPayable(w: PurchasingWorld, billIds: number[]) {
  const created = await ok(payable(w.token, 'createPurchasePayableAndSubmit', { details: billIds.map((billDetailId) => ({ billDetailId })) }));
  return ok(payable(w.token, 'verify', { id: created.payable.id, version: created.payable.version }));
}

const settled = async (domainId: number, orderId: number) =>
  (await t.database.db.select({ sku: purchaseOrderLines.skuId, settled: purchaseOrderLines.settledQty }).from(purchaseOrderLines).where(and(eq(purchaseOrderLines.domainId, domainId), eq(purchaseOrderLines.orderId, orderId)))).map((l) => l.settled).sort();

describe('purchase payables from bills', () => {
  it('records bills at the receipt price once: a second payable of the same bill is refused until the first is invalidated', async () => {
    const { w, order, billIds } = await receivedWorld();
    const listed = await ok(bills(w.token, {}));
    expect(listed.voList.map((b: any) => [b.purchaseCode, b.qty, b.unitCost, b.amount, b.billStatus]).sort()).toEqual([
      [order.code, 4, '8.0000', '32.0000', 'TO_BE_RECORD'],
      [order.code, 5, '3.3333', '16.6665', 'TO_BE_RECORD'],
    ]);
    const v = await ok(payable(w.token, 'createPurchasePayable', { remark: 'May', details: billIds.map((billDetailId) => ({ billDetailId })) }));
    expect(v.payable).toMatchObject({ payableType: 'PURCHASE', status: 'DRAFT', paymentStatus: 'NOT_PAID', amount: '48.6665', outstanding: '48.6665', paidAmount: '0.0000', purchaseCode: order.code, supplierId: w.supplierId, debitNote: false });
    expect(v.payable.code).toMatch(/^YF\d{12}$/);
    expect(v.lines.map((l: any) => [l.payableQty, l.payablePrice, l.amountPayable, l.receiveQty, l.receivePrice, l.orderPrice, l.matches])).toEqual([
      [4, '8.0000', '32.0000', 4, '8.0000', '8.0000', true],
      [5, '3.3333', '16.6665', 5, '3.3333', '3.3333', true],
    ]);
    expect((await ok(bills(w.token, { billStatus: 'RECORDED' }))).voList.map((b: any) => b.payableCode)).toEqual([v.payable.code, v.payable.code]);

    const again = await payable(w.token, 'createPurchasePayable', { details: [{ billDetailId: billIds[1] }] });
    expect(again.body).toMatchObject({ success: false, errorCode: 'ERR_FINANCE_BILL_RECORDED', params: { field: 'details.0.billDetailId', payableCode: v.payable.code } });
    const recorded = await payable(w.token, 'record', { billDetailIds: [billIds[0]] });
    expect(recorded.body).toMatchObject({ errorCode: 'ERR_FINANCE_BILL_RECORDED' });

    await ok(payable(w.token, 'invalid', { id: v.payable.id, version: v.payable.version }));
    const fresh = await ok(payable(w.token, 'record', { billDetailIds: billIds }));
    expect(fresh.payables).toHaveLength(1);
    expect(fresh.payables[0]).toMatchObject({ status: 'DRAFT', amount: '48.6665' });
    const [{ n }] = (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from finance_payables where domain_id = ${w.domainId}`)).rows as any;
    expect(n).toBe(2);
  });

  it('verifies only a three-way match, naming the mismatched lines; verify raises the order lines’ settled quantity and invalid lowers it', async () => {
    const { w, order, billIds } = await receivedWorld();
    let v = await ok(payable(w.token, 'createPurchasePayable', { details: billIds.map((billDetailId) => ({ billDetailId })) }));
    v = await ok(payable(w.token, 'updatePurchasePayableAndSubmit', { id: v.payable.id, version: v.payable.version, details: [{ billDetailId: billIds[0], payableQty: 4, payablePrice: '8.5' }, { billDetailId: billIds[1] }] }));
    expect(v.payable).toMatchObject({ status: 'SUBMIT', amount: '50.6665' });
    expect(v.lines.map((l: any) => l.matches)).toEqual([false, true]);
    const refused = await payable(w.token, 'verify', { id: v.payable.id, version: v.payable.version });
    expect(refused.body).toMatchObject({ success: false, errorCode: 'ERR_PAYABLE_THREE_WAY_MISMATCH', params: { lines: '1', field: 'details.0.payableQty' } });
    expect(await settled(w.domainId, order.id)).toEqual([0, 0]);

    v = await ok(payable(w.token, 'reject', { id: v.payable.id, version: v.payable.version, reason: 'price' }));
    expect(v.payable).toMatchObject({ status: 'DRAFT', rejectReason: 'price' });
    v = await ok(payable(w.token, 'updatePurchasePayable', { id: v.payable.id, version: v.payable.version, details: billIds.map((billDetailId) => ({ billDetailId })) }));
    v = await ok(payable(w.token, 'submit', { id: v.payable.id, version: v.payable.version }));
    v = await ok(payable(w.token, 'verify', { id: v.payable.id, version: v.payable.version }));
    expect(v.payable).toMatchObject({ status: 'VERIFIED', actions: ['invalid'] });
    expect(await settled(w.domainId, order.id)).toEqual([4, 5]);

    expect((await payable(w.token, 'delete', { id: v.payable.id, version: v.payable.version })).body).toMatchObject({ errorCode: 'ERR_PAYABLE_WRONG_STATUS', params: { status: 'VERIFIED', action: 'delete' } });
    expect((await payable(w.token, 'invalid', { id: v.payable.id, version: v.payable.version - 1 })).body).toMatchObject({ errorCode: 'ERR_VERSION_CONFLICT' });
    v = await ok(payable(w.token, 'invalid', { id: v.payable.id, version: v.payable.version }));
    expect(v.payable.status).toBe('INVALID');
    expect(await settled(w.domainId, order.id)).toEqual([0, 0]);
    expect(await ok(payable(w.token, 'delete', { id: v.payable.id, version: v.payable.version }))).toEqual({ deleted: 1 });
  });

  it('submits, retracts and refuses an action the state does not allow', async () => {
    const { w, billIds } = await receivedWorld();
    let v = await ok(payable(w.token, 'createPurchasePayable', { details: [{ billDetailId: billIds[0] }] }));
    expect((await payable(w.token, 'verify', { id: v.payable.id, version: v.payable.version })).body).toMatchObject({ errorCode: 'ERR_PAYABLE_WRONG_STATUS', params: { status: 'DRAFT', action: 'verify' } });
    v = await ok(payable(w.token, 'submit', { id: v.payable.id, version: v.payable.version }));
    expect(v.payable.actions).toEqual(['retract', 'verify', 'reject']);
    expect((await payable(w.token, 'updatePurchasePayable', { id: v.payable.id, version: v.payable.version, details: [{ billDetailId: billIds[0] }] })).body).toMatchObject({ errorCode: 'ERR_PAYABLE_WRONG_STATUS' });
    v = await ok(payable(w.token, 'retract', { id: v.payable.id, version: v.payable.version }));
    expect(v.payable.status).toBe('DRAFT');
    expect((await payable(w.token, 'updateOtherPayable', { id: v.payable.id, version: v.payable.version, payableObjectId: w.supplierId, details: [{ payableItemName: 'x', payableQty: 1, payablePrice: '1' }] })).body).toMatchObject({ errorCode: 'ERR_PAYABLE_WRONG_TYPE' });
  });
});

describe('other payables', () => {
  it('creates, edits and submits an other payable, and refuses a price with more than 4 decimals and an unknown SKU', async () => {
    const w = await purchasingWorld(t);
    const decimals = await payable(w.token, 'createOtherPayable', { payableObjectId: w.supplierId, details: [{ payableItemName: 'Freight', payableQty: 1, payablePrice: '12.34567' }] });
    expect(decimals.body).toMatchObject({ success: false, errorCode: 'ERR_VALIDATION', params: { field: 'details.0.payablePrice' } });
    const sku = await payable(w.token, 'createOtherPayable', { payableObjectId: w.supplierId, details: [{ payableItemName: 'Sample', skuCode: 'NO-SUCH', payableQty: 1, payablePrice: '1' }] });
    expect(sku.body).toMatchObject({ errorCode: 'ERR_FINANCE_SKU_NOT_FOUND', params: { field: 'details.0.skuCode' } });
    let v = await ok(payable(w.token, 'createOtherPayableAndSubmit', { payableObjectId: w.supplierId, remark: 'freight', details: [{ payableItemName: 'Freight', payableQty: 2, payablePrice: '12.5' }] }));
    expect(v.payable).toMatchObject({ payableType: 'OTHER', status: 'SUBMIT', amount: '25.0000' });
    v = await ok(payable(w.token, 'retract', { id: v.payable.id, version: v.payable.version }));
    v = await ok(payable(w.token, 'updateOtherPayableAndSubmit', { id: v.payable.id, version: v.payable.version, payableObjectId: w.supplierId, details: [{ payableItemName: 'Freight', skuCode: w.skuCodes[0], payableQty: 3, payablePrice: '12.5' }] }));
    expect(v.payable).toMatchObject({ status: 'SUBMIT', amount: '37.5000' });
    expect(v.lines[0]).toMatchObject({ skuCode: w.skuCodes[0], matches: true });
    v = await ok(payable(w.token, 'verify', { id: v.payable.id, version: v.payable.version }));
    expect(v.payable.status).toBe('VERIFIED');
    const list = await ok(payable(w.token, 'search', { payableType: 'OTHER', status: 'VERIFIED' }));
    expect(list.voList.map((r: any) => r.code)).toEqual([v.payable.code]);
  });
});

async function verifiedPrepaid(w: PurchasingWorld, amountPaid: string) {
  const p = await ok(payment(w.token, 'createPrepaid', { paymentObjectId: w.supplierId, paymentMode: 'BANK', amountPaid }));
  const s = await ok(payment(w.token, 'submit', { id: p.payment.id, version: p.payment.version }));
  return ok(payment(w.token, 'verify', { id: s.payment.id, version: s.payment.version }));
}

async function submitted(w: PurchasingWorld, body: Record<string, unknown>, path = 'create') {
  const p = await ok(payment(w.token, path, body));
  return ok(payment(w.token, 'submit', { id: p.payment.id, version: p.payment.version }));
}

describe('payments and prepayments', () => {
  it('pays part of a payable with a prepayment and the rest by bank transfer; cancelling gives both back', async () => {
    const { w, billIds } = await receivedWorld();
    const p = await verifiedPayable(w, billIds);
    const prepaid = await verifiedPrepaid(w, '30');
    expect(prepaid.payment).toMatchObject({ paymentType: 'PREPAID', status: 'VERIFIED', prepaidRemaining: '30.0000' });
    expect(await ok(payment(w.token, 'prepaidBalance', { supplierId: w.supplierId }))).toMatchObject({ balance: '30.0000', prepayments: [{ id: prepaid.payment.id, remaining: '30.0000' }] });

    const byPrepaid = await submitted(w, { paymentObjectId: w.supplierId, paymentMode: 'BANK', allocations: [{ payableId: p.payable.id, amount: '30' }], prepaidDeductDetails: [{ prepaidPaymentId: prepaid.payment.id, prepaidDeductAmount: '30' }] });
    expect(byPrepaid.payment).toMatchObject({ amountPaid: '30.0000', prepaidDeduct: '30.0000', actualPaid: '0.0000', status: 'SUBMIT' });
    await ok(payment(w.token, 'verify', { id: byPrepaid.payment.id, version: byPrepaid.payment.version }));
    let after = await ok(payable(w.token, 'searchInfo', { id: p.payable.id }));
    expect(after.payable).toMatchObject({ paymentStatus: 'PARTIAL_PAYMENT', outstanding: '18.6665', paidAmount: '30.0000' });
    expect((await ok(payment(w.token, 'prepaidBalance', { supplierId: w.supplierId }))).balance).toBe('0.0000');

    const bank = await submitted(w, { payableHeaderIds: [p.payable.id], paymentMode: 'BANK', collectBank: 'ICBC', collectAccount: '6222' }, 'createByBill');
    expect(bank.payment).toMatchObject({ amountPaid: '18.6665', actualPaid: '18.6665', paymentMode: 'BANK' });
    const verified = await ok(payment(w.token, 'verify', { id: bank.payment.id, version: bank.payment.version }));
    expect(verified.allocations).toEqual([{ payableId: p.payable.id, payableCode: p.payable.code, amount: '18.6665' }]);
    // No paid time was written: the money left when the payment was verified.
    expect(verified.payment.paidTime).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\d/));
    after = await ok(payable(w.token, 'searchInfo', { id: p.payable.id }));
    expect(after.payable).toMatchObject({ paymentStatus: 'PAID', outstanding: '0.0000' });
    expect(after.allocations.map((a: any) => a.amount)).toEqual(['30.0000', '18.6665']);
    expect((await payable(w.token, 'invalid', { id: p.payable.id, version: after.payable.version })).body).toMatchObject({ errorCode: 'ERR_PAYABLE_WRONG_STATUS' });

    // Cancelling the prepayment's payment: the payable owes 30 again and the prepayment has 30 back.
    const cur = await ok(payment(w.token, 'searchInfo', { id: byPrepaid.payment.id }));
    await ok(payment(w.token, 'invalid', { id: cur.payment.id, version: cur.payment.version }));
    after = await ok(payable(w.token, 'searchInfo', { id: p.payable.id }));
    expect(after.payable).toMatchObject({ paymentStatus: 'PARTIAL_PAYMENT', outstanding: '30.0000' });
    expect((await ok(payment(w.token, 'prepaidBalance', { supplierId: w.supplierId }))).balance).toBe('30.0000');
    const ledger = (await t.database.db.execute<{ amount: string }>(sql`select amount from finance_prepaid_ledger where domain_id = ${w.domainId} order by id`)).rows.map((r: any) => r.amount);
    expect(ledger).toEqual(['30.0000', '-30.0000', '30.0000']);
  });

  it('refuses over-allocation, a deduction above the prepayment balance, deductions above the payment, a stale version and a wrong state, changing nothing', async () => {
    const { w, billIds } = await receivedWorld();
    const p = await verifiedPayable(w, billIds);
    const prepaid = await verifiedPrepaid(w, '10');
    const over = await payment(w.token, 'create', { paymentObjectId: w.supplierId, paymentMode: 'CASH', allocations: [{ payableId: p.payable.id, amount: '48.6666' }] });
    expect(over.body).toMatchObject({ success: false, errorCode: 'ERR_FINANCE_OVER_ALLOCATION', params: { field: 'allocations.0.amount', outstanding: '48.6665' } });
    const negative = await payment(w.token, 'create', { paymentObjectId: w.supplierId, paymentMode: 'CASH', allocations: [{ payableId: p.payable.id, amount: '-1' }] });
    expect(negative.body).toMatchObject({ errorCode: 'ERR_FINANCE_OVER_ALLOCATION' });
    const decimals = await payment(w.token, 'create', { paymentObjectId: w.supplierId, paymentMode: 'CASH', allocations: [{ payableId: p.payable.id, amount: '1.00001' }] });
    expect(decimals.body).toMatchObject({ errorCode: 'ERR_VALIDATION', params: { field: 'allocations.0.amount' } });
    const aboveBalance = await payment(w.token, 'create', { paymentObjectId: w.supplierId, paymentMode: 'CASH', allocations: [{ payableId: p.payable.id, amount: '20' }], prepaidDeductDetails: [{ prepaidPaymentId: prepaid.payment.id, prepaidDeductAmount: '10.0001' }] });
    expect(aboveBalance.body).toMatchObject({ errorCode: 'ERR_FINANCE_PREPAID_BALANCE', params: { field: 'prepaidDeductDetails.0.prepaidDeductAmount', remaining: '10.0000' } });
    const aboveAmount = await payment(w.token, 'create', { paymentObjectId: w.supplierId, paymentMode: 'CASH', otherDeduct: '5', allocations: [{ payableId: p.payable.id, amount: '10' }], prepaidDeductDetails: [{ prepaidPaymentId: prepaid.payment.id, prepaidDeductAmount: '6' }] });
    expect(aboveAmount.body).toMatchObject({ errorCode: 'ERR_FINANCE_NEGATIVE_PAYMENT' });
    const badMode = await payment(w.token, 'create', { paymentObjectId: w.supplierId, paymentMode: 'CHEQUE', allocations: [{ payableId: p.payable.id, amount: '1' }] });
    expect(badMode.body).toMatchObject({ errorCode: 'ERR_VALIDATION', params: { field: 'paymentMode' } });

    // Two payments of the prepayment's whole balance: the second is refused at verify, under the lock.
    const a = await submitted(w, { paymentObjectId: w.supplierId, paymentMode: 'WECHAT', otherDeduct: '1', allocations: [{ payableId: p.payable.id, amount: '20' }], prepaidDeductDetails: [{ prepaidPaymentId: prepaid.payment.id, prepaidDeductAmount: '10' }] });
    expect(a.payment).toMatchObject({ otherDeduct: '1.0000', actualPaid: '9.0000' });
    const b = await submitted(w, { paymentObjectId: w.supplierId, paymentMode: 'ALIPAY', allocations: [{ payableId: p.payable.id, amount: '20' }], prepaidDeductDetails: [{ prepaidPaymentId: prepaid.payment.id, prepaidDeductAmount: '10' }] });
    await ok(payment(w.token, 'verify', { id: a.payment.id, version: a.payment.version }));
    expect((await payment(w.token, 'verify', { id: b.payment.id, version: b.payment.version })).body).toMatchObject({ errorCode: 'ERR_FINANCE_PREPAID_BALANCE' });
    expect((await payment(w.token, 'verify', { id: b.payment.id, version: b.payment.version - 1 })).body).toMatchObject({ errorCode: 'ERR_VERSION_CONFLICT' });
    expect((await payment(w.token, 'delete', { id: b.payment.id, version: b.payment.version })).body).toMatchObject({ errorCode: 'ERR_PAYMENT_WRONG_STATUS', params: { status: 'SUBMIT', action: 'delete' } });
    const [row] = await t.database.db.select().from(financePayables).where(eq(financePayables.id, p.payable.id));
    expect(row).toMatchObject({ outstanding: '28.6665', paymentStatus: 'PARTIAL_PAYMENT' });
    // A verified prepayment deducted from is not cancelled.
    const pre = await ok(payment(w.token, 'searchInfo', { id: prepaid.payment.id }));
    expect((await payment(w.token, 'invalid', { id: pre.payment.id, version: pre.payment.version })).body).toMatchObject({ errorCode: 'ERR_FINANCE_PREPAID_USED' });

    // Rejected back to draft, invalidated and deleted.
    let bb = await ok(payment(w.token, 'reject', { id: b.payment.id, version: b.payment.version, reason: 'no balance' }));
    expect(bb.payment).toMatchObject({ status: 'DRAFT', rejectReason: 'no balance' });
    bb = await ok(payment(w.token, 'invalid', { id: bb.payment.id, version: bb.payment.version }));
    expect(await ok(payment(w.token, 'delete', { id: bb.payment.id, version: bb.payment.version }))).toEqual({ deleted: 1 });
    const list = await ok(payment(w.token, 'search', { paymentType: 'PAYABLE' }));
    expect(list.voList.map((r: any) => r.code)).toEqual([a.payment.code]);
  });

  it('keeps every payable between 0 and its amount under 40 concurrent verifications and cancellations', async () => {
    const { w, billIds } = await receivedWorld();
    const p = await verifiedPayable(w, billIds); // 48.6665
    const all = await Promise.all(Array.from({ length: 40 }, () => submitted(w, { paymentObjectId: w.supplierId, paymentMode: 'BANK', allocations: [{ payableId: p.payable.id, amount: '4.5' }] })));
    const verifiedFirst = [];
    for (const f of all.slice(0, 10)) verifiedFirst.push(await ok(payment(w.token, 'verify', { id: f.payment.id, version: f.payment.version }))); // 45 paid, 3.6665 left
    const more = all.slice(10);
    const results = await Promise.all([
      ...more.map((m) => payment(w.token, 'verify', { id: m.payment.id, version: m.payment.version })),
      ...verifiedFirst.map((v) => payment(w.token, 'invalid', { id: v.payment.id, version: v.payment.version })),
    ]);
    for (const r of results) expect(r.status).toBeLessThan(500);
    expect(results.slice(30).every((r) => r.body.success)).toBe(true);
    const verifiedCount = (await t.database.db.select().from(financePayments).where(and(eq(financePayments.domainId, w.domainId), eq(financePayments.status, 'VERIFIED')))).length;
    const [row] = await t.database.db.select().from(financePayables).where(eq(financePayables.id, p.payable.id));
    const outstanding = Number(row!.outstanding);
    expect(outstanding).toBeGreaterThanOrEqual(0);
    expect(outstanding).toBeLessThanOrEqual(48.6665);
    // The outstanding is exactly the amount less what the verified payments allocated.
    expect(row!.outstanding).toBe((486665n - BigInt(verifiedCount) * 45000n).toString().replace(/(\d{4})$/, '.$1'));
    expect(verifiedCount).toBeLessThanOrEqual(10);
  });
});

describe('debit notes', () => {
  it('makes a verified negative payable per purchase return, each return line once, and pays it off against a payable', async () => {
    const { w, order, billIds } = await receivedWorld();
    const p = await verifiedPayable(w, billIds);
    const lines = await t.database.db.select().from(purchaseOrderLines).where(and(eq(purchaseOrderLines.domainId, w.domainId), eq(purchaseOrderLines.orderId, order.id)));
    const line = lines.find((l) => l.skuId === w.skuIds[0])!;
    const note = await t.database.db.transaction((tx) =>
      createDebitNoteInTx(tx, { domainId: w.domainId, supplierId: w.supplierId, purchaseReturnId: 9001, lines: [{ purchaseReturnLineId: 9101, purchaseOrderLineId: line.id, skuId: line.skuId, qty: 2, unitCost: '8' }] }),
    );
    expect(note.amount).toBe('-16.0000');
    const v = await ok(payable(w.token, 'searchInfo', { id: note.id }));
    expect(v.payable).toMatchObject({ status: 'VERIFIED', debitNote: true, outstanding: '-16.0000', purchaseCode: order.code });
    expect(v.lines[0]).toMatchObject({ payableQty: -2, amountPayable: '-16.0000', purchaseReturnLineId: 9101 });
    await expect(
      t.database.db.transaction((tx) =>
        createDebitNoteInTx(tx, { domainId: w.domainId, supplierId: w.supplierId, purchaseReturnId: 9001, lines: [{ purchaseReturnLineId: 9101, purchaseOrderLineId: line.id, skuId: line.skuId, qty: 2, unitCost: '8' }] }),
      ),
    ).rejects.toMatchObject({ code: 'ERR_FINANCE_BILL_RECORDED' });

    const netted = await submitted(w, { paymentObjectId: w.supplierId, paymentMode: 'BANK', allocations: [{ payableId: p.payable.id, amount: '48.6665' }, { payableId: note.id, amount: '-16' }] });
    expect(netted.payment).toMatchObject({ amountPaid: '32.6665', actualPaid: '32.6665' });
    const tooMuch = await payment(w.token, 'create', { paymentObjectId: w.supplierId, paymentMode: 'BANK', allocations: [{ payableId: p.payable.id, amount: '40' }, { payableId: note.id, amount: '-16.0001' }] });
    expect(tooMuch.body).toMatchObject({ errorCode: 'ERR_FINANCE_OVER_ALLOCATION', params: { field: 'allocations.1.amount' } });
    await ok(payment(w.token, 'verify', { id: netted.payment.id, version: netted.payment.version }));
    expect((await ok(payable(w.token, 'searchInfo', { id: note.id }))).payable).toMatchObject({ paymentStatus: 'PAID', outstanding: '0.0000' });
  });
});

describe('access', () => {
  it('refuses an account without the payables menu and hides unit prices from one without the purchase price field', async () => {
    const { w, billIds } = await receivedWorld();
    const v = await ok(payable(w.token, 'createPurchasePayable', { details: [{ billDetailId: billIds[0] }] }));
    const noMenu = await signedInStaff(t, w.domainId, ['MENU_PURCHASE']);
    expect((await payable(noMenu, 'search', {})).body).toMatchObject({ success: false, errorCode: 'ERR_SECURITY_NO_PERMISSION' });
    expect((await payment(noMenu, 'createPrepaid', { paymentObjectId: w.supplierId, paymentMode: 'BANK', amountPaid: '1' })).body).toMatchObject({ errorCode: 'ERR_SECURITY_NO_PERMISSION' });
    const clerk = await signedInStaff(t, w.domainId, ['MENU_PAYABLE_MANAGE']);
    const seen = await ok(payable(clerk, 'searchInfo', { id: v.payable.id }));
    expect(seen.lines[0]).not.toHaveProperty('payablePrice');
    expect(seen.lines[0]).not.toHaveProperty('receivePrice');
    expect((await ok(bills(clerk, {}))).voList[0]).not.toHaveProperty('unitCost');
    expect((await payable(clerk, 'createPurchasePayable', { details: [{ billDetailId: billIds[1], payablePrice: '1' }] })).body).toMatchObject({ errorCode: 'ERR_FINANCE_PRICE_HIDDEN' });
  });

  it('lets another domain neither read nor change payables and payments, nor use this domain’s bills or supplier', async () => {
    const { w, billIds } = await receivedWorld();
    const stranger = await purchasingWorld(t);
    const p = await verifiedPayable(w, billIds);
    const prepaid = await verifiedPrepaid(w, '5');
    expect((await ok(payable(stranger.token, 'search', {}))).voList).toEqual([]);
    expect((await ok(payment(stranger.token, 'search', {}))).voList).toEqual([]);
    expect((await ok(bills(stranger.token, {}))).voList).toEqual([]);
    expect((await payable(stranger.token, 'searchInfo', { id: p.payable.id })).body).toMatchObject({ errorCode: 'ERR_NOT_FOUND' });
    expect((await payable(stranger.token, 'invalid', { id: p.payable.id, version: p.payable.version })).body).toMatchObject({ errorCode: 'ERR_NOT_FOUND' });
    expect((await payment(stranger.token, 'invalid', { id: prepaid.payment.id, version: prepaid.payment.version })).body).toMatchObject({ errorCode: 'ERR_NOT_FOUND' });
    expect((await payable(stranger.token, 'createPurchasePayable', { details: [{ billDetailId: billIds[0] }] })).body).toMatchObject({ errorCode: 'ERR_FINANCE_BILL_NOT_FOUND' });
    expect((await payment(stranger.token, 'createPrepaid', { paymentObjectId: w.supplierId, paymentMode: 'BANK', amountPaid: '1' })).body).toMatchObject({ errorCode: 'ERR_FINANCE_SUPPLIER_NOT_FOUND' });
    expect((await payment(stranger.token, 'create', { paymentObjectId: stranger.supplierId, paymentMode: 'BANK', allocations: [{ payableId: p.payable.id, amount: '1' }] })).body).toMatchObject({ errorCode: 'ERR_FINANCE_PAYABLE_NOT_PAYABLE' });
    const [row] = await t.database.db.select().from(financePayables).where(eq(financePayables.id, p.payable.id));
    expect(row).toMatchObject({ status: 'VERIFIED', outstanding: '48.6665', domainId: w.domainId });
  });
});
