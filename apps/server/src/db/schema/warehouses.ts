// Warehouses with their sender address, their locations, and which stores ship from which
// warehouse (spec 02 §3.6, §7.9).
import { bigint, boolean, foreignKey, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, createdBy, domainIdColumn, tenantIdColumn, updatedAt, versionColumn } from '../columns.js';
import { domains } from './accounts.js';
import { stores } from './stores.js';

export const warehouses = pgTable(
  'warehouses',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** SELF_WAREHOUSE, SP_WAREHOUSE, WMS_WAREHOUSE, QIMEN_WAREHOUSE, BYTE_WAREHOUSE, GTWMS_WAREHOUSE. */
    type: text('type').notNull(),
    stopUsing: boolean('stop_using').notNull().default(false),
    /** The sender address of parcels leaving the warehouse. */
    contact: text('contact').notNull(),
    phone: text('phone').notNull(),
    province: text('province').notNull(),
    city: text('city').notNull(),
    county: text('county'),
    street: text('street').notNull(),
    /** The warehouse's code in the other system (WMS, Qimen, Byte), and the seller's owner code there. */
    externalCode: text('external_code'),
    ownerCode: text('owner_code'),
    /** Qimen warehouses: the customerId the Qimen router knows the seller by; null = the owner code. */
    qimenCustomerId: text('qimen_customer_id'),
    remark: text('remark'),
    version: versionColumn(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('warehouses_domain_code_key').on(t.domainId, t.code),
    uniqueIndex('warehouses_domain_name_key').on(t.domainId, t.name),
    index('warehouses_domain_stop_idx').on(t.domainId, t.stopUsing, t.id),
    primaryKey({ columns: [t.domainId, t.id] }),
  ],
);

export const warehouseLocations = pgTable(
  'warehouse_locations',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    warehouseId: bigint('warehouse_id', { mode: 'number' })
      .notNull(),
    code: text('code').notNull(),
    zone: text('zone'),
    remark: text('remark'),
    /** False for a location of unsellable stock (defective returns): left out of the stock sync to stores. */
    sellable: boolean('sellable').notNull().default(true),
    version: versionColumn(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('warehouse_locations_code_key').on(t.domainId, t.warehouseId, t.code), primaryKey({ columns: [t.domainId, t.id] }), foreignKey({ name: 'warehouse_locations_warehouse_id_fk', columns: [t.domainId, t.warehouseId], foreignColumns: [warehouses.domainId, warehouses.id] })],
);

/** A store ships from a warehouse; onlineWarehouseCode is the marketplace's own code for it. */
export const warehouseStoreBindings = pgTable(
  'warehouse_store_bindings',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    warehouseId: bigint('warehouse_id', { mode: 'number' })
      .notNull(),
    storeId: bigint('store_id', { mode: 'number' })
      .notNull(),
    onlineWarehouseCode: text('online_warehouse_code'),
    version: versionColumn(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('warehouse_store_bindings_key').on(t.domainId, t.warehouseId, t.storeId),
    index('warehouse_store_bindings_store_idx').on(t.domainId, t.storeId),
    primaryKey({ columns: [t.domainId, t.id] }),
    foreignKey({ name: 'warehouse_store_bindings_warehouse_id_fk', columns: [t.domainId, t.warehouseId], foreignColumns: [warehouses.domainId, warehouses.id] }),
    foreignKey({ name: 'warehouse_store_bindings_store_id_fk', columns: [t.domainId, t.storeId], foreignColumns: [stores.domainId, stores.id] }),
  ],
);
