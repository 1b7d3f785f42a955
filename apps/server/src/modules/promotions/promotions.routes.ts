// Gift promotions (spec 02 §7.5), from the route catalogue (PromotionCalls), all under
// MENU_NEW_PROMOTION_MANAGE. doNewPromotion and /myhome/erpsoh/doPromotion (re-matching orders)
// wait for the orders area; see README.md. Handlers only translate.
import type { FastifyInstance } from 'fastify';
import { PromotionCalls } from '@openseller/core';
import type { Http } from '../../platform/http.js';
import type { PromotionsService } from './promotions.service.js';

export function registerPromotionsRoutes(app: FastifyInstance, http: Http, promotions: PromotionsService): void {
  http.serve(app, PromotionCalls, {
    search: (c) => promotions.search(c.session, c.input),
    getById: (c) => promotions.getById(c.session, c.input.id),
    create: (c) => promotions.create(c.session, c.input),
    /** The whole promotion, or { id, version, open } to switch it on or off. */
    update: (c) => promotions.update(c.session, c.input),
    delete: (c) => promotions.delete(c.session, c.input),
    searchOpen: (c) => promotions.searchOpen(c.session, c.input),
    // The editor's picker of online goods, for a person who may hold this menu without the
    // mapping menu. System goods come from the goods area's picker (GoodsCalls.searchSkus, which
    // admits this menu) and stores from /cloud/domain/store/findAllStore.
    onlineSkuOptions: (c) => promotions.onlineSkuOptions(c.session, c.input),
  });
}
