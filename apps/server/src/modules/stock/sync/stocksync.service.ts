// Stock sync commands and reads: the sync rules of a store (warehouses with a ratio and a safety
// stock), its auto-sync switch, the preview of what a push would send, sync now (all or chosen
// online SKUs), retry of failures, and the inventory-sync log.
import { and, eq, sql } from 'drizzle-orm';
import {
  DEFAULT_STORE_SYNC_CONFIG,
  findPlatform,
  parseDateTimeText,
  StockSyncErrors,
  StockSyncRuleCreateInput,
  StockSyncRuleUpdateInput,
  storeAuthState,
  type PageResult,
  type StockSyncLogSearchInput,
  type StockSyncManualInput,
  type StockSyncPreviewInput,
  type StockSyncPreviewRow,
  type StockSyncRecordRow,
  type StockSyncRequestResult,
  type StockSyncRetryInput,
  type StockSyncRuleDeleteInput,
  type StockSyncRuleRow,
  type StockSyncStoreRow,
  type StockSyncStatus,
  type StockSyncTrigger,
} from '@openseller/core';
import type { z } from 'zod';
import type { Database, Tx } from '../../../db/client.js';
import { stockSyncRules, stores } from '../../../db/schema/index.js';
import { AppError, versionConflict } from '../../../platform/errors.js';
import type { ServiceRegistry } from '../../../platform/module.js';
import { writeOperationLog } from '../../../platform/operation-log.js';
import type { Session } from '../../../platform/sessions.js';
import type { StoreRecord } from '../../stores/index.js';
import type { WarehousesRegistryService } from '../../warehouses/index.js';
import { pageAnswer, pageWindow } from '../../../platform/paging.js';
import { actorOf, domainOf } from '../../../platform/caller.js';
import { computeQuantities, findRecords, findRule, failuresOfStore, mappedOnlineSkus, rulesOfStores, searchRecords, storeCounts } from './stocksync.queries.js';
import { AREA, storeRefusal, targetOf, type PushTarget, type StockSyncRunner } from './stocksync.runner.js';

// The parsed inputs (ratio as 4-decimal text, safety stock defaulted).
type RuleCreate = z.output<typeof StockSyncRuleCreateInput>;
type RuleUpdate = z.output<typeof StockSyncRuleUpdateInput>;
type PreviewInput = StockSyncPreviewInput & { currentPage: number; pageSize: number };
type LogInput = StockSyncLogSearchInput & { currentPage: number; pageSize: number };

const ruleSnapshot = (r: { storeId: number; warehouseId: number; ratio: string; safetyStock: number }) => ({
  storeId: r.storeId,
  warehouseId: r.warehouseId,
  ratio: String(r.ratio),
  safetyStock: r.safetyStock,
});

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}

export interface StockSyncServiceDeps {
  database: Database;
  registry: ServiceRegistry;
  runner: StockSyncRunner;
  now: () => Date;
}

export function createStockSyncService(deps: StockSyncServiceDeps) {
  const { db } = deps.database;
  const { runner, now } = deps;
  const warehousesService = () => deps.registry.get<WarehousesRegistryService>('warehouses');

  async function loadStore(tx: Tx, domainId: number, storeId: number, lock = false): Promise<StoreRecord> {
    const query = tx
      .select()
      .from(stores)
      .where(and(eq(stores.domainId, domainId), eq(stores.id, storeId)));
    const [store] = lock ? await query.for('update') : await query;
    if (!store) throw new AppError(StockSyncErrors.STORE_NOT_FOUND, 404, { field: 'storeId', storeId });
    return store;
  }

  /** A store that can take rules: a marketplace store of the caller's domain. */
  async function onlineStore(tx: Tx, domainId: number, storeId: number, lock = false): Promise<StoreRecord> {
    const store = await loadStore(tx, domainId, storeId, lock);
    if (store.storeType !== 1) throw new AppError(StockSyncErrors.STORE_NOT_ONLINE, 400, { field: 'storeId', storeId, name: store.name });
    return store;
  }

  /** A store that can be pushed to now, with at least one rule; otherwise a clear refusal. */
  async function pushableStore(tx: Tx, domainId: number, storeId: number): Promise<StoreRecord> {
    const store = await loadStore(tx, domainId, storeId);
    const refusal = storeRefusal(store, now());
    if (refusal) throw refusal;
    // A marketplace without a connector in this build answers its own clear error (501).
    deps.registry.get<{ forPlatform(code: string): unknown }>('marketplace-connectors').forPlatform(store.platformCode);
    const rules = await rulesOfStores(tx, domainId, [storeId]);
    if (!rules.length) throw new AppError(StockSyncErrors.NO_RULES, 409, { field: 'storeId', storeId, name: store.name });
    return store;
  }

  const autoSyncOf = (store: StoreRecord) => ((store.syncConfig as { autoSyncStock?: boolean } | null)?.autoSyncStock ?? DEFAULT_STORE_SYNC_CONFIG.autoSyncStock) === true;

  /** The domain's marketplace stores with their rules, switch and counts. */
  async function listStores(session: Session): Promise<StockSyncStoreRow[]> {
    const domainId = domainOf(session);
    const list = await db
      .select()
      .from(stores)
      .where(and(eq(stores.domainId, domainId), eq(stores.storeType, 1)))
      .orderBy(stores.id);
    const storeIds = list.map((s) => s.id);
    const rules = await rulesOfStores(db, domainId, storeIds);
    const counts = await storeCounts(db, domainId, storeIds);
    return list.map((s) => ({
      storeId: s.id,
      storeVersion: s.version,
      name: s.name,
      platformCode: s.platformCode,
      usable: s.usable,
      authState: storeAuthState({ requiresAuthorization: findPlatform(s.platformCode)?.requiresAuthorization ?? true, authStatus: s.authStatus, tokenExpiresAt: s.tokenExpiresAt, authorizationExpiresAt: s.authorizationExpiresAt }, now()),
      autoSync: autoSyncOf(s),
      rules: rules.filter((r) => r.storeId === s.id),
      ...counts.get(s.id)!,
    }));
  }

  return {
    listStores,

    async createRule(session: Session, input: RuleCreate): Promise<StockSyncRuleRow> {
      const domainId = domainOf(session);
      try {
        return await db.transaction(async (tx) => {
          await onlineStore(tx, domainId, input.storeId);
          const [warehouse] = await warehousesService().findWarehouses(domainId, [input.warehouseId], tx);
          if (!warehouse) throw new AppError(StockSyncErrors.WAREHOUSE_NOT_FOUND, 404, { field: 'warehouseId', warehouseId: input.warehouseId });
          if (warehouse.stopUsing === 1) throw new AppError(StockSyncErrors.WAREHOUSE_STOPPED, 409, { field: 'warehouseId', name: warehouse.name });
          const [existing] = await tx
            .select({ id: stockSyncRules.id })
            .from(stockSyncRules)
            .where(and(eq(stockSyncRules.domainId, domainId), eq(stockSyncRules.storeId, input.storeId), eq(stockSyncRules.warehouseId, input.warehouseId)));
          if (existing) throw new AppError(StockSyncErrors.RULE_EXISTS, 409, { field: 'warehouseId', name: warehouse.name });
          const [row] = await tx
            .insert(stockSyncRules)
            .values({ domainId, storeId: input.storeId, warehouseId: input.warehouseId, ratio: input.ratio, safetyStock: input.safetyStock, createdBy: session.userId, createdAt: now(), updatedAt: now() })
            .returning();
          await writeOperationLog(tx, actorOf(session), { area: AREA, entityType: 'stockSyncRule', entityId: row!.id, action: 'CREATE_RULE', after: ruleSnapshot(row!) });
          return (await rulesOfStores(tx, domainId, [input.storeId])).find((r) => r.id === row!.id)!;
        });
      } catch (error) {
        // Two people adding the same warehouse at once: the unique index decides.
        if (isUniqueViolation(error)) throw new AppError(StockSyncErrors.RULE_EXISTS, 409, { field: 'warehouseId', name: String(input.warehouseId) });
        throw error;
      }
    },

    async updateRule(session: Session, input: RuleUpdate): Promise<StockSyncRuleRow> {
      const domainId = domainOf(session);
      return db.transaction(async (tx) => {
        const before = await findRule(tx, domainId, input.id, true);
        if (!before) throw new AppError(StockSyncErrors.RULE_NOT_FOUND, 404, { field: 'id', id: input.id });
        if (before.version !== input.version) throw new AppError(StockSyncErrors.RULE_CHANGED, 409, { field: 'version' });
        const [after] = await tx
          .update(stockSyncRules)
          .set({ ratio: input.ratio, safetyStock: input.safetyStock, version: input.version + 1, updatedAt: now() })
          .where(and(eq(stockSyncRules.domainId, domainId), eq(stockSyncRules.id, input.id), eq(stockSyncRules.version, input.version)))
          .returning();
        if (!after) throw new AppError(StockSyncErrors.RULE_CHANGED, 409, { field: 'version' });
        await writeOperationLog(tx, actorOf(session), { area: AREA, entityType: 'stockSyncRule', entityId: input.id, action: 'UPDATE_RULE', before: ruleSnapshot(before), after: ruleSnapshot(after) });
        return (await rulesOfStores(tx, domainId, [after.storeId])).find((r) => r.id === after.id)!;
      });
    },

    async deleteRule(session: Session, input: StockSyncRuleDeleteInput): Promise<void> {
      const domainId = domainOf(session);
      await db.transaction(async (tx) => {
        const before = await findRule(tx, domainId, input.id, true);
        if (!before) throw new AppError(StockSyncErrors.RULE_NOT_FOUND, 404, { field: 'id', id: input.id });
        if (before.version !== input.version) throw new AppError(StockSyncErrors.RULE_CHANGED, 409, { field: 'version' });
        await tx.delete(stockSyncRules).where(and(eq(stockSyncRules.domainId, domainId), eq(stockSyncRules.id, input.id)));
        await writeOperationLog(tx, actorOf(session), { area: AREA, entityType: 'stockSyncRule', entityId: input.id, action: 'DELETE_RULE', before: ruleSnapshot(before) });
      });
    },

    /** The auto-sync switch is the store's own autoSyncStock (the store settings show the same). */
    async setAutoSync(session: Session, input: { storeId: number; version: number; autoSync: boolean }): Promise<StockSyncStoreRow> {
      const domainId = domainOf(session);
      await db.transaction(async (tx) => {
        const store = await onlineStore(tx, domainId, input.storeId, true);
        if (store.version !== input.version) throw versionConflict('store');
        const before = autoSyncOf(store);
        const config = { ...DEFAULT_STORE_SYNC_CONFIG, ...((store.syncConfig as object | null) ?? {}), autoSyncStock: input.autoSync };
        const updated = await tx
          .update(stores)
          .set({ syncConfig: config, version: sql`${stores.version} + 1`, updatedAt: now() })
          .where(and(eq(stores.domainId, domainId), eq(stores.id, input.storeId), eq(stores.version, input.version)))
          .returning({ id: stores.id });
        if (!updated.length) throw versionConflict('store');
        await writeOperationLog(tx, actorOf(session), { area: AREA, entityType: 'store', entityId: input.storeId, action: 'SET_AUTO_SYNC', before: { autoSync: before }, after: { autoSync: input.autoSync } });
      });
      return (await listStores(session)).find((s) => s.storeId === input.storeId)!;
    },

    /** What a push would send now, one page of mapped online SKUs (or only the changed ones). */
    async preview(session: Session, input: PreviewInput): Promise<PageResult<StockSyncPreviewRow>> {
      const domainId = domainOf(session);
      await onlineStore(db, domainId, input.storeId);
      const rules = await rulesOfStores(db, domainId, [input.storeId]);
      const keyword = input.keyword || undefined;
      const strip = ({ lastAttempt: _a, lastFinishedAt: _f, ...row }: Awaited<ReturnType<typeof computeQuantities>>[number]): StockSyncPreviewRow => row;
      if (input.onlyChanged) {
        const all = await mappedOnlineSkus(db, domainId, input.storeId, { keyword });
        const changed = (await computeQuantities(db, domainId, rules, all.rows)).filter((r) => r.changed);
        const start = pageWindow(input).offset;
        return pageAnswer(changed.slice(start, start + input.pageSize).map(strip), changed.length, input);
      }
      const page = await mappedOnlineSkus(db, domainId, input.storeId, { keyword, page: input });
      const rows = await computeQuantities(db, domainId, rules, page.rows);
      return pageAnswer(rows.map(strip), page.total, input);
    },

    /** Sync now: every mapped online SKU of the store, or the chosen ones. */
    async manualSync(session: Session, input: StockSyncManualInput): Promise<StockSyncRequestResult> {
      const domainId = domainOf(session);
      const result = await db.transaction(async (tx) => {
        await pushableStore(tx, domainId, input.storeId);
        const mapped = await mappedOnlineSkus(tx, domainId, input.storeId, input.tbSkuRowIds ? { tbSkuRowIds: input.tbSkuRowIds } : {});
        if (input.tbSkuRowIds) {
          const found = new Set(mapped.rows.map((r) => r.tbSkuRowId));
          const missing = input.tbSkuRowIds.find((id) => !found.has(id));
          if (missing !== undefined) throw new AppError(StockSyncErrors.TB_SKU_NOT_MAPPED, 400, { field: 'tbSkuRowIds', tbSkuRowId: missing });
        }
        if (!mapped.rows.length) throw new AppError(StockSyncErrors.NOTHING_TO_SYNC, 409, { field: 'storeId', storeId: input.storeId });
        return runner.createRequests(tx, domainId, input.storeId, mapped.rows.map(targetOf), 'MANUAL', actorOf(session));
      });
      if (result.requested) await runner.dispatch(domainId, input.storeId);
      return { requested: result.requested, alreadyPending: result.alreadyPending };
    },

    /** Retries failures (chosen records, or every failure of a store): each online SKU is pushed again with its current quantity. */
    async retry(session: Session, input: StockSyncRetryInput): Promise<StockSyncRequestResult> {
      const domainId = domainOf(session);
      const perStore = await db.transaction(async (tx) => {
        let records;
        if (input.idList) {
          records = await findRecords(tx, domainId, input.idList);
          const found = new Set(records.map((r) => r.id));
          const missing = input.idList.find((id) => !found.has(id));
          if (missing !== undefined) throw new AppError(StockSyncErrors.RECORD_NOT_FOUND, 404, { field: 'idList', id: missing });
          if (input.storeId) records = records.filter((r) => r.storeId === input.storeId);
          const settled = records.find((r) => r.status !== 'FAILURE');
          if (settled) throw new AppError(StockSyncErrors.NOT_RETRYABLE, 409, { field: 'idList', id: settled.id, status: settled.status });
        } else {
          await loadStore(tx, domainId, input.storeId!);
          records = await failuresOfStore(tx, domainId, input.storeId!);
        }
        const byStore = new Map<number, PushTarget[]>();
        for (const r of records) {
          const list = byStore.get(r.storeId) ?? [];
          if (!list.some((t) => t.tbSkuRowId === r.tbSkuRowId)) list.push({ tbSkuRowId: r.tbSkuRowId, tbSkuId: r.tbSkuId, skuId: r.skuId, skuCode: r.skuCode });
          byStore.set(r.storeId, list);
        }
        const totals = new Map<number, StockSyncRequestResult>();
        for (const [storeId, targets] of byStore) {
          await pushableStore(tx, domainId, storeId);
          // The push carries the current mapping of the online SKU when it still has one.
          const current = new Map((await mappedOnlineSkus(tx, domainId, storeId, { tbSkuRowIds: targets.map((t) => t.tbSkuRowId) })).rows.map((m) => [m.tbSkuRowId, targetOf(m)]));
          const result = await runner.createRequests(tx, domainId, storeId, targets.map((t) => current.get(t.tbSkuRowId) ?? t), 'RETRY', actorOf(session));
          totals.set(storeId, result);
        }
        return totals;
      });
      let requested = 0;
      let alreadyPending = 0;
      for (const [storeId, result] of perStore) {
        requested += result.requested;
        alreadyPending += result.alreadyPending;
        if (result.requested) await runner.dispatch(domainId, storeId);
      }
      return { requested, alreadyPending };
    },

    /** The inventory-sync log (logs activeKey 3). */
    async searchLog(session: Session, input: LogInput): Promise<PageResult<StockSyncRecordRow>> {
      const domainId = domainOf(session);
      const { rows, total } = await searchRecords(
        db,
        domainId,
        {
          ...(input.storeId ? { storeId: input.storeId } : {}),
          ...(input.keyword ? { keyword: input.keyword } : {}),
          ...(input.status ? { status: input.status as StockSyncStatus } : {}),
          ...(input.trigger ? { trigger: input.trigger as StockSyncTrigger } : {}),
          ...(input.timeFrom ? { from: parseDateTimeText(input.timeFrom) } : {}),
          ...(input.timeTo ? { to: parseDateTimeText(input.timeTo) } : {}),
        },
        input,
      );
      return pageAnswer(rows, total, input);
    },
  };
}

export type StockSyncService = ReturnType<typeof createStockSyncService>;
