// Server wording of the shipping codes, in Chinese and English (the web app has its own).
import { OrderErrors, ShippingErrors } from '@openseller/core';
import { registerServerMessages } from '../../../platform/messages.js';

export function registerShippingMessages(): void {
  registerServerMessages({
    zh: {
      [ShippingErrors.NO_EXPRESS_NO]: (p) => `订单 ${p.code} 没有运单号，请先获取运单号`,
      [OrderErrors.NO_EXPRESS]: (p) => `订单 ${p.code} 未指定快递`,
    },
    en: {
      [ShippingErrors.NO_EXPRESS_NO]: (p) => `Order ${p.code} has no waybill number: get the waybill number first`,
      [OrderErrors.NO_EXPRESS]: (p) => `Order ${p.code} has no courier`,
    },
    nouns: {
      feedbackRecord: { zh: '回传进度', en: 'The feedback progress record' },
    },
  });
}
