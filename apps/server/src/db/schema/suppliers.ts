// Suppliers and the goods each supplies at its purchase price (spec 02 §7.12).
import { bigint, foreignKey, index, numeric, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, createdBy, domainIdColumn, money, tenantIdColumn, updatedAt, versionColumn } from '../columns.js';
import { domains } from './accounts.js';
import { skus } from './goods.js';

export const suppliers = pgTable(
  'suppliers',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    contact: text('contact'),
    phone: text('phone'),
    address: text('address'),
    remark: text('remark'),
    /** ENABLED or DISABLED. */
    status: text('status').notNull().default('ENABLED'),
    /** Over-receipt tolerance of purchase orders: a line may receive ordered × (1 + this); 0 = exactly. */
    receiptTolerance: numeric('receipt_tolerance', { precision: 5, scale: 4 }).notNull().default('0'),
    version: versionColumn(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('suppliers_domain_code_key').on(t.domainId, t.code), index('suppliers_domain_status_idx').on(t.domainId, t.status, t.id), primaryKey({ columns: [t.domainId, t.id] })],
);

/** A SKU a supplier supplies, at its purchase price (a sensitive field: PURCHASE_PRICE). */
export const supplyGoods = pgTable(
  'supply_goods',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    supplierId: bigint('supplier_id', { mode: 'number' })
      .notNull(),
    skuId: bigint('sku_id', { mode: 'number' })
      .notNull(),
    purchasePrice: money('purchase_price'),
    remark: text('remark'),
    version: versionColumn(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('supply_goods_key').on(t.domainId, t.supplierId, t.skuId), index('supply_goods_sku_idx').on(t.domainId, t.skuId), primaryKey({ columns: [t.domainId, t.id] }), foreignKey({ name: 'supply_goods_supplier_id_fk', columns: [t.domainId, t.supplierId], foreignColumns: [suppliers.domainId, suppliers.id] }), foreignKey({ name: 'supply_goods_sku_id_fk', columns: [t.domainId, t.skuId], foreignColumns: [skus.domainId, skus.id] })],
);
