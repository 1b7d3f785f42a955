// Server wording of the purchase returns' codes.
import { PurchaseReturnErrors } from '@openseller/core';
import { registerServerMessages } from '../../platform/messages.js';

export function registerPurchaseReturnMessages(): void {
  registerServerMessages({
    zh: {
      [PurchaseReturnErrors.WRONG_STATUS]: (p) => `采购退货单 ${p.code} 当前状态不能执行此操作`,
      [PurchaseReturnErrors.OVER_RETURN]: (p) => `第 ${p.line} 行最多可退 ${p.returnable} 件，本次退 ${p.qty} 件超出（已入库数量减已退数量）`,
      [PurchaseReturnErrors.ASN_LINE_NOT_FOUND]: (p) => `第 ${p.line} 行不是该供应商在该仓库已收货的采购入库明细`,
      [PurchaseReturnErrors.SUPPLIER_NOT_FOUND]: '供应商不存在',
      [PurchaseReturnErrors.WAREHOUSE_NOT_FOUND]: '仓库不存在',
    },
    en: {
      [PurchaseReturnErrors.WRONG_STATUS]: (p) => `The purchase return ${p.code} cannot do this in its current state`,
      [PurchaseReturnErrors.OVER_RETURN]: (p) => `Line ${p.line} may return at most ${p.returnable}; ${p.qty} is too many (stocked in less already returned)`,
      [PurchaseReturnErrors.ASN_LINE_NOT_FOUND]: (p) => `Line ${p.line} is not a received purchase inbound line of this supplier in this warehouse`,
      [PurchaseReturnErrors.SUPPLIER_NOT_FOUND]: 'The supplier does not exist',
      [PurchaseReturnErrors.WAREHOUSE_NOT_FOUND]: 'The warehouse does not exist',
    },
    nouns: {
      purchaseReturn: { zh: '采购退货单', en: 'The purchase return' },
    },
  });
}
