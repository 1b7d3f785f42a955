// Purchase return rules: which action each state allows (the one owner: server guards and web
// buttons both ask here), the state an action leads to, what a purchase order line can still
// send back, and what the rest of the stock is worth after pieces leave at a cost other than the
// average.
import type { PurchaseReturnAction, PurchaseReturnStatus } from '../catalogues/purchase-returns.js';
import { addDecimals, compareDecimals, divideDecimals, formatDecimal, multiplyDecimals, parseDecimal } from './decimal.js';

const ALLOWED: Record<PurchaseReturnStatus, readonly PurchaseReturnAction[]> = {
  DRAFT: ['update', 'submit', 'invalid', 'delete'],
  SUBMIT: ['retract', 'verify', 'reject'],
  // Verified: the outbound order takes it from here (delivered → COMPLETE, cancelled → CLOSE).
  VERIFY: [],
  CLOSE: [],
  COMPLETE: [],
};

/** Whether a purchase return in `status` allows `action`. */
export function purchaseReturnAllows(status: PurchaseReturnStatus, action: PurchaseReturnAction): boolean {
  return ALLOWED[status].includes(action);
}

/** The actions a purchase return in `status` offers. */
export function purchaseReturnActions(status: PurchaseReturnStatus): readonly PurchaseReturnAction[] {
  return ALLOWED[status];
}

/** The state an action leads to (delete removes the return; update keeps the state). */
export function purchaseReturnStatusAfter(action: Exclude<PurchaseReturnAction, 'update' | 'delete'>): PurchaseReturnStatus {
  switch (action) {
    case 'submit':
      return 'SUBMIT';
    case 'invalid':
      return 'CLOSE';
    case 'retract':
    case 'reject':
      return 'DRAFT';
    case 'verify':
      return 'VERIFY';
  }
}

/** What a purchase order line can still send back: stocked in, less what returns already took (never negative). */
export function purchaseReturnable(line: { receivedQty: number; returnedQty: number }): number {
  return Math.max(0, line.receivedQty - line.returnedQty);
}

/**
 * The moving average after `qtyOut` pieces leave at `unitCost` (a return at the receipt cost): the
 * value left over the pieces left, (Q × A − q × c) / (Q − q), 4 decimals, never below 0. When no
 * piece stays, or no cost is known, the average stays as it is.
 */
export function averageCostAfterIssue(input: { qtyBefore: number; averageBefore: string | null; qtyOut: number; unitCost: string | null }): string | null {
  const { qtyBefore, averageBefore, qtyOut, unitCost } = input;
  if (averageBefore === null || unitCost === null) return averageBefore;
  const left = qtyBefore - qtyOut;
  if (left <= 0) return averageBefore;
  const value = addDecimals(multiplyDecimals(qtyBefore, averageBefore), multiplyDecimals(-qtyOut, unitCost));
  if (compareDecimals(value, 0) <= 0) return formatDecimal(0, 4);
  return formatDecimal(divideDecimals(value, left, 4), 4);
}

/** The quantity-weighted unit cost of receipts (4 decimals); null when none has a cost. */
export function weightedUnitCost(receipts: readonly { qty: number; unitCost: string | null }[]): string | null {
  let qty = 0;
  let value = parseDecimal(0);
  for (const r of receipts) {
    if (r.unitCost === null || r.qty <= 0) continue;
    qty += r.qty;
    value = addDecimals(value, multiplyDecimals(r.qty, r.unitCost));
  }
  return qty ? formatDecimal(divideDecimals(value, qty, 4), 4) : null;
}
