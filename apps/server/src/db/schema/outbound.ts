// Outbound orders (WDO, spec 02 §3.6): goods leaving a warehouse other than by a sales order. The
// allocation a verified order holds is not stored here: the stock ledger rows of the order
// (doc_type 'WDO', doc_id) say which locations hold how much, so the two cannot disagree.
import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, createdBy, domainIdColumn, tenantIdColumn, timestamptz, updatedAt, versionColumn } from '../columns.js';
import { domains } from './accounts.js';
import { skus } from './goods.js';
import { warehouses } from './warehouses.js';

export const wdoHeaders = pgTable(
  'wdo_headers',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    code: text('code').notNull(),
    warehouseId: bigint('warehouse_id', { mode: 'number' })
      .notNull(),
    /** WDO_SALE, WDO_ALLOCATED, WDO_OTHER, WDO_JIT, WDO_PURCHASE_RETURN. */
    wdoType: text('wdo_type').notNull(),
    /** CI_WDO_STATUS_CREATED, _VERIFIED, _SYNCED, _DELIVERED, _CANCELLED. */
    status: text('status').notNull().default('CI_WDO_STATUS_CREATED'),
    /** Issue to a third-party warehouse: NONE, REQUEST, SENDING, SUCCESS, FAILURE. */
    syncStatus: text('sync_status').notNull().default('NONE'),
    syncMessage: text('sync_message'),
    /** The order's number in the warehouse's own system. */
    externalCode: text('external_code'),
    relatedCode: text('related_code'),
    receiverName: text('receiver_name'),
    receiverPhone: text('receiver_phone'),
    receiverAddress: text('receiver_address'),
    remark: text('remark'),
    cancelReason: text('cancel_reason'),
    qtyTotal: integer('qty_total').notNull().default(0),
    skuTotal: integer('sku_total').notNull().default(0),
    deliveredQtyTotal: integer('delivered_qty_total').notNull().default(0),
    verifiedAt: timestamptz('verified_at'),
    verifiedBy: bigint('verified_by', { mode: 'number' }),
    deliveredAt: timestamptz('delivered_at'),
    cancelledAt: timestamptz('cancelled_at'),
    /** A cancel the warehouse's system accepted but has still to confirm. */
    cancelRequestedAt: timestamptz('cancel_requested_at'),
    /** The carrier and tracking number the warehouse's system reported with the shipment. */
    expressCompanyCode: text('express_company_code'),
    expressNo: text('express_no'),
    version: versionColumn(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('wdo_headers_domain_code_key').on(t.domainId, t.code),
    index('wdo_headers_domain_status_idx').on(t.domainId, t.status, t.id),
    index('wdo_headers_domain_created_idx').on(t.domainId, t.createdAt.desc().nullsFirst()),
    index('wdo_headers_domain_warehouse_idx').on(t.domainId, t.warehouseId),
    primaryKey({ columns: [t.domainId, t.id] }),
    foreignKey({ name: 'wdo_headers_warehouse_id_fk', columns: [t.domainId, t.warehouseId], foreignColumns: [warehouses.domainId, warehouses.id] }),
  ],
);

export const wdoDetails = pgTable(
  'wdo_details',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    wdoId: bigint('wdo_id', { mode: 'number' })
      .notNull(),
    skuId: bigint('sku_id', { mode: 'number' })
      .notNull(),
    qty: integer('qty').notNull(),
    deliveredQty: integer('delivered_qty').notNull().default(0),
    remark: text('remark'),
    version: versionColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('wdo_details_wdo_sku_key').on(t.domainId, t.wdoId, t.skuId),
    index('wdo_details_sku_idx').on(t.domainId, t.skuId),
    check('wdo_details_qty_positive', sql`${t.qty} > 0`),
    check('wdo_details_delivered_within_qty', sql`${t.deliveredQty} >= 0 and ${t.deliveredQty} <= ${t.qty}`),
    primaryKey({ columns: [t.domainId, t.id] }),
    foreignKey({ name: 'wdo_details_wdo_id_fk', columns: [t.domainId, t.wdoId], foreignColumns: [wdoHeaders.domainId, wdoHeaders.id] }).onDelete('cascade'),
    foreignKey({ name: 'wdo_details_sku_id_fk', columns: [t.domainId, t.skuId], foreignColumns: [skus.domainId, skus.id] }),
  ],
);
