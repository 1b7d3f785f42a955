// After-sale documents (spec 02 §3.7, §4.2, §7.11; 03-calls /cloud/advance/afterSales): made by
// hand from an order (its lines), imported, or (later) pulled from a platform; decided on in
// batches, each document refused on its own (its state, its stale version).
import { z } from 'zod';
import {
  AFTER_SALE_LINE_KINDS,
  AFTER_SALE_SOURCES,
  AFTER_SALE_STATES,
  AFTER_SALE_TYPE_NAMES,
  AFTER_SALE_TYPES,
  RECEIPT_STATES,
  type AfterSaleType,
  REFUND_PHASES,
  REFUND_STATES,
  REPLACEMENT_MODES,
  WRITE_BACK_STATES,
} from '../catalogues/aftersales.js';
import { isDecimalText } from '../rules/decimal.js';
import { DateTimeText, Id, OptionalText, PageQuery, Version } from './common.js';

export const AfterSalesErrors = {
  ORDER_NOT_FOUND: 'ERR_AFTERSALES_ORDER_NOT_FOUND',
  /** Goods come back only from a shipped order. */
  ORDER_NOT_SHIPPED: 'ERR_AFTERSALES_ORDER_NOT_SHIPPED',
  ORDER_LINE_NOT_FOUND: 'ERR_AFTERSALES_ORDER_LINE_NOT_FOUND',
  /** Return lines of an order line exceed what shipped minus what is already being returned. */
  OVER_SHIPPED: 'ERR_AFTERSALES_OVER_SHIPPED',
  /** The refund exceeds what the order was paid (goods plus postage). */
  REFUND_TOO_HIGH: 'ERR_AFTERSALES_REFUND_TOO_HIGH',
  SKU_NOT_FOUND: 'ERR_AFTERSALES_SKU_NOT_FOUND',
  WAREHOUSE_NOT_FOUND: 'ERR_AFTERSALES_WAREHOUSE_NOT_FOUND',
  /** The decision does not fit the document's type. */
  WRONG_TYPE: 'ERR_AFTERSALES_WRONG_TYPE',
  /** The decision does not fit the document's states. */
  WRONG_STATE: 'ERR_AFTERSALES_WRONG_STATE',
  /** Youzan, JD, JD self-operated and Douyin take no return orders (spec 02 §4.3). */
  RETURN_ORDERS_UNSUPPORTED: 'ERR_AFTERSALES_RETURN_ORDERS_UNSUPPORTED',
  /** Agreeing a return needs the warehouse the goods come back to. */
  RETURN_WAREHOUSE_REQUIRED: 'ERR_AFTERSALES_RETURN_WAREHOUSE_REQUIRED',
  /** Only a document nobody has acted on yet is deleted. */
  NOT_UNPROCESSED: 'ERR_AFTERSALES_NOT_UNPROCESSED',
  /** A replacement order is for exchanges and reissues, once, while the document is open. */
  REPLACEMENT_NOT_ALLOWED: 'ERR_AFTERSALES_REPLACEMENT_NOT_ALLOWED',
  /** A reissue takes nothing back: its replacement ships now. */
  REPLACEMENT_MODE_INVALID: 'ERR_AFTERSALES_REPLACEMENT_MODE_INVALID',
} as const;

export const AFTER_SALES_MAX_LINES = 200;
export const AFTER_SALES_MAX_BATCH = 200;
const Qty = z.number().int('Enter a whole number of pieces').min(1, 'Enter a quantity of at least 1').max(1_000_000);

/** An amount of money: a non-negative decimal with at most 4 places (strings, never floats). */
export const AmountText = z
  .union([z.string().trim(), z.number()])
  .transform((v) => String(v).trim())
  .refine((v) => isDecimalText(v) && !v.startsWith('-'), 'Not an amount')
  .refine((v) => !v.includes('.') || v.split('.')[1]!.length <= 4, 'At most 4 decimal places')
  .refine((v) => Number(v) < 1e12, 'Too large');

export const AfterSaleReturnLineInput = z.object({
  /** The order line (erpSod) the goods come from. */
  erpSodId: Id,
  skuNum: Qty,
});
export const AfterSaleExchangeLineInput = z.object({
  /** The SKU sent out (exchange or reissue). */
  skuId: Id,
  skuNum: Qty,
  /** The unit price; default the SKU's selling price. */
  skuPrice: AmountText.nullish(),
});

const EditableFields = {
  refundPhase: z.enum(REFUND_PHASES).nullish(),
  afterSalesReason: OptionalText(200),
  refundFee: AmountText.nullish(),
  postFee: AmountText.nullish(),
  remark: OptionalText(500),
  returnWhId: Id.nullish(),
  paymentAccount: OptionalText(100),
  buyerName: OptionalText(100),
  buyerPhone: OptionalText(30),
  buyerProvince: OptionalText(50),
  buyerCity: OptionalText(50),
  buyerDistrict: OptionalText(50),
  buyerAddress: OptionalText(300),
  buyerExpressCompanyCode: OptionalText(50),
  buyerExpressCompanyName: OptionalText(100),
  buyerExpressNo: OptionalText(64),
};

export const AfterSaleCreateInput = z
  .object({
    /** The order it is made from. */
    erpSoHId: Id,
    type: z.enum(AFTER_SALE_TYPES),
    applyTime: DateTimeText.nullish(),
    ...EditableFields,
    returnDetailDtos: z.array(AfterSaleReturnLineInput).max(AFTER_SALES_MAX_LINES).default([]),
    exchangeDetailDtos: z.array(AfterSaleExchangeLineInput).max(AFTER_SALES_MAX_LINES).default([]),
    /** Exchanges and reissues: NOW makes the replacement order with the document; AFTER_RECEIPT once the return is all in. */
    replacementMode: z.enum(REPLACEMENT_MODES).nullish(),
  })
  .superRefine((v, ctx) => {
    if ((v.type === 'RETURN_REFUND' || v.type === 'EXCHANGE') && !v.returnDetailDtos.length)
      ctx.addIssue({ code: 'custom', path: ['returnDetailDtos'], message: 'Choose the goods that come back' });
    if ((v.type === 'EXCHANGE' || v.type === 'REISSUE') && !v.exchangeDetailDtos.length)
      ctx.addIssue({ code: 'custom', path: ['exchangeDetailDtos'], message: 'Choose the goods to send' });
    if (v.type === 'REFUND_ONLY' && !v.refundFee && !v.returnDetailDtos.length)
      ctx.addIssue({ code: 'custom', path: ['refundFee'], message: 'Enter the refund or choose the goods refunded' });
    if (v.replacementMode && v.type !== 'EXCHANGE' && v.type !== 'REISSUE')
      ctx.addIssue({ code: 'custom', path: ['replacementMode'], message: 'Only an exchange or a reissue ships a replacement' });
    if (v.replacementMode === 'AFTER_RECEIPT' && v.type === 'REISSUE')
      ctx.addIssue({ code: 'custom', path: ['replacementMode'], message: 'A reissue takes nothing back: its replacement ships now' });
    const seen = new Set<number>();
    v.returnDetailDtos.forEach((d, index) => {
      if (seen.has(d.erpSodId)) ctx.addIssue({ code: 'custom', path: ['returnDetailDtos', index, 'erpSodId'], message: 'The same line is given twice' });
      seen.add(d.erpSodId);
    });
  });
export type AfterSaleCreateInput = z.infer<typeof AfterSaleCreateInput>;

/** One document's edit in a batch update: its version and the fields to change. */
export const AfterSaleUpdateItem = z.object({ id: Id, version: Version, ...EditableFields });
export type AfterSaleUpdateItem = z.infer<typeof AfterSaleUpdateItem>;
export const AfterSaleBatchUpdateInput = z.object({ list: z.array(AfterSaleUpdateItem).min(1).max(AFTER_SALES_MAX_BATCH) });
export type AfterSaleBatchUpdateInput = z.infer<typeof AfterSaleBatchUpdateInput>;

/** A document named with the version the caller saw (a stale one is refused). */
export const AfterSaleRef = z.object({ id: Id, version: Version });
export type AfterSaleRef = z.infer<typeof AfterSaleRef>;
export const AfterSaleDecisionInput = z.object({ list: z.array(AfterSaleRef).min(1).max(AFTER_SALES_MAX_BATCH) });
export type AfterSaleDecisionInput = z.infer<typeof AfterSaleDecisionInput>;
export const AfterSaleAgreeReturnInput = AfterSaleDecisionInput.extend({
  /** The warehouse the goods come back to, for documents that name none. */
  returnWhId: Id.nullish(),
});
export type AfterSaleAgreeReturnInput = z.infer<typeof AfterSaleAgreeReturnInput>;
export const AfterSaleRefundFinishInput = AfterSaleDecisionInput.extend({ result: z.enum(['SUCCESS', 'FAILURE']).default('SUCCESS') });
export type AfterSaleRefundFinishInput = z.infer<typeof AfterSaleRefundFinishInput>;
export const AfterSaleUploadLogisticsInput = AfterSaleDecisionInput.extend({
  buyerExpressCompanyCode: OptionalText(50),
  buyerExpressCompanyName: OptionalText(100),
  buyerExpressNo: z.string().trim().min(1, 'Enter the tracking number').max(64),
});
export type AfterSaleUploadLogisticsInput = z.infer<typeof AfterSaleUploadLogisticsInput>;
/** The seller's choice for exchanges and reissues: the replacement now, or once the return is all received. */
export const AfterSaleReplacementInput = AfterSaleDecisionInput.extend({ replacementMode: z.enum(REPLACEMENT_MODES) });
export type AfterSaleReplacementInput = z.infer<typeof AfterSaleReplacementInput>;
export const AfterSaleDeleteInput = z.object({ list: z.array(AfterSaleRef).min(1).max(AFTER_SALES_MAX_BATCH) });

/** A batch's outcome: the documents done, each refused one with its reason. */
export const AfterSaleBatchResult = z.object({
  succeeded: z.array(z.number()),
  refusals: z.array(z.object({ id: z.number(), code: z.string(), message: z.string() })),
});
export type AfterSaleBatchResult = z.infer<typeof AfterSaleBatchResult>;

export const AfterSaleSearchInput = PageQuery.extend({
  checkStatusList: z.array(z.enum(AFTER_SALE_STATES)).max(AFTER_SALE_STATES.length).nullish(),
  refundStatusList: z.array(z.enum(REFUND_STATES)).max(REFUND_STATES.length).nullish(),
  receiptStatusList: z.array(z.enum(RECEIPT_STATES)).max(RECEIPT_STATES.length).nullish(),
  writeBackStatusList: z.array(z.enum(WRITE_BACK_STATES)).max(WRITE_BACK_STATES.length).nullish(),
  typeList: z.array(z.enum(AFTER_SALE_TYPES)).max(AFTER_SALE_TYPES.length).nullish(),
  storeIdList: z.array(Id).max(500).nullish(),
  /** applyTime range (inclusive start, exclusive end). */
  startTime: DateTimeText.nullish(),
  endTime: DateTimeText.nullish(),
  /** Fuzzy over the document code, order code, platform order number, buyer and return tracking number. */
  orderKeyWord: z.string().trim().max(200).nullish(),
  /** The documents of one order: made from it, or whose replacement it is. */
  erpOrderId: Id.nullish(),
});
export type AfterSaleSearchInput = z.infer<typeof AfterSaleSearchInput>;

export const AfterSaleLine = z.object({
  id: z.number(),
  kind: z.enum(AFTER_SALE_LINE_KINDS),
  isCombination: z.boolean(),
  skuId: z.number().nullable(),
  skuCode: z.string().nullable(),
  skuName: z.string().nullable(),
  skuNum: z.number(),
  skuPrice: z.string(),
  skuWeight: z.string().nullable(),
  skuSpec: z.string().nullable(),
  /** The order line (erpSod) a return line comes from. */
  orderId: z.number().nullable(),
});
export type AfterSaleLine = z.infer<typeof AfterSaleLine>;

export const AfterSaleRow = z.object({
  id: z.number(),
  code: z.string(),
  source: z.enum(AFTER_SALE_SOURCES),
  type: z.enum(AFTER_SALE_TYPES),
  typeName: z.string(),
  erpSoHId: z.number().nullable(),
  erpSoHCode: z.string().nullable(),
  /** The platform order number. */
  tbSohCode: z.string().nullable(),
  platformRefundId: z.string().nullable(),
  storeId: z.number(),
  storeName: z.string(),
  platformCode: z.string(),
  buyerNick: z.string().nullable(),
  buyerName: z.string().nullable(),
  buyerPhone: z.string().nullable(),
  buyerProvince: z.string().nullable(),
  buyerCity: z.string().nullable(),
  buyerDistrict: z.string().nullable(),
  buyerAddress: z.string().nullable(),
  buyerExpressCompanyCode: z.string().nullable(),
  buyerExpressCompanyName: z.string().nullable(),
  buyerExpressNo: z.string().nullable(),
  applyTime: z.string().nullable(),
  refundPhase: z.enum(REFUND_PHASES).nullable(),
  afterSalesReason: z.string().nullable(),
  refundFee: z.string(),
  postFee: z.string(),
  remark: z.string().nullable(),
  paymentAccount: z.string().nullable(),
  returnWhId: z.number().nullable(),
  returnWhName: z.string().nullable(),
  platformStatus: z.string().nullable(),
  checkStatus: z.enum(AFTER_SALE_STATES),
  checkStatusName: z.string(),
  receiptStatus: z.enum(RECEIPT_STATES),
  receiptStatusName: z.string(),
  refundStatus: z.enum(REFUND_STATES).nullable(),
  refundStatusName: z.string().nullable(),
  writeBackStatus: z.enum(WRITE_BACK_STATES).nullable(),
  writeBackStatusName: z.string().nullable(),
  /** The return-inbound document made when the return was agreed. */
  rmaId: z.number().nullable(),
  returnQtyTotal: z.number(),
  /** Why the last write-back failed, and when it was last sent. */
  writeBackError: z.string().nullable(),
  writeBackAt: z.string().nullable(),
  /** Exchanges and reissues: when the replacement ships, and the order made for it. */
  replacementMode: z.enum(REPLACEMENT_MODES).nullable(),
  replacementOrderId: z.number().nullable(),
  replacementOrderCode: z.string().nullable(),
  /**
   * Exchanges and reissues: the goods sent out less the goods coming back, at their prices.
   * Positive: the buyer owes the difference (a charge); negative: it is refunded to the buyer.
   */
  valueDifference: z.string().nullable(),
  createdAt: z.string(),
  version: z.number(),
  returnDetailDtos: z.array(AfterSaleLine),
  exchangeDetailDtos: z.array(AfterSaleLine),
});
export type AfterSaleRow = z.infer<typeof AfterSaleRow>;

export const AfterSaleExportInput = AfterSaleSearchInput.omit({ currentPage: true, pageSize: true }).extend({ idList: z.array(Id).max(10000).nullish() });
export type AfterSaleExportInput = z.infer<typeof AfterSaleExportInput>;

/**
 * One row of the after-sale import: one document of an order, for one of its goods (the SKU code
 * of an order line). The type is given by its code or its Chinese or English name; an exchange or
 * a reissue sends the same SKU again.
 */
const blankToUndefined = (v: unknown) => (v == null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

export const AfterSaleImportRow = z.object({
  orderCode: z.string().trim().min(1).max(64),
  type: z
    .string()
    .trim()
    .transform((v, ctx) => {
      const found = (Object.entries(AFTER_SALE_TYPE_NAMES) as [AfterSaleType, { zh: string; en: string }][]).find(
        ([code, names]) => code === v.toUpperCase() || names.zh === v || names.en.toLowerCase() === v.toLowerCase(),
      );
      if (!found) {
        ctx.addIssue({ code: 'custom', message: `Unknown type ${v}: use 仅退款, 退货退款, 换货 or 补发` });
        return z.NEVER;
      }
      return found[0];
    }),
  skuCode: OptionalText(100),
  qty: z.preprocess(blankToUndefined, z.coerce.number().int('Enter a whole number of pieces').min(1, 'Enter a quantity of at least 1').max(1_000_000).optional()),
  refundFee: z.preprocess(blankToUndefined, AmountText.optional()),
  afterSalesReason: OptionalText(200),
  remark: OptionalText(500),
});
export type AfterSaleImportRow = z.infer<typeof AfterSaleImportRow>;

/**
 * One entry of an after-sale's timeline (its detail): the document's operation log (decisions,
 * platform pulls and changes, write-backs, replacements) and that of its return inbound (created,
 * receipts, a parcel linked), oldest first, each with the values before and after.
 */
export const AfterSaleTimelineEntry = z.object({
  id: z.number(),
  /** Whose entry: the after-sale document, or its return inbound (RMA). */
  kind: z.enum(['afterSale', 'rma']),
  action: z.string(),
  loginName: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AfterSaleTimelineEntry = z.infer<typeof AfterSaleTimelineEntry>;

/** The reasons report's window: at most a year, end exclusive. */
export const RETURN_RATE_MAX_DAYS = 366;
export const ReturnRateReportInput = z
  .object({
    startTime: DateTimeText,
    endTime: DateTimeText,
    /** The SKUs with the most returned units first; at most this many rows. */
    limit: z.number().int().min(1).max(500).default(50),
  })
  .superRefine((v, ctx) => {
    const from = new Date(v.startTime.includes('T') ? v.startTime : v.startTime.replace(' ', 'T')).getTime();
    const to = new Date(v.endTime.includes('T') ? v.endTime : v.endTime.replace(' ', 'T')).getTime();
    if (!(to > from)) ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'The end must be after the start' });
    else if (to - from > RETURN_RATE_MAX_DAYS * 86_400_000) ctx.addIssue({ code: 'custom', path: ['endTime'], message: `Choose at most ${RETURN_RATE_MAX_DAYS} days` });
  });
export type ReturnRateReportInput = z.infer<typeof ReturnRateReportInput>;

/**
 * Return rate = returned units / shipped units in the window, as a percent with 2 decimals (null
 * when nothing shipped). Shipped: the units that left in the window (the stock ledger's SHIP rows
 * of orders); returned: the units of return lines of after-sales that take goods back (return and
 * refund, exchange), applied for in the window and not closed.
 */
export const ReturnRateSkuRow = z.object({
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string().nullable(),
  shippedQty: z.number(),
  returnedQty: z.number(),
  rate: z.string().nullable(),
});
export const ReturnRateReasonRow = z.object({
  /** The after-sale's reason; empty when none was given. */
  reason: z.string(),
  returnedQty: z.number(),
  documents: z.number(),
  /** Share of all returned units, percent. */
  share: z.string().nullable(),
  /** Returned units of this reason / all shipped units, percent. */
  rate: z.string().nullable(),
});
export const ReturnRateReport = z.object({
  shippedQty: z.number(),
  returnedQty: z.number(),
  rate: z.string().nullable(),
  bySku: z.array(ReturnRateSkuRow),
  byReason: z.array(ReturnRateReasonRow),
});
export type ReturnRateReport = z.infer<typeof ReturnRateReport>;
