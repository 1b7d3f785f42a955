// Sales report aggregates (issue 16, reports module README): an append-only ledger of what each
// order contributes to the sales reports (sales at the pay day, cost at the ship day, refunds at
// the after-sale's day, all in the shop's time zone), and two daily sums of it that the reports
// read. Kept current by the reports job from the orders the triggers mark dirty; rebuilt from the
// source tables on demand. Money in integer fen.
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, domainIdColumn, tenantIdColumn } from '../columns.js';

/**
 * What one source (an order line's sale `S:`, its cost `C:`, an after-sale line's refund `R:`)
 * contributes, in rows that only ever add: a change appends the difference between what the
 * source contributes now and what its rows already sum to (dated like the source, so the sums
 * equal a rebuild from the sources). The drill-down of every report cell reads these rows.
 */
export const reportSalesFacts = pgTable(
  'report_sales_facts',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn(),
    /** The order the source belongs to (the unit of recomputation). */
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    sourceKey: text('source_key').notNull(),
    /** SALE, COST or REFUND. */
    kind: text('kind').notNull(),
    orderLineId: bigint('order_line_id', { mode: 'number' }),
    afterSaleId: bigint('after_sale_id', { mode: 'number' }),
    /** The shop's calendar day of the event. */
    day: date('day', { mode: 'string' }).notNull(),
    /** The shop's hour of day of the event (0–23). */
    hour: smallint('hour').notNull(),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    platformCode: text('platform_code').notNull(),
    /** The receiver's province; '' when unknown. */
    province: text('province').notNull(),
    /** The SKU as sold (a combination stays itself); 0 for an unmapped line. */
    skuId: bigint('sku_id', { mode: 'number' }).notNull(),
    qty: integer('qty').notNull().default(0),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull().default(0),
    refundQty: integer('refund_qty').notNull().default(0),
    refundFen: bigint('refund_fen', { mode: 'number' }).notNull().default(0),
    costFen: bigint('cost_fen', { mode: 'number' }).notNull().default(0),
    /** 1 on one sale row per order (the order count). */
    orderCount: integer('order_count').notNull().default(0),
    /** 1 on one sale row per order and SKU (orders holding the SKU). */
    skuOrderCount: integer('sku_order_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.domainId, t.id] }),
    index('report_sales_facts_order_idx').on(t.domainId, t.orderId),
    index('report_sales_facts_day_idx').on(t.domainId, t.day, t.skuId),
  ],
);

/** Sums of the facts per shop day, store, platform and SKU (the SKU views and filters). */
export const reportSalesDaily = pgTable(
  'report_sales_daily',
  {
    domainId: domainIdColumn(),
    day: date('day', { mode: 'string' }).notNull(),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    platformCode: text('platform_code').notNull(),
    skuId: bigint('sku_id', { mode: 'number' }).notNull(),
    qty: bigint('qty', { mode: 'number' }).notNull().default(0),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull().default(0),
    refundQty: bigint('refund_qty', { mode: 'number' }).notNull().default(0),
    refundFen: bigint('refund_fen', { mode: 'number' }).notNull().default(0),
    costFen: bigint('cost_fen', { mode: 'number' }).notNull().default(0),
    orderCount: bigint('order_count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.domainId, t.day, t.storeId, t.platformCode, t.skuId] }), index('report_sales_daily_sku_idx').on(t.domainId, t.skuId, t.day)],
);

/**
 * Sums of the facts per shop month (its first day) and SKU, all stores and platforms: the per-SKU
 * views of a period without a store or platform filter read their whole months here (12 rows per
 * SKU for a year instead of a row per day and store) and only the partial months' days from
 * report_sales_daily. Updated in the same statement as the daily sums; rebuilt with them.
 */
export const reportSalesMonthly = pgTable(
  'report_sales_monthly',
  {
    domainId: domainIdColumn(),
    month: date('month', { mode: 'string' }).notNull(),
    skuId: bigint('sku_id', { mode: 'number' }).notNull(),
    qty: bigint('qty', { mode: 'number' }).notNull().default(0),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull().default(0),
    refundQty: bigint('refund_qty', { mode: 'number' }).notNull().default(0),
    refundFen: bigint('refund_fen', { mode: 'number' }).notNull().default(0),
    costFen: bigint('cost_fen', { mode: 'number' }).notNull().default(0),
    orderCount: bigint('order_count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.domainId, t.month, t.skuId] })],
);

/**
 * Running per-SKU sums: a row (month, SKU) holds the SKU's monthly sums of every month up to and
 * including that one, so the whole months M1..M2 of a period are two reads per SKU (the row at M2
 * less the row at the month before M1) instead of one per month. Rows are dense from a SKU's first
 * month to its last (the months between have rows even without sales); `is_last` marks the last,
 * which also stands for every later month. Kept in the same statement as the monthly sums by the
 * reports job; a rebuild derives them from the monthly sums (reports README "Tables").
 */
export const reportSalesRunning = pgTable(
  'report_sales_running',
  {
    domainId: domainIdColumn(),
    month: date('month', { mode: 'string' }).notNull(),
    skuId: bigint('sku_id', { mode: 'number' }).notNull(),
    qty: bigint('qty', { mode: 'number' }).notNull().default(0),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull().default(0),
    refundQty: bigint('refund_qty', { mode: 'number' }).notNull().default(0),
    refundFen: bigint('refund_fen', { mode: 'number' }).notNull().default(0),
    costFen: bigint('cost_fen', { mode: 'number' }).notNull().default(0),
    orderCount: bigint('order_count', { mode: 'number' }).notNull().default(0),
    isLast: boolean('is_last').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.domainId, t.month, t.skuId] }),
    index('report_sales_running_last_idx').on(t.domainId, t.skuId).where(sql`${t.isLast}`),
  ],
);

/** Sums of the facts per shop day, hour, store, platform and province (orders, hours, areas). */
export const reportOrdersDaily = pgTable(
  'report_orders_daily',
  {
    domainId: domainIdColumn(),
    day: date('day', { mode: 'string' }).notNull(),
    hour: smallint('hour').notNull(),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    platformCode: text('platform_code').notNull(),
    province: text('province').notNull(),
    orderCount: bigint('order_count', { mode: 'number' }).notNull().default(0),
    qty: bigint('qty', { mode: 'number' }).notNull().default(0),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull().default(0),
    refundQty: bigint('refund_qty', { mode: 'number' }).notNull().default(0),
    refundFen: bigint('refund_fen', { mode: 'number' }).notNull().default(0),
    costFen: bigint('cost_fen', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.domainId, t.day, t.hour, t.storeId, t.platformCode, t.province] })],
);

/**
 * Sums of the facts per shop month (its first day), hour, store, platform and province: the order
 * views of a period that are not split by day (the period's totals, month reports, the analysis
 * tab) read their months here (480 rows a month for 20 stores instead of 480 a day). Updated in
 * the same statement as the daily sums; rebuilt with them.
 */
export const reportOrdersMonthly = pgTable(
  'report_orders_monthly',
  {
    domainId: domainIdColumn(),
    month: date('month', { mode: 'string' }).notNull(),
    hour: smallint('hour').notNull(),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    platformCode: text('platform_code').notNull(),
    province: text('province').notNull(),
    orderCount: bigint('order_count', { mode: 'number' }).notNull().default(0),
    qty: bigint('qty', { mode: 'number' }).notNull().default(0),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull().default(0),
    refundQty: bigint('refund_qty', { mode: 'number' }).notNull().default(0),
    refundFen: bigint('refund_fen', { mode: 'number' }).notNull().default(0),
    costFen: bigint('cost_fen', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.domainId, t.month, t.hour, t.storeId, t.platformCode, t.province] })],
);

/**
 * Orders whose report contribution may have changed, appended by triggers on orders, order lines,
 * after-sales and the stock ledger (no row is updated, so order processing never waits on it);
 * the reports job takes them in id order and deletes them.
 */
export const reportDirtyOrders = pgTable(
  'report_dirty_orders',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.domainId, t.id] })],
);
