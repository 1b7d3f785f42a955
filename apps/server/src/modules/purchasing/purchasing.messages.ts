// Server wording of the purchasing area's codes.
import { PurchaseErrors } from '@openseller/core';
import { registerServerMessages } from '../../platform/messages.js';

export function registerPurchasingMessages(): void {
  registerServerMessages({
    zh: {
      [PurchaseErrors.WRONG_STATUS]: (p) => `采购单 ${p.code} 当前状态不能执行此操作`,
      [PurchaseErrors.SUPPLIER_NOT_FOUND]: '供应商不存在',
      [PurchaseErrors.SUPPLIER_DISABLED]: (p) => `供应商 ${p.code} 已停用`,
      [PurchaseErrors.WAREHOUSE_NOT_FOUND]: '仓库不存在',
      [PurchaseErrors.WAREHOUSE_STOPPED]: (p) => `仓库 ${p.name} 已停用`,
      [PurchaseErrors.SKU_NOT_FOUND]: (p) => `商品 ${p.skuCode} 不存在`,
      [PurchaseErrors.COMBINATION_SKU]: (p) => `${p.skuCode} 是组合商品，请采购其子商品`,
      [PurchaseErrors.PRICE_HIDDEN]: '您没有采购价字段权限，不能设置采购价',
      [PurchaseErrors.OVER_RECEIPT]: (p) => `采购单 ${p.code} 的商品最多可收 ${p.limit} 件，已收 ${p.received} 件，本次 ${p.receiving} 件超收`,
      [PurchaseErrors.NOTHING_OUTSTANDING]: (p) => `采购单 ${p.code} 已没有未到货的数量`,
      [PurchaseErrors.NOTICE_IN_WAREHOUSE_SYSTEM]: (p) => `入库单 ${p.asnCode} 已下发到仓储系统，请先强制取消该入库单`,
      [PurchaseErrors.FREIGHT_WEIGHT_MISSING]: (p) => `商品 ${p.skuCode} 没有重量，不能按重量分摊运费：请先填写商品重量，或改为按金额、按数量分摊`,
      [PurchaseErrors.FREIGHT_NO_BASIS]: '没有可分摊运费的采购明细（需有采购价且金额、数量或重量大于 0）',
    },
    en: {
      [PurchaseErrors.WRONG_STATUS]: (p) => `The purchase order ${p.code} cannot do this in its current state`,
      [PurchaseErrors.SUPPLIER_NOT_FOUND]: 'The supplier does not exist',
      [PurchaseErrors.SUPPLIER_DISABLED]: (p) => `The supplier ${p.code} is disabled`,
      [PurchaseErrors.WAREHOUSE_NOT_FOUND]: 'The warehouse does not exist',
      [PurchaseErrors.WAREHOUSE_STOPPED]: (p) => `The warehouse ${p.name} is stopped`,
      [PurchaseErrors.SKU_NOT_FOUND]: (p) => `The SKU ${p.skuCode} does not exist`,
      [PurchaseErrors.COMBINATION_SKU]: (p) => `${p.skuCode} is a combination; buy its components instead`,
      [PurchaseErrors.PRICE_HIDDEN]: 'You may not see purchase prices, so you cannot set them',
      [PurchaseErrors.OVER_RECEIPT]: (p) => `The purchase order ${p.code} may receive at most ${p.limit} of this SKU; ${p.received} received, ${p.receiving} more is too many`,
      [PurchaseErrors.NOTHING_OUTSTANDING]: (p) => `Nothing is outstanding on the purchase order ${p.code}`,
      [PurchaseErrors.NOTICE_IN_WAREHOUSE_SYSTEM]: (p) => `The inbound notice ${p.asnCode} is with a warehouse system; force cancel it first`,
      [PurchaseErrors.FREIGHT_WEIGHT_MISSING]: (p) => `The SKU ${p.skuCode} has no weight, so freight cannot be spread by weight: enter its weight, or spread by amount or quantity`,
      [PurchaseErrors.FREIGHT_NO_BASIS]: 'No line can carry the freight (a line needs a purchase price and an amount, quantity or weight above 0)',
    },
    nouns: {
      purchaseOrder: { zh: '采购单', en: 'The purchase order' },
    },
  });
}
