// Stock sync to stores (spec 02 §4.1, §7.9, §7.14; spec 01 §2.2 /stocks/sync, /logs activeKey 3):
// sync rules per store and warehouse, the auto-sync job and sync now, the inventory-sync log with
// retries. Quantities reach the marketplace only through the stores area's connector. See README.md.
import type { Tx } from '../../../db/client.js';
import type { AreaModule } from '../../../platform/module.js';
import { registerStockSyncMessages } from './stocksync.messages.js';
import { countStoreReferences } from './stocksync.queries.js';
import { registerStockSyncRoutes } from './stocksync.routes.js';
import { createStockSyncRunner } from './stocksync.runner.js';
import { createStockSyncService } from './stocksync.service.js';

/** What ctx.registry.get('stocksync') offers: the auto-sync run (the scheduled job's handler). */
export interface StockSyncAreaService {
  runAutoSync(): Promise<{ stores: number; requested: number }>;
  /** Pushes what waits for the store now, in this process. */
  runStore(domainId: number, storeId: number): Promise<void>;
}

export const registerStockSyncModule: AreaModule = (ctx) => {
  const now = ctx.now ?? (() => new Date());
  registerStockSyncMessages();
  const runner = createStockSyncRunner({ database: ctx.database, registry: ctx.registry, jobs: ctx.jobs, now, log: (m) => ctx.app.log.warn(m) });
  const sync = createStockSyncService({ database: ctx.database, registry: ctx.registry, runner, now });
  registerStockSyncRoutes(ctx.app, ctx.http, sync);

  const service: StockSyncAreaService = { runAutoSync: runner.runAutoSync, runStore: runner.runStore };
  ctx.registry.provide('stocksync', service);
  // A store with sync rules or pushes is not deleted silently (the stores area names the reason).
  ctx.registry.add('store-references', async (tx: Tx, domainId: number, storeId: number) => ({ reason: 'stock', count: await countStoreReferences(tx, domainId, storeId) }));
};
