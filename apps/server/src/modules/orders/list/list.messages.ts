// Server wording of the order-list codes, in Chinese and English.
import { OrderListErrors } from '@openseller/core';
import { registerServerMessages } from '../../../platform/messages.js';

export function registerOrderListMessages(): void {
  registerServerMessages({
    zh: {
      [OrderListErrors.SEARCH_TAB_LIMIT]: (p) => `最多保存 ${p.max} 个搜索标签`,
      [OrderListErrors.SEARCH_TAB_NAME_TAKEN]: (p) => `搜索标签「${p.name}」已存在`,
    },
    en: {
      [OrderListErrors.SEARCH_TAB_LIMIT]: (p) => `At most ${p.max} saved search tabs`,
      [OrderListErrors.SEARCH_TAB_NAME_TAKEN]: (p) => `A saved search tab named "${p.name}" already exists`,
    },
    nouns: {
      order: { zh: '订单', en: 'The order' },
      orderSearchTab: { zh: '搜索标签', en: 'The saved search tab' },
    },
  });
}
