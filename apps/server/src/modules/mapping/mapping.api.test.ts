// Online goods mapping over HTTP: the two tabs, confirming, matching by code, replacing,
// unbinding, the recycle bin, copying names and pictures, hand-made online SKUs; refusals that
// change nothing, another domain, and a sub-account without the menu.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness.js';
import { combinationRow, goodsRow, itemOf, mappingSeller, onlineItems, storeRow, type Seller } from '../../../test/factories/mapping.js';
import { operationLogs, skus, spus, tbSkus } from '../../db/schema/index.js';
import type { SkuMappingReplacedHandler } from './index.js';

const t = await createTestApp();
const P = '/myhome/tbspu';

const waiting = (token: string, filter: Record<string, unknown> = {}) => t.call(`${P}/searchPageList/notComfired`, { pageSize: 100, ...filter }, { token });
const confirmed = (token: string, filter: Record<string, unknown> = {}) => t.call(`${P}/searchPageList/hasComfired`, { pageSize: 100, ...filter }, { token });
const recycleBin = (token: string, filter: Record<string, unknown> = {}) => t.call(`${P}/searchPageList/recycleBin`, { pageSize: 100, ...filter }, { token });

async function tbSkuRows(domainId: number) {
  return t.database.db.select().from(tbSkus).where(eq(tbSkus.domainId, domainId)).orderBy(tbSkus.id);
}

/** A seller with a store holding item A (codes A-1 matching, A-2 not) and goods A-1. */
async function sellerWithItems(): Promise<Seller & { storeId: number; goods: Awaited<ReturnType<typeof goodsRow>> }> {
  const seller = await mappingSeller(t);
  const store = await storeRow(t, seller.domainId, { name: 'Tmall flagship' });
  const goods = await goodsRow(t, seller.domainId, ['A-1', 'A-9']);
  await onlineItems(t, seller.domainId, store.id, [itemOf('1001', ['A-1', 'NOPE'])]);
  return { ...seller, storeId: store.id, goods };
}

describe('the waiting and confirmed tabs', () => {
  it('lists online SKUs with their item, store and the SKU proposed by code', async () => {
    const s = await sellerWithItems();
    const answer = await waiting(s.token);
    expect(answer.body.data.total).toBe(2);
    const [first, second] = answer.body.data.voList;
    expect(first).toMatchObject({
      storeName: 'Tmall flagship',
      platformCode: 'CI_PLATFORM_TAOBAO',
      tbSpuId: '1001',
      tbSkuId: '1001-1',
      itemTitle: 'Item 1001',
      properties: 'Colour:C1',
      outerSkuId: 'A-1',
      price: '19.9000',
      picUrl: 'https://img.example.com/1001.jpg',
      mappingStatus: 'wait',
      skuId: s.goods.sku.id,
      sku: { code: 'A-1', name: 'Mug', specifications: 'spec A-1' },
    });
    expect(second).toMatchObject({ tbSkuId: '1001-2', skuId: null, sku: null });
    expect((await confirmed(s.token)).body.data.total).toBe(0);
  });

  it('filters by store, platform, keyword, mapped SKU and whether a SKU is proposed', async () => {
    const s = await sellerWithItems();
    const other = await storeRow(t, s.domainId, { platformCode: 'CI_PLATFORM_JD' });
    await onlineItems(t, s.domainId, other.id, [itemOf('2002', ['B-1'], { title: 'Blue kettle' })], 'CI_PLATFORM_JD');
    const ids = async (filter: Record<string, unknown>) => (await waiting(s.token, filter)).body.data.voList.map((r: any) => r.tbSkuId);
    expect(await ids({ storeId: other.id })).toEqual(['2002-1']);
    expect(await ids({ platformCode: 'CI_PLATFORM_TAOBAO' })).toEqual(['1001-1', '1001-2']);
    expect(await ids({ keyword: 'kettle' })).toEqual(['2002-1']);
    expect(await ids({ keyword: 'nope' })).toEqual(['1001-2']);
    expect(await ids({ keyword: '1001-2' })).toEqual(['1001-2']);
    expect(await ids({ skuKeyword: 'A-1' })).toEqual(['1001-1']);
    expect(await ids({ hasSku: false })).toEqual(['2002-1', '1001-2']);
    expect(await ids({ keyword: '100%' })).toEqual([]);
  });

  it('refuses a bad filter, naming the field', async () => {
    const s = await sellerWithItems();
    const answer = await waiting(s.token, { pageSize: 5000 });
    expect(answer.body.errorCode).toBe('ERR_VALIDATION');
    expect(answer.body.params?.field).toBe('pageSize');
  });
});

describe('confirming', () => {
  it('confirms the proposed SKU and moves the row to the confirmed tab, with a log entry', async () => {
    const s = await sellerWithItems();
    const [row] = (await waiting(s.token)).body.data.voList;
    const answer = await t.call(`${P}/comfireTbSku`, { id: row.id, version: row.version }, { token: s.token });
    expect(answer.body.data).toMatchObject({ id: row.id, mappingStatus: 'already', skuId: s.goods.sku.id, version: row.version + 1 });
    expect((await confirmed(s.token)).body.data.voList.map((r: any) => r.id)).toEqual([row.id]);
    const logs = await t.database.db.select().from(operationLogs).where(and(eq(operationLogs.domainId, s.domainId), eq(operationLogs.entityId, String(row.id))));
    expect(logs.map((l) => l.action)).toContain('confirm');
  });

  it('drops a proposal whose SKU was deleted since, and refuses to confirm it', async () => {
    const s = await sellerWithItems();
    await t.database.db.update(skus).set({ delFlag: true }).where(eq(skus.id, s.goods.sku.id));
    const [row] = (await waiting(s.token)).body.data.voList;
    expect(row).toMatchObject({ tbSkuId: '1001-1', skuId: null, sku: null });
    expect((await waiting(s.token, { hasSku: true })).body.data.total).toBe(0);
    const answer = await t.call(`${P}/comfireTbSku`, { id: row.id }, { token: s.token });
    expect(answer.body.errorCode).toBe('ERR_MAPPING_SKU_DELETED');
  });

  it('confirms with a SKU chosen in the call', async () => {
    const s = await sellerWithItems();
    const row = (await waiting(s.token)).body.data.voList[1];
    const answer = await t.call(`${P}/comfireTbSku`, { id: row.id, skuId: s.goods.skus[1]!.id }, { token: s.token });
    expect(answer.body.data).toMatchObject({ mappingStatus: 'already', sku: { code: 'A-9' } });
  });

  it('refuses to confirm an online SKU without a system SKU, and changes nothing', async () => {
    const s = await sellerWithItems();
    const row = (await waiting(s.token)).body.data.voList[1];
    const before = await tbSkuRows(s.domainId);
    const answer = await t.call(`${P}/comfireTbSku`, { id: row.id }, { token: s.token });
    expect(answer.body).toMatchObject({ success: false, errorCode: 'ERR_MAPPING_SKU_REQUIRED', params: { field: 'skuId', tbSkuId: '1001-2' } });
    expect(answer.body.message).toContain('1001-2');
    expect(await tbSkuRows(s.domainId)).toEqual(before);
  });

  it('refuses a stale version, a confirmed row, a deleted SKU, an empty combination and an unknown SKU', async () => {
    const s = await sellerWithItems();
    const [a, b] = (await waiting(s.token)).body.data.voList;
    const stale = await t.call(`${P}/comfireTbSku`, { id: a.id, version: a.version + 5 }, { token: s.token });
    expect(stale.body.errorCode).toBe('ERR_VERSION_CONFLICT');

    const gone = await goodsRow(t, s.domainId, ['GONE-1'], { deleted: true });
    const deleted = await t.call(`${P}/comfireTbSku`, { id: b.id, skuId: gone.sku.id }, { token: s.token });
    expect(deleted.body).toMatchObject({ errorCode: 'ERR_MAPPING_SKU_DELETED', params: { field: 'skuId', code: 'GONE-1' } });

    const broken = await combinationRow(t, s.domainId, 'SET-EMPTY', []);
    const empty = await t.call(`${P}/comfireTbSku`, { id: b.id, skuId: broken.id }, { token: s.token });
    expect(empty.body.errorCode).toBe('ERR_MAPPING_SKU_COMBINATION_EMPTY');

    const unknown = await t.call(`${P}/comfireTbSku`, { id: b.id, skuId: 987654321 }, { token: s.token });
    expect(unknown.body).toMatchObject({ errorCode: 'ERR_MAPPING_SKU_NOT_FOUND', params: { field: 'skuId' } });

    const set = await combinationRow(t, s.domainId, 'SET-OK', [s.goods.sku.id]);
    const good = await t.call(`${P}/comfireTbSku`, { id: b.id, skuId: set.id }, { token: s.token });
    expect(good.body.data).toMatchObject({ mappingStatus: 'already', sku: { code: 'SET-OK', isCombination: true } });
    const again = await t.call(`${P}/comfireTbSku`, { id: b.id }, { token: s.token });
    expect(again.body.errorCode).toBe('ERR_MAPPING_ALREADY_CONFIRMED');
  });

  it('confirms a list all or none: one row without a SKU keeps every row waiting', async () => {
    const s = await sellerWithItems();
    const [a, b] = (await waiting(s.token)).body.data.voList;
    const refused = await t.call(`${P}/comfireTbSkuList`, { idList: [a.id, b.id] }, { token: s.token });
    expect(refused.body).toMatchObject({ errorCode: 'ERR_MAPPING_SKU_REQUIRED', params: { tbSkuId: '1001-2' } });
    expect((await tbSkuRows(s.domainId)).map((r) => r.mappingStatus)).toEqual(['wait', 'wait']);
    const done = await t.call(`${P}/comfireTbSkuList`, { idList: [a.id] }, { token: s.token });
    expect(done.body.data).toEqual({ count: 1 });
    expect((await tbSkuRows(s.domainId)).map((r) => r.mappingStatus)).toEqual(['already', 'wait']);
  });
});

describe('matching all by code', () => {
  it('confirms every waiting online SKU whose outer code equals a live SKU code, and reports the counts', async () => {
    const seller = await mappingSeller(t);
    const store = await storeRow(t, seller.domainId);
    await onlineItems(t, seller.domainId, store.id, [itemOf('1', ['M-1', 'M-2', 'M-3', 'M-DEL', 'M-SET', undefined])]);
    // Goods made after the sync: no proposal yet, matchAll finds them.
    const goods = await goodsRow(t, seller.domainId, ['M-1', 'M-2']);
    await goodsRow(t, seller.domainId, ['M-DEL'], { deleted: true });
    await combinationRow(t, seller.domainId, 'M-SET', []);
    const rows = (await waiting(seller.token)).body.data.voList;
    // One online SKU in the recycle bin is not matched.
    await t.call(`${P}/deleteTbSku`, { id: rows[1].id }, { token: seller.token });

    const answer = await t.call(`${P}/matchAll`, {}, { token: seller.token });
    expect(answer.body.data).toEqual({ matched: 1, unmatched: 4 });
    const after = await tbSkuRows(seller.domainId);
    expect(after.filter((r) => r.mappingStatus === 'already').map((r) => [r.outerSkuId, r.skuId])).toEqual([['M-1', goods.skus[0]!.id]]);
    expect(after.find((r) => r.outerSkuId === 'M-2')).toMatchObject({ mappingStatus: 'wait', deleted: true, skuId: null });
    const logs = await t.database.db.select().from(operationLogs).where(and(eq(operationLogs.domainId, seller.domainId), eq(operationLogs.action, 'matchByCode')));
    expect(logs).toHaveLength(1);

    const again = await t.call(`${P}/matchAll`, {}, { token: seller.token });
    expect(again.body.data).toEqual({ matched: 0, unmatched: 4 });
  });

  it('can be limited to one store', async () => {
    const seller = await mappingSeller(t);
    const one = await storeRow(t, seller.domainId);
    const two = await storeRow(t, seller.domainId);
    await goodsRow(t, seller.domainId, ['S-1']);
    await onlineItems(t, seller.domainId, one.id, [itemOf('1', ['S-1'])]);
    await onlineItems(t, seller.domainId, two.id, [itemOf('2', ['S-1'])]);
    const answer = await t.call(`${P}/matchAll`, { storeId: two.id }, { token: seller.token });
    expect(answer.body.data).toEqual({ matched: 1, unmatched: 0 });
    expect((await tbSkuRows(seller.domainId)).map((r) => [r.storeId, r.mappingStatus])).toEqual([
      [one.id, 'wait'],
      [two.id, 'already'],
    ]);
  });
});

describe('replacing the mapped SKU', () => {
  it('maps an online SKU to another SKU and confirms it', async () => {
    const s = await sellerWithItems();
    const [row] = (await waiting(s.token)).body.data.voList;
    const answer = await t.call(`${P}/replaceTbSku`, { tbSkuId: row.tbSkuId, skuId: s.goods.skus[1]!.id, version: row.version }, { token: s.token });
    expect(answer.body.data).toMatchObject({ updatedOrderCount: 0, row: { mappingStatus: 'already', skuId: s.goods.skus[1]!.id, sku: { code: 'A-9' } } });
  });

  it('asks the orders area to move unshipped order lines only when told to, and answers the total', async () => {
    const s = await sellerWithItems();
    const calls: unknown[] = [];
    const handler: SkuMappingReplacedHandler = async (_tx, domainId, change) => {
      if (domainId !== s.domainId) return 0;
      calls.push(change);
      return 2;
    };
    t.app.services.registry.add('sku-mapping-replaced', handler);
    t.app.services.registry.add('sku-mapping-replaced', (async (_tx, domainId) => (domainId === s.domainId ? 1 : 0)) as SkuMappingReplacedHandler);
    const [row] = (await waiting(s.token)).body.data.voList;
    const quiet = await t.call(`${P}/replaceTbSku`, { tbSkuId: row.tbSkuId, skuId: s.goods.skus[1]!.id }, { token: s.token });
    expect(quiet.body.data.updatedOrderCount).toBe(0);
    expect(calls).toEqual([]);
    const told = await t.call(`${P}/replaceTbSku`, { tbSkuId: row.tbSkuId, skuId: s.goods.sku.id, isUpdateNormalOrderDetail: true }, { token: s.token });
    expect(told.body.data.updatedOrderCount).toBe(3);
    expect(calls).toEqual([{ tbSkuId: '1001-1', storeId: s.storeId, tbSkuRowId: row.id, oldSkuId: s.goods.skus[1]!.id, newSkuId: s.goods.sku.id }]);
  });

  it('rolls the replacement back when updating the orders fails', async () => {
    const s = await sellerWithItems();
    t.app.services.registry.add('sku-mapping-replaced', (async (_tx, domainId) => {
      if (domainId === s.domainId) throw new Error('orders refused');
      return 0;
    }) as SkuMappingReplacedHandler);
    const [row] = (await waiting(s.token)).body.data.voList;
    const before = await tbSkuRows(s.domainId);
    const answer = await t.call(`${P}/replaceTbSku`, { tbSkuId: row.tbSkuId, skuId: s.goods.skus[1]!.id, isUpdateNormalOrderDetail: true }, { token: s.token });
    expect(answer.status).toBe(500);
    expect(await tbSkuRows(s.domainId)).toEqual(before);
  });

  it('takes the platform SKU id as tbSkuId, and asks for the store when two stores list it', async () => {
    const s = await sellerWithItems();
    const other = await storeRow(t, s.domainId, { name: 'Second store' });
    await onlineItems(t, s.domainId, other.id, [itemOf('1001', ['X-1'])]);
    const before = await tbSkuRows(s.domainId);
    const ambiguous = await t.call(`${P}/replaceTbSku`, { tbSkuId: '1001-1', skuId: s.goods.skus[1]!.id }, { token: s.token });
    expect(ambiguous.body).toMatchObject({ success: false, errorCode: 'ERR_MAPPING_TB_SKU_AMBIGUOUS', params: { field: 'storeId', tbSkuId: '1001-1' } });
    expect(await tbSkuRows(s.domainId)).toEqual(before);
    const named = await t.call(`${P}/replaceTbSku`, { tbSkuId: '1001-1', storeId: other.id, skuId: s.goods.skus[1]!.id }, { token: s.token });
    expect(named.body.data.row).toMatchObject({ storeId: other.id, tbSkuId: '1001-1', mappingStatus: 'already', skuId: s.goods.skus[1]!.id });
    const unknown = await t.call(`${P}/replaceTbSku`, { tbSkuId: 'NO-SUCH-SKU', skuId: s.goods.sku.id }, { token: s.token });
    expect(unknown.body).toMatchObject({ errorCode: 'ERR_NOT_FOUND', params: { field: 'tbSkuId' } });
  });

  it('refuses an online SKU in the recycle bin and a deleted SKU', async () => {
    const s = await sellerWithItems();
    const [a, b] = (await waiting(s.token)).body.data.voList;
    await t.call(`${P}/deleteTbSku`, { id: a.id }, { token: s.token });
    const binned = await t.call(`${P}/replaceTbSku`, { tbSkuId: a.tbSkuId, skuId: s.goods.sku.id }, { token: s.token });
    expect(binned.body).toMatchObject({ errorCode: 'ERR_MAPPING_IN_RECYCLE_BIN', params: { field: 'tbSkuId' } });
    await t.database.db.update(skus).set({ delFlag: true }).where(eq(skus.id, s.goods.skus[1]!.id));
    const deleted = await t.call(`${P}/replaceTbSku`, { tbSkuId: b.tbSkuId, skuId: s.goods.skus[1]!.id }, { token: s.token });
    expect(deleted.body.errorCode).toBe('ERR_MAPPING_SKU_DELETED');
  });
});

describe('unbinding', () => {
  it('unbinds one online SKU back to waiting without a SKU', async () => {
    const s = await sellerWithItems();
    const [row] = (await waiting(s.token)).body.data.voList;
    await t.call(`${P}/comfireTbSku`, { id: row.id }, { token: s.token });
    const answer = await t.call(`${P}/unbundTbSku`, { id: row.id }, { token: s.token });
    expect(answer.body.data).toMatchObject({ mappingStatus: 'wait', skuId: null, sku: null, confirmedAt: null });
    const again = await t.call(`${P}/unbundTbSku`, { id: row.id }, { token: s.token });
    expect(again.body.errorCode).toBe('ERR_MAPPING_NOT_MAPPED');
  });

  it('unbinds every SKU of the chosen online items', async () => {
    const s = await sellerWithItems();
    const rows = (await waiting(s.token)).body.data.voList;
    await t.call(`${P}/comfireTbSku`, { id: rows[0].id }, { token: s.token });
    await t.call(`${P}/comfireTbSku`, { id: rows[1].id, skuId: s.goods.skus[1]!.id }, { token: s.token });
    const answer = await t.call(`${P}/batchUnbund4TbSpu`, { idList: [rows[0].tbSpuRowId] }, { token: s.token });
    expect(answer.body.data).toEqual({ count: 2 });
    expect((await tbSkuRows(s.domainId)).map((r) => [r.mappingStatus, r.skuId])).toEqual([
      ['wait', null],
      ['wait', null],
    ]);
    const none = await t.call(`${P}/batchUnbund4TbSpu`, { idList: [rows[0].tbSpuRowId] }, { token: s.token });
    expect(none.body.errorCode).toBe('ERR_MAPPING_NOT_MAPPED');
  });
});

describe('the recycle bin', () => {
  it('deletes online SKUs into the recycle bin and restores them', async () => {
    const s = await sellerWithItems();
    const [a, b] = (await waiting(s.token)).body.data.voList;
    expect((await t.call(`${P}/deleteTbSkuList`, { idList: [a.id, b.id] }, { token: s.token })).body.data).toEqual({ count: 2 });
    expect((await waiting(s.token)).body.data.total).toBe(0);
    const bin = await recycleBin(s.token);
    expect(bin.body.data.voList.map((r: any) => [r.id, r.deleted])).toEqual([
      [a.id, true],
      [b.id, true],
    ]);
    const again = await t.call(`${P}/deleteTbSku`, { id: a.id }, { token: s.token });
    expect(again.body.errorCode).toBe('ERR_MAPPING_IN_RECYCLE_BIN');
    expect((await t.call(`${P}/restoreTbSkuList`, { idList: [a.id] }, { token: s.token })).body.data).toEqual({ count: 1 });
    expect((await waiting(s.token)).body.data.voList.map((r: any) => r.id)).toEqual([a.id]);
    expect((await recycleBin(s.token)).body.data.voList.map((r: any) => r.id)).toEqual([b.id]);
  });

  it('refuses to restore an online SKU that is not deleted, and changes nothing', async () => {
    const s = await sellerWithItems();
    const [a, b] = (await waiting(s.token)).body.data.voList;
    await t.call(`${P}/deleteTbSku`, { id: b.id }, { token: s.token });
    const before = await tbSkuRows(s.domainId);
    const answer = await t.call(`${P}/restoreTbSkuList`, { idList: [b.id, a.id] }, { token: s.token });
    expect(answer.body).toMatchObject({ errorCode: 'ERR_MAPPING_NOT_DELETED', params: { tbSkuId: '1001-1' } });
    expect(await tbSkuRows(s.domainId)).toEqual(before);
  });

  it('brings a row back waiting when its mapped SKU was deleted meanwhile', async () => {
    const s = await sellerWithItems();
    const [a] = (await waiting(s.token)).body.data.voList;
    await t.call(`${P}/comfireTbSku`, { id: a.id }, { token: s.token });
    await t.call(`${P}/deleteTbSku`, { id: a.id }, { token: s.token });
    await t.database.db.update(skus).set({ delFlag: true }).where(eq(skus.id, s.goods.sku.id));
    await t.call(`${P}/restoreTbSkuList`, { idList: [a.id] }, { token: s.token });
    const [row] = await tbSkuRows(s.domainId);
    expect(row).toMatchObject({ deleted: false, mappingStatus: 'wait', skuId: null });
  });
});

describe('copying names and pictures to the mapped goods', () => {
  it('copies the online title to the SPU name and the pictures to the SPU and SKUs', async () => {
    const s = await sellerWithItems();
    const [a] = (await waiting(s.token)).body.data.voList;
    const noneMapped = await t.call(`${P}/batchModifySpuFromTbSpu`, { idList: [a.tbSpuRowId] }, { token: s.token });
    expect(noneMapped.body.errorCode).toBe('ERR_MAPPING_NOT_MAPPED');
    await t.call(`${P}/comfireTbSku`, { id: a.id }, { token: s.token });

    const names = await t.call(`${P}/batchModifySpuFromTbSpu`, { idList: [a.tbSpuRowId] }, { token: s.token });
    expect(names.body.data).toEqual({ spuCount: 1, skuCount: 0 });
    const [spu] = await t.database.db.select().from(spus).where(eq(spus.id, s.goods.spu.id));
    expect(spu).toMatchObject({ name: 'Item 1001', version: s.goods.spu.version + 1 });

    const pictures = await t.call(`${P}/batchModifySpuPicFromTbSpu`, { idList: [a.tbSpuRowId] }, { token: s.token });
    expect(pictures.body.data).toEqual({ spuCount: 1, skuCount: 1 });
    const [spuAfter] = await t.database.db.select().from(spus).where(eq(spus.id, s.goods.spu.id));
    const [skuAfter] = await t.database.db.select().from(skus).where(eq(skus.id, s.goods.sku.id));
    expect(spuAfter!.picUrl).toBe('https://img.example.com/1001.jpg');
    expect(skuAfter!.picUrl).toBe('https://img.example.com/1001-1.jpg');
    // Copying again changes nothing more.
    expect((await t.call(`${P}/batchModifySpuPicFromTbSpu`, { idList: [a.tbSpuRowId] }, { token: s.token })).body.data).toEqual({ spuCount: 0, skuCount: 0 });
  });
});

describe('online SKUs typed in by hand', () => {
  it('creates an online SKU of a store, mapped at once when a SKU is given', async () => {
    const s = await sellerWithItems();
    const answer = await t.call(
      `${P}/createTbSkuByHand`,
      { storeId: s.storeId, tbSpuId: 'H1', itemTitle: 'Hand item', tbSkuId: 'H1-1', outerSkuId: 'X', price: 12.5, skuId: s.goods.sku.id },
      { token: s.token },
    );
    expect(answer.body.data).toMatchObject({ tbSkuId: 'H1-1', itemTitle: 'Hand item', price: '12.5000', source: 'HAND', mappingStatus: 'already', skuId: s.goods.sku.id });
    const twice = await t.call(`${P}/createTbSkuByHand`, { storeId: s.storeId, tbSpuId: 'H1', itemTitle: 'Hand item', tbSkuId: 'H1-1' }, { token: s.token });
    expect(twice.body).toMatchObject({ errorCode: 'ERR_MAPPING_TB_SKU_EXISTS', params: { field: 'tbSkuId' } });
    const price = await t.call(`${P}/createTbSkuByHand`, { storeId: s.storeId, tbSpuId: 'H1', itemTitle: 'Hand item', tbSkuId: 'H1-2', price: '1.23456' }, { token: s.token });
    expect(price.body).toMatchObject({ errorCode: 'ERR_VALIDATION', params: { field: 'price' } });
  });
});

describe('creating system goods from an online item', () => {
  it('makes an SPU with one SKU per online SKU and confirms each online SKU to its new SKU', async () => {
    const seller = await mappingSeller(t);
    const store = await storeRow(t, seller.domainId);
    await onlineItems(t, seller.domainId, store.id, [itemOf('900', ['NEW-1', 'NEW-2'], { outerId: 'NEW' })]);
    const [row] = (await waiting(seller.token)).body.data.voList;
    const answer = await t.call(`${P}/createSpuFromTbSpu`, { id: row.tbSpuRowId }, { token: seller.token });
    expect(answer.body.data).toMatchObject({ mapped: 2 });
    const [spu] = await t.database.db.select().from(spus).where(eq(spus.id, answer.body.data.spuId));
    expect(spu).toMatchObject({ code: 'NEW', name: 'Item 900', hasSku: true, picUrl: 'https://img.example.com/900.jpg' });
    const made = await t.database.db.select().from(skus).where(eq(skus.spuId, spu!.id)).orderBy(skus.id);
    expect(made.map((s) => [s.code, s.specifications, s.price])).toEqual([
      ['NEW-1', 'Colour:C1', '19.9000'],
      ['NEW-2', 'Colour:C2', '19.9000'],
    ]);
    expect((await tbSkuRows(seller.domainId)).map((r) => [r.mappingStatus, r.skuId])).toEqual(made.map((s) => ['already', s.id]));
    const again = await t.call(`${P}/createSpuFromTbSpu`, { id: row.tbSpuRowId }, { token: seller.token });
    expect(again.body.errorCode).toBe('ERR_MAPPING_ITEM_ALREADY_MAPPED');
  });

  it('makes goods without variants from an item without variants, with the code and name given', async () => {
    const seller = await mappingSeller(t);
    const store = await storeRow(t, seller.domainId);
    await onlineItems(t, seller.domainId, store.id, [{ tbSpuId: '901', title: 'Plain plate', outerId: 'PLATE' }]);
    const [row] = (await waiting(seller.token)).body.data.voList;
    const answer = await t.call(`${P}/createSpuFromTbSpu`, { id: row.tbSpuRowId, code: 'PLATE-2', name: 'Plate' }, { token: seller.token });
    expect(answer.body.data.mapped).toBe(1);
    const [spu] = await t.database.db.select().from(spus).where(eq(spus.id, answer.body.data.spuId));
    expect(spu).toMatchObject({ code: 'PLATE-2', name: 'Plate', hasSku: false });
    const [sku] = await t.database.db.select().from(skus).where(eq(skus.spuId, spu!.id));
    expect((await tbSkuRows(seller.domainId))[0]).toMatchObject({ mappingStatus: 'already', skuId: sku!.id });
  });

  it('leaves neither goods nor mappings behind when the goods area refuses a code', async () => {
    const seller = await mappingSeller(t);
    const store = await storeRow(t, seller.domainId);
    await goodsRow(t, seller.domainId, ['TAKEN-2']);
    await onlineItems(t, seller.domainId, store.id, [itemOf('902', ['TAKEN-1', 'TAKEN-2'], { outerId: 'TAKEN' })]);
    const spusBefore = await t.database.db.select().from(spus).where(eq(spus.domainId, seller.domainId));
    const before = await tbSkuRows(seller.domainId);
    const [row] = (await waiting(seller.token)).body.data.voList;
    const answer = await t.call(`${P}/createSpuFromTbSpu`, { id: row.tbSpuRowId }, { token: seller.token });
    expect(answer.body).toMatchObject({ success: false, errorCode: 'ERR_GOODS_SKU_CODE_TAKEN' });
    expect(await t.database.db.select().from(spus).where(eq(spus.domainId, seller.domainId))).toEqual(spusBefore);
    expect(await tbSkuRows(seller.domainId)).toEqual(before);
  });
});

describe('another domain', () => {
  it('can neither read nor change the online SKUs of a domain, nor map to its SKUs, nor use its stores', async () => {
    const a = await sellerWithItems();
    const b = await mappingSeller(t);
    const bGoods = await goodsRow(t, b.domainId, ['B-1']);
    const rows = (await waiting(a.token)).body.data.voList;
    const before = await tbSkuRows(a.domainId);

    expect((await waiting(b.token)).body.data.total).toBe(0);
    expect((await recycleBin(b.token)).body.data.total).toBe(0);
    expect((await t.call(`${P}/storeOptions`, {}, { token: b.token })).body.data).toEqual([]);
    const refused = [
      await t.call(`${P}/comfireTbSku`, { id: rows[0].id }, { token: b.token }),
      await t.call(`${P}/comfireTbSkuList`, { idList: [rows[0].id] }, { token: b.token }),
      await t.call(`${P}/replaceTbSku`, { tbSkuId: rows[0].tbSkuId, skuId: bGoods.sku.id }, { token: b.token }),
      await t.call(`${P}/unbundTbSku`, { id: rows[0].id }, { token: b.token }),
      await t.call(`${P}/batchUnbund4TbSpu`, { idList: [rows[0].tbSpuRowId] }, { token: b.token }),
      await t.call(`${P}/deleteTbSku`, { id: rows[0].id }, { token: b.token }),
      await t.call(`${P}/deleteTbSkuList`, { idList: [rows[0].id] }, { token: b.token }),
      await t.call(`${P}/restoreTbSkuList`, { idList: [rows[0].id] }, { token: b.token }),
      await t.call(`${P}/batchModifySpuFromTbSpu`, { idList: [rows[0].tbSpuRowId] }, { token: b.token }),
      await t.call(`${P}/batchModifySpuPicFromTbSpu`, { idList: [rows[0].tbSpuRowId] }, { token: b.token }),
      await t.call(`${P}/createSpuFromTbSpu`, { id: rows[0].tbSpuRowId }, { token: b.token }),
    ];
    for (const answer of refused) expect(answer.body).toMatchObject({ success: false, errorCode: 'ERR_NOT_FOUND' });
    expect((await t.call(`${P}/matchAll`, {}, { token: b.token })).body.data).toEqual({ matched: 0, unmatched: 0 });

    // A cannot map its own row to B's SKU, nor use B's store.
    const foreignSku = await t.call(`${P}/replaceTbSku`, { tbSkuId: rows[0].tbSkuId, skuId: bGoods.sku.id }, { token: a.token });
    expect(foreignSku.body.errorCode).toBe('ERR_MAPPING_SKU_NOT_FOUND');
    const bStore = await storeRow(t, b.domainId);
    const foreignStore = await t.call(`${P}/createTbSkuByHand`, { storeId: bStore.id, tbSpuId: 'X', itemTitle: 'X', tbSkuId: 'X' }, { token: a.token });
    expect(foreignStore.body).toMatchObject({ errorCode: 'ERR_MAPPING_STORE_NOT_FOUND', params: { field: 'storeId' } });
    expect(await tbSkuRows(a.domainId)).toEqual(before);
  });
});

describe('permissions', () => {
  it('refuses a sub-account without MENU_TBSKU_RELATION and changes nothing; one with it may work', async () => {
    const s = await sellerWithItems();
    const [row] = (await waiting(s.token)).body.data.voList;
    const picker = await t.factories.subAccount(s.domainId, { menus: ['MENU_ERPSO', 'MENU_SKU'] });
    const pickerToken = await t.token(picker.loginName, picker.password);
    const list = await waiting(pickerToken);
    expect(list.status).toBe(403);
    expect(list.body.errorCode).toBe('ERR_SECURITY_NO_PERMISSION');
    const before = await tbSkuRows(s.domainId);
    for (const path of ['comfireTbSku', 'matchAll', 'deleteTbSku', 'unbundTbSku']) {
      const answer = await t.call(`${P}/${path}`, { id: row.id }, { token: pickerToken });
      expect(answer.body.errorCode).toBe('ERR_SECURITY_NO_PERMISSION');
    }
    expect(await tbSkuRows(s.domainId)).toEqual(before);

    const mapper = await t.factories.subAccount(s.domainId, { menus: ['MENU_TBSKU_RELATION'] });
    const mapperToken = await t.token(mapper.loginName, mapper.password);
    expect((await t.call(`${P}/comfireTbSku`, { id: row.id }, { token: mapperToken })).body.data.mappingStatus).toBe('already');
  });
});
