// Return inbound (RMA, spec 02 §3.6, §4.1): a header naming the warehouse and, for a return of a
// shipped order, the order; lines with expected, received, good and defective quantities; each
// receipt (booked once per receipt key) with its lines per quality and location; the per-order-
// line tally of what came back, which the database holds within what shipped; the reasons.
// Stock moves only through the stock engine, in the receipt's transaction.
import { sql } from 'drizzle-orm';
import { bigint, check, date, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, createdBy, domainIdColumn, money, tenantIdColumn, timestamptz, updatedAt, versionColumn } from '../columns.js';
import { domains } from './accounts.js';
import { skus } from './goods.js';
import { erpOrderLines, erpOrders } from './orders.js';
import { warehouses } from './warehouses.js';

export const rmaReasons = pgTable(
  'rma_reasons',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    reason: text('reason').notNull(),
    createdBy: createdBy(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('rma_reasons_domain_reason_key').on(t.domainId, t.reason), primaryKey({ columns: [t.domainId, t.id] })],
);

export const rmaHeaders = pgTable(
  'rma_headers',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    code: text('code').notNull(),
    /** ORDER (from a shipped order's lines) or FREE. */
    source: text('source').notNull(),
    warehouseId: bigint('warehouse_id', { mode: 'number' })
      .notNull(),
    erpOrderId: bigint('erp_order_id', { mode: 'number' }),
    /** CI_RMA_STATUS_CREATED, _SYNCED, _COMPLETED, _CLOSED. */
    status: text('status').notNull(),
    /** NONE, REQUEST, SENDING, SUCCESS, FAILURE. */
    sendStatus: text('send_status').notNull().default('NONE'),
    /** NONE, CANCEL_REQUEST, CANCEL_SENDING, CANCEL_SUCCESS, CANCEL_FAILURE. */
    cancelStatus: text('cancel_status').notNull().default('NONE'),
    /** What the warehouse system said when an issue or a cancel failed (or is pending). */
    wmsMessage: text('wms_message'),
    /** The warehouse system's own code of the return, once issued. */
    externalCode: text('external_code'),
    reasonId: bigint('reason_id', { mode: 'number' }),
    expressCompanyCode: text('express_company_code'),
    expressNo: text('express_no'),
    buyerNick: text('buyer_nick'),
    receiverName: text('receiver_name'),
    receiverPhone: text('receiver_phone'),
    receiverProvince: text('receiver_province'),
    receiverCity: text('receiver_city'),
    receiverCounty: text('receiver_county'),
    remark: text('remark'),
    qtyTotal: integer('qty_total').notNull().default(0),
    receivedQtyTotal: integer('received_qty_total').notNull().default(0),
    goodQtyTotal: integer('good_qty_total').notNull().default(0),
    defectiveQtyTotal: integer('defective_qty_total').notNull().default(0),
    completedAt: timestamptz('completed_at'),
    version: versionColumn(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('rma_headers_domain_code_key').on(t.domainId, t.code),
    index('rma_headers_domain_time_idx').on(t.domainId, t.id.desc()),
    index('rma_headers_domain_status_idx').on(t.domainId, t.status, t.id),
    index('rma_headers_domain_order_idx').on(t.domainId, t.erpOrderId),
    index('rma_headers_domain_express_idx').on(t.domainId, t.expressNo),
    check('rma_headers_received_within_expected', sql`${t.receivedQtyTotal} >= 0 and ${t.receivedQtyTotal} <= ${t.qtyTotal}`),
    primaryKey({ columns: [t.domainId, t.id] }),
    foreignKey({ name: 'rma_headers_warehouse_id_fk', columns: [t.domainId, t.warehouseId], foreignColumns: [warehouses.domainId, warehouses.id] }),
    foreignKey({ name: 'rma_headers_erp_order_id_fk', columns: [t.domainId, t.erpOrderId], foreignColumns: [erpOrders.domainId, erpOrders.id] }),
    foreignKey({ name: 'rma_headers_reason_id_fk', columns: [t.domainId, t.reasonId], foreignColumns: [rmaReasons.domainId, rmaReasons.id] }).onDelete('set null'),
  ],
);

export const rmaDetails = pgTable(
  'rma_details',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    rmaId: bigint('rma_id', { mode: 'number' })
      .notNull(),
    lineNo: integer('line_no').notNull(),
    erpOrderLineId: bigint('erp_order_line_id', { mode: 'number' }),
    skuId: bigint('sku_id', { mode: 'number' })
      .notNull(),
    qty: integer('qty').notNull(),
    receivedQty: integer('received_qty').notNull().default(0),
    goodQty: integer('good_qty').notNull().default(0),
    defectiveQty: integer('defective_qty').notNull().default(0),
    remark: text('remark'),
    createdAt: createdAt(),
  },
  (t) => [
    index('rma_details_rma_idx').on(t.domainId, t.rmaId, t.lineNo),
    check('rma_details_qty_positive', sql`${t.qty} > 0`),
    check('rma_details_received_within_expected', sql`${t.receivedQty} >= 0 and ${t.receivedQty} <= ${t.qty} and ${t.receivedQty} = ${t.goodQty} + ${t.defectiveQty}`),
    primaryKey({ columns: [t.domainId, t.id] }),
    foreignKey({ name: 'rma_details_rma_id_fk', columns: [t.domainId, t.rmaId], foreignColumns: [rmaHeaders.domainId, rmaHeaders.id] }).onDelete('cascade'),
    foreignKey({ name: 'rma_details_erp_order_line_id_fk', columns: [t.domainId, t.erpOrderLineId], foreignColumns: [erpOrderLines.domainId, erpOrderLines.id] }),
    foreignKey({ name: 'rma_details_sku_id_fk', columns: [t.domainId, t.skuId], foreignColumns: [skus.domainId, skus.id] }),
  ],
);

/** What came back per order line; the database keeps it within what shipped. */
export const rmaOrderLineReturns = pgTable(
  'rma_order_line_returns',
  {
    domainId: domainIdColumn().references(() => domains.id),
    erpOrderLineId: bigint('erp_order_line_id', { mode: 'number' })
      .notNull(),
    /** The SKU that came back: the line's, or for a combination line one of its components. */
    skuId: bigint('sku_id', { mode: 'number' }).notNull(),
    shippedQty: integer('shipped_qty').notNull(),
    returnedQty: integer('returned_qty').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('rma_order_line_returns_key').on(t.domainId, t.erpOrderLineId, t.skuId),
    check('rma_order_line_returns_within_shipped', sql`${t.returnedQty} >= 0 and ${t.returnedQty} <= ${t.shippedQty}`),
    foreignKey({ name: 'rma_order_line_returns_erp_order_line_id_fk', columns: [t.domainId, t.erpOrderLineId], foreignColumns: [erpOrderLines.domainId, erpOrderLines.id] }),
    foreignKey({ name: 'rma_order_line_returns_sku_id_fk', columns: [t.domainId, t.skuId], foreignColumns: [skus.domainId, skus.id] }),
  ],
);

export const rmaReceipts = pgTable(
  'rma_receipts',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    rmaId: bigint('rma_id', { mode: 'number' })
      .notNull(),
    receiptKey: text('receipt_key').notNull(),
    qtyTotal: integer('qty_total').notNull(),
    receivedBy: bigint('received_by', { mode: 'number' }),
    receivedByName: text('received_by_name'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('rma_receipts_key').on(t.domainId, t.rmaId, t.receiptKey), primaryKey({ columns: [t.domainId, t.id] }), foreignKey({ name: 'rma_receipts_rma_id_fk', columns: [t.domainId, t.rmaId], foreignColumns: [rmaHeaders.domainId, rmaHeaders.id] }).onDelete('cascade')],
);

export const rmaReceiptLines = pgTable(
  'rma_receipt_lines',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    receiptId: bigint('receipt_id', { mode: 'number' })
      .notNull(),
    rmaDetailId: bigint('rma_detail_id', { mode: 'number' })
      .notNull(),
    skuId: bigint('sku_id', { mode: 'number' }).notNull(),
    /** GOOD or DEFECTIVE. */
    quality: text('quality').notNull(),
    locationId: bigint('location_id', { mode: 'number' }).notNull().default(0),
    qty: integer('qty').notNull(),
    unitCost: money('unit_cost'),
  },
  (t) => [
    uniqueIndex('rma_receipt_lines_key').on(t.domainId, t.receiptId, t.rmaDetailId, t.quality),
    check('rma_receipt_lines_qty_positive', sql`${t.qty} > 0`),
    primaryKey({ columns: [t.domainId, t.id] }),
    foreignKey({ name: 'rma_receipt_lines_receipt_id_fk', columns: [t.domainId, t.receiptId], foreignColumns: [rmaReceipts.domainId, rmaReceipts.id] }).onDelete('cascade'),
    foreignKey({ name: 'rma_receipt_lines_rma_detail_id_fk', columns: [t.domainId, t.rmaDetailId], foreignColumns: [rmaDetails.domainId, rmaDetails.id] }).onDelete('cascade'),
  ],
);

/** The day's counter of return codes: RMA + yyyymmdd + a 4-digit counter. */
export const rmaCodeCounters = pgTable(
  'rma_code_counters',
  {
    domainId: domainIdColumn().references(() => domains.id),
    day: date('day', { mode: 'string' }).notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [uniqueIndex('rma_code_counters_key').on(t.domainId, t.day)],
);

/**
 * 'No information' parcels: a return parcel whose scan matched no return, after-sale or shipped
 * order, recorded so it is never lost; OPEN until linked to a return (LINKED), then received
 * through it. One open parcel per tracking number (a second scan finds the first).
 */
export const rmaParcels = pgTable(
  'rma_parcels',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    expressNo: text('express_no').notNull(),
    expressCompanyCode: text('express_company_code'),
    warehouseId: bigint('warehouse_id', { mode: 'number' }),
    remark: text('remark'),
    /** OPEN or LINKED. */
    state: text('state').notNull().default('OPEN'),
    scannedBy: bigint('scanned_by', { mode: 'number' }),
    scannedByName: text('scanned_by_name'),
    rmaId: bigint('rma_id', { mode: 'number' }),
    linkedBy: bigint('linked_by', { mode: 'number' }),
    linkedByName: text('linked_by_name'),
    linkedAt: timestamptz('linked_at'),
    version: versionColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('rma_parcels_open_express_key').on(t.domainId, t.expressNo).where(sql`state = 'OPEN'`),
    index('rma_parcels_domain_state_idx').on(t.domainId, t.state, t.id),
    check('rma_parcels_state', sql`${t.state} in ('OPEN', 'LINKED') and (${t.state} = 'OPEN') = (${t.rmaId} is null)`),
    primaryKey({ columns: [t.domainId, t.id] }),
    foreignKey({ name: 'rma_parcels_warehouse_id_fk', columns: [t.domainId, t.warehouseId], foreignColumns: [warehouses.domainId, warehouses.id] }),
    foreignKey({ name: 'rma_parcels_rma_id_fk', columns: [t.domainId, t.rmaId], foreignColumns: [rmaHeaders.domainId, rmaHeaders.id] }),
  ],
);
