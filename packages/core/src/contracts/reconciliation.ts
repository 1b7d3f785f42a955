// Platform reconciliation (issue #19; spec 02 §4.1, §7.12): the ledger of platform bill lines
// (money events), the bill files loaded into it, and the reconciliation of each platform order.
// Money in answers: decimal yuan text with 4 decimals (the ledger keeps signed integer fen).
import { z } from 'zod';
import { BILL_STATUSES } from '../catalogues/finance.js';
import { DateTimeText, Id, OptionalText, PageQuery, Text, Version } from './common.js';

export const ReconciliationErrors = {
  /** The file is none of the bill formats this build reads. */
  UNKNOWN_FORMAT: 'ERR_RECON_UNKNOWN_FORMAT',
  /** The file's text is neither UTF-8 nor GBK (or a zip without a CSV inside). */
  UNKNOWN_ENCODING: 'ERR_RECON_UNKNOWN_ENCODING',
  STORE_NOT_FOUND: 'ERR_RECON_STORE_NOT_FOUND',
  NOT_FOUND: 'ERR_RECON_NOT_FOUND',
  /** Manual success on a row that is already a success, or cancel on a row that is not manual. */
  WRONG_STATUS: 'ERR_RECON_WRONG_STATUS',
  /** The store's marketplace gives no settlement bills through this build. */
  NO_BILL_PULL: 'ERR_RECON_NO_BILL_PULL',
  /** A period of more than 31 days, or its end before its start. */
  BAD_WINDOW: 'ERR_RECON_BAD_WINDOW',
  BILL_NOT_FOUND: 'ERR_RECON_BILL_NOT_FOUND',
  /** No bill import task of that id in the caller's domain. */
  IMPORT_NOT_FOUND: 'ERR_RECON_IMPORT_NOT_FOUND',
  /** The bill file is larger than the import takes. */
  FILE_TOO_LARGE: 'ERR_RECON_FILE_TOO_LARGE',
} as const;

/** The spec's four plus PARTIAL (a refund we made that the platform has not settled yet) and MANUAL_SUCCESS. */
export const RECONCILIATION_STATUSES = ['TODO', 'SUCCESS', 'FAILURE', 'MISSING_ORDER', 'PARTIAL', 'MANUAL_SUCCESS'] as const;
export type ReconciliationStatus = (typeof RECONCILIATION_STATUSES)[number];

/** Spec 02 §4.1 bill type: money in or out. */
export const BILL_TYPES = ['INCOME', 'EXPENDITURE'] as const;
export type BillType = (typeof BILL_TYPES)[number];

/** Where a ledger line came from. */
export const BILL_SOURCES = ['ALIPAY_TRADE', 'ALIPAY_ACCOUNT', 'TAOBAO_EXPORT', 'DOUYIN_SETTLE', 'DOUYIN_FUNDFLOW', 'KUAISHOU_BILL', 'PDD_BILL', 'SANDBOX'] as const;
export type BillSource = (typeof BILL_SOURCES)[number];

/** The parts a difference is split into. */
export const DIFFERENCE_KINDS = ['commission', 'serviceFee', 'subsidy', 'lateRefund', 'freight', 'pendingRefund', 'unknown'] as const;

const Period = z
  .string()
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month as YYYY-MM');

export const ReconciliationSearchInput = PageQuery.extend({
  storeId: Id.nullish(),
  status: z.enum(RECONCILIATION_STATUSES).nullish(),
  period: Period.nullish(),
  orderNo: OptionalText(64),
  /** Only orders with an unexplained residual. */
  unexplainedOnly: z.boolean().nullish(),
});
export type ReconciliationSearchInput = z.input<typeof ReconciliationSearchInput>;
export type ReconciliationSearchParsed = z.output<typeof ReconciliationSearchInput>;

export const ReconciliationRow = z.object({
  id: z.number(),
  version: z.number(),
  storeId: z.number(),
  storeName: z.string(),
  orderNo: z.string(),
  erpOrderId: z.number().nullable(),
  erpOrderCode: z.string().nullable(),
  period: z.string(),
  status: z.enum(RECONCILIATION_STATUSES),
  computedStatus: z.enum(RECONCILIATION_STATUSES),
  shippedAmount: z.string(),
  refundedAmount: z.string(),
  expectedAmount: z.string(),
  incomeAmount: z.string(),
  expenseAmount: z.string(),
  receivedAmount: z.string(),
  differenceAmount: z.string(),
  commission: z.string(),
  serviceFee: z.string(),
  subsidy: z.string(),
  lateRefund: z.string(),
  freight: z.string(),
  pendingRefund: z.string(),
  unknown: z.string(),
  lineCount: z.number(),
  manualReason: z.string().nullable(),
  manualBy: z.number().nullable(),
  manualByName: z.string().nullable(),
  manualAt: z.string().nullable(),
  reopenedAt: z.string().nullable(),
  reconciledAt: z.string(),
});
export type ReconciliationRow = z.infer<typeof ReconciliationRow>;

export const ReconciliationSummary = z.object({
  /** The one number to chase: Σ unknown of the rows the filters select (all pages), and how many. */
  unexplainedAmount: z.string(),
  unexplainedCount: z.number(),
  statusCounts: z.record(z.string(), z.number()),
});

export const ReconciliationPage = z.object({
  voList: z.array(ReconciliationRow),
  total: z.number().int().nonnegative(),
  currentPage: z.number().int(),
  pageSize: z.number().int(),
  summary: ReconciliationSummary,
});

export const ReconcileInput = z.object({
  /** One store, or every store of the domain. */
  storeId: Id.nullish(),
});
export const ReconcileAnswer = z.object({ orders: z.number(), statusCounts: z.record(z.string(), z.number()), reopened: z.number() });

export const ManualSuccessInput = z.object({ id: Id, version: Version, reason: Text(200) });
export type ManualSuccessInput = z.input<typeof ManualSuccessInput>;
export const ReconciliationVersionInput = z.object({ id: Id, version: Version });

export const BillLineSearchInput = PageQuery.extend({
  storeId: Id.nullish(),
  billStatus: z.enum(BILL_STATUSES).nullish(),
  billType: z.enum(BILL_TYPES).nullish(),
  /** sale, refund, adjustment, fee, subsidy, or an exact fee:/subsidy: kind. */
  eventType: OptionalText(40),
  source: z.enum(BILL_SOURCES).nullish(),
  orderNo: OptionalText(64),
  settledFrom: DateTimeText.nullish(),
  settledTo: DateTimeText.nullish(),
});
export type BillLineSearchInput = z.input<typeof BillLineSearchInput>;
export type BillLineSearchParsed = z.output<typeof BillLineSearchInput>;

export const BillLineRow = z.object({
  id: z.number(),
  storeId: z.number(),
  storeName: z.string(),
  platform: z.string(),
  source: z.enum(BILL_SOURCES),
  sourceLineId: z.string(),
  orderNo: z.string().nullable(),
  subOrderNo: z.string().nullable(),
  afterSaleNo: z.string().nullable(),
  eventType: z.string(),
  billType: z.enum(BILL_TYPES),
  amount: z.string(),
  occurredAt: z.string().nullable(),
  settledAt: z.string(),
  billStatus: z.enum(BILL_STATUSES),
  recordedAt: z.string().nullable(),
});
export type BillLineRow = z.infer<typeof BillLineRow>;

export const BillLinePage = z.object({
  voList: z.array(BillLineRow),
  total: z.number().int().nonnegative(),
  currentPage: z.number().int(),
  pageSize: z.number().int(),
  /** Σ of the lines the filters select, all pages. */
  incomeAmount: z.string(),
  expenseAmount: z.string(),
});

export const RecordBillsInput = z.object({ ids: z.array(Id).min(1).max(1000) });
export const RecordBillsAnswer = z.object({ recorded: z.number() });

export const CalculatedSumInput = z.object({
  storeId: Id.nullish(),
  periodFrom: Period.nullish(),
  periodTo: Period.nullish(),
});
export type CalculatedSumInput = z.input<typeof CalculatedSumInput>;

export const CalculatedSumRow = z.object({
  storeId: z.number(),
  storeName: z.string(),
  period: z.string(),
  lineCount: z.number(),
  toBeRecordCount: z.number(),
  incomeAmount: z.string(),
  expenseAmount: z.string(),
  netAmount: z.string(),
  sale: z.string(),
  refund: z.string(),
  commission: z.string(),
  serviceFee: z.string(),
  subsidy: z.string(),
  freight: z.string(),
  adjustment: z.string(),
});
export type CalculatedSumRow = z.infer<typeof CalculatedSumRow>;
export const CalculatedSumAnswer = z.object({ voList: z.array(CalculatedSumRow) });

export const PullPlatformBillInput = z
  .object({ storeId: Id, from: DateTimeText, to: DateTimeText })
  .refine((v) => new Date(v.to.replace(' ', 'T')).getTime() > new Date(v.from.replace(' ', 'T')).getTime(), { path: ['to'], message: 'The end is after the start' });

export const BillProblem = z.object({ line: z.number(), field: z.string(), code: z.string(), message: z.string() });
export type BillProblem = z.infer<typeof BillProblem>;

/**
 * A bill import is a background task: QUEUED when the file is received, RUNNING while it is read,
 * checked, loaded and reconciled (stage and processedLines say how far), then LOADED (every line in
 * the ledger), REFUSED (nothing loaded; the result file lists every bad line) or FAILED (it could not
 * run: message says why). A pull answers LOADED at once.
 */
export const BILL_IMPORT_STATUSES = ['QUEUED', 'RUNNING', 'LOADED', 'REFUSED', 'FAILED'] as const;
export type BillImportStatus = (typeof BILL_IMPORT_STATUSES)[number];
export const BILL_IMPORT_STAGES = ['READING', 'CHECKING', 'LOADING', 'RECONCILING'] as const;

export const BillImportAnswer = z.object({
  importId: z.number(),
  /** The format, once the file was recognised. */
  source: z.enum(BILL_SOURCES).nullable(),
  status: z.enum(BILL_IMPORT_STATUSES),
  stage: z.enum(BILL_IMPORT_STAGES).nullable(),
  /** Lines read so far (while reading) or loaded so far (while loading), of lineCount. */
  processedLines: z.number(),
  lineCount: z.number(),
  inserted: z.number(),
  duplicates: z.number(),
  problemCount: z.number(),
  /** The first problems (all of them are in the result file). */
  problems: z.array(BillProblem),
  /** The result file (CSV of every bad line) of a refused file. */
  resultFileKey: z.string().nullable(),
  /** Whether lines of orders not in OpenSeller were loaded (as MISSING_ORDER) instead of refused. */
  loadMissingOrders: z.boolean(),
  /** Why a FAILED import could not run: the error code (e.g. ERR_RECON_UNKNOWN_FORMAT) and its text. */
  errorCode: z.string().nullable(),
  message: z.string().nullable(),
});
export type BillImportAnswer = z.infer<typeof BillImportAnswer>;

/** The multipart fields of a bill import besides the file. */
export const BillImportFields = z.object({
  storeId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  /** Load lines of orders not in OpenSeller (they show as MISSING_ORDER) instead of refusing the file. Default false. */
  loadMissingOrders: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});
export const BillImportTaskInput = z.object({ importId: Id });
