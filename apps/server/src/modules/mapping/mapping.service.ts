// Online goods mapping: online SKUs of the stores (tbSku) mapped to system SKUs. Commands run in
// one transaction each, lock the rows they change, check the optimistic version when the caller
// sends one, and write the operation log. A refusal changes nothing.
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import {
  compareDecimals,
  ErrorCodes,
  MappingErrors,
  OnlineItemList,
  type BatchCountResult,
  type ConfirmTbSkuInput,
  type CopyToGoodsResult,
  type CreateTbSkuByHandInput,
  type MatchAllResult,
  type OnlineItem,
  type OnlineItemInput,
  type OnlineItemsUpsertResult,
  type OnlineSkuSource,
  type PageResult,
  type ReplaceTbSkuInput,
  type ReplaceTbSkuResult,
  type TbSkuRow,
  type TbSkuSearchInput,
} from '@openseller/core';
import type { OperationLogAction, OperationLogEntityKind } from '@openseller/core';
import type { Database, Tx } from '../../db/client.js';
import { skus, spus, tbSkus, tbSpus } from '../../db/schema/index.js';
import { AppError, versionConflict } from '../../platform/errors.js';
import type { ServiceRegistry } from '../../platform/module.js';
import { writeOperationLogs, type OperationActor } from '../../platform/operation-log.js';
import type { Session } from '../../platform/sessions.js';
import {
  countWaiting,
  findStore,
  lockTbSkus,
  lockTbSkusOfItems,
  mappableSkuIdsByCode,
  refreshItemDeletedFlags,
  searchTbSkus,
  skusForMapping,
  storesOfDomain,
  tbSkuRowsByIds,
  tbSpusByIds,
  type TbSkuScope,
} from './mapping.queries.js';
import { actorOf, domainOf } from '../../platform/caller.js';
import { idsIn, textsIn } from '../../platform/sql.js';

export const MAPPING_AREA = 'mapping';

/**
 * The orders area registers one of these in the 'sku-mapping-replaced' list: when a mapping is
 * replaced with isUpdateNormalOrderDetail, it moves the unshipped order lines of the online SKU
 * from oldSkuId to newSkuId inside the same transaction and answers how many lines it changed.
 */
export type SkuMappingReplacedHandler = (
  tx: Tx,
  domainId: number,
  change: { tbSkuId: string; storeId: number; tbSkuRowId: number; oldSkuId: number | null; newSkuId: number },
) => Promise<number>;

/**
 * The orders area registers one of these in the 'sku-mapping-confirmed' list: online SKUs just
 * confirmed (confirm, confirm list, match all, replace, made by hand with a SKU) map the
 * unmapped lines of open orders inside the same transaction. Answers how many orders changed.
 */
export type SkuMappingConfirmedHandler = (
  tx: Tx,
  domainId: number,
  actor: OperationActor,
  confirmed: { tbSkuId: string; storeId: number; skuId: number }[],
) => Promise<number>;

/** What the stores area checks before deleting a store ('store-references'). */
export type StoreReferenceChecker = (tx: Tx, domainId: number, storeId: number) => Promise<{ reason: string; count: number }>;
/** What the goods area checks before deleting SKUs ('sku-references'). */
export type SkuReferenceChecker = (tx: Tx, domainId: number, skuIds: number[]) => Promise<{ reason: string; count: number }[]>;

type TbSkuRecord = typeof tbSkus.$inferSelect;

export interface UpsertOptions {
  /** Who loads the items (an import); a store sync runs as the system (null). */
  actor?: OperationActor;
  source?: OnlineSkuSource;
}



/** What the log keeps of an online SKU: its mapping. */
const mappingSnapshot = (r: Pick<TbSkuRecord, 'skuId' | 'mappingStatus' | 'deleted'>) => ({ skuId: r.skuId, mappingStatus: r.mappingStatus, deleted: r.deleted });

const INSERT_CHUNK = 500;

/** One operation-log entry of the mapping area: an online SKU unless another kind is named. */
export interface MappingLogEntry {
  entityType?: OperationLogEntityKind;
  entityId: number;
  action: OperationLogAction;
  before?: unknown;
  after?: unknown;
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export function createMappingService(deps: { database: Database; registry: ServiceRegistry; now?: () => Date }) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());

  async function log(tx: Tx, actor: OperationActor, entries: MappingLogEntry[]) {
    await writeOperationLogs(
      tx,
      actor,
      entries.map((e) => ({ area: MAPPING_AREA, entityType: e.entityType ?? 'tbSku', entityId: e.entityId, action: e.action, before: e.before, after: e.after })),
    );
  }

  /** Tells the 'sku-mapping-confirmed' list about online SKUs just confirmed. */
  async function announceConfirmed(tx: Tx, actor: OperationActor, domainId: number, confirmed: { tbSkuId: string; storeId: number; skuId: number }[]) {
    if (!confirmed.length) return;
    for (const handler of deps.registry.list<SkuMappingConfirmedHandler>('sku-mapping-confirmed')) await handler(tx, domainId, actor, confirmed);
  }

  /** Locks the rows; every id must be an online SKU of the domain. */
  async function lockAll(tx: Tx, domainId: number, ids: number[]): Promise<TbSkuRecord[]> {
    const unique = [...new Set(ids)];
    const rows = await lockTbSkus(tx, domainId, unique);
    if (rows.length !== unique.length) {
      const found = new Set(rows.map((r) => r.id));
      const missing = unique.find((id) => !found.has(id))!;
      throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'onlineSku', id: missing, field: 'id' });
    }
    return rows;
  }

  async function lockOne(tx: Tx, domainId: number, id: number, version: number | undefined, field = 'id'): Promise<TbSkuRecord> {
    const [row] = await lockTbSkus(tx, domainId, [id]);
    if (!row) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'onlineSku', id, field });
    if (version !== undefined && version !== row.version) throw versionConflict('onlineSku');
    return row;
  }

  const rowParams = (r: TbSkuRecord, field: string) => ({ field, tbSkuId: r.tbSkuId, title: r.title });

  function refuseDeleted(rows: TbSkuRecord[], field: string) {
    const deleted = rows.find((r) => r.deleted);
    if (deleted) throw new AppError(MappingErrors.IN_RECYCLE_BIN, 409, rowParams(deleted, field));
  }

  /** Every SKU must exist in the domain, be live, and be a combination only with components. */
  async function assertMappable(tx: Tx, domainId: number, skuIds: number[], field = 'skuId'): Promise<void> {
    const unique = [...new Set(skuIds)];
    const found = await skusForMapping(tx, domainId, unique);
    for (const id of unique) {
      const sku = found.get(id);
      if (!sku) throw new AppError(MappingErrors.SKU_NOT_FOUND, 404, { field, skuId: id });
      if (sku.deleted) throw new AppError(MappingErrors.SKU_DELETED, 409, { field, skuId: id, code: sku.code });
      if (sku.isCombination && sku.componentCount === 0) throw new AppError(MappingErrors.SKU_COMBINATION_EMPTY, 409, { field, skuId: id, code: sku.code });
    }
  }

  async function rowsOf(tx: Tx, domainId: number, ids: number[]): Promise<TbSkuRow[]> {
    return tbSkuRowsByIds(tx, domainId, ids);
  }

  // ---- lists ---------------------------------------------------------------------------------

  async function search(session: Session, scope: TbSkuScope, filter: TbSkuSearchInput): Promise<PageResult<TbSkuRow>> {
    const { rows, total } = await searchTbSkus(db, domainOf(session), scope, filter);
    return { voList: rows, total, currentPage: filter.currentPage, pageSize: filter.pageSize };
  }

  // ---- confirm -------------------------------------------------------------------------------

  async function confirm(session: Session, input: ConfirmTbSkuInput): Promise<TbSkuRow> {
    const domainId = domainOf(session);
    return db.transaction(async (tx) => {
      const row = await lockOne(tx, domainId, input.id, input.version);
      refuseDeleted([row], 'id');
      if (row.mappingStatus === 'already') throw new AppError(MappingErrors.ALREADY_CONFIRMED, 409, rowParams(row, 'id'));
      const skuId = input.skuId ?? row.skuId;
      if (!skuId) throw new AppError(MappingErrors.SKU_REQUIRED, 400, rowParams(row, 'skuId'));
      await assertMappable(tx, domainId, [skuId]);
      const at = now();
      await tx
        .update(tbSkus)
        .set({ skuId, mappingStatus: 'already', confirmedAt: at, confirmedBy: session.userId, version: row.version + 1, updatedAt: at })
        .where(and(eq(tbSkus.id, row.id), eq(tbSkus.domainId, domainId)));
      await log(tx, actorOf(session), [{ entityId: row.id, action: 'confirm', before: mappingSnapshot(row), after: { skuId, mappingStatus: 'already' } }]);
      await announceConfirmed(tx, actorOf(session), domainId, [{ tbSkuId: row.tbSkuId, storeId: row.storeId, skuId }]);
      return (await rowsOf(tx, domainId, [row.id]))[0]!;
    });
  }

  /** All or none: every online SKU must be waiting with a proposed SKU that can be mapped. */
  async function confirmList(session: Session, idList: number[]): Promise<BatchCountResult> {
    const domainId = domainOf(session);
    return db.transaction(async (tx) => {
      const rows = await lockAll(tx, domainId, idList);
      refuseDeleted(rows, 'idList');
      const confirmed = rows.find((r) => r.mappingStatus === 'already');
      if (confirmed) throw new AppError(MappingErrors.ALREADY_CONFIRMED, 409, rowParams(confirmed, 'idList'));
      const withoutSku = rows.find((r) => r.skuId === null);
      if (withoutSku) throw new AppError(MappingErrors.SKU_REQUIRED, 400, rowParams(withoutSku, 'idList'));
      await assertMappable(
        tx,
        domainId,
        rows.map((r) => r.skuId!),
        'idList',
      );
      const at = now();
      await tx
        .update(tbSkus)
        .set({ mappingStatus: 'already', confirmedAt: at, confirmedBy: session.userId, version: sql`${tbSkus.version} + 1`, updatedAt: at })
        .where(and(eq(tbSkus.domainId, domainId), idsIn(tbSkus.id, rows.map((r) => r.id))));
      await log(
        tx,
        actorOf(session),
        rows.map((r) => ({ entityId: r.id, action: 'confirm', before: mappingSnapshot(r), after: { skuId: r.skuId, mappingStatus: 'already' } })),
      );
      await announceConfirmed(
        tx,
        actorOf(session),
        domainId,
        rows.map((r) => ({ tbSkuId: r.tbSkuId, storeId: r.storeId, skuId: r.skuId! })),
      );
      return { count: rows.length };
    });
  }

  /**
   * Confirms every waiting online SKU (not in the recycle bin) whose outer SKU code equals the
   * code of a live system SKU, in one statement: all of them or none.
   */
  async function matchAll(session: Session, input: { storeId?: number | undefined }): Promise<MatchAllResult> {
    const domainId = domainOf(session);
    return db.transaction(async (tx) => {
      const at = now();
      const storeCondition = input.storeId ? sql`and t.store_id = ${input.storeId}` : sql``;
      const matched = await tx.execute<{ id: string | number; before_sku_id: string | number | null; sku_id: string | number; tb_sku_id: string; store_id: string | number }>(sql`
        update tb_skus t
           set sku_id = s.id, mapping_status = 'already', confirmed_at = ${at}, confirmed_by = ${session.userId},
               version = t.version + 1, updated_at = ${at}
          from skus s
          join spus p on p.id = s.spu_id and p.domain_id = s.domain_id
          join tb_skus old on true
         where old.domain_id = t.domain_id and old.id = t.id
           and t.domain_id = ${domainId} and t.mapping_status = 'wait' and t.deleted = false
           and t.outer_sku_id is not null ${storeCondition}
           and s.domain_id = ${domainId} and s.code = t.outer_sku_id and s.del_flag = false and p.del_flag = false
           and (not s.is_combination or exists (select 1 from combination_components c where c.combo_sku_id = s.id and c.domain_id = s.domain_id))
        returning t.id, old.sku_id as before_sku_id, t.sku_id, t.tb_sku_id, t.store_id`);
      await log(
        tx,
        actorOf(session),
        matched.rows.map((r) => ({
          entityId: Number(r.id),
          action: 'matchByCode',
          before: { skuId: r.before_sku_id === null ? null : Number(r.before_sku_id), mappingStatus: 'wait' },
          after: { skuId: Number(r.sku_id), mappingStatus: 'already' },
        })),
      );
      await announceConfirmed(
        tx,
        actorOf(session),
        domainId,
        matched.rows.map((r) => ({ tbSkuId: r.tb_sku_id, storeId: Number(r.store_id), skuId: Number(r.sku_id) })),
      );
      const [left] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(tbSkus)
        .where(
          and(
            eq(tbSkus.domainId, domainId),
            eq(tbSkus.mappingStatus, 'wait'),
            eq(tbSkus.deleted, false),
            ...(input.storeId ? [eq(tbSkus.storeId, input.storeId)] : []),
          ),
        );
      return { matched: matched.rows.length, unmatched: left?.n ?? 0 };
    });
  }

  // ---- replace and unbind --------------------------------------------------------------------

  /**
   * The row of an online SKU named by its platform SKU id (and store, when given). Two stores of
   * the domain may list the same platform SKU id: then the store must be named.
   */
  async function rowIdOfPlatformSku(tx: Tx, domainId: number, tbSkuId: string, storeId: number | undefined): Promise<number> {
    const rows = await tx
      .select({ id: tbSkus.id })
      .from(tbSkus)
      .where(and(eq(tbSkus.domainId, domainId), eq(tbSkus.tbSkuId, tbSkuId), ...(storeId !== undefined ? [eq(tbSkus.storeId, storeId)] : [])))
      .limit(2);
    if (!rows.length) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'onlineSku', id: tbSkuId, field: 'tbSkuId' });
    if (rows.length > 1) throw new AppError(MappingErrors.TB_SKU_AMBIGUOUS, 400, { field: 'storeId', tbSkuId });
    return rows[0]!.id;
  }

  async function replace(session: Session, input: ReplaceTbSkuInput): Promise<ReplaceTbSkuResult> {
    const domainId = domainOf(session);
    return db.transaction(async (tx) => {
      const row = await lockOne(tx, domainId, await rowIdOfPlatformSku(tx, domainId, input.tbSkuId, input.storeId), input.version, 'tbSkuId');
      refuseDeleted([row], 'tbSkuId');
      await assertMappable(tx, domainId, [input.skuId]);
      const unchanged = row.skuId === input.skuId && row.mappingStatus === 'already';
      let updatedOrderCount = 0;
      if (!unchanged) {
        const at = now();
        await tx
          .update(tbSkus)
          .set({ skuId: input.skuId, mappingStatus: 'already', confirmedAt: at, confirmedBy: session.userId, version: row.version + 1, updatedAt: at })
          .where(and(eq(tbSkus.id, row.id), eq(tbSkus.domainId, domainId)));
        if (input.isUpdateNormalOrderDetail && row.skuId !== input.skuId) {
          for (const handler of deps.registry.list<SkuMappingReplacedHandler>('sku-mapping-replaced')) {
            updatedOrderCount += await handler(tx, domainId, {
              tbSkuId: row.tbSkuId,
              storeId: row.storeId,
              tbSkuRowId: row.id,
              oldSkuId: row.skuId,
              newSkuId: input.skuId,
            });
          }
        }
        await log(tx, actorOf(session), [
          {
            entityId: row.id,
            action: 'replace',
            before: mappingSnapshot(row),
            after: { skuId: input.skuId, mappingStatus: 'already', isUpdateNormalOrderDetail: input.isUpdateNormalOrderDetail, updatedOrderCount },
          },
        ]);
        await announceConfirmed(tx, actorOf(session), domainId, [{ tbSkuId: row.tbSkuId, storeId: row.storeId, skuId: input.skuId }]);
      }
      return { row: (await rowsOf(tx, domainId, [row.id]))[0]!, updatedOrderCount };
    });
  }

  const unboundValues = (at: Date) => ({ skuId: null, mappingStatus: 'wait', confirmedAt: null, confirmedBy: null, updatedAt: at });

  async function unbind(session: Session, input: { id: number; version?: number | undefined }): Promise<TbSkuRow> {
    const domainId = domainOf(session);
    return db.transaction(async (tx) => {
      const row = await lockOne(tx, domainId, input.id, input.version);
      refuseDeleted([row], 'id');
      if (row.skuId === null) throw new AppError(MappingErrors.NOT_MAPPED, 409, rowParams(row, 'id'));
      await tx
        .update(tbSkus)
        .set({ ...unboundValues(now()), version: row.version + 1 })
        .where(and(eq(tbSkus.id, row.id), eq(tbSkus.domainId, domainId)));
      await log(tx, actorOf(session), [{ entityId: row.id, action: 'unbind', before: mappingSnapshot(row), after: { skuId: null, mappingStatus: 'wait' } }]);
      return (await rowsOf(tx, domainId, [row.id]))[0]!;
    });
  }

  /** Unbinds every mapped online SKU (not in the recycle bin) of the given online items. */
  async function unbindItems(session: Session, tbSpuRowIds: number[]): Promise<BatchCountResult> {
    const domainId = domainOf(session);
    return db.transaction(async (tx) => {
      await itemsOrFail(tx, domainId, tbSpuRowIds);
      const rows = (await lockTbSkusOfItems(tx, domainId, tbSpuRowIds)).filter((r) => !r.deleted && r.skuId !== null);
      if (!rows.length) throw new AppError(MappingErrors.NOT_MAPPED, 409, { field: 'idList', tbSkuId: '', title: '' });
      await tx
        .update(tbSkus)
        .set({ ...unboundValues(now()), version: sql`${tbSkus.version} + 1` })
        .where(and(eq(tbSkus.domainId, domainId), idsIn(tbSkus.id, rows.map((r) => r.id))));
      await log(
        tx,
        actorOf(session),
        rows.map((r) => ({ entityId: r.id, action: 'unbind', before: mappingSnapshot(r), after: { skuId: null, mappingStatus: 'wait' } })),
      );
      return { count: rows.length };
    });
  }

  async function itemsOrFail(tx: Tx, domainId: number, ids: number[]) {
    const unique = [...new Set(ids)];
    const items = await tbSpusByIds(tx, domainId, unique);
    if (items.length !== unique.length) {
      const found = new Set(items.map((i) => i.id));
      throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'onlineItem', id: unique.find((id) => !found.has(id))!, field: 'idList' });
    }
    return items;
  }

  // ---- recycle bin ---------------------------------------------------------------------------

  async function remove(session: Session, ids: number[], version?: number): Promise<BatchCountResult> {
    const domainId = domainOf(session);
    return db.transaction(async (tx) => {
      const rows = ids.length === 1 && version !== undefined ? [await lockOne(tx, domainId, ids[0]!, version)] : await lockAll(tx, domainId, ids);
      refuseDeleted(rows, ids.length === 1 ? 'id' : 'idList');
      const at = now();
      await tx
        .update(tbSkus)
        .set({ deleted: true, deletedAt: at, version: sql`${tbSkus.version} + 1`, updatedAt: at })
        .where(and(eq(tbSkus.domainId, domainId), idsIn(tbSkus.id, rows.map((r) => r.id))));
      await refreshItemDeletedFlags(tx, domainId, rows.map((r) => r.tbSpuRowId), at);
      await log(tx, actorOf(session), rows.map((r) => ({ entityId: r.id, action: 'delete', before: mappingSnapshot(r), after: { ...mappingSnapshot(r), deleted: true } })));
      return { count: rows.length };
    });
  }

  /**
   * Takes online SKUs out of the recycle bin. A mapping whose system SKU was deleted meanwhile
   * cannot stand: such a row comes back waiting, without a SKU.
   */
  async function restore(session: Session, ids: number[]): Promise<BatchCountResult> {
    const domainId = domainOf(session);
    return db.transaction(async (tx) => {
      const rows = await lockAll(tx, domainId, ids);
      const live = rows.find((r) => !r.deleted);
      if (live) throw new AppError(MappingErrors.NOT_DELETED, 409, rowParams(live, 'idList'));
      const mapped = await skusForMapping(
        tx,
        domainId,
        rows.filter((r) => r.skuId !== null).map((r) => r.skuId!),
      );
      const stale = rows.filter((r) => {
        if (r.skuId === null) return false;
        const sku = mapped.get(r.skuId);
        return !sku || sku.deleted || (sku.isCombination && sku.componentCount === 0);
      });
      const at = now();
      await tx
        .update(tbSkus)
        .set({ deleted: false, deletedAt: null, version: sql`${tbSkus.version} + 1`, updatedAt: at })
        .where(and(eq(tbSkus.domainId, domainId), idsIn(tbSkus.id, rows.map((r) => r.id))));
      if (stale.length) {
        await tx
          .update(tbSkus)
          .set(unboundValues(at))
          .where(and(eq(tbSkus.domainId, domainId), idsIn(tbSkus.id, stale.map((r) => r.id))));
      }
      await refreshItemDeletedFlags(tx, domainId, rows.map((r) => r.tbSpuRowId), at);
      const staleIds = new Set(stale.map((r) => r.id));
      await log(
        tx,
        actorOf(session),
        rows.map((r) => ({
          entityId: r.id,
          action: 'restore',
          before: mappingSnapshot(r),
          after: staleIds.has(r.id) ? { skuId: null, mappingStatus: 'wait', deleted: false } : { ...mappingSnapshot(r), deleted: false },
        })),
      );
      return { count: rows.length };
    });
  }

  // ---- copy names and pictures to the mapped system goods ------------------------------------

  /** The confirmed, live online SKUs of the items with their mapped SKU's SPU; first item wins. */
  async function mappedGoodsOfItems(tx: Tx, domainId: number, tbSpuRowIds: number[]) {
    const items = await itemsOrFail(tx, domainId, tbSpuRowIds);
    const rows = await tx
      .select({ tbSku: tbSkus, spuId: skus.spuId, spuVersion: spus.version })
      .from(tbSkus)
      .innerJoin(skus, and(eq(skus.id, tbSkus.skuId), eq(skus.domainId, tbSkus.domainId)))
      .innerJoin(spus, and(eq(spus.id, skus.spuId), eq(spus.domainId, skus.domainId)))
      .where(
        and(
          eq(tbSkus.domainId, domainId),
          idsIn(tbSkus.tbSpuRowId, items.map((i) => i.id)),
          eq(tbSkus.deleted, false),
          eq(tbSkus.mappingStatus, 'already'),
          isNotNull(tbSkus.skuId),
          eq(skus.delFlag, false),
          eq(spus.delFlag, false),
        ),
      )
      .orderBy(tbSkus.tbSpuRowId, tbSkus.id);
    if (!rows.length) throw new AppError(MappingErrors.NOT_MAPPED, 409, { field: 'idList', tbSkuId: '', title: '' });
    return { items: new Map(items.map((i) => [i.id, i])), rows };
  }

  async function copyNames(session: Session, tbSpuRowIds: number[]): Promise<CopyToGoodsResult> {
    const domainId = domainOf(session);
    return db.transaction(async (tx) => {
      const { items, rows } = await mappedGoodsOfItems(tx, domainId, tbSpuRowIds);
      const nameBySpu = new Map<number, string>();
      for (const r of rows) if (!nameBySpu.has(r.spuId)) nameBySpu.set(r.spuId, items.get(r.tbSku.tbSpuRowId)!.title);
      const at = now();
      const entries: MappingLogEntry[] = [];
      for (const [spuId, name] of nameBySpu) {
        const [before] = await tx.select({ name: spus.name }).from(spus).where(and(eq(spus.id, spuId), eq(spus.domainId, domainId))).for('update');
        if (before!.name === name) continue;
        await tx
          .update(spus)
          .set({ name, version: sql`${spus.version} + 1`, updatedAt: at })
          .where(and(eq(spus.id, spuId), eq(spus.domainId, domainId)));
        entries.push({ entityType: 'spu', entityId: spuId, action: 'copyNameFromOnline', before: { name: before!.name }, after: { name } });
      }
      await log(tx, actorOf(session), entries);
      return { spuCount: entries.length, skuCount: 0 };
    });
  }

  async function copyPictures(session: Session, tbSpuRowIds: number[]): Promise<CopyToGoodsResult> {
    const domainId = domainOf(session);
    return db.transaction(async (tx) => {
      const { items, rows } = await mappedGoodsOfItems(tx, domainId, tbSpuRowIds);
      const spuPicture = new Map<number, string>();
      const skuPicture = new Map<number, string>();
      for (const r of rows) {
        const item = items.get(r.tbSku.tbSpuRowId)!;
        if (item.picUrl && !spuPicture.has(r.spuId)) spuPicture.set(r.spuId, item.picUrl);
        const picture = r.tbSku.skuPicUrl ?? item.picUrl;
        if (picture && !skuPicture.has(r.tbSku.skuId!)) skuPicture.set(r.tbSku.skuId!, picture);
      }
      if (!spuPicture.size && !skuPicture.size) throw new AppError(MappingErrors.NO_PICTURES, 409, { field: 'idList' });
      const at = now();
      const entries: MappingLogEntry[] = [];
      for (const [spuId, picUrl] of spuPicture) {
        const [before] = await tx.select({ picUrl: spus.picUrl }).from(spus).where(and(eq(spus.id, spuId), eq(spus.domainId, domainId))).for('update');
        if (before!.picUrl === picUrl) continue;
        await tx
          .update(spus)
          .set({ picUrl, version: sql`${spus.version} + 1`, updatedAt: at })
          .where(and(eq(spus.id, spuId), eq(spus.domainId, domainId)));
        entries.push({ entityType: 'spu', entityId: spuId, action: 'copyPictureFromOnline', before: { picUrl: before!.picUrl }, after: { picUrl } });
      }
      let skuCount = 0;
      for (const [skuId, picUrl] of skuPicture) {
        const [before] = await tx.select({ picUrl: skus.picUrl }).from(skus).where(and(eq(skus.id, skuId), eq(skus.domainId, domainId))).for('update');
        if (before!.picUrl === picUrl) continue;
        await tx
          .update(skus)
          .set({ picUrl, version: sql`${skus.version} + 1`, updatedAt: at })
          .where(and(eq(skus.id, skuId), eq(skus.domainId, domainId)));
        entries.push({ entityType: 'sku', entityId: skuId, action: 'copyPictureFromOnline', before: { picUrl: before!.picUrl }, after: { picUrl } });
        skuCount++;
      }
      await log(tx, actorOf(session), entries);
      return { spuCount: entries.length - skuCount, skuCount };
    });
  }

  // ---- online items coming in ----------------------------------------------------------------

  /**
   * Adds or refreshes the online items of a store, keyed by (store, platform item id) and
   * (store, platform SKU id). Running it twice with the same items changes nothing the second
   * time. It never touches a mapping, a confirmation or the recycle bin: a refreshed row keeps
   * its SKU, its status and its deleted flag. A new online SKU whose outer code equals the code
   * of a live system SKU gets that SKU proposed (still waiting for confirmation).
   */
  async function upsertOnlineItems(
    tx: Tx,
    domainId: number,
    storeId: number,
    platformCode: string,
    rawItems: readonly OnlineItemInput[],
    options: UpsertOptions = {},
  ): Promise<OnlineItemsUpsertResult> {
    const parsed = OnlineItemList.safeParse(rawItems);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = ['items', ...issue.path].join('.');
      throw new AppError(ErrorCodes.VALIDATION, 400, { detail: `${field}: ${issue.message}`, field });
    }
    const items: OnlineItem[] = parsed.data.map((item) =>
      item.skus.length
        ? item
        : { ...item, skus: [{ tbSkuId: item.tbSpuId, title: undefined, properties: undefined, outerSkuId: item.outerId, price: undefined, skuPicUrl: item.picUrl }] },
    );
    checkDuplicates(items);
    const store = await findStore(tx, domainId, storeId);
    if (!store) throw new AppError(MappingErrors.STORE_NOT_FOUND, 404, { field: 'storeId', storeId });
    const source = options.source ?? 'SYNC';
    const at = now();
    const result: OnlineItemsUpsertResult = { itemsCreated: 0, itemsUpdated: 0, skusCreated: 0, skusUpdated: 0, skusProposed: 0 };

    // Items.
    const itemIds = new Map<string, number>();
    for (const part of chunks(items, INSERT_CHUNK)) {
      const existing = await tx
        .select()
        .from(tbSpus)
        .where(and(eq(tbSpus.domainId, domainId), eq(tbSpus.storeId, storeId), textsIn(tbSpus.tbSpuId, part.map((i) => i.tbSpuId))))
        .for('update');
      const byKey = new Map(existing.map((e) => [e.tbSpuId, e]));
      const fresh = part.filter((i) => !byKey.has(i.tbSpuId));
      if (fresh.length) {
        const inserted = await tx
          .insert(tbSpus)
          .values(
            fresh.map((i) => ({
              domainId,
              storeId,
              platformCode,
              tbSpuId: i.tbSpuId,
              title: i.title,
              outerId: i.outerId ?? null,
              picUrl: i.picUrl ?? null,
              status: i.status ?? 'onsale',
            })),
          )
          .returning({ id: tbSpus.id, tbSpuId: tbSpus.tbSpuId });
        for (const r of inserted) itemIds.set(r.tbSpuId, r.id);
        result.itemsCreated += inserted.length;
      }
      for (const item of part) {
        const old = byKey.get(item.tbSpuId);
        if (!old) continue;
        itemIds.set(item.tbSpuId, old.id);
        const next = {
          platformCode,
          title: item.title,
          outerId: item.outerId ?? null,
          picUrl: item.picUrl ?? null,
          status: item.status ?? old.status,
        };
        const changed = (Object.keys(next) as (keyof typeof next)[]).some((k) => next[k] !== old[k]);
        if (!changed) continue;
        await tx
          .update(tbSpus)
          .set({ ...next, version: old.version + 1, updatedAt: at })
          .where(and(eq(tbSpus.id, old.id), eq(tbSpus.domainId, domainId)));
        result.itemsUpdated++;
      }
    }

    // SKUs.
    const allSkus = items.flatMap((item) => item.skus.map((s) => ({ item, sku: s })));
    for (const part of chunks(allSkus, INSERT_CHUNK)) {
      const existing = await tx
        .select()
        .from(tbSkus)
        .where(and(eq(tbSkus.domainId, domainId), eq(tbSkus.storeId, storeId), textsIn(tbSkus.tbSkuId, part.map((p) => p.sku.tbSkuId))))
        .for('update');
      const byKey = new Map(existing.map((e) => [e.tbSkuId, e]));
      const fresh = part.filter((p) => !byKey.has(p.sku.tbSkuId));
      if (fresh.length) {
        const proposals = await mappableSkuIdsByCode(
          tx,
          domainId,
          fresh.flatMap((p) => (p.sku.outerSkuId ? [p.sku.outerSkuId] : [])),
        );
        await tx.insert(tbSkus).values(
          fresh.map(({ item, sku }) => {
            const proposed = sku.outerSkuId ? (proposals.get(sku.outerSkuId) ?? null) : null;
            if (proposed) result.skusProposed++;
            return {
              domainId,
              storeId,
              platformCode,
              tbSpuRowId: itemIds.get(item.tbSpuId)!,
              tbSpuId: item.tbSpuId,
              tbSkuId: sku.tbSkuId,
              title: sku.title ?? item.title,
              properties: sku.properties ?? null,
              outerSkuId: sku.outerSkuId ?? null,
              salePrice: sku.price ?? null,
              skuPicUrl: sku.skuPicUrl ?? null,
              skuId: proposed,
              source,
            };
          }),
        );
        result.skusCreated += fresh.length;
      }
      for (const { item, sku } of part) {
        const old = byKey.get(sku.tbSkuId);
        if (!old) continue;
        const next = {
          platformCode,
          tbSpuRowId: itemIds.get(item.tbSpuId)!,
          tbSpuId: item.tbSpuId,
          title: sku.title ?? item.title,
          properties: sku.properties ?? null,
          outerSkuId: sku.outerSkuId ?? null,
          salePrice: sku.price === undefined ? null : sku.price,
          skuPicUrl: sku.skuPicUrl ?? null,
        };
        const changed = (Object.keys(next) as (keyof typeof next)[]).some((k) =>
          k === 'salePrice' ? !samePrice(next.salePrice, old.salePrice) : next[k] !== old[k],
        );
        if (!changed) continue;
        await tx
          .update(tbSkus)
          .set({ ...next, version: old.version + 1, updatedAt: at })
          .where(and(eq(tbSkus.id, old.id), eq(tbSkus.domainId, domainId)));
        result.skusUpdated++;
      }
    }
    // An item whose SKUs moved to another item may be left without live SKUs.
    await refreshItemDeletedFlags(tx, domainId, [...itemIds.values()], at);

    const actor = options.actor ?? { userId: null, loginName: null, domainId };
    await log(tx, actor, [{ entityType: 'store', entityId: storeId, action: source === 'IMPORT' ? 'importOnlineItems' : 'syncOnlineItems', after: result }]);
    return result;
  }

  async function createByHand(session: Session, input: CreateTbSkuByHandInput): Promise<TbSkuRow> {
    const domainId = domainOf(session);
    return db.transaction(async (tx) => {
      const store = await findStore(tx, domainId, input.storeId);
      if (!store) throw new AppError(MappingErrors.STORE_NOT_FOUND, 404, { field: 'storeId', storeId: input.storeId });
      const [taken] = await tx
        .select({ id: tbSkus.id })
        .from(tbSkus)
        .where(and(eq(tbSkus.domainId, domainId), eq(tbSkus.storeId, store.id), eq(tbSkus.tbSkuId, input.tbSkuId)));
      if (taken) throw new AppError(MappingErrors.TB_SKU_EXISTS, 409, { field: 'tbSkuId', tbSkuId: input.tbSkuId });
      if (input.skuId) await assertMappable(tx, domainId, [input.skuId]);
      const at = now();
      let [item] = await tx
        .select()
        .from(tbSpus)
        .where(and(eq(tbSpus.domainId, domainId), eq(tbSpus.storeId, store.id), eq(tbSpus.tbSpuId, input.tbSpuId)))
        .for('update');
      if (!item) {
        [item] = await tx
          .insert(tbSpus)
          .values({
            domainId,
            storeId: store.id,
            platformCode: store.platformCode,
            tbSpuId: input.tbSpuId,
            title: input.itemTitle,
            outerId: input.outerId ?? null,
            picUrl: input.picUrl ?? null,
          })
          .returning();
      } else if (item.deleted) {
        await tx.update(tbSpus).set({ deleted: false, deletedAt: null, updatedAt: at }).where(and(eq(tbSpus.domainId, item.domainId), eq(tbSpus.id, item.id)));
      }
      const [created] = await tx
        .insert(tbSkus)
        .values({
          domainId,
          storeId: store.id,
          platformCode: store.platformCode,
          tbSpuRowId: item!.id,
          tbSpuId: input.tbSpuId,
          tbSkuId: input.tbSkuId,
          title: input.title ?? input.itemTitle,
          properties: input.properties ?? null,
          outerSkuId: input.outerSkuId ?? null,
          salePrice: input.price ?? null,
          skuPicUrl: input.skuPicUrl ?? null,
          source: 'HAND',
          ...(input.skuId ? { skuId: input.skuId, mappingStatus: 'already', confirmedAt: at, confirmedBy: session.userId } : {}),
        })
        .returning();
      await log(tx, actorOf(session), [{ entityId: created!.id, action: 'createByHand', after: { ...input, ...mappingSnapshot(created!) } }]);
      if (input.skuId) await announceConfirmed(tx, actorOf(session), domainId, [{ tbSkuId: input.tbSkuId, storeId: store.id, skuId: input.skuId }]);
      return (await rowsOf(tx, domainId, [created!.id]))[0]!;
    });
  }

  return {
    search,
    confirm,
    confirmList,
    matchAll,
    replace,
    unbind,
    unbindItems,
    remove,
    restore,
    copyNames,
    copyPictures,
    upsertOnlineItems,
    createByHand,
    stores: (session: Session) => storesOfDomain(db, domainOf(session)),
    countWaiting: (domainId: number) => countWaiting(db, domainId),
    /** Used by createSpuFromTbSpu. */
    internals: { lockTbSkusOfItems, itemsOrFail, assertMappable, log, rowsOf },
  };
}

function samePrice(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return a === b;
  return compareDecimals(a, b) === 0;
}

function checkDuplicates(items: OnlineItem[]): void {
  const itemKeys = new Set<string>();
  const skuKeys = new Set<string>();
  items.forEach((item, i) => {
    if (itemKeys.has(item.tbSpuId)) {
      throw new AppError(ErrorCodes.VALIDATION, 400, { detail: `items.${i}.tbSpuId: ${item.tbSpuId} appears twice`, field: `items.${i}.tbSpuId` });
    }
    itemKeys.add(item.tbSpuId);
    item.skus.forEach((sku, j) => {
      if (skuKeys.has(sku.tbSkuId)) {
        throw new AppError(ErrorCodes.VALIDATION, 400, { detail: `items.${i}.skus.${j}.tbSkuId: ${sku.tbSkuId} appears twice`, field: `items.${i}.skus.${j}.tbSkuId` });
      }
      skuKeys.add(sku.tbSkuId);
    });
  });
}

export type MappingService = ReturnType<typeof createMappingService>;
/** The service the store connector calls: ctx.registry.get<OnlineGoodsService>('online-goods'). */
export type OnlineGoodsService = Pick<MappingService, 'upsertOnlineItems'>;
