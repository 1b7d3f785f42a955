// Refund holds and intercept tasks (issue 14 must-have 4; spec 02 §3.5 haveRefund, §4.1 "refund on
// order"; 01 §2.2 tab 5). An order with an active refund is held: it cannot be printed, given a
// waybill number or shipped. A refund on an order already printed (waybill taken) but not shipped
// opens an intercept task, one per (order, refund): OPEN → INTERCEPTED (the parcel was pulled
// back) or RELEASED (the refund ended, or the seller lets the order ship).
import { z } from 'zod';
import { Id, PageQuery, Version } from './common.js';

export const INTERCEPT_TASK_STATUSES = ['OPEN', 'INTERCEPTED', 'RELEASED'] as const;
export type InterceptTaskStatus = (typeof INTERCEPT_TASK_STATUSES)[number];

export const InterceptTaskRow = z.object({
  id: Id,
  version: Version,
  orderId: Id,
  orderCode: z.string(),
  orderStatusCode: z.string(),
  storeId: Id,
  storeName: z.string().nullable(),
  platformNo: z.string().nullable(),
  /** The refund: the platform's refund id, or AS<id> for an after-sale document made here. */
  refundKey: z.string(),
  afterSaleId: Id.nullable(),
  status: z.enum(INTERCEPT_TASK_STATUSES),
  reason: z.string().nullable(),
  /** The waybill the order had when the task opened. */
  expressCompanyCode: z.string().nullable(),
  expressNo: z.string().nullable(),
  /** The waybill the order has now (null once recycled). */
  currentExpressNo: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  resolvedByName: z.string().nullable(),
  createdAt: z.string(),
});
export type InterceptTaskRow = z.infer<typeof InterceptTaskRow>;

export const InterceptTaskSearchInput = PageQuery.extend({
  statusList: z.array(z.enum(INTERCEPT_TASK_STATUSES)).max(INTERCEPT_TASK_STATUSES.length).nullish(),
  /** The tasks of one order (its detail). */
  orderId: Id.nullish(),
  /** An order code or platform order number, exact. */
  keyword: z.string().trim().max(64).nullish(),
});
export type InterceptTaskSearchInput = z.infer<typeof InterceptTaskSearchInput>;

export const InterceptTaskRef = z.object({ id: Id, version: Version });
export const InterceptTaskActionInput = z.object({ list: z.array(InterceptTaskRef).min(1).max(100) });
export type InterceptTaskActionInput = z.infer<typeof InterceptTaskActionInput>;
export const InterceptTaskConfirmInput = InterceptTaskActionInput.extend({
  /** Also take the waybill number off the order (the parcel will not travel under it). */
  recycleExpressNo: z.boolean().default(true),
});
export type InterceptTaskConfirmInput = z.infer<typeof InterceptTaskConfirmInput>;

export const InterceptTaskBatchResult = z.object({
  succeeded: z.array(z.number()),
  refusals: z.array(z.object({ id: z.number(), code: z.string(), message: z.string() })),
});
export type InterceptTaskBatchResult = z.infer<typeof InterceptTaskBatchResult>;

export const InterceptErrors = {
  /** The order has an active refund: no waybill, no print, no send (params: code, action). */
  REFUND_HOLD: 'ERR_ORDER_REFUND_HOLD',
  /** The task is no longer open (params: code, status). */
  TASK_STATE: 'ERR_INTERCEPT_TASK_STATE',
} as const;
