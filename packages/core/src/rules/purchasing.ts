// Purchase order rules: which action each state allows (the one owner: server guards and web
// buttons both ask here), the state an action leads to, the receipt limit with the supplier's
// tolerance, and the receipt state derived from the lines' counters.
import type { FreightAllocation, PurchaseAction, PurchaseOrderStatus, PurchaseReceiveStatus } from '../catalogues/purchasing.js';
import { addDecimals, compareDecimals, divideDecimals, formatDecimal, multiplyDecimals, parseDecimal, type Decimal } from './decimal.js';
import { MONEY_DECIMALS } from './numbers.js';

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

export interface FreightLine {
  /** Pieces ordered. */
  qty: number;
  /** The purchase price per piece; null: unpriced (takes no freight, its cost stays unknown). */
  price: string | null;
  /** The SKU's weight per piece in kg; needed under WEIGHT for a priced line. */
  weight?: string | null;
}

export interface FreightShare {
  /** The line's part of the freight (4 decimals); the parts add up to the freight exactly. */
  freight: string;
  /** The part per piece (4 decimals, rounded half up). */
  freightPerUnit: string;
  /** Price + freight per piece (4 decimals); null for an unpriced line. */
  landedUnitCost: string | null;
}

export type FreightAllocationResult =
  | { ok: true; lines: FreightShare[] }
  /**
   * WEIGHT_MISSING: a priced line has no weight (or 0) under WEIGHT (`index` names it);
   * NO_BASIS: freight to spread but no priced line with a basis above 0.
   */
  | { ok: false; reason: 'WEIGHT_MISSING'; index: number }
  | { ok: false; reason: 'NO_BASIS' };

/** A line's freight per piece (its part ÷ pieces, 4 decimals half up) and its landed unit cost (price + that; null unpriced). */
export function purchaseLandedCost(price: string | null, lineFreight: string | null | undefined, qty: number): { freightPerUnit: string; landedUnitCost: string | null } {
  const perUnit = qty > 0 ? divideDecimals(lineFreight ?? 0, qty, MONEY_DECIMALS) : parseDecimal(0);
  return { freightPerUnit: formatDecimal(perUnit, MONEY_DECIMALS), landedUnitCost: price === null ? null : formatDecimal(addDecimals(price, perUnit), MONEY_DECIMALS) };
}

/** a ÷ b (both ≥ 0) rounded down to 4 decimals, so the parts before the last never exceed the total. */
function floorShare(a: Decimal, b: Decimal): Decimal {
  const fine = divideDecimals(a, b, MONEY_DECIMALS + 8);
  return { units: fine.units / 10n ** 8n, scale: MONEY_DECIMALS };
}

/**
 * Spreads the order's freight over its priced lines by AMOUNT (qty × price), QUANTITY (pieces) or
 * WEIGHT (qty × the SKU's weight): each line's part rounded down to 4 decimals, the remainder
 * to the last line that takes part, so the parts add up to the freight exactly. Unpriced lines
 * take no part (their cost is unknown; freight on them would make a cost of freight alone). No
 * freight (null or 0): every part is 0 and nothing is refused.
 */
export function allocatePurchaseFreight(lines: readonly FreightLine[], freight: string | number | null | undefined, mode: FreightAllocation): FreightAllocationResult {
  const total = parseDecimal(freight ?? 0);
  const zero = formatDecimal(0, MONEY_DECIMALS);
  if (compareDecimals(total, 0) <= 0) return { ok: true, lines: lines.map((l) => ({ freight: zero, ...purchaseLandedCost(l.price, zero, l.qty) })) };
  const bases: (Decimal | null)[] = [];
  for (const [index, l] of lines.entries()) {
    if (l.price === null) {
      bases.push(null);
      continue;
    }
    if (mode === 'AMOUNT') bases.push(multiplyDecimals(l.price, l.qty));
    else if (mode === 'QUANTITY') bases.push(parseDecimal(l.qty));
    else {
      if (l.weight === null || l.weight === undefined || compareDecimals(l.weight, 0) <= 0) return { ok: false, reason: 'WEIGHT_MISSING', index };
      bases.push(multiplyDecimals(l.weight, l.qty));
    }
  }
  const basisTotal = bases.reduce<Decimal>((sum, b) => (b === null ? sum : addDecimals(sum, b)), parseDecimal(0));
  if (compareDecimals(basisTotal, 0) <= 0) return { ok: false, reason: 'NO_BASIS' };
  let last = -1;
  bases.forEach((b, i) => {
    if (b !== null && compareDecimals(b, 0) > 0) last = i;
  });
  let given: Decimal = parseDecimal(0);
  const parts = bases.map((b, i) => {
    if (b === null || compareDecimals(b, 0) <= 0) return parseDecimal(0);
    const part = i === last ? addDecimals(total, { units: -given.units, scale: given.scale }) : floorShare(multiplyDecimals(total, b), basisTotal);
    given = addDecimals(given, part);
    return part;
  });
  return {
    ok: true,
    lines: lines.map((l, i) => {
      const freight = formatDecimal(parts[i]!, MONEY_DECIMALS);
      return { freight, ...purchaseLandedCost(l.price, freight, l.qty) };
    }),
  };
}
