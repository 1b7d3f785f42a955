// Stock checks: a count of a warehouse (optionally one location or a list of SKUs) and its lines.
// The lines of the scope are written when the check is made (the counting sheet); a line's book
// quantity is taken when it is counted; confirming writes ADJUST movements through the engine.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, createdBy, domainIdColumn, tenantIdColumn, timestamptz, updatedAt, versionColumn } from '../columns.js';
import { domains } from './accounts.js';
import { warehouses } from './warehouses.js';

export const stockChecks = pgTable(
  'stock_checks',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    code: text('code').notNull(),
    warehouseId: bigint('warehouse_id', { mode: 'number' })
      .notNull(),
    /** The one location counted; null for every location of the warehouse. */
    locationId: bigint('location_id', { mode: 'number' }),
    /** The SKUs counted; null for every SKU. */
    scopeSkuIds: bigint('scope_sku_ids', { mode: 'number' }).array(),
    /** COUNTING → CONFIRMED, or CANCELLED. */
    status: text('status').notNull().default('COUNTING'),
    remark: text('remark'),
    confirmedBy: bigint('confirmed_by', { mode: 'number' }),
    confirmedAt: timestamptz('confirmed_at'),
    cancelledBy: bigint('cancelled_by', { mode: 'number' }),
    cancelledAt: timestamptz('cancelled_at'),
    version: versionColumn(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('stock_checks_code_key').on(t.domainId, t.code),
    index('stock_checks_open_idx').on(t.domainId, t.warehouseId, t.status),
    index('stock_checks_time_idx').on(t.domainId, t.createdAt.desc().nullsFirst(), t.id),
    primaryKey({ columns: [t.domainId, t.id] }),
    foreignKey({ name: 'stock_checks_warehouse_id_fk', columns: [t.domainId, t.warehouseId], foreignColumns: [warehouses.domainId, warehouses.id] }),
  ],
);

/**
 * The lines of checks. Stored with fillfactor 50 (migration stockcheck_lines_fillfactor) so that
 * counting and confirming, which change no indexed column, update lines in place (HOT).
 */
export const stockCheckLines = pgTable(
  'stock_check_lines',
  {
    id: tenantIdColumn(),
    // No foreign keys here: their per-row triggers were half the time of writing a 50,000-line
    // sheet; only this area writes lines, always with a check of the same domain.
    domainId: domainIdColumn(),
    checkId: bigint('check_id', { mode: 'number' }).notNull(),
    /** 0 when the stock is not kept by location. */
    locationId: bigint('location_id', { mode: 'number' }).notNull().default(0),
    skuId: bigint('sku_id', { mode: 'number' }).notNull(),
    /** On-hand when the line was counted; null while not counted. */
    bookQty: integer('book_qty'),
    countedQty: integer('counted_qty'),
    countedBy: bigint('counted_by', { mode: 'number' }),
    countedAt: timestamptz('counted_at'),
    /** Found while counting (not on the sheet when the check was made). */
    added: boolean('added').notNull().default(false),
    /** On-hand at confirmation and the adjustment applied then. */
    confirmBookQty: integer('confirm_book_qty'),
    adjustQty: integer('adjust_qty'),
    version: versionColumn(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('stock_check_lines_key').on(t.domainId, t.checkId, t.skuId, t.locationId),
    index('stock_check_lines_check_idx').on(t.domainId, t.checkId, t.id),
    check('stock_check_lines_counted_not_negative', sql`${t.countedQty} is null or ${t.countedQty} >= 0`),
    primaryKey({ columns: [t.domainId, t.id] }),
  ],
);
