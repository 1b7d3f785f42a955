// The sales-order area's calls (spec 02 §7.10, 01 §7; 03-calls.md): the order list and its row
// tags and saved tabs (/myhome/erpsoh), the order commands (/myhome/erpsoh), ingest (platform
// pulls and sync records /myhome/platformSo, manual orders /myhome/taobaoSoh, the self-defined
// stores' signed /open/orders/ingest), the exceptions of tab 5 (/myhome/erpsoh), the offline
// import (/myhome/taobaoSoh/createFromXls, /myhome/sohTemplate) and checking (/myhome/sendsoh).
// Printing, waybills, shipping, tracking and courier rules have their own maps. Paths the spec
// does not show are listed in the READMEs of apps/server/src/modules/orders/*.
import { z } from 'zod';
import { IdInput } from '../contracts/common.js';
import { OrderBatchResult, OrderIdList, OrderRow } from '../contracts/orders.js';
import {
  AddOrderSkuInput,
  CancelMergeResult,
  CancelSplitResult,
  ConvertOrdersInput,
  DeleteOrderSkuInput,
  MergeOrdersInput,
  MergeOrdersResult,
  MergeSoRow,
  OrderBatchInput,
  OrderCommandInput,
  RefreshStockOutInput,
  RefreshStockOutResult,
  ReplaceOrderSkuInput,
  SplitOrderInput,
  SplitOrderResult,
  SplitOutOfStockInput,
  UpdateOrderExpressInput,
  UpdateOrderReceiverInput,
  UpdateOrderWarehouseInput,
  UpdateSellerFlagInput,
  VerifyOrdersInput,
} from '../contracts/orders-commands.js';
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

/**
 * The order commands (spec 02 §7.10 /myhome/erpsoh). Batch commands answer OrderBatchResult; the
 * spec names the express, receiver, warehouse and line edits without paths (03-calls.md "verb"
 * rows): updateExpress, updateReceiver, updateWarehouse, addSku, deleteSku, replaceSku.
 */
export const OrderCommandCalls = {
  verify: post(`${ERPSOH}/verify`, ORDERS, VerifyOrdersInput, OrderBatchResult),
  cancelVerify: post(`${ERPSOH}/cancelVerify`, ORDERS, OrderBatchInput, OrderBatchResult),
  lock: post(`${ERPSOH}/lock`, ORDERS, OrderBatchInput, OrderBatchResult),
  unlock: post(`${ERPSOH}/unlock`, ORDERS, OrderBatchInput, OrderBatchResult),
  close: post(`${ERPSOH}/close`, ORDERS, OrderBatchInput, OrderBatchResult),
  cancelClose: post(`${ERPSOH}/cancelClose`, ORDERS, OrderBatchInput, OrderBatchResult),
  merge: post(`${ERPSOH}/merge`, ORDERS, MergeOrdersInput, MergeOrdersResult),
  cancelMerge: post(`${ERPSOH}/cancelMerge`, ORDERS, OrderCommandInput, CancelMergeResult),
  /** The orders the given one can be merged with (01 §7: voList[] with statusCode normal/verified and code). */
  getMergeSoList: post(`${ERPSOH}/getMergeSoList`, ORDERS, IdInput, voListOf(MergeSoRow)),
  split: post(`${ERPSOH}/split`, ORDERS, SplitOrderInput, SplitOrderResult),
  cancelSplit: post(`${ERPSOH}/cancelSplit`, ORDERS, OrderCommandInput, CancelSplitResult),
  splitOutOfStock: post(`${ERPSOH}/splitOutOfStock`, ORDERS, SplitOutOfStockInput, SplitOrderResult),
  refreshStockOut: post(`${ERPSOH}/refreshStockOut`, ORDERS, RefreshStockOutInput, RefreshStockOutResult),
  convert: post(`${ERPSOH}/convert`, ORDERS, ConvertOrdersInput, OrderBatchResult),
  updateExpress: post(`${ERPSOH}/updateExpress`, ORDERS, UpdateOrderExpressInput, OrderBatchResult),
  updateReceiver: post(`${ERPSOH}/updateReceiver`, ORDERS, UpdateOrderReceiverInput, OrderRow),
  updateWarehouse: post(`${ERPSOH}/updateWarehouse`, ORDERS, UpdateOrderWarehouseInput, OrderBatchResult),
  addSku: post(`${ERPSOH}/addSku`, ORDERS, AddOrderSkuInput, OrderRow),
  deleteSku: post(`${ERPSOH}/deleteSku`, ORDERS, DeleteOrderSkuInput, OrderRow),
  replaceSku: post(`${ERPSOH}/replaceSku`, ORDERS, ReplaceOrderSkuInput, OrderRow),
  updateSellerFlag: post(`${ERPSOH}/updateSellerFlag`, ORDERS, UpdateSellerFlagInput, OrderBatchResult),
  recycleExpressNo: post(`${ERPSOH}/recycleExpressNo`, ORDERS, OrderBatchInput, OrderBatchResult),
  releaseRisk: post(`${ERPSOH}/releaseRisk`, ORDERS, OrderBatchInput, OrderBatchResult),
} satisfies CallMap;

/** Every call map of the area, by area name. */
export const ORDER_CALL_MAPS: Record<string, CallMap> = {
  orderList: OrderListCalls,
  orderCommands: OrderCommandCalls,
};
