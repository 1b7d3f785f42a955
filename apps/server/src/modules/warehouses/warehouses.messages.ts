// Server wording of the warehouses area's codes, and of the reasons a row is in use.
import { WarehouseErrors } from '@openseller/core';
import { registerServerMessages } from '../../platform/messages.js';

/** Reasons this area knows; other areas' reasons are shown as they give them. */
const REASONS: Record<string, { zh: string; en: string }> = {
  storeBindings: { zh: '个店铺绑定', en: 'bound stores' },
  stock: { zh: '条库存记录', en: 'stock records' },
};
export const reasonText = (reason: unknown, language: 'zh' | 'en') => REASONS[String(reason)]?.[language] ?? String(reason);

export function registerWarehousesMessages(): void {
  registerServerMessages({
    zh: {
      [WarehouseErrors.CODE_TAKEN]: (p) => `仓库编码 ${p.code} 已存在`,
      [WarehouseErrors.NAME_TAKEN]: (p) => `仓库名称 ${p.name} 已存在`,
      [WarehouseErrors.IN_USE]: (p) => `仓库 ${p.name} 仍有 ${p.count} ${reasonText(p.reason, 'zh')}，不能停用`,
      [WarehouseErrors.STOPPED]: (p) => `仓库 ${p.name} 已停用，请先启用`,
      [WarehouseErrors.STORE_NOT_FOUND]: (p) => `店铺 ${p.storeId} 不存在`,
      [WarehouseErrors.LOCATION_CODE_TAKEN]: (p) => `库位编码 ${p.code} 在该仓库已存在`,
      [WarehouseErrors.LOCATION_IN_USE]: (p) => `库位 ${p.code} 仍有 ${p.count} ${reasonText(p.reason, 'zh')}，不能删除`,
    },
    en: {
      [WarehouseErrors.CODE_TAKEN]: (p) => `The warehouse code ${p.code} is already taken`,
      [WarehouseErrors.NAME_TAKEN]: (p) => `A warehouse named ${p.name} already exists`,
      [WarehouseErrors.IN_USE]: (p) => `The warehouse ${p.name} still has ${p.count} ${reasonText(p.reason, 'en')}; it cannot be stopped`,
      [WarehouseErrors.STOPPED]: (p) => `The warehouse ${p.name} is stopped; resume it first`,
      [WarehouseErrors.STORE_NOT_FOUND]: (p) => `The store ${p.storeId} does not exist`,
      [WarehouseErrors.LOCATION_CODE_TAKEN]: (p) => `The location code ${p.code} already exists in this warehouse`,
      [WarehouseErrors.LOCATION_IN_USE]: (p) => `The location ${p.code} still has ${p.count} ${reasonText(p.reason, 'en')}; it cannot be deleted`,
    },
    nouns: {
      warehouse: { zh: '仓库', en: 'The warehouse' },
      location: { zh: '库位', en: 'The location' },
      binding: { zh: '店铺与仓库的绑定', en: 'The store binding' },
    },
  });
}
