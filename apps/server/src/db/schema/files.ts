import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, createdBy, domainIdColumn, idColumn, tenantIdColumn, timestamptz, updatedAt } from '../columns.js';

/** Every file in the file store (DATA_DIR/files): pictures, uploaded spreadsheets, exports. */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: idColumn(),
    domainId: bigint('domain_id', { mode: 'number' }),
    useType: text('use_type').notNull(),
    /** Path inside the file store; for pictures also the public reference. Unguessable. */
    fileKey: text('file_key').notNull(),
    originalName: text('original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    createdBy: createdBy(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('stored_files_key').on(t.fileKey), index('stored_files_domain_idx').on(t.domainId, t.createdAt)],
);

/**
 * Who runs a background task and whether it was interrupted (platform/jobs.ts). A worker writes
 * to the task only while `attempt` is the one it took, so a run that was given up cannot finish it.
 */
const taskLiveness = () => ({
  /** The current run; every resume or cancel starts a new one. */
  attempt: integer('attempt').notNull().default(0),
  /** Written every few seconds by the worker running the task; null while no worker holds it. */
  heartbeatAt: timestamptz('heartbeat_at'),
  /** How many times a crash or restart stopped the task while it ran. */
  interruptions: integer('interruptions').notNull().default(0),
  /** INTERRUPTED (waiting to run again), RESUMED (running again), GAVE_UP (failed after too many interruptions). */
  notice: text('notice'),
});

/** The download centre: one row per requested export (spec 01 §3 export file, §4.5). */
export const exportFiles = pgTable(
  'export_files',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    title: text('title').notNull(),
    exportType: text('export_type').notNull(),
    processStatus: text('process_status').notNull().default('REQUEST'),
    unread: boolean('unread').notNull().default(true),
    fileId: bigint('file_id', { mode: 'number' }).references(() => storedFiles.id),
    rowCount: integer('row_count'),
    errorMessage: text('error_message'),
    params: jsonb('params').notNull().default(sql`'{}'::jsonb`),
    ...taskLiveness(),
    createdAt: createdAt(),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    index('export_files_user_idx').on(t.domainId, t.userId, t.createdAt.desc().nullsFirst()),
    // The sweep for interrupted exports reads only the few rows a worker holds.
    index('export_files_heartbeat_idx').on(t.heartbeatAt).where(sql`heartbeat_at is not null`),
    primaryKey({ columns: [t.domainId, t.id] }),
  ],
);

/**
 * A spreadsheet import: parsed and checked in the background, then loaded in one transaction
 * (all rows or none), with progress the page polls.
 */
export const importTasks = pgTable(
  'import_tasks',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('PARSING'),
    fileId: bigint('file_id', { mode: 'number' }).references(() => storedFiles.id),
    fileName: text('file_name').notNull(),
    language: text('language').notNull().default('zh'),
    totalRows: integer('total_rows').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    /** The first problems found: [{ row, field, code, params, message }]. */
    errors: jsonb('errors').notNull().default(sql`'[]'::jsonb`),
    /** The checked rows, kept between the check and the load. */
    rows: jsonb('rows'),
    summary: jsonb('summary').notNull().default(sql`'{}'::jsonb`),
    options: jsonb('options').notNull().default(sql`'{}'::jsonb`),
    result: jsonb('result'),
    message: text('message'),
    /** Why it failed as a code the web app words (an import problem or an error code), and its params. */
    messageCode: text('message_code'),
    messageParams: jsonb('message_params'),
    ...taskLiveness(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('import_tasks_user_idx').on(t.domainId, t.userId, t.createdAt),
    // The sweep for interrupted imports reads only the few rows a worker holds.
    index('import_tasks_heartbeat_idx').on(t.heartbeatAt).where(sql`heartbeat_at is not null`),
    primaryKey({ columns: [t.domainId, t.id] }),
  ],
);
