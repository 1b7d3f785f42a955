// Stock checks (spec 02 §7.9 /myhome/invAdjust, spec 01 §2.2 /stocks/check): a count of a
// warehouse (optionally one location or a list of SKUs), lines counted by hand or imported, the
// differences, and a confirmation that adjusts on-hand through the stock ledger.
import { z } from 'zod';
import { pageOf } from '../api/define.js';
import { Id, OptionalText, PageQuery, Version } from './common.js';

export const StockCheckErrors = {
  /** The check is confirmed or cancelled: it takes no counts and cannot be confirmed again. */
  NOT_COUNTING: 'ERR_STOCK_CHECK_NOT_COUNTING',
  /** An open check of the same warehouse already covers part of the scope. */
  SCOPE_OVERLAP: 'ERR_STOCK_CHECK_SCOPE_OVERLAP',
  /** A stopped warehouse takes no new checks. */
  WAREHOUSE_STOPPED: 'ERR_STOCK_CHECK_WAREHOUSE_STOPPED',
  /** The location is not one of the check's warehouse. */
  LOCATION_NOT_IN_WAREHOUSE: 'ERR_STOCK_CHECK_LOCATION_NOT_IN_WAREHOUSE',
  /** No SKU of the domain has this id. */
  SKU_UNKNOWN: 'ERR_STOCK_CHECK_SKU_UNKNOWN',
  /** A combination has no stock of its own: its components are counted. */
  COMBINATION: 'ERR_STOCK_CHECK_COMBINATION',
  /** The SKU or location lies outside the check's scope. */
  OUT_OF_SCOPE: 'ERR_STOCK_CHECK_OUT_OF_SCOPE',
  /** Confirming would leave a line's on-hand below what is allocated (or below zero). */
  BELOW_ALLOCATED: 'ERR_STOCK_CHECK_BELOW_ALLOCATED',
  /** Confirming a check with no counted line would change nothing. */
  NOTHING_COUNTED: 'ERR_STOCK_CHECK_NOTHING_COUNTED',
  /** The scope holds more lines than one check may. */
  TOO_MANY_LINES: 'ERR_STOCK_CHECK_TOO_MANY_LINES',
} as const;

export const STOCK_CHECK_STATUSES = ['COUNTING', 'CONFIRMED', 'CANCELLED'] as const;
export type StockCheckStatus = (typeof STOCK_CHECK_STATUSES)[number];

/** Lines one check may hold (a whole warehouse of SKUs × locations). */
export const STOCK_CHECK_MAX_LINES = 200_000;
/** SKUs a check's scope may list. */
export const STOCK_CHECK_MAX_SCOPE_SKUS = 10_000;
/** Lines one hand-count call may carry. */
export const STOCK_CHECK_MAX_COUNT_LINES = 1000;
/** The largest count of one line. */
export const STOCK_CHECK_MAX_QTY = 100_000_000;

/** A counted quantity: a whole number of pieces, not below zero. */
export const CountedQty = z.number().int().min(0).max(STOCK_CHECK_MAX_QTY);

export const StockCheckCreateInput = z.object({
  warehouseId: Id,
  /** Only this location of the warehouse; absent or null for every location. */
  locationId: Id.nullable().optional(),
  /** Only these SKUs; absent or empty for every SKU. */
  skuIds: z.array(Id).max(STOCK_CHECK_MAX_SCOPE_SKUS).optional(),
  remark: OptionalText(200),
});
export type StockCheckCreateInput = z.infer<typeof StockCheckCreateInput>;

export const StockCheckSearchInput = PageQuery.extend({
  status: z.enum(STOCK_CHECK_STATUSES).optional(),
  /** -1 or absent: every warehouse. */
  warehouseId: z.number().int().min(-1).optional(),
  /** Part of the check's code. */
  code: z.string().trim().max(64).optional(),
});
export type StockCheckSearchInput = z.infer<typeof StockCheckSearchInput>;

/** Confirm and cancel name the version the person saw. */
export const StockCheckCommandInput = z.object({ id: Id, version: Version });
export type StockCheckCommandInput = z.infer<typeof StockCheckCommandInput>;

export const STOCK_CHECK_LINE_FILTERS = ['ALL', 'UNCOUNTED', 'COUNTED', 'DIFFERENT'] as const;
export type StockCheckLineFilter = (typeof STOCK_CHECK_LINE_FILTERS)[number];

export const StockCheckLinesInput = PageQuery.extend({
  id: Id,
  filter: z.enum(STOCK_CHECK_LINE_FILTERS).default('ALL'),
  /** Part of the SKU code or name, or a whole bar code. */
  keyword: z.string().trim().max(64).optional(),
  /** Only this location (0: stock kept without a location). */
  locationId: z.number().int().min(0).optional(),
});
export type StockCheckLinesInput = z.infer<typeof StockCheckLinesInput>;

export const StockCheckCountLine = z.object({
  skuId: Id,
  /** 0 when the stock is not kept by location. */
  locationId: z.number().int().min(0).default(0),
  /** The counted quantity; null clears an earlier count. */
  countedQty: CountedQty.nullable(),
  /** The line's version as the person saw it; a line changed since then is refused. */
  version: Version.optional(),
});
export type StockCheckCountLine = z.infer<typeof StockCheckCountLine>;

export const StockCheckCountInput = z.object({
  id: Id,
  lines: z.array(StockCheckCountLine).min(1).max(STOCK_CHECK_MAX_COUNT_LINES),
});
export type StockCheckCountInput = z.infer<typeof StockCheckCountInput>;

export const StockCheckDifferencesInput = PageQuery.extend({ id: Id });
export type StockCheckDifferencesInput = z.infer<typeof StockCheckDifferencesInput>;

/** One row of the STOCK_CHECK import, as read from the spreadsheet (all texts). */
export const StockCheckImportRow = z.object({
  /** The warehouse's code (or its name). */
  warehouse: z.string().trim().min(1).max(64),
  locationCode: OptionalText(32),
  skuCode: z.string().trim().min(1).max(64),
  countedQty: z.number().int().min(0).max(STOCK_CHECK_MAX_QTY),
});
export type StockCheckImportRow = z.infer<typeof StockCheckImportRow>;

/**
 * Reads a counted quantity typed in a spreadsheet cell: a whole number of pieces, not below
 * zero. Answers the number or why it is not one.
 */
export function parseCountedQtyText(text: string): { qty: number } | { problem: 'EMPTY' | 'NOT_A_NUMBER' | 'NEGATIVE' | 'FRACTION' | 'TOO_LARGE' } {
  // A comma is refused rather than guessed: "1,5" may mean 1.5 or 15.
  const value = text.trim();
  if (!value) return { problem: 'EMPTY' };
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(value)) return { problem: 'NOT_A_NUMBER' };
  const n = Number(value);
  if (n < 0) return { problem: 'NEGATIVE' };
  if (!Number.isInteger(n)) return { problem: 'FRACTION' };
  if (n > STOCK_CHECK_MAX_QTY) return { problem: 'TOO_LARGE' };
  return { qty: n };
}

const StockCheckRowFields = {
  id: z.number(),
  code: z.string(),
  warehouseId: z.number(),
  warehouseName: z.string(),
  status: z.enum(STOCK_CHECK_STATUSES),
  /** The location the check is limited to, or null for every location. */
  locationId: z.number().nullable(),
  locationCode: z.string().nullable(),
  /** How many SKUs the scope lists; 0 for every SKU. */
  scopeSkuCount: z.number(),
  remark: z.string().nullable(),
  lineCount: z.number(),
  countedLines: z.number(),
  /** Counted lines whose count differs from the book quantity. */
  differentLines: z.number(),
  gainQty: z.number(),
  lossQty: z.number(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  confirmedBy: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  version: z.number(),
};

export const StockCheckRow = z.object(StockCheckRowFields);
export type StockCheckRow = z.infer<typeof StockCheckRow>;

export const StockCheckDetail = z.object({
  ...StockCheckRowFields,
  /** The SKUs of the scope (code and name), at most the first 200. */
  scopeSkus: z.array(z.object({ id: z.number(), code: z.string(), name: z.string().nullable() })),
});
export type StockCheckDetail = z.infer<typeof StockCheckDetail>;

export const StockCheckLineRow = z.object({
  id: z.number(),
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string().nullable(),
  specifications: z.string().nullable(),
  locationId: z.number(),
  locationCode: z.string().nullable(),
  /**
   * The book quantity the count is compared with: on-hand when the line was counted; for a line
   * not counted yet, on-hand now.
   */
  bookQty: z.number(),
  /** On-hand now (at confirmation, for a confirmed check). */
  onHand: z.number(),
  allocated: z.number(),
  countedQty: z.number().nullable(),
  /** counted − book; null while not counted. */
  difference: z.number().nullable(),
  /** On-hand moved after the line was counted (now ≠ book). */
  movedSinceCount: z.boolean(),
  /** The adjustment made at confirmation. */
  adjustQty: z.number().nullable(),
  /** Found while counting: not on the sheet when the check was made. */
  added: z.boolean(),
  countedAt: z.string().nullable(),
  countedBy: z.string().nullable(),
  version: z.number(),
});
export type StockCheckLineRow = z.infer<typeof StockCheckLineRow>;

export const StockCheckTotals = z.object({
  lineCount: z.number(),
  countedLines: z.number(),
  uncountedLines: z.number(),
  gainLines: z.number(),
  gainQty: z.number(),
  lossLines: z.number(),
  lossQty: z.number(),
  /** Counted lines whose on-hand moved after they were counted. */
  movedLines: z.number(),
});
export type StockCheckTotals = z.infer<typeof StockCheckTotals>;

/** A page of differences with the totals of the whole check. */
export const StockCheckDifferences = pageOf(StockCheckLineRow).extend({ totals: StockCheckTotals });
export type StockCheckDifferences = z.infer<typeof StockCheckDifferences>;

export const StockCheckCountResult = z.object({ lines: z.array(StockCheckLineRow) });
export type StockCheckCountResult = z.infer<typeof StockCheckCountResult>;
