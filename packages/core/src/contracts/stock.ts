// Stock: the business inventory (balances by warehouse, location and SKU), warning levels,
// production-date lots, opening inventory, average-cost adjustments and the inventory log
// (spec 02 §3.6, §4.1, §7.9, §9; spec 01 §2.2, §3, §6).
import { z } from 'zod';
import { decimalPlaces, isDecimalText } from '../rules/decimal.js';
import { DEFAULT_KEYWORD_CAP, SKU_KEYWORD_CAP, splitKeywords } from '../rules/keywords.js';
import { MONEY_DECIMALS } from '../rules/numbers.js';
import { pageOf } from '../api/define.js';
import { DateTimeText, Id, OptionalText, PageQuery, Version } from './common.js';

// ---- catalogues ---------------------------------------------------------------------------

export const StockErrors = {
  /** The stock engine refused movements: a balance would go negative or allocate beyond on-hand. */
  SHORTAGE: 'ERR_STOCK_SHORTAGE',
  /** A combination SKU keeps no stock of its own (its stock comes from its components). */
  COMBINATION_NOT_STOCKED: 'ERR_STOCK_COMBINATION_NOT_STOCKED',
  /** A SKU code that is not a live SKU of the domain. */
  UNKNOWN_SKU: 'ERR_STOCK_UNKNOWN_SKU',
  /** The same SKU twice in one document. */
  DUPLICATE_SKU: 'ERR_STOCK_DUPLICATE_SKU',
  /** Production-date lots would hold more than is on hand. */
  PRODUCT_DATES_EXCEED: 'ERR_STOCK_PRODUCT_DATES_EXCEED',
  /** The balance already has a lot of this production date. */
  PRODUCT_DATE_TAKEN: 'ERR_STOCK_PRODUCT_DATE_TAKEN',
  /** Only an adjustment still to confirm (SUBMIT) can be edited, confirmed or deleted. */
  ADJUSTMENT_NOT_SUBMIT: 'ERR_STOCK_ADJUSTMENT_NOT_SUBMIT',
  /** Average costs are read and set only with the COST_PRICE field. */
  COST_FIELD_REQUIRED: 'ERR_STOCK_COST_FIELD_REQUIRED',
} as const;

/** What moved stock (the engine's movement types), as the inventory log shows and filters them. */
export const STOCK_MOVEMENTS = ['OPENING', 'RECEIPT', 'SHIP', 'ALLOCATE', 'RELEASE', 'ADJUST', 'TRANSFER_OUT', 'TRANSFER_IN', 'DELIVER', 'RETURN'] as const;
export type StockMovement = (typeof STOCK_MOVEMENTS)[number];

/**
 * Quantity filters of the inventory list: IN_STOCK available > 0; ZERO available ≤ 0 (zero or
 * negative: the engine never lets a balance go below zero, so in practice zero); BELOW_WARNING
 * available below the warning level of the SKU in that warehouse.
 */
export const INVENTORY_STOCK_FILTERS = ['IN_STOCK', 'ZERO', 'BELOW_WARNING'] as const;
export type InventoryStockFilter = (typeof INVENTORY_STOCK_FILTERS)[number];

/** Which SKU field a keyword list matches. */
export const INVENTORY_KEYWORD_TYPES = ['code', 'name', 'barCode'] as const;
export type InventoryKeywordType = (typeof INVENTORY_KEYWORD_TYPES)[number];

/** Average-cost adjustment: SUBMIT (to confirm) → COMPLETE (spec 02 §4.1). */
export const AVERAGE_COST_STATUSES = ['SUBMIT', 'COMPLETE'] as const;
export type AverageCostStatus = (typeof AVERAGE_COST_STATUSES)[number];

/** The stock document types the stock area itself writes to the ledger. */
export const STOCK_DOC_TYPES = { OPENING: 'OPENING_INVENTORY' } as const;

/**
 * Every document type a stock-ledger row can name (the inventory log's document type): opening
 * inventory, inbound notice, outbound order, transfer, stock check, sales order. The web app has a
 * label for each in every language.
 */
export const STOCK_LEDGER_DOC_TYPES = [STOCK_DOC_TYPES.OPENING, 'ASN', 'WDO', 'TRANSFER', 'STOCK_CHECK', 'ORDER'] as const;
export type StockLedgerDocType = (typeof STOCK_LEDGER_DOC_TYPES)[number];

export const STOCK_MAX_QTY = 9_999_999;

// ---- field shapes -------------------------------------------------------------------------

/** The all-warehouse choice is -1 (spec 02 §3.6); a search with no warehouse sends -1. */
export const StockWarehouseFilter = z
  .number()
  .int()
  .min(-1)
  .max(Number.MAX_SAFE_INTEGER)
  .refine((v) => v !== 0, 'Choose a warehouse, or -1 for all warehouses')
  .default(-1);

/**
 * A whole number of pieces given as a number or as text (spreadsheet cells), within bounds.
 * A negative or fractional quantity is refused with a message naming it.
 */
export const StockPieces = (min: number, label = 'Quantity') =>
  z.union([z.number(), z.string()]).transform((v, ctx) => {
    const text = typeof v === 'number' ? String(v) : v.trim();
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: `${label} cannot be empty` });
      return z.NEVER;
    }
    const n = Number(text);
    if (!/^[+-]?\d+(\.\d+)?$/.test(text) || !Number.isFinite(n)) {
      ctx.addIssue({ code: 'custom', message: `${label} must be a number` });
      return z.NEVER;
    }
    if (n < 0) {
      ctx.addIssue({ code: 'custom', message: `${label} cannot be negative` });
      return z.NEVER;
    }
    if (!Number.isInteger(n)) {
      ctx.addIssue({ code: 'custom', message: `${label} must be a whole number of pieces` });
      return z.NEVER;
    }
    if (n < min) {
      ctx.addIssue({ code: 'custom', message: `${label} must be at least ${min}` });
      return z.NEVER;
    }
    if (n > STOCK_MAX_QTY) {
      ctx.addIssue({ code: 'custom', message: `${label} cannot exceed ${STOCK_MAX_QTY}` });
      return z.NEVER;
    }
    return n;
  });

/** A unit or average cost: not negative, at most 4 decimals, as text (never a float). */
function costField(label: string) {
  return z.union([z.string(), z.number()]).transform((v, ctx) => {
    const text = typeof v === 'number' ? String(v) : v.trim();
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: `${label} cannot be empty` });
      return z.NEVER;
    }
    if (!isDecimalText(text) || /e/i.test(text)) {
      ctx.addIssue({ code: 'custom', message: `${label} must be a number` });
      return z.NEVER;
    }
    if (text.startsWith('-')) {
      ctx.addIssue({ code: 'custom', message: `${label} cannot be negative` });
      return z.NEVER;
    }
    if (decimalPlaces(text) > MONEY_DECIMALS) {
      ctx.addIssue({ code: 'custom', message: `${label} cannot exceed four decimals` });
      return z.NEVER;
    }
    if (text.replace(/^\+/, '').split('.')[0]!.replace(/^0+(?=\d)/, '').length > 12) {
      ctx.addIssue({ code: 'custom', message: `${label} is too large` });
      return z.NEVER;
    }
    return text.replace(/^\+/, '');
  });
}

export const UnitCost = costField('Unit cost');
export const AverageCostValue = costField('Average cost');

/** A production date: a real YYYY-MM-DD. */
export const StockProductDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be YYYY-MM-DD')
  .refine((v) => !Number.isNaN(new Date(`${v}T00:00:00Z`).getTime()) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), 'Not a real date')
  // A day of grace for time zones ahead of the server's.
  .refine((v) => new Date(`${v}T00:00:00Z`).getTime() <= Date.now() + 86_400_000, 'A production date cannot be in the future');

/** A code typed in a document or a spreadsheet (SKU, warehouse, location): whitespace stripped. */
const StockCode = (label: string) =>
  z
    .string()
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().min(1, `${label} cannot be empty`).max(64, `${label} has at most 64 characters`));

/** SKU keywords: codes and bar codes up to 50 (spec 02 §5), name words up to 15. */
const SkuKeywordFilter = {
  keywordType: z.enum(INVENTORY_KEYWORD_TYPES).default('code'),
  /** One keyword matches by contains; several codes or bar codes match exactly. */
  keywords: z.string().max(20_000).optional(),
};

function checkKeywordCap(value: { keywordType: InventoryKeywordType; keywords?: string | undefined }, ctx: z.RefinementCtx) {
  const cap = value.keywordType === 'name' ? DEFAULT_KEYWORD_CAP : SKU_KEYWORD_CAP;
  if (splitKeywords(value.keywords, cap).overCap) ctx.addIssue({ code: 'custom', path: ['keywords'], message: `At most ${cap} keywords at once` });
}

/** The keyword list of a filter, as items. */
export function inventoryKeywordItems(filter: { keywordType: InventoryKeywordType; keywords?: string | undefined }): string[] {
  return splitKeywords(filter.keywords, filter.keywordType === 'name' ? DEFAULT_KEYWORD_CAP : SKU_KEYWORD_CAP).items;
}

// ---- the business inventory list (activeKey 1) ---------------------------------------------

const BizInventoryFilter = z.object({
  whId: StockWarehouseFilter,
  /** Only the stock kept at this location (its warehouse's). */
  locationId: Id.optional(),
  ...SkuKeywordFilter,
  stockFilter: z.enum(INVENTORY_STOCK_FILTERS).optional(),
});

export const BizInventorySearchInput = PageQuery.extend(BizInventoryFilter.shape).superRefine(checkKeywordCap);
export type BizInventorySearchInput = z.infer<typeof BizInventorySearchInput>;

/** The export takes the list's filters (no paging). */
export const InventoryExportInput = BizInventoryFilter.superRefine(checkKeywordCap);
export type InventoryExportInput = z.infer<typeof InventoryExportInput>;

export const InventoryComponentStock = z.object({
  skuId: z.number(),
  skuCode: z.string(),
  qty: z.number(),
  available: z.number(),
});
export type InventoryComponentStock = z.infer<typeof InventoryComponentStock>;

/** One row of the business inventory: a SKU in a warehouse, its locations added up. */
export const BizInventoryRow = z.object({
  /** `${whId}:${skuId}`. */
  key: z.string(),
  whId: z.number(),
  whCode: z.string(),
  whName: z.string(),
  whType: z.string(),
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string(),
  specifications: z.string().nullable(),
  color: z.string().nullable(),
  size: z.string().nullable(),
  barCode: z.string().nullable(),
  picUrl: z.string().nullable(),
  isCombination: z.boolean(),
  /** Null for a combination, which has no stock of its own. */
  onHand: z.number().nullable(),
  allocated: z.number().nullable(),
  /** For a combination: min over components of ⌊component available / qty⌋. */
  available: z.number(),
  warningQty: z.number().nullable(),
  /** The warning row's version (for updateWarning); null when no level is set. */
  warningVersion: z.number().nullable(),
  belowWarning: z.boolean(),
  /** Sent only with the COST_PRICE field. */
  averageCost: z.string().nullable().optional(),
  /** on-hand × average cost; sent only with the COST_PRICE field. */
  stockValue: z.string().nullable().optional(),
  /** Location balances of this SKU in the warehouse (0 = not kept by location). */
  locationCount: z.number(),
  /** Pieces with a production date, over its locations. */
  productDateQty: z.number(),
  components: z.array(InventoryComponentStock),
});
export type BizInventoryRow = z.infer<typeof BizInventoryRow>;

// ---- balances by location (/cloud/core/inventory/searchByPage) -----------------------------

export const InventorySearchInput = PageQuery.extend({
  whId: StockWarehouseFilter,
  locationId: Id.optional(),
  skuId: Id.optional(),
  ...SkuKeywordFilter,
  /** Leave out balances with nothing on hand. */
  hideEmpty: z.boolean().default(false),
}).superRefine(checkKeywordCap);
export type InventorySearchInput = z.infer<typeof InventorySearchInput>;

export const InventoryProductDateLot = z.object({
  id: z.number(),
  productDate: z.string(),
  qty: z.number(),
  version: z.number(),
});
export type InventoryProductDateLot = z.infer<typeof InventoryProductDateLot>;

/** One balance: a SKU at a location of a warehouse. */
export const InventoryBalanceRow = z.object({
  /** The balance id. */
  id: z.number(),
  whId: z.number(),
  whName: z.string(),
  /** 0 when not kept by location. */
  locationId: z.number(),
  locationCode: z.string().nullable(),
  /** False at a non-sellable location (defective returns): kept out of the stock pushed to stores. */
  sellable: z.boolean(),
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string(),
  specifications: z.string().nullable(),
  barCode: z.string().nullable(),
  onHand: z.number(),
  allocated: z.number(),
  available: z.number(),
  productDate: z.array(InventoryProductDateLot),
  productDateQty: z.number(),
  updatedAt: z.string(),
});
export type InventoryBalanceRow = z.infer<typeof InventoryBalanceRow>;

// ---- warning levels ------------------------------------------------------------------------

/** A warning level in pieces; null (or 0) removes it. */
const WarningQty = StockPieces(0, 'Warning level').nullable();

export const StockWarningUpdateInput = z.object({
  whId: Id,
  skuId: Id,
  warningQty: WarningQty,
  /** The version the row showed; null when it showed no level. */
  version: Version.nullable().default(null),
});
export type StockWarningUpdateInput = z.infer<typeof StockWarningUpdateInput>;

export const StockWarningBatchInput = z.object({
  items: z
    .array(z.object({ whId: Id, skuId: Id }))
    .min(1)
    .max(1000),
  warningQty: WarningQty,
});
export type StockWarningBatchInput = z.infer<typeof StockWarningBatchInput>;

/** The level now, and the warning row's version (null when the level was removed). */
export const StockWarningResult = z.object({ warningQty: z.number().nullable(), version: z.number().nullable() });
export type StockWarningResult = z.infer<typeof StockWarningResult>;

/** How many levels were set and how many removed. */
export const StockWarningBatchResult = z.object({ set: z.number(), cleared: z.number() });
export type StockWarningBatchResult = z.infer<typeof StockWarningBatchResult>;

/** A row of the warning-level import (kind STOCK_WARNINGS); an empty or 0 level removes it. */
export const StockWarningImportRow = z.object({
  warehouseCode: StockCode('Warehouse code'),
  skuCode: StockCode('SKU code'),
  warningQty: z
    .union([z.string(), z.number()])
    .optional()
    .nullable()
    .transform((v): string | number => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? 0 : v))
    .pipe(StockPieces(0, 'Warning level')),
});
export type StockWarningImportRow = z.infer<typeof StockWarningImportRow>;

// ---- production-date lots ------------------------------------------------------------------

// A balance's record is the spec's product-date info (02 §3.1): `id` (the balance) and the
// `productDate` list of {productDate, qty}. The calls name the record by `id` and send lots under
// `productDate`, as the record has them.

export const InventoryProductDateListInput = z.object({ id: Id });
export type InventoryProductDateListInput = z.infer<typeof InventoryProductDateListInput>;

export const InventoryProductDateAddInput = z.object({
  id: Id,
  productDate: z
    .array(z.object({ productDate: StockProductDate, qty: StockPieces(1) }))
    .min(1)
    .max(200),
});
export type InventoryProductDateAddInput = z.infer<typeof InventoryProductDateAddInput>;

/** One lot: its own id and version. */
export const InventoryProductDateUpdateInput = z.object({ id: Id, version: Version, productDate: StockProductDate, qty: StockPieces(1) });
export type InventoryProductDateUpdateInput = z.infer<typeof InventoryProductDateUpdateInput>;

/** The chosen lots (idList) of a balance (id). */
export const InventoryProductDateDeleteInput = z.object({ id: Id, idList: z.array(Id).min(1).max(1000) });
export type InventoryProductDateDeleteInput = z.infer<typeof InventoryProductDateDeleteInput>;

/** The lots of one balance (spec 02 §3.1: id, and a productDate list of {productDate, qty}). */
export const InventoryProductDateInfo = z.object({
  id: z.number(),
  onHand: z.number(),
  productDate: z.array(InventoryProductDateLot),
});
export type InventoryProductDateInfo = z.infer<typeof InventoryProductDateInfo>;

// ---- opening inventory ---------------------------------------------------------------------

/** A row of the opening inventory (import kind OPENING_INVENTORY, or saveOpening). */
export const OpeningInventoryRow = z.object({
  warehouseCode: StockCode('Warehouse code'),
  locationCode: z
    .string()
    .optional()
    .nullable()
    .transform((v) => (v ? v.replace(/\s+/g, '') : ''))
    .pipe(z.string().max(64, 'Location code has at most 64 characters'))
    .transform((v) => v || undefined),
  skuCode: StockCode('SKU code'),
  qty: StockPieces(1),
  /** Empty leaves the average cost as it is. */
  unitCost: z
    .union([z.string(), z.number()])
    .optional()
    .nullable()
    .transform((v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v))
    .pipe(UnitCost.optional()),
});
export type OpeningInventoryRow = z.infer<typeof OpeningInventoryRow>;

export const OpeningInventorySaveInput = z.object({ items: z.array(OpeningInventoryRow).min(1).max(5000) });
export type OpeningInventorySaveInput = z.infer<typeof OpeningInventorySaveInput>;

export const OpeningInventoryResult = z.object({
  docCode: z.string(),
  rows: z.number(),
  qty: z.number(),
});
export type OpeningInventoryResult = z.infer<typeof OpeningInventoryResult>;

// ---- average-cost adjustment (/cloud/core/averagecost) -------------------------------------

export const AverageCostDetailInput = z.object({
  skuCode: StockCode('SKU code'),
  averageCostPriceAfter: AverageCostValue,
  remark: OptionalText(200),
});
export type AverageCostDetailInput = z.infer<typeof AverageCostDetailInput>;

export const AverageCostCreateInput = z.object({
  remark: OptionalText(200),
  details: z.array(AverageCostDetailInput).min(1, 'Add at least one SKU').max(1000),
});
export type AverageCostCreateInput = z.infer<typeof AverageCostCreateInput>;

export const AverageCostUpdateInput = AverageCostCreateInput.extend({ id: Id, version: Version });
export type AverageCostUpdateInput = z.infer<typeof AverageCostUpdateInput>;

/**
 * The average-cost configuration (updateAvgCostConfig), a domain setting: how a receipt that
 * brings no unit cost (an inbound notice or a return entered without price, a stock-in without
 * cost) moves the moving average. KEEP_AVERAGE (default): it comes in at the current average,
 * which stays. SKU_COST_PRICE: it comes in at the SKU's cost price when the SKU has one.
 */
export const AVG_COST_CONFIG = 'AVG_COST_RECEIPT_WITHOUT_COST';
export const AVG_COST_RECEIPT_RULES = ['KEEP_AVERAGE', 'SKU_COST_PRICE'] as const;
export type AvgCostReceiptRule = (typeof AVG_COST_RECEIPT_RULES)[number];
export const AvgCostConfig = z.object({ receiptWithoutCost: z.enum(AVG_COST_RECEIPT_RULES) });
export type AvgCostConfig = z.infer<typeof AvgCostConfig>;

export const AverageCostCommandInput = z.object({ id: Id, version: Version });
export type AverageCostCommandInput = z.infer<typeof AverageCostCommandInput>;

export const AverageCostSearchInput = PageQuery.extend({
  /** Document code, by contains. */
  code: z.string().trim().max(64).optional(),
  status: z.enum(AVERAGE_COST_STATUSES).optional(),
  /** Adjustments holding a SKU whose code contains this. */
  skuCode: z.string().trim().max(64).optional(),
  timeFrom: DateTimeText.optional(),
  timeTo: DateTimeText.optional(),
});
export type AverageCostSearchInput = z.infer<typeof AverageCostSearchInput>;

const AverageCostRowFields = {
  id: z.number(),
  code: z.string(),
  status: z.enum(AVERAGE_COST_STATUSES),
  skuCount: z.number(),
  remark: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  confirmedBy: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  version: z.number(),
};
export const AverageCostRow = z.object(AverageCostRowFields);
export type AverageCostRow = z.infer<typeof AverageCostRow>;

export const AverageCostDetailRow = z.object({
  id: z.number(),
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string(),
  specifications: z.string().nullable(),
  /** The average the confirmation replaced; null before it is confirmed (or when there was none). */
  averageCostPriceBefore: z.string().nullable(),
  /** The SKU's average now. */
  currentAverageCost: z.string().nullable(),
  averageCostPriceAfter: z.string(),
  remark: z.string().nullable(),
});
export type AverageCostDetailRow = z.infer<typeof AverageCostDetailRow>;

export const AverageCostDetail = z.object({ ...AverageCostRowFields, details: z.array(AverageCostDetailRow) });
export type AverageCostDetail = z.infer<typeof AverageCostDetail>;

// ---- the ledger: inventory log (logs activeKey 2) and one balance's history -----------------

export const InventoryLogSearchInput = PageQuery.extend({
  whId: StockWarehouseFilter,
  ...SkuKeywordFilter,
  movement: z.enum(STOCK_MOVEMENTS).optional(),
  docType: z.string().trim().max(40).optional(),
  /** Document code, by contains. */
  docCode: z.string().trim().max(64).optional(),
  timeFrom: DateTimeText.optional(),
  timeTo: DateTimeText.optional(),
}).superRefine(checkKeywordCap);
export type InventoryLogSearchInput = z.infer<typeof InventoryLogSearchInput>;

/** The ledger of one SKU in one warehouse: one location, or every location when left out. */
export const InventoryLedgerInput = PageQuery.extend({
  whId: Id,
  skuId: Id,
  locationId: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});
export type InventoryLedgerInput = z.infer<typeof InventoryLedgerInput>;

export const InventoryLogRow = z.object({
  id: z.number(),
  createdAt: z.string(),
  whId: z.number(),
  whName: z.string(),
  locationId: z.number(),
  locationCode: z.string().nullable(),
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string(),
  specifications: z.string().nullable(),
  movement: z.string(),
  onHandDelta: z.number(),
  allocatedDelta: z.number(),
  onHandAfter: z.number(),
  allocatedAfter: z.number(),
  availableAfter: z.number(),
  docType: z.string(),
  docId: z.number().nullable(),
  docCode: z.string().nullable(),
  remark: z.string().nullable(),
  operator: z.string().nullable(),
});
export type InventoryLogRow = z.infer<typeof InventoryLogRow>;

/** A page of one balance's ledger, with the balance now and the sums of its ledger. */
export const InventoryLedgerResult = pageOf(InventoryLogRow).extend({
  /** The balance now (added over locations when no location was named). */
  onHand: z.number(),
  allocated: z.number(),
  available: z.number(),
  /** Sums of every ledger row of the balance: they equal onHand and allocated. */
  ledgerOnHand: z.number(),
  ledgerAllocated: z.number(),
});
export type InventoryLedgerResult = z.infer<typeof InventoryLedgerResult>;
