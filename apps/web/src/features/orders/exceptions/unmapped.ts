// The unmapped online SKUs of selected orders: the exception bar enables its map button by them,
// and the map dialog (loaded when opened) lists them.
import type { OrderRow } from '@openseller/core';

/** One unmapped online SKU of the selected orders. */
export interface UnmappedOnlineSku {
  key: string;
  storeId: number;
  storeName: string | null;
  tbSkuId: string;
  outerSkuId: string | null;
  title: string | null;
  properties: string | null;
  orderIds: number[];
}

/** The unmapped online SKUs (live, not gifts) of the orders, one per store and online SKU id. */
export function unmappedOnlineSkus(orders: readonly OrderRow[]): UnmappedOnlineSku[] {
  const byKey = new Map<string, UnmappedOnlineSku>();
  for (const o of orders) {
    for (const l of o.lines) {
      if (l.skuId !== null || l.cancelTag !== 0 || l.isGift || !l.tbSkuId) continue;
      const key = `${o.storeId}:${l.tbSkuId}`;
      const entry = byKey.get(key) ?? {
        key,
        storeId: o.storeId,
        storeName: o.storeName,
        tbSkuId: l.tbSkuId,
        outerSkuId: l.outerSkuId,
        title: l.title,
        properties: l.properties,
        orderIds: [],
      };
      if (!entry.orderIds.includes(o.id)) entry.orderIds.push(o.id);
      byKey.set(key, entry);
    }
  }
  return [...byKey.values()];
}

