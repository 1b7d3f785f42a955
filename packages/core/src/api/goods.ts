// The goods area's calls (spec 02 §7.3): SPUs with their SKUs and combinations (/myhome/spu), the
// SKU pickers (/myhome/sku/searchSkuPageList, /myhome/spu/getBySkuIdList), the classification
// tree (/myhome/spuSysClassify), shelf-life records (/myhome/sku/*ProductDateInfo) and the direct
// import (/myhome/dataImport/spu*). Paths the spec does not show are listed in
// apps/server/src/modules/goods/README.md.
import { z } from 'zod';
import { IdInput } from '../contracts/common.js';
import {
  AddOneSkuToSpuInput,
  CheckCodeInput,
  CheckCodeResult,
  DeleteSpuListInput,
  GoodsCounts,
  MakeSpuCombinedInput,
  MarkSpusInput,
  MoveSpusToClassInput,
  ProductDateAddInput,
  ProductDateDeleteInput,
  ProductDateInfo,
  ProductDateListInput,
  SetSpuStatusInput,
  SkuClassCreateInput,
  SkuClassNode,
  SkuClassTree,
  SkuClassTreeInput,
  SkuClassUpdateInput,
  SkuIdListInput,
  SkuPick,
  SkuSearchInput,
  SpuCreateInput,
  SpuExportInput,
  SpuLoadImportFileInput,
  SpuLoadImportFileResult,
  SpuParseImportFileInput,
  SpuParseImportFileResult,
  SpuRow,
  SpuSearchInput,
  SpuUpdateInput,
  UpdateCombinationInput,
  Sku4LocationInput,
  Sku4LocationRow,
  TbSkuOfGoods,
  TbSkusCount,
  TbSkusOfGoodsInput,
} from '../contracts/goods.js';
import { get, NoAnswer, pageOf, post } from './define.js';
import { ExportRequested } from './stock.js';
import { DIRECT_IMPORT_BODY_LIMIT } from '../contracts/imports.js';
import { CreateLiveCodeInput, CreateLiveCodeResult, LiveSpuRow, LiveSpuSearchInput, GoodsSyncRequested, GoodsSyncRow, MappingSyncStatusSearchInput, SendGoodsToWmsInput, SendMappingsToWmsInput, SpuSyncStatusSearchInput, WarehouseGoodsSyncInput, SyncSkuBySpuIdInput, RebuildSpuInput, RebuildSpuResult } from '../contracts/goods-wms.js';

export const GOODS_ACCESS = { menu: 'MENU_SKU' } as const;

/** Pages that choose SKUs (orders, stock, promotions, mapping, purchase…) may search them. */
export const SKU_PICKER_ACCESS = {
  menu: [
    'MENU_SKU',
    'MENU_TBSKU_RELATION',
    'MENU_NEW_PROMOTION_MANAGE',
    'MENU_ERPSO',
    'MENU_ERPSO_CREATE',
    'MENU_RMA_MANAGE',
    'MENU_AFTER_SALES',
    'MENU_INV',
    'MENU_ASN_CREATE',
    'MENU_WDO_CREATE',
    'MENU_INV_TRANSFER',
    'MENU_INV_ADJUST',
    'MENU_PURCHASE',
    'MENU_DISTRIBUTION',
    'DISTRIBUTION_SKU_PRICE',
    'MENU_DISTRIBUTION_SKU_RELATION',
    'MENU_EXPRESS_RULE',
  ],
} as const;

/** Shelf-life records belong to the goods and are kept by the stock pages too. */
const PRODUCT_DATE_ACCESS = { menu: ['MENU_SKU', 'MENU_INV'] } as const;

const SPU = '/myhome/spu';
const Updated = z.object({ updated: z.number().int() });

export const GoodsCalls = {
  // ---- goods (SPU with SKUs) ---------------------------------------------------------------
  search: post(`${SPU}/searchSpuPageList`, GOODS_ACCESS, SpuSearchInput, pageOf(SpuRow)),
  get: post(`${SPU}/getSpuById`, GOODS_ACCESS, IdInput, SpuRow),
  counts: post(`${SPU}/searchAllSkuCount`, GOODS_ACCESS, undefined, GoodsCounts),
  create: post(`${SPU}/createSpuByHand`, GOODS_ACCESS, SpuCreateInput, SpuRow),
  update: post(`${SPU}/updateSpuByhand`, GOODS_ACCESS, SpuUpdateInput, SpuRow),
  delete: post(`${SPU}/deleteSpuListByHand`, GOODS_ACCESS, DeleteSpuListInput, z.object({ deleted: z.number().int() })),
  checkCode: post(`${SPU}/checkCode`, GOODS_ACCESS, CheckCodeInput, CheckCodeResult),
  addOneSku: post(`${SPU}/addOneSkuToSpu`, GOODS_ACCESS, AddOneSkuToSpuInput, SpuRow),
  /** makeSpuCombined {spuVo, mapList}; each component {id, qty, apportionCostPrice}. */
  makeCombined: post(`${SPU}/makeSpuCombined`, GOODS_ACCESS, MakeSpuCombinedInput, SpuRow),
  updateCombination: post(`${SPU}/updateSpuList4Combination`, GOODS_ACCESS, UpdateCombinationInput, SpuRow),
  mark: post(`${SPU}/madeMarkBySpuIdList`, GOODS_ACCESS, MarkSpusInput, Updated),
  setStatus: post(`${SPU}/updateSpuStatus`, GOODS_ACCESS, SetSpuStatusInput, Updated),
  moveToClass: post(`${SPU}/updateSpuSysClassifyList`, GOODS_ACCESS, MoveSpusToClassInput, z.object({ moved: z.number().int() })),
  export: post(`${SPU}/exportSpu`, GOODS_ACCESS, SpuExportInput, ExportRequested),

  // ---- SKUs for pickers ---------------------------------------------------------------------
  searchSkus: post('/myhome/sku/searchSkuPageList', SKU_PICKER_ACCESS, SkuSearchInput, pageOf(SkuPick)),
  skusByIds: post(`${SPU}/getBySkuIdList`, SKU_PICKER_ACCESS, SkuIdListInput, z.array(SkuPick)),

  // ---- classification -----------------------------------------------------------------------
  classTree: post('/myhome/spuSysClassify/getSkuSysClassifyByType', GOODS_ACCESS, SkuClassTreeInput, SkuClassTree),
  createClass: post('/myhome/spuSysClassify/create', GOODS_ACCESS, SkuClassCreateInput, SkuClassNode),
  updateClass: post('/myhome/spuSysClassify/update', GOODS_ACCESS, SkuClassUpdateInput, SkuClassNode),
  deleteClass: post('/myhome/spuSysClassify/delete', GOODS_ACCESS, IdInput, NoAnswer),

  // ---- shelf-life records -------------------------------------------------------------------
  productDates: post('/myhome/sku/getProductDateInfo', PRODUCT_DATE_ACCESS, ProductDateListInput, ProductDateInfo),
  addProductDates: post('/myhome/sku/addProductDateInfo', PRODUCT_DATE_ACCESS, ProductDateAddInput, ProductDateInfo),
  deleteProductDates: post('/myhome/sku/delProductDateInfo', PRODUCT_DATE_ACCESS, ProductDateDeleteInput, ProductDateInfo),

  // ---- the direct import (/myhome/dataImport) -----------------------------------------------
  parseImportFile: post('/myhome/dataImport/spuParseImportFile', GOODS_ACCESS, SpuParseImportFileInput, SpuParseImportFileResult, { bodyLimit: DIRECT_IMPORT_BODY_LIMIT }),
  loadImportFile: post('/myhome/dataImport/spuLoadImportFile', GOODS_ACCESS, SpuLoadImportFileInput, SpuLoadImportFileResult, { bodyLimit: DIRECT_IMPORT_BODY_LIMIT }),
};

/** Goods and their online SKUs, and the SKUs of a location (spec 02 §7.3). */
export const GoodsLinkCalls = {
  tbSkus: post(`${SPU}/getTbSkus`, GOODS_ACCESS, TbSkusOfGoodsInput, z.array(TbSkuOfGoods)),
  tbSkusCount: post(`${SPU}/getTbSkusCount`, GOODS_ACCESS, TbSkusOfGoodsInput, TbSkusCount),
  /** Whether the domain has matched any online SKU to its goods yet (the mapping guide asks). */
  existRelation: get(`${SPU}/existRelationByUserId`, { menu: ['MENU_SKU', 'MENU_TBSKU_RELATION'] }, undefined, z.boolean()),
  sku4Location: post('/myhome/sku/getSku4Location', { menu: ['MENU_SKU', 'MENU_INV', 'MENU_WH_LIST'] }, Sku4LocationInput, z.array(Sku4LocationRow)),
};

/**
 * Goods and online-SKU mappings dispatched to warehouse systems (spec 02 §3.1, §7.3, §7.4, §7.9):
 * requests set sync rows to REQUEST, the dispatch job sends them, the results job confirms them.
 */
export const GoodsWmsCalls = {
  sendGoods: post(`${SPU}/sendToWMS`, GOODS_ACCESS, SendGoodsToWmsInput, GoodsSyncRequested),
  goodsSyncStatus: post(`${SPU}/searchSpuSyncStatus`, GOODS_ACCESS, SpuSyncStatusSearchInput, pageOf(GoodsSyncRow)),
  sendMappings: post('/myhome/tbspu/sendToWmsSkuMapping', { menu: 'MENU_TBSKU_RELATION' }, SendMappingsToWmsInput, GoodsSyncRequested),
  mappingSyncStatus: post('/myhome/tbspu/searchSyncStatus', { menu: 'MENU_TBSKU_RELATION' }, MappingSyncStatusSearchInput, pageOf(GoodsSyncRow)),
  warehouseSync: post('/myhome/warehouse/sync', { menu: 'MENU_WH_LIST' }, WarehouseGoodsSyncInput, GoodsSyncRequested),
  /** The SKUs of one goods sent again to the warehouse systems it was sent to (else every one). */
  syncSkuBySpuId: post('/myhome/proxy/doSyncSkuBySpuId', GOODS_ACCESS, SyncSkuBySpuIdInput, GoodsSyncRequested),
  /** The goods' derived values made again from their SKUs and sync rows (README "Rebuild"). */
  rebuildSpu: post(`${SPU}/rebuildSpu`, GOODS_ACCESS, RebuildSpuInput, RebuildSpuResult),
  /** Live-broadcast goods (/goods/livestreamGoods): the SKUs with their live codes. */
  liveSpus: post(`${SPU}/searchLiveSpuList`, GOODS_ACCESS, LiveSpuSearchInput, pageOf(LiveSpuRow)),
  createLiveCode: post(`${SPU}/createLiveCode`, GOODS_ACCESS, CreateLiveCodeInput, CreateLiveCodeResult),
};
