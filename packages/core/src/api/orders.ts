// The sales-order area's calls (spec 02 §7.10, 01 §7; 03-calls.md): the order list and its row
// tags and saved tabs (/myhome/erpsoh), the order commands (/myhome/erpsoh), ingest (platform
// pulls and sync records /myhome/platformSo, manual orders /myhome/taobaoSoh, the self-defined
// stores' signed /open/orders/ingest), the exceptions of tab 5 (/myhome/erpsoh), the offline
// import (/myhome/taobaoSoh/createFromXls, /myhome/sohTemplate) and checking (/myhome/sendsoh).
// Printing, waybills, shipping, tracking and express rules have their own maps. Paths the spec
// does not show are listed in the READMEs of apps/server/src/modules/orders/*.
import { z } from 'zod';
import { OrderBatchResult, OrderIdList, OrderRow } from '../contracts/orders.js';
import { InterceptTaskActionInput, InterceptTaskBatchResult, InterceptTaskConfirmInput, InterceptTaskRow, InterceptTaskSearchInput } from '../contracts/orders-intercepts.js';
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
import {
  DryRunInput,
  DryRunResult,
  ManualOrderInput,
  ManualOrderResult,
  OrderIngestItem,
  OrderPullInput,
  OrderSyncRunRow,
  OrderSyncRunSearchInput,
  PlatformSyncRow,
  PlatformSyncSearchInput,
} from '../contracts/orders-ingest.js';
import { RematchOrdersInput, SyncFailIdList, SyncFailRow, SyncFailSearchInput } from '../contracts/orders-exceptions.js';
import {
  OrderImportFieldMap,
  OrderImportProgress,
  OrderImportTask,
  OrderImportTemplateCreate,
  OrderImportTemplateDetail,
  OrderImportTemplateSearch,
  OrderImportTemplateUpdate,
  OrderImportTemplateVo,
} from '../contracts/orders-import.js';
import { CheckOrderInput, CheckOrderView, SendCheckedResult, SendForCheckInput, SendForWeighInput } from '../contracts/orders-checking.js';
import { IdInput, IdListInput } from '../contracts/common.js';
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

/** How many records a close changed. */
const Closed = z.object({ closed: z.number().int() });

/** Orders pulled from the stores and entered by hand (spec 02 §7.10 platformSo, taobaoSoh). */
const CREATE_ORDER = { menu: 'MENU_ERPSO_CREATE' } as const;
/** The order-sync log is also a tab of /logs (MENU_BIZ_LOG). */
const SYNC_LOG = { menu: ['MENU_ERPSO', 'MENU_BIZ_LOG'] } as const;
const PLATFORM_SO = '/myhome/platformSo';

export const OrderIngestCalls = {
  /** Pulls one store's orders now (the path is ours: the spec names no pull call). */
  syncStoreOrders: post(`${PLATFORM_SO}/syncStoreOrders`, ORDERS, OrderPullInput, OrderSyncRunRow),
  searchPlatformOrders: post(`${PLATFORM_SO}/searchTaobaoSyncPageList`, ORDERS, PlatformSyncSearchInput, pageOf(PlatformSyncRow)),
  closeErrors: post(`${PLATFORM_SO}/closePlatformsohError`, ORDERS, IdListInput, Closed),
  countErrors: post(`${PLATFORM_SO}/getTaobaoSyncCount`, ORDERS, undefined, z.number().int().nonnegative()),
  /** The order-sync log (spec 02 §7.14 syncSoMsg/searchPageList): the pull runs of the stores. */
  searchSyncRuns: post('/myhome/syncSoMsg/searchPageList', SYNC_LOG, OrderSyncRunSearchInput, pageOf(OrderSyncRunRow)),
  /** One pull run of the order-sync log (spec 02 §7.14 syncSoMsg/getBizDataById). */
  getSyncRun: post('/myhome/syncSoMsg/getBizDataById', SYNC_LOG, IdInput, OrderSyncRunRow),
  /** What the pipeline would make of a platform order (nothing is written; our path). */
  dryRun: post(`${ERPSOH}/dryRunPipeline`, ORDERS, DryRunInput, DryRunResult),
  createByHand: post('/myhome/taobaoSoh/createTaobaoSoByHand', CREATE_ORDER, ManualOrderInput, ManualOrderResult),
  /** What the rules would choose for the order being entered, before it is created (our path). */
  dryRunManual: post('/myhome/taobaoSoh/dryRunSoByHand', CREATE_ORDER, ManualOrderInput, DryRunResult),
} satisfies CallMap;

/**
 * The self-defined stores' signed push (our path; the spec names none). The signature covers the
 * body byte for byte, so the handler reads the raw text and checks it (HttpIngestBody).
 */
export const OrderOpenIngestCalls = {
  ingest: post('/open/orders/ingest', 'public', undefined, z.array(OrderIngestItem), { rawBody: true }),
} satisfies CallMap;

/** Tab 5 of /order (spec 02 §7.10): rematch (our path) and the sync failures. */
export const OrderExceptionCalls = {
  rematch: post(`${ERPSOH}/rematch`, ORDERS, RematchOrdersInput, OrderBatchResult),
  getSyncFailCount: post(`${ERPSOH}/getSyncFailCount`, ORDERS, undefined, z.number().int().nonnegative()),
  searchSyncFailPageList: post(`${ERPSOH}/searchSyncFailPageList`, ORDERS, SyncFailSearchInput, pageOf(SyncFailRow)),
  reSync4SyncFail: post(`${ERPSOH}/reSync4SyncFail`, ORDERS, SyncFailIdList, OrderBatchResult),
  closeSyncFailAlert: post(`${ERPSOH}/closeSyncFailAlert`, ORDERS, SyncFailIdList, Closed),
} satisfies CallMap;

const SOH_TEMPLATE = '/myhome/sohTemplate';

/**
 * The offline order import (spec 02 §7.10 createFromXls, §7.13 /myhome/sohTemplate). The upload is
 * a multipart form (uploadExcel, templateId, storeId) read by the handler; it answers the import
 * task, whose check, confirm and progress go through the import engine's calls.
 */
export const OrderImportCalls = {
  createFromXls: post('/myhome/taobaoSoh/createFromXls', CREATE_ORDER, undefined, OrderImportTask, { multipart: true }),
  /** The task as a feedback progress item (our path). */
  queryImportProgress: post('/myhome/taobaoSoh/queryImportProgress', CREATE_ORDER, IdInput, OrderImportProgress),
  getDefaultFields: post(`${SOH_TEMPLATE}/getDefaultFields`, CREATE_ORDER, undefined, z.array(OrderImportFieldMap)),
  searchPageList: post(`${SOH_TEMPLATE}/searchPageList`, CREATE_ORDER, OrderImportTemplateSearch, pageOf(OrderImportTemplateVo)),
  getFieldMapsByTemplateId: post(`${SOH_TEMPLATE}/getFieldMapsByTemplateId`, CREATE_ORDER, IdInput, OrderImportTemplateDetail),
  getTemplateTitle: post(`${SOH_TEMPLATE}/getTemplateTitle`, CREATE_ORDER, IdInput, z.array(z.string())),
  createImportTemplate: post(`${SOH_TEMPLATE}/createImportTemplate`, CREATE_ORDER, OrderImportTemplateCreate, OrderImportTemplateVo),
  updateImportTemplate: post(`${SOH_TEMPLATE}/updateImportTemplate`, CREATE_ORDER, OrderImportTemplateUpdate, OrderImportTemplateVo),
  removeImportTemplate: post(`${SOH_TEMPLATE}/removeImportTemplate`, CREATE_ORDER, IdInput, NoAnswer),
} satisfies CallMap;

const SENDSOH = '/myhome/sendsoh';

/** Scan-to-check and weigh-and-send (spec 02 §7.10 /myhome/sendsoh). */
export const OrderCheckingCalls = {
  checkErpSoH: post(`${SENDSOH}/checkErpSoH`, ORDERS, CheckOrderInput, CheckOrderView),
  sendErpSoH4Check: post(`${SENDSOH}/sendErpSoH4Check`, ORDERS, SendForCheckInput, SendCheckedResult),
  sendErpSoH4Weigh: post(`${SENDSOH}/sendErpSoH4Weigh`, ORDERS, SendForWeighInput, SendCheckedResult),
} satisfies CallMap;

const INTERCEPT = '/cloud/advance/interceptTask';

/**
 * Intercept tasks of orders refunded after printing (issue 14; the spec names no path: chosen as
 * /cloud/advance/interceptTask/<verb>, see apps/server/src/modules/orders/intercepts/README.md).
 */
export const OrderInterceptCalls = {
  search: post(`${INTERCEPT}/search`, ORDERS, InterceptTaskSearchInput, pageOf(InterceptTaskRow)),
  /** The seller pulled the parcel back: INTERCEPTED (the order stays held by its refund). */
  confirm: post(`${INTERCEPT}/confirm`, ORDERS, InterceptTaskConfirmInput, InterceptTaskBatchResult),
  /** The refund is over or the seller lets the order ship: RELEASED, the hold lifted. */
  release: post(`${INTERCEPT}/release`, ORDERS, InterceptTaskActionInput, InterceptTaskBatchResult),
} satisfies CallMap;

/** Every call map of the area, by area name. */
export const ORDER_CALL_MAPS: Record<string, CallMap> = {
  orderList: OrderListCalls,
  orderCommands: OrderCommandCalls,
  orderIngest: OrderIngestCalls,
  orderOpenIngest: OrderOpenIngestCalls,
  orderExceptions: OrderExceptionCalls,
  orderImport: OrderImportCalls,
  orderChecking: OrderCheckingCalls,
  orderIntercepts: OrderInterceptCalls,
};
