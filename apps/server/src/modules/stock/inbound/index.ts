// The inbound part of the stock area: inbound notices (ASN), their receipts through the stock
// engine, their issue to warehouse systems and the receipts those systems report.
import { and, count, eq, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { asnDetails, asnHeaders } from '../../../db/schema/index.js';
import type { WarehouseSystemsService } from '../../../connectors/warehouse/types.js';
import type { AreaModule } from '../../../platform/module.js';
import { createAsnImporter } from './inbound.importer.js';
import { registerInboundMessages } from './inbound.messages.js';
import { countWaiting } from './inbound.queries.js';
import { registerInboundRoutes } from './inbound.routes.js';
import { createInboundService } from './inbound.service.js';
import { createInboundSync } from './inbound.sync.js';
import { idsIn, textsIn } from '../../../platform/sql.js';

const OPEN = ['CI_ASN_STATUS_CREATED', 'CI_ASN_STATUS_SYNCED'];

async function countNotices(tx: Tx, domainId: number, column: 'warehouse' | 'supplier', ids: number[], openOnly: boolean) {
  const key = column === 'warehouse' ? asnHeaders.warehouseId : asnHeaders.supplierId;
  const [row] = await tx
    .select({ n: count() })
    .from(asnHeaders)
    .where(and(eq(asnHeaders.domainId, domainId), idsIn(key, ids), ...(openOnly ? [textsIn(asnHeaders.status, OPEN)] : [])));
  return Number(row?.n ?? 0);
}

async function countOpenLines(tx: Tx, domainId: number, column: 'sku' | 'location', ids: number[]) {
  const key = column === 'sku' ? asnDetails.skuId : asnDetails.locationId;
  const [row] = await tx
    .select({ n: count() })
    .from(asnDetails)
    .innerJoin(asnHeaders, and(eq(asnHeaders.id, asnDetails.asnId), eq(asnHeaders.domainId, asnDetails.domainId)))
    .where(and(eq(asnDetails.domainId, domainId), isNotNull(key), idsIn(key, ids), textsIn(asnHeaders.status, OPEN)));
  return Number(row?.n ?? 0);
}

export const registerInboundModule: AreaModule = (ctx) => {
  registerInboundMessages();
  const deps = { database: ctx.database, registry: ctx.registry, jobs: ctx.jobs, ...(ctx.now ? { now: ctx.now } : {}) };
  const service = createInboundService(deps);
  const sync = createInboundSync({ ...deps, service });
  registerInboundRoutes(ctx.app, ctx.http, service, ctx.registry);
  ctx.imports.register(createAsnImporter(service));

  // Receipts and confirmed cancels the warehouse systems report, once every area is registered.
  ctx.app.addHook('onReady', async () => {
    ctx.registry.get<WarehouseSystemsService>('warehouse-systems').onResults('ASN', sync.handleResult);
  });

  ctx.system.addHomeCounterProvider(async (domainId, session) => (session.menus.has('MENU_INV') ? { asnHeaderCount: await countWaiting(ctx.database.db, domainId) } : {}));

  // Open notices keep their warehouse and planned locations from being stopped or deleted, and
  // their SKUs from being deleted; a supplier named by any notice is not deleted.
  ctx.registry.add('warehouse-references', async (tx: Tx, domainId: number, ids: number[]) => [{ reason: 'open inbound notices', count: await countNotices(tx, domainId, 'warehouse', ids, true) }]);
  ctx.registry.add('location-references', async (tx: Tx, domainId: number, ids: number[]) => [{ reason: 'open inbound notices', count: await countOpenLines(tx, domainId, 'location', ids) }]);
  ctx.registry.add('sku-references', async (tx: Tx, domainId: number, ids: number[]) => [{ reason: 'open inbound notices', count: await countOpenLines(tx, domainId, 'sku', ids) }]);
  ctx.registry.add('supplier-references', async (tx: Tx, domainId: number, ids: number[]) => [{ reason: 'inbound notices', count: await countNotices(tx, domainId, 'supplier', ids, false) }]);

  ctx.registry.provide('inbound', { service, sync });
};

export type { InboundService } from './inbound.service.js';
export type { InboundSync } from './inbound.sync.js';
