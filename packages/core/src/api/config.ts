// The configuration areas' calls (spec 02 §7.6–§7.9, §7.12, §7.16; 03-calls.md): express companies
// (/myhome/expressCompany), warehouses and locations (/myhome/warehouse, /myhome/location),
// suppliers and supply goods (/cloud/purchase/supplier, /supplyGoods; paths the spec does not show,
// listed in apps/server/src/modules/suppliers/README.md).
import { z } from 'zod';
import { IdInput } from '../contracts/common.js';
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
import { pageOf, post } from './define.js';

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

/** The configuration areas' call maps, by area name. */
export const CONFIG_CALL_MAPS = {
  expressCompanies: ExpressCompanyCalls,
  warehouses: WarehouseCalls,
  locations: LocationCalls,
  suppliers: SupplierCalls,
  supplyGoods: SupplyGoodsCalls,
};
