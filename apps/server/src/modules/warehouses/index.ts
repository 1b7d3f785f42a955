// The warehouses area: warehouses, locations and store bindings (spec 02 §3.6, §7.9).
import { and, asc, eq } from 'drizzle-orm';
import type { WarehouseOption } from '@openseller/core';
import type { Tx } from '../../db/client.js';
import { warehouses, warehouseStoreBindings } from '../../db/schema/index.js';
import type { AreaModule } from '../../platform/module.js';
import { locationImporter } from './warehouses.importer.js';
import { registerWarehousesMessages } from './warehouses.messages.js';
import { bindingCountOfStores, findWarehousesByIds, listWarehouseOptions, locationsOfWarehouses, toWarehouseOption } from './warehouses.queries.js';
import { registerWarehousesRoutes } from './warehouses.routes.js';
import { createWarehousesService } from './warehouses.service.js';

export { LOCATION_REFERENCES, WAREHOUSE_REFERENCES } from './warehouses.service.js';
export type { ReferenceChecker, ReferenceUse } from '../../platform/references.js';

export interface WarehouseSenderAddress {
  warehouseId: number;
  contact: string;
  phone: string;
  province: string;
  city: string;
  county: string | null;
  street: string;
}

/** What other areas get from ctx.registry.get('warehouses'). */
export interface WarehousesRegistryService {
  /** The domain's warehouses of these ids (stopped ones included); unknown ids are left out. */
  findWarehouses(domainId: number, ids: number[], tx?: Tx): Promise<WarehouseOption[]>;
  /** The domain's warehouses; stopped ones only when asked. */
  listWarehouses(domainId: number, options?: { includeStopped?: boolean }, tx?: Tx): ReturnType<typeof listWarehouseOptions>;
  /** Locations of these warehouses (every warehouse when none are given), optionally only these codes. */
  locationsOf(domainId: number, warehouseIds?: number[], options?: { codes?: string[] }, tx?: Tx): ReturnType<typeof locationsOfWarehouses>;
  /** The sender addresses of these warehouses (the stores' warehouse-address sender modes). */
  senderAddresses(domainId: number, ids: number[], tx?: Tx): Promise<WarehouseSenderAddress[]>;
  /** The warehouses a store ships from, in use first. */
  warehousesOfStore(domainId: number, storeId: number, tx?: Tx): Promise<(WarehouseOption & { onlineWarehouseCode: string | null })[]>;
}

export const registerWarehousesModule: AreaModule = (ctx) => {
  registerWarehousesMessages();
  const db = ctx.database.db;
  const service = createWarehousesService({ database: ctx.database, registry: ctx.registry, ...(ctx.now ? { now: ctx.now } : {}) });
  registerWarehousesRoutes(ctx.app, ctx.http, service);
  ctx.imports.register(locationImporter);

  const registryService: WarehousesRegistryService = {
    findWarehouses: (domainId, ids, tx = db) => service.findWarehouses(domainId, ids, tx),
    listWarehouses: (domainId, options = {}, tx = db) => listWarehouseOptions(tx, domainId, options.includeStopped ?? false),
    locationsOf: (domainId, warehouseIds, options = {}, tx = db) => locationsOfWarehouses(tx, domainId, warehouseIds, options.codes),
    async senderAddresses(domainId, ids, tx = db) {
      return (await findWarehousesByIds(tx, domainId, ids)).map((w) => ({
        warehouseId: w.id,
        contact: w.contact,
        phone: w.phone,
        province: w.province,
        city: w.city,
        county: w.county,
        street: w.street,
      }));
    },
    async warehousesOfStore(domainId, storeId, tx = db) {
      const rows = await tx
        .select({ w: warehouses, onlineWarehouseCode: warehouseStoreBindings.onlineWarehouseCode })
        .from(warehouseStoreBindings)
        .innerJoin(warehouses, and(eq(warehouses.id, warehouseStoreBindings.warehouseId), eq(warehouses.domainId, warehouseStoreBindings.domainId)))
        .where(and(eq(warehouseStoreBindings.domainId, domainId), eq(warehouseStoreBindings.storeId, storeId)))
        .orderBy(asc(warehouses.stopUsing), asc(warehouses.id));
      return rows.map((r) => ({ ...toWarehouseOption(r.w), onlineWarehouseCode: r.onlineWarehouseCode }));
    },
  };
  ctx.registry.provide('warehouses', registryService);

  // A store that ships from a warehouse is not deleted until it is unbound. The stores area calls
  // its 'store-references' checkers with one store id (the convention of the list).
  const storeBindings = async (tx: Tx, domainId: number, storeId: number | number[]) => ({
    reason: 'warehouse bindings',
    count: await bindingCountOfStores(tx, domainId, Array.isArray(storeId) ? storeId : [storeId]),
  });
  ctx.registry.add('store-references', storeBindings);
};
