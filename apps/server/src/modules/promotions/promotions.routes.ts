// The spec's paths of gift promotions (spec 02 §7.5), all under MENU_NEW_PROMOTION_MANAGE.
// doNewPromotion and /myhome/erpsoh/doPromotion (re-matching orders) wait for the orders area;
// see README.md. Handlers only translate.
import type { FastifyInstance } from 'fastify';
import {
  IdInput,
  PromotionCreateInput,
  PromotionDeleteInput,
  PromotionOpenSearchInput,
  PromotionSearchInput,
  PromotionSkuOptionsInput,
  PromotionUpdateInput,
} from '@openseller/core';
import type { Http } from '../../platform/http.js';
import type { PromotionsService } from './promotions.service.js';

export const PROMOTIONS_MENU = 'MENU_NEW_PROMOTION_MANAGE';
const access = { menu: PROMOTIONS_MENU } as const;
const BASE = '/myhome/promotion';

export function registerPromotionsRoutes(app: FastifyInstance, http: Http, promotions: PromotionsService): void {
  http.route(app, { url: `${BASE}/searchPageList`, access, input: PromotionSearchInput, handler: (c) => promotions.search(c.session, c.input) });
  http.route(app, { url: `${BASE}/getById`, access, input: IdInput, handler: (c) => promotions.getById(c.session, c.input.id) });
  http.route(app, { url: `${BASE}/createNewPromotion`, access, input: PromotionCreateInput, handler: (c) => promotions.create(c.session, c.input) });
  /** The whole promotion, or { id, version, open } to switch it on or off. */
  http.route(app, { url: `${BASE}/updateNewPromotion`, access, input: PromotionUpdateInput, handler: (c) => promotions.update(c.session, c.input) });
  http.route(app, { url: `${BASE}/delete`, access, input: PromotionDeleteInput, handler: (c) => promotions.delete(c.session, c.input) });
  http.route(app, { url: `${BASE}/searchOpenNewPromotion`, access, input: PromotionOpenSearchInput, handler: (c) => promotions.searchOpen(c.session, c.input) });

  // The editor's picker of online goods, for a person who may hold this menu without the mapping
  // menu. System goods come from the goods area's picker (/myhome/sku/searchSkuPageList, which
  // admits this menu) and stores from /cloud/domain/store/findAllStore.
  http.route(app, { url: `${BASE}/onlineSkuOptions`, access, input: PromotionSkuOptionsInput, handler: (c) => promotions.onlineSkuOptions(c.session, c.input) });
}
