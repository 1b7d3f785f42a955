// The stock area's calls (spec 02 §7.9, §7.14; 03-calls.md): stock checks (/myhome/invAdjust),
// inbound notices (/cloud/purchase/purchaseAsn, /cloud/purchase/asn, /myhome/asnHeader), the
// warehouse systems' results and the sandbox warehouse system's console (/cloud/wms), the
// business inventory (/myhome/bizinventory, /cloud/core/inventory, /myhome/invLog), average-cost
// adjustments (/cloud/core/averagecost), outbound orders (/myhome/wdoHeader, /cloud/core/wdoDetail)
// and the sales-outbound list, transfers (/myhome/transfer) and the stock sync to stores
// (/myhome/bizinventory sync calls, /myhome/bizInvSynLog). Paths the spec does not show are
// listed in the READMEs of apps/server/src/modules/stock/*.
import { z } from 'zod';
import { SANDBOX_WMS_CONSOLE_MENU } from '../catalogues/inbound.js';
import { IdInput, IdListInput } from '../contracts/common.js';
import { ExportRequested } from '../contracts/exports.js';
import {
  AsnCreateAndReceiptInput,
  AsnCreateInput,
  AsnEditInput,
  AsnForceCancelInput,
  AsnReceiptInput,
  AsnScanReceiptAnswer,
  AsnScanReceiptInput,
  AsnRow,
  AsnSearchInput,
  AsnStatusOption,
  AsnSupplierOption,
  AsnVersionInput,
  AsnView,
  FetchResultsInput,
  SandboxWmsDocumentInput,
  SandboxWmsFailNextInput,
  SandboxWmsFulfilInput,
  SandboxWmsResultAnswer,
  SandboxWmsSettingsInput,
  SandboxWmsView,
  SandboxWmsWarehouseInput,
  SandboxWmsWarehouseOption,
  WarehousePollSummary,
} from '../contracts/inbound.js';
import {
  SalesOutboundRow,
  SalesOutboundSearchInput,
  TransferCommandInput,
  TransferCreateInput,
  TransferReceiveInput,
  TransferRow,
  TransferSearchInput,
  TransferUpdateInput,
  TransferWithDetails,
  WdoCancelInput,
  WdoCommandInput,
  WdoCreateInput,
  WdoDeliverInput,
  WdoDetailListInput,
  WdoDetailRow,
  WdoForceCancelInput,
  WdoRow,
  WdoSearchInput,
  WdoUpdateInput,
  WdoWithDetails,
} from '../contracts/outbound.js';
import {
  AverageCostCommandInput,
  AvgCostConfig,
  AverageCostCreateInput,
  AverageCostDetail,
  AverageCostRow,
  AverageCostSearchInput,
  AverageCostUpdateInput,
  BizInventoryRow,
  BizInventorySearchInput,
  InventoryBalanceRow,
  InventoryExportInput,
  InventoryLedgerInput,
  InventoryLedgerResult,
  InventoryLogRow,
  InventoryLogSearchInput,
  InventoryProductDateAddInput,
  InventoryProductDateDeleteInput,
  InventoryProductDateInfo,
  InventoryProductDateListInput,
  InventoryProductDateUpdateInput,
  InventorySearchInput,
  OpeningInventoryResult,
  OpeningInventorySaveInput,
  StockWarningBatchInput,
  StockWarningBatchResult,
  StockWarningResult,
  StockWarningUpdateInput,
} from '../contracts/stock.js';
import {
  StockCheckCommandInput,
  StockCheckCountInput,
  StockCheckCountResult,
  StockCheckCreateInput,
  StockCheckDetail,
  StockCheckDifferences,
  StockCheckDifferencesInput,
  StockCheckLineRow,
  StockCheckLinesInput,
  StockCheckRow,
  StockCheckSearchInput,
} from '../contracts/stock-check.js';
import {
  StockSyncAutoInput,
  StockSyncFailuresInput,
  StockSyncLogSearchInput,
  StockSyncManualInput,
  StockSyncPreviewInput,
  StockSyncPreviewRow,
  StockSyncRecordRow,
  StockSyncRequestResult,
  StockSyncRetryInput,
  StockSyncRuleCreateInput,
  StockSyncRuleDeleteInput,
  StockSyncRuleRow,
  StockSyncRuleUpdateInput,
  StockSyncStoreRow,
} from '../contracts/stocksync.js';
import { NoAnswer, pageOf, post, RawAnswer, type CallMap } from './define.js';

/** How many documents a delete removed. */
const Deleted = z.object({ deleted: z.number().int() });

// A requested export: the download centre's row of the file being made (the exports contract).
export { ExportRequested } from '../contracts/exports.js';

// ---- stock checks: /stocks/check (MENU_INV_ADJUST) --------------------------------------------

const check = { menu: 'MENU_INV_ADJUST' } as const;
const CHECK = '/myhome/invAdjust';

export const StockCheckCalls = {
  create: post(`${CHECK}/create`, check, StockCheckCreateInput, StockCheckDetail),
  search: post(`${CHECK}/search`, check, StockCheckSearchInput, pageOf(StockCheckRow)),
  get: post(`${CHECK}/get`, check, IdInput, StockCheckDetail),
  lines: post(`${CHECK}/lines`, check, StockCheckLinesInput, pageOf(StockCheckLineRow)),
  /** Hand counts of some lines; a line not on the sheet yet is added (found while counting). */
  count: post(`${CHECK}/count`, check, StockCheckCountInput, StockCheckCountResult),
  differences: post(`${CHECK}/differences`, check, StockCheckDifferencesInput, StockCheckDifferences),
  confirm: post(`${CHECK}/confirm`, check, StockCheckCommandInput, StockCheckDetail),
  cancel: post(`${CHECK}/cancel`, check, StockCheckCommandInput, StockCheckDetail),
};

// ---- inbound notices: the /stocks inbound tab, /stocks/createstocksin ------------------------

/** The stock page's inbound tab and the purchase pages read notices. */
const asnReaders = { menu: ['MENU_INV', 'MENU_PURCHASE'] } as const;
/** Creating and editing notices: the create-inbound menu (route /stocks/createstocksin). */
const asnCreate = { menu: 'MENU_ASN_CREATE' } as const;
/** Receiving, cancelling, deleting, issuing: the stock menu. */
const asnManage = { menu: 'MENU_INV' } as const;
const PURCHASE_ASN = '/cloud/purchase/purchaseAsn';
const ASN = '/cloud/purchase/asn';
const ASN_HEADER = '/myhome/asnHeader';

export const InboundCalls = {
  create: post(`${PURCHASE_ASN}/create`, asnCreate, AsnCreateInput, AsnView),
  edit: post(`${PURCHASE_ASN}/edit`, asnCreate, AsnEditInput, AsnView),
  createAndReceipt: post(`${PURCHASE_ASN}/createAndReceipt`, asnCreate, AsnCreateAndReceiptInput, AsnView),
  receipt: post(`${PURCHASE_ASN}/receipt`, asnManage, AsnReceiptInput, AsnView),
  /** One scan at the receiving station: a barcode or SKU code, booked on its line (not in the spec). */
  scanReceipt: post(`${PURCHASE_ASN}/scanReceipt`, asnManage, AsnScanReceiptInput, AsnScanReceiptAnswer),
  search: post(`${ASN}/searchPageList`, asnReaders, AsnSearchInput, pageOf(AsnRow)),
  getById: post(`${ASN}/getById`, asnReaders, IdInput, AsnView),
  /** The enabled suppliers a notice may name (the notice form's select). */
  supplierOptions: post(`${ASN}/supplierOptions`, { menu: ['MENU_INV', 'MENU_PURCHASE', 'MENU_ASN_CREATE'] }, undefined, z.array(AsnSupplierOption)),
  /** The spec's "status list": every status with its name and how many notices hold it. */
  statusList: post(`${ASN_HEADER}/getStatusList`, asnReaders, undefined, z.array(AsnStatusOption)),
  cancel: post(`${ASN_HEADER}/cancel`, asnManage, AsnVersionInput, AsnView),
  forceCancel: post(`${ASN_HEADER}/forceCancel`, asnManage, AsnForceCancelInput, AsnView),
  delete: post(`${ASN_HEADER}/delete`, asnManage, IdListInput, Deleted),
  /** Issue again to the warehouse system, or send a failed cancel again. */
  sync: post(`${ASN_HEADER}/sync`, asnManage, IdListInput, z.object({ requested: z.number().int() })),
  /** "Fetch results": what the notice's warehouse system has reported, booked now. */
  fetchResults: post(`${ASN_HEADER}/fetchResults`, asnManage, IdInput, WarehousePollSummary),
};

// ---- warehouse systems and the sandbox warehouse system's console ----------------------------

/** Who may see the sandbox console and fetch results: stock and warehouse staff. */
const stockOrWarehouses = { menu: ['MENU_INV', 'MENU_WH_LIST'] } as const;
/** Who may drive the sandbox warehouse system: whoever configures warehouses. */
const sandboxDriver = { menu: SANDBOX_WMS_CONSOLE_MENU } as const;
const SANDBOX = '/cloud/wms/sandbox';

export const WarehouseSystemCalls = {
  /** Poll a warehouse's system now (every kind of document). */
  fetchResults: post('/cloud/wms/fetchResults', stockOrWarehouses, FetchResultsInput, WarehousePollSummary),
  sandboxWarehouses: post(`${SANDBOX}/warehouses`, stockOrWarehouses, undefined, z.array(SandboxWmsWarehouseOption)),
  sandboxView: post(`${SANDBOX}/view`, stockOrWarehouses, SandboxWmsWarehouseInput, SandboxWmsView),
  sandboxSettings: post(`${SANDBOX}/settings`, sandboxDriver, SandboxWmsSettingsInput, NoAnswer),
  /** Replaces the failures to produce on the next calls (an empty list clears them). */
  sandboxFailNext: post(`${SANDBOX}/failNext`, sandboxDriver, SandboxWmsFailNextInput, NoAnswer),
  /** The warehouse receives (ASN) or ships (WDO) a document, in full or in part. */
  sandboxFulfil: post(`${SANDBOX}/fulfil`, sandboxDriver, SandboxWmsFulfilInput, SandboxWmsResultAnswer),
  sandboxConfirmCancel: post(`${SANDBOX}/confirmCancel`, sandboxDriver, SandboxWmsDocumentInput, SandboxWmsResultAnswer),
  /**
   * Qimen's confirmation callbacks (deliveryorder/stockout/entryorder/returnorder.confirm; our path):
   * signed query parameters and an XML body, answered in Qimen's XML `<response>` (raw).
   */
  qimenCallback: post('/open/wms/qimen/callback', 'public', undefined, RawAnswer, { raw: true, rawBody: true, bodyLimit: 2 * 1024 * 1024 }),
};

// ---- the business inventory, its lots, opening inventory, the inventory log ------------------

const inventory = { menu: 'MENU_INV' } as const;
const BIZ = '/myhome/bizinventory';
const INV = '/cloud/core/inventory';

export const InventoryCalls = {
  /** The business inventory (activeKey 1): a SKU per warehouse; -1 for every warehouse. */
  search: post(`${BIZ}/search`, inventory, BizInventorySearchInput, pageOf(BizInventoryRow)),
  updateWarning: post(`${BIZ}/updateWarning`, inventory, StockWarningUpdateInput, StockWarningResult),
  batchUpdateWarning: post(`${BIZ}/batchUpdateWarning`, inventory, StockWarningBatchInput, StockWarningBatchResult),
  /** Balances by location. */
  searchByPage: post(`${INV}/searchByPage`, inventory, InventorySearchInput, pageOf(InventoryBalanceRow)),
  ledger: post(`${INV}/ledger`, inventory, InventoryLedgerInput, InventoryLedgerResult),
  getProductDateInfo: post(`${INV}/getProductDateInfo`, inventory, InventoryProductDateListInput, InventoryProductDateInfo),
  addProductDateInfo: post(`${INV}/addProductDateInfo`, inventory, InventoryProductDateAddInput, InventoryProductDateInfo),
  updateProductDateInfo: post(`${INV}/updateProductDateInfo`, inventory, InventoryProductDateUpdateInput, InventoryProductDateInfo),
  delProductDateInfo: post(`${INV}/delProductDateInfo`, inventory, InventoryProductDateDeleteInput, InventoryProductDateInfo),
  /** The spec's "save opening inventory". */
  saveOpening: post(`${INV}/saveOpening`, inventory, OpeningInventorySaveInput, OpeningInventoryResult),
  export: post(`${INV}/export`, inventory, InventoryExportInput, ExportRequested),
  /** The inventory log (logs activeKey 2), read with the log centre's menu. */
  inventoryLog: post('/myhome/invLog/searchPageList', { menu: 'MENU_BIZ_LOG' }, InventoryLogSearchInput, pageOf(InventoryLogRow)),
};

// ---- average-cost adjustments: /stocks/create-adjust -----------------------------------------

const AVERAGE_COST = '/cloud/core/averagecost';

export const AverageCostCalls = {
  search: post(`${AVERAGE_COST}/search`, inventory, AverageCostSearchInput, pageOf(AverageCostRow)),
  searchDetail: post(`${AVERAGE_COST}/searchDetail`, inventory, IdInput, AverageCostDetail),
  create: post(`${AVERAGE_COST}/create`, inventory, AverageCostCreateInput, AverageCostDetail),
  update: post(`${AVERAGE_COST}/update`, inventory, AverageCostUpdateInput, AverageCostDetail),
  confirm: post(`${AVERAGE_COST}/confirm`, inventory, AverageCostCommandInput, AverageCostDetail),
  delete: post(`${AVERAGE_COST}/delete`, inventory, AverageCostCommandInput, Deleted),
  updateConfig: post(`${AVERAGE_COST}/updateAvgCostConfig`, inventory, AvgCostConfig, AvgCostConfig),
  /** Not in the spec's index: the page reads the configuration it updates. */
  getConfig: post(`${AVERAGE_COST}/getAvgCostConfig`, inventory, undefined, AvgCostConfig),
};

// ---- outbound orders and the sales-outbound list ---------------------------------------------

/** The list lives on /stocks (MENU_INV); the create page is /stocks/createstocksout (MENU_WDO_CREATE). */
const wdoRead = { menu: ['MENU_INV', 'MENU_WDO_CREATE'] } as const;
/** Writing an order: the create page's menu. */
const wdoWrite = { menu: 'MENU_WDO_CREATE' } as const;
/** Working an order through its statuses: the list's menu. */
export const WDO_PROCESS_ACCESS = { menu: 'MENU_INV' } as const;
const WDO = '/myhome/wdoHeader';

export const OutboundCalls = {
  create: post(`${WDO}/create`, wdoWrite, WdoCreateInput, WdoWithDetails),
  update: post(`${WDO}/update`, wdoWrite, WdoUpdateInput, WdoWithDetails),
  delete: post(`${WDO}/delete`, wdoWrite, WdoCommandInput, Deleted),
  search: post(`${WDO}/search`, wdoRead, WdoSearchInput, pageOf(WdoRow)),
  get: post(`${WDO}/get`, wdoRead, IdInput, WdoWithDetails),
  verify: post(`${WDO}/verify`, WDO_PROCESS_ACCESS, WdoCommandInput, WdoWithDetails),
  sync: post(`${WDO}/sync`, WDO_PROCESS_ACCESS, WdoCommandInput, WdoWithDetails),
  /** The spec's "inventory update": books the delivery. */
  updateInventory: post(`${WDO}/updateInventory`, WDO_PROCESS_ACCESS, WdoDeliverInput, WdoWithDetails),
  cancel: post(`${WDO}/cancel`, WDO_PROCESS_ACCESS, WdoCancelInput, WdoWithDetails),
  forceCancel: post(`${WDO}/forceCancel`, WDO_PROCESS_ACCESS, WdoForceCancelInput, WdoWithDetails),
  /** The spec's /cloud/core/wdoDetail: the lines of one order. */
  details: post('/cloud/core/wdoDetail/list', wdoRead, WdoDetailListInput, z.array(WdoDetailRow)),
  /** What shipped orders took out of the warehouses (/stocks activeKey 5). */
  salesOutbound: post('/myhome/salesOutbound/search', inventory, SalesOutboundSearchInput, pageOf(SalesOutboundRow)),
  exportSalesOutbound: post('/myhome/salesOutbound/export', inventory, SalesOutboundSearchInput, ExportRequested),
};

// ---- transfers: /stocks/transfer (MENU_INV_TRANSFER) -----------------------------------------

const transfer = { menu: 'MENU_INV_TRANSFER' } as const;
const TRANSFER = '/myhome/transfer';

export const TransferCalls = {
  create: post(`${TRANSFER}/createTransferOrderByHand`, transfer, TransferCreateInput, TransferWithDetails),
  update: post(`${TRANSFER}/update`, transfer, TransferUpdateInput, TransferWithDetails),
  ship: post(`${TRANSFER}/ship`, transfer, TransferCommandInput, TransferWithDetails),
  receive: post(`${TRANSFER}/receive`, transfer, TransferReceiveInput, TransferWithDetails),
  cancel: post(`${TRANSFER}/cancel`, transfer, TransferCommandInput, TransferWithDetails),
  search: post(`${TRANSFER}/search`, transfer, TransferSearchInput, pageOf(TransferRow)),
  get: post(`${TRANSFER}/get`, transfer, IdInput, TransferWithDetails),
};

// ---- stock sync to stores: /stocks/sync (MENU_INV_SYNC), the sync log (MENU_BIZ_LOG) ---------

const sync = { menu: 'MENU_INV_SYNC' } as const;

export const StockSyncCalls = {
  stores: post(`${BIZ}/syncStores`, sync, undefined, z.array(StockSyncStoreRow)),
  createRule: post(`${BIZ}/syncRule/create`, sync, StockSyncRuleCreateInput, StockSyncRuleRow),
  updateRule: post(`${BIZ}/syncRule/update`, sync, StockSyncRuleUpdateInput, StockSyncRuleRow),
  deleteRule: post(`${BIZ}/syncRule/delete`, sync, StockSyncRuleDeleteInput, NoAnswer),
  autoSync: post(`${BIZ}/autoSync`, sync, StockSyncAutoInput, StockSyncStoreRow),
  preview: post(`${BIZ}/syncPreview`, sync, StockSyncPreviewInput, pageOf(StockSyncPreviewRow)),
  manualSync: post(`${BIZ}/manualSync`, sync, StockSyncManualInput, StockSyncRequestResult),
  /** The open failures of a store. */
  failures: post(`${BIZ}/syncFailures`, sync, StockSyncFailuresInput, pageOf(StockSyncRecordRow)),
  retry: post(`${BIZ}/retrySync`, sync, StockSyncRetryInput, StockSyncRequestResult),
  /** The inventory-sync log; retrying from it needs MENU_INV_SYNC (retry). */
  log: post('/myhome/bizInvSynLog/searchPageList', { menu: 'MENU_BIZ_LOG' }, StockSyncLogSearchInput, pageOf(StockSyncRecordRow)),
};

/** The stock area's call maps, by part (each part's names are its own). */
export const STOCK_CALL_MAPS: Record<string, CallMap> = {
  stockCheck: StockCheckCalls,
  inbound: InboundCalls,
  warehouseSystems: WarehouseSystemCalls,
  inventory: InventoryCalls,
  averageCost: AverageCostCalls,
  outbound: OutboundCalls,
  transfer: TransferCalls,
  stockSync: StockSyncCalls,
};
