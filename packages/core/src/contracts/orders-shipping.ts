// Sales orders, part "shipping" (spec 02 §7.10 /myhome/sendsoh and taobaoSoHFeedback, §3.5, §5;
// spec 01 §4.6): sending reviewed orders (stock leaves the warehouse), the shipping feedback
// pushed to the stores in the background, its progress record and its failures.
import { z } from 'zod';
import { Id, PageQuery, Version } from './common.js';

/** Sending goes out in batches of 20 ids (spec 02 §5). */
export const ORDER_SEND_BATCH = 20;

export const SendOrdersInput = z.object({
  idList: z.array(Id, { message: 'idList: order ids' }).min(1, 'idList: choose at least one order').max(ORDER_SEND_BATCH, `idList: at most ${ORDER_SEND_BATCH} orders per call`),
  versions: z.array(z.object({ id: Id, version: Version })).max(ORDER_SEND_BATCH).optional(),
});
export type SendOrdersInput = z.infer<typeof SendOrdersInput>;

/** The answer of a send: per order (OrderBatchResult) and the feedback record, when any feedback was queued. */
export const SendOrdersResult = z.object({
  successIds: z.array(Id),
  failures: z.array(
    z.object({ id: Id, code: z.string().nullable(), errorCode: z.string(), params: z.record(z.string(), z.unknown()).optional(), message: z.string() }),
  ),
  recordKey: z.string().nullable(),
});
export type SendOrdersResult = z.infer<typeof SendOrdersResult>;

export const FeedbackRecordKeyInput = z.object({ recordKey: z.string({ message: 'recordKey: required' }).min(1, 'recordKey: required').max(64, 'recordKey: at most 64 characters') });
export type FeedbackRecordKeyInput = z.infer<typeof FeedbackRecordKeyInput>;

/** The feedback progress notice (spec 01 §4.6). */
export const FeedbackProgress = z.object({
  recordKey: z.string(),
  progressType: z.literal('SHIPPING_FEEDBACK'),
  totalCount: z.number().int(),
  successfulCount: z.number().int(),
  failureCount: z.number().int(),
  feedbackComplete: z.boolean(),
});
export type FeedbackProgress = z.infer<typeof FeedbackProgress>;

/**
 * erpsoh/queryFeedbackProgress (no payload): the progress of every feedback record of the domain
 * not yet closed (removeQuickFeedbackRecord), oldest first.
 */
export const FeedbackProgressAnswer = z.object({ vo: z.object({ feedbackProgressItems: z.array(FeedbackProgress) }) });
export type FeedbackProgressAnswer = z.infer<typeof FeedbackProgressAnswer>;

/** How many feedbacks a count or a close concerns. */
export const FeedbackCount = z.object({ count: z.number().int() });

export const FEEDBACK_STATUSES = ['PENDING', 'SUCCESS', 'FAILED', 'CLOSED'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

const dateTime = (field: string) => z.coerce.date({ message: `${field}: a date and time` });

/** The failed feedbacks (tab 5 type=feedback): shipping time window, stores, keywords. */
export const FeedbackFailureSearch = PageQuery.extend({
  shippingTimeFrom: dateTime('shippingTimeFrom').optional(),
  shippingTimeTo: dateTime('shippingTimeTo').optional(),
  storeIdList: z.array(Id, { message: 'storeIdList: store ids' }).max(500, 'storeIdList: at most 500 stores').optional(),
  /** Order code, platform number or express number (comma or semicolon separated, at most 15). */
  keywords: z.string().max(2000, 'keywords: at most 2000 characters').optional(),
});
export type FeedbackFailureSearch = z.infer<typeof FeedbackFailureSearch>;

export const FeedbackCountInput = FeedbackFailureSearch.omit({ currentPage: true, pageSize: true });
export type FeedbackCountInput = z.infer<typeof FeedbackCountInput>;

export const FeedbackFailureRow = z.object({
  id: Id,
  storeId: Id,
  storeName: z.string().nullable(),
  erpOrderId: Id,
  erpOrderCode: z.string().nullable(),
  platformNo: z.string(),
  expressCompanyCode: z.string(),
  expressNo: z.string(),
  shippedAt: z.string(),
  errorMsg: z.string().nullable(),
  attempts: z.number().int(),
  updatedAt: z.string(),
});
export type FeedbackFailureRow = z.infer<typeof FeedbackFailureRow>;

export const FeedbackIdListInput = z.object({ idList: z.array(Id, { message: 'idList: feedback ids' }).min(1, 'idList: choose at least one').max(500, 'idList: at most 500') });
export type FeedbackIdListInput = z.infer<typeof FeedbackIdListInput>;

/** A retry answers the new progress record (null when none of the ids was an open failure). */
export const FeedbackRetryResult = z.object({ recordKey: z.string().nullable(), count: z.number().int() });
export type FeedbackRetryResult = z.infer<typeof FeedbackRetryResult>;

export const ShippingErrors = {
  /** The order has no waybill number yet (params: code). */
  NO_EXPRESS_NO: 'ERR_ORDER_NO_EXPRESS_NO',
  /** The order's warehouse is run by the seller: nothing to issue (params: code, warehouse). */
  NOT_THIRD_PARTY: 'ERR_ORDER_NOT_THIRD_PARTY_WAREHOUSE',
  /** The order has no warehouse (params: code). */
  NO_WAREHOUSE: 'ERR_ORDER_NO_WAREHOUSE',
  /** A line not matched to a SKU cannot go to a warehouse system (params: code, line). */
  UNMAPPED_LINE: 'ERR_ORDER_UNMAPPED_LINE',
  /** The warehouse system refused or did not answer (params: code, detail). */
  ISSUE_FAILED: 'ERR_ORDER_ISSUE_FAILED',
  /** Only shipped orders' tracking numbers are sent to the store again (params: code, status). */
  NOT_SENT: 'ERR_ORDER_NOT_SENT',
  /** A serial number names a line the order does not have (params: field). */
  SERIAL_LINE: 'ERR_ORDER_SERIAL_LINE',
} as const;

/** sendsoh/forceSendWmsErpSoByHand: issue reviewed orders to their warehouse systems now (also re-sends failed issues). */
export const IssueToWarehouseInput = z.object({
  idList: z.array(Id, { message: 'idList: order ids' }).min(1, 'idList: choose at least one order').max(100, 'idList: at most 100 orders per call'),
});
export type IssueToWarehouseInput = z.infer<typeof IssueToWarehouseInput>;

/** sendsoh/batchReSendToTaobao: push shipped orders' tracking numbers to their stores again. */
export const ResendFeedbackInput = IssueToWarehouseInput;
export const ResendFeedbackResult = z.object({
  successIds: z.array(Id),
  failures: SendOrdersResult.shape.failures,
  recordKey: z.string().nullable(),
});
export type ResendFeedbackResult = z.infer<typeof ResendFeedbackResult>;

/**
 * sendsoh/send: ship one reviewed order (spec 02 §3.5 send payload): id, content (a note kept in
 * the order log) and serialNumberDtoList (the serial numbers of the goods shipped, per line).
 */
export const SendOneInput = z.object({
  id: Id,
  version: Version.optional(),
  content: z.string().trim().max(500).optional(),
  serialNumberDtoList: z
    .array(z.object({ lineId: Id, serialNumber: z.string().trim().min(1, 'serialNumber: enter the serial number').max(64) }))
    .max(500)
    .default([]),
});
export type SendOneInput = z.input<typeof SendOneInput>;
