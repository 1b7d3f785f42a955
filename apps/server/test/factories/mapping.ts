// Factories of the mapping tests: stores and system goods inserted directly (their areas own
// them), online items through the online-goods service the store connector calls.
import type { OnlineItemInput, OnlineItemsUpsertResult } from '@openseller/core';
import { combinationComponents, skus, spus, stores } from '../../src/db/schema/index.js';
import type { OnlineGoodsService } from '../../src/modules/mapping/index.js';
import { uniqueName, type TestApp } from '../harness.js';

export interface Seller {
  domainId: number;
  userId: number;
  loginName: string;
  password: string;
  token: string;
}

/** A seller domain with its main account signed in. */
export async function mappingSeller(t: TestApp): Promise<Seller> {
  const seller = await t.factories.sellerDomain();
  return { ...seller, token: await t.token(seller.loginName, seller.password) };
}

export async function storeRow(t: TestApp, domainId: number, options: { name?: string; shortName?: string; platformCode?: string } = {}) {
  const [row] = await t.database.db
    .insert(stores)
    .values({
      domainId,
      name: options.name ?? uniqueName('Store '),
      shortName: options.shortName ?? null,
      platformCode: options.platformCode ?? 'CI_PLATFORM_TAOBAO',
    })
    .returning();
  return row!;
}

/** An SPU with one SKU per code. */
export async function goodsRow(t: TestApp, domainId: number, codes: string[], options: { name?: string; deleted?: boolean; picUrl?: string } = {}) {
  const [spu] = await t.database.db
    .insert(spus)
    .values({ domainId, code: uniqueName('SPU'), name: options.name ?? 'Mug', hasSku: codes.length > 1, picUrl: options.picUrl ?? null, delFlag: options.deleted ?? false })
    .returning();
  const rows = await t.database.db
    .insert(skus)
    .values(codes.map((code) => ({ domainId, spuId: spu!.id, code, name: options.name ?? 'Mug', specifications: `spec ${code}`, delFlag: options.deleted ?? false })))
    .returning();
  return { spu: spu!, skus: rows, sku: rows[0]! };
}

/** A combination SKU made of the given SKUs (none: a broken combination). */
export async function combinationRow(t: TestApp, domainId: number, code: string, componentSkuIds: number[]) {
  const [spu] = await t.database.db.insert(spus).values({ domainId, code, name: `Set ${code}`, isCombination: true }).returning();
  const [sku] = await t.database.db.insert(skus).values({ domainId, spuId: spu!.id, code, name: `Set ${code}`, isCombination: true }).returning();
  if (componentSkuIds.length) {
    await t.database.db
      .insert(combinationComponents)
      .values(componentSkuIds.map((id, i) => ({ domainId, comboSkuId: sku!.id, componentSkuId: id, qty: 1, sortIndex: i })));
  }
  return sku!;
}

/** Online items of a store, as the store connector hands them over. */
export async function onlineItems(t: TestApp, domainId: number, storeId: number, items: OnlineItemInput[], platformCode = 'CI_PLATFORM_TAOBAO'): Promise<OnlineItemsUpsertResult> {
  const service = t.app.services.registry.get<OnlineGoodsService>('online-goods');
  return t.database.db.transaction((tx) => service.upsertOnlineItems(tx, domainId, storeId, platformCode, items));
}

/** One online item with SKUs of the given outer codes (platform ids derived from them). */
export function itemOf(tbSpuId: string, outerCodes: (string | undefined)[], extra: Partial<OnlineItemInput> = {}): OnlineItemInput {
  return {
    tbSpuId,
    title: `Item ${tbSpuId}`,
    picUrl: `https://img.example.com/${tbSpuId}.jpg`,
    skus: outerCodes.map((code, i) => ({
      tbSkuId: `${tbSpuId}-${i + 1}`,
      title: `Item ${tbSpuId}`,
      properties: `Colour:C${i + 1}`,
      outerSkuId: code,
      price: '19.9',
      skuPicUrl: `https://img.example.com/${tbSpuId}-${i + 1}.jpg`,
    })),
    ...extra,
  };
}
