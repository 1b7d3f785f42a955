// Gift promotions (spec 02 §7.5), all under MENU_NEW_PROMOTION_MANAGE.
import { z } from 'zod';
import { IdInput } from '../contracts/common.js';
import {
  PromotionCreateInput,
  PromotionDeleteInput,
  PromotionOpenSearchInput,
  PromotionRow,
  PromotionSearchInput,
  PromotionSkuOption,
  PromotionSkuOptionsInput,
  PromotionUpdateInput,
  PromotionView,
} from '../contracts/promotions.js';
import { pageOf, post } from './define.js';

const access = { menu: 'MENU_NEW_PROMOTION_MANAGE' } as const;
const P = '/myhome/promotion';

export const PromotionCalls = {
  search: post(`${P}/searchPageList`, access, PromotionSearchInput, pageOf(PromotionRow)),
  getById: post(`${P}/getById`, access, IdInput, PromotionView),
  create: post(`${P}/createNewPromotion`, access, PromotionCreateInput, PromotionView),
  /** The whole promotion, or { id, version, open } to switch it on or off. */
  update: post(`${P}/updateNewPromotion`, access, PromotionUpdateInput, PromotionView),
  delete: post(`${P}/delete`, access, PromotionDeleteInput, z.object({ deleted: z.number().int() })),
  searchOpen: post(`${P}/searchOpenNewPromotion`, access, PromotionOpenSearchInput, z.array(PromotionView)),
  /**
   * The editor's picker of online goods, for a person who may hold this menu without the mapping
   * menu. System goods come from the goods area's picker and stores from findAllStore.
   */
  onlineSkuOptions: post(`${P}/onlineSkuOptions`, access, PromotionSkuOptionsInput, z.array(PromotionSkuOption)),
};
