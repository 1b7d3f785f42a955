// Return inbound (RMA, spec 02 §3.6, §4.1, §7.9): a return names a warehouse and its lines; made
// from a shipped order's lines (what shipped bounds what may come back) or free. Receipts book
// good and defective quantities separately, each line at most once per receipt key. Reasons are a
// per-domain list.
import { z } from 'zod';
import { RMA_CANCEL_STATUSES, RMA_KEYWORD_TYPES, RMA_PARCEL_STATES, RMA_QUALITIES, RMA_SEND_STATUSES, RMA_SOURCES, RMA_STATUSES, rmaStatusCode } from '../catalogues/rma.js';
import { Id, OptionalText, PageQuery, Text, Version } from './common.js';

export const RmaErrors = {
  /** The command does not fit the return's status (receive a completed one, edit a cancelled one…). */
  WRONG_STATUS: 'ERR_RMA_WRONG_STATUS',
  /** A receipt would bring in more than the return line expects. */
  OVER_RECEIPT: 'ERR_RMA_OVER_RECEIPT',
  /** Returns of an order line would exceed what shipped on it. */
  OVER_SHIPPED: 'ERR_RMA_OVER_SHIPPED',
  /** The receipt key was confirmed already: a receipt is booked once. */
  RECEIPT_CONFIRMED: 'ERR_RMA_RECEIPT_CONFIRMED',
  ORDER_NOT_FOUND: 'ERR_RMA_ORDER_NOT_FOUND',
  /** Only a shipped order's goods can come back. */
  ORDER_NOT_SHIPPED: 'ERR_RMA_ORDER_NOT_SHIPPED',
  /** A line names an order line of another order, or none while the return has an order. */
  ORDER_LINE_NOT_FOUND: 'ERR_RMA_ORDER_LINE_NOT_FOUND',
  /** A combination line: its components come back (not in this build's slice). */
  COMBINATION_LINE: 'ERR_RMA_COMBINATION_LINE',
  SKU_NOT_FOUND: 'ERR_RMA_SKU_NOT_FOUND',
  WAREHOUSE_NOT_FOUND: 'ERR_RMA_WAREHOUSE_NOT_FOUND',
  WAREHOUSE_STOPPED: 'ERR_RMA_WAREHOUSE_STOPPED',
  LOCATION_NOT_IN_WAREHOUSE: 'ERR_RMA_LOCATION_NOT_IN_WAREHOUSE',
  /** Good units go to a sellable location. */
  LOCATION_NOT_SELLABLE: 'ERR_RMA_LOCATION_NOT_SELLABLE',
  /** Defective units go to a non-sellable location. */
  DEFECTIVE_LOCATION_SELLABLE: 'ERR_RMA_DEFECTIVE_LOCATION_SELLABLE',
  DETAIL_NOT_FOUND: 'ERR_RMA_DETAIL_NOT_FOUND',
  /** The return's warehouse is run by the seller: there is no warehouse system to send it to. */
  NO_WAREHOUSE_SYSTEM: 'ERR_RMA_NO_WAREHOUSE_SYSTEM',
  /** Received goods stay: a return with receipts is not edited or deleted. */
  HAS_RECEIPTS: 'ERR_RMA_HAS_RECEIPTS',
  REASON_NOT_FOUND: 'ERR_RMA_REASON_NOT_FOUND',
  REASON_TAKEN: 'ERR_RMA_REASON_TAKEN',
  /** Nothing to receive: every line is in. */
  NOTHING_TO_RECEIVE: 'ERR_RMA_NOTHING_TO_RECEIVE',
  /** A 'no information' parcel already linked: it is received through its return. */
  PARCEL_LINKED: 'ERR_RMA_PARCEL_LINKED',
  /** The parcel is linked to a return that is not awaiting entry (completed, cancelled, issued). */
  PARCEL_TARGET_STATUS: 'ERR_RMA_PARCEL_TARGET_STATUS',
  /** The after-sale the parcel is linked to has no return inbound yet (its return is not agreed). */
  PARCEL_AFTER_SALE_NO_RMA: 'ERR_RMA_PARCEL_AFTER_SALE_NO_RMA',
  /** The parcel is in one warehouse and the return expects it in another. */
  PARCEL_OTHER_WAREHOUSE: 'ERR_RMA_PARCEL_OTHER_WAREHOUSE',
} as const;

export const RMA_MAX_LINES = 500;
export const RMA_MAX_QTY = 1_000_000;
const Qty = z.number().int('Enter a whole number of pieces').min(1, 'Enter a quantity of at least 1').max(RMA_MAX_QTY);
const ReceiptQty = z.number().int('Enter a whole number of pieces').min(0, 'Enter 0 or more').max(RMA_MAX_QTY);

export const RmaDetailInput = z.object({
  /** The shipped order's line (erpSod); with it the SKU is the line's. */
  erpSodId: Id.nullish(),
  /** The SKU of a free return line. */
  skuId: Id.nullish(),
  qty: Qty,
  remark: OptionalText(200),
});
export type RmaDetailInput = z.infer<typeof RmaDetailInput>;

const RmaHeaderFields = z.object({
  whId: Id,
  /** The shipped order it comes back from; absent for a free return. */
  erpSoHId: Id.nullish(),
  reasonId: Id.nullish(),
  expressCompanyCode: OptionalText(50),
  /** The return parcel's tracking number (what is scanned on arrival). */
  expressNo: OptionalText(64),
  buyerNick: OptionalText(100),
  receiverName: OptionalText(100),
  receiverPhone: OptionalText(30),
  receiverProvince: OptionalText(50),
  receiverCity: OptionalText(50),
  receiverCounty: OptionalText(50),
  remark: OptionalText(500),
  rmaDetails: z.array(RmaDetailInput).min(1, 'Add at least one line').max(RMA_MAX_LINES),
});

function lineSources(value: { erpSoHId?: number | null; rmaDetails: RmaDetailInput[] }, ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  value.rmaDetails.forEach((d, index) => {
    if (value.erpSoHId && !d.erpSodId) ctx.addIssue({ code: 'custom', path: ['rmaDetails', index, 'erpSodId'], message: 'Choose the order line it comes back from' });
    if (!value.erpSoHId && !d.skuId) ctx.addIssue({ code: 'custom', path: ['rmaDetails', index, 'skuId'], message: 'Choose a SKU' });
    const key = d.erpSodId ? `l${d.erpSodId}` : `s${d.skuId}`;
    if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['rmaDetails', index], message: 'The same line is given twice' });
    seen.add(key);
  });
}

export const RmaCreateInput = RmaHeaderFields.superRefine(lineSources);
export type RmaCreateInput = z.infer<typeof RmaCreateInput>;

export const RmaUpdateInput = RmaHeaderFields.extend({ id: Id, version: Version }).superRefine(lineSources);
export type RmaUpdateInput = z.infer<typeof RmaUpdateInput>;

export const RmaReceiptLineInput = z.object({
  /** The return line (rmaDetails[].id). */
  id: Id,
  goodQty: ReceiptQty.default(0),
  defectiveQty: ReceiptQty.default(0),
});
export type RmaReceiptLineInput = z.infer<typeof RmaReceiptLineInput>;

const ReceiptFields = {
  /** Where good units go (a sellable location of the warehouse); default: its first sellable location. */
  goodLocationId: Id.nullish(),
  /** Where defective units go (a non-sellable location); default: the warehouse's defective location. */
  defectiveLocationId: Id.nullish(),
  /**
   * The receipt's own key (the scanning client makes one per receipt): a receipt is booked once;
   * sending it again is refused. Absent: the server makes one.
   */
  receiptKey: z.string().trim().min(1).max(64).nullish(),
};

/** A receipt (updateRmaInventory): part or all of what is still expected, good and defective apart. */
export const RmaReceiveInput = z
  .object({
    id: Id,
    version: Version,
    rmaDetails: z.array(RmaReceiptLineInput).min(1, 'Receive at least one line').max(RMA_MAX_LINES),
    ...ReceiptFields,
  })
  .superRefine((value, ctx) => {
    const seen = new Set<number>();
    value.rmaDetails.forEach((d, index) => {
      if (d.goodQty + d.defectiveQty < 1) ctx.addIssue({ code: 'custom', path: ['rmaDetails', index, 'goodQty'], message: 'Enter a good or defective quantity' });
      if (seen.has(d.id)) ctx.addIssue({ code: 'custom', path: ['rmaDetails', index, 'id'], message: 'The same line is given twice' });
      seen.add(d.id);
    });
  });
export type RmaReceiveInput = z.infer<typeof RmaReceiveInput>;

/** Creates a return and receives every line in full as good. */
export const RmaCreateAndReceiveInput = RmaHeaderFields.extend(ReceiptFields).superRefine(lineSources);
export type RmaCreateAndReceiveInput = z.infer<typeof RmaCreateAndReceiveInput>;

/** Edits a return and receives every line in full as good. */
export const RmaUpdateAndReceiveInput = RmaHeaderFields.extend({ id: Id, version: Version, ...ReceiptFields }).superRefine(lineSources);
export type RmaUpdateAndReceiveInput = z.infer<typeof RmaUpdateAndReceiveInput>;

export const RmaIdListInput = z.object({ idList: z.array(Id).min(1).max(200) });
export const RmaDeleteInput = z.object({ id: Id, version: Version.nullish() });

const StatusFilter = z
  .string()
  .trim()
  .transform((v, ctx) => {
    if (!v) return undefined;
    const code = rmaStatusCode(v);
    if (!code) {
      ctx.addIssue({ code: 'custom', message: `Unknown status ${v}` });
      return z.NEVER;
    }
    return code;
  });

export const RmaSearchInput = PageQuery.extend({
  /** One status (the jump sends status=CI_RMA_STATUS_CREATED); statusCodeList derives from it. */
  statusCode: StatusFilter.nullish(),
  status: StatusFilter.nullish(),
  statusCodeList: z.array(z.enum(RMA_STATUSES)).max(RMA_STATUSES.length).nullish(),
  /** Return code, order code, platform order number or tracking number. */
  orderKeyWord: z.string().trim().max(200).nullish(),
  orderKeyWordList: z.array(z.string().trim().min(1).max(200)).max(500).nullish(),
  keywordsType: z.enum(RMA_KEYWORD_TYPES).default('mohu'),
  /** Free text over buyer, receiver and remark. */
  condition: z.string().trim().max(200).nullish(),
  whId: z.number().int().min(-1).nullish(),
});
export type RmaSearchInput = z.infer<typeof RmaSearchInput>;

const RmaRowFields = {
  id: z.number(),
  code: z.string(),
  source: z.enum(RMA_SOURCES),
  whId: z.number(),
  warehouseName: z.string(),
  erpSoHId: z.number().nullable(),
  erpSoHCode: z.string().nullable(),
  /** The platform order numbers of the order (extCodes). */
  extCodes: z.array(z.string()),
  statusCode: z.enum(RMA_STATUSES),
  statusName: z.string(),
  sendStatus: z.enum(RMA_SEND_STATUSES),
  cancelStatus: z.enum(RMA_CANCEL_STATUSES),
  /** What the warehouse system said when an issue or a cancel failed or waits for it. */
  wmsMessage: z.string().nullable(),
  /** The warehouse system's code of the return once issued to it. */
  externalCode: z.string().nullable(),
  reasonId: z.number().nullable(),
  reason: z.string().nullable(),
  expressCompanyCode: z.string().nullable(),
  expressNo: z.string().nullable(),
  buyerNick: z.string().nullable(),
  receiverName: z.string().nullable(),
  receiverPhone: z.string().nullable(),
  receiverProvince: z.string().nullable(),
  receiverCity: z.string().nullable(),
  receiverCounty: z.string().nullable(),
  remark: z.string().nullable(),
  qtyTotal: z.number(),
  receivedQtyTotal: z.number(),
  goodQtyTotal: z.number(),
  defectiveQtyTotal: z.number(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  version: z.number(),
};
export const RmaRow = z.object(RmaRowFields);
export type RmaRow = z.infer<typeof RmaRow>;

export const RmaDetailRow = z.object({
  id: z.number(),
  lineNo: z.number(),
  erpSodId: z.number().nullable(),
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string().nullable(),
  qty: z.number(),
  receivedQty: z.number(),
  goodQty: z.number(),
  defectiveQty: z.number(),
  remark: z.string().nullable(),
});
export type RmaDetailRow = z.infer<typeof RmaDetailRow>;

export const RmaReceiptLineRow = z.object({
  rmaDetailId: z.number(),
  skuId: z.number(),
  quality: z.enum(RMA_QUALITIES),
  locationId: z.number(),
  locationCode: z.string().nullable(),
  qty: z.number(),
});

export const RmaReceiptRow = z.object({
  id: z.number(),
  receiptKey: z.string(),
  qtyTotal: z.number(),
  receivedByName: z.string().nullable(),
  receivedAt: z.string(),
  lines: z.array(RmaReceiptLineRow),
});

export const RmaView = z.object({ ...RmaRowFields, rmaDetails: z.array(RmaDetailRow), receipts: z.array(RmaReceiptRow) });
export type RmaView = z.infer<typeof RmaView>;

export const RmaStatusOption = z.object({ statusCode: z.enum(RMA_STATUSES), statusName: z.string(), count: z.number() });
export type RmaStatusOption = z.infer<typeof RmaStatusOption>;

/** A batch's outcome: what was done, and each refused return with its reason. */
export const RmaBatchResult = z.object({
  succeeded: z.array(z.number()),
  refusals: z.array(z.object({ id: z.number(), code: z.string(), message: z.string() })),
});
export type RmaBatchResult = z.infer<typeof RmaBatchResult>;

export const RmaReasonCreateInput = z.object({ reason: Text(50) });
export const RmaReason = z.object({ id: z.number(), reason: z.string(), createdAt: z.string() });
export type RmaReason = z.infer<typeof RmaReason>;

/** The spec: getNoClosedRmaByErpSoHId takes erpSoHId as a query parameter. */
export const RmaByOrderInput = z.object({ erpSoHId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
export const RmaByExtCodesInput = z.object({ extCodes: z.array(z.string().trim().min(1).max(100)).min(1).max(200) });

// Scanning a return parcel in (the page's scan box) and the 'no information' parcels.

/** A scan: the return's tracking number, an order code, a platform order number or the return code. */
export const RmaScanInput = z.object({
  text: Text(200),
  /** The warehouse the parcel is in: where a parcel that matches nothing is recorded. */
  whId: Id.nullish(),
  expressCompanyCode: OptionalText(50),
  remark: OptionalText(500),
});
export type RmaScanInput = z.infer<typeof RmaScanInput>;

export const RmaParcelRow = z.object({
  id: z.number(),
  expressNo: z.string(),
  expressCompanyCode: z.string().nullable(),
  whId: z.number().nullable(),
  warehouseName: z.string().nullable(),
  remark: z.string().nullable(),
  state: z.enum(RMA_PARCEL_STATES),
  scannedByName: z.string().nullable(),
  scannedAt: z.string(),
  rmaId: z.number().nullable(),
  rmaCode: z.string().nullable(),
  linkedByName: z.string().nullable(),
  linkedAt: z.string().nullable(),
  version: z.number(),
});
export type RmaParcelRow = z.infer<typeof RmaParcelRow>;

/**
 * What a scan found: RMA — exactly one return awaiting entry (receive it); MANY — several (the
 * list shows them); ORDER — no return yet, but an after-sale or a shipped order (make its return);
 * PARCEL — nothing: the parcel is recorded as 'no information' (the same tracking number scanned
 * again answers the same open parcel).
 */
export const RmaScanResult = z.object({
  kind: z.enum(['RMA', 'MANY', 'ORDER', 'PARCEL']),
  rma: RmaRow.nullable(),
  total: z.number(),
  erpSoHId: z.number().nullable(),
  erpSoHCode: z.string().nullable(),
  afterSaleCode: z.string().nullable(),
  parcel: RmaParcelRow.nullable(),
  /** PARCEL: false when the tracking number was recorded before and still waits. */
  parcelCreated: z.boolean(),
});
export type RmaScanResult = z.infer<typeof RmaScanResult>;

export const RmaParcelSearchInput = PageQuery.extend({
  stateList: z.array(z.enum(RMA_PARCEL_STATES)).max(RMA_PARCEL_STATES.length).nullish(),
  /** Fuzzy over the tracking number and the remark. */
  keyword: z.string().trim().max(200).nullish(),
});
export type RmaParcelSearchInput = z.infer<typeof RmaParcelSearchInput>;

/** Records a parcel by hand (the scan records one by itself when nothing matches). */
export const RmaParcelCreateInput = z.object({
  expressNo: Text(64),
  expressCompanyCode: OptionalText(50),
  whId: Id.nullish(),
  remark: OptionalText(500),
});
export type RmaParcelCreateInput = z.infer<typeof RmaParcelCreateInput>;

/** Links an open parcel to a return awaiting entry, named directly or through its after-sale. */
export const RmaParcelLinkInput = z
  .object({
    id: Id,
    version: Version,
    rmaId: Id.nullish(),
    afterSaleId: Id.nullish(),
  })
  .superRefine((v, ctx) => {
    if (!v.rmaId === !v.afterSaleId) ctx.addIssue({ code: 'custom', path: ['rmaId'], message: 'Choose a return or an after-sale (one of them)' });
  });
export type RmaParcelLinkInput = z.infer<typeof RmaParcelLinkInput>;
