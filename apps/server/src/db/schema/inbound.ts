// Inbound notices (ASN, spec 02 §3.6, §4.1): a header naming the warehouse, type and supplier,
// its lines with noticed and received quantities, and every receipt with its lines per location.
// Stock itself moves only through the stock engine, in the receipt's transaction.
import { sql } from 'drizzle-orm';
import { bigint, check, date, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, createdBy, domainIdColumn, money, tenantIdColumn, timestamptz, updatedAt, versionColumn } from '../columns.js';
import { domains } from './accounts.js';
import { skus } from './goods.js';
import { suppliers } from './suppliers.js';
import { warehouses } from './warehouses.js';

export const asnHeaders = pgTable(
  'asn_headers',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    code: text('code').notNull(),
    /** ASN_PURCHASE, ASN_AFTERSALE, ASN_ALLOCATED, ASN_OTHER. */
    asnType: text('asn_type').notNull(),
    warehouseId: bigint('warehouse_id', { mode: 'number' })
      .notNull(),
    supplierId: bigint('supplier_id', { mode: 'number' }),
    /** CI_ASN_STATUS_CREATED, _SYNCED, _COMPLETED, _CLOSED. */
    status: text('status').notNull(),
    purchaseCode: text('purchase_code'),
    expectedAt: timestamptz('expected_at'),
    remark: text('remark'),
    skuTotal: integer('sku_total').notNull().default(0),
    qtyTotal: integer('qty_total').notNull().default(0),
    receivedQtyTotal: integer('received_qty_total').notNull().default(0),
    amountTotal: money('amount_total').notNull().default('0'),
    /** Issue to the warehouse system: REQUEST, SENDING, FAILURE, SUCCESS, STOP; null for a seller-run warehouse. */
    syncStatus: text('sync_status'),
    syncAttempts: integer('sync_attempts').notNull().default(0),
    syncError: text('sync_error'),
    /** The error code of the last failed send (ERR_WMS_TIMEOUT, ERR_WMS_REJECTED…). */
    syncErrorCode: text('sync_error_code'),
    /** When the next automatic attempt is due (a retryable failure). */
    nextSyncAt: timestamptz('next_sync_at'),
    syncedAt: timestamptz('synced_at'),
    /** The document's status in the warehouse system (UNSENT … CLOSED). */
    wmsStatus: text('wms_status'),
    /** The warehouse system's code of the notice. */
    externalCode: text('external_code'),
    /** A cancel asked of the warehouse system, not yet sent or answered: REQUEST, SENDING, FAILURE. */
    cancelSyncStatus: text('cancel_sync_status'),
    cancelAttempts: integer('cancel_attempts').notNull().default(0),
    cancelReason: text('cancel_reason'),
    completedAt: timestamptz('completed_at'),
    closedAt: timestamptz('closed_at'),
    closedBy: bigint('closed_by', { mode: 'number' }),
    version: versionColumn(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('asn_headers_domain_code_key').on(t.domainId, t.code),
    index('asn_headers_domain_time_idx').on(t.domainId, t.createdAt.desc().nullsFirst(), t.id),
    index('asn_headers_domain_status_idx').on(t.domainId, t.status, t.id),
    index('asn_headers_domain_warehouse_idx').on(t.domainId, t.warehouseId, t.status),
    index('asn_headers_sync_due_idx').on(t.syncStatus, t.nextSyncAt),
    check('asn_headers_received_within_noticed', sql`${t.receivedQtyTotal} >= 0 and ${t.receivedQtyTotal} <= ${t.qtyTotal}`),
    primaryKey({ columns: [t.domainId, t.id] }),
    foreignKey({ name: 'asn_headers_warehouse_id_fk', columns: [t.domainId, t.warehouseId], foreignColumns: [warehouses.domainId, warehouses.id] }),
    foreignKey({ name: 'asn_headers_supplier_id_fk', columns: [t.domainId, t.supplierId], foreignColumns: [suppliers.domainId, suppliers.id] }),
  ],
);

export const asnDetails = pgTable(
  'asn_details',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    asnId: bigint('asn_id', { mode: 'number' })
      .notNull(),
    lineNo: integer('line_no').notNull(),
    skuId: bigint('sku_id', { mode: 'number' })
      .notNull(),
    qty: integer('qty').notNull(),
    receivedQty: integer('received_qty').notNull().default(0),
    /** Unit price; the receipt's unit cost. */
    price: money('price'),
    /** The planned location; 0 is never stored (null means none). */
    locationId: bigint('location_id', { mode: 'number' }),
    lotAttNo: text('lot_att_no'),
    remark: text('remark'),
    version: versionColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('asn_details_asn_idx').on(t.domainId, t.asnId, t.lineNo),
    index('asn_details_sku_idx').on(t.domainId, t.skuId),
    check('asn_details_qty_positive', sql`${t.qty} > 0`),
    check('asn_details_received_within_noticed', sql`${t.receivedQty} >= 0 and ${t.receivedQty} <= ${t.qty}`),
    primaryKey({ columns: [t.domainId, t.id] }),
    foreignKey({ name: 'asn_details_asn_id_fk', columns: [t.domainId, t.asnId], foreignColumns: [asnHeaders.domainId, asnHeaders.id] }).onDelete('cascade'),
    foreignKey({ name: 'asn_details_sku_id_fk', columns: [t.domainId, t.skuId], foreignColumns: [skus.domainId, skus.id] }),
  ],
);

/** One receipt: booked by a person, or reported by the warehouse system (with its result id). */
export const asnReceipts = pgTable(
  'asn_receipts',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    asnId: bigint('asn_id', { mode: 'number' })
      .notNull(),
    /** MANUAL or WAREHOUSE_SYSTEM. */
    source: text('source').notNull(),
    externalResultId: text('external_result_id'),
    qtyTotal: integer('qty_total').notNull(),
    remark: text('remark'),
    receivedBy: bigint('received_by', { mode: 'number' }),
    receivedByName: text('received_by_name'),
    createdAt: createdAt(),
  },
  (t) => [index('asn_receipts_asn_idx').on(t.domainId, t.asnId, t.id), uniqueIndex('asn_receipts_result_key').on(t.domainId, t.asnId, t.externalResultId), primaryKey({ columns: [t.domainId, t.id] }), foreignKey({ name: 'asn_receipts_asn_id_fk', columns: [t.domainId, t.asnId], foreignColumns: [asnHeaders.domainId, asnHeaders.id] }).onDelete('cascade')],
);

export const asnReceiptLines = pgTable(
  'asn_receipt_lines',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    receiptId: bigint('receipt_id', { mode: 'number' })
      .notNull(),
    asnDetailId: bigint('asn_detail_id', { mode: 'number' })
      .notNull(),
    skuId: bigint('sku_id', { mode: 'number' }).notNull(),
    /** 0 when the warehouse keeps no locations. */
    locationId: bigint('location_id', { mode: 'number' }).notNull().default(0),
    qty: integer('qty').notNull(),
    unitCost: money('unit_cost'),
  },
  (t) => [index('asn_receipt_lines_receipt_idx').on(t.domainId, t.receiptId), check('asn_receipt_lines_qty_positive', sql`${t.qty} > 0`), primaryKey({ columns: [t.domainId, t.id] }), foreignKey({ name: 'asn_receipt_lines_receipt_id_fk', columns: [t.domainId, t.receiptId], foreignColumns: [asnReceipts.domainId, asnReceipts.id] }).onDelete('cascade'), foreignKey({ name: 'asn_receipt_lines_asn_detail_id_fk', columns: [t.domainId, t.asnDetailId], foreignColumns: [asnDetails.domainId, asnDetails.id] }).onDelete('cascade')],
);

/** The day's counter of notice codes: ASN + yyyymmdd + a 4-digit counter. */
export const asnCodeCounters = pgTable(
  'asn_code_counters',
  {
    domainId: domainIdColumn().references(() => domains.id),
    day: date('day', { mode: 'string' }).notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [uniqueIndex('asn_code_counters_key').on(t.domainId, t.day)],
);
