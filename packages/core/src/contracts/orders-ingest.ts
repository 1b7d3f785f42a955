// Sales orders, part "ingest" (spec 02 §3.5, §7.10 platformSo / taobaoSoh): the platform order as
// a store sends it (pulled, posted by a self-defined store, or made up by manual creation), the
// manual creation form, the order-sync records and runs, and the dry run of the pipeline.
import { z } from 'zod';
import { isDecimalText } from '../rules/decimal.js';
import { DateTimeText, Id, OptionalText, PageQuery, Text } from './common.js';

const MoneyText = z
  .union([z.string().trim(), z.number()])
  .transform((v) => String(v).trim())
  .refine((v) => isDecimalText(v) && !v.startsWith('-'), 'Not an amount')
  .refine((v) => Number(v) < 1e12, 'Too large');

export const PlatformOrderLineInput = z.object({
  tbSpuId: OptionalText(64),
  tbSkuId: Text(64),
  outerSkuId: OptionalText(100),
  title: Text(300),
  properties: OptionalText(300),
  qty: z.number().int().min(1).max(1_000_000),
  /** Unit price, at most 4 decimals. */
  price: MoneyText,
});
export type PlatformOrderLineInput = z.infer<typeof PlatformOrderLineInput>;

export const PlatformReceiverInput = z.object({
  name: Text(100),
  phone: Text(40),
  province: Text(50),
  city: Text(50),
  district: OptionalText(50),
  address: Text(500),
});

/** One order in the PlatformOrder shape (what a connector answers; what a self-defined store posts). */
export const PlatformOrderInput = z.object({
  platformNo: Text(64),
  /** The marketplace's status word, e.g. WAIT_SELLER_SEND_GOODS, TRADE_CLOSED. */
  status: Text(64).default('WAIT_SELLER_SEND_GOODS'),
  buyerNick: OptionalText(100),
  receiver: PlatformReceiverInput,
  amount: MoneyText.optional(),
  postFee: MoneyText.default('0'),
  payTime: DateTimeText.optional(),
  createdAt: DateTimeText.optional(),
  updatedAt: DateTimeText.optional(),
  /** The latest time the seller may ship (the overdue warning counts down to it). */
  lastShipTime: DateTimeText.optional().nullable(),
  buyerMessage: OptionalText(500),
  sellerRemark: OptionalText(500),
  lines: z.array(PlatformOrderLineInput).min(1).max(500),
});
export type PlatformOrderInput = z.infer<typeof PlatformOrderInput>;

/** The body of POST /open/orders/ingest: a list of orders. */
export const HttpIngestBody = z.array(PlatformOrderInput).min(1).max(500);

export const ORDER_INGEST_OUTCOMES = ['created', 'updated', 'unchanged', 'stored', 'failed'] as const;
export type OrderIngestOutcome = (typeof ORDER_INGEST_OUTCOMES)[number];

/** Per platform order: what the ingest did (stored: kept as a platform order without an ERP order). */
export const OrderIngestItem = z.object({
  platformNo: z.string(),
  outcome: z.enum(ORDER_INGEST_OUTCOMES),
  orderId: Id.nullable(),
  code: z.string().nullable(),
  errorMsg: z.string().nullable(),
});
export type OrderIngestItem = z.infer<typeof OrderIngestItem>;

export const OrderIngestResult = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  failed: z.number().int(),
  items: z.array(OrderIngestItem),
});
export type OrderIngestResult = z.infer<typeof OrderIngestResult>;

// ---- manual creation ---------------------------------------------------------------------------

export const ManualOrderLineInput = z.object({
  skuId: Id,
  qty: z.number().int().min(1).max(1_000_000),
  price: MoneyText,
});

export const ManualOrderInput = z.object({
  storeId: Id,
  buyerNick: OptionalText(100),
  receiverName: Text(100),
  receiverPhone: Text(40),
  receiverProvince: Text(50),
  receiverCity: Text(50),
  receiverDistrict: OptionalText(50),
  receiverAddress: Text(500),
  postFee: MoneyText.default('0'),
  sellerRemark: OptionalText(500),
  buyerMessage: OptionalText(500),
  lines: z.array(ManualOrderLineInput).min(1).max(500),
});
export type ManualOrderInput = z.input<typeof ManualOrderInput>;

export const ManualOrderResult = z.object({ id: Id, code: z.string() });
export type ManualOrderResult = z.infer<typeof ManualOrderResult>;

// ---- dry run -----------------------------------------------------------------------------------

export const DryRunInput = z.object({ storeId: Id, order: PlatformOrderInput });
export type DryRunInput = z.input<typeof DryRunInput>;

export const DryRunLine = z.object({
  tbSkuId: z.string().nullable(),
  outerSkuId: z.string().nullable(),
  qty: z.number().int(),
  skuId: Id.nullable(),
  skuCode: z.string().nullable(),
  /** CONFIRMED_MAPPING, OUTER_CODE, GIVEN (manual) or UNMAPPED. */
  mappedBy: z.string(),
  isCombination: z.boolean(),
  isGift: z.boolean(),
  promotionId: Id.nullable(),
});
export type DryRunLine = z.infer<typeof DryRunLine>;

export const DryRunResult = z.object({
  lines: z.array(DryRunLine),
  gifts: z.array(z.object({ promotionId: Id, promotionName: z.string(), skuId: Id, qty: z.number().int() })),
  warehouseId: Id.nullable(),
  warehouseName: z.string().nullable(),
  /** BOUND (store–warehouse binding), ONLY_WAREHOUSE, NONE. */
  warehouseReason: z.string(),
  expressCompanyCode: z.string().nullable(),
  /** BY_AREA, BY_WEIGHT, BY_STORE, BY_CUSTOM, BY_SKU: the rule type that chose the courier, or null. */
  expressRuleType: z.string().nullable(),
  expressRuleId: Id.nullable(),
  /** The chosen courier does not ship to the receiver's area (EXPRESS_PROHIBITED). */
  courierProhibited: z.boolean(),
  /** In words (English), for logs and other clients; the web words it from the fields above. */
  courierReason: z.string(),
  labels: z.array(z.string()),
  qtyTotal: z.number().int(),
  skuTotal: z.number().int(),
  amountTotal: z.string(),
  weightTotal: z.string(),
});
export type DryRunResult = z.infer<typeof DryRunResult>;

// ---- pulls, sync records and runs --------------------------------------------------------------

export const OrderPullInput = z.object({ storeId: Id });
export type OrderPullInput = z.infer<typeof OrderPullInput>;

export const ORDER_SYNC_TRIGGERS = ['SCHEDULED', 'MANUAL'] as const;
export const ORDER_SYNC_RUN_STATUSES = ['RUNNING', 'SUCCESS', 'FAILURE'] as const;

export const OrderSyncRunRow = z.object({
  id: Id,
  storeId: Id,
  storeName: z.string().nullable(),
  trigger: z.string(),
  status: z.string(),
  windowFrom: z.string().nullable(),
  windowTo: z.string().nullable(),
  pulled: z.number().int(),
  /** Pages of orders and after-sales read (each once, however many attempts it took). */
  pages: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  failed: z.number().int(),
  attempts: z.number().int(),
  errorMsg: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** The answer of a pull only: after-sale documents made from new platform refunds, and those whose platform state changed. */
  afterSalesCreated: z.number().int().optional(),
  afterSalesUpdated: z.number().int().optional(),
});
export type OrderSyncRunRow = z.infer<typeof OrderSyncRunRow>;

export const OrderSyncRunSearchInput = PageQuery.extend({ storeId: Id.optional() });
export type OrderSyncRunSearchInput = z.input<typeof OrderSyncRunSearchInput>;

/** Platform order sync records (spec 02 §3.5): sorted closed ascending, then id descending. */
export const PlatformSyncSearchInput = PageQuery.extend({
  storeId: Id.optional(),
  keywords: OptionalText(100),
  /** The platform status word. */
  statusCode: OptionalText(64),
  payTimeFrom: DateTimeText.optional(),
  payTimeTo: DateTimeText.optional(),
  /** true: closed errors only; false: open errors only; absent: every record. */
  errorMsgClosed: z.boolean().optional(),
  codeList: z.array(Text(64)).max(1000).optional(),
});
export type PlatformSyncSearchInput = z.input<typeof PlatformSyncSearchInput>;

export const PlatformSyncRow = z.object({
  id: Id,
  storeId: Id,
  storeName: z.string().nullable(),
  platformNo: z.string(),
  platformStatus: z.string(),
  buyerNick: z.string().nullable(),
  payTime: z.string().nullable(),
  erpOrderId: Id.nullable(),
  erpOrderCode: z.string().nullable(),
  errorMsg: z.string().nullable(),
  errorClosed: z.boolean(),
  updatedAt: z.string(),
});
export type PlatformSyncRow = z.infer<typeof PlatformSyncRow>;
