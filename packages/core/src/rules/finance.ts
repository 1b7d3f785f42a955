// Payable and payment rules, one owner for the server's guards and the web's buttons: which action
// each state allows, the state an action leads to, the payment state derived from what is still
// outstanding, whether an allocation fits a payable (sign-aware: a debit note is negative), the
// three-way match of a purchase payable line and the purchase order's settlement axis.
import type { PaidAction, PaidStatus, PayableAction, PayableStatus, PaymentStatus, PurchaseSettleStatus } from '../catalogues/finance.js';
import { addDecimals, compareDecimals, multiplyDecimals, parseDecimal, type Decimal } from './decimal.js';

type Amount = number | string | Decimal;

const PAYABLE_ALLOWED: Record<PayableStatus, readonly PayableAction[]> = {
  DRAFT: ['update', 'submit', 'invalid', 'delete'],
  SUBMIT: ['retract', 'verify', 'reject'],
  VERIFIED: ['invalid'],
  INVALID: ['delete'],
};

/**
 * Whether a payable in `status` allows `action`. A verified payable is invalidated only while
 * nothing is paid on it (`outstanding` equal to its amount).
 */
export function payableAllows(status: PayableStatus, action: PayableAction, money?: { amount: Amount; outstanding: Amount }): boolean {
  if (!PAYABLE_ALLOWED[status].includes(action)) return false;
  if (status === 'VERIFIED' && action === 'invalid' && money) return compareDecimals(money.amount, money.outstanding) === 0;
  return true;
}

export function payableActions(status: PayableStatus, money?: { amount: Amount; outstanding: Amount }): PayableAction[] {
  return PAYABLE_ALLOWED[status].filter((a) => payableAllows(status, a, money));
}

export function payableStatusAfter(action: Exclude<PayableAction, 'update' | 'delete'>): PayableStatus {
  switch (action) {
    case 'submit':
      return 'SUBMIT';
    case 'invalid':
      return 'INVALID';
    case 'retract':
    case 'reject':
      return 'DRAFT';
    case 'verify':
      return 'VERIFIED';
  }
}

const PAID_ALLOWED: Record<PaidStatus, readonly PaidAction[]> = {
  DRAFT: ['submit', 'invalid', 'delete'],
  SUBMIT: ['retract', 'verify', 'reject'],
  VERIFIED: ['invalid'],
  INVALID: ['delete'],
};

/**
 * Whether a payment in `status` allows `action` (invalid on VERIFIED cancels it: what it paid is
 * owed again). A verified prepayment is cancelled only while nothing was deducted from it.
 */
export function paidAllows(status: PaidStatus, action: PaidAction, prepaid?: { amountPaid: Amount; remaining: Amount | null }): boolean {
  if (!PAID_ALLOWED[status].includes(action)) return false;
  if (status === 'VERIFIED' && action === 'invalid' && prepaid && prepaid.remaining !== null) return compareDecimals(prepaid.remaining, prepaid.amountPaid) === 0;
  return true;
}

export function paidActions(status: PaidStatus, prepaid?: { amountPaid: Amount; remaining: Amount | null }): PaidAction[] {
  return PAID_ALLOWED[status].filter((a) => paidAllows(status, a, prepaid));
}

export function paidStatusAfter(action: Exclude<PaidAction, 'delete'>): PaidStatus {
  switch (action) {
    case 'submit':
      return 'SUBMIT';
    case 'invalid':
      return 'INVALID';
    case 'retract':
    case 'reject':
      return 'DRAFT';
    case 'verify':
      return 'VERIFIED';
  }
}

/** NOT_PAID while all is outstanding, PAID when nothing is, PARTIAL_PAYMENT between. */
export function paymentStatusOf(amount: Amount, outstanding: Amount): PaymentStatus {
  if (compareDecimals(outstanding, 0) === 0) return 'PAID';
  if (compareDecimals(outstanding, amount) === 0) return 'NOT_PAID';
  return 'PARTIAL_PAYMENT';
}

/**
 * Whether `allocation` may be taken off a payable with `outstanding` left: same sign as the
 * payable (a debit note takes negative allocations), not zero, and never more than is outstanding.
 */
export function allocationFits(outstanding: Amount, allocation: Amount): boolean {
  const o = parseDecimal(outstanding);
  const a = parseDecimal(allocation);
  if (compareDecimals(a, 0) === 0) return false;
  if (compareDecimals(o, 0) >= 0) return compareDecimals(a, 0) > 0 && compareDecimals(a, o) <= 0;
  return compareDecimals(a, 0) < 0 && compareDecimals(a, o) >= 0;
}

export interface PayableMatchLine {
  payableQty: number;
  payablePrice: string;
  receiveQty: number;
  receivePrice: string | null;
  orderPrice: string | null;
}

/**
 * The three-way match of a purchase payable line: quantity × price payable equals the receipt's
 * quantity × unit cost, and the price equals the order line's price (when the order has one).
 */
export function payableLineMatches(line: PayableMatchLine): boolean {
  if (line.payableQty !== line.receiveQty) return false;
  const receipt = multiplyDecimals(line.receiveQty, line.receivePrice ?? line.orderPrice ?? 0);
  if (compareDecimals(multiplyDecimals(line.payableQty, line.payablePrice), receipt) !== 0) return false;
  if (line.orderPrice !== null && compareDecimals(line.payablePrice, line.orderPrice) !== 0) return false;
  return true;
}

export interface SettleLineCounters {
  receivedQty: number;
  returnedQty: number;
  settledQty: number;
}

/**
 * The purchase order's settlement axis: nothing received (net of returns) → NOT_PAYABLE; received
 * but nothing on a verified payable → TO_SETTLE; all received on verified payables → SETTLED;
 * else PART_SETTLED.
 */
export function purchaseSettleStatus(lines: readonly SettleLineCounters[]): PurchaseSettleStatus {
  const net = lines.reduce((s, l) => s + Math.max(0, l.receivedQty - l.returnedQty), 0);
  const settled = lines.reduce((s, l) => s + l.settledQty, 0);
  if (net === 0 && settled === 0) return 'NOT_PAYABLE';
  if (settled === 0) return 'TO_SETTLE';
  if (settled >= net) return 'SETTLED';
  return 'PART_SETTLED';
}

/** Sums exact decimals. */
export function sumDecimals(values: readonly Amount[]): Decimal {
  return values.reduce<Decimal>((s, v) => addDecimals(s, v), parseDecimal(0));
}

/** a − b, exact. */
export function subtractDecimals(a: Amount, b: Amount): Decimal {
  return addDecimals(a, multiplyDecimals(b, -1));
}
