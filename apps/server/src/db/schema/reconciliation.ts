// Platform reconciliation (issue #19; spec 02 §4.1, §7.12): one ledger of money events — every
// platform bill line, whatever its source (Alipay, Tmall/Taobao, Douyin files, the sandbox
// marketplace's settlement bills), as a signed amount in fen with the platform's own line id — the
// bill files imported into it, and the per-order reconciliation computed from it by set-based SQL.
// modules/reconciliation/README.md says why each column is what it is.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, createdBy, domainIdColumn, tenantIdColumn, timestamptz, updatedAt, versionColumn } from '../columns.js';
import { domains } from './accounts.js';
import { storedFiles } from './files.js';
import { stores } from './stores.js';

/**
 * One bill file (or one sandbox pull) loaded into the ledger: all of its lines or none. A file is a
 * background task (QUEUED → RUNNING → LOADED / REFUSED / FAILED) run by the `bill-import` job; its
 * worker writes a heartbeat, and a task whose heartbeat went stale is run again (attempt + 1).
 */
export const billImports = pgTable(
  'bill_imports',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    /** ALIPAY_TRADE, ALIPAY_ACCOUNT, TAOBAO_EXPORT, DOUYIN_SETTLE, DOUYIN_FUNDFLOW, KUAISHOU_BILL, PDD_BILL, SANDBOX; null until the file is recognised. */
    source: text('source'),
    fileName: text('file_name').notNull(),
    /** The uploaded file (a task reads it from the file store). */
    fileId: bigint('file_id', { mode: 'number' }).references(() => storedFiles.id),
    /** QUEUED, RUNNING, LOADED (every line in the ledger), REFUSED (nothing loaded; the result file lists every bad line), FAILED. */
    status: text('status').notNull(),
    /** While RUNNING: READING, CHECKING, LOADING, RECONCILING. */
    stage: text('stage'),
    /** Load lines of orders not in OpenSeller (MISSING_ORDER) instead of refusing them. */
    loadMissingOrders: boolean('load_missing_orders').notNull().default(false),
    lineCount: integer('line_count').notNull().default(0),
    processedLines: integer('processed_lines').notNull().default(0),
    inserted: integer('inserted').notNull().default(0),
    duplicates: integer('duplicates').notNull().default(0),
    problemCount: integer('problem_count').notNull().default(0),
    /** The header row of the file (of each CSV of a zip), as in the file: a ledger line's raw is { line, text }. */
    header: jsonb('header'),
    /** The first problems of a refused file (all of them are in the result file). */
    problems: jsonb('problems').notNull().default([]),
    /** The result file (CSV, one row per bad line) of a refused file. */
    resultFileId: bigint('result_file_id', { mode: 'number' }).references(() => storedFiles.id),
    /** Why a FAILED task could not run: an error code (when it is one) and its text. */
    errorCode: text('error_code'),
    message: text('message'),
    /** The run that holds the task; a run whose attempt moved on writes nothing. */
    attempt: integer('attempt').notNull().default(0),
    heartbeatAt: timestamptz('heartbeat_at'),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('bill_imports_domain_idx').on(t.domainId, t.id.desc()),
    index('bill_imports_running_idx').on(t.status, t.heartbeatAt),
    primaryKey({ columns: [t.domainId, t.id] }),
    foreignKey({ name: 'bill_imports_store_id_fk', columns: [t.domainId, t.storeId], foreignColumns: [stores.domainId, stores.id] }),
    check('bill_imports_status_check', sql`${t.status} in ('QUEUED', 'RUNNING', 'LOADED', 'REFUSED', 'FAILED')`),
  ],
);

/** The ledger: one row per platform bill line. */
export const moneyEvents = pgTable(
  'money_events',
  {
    id: tenantIdColumn(),
    // No foreign key to domains or stores: a key is checked once per row written — a million rows per
    // bill, a quarter of the insert (bench/RESULTS.md, 2026-11-29). Every writer holds the store's row
    // FOR KEY SHARE for its transaction (lockLedgerStores, bill-stage.ts: the lock such a key takes,
    // once), and a store's delete counts its events and reconciliations as references (index.ts).
    domainId: domainIdColumn(),
    /** The store's platform code (TAOBAO, TMALL, DOUYIN, SANDBOX, …). */
    platform: text('platform').notNull(),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    /** Where the line came from (the file format, or SANDBOX). */
    source: text('source').notNull(),
    /** The platform's own id of the line; unique per store and source, so a second import changes nothing. */
    sourceLineId: text('source_line_id').notNull(),
    importId: bigint('import_id', { mode: 'number' }),
    orderNo: text('order_no'),
    subOrderNo: text('sub_order_no'),
    afterSaleNo: text('after_sale_no'),
    /** sale, refund, fee:<kind>, subsidy:<kind>, adjustment. */
    eventType: text('event_type').notNull(),
    /** Signed fen: money in (+) or out (−) of the seller's account. */
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    occurredAt: timestamptz('occurred_at'),
    settledAt: timestamptz('settled_at').notNull(),
    /** TO_BE_RECORD, RECORDED (spec 02 §4.1 Bill). */
    billStatus: text('bill_status').notNull().default('TO_BE_RECORD'),
    recordedAt: timestamptz('recorded_at'),
    recordedBy: bigint('recorded_by', { mode: 'number' }),
    /**
     * The line as read, from a pull: its fields. A file's line is kept once in `bill_lines` (a line of
     * an Alipay trade gives two events), found by `import_id` and `bill_line`; lines loaded before
     * that (migration 0078) keep `{ line, text }` here. `eventRaw` (reconciliation.queries.ts) reads either.
     */
    raw: jsonb('raw'),
    /** The file line's number in its import (1-based, over every CSV of a zip): the key of its `bill_lines` row. */
    billLine: integer('bill_line'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('money_events_line_key').on(t.domainId, t.storeId, t.source, t.sourceLineId),
    index('money_events_order_idx').on(t.domainId, t.storeId, t.orderNo),
    index('money_events_settled_idx').on(t.domainId, t.settledAt.desc(), t.id.desc()),
    primaryKey({ columns: [t.domainId, t.id] }),
    check('money_events_bill_status_check', sql`${t.billStatus} in ('TO_BE_RECORD', 'RECORDED')`),
    check('money_events_raw_check', sql`${t.raw} is not null or (${t.importId} is not null and ${t.billLine} is not null)`),
    check('money_events_event_type_check', sql`${t.eventType} in ('sale', 'refund', 'adjustment') or ${t.eventType} ~ '^(fee|subsidy):[a-z_]+$'`),
  ],
);

/**
 * The raw lines of a bill file, each once (not once per ledger event of the line): the line's number
 * in its CSV and its text as in the file (the header row is on the import). Written with the ledger
 * lines, only for lines that gave at least one new event. No key to bill_imports is checked per row
 * (a million rows per bill); the import is never deleted.
 */
export const billLines = pgTable(
  'bill_lines',
  {
    domainId: domainIdColumn(),
    importId: bigint('import_id', { mode: 'number' }).notNull(),
    /** The line's ordinal in the import (1-based, over every CSV of a zip): money_events.bill_line. */
    seq: integer('seq').notNull(),
    /** The line's number in its CSV, as the problems of a refused file name it. */
    line: integer('line').notNull(),
    text: text('text').notNull(),
  },
  (t) => [primaryKey({ columns: [t.domainId, t.importId, t.seq] })],
);

/** The reconciliation of one platform order of a store, recomputed from the ledger and the orders. */
export const reconciliations = pgTable(
  'reconciliations',
  {
    id: tenantIdColumn(),
    // No foreign key to domains or stores: a key is checked once per row written — a million rows per
    // bill, a quarter of the insert (bench/RESULTS.md, 2026-11-29). Every writer holds the store's row
    // FOR KEY SHARE for its transaction (lockLedgerStores, bill-stage.ts: the lock such a key takes,
    // once), and a store's delete counts its events and reconciliations as references (index.ts).
    domainId: domainIdColumn(),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    orderNo: text('order_no').notNull(),
    erpOrderId: bigint('erp_order_id', { mode: 'number' }),
    erpOrderCode: text('erp_order_code'),
    /** The month (YYYY-MM) of the order's first sale line, or of its shipping when no line came yet. */
    period: text('period').notNull(),
    shippedFen: bigint('shipped_fen', { mode: 'number' }).notNull().default(0),
    refundedFen: bigint('refunded_fen', { mode: 'number' }).notNull().default(0),
    expectedFen: bigint('expected_fen', { mode: 'number' }).notNull().default(0),
    incomeFen: bigint('income_fen', { mode: 'number' }).notNull().default(0),
    expenseFen: bigint('expense_fen', { mode: 'number' }).notNull().default(0),
    receivedFen: bigint('received_fen', { mode: 'number' }).notNull().default(0),
    differenceFen: bigint('difference_fen', { mode: 'number' }).notNull().default(0),
    commissionFen: bigint('commission_fen', { mode: 'number' }).notNull().default(0),
    serviceFeeFen: bigint('service_fee_fen', { mode: 'number' }).notNull().default(0),
    subsidyFen: bigint('subsidy_fen', { mode: 'number' }).notNull().default(0),
    lateRefundFen: bigint('late_refund_fen', { mode: 'number' }).notNull().default(0),
    freightFen: bigint('freight_fen', { mode: 'number' }).notNull().default(0),
    pendingRefundFen: bigint('pending_refund_fen', { mode: 'number' }).notNull().default(0),
    unknownFen: bigint('unknown_fen', { mode: 'number' }).notNull().default(0),
    lineCount: integer('line_count').notNull().default(0),
    lastEventId: bigint('last_event_id', { mode: 'number' }),
    /** TODO, SUCCESS, FAILURE, MISSING_ORDER (spec) + PARTIAL, MANUAL_SUCCESS. */
    status: text('status').notNull(),
    /** What the computation says; MANUAL_SUCCESS keeps it to go back to. */
    computedStatus: text('computed_status').notNull(),
    manualReason: text('manual_reason'),
    manualBy: bigint('manual_by', { mode: 'number' }),
    manualAt: timestamptz('manual_at'),
    /** The ledger's last line id when the manual success was given: a later line reopens the order. */
    manualEventId: bigint('manual_event_id', { mode: 'number' }),
    reopenedAt: timestamptz('reopened_at'),
    reconciledAt: timestamptz('reconciled_at').notNull(),
    version: versionColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reconciliations_order_key').on(t.domainId, t.storeId, t.orderNo),
    index('reconciliations_status_idx').on(t.domainId, t.status, t.period),
    index('reconciliations_period_idx').on(t.domainId, t.period, t.storeId),
    primaryKey({ columns: [t.domainId, t.id] }),
    check('reconciliations_status_check', sql`${t.status} in ('TODO', 'SUCCESS', 'FAILURE', 'MISSING_ORDER', 'PARTIAL', 'MANUAL_SUCCESS')`),
    check('reconciliations_manual_reason_check', sql`${t.status} <> 'MANUAL_SUCCESS' or (${t.manualReason} is not null and ${t.manualBy} is not null)`),
  ],
);
