// Server wording of the shipping codes, in Chinese and English (the web app has its own). An order
// without a courier is worded with the order commands (ERR_ORDER_NO_EXPRESS).
import { ShippingErrors } from '@openseller/core';
import { registerServerMessages } from '../../../platform/messages.js';

export function registerShippingMessages(): void {
  registerServerMessages({
    zh: {
      [ShippingErrors.NO_EXPRESS_NO]: (p) => `订单 ${p.code} 没有运单号，请先获取运单号`,
    },
    en: {
      [ShippingErrors.NO_EXPRESS_NO]: (p) => `Order ${p.code} has no waybill number: get the waybill number first`,
    },
    nouns: {
      feedbackRecord: { zh: '回传进度', en: 'The feedback progress record' },
    },
  });
}
