// The spec's paths of the goods area (spec 02 §7.3). Handlers only translate.
import type { FastifyInstance } from 'fastify';
import {
  AddOneSkuToSpuInput,
  CheckCodeInput,
  DeleteSpuListInput,
  IdInput,
  MakeSpuCombinedInput,
  MarkSpusInput,
  MoveSpusToClassInput,
  ProductDateAddInput,
  ProductDateDeleteInput,
  ProductDateListInput,
  SetSpuStatusInput,
  SkuClassCreateInput,
  SkuClassTreeInput,
  SkuClassUpdateInput,
  SkuIdListInput,
  SkuSearchInput,
  SpuCreateInput,
  SpuExportInput,
  SpuSearchInput,
  SpuUpdateInput,
  UpdateCombinationInput,
} from '@openseller/core';
import type { Exports } from '../../platform/exports.js';
import type { Http } from '../../platform/http.js';
import type { ClassesService } from './classes.service.js';
import { exportTitle, GOODS_EXPORT } from './goods.exporter.js';
import type { GoodsService } from './goods.service.js';

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

export function registerGoodsRoutes(app: FastifyInstance, http: Http, deps: { goods: GoodsService; classes: ClassesService; exports: Exports }): void {
  const { goods, classes, exports } = deps;

  // ---- goods (SPU with SKUs) ---------------------------------------------------------------
  http.route(app, { url: '/myhome/spu/searchSpuPageList', access: GOODS_ACCESS, input: SpuSearchInput, handler: (c) => goods.search(c.session, c.input) });
  http.route(app, { url: '/myhome/spu/getSpuById', access: GOODS_ACCESS, input: IdInput, handler: (c) => goods.get(c.session, c.input.id) });
  http.route(app, { url: '/myhome/spu/searchAllSkuCount', access: GOODS_ACCESS, handler: (c) => goods.counts(c.session) });
  http.route(app, { url: '/myhome/spu/createSpuByHand', access: GOODS_ACCESS, input: SpuCreateInput, handler: (c) => goods.createSpu(c.session, c.input) });
  http.route(app, { url: '/myhome/spu/updateSpuByhand', access: GOODS_ACCESS, input: SpuUpdateInput, handler: (c) => goods.updateSpu(c.session, c.input) });
  http.route(app, { url: '/myhome/spu/deleteSpuListByHand', access: GOODS_ACCESS, input: DeleteSpuListInput, handler: (c) => goods.deleteSpus(c.session, c.input.idList) });
  http.route(app, { url: '/myhome/spu/checkCode', access: GOODS_ACCESS, input: CheckCodeInput, handler: (c) => goods.checkCode(c.session, c.input) });
  http.route(app, { url: '/myhome/spu/addOneSkuToSpu', access: GOODS_ACCESS, input: AddOneSkuToSpuInput, handler: (c) => goods.addOneSku(c.session, c.input) });
  http.route(app, { url: '/myhome/spu/makeSpuCombined', access: GOODS_ACCESS, input: MakeSpuCombinedInput, handler: (c) => goods.makeCombined(c.session, c.input) });
  http.route(app, {
    url: '/myhome/spu/updateSpuList4Combination',
    access: GOODS_ACCESS,
    input: UpdateCombinationInput,
    handler: (c) => goods.updateCombination(c.session, c.input),
  });
  http.route(app, { url: '/myhome/spu/madeMarkBySpuIdList', access: GOODS_ACCESS, input: MarkSpusInput, handler: (c) => goods.mark(c.session, c.input) });
  http.route(app, { url: '/myhome/spu/updateSpuStatus', access: GOODS_ACCESS, input: SetSpuStatusInput, handler: (c) => goods.setStatus(c.session, c.input) });
  http.route(app, {
    url: '/myhome/spu/updateSpuSysClassifyList',
    access: GOODS_ACCESS,
    input: MoveSpusToClassInput,
    handler: (c) => goods.moveToClass(c.session, c.input),
  });
  http.route(app, {
    url: '/myhome/spu/exportSpu',
    access: GOODS_ACCESS,
    input: SpuExportInput,
    handler: (c) => exports.request(c.session, { type: GOODS_EXPORT, title: exportTitle(c.language), params: c.input as Record<string, unknown>, language: c.language }),
  });

  // ---- SKUs for pickers ---------------------------------------------------------------------
  http.route(app, { url: '/myhome/sku/searchSkuPageList', access: SKU_PICKER_ACCESS, input: SkuSearchInput, handler: (c) => goods.searchSkusFor(c.session, c.input) });
  http.route(app, { url: '/myhome/spu/getBySkuIdList', access: SKU_PICKER_ACCESS, input: SkuIdListInput, handler: (c) => goods.skusByIdsFor(c.session, c.input.idList) });

  // ---- classification -----------------------------------------------------------------------
  http.route(app, {
    url: '/myhome/spuSysClassify/getSkuSysClassifyByType',
    access: GOODS_ACCESS,
    input: SkuClassTreeInput,
    handler: (c) => classes.tree(c.session, c.input.isAll),
  });
  http.route(app, { url: '/myhome/spuSysClassify/create', access: GOODS_ACCESS, input: SkuClassCreateInput, handler: (c) => classes.create(c.session, c.input) });
  http.route(app, { url: '/myhome/spuSysClassify/update', access: GOODS_ACCESS, input: SkuClassUpdateInput, handler: (c) => classes.update(c.session, c.input) });
  http.route(app, { url: '/myhome/spuSysClassify/delete', access: GOODS_ACCESS, input: IdInput, handler: (c) => classes.remove(c.session, c.input.id) });

  // ---- shelf-life records -------------------------------------------------------------------
  http.route(app, { url: '/myhome/sku/getProductDateInfo', access: PRODUCT_DATE_ACCESS, input: ProductDateListInput, handler: (c) => goods.productDates(c.session, c.input.skuId) });
  http.route(app, { url: '/myhome/sku/addProductDateInfo', access: PRODUCT_DATE_ACCESS, input: ProductDateAddInput, handler: (c) => goods.addProductDates(c.session, c.input) });
  http.route(app, { url: '/myhome/sku/delProductDateInfo', access: PRODUCT_DATE_ACCESS, input: ProductDateDeleteInput, handler: (c) => goods.deleteProductDates(c.session, c.input) });
}
