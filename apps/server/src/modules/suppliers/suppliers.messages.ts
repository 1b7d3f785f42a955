// Server wording of the suppliers area's codes.
import { SupplierErrors } from '@openseller/core';
import { registerServerMessages } from '../../platform/messages.js';

export function registerSuppliersMessages(): void {
  registerServerMessages({
    zh: {
      [SupplierErrors.CODE_TAKEN]: (p) => `供应商编码 ${p.code} 已存在`,
      [SupplierErrors.IN_USE]: (p) => `供应商 ${p.code} 仍被 ${p.count} 个${p.reason}使用，不能删除`,
      [SupplierErrors.SKU_NOT_FOUND]: (p) => `商品 ${p.skuId} 不存在`,
      [SupplierErrors.PRICE_HIDDEN]: '您没有采购价字段权限，不能设置采购价',
      [SupplierErrors.DISABLED]: (p) => `供应商 ${p.code} 已停用，请先启用`,
      [SupplierErrors.COMBINATION_SKU]: (p) => `${p.skuCode} 是组合商品，请添加其子商品`,
    },
    en: {
      [SupplierErrors.CODE_TAKEN]: (p) => `The supplier code ${p.code} is already taken`,
      [SupplierErrors.IN_USE]: (p) => `The supplier ${p.code} is still named by ${p.count} ${p.reason}; it cannot be deleted`,
      [SupplierErrors.SKU_NOT_FOUND]: (p) => `The SKU ${p.skuId} does not exist`,
      [SupplierErrors.PRICE_HIDDEN]: 'You may not see purchase prices, so you cannot set them',
      [SupplierErrors.DISABLED]: (p) => `The supplier ${p.code} is disabled; enable it first`,
      [SupplierErrors.COMBINATION_SKU]: (p) => `${p.skuCode} is a combination; add its components instead`,
    },
    nouns: {
      supplier: { zh: '供应商', en: 'The supplier' },
      supplyGoods: { zh: '供货商品', en: 'The supply goods row' },
    },
  });
}
