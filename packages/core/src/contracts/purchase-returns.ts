// Purchase returns (spec 02 §3.8, §4.1, §4.2, §7.12): received goods of a supplier sent back.
// Each line points to a received line of a purchase inbound notice (purchaseAsnId,
// purchaseAsnDetailId) with a quantity and a reason; verify makes the WDO_PURCHASE_RETURN outbound
// order, whose delivery takes the stock out at the return's cost rule. Costs and amounts are the
// purchase price: sent only to accounts that may see PURCHASE_PRICE.
import { z } from 'zod';
import { PURCHASE_RETURN_ACTIONS, PURCHASE_RETURN_COST_RULES, PURCHASE_RETURN_STATUSES } from '../catalogues/purchase-returns.js';
import { DEFAULT_KEYWORD_CAP, splitKeywords } from '../rules/keywords.js';
import { DateTimeText, Id, OptionalText, PageQuery, Text, Version } from './common.js';

export const PurchaseReturnErrors = {
  /** The action does not fit the return's state. */
  WRONG_STATUS: 'ERR_PURCHASE_RETURN_WRONG_STATUS',
  /** More than stocked in less already returned (names the line). */
  OVER_RETURN: 'ERR_PURCHASE_RETURN_OVER_RETURN',
  /** The inbound line is not a received purchase line of this supplier and warehouse. */
  ASN_LINE_NOT_FOUND: 'ERR_PURCHASE_RETURN_ASN_LINE_NOT_FOUND',
  SUPPLIER_NOT_FOUND: 'ERR_PURCHASE_RETURN_SUPPLIER_NOT_FOUND',
  WAREHOUSE_NOT_FOUND: 'ERR_PURCHASE_RETURN_WAREHOUSE_NOT_FOUND',
} as const;

/** Most lines on one return. */
export const PURCHASE_RETURN_MAX_LINES = 500;

export const PurchaseReturnLineInput = z.object({
  /** The purchase inbound notice the pieces came in on. */
  purchaseAsnId: Id,
  /** Its line. */
  purchaseAsnDetailId: Id,
  /** Informative: the line's SKU code (the notice line decides). */
  skuCode: z.string().max(64).nullish(),
  qty: z.number().int('Enter a whole number of pieces').min(1, 'Enter a quantity of at least 1').max(10_000_000),
  returnReason: Text(200),
});
export type PurchaseReturnLineInput = z.infer<typeof PurchaseReturnLineInput>;

const PurchaseReturnFields = z.object({
  supplierId: Id,
  /** The warehouse the pieces leave from: the notices' warehouse. */
  whId: Id,
  costRule: z.enum(PURCHASE_RETURN_COST_RULES).default('RECEIPT_COST'),
  remark: OptionalText(500),
  purchaseReturnDetailDtoList: z.array(PurchaseReturnLineInput).min(1, 'Add at least one line').max(PURCHASE_RETURN_MAX_LINES),
});

function oneLinePerAsnLine(value: { purchaseReturnDetailDtoList: { purchaseAsnDetailId: number }[] }, ctx: z.RefinementCtx) {
  const seen = new Set<number>();
  value.purchaseReturnDetailDtoList.forEach((d, index) => {
    if (seen.has(d.purchaseAsnDetailId)) ctx.addIssue({ code: 'custom', path: ['purchaseReturnDetailDtoList', index, 'purchaseAsnDetailId'], message: 'The same inbound line is on two lines' });
    seen.add(d.purchaseAsnDetailId);
  });
}

export const PurchaseReturnCreateInput = PurchaseReturnFields.superRefine(oneLinePerAsnLine);
export type PurchaseReturnCreateInput = z.output<typeof PurchaseReturnCreateInput>;

export const PurchaseReturnUpdateInput = PurchaseReturnFields.extend({ id: Id, version: Version }).superRefine(oneLinePerAsnLine);
export type PurchaseReturnUpdateInput = z.output<typeof PurchaseReturnUpdateInput>;

export const PurchaseReturnVersionInput = z.object({ id: Id, version: Version });
export type PurchaseReturnVersionInput = z.infer<typeof PurchaseReturnVersionInput>;

export const PurchaseReturnRejectInput = z.object({ id: Id, version: Version, reason: OptionalText(200) });
export type PurchaseReturnRejectInput = z.infer<typeof PurchaseReturnRejectInput>;

export const PurchaseReturnIdInput = z.object({ id: Id });
export type PurchaseReturnIdInput = z.infer<typeof PurchaseReturnIdInput>;

/** Several returns at once: each verified (or rejected) on its own, refusals answered per return. */
export const PurchaseReturnBatchInput = z.object({
  items: z.array(z.object({ id: Id, version: Version })).min(1, 'Choose at least one return').max(100),
  reason: OptionalText(200),
});
export type PurchaseReturnBatchInput = z.infer<typeof PurchaseReturnBatchInput>;

export const PurchaseReturnBatchAnswer = z.object({
  succeeded: z.array(z.object({ id: z.number(), code: z.string() })),
  failed: z.array(z.object({ id: z.number(), code: z.string().nullable(), errorCode: z.string(), message: z.string() })),
});
export type PurchaseReturnBatchAnswer = z.infer<typeof PurchaseReturnBatchAnswer>;

export const PurchaseReturnSearchInput = PageQuery.extend({
  codeKeywords: z
    .string()
    .max(2000)
    .nullish()
    .transform((v) => splitKeywords(v ?? '', DEFAULT_KEYWORD_CAP).items),
  status: z.enum(PURCHASE_RETURN_STATUSES).nullish(),
  supplierId: Id.nullish(),
  /** -1 or absent: every warehouse. */
  whId: z.number().int().min(-1).nullish(),
  /** The returns of one purchase order (its detail). */
  purchaseOrderId: Id.nullish(),
  startTime: DateTimeText.nullish(),
  endTime: DateTimeText.nullish(),
});
export type PurchaseReturnSearchInput = z.input<typeof PurchaseReturnSearchInput>;
export type PurchaseReturnSearchParsed = z.output<typeof PurchaseReturnSearchInput>;

export const PurchaseReturnRow = z.object({
  id: z.number(),
  code: z.string(),
  status: z.enum(PURCHASE_RETURN_STATUSES),
  supplierId: z.number(),
  supplierCode: z.string(),
  supplierName: z.string(),
  whId: z.number(),
  warehouseName: z.string(),
  costRule: z.enum(PURCHASE_RETURN_COST_RULES),
  skuTotal: z.number(),
  qtyTotal: z.number(),
  deliveredQtyTotal: z.number(),
  /** Value at cost of what left (set on delivery); PURCHASE_PRICE only. */
  amountTotal: z.string().nullable().optional(),
  /** The WDO_PURCHASE_RETURN outbound order made on verify. */
  wdoId: z.number().nullable(),
  wdoCode: z.string().nullable(),
  wdoStatus: z.string().nullable(),
  /** The purchase orders the lines come from. */
  purchaseCodes: z.array(z.string()),
  remark: z.string().nullable(),
  rejectReason: z.string().nullable(),
  actions: z.array(z.enum(PURCHASE_RETURN_ACTIONS)),
  createdByName: z.string().nullable(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PurchaseReturnRow = z.infer<typeof PurchaseReturnRow>;

export const PurchaseReturnLineRow = z.object({
  id: z.number(),
  lineNo: z.number(),
  purchaseAsnId: z.number(),
  purchaseAsnDetailId: z.number(),
  asnCode: z.string(),
  purchaseOrderId: z.number(),
  purchaseOrderLineId: z.number(),
  purchaseCode: z.string(),
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string(),
  skuSpec: z.string().nullable(),
  qty: z.number(),
  deliveredQty: z.number(),
  returnReason: z.string(),
  /** What the order line can still send back besides this return (stocked in − returned). */
  returnableQty: z.number(),
  /** PURCHASE_PRICE only: the receipt cost, the current average, and the cost booked on delivery. */
  receiptCost: z.string().nullable().optional(),
  averageCost: z.string().nullable().optional(),
  unitCost: z.string().nullable().optional(),
});
export type PurchaseReturnLineRow = z.infer<typeof PurchaseReturnLineRow>;

export const PurchaseReturnView = z.object({
  purchaseReturn: PurchaseReturnRow,
  lines: z.array(PurchaseReturnLineRow),
});
export type PurchaseReturnView = z.infer<typeof PurchaseReturnView>;

export const PurchaseReturnExtraInfo = z.object({
  statusCounts: z.array(z.object({ status: z.enum(PURCHASE_RETURN_STATUSES), count: z.number() })),
});
export type PurchaseReturnExtraInfo = z.infer<typeof PurchaseReturnExtraInfo>;

/** asnSearch: received purchase inbound lines of a supplier (in a warehouse) that can still go back. */
export const PurchaseReturnAsnSearchInput = PageQuery.extend({
  supplierId: Id,
  whId: z.number().int().min(-1).nullish(),
  /** Notice, purchase order or SKU code, fuzzy. */
  keyword: z.string().trim().max(64).nullish(),
});
export type PurchaseReturnAsnSearchInput = z.input<typeof PurchaseReturnAsnSearchInput>;
export type PurchaseReturnAsnSearchParsed = z.output<typeof PurchaseReturnAsnSearchInput>;

export const PurchaseReturnAsnLine = z.object({
  purchaseAsnId: z.number(),
  purchaseAsnDetailId: z.number(),
  asnCode: z.string(),
  purchaseOrderId: z.number(),
  purchaseOrderLineId: z.number(),
  purchaseCode: z.string(),
  whId: z.number(),
  warehouseName: z.string(),
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string(),
  skuSpec: z.string().nullable(),
  receivedQty: z.number(),
  returnedQty: z.number(),
  returnableQty: z.number(),
  /** PURCHASE_PRICE only. */
  receiptCost: z.string().nullable().optional(),
  averageCost: z.string().nullable().optional(),
});
export type PurchaseReturnAsnLine = z.infer<typeof PurchaseReturnAsnLine>;

export const PurchaseReturnDeleteAnswer = z.object({ deleted: z.number() });
