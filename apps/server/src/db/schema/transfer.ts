// Transfer orders (spec 02 §3.6): stock moved from one warehouse (and location) to another.
// Between shipping and receipt the pieces are in transit: out of the source, not yet in the target.
import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, createdBy, domainIdColumn, tenantIdColumn, timestamptz, updatedAt, versionColumn } from '../columns.js';
import { domains } from './accounts.js';
import { skus } from './goods.js';
import { warehouseLocations, warehouses } from './warehouses.js';

export const transferOrders = pgTable(
  'transfer_orders',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    code: text('code').notNull(),
    outWarehouseId: bigint('out_warehouse_id', { mode: 'number' })
      .notNull(),
    inWarehouseId: bigint('in_warehouse_id', { mode: 'number' })
      .notNull(),
    /** CREATED, SHIPPED, RECEIVED, CANCELLED. */
    transferStatus: text('transfer_status').notNull().default('CREATED'),
    remark: text('remark'),
    qtyTotal: integer('qty_total').notNull().default(0),
    skuTotal: integer('sku_total').notNull().default(0),
    shippedAt: timestamptz('shipped_at'),
    receivedAt: timestamptz('received_at'),
    cancelledAt: timestamptz('cancelled_at'),
    version: versionColumn(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('transfer_orders_domain_code_key').on(t.domainId, t.code),
    index('transfer_orders_domain_status_idx').on(t.domainId, t.transferStatus, t.id),
    index('transfer_orders_domain_created_idx').on(t.domainId, t.createdAt.desc().nullsFirst()),
    check('transfer_orders_two_warehouses', sql`${t.outWarehouseId} <> ${t.inWarehouseId}`),
    primaryKey({ columns: [t.domainId, t.id] }),
    foreignKey({ name: 'transfer_orders_out_warehouse_id_fk', columns: [t.domainId, t.outWarehouseId], foreignColumns: [warehouses.domainId, warehouses.id] }),
    foreignKey({ name: 'transfer_orders_in_warehouse_id_fk', columns: [t.domainId, t.inWarehouseId], foreignColumns: [warehouses.domainId, warehouses.id] }),
  ],
);

export const transferDetails = pgTable(
  'transfer_details',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    transferId: bigint('transfer_id', { mode: 'number' })
      .notNull(),
    skuId: bigint('sku_id', { mode: 'number' })
      .notNull(),
    qty: integer('qty').notNull(),
    /** The source location; null to take from whichever locations have it. */
    outLocationId: bigint('out_location_id', { mode: 'number' }),
    /** The target location; null for none (or not chosen yet). */
    inLocationId: bigint('in_location_id', { mode: 'number' }),
    version: versionColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('transfer_details_transfer_sku_key').on(t.domainId, t.transferId, t.skuId),
    index('transfer_details_sku_idx').on(t.domainId, t.skuId),
    index('transfer_details_out_location_idx').on(t.domainId, t.outLocationId),
    index('transfer_details_in_location_idx').on(t.domainId, t.inLocationId),
    check('transfer_details_qty_positive', sql`${t.qty} > 0`),
    primaryKey({ columns: [t.domainId, t.id] }),
    foreignKey({ name: 'transfer_details_transfer_id_fk', columns: [t.domainId, t.transferId], foreignColumns: [transferOrders.domainId, transferOrders.id] }).onDelete('cascade'),
    foreignKey({ name: 'transfer_details_sku_id_fk', columns: [t.domainId, t.skuId], foreignColumns: [skus.domainId, skus.id] }),
    foreignKey({ name: 'transfer_details_out_location_id_fk', columns: [t.domainId, t.outLocationId], foreignColumns: [warehouseLocations.domainId, warehouseLocations.id] }),
    foreignKey({ name: 'transfer_details_in_location_id_fk', columns: [t.domainId, t.inLocationId], foreignColumns: [warehouseLocations.domainId, warehouseLocations.id] }),
  ],
);
