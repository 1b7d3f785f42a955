// The configuration areas' calls (spec 02 §7.6–§7.9, §7.12, §7.16; 03-calls.md): express companies
// (/myhome/expressCompany), warehouses and locations (/myhome/warehouse, /myhome/location),
// suppliers and supply goods (/cloud/purchase/supplier, /supplyGoods; paths the spec does not show,
// listed in apps/server/src/modules/suppliers/README.md), the stores' payment and after-sales
// authorisation (the store calls themselves are in api/stores.ts), the sandbox marketplace's
// console and consent page (/cloud/sandbox), the sandbox carrier's console
// (/cloud/carrier/sandbox) and the address calls (/myhome/address).
import { z } from 'zod';
import { IdInput } from '../contracts/common.js';
import {
  DomainSettingsSaveResult,
  DomainSettingView,
  OverTimeWarningInput,
  PrintConfigUpdateInput,
  SysConfigCodeInput,
  SysConfigJsonInput,
  SysConfigUpdateInput,
} from '../contracts/domain-settings.js';
import {
  SandboxCallRow,
  SandboxCallSearchInput,
  SandboxForceFailuresInput,
  SandboxGenerateOrdersInput,
  SandboxItemInput,
  SandboxItemRefInput,
  SandboxItemRow,
  SandboxOrderRefInput,
  SandboxLastShipTimeInput,
  SandboxOrderRow,
  SandboxPageInput,
  SandboxRefundInput,
  SandboxRefundRefInput,
  SandboxReturnGoodsInput,
  SandboxRefundRow,
  SandboxSettingsInput,
  SandboxShopView,
  SandboxStoreInput,
  AfterSaleAuthInput,
  AfterSaleAuthRow,
  PayAuthRow,
  PayAuthSearchInput,
} from '../contracts/stores.js';
import { SandboxCarrierFailNextInput, SandboxCarrierSettingsInput, SandboxCarrierView } from '../contracts/waybills.js';
import { LogOption, LogOptionTypeInput, OperationLogRow, OperationLogSearchInput, WriteDocLogInput } from '../contracts/logs.js';
import {
  AddUserExpressCompanyInput,
  ExpressCompanyOption,
  RemoveUserExpressCompanyInput,
  SystemExpressCompany,
  UpdateUserExpressCompanyInput,
  UserExpressCompanyRow,
} from '../contracts/express.js';
import {
  SupplierCreateInput,
  SupplierDeleteInput,
  SupplierListAllInput,
  SupplierOption,
  SupplierRow,
  SupplierSearchInput,
  SupplierUpdateInput,
  SupplyGoodsDeleteInput,
  SupplyGoodsRow,
  SupplyGoodsSaveInput,
  SupplyGoodsSearchInput,
  SupplyGoodsUpdateInput,
} from '../contracts/suppliers.js';
import {
  LocationCreateInput,
  LocationDeleteInput,
  LocationRow,
  LocationSearchInput,
  LocationUpdateInput,
  StoreWarehouseAssignment,
  WarehouseAssignmentsInput,
  WarehouseBindInput,
  WarehouseCreateInput,
  WarehouseListAllInput,
  WarehouseOption,
  WarehouseRow,
  WarehouseSearchInput,
  WarehouseStopUsingInput,
  WarehouseUnbindInput,
  WarehouseUpdateInput,
} from '../contracts/warehouses.js';
import { get, NoAnswer, pageOf, post, RawAnswer } from './define.js';
import { STORE_MENU, StoreCalls } from './stores.js';

const STORE_MANAGE = { menu: STORE_MENU } as const;

const Deleted = z.object({ deleted: z.number().int() });

// ---- express companies ------------------------------------------------------------------------

const EXPRESS_MANAGE = { menu: 'MENU_ETRACK_ACCOUNT' } as const;

/** Pages of other areas offer the domain's carriers (orders, rules, printing, after-sales, stock). */
export const EXPRESS_READERS = {
  menu: [
    'MENU_ETRACK_ACCOUNT',
    'MENU_ERPSO',
    'MENU_ERPSO_CREATE',
    'MENU_EXPRESS_RULE',
    'MENU_PRINT_TEMPLATE',
    'MENU_WH_EXPRESS',
    'MENU_EXPRESS_RECONCILIATION',
    'MENU_EXPRESS_STOP',
    'MENU_FREIGHT_TEMPLATE',
    'MENU_AFTER_SALES',
    'MENU_RMA_MANAGE',
    'MENU_INV',
    'MENU_WDO_CREATE',
    'MENU_STORE',
    'MENU_REPORT',
  ],
} as const;

const EC = '/myhome/expressCompany';

export const ExpressCompanyCalls = {
  userCompanies: post(`${EC}/getAllUserExpressCompany`, EXPRESS_READERS, undefined, z.array(UserExpressCompanyRow)),
  userCompaniesWithNull: post(`${EC}/getAllUserExpressCompanyWithNull`, EXPRESS_READERS, undefined, z.array(ExpressCompanyOption)),
  systemCompanies: post(`${EC}/getAllSystemExpressCompany`, EXPRESS_READERS, undefined, z.array(SystemExpressCompany)),
  add: post(`${EC}/addUserExpressCompany`, EXPRESS_MANAGE, AddUserExpressCompanyInput, z.array(UserExpressCompanyRow)),
  remove: post(`${EC}/removeUserExpressCompany`, EXPRESS_MANAGE, RemoveUserExpressCompanyInput, z.object({ removed: z.number().int() })),
  update: post(`${EC}/updateUserExpressCompany`, EXPRESS_MANAGE, UpdateUserExpressCompanyInput, UserExpressCompanyRow),
  /** How an order may be split into packages per carrier (spec 01 §5, 02 §4.3): the domain's carriers, or the codes asked. */
  splitRule: post(
    `${EC}/splitRule`,
    EXPRESS_READERS,
    z.object({ codes: z.array(z.string().trim().min(1).max(40)).max(100).optional() }).optional().default({}),
    z.array(z.object({ code: z.string(), name: z.string(), chosen: z.boolean(), multiPackage: z.boolean(), refusal: z.string().nullable() })),
  ),
};

// ---- warehouses and locations -----------------------------------------------------------------

const WAREHOUSE_MANAGE = { menu: 'MENU_WH_LIST' } as const;

/**
 * Pages of other areas pick a warehouse or a location (stock, documents, orders, purchasing,
 * after-sales, stores, reports): they may list them, not change them.
 */
export const WAREHOUSE_READERS = {
  menu: [
    'MENU_WH_LIST',
    'MENU_WH_EXPRESS',
    'MENU_INV',
    'MENU_ASN_CREATE',
    'MENU_WDO_CREATE',
    'MENU_INV_TRANSFER',
    'MENU_INV_ADJUST',
    'MENU_INV_SYNC',
    'MENU_ERPSO',
    'MENU_ERPSO_CREATE',
    'MENU_RMA_MANAGE',
    'MENU_AFTER_SALES',
    'MENU_PURCHASE',
    'MENU_STORE',
    'MENU_REPORT',
    'MENU_WAVE_STRATEGY_DISTRIBUTION',
  ],
} as const;

const WH = '/myhome/warehouse';
const LOC = '/myhome/location';

export const WarehouseCalls = {
  create: post(`${WH}/create`, WAREHOUSE_MANAGE, WarehouseCreateInput, WarehouseRow),
  update: post(`${WH}/update`, WAREHOUSE_MANAGE, WarehouseUpdateInput, WarehouseRow),
  stopUsing: post(`${WH}/stopUsing`, WAREHOUSE_MANAGE, WarehouseStopUsingInput, WarehouseRow),
  search: post(`${WH}/search`, WAREHOUSE_MANAGE, WarehouseSearchInput, pageOf(WarehouseRow)),
  get: post(`${WH}/get`, WAREHOUSE_MANAGE, IdInput, WarehouseRow),
  listAll: post(`${WH}/listAll`, WAREHOUSE_READERS, WarehouseListAllInput, z.array(WarehouseOption)),
  /** Which stores ship from which warehouses (the correspondence page). */
  bind: post(`${WH}/bind`, WAREHOUSE_MANAGE, WarehouseBindInput, z.array(StoreWarehouseAssignment)),
  unbind: post(`${WH}/unbind`, WAREHOUSE_MANAGE, WarehouseUnbindInput, z.array(StoreWarehouseAssignment)),
  assignments: post(`${WH}/assignments`, { menu: ['MENU_WH_LIST', 'MENU_STORE'] }, WarehouseAssignmentsInput, z.array(StoreWarehouseAssignment)),
};

export const LocationCalls = {
  create: post(`${LOC}/create`, WAREHOUSE_MANAGE, LocationCreateInput, LocationRow),
  update: post(`${LOC}/update`, WAREHOUSE_MANAGE, LocationUpdateInput, LocationRow),
  delete: post(`${LOC}/delete`, WAREHOUSE_MANAGE, LocationDeleteInput, Deleted),
  search: post(`${LOC}/search`, WAREHOUSE_READERS, LocationSearchInput, pageOf(LocationRow)),
};

// ---- suppliers and supply goods ---------------------------------------------------------------

const SUPPLIER_MANAGE = { menu: 'MENU_SUPPLIER' } as const;
/** Purchasing and payables pick a supplier and read what it supplies. */
const SUPPLIER_READERS = { menu: ['MENU_SUPPLIER', 'MENU_PURCHASE', 'MENU_PAYABLE_MANAGE'] } as const;
const SUP = '/cloud/purchase/supplier';
const SG = '/cloud/purchase/supplyGoods';

export const SupplierCalls = {
  search: post(`${SUP}/search`, SUPPLIER_MANAGE, SupplierSearchInput, pageOf(SupplierRow)),
  get: post(`${SUP}/get`, SUPPLIER_MANAGE, IdInput, SupplierRow),
  listAll: post(`${SUP}/listAll`, SUPPLIER_READERS, SupplierListAllInput, z.array(SupplierOption)),
  create: post(`${SUP}/create`, SUPPLIER_MANAGE, SupplierCreateInput, SupplierRow),
  update: post(`${SUP}/update`, SUPPLIER_MANAGE, SupplierUpdateInput, SupplierRow),
  delete: post(`${SUP}/delete`, SUPPLIER_MANAGE, SupplierDeleteInput, Deleted),
};

export const SupplyGoodsCalls = {
  search: post(`${SG}/search`, SUPPLIER_READERS, SupplyGoodsSearchInput, pageOf(SupplyGoodsRow)),
  save: post(`${SG}/save`, SUPPLIER_MANAGE, SupplyGoodsSaveInput, z.array(SupplyGoodsRow)),
  update: post(`${SG}/update`, SUPPLIER_MANAGE, SupplyGoodsUpdateInput, SupplyGoodsRow),
  delete: post(`${SG}/delete`, SUPPLIER_MANAGE, SupplyGoodsDeleteInput, Deleted),
};

// ---- the sandbox marketplace: its console (a seller's test shop) and its consent page -----------

const SBX = '/cloud/sandbox/console';
const Count = z.object({ count: z.number().int() });

export const SandboxMarketplaceConsoleCalls = {
  get: post(`${SBX}/get`, STORE_MANAGE, SandboxStoreInput, SandboxShopView),
  updateSettings: post(`${SBX}/updateSettings`, STORE_MANAGE, SandboxSettingsInput, SandboxShopView),
  forceFailures: post(`${SBX}/forceFailures`, STORE_MANAGE, SandboxForceFailuresInput, SandboxShopView),
  clearFailures: post(`${SBX}/clearFailures`, STORE_MANAGE, SandboxStoreInput, SandboxShopView),
  expireToken: post(`${SBX}/expireToken`, STORE_MANAGE, SandboxStoreInput, Count),
  revokeTokens: post(`${SBX}/revokeTokens`, STORE_MANAGE, SandboxStoreInput, Count),
  items: post(`${SBX}/items`, STORE_MANAGE, SandboxPageInput, pageOf(SandboxItemRow)),
  saveItem: post(`${SBX}/saveItem`, STORE_MANAGE, SandboxItemInput, z.object({ itemId: z.string() })),
  deleteItem: post(`${SBX}/deleteItem`, STORE_MANAGE, SandboxItemRefInput, NoAnswer),
  orders: post(`${SBX}/orders`, STORE_MANAGE, SandboxPageInput, pageOf(SandboxOrderRow)),
  generateOrders: post(`${SBX}/generateOrders`, STORE_MANAGE, SandboxGenerateOrdersInput, z.object({ orderNos: z.array(z.string()) })),
  closeOrder: post(`${SBX}/closeOrder`, STORE_MANAGE, SandboxOrderRefInput, NoAnswer),
  finishOrder: post(`${SBX}/finishOrder`, STORE_MANAGE, SandboxOrderRefInput, NoAnswer),
  /** The marketplace's risk control holds an unshipped order (review refused until released). */
  riskControlOrder: post(`${SBX}/riskControlOrder`, STORE_MANAGE, SandboxOrderRefInput, NoAnswer),
  /** The marketplace releases a risk-controlled order. */
  releaseRiskControl: post(`${SBX}/releaseRiskControl`, STORE_MANAGE, SandboxOrderRefInput, NoAnswer),
  /** The marketplace moves an unshipped order's latest ship time. */
  setLastShipTime: post(`${SBX}/setLastShipTime`, STORE_MANAGE, SandboxLastShipTimeInput, NoAnswer),
  createRefund: post(`${SBX}/createRefund`, STORE_MANAGE, SandboxRefundInput, z.object({ refundId: z.string() })),
  refunds: post(`${SBX}/refunds`, STORE_MANAGE, SandboxPageInput, pageOf(SandboxRefundRow)),
  /** The buyer sends the goods of an agreed return or exchange back. */
  returnGoods: post(`${SBX}/returnGoods`, STORE_MANAGE, SandboxReturnGoodsInput, NoAnswer),
  /** The buyer withdraws a refund request. */
  cancelRefund: post(`${SBX}/cancelRefund`, STORE_MANAGE, SandboxRefundRefInput, NoAnswer),
  calls: post(`${SBX}/calls`, STORE_MANAGE, SandboxCallSearchInput, pageOf(SandboxCallRow)),
  /** The seller opens OpenSeller from the sandbox: a platform token for login/byPlatformToken. */
  issueLoginToken: post(`${SBX}/issueLoginToken`, STORE_MANAGE, SandboxStoreInput, z.object({ platformToken: z.string(), platformType: z.string(), expiresAt: z.string() })),
};

/** Where the sandbox marketplace asks the seller to grant access (the OAuth consent page). */
export const SANDBOX_CONSENT_PATH = '/cloud/sandbox/authorize';

/**
 * The consent page: GET shows it (HTML), the form's POST answers with a redirect. Public, raw; the
 * handler checks the query and the form itself (a refusal is an HTML page, not an envelope).
 */
export const SandboxConsentCalls = {
  page: get(SANDBOX_CONSENT_PATH, 'public', undefined, RawAnswer, { raw: true }),
  decide: post(SANDBOX_CONSENT_PATH, 'public', undefined, RawAnswer, { raw: true }),
};

// ---- the sandbox carrier's console ----------------------------------------------------------------

const CARRIER_CONSOLE = { menu: 'MENU_ETRACK_ACCOUNT' } as const;
const CSB = '/cloud/carrier/sandbox';


export const SandboxCarrierConsoleCalls = {
  view: post(`${CSB}/view`, CARRIER_CONSOLE, undefined, SandboxCarrierView),
  settings: post(`${CSB}/settings`, CARRIER_CONSOLE, SandboxCarrierSettingsInput, SandboxCarrierView),
  failNext: post(`${CSB}/failNext`, CARRIER_CONSOLE, SandboxCarrierFailNextInput, SandboxCarrierView),
};

// The address calls (spec 02 §7.6) are in api/print.ts (AddressCalls), beside the express rules that use them.

// ---- sysconfig: the domain's settings (spec 02 §7.14; the business rules page, MENU_USER_CONFIG) --

const CONFIGURE = { menu: 'MENU_USER_CONFIG' } as const;
const SC = '/cloud/core/sysconfig';

export const SysConfigCalls = {
  /** The settings a code names (USER_CONFIG, OVER_TIME_WARNING, PRINT_CONFIG or one item code): { itemCode, value, … }[]. */
  getConfigByCode: post(`${SC}/getConfigByCode`, CONFIGURE, SysConfigCodeInput, z.array(DomainSettingView)),
  updateSysConfig: post(`${SC}/updateSysConfig`, CONFIGURE, SysConfigUpdateInput, DomainSettingsSaveResult),
  updateSysConfigByJSON: post(`${SC}/updateSysConfigByJSON`, CONFIGURE, SysConfigJsonInput, DomainSettingsSaveResult),
  updateOverTimeWaringSysConfig: post(`${SC}/updateOverTimeWaringSysConfig`, CONFIGURE, OverTimeWarningInput, DomainSettingsSaveResult),
  updatePrintConfig: post(`${SC}/updatePrintConfig`, CONFIGURE, PrintConfigUpdateInput, DomainSettingsSaveResult),
};

// ---- the log centre (spec 02 §7.14; /logs, MENU_BIZ_LOG) --------------------------------------------

const LOGS = { menu: 'MENU_BIZ_LOG' } as const;

export const LogCalls = {
  /** The business-document log (activeKey 1). */
  docLogSearch: post('/myhome/docLog/search', LOGS, OperationLogSearchInput, pageOf(OperationLogRow)),
  /** The web app records in orders' history a print it made itself; order staff print. */
  writeDocLog: post('/myhome/docLog/writeDocLog', { menu: 'MENU_ERPSO' }, WriteDocLogInput, z.object({ written: z.number().int() })),
  /** The configuration log (activeKey 5). */
  configLogSearch: post('/myhome/configLog/searchPageList', LOGS, OperationLogSearchInput, pageOf(OperationLogRow)),
  /** The spec passes type in the query string. */
  getOptionByType: post('/myhome/logOption/getOptionByType', LOGS, LogOptionTypeInput, z.array(LogOption), { inputFrom: 'query' }),
};

// The order-sync log (/myhome/syncSoMsg) is served by the orders' ingest: OrderIngestCalls in api/orders.ts.

/** Payment and after-sales authorisation of the stores (spec 02 §7.7). */
export const StoreAuthCalls = {
  searchPayAuth: post('/cloud/domain/payAuth/searchPayAuth', STORE_MANAGE, PayAuthSearchInput, pageOf(PayAuthRow)),
  /** Read by the store and after-sales screens. */
  afterSaleAuthByStoreIds: post('/cloud/domain/afterSaleAuth/getByStoreIds', { menu: [STORE_MENU, 'MENU_AFTER_SALES', 'MENU_RMA_MANAGE'] }, AfterSaleAuthInput, z.array(AfterSaleAuthRow)),
};

/**
 * Order-change messages the marketplaces push (issue #18 must-have 6): public, the platform's
 * signature is the check; the raw body is kept (signatures cover it byte for byte) and the answer
 * is the platform's own JSON. One address per platform (connectors/marketplace/inbound/).
 */
const INBOUND_OPTIONS = { raw: true, rawBody: true, bodyLimit: 1024 * 1024 } as const;
export const MarketplaceInboundCalls = {
  sandbox: post('/open/marketplace/messages/sandbox', 'public', undefined, RawAnswer, INBOUND_OPTIONS),
  douyin: post('/open/marketplace/messages/douyin', 'public', undefined, RawAnswer, INBOUND_OPTIONS),
  kuaishou: post('/open/marketplace/messages/kuaishou', 'public', undefined, RawAnswer, INBOUND_OPTIONS),
};

/** The configuration areas' call maps, by area name. */
export const CONFIG_CALL_MAPS = {
  expressCompanies: ExpressCompanyCalls,
  warehouses: WarehouseCalls,
  locations: LocationCalls,
  suppliers: SupplierCalls,
  supplyGoods: SupplyGoodsCalls,
  stores: StoreCalls,
  storeAuth: StoreAuthCalls,
  sandboxMarketplaceConsole: SandboxMarketplaceConsoleCalls,
  sandboxConsent: SandboxConsentCalls,
  marketplaceInbound: MarketplaceInboundCalls,
  sandboxCarrierConsole: SandboxCarrierConsoleCalls,
  sysconfig: SysConfigCalls,
  logs: LogCalls,
};
