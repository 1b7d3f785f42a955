// The outbound part of stock: outbound orders (WDO) and the sales-outbound list (spec 02 §3.6,
// §4.1, §4.2, §7.9; /stocks activeKey 3 and 5, /stocks/createstocksout). See README.md.
import { bigintArray } from '../../../platform/sql.js';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { WDO_PROCESS_ACCESS, type WdoCreateInput } from '@openseller/core';
import type { OperationActor } from '../../../platform/operation-log.js';
import type { AreaModule } from '../../../platform/module.js';
import type { ReferenceChecker } from '../../warehouses/index.js';
import { WAREHOUSE_REFERENCES } from '../../warehouses/index.js';
import { SKU_REFERENCES } from '../../goods/index.js';

import { wdoImporter } from './outbound.importer.js';
import { registerOutboundMessages } from './outbound.messages.js';
import { countWdosWaiting } from './outbound.queries.js';
import { registerOutboundRoutes } from './outbound.routes.js';
import { createOutboundService } from './outbound.service.js';
import { WAREHOUSE_SYSTEMS, type WarehouseSystemsService } from './outbound.warehouse-system.js';
import { salesOutboundExporter } from './sales-outbound.js';

export { registerOutboundMessages } from './outbound.messages.js';
export { OUTBOUND_AREA } from './outbound.service.js';
export { WDO_LISTENERS, type WdoEvent, type WdoListener } from './outbound.listeners.js';

/** What other areas may do with outbound orders (registry service 'outbound'). */
export interface OutboundSourceService {
  /** Creates an outbound order (CREATED) for another area's document, in that area's transaction. */
  createFromSource(tx: Tx, actor: OperationActor, domainId: number, input: WdoCreateInput): Promise<{ id: number; code: string }>;
}
export const OUTBOUND_SERVICE = 'outbound';

async function count(tx: Tx, query: ReturnType<typeof sql>): Promise<number> {
  const rows = await tx.execute<{ n: number }>(query);
  return Number(rows.rows[0]?.n ?? 0);
}

export const registerOutboundModule: AreaModule = (ctx) => {
  registerOutboundMessages();
  const db = ctx.database.db;
  const service = createOutboundService({ database: ctx.database, registry: ctx.registry, ...(ctx.now ? { now: ctx.now } : {}) });
  registerOutboundRoutes(ctx.app, ctx.http, { service, database: ctx.database, exports: ctx.exports });
  ctx.imports.register(wdoImporter(ctx.registry, service));
  ctx.exports.register(salesOutboundExporter);
  const sourceService: OutboundSourceService = {
    createFromSource: async (tx, actor, domainId, input) => {
      const created = await service.createIn(tx, actor, domainId, input);
      return { id: created.id, code: created.code };
    },
  };
  ctx.registry.provide(OUTBOUND_SERVICE, sourceService);

  // Home: outbound orders waiting for verification, for those who work the list.
  const menu = WDO_PROCESS_ACCESS.menu;
  ctx.system.addHomeCounterProvider(async (domainId, session) => (session.menus.has(menu) ? { wdoHeaderCount: await countWdosWaiting(db, domainId) } : {}));

  // A warehouse with open outbound orders is not stopped.
  const openOrders: ReferenceChecker = async (tx, domainId, ids) => [
    {
      reason: 'open outbound orders',
      count: await count(
        tx,
        sql`select count(*)::int as n from wdo_headers where domain_id = ${domainId} and warehouse_id = any(${bigintArray(ids)})
          and status in ('CI_WDO_STATUS_CREATED', 'CI_WDO_STATUS_VERIFIED', 'CI_WDO_STATUS_SYNCED')`,
      ),
    },
  ];
  ctx.registry.add(WAREHOUSE_REFERENCES, openOrders);
  // A SKU named by an outbound order is not deleted (the order's history names it).
  const orderLines: ReferenceChecker = async (tx, domainId, ids) => [
    { reason: 'outbound orders', count: await count(tx, sql`select count(*)::int as n from wdo_details where domain_id = ${domainId} and sku_id = any(${bigintArray(ids)})`) },
  ];
  ctx.registry.add(SKU_REFERENCES, orderLines);

  // Shipments and confirmed cancels reported by warehouse systems. The service is looked up once
  // every area is registered, whichever order they register in.
  ctx.app.addHook('onReady', async () => {
    ctx.registry.find<WarehouseSystemsService>(WAREHOUSE_SYSTEMS)?.onResults('WDO', service.resultHandler());
  });
};
