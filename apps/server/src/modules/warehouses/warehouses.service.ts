// Warehouses, their locations and the stores that ship from them: commands in transactions,
// each writing the operation log; searches scoped to the caller's domain.
import { and, eq } from 'drizzle-orm';
import {
  ErrorCodes,
  WarehouseErrors,
  warehouseFilterId,
  type LocationCreateInput,
  type LocationRow,
  type LocationSearchInput,
  type LocationUpdateInput,
  type PageResult,
  type StoreWarehouseAssignment,
  type WarehouseAssignmentsInput,
  type WarehouseBindInput,
  type WarehouseCreateInput,
  type WarehouseOption,
  type WarehouseRow,
  type WarehouseSearchInput,
  type WarehouseStopUsingInput,
  type WarehouseUnbindInput,
  type WarehouseUpdateInput,
} from '@openseller/core';
import type { Database, Tx } from '../../db/client.js';
import { warehouseLocations, warehouses, warehouseStoreBindings } from '../../db/schema/index.js';
import { AppError, notFound, versionConflict } from '../../platform/errors.js';
import type { ServiceRegistry } from '../../platform/module.js';
import { writeOperationLog } from '../../platform/operation-log.js';
import type { Session } from '../../platform/sessions.js';
import { actorOf, domainOf as sellerDomain } from '../../platform/caller.js';
import {
  assignments,
  boundStoreCount,
  findLocation,
  findLocationsByIds,
  findWarehouse,
  findWarehousesByIds,
  listWarehouseOptions,
  locationHolding,
  locationRowById,
  searchLocations,
  searchWarehouses,
  storesOfDomain,
  toWarehouseOption,
  warehouseHolding,
  warehouseRowById,
} from './warehouses.queries.js';
import { findReferences, type ReferenceChecker } from '../../platform/references.js';
import { idsIn, uniqueViolation } from '../../platform/sql.js';

const AREA = 'warehouses';

/** Registry lists other areas add to, so a row they use is not stopped or deleted. */
export const WAREHOUSE_REFERENCES = 'warehouse-references';
export const LOCATION_REFERENCES = 'location-references';

export interface WarehousesServiceDeps {
  database: Database;
  registry: ServiceRegistry;
  now?: () => Date;
}

export function createWarehousesService(deps: WarehousesServiceDeps) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());

  async function refuseTaken(tx: Tx, domainId: number, input: { code: string; name: string }, exceptId?: number) {
    if (await warehouseHolding(tx, domainId, 'code', input.code, exceptId)) throw new AppError(WarehouseErrors.CODE_TAKEN, 409, { field: 'code', code: input.code });
    if (await warehouseHolding(tx, domainId, 'name', input.name, exceptId)) throw new AppError(WarehouseErrors.NAME_TAKEN, 409, { field: 'name', name: input.name });
  }

  /** A race past the check above still meets the unique index: same refusal. */
  function takenFromIndex(error: unknown, input: { code: string; name: string }): never {
    const constraint = uniqueViolation(error);
    if (constraint === 'warehouses_domain_code_key') throw new AppError(WarehouseErrors.CODE_TAKEN, 409, { field: 'code', code: input.code });
    if (constraint === 'warehouses_domain_name_key') throw new AppError(WarehouseErrors.NAME_TAKEN, 409, { field: 'name', name: input.name });
    throw error;
  }

  async function warehouseOrFail(tx: Tx, domainId: number, id: number, field = 'id', forUpdate = false) {
    const found = await findWarehouse(tx, domainId, id, forUpdate);
    if (!found) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'warehouse', field });
    return found;
  }

  function refuseStopped(w: { stopUsing: boolean; name: string }, field: string) {
    if (w.stopUsing) throw new AppError(WarehouseErrors.STOPPED, 409, { field, name: w.name });
  }

  const fieldsOf = (input: WarehouseCreateInput) => ({
    code: input.code,
    name: input.name,
    type: input.type,
    contact: input.contact,
    phone: input.phone,
    province: input.province,
    city: input.city,
    county: input.county ?? null,
    street: input.street,
    externalCode: input.externalCode ?? null,
    ownerCode: input.ownerCode ?? null,
    qimenCustomerId: input.type === 'QIMEN_WAREHOUSE' ? (input.qimenCustomerId ?? null) : null,
    remark: input.remark ?? null,
  });

  return {
    // ---- warehouses ----------------------------------------------------------------------

    async create(session: Session, input: WarehouseCreateInput): Promise<WarehouseRow> {
      const domainId = sellerDomain(session);
      try {
        return await db.transaction(async (tx) => {
          await refuseTaken(tx, domainId, input);
          const [created] = await tx
            .insert(warehouses)
            .values({ domainId, ...fieldsOf(input), createdBy: session.userId })
            .returning();
          await writeOperationLog(tx, actorOf(session), { area: AREA, entityType: 'warehouse', entityId: created!.id, action: 'create', after: created });
          return (await warehouseRowById(tx, domainId, created!.id))!;
        });
      } catch (error) {
        takenFromIndex(error, input);
      }
    },

    async update(session: Session, input: WarehouseUpdateInput): Promise<WarehouseRow> {
      const domainId = sellerDomain(session);
      try {
        return await db.transaction(async (tx) => {
          const before = await warehouseOrFail(tx, domainId, input.id);
          await refuseTaken(tx, domainId, input, input.id);
          const [after] = await tx
            .update(warehouses)
            .set({ ...fieldsOf(input), version: input.version + 1, updatedAt: now() })
            .where(and(eq(warehouses.domainId, domainId), eq(warehouses.id, input.id), eq(warehouses.version, input.version)))
            .returning();
          if (!after) throw versionConflict('warehouse');
          await writeOperationLog(tx, actorOf(session), { area: AREA, entityType: 'warehouse', entityId: input.id, action: 'update', before, after });
          return (await warehouseRowById(tx, domainId, input.id))!;
        });
      } catch (error) {
        if (error instanceof AppError) throw error;
        takenFromIndex(error, input);
      }
    },

    /** Stops using a warehouse (1) or resumes it (0). A warehouse stores ship from, or one
     * another area still uses, is not stopped. */
    async stopUsing(session: Session, input: WarehouseStopUsingInput): Promise<WarehouseRow> {
      const domainId = sellerDomain(session);
      return db.transaction(async (tx) => {
        const before = await warehouseOrFail(tx, domainId, input.id, 'id', true);
        if (input.stopUsing === 1) {
          const stores = await boundStoreCount(tx, domainId, [input.id]);
          if (stores) throw new AppError(WarehouseErrors.IN_USE, 409, { field: 'id', name: before.name, reason: 'storeBindings', count: stores });
          const uses = await findReferences(deps.registry.list<ReferenceChecker>(WAREHOUSE_REFERENCES), tx, domainId, [input.id]);
          if (uses.length) throw new AppError(WarehouseErrors.IN_USE, 409, { field: 'id', name: before.name, reason: uses[0]!.reason, count: uses[0]!.count });
        }
        const [after] = await tx
          .update(warehouses)
          .set({ stopUsing: input.stopUsing === 1, version: input.version + 1, updatedAt: now() })
          .where(and(eq(warehouses.domainId, domainId), eq(warehouses.id, input.id), eq(warehouses.version, input.version)))
          .returning();
        if (!after) throw versionConflict('warehouse');
        await writeOperationLog(tx, actorOf(session), {
          area: AREA,
          entityType: 'warehouse',
          entityId: input.id,
          action: input.stopUsing === 1 ? 'stopUsing' : 'resume',
          before: { stopUsing: before.stopUsing },
          after: { stopUsing: after.stopUsing },
        });
        return (await warehouseRowById(tx, domainId, input.id))!;
      });
    },

    async get(session: Session, id: number): Promise<WarehouseRow> {
      const row = await warehouseRowById(db, sellerDomain(session), id);
      if (!row) throw notFound('warehouse');
      return row;
    },

    async search(session: Session, input: WarehouseSearchInput): Promise<PageResult<WarehouseRow>> {
      const { rows, total } = await searchWarehouses(db, sellerDomain(session), input);
      return { voList: rows, total, currentPage: input.currentPage, pageSize: input.pageSize };
    },

    listAll(session: Session, includeStopped: boolean): Promise<WarehouseOption[]> {
      return listWarehouseOptions(db, sellerDomain(session), includeStopped);
    },

    // ---- which stores ship from which warehouses -----------------------------------------

    async bind(session: Session, input: WarehouseBindInput): Promise<StoreWarehouseAssignment[]> {
      const domainId = sellerDomain(session);
      return db.transaction(async (tx) => {
        const warehouse = await warehouseOrFail(tx, domainId, input.warehouseId, 'warehouseId', true);
        refuseStopped(warehouse, 'warehouseId');
        const storeIds = [...new Set(input.storeIds)];
        const found = await storesOfDomain(tx, domainId, storeIds);
        const missing = storeIds.find((id) => !found.some((s) => s.id === id));
        if (missing !== undefined) throw new AppError(WarehouseErrors.STORE_NOT_FOUND, 404, { field: 'storeIds', storeId: missing });
        await tx
          .insert(warehouseStoreBindings)
          .values(storeIds.map((storeId) => ({ domainId, warehouseId: warehouse.id, storeId, onlineWarehouseCode: input.onlineWarehouseCode ?? null, createdBy: session.userId })))
          .onConflictDoUpdate({
            target: [warehouseStoreBindings.domainId, warehouseStoreBindings.warehouseId, warehouseStoreBindings.storeId],
            set: { onlineWarehouseCode: input.onlineWarehouseCode ?? null, updatedAt: now() },
          });
        await writeOperationLog(tx, actorOf(session), {
          area: AREA,
          entityType: 'warehouse',
          entityId: warehouse.id,
          action: 'bindStores',
          after: { storeIds, onlineWarehouseCode: input.onlineWarehouseCode ?? null },
        });
        return assignments(tx, domainId, { warehouseId: warehouse.id });
      });
    },

    async unbind(session: Session, input: WarehouseUnbindInput): Promise<StoreWarehouseAssignment[]> {
      const domainId = sellerDomain(session);
      return db.transaction(async (tx) => {
        const warehouse = await warehouseOrFail(tx, domainId, input.warehouseId, 'warehouseId');
        const removed = await tx
          .delete(warehouseStoreBindings)
          .where(
            and(
              eq(warehouseStoreBindings.domainId, domainId),
              eq(warehouseStoreBindings.warehouseId, warehouse.id),
              idsIn(warehouseStoreBindings.storeId, input.storeIds),
            ),
          )
          .returning();
        if (!removed.length) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'binding', field: 'storeIds' });
        await writeOperationLog(tx, actorOf(session), {
          area: AREA,
          entityType: 'warehouse',
          entityId: warehouse.id,
          action: 'unbindStores',
          before: { storeIds: removed.map((r) => r.storeId) },
        });
        return assignments(tx, domainId, { warehouseId: warehouse.id });
      });
    },

    assignments(session: Session, input: WarehouseAssignmentsInput): Promise<StoreWarehouseAssignment[]> {
      return assignments(db, sellerDomain(session), { keyword: input.keyword, warehouseId: warehouseFilterId(input.warehouseId) });
    },

    // ---- locations -----------------------------------------------------------------------

    async createLocation(session: Session, input: LocationCreateInput): Promise<LocationRow> {
      const domainId = sellerDomain(session);
      try {
        return await db.transaction(async (tx) => {
          const warehouse = await warehouseOrFail(tx, domainId, input.warehouseId, 'warehouseId', true);
          refuseStopped(warehouse, 'warehouseId');
          if (await locationHolding(tx, domainId, warehouse.id, input.code)) throw locationTaken(input.code, warehouse.name);
          const [created] = await tx
            .insert(warehouseLocations)
            .values({ domainId, warehouseId: warehouse.id, code: input.code, zone: input.zone ?? null, remark: input.remark ?? null, createdBy: session.userId })
            .returning();
          await writeOperationLog(tx, actorOf(session), { area: AREA, entityType: 'location', entityId: created!.id, action: 'create', after: created });
          return (await locationRowById(tx, domainId, created!.id))!;
        });
      } catch (error) {
        if (uniqueViolation(error) === 'warehouse_locations_code_key') throw locationTaken(input.code);
        throw error;
      }
    },

    async updateLocation(session: Session, input: LocationUpdateInput): Promise<LocationRow> {
      const domainId = sellerDomain(session);
      try {
        return await db.transaction(async (tx) => {
          const before = await findLocation(tx, domainId, input.id);
          if (!before) throw notFound('location');
          const warehouse = await warehouseOrFail(tx, domainId, before.warehouseId, 'warehouseId');
          refuseStopped(warehouse, 'warehouseId');
          if (await locationHolding(tx, domainId, before.warehouseId, input.code, input.id)) throw locationTaken(input.code, warehouse.name);
          // A renamed location that stock or documents point at keeps its id, so renaming is safe.
          const [after] = await tx
            .update(warehouseLocations)
            .set({ code: input.code, zone: input.zone ?? null, remark: input.remark ?? null, version: input.version + 1, updatedAt: now() })
            .where(and(eq(warehouseLocations.domainId, domainId), eq(warehouseLocations.id, input.id), eq(warehouseLocations.version, input.version)))
            .returning();
          if (!after) throw versionConflict('location');
          await writeOperationLog(tx, actorOf(session), { area: AREA, entityType: 'location', entityId: input.id, action: 'update', before, after });
          return (await locationRowById(tx, domainId, input.id))!;
        });
      } catch (error) {
        if (uniqueViolation(error) === 'warehouse_locations_code_key') throw locationTaken(input.code);
        throw error;
      }
    },

    /** Deletes locations; all of them or none, and none that stock or documents still use. */
    async deleteLocations(session: Session, idList: number[]): Promise<{ deleted: number }> {
      const domainId = sellerDomain(session);
      const ids = [...new Set(idList)];
      return db.transaction(async (tx) => {
        const found = await findLocationsByIds(tx, domainId, ids);
        const missing = ids.find((id) => !found.some((l) => l.id === id));
        if (missing !== undefined) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'location', field: 'idList', id: missing });
        for (const location of found) {
          const uses = await findReferences(deps.registry.list<ReferenceChecker>(LOCATION_REFERENCES), tx, domainId, [location.id]);
          if (uses.length) throw new AppError(WarehouseErrors.LOCATION_IN_USE, 409, { field: 'idList', code: location.code, reason: uses[0]!.reason, count: uses[0]!.count });
        }
        await tx.delete(warehouseLocations).where(and(eq(warehouseLocations.domainId, domainId), idsIn(warehouseLocations.id, ids)));
        for (const location of found) {
          await writeOperationLog(tx, actorOf(session), { area: AREA, entityType: 'location', entityId: location.id, action: 'delete', before: location });
        }
        return { deleted: found.length };
      });
    },

    async searchLocations(session: Session, input: LocationSearchInput): Promise<PageResult<LocationRow>> {
      const { rows, total } = await searchLocations(db, sellerDomain(session), { ...input, warehouseId: warehouseFilterId(input.warehouseId) });
      return { voList: rows, total, currentPage: input.currentPage, pageSize: input.pageSize };
    },

    /** For other areas (the 'warehouses' registry service). */
    async findWarehouses(domainId: number, ids: number[], tx: Tx = db): Promise<WarehouseOption[]> {
      return (await findWarehousesByIds(tx, domainId, ids)).map(toWarehouseOption);
    },
  };
}

function locationTaken(code: string, warehouseName?: string) {
  return new AppError(WarehouseErrors.LOCATION_CODE_TAKEN, 409, { field: 'code', code, ...(warehouseName ? { warehouse: warehouseName } : {}) });
}

export type WarehousesService = ReturnType<typeof createWarehousesService>;
