// Spreadsheet imports (spec 02 §7.3 "Excel import multipart uploadExcel", 01 §5): one import
// engine with tasks that run in the background (apps/server/src/platform/imports.ts).
import { z } from 'zod';
import { Id } from './common.js';
import { IMPORT_PROBLEM_CODES, type ImportProblemCode } from '../catalogues/import-problems.js';

/** The largest spreadsheet any import takes (spec 01 §5: 5M), by either path. */
export const IMPORT_FILE_MAX_BYTES = 5_242_880;
/** The most rows one goods import takes, by either path. */
export const GOODS_IMPORT_MAX_ROWS = 20_000;
/** The body of a direct import call: the file in base64, or its checked rows, with room for the JSON around them. */
export const DIRECT_IMPORT_BODY_LIMIT = 8 * 1024 * 1024;

export const IMPORT_STATUSES = ['PARSING', 'INVALID', 'PARSED', 'LOADING', 'DONE', 'FAILED', 'CANCELLED'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** Params of a problem's text: names, codes, row numbers, limits. */
export const ImportProblemParams = z.record(z.string(), z.union([z.string(), z.number()]));

/**
 * One problem of one row: the row number in the sheet, the column, the problem's code
 * (catalogues/import-problems.ts) with its params, and its text in the importer's language for
 * a client that does not translate codes.
 */
export const ImportRowProblem = z.object({
  row: z.number().int(),
  field: z.string(),
  code: z.enum(IMPORT_PROBLEM_CODES as [ImportProblemCode, ...ImportProblemCode[]]),
  params: ImportProblemParams,
  message: z.string(),
});
export type ImportRowProblem = z.infer<typeof ImportRowProblem>;

/** An import task as the import dialog follows it. */
export const ImportTaskView = z.object({
  id: z.number().int(),
  kind: z.string(),
  status: z.enum(IMPORT_STATUSES),
  fileName: z.string(),
  totalRows: z.number().int(),
  processedRows: z.number().int(),
  percentage: z.number().int(),
  errorCount: z.number().int(),
  errors: z.array(ImportRowProblem),
  summary: z.record(z.string(), z.number()),
  result: z.record(z.string(), z.number()).nullable(),
  message: z.string().nullable(),
  /**
   * Why the task failed, as a code the web app words: an import problem code
   * (catalogues/import-problems.ts) or an error code; null when it did not fail or for an
   * unexpected failure (then `message` says what happened).
   */
  messageCode: z.string().nullable(),
  messageParams: ImportProblemParams.nullable(),
  /** How many times a crash or restart stopped the task while it ran. */
  interruptions: z.number().int(),
  /** INTERRUPTED (waits to run again), RESUMED (runs again), GAVE_UP (failed after too many interruptions). */
  notice: z.enum(['INTERRUPTED', 'RESUMED', 'GAVE_UP']).nullable(),
  /** Whether it may be cancelled now: anything but a load a worker is running, or a finished task. */
  cancellable: z.boolean(),
});
export type ImportTaskView = z.infer<typeof ImportTaskView>;

export const ImportKind = z.string().trim().min(1).max(40);
export const ImportOptions = z.record(z.string(), z.union([z.boolean(), z.string(), z.number()])).default({});
export const ImportTemplateInput = z.object({ kind: ImportKind });
export const ImportTaskInput = z.object({ id: Id });
export const ImportConfirmInput = z.object({ id: Id, options: ImportOptions });
