// Server wording of the checking codes, in Chinese and English (the web app has its own).
import { CheckingErrors } from '@openseller/core';
import { registerServerMessages } from '../../../platform/messages.js';

export function registerCheckingMessages(): void {
  registerServerMessages({
    zh: {
      [CheckingErrors.NO_ORDER]: (p) => `没有运单号为 ${p.expressNo} 的已审核订单`,
      [CheckingErrors.WRONG_ITEM]: (p) => `订单 ${p.code} 中没有商品 ${p.skuCode}`,
      [CheckingErrors.EXTRA_ITEM]: (p) => `商品 ${p.skuCode} 多扫：订单 ${p.expected} 件，已扫 ${p.scanned} 件`,
      [CheckingErrors.MISSING_ITEM]: (p) => `商品 ${p.skuCode} 未扫完：订单 ${p.expected} 件，已扫 ${p.scanned} 件`,
      [CheckingErrors.SERIAL_COUNT]: (p) => `商品 ${p.skuCode} 需要 ${p.expected} 个序列号，收到 ${p.given} 个`,
      [CheckingErrors.SERIAL_LINE]: (p) => `序列号对应的订单行 ${p.lineId} 不存在`,
      [CheckingErrors.WEIGHT_MARGIN]: (p) => `订单 ${p.code} 称重 ${p.weight} kg，与商品重量 ${p.expected} kg 相差超过 ${p.margin}%`,
    },
    en: {
      [CheckingErrors.NO_ORDER]: (p) => `No reviewed order has the waybill number ${p.expressNo}`,
      [CheckingErrors.WRONG_ITEM]: (p) => `Order ${p.code} does not contain ${p.skuCode}`,
      [CheckingErrors.EXTRA_ITEM]: (p) => `Too many ${p.skuCode}: the order has ${p.expected}, ${p.scanned} scanned`,
      [CheckingErrors.MISSING_ITEM]: (p) => `${p.skuCode} is incomplete: the order has ${p.expected}, ${p.scanned} scanned`,
      [CheckingErrors.SERIAL_COUNT]: (p) => `${p.skuCode} needs ${p.expected} serial numbers, ${p.given} given`,
      [CheckingErrors.SERIAL_LINE]: (p) => `Order line ${p.lineId} of the serial number does not exist`,
      [CheckingErrors.WEIGHT_MARGIN]: (p) => `Order ${p.code} weighs ${p.weight} kg, more than ${p.margin}% away from the goods' ${p.expected} kg`,
    },
    nouns: {},
  });
}
