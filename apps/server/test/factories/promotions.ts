// Rows the promotions tests need from other areas (goods, stores, online goods), written
// straight into their tables so these tests do not depend on those areas' routes.
import { eq } from 'drizzle-orm';
import { skus, spus, stores, tbSkus, tbSpus } from '../../src/db/schema/index.js';
import { uniqueName, type TestApp } from '../harness.js';

export interface GoodsSku {
  id: number;
  spuId: number;
  code: string;
}

/** An SPU with one SKU per entry of `variants` (codes are made unique). */
export async function promotionGoods(t: TestApp, domainId: number, variants: { name?: string; price?: string; isCombination?: boolean }[] = [{}]): Promise<GoodsSku[]> {
  const code = uniqueName('SPU');
  const [spu] = await t.database.db.insert(spus).values({ domainId, code, name: `Goods ${code}`, hasSku: variants.length > 1 }).returning();
  const result: GoodsSku[] = [];
  for (const [i, v] of variants.entries()) {
    const [sku] = await t.database.db
      .insert(skus)
      .values({
        domainId,
        spuId: spu!.id,
        code: `${code}-${i}`,
        name: v.name ?? `Goods ${code} #${i}`,
        specifications: `spec ${i}`,
        color: 'red',
        size: 'M',
        price: v.price ?? '12.5000',
        isCombination: v.isCombination ?? false,
      })
      .returning();
    result.push({ id: sku!.id, spuId: spu!.id, code: sku!.code });
  }
  return result;
}

/** Marks a SKU deleted, as the goods area does. */
export async function deletePromotionGoods(t: TestApp, skuId: number): Promise<void> {
  await t.database.db.update(skus).set({ delFlag: true }).where(eq(skus.id, skuId));
}

export async function promotionStore(t: TestApp, domainId: number, name = uniqueName('Store ')): Promise<{ id: number; name: string }> {
  const [store] = await t.database.db.insert(stores).values({ domainId, name, platformCode: 'CI_PLATFORM_TAOBAO' }).returning();
  return { id: store!.id, name: store!.name };
}

/** An online item with one online SKU in a store; answers the tb_skus row. */
export async function promotionOnlineSku(t: TestApp, domainId: number, storeId: number, skuId: number | null = null): Promise<{ id: number; tbSkuId: string }> {
  const tbSpuId = uniqueName('TBSPU');
  const [item] = await t.database.db.insert(tbSpus).values({ domainId, storeId, platformCode: 'CI_PLATFORM_TAOBAO', tbSpuId, title: `Online ${tbSpuId}` }).returning();
  const tbSkuId = uniqueName('TBSKU');
  const [row] = await t.database.db
    .insert(tbSkus)
    .values({ domainId, storeId, platformCode: 'CI_PLATFORM_TAOBAO', tbSpuRowId: item!.id, tbSpuId, tbSkuId, title: `Online ${tbSkuId}`, skuId, mappingStatus: skuId ? 'already' : 'wait' })
    .returning();
  return { id: row!.id, tbSkuId };
}

/** A valid createNewPromotion payload: a full-amount gift of `giftSkuId` × 1 from 100. */
export function promotionPayload(giftSkuId: number, extra: Record<string, unknown> = {}) {
  return {
    name: uniqueName('Promo '),
    fromTime: '2026-03-01 00:00:00',
    toTime: '2026-03-31 23:59:59',
    ruleList: [{ ruleType: 'AMOUNT_TYPE', ruleMode: 1, repeatable: false, conditionList: [{ giftList: `${giftSkuId}:1;`, amountMoreThan: '100' }] }],
    ...extra,
  };
}
