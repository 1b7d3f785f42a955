// Shipping report aggregates (issue 16 part B; modules/reports/shipping/README.md). One fact row
// per shipped order (a parcel) and its daily sums per store, platform, warehouse and courier, kept
// current by the job `reports.shipping-refresh` from the orders a database trigger marks dirty
// (migration: trigger erp_orders_report_ship_dirty), and rebuildable from erp_orders.
import { bigint, boolean, date, index, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { domainIdColumn, tenantIdColumn, timestamptz, weight } from '../columns.js';

/** A shipped order as the reports count it (CI_ERPSOH_STATUS_SEND with a delivery time). */
export const reportShipParcels = pgTable(
  'report_ship_parcels',
  {
    domainId: domainIdColumn(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    /** The shop's day of shipment (delivery_time at the shop's time zone). */
    day: date('day', { mode: 'string' }).notNull(),
    shippedAt: timestamptz('shipped_at').notNull(),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    platformCode: text('platform_code').notNull(),
    /** 0 when the order has no warehouse. */
    warehouseId: bigint('warehouse_id', { mode: 'number' }).notNull(),
    /** '' when the order has no courier. */
    expressCompanyCode: text('express_company_code').notNull(),
    qty: integer('qty').notNull(),
    /** The weighed weight of the parcel, else the order's goods weight (kg). */
    weight: weight('weight').notNull(),
    /** Shipped after the order's last ship time. */
    late: boolean('late').notNull(),
  },
  (t) => [primaryKey({ name: 'report_ship_parcels_pk', columns: [t.domainId, t.orderId] }), index('report_ship_parcels_day_idx').on(t.domainId, t.day, t.expressCompanyCode)],
);

/** The parcels of a shop day per store, platform, warehouse and courier. */
export const reportShipDaily = pgTable(
  'report_ship_daily',
  {
    domainId: domainIdColumn(),
    day: date('day', { mode: 'string' }).notNull(),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    platformCode: text('platform_code').notNull(),
    warehouseId: bigint('warehouse_id', { mode: 'number' }).notNull(),
    expressCompanyCode: text('express_company_code').notNull(),
    parcels: integer('parcels').notNull(),
    qty: integer('qty').notNull(),
    weight: numeric('weight', { precision: 16, scale: 3 }).notNull(),
    lateParcels: integer('late_parcels').notNull(),
  },
  (t) => [primaryKey({ name: 'report_ship_daily_pk', columns: [t.domainId, t.day, t.storeId, t.platformCode, t.warehouseId, t.expressCompanyCode] })],
);

/** Orders whose parcel may have changed since the aggregates last saw them (written by the trigger). */
export const reportShipDirty = pgTable(
  'report_ship_dirty',
  {
    domainId: domainIdColumn(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    markedAt: timestamptz('marked_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'report_ship_dirty_pk', columns: [t.domainId, t.orderId] })],
);

/**
 * The open orders' demand (to-ship SKU, tab 7): one row per open order and SKU it needs (a
 * combination line as its components), with the order's filter columns, so the tab reads one
 * narrow table instead of joining the open orders to their lines. sku_id 0 holds the order's lines
 * without a system SKU (qty = how many such lines). Kept exact like the shipping aggregates:
 * triggers mark the orders whose demand may have changed (report_open_demand_dirty) and every read
 * first folds the marked orders in (reports/shipping README "To-ship demand").
 */
export const reportOpenDemand = pgTable(
  'report_open_demand',
  {
    domainId: domainIdColumn(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    skuId: bigint('sku_id', { mode: 'number' }).notNull(),
    qty: integer('qty').notNull(),
    storeId: bigint('store_id', { mode: 'number' }),
    platformCode: text('platform_code'),
    warehouseId: bigint('warehouse_id', { mode: 'number' }),
    /** The order's pay time, else its creation time (the period filter). */
    soldAt: timestamptz('sold_at').notNull(),
  },
  (t) => [primaryKey({ name: 'report_open_demand_pk', columns: [t.domainId, t.orderId, t.skuId] }), index('report_open_demand_sku_idx').on(t.domainId, t.skuId)],
);

/**
 * The open demand rolled up per warehouse and SKU (warehouse_id 0: all warehouses together): units
 * to ship and the open orders needing them, so the to-ship SKU list without an order filter reads
 * one row per SKU instead of grouping every open order's rows. Changed with report_open_demand in
 * the same transaction (the fold) and rebuilt with it.
 */
export const reportOpenDemandSku = pgTable(
  'report_open_demand_sku',
  {
    domainId: domainIdColumn(),
    warehouseId: bigint('warehouse_id', { mode: 'number' }).notNull(),
    skuId: bigint('sku_id', { mode: 'number' }).notNull(),
    qty: integer('qty').notNull(),
    orders: integer('orders').notNull(),
  },
  (t) => [primaryKey({ name: 'report_open_demand_sku_pk', columns: [t.domainId, t.warehouseId, t.skuId] })],
);

/**
 * Orders whose open demand may have changed since it was last folded in, appended by triggers on
 * orders, their lines and combinations (append-only: an order's transaction never waits on another
 * one's mark, and no mark is lost to a fold under way); a fold deletes the marks it took.
 */
export const reportOpenDemandDirty = pgTable(
  'report_open_demand_dirty',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    markedAt: timestamptz('marked_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'report_open_demand_dirty_pk', columns: [t.domainId, t.id] })],
);
