// Shipping feedback (spec 02 §7.10 taobaoSoHFeedback, spec 01 §4.6): a progress record per send
// (or retry) call, and one row per platform order whose tracking number is pushed to its store.
import { sql } from 'drizzle-orm';
import { bigint, boolean, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, domainIdColumn, tenantIdColumn, timestamptz, updatedAt, versionColumn } from '../columns.js';
import { domains } from './accounts.js';
import { erpOrders, platformOrders } from './orders.js';
import { stores } from './stores.js';

/** The progress of one send's (or retry's) feedback; removed when its notice is closed. */
export const shippingFeedbackRecords = pgTable(
  'shipping_feedback_records',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    recordKey: text('record_key').notNull(),
    totalCount: integer('total_count').notNull().default(0),
    successfulCount: integer('successful_count').notNull().default(0),
    failureCount: integer('failure_count').notNull().default(0),
    complete: boolean('complete').notNull().default(false),
    version: versionColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('shipping_feedback_records_key').on(t.domainId, t.recordKey), primaryKey({ columns: [t.domainId, t.id] })],
);

/** One platform order's feedback: PENDING, SUCCESS, FAILED (kept with its error) or CLOSED. */
export const shippingFeedbacks = pgTable(
  'shipping_feedbacks',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    storeId: bigintRef('store_id'),
    erpOrderId: bigintRef('erp_order_id'),
    platformOrderId: bigintRef('platform_order_id'),
    platformNo: text('platform_no').notNull(),
    expressCompanyCode: text('express_company_code').notNull(),
    expressNo: text('express_no').notNull(),
    shippedAt: timestamptz('shipped_at').notNull(),
    status: text('status').notNull().default('PENDING'),
    errorMsg: text('error_msg'),
    attempts: integer('attempts').notNull().default(0),
    /** The progress record of the latest attempt. */
    recordKey: text('record_key').notNull(),
    version: versionColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('shipping_feedbacks_record_idx').on(t.domainId, t.recordKey),
    index('shipping_feedbacks_failed_idx').on(t.domainId, t.shippedAt).where(sql`status = 'FAILED'`),
    primaryKey({ columns: [t.domainId, t.id] }),
    foreignKey({ name: 'shipping_feedbacks_store_id_fk', columns: [t.domainId, t.storeId], foreignColumns: [stores.domainId, stores.id] }),
    foreignKey({ name: 'shipping_feedbacks_erp_order_id_fk', columns: [t.domainId, t.erpOrderId], foreignColumns: [erpOrders.domainId, erpOrders.id] }),
    foreignKey({ name: 'shipping_feedbacks_platform_order_id_fk', columns: [t.domainId, t.platformOrderId], foreignColumns: [platformOrders.domainId, platformOrders.id] }),
  ],
);

function bigintRef(name: string) {
  return bigint(name, { mode: 'number' }).notNull();
}

/**
 * An order issued to its warehouse's system (WMS, Qimen; spec 02 §4.1 SYNCED, issue 21): one row
 * per order (the unique key: an order is issued once, a retry re-sends the same document code),
 * its sync status REQUEST → SENDING → SUCCESS or FAILURE with the warehouse's message, listed in
 * the order list's tab 5 (type=issued) while failed and not closed.
 */
export const orderWarehouseIssues = pgTable(
  'order_warehouse_issues',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    warehouseId: bigint('warehouse_id', { mode: 'number' }).notNull(),
    /** The document's code in the warehouse system: the order's code. */
    docCode: text('doc_code').notNull(),
    /** REQUEST, SENDING, SUCCESS, FAILURE. */
    status: text('status').notNull(),
    externalCode: text('external_code'),
    errorMsg: text('error_msg'),
    attempts: integer('attempts').notNull().default(0),
    /** The shipment the warehouse reported was booked (the order shipped). */
    shippedAt: timestamptz('shipped_at'),
    version: versionColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.domainId, t.id] }),
    uniqueIndex('order_warehouse_issues_order_key').on(t.domainId, t.orderId),
    uniqueIndex('order_warehouse_issues_doc_key').on(t.domainId, t.warehouseId, t.docCode),
    index('order_warehouse_issues_failed_idx').on(t.domainId, t.orderId).where(sql`status = 'FAILURE'`),
    foreignKey({ name: 'order_warehouse_issues_order_id_fk', columns: [t.domainId, t.orderId], foreignColumns: [erpOrders.domainId, erpOrders.id] }),
  ],
);
