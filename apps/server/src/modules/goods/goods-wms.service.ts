// Goods and online-SKU mappings dispatched to warehouse systems (spec 02 §3.1, §7.3 sendToWMS /
// searchSpuSyncStatus, §7.4 sendToWmsSkuMapping / searchSyncStatus, §7.9 warehouse/sync).
//
// A request sets one sync row per (warehouse, SKU) — or (warehouse, online SKU) for a mapping —
// to REQUEST and wakes the dispatch job. The job issues each row to the warehouse's system
// through the 'warehouse-systems' connector service as a one-line registration document (kind
// ITEM or MAPPING, code `<kind>-<id>-<request number>`, so a retry after a lost answer is the same
// document and a new request a new one): accepted → SENDING; refused, or a system this build has
// no connector for → FAILURE with the reason; a timeout or transient error stays REQUEST for the
// next run, up to GOODS_SYNC_MAX_ATTEMPTS tries. The warehouse's SYNCED result, fetched by the
// polling job, makes it SUCCESS. skus.sync_status and spus.sync_status roll the ITEM rows up.
import { and, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import {
  ErrorCodes,
  GOODS_SYNC_MAX_ATTEMPTS,
  GoodsWmsErrors,
  syncStatusesOfFilter,
  type GoodsSyncKind,
  type GoodsSyncRequested,
  type GoodsSyncRow,
  type MappingSyncStatusSearchInput,
  type PageResult,
  type SendGoodsToWmsInput,
  type SendMappingsToWmsInput,
  type SkuSyncStatus,
  type SpuSyncStatusSearchInput,
  type SyncSkuBySpuIdInput,
  type RebuildSpuInput,
  type RebuildSpuResult,
} from '@openseller/core';
import type { Database, Tx } from '../../db/client.js';
import { goodsWarehouseSyncs, skus, spus, tbSkus, warehouses } from '../../db/schema/index.js';
import { WarehouseConnectorError, type WarehouseResultHandler, type WarehouseSystemsService } from '../../connectors/warehouse/types.js';
import { actorOf, domainOf } from '../../platform/caller.js';
import { writeOperationLogs } from '../../platform/operation-log.js';
import { AppError } from '../../platform/errors.js';
import type { JobQueue } from '../../platform/jobs.js';
import type { ServiceRegistry } from '../../platform/module.js';
import { pageAnswer, pageWindow } from '../../platform/paging.js';
import type { Session } from '../../platform/sessions.js';
import { bigintArray, idsIn, textsIn } from '../../platform/sql.js';

export const GOODS_WMS_DISPATCH_JOB = 'goods-wms-dispatch';
const BATCH = 200;

type SyncRecord = typeof goodsWarehouseSyncs.$inferSelect;

interface WantedRow {
  warehouseId: number;
  skuId: number;
  tbSkuRowId: number;
}

export interface DispatchSummary {
  sent: number;
  failed: number;
  retried: number;
}

/** ITEM-<skuId>-<request number>, MAP-<online SKU row id>-<request number> (set when claimed). */
const docCodeOf = (row: Pick<SyncRecord, 'kind' | 'skuId' | 'tbSkuRowId' | 'requestSeq'>) => `${row.kind === 'ITEM' ? 'ITEM' : 'MAP'}-${row.kind === 'ITEM' ? row.skuId : row.tbSkuRowId}-${row.requestSeq}`;

const failureText = (error: unknown) => {
  const detail = (error as { detail?: unknown }).detail;
  return (typeof detail === 'string' && detail ? detail : error instanceof Error ? error.message : String(error)).slice(0, 500);
};

export function createGoodsWmsService(deps: { database: Database; registry: ServiceRegistry; jobs: JobQueue | null; now?: () => Date }) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());
  const systems = () => deps.registry.find<WarehouseSystemsService>('warehouse-systems');

  /**
   * The warehouses a request goes to: those chosen (each the domain's, run by a warehouse system,
   * in use; refusals name whIds.N), or every such warehouse of the domain.
   */
  async function warehousesFor(tx: Tx, domainId: number, whIds: number[] | undefined, field = 'whIds'): Promise<number[]> {
    if (whIds?.length) {
      const rows = await tx
        .select()
        .from(warehouses)
        .where(and(eq(warehouses.domainId, domainId), idsIn(warehouses.id, whIds)));
      for (const [index, id] of whIds.entries()) {
        const w = rows.find((r) => r.id === id);
        const at = field === 'id' ? 'id' : `${field}.${index}`;
        if (!w) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'warehouse', field: at });
        if (w.type === 'SELF_WAREHOUSE') throw new AppError(GoodsWmsErrors.SELF_WAREHOUSE, 400, { name: w.name, field: at });
        if (w.stopUsing) throw new AppError(GoodsWmsErrors.WAREHOUSE_STOPPED, 400, { name: w.name, field: at });
      }
      return [...new Set(whIds)];
    }
    const rows = await tx
      .select({ id: warehouses.id })
      .from(warehouses)
      .where(and(eq(warehouses.domainId, domainId), ne(warehouses.type, 'SELF_WAREHOUSE'), eq(warehouses.stopUsing, false)))
      .orderBy(warehouses.id);
    if (!rows.length) throw new AppError(GoodsWmsErrors.NO_WAREHOUSE_SYSTEM, 400, { field: 'whIds' });
    return rows.map((r) => r.id);
  }

  /**
   * Sets the rows to REQUEST: new rows, and rows that are done (FAILURE; SUCCESS too when
   * resend) start a new request; rows on their way are left. Answers the rows requested.
   */
  async function request(tx: Tx, session: Session, kind: GoodsSyncKind, wanted: WantedRow[], resend: boolean): Promise<number> {
    const domainId = domainOf(session);
    const at = now();
    const restart = resend ? ['FAILURE', 'SUCCESS'] : ['FAILURE'];
    let requested = 0;
    for (let i = 0; i < wanted.length; i += 1000) {
      const chunk = wanted.slice(i, i + 1000);
      const rows = await tx
        .insert(goodsWarehouseSyncs)
        .values(chunk.map((w) => ({ domainId, kind, warehouseId: w.warehouseId, skuId: w.skuId, tbSkuRowId: w.tbSkuRowId, status: 'REQUEST', requestedAt: at, requestedBy: session.userId, createdAt: at, updatedAt: at })))
        .onConflictDoUpdate({
          target: [goodsWarehouseSyncs.domainId, goodsWarehouseSyncs.warehouseId, goodsWarehouseSyncs.kind, goodsWarehouseSyncs.skuId, goodsWarehouseSyncs.tbSkuRowId],
          set: {
            status: 'REQUEST',
            message: null,
            attempts: 0,
            requestSeq: sql`${goodsWarehouseSyncs.requestSeq} + 1`,
            docCode: null,
            externalCode: null,
            requestedAt: at,
            requestedBy: session.userId,
            version: sql`${goodsWarehouseSyncs.version} + 1`,
            updatedAt: at,
          },
          setWhere: textsIn(goodsWarehouseSyncs.status, restart),
        })
        .returning({ id: goodsWarehouseSyncs.id });
      requested += rows.length;
    }
    await rollUp(
      tx,
      domainId,
      wanted.map((w) => w.skuId),
    );
    return requested;
  }

  /** After the transaction: the dispatch job takes the new requests. */
  async function wake(domainId: number) {
    await deps.jobs?.send(GOODS_WMS_DISPATCH_JOB, { domainId });
  }

  /** The SKUs' and their goods' sync status from their ITEM rows (FAILURE > REQUEST > SENDING > SUCCESS > NONE). */
  async function rollUp(tx: Tx, domainId: number, skuIds: number[]) {
    const ids = [...new Set(skuIds)];
    if (!ids.length) return;
    await tx.execute(sql`
      update skus s set sync_status = coalesce((
        select case when count(*) = 0 then null when bool_or(g.status = 'FAILURE') then 'FAILURE' when bool_or(g.status = 'REQUEST') then 'REQUEST'
                    when bool_or(g.status = 'SENDING') then 'SENDING' else 'SUCCESS' end
        from goods_warehouse_syncs g where g.domain_id = s.domain_id and g.sku_id = s.id and g.kind = 'ITEM'), 'NONE')
      where s.domain_id = ${domainId} and s.id = any(${bigintArray(ids)})`);
    await tx.execute(sql`
      update spus p set sync_status = coalesce((
        select case when bool_or(k.sync_status = 'FAILURE') then 'FAILURE' when bool_or(k.sync_status = 'REQUEST') then 'REQUEST'
                    when bool_or(k.sync_status = 'SENDING') then 'SENDING' when bool_or(k.sync_status = 'SUCCESS') then 'SUCCESS' end
        from skus k where k.domain_id = p.domain_id and k.spu_id = p.id and k.del_flag = false), 'NONE')
      where p.domain_id = ${domainId} and p.id in (select spu_id from skus where domain_id = ${domainId} and id = any(${bigintArray(ids)}))`);
  }

  async function search(session: Session, kind: GoodsSyncKind, input: { currentPage: number; pageSize: number; syncStatus?: SkuSyncStatus | undefined; whId?: number | undefined; skuId?: number | undefined }, extra: SQL[]): Promise<PageResult<GoodsSyncRow>> {
    const domainId = domainOf(session);
    const conditions: SQL[] = [eq(goodsWarehouseSyncs.domainId, domainId), eq(goodsWarehouseSyncs.kind, kind), ...extra];
    if (input.whId !== undefined) conditions.push(eq(goodsWarehouseSyncs.warehouseId, input.whId));
    if (input.skuId !== undefined) conditions.push(eq(goodsWarehouseSyncs.skuId, input.skuId));
    if (input.syncStatus) conditions.push(textsIn(goodsWarehouseSyncs.status, syncStatusesOfFilter(input.syncStatus)));
    const where = and(...conditions);
    const [count] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(goodsWarehouseSyncs)
      .innerJoin(skus, and(eq(skus.domainId, goodsWarehouseSyncs.domainId), eq(skus.id, goodsWarehouseSyncs.skuId)))
      .where(where);
    const rows = await db
      .select({ g: goodsWarehouseSyncs, w: { code: warehouses.code, name: warehouses.name }, k: { code: skus.code, name: skus.name, spuId: skus.spuId }, spuCode: spus.code, t: { platformCode: tbSkus.platformCode, storeId: tbSkus.storeId, tbSpuId: tbSkus.tbSpuId, tbSkuId: tbSkus.tbSkuId } })
      .from(goodsWarehouseSyncs)
      .innerJoin(warehouses, and(eq(warehouses.domainId, goodsWarehouseSyncs.domainId), eq(warehouses.id, goodsWarehouseSyncs.warehouseId)))
      .innerJoin(skus, and(eq(skus.domainId, goodsWarehouseSyncs.domainId), eq(skus.id, goodsWarehouseSyncs.skuId)))
      .innerJoin(spus, and(eq(spus.domainId, skus.domainId), eq(spus.id, skus.spuId)))
      .leftJoin(tbSkus, and(eq(tbSkus.domainId, goodsWarehouseSyncs.domainId), eq(tbSkus.id, goodsWarehouseSyncs.tbSkuRowId)))
      .where(where)
      .orderBy(desc(goodsWarehouseSyncs.updatedAt), desc(goodsWarehouseSyncs.id))
      .limit(pageWindow(input).limit)
      .offset(pageWindow(input).offset);
    return pageAnswer(
      rows.map(({ g, w, k, spuCode, t }) => ({
        id: g.id,
        kind: g.kind as GoodsSyncKind,
        warehouseId: g.warehouseId,
        warehouseCode: w.code,
        warehouseName: w.name,
        spuId: k.spuId,
        spuCode,
        skuId: g.skuId,
        skuCode: k.code,
        skuName: k.name,
        tbSkuRowId: g.kind === 'MAPPING' ? g.tbSkuRowId : null,
        platformCode: t?.platformCode ?? null,
        storeId: t?.storeId ?? null,
        tbSpuId: t?.tbSpuId ?? null,
        tbSkuId: t?.tbSkuId ?? null,
        syncStatus: g.status as SkuSyncStatus,
        message: g.message,
        attempts: g.attempts,
        externalCode: g.externalCode,
        requestTime: g.requestedAt.toISOString(),
        updateTime: g.updatedAt.toISOString(),
      })),
      count?.n ?? 0,
      input,
    );
  }

  /** Saves a dispatch outcome if the row is still the same request (a newer request wins). */
  async function settle(row: SyncRecord, values: Partial<typeof goodsWarehouseSyncs.$inferInsert>) {
    await db.transaction(async (tx) => {
      const [after] = await tx
        .update(goodsWarehouseSyncs)
        .set({ ...values, version: sql`${goodsWarehouseSyncs.version} + 1`, updatedAt: now() })
        .where(and(eq(goodsWarehouseSyncs.domainId, row.domainId), eq(goodsWarehouseSyncs.id, row.id), eq(goodsWarehouseSyncs.requestSeq, row.requestSeq), eq(goodsWarehouseSyncs.status, 'REQUEST')))
        .returning({ id: goodsWarehouseSyncs.id });
      if (after) await rollUp(tx, row.domainId, [row.skuId]);
    });
  }

  async function dispatchRow(row: SyncRecord): Promise<'sent' | 'failed' | 'retried'> {
    const service = systems();
    const fail = async (message: string) => {
      await settle(row, { status: 'FAILURE', message });
      return 'failed' as const;
    };
    if (!service) return fail('no warehouse-system connectors in this build');
    const [sku] = await db
      .select()
      .from(skus)
      .where(and(eq(skus.domainId, row.domainId), eq(skus.id, row.skuId)));
    if (!sku || sku.delFlag) return fail('the goods were deleted');
    let mapping: { platformCode: string; storeId: number; tbSpuId: string; tbSkuId: string } | null = null;
    if (row.kind === 'MAPPING') {
      const [online] = await db
        .select()
        .from(tbSkus)
        .where(and(eq(tbSkus.domainId, row.domainId), eq(tbSkus.id, row.tbSkuRowId)));
      if (!online || online.deleted || online.skuId !== row.skuId) return fail('the online SKU is no longer mapped to these goods');
      mapping = { platformCode: online.platformCode, storeId: online.storeId, tbSpuId: online.tbSpuId, tbSkuId: online.tbSkuId };
    }
    const docCode = row.docCode ?? docCodeOf(row);
    try {
      const target = await service.target(row.domainId, row.warehouseId);
      const state = await service.issueDocument(target, {
        kind: row.kind as GoodsSyncKind,
        docId: row.id,
        docCode,
        docType: row.kind === 'ITEM' ? 'ITEM_SYNC' : 'SKU_MAPPING',
        lines: [{ lineId: row.id, skuId: sku.id, skuCode: sku.code, skuName: sku.name, barCode: sku.barCode, qty: 1, mapping }],
      });
      await settle(row, { status: 'SENDING', message: null, docCode, externalCode: state.externalCode });
      return 'sent';
    } catch (error) {
      const message = failureText(error);
      if (error instanceof WarehouseConnectorError && error.retryable && row.attempts < GOODS_SYNC_MAX_ATTEMPTS) {
        await settle(row, { message, docCode });
        return 'retried';
      }
      return fail(message);
    }
  }

  return {
    async requestGoods(session: Session, input: SendGoodsToWmsInput): Promise<GoodsSyncRequested> {
      const domainId = domainOf(session);
      const answer = await db.transaction(async (tx) => {
        const found = await tx
          .select({ id: spus.id })
          .from(spus)
          .where(and(eq(spus.domainId, domainId), idsIn(spus.id, input.idList), eq(spus.delFlag, false)));
        const missing = input.idList.findIndex((id) => !found.some((f) => f.id === id));
        if (missing >= 0) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'spu', field: `idList.${missing}` });
        const warehouseIds = await warehousesFor(tx, domainId, input.whIds);
        // A warehouse stocks the SKUs themselves; a combination is made of them, not stocked.
        const skuRows = await tx
          .select({ id: skus.id })
          .from(skus)
          .where(and(eq(skus.domainId, domainId), idsIn(skus.spuId, input.idList), eq(skus.delFlag, false), eq(skus.isCombination, false)));
        if (!skuRows.length) throw new AppError(GoodsWmsErrors.NOTHING_TO_SEND, 400, { field: 'idList' });
        const wanted = warehouseIds.flatMap((warehouseId) => skuRows.map((s) => ({ warehouseId, skuId: s.id, tbSkuRowId: 0 })));
        const requested = await request(tx, session, 'ITEM', wanted, true);
        return { requested, skipped: wanted.length - requested, warehouseIds };
      });
      if (answer.requested) await wake(domainId);
      return answer;
    },

    async requestMappings(session: Session, input: SendMappingsToWmsInput): Promise<GoodsSyncRequested> {
      const domainId = domainOf(session);
      const answer = await db.transaction(async (tx) => {
        const rows = await tx
          .select({ id: tbSkus.id, skuId: tbSkus.skuId, deleted: tbSkus.deleted, mappingStatus: tbSkus.mappingStatus, tbSkuId: tbSkus.tbSkuId })
          .from(tbSkus)
          .where(and(eq(tbSkus.domainId, domainId), idsIn(tbSkus.id, input.idList)));
        for (const [index, id] of input.idList.entries()) {
          const row = rows.find((r) => r.id === id);
          if (!row || row.deleted) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'tbSku', field: `idList.${index}` });
          if (row.skuId === null || row.mappingStatus !== 'already') throw new AppError(GoodsWmsErrors.NOT_MAPPED, 400, { tbSkuId: row.tbSkuId, field: `idList.${index}` });
        }
        const warehouseIds = await warehousesFor(tx, domainId, input.whIds);
        const unique = [...new Map(rows.map((r) => [r.id, r])).values()];
        const wanted = warehouseIds.flatMap((warehouseId) => unique.map((r) => ({ warehouseId, skuId: r.skuId!, tbSkuRowId: r.id })));
        const requested = await request(tx, session, 'MAPPING', wanted, true);
        return { requested, skipped: wanted.length - requested, warehouseIds };
      });
      if (answer.requested) await wake(domainId);
      return answer;
    },

    /** warehouse/sync: every live SKU the warehouse's system has not registered (never sent, or failed) is sent. */
    async requestWarehouse(session: Session, input: { id: number }): Promise<GoodsSyncRequested> {
      const domainId = domainOf(session);
      const answer = await db.transaction(async (tx) => {
        const [warehouseId] = await warehousesFor(tx, domainId, [input.id], 'id');
        const skuRows = await tx
          .select({ id: skus.id })
          .from(skus)
          .where(and(eq(skus.domainId, domainId), eq(skus.delFlag, false), eq(skus.isCombination, false)));
        if (!skuRows.length) throw new AppError(GoodsWmsErrors.NOTHING_TO_SEND, 400, { field: 'id' });
        const wanted = skuRows.map((s) => ({ warehouseId: warehouseId!, skuId: s.id, tbSkuRowId: 0 }));
        const requested = await request(tx, session, 'ITEM', wanted, false);
        return { requested, skipped: wanted.length - requested, warehouseIds: [warehouseId!] };
      });
      if (answer.requested) await wake(domainId);
      return answer;
    },

    /**
     * proxy/doSyncSkuBySpuId: the goods' SKUs sent again to the warehouse systems they were sent to
     * (those of its sync rows still run by a system and in use), or to every such warehouse when
     * the goods were never sent.
     */
    async syncSpu(session: Session, input: SyncSkuBySpuIdInput): Promise<GoodsSyncRequested> {
      const domainId = domainOf(session);
      const rows = await db.execute<{ warehouse_id: number }>(sql`
        select distinct g.warehouse_id from goods_warehouse_syncs g
        join skus k on k.domain_id = g.domain_id and k.id = g.sku_id
        join warehouses w on w.domain_id = g.domain_id and w.id = g.warehouse_id
        where g.domain_id = ${domainId} and g.kind = 'ITEM' and k.spu_id = ${input.spuId}
          and w.type <> 'SELF_WAREHOUSE' and not w.stop_using
        order by g.warehouse_id`);
      const whIds = rows.rows.map((r) => Number(r.warehouse_id));
      try {
        return await this.requestGoods(session, { idList: [input.spuId], ...(whIds.length ? { whIds } : {}) });
      } catch (error) {
        // The one goods is named by the call's own field.
        if (error instanceof AppError && (error.params as { field?: string }).field === 'idList.0') throw new AppError(error.code, error.httpStatus, { ...error.params, field: 'spuId' });
        if (error instanceof AppError && (error.params as { field?: string }).field === 'idList') throw new AppError(error.code, error.httpStatus, { ...error.params, field: 'spuId' });
        throw error;
      }
    },

    /**
     * rebuildSpu: the goods' derived values made again from what they hold, in one transaction —
     * the one SKU of goods without variants mirrors the goods again; SKUs of goods with variants
     * that take cost or weight from the goods get the goods' values; SKUs of goods taken down are
     * down; the SKUs' and goods' sync status is rolled up again from the warehouse-system rows.
     */
    async rebuild(session: Session, input: RebuildSpuInput): Promise<RebuildSpuResult> {
      const domainId = domainOf(session);
      return db.transaction(async (tx) => {
        const found = await tx
          .select()
          .from(spus)
          .where(and(eq(spus.domainId, domainId), idsIn(spus.id, input.idList), eq(spus.delFlag, false)))
          .for('update');
        const missing = input.idList.findIndex((id) => !found.some((f) => f.id === id));
        if (missing >= 0) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'spu', field: `idList.${missing}` });
        const ids = [...new Set(input.idList)];
        const changed = new Map<number, number>();
        const count = (result: { rows: { spu_id: number }[] }) => {
          for (const r of result.rows) changed.set(Number(r.spu_id), (changed.get(Number(r.spu_id)) ?? 0) + 1);
        };
        // Goods without variants: their one SKU carries the goods' values.
        count(
          await tx.execute<{ spu_id: number }>(sql`
          update skus k set bar_code = p.bar_code, name = p.name, specifications = p.specifications, color = p.color, size = p.size,
            price = p.price, cost_price = p.cost_price, length = p.length, width = p.width, height = p.height, weight = p.weight,
            pic_url = p.pic_url, status = p.status, cost_price_from_goods = false, weight_from_goods = false
          from spus p
          where k.domain_id = ${domainId} and p.domain_id = ${domainId} and p.id = k.spu_id and k.del_flag = false
            and p.id = any(${bigintArray(ids)}) and not p.has_sku and not p.is_combination
            and (k.bar_code, k.name, k.specifications, k.color, k.size, k.price, k.cost_price, k.length, k.width, k.height, k.weight, k.pic_url, k.status, k.cost_price_from_goods, k.weight_from_goods)
              is distinct from (p.bar_code, p.name, p.specifications, p.color, p.size, p.price, p.cost_price, p.length, p.width, p.height, p.weight, p.pic_url, p.status, false, false)
          returning k.spu_id`),
        );
        // Goods with variants: values taken from the goods, and taken down with the goods.
        count(
          await tx.execute<{ spu_id: number }>(sql`
          update skus k set
            cost_price = case when k.cost_price_from_goods then p.cost_price else k.cost_price end,
            weight = case when k.weight_from_goods then p.weight else k.weight end,
            status = case when p.status = 'instock' then 'instock' else k.status end
          from spus p
          where k.domain_id = ${domainId} and p.domain_id = ${domainId} and p.id = k.spu_id and k.del_flag = false
            and p.id = any(${bigintArray(ids)}) and p.has_sku
            and ((k.cost_price_from_goods and k.cost_price is distinct from p.cost_price) or (k.weight_from_goods and k.weight is distinct from p.weight)
              or (p.status = 'instock' and k.status <> 'instock'))
          returning k.spu_id`),
        );
        const skuRows = await tx
          .select({ id: skus.id, spuId: skus.spuId })
          .from(skus)
          .where(and(eq(skus.domainId, domainId), idsIn(skus.spuId, ids), eq(skus.delFlag, false)));
        await rollUp(tx, domainId, skuRows.map((k) => k.id));
        // Goods with no live SKU left have nothing to roll up: no dispatch to show.
        await tx.execute(sql`
          update spus p set sync_status = 'NONE' where p.domain_id = ${domainId} and p.id = any(${bigintArray(ids)})
            and not exists (select 1 from skus k where k.domain_id = p.domain_id and k.spu_id = p.id and k.del_flag = false)`);
        const after = await tx
          .update(spus)
          .set({ version: sql`${spus.version} + 1`, updatedAt: now() })
          .where(and(eq(spus.domainId, domainId), idsIn(spus.id, ids)))
          .returning({ id: spus.id, code: spus.code, syncStatus: spus.syncStatus });
        const voList = ids.map((id) => {
          const spu = after.find((a) => a.id === id)!;
          return { id, code: spu.code, skuCount: skuRows.filter((k) => k.spuId === id).length, skusChanged: changed.get(id) ?? 0, syncStatus: spu.syncStatus };
        });
        await writeOperationLogs(
          tx,
          actorOf(session),
          voList.map((v) => ({ area: 'goods', entityType: 'spu', entityId: v.id, action: 'rebuild', after: { skusChanged: v.skusChanged, syncStatus: v.syncStatus } })),
        );
        return { voList };
      });
    },

    async searchGoods(session: Session, input: SpuSyncStatusSearchInput) {
      const extra: SQL[] = [];
      if (input.spuId !== undefined) extra.push(eq(skus.spuId, input.spuId));
      return search(session, 'ITEM', input, extra);
    },

    async searchMappings(session: Session, input: MappingSyncStatusSearchInput) {
      const extra: SQL[] = [];
      if (input.id !== undefined) extra.push(eq(goodsWarehouseSyncs.tbSkuRowId, input.id));
      return search(session, 'MAPPING', input, extra);
    },

    /** The dispatch job: sends the REQUEST rows (of one domain, or of all), oldest first. */
    async dispatchPending(domainId?: number): Promise<DispatchSummary> {
      const summary: DispatchSummary = { sent: 0, failed: 0, retried: 0 };
      const seen = new Set<number>();
      for (;;) {
        const conditions: SQL[] = [eq(goodsWarehouseSyncs.status, 'REQUEST')];
        if (domainId !== undefined) conditions.push(eq(goodsWarehouseSyncs.domainId, domainId));
        // Claimed by counting the try; a second dispatcher skips rows locked by the first.
        const claimed = await db.transaction(async (tx) => {
          const rows = await tx
            .select({ domainId: goodsWarehouseSyncs.domainId, id: goodsWarehouseSyncs.id })
            .from(goodsWarehouseSyncs)
            .where(and(...conditions))
            .orderBy(goodsWarehouseSyncs.requestedAt, goodsWarehouseSyncs.id)
            .limit(BATCH)
            .for('update', { skipLocked: true });
          const fresh = rows.filter((r) => !seen.has(r.id));
          if (!fresh.length) return [];
          const byDomain = new Map<number, number[]>();
          for (const r of fresh) byDomain.set(r.domainId, [...(byDomain.get(r.domainId) ?? []), r.id]);
          const out: SyncRecord[] = [];
          for (const [d, ids] of byDomain) {
            out.push(
              ...(await tx
                .update(goodsWarehouseSyncs)
                .set({
                  attempts: sql`${goodsWarehouseSyncs.attempts} + 1`,
                  // The code is fixed before the call, so a result that comes back early finds its row.
                  docCode: sql`case when ${goodsWarehouseSyncs.kind} = 'ITEM' then 'ITEM-' || ${goodsWarehouseSyncs.skuId} else 'MAP-' || ${goodsWarehouseSyncs.tbSkuRowId} end || '-' || ${goodsWarehouseSyncs.requestSeq}`,
                })
                .where(and(eq(goodsWarehouseSyncs.domainId, d), inArray(goodsWarehouseSyncs.id, ids)))
                .returning()),
            );
          }
          return out;
        });
        if (!claimed.length) break;
        for (const row of claimed) {
          seen.add(row.id);
          summary[await dispatchRow(row)]++;
        }
      }
      return summary;
    },

    /** The SYNCED results of ITEM and MAPPING registrations (fed by the warehouse-systems polling job). */
    resultHandler: (async (tx, target, result) => {
      const [row] = await tx
        .select()
        .from(goodsWarehouseSyncs)
        .where(and(eq(goodsWarehouseSyncs.domainId, target.domainId), eq(goodsWarehouseSyncs.warehouseId, target.warehouseId), eq(goodsWarehouseSyncs.docCode, result.docCode), eq(goodsWarehouseSyncs.kind, result.kind)))
        .for('update');
      if (!row) return { outcome: 'REFUSED', message: `no goods sync request ${result.docCode} (superseded by a newer request, or unknown)` };
      if (result.type !== 'SYNCED') return { outcome: 'REFUSED', message: `a ${result.type} result does not apply to a goods registration` };
      if (row.status === 'SUCCESS') return { outcome: 'BOOKED' };
      await tx
        .update(goodsWarehouseSyncs)
        .set({ status: 'SUCCESS', message: null, externalCode: result.externalCode, version: sql`${goodsWarehouseSyncs.version} + 1`, updatedAt: now() })
        .where(and(eq(goodsWarehouseSyncs.domainId, row.domainId), eq(goodsWarehouseSyncs.id, row.id)));
      await rollUp(tx, row.domainId, [row.skuId]);
      return { outcome: 'BOOKED' };
    }) as WarehouseResultHandler,
  };
}

export type GoodsWmsService = ReturnType<typeof createGoodsWmsService>;
