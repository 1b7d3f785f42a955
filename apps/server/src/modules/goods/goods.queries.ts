// Queries of the goods area. Each takes the domain first and filters by it: no query here can
// read or change another domain's goods. Deleted goods (delFlag) are left out unless said.
import { bigintArray, idsIn, textArray, textsIn } from '../../platform/sql.js';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  goodsVolume,
  syncStatusesOfFilter,
  type ComponentRow,
  type SkuPick,
  type SkuRow,
  type SkuSyncStatus,
  type SpuRow,
  type SpuSearchInput,
  type SpuStatus,
} from '@openseller/core';
import type { Tx } from '../../db/client.js';
import { qualified } from '../../db/columns.js';
import { combinationComponents, skuClasses, skus, spus, tbSkus } from '../../db/schema/index.js';
import { pageOffset } from '../../platform/paging.js';

/** Escapes LIKE wildcards in user text. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => '\\' + c)}%`;

export type SpuFilter = Omit<SpuSearchInput, 'currentPage' | 'pageSize'> & { idList?: number[] | undefined };

const liveSpu = (domainId: number) => and(eq(spus.domainId, domainId), eq(spus.delFlag, false))!;

/** Codes: one matches by contains, several match exactly; on the SPU or any of its SKUs. */
function codeCondition(column: 'code' | 'bar_code', items: string[]): SQL {
  const spuColumn = column === 'code' ? spus.code : spus.barCode;
  if (items.length === 1) {
    const p = likePattern(items[0]!);
    return sql`(${spuColumn} ilike ${p} or exists (select 1 from skus k where k.spu_id = ${qualified(spus.id)} and k.domain_id = ${qualified(spus.domainId)} and k.del_flag = false and k.${sql.raw(column)} ilike ${p}))`;
  }
  const list = textArray(items);
  return sql`(${spuColumn} = any(${list}) or exists (select 1 from skus k where k.spu_id = ${qualified(spus.id)} and k.domain_id = ${qualified(spus.domainId)} and k.del_flag = false and k.${sql.raw(column)} = any(${list})))`;
}

export function spuWhere(domainId: number, filter: SpuFilter): SQL {
  const conditions: SQL[] = [liveSpu(domainId)];
  if (filter.idList?.length) conditions.push(idsIn(spus.id, filter.idList));
  if (filter.codeKeywords.length) conditions.push(codeCondition('code', filter.codeKeywords));
  if (filter.barCodeKeywords.length) conditions.push(codeCondition('bar_code', filter.barCodeKeywords));
  if (filter.nameKeywords.length) {
    conditions.push(sql`(${sql.join(filter.nameKeywords.map((n) => sql`${spus.name} ilike ${likePattern(n)}`), sql` or `)})`);
  }
  if (filter.skuSysClassifyId === 0) conditions.push(sql`${spus.classId} is null`);
  else if (filter.skuSysClassifyId !== undefined) {
    // The class and every class below it.
    conditions.push(sql`${spus.classId} in (
      with recursive tree as (
        select c.id from sku_classes c where c.id = ${filter.skuSysClassifyId} and c.domain_id = ${domainId}
        union all
        select c.id from sku_classes c join tree on c.parent_id = tree.id where c.domain_id = ${domainId}
      ) select id from tree)`);
  }
  if (filter.status) conditions.push(eq(spus.status, filter.status));
  if (filter.skuSyncStatus) conditions.push(textsIn(spus.syncStatus, syncStatusesOfFilter(filter.skuSyncStatus)));
  if (filter.isCombination !== undefined) conditions.push(eq(spus.isCombination, filter.isCombination));
  if (filter.mark) conditions.push(sql`${filter.mark} = any(${spus.marks})`);
  if (filter.label) conditions.push(sql`${filter.label} = any(${spus.labels})`);
  return and(...conditions)!;
}

export async function searchSpuIds(tx: Tx, domainId: number, filter: SpuFilter, page: { currentPage: number; pageSize: number }) {
  const where = spuWhere(domainId, filter);
  const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(spus).where(where);
  const rows = await tx
    .select({ id: spus.id })
    .from(spus)
    .where(where)
    .orderBy(desc(spus.id))
    .limit(page.pageSize)
    .offset(pageOffset(page));
  return { ids: rows.map((r) => r.id), total: count?.n ?? 0 };
}

type SpuRecord = typeof spus.$inferSelect;
type SkuRecord = typeof skus.$inferSelect;

export function toSkuRow(k: SkuRecord, onlineSkuCount = 0): SkuRow {
  return {
    id: k.id,
    version: k.version,
    spuId: k.spuId,
    code: k.code,
    barCode: k.barCode,
    name: k.name ?? '',
    specifications: k.specifications,
    color: k.color,
    size: k.size,
    price: k.price,
    costPrice: k.costPrice,
    distributionPrice: k.distributionPrice,
    length: k.length,
    width: k.width,
    height: k.height,
    weight: k.weight,
    costPriceFromGoods: k.costPriceFromGoods,
    weightFromGoods: k.weightFromGoods,
    volume: goodsVolume(k.length, k.width, k.height),
    picUrl: k.picUrl,
    isCombination: k.isCombination,
    status: k.status as SpuStatus,
    syncStatus: k.syncStatus as SkuSyncStatus,
    onlineSkuCount,
  };
}

/** Full rows of SPUs, with their live SKUs, components and class, in the order of `ids`. */
export async function spuRowsByIds(tx: Tx, domainId: number, ids: number[], options: { includeDeleted?: boolean } = {}): Promise<SpuRow[]> {
  if (!ids.length) return [];
  const conditions = [eq(spus.domainId, domainId), idsIn(spus.id, ids)];
  if (!options.includeDeleted) conditions.push(eq(spus.delFlag, false));
  const rows = await tx
    .select({ spu: spus, className: skuClasses.name })
    .from(spus)
    .leftJoin(skuClasses, and(eq(skuClasses.id, spus.classId), eq(skuClasses.domainId, domainId)))
    .where(and(...conditions));
  const skuRecords = await tx
    .select()
    .from(skus)
    .where(and(eq(skus.domainId, domainId), idsIn(skus.spuId, ids), options.includeDeleted ? undefined : eq(skus.delFlag, false)))
    .orderBy(asc(skus.id));
  const skuIds = skuRecords.map((k) => k.id);
  const online = await onlineSkuCounts(tx, domainId, skuIds);
  const comboSkuIds = skuRecords.filter((k) => k.isCombination).map((k) => k.id);
  const components = await componentRows(tx, domainId, comboSkuIds);

  const skusBySpu = new Map<number, SkuRow[]>();
  for (const k of skuRecords) {
    const list = skusBySpu.get(k.spuId) ?? [];
    list.push(toSkuRow(k, online.get(k.id) ?? 0));
    skusBySpu.set(k.spuId, list);
  }
  const byId = new Map(rows.map(({ spu, className }) => [spu.id, toSpuRow(spu, className, skusBySpu.get(spu.id) ?? [], components)]));
  return ids.map((id) => byId.get(id)).filter((r): r is SpuRow => !!r);
}

function toSpuRow(s: SpuRecord, className: string | null, skuRows: SkuRow[], components: Map<number, ComponentRow[]>): SpuRow {
  const first = skuRows[0];
  return {
    id: s.id,
    version: s.version,
    code: s.code,
    name: s.name,
    shortName: s.shortName,
    goodsNo: s.goodsNo,
    barCode: s.barCode,
    brand: s.brand,
    category: s.category,
    unit: s.unit,
    color: s.color,
    size: s.size,
    specifications: s.specifications,
    season: s.season,
    lotInfo: s.lotInfo,
    shelfLife: s.shelfLife,
    packageInfo: s.packageInfo,
    price: s.price,
    costPrice: s.costPrice,
    distributionPrice: s.hasSku ? null : (first?.distributionPrice ?? null),
    length: s.length,
    width: s.width,
    height: s.height,
    weight: s.weight,
    volume: goodsVolume(s.length, s.width, s.height),
    udf1: s.udf1,
    udf2: s.udf2,
    remark: s.remark,
    picUrl: s.picUrl,
    labels: s.labels,
    skuMarks: s.marks,
    skuSysClassifyId: s.classId,
    skuSysClassifyName: className,
    hasSku: s.hasSku,
    isCombination: s.isCombination,
    status: s.status as SpuStatus,
    skuSyncStatus: s.syncStatus as SkuSyncStatus,
    delFlag: s.delFlag,
    onlineSkuCount: skuRows.reduce((n, k) => n + k.onlineSkuCount, 0),
    skus: skuRows,
    components: s.isCombination && first ? (components.get(first.id) ?? []) : [],
    createTime: s.createdAt.toISOString(),
    updateTime: s.updatedAt.toISOString(),
  };
}

/** Online SKUs (listings) mapped to each SKU. */
async function onlineSkuCounts(tx: Tx, domainId: number, skuIds: number[]): Promise<Map<number, number>> {
  if (!skuIds.length) return new Map();
  const rows = await tx
    .select({ skuId: tbSkus.skuId, n: sql<number>`count(*)::int` })
    .from(tbSkus)
    .where(and(eq(tbSkus.domainId, domainId), sql`${tbSkus.skuId} = any(${bigintArray(skuIds)})`, eq(tbSkus.deleted, false)))
    .groupBy(tbSkus.skuId);
  return new Map(rows.map((r) => [r.skuId!, r.n]));
}

/** The components of combination SKUs, in the order they were entered. */
export async function componentRows(tx: Tx, domainId: number, comboSkuIds: number[]): Promise<Map<number, ComponentRow[]>> {
  const result = new Map<number, ComponentRow[]>();
  if (!comboSkuIds.length) return result;
  const rows = await tx
    .select({ link: combinationComponents, sku: skus, spuName: spus.name })
    .from(combinationComponents)
    .innerJoin(skus, and(eq(skus.id, combinationComponents.componentSkuId), eq(skus.domainId, combinationComponents.domainId)))
    .innerJoin(spus, and(eq(spus.id, skus.spuId), eq(spus.domainId, skus.domainId)))
    .where(and(eq(combinationComponents.domainId, domainId), idsIn(combinationComponents.comboSkuId, comboSkuIds)))
    .orderBy(asc(combinationComponents.sortIndex), asc(combinationComponents.id));
  for (const { link, sku, spuName } of rows) {
    const list = result.get(link.comboSkuId) ?? [];
    list.push({
      id: sku.id,
      skuId: sku.id,
      spuId: sku.spuId,
      code: sku.code,
      name: sku.name ?? spuName,
      specifications: sku.specifications,
      picUrl: sku.picUrl,
      price: sku.price,
      isCombination: sku.isCombination,
      qty: link.qty,
      apportionCostPrice: link.apportionCostPrice,
    });
    result.set(link.comboSkuId, list);
  }
  return result;
}

// ---- SKUs for pickers and other areas ------------------------------------------------------

const skuPickColumns = {
  id: skus.id,
  spuId: skus.spuId,
  spuCode: spus.code,
  code: skus.code,
  skuName: skus.name,
  spuName: spus.name,
  specifications: skus.specifications,
  color: skus.color,
  size: skus.size,
  barCode: skus.barCode,
  price: skus.price,
  costPrice: skus.costPrice,
  weight: skus.weight,
  picUrl: skus.picUrl,
  spuPicUrl: spus.picUrl,
  isCombination: skus.isCombination,
  status: skus.status,
};

type SkuPickRecord = { [K in keyof typeof skuPickColumns]: (typeof skuPickColumns)[K]['_']['data'] | null };

function toSkuPick(r: SkuPickRecord): SkuPick {
  return {
    id: r.id!,
    spuId: r.spuId!,
    spuCode: r.spuCode!,
    code: r.code!,
    name: r.skuName ?? r.spuName ?? '',
    specifications: r.specifications,
    color: r.color,
    size: r.size,
    barCode: r.barCode,
    price: r.price,
    costPrice: r.costPrice,
    weight: r.weight,
    picUrl: r.picUrl ?? r.spuPicUrl,
    isCombination: !!r.isCombination,
    status: (r.status ?? 'onsale') as SpuStatus,
  };
}

const liveSku = (domainId: number) => and(eq(skus.domainId, domainId), eq(skus.delFlag, false))!;

export async function skusByIds(tx: Tx, domainId: number, ids: number[]): Promise<SkuPick[]> {
  if (!ids.length) return [];
  const rows = await tx
    .select(skuPickColumns)
    .from(skus)
    .innerJoin(spus, and(eq(spus.id, skus.spuId), eq(spus.domainId, skus.domainId)))
    .where(and(liveSku(domainId), sql`${skus.id} = any(${bigintArray(ids)})`))
    .orderBy(asc(skus.id));
  return rows.map(toSkuPick);
}

export async function skusByCodes(tx: Tx, domainId: number, codes: string[]): Promise<SkuPick[]> {
  if (!codes.length) return [];
  const rows = await tx
    .select(skuPickColumns)
    .from(skus)
    .innerJoin(spus, and(eq(spus.id, skus.spuId), eq(spus.domainId, skus.domainId)))
    .where(and(liveSku(domainId), sql`${skus.code} = any(${textArray(codes)})`))
    .orderBy(asc(skus.id));
  return rows.map(toSkuPick);
}

export async function searchSkus(
  tx: Tx,
  domainId: number,
  filter: { keyword?: string | undefined; isCombination?: boolean | undefined; excludeSkuIds?: number[] | undefined; currentPage: number; pageSize: number },
) {
  const conditions: SQL[] = [liveSku(domainId)];
  if (filter.keyword) {
    const p = likePattern(filter.keyword);
    conditions.push(sql`(${skus.code} ilike ${p} or ${skus.name} ilike ${p} or ${spus.name} ilike ${p} or ${skus.specifications} ilike ${p} or ${skus.barCode} ilike ${p})`);
  }
  if (filter.isCombination !== undefined) conditions.push(eq(skus.isCombination, filter.isCombination));
  if (filter.excludeSkuIds?.length) conditions.push(sql`not (${skus.id} = any(${bigintArray(filter.excludeSkuIds)}))`);
  const where = and(...conditions);
  const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(skus).innerJoin(spus, and(eq(spus.id, skus.spuId), eq(spus.domainId, skus.domainId))).where(where);
  const rows = await tx
    .select(skuPickColumns)
    .from(skus)
    .innerJoin(spus, and(eq(spus.id, skus.spuId), eq(spus.domainId, skus.domainId)))
    .where(where)
    .orderBy(desc(skus.id))
    .limit(filter.pageSize)
    .offset(pageOffset(filter));
  return { voList: rows.map(toSkuPick), total: count?.n ?? 0, currentPage: filter.currentPage, pageSize: filter.pageSize };
}

// ---- codes and references ------------------------------------------------------------------

/** Live SPUs holding any of the codes (except one SPU). */
export async function spusWithCodes(tx: Tx, domainId: number, codes: string[], exceptSpuId?: number) {
  if (!codes.length) return [];
  return tx
    .select({ id: spus.id, code: spus.code, isCombination: spus.isCombination, hasSku: spus.hasSku })
    .from(spus)
    .where(and(liveSpu(domainId), sql`${spus.code} = any(${textArray(codes)})`, exceptSpuId ? sql`${spus.id} <> ${exceptSpuId}` : undefined));
}

/** Live SKUs holding any of the codes, with their SPU (except the SKUs of one SPU). */
export async function skusWithCodes(tx: Tx, domainId: number, codes: string[], exceptSpuId?: number) {
  if (!codes.length) return [];
  return tx
    .select({ id: skus.id, code: skus.code, spuId: skus.spuId, spuCode: spus.code, isCombination: skus.isCombination })
    .from(skus)
    .innerJoin(spus, and(eq(spus.id, skus.spuId), eq(spus.domainId, skus.domainId)))
    .where(and(liveSku(domainId), sql`${skus.code} = any(${textArray(codes)})`, exceptSpuId ? sql`${skus.spuId} <> ${exceptSpuId}` : undefined));
}

/** Live combinations (other than those listed) that use any of the SKUs as a component. */
export async function combinationsUsing(tx: Tx, domainId: number, skuIds: number[], exceptComboSkuIds: number[] = []) {
  if (!skuIds.length) return [];
  return tx
    .selectDistinct({ comboSkuId: combinationComponents.comboSkuId, comboCode: skus.code, componentSkuId: combinationComponents.componentSkuId })
    .from(combinationComponents)
    .innerJoin(skus, and(eq(skus.id, combinationComponents.comboSkuId), eq(skus.domainId, combinationComponents.domainId)))
    .where(
      and(
        eq(combinationComponents.domainId, domainId),
        sql`${combinationComponents.componentSkuId} = any(${bigintArray(skuIds)})`,
        eq(skus.delFlag, false),
        exceptComboSkuIds.length ? sql`not (${combinationComponents.comboSkuId} = any(${bigintArray(exceptComboSkuIds)}))` : undefined,
      ),
    );
}

/**
 * The component graph of the domain's live combinations, read outward from some SKUs: every
 * combination reachable from them, with its component ids. Enough to find a loop.
 */
export async function componentGraphFrom(tx: Tx, domainId: number, startSkuIds: number[]): Promise<Map<number, number[]>> {
  const graph = new Map<number, number[]>();
  if (!startSkuIds.length) return graph;
  const result = await tx.execute<{ combo_sku_id: number; component_sku_id: number }>(sql`
    with recursive reach(sku_id) as (
      select unnest(${bigintArray(startSkuIds)})
      union
      select cc.component_sku_id from combination_components cc
        join reach r on cc.combo_sku_id = r.sku_id
        join skus s on s.id = cc.combo_sku_id and s.domain_id = cc.domain_id and s.del_flag = false
        where cc.domain_id = ${domainId}
    )
    select cc.combo_sku_id, cc.component_sku_id from combination_components cc
      join skus s on s.id = cc.combo_sku_id and s.domain_id = cc.domain_id and s.del_flag = false
      where cc.domain_id = ${domainId} and cc.combo_sku_id in (select sku_id from reach)`);
  for (const row of result.rows) {
    const combo = Number(row.combo_sku_id);
    graph.set(combo, [...(graph.get(combo) ?? []), Number(row.component_sku_id)]);
  }
  return graph;
}

/** Live SKUs of the domain among `ids`, and the first SKU of each SPU among `spuIds`. */
export async function resolveComponentSkus(tx: Tx, domainId: number, skuIds: number[], spuIds: number[]) {
  const bySku = skuIds.length
    ? await tx
        .select({ id: skus.id, code: skus.code, spuId: skus.spuId, isCombination: skus.isCombination })
        .from(skus)
        .where(and(liveSku(domainId), sql`${skus.id} = any(${bigintArray(skuIds)})`))
    : [];
  const firstOfSpu = spuIds.length
    ? await tx
        .selectDistinctOn([skus.spuId], { id: skus.id, code: skus.code, spuId: skus.spuId, isCombination: skus.isCombination })
        .from(skus)
        .where(and(liveSku(domainId), sql`${skus.spuId} = any(${bigintArray(spuIds)})`))
        .orderBy(skus.spuId, asc(skus.id))
    : [];
  return { bySku: new Map(bySku.map((k) => [k.id, k])), bySpu: new Map(firstOfSpu.map((k) => [k.spuId, k])) };
}

/**
 * Which values a SKU of goods with variants takes from its goods: those it was saved without.
 * The values themselves are filled by fillSkuValuesFromGoods.
 */
export function skuValuesFromGoods(sku: { costPrice?: string | null; weight?: string | null }) {
  return { costPriceFromGoods: sku.costPrice == null, weightFromGoods: sku.weight == null };
}

/**
 * The one place of the rule "a SKU without its own cost price or weight has the goods'": the
 * SKUs of these goods that take a value from the goods get the goods' current value. Run after
 * goods or their SKUs are written (create, edit, add a SKU, import), in the same transaction.
 */
export async function fillSkuValuesFromGoods(tx: Tx, domainId: number, spuIds: number[]): Promise<void> {
  if (!spuIds.length) return;
  await tx.execute(sql`
    update skus k set
      cost_price = case when k.cost_price_from_goods then p.cost_price else k.cost_price end,
      weight = case when k.weight_from_goods then p.weight else k.weight end
    from spus p
    where k.domain_id = ${domainId} and p.domain_id = ${domainId} and p.id = k.spu_id and k.spu_id = any(${bigintArray(spuIds)})
      and ((k.cost_price_from_goods and k.cost_price is distinct from p.cost_price) or (k.weight_from_goods and k.weight is distinct from p.weight))`);
}

export async function liveSkusOfSpus(tx: Tx, domainId: number, spuIds: number[]) {
  if (!spuIds.length) return [];
  return tx
    .select()
    .from(skus)
    .where(and(liveSku(domainId), sql`${skus.spuId} = any(${bigintArray(spuIds)})`))
    .orderBy(asc(skus.id));
}

export async function findLiveSpu(tx: Tx, domainId: number, id: number) {
  const [row] = await tx
    .select()
    .from(spus)
    .where(and(liveSpu(domainId), eq(spus.id, id)));
  return row;
}

export async function liveSpusByIds(tx: Tx, domainId: number, ids: number[]) {
  if (!ids.length) return [];
  return tx
    .select()
    .from(spus)
    .where(and(liveSpu(domainId), sql`${spus.id} = any(${bigintArray(ids)})`));
}

export async function goodsCounts(tx: Tx, domainId: number) {
  const [row] = await tx
    .select({
      spuCount: sql<number>`count(*) filter (where not ${spus.isCombination})::int`,
      combinationCount: sql<number>`count(*) filter (where ${spus.isCombination})::int`,
    })
    .from(spus)
    .where(liveSpu(domainId));
  const [sku] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(skus)
    .where(and(liveSku(domainId), eq(skus.isCombination, false)));
  return { spuCount: row?.spuCount ?? 0, combinationCount: row?.combinationCount ?? 0, skuCount: sku?.n ?? 0 };
}

export { liveSku, liveSpu };
