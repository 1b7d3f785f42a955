// Orders area, part "promotions": pending orders matched again to gift promotions (spec 02 §7.5).
import { OrderPromotionCalls } from '@openseller/core';
import type { ModuleContext } from '../../../platform/module.js';
import { createPromotionRematchService } from './promotions-rematch.service.js';

export function registerOrderPromotions(ctx: ModuleContext): void {
  const service = createPromotionRematchService({ database: ctx.database, registry: ctx.registry, now: ctx.now ?? (() => new Date()) });
  ctx.http.serve(ctx.app, OrderPromotionCalls, {
    doPromotion: (c) => service.doPromotion(c.session, c.language, c.input),
    doNewPromotion: (c) => service.doNewPromotion(c.session, c.language, c.input),
  });
}
