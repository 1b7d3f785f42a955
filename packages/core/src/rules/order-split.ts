// Pure planning of the order commands that move quantities between orders (spec 02 §4.3):
// a split by hand, 'split out-of-stock' (all or part) and the pre-allocation of 'refresh
// out-of-stock' by creation time. The server loads the lines and the available stock, asks
// these functions what to do, and writes the answer.

/** Stock a line takes per unit: its SKU (1 each) or, for a combination, its components. */
export interface StockComponent {
  skuId: number;
  perUnit: number;
}

export interface PlannedLine {
  lineId: number;
  qty: number;
  /** Empty for a line that takes no stock (cancelled or unmapped): always "in stock". */
  components: StockComponent[];
}

export interface LineMove {
  lineId: number;
  qty: number;
}

export type ManualSplitPlan =
  | { ok: true; moves: LineMove[] }
  | { ok: false; error: 'LINE_NOT_FOUND'; params: { lineId: number } }
  | { ok: false; error: 'SPLIT_TOO_MUCH'; params: { lineId: number; qty: number; max: number } }
  | { ok: false; error: 'SPLIT_NOTHING_LEFT'; params: Record<string, never> };

/**
 * A split by hand: the quantities asked per line (the same line named twice adds up) move to a
 * child order. Refuses a line that is not the order's, more than a line holds, or a split that
 * would leave the parent with nothing.
 */
export function planManualSplit(lines: { lineId: number; qty: number }[], requested: LineMove[]): ManualSplitPlan {
  const byLine = new Map(lines.map((l) => [l.lineId, l.qty]));
  const asked = new Map<number, number>();
  for (const r of requested) {
    if (!byLine.has(r.lineId)) return { ok: false, error: 'LINE_NOT_FOUND', params: { lineId: r.lineId } };
    asked.set(r.lineId, (asked.get(r.lineId) ?? 0) + r.qty);
  }
  for (const [lineId, qty] of asked) {
    const max = byLine.get(lineId)!;
    if (qty > max) return { ok: false, error: 'SPLIT_TOO_MUCH', params: { lineId, qty, max } };
  }
  const left = lines.reduce((sum, l) => sum + l.qty - (asked.get(l.lineId) ?? 0), 0);
  if (left <= 0) return { ok: false, error: 'SPLIT_NOTHING_LEFT', params: {} };
  return { ok: true, moves: [...asked].filter(([, qty]) => qty > 0).map(([lineId, qty]) => ({ lineId, qty })) };
}

/** How many units of a line the remaining stock covers. */
function coverableUnits(line: PlannedLine, remaining: Map<number, number>): number {
  if (!line.components.length) return line.qty;
  let units = line.qty;
  for (const c of line.components) {
    if (c.perUnit <= 0) continue;
    units = Math.min(units, Math.floor(Math.max(0, remaining.get(c.skuId) ?? 0) / c.perUnit));
  }
  return units;
}

function take(line: PlannedLine, units: number, remaining: Map<number, number>): void {
  for (const c of line.components) remaining.set(c.skuId, (remaining.get(c.skuId) ?? 0) - c.perUnit * units);
}

export interface OutOfStockSplitPlan {
  /** What moves to the out-of-stock child. */
  moves: LineMove[];
  /** Nothing is short: no child. */
  nothingShort: boolean;
  /** Everything is short: the parent would be empty (no child either). */
  nothingLeft: boolean;
}

/**
 * 'Split out-of-stock' with the available stock of the order's warehouse (by SKU). Lines take
 * stock in line order. 'all' moves every short line wholly to the child; 'part' moves only the
 * shortfall (quantity 5 with 2 available: 2 stay, 3 move). A line that takes no stock stays.
 */
export function planOutOfStockSplit(lines: PlannedLine[], available: ReadonlyMap<number, number>, mode: 'all' | 'part'): OutOfStockSplitPlan {
  const remaining = new Map(available);
  const moves: LineMove[] = [];
  for (const line of lines) {
    const covered = coverableUnits(line, remaining);
    if (covered >= line.qty) {
      take(line, line.qty, remaining);
      continue;
    }
    if (mode === 'part' && covered > 0) {
      take(line, covered, remaining);
      moves.push({ lineId: line.lineId, qty: line.qty - covered });
    } else {
      moves.push({ lineId: line.lineId, qty: line.qty });
    }
  }
  const moved = moves.reduce((s, m) => s + m.qty, 0);
  const total = lines.reduce((s, l) => s + l.qty, 0);
  return { moves, nothingShort: moves.length === 0, nothingLeft: moves.length > 0 && moved >= total };
}

export interface StockOutOrder {
  id: number;
  /** Null: the order has no warehouse yet and is left out (its exception is the warehouse). */
  warehouseId: number | null;
  lines: PlannedLine[];
}

export interface StockOutAnswer {
  /** Orders that cannot be covered. */
  stockOutIds: Set<number>;
  /** Their lines that cannot be covered. */
  stockOutLineIds: Set<number>;
}

/**
 * 'Refresh out-of-stock' (spec 02 §4.3): orders in the order given (creation time) take the
 * available stock of their warehouse, in memory. An order all of whose lines are covered keeps
 * its share; an order with a line not covered is out of stock, takes nothing (so later orders
 * may still be served), and its uncovered lines are marked.
 * `available` is keyed `${warehouseId}:${skuId}`.
 */
export function preAllocateStockOut(orders: StockOutOrder[], available: ReadonlyMap<string, number>): StockOutAnswer {
  const pools = new Map<number, Map<number, number>>();
  for (const [key, qty] of available) {
    const [w, s] = key.split(':').map(Number) as [number, number];
    const pool = pools.get(w) ?? new Map<number, number>();
    pool.set(s, qty);
    pools.set(w, pool);
  }
  const stockOutIds = new Set<number>();
  const stockOutLineIds = new Set<number>();
  for (const order of orders) {
    if (order.warehouseId === null) continue;
    let pool = pools.get(order.warehouseId);
    if (!pool) pools.set(order.warehouseId, (pool = new Map<number, number>()));
    // Take from the pool directly, remembering what each touched SKU had, and put it back when
    // the order turns out short (copying the whole pool per order is quadratic at scale).
    const before = new Map<number, number | undefined>();
    let short = false;
    for (const line of order.lines) {
      if (coverableUnits(line, pool) >= line.qty) {
        for (const c of line.components) if (!before.has(c.skuId)) before.set(c.skuId, pool.get(c.skuId));
        take(line, line.qty, pool);
      } else {
        short = true;
        stockOutLineIds.add(line.lineId);
      }
    }
    if (short) {
      stockOutIds.add(order.id);
      for (const [skuId, qty] of before) {
        if (qty === undefined) pool.delete(skuId);
        else pool.set(skuId, qty);
      }
    }
  }
  return { stockOutIds, stockOutLineIds };
}
