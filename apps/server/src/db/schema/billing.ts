// Editions and store packs bought in the product (spec 02 §7.17): the root account's price table,
// the sellers' orders, the payment that settled each (one per order: unique (domain_id, order_id),
// the must-happen-once key of a paid order's effect), refund requests (one per order), requests for
// editions the price table does not sell, and the sandbox payment provider's own trades (the
// provider's side, as a wallet keeps it; not a tenant's data). Money in integer fen.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, foreignKey, index, integer, jsonb, pgSequence, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { BillingEffect } from '@openseller/core';
import { createdAt, createdBy, domainIdColumn, idColumn, tenantIdColumn, timestamptz, updatedAt, versionColumn } from '../columns.js';
import { domains } from './accounts.js';

/** Order numbers: DO/SO + day + this sequence, unique across domains (the provider's out_trade_no). */
export const billingOrderNoSeq = pgSequence('billing_order_no_seq', { startWith: 10000001 });
/** Sandbox provider trade numbers. */
export const paymentSandboxTradeSeq = pgSequence('payment_sandbox_trade_seq', { startWith: 50000001 });

export const billingPrices = pgTable(
  'billing_prices',
  {
    id: idColumn(),
    /** EDITION, STORE_PACK. */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    level: text('level'),
    months: integer('months'),
    storeCount: integer('store_count'),
    priceFen: bigint('price_fen', { mode: 'number' }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    version: versionColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('billing_prices_positive', sql`${t.priceFen} > 0`),
    check(
      'billing_prices_kind_fields',
      sql`(${t.kind} = 'EDITION' and ${t.level} is not null and ${t.months} > 0 and ${t.storeCount} is null) or (${t.kind} = 'STORE_PACK' and ${t.storeCount} > 0 and ${t.level} is null and ${t.months} is null)`,
    ),
  ],
);

export const billingOrders = pgTable(
  'billing_orders',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    orderNo: text('order_no').notNull(),
    /** DOMAIN, STORE. */
    orderType: text('order_type').notNull(),
    /** WAIT_PAY, PAID, FAILED, CLOSED. */
    status: text('status').notNull().default('WAIT_PAY'),
    /** The price row it was placed from, and what it sold then (the row may change later). */
    priceId: bigint('price_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    level: text('level'),
    months: integer('months'),
    storeCount: integer('store_count'),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    payChannel: text('pay_channel').notNull(),
    tradeNo: text('trade_no'),
    failReason: text('fail_reason'),
    rebuiltFrom: text('rebuilt_from'),
    payDeadline: timestamptz('pay_deadline').notNull(),
    paidAt: timestamptz('paid_at'),
    closedAt: timestamptz('closed_at'),
    /** The domain before and after the paid order. */
    effect: jsonb('effect').$type<BillingEffect>(),
    version: versionColumn(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.domainId, t.id] }),
    uniqueIndex('billing_orders_domain_no_key').on(t.domainId, t.orderNo),
    // One order of a type waits for its payment at a time.
    uniqueIndex('billing_orders_domain_open_key').on(t.domainId, t.orderType).where(sql`${t.status} = 'WAIT_PAY'`),
    index('billing_orders_domain_time_idx').on(t.domainId, t.createdAt.desc(), t.id),
    check('billing_orders_amount_positive', sql`${t.amountFen} > 0`),
  ],
);

export const billingPayments = pgTable(
  'billing_payments',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    provider: text('provider').notNull(),
    tradeNo: text('trade_no').notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    /** NOTIFY (the asynchronous notification) or QUERY (handlePay asked the provider). */
    source: text('source').notNull(),
    paidAt: timestamptz('paid_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.domainId, t.id] }),
    // A paid order is settled once: a second notification finds this row.
    uniqueIndex('billing_payments_domain_order_key').on(t.domainId, t.orderId),
    foreignKey({ name: 'billing_payments_order_fk', columns: [t.domainId, t.orderId], foreignColumns: [billingOrders.domainId, billingOrders.id] }),
  ],
);

export const billingRefunds = pgTable(
  'billing_refunds',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    payeeAccount: text('payee_account').notNull(),
    /** APPLIED, REFUNDED, REJECTED. */
    status: text('status').notNull().default('APPLIED'),
    refundTradeNo: text('refund_trade_no'),
    remark: text('remark'),
    settledAt: timestamptz('settled_at'),
    version: versionColumn(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.domainId, t.id] }),
    uniqueIndex('billing_refunds_domain_order_key').on(t.domainId, t.orderId),
    index('billing_refunds_domain_time_idx').on(t.domainId, t.createdAt.desc(), t.id),
    foreignKey({ name: 'billing_refunds_order_fk', columns: [t.domainId, t.orderId], foreignColumns: [billingOrders.domainId, billingOrders.id] }),
    check('billing_refunds_amount_positive', sql`${t.amountFen} > 0`),
  ],
);

export const billingDomainRequests = pgTable(
  'billing_domain_requests',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    level: text('level').notNull(),
    months: integer('months').notNull(),
    contactName: text('contact_name').notNull(),
    contactPhone: text('contact_phone').notNull(),
    remark: text('remark'),
    createdBy: createdBy(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.domainId, t.id] }), index('billing_domain_requests_domain_time_idx').on(t.domainId, t.createdAt.desc())],
);

/** The sandbox payment provider's trades (its own books, keyed by its trade number). */
export const paymentSandboxTrades = pgTable(
  'payment_sandbox_trades',
  {
    tradeNo: text('trade_no').primaryKey(),
    outTradeNo: text('out_trade_no').notNull(),
    subject: text('subject').notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    channel: text('channel').notNull(),
    /** Signed back in every notification: the merchant's domain. */
    passback: text('passback').notNull(),
    /** WAIT_BUYER_PAY, TRADE_SUCCESS, TRADE_CLOSED. */
    status: text('status').notNull().default('WAIT_BUYER_PAY'),
    closeReason: text('close_reason'),
    returnUrl: text('return_url').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    paidAt: timestamptz('paid_at'),
    notifyAttempts: integer('notify_attempts').notNull().default(0),
    notifiedAt: timestamptz('notified_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payment_sandbox_trades_out_trade_no_key').on(t.outTradeNo)],
);
