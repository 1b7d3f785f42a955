// Which command buttons each /order tab shows (spec 01 §2.2 activeKey): those its statuses allow by
// ORDER_ACTIONS_BY_STATUS of packages/core, the catalogue the server's status guards use, so the
// bar never offers what the server refuses for every selected order's status.
import { ORDER_ACTIONS_BY_STATUS, ORDER_TAB_STATUSES, ORDER_TABS, type OrderAction, type OrderTab } from '@openseller/core';
import { MORE_ACTIONS, type MoreAction } from './order-edits';

/** A button of the command bar, in the order the bar shows them. */
export const BAR_ACTIONS = ['verify', 'cancelVerify', 'lock', 'unlock', 'merge', 'split', 'splitOutOfStock', 'close', 'cancelClose', 'courier', 'warehouse', 'flag', 'refreshStockOut'] as const;
export type BarAction = (typeof BAR_ACTIONS)[number];

/** The order command a button or a "More" entry runs. */
const COMMAND_OF: Record<BarAction | MoreAction, OrderAction> = {
  verify: 'verify',
  cancelVerify: 'cancelVerify',
  lock: 'lock',
  unlock: 'unlock',
  merge: 'merge',
  split: 'split',
  splitOutOfStock: 'splitOutOfStock',
  close: 'close',
  cancelClose: 'cancelClose',
  courier: 'updateExpress',
  warehouse: 'updateWarehouse',
  flag: 'updateSellerFlag',
  refreshStockOut: 'refreshStockOut',
  'convert:PRESALE': 'convert',
  'convert:NORMAL': 'convert',
  'convert:STOCK_OUT': 'convert',
  'convert:LOCKED': 'convert',
  recycleExpressNo: 'recycleExpressNo',
  releaseRisk: 'releaseRisk',
  cancelMerge: 'cancelMerge',
  cancelSplit: 'cancelSplit',
};

/** The exception tab (5) is for fixing orders one by one: no merge, split or out-of-stock refresh there. */
const HIDDEN_BY_TAB: Partial<Record<OrderTab, readonly BarAction[]>> = {
  '5': ['merge', 'split', 'splitOutOfStock', 'refreshStockOut'],
};

const allowedInTab = (tab: OrderTab, action: BarAction | MoreAction) =>
  ORDER_TAB_STATUSES[tab].some((status) => ORDER_ACTIONS_BY_STATUS[status].includes(COMMAND_OF[action]));

/** The buttons of each tab. */
export const ACTIONS_BY_TAB: Record<string, readonly BarAction[]> = Object.fromEntries(
  ORDER_TABS.map((tab) => [tab, BAR_ACTIONS.filter((action) => allowedInTab(tab, action) && !HIDDEN_BY_TAB[tab]?.includes(action))]),
);

/** The "More" commands of each tab that has any: converts, cancel merge and cancel split need pending orders. */
export const MORE_BY_TAB: Record<string, readonly MoreAction[]> = Object.fromEntries(
  ORDER_TABS.map((tab) => [tab, MORE_ACTIONS.filter((action) => allowedInTab(tab, action))] as const).filter(([, list]) => list.length > 0),
);
