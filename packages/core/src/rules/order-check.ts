// Checking an order before it ships (spec 02 §7.10 sendErpSoH4Check / sendErpSoH4Weigh): which
// line a scanned bar code or SKU code ticks, refusing an item the order lacks or one scanned once
// too often; comparing a finished check with the order's lines; and the weight margin of weighing.
// Pure functions shared by the server (the final word) and the scan panel (immediate feedback).
import { addDecimals, compareDecimals, formatDecimal, multiplyDecimals, parseDecimal } from './decimal.js';

export interface CheckableLine {
  lineId: number;
  skuId: number | null;
  skuCode: string | null;
  barCode: string | null;
  qty: number;
}

/** Scanned quantity per line id. */
export type ScanProgress = Readonly<Record<number, number>>;

export type ScanOutcome =
  | { ok: true; lineId: number }
  /** NOT_IN_ORDER: no line has this code; EXTRA: every line with this code is already complete. */
  | { ok: false; reason: 'NOT_IN_ORDER' | 'EXTRA'; code: string; skuCode: string | null };

const norm = (s: string | null | undefined) => (s ?? '').trim().toUpperCase();

/** The lines a code names: by bar code first, then by SKU code (case-insensitive, trimmed). */
export function linesForCode<L extends CheckableLine>(lines: readonly L[], code: string): L[] {
  const c = norm(code);
  if (!c) return [];
  const byBar = lines.filter((l) => norm(l.barCode) === c);
  return byBar.length ? byBar : lines.filter((l) => norm(l.skuCode) === c);
}

/** Which line one scan ticks: the first matching line that still lacks pieces. */
export function matchScan(lines: readonly CheckableLine[], progress: ScanProgress, code: string): ScanOutcome {
  const matching = linesForCode(lines, code);
  if (!matching.length) return { ok: false, reason: 'NOT_IN_ORDER', code: code.trim(), skuCode: null };
  const open = matching.find((l) => (progress[l.lineId] ?? 0) < l.qty);
  if (!open) return { ok: false, reason: 'EXTRA', code: code.trim(), skuCode: matching[0]!.skuCode };
  return { ok: true, lineId: open.lineId };
}

export function applyScan(progress: ScanProgress, lineId: number): ScanProgress {
  return { ...progress, [lineId]: (progress[lineId] ?? 0) + 1 };
}

export function checkComplete(lines: readonly CheckableLine[], progress: ScanProgress): boolean {
  return lines.every((l) => (progress[l.lineId] ?? 0) === l.qty);
}

export interface ContentItem {
  skuId?: number | undefined;
  lineId?: number | undefined;
  qty: number;
}

export interface ContentDifference {
  /** A scanned item the order does not hold. */
  wrong: { skuId: number | null; lineId: number | null }[];
  /** More pieces than the order holds. */
  extra: { skuCode: string | null; expected: number; scanned: number }[];
  /** Fewer pieces than the order holds. */
  missing: { skuCode: string | null; expected: number; scanned: number }[];
}

/**
 * Compares the scanned content with the order's lines. Items name a line (lineId) or a SKU
 * (skuId, counted against all the lines of that SKU together).
 */
export function compareContent(lines: readonly CheckableLine[], content: readonly ContentItem[]): ContentDifference {
  const key = (l: CheckableLine) => (l.skuId !== null ? `s${l.skuId}` : `l${l.lineId}`);
  const expected = new Map<string, { skuCode: string | null; qty: number }>();
  for (const l of lines) {
    const k = key(l);
    const e = expected.get(k);
    expected.set(k, { skuCode: l.skuCode, qty: (e?.qty ?? 0) + l.qty });
  }
  const scanned = new Map<string, number>();
  const wrong: ContentDifference['wrong'] = [];
  for (const item of content) {
    let k: string | null = null;
    if (item.lineId !== undefined) {
      const line = lines.find((l) => l.lineId === item.lineId);
      k = line ? key(line) : null;
    } else if (item.skuId !== undefined) {
      k = expected.has(`s${item.skuId}`) ? `s${item.skuId}` : null;
    }
    if (k === null) {
      wrong.push({ skuId: item.skuId ?? null, lineId: item.lineId ?? null });
      continue;
    }
    scanned.set(k, (scanned.get(k) ?? 0) + item.qty);
  }
  const extra: ContentDifference['extra'] = [];
  const missing: ContentDifference['missing'] = [];
  for (const [k, e] of expected) {
    const got = scanned.get(k) ?? 0;
    if (got > e.qty) extra.push({ skuCode: e.skuCode, expected: e.qty, scanned: got });
    if (got < e.qty) missing.push({ skuCode: e.skuCode, expected: e.qty, scanned: got });
  }
  return { wrong, extra, missing };
}

/** The default weighing margin: 10 % of the goods' weight. */
export const DEFAULT_WEIGH_MARGIN_PERCENT = 10;

export interface WeightCheck {
  within: boolean;
  /** weighed − expected, 3 decimals (signed). */
  difference: string;
  /** The largest difference allowed, 3 decimals. */
  allowed: string;
}

/**
 * Whether a weighed parcel is within `marginPercent` of the goods' weight. An order whose goods
 * have no weight (0) cannot be compared and passes.
 */
export function checkWeight(expected: string | number, weighed: string | number, marginPercent: number): WeightCheck {
  const difference = addDecimals(weighed, multiplyDecimals(expected, -1));
  const allowed = multiplyDecimals(expected, marginPercent, '0.01');
  const abs = difference.units < 0n ? { ...difference, units: -difference.units } : difference;
  const within = parseDecimal(expected).units === 0n || compareDecimals(abs, allowed) <= 0;
  return { within, difference: formatDecimal(difference, 3), allowed: formatDecimal(allowed, 3) };
}
