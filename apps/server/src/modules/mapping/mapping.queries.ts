// Queries of the online goods mapping. Each takes the domain first and filters by it: no query
// here can read or change another domain's online items, stores or SKUs. System goods and stores
// are read here, never written (goods and stores own them).
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { MappedSkuView, MappingStatus, MappingStoreOption, OnlineSkuSource, TbSkuRow, TbSkuSearchInput } from '@openseller/core';
import type { Tx } from '../../db/client.js';
import { qualified } from '../../db/columns.js';
import { skus, spus, stores, tbSkus, tbSpus } from '../../db/schema/index.js';
import { isoTime as iso } from '../../platform/time.js';
import { pageOffset } from '../../platform/paging.js';
import { idsIn, textsIn } from '../../platform/sql.js';


/** Escapes LIKE wildcards in user text. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => '\\' + c)}%`;

/** Which list: the two tabs of /goods/mapping, or the recycle bin. */
export type TbSkuScope = MappingStatus | 'deleted';

const rowColumns = {
  sku: tbSkus,
  itemTitle: tbSpus.title,
  outerId: tbSpus.outerId,
  picUrl: tbSpus.picUrl,
  itemStatus: tbSpus.status,
  storeName: stores.name,
  mappedId: skus.id,
  mappedSpuId: skus.spuId,
  mappedCode: skus.code,
  mappedName: skus.name,
  mappedSpecifications: skus.specifications,
  mappedPicUrl: skus.picUrl,
  mappedIsCombination: skus.isCombination,
  mappedSpuName: spus.name,
  mappedSpuPicUrl: spus.picUrl,
  mappedDeleted: sql<boolean | null>`(${skus.delFlag} or ${spus.delFlag})`,
};

type JoinedRow = {
  sku: typeof tbSkus.$inferSelect;
  itemTitle: string;
  outerId: string | null;
  picUrl: string | null;
  itemStatus: string;
  storeName: string;
  mappedId: number | null;
  mappedSpuId: number | null;
  mappedCode: string | null;
  mappedName: string | null;
  mappedSpecifications: string | null;
  mappedPicUrl: string | null;
  mappedIsCombination: boolean | null;
  mappedSpuName: string | null;
  mappedSpuPicUrl: string | null;
  mappedDeleted: boolean | null;
};

function toRow(r: JoinedRow): TbSkuRow {
  const s = r.sku;
  // A proposal whose SKU was deleted since is no proposal any more.
  const deadProposal = s.mappingStatus === 'wait' && r.mappedDeleted === true;
  const mapped: MappedSkuView | null =
    r.mappedId === null || deadProposal
      ? null
      : {
          id: r.mappedId,
          spuId: r.mappedSpuId!,
          code: r.mappedCode!,
          name: r.mappedName,
          spuName: r.mappedSpuName ?? '',
          specifications: r.mappedSpecifications,
          picUrl: r.mappedPicUrl ?? r.mappedSpuPicUrl,
          isCombination: r.mappedIsCombination ?? false,
        };
  return {
    id: s.id,
    version: s.version,
    storeId: s.storeId,
    storeName: r.storeName,
    platformCode: s.platformCode,
    tbSpuRowId: s.tbSpuRowId,
    tbSpuId: s.tbSpuId,
    tbSkuId: s.tbSkuId,
    itemTitle: r.itemTitle,
    title: s.title,
    properties: s.properties,
    outerId: r.outerId,
    outerSkuId: s.outerSkuId,
    price: s.salePrice,
    picUrl: r.picUrl,
    skuPicUrl: s.skuPicUrl,
    itemStatus: r.itemStatus,
    source: s.source as OnlineSkuSource,
    mappingStatus: s.mappingStatus as MappingStatus,
    skuId: deadProposal ? null : s.skuId,
    sku: mapped,
    confirmedAt: iso(s.confirmedAt),
    deleted: s.deleted,
    deletedAt: iso(s.deletedAt),
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

function joined(tx: Tx) {
  return tx
    .select(rowColumns)
    .from(tbSkus)
    .innerJoin(tbSpus, and(eq(tbSpus.id, tbSkus.tbSpuRowId), eq(tbSpus.domainId, tbSkus.domainId)))
    .innerJoin(stores, and(eq(stores.id, tbSkus.storeId), eq(stores.domainId, tbSkus.domainId)))
    .leftJoin(skus, and(eq(skus.id, tbSkus.skuId), eq(skus.domainId, tbSkus.domainId)))
    .leftJoin(spus, and(eq(spus.id, skus.spuId), eq(spus.domainId, skus.domainId)));
}

function searchConditions(domainId: number, scope: TbSkuScope, filter: TbSkuSearchInput): SQL[] {
  const conditions: SQL[] = [eq(tbSkus.domainId, domainId)];
  if (scope === 'deleted') conditions.push(eq(tbSkus.deleted, true));
  else conditions.push(eq(tbSkus.deleted, false), eq(tbSkus.mappingStatus, scope));
  if (filter.storeId) conditions.push(eq(tbSkus.storeId, filter.storeId));
  if (filter.platformCode) conditions.push(eq(tbSkus.platformCode, filter.platformCode));
  if (filter.hasSku !== undefined) {
    const live = sql`(${skus.id} is not null and not ${skus.delFlag} and not ${spus.delFlag})`;
    conditions.push(filter.hasSku ? live : sql`not ${live}`);
  }
  if (filter.keyword) {
    const p = likePattern(filter.keyword);
    conditions.push(
      or(
        ilike(tbSpus.title, p),
        ilike(tbSkus.title, p),
        ilike(tbSkus.properties, p),
        ilike(tbSkus.outerSkuId, p),
        ilike(tbSpus.outerId, p),
        ilike(tbSkus.tbSpuId, p),
        ilike(tbSkus.tbSkuId, p),
      )!,
    );
  }
  if (filter.skuKeyword) {
    const p = likePattern(filter.skuKeyword);
    conditions.push(or(ilike(skus.code, p), ilike(skus.name, p), ilike(spus.name, p))!);
  }
  return conditions;
}

export async function searchTbSkus(tx: Tx, domainId: number, scope: TbSkuScope, filter: TbSkuSearchInput): Promise<{ rows: TbSkuRow[]; total: number }> {
  const where = and(...searchConditions(domainId, scope, filter));
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(tbSkus)
    .innerJoin(tbSpus, and(eq(tbSpus.id, tbSkus.tbSpuRowId), eq(tbSpus.domainId, tbSkus.domainId)))
    .leftJoin(skus, and(eq(skus.id, tbSkus.skuId), eq(skus.domainId, tbSkus.domainId)))
    .leftJoin(spus, and(eq(spus.id, skus.spuId), eq(spus.domainId, skus.domainId)))
    .where(where);
  // The SKUs of one online item stay together, newest item first.
  const order = scope === 'deleted' ? [desc(tbSkus.deletedAt), asc(tbSkus.id)] : [desc(tbSkus.tbSpuRowId), asc(tbSkus.id)];
  const rows = await joined(tx)
    .where(where)
    .orderBy(...order)
    .limit(filter.pageSize)
    .offset(pageOffset(filter));
  return { total: count?.n ?? 0, rows: rows.map(toRow) };
}

export async function tbSkuRowsByIds(tx: Tx, domainId: number, ids: number[]): Promise<TbSkuRow[]> {
  if (!ids.length) return [];
  const rows = await joined(tx)
    .where(and(eq(tbSkus.domainId, domainId), idsIn(tbSkus.id, ids)))
    .orderBy(asc(tbSkus.id));
  return rows.map(toRow);
}

/** Locks the online SKUs of the domain among `ids` for the rest of the transaction. */
export async function lockTbSkus(tx: Tx, domainId: number, ids: number[]) {
  if (!ids.length) return [];
  return tx
    .select()
    .from(tbSkus)
    .where(and(eq(tbSkus.domainId, domainId), idsIn(tbSkus.id, ids)))
    .orderBy(asc(tbSkus.id))
    .for('update');
}

export async function lockTbSkusOfItems(tx: Tx, domainId: number, tbSpuRowIds: number[]) {
  if (!tbSpuRowIds.length) return [];
  return tx
    .select()
    .from(tbSkus)
    .where(and(eq(tbSkus.domainId, domainId), idsIn(tbSkus.tbSpuRowId, tbSpuRowIds)))
    .orderBy(asc(tbSkus.id))
    .for('update');
}

export async function tbSpusByIds(tx: Tx, domainId: number, ids: number[]) {
  if (!ids.length) return [];
  return tx
    .select()
    .from(tbSpus)
    .where(and(eq(tbSpus.domainId, domainId), idsIn(tbSpus.id, ids)))
    .orderBy(asc(tbSpus.id));
}

export async function findStore(tx: Tx, domainId: number, storeId: number) {
  const [row] = await tx
    .select({ id: stores.id, name: stores.name, platformCode: stores.platformCode })
    .from(stores)
    .where(and(eq(stores.domainId, domainId), eq(stores.id, storeId)));
  return row;
}

export async function storesOfDomain(tx: Tx, domainId: number): Promise<MappingStoreOption[]> {
  return tx
    .select({ id: stores.id, name: stores.name, shortName: stores.shortName, platformCode: stores.platformCode, usable: stores.usable })
    .from(stores)
    .where(eq(stores.domainId, domainId))
    .orderBy(asc(stores.name), asc(stores.id));
}

export interface MappableSku {
  id: number;
  code: string;
  spuId: number;
  deleted: boolean;
  isCombination: boolean;
  componentCount: number;
}

/** The system SKUs among `ids` in the domain, with what decides whether they can be mapped. */
export async function skusForMapping(tx: Tx, domainId: number, ids: number[]): Promise<Map<number, MappableSku>> {
  if (!ids.length) return new Map();
  const rows = await tx
    .select({
      id: skus.id,
      code: skus.code,
      spuId: skus.spuId,
      skuDeleted: skus.delFlag,
      spuDeleted: spus.delFlag,
      isCombination: skus.isCombination,
      componentCount: sql<number>`(select count(*)::int from combination_components c where c.combo_sku_id = ${qualified(skus.id)} and c.domain_id = ${qualified(skus.domainId)})`,
    })
    .from(skus)
    .innerJoin(spus, and(eq(spus.id, skus.spuId), eq(spus.domainId, skus.domainId)))
    .where(and(eq(skus.domainId, domainId), idsIn(skus.id, ids)));
  return new Map(
    rows.map((r) => [
      r.id,
      { id: r.id, code: r.code, spuId: r.spuId, deleted: r.skuDeleted || r.spuDeleted, isCombination: r.isCombination, componentCount: r.componentCount },
    ]),
  );
}

/** Code → SKU id of the live, mappable system SKUs whose code is among `codes`. */
export async function mappableSkuIdsByCode(tx: Tx, domainId: number, codes: string[]): Promise<Map<string, number>> {
  const unique = [...new Set(codes)];
  if (!unique.length) return new Map();
  const rows = await tx
    .select({ id: skus.id, code: skus.code })
    .from(skus)
    .innerJoin(spus, and(eq(spus.id, skus.spuId), eq(spus.domainId, skus.domainId)))
    .where(
      and(
        eq(skus.domainId, domainId),
        textsIn(skus.code, unique),
        eq(skus.delFlag, false),
        eq(spus.delFlag, false),
        sql`(not ${skus.isCombination} or exists (select 1 from combination_components c where c.combo_sku_id = ${qualified(skus.id)} and c.domain_id = ${qualified(skus.domainId)}))`,
      ),
    );
  return new Map(rows.map((r) => [r.code, r.id]));
}

/** Keeps each online item's recycle-bin flag in step with its SKUs: deleted when all are. Rows already in step are left alone. */
export async function refreshItemDeletedFlags(tx: Tx, domainId: number, tbSpuRowIds: number[], now: Date): Promise<void> {
  const ids = [...new Set(tbSpuRowIds)];
  if (!ids.length) return;
  await tx
    .update(tbSpus)
    .set({
      deleted: sql`not exists (select 1 from tb_skus s where s.tb_spu_row_id = ${qualified(tbSpus.id)} and s.domain_id = ${qualified(tbSpus.domainId)} and s.deleted = false)`,
      deletedAt: sql`case when exists (select 1 from tb_skus s where s.tb_spu_row_id = ${qualified(tbSpus.id)} and s.domain_id = ${qualified(tbSpus.domainId)} and s.deleted = false) then null else coalesce(${qualified(tbSpus.deletedAt)}, ${now}) end`,
      updatedAt: now,
    })
    .where(
      and(
        eq(tbSpus.domainId, domainId),
        idsIn(tbSpus.id, ids),
        sql`${tbSpus.deleted} = exists (select 1 from tb_skus s where s.tb_spu_row_id = ${qualified(tbSpus.id)} and s.domain_id = ${qualified(tbSpus.domainId)} and s.deleted = false)`,
      ),
    );
}

export async function countWaiting(tx: Tx, domainId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(tbSkus)
    .where(and(eq(tbSkus.domainId, domainId), eq(tbSkus.mappingStatus, 'wait'), eq(tbSkus.deleted, false)));
  return row?.n ?? 0;
}

export async function countItemsOfStore(tx: Tx, domainId: number, storeId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(tbSpus)
    .where(and(eq(tbSpus.domainId, domainId), eq(tbSpus.storeId, storeId)));
  return row?.n ?? 0;
}

export async function countMappedToSkus(tx: Tx, domainId: number, skuIds: number[]): Promise<number> {
  if (!skuIds.length) return 0;
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(tbSkus)
    .where(and(eq(tbSkus.domainId, domainId), idsIn(tbSkus.skuId, skuIds), eq(tbSkus.mappingStatus, 'already'), eq(tbSkus.deleted, false)));
  return row?.n ?? 0;
}
