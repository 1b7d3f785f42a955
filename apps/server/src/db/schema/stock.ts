// Stock (ARCHITECTURE.md, DOMAIN.md): a balance per (warehouse, location, SKU) with on-hand and
// allocated quantities, and an append-only ledger row for every movement, written in the same
// transaction. The database itself refuses a negative balance or an allocation above on-hand.
import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, createdBy, domainIdColumn, money, tenantIdColumn, updatedAt, versionColumn } from '../columns.js';
import { domains } from './accounts.js';
import { skus } from './goods.js';
import { warehouses } from './warehouses.js';

export const stockBalances = pgTable(
  'stock_balances',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    warehouseId: bigint('warehouse_id', { mode: 'number' })
      .notNull(),
    /** 0 when the stock is not kept by location. */
    locationId: bigint('location_id', { mode: 'number' }).notNull().default(0),
    skuId: bigint('sku_id', { mode: 'number' })
      .notNull(),
    onHand: integer('on_hand').notNull().default(0),
    allocated: integer('allocated').notNull().default(0),
    version: versionColumn(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('stock_balances_key').on(t.domainId, t.warehouseId, t.skuId, t.locationId),
    index('stock_balances_sku_idx').on(t.domainId, t.skuId),
    check('stock_balances_on_hand_not_negative', sql`${t.onHand} >= 0`),
    check('stock_balances_allocated_not_negative', sql`${t.allocated} >= 0`),
    check('stock_balances_allocated_within_on_hand', sql`${t.allocated} <= ${t.onHand}`),
    primaryKey({ columns: [t.domainId, t.id] }),
    foreignKey({ name: 'stock_balances_warehouse_id_fk', columns: [t.domainId, t.warehouseId], foreignColumns: [warehouses.domainId, warehouses.id] }),
    foreignKey({ name: 'stock_balances_sku_id_fk', columns: [t.domainId, t.skuId], foreignColumns: [skus.domainId, skus.id] }),
  ],
);

/** Every movement of stock, never updated or deleted; a correction is a new movement. */
export const stockLedger = pgTable(
  'stock_ledger',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    warehouseId: bigint('warehouse_id', { mode: 'number' }).notNull(),
    locationId: bigint('location_id', { mode: 'number' }).notNull().default(0),
    skuId: bigint('sku_id', { mode: 'number' }).notNull(),
    /** What happened: RECEIPT, SHIP, ALLOCATE, RELEASE, ADJUST, TRANSFER_OUT, TRANSFER_IN, OPENING, … */
    movement: text('movement').notNull(),
    onHandDelta: integer('on_hand_delta').notNull(),
    allocatedDelta: integer('allocated_delta').notNull(),
    onHandAfter: integer('on_hand_after').notNull(),
    allocatedAfter: integer('allocated_after').notNull(),
    /** The business document that caused it. */
    docType: text('doc_type').notNull(),
    docId: bigint('doc_id', { mode: 'number' }),
    docCode: text('doc_code'),
    remark: text('remark'),
    /** The unit cost the movement carried: a SHIP movement stamps the SKU's average at the time (a return comes back at it). */
    unitCost: money('unit_cost'),
    /** The document line the movement books (a return's receipt line): booked at most once per document type. */
    sourceLineId: bigint('source_line_id', { mode: 'number' }),
    createdBy: createdBy(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('stock_ledger_source_line_key').on(t.domainId, t.docType, t.sourceLineId).where(sql`source_line_id is not null`),
    index('stock_ledger_balance_idx').on(t.domainId, t.warehouseId, t.skuId, t.locationId, t.id),
    index('stock_ledger_doc_idx').on(t.domainId, t.docType, t.docId),
    index('stock_ledger_time_idx').on(t.domainId, t.createdAt.desc().nullsFirst()),
    primaryKey({ columns: [t.domainId, t.id] }),
  ],
);

/** Warning level per SKU and warehouse: available below it counts on the home page. */
export const stockWarnings = pgTable(
  'stock_warnings',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    warehouseId: bigint('warehouse_id', { mode: 'number' })
      .notNull(),
    skuId: bigint('sku_id', { mode: 'number' })
      .notNull(),
    warningQty: integer('warning_qty').notNull(),
    version: versionColumn(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('stock_warnings_key').on(t.domainId, t.warehouseId, t.skuId), primaryKey({ columns: [t.domainId, t.id] }), foreignKey({ name: 'stock_warnings_warehouse_id_fk', columns: [t.domainId, t.warehouseId], foreignColumns: [warehouses.domainId, warehouses.id] }), foreignKey({ name: 'stock_warnings_sku_id_fk', columns: [t.domainId, t.skuId], foreignColumns: [skus.domainId, skus.id] })],
);

/** The moving-average cost of each SKU across the domain, moved by receipts and adjustments. */
export const skuCosts = pgTable(
  'sku_costs',
  {
    domainId: domainIdColumn().references(() => domains.id),
    skuId: bigint('sku_id', { mode: 'number' })
      .notNull(),
    averageCost: money('average_cost').notNull(),
    version: versionColumn(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sku_costs_key').on(t.domainId, t.skuId), foreignKey({ name: 'sku_costs_sku_id_fk', columns: [t.domainId, t.skuId], foreignColumns: [skus.domainId, skus.id] })],
);
