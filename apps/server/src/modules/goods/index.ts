// The goods area: SPUs with SKUs, combinations, the classification tree, shelf-life records,
// imports and the export. Other areas use it through ctx.registry.get<GoodsRegistryService>('goods'),
// and add checks of what still uses a SKU to the list 'sku-references' (SkuReferenceChecker).
import type { AreaModule } from '../../platform/module.js';
import { createClassesService } from './classes.service.js';
import { goodsExporter } from './goods.exporter.js';
import { combinationImporter, goodsImporter } from './goods.importer.js';
import { registerGoodsMessages } from './goods.messages.js';
import { registerGoodsRoutes } from './goods.routes.js';
import { GoodsLinkCalls, GoodsWmsCalls } from '@openseller/core';
import type { WarehouseSystemsService } from '../../connectors/warehouse/types.js';
import { createGoodsWmsService, GOODS_WMS_DISPATCH_JOB } from './goods-wms.service.js';
import { createLiveCodesService } from './live-codes.service.js';
import { createGoodsLinksService } from './goods-links.service.js';
import { createGoodsService, goodsRegistryService } from './goods.service.js';
import { createSpuImport } from './spu-import.js';

export type { GoodsRegistryService, SkuReferenceChecker } from './goods.service.js';
export type { GoodsWmsService } from './goods-wms.service.js';
export { SKU_REFERENCES } from './goods.service.js';

export const registerGoodsModule: AreaModule = (ctx) => {
  registerGoodsMessages();
  const goods = createGoodsService({ database: ctx.database, registry: ctx.registry, ...(ctx.now ? { now: ctx.now } : {}) });
  const classes = createClassesService({ database: ctx.database, ...(ctx.now ? { now: ctx.now } : {}) });
  const goodsImport = goodsImporter(classes);
  const combinationImport = combinationImporter(classes);
  ctx.imports.register(goodsImport);
  ctx.imports.register(combinationImport);
  ctx.exports.register(goodsExporter);
  const spuImport = createSpuImport({ database: ctx.database, importer: goodsImport });
  registerGoodsRoutes(ctx.app, ctx.http, { goods, classes, exports: ctx.exports, spuImport });
  const links = createGoodsLinksService({ database: ctx.database });
  ctx.http.serve(ctx.app, GoodsLinkCalls, {
    tbSkus: (c) => links.tbSkus(c.session, c.input),
    tbSkusCount: (c) => links.tbSkusCount(c.session, c.input),
    existRelation: (c) => links.existRelation(c.session),
    sku4Location: (c) => links.sku4Location(c.session, c.input),
  });
  ctx.registry.provide('goods', goodsRegistryService(ctx.database, goods));

  // Goods and mappings to warehouse systems (README "Goods to warehouse systems").
  const liveCodes = createLiveCodesService({ database: ctx.database });
  const wms = createGoodsWmsService({ database: ctx.database, registry: ctx.registry, jobs: ctx.jobs, ...(ctx.now ? { now: ctx.now } : {}) });
  ctx.registry.provide('goods-wms', wms);
  ctx.http.serve(ctx.app, GoodsWmsCalls, {
    sendGoods: (c) => wms.requestGoods(c.session, c.input),
    goodsSyncStatus: (c) => wms.searchGoods(c.session, c.input),
    sendMappings: (c) => wms.requestMappings(c.session, c.input),
    mappingSyncStatus: (c) => wms.searchMappings(c.session, c.input),
    warehouseSync: (c) => wms.requestWarehouse(c.session, c.input),
    syncSkuBySpuId: (c) => wms.syncSpu(c.session, c.input),
    rebuildSpu: (c) => wms.rebuild(c.session, c.input),
    liveSpus: (c) => liveCodes.search(c.session, c.input),
    createLiveCode: (c) => liveCodes.create(c.session, c.input),
  });
  // Requests wake the job; the schedule (GOODS_WMS_DISPATCH_CRON; 'off' leaves it to requests) retries what timed out.
  const cron = process.env.GOODS_WMS_DISPATCH_CRON || '* * * * *';
  ctx.jobs?.define({
    name: GOODS_WMS_DISPATCH_JOB,
    ...(cron === 'off' ? {} : { cron }),
    handler: async (data) => {
      const summary = await wms.dispatchPending(data.domainId === undefined ? undefined : Number(data.domainId));
      return { items: summary.sent + summary.failed + summary.retried };
    },
  });
  ctx.app.addHook('onReady', async () => {
    const systems = ctx.registry.find<WarehouseSystemsService>('warehouse-systems');
    systems?.onResults('ITEM', wms.resultHandler);
    systems?.onResults('MAPPING', wms.resultHandler);
  });
};
