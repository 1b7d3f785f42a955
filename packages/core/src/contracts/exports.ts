// The download centre (spec 01 §4.5, §7; spec 02 §7.2): the export-file row every export-start
// call answers and the download centre lists, and the inputs of its calls.
import { z } from 'zod';
import { DateTimeText, Id, PageQuery } from './common.js';

export const EXPORT_STATUSES = ['REQUEST', 'SENDING', 'SUCCESS', 'FAILURE'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];
/** What a restart did to an export being made: INTERRUPTED (waits to be made again), RESUMED, GAVE_UP. */
export const EXPORT_NOTICES = ['INTERRUPTED', 'RESUMED', 'GAVE_UP'] as const;

/**
 * An export file (01 §3: id, title, type, isOss, unread, processStatus), as the download centre
 * lists it and as every export-start call answers it (the row of the file being made).
 */
export const ExportFileRow = z.object({
  id: z.number().int(),
  title: z.string(),
  type: z.string(),
  processStatus: z.enum(EXPORT_STATUSES),
  unread: z.boolean(),
  isOss: z.boolean(),
  rowCount: z.number().int().nullable(),
  errorMessage: z.string().nullable(),
  createTime: z.string(),
  finishTime: z.string().nullable(),
  /** How many times a crash or restart stopped the export while it was being made. */
  interruptions: z.number().int(),
  notice: z.enum(EXPORT_NOTICES).nullable(),
  /** The marketplaces' own files of the export (the decryption flow, 01 §4.5), fetched by getPlatformFile. */
  platformFileCount: z.number().int(),
});
export type ExportFileRow = z.infer<typeof ExportFileRow>;

/** The answer of every call that starts an export: the requested file's row. */
export const ExportRequested = ExportFileRow;
export type ExportRequested = ExportFileRow;

export const ExportSearchInput = PageQuery.extend({
  exportStartTime: DateTimeText.optional(),
  exportEndTime: DateTimeText.optional(),
  unread: z.boolean().optional(),
});
export type ExportSearchInput = z.infer<typeof ExportSearchInput>;

/** One item of batchUpdateUnread: a file now read. */
export const ExportReadItem = z.object({ id: Id, unread: z.literal(false) });
export type ExportReadItem = z.infer<typeof ExportReadItem>;
const ReadItems = z.array(ExportReadItem).min(1).max(1000);

/**
 * batchUpdateUnread's payload is the JSON text of the items (01 §7): the body is the list
 * itself, [{"id":1,"unread":false}, …]. The same list sent as a JSON string is read too.
 */
export const ExportReadItemsInput = z.preprocess((payload) => {
  if (typeof payload !== 'string' || payload.length > 100_000) return payload;
  try {
    return JSON.parse(payload) as unknown;
  } catch {
    return payload;
  }
}, ReadItems);

/** downloadExcel {number}: the export file's id. */
export const ExportDownloadInput = z.object({ number: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
