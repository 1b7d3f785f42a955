// Purchase orders (spec 02 §3.8, §4.1): a header naming the supplier and the warehouse, its lines
// with the per-line counters (ordered, received, over-received, returned, closed short, settled)
// and every receipt booked on it through its purchase inbound notice. Tenant tables keyed by
// (domain_id, id); references to other tenant tables carry the domain (Citus by domain_id).
import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, index, integer, numeric, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, createdBy, domainIdColumn, money, tenantIdColumn, timestamptz, updatedAt, versionColumn } from '../columns.js';
import { domains } from './accounts.js';
import { skus } from './goods.js';
import { suppliers } from './suppliers.js';
import { warehouses } from './warehouses.js';


export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    code: text('code').notNull(),
    /** INVALID, DRAFT, SUBMIT, VERIFY, COMPLETE. */
    status: text('status').notNull().default('DRAFT'),
    /** UNRECEIVE, PART_RECEIVE, COMPLETE_RECEIVE, CLOSED_SHORT: derived from the lines' counters. */
    receiveStatus: text('receive_status').notNull().default('UNRECEIVE'),
    /**
     * NOT_PAYABLE, TO_SETTLE, PART_SETTLED, SETTLED: derived from the lines' received, returned and
     * settled counters by core's `purchaseSettleStatus` (`recountSettleStatus`), under the order's lock.
     */
    settleStatus: text('settle_status').notNull().default('NOT_PAYABLE'),
    supplierId: bigint('supplier_id', { mode: 'number' }).notNull(),
    warehouseId: bigint('warehouse_id', { mode: 'number' }).notNull(),
    /** The supplier's over-receipt tolerance, taken when the order is verified. */
    receiptTolerance: numeric('receipt_tolerance', { precision: 5, scale: 4 }).notNull().default('0'),
    expectedAt: timestamptz('expected_at'),
    remark: text('remark'),
    skuTotal: integer('sku_total').notNull().default(0),
    qtyTotal: integer('qty_total').notNull().default(0),
    receivedQtyTotal: integer('received_qty_total').notNull().default(0),
    closedShortQtyTotal: integer('closed_short_qty_total').notNull().default(0),
    amountTotal: money('amount_total').notNull().default('0'),
    /** Freight on the order, spread over the priced lines into their landed cost (rules/purchasing allocatePurchaseFreight). */
    freight: money('freight').notNull().default('0'),
    /** AMOUNT, QUANTITY or WEIGHT. */
    freightAllocation: text('freight_allocation').notNull().default('AMOUNT'),
    /**
     * The purchase inbound notice made on verify. No foreign key: the notice belongs to the stock
     * area (read through its service).
     */
    asnId: bigint('asn_id', { mode: 'number' }),
    asnCode: text('asn_code'),
    rejectReason: text('reject_reason'),
    closeReason: text('close_reason'),
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
    uniqueIndex('purchase_orders_domain_code_key').on(t.domainId, t.code),
    index('purchase_orders_domain_time_idx').on(t.domainId, t.createdAt.desc(), t.id.desc()),
    // The tab counts group by all three states: one index-only scan (settle_status added, migration 0045).
    index('purchase_orders_domain_status_idx').on(t.domainId, t.status, t.receiveStatus, t.settleStatus),
    index('purchase_orders_domain_settle_idx').on(t.domainId, t.settleStatus),
    index('purchase_orders_domain_asn_idx').on(t.domainId, t.asnId),
    foreignKey({ name: 'purchase_orders_supplier_fk', columns: [t.domainId, t.supplierId], foreignColumns: [suppliers.domainId, suppliers.id] }),
    foreignKey({ name: 'purchase_orders_warehouse_fk', columns: [t.domainId, t.warehouseId], foreignColumns: [warehouses.domainId, warehouses.id] }),
    check('purchase_orders_received_not_negative', sql`${t.receivedQtyTotal} >= 0 and ${t.closedShortQtyTotal} >= 0`),
    check('purchase_orders_freight_not_negative', sql`${t.freight} >= 0`),
  ],
);

export const purchaseOrderLines = pgTable(
  'purchase_order_lines',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    lineNo: integer('line_no').notNull(),
    skuId: bigint('sku_id', { mode: 'number' }).notNull(),
    orderedQty: integer('ordered_qty').notNull(),
    /** Arrived and stocked in through the purchase inbound notice. */
    receivedQty: integer('received_qty').notNull().default(0),
    /** Received beyond the ordered quantity (within the tolerance). */
    overReceivedQty: integer('over_received_qty').notNull().default(0),
    /** Sent back by purchase returns (not part of this build yet). */
    returnedQty: integer('returned_qty').notNull().default(0),
    /** Will not come: closed short. */
    closedShortQty: integer('closed_short_qty').notNull().default(0),
    /** Settled by payables (not part of this build yet). */
    settledQty: integer('settled_qty').notNull().default(0),
    /** The purchase price (PURCHASE_PRICE); null: no price (the average cost is left as it is). */
    price: money('price'),
    /** The line's part of the order's freight (set on save and again on verify; the parts add up to the order's freight). */
    freight: money('freight').notNull().default('0'),
    remark: text('remark'),
    version: versionColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.domainId, t.id] }),
    uniqueIndex('purchase_order_lines_sku_key').on(t.domainId, t.orderId, t.skuId),
    foreignKey({ name: 'purchase_order_lines_order_fk', columns: [t.domainId, t.orderId], foreignColumns: [purchaseOrders.domainId, purchaseOrders.id] }).onDelete('cascade'),
    foreignKey({ name: 'purchase_order_lines_sku_fk', columns: [t.domainId, t.skuId], foreignColumns: [skus.domainId, skus.id] }),
    check(
      'purchase_order_lines_counters',
      sql`${t.orderedQty} > 0 and ${t.receivedQty} >= 0 and ${t.overReceivedQty} >= 0 and ${t.returnedQty} >= 0 and ${t.closedShortQty} >= 0 and ${t.settledQty} >= 0`,
    ),
  ],
);

/** A receipt of the order's inbound notice, per order line: what came in and at what unit cost. */
export const purchaseOrderReceipts = pgTable(
  'purchase_order_receipts',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    lineId: bigint('line_id', { mode: 'number' }).notNull(),
    asnId: bigint('asn_id', { mode: 'number' }).notNull(),
    asnReceiptId: bigint('asn_receipt_id', { mode: 'number' }).notNull(),
    skuId: bigint('sku_id', { mode: 'number' }).notNull(),
    qty: integer('qty').notNull(),
    /** The landed unit cost booked into stock: the notice's price (purchase price + freight per piece). */
    unitCost: money('unit_cost'),
    /** The purchase price per piece (the supplier's bill); null on rows before freight (unit_cost was the price then). */
    price: money('price'),
    receivedBy: bigint('received_by', { mode: 'number' }),
    receivedByName: text('received_by_name'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.domainId, t.id] }),
    index('purchase_order_receipts_order_idx').on(t.domainId, t.orderId, t.id),
    foreignKey({ name: 'purchase_order_receipts_order_fk', columns: [t.domainId, t.orderId], foreignColumns: [purchaseOrders.domainId, purchaseOrders.id] }).onDelete('cascade'),
    foreignKey({ name: 'purchase_order_receipts_line_fk', columns: [t.domainId, t.lineId], foreignColumns: [purchaseOrderLines.domainId, purchaseOrderLines.id] }).onDelete('cascade'),
  ],
);

/** The daily counter of purchase order codes per domain (PO + yyyymmdd + 4 digits). */
export const purchaseOrderCodeCounters = pgTable(
  'purchase_order_code_counters',
  {
    domainId: domainIdColumn().references(() => domains.id),
    day: text('day').notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.domainId, t.day] })],
);
