// Drizzle queries of the promotions area. Every function takes the domain first and filters by
// it; the SKU, online-SKU and store tables of other areas are only read here.
import { bigintArray, idsIn } from '../../platform/sql.js';
import { and, asc, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { PromotionSearchInput, PromotionTimeStatus } from '@openseller/core';
import type { Tx } from '../../db/client.js';
import { qualified } from '../../db/columns.js';
import { promotionConditions, promotionRules, promotions, skus, spus, stores, tbSkus } from '../../db/schema/index.js';
import { pageOffset } from '../../platform/paging.js';

export type PromotionRecord = typeof promotions.$inferSelect;
export type RuleRecord = typeof promotionRules.$inferSelect;
export type ConditionRecord = typeof promotionConditions.$inferSelect;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => '\\' + c)}%`;

// ---- goods and stores of the domain (read only) --------------------------------------------

export interface SkuRecord {
  id: number;
  code: string;
  name: string | null;
  specifications: string | null;
  price: string | null;
  color: string | null;
  size: string | null;
  isCombination: boolean;
  delFlag: boolean;
}

const skuColumns = {
  id: skus.id,
  code: skus.code,
  name: sql<string | null>`coalesce(${qualified(skus.name)}, ${qualified(spus.name)})`,
  specifications: skus.specifications,
  price: skus.price,
  color: skus.color,
  size: skus.size,
  isCombination: skus.isCombination,
  delFlag: skus.delFlag,
};

/** SKUs of the domain by id, deleted ones included (callers decide what a deleted one means). */
export async function skusOfDomain(tx: Tx, domainId: number, ids: readonly number[]): Promise<Map<number, SkuRecord>> {
  if (!ids.length) return new Map();
  const rows = await tx
    .select(skuColumns)
    .from(skus)
    .innerJoin(spus, and(eq(spus.id, skus.spuId), eq(spus.domainId, skus.domainId)))
    .where(and(eq(skus.domainId, domainId), sql`${skus.id} = any(${bigintArray(ids)})`));
  return new Map(rows.map((r) => [r.id, r]));
}

export interface OnlineSkuRecord {
  id: number;
  skuId: number | null;
  title: string;
  outerSkuId: string | null;
  properties: string | null;
  price: string | null;
  platformCode: string;
  tbSpuId: string;
  tbSkuId: string;
  storeId: number;
  storeName: string | null;
  skuPicUrl: string | null;
  deleted: boolean;
}

const onlineColumns = {
  id: tbSkus.id,
  skuId: tbSkus.skuId,
  title: tbSkus.title,
  outerSkuId: tbSkus.outerSkuId,
  properties: tbSkus.properties,
  price: tbSkus.price,
  platformCode: tbSkus.platformCode,
  tbSpuId: tbSkus.tbSpuId,
  tbSkuId: tbSkus.tbSkuId,
  storeId: tbSkus.storeId,
  storeName: stores.name,
  skuPicUrl: tbSkus.skuPicUrl,
  deleted: tbSkus.deleted,
};

/** Online SKUs (tb_skus rows) of the domain by row id, deleted ones included. */
export async function onlineSkusOfDomain(tx: Tx, domainId: number, ids: readonly number[]): Promise<Map<number, OnlineSkuRecord>> {
  if (!ids.length) return new Map();
  const rows = await tx
    .select(onlineColumns)
    .from(tbSkus)
    .leftJoin(stores, and(eq(stores.id, tbSkus.storeId), eq(stores.domainId, domainId)))
    .where(and(eq(tbSkus.domainId, domainId), sql`${tbSkus.id} = any(${bigintArray(ids)})`));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function searchOnlineSkuOptions(
  tx: Tx,
  domainId: number,
  filter: { keyword?: string | undefined; idList?: number[] | undefined; storeId?: number | undefined; limit: number },
): Promise<OnlineSkuRecord[]> {
  const conditions: SQL[] = [eq(tbSkus.domainId, domainId), eq(tbSkus.deleted, false)];
  if (filter.idList?.length) conditions.push(sql`${tbSkus.id} = any(${bigintArray(filter.idList)})`);
  if (filter.storeId) conditions.push(eq(tbSkus.storeId, filter.storeId));
  if (filter.keyword) {
    const p = likePattern(filter.keyword);
    conditions.push(sql`(${tbSkus.title} ilike ${p} or ${tbSkus.tbSkuId} ilike ${p} or ${tbSkus.tbSpuId} ilike ${p} or ${tbSkus.outerSkuId} ilike ${p})`);
  }
  return tx
    .select(onlineColumns)
    .from(tbSkus)
    .leftJoin(stores, and(eq(stores.id, tbSkus.storeId), eq(stores.domainId, domainId)))
    .where(and(...conditions))
    .orderBy(asc(tbSkus.id))
    .limit(filter.idList?.length ? filter.idList.length : filter.limit);
}

export async function storesOfDomain(tx: Tx, domainId: number, ids?: readonly number[]): Promise<{ id: number; name: string; platformCode: string; usable: boolean }[]> {
  const conditions: SQL[] = [eq(stores.domainId, domainId)];
  if (ids) {
    if (!ids.length) return [];
    conditions.push(sql`${stores.id} = any(${bigintArray(ids)})`);
  }
  return tx
    .select({ id: stores.id, name: stores.name, platformCode: stores.platformCode, usable: stores.usable })
    .from(stores)
    .where(and(...conditions))
    .orderBy(asc(stores.id));
}

// ---- promotions -----------------------------------------------------------------------------

export async function promotionHeaders(tx: Tx, domainId: number, ids: readonly number[], options: { forUpdate?: boolean } = {}): Promise<PromotionRecord[]> {
  if (!ids.length) return [];
  const query = tx
    .select()
    .from(promotions)
    .where(and(eq(promotions.domainId, domainId), idsIn(promotions.id, [...ids])))
    .orderBy(desc(promotions.id));
  return options.forUpdate ? query.for('update') : query;
}

export async function promotionNameTaken(tx: Tx, domainId: number, name: string, exceptId?: number): Promise<boolean> {
  const rows = await tx
    .select({ id: promotions.id })
    .from(promotions)
    .where(and(eq(promotions.domainId, domainId), eq(promotions.name, name), exceptId ? sql`${promotions.id} <> ${exceptId}` : undefined))
    .limit(1);
  return rows.length > 0;
}

export interface PromotionTree {
  header: PromotionRecord;
  rules: (RuleRecord & { conditions: ConditionRecord[] })[];
}

/** Promotions with their rules and conditions, in list order, newest first. */
export async function promotionTrees(tx: Tx, domainId: number, headers: PromotionRecord[]): Promise<PromotionTree[]> {
  if (!headers.length) return [];
  const ids = headers.map((h) => h.id);
  const rules = await tx
    .select()
    .from(promotionRules)
    .where(and(eq(promotionRules.domainId, domainId), idsIn(promotionRules.promotionId, ids)))
    .orderBy(asc(promotionRules.promotionId), asc(promotionRules.seq));
  const conditions = await tx
    .select()
    .from(promotionConditions)
    .where(and(eq(promotionConditions.domainId, domainId), idsIn(promotionConditions.promotionId, ids)))
    .orderBy(asc(promotionConditions.ruleId), asc(promotionConditions.seq));
  const byRule = new Map<number, ConditionRecord[]>();
  for (const c of conditions) byRule.set(c.ruleId, [...(byRule.get(c.ruleId) ?? []), c]);
  return headers.map((header) => ({
    header,
    rules: rules.filter((r) => r.promotionId === header.id).map((r) => ({ ...r, conditions: byRule.get(r.id) ?? [] })),
  }));
}

export function timeStatusCondition(status: PromotionTimeStatus, now: Date): SQL {
  if (status === 'NOT_STARTED') return sql`${promotions.fromTime} > ${now}`;
  if (status === 'ENDED') return sql`${promotions.toTime} < ${now}`;
  return sql`${promotions.fromTime} <= ${now} and ${promotions.toTime} >= ${now}`;
}

/** A store is covered when the promotion lists it or lists no store. */
const coversStore = (storeId: number) => sql`(cardinality(${promotions.storeIds}) = 0 or ${storeId} = any(${promotions.storeIds}))`;

export async function searchPromotionHeaders(tx: Tx, domainId: number, filter: PromotionSearchInput, now: Date): Promise<{ rows: PromotionRecord[]; total: number }> {
  const conditions: SQL[] = [eq(promotions.domainId, domainId)];
  if (filter.name) conditions.push(ilike(promotions.name, likePattern(filter.name)));
  if (filter.open !== undefined) conditions.push(eq(promotions.open, filter.open));
  if (filter.status) conditions.push(timeStatusCondition(filter.status, now));
  if (filter.storeId) conditions.push(coversStore(filter.storeId));
  if (filter.ruleType) {
    conditions.push(
      sql`exists (select 1 from ${promotionRules} r where r.domain_id = ${domainId} and r.promotion_id = ${qualified(promotions.id)} and r.rule_type = ${filter.ruleType})`,
    );
  }
  const where = and(...conditions);
  const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(promotions).where(where);
  const rows = await tx
    .select()
    .from(promotions)
    .where(where)
    .orderBy(desc(promotions.id))
    .limit(filter.pageSize)
    .offset(pageOffset(filter));
  return { rows, total: count?.n ?? 0 };
}

/** Open promotions, optionally covering a store and in effect at a time. */
export async function openPromotionHeaders(tx: Tx, domainId: number, filter: { storeId?: number | null | undefined; at?: Date | undefined }): Promise<PromotionRecord[]> {
  const conditions: SQL[] = [eq(promotions.domainId, domainId), eq(promotions.open, true)];
  if (filter.storeId) conditions.push(coversStore(filter.storeId));
  if (filter.at) conditions.push(sql`${promotions.fromTime} <= ${filter.at} and ${promotions.toTime} >= ${filter.at}`);
  return tx
    .select()
    .from(promotions)
    .where(and(...conditions))
    .orderBy(desc(promotions.id));
}

/** How many open promotions give or require any of these SKUs. */
export async function countOpenPromotionsUsingSkus(tx: Tx, domainId: number, skuIds: readonly number[]): Promise<number> {
  if (!skuIds.length) return 0;
  const ids = bigintArray(skuIds);
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(promotions)
    .where(
      and(
        eq(promotions.domainId, domainId),
        eq(promotions.open, true),
        sql`(exists (select 1 from ${promotionConditions} c where c.domain_id = ${domainId} and c.promotion_id = ${qualified(promotions.id)} and c.gift_sku_ids && ${ids})
          or exists (select 1 from ${promotionRules} r where r.domain_id = ${domainId} and r.promotion_id = ${qualified(promotions.id)} and r.need_buy_sku_ids && ${ids}))`,
      ),
    );
  return row?.n ?? 0;
}

/**
 * Counts one more order for each promotion still under its cap; answers the promotions that
 * counted it. The check and the increment are one statement, so two ingests cannot both take
 * the last place.
 */
export async function claimGiftPlaces(tx: Tx, domainId: number, promotionIds: readonly number[]): Promise<number[]> {
  if (!promotionIds.length) return [];
  const rows = await tx
    .update(promotions)
    .set({ givenCount: sql`${promotions.givenCount} + 1` })
    .where(
      and(
        eq(promotions.domainId, domainId),
        sql`${promotions.id} = any(${bigintArray(promotionIds)})`,
        sql`(${promotions.promotionAllCount} is null or ${promotions.givenCount} < ${promotions.promotionAllCount})`,
      ),
    )
    .returning({ id: promotions.id });
  return rows.map((r) => r.id);
}
