// Issue 21 (orders must-have 4): the seller's automatic-review rule (one per domain) and the
// production dates chosen for order lines from the warehouse's stock lots. Tenant tables keyed by
// (domain_id, id); every index leads with domain_id.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, createdBy, domainIdColumn, money, tenantIdColumn, updatedAt, versionColumn } from '../columns.js';
import { domains } from './accounts.js';
import { erpOrderLines, erpOrders } from './orders.js';

/** The automatic-review rule of a domain (GET erpsoh/autoVerify and the job apply it). */
export const orderAutoVerifyRules = pgTable(
  'order_auto_verify_rules',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    enabled: boolean('enabled').notNull().default(false),
    storeIds: bigint('store_ids', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    amountMin: money('amount_min'),
    amountMax: money('amount_max'),
    skuCodes: text('sku_codes').array().notNull().default(sql`'{}'::text[]`),
    /** ANY | NONE | HAS (buyer message or seller remark). */
    remarkRule: text('remark_rule').notNull().default('ANY'),
    minutesAfterPay: integer('minutes_after_pay').notNull().default(0),
    version: versionColumn(),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('order_auto_verify_rules_domain_key').on(t.domainId), primaryKey({ columns: [t.domainId, t.id] })],
);

/** Production dates chosen for an order line (fillProductDateInfo), oldest lots first. */
export const orderLineProductDates = pgTable(
  'order_line_product_dates',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    lineId: bigint('line_id', { mode: 'number' }).notNull(),
    productDate: date('product_date', { mode: 'string' }).notNull(),
    expireDate: date('expire_date', { mode: 'string' }),
    qty: integer('qty').notNull(),
    createdBy: createdBy(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('order_line_product_dates_key').on(t.domainId, t.lineId, t.productDate),
    index('order_line_product_dates_order_idx').on(t.domainId, t.orderId),
    check('order_line_product_dates_qty_positive', sql`${t.qty} > 0`),
    primaryKey({ columns: [t.domainId, t.id] }),
    foreignKey({ name: 'order_line_product_dates_order_id_fk', columns: [t.domainId, t.orderId], foreignColumns: [erpOrders.domainId, erpOrders.id] }).onDelete('cascade'),
    foreignKey({ name: 'order_line_product_dates_line_id_fk', columns: [t.domainId, t.lineId], foreignColumns: [erpOrderLines.domainId, erpOrderLines.id] }).onDelete('cascade'),
  ],
);
