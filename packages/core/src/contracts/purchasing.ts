// Purchase orders (spec 02 §3.8, §4.1, §4.2, §7.12): a supplier, the warehouse the goods come to
// and lines of SKU, quantity and purchase price (purchaseDetailDtoList). Verify makes the purchase
// inbound notice; its receipts count on the order's lines. The price and amounts are the purchase
// price: sent only to accounts that may see PURCHASE_PRICE.
import { z } from 'zod';
import { PURCHASE_SETTLE_STATUSES } from '../catalogues/finance.js';
import { FREIGHT_ALLOCATIONS, PURCHASE_ACTIONS, PURCHASE_ORDER_STATUSES, PURCHASE_RECEIVE_STATUSES } from '../catalogues/purchasing.js';
import { DEFAULT_KEYWORD_CAP, splitKeywords } from '../rules/keywords.js';
import { DateTimeText, Id, OptionalText, PageQuery, Text, Version } from './common.js';
import { PurchasePriceText } from './suppliers.js';

export const PurchaseErrors = {
  /** The action does not fit the order's state (verify a draft, edit a verified order…). */
  WRONG_STATUS: 'ERR_PURCHASE_WRONG_STATUS',
  SUPPLIER_NOT_FOUND: 'ERR_PURCHASE_SUPPLIER_NOT_FOUND',
  SUPPLIER_DISABLED: 'ERR_PURCHASE_SUPPLIER_DISABLED',
  WAREHOUSE_NOT_FOUND: 'ERR_PURCHASE_WAREHOUSE_NOT_FOUND',
  WAREHOUSE_STOPPED: 'ERR_PURCHASE_WAREHOUSE_STOPPED',
  SKU_NOT_FOUND: 'ERR_PURCHASE_SKU_NOT_FOUND',
  /** A combination SKU is bought as its components. */
  COMBINATION_SKU: 'ERR_PURCHASE_COMBINATION_SKU',
  /** The account may not see purchase prices, so it cannot set them. */
  PRICE_HIDDEN: 'ERR_PURCHASE_PRICE_HIDDEN',
  /** A receipt would bring in more than ordered × (1 + the supplier's tolerance). */
  OVER_RECEIPT: 'ERR_PURCHASE_OVER_RECEIPT',
  /** Close short: nothing is outstanding any more. */
  NOTHING_OUTSTANDING: 'ERR_PURCHASE_NOTHING_OUTSTANDING',
  /** Close short: the inbound notice is held by a warehouse system; force cancel it there first. */
  NOTICE_IN_WAREHOUSE_SYSTEM: 'ERR_PURCHASE_NOTICE_IN_WAREHOUSE_SYSTEM',
  /** Freight by WEIGHT: a priced line's SKU has no weight (the SKU is named). */
  FREIGHT_WEIGHT_MISSING: 'ERR_PURCHASE_FREIGHT_WEIGHT_MISSING',
  /** Freight but no priced line (with an amount, pieces or weight above 0) to carry it. */
  FREIGHT_NO_BASIS: 'ERR_PURCHASE_FREIGHT_NO_BASIS',
} as const;

/** Most lines on one order (an imported file of 5,000 lines fits). */
export const PURCHASE_MAX_LINES = 5000;
/** Most pieces on one line. */
export const PURCHASE_MAX_QTY = 10_000_000;

export const PurchaseLineInput = z.object({
  skuCode: Text(64),
  qty: z.number().int('Enter a whole number of pieces').min(1, 'Enter a quantity of at least 1').max(PURCHASE_MAX_QTY),
  /** The purchase price (4 decimals). Absent: the supplier's supply price, or none. */
  price: PurchasePriceText.nullish(),
  remark: OptionalText(200),
});
export type PurchaseLineInput = z.infer<typeof PurchaseLineInput>;

const PurchaseFields = z.object({
  supplierId: Id,
  whId: Id,
  /** When the goods are expected. */
  expectedTime: DateTimeText.nullish(),
  remark: OptionalText(500),
  /** Freight on the order (money, ≥ 0, 4 decimals; PURCHASE_PRICE): spread over the priced lines into their landed cost. */
  freight: PurchasePriceText.nullish(),
  /** How the freight is spread (default AMOUNT). */
  freightAllocation: z.enum(FREIGHT_ALLOCATIONS).nullish(),
  purchaseDetailDtoList: z.array(PurchaseLineInput).min(1, 'Add at least one SKU').max(PURCHASE_MAX_LINES),
});

function oneLinePerSku(value: { purchaseDetailDtoList: { skuCode: string }[] }, ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  value.purchaseDetailDtoList.forEach((d, index) => {
    if (seen.has(d.skuCode)) ctx.addIssue({ code: 'custom', path: ['purchaseDetailDtoList', index, 'skuCode'], message: 'The same SKU is on two lines' });
    seen.add(d.skuCode);
  });
}

export const PurchaseCreateInput = PurchaseFields.superRefine(oneLinePerSku);
export type PurchaseCreateInput = z.infer<typeof PurchaseCreateInput>;

export const PurchaseUpdateInput = PurchaseFields.extend({ id: Id, version: Version }).superRefine(oneLinePerSku);
export type PurchaseUpdateInput = z.infer<typeof PurchaseUpdateInput>;

export const PurchaseVersionInput = z.object({ id: Id, version: Version });
export type PurchaseVersionInput = z.infer<typeof PurchaseVersionInput>;

export const PurchaseRejectInput = z.object({ id: Id, version: Version, reason: OptionalText(200) });
export type PurchaseRejectInput = z.infer<typeof PurchaseRejectInput>;

export const PurchaseCloseShortInput = z.object({ id: Id, version: Version, reason: Text(200) });
export type PurchaseCloseShortInput = z.infer<typeof PurchaseCloseShortInput>;

export const PurchaseIdInput = z.object({ id: Id });
export type PurchaseIdInput = z.infer<typeof PurchaseIdInput>;

export const PurchaseSearchInput = PageQuery.extend({
  /** Order codes, split on commas; fuzzy when one is given. */
  codeKeywords: z
    .string()
    .max(2000)
    .nullish()
    .transform((v) => splitKeywords(v ?? '', DEFAULT_KEYWORD_CAP).items),
  status: z.enum(PURCHASE_ORDER_STATUSES).nullish(),
  receiveStatus: z.enum(PURCHASE_RECEIVE_STATUSES).nullish(),
  /** The settlement axis (NOT_PAYABLE, TO_SETTLE, PART_SETTLED, SETTLED). */
  settleStatus: z.enum(PURCHASE_SETTLE_STATUSES).nullish(),
  supplierId: Id.nullish(),
  /** -1 or absent: every warehouse. */
  whId: z.number().int().min(-1).nullish(),
  startTime: DateTimeText.nullish(),
  endTime: DateTimeText.nullish(),
});
export type PurchaseSearchInput = z.input<typeof PurchaseSearchInput>;
export type PurchaseSearchParsed = z.output<typeof PurchaseSearchInput>;

/** The export: the list's filters (or the chosen orders), every page. */
export const PurchaseExportInput = PurchaseSearchInput.omit({ currentPage: true, pageSize: true }).extend({ idList: z.array(Id).max(10000).nullish() });
export type PurchaseExportInput = z.output<typeof PurchaseExportInput>;

export const PurchaseRow = z.object({
  id: z.number(),
  code: z.string(),
  status: z.enum(PURCHASE_ORDER_STATUSES),
  receiveStatus: z.enum(PURCHASE_RECEIVE_STATUSES),
  /** Derived from the lines' received, returned and settled counters (core `purchaseSettleStatus`). */
  settleStatus: z.enum(PURCHASE_SETTLE_STATUSES),
  supplierId: z.number(),
  supplierCode: z.string(),
  supplierName: z.string(),
  whId: z.number(),
  warehouseName: z.string(),
  skuTotal: z.number(),
  qtyTotal: z.number(),
  receivedQtyTotal: z.number(),
  closedShortQtyTotal: z.number(),
  /** PURCHASE_PRICE only. */
  amountTotal: z.string().optional(),
  /** Freight on the order (4 decimals, "0.0000" when none); PURCHASE_PRICE only. */
  freight: z.string().optional(),
  freightAllocation: z.enum(FREIGHT_ALLOCATIONS),
  /** The purchase inbound notice made on verify. */
  asnId: z.number().nullable(),
  asnCode: z.string().nullable(),
  expectedTime: z.string().nullable(),
  remark: z.string().nullable(),
  rejectReason: z.string().nullable(),
  closeReason: z.string().nullable(),
  /** The actions the order's state offers (rules/purchasing.ts). */
  actions: z.array(z.enum(PURCHASE_ACTIONS)),
  createdByName: z.string().nullable(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PurchaseRow = z.infer<typeof PurchaseRow>;

export const PurchaseLineRow = z.object({
  id: z.number(),
  lineNo: z.number(),
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string(),
  skuSpec: z.string().nullable(),
  orderedQty: z.number(),
  /** Arrived and stocked in (through the inbound notice). */
  receivedQty: z.number(),
  /** Received beyond the ordered quantity (within the supplier's tolerance). */
  overReceivedQty: z.number(),
  returnedQty: z.number(),
  closedShortQty: z.number(),
  settledQty: z.number(),
  /** Still expected. */
  outstandingQty: z.number(),
  /** Most pieces the line may receive. */
  receiptLimit: z.number(),
  /** PURCHASE_PRICE only. */
  price: z.string().nullable().optional(),
  amount: z.string().nullable().optional(),
  /** The line's part of the order's freight, per piece, and price + that part (PURCHASE_PRICE only). */
  freight: z.string().nullable().optional(),
  freightPerUnit: z.string().nullable().optional(),
  landedUnitCost: z.string().nullable().optional(),
  /** The SKU's weight per piece (kg), what freight by WEIGHT reads. */
  weight: z.string().nullable(),
  remark: z.string().nullable(),
});
export type PurchaseLineRow = z.infer<typeof PurchaseLineRow>;

export const PurchaseReceiptRow = z.object({
  id: z.number(),
  asnReceiptId: z.number(),
  lineId: z.number(),
  skuCode: z.string(),
  qty: z.number(),
  /** The landed unit cost booked into stock (purchase price + freight per piece); PURCHASE_PRICE only. */
  unitCost: z.string().nullable().optional(),
  /** The purchase price of the pieces (the supplier's bill); PURCHASE_PRICE only. */
  price: z.string().nullable().optional(),
  receivedByName: z.string().nullable(),
  createdAt: z.string(),
});
export type PurchaseReceiptRow = z.infer<typeof PurchaseReceiptRow>;

export const PurchaseView = z.object({
  order: PurchaseRow,
  lines: z.array(PurchaseLineRow),
  receipts: z.array(PurchaseReceiptRow),
  /** searchInfo only: the purchase returns with lines on this order. */
  returns: z.array(z.lazy(() => PurchaseOrderReturnRef)).optional(),
  /** searchInfo only: payables with lines on this order (debit notes included), newest first. */
  payables: z.array(z.lazy(() => PurchaseOrderPayableRef)).optional(),
  /** searchInfo only: payments allocating to those payables. */
  payments: z.array(z.lazy(() => PurchaseOrderPaymentRef)).optional(),
});
export type PurchaseView = z.infer<typeof PurchaseView>;

/** A purchase return with lines on the order (its quantities on this order only). */
export const PurchaseOrderReturnRef = z.object({
  id: z.number(),
  code: z.string(),
  status: z.string(),
  qty: z.number(),
  deliveredQty: z.number(),
  wdoCode: z.string().nullable(),
  createdAt: z.string(),
});
export type PurchaseOrderReturnRef = z.infer<typeof PurchaseOrderReturnRef>;

/** A payable with lines on the order. Amounts only with PURCHASE_PRICE (they give the price away). */
export const PurchaseOrderPayableRef = z.object({
  id: z.number(),
  code: z.string(),
  payableType: z.string(),
  status: z.string(),
  paymentStatus: z.string(),
  debitNote: z.boolean(),
  /** Pieces of this order on the payable (negative on a debit note). */
  qty: z.number(),
  amount: z.string().optional(),
  outstanding: z.string().optional(),
  createdAt: z.string(),
});
export type PurchaseOrderPayableRef = z.infer<typeof PurchaseOrderPayableRef>;

/** A payment allocating to one of the order's payables (one row per payment and payable). */
export const PurchaseOrderPaymentRef = z.object({
  id: z.number(),
  code: z.string(),
  status: z.string(),
  paymentMode: z.string(),
  payableId: z.number(),
  payableCode: z.string(),
  amount: z.string().optional(),
  paidTime: z.string().nullable(),
});
export type PurchaseOrderPaymentRef = z.infer<typeof PurchaseOrderPaymentRef>;

/** The list's extra information: counts per state and per receipt state. */
export const PurchaseExtraInfo = z.object({
  statusCounts: z.array(z.object({ status: z.enum(PURCHASE_ORDER_STATUSES), count: z.number() })),
  receiveStatusCounts: z.array(z.object({ receiveStatus: z.enum(PURCHASE_RECEIVE_STATUSES), count: z.number() })),
  settleStatusCounts: z.array(z.object({ settleStatus: z.enum(PURCHASE_SETTLE_STATUSES), count: z.number() })),
});
export type PurchaseExtraInfo = z.infer<typeof PurchaseExtraInfo>;

export const PurchaseDeleteAnswer = z.object({ deleted: z.number() });
