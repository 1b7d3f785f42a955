// Third-party warehouse systems: the results booked from them (so a result seen twice is booked
// once), and the state of the sandbox warehouse system — a pretend WMS served by this app for
// demos and tests — with what it was sent, its own documents and their states, the results it
// reports, and every call it received.
import { sql } from 'drizzle-orm';
import { bigint, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, domainIdColumn, tenantIdColumn, timestamptz, updatedAt, versionColumn } from '../columns.js';
import { domains } from './accounts.js';
import { warehouses } from './warehouses.js';
import { skus } from './goods.js';

/** A result of a warehouse system, once handled: BOOKED or REFUSED (with why). */
export const warehouseSystemResults = pgTable(
  'warehouse_system_results',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    warehouseId: bigint('warehouse_id', { mode: 'number' })
      .notNull(),
    resultId: text('result_id').notNull(),
    /** ASN or WDO. */
    kind: text('kind').notNull(),
    /** RECEIPT, SHIPMENT, CANCELLED. */
    type: text('type').notNull(),
    docCode: text('doc_code').notNull(),
    outcome: text('outcome').notNull(),
    message: text('message'),
    payload: jsonb('payload'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('warehouse_system_results_key').on(t.domainId, t.warehouseId, t.resultId),
    index('warehouse_system_results_doc_idx').on(t.domainId, t.kind, t.docCode),
    primaryKey({ columns: [t.domainId, t.id] }),
    foreignKey({ name: 'warehouse_system_results_warehouse_id_fk', columns: [t.domainId, t.warehouseId], foreignColumns: [warehouses.domainId, warehouses.id] }),
  ],
);

/**
 * What warehouse systems pushed or the connector learnt without a poll (Qimen's confirmation
 * callbacks; a registration the system took at once): one row per message, its key unique per
 * warehouse (a callback's signature, so a replayed message is refused), the result it carried,
 * and what became of it. Rows a connector still reports as results have acknowledged_at null.
 */
export const warehouseSystemInbox = pgTable(
  'warehouse_system_inbox',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    warehouseId: bigint('warehouse_id', { mode: 'number' }).notNull(),
    /** QIMEN. */
    system: text('system').notNull(),
    /** The callback's method (taobao.qimen.deliveryorder.confirm…), or REGISTRATION. */
    method: text('method').notNull(),
    /** Unique per warehouse: a callback's signature, a registration's document code. */
    messageKey: text('message_key').notNull(),
    kind: text('kind').notNull(),
    docCode: text('doc_code').notNull(),
    resultId: text('result_id').notNull(),
    /** The result (WarehouseResult) the message carried. */
    payload: jsonb('payload').notNull(),
    /** BOOKED, REFUSED or REPEATED once handled; null while it waits to be fetched. */
    outcome: text('outcome'),
    message: text('message'),
    acknowledgedAt: timestamptz('acknowledged_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('warehouse_system_inbox_key').on(t.domainId, t.warehouseId, t.messageKey),
    index('warehouse_system_inbox_pending_idx').on(t.domainId, t.warehouseId, t.kind, t.id),
    primaryKey({ columns: [t.domainId, t.id] }),
    foreignKey({ name: 'warehouse_system_inbox_warehouse_id_fk', columns: [t.domainId, t.warehouseId], foreignColumns: [warehouses.domainId, warehouses.id] }),
  ],
);

// ---- the sandbox warehouse system -------------------------------------------------------------

/** The sandbox's state of one warehouse: how it behaves, and its counters. */
export const sandboxWmsWarehouses = pgTable(
  'sandbox_wms_warehouses',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    warehouseId: bigint('warehouse_id', { mode: 'number' })
      .notNull(),
    /** Share of calls failing at random, 0.00 to 1.00, drawn from (warehouse, call number). */
    failureRate: numeric('failure_rate', { precision: 3, scale: 2 }).notNull().default('0'),
    latencyMs: integer('latency_ms').notNull().default(0),
    /** IMMEDIATE or CONFIRM (a cancel stays CANCELING until confirmed in the console). */
    cancelMode: text('cancel_mode').notNull().default('IMMEDIATE'),
    /** Issues naming one of these SKU codes are REJECTED. */
    rejectSkuCodes: jsonb('reject_sku_codes').notNull().default(sql`'[]'::jsonb`),
    /** Failures to produce on the next calls, in order: [{ kind, operation? }]. */
    forcedFailures: jsonb('forced_failures').notNull().default(sql`'[]'::jsonb`),
    callCount: bigint('call_count', { mode: 'number' }).notNull().default(0),
    documentSeq: integer('document_seq').notNull().default(0),
    resultSeq: integer('result_seq').notNull().default(0),
    version: versionColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sandbox_wms_warehouses_key').on(t.domainId, t.warehouseId), primaryKey({ columns: [t.domainId, t.id] }), foreignKey({ name: 'sandbox_wms_warehouses_warehouse_id_fk', columns: [t.domainId, t.warehouseId], foreignColumns: [warehouses.domainId, warehouses.id] })],
);

/** A document the sandbox was sent, in its own states (UNSENT … CLOSED). */
export const sandboxWmsDocuments = pgTable(
  'sandbox_wms_documents',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    warehouseId: bigint('warehouse_id', { mode: 'number' })
      .notNull(),
    kind: text('kind').notNull(),
    docCode: text('doc_code').notNull(),
    docType: text('doc_type').notNull(),
    externalCode: text('external_code').notNull(),
    status: text('status').notNull(),
    /** What it was sent: the request as received. */
    request: jsonb('request').notNull(),
    version: versionColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sandbox_wms_documents_key').on(t.domainId, t.warehouseId, t.kind, t.docCode), primaryKey({ columns: [t.domainId, t.id] }), foreignKey({ name: 'sandbox_wms_documents_warehouse_id_fk', columns: [t.domainId, t.warehouseId], foreignColumns: [warehouses.domainId, warehouses.id] })],
);

export const sandboxWmsDocumentLines = pgTable(
  'sandbox_wms_document_lines',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    documentId: bigint('document_id', { mode: 'number' })
      .notNull(),
    /** The caller's line id. */
    lineId: bigint('line_id', { mode: 'number' }).notNull(),
    skuId: bigint('sku_id', { mode: 'number' }).notNull(),
    skuCode: text('sku_code').notNull(),
    skuName: text('sku_name'),
    qty: integer('qty').notNull(),
    doneQty: integer('done_qty').notNull().default(0),
  },
  (t) => [uniqueIndex('sandbox_wms_document_lines_key').on(t.domainId, t.documentId, t.lineId), primaryKey({ columns: [t.domainId, t.id] }), foreignKey({ name: 'sandbox_wms_document_lines_document_id_fk', columns: [t.domainId, t.documentId], foreignColumns: [sandboxWmsDocuments.domainId, sandboxWmsDocuments.id] }).onDelete('cascade')],
);

/** Results the sandbox reports (receipts, shipments, confirmed cancels) until acknowledged. */
export const sandboxWmsResults = pgTable(
  'sandbox_wms_results',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    warehouseId: bigint('warehouse_id', { mode: 'number' })
      .notNull(),
    documentId: bigint('document_id', { mode: 'number' })
      .notNull(),
    resultId: text('result_id').notNull(),
    kind: text('kind').notNull(),
    type: text('type').notNull(),
    /** The document's status after this result. */
    status: text('status').notNull(),
    lines: jsonb('lines').notNull(),
    expressCompanyCode: text('express_company_code'),
    expressNo: text('express_no'),
    acknowledgedAt: timestamptz('acknowledged_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sandbox_wms_results_key').on(t.domainId, t.warehouseId, t.resultId),
    index('sandbox_wms_results_pending_idx').on(t.domainId, t.warehouseId, t.kind, t.id),
    primaryKey({ columns: [t.domainId, t.id] }),
    foreignKey({ name: 'sandbox_wms_results_warehouse_id_fk', columns: [t.domainId, t.warehouseId], foreignColumns: [warehouses.domainId, warehouses.id] }),
    foreignKey({ name: 'sandbox_wms_results_document_id_fk', columns: [t.domainId, t.documentId], foreignColumns: [sandboxWmsDocuments.domainId, sandboxWmsDocuments.id] }).onDelete('cascade'),
  ],
);

/** Every call the sandbox received, with its outcome. */
export const sandboxWmsCalls = pgTable(
  'sandbox_wms_calls',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    warehouseId: bigint('warehouse_id', { mode: 'number' })
      .notNull(),
    operation: text('operation').notNull(),
    outcome: text('outcome').notNull(),
    message: text('message'),
    docCode: text('doc_code'),
    payload: jsonb('payload'),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_wms_calls_warehouse_idx').on(t.domainId, t.warehouseId, t.id), primaryKey({ columns: [t.domainId, t.id] }), foreignKey({ name: 'sandbox_wms_calls_warehouse_id_fk', columns: [t.domainId, t.warehouseId], foreignColumns: [warehouses.domainId, warehouses.id] })],
);

/**
 * Goods registered at a warehouse system: one row per (warehouse, SKU) for an item (kind ITEM,
 * tb_sku_row_id 0) and per (warehouse, online SKU) for a mapping (kind MAPPING), in the statuses of
 * spec 02 §3.1: REQUEST (waiting to be sent), SENDING (the warehouse accepted it, its
 * confirmation is awaited), SUCCESS, FAILURE (with why). skus.sync_status and spus.sync_status
 * roll these up.
 */
export const goodsWarehouseSyncs = pgTable(
  'goods_warehouse_syncs',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    warehouseId: bigint('warehouse_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    skuId: bigint('sku_id', { mode: 'number' }).notNull(),
    /** MAPPING: the tb_skus row; ITEM: 0. */
    tbSkuRowId: bigint('tb_sku_row_id', { mode: 'number' }).notNull().default(0),
    status: text('status').notNull(),
    message: text('message'),
    /** Tries of the current request (retryable failures count). */
    attempts: integer('attempts').notNull().default(0),
    /** Requests made so far; the document code of a request carries it, so a new request is a new document. */
    requestSeq: integer('request_seq').notNull().default(1),
    docCode: text('doc_code'),
    externalCode: text('external_code'),
    requestedAt: timestamptz('requested_at').notNull(),
    requestedBy: bigint('requested_by', { mode: 'number' }),
    version: versionColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('goods_warehouse_syncs_key').on(t.domainId, t.warehouseId, t.kind, t.skuId, t.tbSkuRowId),
    index('goods_warehouse_syncs_sku_idx').on(t.domainId, t.skuId),
    index('goods_warehouse_syncs_status_idx').on(t.domainId, t.status),
    index('goods_warehouse_syncs_doc_idx').on(t.domainId, t.warehouseId, t.docCode),
    primaryKey({ columns: [t.domainId, t.id] }),
    foreignKey({ name: 'goods_warehouse_syncs_warehouse_id_fk', columns: [t.domainId, t.warehouseId], foreignColumns: [warehouses.domainId, warehouses.id] }),
    foreignKey({ name: 'goods_warehouse_syncs_sku_id_fk', columns: [t.domainId, t.skuId], foreignColumns: [skus.domainId, skus.id] }),
  ],
);
