// Purchase order rules: which action each state allows (the one owner: server guards and web
// buttons both ask here), the state an action leads to, the receipt limit with the supplier's
// tolerance, and the receipt state derived from the lines' counters.
import type { PurchaseAction, PurchaseOrderStatus, PurchaseReceiveStatus } from '../catalogues/purchasing.js';
import { addDecimals, compareDecimals, multiplyDecimals, parseDecimal } from './decimal.js';

const ALLOWED: Record<PurchaseOrderStatus, readonly PurchaseAction[]> = {
  DRAFT: ['update', 'submit', 'invalid', 'delete'],
  SUBMIT: ['retract', 'verify', 'reject'],
  VERIFY: ['closeShort'],
  INVALID: ['delete'],
  COMPLETE: [],
};

/** Whether a purchase order in `status` allows `action`. */
export function purchaseOrderAllows(status: PurchaseOrderStatus, action: PurchaseAction): boolean {
  return ALLOWED[status].includes(action);
}

/** The actions a purchase order in `status` offers. */
export function purchaseOrderActions(status: PurchaseOrderStatus): readonly PurchaseAction[] {
  return ALLOWED[status];
}

/** The state an action leads to (delete removes the order; closeShort completes it). */
export function purchaseOrderStatusAfter(action: Exclude<PurchaseAction, 'update' | 'delete'>): PurchaseOrderStatus {
  switch (action) {
    case 'submit':
      return 'SUBMIT';
    case 'invalid':
      return 'INVALID';
    case 'retract':
    case 'reject':
      return 'DRAFT';
    case 'verify':
      return 'VERIFY';
    case 'closeShort':
      return 'COMPLETE';
  }
}

/**
 * The most pieces a line may receive: ordered × (1 + tolerance), rounded down. The tolerance is
 * the supplier's over-receipt ratio (0 = exactly what was ordered; 0.1 = up to 10% more).
 */
export function purchaseReceiptLimit(ordered: number, tolerance: string | number = 0): number {
  const t = parseDecimal(tolerance);
  if (compareDecimals(t, 0) <= 0) return ordered;
  const limit = multiplyDecimals(ordered, addDecimals(1, t));
  // Rounded down: bigint division of a non-negative value.
  return Number(limit.units / 10n ** BigInt(limit.scale));
}

export interface PurchaseLineCounters {
  orderedQty: number;
  receivedQty: number;
  closedShortQty: number;
}

/** What a line still expects: ordered, less what came in and what was closed short (never negative). */
export function purchaseLineOutstanding(line: PurchaseLineCounters): number {
  return Math.max(0, line.orderedQty - line.receivedQty - line.closedShortQty);
}

/**
 * The order's receipt state from its lines: nothing in → UNRECEIVE; every line in full →
 * COMPLETE_RECEIVE; nothing more expected but some closed short → CLOSED_SHORT; else PART_RECEIVE.
 */
export function purchaseReceiveStatus(lines: readonly PurchaseLineCounters[]): PurchaseReceiveStatus {
  const received = lines.reduce((sum, l) => sum + l.receivedQty, 0);
  const closedShort = lines.reduce((sum, l) => sum + l.closedShortQty, 0);
  const outstanding = lines.reduce((sum, l) => sum + purchaseLineOutstanding(l), 0);
  if (lines.length && outstanding === 0) return closedShort > 0 ? 'CLOSED_SHORT' : 'COMPLETE_RECEIVE';
  if (received === 0 && closedShort === 0) return 'UNRECEIVE';
  return 'PART_RECEIVE';
}
