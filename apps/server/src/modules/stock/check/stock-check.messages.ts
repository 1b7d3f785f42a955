// Server wording of the stock-check codes, in Chinese and English.
import { StockCheckErrors } from '@openseller/core';
import { plural, registerServerMessages } from '../../../platform/messages.js';

const STATUS_ZH: Record<string, string> = { COUNTING: '盘点中', CONFIRMED: '已确认', CANCELLED: '已取消' };
const STATUS_EN: Record<string, string> = { COUNTING: 'counting', CONFIRMED: 'confirmed', CANCELLED: 'cancelled' };
const where = (p: Record<string, string | number>, zh: boolean) => (p.locationCode ? (zh ? `（库位 ${p.locationCode}）` : ` at location ${p.locationCode}`) : '');

export function registerStockCheckMessages(): void {
  registerServerMessages({
    zh: {
      [StockCheckErrors.NOT_COUNTING]: (p) => `盘点单 ${p.code} ${STATUS_ZH[String(p.status)] ?? p.status}，不能再盘点或确认`,
      [StockCheckErrors.SCOPE_OVERLAP]: (p) => `该仓库的盘点单 ${p.code} 仍在盘点中，且范围与本次重叠；请先确认或取消它`,
      [StockCheckErrors.WAREHOUSE_STOPPED]: (p) => `仓库 ${p.name} 已停用，不能盘点`,
      [StockCheckErrors.LOCATION_NOT_IN_WAREHOUSE]: (p) => `库位 ${p.locationCode ?? p.locationId} 不属于仓库 ${p.warehouseName}`,
      [StockCheckErrors.SKU_UNKNOWN]: (p) => `SKU ${p.skuId} 不存在`,
      [StockCheckErrors.COMBINATION]: (p) => `${p.skuCode} 是组合商品，没有自己的库存；请盘点它的子商品`,
      [StockCheckErrors.OUT_OF_SCOPE]: (p) => `${p.skuCode}${where(p, true)} 不在盘点单 ${p.code} 的范围内`,
      [StockCheckErrors.BELOW_ALLOCATED]: (p) =>
        `${p.skuCode}${where(p, true)}：盘点数 ${p.counted}，确认后在库 ${p.after}，低于已占用 ${p.allocated}；共 ${p.count} 行不能确认，请先释放占用或重新盘点`,
      [StockCheckErrors.NOTHING_COUNTED]: (p) => `盘点单 ${p.code} 还没有盘点任何一行；请先盘点，或取消该盘点单`,
      [StockCheckErrors.TOO_MANY_LINES]: (p) => `范围内有 ${p.count} 行库存，一张盘点单最多 ${p.max} 行；请按库位或商品分开盘点`,
    },
    en: {
      [StockCheckErrors.NOT_COUNTING]: (p) => `The stock check ${p.code} is ${STATUS_EN[String(p.status)] ?? p.status}; it takes no more counts and cannot be confirmed`,
      [StockCheckErrors.SCOPE_OVERLAP]: (p) => `The stock check ${p.code} of this warehouse is still counting and covers part of this scope; confirm or cancel it first`,
      [StockCheckErrors.WAREHOUSE_STOPPED]: (p) => `The warehouse ${p.name} is stopped; it cannot be checked`,
      [StockCheckErrors.LOCATION_NOT_IN_WAREHOUSE]: (p) => `The location ${p.locationCode ?? p.locationId} is not a location of the warehouse ${p.warehouseName}`,
      [StockCheckErrors.SKU_UNKNOWN]: (p) => `No SKU has the id ${p.skuId}`,
      [StockCheckErrors.COMBINATION]: (p) => `${p.skuCode} is a combination and has no stock of its own; count its components`,
      [StockCheckErrors.OUT_OF_SCOPE]: (p) => `${p.skuCode}${where(p, false)} is outside the scope of the stock check ${p.code}`,
      [StockCheckErrors.BELOW_ALLOCATED]: (p) =>
        `${p.skuCode}${where(p, false)}: counted ${p.counted}, on-hand after confirming would be ${p.after}, below the ${p.allocated} allocated; ${p.count} ${plural(p.count, 'line', 'lines')} cannot be confirmed — release the allocation or count again`,
      [StockCheckErrors.NOTHING_COUNTED]: (p) => `No line of the stock check ${p.code} has been counted; count first, or cancel the check`,
      [StockCheckErrors.TOO_MANY_LINES]: (p) => `The scope holds ${p.count} stock lines; a check takes at most ${p.max}. Check by location or by goods`,
    },
    nouns: {
      stockCheck: { zh: '盘点单', en: 'The stock check' },
      stockCheckLine: { zh: '盘点行', en: 'The stock check line' },
      location: { zh: '库位', en: 'The location' },
      warehouse: { zh: '仓库', en: 'The warehouse' },
    },
  });
}
