// Server wording of the stock area's own codes: the engine's shortage (every stock part throws it)
// and the inventory part's codes. The other stock parts word their codes in their own files.
import { StockErrors } from '@openseller/core';
import { registerServerMessages } from '../../platform/messages.js';

const where = (p: Record<string, string | number>, zh: boolean) => {
  const location = Number(p.locationId) > 0 ? (zh ? ` 库位 #${p.locationId}` : ` location #${p.locationId}`) : '';
  return zh ? `仓库 #${p.warehouseId}${location}` : `warehouse #${p.warehouseId}${location}`;
};

export function registerStockMessages(): void {
  registerServerMessages({
    zh: {
      [StockErrors.SHORTAGE]: (p) =>
        `库存不足：商品 #${p.skuId} 在${where(p, true)} 可用 ${p.available}，需要 ${p.needed}` + (Number(p.count) > 1 ? `（共 ${p.count} 处不足）` : ''),
      [StockErrors.COMBINATION_NOT_STOCKED]: (p) => `${p.code} 是组合商品，库存来自子商品，不能单独记录库存或预警`,
      [StockErrors.UNKNOWN_SKU]: (p) => `第 ${p.line} 行：商品编码 ${p.code} 不存在`,
      [StockErrors.DUPLICATE_SKU]: (p) => `第 ${p.line} 行：商品 ${p.code} 重复`,
      [StockErrors.PRODUCT_DATES_EXCEED]: (p) => `生产日期数量合计 ${p.total} 超过实际库存 ${p.onHand}`,
      [StockErrors.PRODUCT_DATE_TAKEN]: (p) => `生产日期 ${p.productDate} 已登记，请修改该日期的数量`,
      [StockErrors.ADJUSTMENT_NOT_SUBMIT]: (p) => `调整单 ${p.code} 已完成，不能再修改、确认或删除`,
      [StockErrors.COST_FIELD_REQUIRED]: '您没有成本价字段权限，不能查看或调整平均成本',
    },
    en: {
      [StockErrors.SHORTAGE]: (p) =>
        `Not enough stock: SKU #${p.skuId} has ${p.available} available in ${where(p, false)}, ${p.needed} needed` + (Number(p.count) > 1 ? ` (${p.count} shortages)` : ''),
      [StockErrors.COMBINATION_NOT_STOCKED]: (p) => `${p.code} is a combination: its stock comes from its components, so it keeps no stock or warning level of its own`,
      [StockErrors.UNKNOWN_SKU]: (p) => `Line ${p.line}: no SKU has the code ${p.code}`,
      [StockErrors.DUPLICATE_SKU]: (p) => `Line ${p.line}: the SKU ${p.code} is listed twice`,
      [StockErrors.PRODUCT_DATES_EXCEED]: (p) => `The production-date quantities add up to ${p.total}, more than the ${p.onHand} on hand`,
      [StockErrors.PRODUCT_DATE_TAKEN]: (p) => `The production date ${p.productDate} is already recorded; change its quantity instead`,
      [StockErrors.ADJUSTMENT_NOT_SUBMIT]: (p) => `The adjustment ${p.code} is complete; it can no longer be edited, confirmed or deleted`,
      [StockErrors.COST_FIELD_REQUIRED]: 'You may not see cost prices, so you cannot see or adjust average costs',
    },
    nouns: {
      sku: { zh: '商品', en: 'The SKU' },
      balance: { zh: '库存记录', en: 'The stock record' },
      warning: { zh: '库存预警', en: 'The warning level' },
      productDate: { zh: '生产日期记录', en: 'The production-date record' },
      averageCostAdjustment: { zh: '平均成本调整单', en: 'The average cost adjustment' },
    },
  });
}
