// Online goods mapping (spec 02 §3.2, §7.4): routes, the online-goods service for the store
// connector, the ONLINE_ITEMS import, the reference checks of stores and goods, and the home
// counter noTbSpuCount. See README.md for the decisions the spec leaves open.
import { MAPPING_MENU } from '@openseller/core';
import type { AreaModule } from '../../platform/module.js';
import { createSpuFromOnlineItem } from './mapping.goods.js';
import { onlineItemsImporter } from './mapping.importer.js';
import { registerMappingMessages } from './mapping.messages.js';
import { countItemsOfStore, countMappedToSkus } from './mapping.queries.js';
import { registerMappingRoutes } from './mapping.routes.js';
import { createMappingService, type OnlineGoodsService, type SkuReferenceChecker, type StoreReferenceChecker } from './mapping.service.js';

export type { OnlineGoodsService, SkuMappingConfirmedHandler, SkuMappingReplacedHandler, SkuReferenceChecker, StoreReferenceChecker, UpsertOptions } from './mapping.service.js';
export type { GoodsServiceForMapping } from './mapping.goods.js';

export const registerMappingModule: AreaModule = (ctx) => {
  const clock = ctx.now ? { now: ctx.now } : {};
  registerMappingMessages();
  const mapping = createMappingService({ database: ctx.database, registry: ctx.registry, ...clock });
  const createSpu = createSpuFromOnlineItem({ database: ctx.database, registry: ctx.registry, mapping, ...clock });
  registerMappingRoutes(ctx.app, ctx.http, { mapping, createSpu });

  const onlineGoods: OnlineGoodsService = { upsertOnlineItems: mapping.upsertOnlineItems };
  ctx.registry.provide('online-goods', onlineGoods);
  ctx.registry.provide('mapping', mapping);

  const storeReferences: StoreReferenceChecker = async (tx, domainId, storeId) => ({ reason: 'online items', count: await countItemsOfStore(tx, domainId, storeId) });
  ctx.registry.add('store-references', storeReferences);
  const skuReferences: SkuReferenceChecker = async (tx, domainId, skuIds) => {
    const count = await countMappedToSkus(tx, domainId, skuIds);
    return count ? [{ reason: 'online items', count }] : [];
  };
  ctx.registry.add('sku-references', skuReferences);

  ctx.imports.register(onlineItemsImporter(mapping));

  ctx.system.addHomeCounterProvider(async (domainId, session) => (session.menus.has(MAPPING_MENU) ? { noTbSpuCount: await mapping.countWaiting(domainId) } : {}));
};
