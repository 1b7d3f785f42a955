// Purchase returns (spec 02 §3.8, §4.1): a header naming the supplier, the warehouse the pieces
// leave from and the cost rule, and its lines, each pointing to a received line of a purchase
// inbound notice and to the purchase order line whose `returned_qty` it raises on verify. Tenant
// tables keyed by (domain_id, id); references to other tenant tables carry the domain.
import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, createdBy, domainIdColumn, money, tenantIdColumn, timestamptz, updatedAt, versionColumn } from '../columns.js';
import { domains } from './accounts.js';
import { skus } from './goods.js';
import { purchaseOrderLines, purchaseOrders } from './purchasing.js';
import { suppliers } from './suppliers.js';
import { warehouses } from './warehouses.js';

export const purchaseReturns = pgTable(
  'purchase_returns',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    code: text('code').notNull(),
    /** DRAFT, SUBMIT, VERIFY, CLOSE, COMPLETE. */
    status: text('status').notNull().default('DRAFT'),
    supplierId: bigint('supplier_id', { mode: 'number' }).notNull(),
    warehouseId: bigint('warehouse_id', { mode: 'number' }).notNull(),
    /** RECEIPT_COST or AVERAGE_COST: the cost the pieces leave stock at (chosen before verifying). */
    costRule: text('cost_rule').notNull().default('RECEIPT_COST'),
    remark: text('remark'),
    skuTotal: integer('sku_total').notNull().default(0),
    qtyTotal: integer('qty_total').notNull().default(0),
    deliveredQtyTotal: integer('delivered_qty_total').notNull().default(0),
    /** Value at cost of what left, set on delivery (PURCHASE_PRICE). */
    amountTotal: money('amount_total'),
    /** The WDO_PURCHASE_RETURN outbound order made on verify (stock area; no foreign key). */
    wdoId: bigint('wdo_id', { mode: 'number' }),
    wdoCode: text('wdo_code'),
    rejectReason: text('reject_reason'),
    submittedAt: timestamptz('submitted_at'),
    verifiedAt: timestamptz('verified_at'),
    verifiedBy: bigint('verified_by', { mode: 'number' }),
    completedAt: timestamptz('completed_at'),
    createdByName: text('created_by_name'),
    version: versionColumn(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.domainId, t.id] }),
    uniqueIndex('purchase_returns_domain_code_key').on(t.domainId, t.code),
    // One return per outbound order: its delivery is booked on exactly one return.
    uniqueIndex('purchase_returns_domain_wdo_key').on(t.domainId, t.wdoId),
    index('purchase_returns_domain_time_idx').on(t.domainId, t.createdAt.desc(), t.id),
    foreignKey({ name: 'purchase_returns_supplier_fk', columns: [t.domainId, t.supplierId], foreignColumns: [suppliers.domainId, suppliers.id] }),
    foreignKey({ name: 'purchase_returns_warehouse_fk', columns: [t.domainId, t.warehouseId], foreignColumns: [warehouses.domainId, warehouses.id] }),
    check('purchase_returns_cost_rule', sql`${t.costRule} in ('RECEIPT_COST', 'AVERAGE_COST')`),
  ],
);

export const purchaseReturnLines = pgTable(
  'purchase_return_lines',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    returnId: bigint('return_id', { mode: 'number' }).notNull(),
    lineNo: integer('line_no').notNull(),
    /** The purchase inbound notice and its line the pieces came in on (stock area; no foreign key). */
    asnId: bigint('asn_id', { mode: 'number' }).notNull(),
    asnDetailId: bigint('asn_detail_id', { mode: 'number' }).notNull(),
    purchaseOrderId: bigint('purchase_order_id', { mode: 'number' }).notNull(),
    purchaseOrderLineId: bigint('purchase_order_line_id', { mode: 'number' }).notNull(),
    skuId: bigint('sku_id', { mode: 'number' }).notNull(),
    qty: integer('qty').notNull(),
    deliveredQty: integer('delivered_qty').notNull().default(0),
    returnReason: text('return_reason').notNull(),
    /** The unit cost the pieces left at (set on delivery, by the return's cost rule). */
    unitCost: money('unit_cost'),
    version: versionColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.domainId, t.id] }),
    uniqueIndex('purchase_return_lines_asn_detail_key').on(t.domainId, t.returnId, t.asnDetailId),
    index('purchase_return_lines_order_idx').on(t.domainId, t.purchaseOrderId),
    foreignKey({ name: 'purchase_return_lines_return_fk', columns: [t.domainId, t.returnId], foreignColumns: [purchaseReturns.domainId, purchaseReturns.id] }).onDelete('cascade'),
    foreignKey({ name: 'purchase_return_lines_order_fk', columns: [t.domainId, t.purchaseOrderId], foreignColumns: [purchaseOrders.domainId, purchaseOrders.id] }),
    foreignKey({ name: 'purchase_return_lines_order_line_fk', columns: [t.domainId, t.purchaseOrderLineId], foreignColumns: [purchaseOrderLines.domainId, purchaseOrderLines.id] }),
    foreignKey({ name: 'purchase_return_lines_sku_fk', columns: [t.domainId, t.skuId], foreignColumns: [skus.domainId, skus.id] }),
    check('purchase_return_lines_qty', sql`${t.qty} > 0 and ${t.deliveredQty} >= 0 and ${t.deliveredQty} <= ${t.qty}`),
  ],
);

/** The daily counter of purchase return codes per domain (PR + yyyymmdd + 4 digits). */
export const purchaseReturnCodeCounters = pgTable(
  'purchase_return_code_counters',
  {
    domainId: domainIdColumn().references(() => domains.id),
    day: text('day').notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.domainId, t.day] })],
);
