// The refund hold of an order, one answer for the server's guards (waybill, print, send) and the
// web's tags and buttons: an order not yet shipped whose refund is active (haveRefund, or
// intercepted for a refund) is held.
import type { InterceptTaskStatus } from '../contracts/orders-intercepts.js';

const DONE = new Set(['CI_ERPSOH_STATUS_SEND', 'CI_ERPSOH_STATUS_CANCEL', 'CI_ERPSOH_STATUS_CLOSE']);

export interface RefundHoldFields {
  statusCode: string;
  haveRefund: boolean;
  intercepted: boolean;
  interceptReason: string | null;
}

/** Whether the order is held by a refund (it cannot be printed, numbered or shipped). */
export function refundHeld(o: RefundHoldFields): boolean {
  if (DONE.has(o.statusCode)) return false;
  return o.haveRefund || (o.intercepted && o.interceptReason === 'REFUND');
}

/** Whether a refund on the order opens an intercept task: held and already printed (a waybill taken or a label printed). */
export function needsInterceptTask(o: { statusCode: string; expressNo: string | null; expressPrintTime: string | Date | null }): boolean {
  if (DONE.has(o.statusCode)) return false;
  return !!o.expressNo || !!o.expressPrintTime;
}

export type InterceptTaskAction = 'confirm' | 'release';

/** Which actions a task allows now: only an OPEN task is confirmed or released. */
export function interceptTaskAllows(status: InterceptTaskStatus, _action: InterceptTaskAction): boolean {
  return status === 'OPEN';
}
