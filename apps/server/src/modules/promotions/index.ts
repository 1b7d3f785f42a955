// Gift promotions (spec 02 §3.3, §7.5): routes, the service order ingest reads through the
// registry ('promotions'), and the check that keeps goods from deleting a SKU an open promotion
// gives or requires ('sku-references'). See README.md for the decisions the spec leaves open.
import type { AreaModule } from '../../platform/module.js';
import { registerPromotionsMessages } from './promotions.messages.js';
import { registerPromotionsRoutes } from './promotions.routes.js';
import { createPromotionsService, type PromotionsRegistryService } from './promotions.service.js';

export type { PromotionsRegistryService } from './promotions.service.js';

export const registerPromotionsModule: AreaModule = (ctx) => {
  registerPromotionsMessages();
  const promotions = createPromotionsService({ database: ctx.database, ...(ctx.now ? { now: ctx.now } : {}) });
  registerPromotionsRoutes(ctx.app, ctx.http, promotions);

  const registryService: PromotionsRegistryService = {
    openPromotionsFor: promotions.openPromotionsFor,
    claimGiftPlaces: promotions.claimGiftPlaces,
  };
  ctx.registry.provide('promotions', registryService);
  ctx.registry.add('sku-references', async (tx: Parameters<typeof promotions.countOpenPromotionsUsingSkus>[0], domainId: number, skuIds: number[]) => {
    const count = await promotions.countOpenPromotionsUsingSkus(tx, domainId, skuIds);
    return count ? [{ reason: 'open promotions', count }] : [];
  });
};
