// Replenishment suggestions (issue 15 must-have 6): per SKU and warehouse, what sold in the last
// N days, what is on hand and on its way, and how many to buy. The formula's one owner is the
// server's query (purchasing README "Replenishment"); the page only shows its answer and drafts
// purchase orders from the chosen rows.
import { z } from 'zod';
import { Id, PageQuery } from './common.js';
import { ImportRowProblem } from './imports.js';

/** Most days of sales a suggestion looks back over. */
export const REPLENISHMENT_MAX_DAYS = 365;

export const ReplenishmentSearchInput = PageQuery.extend({
  /** Sales of the last N days (default 30). */
  days: z.number().int('Enter a whole number of days').min(1, 'Enter at least 1 day').max(REPLENISHMENT_MAX_DAYS).default(30),
  /** Days from ordering until the goods are in (default 7). */
  leadDays: z.number().int('Enter a whole number of days').min(0).max(REPLENISHMENT_MAX_DAYS).default(7),
  /** Days of sales the stock should cover once the goods are in (default 14). */
  coverDays: z.number().int('Enter a whole number of days').min(0).max(REPLENISHMENT_MAX_DAYS).default(14),
  /** -1 or absent: every warehouse. */
  whId: z.number().int().min(-1).nullish(),
  /** Only SKUs this supplier supplies (and it is their suggested supplier). */
  supplierId: Id.nullish(),
  /** SKU code or name, fuzzy. */
  keyword: z.string().trim().max(64).nullish(),
  /** Only rows with something to buy (default). */
  onlyPositive: z.boolean().default(true),
});
export type ReplenishmentSearchInput = z.input<typeof ReplenishmentSearchInput>;
export type ReplenishmentSearchParsed = z.output<typeof ReplenishmentSearchInput>;

export const ReplenishmentRow = z.object({
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string(),
  skuSpec: z.string().nullable(),
  whId: z.number(),
  warehouseName: z.string(),
  /** Pieces sold in the last N days (verified, issued or shipped orders; combinations as their components). */
  soldQty: z.number(),
  /** soldQty / N, 2 decimals. */
  dailySales: z.string(),
  onHand: z.number(),
  /** Held by verified orders not yet shipped. */
  allocated: z.number(),
  /** On verified purchase orders and not yet in: ordered − received − closed short. */
  inTransitQty: z.number(),
  /** On draft or submitted purchase orders (not verified yet). */
  onOrderQty: z.number(),
  /** The stock warning level of this SKU in this warehouse, when one is set. */
  warningQty: z.number().nullable(),
  /** ⌈daily sales × (lead + cover days)⌉ + warning level − (on hand − allocated) − in transit − on order, at least 0. */
  suggestedQty: z.number(),
  /** The suggested supplier: the first enabled supplier of the SKU's supply goods. */
  supplierId: z.number().nullable(),
  supplierCode: z.string().nullable(),
  supplierName: z.string().nullable(),
  /** PURCHASE_PRICE only: the supplier's supply price. */
  purchasePrice: z.string().nullable().optional(),
});
export type ReplenishmentRow = z.infer<typeof ReplenishmentRow>;

// ---- Excel import of purchase order lines (the create / edit page) ---------------------------

/** Most rows of a purchase-lines file (and so most lines on one order). */
export const PURCHASE_LINES_IMPORT_MAX_ROWS = 5_000;

/** A row of the purchase-lines file: SKU code, quantity, price (optional), remark. Cells are text. */
export const PurchaseLineImportRow = z.object({
  skuCode: z
    .string()
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().min(1, 'This field cannot be empty').max(64, 'has at most 64 characters')),
  qty: z
    .string()
    .trim()
    .min(1, 'This field cannot be empty')
    .refine((v) => /^\d+(\.0+)?$/.test(v) && Number(v) >= 1 && Number(v) <= 10_000_000, { message: 'Must be a whole number from 1 to 10000000' })
    .transform((v) => Number(v)),
  price: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : undefined))
    .pipe(z.string().optional()),
  remark: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : undefined))
    .pipe(z.string().max(200, 'has at most 200 characters').optional()),
});
export type PurchaseLineImportRow = z.infer<typeof PurchaseLineImportRow>;

/** A checked line of the file, ready for the order page's table. */
export const PurchaseImportedLine = z.object({
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string().nullable(),
  specifications: z.string().nullable(),
  qty: z.number(),
  /** PURCHASE_PRICE only; the file's price, else none (the order takes the supplier's when saved). */
  price: z.string().nullable().optional(),
  remark: z.string().nullable(),
});
export type PurchaseImportedLine = z.infer<typeof PurchaseImportedLine>;

/** The file's answer: every line when no row has a problem, else no lines and every problem by row. */
export const PurchaseLinesImportResult = z.object({
  total: z.number(),
  lines: z.array(PurchaseImportedLine),
  /** Every row's problems, by row (the import problem catalogue's codes). */
  errors: z.array(ImportRowProblem),
});
export type PurchaseLinesImportResult = z.infer<typeof PurchaseLinesImportResult>;
