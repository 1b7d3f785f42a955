// The sales-order area's calls (spec 02 §7.10, 01 §7; 03-calls.md): the order list and its row
// tags and saved tabs (/myhome/erpsoh), the order commands (/myhome/erpsoh), ingest (platform
// pulls and sync records /myhome/platformSo, manual orders /myhome/taobaoSoh, the self-defined
// stores' signed /open/orders/ingest), the exceptions of tab 5 (/myhome/erpsoh), the offline
// import (/myhome/taobaoSoh/createFromXls, /myhome/sohTemplate) and checking (/myhome/sendsoh).
// Printing, waybills, shipping, tracking and courier rules have their own maps. Paths the spec
// does not show are listed in the READMEs of apps/server/src/modules/orders/*.
import { z } from 'zod';
import { IdInput } from '../contracts/common.js';
import { OrderIdList, OrderRow } from '../contracts/orders.js';
import {
  OrderDetail,
  OrderMergeFlag,
  OrderSearchFilters,
  OrderSearchInput,
  OrderSearchTabCreateInput,
  OrderSearchTabIndexInput,
  OrderSearchTabRow,
  OrderTabCounts,
} from '../contracts/orders-list.js';
import { NoAnswer, pageOf, post, voListOf, type CallMap } from './define.js';

const ERPSOH = '/myhome/erpsoh';
/** The orders page (/order) and everything on it. */
const ORDERS = { menu: 'MENU_ERPSO' } as const;

/** The order list (spec 02 §7.10, the page /order): pages, counts, one order, row tags, saved tabs. */
export const OrderListCalls = {
  search: post(`${ERPSOH}/searchErpSoHPageList`, ORDERS, OrderSearchInput, pageOf(OrderRow)),
  /** The spec names the counts without a path (03-calls.md "erpsoh counts"). */
  counts: post(`${ERPSOH}/searchCount`, ORDERS, OrderSearchFilters, OrderTabCounts),
  get: post(`${ERPSOH}/getErpSoH`, ORDERS, IdInput, OrderDetail),
  /** Every asked order of the domain with its 待合 tag (01 §7: voList[].canbeMergedTag). */
  mergeFlags: post(`${ERPSOH}/getMergeFlagByIdList`, ORDERS, OrderIdList, voListOf(OrderMergeFlag)),
  /** The ids (of the asked ones) that are out of stock (01 §7: voList is the ids). */
  stockOutFlags: post(`${ERPSOH}/returnStockOutErpSohId`, ORDERS, OrderIdList, voListOf(z.number().int().positive())),
  createSearchTab: post(`${ERPSOH}/createSoHSearchTab`, ORDERS, OrderSearchTabCreateInput, OrderSearchTabRow),
  deleteSearchTab: post(`${ERPSOH}/deleteSearchTab`, ORDERS, IdInput, NoAnswer),
  searchTabs: post(`${ERPSOH}/getSearchTab`, ORDERS, undefined, z.array(OrderSearchTabRow)),
  reorderSearchTabs: post(`${ERPSOH}/updateSearchTabIndex`, ORDERS, OrderSearchTabIndexInput, z.array(OrderSearchTabRow)),
} satisfies CallMap;

/** Every call map of the area, by area name. */
export const ORDER_CALL_MAPS: Record<string, CallMap> = {
  orderList: OrderListCalls,
};
