// Where online items come from (the store connector's upsert, the ONLINE_ITEMS spreadsheet
// import) and what other areas read from the mapping: store and SKU references, the home counter.
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness.js';
import { goodsRow, itemOf, mappingSeller, onlineItems, storeRow } from '../../../test/factories/mapping.js';
import { tbSkus, tbSpus } from '../../db/schema/index.js';
import type { SkuReferenceChecker, StoreReferenceChecker } from './index.js';

const t = await createTestApp();
const P = '/myhome/tbspu';

const skuRows = (domainId: number) => t.database.db.select().from(tbSkus).where(eq(tbSkus.domainId, domainId)).orderBy(tbSkus.id);
const itemRows = (domainId: number) => t.database.db.select().from(tbSpus).where(eq(tbSpus.domainId, domainId)).orderBy(tbSpus.id);

describe('online items from the store connector', () => {
  it('adds items and SKUs, proposing the SKU whose code equals the outer code', async () => {
    const s = await mappingSeller(t);
    const store = await storeRow(t, s.domainId);
    const goods = await goodsRow(t, s.domainId, ['C-1']);
    const result = await onlineItems(t, s.domainId, store.id, [itemOf('10', ['C-1', 'C-2']), itemOf('11', ['C-3'])]);
    expect(result).toEqual({ itemsCreated: 2, itemsUpdated: 0, skusCreated: 3, skusUpdated: 0, skusProposed: 1 });
    const rows = await skuRows(s.domainId);
    expect(rows.map((r) => [r.tbSkuId, r.skuId, r.mappingStatus, r.source])).toEqual([
      ['10-1', goods.sku.id, 'wait', 'SYNC'],
      ['10-2', null, 'wait', 'SYNC'],
      ['11-1', null, 'wait', 'SYNC'],
    ]);
  });

  it('is idempotent: the same items again change nothing', async () => {
    const s = await mappingSeller(t);
    const store = await storeRow(t, s.domainId);
    const items = [itemOf('10', ['C-1', 'C-2'])];
    await onlineItems(t, s.domainId, store.id, items);
    const before = { skus: await skuRows(s.domainId), items: await itemRows(s.domainId) };
    const again = await onlineItems(t, s.domainId, store.id, items);
    expect(again).toEqual({ itemsCreated: 0, itemsUpdated: 0, skusCreated: 0, skusUpdated: 0, skusProposed: 0 });
    expect(await skuRows(s.domainId)).toEqual(before.skus);
    expect(await itemRows(s.domainId)).toEqual(before.items);
  });

  it('refreshes titles, properties and prices but never touches a mapping or the recycle bin', async () => {
    const s = await mappingSeller(t);
    const store = await storeRow(t, s.domainId);
    const goods = await goodsRow(t, s.domainId, ['C-1', 'C-9']);
    await onlineItems(t, s.domainId, store.id, [itemOf('10', ['C-1', 'C-2'])]);
    const [a, b] = await skuRows(s.domainId);
    await t.call(`${P}/comfireTbSku`, { id: a!.id, skuId: goods.skus[1]!.id }, { token: await t.token(s.loginName, s.password) });
    await t.call(`${P}/deleteTbSku`, { id: b!.id }, { token: await t.token(s.loginName, s.password) });

    const changed = itemOf('10', ['C-1-NEW', 'C-2'], { title: 'New title' });
    changed.skus![0]!.price = '25';
    const result = await onlineItems(t, s.domainId, store.id, [changed]);
    expect(result).toMatchObject({ itemsUpdated: 1, skusUpdated: 1, skusCreated: 0 });
    const [a2, b2] = await skuRows(s.domainId);
    expect(a2).toMatchObject({ outerSkuId: 'C-1-NEW', salePrice: '25.0000', skuId: goods.skus[1]!.id, mappingStatus: 'already', version: a!.version + 2 });
    expect(b2).toMatchObject({ deleted: true, mappingStatus: 'wait' });
    expect((await itemRows(s.domainId))[0]).toMatchObject({ title: 'New title' });
  });

  it('gives an item without variants one online SKU carrying the item id and outer code', async () => {
    const s = await mappingSeller(t);
    const store = await storeRow(t, s.domainId);
    await onlineItems(t, s.domainId, store.id, [{ tbSpuId: '77', title: 'Single', outerId: 'ONE' }]);
    expect((await skuRows(s.domainId)).map((r) => [r.tbSkuId, r.outerSkuId, r.title])).toEqual([['77', 'ONE', 'Single']]);
  });

  it('refuses bad items, duplicates and another domain\'s store, adding nothing', async () => {
    const s = await mappingSeller(t);
    const store = await storeRow(t, s.domainId);
    const other = await mappingSeller(t);
    const foreign = await storeRow(t, other.domainId);
    await expect(onlineItems(t, s.domainId, store.id, [{ tbSpuId: '', title: 'x' }])).rejects.toMatchObject({ code: 'ERR_VALIDATION', params: { field: 'items.0.tbSpuId' } });
    await expect(onlineItems(t, s.domainId, store.id, [itemOf('1', ['A']), itemOf('1', ['B'])])).rejects.toMatchObject({ params: { field: 'items.1.tbSpuId' } });
    await expect(onlineItems(t, s.domainId, store.id, [itemOf('1', ['A', 'B'], { skus: [{ tbSkuId: 'x' }, { tbSkuId: 'x' }] })])).rejects.toMatchObject({
      params: { field: 'items.0.skus.1.tbSkuId' },
    });
    const price = itemOf('1', ['A']);
    price.skus![0]!.price = '1.23456';
    await expect(onlineItems(t, s.domainId, store.id, [price])).rejects.toMatchObject({ params: { field: 'items.0.skus.0.price' } });
    await expect(onlineItems(t, s.domainId, foreign.id, [itemOf('1', ['A'])])).rejects.toMatchObject({ code: 'ERR_MAPPING_STORE_NOT_FOUND' });
    expect(await skuRows(s.domainId)).toEqual([]);
    expect(await skuRows(other.domainId)).toEqual([]);
  });
});

async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Online items');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const HEADER = ['Store', 'Platform item ID', 'Item title', 'Platform SKU ID', 'SKU properties', 'Outer SKU code', 'Price', 'Picture URL'];

describe('the ONLINE_ITEMS import', () => {
  const get = (id: number, token: string) => t.call('/cloud/core/import/get', { id }, { token });

  it('offers a template with the required columns marked', async () => {
    const s = await mappingSeller(t);
    const response = await fetch(`${t.baseUrl}/cloud/core/import/template?kind=ONLINE_ITEMS`, { headers: { authorization: `Bearer ${s.token}`, 'accept-language': 'zh' } });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await response.arrayBuffer());
    expect(wb.worksheets[0]!.getRow(1).values).toEqual([undefined, '*店铺', '*平台商品ID', '*商品标题', '平台SKU ID', 'SKU属性', '商家SKU编码', '价格', '图片地址']);
  });

  it('reports unknown stores, bad prices and duplicate SKU ids by row, and loads nothing', async () => {
    const s = await mappingSeller(t);
    await storeRow(t, s.domainId, { name: 'Main shop' });
    const file = await xlsx([
      HEADER,
      ['Main shop', '1', 'Mug', '1-1', 'Colour:Red', 'M-1', '9.9', ''],
      ['Nowhere', '2', 'Cup', '2-1', '', '', '', ''],
      ['Main shop', '1', 'Mug', '1-2', '', '', '1.23456', ''],
      ['Main shop', '1', 'Mug', '1-1', '', '', '', ''],
    ]);
    const started = await t.upload('/cloud/core/import/upload', { field: 'uploadExcel', name: 'items.xlsx', data: file }, { kind: 'ONLINE_ITEMS' }, { token: s.token });
    const task = await t.waitFor(() => get(started.body.data.id, s.token), (a) => a.body.data.status !== 'PARSING');
    expect(task.body.data.status).toBe('INVALID');
    expect(task.body.data.errors.map((e: any) => [e.row, e.field])).toEqual([
      [3, 'store'],
      [4, 'price'],
      [5, 'tbSkuId'],
    ]);
    expect(await skuRows(s.domainId)).toEqual([]);
  });

  it('loads the items of every row, proposing SKUs by code, and a second import updates them', async () => {
    const s = await mappingSeller(t);
    const store = await storeRow(t, s.domainId, { name: 'Main shop', shortName: 'MS' });
    const goods = await goodsRow(t, s.domainId, ['M-1']);
    const file = await xlsx([
      HEADER,
      ['Main shop', '1', 'Mug', '1-1', 'Colour:Red', 'M-1', '9.9', 'https://img.example.com/1.jpg'],
      ['MS', '1', 'Mug', '1-2', 'Colour:Blue', 'M-2', 10, ''],
      ['Main shop', '2', 'Plate', '', '', 'P-1', '', ''],
    ]);
    const started = await t.upload('/cloud/core/import/upload', { field: 'uploadExcel', name: 'items.xlsx', data: file }, { kind: 'ONLINE_ITEMS' }, { token: s.token });
    const parsed = await t.waitFor(() => get(started.body.data.id, s.token), (a) => a.body.data.status !== 'PARSING');
    expect(parsed.body.data).toMatchObject({ status: 'PARSED', summary: { items: 2, skus: 3, newSkus: 3, existingSkus: 0 } });
    await t.call('/cloud/core/import/confirm', { id: started.body.data.id }, { token: s.token });
    const done = await t.waitFor(() => get(started.body.data.id, s.token), (a) => ['DONE', 'FAILED'].includes(a.body.data.status));
    expect(done.body.data).toMatchObject({ status: 'DONE', result: { itemsCreated: 2, skusCreated: 3, skusProposed: 1 } });
    const rows = await skuRows(s.domainId);
    expect(rows.map((r) => [r.storeId, r.tbSpuId, r.tbSkuId, r.properties, r.outerSkuId, r.salePrice, r.skuId, r.source])).toEqual([
      [store.id, '1', '1-1', 'Colour:Red', 'M-1', '9.9000', goods.sku.id, 'IMPORT'],
      [store.id, '1', '1-2', 'Colour:Blue', 'M-2', '10.0000', null, 'IMPORT'],
      [store.id, '2', '2', null, 'P-1', null, null, 'IMPORT'],
    ]);
    expect((await itemRows(s.domainId)).map((i) => [i.tbSpuId, i.title, i.picUrl])).toEqual([
      ['1', 'Mug', 'https://img.example.com/1.jpg'],
      ['2', 'Plate', null],
    ]);

    const second = await t.upload(
      '/cloud/core/import/upload',
      { field: 'uploadExcel', name: 'items.xlsx', data: await xlsx([HEADER, ['Main shop', '1', 'Mug', '1-2', 'Colour:Green', 'M-2', '10', '']]) },
      { kind: 'ONLINE_ITEMS' },
      { token: s.token },
    );
    const parsed2 = await t.waitFor(() => get(second.body.data.id, s.token), (a) => a.body.data.status !== 'PARSING');
    expect(parsed2.body.data.summary).toMatchObject({ newSkus: 0, existingSkus: 1 });
    await t.call('/cloud/core/import/confirm', { id: second.body.data.id }, { token: s.token });
    await t.waitFor(() => get(second.body.data.id, s.token), (a) => a.body.data.status === 'DONE');
    expect((await skuRows(s.domainId))[1]).toMatchObject({ properties: 'Colour:Green' });
  });

  it('is refused to an account without the mapping menu', async () => {
    const s = await mappingSeller(t);
    const staff = await t.factories.subAccount(s.domainId, { menus: ['MENU_SKU'] });
    const token = await t.token(staff.loginName, staff.password);
    const answer = await t.upload('/cloud/core/import/upload', { field: 'uploadExcel', name: 'items.xlsx', data: await xlsx([HEADER]) }, { kind: 'ONLINE_ITEMS' }, { token });
    expect(answer.body.errorCode).toBe('ERR_SECURITY_NO_PERMISSION');
  });
});

describe('what other areas read', () => {
  it('explains that a store with online items cannot be deleted', async () => {
    const s = await mappingSeller(t);
    const store = await storeRow(t, s.domainId);
    const empty = await storeRow(t, s.domainId);
    await onlineItems(t, s.domainId, store.id, [itemOf('1', ['A']), itemOf('2', ['B'])]);
    const checkers = t.app.services.registry.list<StoreReferenceChecker>('store-references');
    const answers = await Promise.all(checkers.map((c) => c(t.database.db, s.domainId, store.id)));
    expect(answers).toContainEqual({ reason: 'online items', count: 2 });
    const none = await Promise.all(checkers.map((c) => c(t.database.db, s.domainId, empty.id)));
    expect(none).toContainEqual({ reason: 'online items', count: 0 });
    // Another domain's store id counts nothing here.
    const other = await mappingSeller(t);
    expect(await Promise.all(checkers.map((c) => c(t.database.db, other.domainId, store.id)))).toContainEqual({ reason: 'online items', count: 0 });
  });

  it('tells goods which SKUs online items are mapped to', async () => {
    const s = await mappingSeller(t);
    const store = await storeRow(t, s.domainId);
    const goods = await goodsRow(t, s.domainId, ['A', 'B']);
    await onlineItems(t, s.domainId, store.id, [itemOf('1', ['A'])]);
    const [row] = await skuRows(s.domainId);
    await t.call(`${P}/comfireTbSku`, { id: row!.id }, { token: s.token });
    const checkers = t.app.services.registry.list<SkuReferenceChecker>('sku-references');
    const used = (await Promise.all(checkers.map((c) => c(t.database.db, s.domainId, [goods.skus[0]!.id])))).flat();
    expect(used).toContainEqual({ reason: 'online items', count: 1 });
    const free = (await Promise.all(checkers.map((c) => c(t.database.db, s.domainId, [goods.skus[1]!.id])))).flat();
    // An online SKU merely proposed (not confirmed) to a SKU does not hold it.
    await onlineItems(t, s.domainId, store.id, [itemOf('2', ['B'])]);
    const proposed = (await Promise.all(checkers.map((c) => c(t.database.db, s.domainId, [goods.skus[1]!.id])))).flat();
    expect(proposed.filter((r) => r.reason === 'online items')).toEqual([]);
    expect(free.filter((r) => r.reason === 'online items')).toEqual([]);
  });

  it('makes goods refuse to delete a product whose SKU an online SKU is mapped to', async () => {
    const s = await mappingSeller(t);
    const store = await storeRow(t, s.domainId);
    const goods = await goodsRow(t, s.domainId, ['DEL-1']);
    await onlineItems(t, s.domainId, store.id, [itemOf('1', ['DEL-1'])]);
    const [row] = await skuRows(s.domainId);
    // A proposal alone holds nothing: only a confirmed mapping does.
    expect(await t.call(`${P}/comfireTbSku`, { id: row!.id }, { token: s.token })).toMatchObject({ body: { success: true } });
    const refused = await t.call('/myhome/spu/deleteSpuListByHand', { idList: [goods.spu.id] }, { token: s.token });
    expect(refused.body).toMatchObject({ success: false, errorCode: 'ERR_GOODS_SKU_IN_USE', params: { reason: 'online items', count: 1 } });
    // Once the online SKU is unbound nothing holds the product.
    await t.call(`${P}/unbundTbSku`, { id: row!.id }, { token: s.token });
    expect((await t.call('/myhome/spu/deleteSpuListByHand', { idList: [goods.spu.id] }, { token: s.token })).body.success).toBe(true);
  });

  it('counts the online SKUs waiting for mapping on the home page', async () => {
    const s = await mappingSeller(t);
    const store = await storeRow(t, s.domainId);
    await onlineItems(t, s.domainId, store.id, [itemOf('1', ['A', 'B', 'C'])]);
    const home = () => t.call('/myhome/homepage/getHomePageData', {}, { token: s.token });
    expect((await home()).body.data.noTbSpuCount).toBe(3);
    const [a] = await skuRows(s.domainId);
    await t.call(`${P}/deleteTbSku`, { id: a!.id }, { token: s.token });
    expect((await home()).body.data.noTbSpuCount).toBe(2);
    const staff = await t.factories.subAccount(s.domainId, { menus: ['MENU_ERPSO'] });
    const staffHome = await t.call('/myhome/homepage/getHomePageData', {}, { token: await t.token(staff.loginName, staff.password) });
    expect(staffHome.body.data.noTbSpuCount).toBe(0);
  });
});
