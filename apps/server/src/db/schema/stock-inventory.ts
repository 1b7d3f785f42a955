// The stock area's inventory tables beside the engine's (stock.ts): production-date lots of a
// balance, and average-cost adjustment documents with their details (spec 02 §3.6, §4.1).
import { sql } from 'drizzle-orm';
import { bigint, check, date, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, createdBy, domainIdColumn, money, tenantIdColumn, timestamptz, updatedAt, versionColumn } from '../columns.js';
import { domains } from './accounts.js';
import { skus } from './goods.js';
import { stockBalances } from './stock.js';

/**
 * Production-date (shelf-life) lots of one balance: how many of the pieces on hand were made on
 * which day. Their sum is kept at most the on-hand quantity when lots are added or raised.
 */
export const stockLots = pgTable(
  'stock_lots',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    balanceId: bigint('balance_id', { mode: 'number' })
      .notNull(),
    productDate: date('product_date', { mode: 'string' }).notNull(),
    qty: integer('qty').notNull(),
    version: versionColumn(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('stock_lots_key').on(t.domainId, t.balanceId, t.productDate), check('stock_lots_qty_positive', sql`${t.qty} > 0`), primaryKey({ columns: [t.domainId, t.id] }), foreignKey({ name: 'stock_lots_balance_id_fk', columns: [t.domainId, t.balanceId], foreignColumns: [stockBalances.domainId, stockBalances.id] })],
);

/** An average-cost adjustment: SUBMIT (to confirm) → COMPLETE. */
export const averageCostAdjustments = pgTable(
  'average_cost_adjustments',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    code: text('code').notNull(),
    status: text('status').notNull().default('SUBMIT'),
    remark: text('remark'),
    skuCount: integer('sku_count').notNull().default(0),
    version: versionColumn(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    confirmedBy: bigint('confirmed_by', { mode: 'number' }),
    confirmedAt: timestamptz('confirmed_at'),
  },
  (t) => [
    uniqueIndex('average_cost_adjustments_code_key').on(t.domainId, t.code),
    index('average_cost_adjustments_list_idx').on(t.domainId, t.createdAt.desc().nullsFirst()),
    primaryKey({ columns: [t.domainId, t.id] }),
  ],
);

/** A SKU of an adjustment: the average it sets, and (once confirmed) the average it replaced. */
export const averageCostAdjustmentDetails = pgTable(
  'average_cost_adjustment_details',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    adjustmentId: bigint('adjustment_id', { mode: 'number' })
      .notNull(),
    lineNo: integer('line_no').notNull(),
    skuId: bigint('sku_id', { mode: 'number' })
      .notNull(),
    averageCostBefore: money('average_cost_before'),
    averageCostAfter: money('average_cost_after').notNull(),
    remark: text('remark'),
    version: versionColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('average_cost_adjustment_details_sku_key').on(t.domainId, t.adjustmentId, t.skuId),
    index('average_cost_adjustment_details_doc_idx').on(t.domainId, t.adjustmentId, t.lineNo),
    index('average_cost_adjustment_details_sku_idx').on(t.domainId, t.skuId),
    primaryKey({ columns: [t.domainId, t.id] }),
    foreignKey({ name: 'average_cost_adjustment_details_adjustment_id_fk', columns: [t.domainId, t.adjustmentId], foreignColumns: [averageCostAdjustments.domainId, averageCostAdjustments.id] }).onDelete('cascade'),
    foreignKey({ name: 'average_cost_adjustment_details_sku_id_fk', columns: [t.domainId, t.skuId], foreignColumns: [skus.domainId, skus.id] }),
  ],
);
