// The goods area's calls (spec 02 §7.3), from the route catalogue (GoodsCalls). Handlers only
// translate.
import type { FastifyInstance } from 'fastify';
import { GoodsCalls } from '@openseller/core';
import type { Exports } from '../../platform/exports.js';
import type { Http } from '../../platform/http.js';
import type { ClassesService } from './classes.service.js';
import { exportTitle, GOODS_EXPORT } from './goods.exporter.js';
import type { GoodsService } from './goods.service.js';
import type { SpuImport } from './spu-import.js';

export function registerGoodsRoutes(app: FastifyInstance, http: Http, deps: { goods: GoodsService; classes: ClassesService; exports: Exports; spuImport: SpuImport }): void {
  const { goods, classes, exports, spuImport } = deps;
  http.serve(app, GoodsCalls, {
    search: (c) => goods.search(c.session, c.input),
    get: (c) => goods.get(c.session, c.input.id),
    counts: (c) => goods.counts(c.session),
    create: (c) => goods.createSpu(c.session, c.input),
    update: (c) => goods.updateSpu(c.session, c.input),
    delete: (c) => goods.deleteSpus(c.session, c.input.idList),
    checkCode: (c) => goods.checkCode(c.session, c.input),
    addOneSku: (c) => goods.addOneSku(c.session, c.input),
    makeCombined: (c) => goods.makeCombined(c.session, c.input),
    updateCombination: (c) => goods.updateCombination(c.session, c.input),
    mark: (c) => goods.mark(c.session, c.input),
    setStatus: (c) => goods.setStatus(c.session, c.input),
    moveToClass: (c) => goods.moveToClass(c.session, c.input),
    export: (c) => exports.request(c.session, { type: GOODS_EXPORT, title: exportTitle(c.language), params: c.input as Record<string, unknown>, language: c.language }),

    searchSkus: (c) => goods.searchSkusFor(c.session, c.input),
    skusByIds: (c) => goods.skusByIdsFor(c.session, c.input.idList),

    classTree: (c) => classes.tree(c.session, c.input.isAll),
    createClass: (c) => classes.create(c.session, c.input),
    updateClass: (c) => classes.update(c.session, c.input),
    deleteClass: async (c) => {
      await classes.remove(c.session, c.input.id);
      return null;
    },

    productDates: (c) => goods.productDates(c.session, c.input.skuId),
    addProductDates: (c) => goods.addProductDates(c.session, c.input),
    deleteProductDates: (c) => goods.deleteProductDates(c.session, c.input),

    parseImportFile: (c) => spuImport.parse(c.session, c.input, c.language),
    loadImportFile: (c) => spuImport.load(c.session, c.input, c.language),
  });
}
