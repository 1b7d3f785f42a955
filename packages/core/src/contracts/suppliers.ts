import { z } from 'zod';
import { MONEY_DECIMALS, PERCENT_DECIMALS } from '../rules/numbers.js';
import { compareDecimals, decimalPlaces, formatDecimal, isDecimalText, shiftDecimal } from '../rules/decimal.js';
import { Id, OptionalText, PageQuery, Text, Version } from './common.js';
import { ContactPhone, WarehouseCode } from './warehouses.js';

export const SupplierErrors = {
  CODE_TAKEN: 'ERR_SUPPLIER_CODE_TAKEN',
  /** A supplier still named by purchase orders, payables or other documents. */
  IN_USE: 'ERR_SUPPLIER_IN_USE',
  /** A supply-goods row names a SKU that is not a SKU of the domain. */
  SKU_NOT_FOUND: 'ERR_SUPPLIER_SKU_NOT_FOUND',
  /** The purchase price field is not visible to the account, so it cannot set it either. */
  PRICE_HIDDEN: 'ERR_SUPPLIER_PRICE_HIDDEN',
  /** A disabled supplier takes no new supply goods. */
  DISABLED: 'ERR_SUPPLIER_DISABLED',
  /** A combination SKU is a bundle of other SKUs: it is bought as its components. */
  COMBINATION_SKU: 'ERR_SUPPLIER_COMBINATION_SKU',
} as const;

export const SUPPLIER_STATUSES = ['ENABLED', 'DISABLED'] as const;
export type SupplierStatus = (typeof SUPPLIER_STATUSES)[number];

export const SupplierCode = WarehouseCode;

const PurchasePriceString = z
  .string()
  .trim()
  .refine((v) => isDecimalText(v) && !v.startsWith('-') && !v.startsWith('+'), { message: 'Enter a price that is not negative' })
  .refine((v) => decimalPlaces(v) <= MONEY_DECIMALS, { message: 'A price has at most 4 decimals' })
  .refine((v) => v.split('.')[0]!.replace(/^0+(?=\d)/, '').length <= 14, { message: 'The price is too large' });

/** A purchase price: money, not negative, at most 4 decimals (spec 02 §5), below 10^14. */
export const PurchasePriceText = z
  .union([z.string(), z.number()])
  .transform((v) => String(v))
  .pipe(PurchasePriceString);

/**
 * The receipt tolerance as a percent (0…100, at most 2 decimals): a purchase order line of this
 * supplier may receive ordered × (1 + percent / 100). Kept as a ratio, numeric(5,4).
 */
export const ReceiptTolerancePercent = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(
    z
      .string()
      .refine((v) => isDecimalText(v) && !v.startsWith('-') && !v.startsWith('+'), { message: 'Enter a percent from 0 to 100' })
      .refine((v) => decimalPlaces(v) <= PERCENT_DECIMALS, { message: 'A percent has at most 2 decimals' })
      .refine((v) => !isDecimalText(v) || compareDecimals(v, 100) <= 0, { message: 'Enter a percent from 0 to 100' }),
  );

/** The stored ratio (numeric(5,4)) of a tolerance percent: "5.5" → "0.0550". */
export function toleranceRatioOfPercent(percent: string): string {
  return formatDecimal(shiftDecimal(percent, 2), 4);
}

/** The percent shown for a stored ratio: "0.0550" → "5.5", "0" → "0". */
export function tolerancePercentOfRatio(ratio: string): string {
  return formatDecimal(shiftDecimal(ratio, -2), PERCENT_DECIMALS).replace(/\.?0+$/, '') || '0';
}

const SupplierFields = z.object({
  code: SupplierCode,
  name: Text(100),
  contact: OptionalText(30),
  phone: z
    .union([ContactPhone, z.literal('')])
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined)),
  address: OptionalText(200),
  remark: OptionalText(200),
  status: z.enum(SUPPLIER_STATUSES).default('ENABLED'),
  /** Absent: 0 on create, unchanged on update. */
  receiptTolerancePercent: ReceiptTolerancePercent.optional(),
});

export const SupplierCreateInput = SupplierFields;
export type SupplierCreateInput = z.infer<typeof SupplierCreateInput>;

export const SupplierUpdateInput = SupplierFields.extend({ id: Id, version: Version });
export type SupplierUpdateInput = z.infer<typeof SupplierUpdateInput>;

export const SupplierSearchInput = PageQuery.extend({
  keyword: z.string().trim().max(64).optional(),
  status: z.enum(SUPPLIER_STATUSES).optional(),
});
export type SupplierSearchInput = z.infer<typeof SupplierSearchInput>;

export const SupplierDeleteInput = z.object({ idList: z.array(Id).min(1).max(500) });
export type SupplierDeleteInput = z.infer<typeof SupplierDeleteInput>;

export const SupplierListAllInput = z.object({ includeDisabled: z.boolean().default(false) });
export type SupplierListAllInput = z.infer<typeof SupplierListAllInput>;

export const SupplierRow = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  contact: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  remark: z.string().nullable(),
  status: z.enum(SUPPLIER_STATUSES),
  /** Over-receipt tolerance of purchase orders, as a percent ("5.5" = 5.5 %). */
  receiptTolerancePercent: z.string(),
  /** How many SKUs the supplier supplies. */
  skuCount: z.number(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SupplierRow = z.infer<typeof SupplierRow>;

export const SupplierOption = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  status: z.enum(SUPPLIER_STATUSES),
});
export type SupplierOption = z.infer<typeof SupplierOption>;

// ---- supply goods: which SKUs a supplier supplies, at what purchase price -----------------

export const SupplyGoodsSearchInput = PageQuery.extend({
  supplierId: Id.optional(),
  skuId: Id.optional(),
  /** SKU code, name or bar code. */
  keyword: z.string().trim().max(64).optional(),
});
export type SupplyGoodsSearchInput = z.infer<typeof SupplyGoodsSearchInput>;

/** Adds SKUs to a supplier's list; a SKU already on it gets the price given. */
export const SupplyGoodsSaveInput = z.object({
  supplierId: Id,
  items: z
    .array(z.object({ skuId: Id, purchasePrice: PurchasePriceText.optional().nullable() }))
    .min(1)
    .max(500)
    .refine((items) => new Set(items.map((i) => i.skuId)).size === items.length, { message: 'A SKU is listed twice' }),
});
export type SupplyGoodsSaveInput = z.infer<typeof SupplyGoodsSaveInput>;

export const SupplyGoodsUpdateInput = z.object({
  id: Id,
  version: Version,
  purchasePrice: PurchasePriceText.optional().nullable(),
  remark: OptionalText(200),
});
export type SupplyGoodsUpdateInput = z.infer<typeof SupplyGoodsUpdateInput>;

export const SupplyGoodsDeleteInput = z.object({ idList: z.array(Id).min(1).max(1000) });
export type SupplyGoodsDeleteInput = z.infer<typeof SupplyGoodsDeleteInput>;

export const SupplyGoodsRow = z.object({
  id: z.number(),
  supplierId: z.number(),
  supplierCode: z.string(),
  supplierName: z.string(),
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string().nullable(),
  specifications: z.string().nullable(),
  barCode: z.string().nullable(),
  /** Sent only to accounts that may see PURCHASE_PRICE (spec 01 §6). */
  purchasePrice: z.string().nullable().optional(),
  remark: z.string().nullable(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SupplyGoodsRow = z.infer<typeof SupplyGoodsRow>;

/** A row of the supplier import (kind SUPPLIERS). */
export const SupplierImportRow = z.object({
  code: SupplierCode,
  name: Text(100),
  contact: OptionalText(30),
  phone: z
    .union([ContactPhone, z.literal('')])
    .optional()
    .transform((v) => (v ? v : undefined)),
  address: OptionalText(200),
  remark: OptionalText(200),
});
export type SupplierImportRow = z.infer<typeof SupplierImportRow>;

/** A row of the supply-goods import (kind SUPPLY_GOODS). */
export const SupplyGoodsImportRow = z.object({
  supplierCode: SupplierCode,
  skuCode: z
    .string()
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().min(1).max(64)),
  purchasePrice: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : undefined))
    .pipe(PurchasePriceString.optional()),
});
export type SupplyGoodsImportRow = z.infer<typeof SupplyGoodsImportRow>;
