// What a person can do about an order command refused for the order's status (spec 02 §4.2,
// §4.3): a refusal that has a remedy names it ("cancel its review first") instead of only saying
// the order's status. The server sends the remedy as the refusal's `remedy` param; the web app
// words it in the reader's language.
import { ORDER_STATUS } from '../contracts/orders.js';

export const ORDER_STATUS_REMEDIES = ['already', 'cancelReview', 'cancelClose', 'review'] as const;
/**
 * already: the order is already where the command would take it (review a reviewed order);
 * cancelReview: the command needs a pending order and this one is reviewed;
 * cancelClose: the command needs an open order and this one is closed (reopen it);
 * review: the command needs a reviewed order and this one is still pending review.
 */
export type OrderStatusRemedy = (typeof ORDER_STATUS_REMEDIES)[number];

/** The status each command leaves the order in, for those that move it. */
const STATUS_AFTER: Record<string, string> = {
  verify: ORDER_STATUS.VERIFIED,
  cancelVerify: ORDER_STATUS.NORMAL,
  close: ORDER_STATUS.CLOSE,
  cancelClose: ORDER_STATUS.NORMAL,
  send: ORDER_STATUS.SEND,
};

/** The remedy for `action` refused on an order in `status` (the command allows `allowed`), or null when there is none. */
export function orderStatusRemedy(action: string, status: string, allowed: readonly string[]): OrderStatusRemedy | null {
  if (allowed.includes(status)) return null;
  if (STATUS_AFTER[action] === status) return 'already';
  if (status === ORDER_STATUS.VERIFIED && allowed.includes(ORDER_STATUS.NORMAL)) return 'cancelReview';
  if (status === ORDER_STATUS.CLOSE && (allowed.includes(ORDER_STATUS.NORMAL) || allowed.includes(ORDER_STATUS.VERIFIED))) return 'cancelClose';
  if (status === ORDER_STATUS.NORMAL && allowed.includes(ORDER_STATUS.VERIFIED)) return 'review';
  return null;
}
