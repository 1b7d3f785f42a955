// Which order command is allowed in which order status (spec 02 §4): one catalogue for the server's
// status guards and the web's action bar (as ASN_ACTIONS_BY_STATUS is for inbound notices). The
// finer checks (locked, risk control, a merged or split order, the selection size) come after it.
import { ORDER_STATUSES, type OrderStatus } from '../contracts/orders.js';

export const ORDER_ACTIONS = [
  'verify',
  'cancelVerify',
  'lock',
  'unlock',
  'close',
  'cancelClose',
  'merge',
  'cancelMerge',
  'split',
  'cancelSplit',
  'splitOutOfStock',
  'refreshStockOut',
  'convert',
  'updateExpress',
  'updateWarehouse',
  'updateReceiver',
  'updateSellerFlag',
  'recycleExpressNo',
  'releaseRisk',
  'addSku',
  'deleteSku',
  'replaceSku',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** What an order may do in its status. */
export const ORDER_ACTIONS_BY_STATUS: Record<OrderStatus, readonly OrderAction[]> = {
  CI_ERPSOH_STATUS_NORMAL: [
    'verify',
    'lock',
    'unlock',
    'close',
    'merge',
    'cancelMerge',
    'split',
    'cancelSplit',
    'splitOutOfStock',
    'refreshStockOut',
    'convert',
    'updateExpress',
    'updateWarehouse',
    'updateReceiver',
    'updateSellerFlag',
    'recycleExpressNo',
    'releaseRisk',
    'addSku',
    'deleteSku',
    'replaceSku',
  ],
  CI_ERPSOH_STATUS_VERIFIED: ['cancelVerify', 'lock', 'unlock', 'close', 'updateExpress', 'updateReceiver', 'updateSellerFlag', 'recycleExpressNo', 'releaseRisk'],
  CI_ERPSOH_STATUS_SYNCED: ['updateSellerFlag'],
  CI_ERPSOH_STATUS_SEND: ['updateSellerFlag'],
  CI_ERPSOH_STATUS_CLOSE: ['cancelClose', 'updateSellerFlag'],
  CI_ERPSOH_STATUS_CANCEL: ['updateSellerFlag'],
};

/** Whether an order in `status` may do `action` (an unknown status allows nothing). */
export function orderAllows(status: string, action: OrderAction): boolean {
  return (ORDER_ACTIONS_BY_STATUS[status as OrderStatus] ?? []).includes(action);
}

/** The statuses in which `action` is allowed, in catalogue order. */
export function orderStatusesAllowing(action: OrderAction): OrderStatus[] {
  return ORDER_STATUSES.filter((status) => ORDER_ACTIONS_BY_STATUS[status].includes(action));
}
