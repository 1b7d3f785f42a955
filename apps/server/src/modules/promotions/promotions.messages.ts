// Server wording of the promotions area's error codes (the web app words them itself from the code).
import { PromotionErrors } from '@openseller/core';
import { registerServerMessages } from '../../platform/messages.js';

export function registerPromotionsMessages(): void {
  registerServerMessages({
    zh: {
      [PromotionErrors.UNKNOWN_SKU]: (p) => `商品不存在或已删除：${p.skuIds}`,
      [PromotionErrors.UNKNOWN_STORE]: (p) => `店铺不存在：${p.storeIds}`,
      [PromotionErrors.NAME_TAKEN]: (p) => `活动名称“${p.name}”已存在`,
    },
    en: {
      [PromotionErrors.UNKNOWN_SKU]: (p) => `These goods do not exist or were deleted: ${p.skuIds}`,
      [PromotionErrors.UNKNOWN_STORE]: (p) => `These stores do not exist: ${p.storeIds}`,
      [PromotionErrors.NAME_TAKEN]: (p) => `A promotion named "${p.name}" already exists`,
    },
    nouns: {
      promotion: { zh: '活动', en: 'The promotion' },
    },
  });
}
