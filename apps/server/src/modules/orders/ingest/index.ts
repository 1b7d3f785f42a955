// Orders area, part "ingest" (see ../README.md): the pipeline (pipeline.ts), store pulls and
// their schedule, manual creation, the self-defined stores' HTTP ingest, the dry run, the
// platform order sync records and the order-sync log, and the store reference check.
import { sql } from 'drizzle-orm';
import type { ModuleContext } from '../../../platform/module.js';
import type { StoreReferenceChecker } from '../../stores/index.js';
import { registerIngestMessages } from './ingest.messages.js';
import { registerIngestRoutes } from './ingest.routes.js';
import { createIngestService } from './ingest.service.js';

export { ingestOrders, planOrders, interceptOrders, type OrderDraft } from './pipeline.js';
export type { IngestService, PlatformAfterSalesService } from './ingest.service.js';
export { PLATFORM_AFTER_SALES_SERVICE } from './ingest.service.js';

/** The scheduled pull of every store with automatic order sync. */
export const ORDER_PULL_JOB = 'orders.pull-stores';

const envNumber = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

export function registerOrderIngest(ctx: ModuleContext): void {
  registerIngestMessages();
  const service = createIngestService({
    database: ctx.database,
    registry: ctx.registry,
    now: ctx.now ?? (() => new Date()),
    retryBaseMs: envNumber('ORDER_PULL_RETRY_BASE_MS', 300),
  });
  ctx.registry.provide('order-ingest', service);
  registerIngestRoutes(ctx.app, ctx.http, service);

  ctx.jobs?.define({
    name: ORDER_PULL_JOB,
    cron: process.env.ORDER_PULL_CRON || '*/5 * * * *',
    // Recorded as the run's items: the stores pulled.
    handler: () => service.pullDueStores(),
  });

  // A store with orders (or their sync records) is not deleted.
  const storeReferences: StoreReferenceChecker = async (tx, domainId, storeId) => {
    const rows = await tx.execute<{ orders: number; records: number }>(sql`
      select (select count(*)::int from erp_orders where domain_id = ${domainId} and store_id = ${storeId}) as orders,
             (select count(*)::int from platform_orders where domain_id = ${domainId} and store_id = ${storeId} and erp_order_id is null)
           + (select count(*)::int from order_sync_runs where domain_id = ${domainId} and store_id = ${storeId}) as records`);
    const row = rows.rows[0]!;
    return [
      { reason: 'orders', count: Number(row.orders) },
      { reason: 'order sync records', count: Number(row.records) },
    ];
  };
  ctx.registry.add('store-references', storeReferences);
}
