// Warehouse systems: the connectors of third-party warehouses (types.ts), the registry service
// 'warehouse-systems' other areas issue documents through, the polling job that brings their
// results back, a "fetch results" call, and the sandbox warehouse system's console.
import { WarehouseSystemCalls } from '@openseller/core';
import type { AreaModule } from '../../platform/module.js';
import { createWarehouseSystems } from './registry.js';
import { createSandboxWmsConsole } from './sandbox/sandbox-wms.console.js';
import { registerWarehouseSystemsMessages } from './warehouse-systems.messages.js';

export type { WarehouseSystemsService } from './types.js';

export const registerWarehouseSystemsModule: AreaModule = (ctx) => {
  registerWarehouseSystemsMessages();
  const { db } = ctx.database;
  const systems = createWarehouseSystems({ database: ctx.database, jobs: ctx.jobs, ...(ctx.now ? { now: ctx.now } : {}), log: (m) => ctx.app.log.warn(m) });
  ctx.registry.provide('warehouse-systems', systems);
  const sandbox = createSandboxWmsConsole({ db, ...(ctx.now ? { now: ctx.now } : {}) });
  const { app, http } = ctx;

  // Access (catalogue): stock and warehouse staff see the console and fetch results; driving the
  // sandbox (settings, failures, receiving, shipping, confirming cancels) configures a warehouse.
  http.serve(app, WarehouseSystemCalls, {
    fetchResults: (c) => systems.pollResults(c.domainId, c.input.whId),
    sandboxWarehouses: (c) => sandbox.warehouses(c.domainId),
    sandboxView: (c) => sandbox.view(c.domainId, c.input.warehouseId),
    sandboxSettings: async (c) => {
      await sandbox.updateSettings(c.domainId, c.input);
      return null;
    },
    sandboxFailNext: async (c) => {
      await sandbox.failNext(c.domainId, c.input);
      return null;
    },
    sandboxFulfil: (c) => sandbox.fulfil(c.domainId, c.input),
    sandboxConfirmCancel: (c) => sandbox.confirmCancel(c.domainId, c.input),
  });
};
