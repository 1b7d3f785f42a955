// Queries of stock sync; every one takes the domain first and filters by it. The quantity a store
// is told comes from here: the store's rule warehouses, the online SKUs mapped to system SKUs
// (tb_skus with mapping_status 'already'), and the available of each SKU per warehouse
// (combination SKUs derived from their components by the stock area's availableBySku).
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { storeQuantityToPush, type StockSyncPreviewRow, type StockSyncRecordRow, type StockSyncRuleRow, type StockSyncStatus, type StockSyncStopReason, type StockSyncTrigger } from '@openseller/core';
import type { Tx } from '../../../db/client.js';
import { stockSyncRecords, stockSyncRules, warehouses } from '../../../db/schema/index.js';
import { availableBySku } from '../index.js';
import { pageWindow } from '../../../platform/paging.js';
import { isoTime, isoTimeOf } from '../../../platform/time.js';
import { bigintArray } from '../../../platform/sql.js';

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => '\\' + c)}%`;

export type StockSyncRecord = typeof stockSyncRecords.$inferSelect;

// ---- rules ------------------------------------------------------------------------------------

export async function rulesOfStores(tx: Tx, domainId: number, storeIds: number[]): Promise<StockSyncRuleRow[]> {
  if (!storeIds.length) return [];
  const rows = await tx
    .select({ r: stockSyncRules, w: { code: warehouses.code, name: warehouses.name, type: warehouses.type, stopUsing: warehouses.stopUsing } })
    .from(stockSyncRules)
    .innerJoin(warehouses, and(eq(warehouses.id, stockSyncRules.warehouseId), eq(warehouses.domainId, stockSyncRules.domainId)))
    .where(and(eq(stockSyncRules.domainId, domainId), sql`${stockSyncRules.storeId} = any(${bigintArray(storeIds)})`))
    .orderBy(asc(stockSyncRules.storeId), asc(stockSyncRules.id));
  return rows.map(({ r, w }) => ({
    id: r.id,
    version: r.version,
    storeId: r.storeId,
    warehouseId: r.warehouseId,
    warehouseCode: w.code,
    warehouseName: w.name,
    warehouseType: w.type,
    warehouseStopped: w.stopUsing,
    ratio: String(r.ratio),
    safetyStock: r.safetyStock,
    updatedAt: r.updatedAt.toISOString(),
  }));
}

export async function findRule(tx: Tx, domainId: number, id: number, lock = false) {
  const query = tx
    .select()
    .from(stockSyncRules)
    .where(and(eq(stockSyncRules.domainId, domainId), eq(stockSyncRules.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

// ---- mapped online SKUs and their quantities ----------------------------------------------------

export interface MappedOnlineSku {
  tbSkuRowId: number;
  tbSkuId: string;
  tbSpuId: string;
  title: string;
  properties: string | null;
  outerSkuId: string | null;
  skuId: number;
  skuCode: string;
  skuName: string;
  isCombination: boolean;
}

interface MappedRow extends Record<string, unknown> {
  id: number;
  tb_sku_id: string;
  tb_spu_id: string;
  title: string;
  properties: string | null;
  outer_sku_id: string | null;
  sku_id: number;
  code: string;
  name: string;
  is_combination: boolean;
}

function mappedFilter(domainId: number, storeId: number, filter: { tbSkuRowIds?: readonly number[]; keyword?: string }): SQL {
  const parts: SQL[] = [
    sql`t.domain_id = ${domainId}`,
    sql`t.store_id = ${storeId}`,
    sql`t.mapping_status = 'already'`,
    sql`t.sku_id is not null`,
    sql`t.deleted = false`,
  ];
  if (filter.tbSkuRowIds) parts.push(sql`t.id = any(${bigintArray(filter.tbSkuRowIds)})`);
  if (filter.keyword) {
    const like = likePattern(filter.keyword);
    parts.push(sql`(t.tb_sku_id ilike ${like} or t.outer_sku_id ilike ${like} or s.code ilike ${like} or t.title ilike ${like})`);
  }
  return sql.join(parts, sql` and `);
}

/** Online SKUs of the store mapped to a system SKU, in row order; optionally one page of them. */
export async function mappedOnlineSkus(
  tx: Tx,
  domainId: number,
  storeId: number,
  filter: { tbSkuRowIds?: readonly number[]; keyword?: string; page?: { currentPage: number; pageSize: number } } = {},
): Promise<{ rows: MappedOnlineSku[]; total: number }> {
  const where = mappedFilter(domainId, storeId, filter);
  const from = sql`from tb_skus t join skus s on s.id = t.sku_id and s.domain_id = t.domain_id where ${where}`;
  const paging = filter.page ? sql`limit ${filter.page.pageSize} offset ${pageWindow(filter.page).offset}` : sql``;
  const result = await tx.execute<MappedRow>(sql`
    select t.id, t.tb_sku_id, t.tb_spu_id, t.title, t.properties, t.outer_sku_id, t.sku_id, s.code, s.name, s.is_combination
    ${from} order by t.id ${paging}`);
  const rows = result.rows.map((r) => ({
    tbSkuRowId: Number(r.id),
    tbSkuId: r.tb_sku_id,
    tbSpuId: r.tb_spu_id,
    title: r.title,
    properties: r.properties,
    outerSkuId: r.outer_sku_id,
    skuId: Number(r.sku_id),
    skuCode: r.code,
    skuName: r.name,
    isCombination: r.is_combination,
  }));
  let total = rows.length;
  if (filter.page) {
    const counted = await tx.execute<{ n: number }>(sql`select count(*)::int as n ${from}`);
    total = Number(counted.rows[0]?.n ?? 0);
  }
  return { rows, total };
}

interface LastRecordRow extends Record<string, unknown> {
  tb_sku_row_id: number;
  status: StockSyncStatus;
  attempt: number;
  finished_at: Date | string | null;
}

export interface LastPush {
  lastQuantity: number | null;
  lastPushedAt: string | null;
  lastStatus: StockSyncStatus | null;
  lastAttempt: number;
  lastFinishedAt: Date | null;
}

/** The last accepted quantity and the latest record of each online SKU. */
export async function lastPushes(tx: Tx, domainId: number, tbSkuRowIds: readonly number[]): Promise<Map<number, LastPush>> {
  const result = new Map<number, LastPush>();
  if (!tbSkuRowIds.length) return result;
  const states = await tx.execute<{ tb_sku_row_id: number; last_quantity: number; last_pushed_at: Date | string }>(sql`
    select tb_sku_row_id, last_quantity, last_pushed_at from stock_sync_states
    where domain_id = ${domainId} and tb_sku_row_id = any(${bigintArray(tbSkuRowIds)})`);
  const latest = await tx.execute<LastRecordRow>(sql`
    select distinct on (tb_sku_row_id) tb_sku_row_id, status, attempt, finished_at from stock_sync_records
    where domain_id = ${domainId} and tb_sku_row_id = any(${bigintArray(tbSkuRowIds)})
    order by tb_sku_row_id, id desc`);
  for (const id of tbSkuRowIds) result.set(id, { lastQuantity: null, lastPushedAt: null, lastStatus: null, lastAttempt: 0, lastFinishedAt: null });
  for (const s of states.rows) {
    const entry = result.get(Number(s.tb_sku_row_id))!;
    entry.lastQuantity = Number(s.last_quantity);
    entry.lastPushedAt = isoTime(s.last_pushed_at);
  }
  for (const r of latest.rows) {
    const entry = result.get(Number(r.tb_sku_row_id))!;
    entry.lastStatus = r.status;
    entry.lastAttempt = Number(r.attempt);
    entry.lastFinishedAt = r.finished_at === null ? null : new Date(r.finished_at);
  }
  return result;
}

export type ComputedRow = StockSyncPreviewRow & { lastAttempt: number; lastFinishedAt: Date | null };

/**
 * What each of these online SKUs would be pushed now: per rule warehouse (stopped ones left out)
 * ⌊available × ratio⌋ − safety stock, never below zero, added up (storeQuantityToPush).
 */
export async function computeQuantities(tx: Tx, domainId: number, rules: readonly StockSyncRuleRow[], skus: readonly MappedOnlineSku[]): Promise<ComputedRow[]> {
  const active = rules.filter((r) => !r.warehouseStopped);
  const skuIds = [...new Set(skus.map((s) => s.skuId))];
  const byWarehouse = new Map<number, Map<number, number>>();
  for (const rule of active) byWarehouse.set(rule.warehouseId, await availableBySku(tx, domainId, rule.warehouseId, skuIds));
  const last = await lastPushes(tx, domainId, skus.map((s) => s.tbSkuRowId));
  return skus.map((sku) => {
    const parts = active.map((rule) => {
      const available = byWarehouse.get(rule.warehouseId)?.get(sku.skuId) ?? 0;
      return { warehouseId: rule.warehouseId, available, ratio: rule.ratio, safetyStock: rule.safetyStock, quantity: storeQuantityToPush([{ available, ratio: rule.ratio, safetyStock: rule.safetyStock }]) };
    });
    const quantity = storeQuantityToPush(parts);
    const l = last.get(sku.tbSkuRowId)!;
    return {
      ...sku,
      available: parts.reduce((sum, p) => sum + p.available, 0),
      quantity,
      parts,
      lastQuantity: l.lastQuantity,
      lastPushedAt: l.lastPushedAt,
      changed: l.lastQuantity === null || l.lastQuantity !== quantity,
      lastStatus: l.lastStatus,
      lastAttempt: l.lastAttempt,
      lastFinishedAt: l.lastFinishedAt,
    };
  });
}

// ---- counts per store -------------------------------------------------------------------------

export interface StoreSyncCounts {
  mappedCount: number;
  pendingCount: number;
  failureCount: number;
  lastPushedAt: string | null;
}

export async function storeCounts(tx: Tx, domainId: number, storeIds: number[]): Promise<Map<number, StoreSyncCounts>> {
  const result = new Map<number, StoreSyncCounts>(storeIds.map((id) => [id, { mappedCount: 0, pendingCount: 0, failureCount: 0, lastPushedAt: null }]));
  if (!storeIds.length) return result;
  const mapped = await tx.execute<{ store_id: number; n: number }>(sql`
    select store_id, count(*)::int as n from tb_skus
    where domain_id = ${domainId} and store_id = any(${bigintArray(storeIds)}) and mapping_status = 'already' and sku_id is not null and deleted = false
    group by store_id`);
  for (const r of mapped.rows) result.get(Number(r.store_id))!.mappedCount = Number(r.n);
  const records = await tx.execute<{ store_id: number; pending: number; failures: number }>(sql`
    select store_id, count(*) filter (where status in ('REQUEST', 'SENDING'))::int as pending, count(*) filter (where status = 'FAILURE')::int as failures
    from stock_sync_records
    where domain_id = ${domainId} and store_id = any(${bigintArray(storeIds)}) and status in ('REQUEST', 'SENDING', 'FAILURE')
    group by store_id`);
  for (const r of records.rows) {
    const entry = result.get(Number(r.store_id))!;
    entry.pendingCount = Number(r.pending);
    entry.failureCount = Number(r.failures);
  }
  const pushed = await tx.execute<{ store_id: number; at: Date | string }>(sql`
    select store_id, max(last_pushed_at) as at from stock_sync_states where domain_id = ${domainId} and store_id = any(${bigintArray(storeIds)}) group by store_id`);
  for (const r of pushed.rows) result.get(Number(r.store_id))!.lastPushedAt = isoTime(r.at);
  return result;
}

// ---- the inventory-sync log -------------------------------------------------------------------

interface RecordViewRow extends Record<string, unknown> {
  id: number;
  store_id: number;
  store_name: string;
  platform_code: string;
  tb_sku_row_id: number;
  tb_sku_id: string;
  tb_spu_id: string | null;
  title: string | null;
  properties: string | null;
  outer_sku_id: string | null;
  sku_id: number;
  sku_code: string;
  available: number | null;
  quantity: number | null;
  status: StockSyncStatus;
  trigger: StockSyncTrigger;
  attempt: number;
  retry_of_id: number | null;
  stop_reason: StockSyncStopReason | null;
  error_code: string | null;
  error_message: string | null;
  requested_by_name: string | null;
  created_at: Date | string;
  sent_at: Date | string | null;
  finished_at: Date | string | null;
}

export interface RecordFilter {
  storeId?: number;
  keyword?: string;
  status?: StockSyncStatus;
  trigger?: StockSyncTrigger;
  from?: Date;
  to?: Date;
  ids?: readonly number[];
}

export async function searchRecords(tx: Tx, domainId: number, filter: RecordFilter, page: { currentPage: number; pageSize: number }): Promise<{ rows: StockSyncRecordRow[]; total: number }> {
  const parts: SQL[] = [sql`r.domain_id = ${domainId}`];
  if (filter.storeId) parts.push(sql`r.store_id = ${filter.storeId}`);
  if (filter.status) parts.push(sql`r.status = ${filter.status}`);
  if (filter.trigger) parts.push(sql`r.trigger = ${filter.trigger}`);
  if (filter.from) parts.push(sql`r.created_at >= ${filter.from.toISOString()}`);
  if (filter.to) parts.push(sql`r.created_at <= ${filter.to.toISOString()}`);
  if (filter.ids) parts.push(sql`r.id = any(${bigintArray(filter.ids)})`);
  if (filter.keyword) {
    const like = likePattern(filter.keyword);
    parts.push(sql`(r.tb_sku_id ilike ${like} or r.sku_code ilike ${like} or t.outer_sku_id ilike ${like})`);
  }
  const where = sql.join(parts, sql` and `);
  const from = sql`from stock_sync_records r
    join stores s on s.id = r.store_id and s.domain_id = r.domain_id
    left join tb_skus t on t.id = r.tb_sku_row_id and t.domain_id = r.domain_id
    where ${where}`;
  const rows = await tx.execute<RecordViewRow>(sql`
    select r.id, r.store_id, s.name as store_name, s.platform_code, r.tb_sku_row_id, r.tb_sku_id, t.tb_spu_id, t.title, t.properties, t.outer_sku_id,
           r.sku_id, r.sku_code, r.available, r.quantity, r.status, r.trigger, r.attempt, r.retry_of_id, r.stop_reason, r.error_code, r.error_message,
           r.requested_by_name, r.created_at, r.sent_at, r.finished_at
    ${from}
    order by r.created_at desc, r.id desc
    limit ${page.pageSize} offset ${pageWindow(page).offset}`);
  const counted = await tx.execute<{ n: number }>(sql`select count(*)::int as n ${from}`);
  return { rows: rows.rows.map(toRecordRow), total: Number(counted.rows[0]?.n ?? 0) };
}

function toRecordRow(r: RecordViewRow): StockSyncRecordRow {
  return {
    id: Number(r.id),
    storeId: Number(r.store_id),
    storeName: r.store_name,
    platformCode: r.platform_code,
    tbSkuRowId: Number(r.tb_sku_row_id),
    tbSkuId: r.tb_sku_id,
    tbSpuId: r.tb_spu_id,
    title: r.title,
    properties: r.properties,
    outerSkuId: r.outer_sku_id,
    skuId: Number(r.sku_id),
    skuCode: r.sku_code,
    available: r.available === null ? null : Number(r.available),
    quantity: r.quantity === null ? null : Number(r.quantity),
    status: r.status,
    trigger: r.trigger,
    attempt: Number(r.attempt),
    retryOfId: r.retry_of_id === null ? null : Number(r.retry_of_id),
    stopReason: r.stop_reason,
    errorCode: r.error_code,
    errorMessage: r.error_message,
    requestedByName: r.requested_by_name,
    createdAt: isoTimeOf(r.created_at),
    sentAt: isoTime(r.sent_at),
    finishedAt: isoTime(r.finished_at),
  };
}

/** Records of the domain by id (missing ids left out). */
export async function findRecords(tx: Tx, domainId: number, recordIds: readonly number[]): Promise<StockSyncRecord[]> {
  if (!recordIds.length) return [];
  return tx
    .select()
    .from(stockSyncRecords)
    .where(and(eq(stockSyncRecords.domainId, domainId), sql`${stockSyncRecords.id} = any(${bigintArray(recordIds)})`))
    .orderBy(asc(stockSyncRecords.id));
}

/** Open failures (status FAILURE) of a store. */
export async function failuresOfStore(tx: Tx, domainId: number, storeId: number): Promise<StockSyncRecord[]> {
  return tx
    .select()
    .from(stockSyncRecords)
    .where(and(eq(stockSyncRecords.domainId, domainId), eq(stockSyncRecords.storeId, storeId), eq(stockSyncRecords.status, 'FAILURE')))
    .orderBy(asc(stockSyncRecords.id));
}

/** Rows of the stock sync area that reference the store (rules, records, last pushes). */
export async function countStoreReferences(tx: Tx, domainId: number, storeId: number): Promise<number> {
  const result = await tx.execute<{ n: number }>(sql`
    select (select count(*) from stock_sync_rules where domain_id = ${domainId} and store_id = ${storeId})
         + (select count(*) from stock_sync_records where domain_id = ${domainId} and store_id = ${storeId})
         + (select count(*) from stock_sync_states where domain_id = ${domainId} and store_id = ${storeId}) as n`);
  return Number(result.rows[0]?.n ?? 0);
}
