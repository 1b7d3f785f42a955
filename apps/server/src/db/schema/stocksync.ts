// Stock sync to stores (spec 02 §4.1, §7.9, §7.14): which warehouses a store draws on with a
// ratio and a safety stock, every push of an online SKU's quantity (the inventory-sync log), and
// the last quantity pushed per online SKU (what the auto sync compares with).
import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, index, integer, numeric, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, createdBy, domainIdColumn, tenantIdColumn, timestamptz, updatedAt, versionColumn } from '../columns.js';
import { domains } from './accounts.js';
import { stores } from './stores.js';
import { warehouses } from './warehouses.js';

/** A store draws on a warehouse: ⌊available × ratio⌋ − safety stock of it, never below zero. */
export const stockSyncRules = pgTable(
  'stock_sync_rules',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    storeId: bigint('store_id', { mode: 'number' })
      .notNull(),
    warehouseId: bigint('warehouse_id', { mode: 'number' })
      .notNull(),
    ratio: numeric('ratio', { precision: 5, scale: 4 }).notNull(),
    safetyStock: integer('safety_stock').notNull().default(0),
    version: versionColumn(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('stock_sync_rules_key').on(t.domainId, t.storeId, t.warehouseId),
    check('stock_sync_rules_ratio_range', sql`${t.ratio} >= 0 and ${t.ratio} <= 1`),
    check('stock_sync_rules_safety_not_negative', sql`${t.safetyStock} >= 0`),
    primaryKey({ columns: [t.domainId, t.id] }),
    foreignKey({ name: 'stock_sync_rules_store_id_fk', columns: [t.domainId, t.storeId], foreignColumns: [stores.domainId, stores.id] }),
    foreignKey({ name: 'stock_sync_rules_warehouse_id_fk', columns: [t.domainId, t.warehouseId], foreignColumns: [warehouses.domainId, warehouses.id] }),
  ],
);

/**
 * One push of one online SKU's quantity: REQUEST → SENDING → SUCCESS or FAILURE; STOP when a
 * failure was retried or superseded, or the online SKU was unmapped before it was sent.
 */
export const stockSyncRecords = pgTable(
  'stock_sync_records',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    storeId: bigint('store_id', { mode: 'number' })
      .notNull(),
    /** tb_skus.id of the online SKU, and its marketplace id as it was when requested. */
    tbSkuRowId: bigint('tb_sku_row_id', { mode: 'number' }).notNull(),
    tbSkuId: text('tb_sku_id').notNull(),
    skuId: bigint('sku_id', { mode: 'number' }).notNull(),
    skuCode: text('sku_code').notNull(),
    /** Filled when sent: the available across the rule warehouses and the quantity pushed. */
    available: integer('available'),
    quantity: integer('quantity'),
    /** REQUEST, SENDING, FAILURE, SUCCESS, STOP. */
    status: text('status').notNull().default('REQUEST'),
    /** AUTO, MANUAL, RETRY. */
    trigger: text('trigger').notNull(),
    attempt: integer('attempt').notNull().default(1),
    retryOfId: bigint('retry_of_id', { mode: 'number' }),
    /** RETRIED, SUPERSEDED, UNMAPPED (STOP only). */
    stopReason: text('stop_reason'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    requestedBy: bigint('requested_by', { mode: 'number' }),
    requestedByName: text('requested_by_name'),
    sentAt: timestamptz('sent_at'),
    finishedAt: timestamptz('finished_at'),
    version: versionColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('stock_sync_records_time_idx').on(t.domainId, t.createdAt.desc().nullsFirst()),
    index('stock_sync_records_store_status_idx').on(t.domainId, t.storeId, t.status),
    index('stock_sync_records_tb_sku_idx').on(t.domainId, t.tbSkuRowId, t.id),
    primaryKey({ columns: [t.domainId, t.id] }),
    foreignKey({ name: 'stock_sync_records_store_id_fk', columns: [t.domainId, t.storeId], foreignColumns: [stores.domainId, stores.id] }),
  ],
);

/** The last quantity a store accepted per online SKU. */
export const stockSyncStates = pgTable(
  'stock_sync_states',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    storeId: bigint('store_id', { mode: 'number' })
      .notNull(),
    tbSkuRowId: bigint('tb_sku_row_id', { mode: 'number' }).notNull(),
    lastQuantity: integer('last_quantity').notNull(),
    lastPushedAt: timestamptz('last_pushed_at').notNull(),
    lastRecordId: bigint('last_record_id', { mode: 'number' }).notNull(),
    version: versionColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('stock_sync_states_key').on(t.domainId, t.tbSkuRowId), index('stock_sync_states_store_idx').on(t.domainId, t.storeId), primaryKey({ columns: [t.domainId, t.id] }), foreignKey({ name: 'stock_sync_states_store_id_fk', columns: [t.domainId, t.storeId], foreignColumns: [stores.domainId, stores.id] })],
);
