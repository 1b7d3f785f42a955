// The return-inbound part of the stock area (RMA): returns from shipped orders or free, their
// receipts through the stock engine (good and defective apart), the return reasons.
import { and, count, eq } from 'drizzle-orm';
import { RMA_STATUS } from '@openseller/core';
import { rmaHeaders } from '../../../db/schema/index.js';
import type { AreaModule } from '../../../platform/module.js';
import { registerRmaMessages } from './rma.messages.js';
import { createRmaParcels } from './rma.parcels.js';
import { registerRmaRoutes } from './rma.routes.js';
import { createRmaService } from './rma.service.js';
import { createRmaWarehouseSystem } from './rma.warehouse-system.js';
import type { WarehouseSystemsService } from '../../../connectors/warehouse/types.js';

export const registerRmaModule: AreaModule = (ctx) => {
  registerRmaMessages();
  const service = createRmaService({ database: ctx.database, ...(ctx.now ? { now: ctx.now } : {}) });
  const warehouseSystem = createRmaWarehouseSystem({ database: ctx.database, registry: ctx.registry, service, ...(ctx.now ? { now: ctx.now } : {}) });
  const parcels = createRmaParcels({ database: ctx.database, ...(ctx.now ? { now: ctx.now } : {}) });
  registerRmaRoutes(ctx.app, ctx.http, service, warehouseSystem, parcels);
  // Receipts and confirmed cancels of returns the warehouse systems report, once every area is registered.
  ctx.app.addHook('onReady', async () => {
    ctx.registry.find<WarehouseSystemsService>('warehouse-systems')?.onResults('RMA', warehouseSystem.onResult);
  });
  // Home counter rmaCount: returns awaiting warehouse entry (accounts with return management).
  ctx.system.addHomeCounterProvider(async (domainId, session) => {
    if (!session.menus.has('MENU_RMA_MANAGE')) return {};
    const [row] = await ctx.database.db
      .select({ n: count() })
      .from(rmaHeaders)
      .where(and(eq(rmaHeaders.domainId, domainId), eq(rmaHeaders.status, RMA_STATUS.CREATED)));
    return { rmaCount: Number(row?.n ?? 0) };
  });
  ctx.registry.provide('rma', { service });
};

export type { RmaService } from './rma.service.js';
