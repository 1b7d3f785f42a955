// Goods seen from elsewhere (spec 02 §7.3): the online SKUs mapped to a goods' SKUs
// (getTbSkus, getTbSkusCount), whether the domain has mapped any online SKU yet
// (existRelationByUserId), and the SKUs a warehouse location holds (sku/getSku4Location).
import { and, asc, eq, ilike, isNotNull, or, sql } from 'drizzle-orm';
import type { Sku4LocationInput, Sku4LocationRow, TbSkuOfGoods, TbSkusOfGoodsInput } from '@openseller/core';
import type { Database } from '../../db/client.js';
import { skus, stockBalances, stores, tbSkus, warehouseLocations, warehouses } from '../../db/schema/index.js';
import { domainOf } from '../../platform/caller.js';
import { notFound } from '../../platform/errors.js';
import type { Session } from '../../platform/sessions.js';
import { idsIn, likePattern } from '../../platform/sql.js';

export function createGoodsLinksService(deps: { database: Database }) {
  const { db } = deps.database;

  /** The domain's SKU ids the input names: a goods' SKUs, or the listed ones that are the domain's. */
  async function skuIdsOf(domainId: number, input: TbSkusOfGoodsInput): Promise<number[]> {
    const conditions = [eq(skus.domainId, domainId)];
    if (input.spuId !== undefined) conditions.push(eq(skus.spuId, input.spuId));
    if (input.skuIdList?.length) conditions.push(idsIn(skus.id, input.skuIdList));
    const rows = await db.select({ id: skus.id }).from(skus).where(and(...conditions));
    if (input.spuId !== undefined && !rows.length) throw notFound('spu');
    return rows.map((r) => r.id);
  }

  const mappedTo = (domainId: number, skuIds: number[]) => and(eq(tbSkus.domainId, domainId), idsIn(tbSkus.skuId, skuIds), eq(tbSkus.deleted, false));

  return {
    async tbSkus(session: Session, input: TbSkusOfGoodsInput): Promise<TbSkuOfGoods[]> {
      const domainId = domainOf(session);
      const skuIds = await skuIdsOf(domainId, input);
      if (!skuIds.length) return [];
      const rows = await db
        .select({ t: tbSkus, storeName: stores.name })
        .from(tbSkus)
        .innerJoin(stores, and(eq(stores.domainId, tbSkus.domainId), eq(stores.id, tbSkus.storeId)))
        .where(mappedTo(domainId, skuIds))
        .orderBy(asc(tbSkus.skuId), asc(stores.name), asc(tbSkus.id))
        .limit(5000);
      return rows.map(({ t, storeName }) => ({
        id: t.id,
        skuId: t.skuId!,
        storeId: t.storeId,
        storeName,
        platformCode: t.platformCode,
        tbSpuId: t.tbSpuId,
        tbSkuId: t.tbSkuId,
        title: t.title,
        properties: t.properties,
        outerSkuId: t.outerSkuId,
        mappingStatus: t.mappingStatus,
      }));
    },

    async tbSkusCount(session: Session, input: TbSkusOfGoodsInput) {
      const domainId = domainOf(session);
      const skuIds = await skuIdsOf(domainId, input);
      if (!skuIds.length) return { total: 0, bySku: [] };
      const rows = await db
        .select({ skuId: tbSkus.skuId, n: sql<number>`count(*)::int` })
        .from(tbSkus)
        .where(mappedTo(domainId, skuIds))
        .groupBy(tbSkus.skuId);
      const counts = new Map(rows.map((r) => [r.skuId!, r.n]));
      const bySku = skuIds.map((skuId) => ({ skuId, count: counts.get(skuId) ?? 0 }));
      return { total: bySku.reduce((sum, r) => sum + r.count, 0), bySku };
    },

    async existRelation(session: Session): Promise<boolean> {
      const domainId = domainOf(session);
      const [row] = await db
        .select({ id: tbSkus.id })
        .from(tbSkus)
        .where(and(eq(tbSkus.domainId, domainId), isNotNull(tbSkus.skuId), eq(tbSkus.deleted, false)))
        .limit(1);
      return !!row;
    },

    async sku4Location(session: Session, input: Sku4LocationInput): Promise<Sku4LocationRow[]> {
      const domainId = domainOf(session);
      const [warehouse] = await db.select({ id: warehouses.id }).from(warehouses).where(and(eq(warehouses.domainId, domainId), eq(warehouses.id, input.warehouseId)));
      if (!warehouse) throw notFound('warehouse');
      const conditions = [eq(stockBalances.domainId, domainId), eq(stockBalances.warehouseId, input.warehouseId), sql`(${stockBalances.onHand} > 0 or ${stockBalances.allocated} > 0)`];
      if (input.locationId !== undefined) conditions.push(eq(stockBalances.locationId, input.locationId));
      if (input.keyword) {
        const p = likePattern(input.keyword);
        conditions.push(or(ilike(skus.code, p), ilike(skus.name, p), ilike(skus.barCode, p))!);
      }
      const rows = await db
        .select({
          skuId: skus.id,
          skuCode: skus.code,
          skuName: skus.name,
          specifications: skus.specifications,
          locationId: stockBalances.locationId,
          locationCode: warehouseLocations.code,
          onHand: stockBalances.onHand,
          allocated: stockBalances.allocated,
        })
        .from(stockBalances)
        .innerJoin(skus, and(eq(skus.domainId, stockBalances.domainId), eq(skus.id, stockBalances.skuId)))
        .leftJoin(warehouseLocations, and(eq(warehouseLocations.domainId, stockBalances.domainId), eq(warehouseLocations.id, stockBalances.locationId)))
        .where(and(...conditions))
        .orderBy(asc(warehouseLocations.code), asc(skus.code))
        .limit(5000);
      return rows;
    },
  };
}

export type GoodsLinksService = ReturnType<typeof createGoodsLinksService>;
