// Editions and store packs bought in the product (spec 02 §7.17, 01 §2.2 /domainOrder, /storeOrder,
// /payResult). The root account keeps a price table (an edition level for some months, or a pack of
// store slots) in integer fen; a seller's main account places an order from it, pays it through the
// payment connector, and a paid order raises the domain's level and expiry (DOMAIN orders) or its
// store slots (STORE orders) exactly once. Refunds (refund/shopper) are asked for by the seller and
// settled by the root account.
import { z } from 'zod';
import { DOMAIN_LEVELS } from '../catalogues/levels.js';
import { Id, OptionalText, PageQuery, Text, Version } from './common.js';

export const BILLING_ORDER_TYPES = ['DOMAIN', 'STORE'] as const;
export type BillingOrderType = (typeof BILLING_ORDER_TYPES)[number];

/** What a price row sells: an edition level for some months, or a pack of store slots. */
export const BILLING_PRICE_KINDS = ['EDITION', 'STORE_PACK'] as const;
export type BillingPriceKind = (typeof BILLING_PRICE_KINDS)[number];

/** WAIT_PAY → PAID (settled), FAILED (the payment failed), CLOSED (closed or timed out). */
export const BILLING_ORDER_STATUSES = ['WAIT_PAY', 'PAID', 'FAILED', 'CLOSED'] as const;
export type BillingOrderStatus = (typeof BILLING_ORDER_STATUSES)[number];

/** The wallets the payment provider offers (the sandbox behaves like both). */
export const PAY_CHANNELS = ['ALIPAY', 'WECHAT'] as const;
export type PayChannel = (typeof PAY_CHANNELS)[number];

export const REFUND_STATUSES = ['APPLIED', 'REFUNDED', 'REJECTED'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** The largest price or refund: 1,000,000.00 yuan in fen. */
export const MAX_FEN = 100_000_000;
export const Fen = z.number().int().positive().max(MAX_FEN);

/** Minutes a placed order waits for its payment before the provider closes the payment. */
export const PAY_WINDOW_MINUTES = 30;

export const BillingErrors = {
  PRICE_NOT_FOUND: 'ERR_BILLING_PRICE_NOT_FOUND',
  /** The price row sells something the order type does not (an edition on a store order). */
  PRICE_WRONG_KIND: 'ERR_BILLING_PRICE_WRONG_KIND',
  /** An edition below the domain's current level while that level has not expired. */
  DOWNGRADE: 'ERR_BILLING_DOWNGRADE',
  /** Another order of the same type is waiting for its payment. */
  OPEN_ORDER: 'ERR_BILLING_OPEN_ORDER',
  ORDER_NOT_FOUND: 'ERR_BILLING_ORDER_NOT_FOUND',
  WRONG_STATUS: 'ERR_BILLING_ORDER_WRONG_STATUS',
  NOT_AGREED: 'ERR_BILLING_NOT_AGREED',
  /** A payment notification whose signature does not verify. */
  BAD_SIGNATURE: 'ERR_PAYMENT_BAD_SIGNATURE',
  /** A payment notification whose amount differs from the order's. */
  AMOUNT_MISMATCH: 'ERR_PAYMENT_AMOUNT_MISMATCH',
  /** The provider knows no payment of that order number. */
  TRADE_NOT_FOUND: 'ERR_PAYMENT_TRADE_NOT_FOUND',
  /** The provider's payment window closed. */
  TRADE_CLOSED: 'ERR_PAYMENT_TRADE_CLOSED',
  REFUND_EXISTS: 'ERR_BILLING_REFUND_EXISTS',
  REFUND_NOT_FOUND: 'ERR_BILLING_REFUND_NOT_FOUND',
  REFUND_WRONG_STATUS: 'ERR_BILLING_REFUND_WRONG_STATUS',
  REFUND_TOO_MUCH: 'ERR_BILLING_REFUND_TOO_MUCH',
} as const;

// ---- price table (root) ---------------------------------------------------------------------------

export const BillingPrice = z.object({
  id: z.number().int(),
  version: z.number().int(),
  kind: z.enum(BILLING_PRICE_KINDS),
  name: z.string(),
  level: z.enum(DOMAIN_LEVELS).nullable(),
  /** EDITION: months bought. */
  months: z.number().int().nullable(),
  /** STORE_PACK: store slots bought. */
  storeCount: z.number().int().nullable(),
  priceFen: z.number().int(),
  enabled: z.boolean(),
});
export type BillingPrice = z.infer<typeof BillingPrice>;

export const BillingPriceSearchInput = PageQuery.extend({ kind: z.enum(BILLING_PRICE_KINDS).optional() });
export type BillingPriceSearchInput = z.infer<typeof BillingPriceSearchInput>;

export const BillingPriceSaveInput = z
  .object({
    /** Absent: a new row. */
    id: Id.optional(),
    version: Version.optional(),
    kind: z.enum(BILLING_PRICE_KINDS),
    name: Text(60),
    level: z.enum(DOMAIN_LEVELS).nullable().optional(),
    months: z.number().int().min(1).max(60).nullable().optional(),
    storeCount: z.number().int().min(1).max(1000).nullable().optional(),
    priceFen: Fen,
    enabled: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    if (v.id !== undefined && v.version === undefined) ctx.addIssue({ code: 'custom', path: ['version'], message: 'version is required with id' });
    if (v.kind === 'EDITION') {
      if (!v.level) ctx.addIssue({ code: 'custom', path: ['level'], message: 'an edition price needs its level' });
      if (!v.months) ctx.addIssue({ code: 'custom', path: ['months'], message: 'an edition price needs its months' });
      if (v.storeCount) ctx.addIssue({ code: 'custom', path: ['storeCount'], message: 'an edition price sells no store slots' });
    } else {
      if (!v.storeCount) ctx.addIssue({ code: 'custom', path: ['storeCount'], message: 'a store pack needs its store count' });
      if (v.level) ctx.addIssue({ code: 'custom', path: ['level'], message: 'a store pack sells no level' });
      if (v.months) ctx.addIssue({ code: 'custom', path: ['months'], message: 'a store pack has no months' });
    }
  });
export type BillingPriceSaveInput = z.infer<typeof BillingPriceSaveInput>;

// ---- orders (seller) ----------------------------------------------------------------------------

/** A price row as the seller may buy it, with what buying it does. */
export const OrderGood = BillingPrice.omit({ version: true, enabled: true }).extend({
  /** UPGRADE to a higher level, RENEW the current level, STORES: more store slots. */
  action: z.enum(['UPGRADE', 'RENEW', 'STORES']),
});
export type OrderGood = z.infer<typeof OrderGood>;

export const OrderJudge = z.object({
  orderType: z.enum(BILLING_ORDER_TYPES),
  level: z.enum(DOMAIN_LEVELS),
  effectiveLevel: z.enum(DOMAIN_LEVELS),
  expireTime: z.string().nullable(),
  expired: z.boolean(),
  byStore: z.boolean(),
  storeQuota: z.number().int(),
  /** Whether a new order may be placed now. */
  canBuy: z.boolean(),
  /** Why not: NO_GOODS (nothing on sale to this domain) or OPEN_ORDER (one waits for payment). */
  reason: z.enum(['NO_GOODS', 'OPEN_ORDER']).nullable(),
  openOrderNo: z.string().nullable(),
  goodsCount: z.number().int(),
});
export type OrderJudge = z.infer<typeof OrderJudge>;

export const PlaceOrderInput = z.object({
  priceId: Id,
  payChannel: z.enum(PAY_CHANNELS),
  /** The buyer accepted the purchase agreement (/storeOrder/agreement). */
  agreed: z.boolean().refine((v) => v, 'the purchase agreement must be accepted'),
});
export type PlaceOrderInput = z.infer<typeof PlaceOrderInput>;

export const OrderNo = z
  .string()
  .trim()
  .regex(/^(DO|SO)\d{8,20}$/, 'not an order number');
export const OrderNoInput = z.object({ orderNo: OrderNo });
export type OrderNoInput = z.infer<typeof OrderNoInput>;

export const BillingEffect = z.object({
  levelBefore: z.string(),
  levelAfter: z.string(),
  expireBefore: z.string().nullable(),
  expireAfter: z.string().nullable(),
  storeQuotaBefore: z.number().int(),
  storeQuotaAfter: z.number().int(),
});
export type BillingEffect = z.infer<typeof BillingEffect>;

export const BillingOrder = z.object({
  orderNo: z.string(),
  orderType: z.enum(BILLING_ORDER_TYPES),
  status: z.enum(BILLING_ORDER_STATUSES),
  name: z.string(),
  level: z.enum(DOMAIN_LEVELS).nullable(),
  months: z.number().int().nullable(),
  storeCount: z.number().int().nullable(),
  amountFen: z.number().int(),
  payChannel: z.enum(PAY_CHANNELS),
  /** The provider's trade number once paid. */
  tradeNo: z.string().nullable(),
  failReason: z.string().nullable(),
  rebuiltFrom: z.string().nullable(),
  createdAt: z.string(),
  payDeadline: z.string(),
  paidAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  effect: BillingEffect.nullable(),
  /** A refund asked for this order, if any. */
  refundStatus: z.enum(REFUND_STATUSES).nullable(),
});
export type BillingOrder = z.infer<typeof BillingOrder>;

export const PayPage = z.object({
  order: BillingOrder,
  /** The provider's name and whether it is a sandbox (the UI says so). */
  provider: z.string(),
  sandbox: z.boolean(),
  tradeNo: z.string(),
  /** Where the buyer pays: the provider's cashier (for the sandbox, a page of this app). */
  payUrl: z.string(),
  expiresAt: z.string(),
});
export type PayPage = z.infer<typeof PayPage>;

export const OrderQueryInput = PageQuery.extend({
  orderType: z.enum(BILLING_ORDER_TYPES).optional(),
  status: z.enum(BILLING_ORDER_STATUSES).optional(),
  orderNo: z.string().trim().max(40).optional(),
});
export type OrderQueryInput = z.infer<typeof OrderQueryInput>;

/** A domain order request: an edition the price table does not sell (asked of the platform). */
export const DomainOrderRequestInput = z.object({
  level: z.enum(DOMAIN_LEVELS),
  months: z.number().int().min(1).max(60),
  contactName: Text(40),
  contactPhone: z.string().trim().regex(/^[0-9+\- ]{5,20}$/, 'not a phone number'),
  remark: OptionalText(500),
});
export type DomainOrderRequestInput = z.infer<typeof DomainOrderRequestInput>;

// ---- refunds -------------------------------------------------------------------------------------

export const RefundCreateInput = z.object({
  orderNo: OrderNo,
  amountFen: Fen,
  reason: Text(200),
  /** Where the money goes back (the wallet account), as the seller gives it. */
  payeeAccount: Text(100),
});
export type RefundCreateInput = z.infer<typeof RefundCreateInput>;

export const RefundSearchInput = PageQuery.extend({ status: z.enum(REFUND_STATUSES).optional(), orderNo: z.string().trim().max(40).optional() });
export type RefundSearchInput = z.infer<typeof RefundSearchInput>;

export const RefundUpdatePayInfoInput = z
  .object({
    id: Id,
    version: Version,
    status: z.enum(['REFUNDED', 'REJECTED']),
    /** The provider's refund number (REFUNDED). */
    refundTradeNo: OptionalText(64),
    remark: OptionalText(200),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'REFUNDED' && !v.refundTradeNo) ctx.addIssue({ code: 'custom', path: ['refundTradeNo'], message: 'a refund needs its refund number' });
  });
export type RefundUpdatePayInfoInput = z.infer<typeof RefundUpdatePayInfoInput>;

export const RefundRow = z.object({
  id: z.number().int(),
  version: z.number().int(),
  orderNo: z.string(),
  orderAmountFen: z.number().int(),
  amountFen: z.number().int(),
  reason: z.string(),
  payeeAccount: z.string(),
  status: z.enum(REFUND_STATUSES),
  refundTradeNo: z.string().nullable(),
  remark: z.string().nullable(),
  domainCode: z.string(),
  domainName: z.string(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type RefundRow = z.infer<typeof RefundRow>;

// ---- the sandbox payment provider's cashier ----------------------------------------------------------

export const SANDBOX_OUTCOMES = ['SUCCESS', 'FAIL', 'TIMEOUT'] as const;
export type SandboxOutcome = (typeof SANDBOX_OUTCOMES)[number];

export const SandboxTradeInput = z.object({ tradeNo: z.string().trim().regex(/^SBX\d{8,30}$/, 'not a sandbox trade number') });
export const SandboxTrade = z.object({
  tradeNo: z.string(),
  outTradeNo: z.string(),
  subject: z.string(),
  amountFen: z.number().int(),
  channel: z.enum(PAY_CHANNELS),
  status: z.enum(['WAIT_BUYER_PAY', 'TRADE_SUCCESS', 'TRADE_CLOSED']),
  expiresAt: z.string(),
  returnUrl: z.string(),
});
export type SandboxTrade = z.infer<typeof SandboxTrade>;
export const SandboxPayInput = SandboxTradeInput.extend({ outcome: z.enum(SANDBOX_OUTCOMES) });

/** An asynchronous payment notification as the provider posts it (Alipay-like field names). */
export const PaymentNotification = z.object({
  notify_id: z.string().min(1).max(64),
  notify_time: z.string().min(1).max(40),
  out_trade_no: z.string().min(1).max(40),
  trade_no: z.string().min(1).max(64),
  trade_status: z.enum(['TRADE_SUCCESS', 'TRADE_CLOSED']),
  /** Fen, as text (signed as sent). */
  total_amount: z.string().regex(/^\d{1,12}$/),
  passback_params: z.string().regex(/^\d{1,18}$/),
  close_reason: z.string().max(100).optional(),
  sign_type: z.literal('HMAC-SHA256'),
  sign: z.string().regex(/^[0-9a-f]{64}$/),
});
export type PaymentNotification = z.infer<typeof PaymentNotification>;

export const DomainOrderRequestRow = z.object({
  id: z.number().int(),
  domainCode: z.string(),
  domainName: z.string(),
  level: z.enum(DOMAIN_LEVELS),
  months: z.number().int(),
  contactName: z.string(),
  contactPhone: z.string(),
  remark: z.string().nullable(),
  createdAt: z.string(),
});
export type DomainOrderRequestRow = z.infer<typeof DomainOrderRequestRow>;
