// A seller ready for stock sync: an authorized sandbox store whose items were pulled by the real
// goods sync, each online SKU mapped to a system SKU (written as the mapping area confirms it),
// and a warehouse with stock received through the stock engine.
import { and, eq, sql } from 'drizzle-orm';
import type { SyncRunRow } from '@openseller/core';
import { tbSkus } from '../../src/db/schema/index.js';
import { applyMovements } from '../../src/modules/stock/stock.engine.js';
import type { TestApp } from '../harness.js';
import { stockWorld } from './stock.js';
import { addSandboxItems, authorizedSandboxStore, storeSeller, type StoreSeller } from './stores.js';

export interface SyncWorld {
  seller: StoreSeller;
  storeId: number;
  warehouseId: number;
  /** System SKUs, one per online SKU, in the same order. */
  skuIds: number[];
  /** Online SKUs (tb_skus rows) of the store, in the sandbox's order (OUT-1-1, OUT-2-1, …). */
  online: { rowId: number; tbSkuId: string; outerSkuId: string }[];
}

/** Pulls the sandbox shop's items into the store's online goods with the real goods sync. */
export async function pullOnlineGoods(t: TestApp, token: string, storeId: number): Promise<void> {
  const queued = await t.call<SyncRunRow>('/cloud/domain/store/syncOnlineGoods', { id: storeId }, { token });
  if (!queued.body.success) throw new Error(`the goods sync was refused: ${JSON.stringify(queued.body)}`);
  const done = await t.waitFor(
    () => t.call<{ voList: SyncRunRow[] }>('/cloud/domain/store/searchSyncRuns', { storeId }, { token }),
    (a) => ['SUCCESS', 'FAILED'].includes(a.body.data.voList[0]?.status ?? ''),
  );
  if (done.body.data.voList[0]!.status !== 'SUCCESS') throw new Error(`the goods sync failed: ${JSON.stringify(done.body.data.voList[0])}`);
}

/** Maps an online SKU to a system SKU, confirmed (mapping_status 'already'). */
export async function mapOnlineSku(t: TestApp, domainId: number, tbSkuRowId: number, skuId: number | null): Promise<void> {
  await t.database.db
    .update(tbSkus)
    .set(skuId === null ? { skuId: null, mappingStatus: 'wait' } : { skuId, mappingStatus: 'already', confirmedAt: new Date() })
    .where(and(eq(tbSkus.domainId, domainId), eq(tbSkus.id, tbSkuRowId)));
}

/** Receives (or with a negative quantity, adjusts away) stock through the engine. */
export async function receive(t: TestApp, domainId: number, warehouseId: number, skuId: number, qty: number): Promise<void> {
  await t.database.db.transaction((tx) => applyMovements(tx, domainId, null, [{ warehouseId, skuId, onHandDelta: qty, movement: qty > 0 ? 'RECEIPT' : 'ADJUST', doc: { type: 'TEST' } }]));
}

export async function syncWorld(t: TestApp, options: { items?: number; seller?: StoreSeller } = {}): Promise<SyncWorld> {
  const seller = options.seller ?? (await storeSeller(t));
  const store = await authorizedSandboxStore(t, seller.token);
  const items = options.items ?? 2;
  await addSandboxItems(t, seller.token, store.id, items, 1);
  await pullOnlineGoods(t, seller.token, store.id);
  const rows = await t.database.db
    .select()
    .from(tbSkus)
    .where(and(eq(tbSkus.domainId, seller.domainId), eq(tbSkus.storeId, store.id)))
    .orderBy(sql`${tbSkus.outerSkuId}`);
  const { warehouseId, skuIds } = await stockWorld(t, seller.domainId, { skus: items, locations: 0 });
  for (let i = 0; i < rows.length; i++) await mapOnlineSku(t, seller.domainId, rows[i]!.id, skuIds[i]!);
  return {
    seller,
    storeId: store.id,
    warehouseId,
    skuIds,
    online: rows.map((r) => ({ rowId: r.id, tbSkuId: r.tbSkuId, outerSkuId: r.outerSkuId ?? '' })),
  };
}
