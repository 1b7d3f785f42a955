// Warehouse systems: the connectors of third-party warehouses (types.ts), the registry service
// 'warehouse-systems' other areas issue documents through, the polling job that brings their
// results back, a "fetch results" call, and the sandbox warehouse system's console.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  FetchResultsInput,
  SANDBOX_EXTERNAL_CODE_PREFIX,
  SANDBOX_WAREHOUSE_TYPES,
  SANDBOX_WMS_CONSOLE_MENU,
  SandboxWmsDocumentInput,
  SandboxWmsFailNextInput,
  SandboxWmsFulfilInput,
  SandboxWmsSettingsInput,
  SandboxWmsWarehouseInput,
  type WarehouseOption,
  type WarehouseType,
} from '@openseller/core';
import { warehouses } from '../../db/schema/index.js';
import type { AreaModule } from '../../platform/module.js';
import { sellerDomain } from '../../modules/warehouses/warehouses.service.js';
import { createWarehouseSystems } from './registry.js';
import { createSandboxWmsConsole } from './sandbox/sandbox-wms.console.js';
import { registerWarehouseSystemsMessages } from './warehouse-systems.messages.js';

export type { WarehouseSystemsService } from './types.js';

/** Who may see the sandbox console and fetch results: stock and warehouse staff. */
const STOCK_OR_WAREHOUSES = { menu: ['MENU_INV', 'MENU_WH_LIST'] } as const;
/** Who may drive the sandbox warehouse system: whoever configures warehouses. */
const CONFIGURE_SANDBOX = { menu: SANDBOX_WMS_CONSOLE_MENU } as const;

export const registerWarehouseSystemsModule: AreaModule = (ctx) => {
  registerWarehouseSystemsMessages();
  const { db } = ctx.database;
  const systems = createWarehouseSystems({ database: ctx.database, jobs: ctx.jobs, ...(ctx.now ? { now: ctx.now } : {}), log: (m) => ctx.app.log.warn(m) });
  ctx.registry.provide('warehouse-systems', systems);
  const sandbox = createSandboxWmsConsole({ db, ...(ctx.now ? { now: ctx.now } : {}) });
  const { app, http } = ctx;

  http.route(app, {
    url: '/cloud/wms/fetchResults',
    access: STOCK_OR_WAREHOUSES,
    input: FetchResultsInput,
    handler: (c) => systems.pollResults(sellerDomain(c.session), c.input.whId),
  });

  const base = '/cloud/wms/sandbox';
  http.route(app, {
    url: `${base}/warehouses`,
    access: STOCK_OR_WAREHOUSES,
    handler: async (c): Promise<WarehouseOption[]> => {
      const rows = await db
        .select()
        .from(warehouses)
        .where(
          and(
            eq(warehouses.domainId, sellerDomain(c.session)),
            inArray(warehouses.type, [...SANDBOX_WAREHOUSE_TYPES]),
            sql`upper(${warehouses.externalCode}) like ${SANDBOX_EXTERNAL_CODE_PREFIX + '%'}`,
          ),
        )
        .orderBy(asc(warehouses.stopUsing), asc(warehouses.id));
      return rows.map((w) => ({ id: w.id, code: w.code, name: w.name, type: w.type as WarehouseType, stopUsing: w.stopUsing ? 1 : 0 }));
    },
  });
  http.route(app, { url: `${base}/view`, access: STOCK_OR_WAREHOUSES, input: SandboxWmsWarehouseInput, handler: (c) => sandbox.view(sellerDomain(c.session), c.input.warehouseId) });
  http.route(app, { url: `${base}/settings`, access: CONFIGURE_SANDBOX, input: SandboxWmsSettingsInput, handler: (c) => sandbox.updateSettings(sellerDomain(c.session), c.input) });
  http.route(app, { url: `${base}/failNext`, access: CONFIGURE_SANDBOX, input: SandboxWmsFailNextInput, handler: (c) => sandbox.failNext(sellerDomain(c.session), c.input) });
  http.route(app, { url: `${base}/fulfil`, access: CONFIGURE_SANDBOX, input: SandboxWmsFulfilInput, handler: (c) => sandbox.fulfil(sellerDomain(c.session), c.input) });
  http.route(app, { url: `${base}/confirmCancel`, access: CONFIGURE_SANDBOX, input: SandboxWmsDocumentInput, handler: (c) => sandbox.confirmCancel(sellerDomain(c.session), c.input) });
};
