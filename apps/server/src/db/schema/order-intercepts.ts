// Intercept tasks (issue 14 must-have 4): a refund on an order already printed (waybill taken or
// label printed) but not shipped asks the seller to pull the parcel back. One task per (domain,
// order, refund) — the unique key makes a refund pulled twice or at once open one task only.
// Tenant table keyed by (domain_id, id); the order reference carries the domain (Citus).
import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, createdBy, domainIdColumn, tenantIdColumn, timestamptz, updatedAt, versionColumn } from '../columns.js';
import { domains } from './accounts.js';
import { erpOrders } from './orders.js';

export const orderInterceptTasks = pgTable(
  'order_intercept_tasks',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    platformNo: text('platform_no'),
    /** The refund: the platform's refund id, or AS<id> for an after-sale document made here. */
    refundKey: text('refund_key').notNull(),
    /** The after-sale document of the refund, when there is one (the after-sales area's row; no foreign key across areas). */
    afterSaleId: bigint('after_sale_id', { mode: 'number' }),
    /** OPEN, INTERCEPTED, RELEASED. */
    status: text('status').notNull().default('OPEN'),
    reason: text('reason'),
    expressCompanyCode: text('express_company_code'),
    expressNo: text('express_no'),
    resolvedAt: timestamptz('resolved_at'),
    resolvedBy: bigint('resolved_by', { mode: 'number' }),
    resolvedByName: text('resolved_by_name'),
    version: versionColumn(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.domainId, t.id] }),
    uniqueIndex('order_intercept_tasks_refund_key').on(t.domainId, t.orderId, t.refundKey),
    index('order_intercept_tasks_status_idx').on(t.domainId, t.status, t.id.desc()),
    foreignKey({ name: 'order_intercept_tasks_order_fk', columns: [t.domainId, t.orderId], foreignColumns: [erpOrders.domainId, erpOrders.id] }),
    check('order_intercept_tasks_status_check', sql`${t.status} in ('OPEN', 'INTERCEPTED', 'RELEASED')`),
  ],
);
