// Goods over HTTP: create, edit, delete, codes, the list and its filters, cost-price field
// permission, marks and labels, status, the registry service, and domain and menu boundaries.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SpuRow } from '@openseller/core';
import { createGoods, createCombination, goodsSeller, goodsStaff } from '../../../test/factories/goods.js';
import { createTestApp, uniqueName } from '../../../test/harness.js';
import { operationLogs, skus, spus } from '../../db/schema/index.js';
import type { GoodsRegistryService, SkuReferenceChecker } from './index.js';

const t = await createTestApp();
const call = (path: string, body: unknown, token: string) => t.call(path, body, { token });
const search = (token: string, filter: Record<string, unknown> = {}) => call('/myhome/spu/searchSpuPageList', { currentPage: 1, pageSize: 50, ...filter }, token);

// A reference another area would add: SKUs on an open order. The test decides which.
const referenced = new Set<number>();
t.app.services.registry.add<SkuReferenceChecker>('sku-references', async (_tx, _domainId, skuIds) => {
  const count = skuIds.filter((id) => referenced.has(id)).length;
  return count ? [{ reason: 'open orders', count }] : [];
});

describe('creating goods', () => {
  it('gives goods without variants exactly one SKU carrying the goods code and values', async () => {
    const { token, domainId } = await goodsSeller(t);
    const spu = await createGoods(t, token, {
      code: ' MUG 01 ',
      name: 'Mug',
      barCode: '6901234567890',
      price: '12.3456',
      costPrice: 5.5,
      weight: '0.125',
      length: '10',
      width: '20',
      height: '30',
      labels: ['gift', 'gift', 'kitchen'],
      skuMarks: ['red'],
      unit: 'pcs',
      shelfLife: 365,
    });
    expect(spu).toMatchObject({ code: 'MUG01', name: 'Mug', hasSku: false, price: '12.3456', costPrice: '5.5000', weight: '0.125', volume: '0.01', labels: ['gift', 'kitchen'], skuMarks: ['red'] });
    expect(spu.skus).toHaveLength(1);
    expect(spu.skus[0]).toMatchObject({ code: 'MUG01', barCode: '6901234567890', price: '12.3456', costPrice: '5.5000', weight: '0.125', name: 'Mug', isCombination: false });
    const logs = await t.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.domainId, domainId), eq(operationLogs.entityId, String(spu.id))));
    expect(logs.map((l) => l.action)).toEqual(['create']);
  });

  it('creates goods with variants, each SKU with its own code', async () => {
    const { token } = await goodsSeller(t);
    const spu = await createGoods(t, token, {
      code: 'TEE',
      name: 'T-shirt',
      hasSku: true,
      skus: [
        { code: 'TEE-S', color: 'white', size: 'S', price: '9.9' },
        { code: 'TEE-M', color: 'white', size: 'M', price: '9.9', weight: '0.2' },
      ],
    });
    expect(spu.hasSku).toBe(true);
    expect(spu.skus.map((s) => [s.code, s.size, s.name])).toEqual([
      ['TEE-S', 'S', 'T-shirt'],
      ['TEE-M', 'M', 'T-shirt'],
    ]);
  });

  it('refuses a goods code already used in the domain, naming the field, and changes nothing', async () => {
    const { token, domainId } = await goodsSeller(t);
    await createGoods(t, token, { code: 'DUP' });
    const again = await call('/myhome/spu/createSpuByHand', { code: 'DUP', name: 'Other' }, token);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ errorCode: 'ERR_GOODS_SPU_CODE_TAKEN', params: { field: 'code', code: 'DUP' } });
    expect(again.body.message).toBe('Goods code DUP already exists');
    expect(await t.database.db.select().from(spus).where(eq(spus.domainId, domainId))).toHaveLength(1);
  });

  it('refuses a SKU code used by other goods, and a SKU code repeated in the form', async () => {
    const { token, domainId } = await goodsSeller(t);
    await createGoods(t, token, { code: 'A1' });
    const taken = await call('/myhome/spu/createSpuByHand', { code: 'B1', name: 'B', hasSku: true, skus: [{ code: 'B1-X' }, { code: 'A1' }] }, token);
    expect(taken.body).toMatchObject({ errorCode: 'ERR_GOODS_SKU_CODE_TAKEN', params: { field: 'skus.1.code', code: 'A1', spuCode: 'A1' } });
    const twice = await call('/myhome/spu/createSpuByHand', { code: 'C1', name: 'C', hasSku: true, skus: [{ code: 'C1-X' }, { code: 'C1-X' }] }, token);
    expect(twice.body.errorCode).toBe('ERR_VALIDATION');
    expect(twice.body.params?.field).toBe('skus.1.code');
    expect(await t.database.db.select().from(spus).where(eq(spus.domainId, domainId))).toHaveLength(1);
  });

  it('refuses negative and over-precise numbers with a message naming the field', async () => {
    const { token, domainId } = await goodsSeller(t);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ price: '-1' }, 'price', 'Price cannot be negative'],
      [{ price: '1.23456' }, 'price', 'Price cannot exceed four decimals'],
      [{ weight: '0.1234' }, 'weight', 'Weight cannot exceed three decimals'],
      [{ length: '1.234' }, 'length', 'Sizes cannot exceed two decimals'],
      [{ costPrice: 'abc' }, 'costPrice', 'Price must be a number'],
      [{ hasSku: true, skus: [{ code: 'V1', weight: '1.0001' }] }, 'skus.0.weight', 'Weight cannot exceed three decimals'],
    ];
    for (const [values, field, message] of cases) {
      const answer = await call('/myhome/spu/createSpuByHand', { code: uniqueName('N'), name: 'n', ...values }, token);
      expect(answer.status, field).toBe(400);
      expect(answer.body.fields).toContainEqual({ field, message });
    }
    const noName = await call('/myhome/spu/createSpuByHand', { code: 'X', name: '  ' }, token);
    expect(noName.body.params?.field).toBe('name');
    expect(await t.database.db.select().from(spus).where(eq(spus.domainId, domainId))).toHaveLength(0);
  });

  it('answers whether a code is free, counting the edited goods own codes as free', async () => {
    const { token } = await goodsSeller(t);
    const spu = await createGoods(t, token, { code: 'FREE1', hasSku: true, skus: [{ code: 'FREE1-A' }] });
    expect((await call('/myhome/spu/checkCode', { code: 'FREE1' }, token)).body.data).toEqual({ code: 'FREE1', available: false, takenSkuCodes: [] });
    expect((await call('/myhome/spu/checkCode', { code: 'FREE2' }, token)).body.data.available).toBe(true);
    expect((await call('/myhome/spu/checkCode', { code: 'FREE1-A', type: 'SKU' }, token)).body.data.available).toBe(false);
    expect((await call('/myhome/spu/checkCode', { code: 'FREE1-A', type: 'SKU', excludeSpuId: spu.id }, token)).body.data.available).toBe(true);
  });
});

describe('editing goods', () => {
  it('saves a new version, keeping, changing, adding and removing SKUs', async () => {
    const { token, domainId } = await goodsSeller(t);
    const spu = await createGoods(t, token, { code: 'ED', name: 'Edit me', hasSku: true, skus: [{ code: 'ED-1' }, { code: 'ED-2' }] });
    const [one, two] = spu.skus;
    const answer = await call(
      '/myhome/spu/updateSpuByhand',
      { id: spu.id, version: spu.version, code: 'ED', name: 'Edited', hasSku: true, price: '3', skus: [{ id: one!.id, code: 'ED-1', price: '1.5' }, { code: 'ED-3' }] },
      token,
    );
    expect(answer.body.success).toBe(true);
    const row: SpuRow = answer.body.data;
    expect(row.version).toBe(spu.version + 1);
    expect(row.name).toBe('Edited');
    expect(row.skus.map((s) => [s.code, s.price])).toEqual([
      ['ED-1', '1.5000'],
      ['ED-3', null],
    ]);
    expect(row.skus[0]!.id).toBe(one!.id);
    const [removed] = await t.database.db.select().from(skus).where(eq(skus.id, two!.id));
    expect(removed!.delFlag).toBe(true);
    // The removed SKU's code is free again.
    expect((await call('/myhome/spu/checkCode', { code: 'ED-2', type: 'SKU' }, token)).body.data.available).toBe(true);
    const logs = await t.database.db.select().from(operationLogs).where(and(eq(operationLogs.domainId, domainId), eq(operationLogs.entityId, String(spu.id))));
    const update = logs.find((l) => l.action === 'update')!;
    expect((update.before as SpuRow).name).toBe('Edit me');
    expect((update.after as SpuRow).name).toBe('Edited');
  });

  it('refuses a stale version and changes nothing', async () => {
    const { token } = await goodsSeller(t);
    const spu = await createGoods(t, token, { code: 'VER', name: 'First' });
    const body = { id: spu.id, code: 'VER', name: 'Second' };
    expect((await call('/myhome/spu/updateSpuByhand', { ...body, version: spu.version }, token)).body.success).toBe(true);
    const stale = await call('/myhome/spu/updateSpuByhand', { ...body, name: 'Third', version: spu.version }, token);
    expect(stale.status).toBe(409);
    expect(stale.body.errorCode).toBe('ERR_VERSION_CONFLICT');
    expect((await call('/myhome/spu/getSpuById', { id: spu.id }, token)).body.data.name).toBe('Second');
  });

  it('keeps the single SKU of goods without variants in step with the goods code', async () => {
    const { token } = await goodsSeller(t);
    const spu = await createGoods(t, token, { code: 'ONE', price: '1' });
    const answer = await call('/myhome/spu/updateSpuByhand', { id: spu.id, version: spu.version, code: 'ONE-B', name: 'Renamed', price: '2' }, token);
    expect(answer.body.data.skus).toHaveLength(1);
    expect(answer.body.data.skus[0]).toMatchObject({ id: spu.skus[0]!.id, code: 'ONE-B', name: 'Renamed', price: '2.0000' });
  });

  it('adds a SKU to goods, which then have variants and keep their first SKU', async () => {
    const { token } = await goodsSeller(t);
    const spu = await createGoods(t, token, { code: 'ADD' });
    const answer = await call('/myhome/spu/addOneSkuToSpu', { spuId: spu.id, version: spu.version, sku: { code: 'ADD-2', color: 'blue', price: '4' } }, token);
    expect(answer.body.data.hasSku).toBe(true);
    expect(answer.body.data.skus.map((s: { code: string }) => s.code)).toEqual(['ADD', 'ADD-2']);
    const dup = await call('/myhome/spu/addOneSkuToSpu', { spuId: spu.id, version: answer.body.data.version, sku: { code: 'ADD' } }, token);
    expect(dup.body).toMatchObject({ errorCode: 'ERR_GOODS_SKU_CODE_TAKEN', params: { field: 'sku.code' } });
  });
});

describe('cost price and weight a SKU takes from its goods', () => {
  const values = (row: SpuRow) => Object.fromEntries(row.skus.map((s) => [s.code, [s.costPrice, s.weight, s.costPriceFromGoods, s.weightFromGoods]]));
  const update = (token: string, row: SpuRow, patch: Record<string, unknown>, skuPatch: Record<string, Record<string, unknown>> = {}) =>
    call(
      '/myhome/spu/updateSpuByhand',
      {
        id: row.id,
        version: row.version,
        code: row.code,
        name: row.name,
        hasSku: true,
        costPrice: row.costPrice,
        weight: row.weight,
        ...patch,
        // As the form sends them: a value the SKU takes from the goods is sent empty.
        skus: row.skus.map((s) => ({ id: s.id, code: s.code, costPrice: s.costPriceFromGoods ? null : s.costPrice, weight: s.weightFromGoods ? null : s.weight, ...skuPatch[s.code] })),
      },
      token,
    );

  it("gives a SKU left without cost price or weight the goods' values, and keeps a SKU's own", async () => {
    const { token, domainId } = await goodsSeller(t);
    const spu = await createGoods(t, token, { code: 'INH', hasSku: true, costPrice: '20', weight: '0.25', skus: [{ code: 'INH-A' }, { code: 'INH-B', costPrice: '18', weight: '0.3' }] });
    expect(values(spu)).toEqual({ 'INH-A': ['20.0000', '0.250', true, true], 'INH-B': ['18.0000', '0.300', false, false] });
    // Every reader of the SKU gets the value: the picker, other areas through the registry, and
    // those reading the SKU row itself (an order line's weight).
    const picked = (await call('/myhome/sku/searchSkuPageList', { keyword: 'INH-A' }, token)).body.data.voList[0];
    expect(picked).toMatchObject({ code: 'INH-A', costPrice: '20.0000', weight: '0.250' });
    const goods = t.app.services.registry.get<GoodsRegistryService>('goods');
    expect(await goods.findSkusByCodes(domainId, ['INH-A'])).toMatchObject([{ costPrice: '20.0000', weight: '0.250' }]);
    const [stored] = await t.database.db.select().from(skus).where(eq(skus.id, spu.skus[0]!.id));
    expect([stored!.costPrice, stored!.weight]).toEqual(['20.0000', '0.250']);
  });

  it("follows a later change of the goods' values only where the SKU never had its own, until it gets one or is emptied", async () => {
    const { token } = await goodsSeller(t);
    let row = await createGoods(t, token, { code: 'FOL', hasSku: true, costPrice: '20', weight: '0.25', skus: [{ code: 'FOL-A' }, { code: 'FOL-B', costPrice: '18', weight: '0.3' }] });
    row = (await update(token, row, { costPrice: '22', weight: '0.4' })).body.data;
    expect(values(row)).toEqual({ 'FOL-A': ['22.0000', '0.400', true, true], 'FOL-B': ['18.0000', '0.300', false, false] });
    row = (await update(token, row, {}, { 'FOL-A': { costPrice: '19' } })).body.data;
    row = (await update(token, row, { costPrice: '25', weight: '0.5' })).body.data;
    expect(values(row)).toEqual({ 'FOL-A': ['19.0000', '0.500', false, true], 'FOL-B': ['18.0000', '0.300', false, false] });
    row = (await update(token, row, {}, { 'FOL-A': { costPrice: null }, 'FOL-B': { weight: null } })).body.data;
    expect(values(row)).toEqual({ 'FOL-A': ['25.0000', '0.500', true, true], 'FOL-B': ['18.0000', '0.500', false, true] });
    // Reading it again answers the same (nothing is computed only for the answer).
    expect(values((await call('/myhome/spu/getSpuById', { id: row.id }, token)).body.data)).toEqual(values(row));
  });

  it('fills a SKU added later, and keeps taking cost prices from the goods for an account that cannot see them', async () => {
    const { token, domainId } = await goodsSeller(t);
    const spu = await createGoods(t, token, { code: 'LAT', hasSku: true, costPrice: '20', weight: '0.25', skus: [{ code: 'LAT-A' }] });
    const added = (await call('/myhome/spu/addOneSkuToSpu', { spuId: spu.id, version: spu.version, sku: { code: 'LAT-B', weight: '0.1' } }, token)).body.data as SpuRow;
    expect(values(added)['LAT-B']).toEqual(['20.0000', '0.100', true, false]);
    // A clerk without COST_PRICE changes the weight and adds a SKU; cost prices follow the goods still.
    const clerk = await goodsStaff(t, domainId, ['MENU_SKU']);
    const saved = await call(
      '/myhome/spu/updateSpuByhand',
      { id: added.id, version: added.version, code: 'LAT', name: added.name, hasSku: true, weight: '0.3', skus: [...added.skus.map((s) => ({ id: s.id, code: s.code, weight: s.weightFromGoods ? null : s.weight })), { code: 'LAT-C' }] },
      clerk,
    );
    expect(saved.body.success).toBe(true);
    const seen = (await call('/myhome/spu/getSpuById', { id: spu.id }, token)).body.data as SpuRow;
    expect(values(seen)).toEqual({ 'LAT-A': ['20.0000', '0.300', true, true], 'LAT-B': ['20.0000', '0.100', true, false], 'LAT-C': ['20.0000', '0.300', true, true] });
  });
});

describe('deleting goods', () => {
  it('flags goods and their SKUs deleted, hides them, and frees the code', async () => {
    const { token } = await goodsSeller(t);
    const a = await createGoods(t, token, { code: 'DEL-A' });
    const b = await createGoods(t, token, { code: 'DEL-B' });
    const answer = await call('/myhome/spu/deleteSpuListByHand', { idList: [a.id, b.id] }, token);
    expect(answer.body.data).toEqual({ deleted: 2 });
    expect((await search(token)).body.data.total).toBe(0);
    const [row] = await t.database.db.select().from(spus).where(eq(spus.id, a.id));
    expect(row!.delFlag).toBe(true);
    await createGoods(t, token, { code: 'DEL-A' });
  });

  it('refuses deleting a SKU that is a component of a combination, unless the combination goes too', async () => {
    const { token } = await goodsSeller(t);
    const part = await createGoods(t, token, { code: 'PART' });
    const combo = await createCombination(t, token, [{ id: part.skus[0]!.id, qty: 2 }], { code: 'COMBO' });
    const refused = await call('/myhome/spu/deleteSpuListByHand', { idList: [part.id] }, token);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ errorCode: 'ERR_GOODS_SKU_IN_COMBINATION', params: { count: 1, codes: 'COMBO' } });
    expect((await call('/myhome/spu/getSpuById', { id: part.id }, token)).body.success).toBe(true);
    expect((await call('/myhome/spu/deleteSpuListByHand', { idList: [part.id, combo.id] }, token)).body.data.deleted).toBe(2);
  });

  it('refuses deleting a SKU another area still uses, with its reason', async () => {
    const { token } = await goodsSeller(t);
    const spu = await createGoods(t, token);
    referenced.add(spu.skus[0]!.id);
    const refused = await call('/myhome/spu/deleteSpuListByHand', { idList: [spu.id] }, token);
    expect(refused.body).toMatchObject({ errorCode: 'ERR_GOODS_SKU_IN_USE', params: { reason: 'open orders', count: 1 } });
    // Removing the SKU by editing is refused the same way.
    const edited = await call('/myhome/spu/updateSpuByhand', { id: spu.id, version: spu.version, code: spu.code, name: spu.name, hasSku: true, skus: [{ code: 'OTHER' }] }, token);
    expect(edited.body.errorCode).toBe('ERR_GOODS_SKU_IN_USE');
    referenced.clear();
    expect((await call('/myhome/spu/getSpuById', { id: spu.id }, token)).body.data.skus[0].code).toBe(spu.code);
  });
});

describe('the goods list', () => {
  it('filters by codes, names and bar codes, one by contains and several exactly', async () => {
    const { token } = await goodsSeller(t);
    await createGoods(t, token, { code: 'APPLE-1', name: 'Red apple', barCode: '111' });
    await createGoods(t, token, { code: 'APPLE-2', name: 'Green apple', barCode: '222' });
    await createGoods(t, token, { code: 'PEAR', name: 'Pear', hasSku: true, skus: [{ code: 'PEAR-BIG', barCode: '333' }] });
    const codes = async (filter: Record<string, unknown>) => ((await search(token, filter)).body.data.voList as SpuRow[]).map((r) => r.code).sort();
    expect(await codes({ codeKeywords: 'apple' })).toEqual(['APPLE-1', 'APPLE-2']);
    expect(await codes({ codeKeywords: 'APPLE-1，PEAR-BIG' })).toEqual(['APPLE-1', 'PEAR']);
    expect(await codes({ codeKeywords: 'APPLE' })).toEqual(['APPLE-1', 'APPLE-2']);
    expect(await codes({ codeKeywords: 'APPLE;PEAR' })).toEqual(['PEAR']);
    expect(await codes({ nameKeywords: 'red,pear' })).toEqual(['APPLE-1', 'PEAR']);
    expect(await codes({ barCodeKeywords: '333' })).toEqual(['PEAR']);
    expect(await codes({ barCodeKeywords: '111;222' })).toEqual(['APPLE-1', 'APPLE-2']);
  });

  it('refuses more than 50 codes or 15 names at once, naming the filter', async () => {
    const { token } = await goodsSeller(t);
    const many = Array.from({ length: 51 }, (_, i) => `C${i}`).join(',');
    const answer = await search(token, { codeKeywords: many });
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toContainEqual({ field: 'codeKeywords', message: 'At most 50 keywords at once' });
    expect((await search(token, { codeKeywords: many.split(',').slice(0, 50).join(',') })).body.success).toBe(true);
    const names = Array.from({ length: 16 }, (_, i) => `n${i}`).join(';');
    expect((await search(token, { nameKeywords: names })).body.fields?.[0]?.field).toBe('nameKeywords');
  });

  it('filters by status, combination and sync status, where REQUEST includes SENDING', async () => {
    const { token } = await goodsSeller(t);
    const a = await createGoods(t, token, { code: 'S-A' });
    const b = await createGoods(t, token, { code: 'S-B', status: 'instock' });
    const c = await createGoods(t, token, { code: 'S-C' });
    await createCombination(t, token, [{ id: a.skus[0]!.id, qty: 1 }], { code: 'S-COMBO' });
    await t.database.db.update(spus).set({ syncStatus: 'REQUEST' }).where(eq(spus.id, a.id));
    await t.database.db.update(spus).set({ syncStatus: 'SENDING' }).where(eq(spus.id, b.id));
    await t.database.db.update(spus).set({ syncStatus: 'SUCCESS' }).where(eq(spus.id, c.id));
    const codes = async (filter: Record<string, unknown>) => ((await search(token, filter)).body.data.voList as SpuRow[]).map((r) => r.code).sort();
    expect(await codes({ skuSyncStatus: 'REQUEST' })).toEqual(['S-A', 'S-B']);
    expect(await codes({ skuSyncStatus: 'SUCCESS' })).toEqual(['S-C']);
    expect(await codes({ status: 'instock' })).toEqual(['S-B']);
    expect(await codes({ isCombination: true })).toEqual(['S-COMBO']);
    expect(await codes({ isCombination: false, status: 'onsale' })).toEqual(['S-A', 'S-C']);
  });

  it('pages with sizes up to 1000, newest first', async () => {
    const { token } = await goodsSeller(t);
    for (let i = 0; i < 3; i++) await createGoods(t, token, { code: `P${i}` });
    const page = await search(token, { currentPage: 2, pageSize: 2 });
    expect(page.body.data).toMatchObject({ total: 3, currentPage: 2, pageSize: 2 });
    expect(page.body.data.voList.map((r: SpuRow) => r.code)).toEqual(['P0']);
    expect((await search(token, { pageSize: 1000 })).body.success).toBe(true);
    expect((await search(token, { pageSize: 1001 })).body.params?.field).toBe('pageSize');
  });

  it('sends cost prices only to an account with the COST_PRICE field', async () => {
    const { token, domainId } = await goodsSeller(t);
    const part = await createGoods(t, token, { code: 'COST', costPrice: '7.25' });
    await createCombination(t, token, [{ id: part.skus[0]!.id, qty: 2, apportionCostPrice: '3' }], { code: 'COST-C' });
    const clerk = await goodsStaff(t, domainId, ['MENU_SKU']);
    const buyer = await goodsStaff(t, domainId, ['MENU_SKU'], ['COST_PRICE']);
    const blind = (await search(clerk)).body.data.voList as SpuRow[];
    for (const row of blind) {
      expect(row).not.toHaveProperty('costPrice');
      for (const sku of row.skus) expect(sku).not.toHaveProperty('costPrice');
      for (const c of row.components) expect(c).not.toHaveProperty('apportionCostPrice');
    }
    const blindPick = await call('/myhome/sku/searchSkuPageList', { keyword: 'COST' }, clerk);
    expect(blindPick.body.data.voList[0]).not.toHaveProperty('costPrice');
    const seen = (await search(buyer)).body.data.voList as SpuRow[];
    expect(seen.find((r) => r.code === 'COST')!.costPrice).toBe('7.2500');
    expect(seen.find((r) => r.code === 'COST-C')!.components[0]!.apportionCostPrice).toBe('3.0000');
    // Saving the form without the field keeps the cost price the account cannot see.
    const own = blind.find((r) => r.code === 'COST')!;
    const saved = await call('/myhome/spu/updateSpuByhand', { id: own.id, version: own.version, code: 'COST', name: 'Renamed', costPrice: '0' }, clerk);
    expect(saved.body.success).toBe(true);
    expect((await call('/myhome/spu/getSpuById', { id: own.id }, token)).body.data.costPrice).toBe('7.2500');
  });

  it('counts goods, SKUs and combinations', async () => {
    const { token } = await goodsSeller(t);
    const a = await createGoods(t, token, { hasSku: true, skus: [{ code: uniqueName('k') }, { code: uniqueName('k') }] });
    await createCombination(t, token, [{ id: a.skus[0]!.id, qty: 1 }]);
    expect((await call('/myhome/spu/searchAllSkuCount', {}, token)).body.data).toEqual({ spuCount: 1, skuCount: 2, combinationCount: 1 });
  });
});

describe('marks, labels and status', () => {
  it('adds, removes and replaces marks and labels of many goods, and filters by them', async () => {
    const { token } = await goodsSeller(t);
    const a = await createGoods(t, token, { code: 'M-A', skuMarks: ['red'] });
    const b = await createGoods(t, token, { code: 'M-B' });
    await call('/myhome/spu/madeMarkBySpuIdList', { idList: [a.id, b.id], values: ['blue', 'red'], mode: 'ADD' }, token);
    const rows = async () => ((await search(token)).body.data.voList as SpuRow[]).sort((x, y) => x.code.localeCompare(y.code));
    expect((await rows()).map((r) => r.skuMarks)).toEqual([
      ['blue', 'red'],
      ['blue', 'red'],
    ]);
    await call('/myhome/spu/madeMarkBySpuIdList', { idList: [a.id], values: ['red'], mode: 'REMOVE' }, token);
    await call('/myhome/spu/madeMarkBySpuIdList', { idList: [b.id], kind: 'LABEL', values: ['sale'], mode: 'REPLACE' }, token);
    const after = await rows();
    expect(after.map((r) => [r.skuMarks, r.labels])).toEqual([
      [['blue'], []],
      [['blue', 'red'], ['sale']],
    ]);
    expect((await search(token, { mark: 'red' })).body.data.voList.map((r: SpuRow) => r.code)).toEqual(['M-B']);
    expect((await search(token, { label: 'sale' })).body.data.voList.map((r: SpuRow) => r.code)).toEqual(['M-B']);
  });

  it('takes goods down with every SKU and puts them on sale again', async () => {
    const { token } = await goodsSeller(t);
    const a = await createGoods(t, token, { hasSku: true, skus: [{ code: uniqueName('s') }, { code: uniqueName('s') }] });
    await call('/myhome/spu/updateSpuStatus', { idList: [a.id], status: 'instock' }, token);
    const row = (await call('/myhome/spu/getSpuById', { id: a.id }, token)).body.data as SpuRow;
    expect([row.status, ...row.skus.map((s) => s.status)]).toEqual(['instock', 'instock', 'instock']);
  });
});

describe('SKUs for pickers and other areas', () => {
  it('searches SKUs by code, name, specifications or bar code, leaving out chosen ones', async () => {
    const { token } = await goodsSeller(t);
    const a = await createGoods(t, token, { code: 'PICK-A', name: 'Blue cup', hasSku: true, skus: [{ code: 'PICK-A1', specifications: '300ml', barCode: '999' }] });
    await createGoods(t, token, { code: 'PICK-B', name: 'Plate' });
    const find = async (body: Record<string, unknown>) => (await call('/myhome/sku/searchSkuPageList', body, token)).body.data.voList.map((s: { code: string }) => s.code);
    expect(await find({ keyword: 'cup' })).toEqual(['PICK-A1']);
    expect(await find({ keyword: '300' })).toEqual(['PICK-A1']);
    expect(await find({ keyword: '999' })).toEqual(['PICK-A1']);
    expect(await find({ keyword: 'PICK', excludeSkuIds: [a.skus[0]!.id] })).toEqual(['PICK-B']);
    const picked = await call('/myhome/spu/getBySkuIdList', { idList: [a.skus[0]!.id] }, token);
    expect(picked.body.data[0]).toMatchObject({ id: a.skus[0]!.id, code: 'PICK-A1', name: 'Blue cup', specifications: '300ml', spuCode: 'PICK-A', isCombination: false });
  });

  it('offers findSkusByIds, findSkusByCodes, searchSkus and createSpuByHand through the registry', async () => {
    const { token, domainId, userId } = await goodsSeller(t);
    const goods = t.app.services.registry.get<GoodsRegistryService>('goods');
    const session = (await t.app.services.sessions.forUser(userId))!;
    const made = await goods.createSpuByHand(session, { code: 'REG-1', name: 'From an online item', price: '5' });
    expect(made.skus[0]!.code).toBe('REG-1');
    await expect(goods.createSpuByHand(session, { code: 'REG-1', name: 'again' })).rejects.toMatchObject({ code: 'ERR_GOODS_SPU_CODE_TAKEN' });
    await expect(goods.createSpuByHand(session, { code: 'REG-2', name: 'x', weight: '1.2345' })).rejects.toMatchObject({ code: 'ERR_VALIDATION' });
    expect((await goods.findSkusByCodes(domainId, ['REG-1', 'nope'])).map((s) => s.id)).toEqual([made.skus[0]!.id]);
    expect((await goods.findSkusByIds(domainId, [made.skus[0]!.id]))[0]).toMatchObject({ code: 'REG-1', price: '5.0000' });
    expect((await goods.searchSkus(domainId, { keyword: 'online' })).total).toBe(1);
    const combo = await createCombination(t, token, [{ id: made.skus[0]!.id, qty: 3 }]);
    expect((await goods.componentsOf(domainId, [combo.skus[0]!.id])).get(combo.skus[0]!.id)).toEqual([{ skuId: made.skus[0]!.id, qty: 3, apportionCostPrice: null }]);
    // Deleted goods are not found.
    await call('/myhome/spu/deleteSpuListByHand', { idList: [combo.id] }, token);
    expect(await goods.findSkusByCodes(domainId, [combo.code])).toEqual([]);
  });
});

describe('boundaries', () => {
  it('keeps goods from another domain: it can neither read nor change them', async () => {
    const a = await goodsSeller(t);
    const b = await goodsSeller(t);
    const spu = await createGoods(t, a.token, { code: 'MINE', name: 'Mine', hasSku: true, skus: [{ code: 'MINE-1' }] });
    const skuId = spu.skus[0]!.id;
    expect((await search(b.token)).body.data.total).toBe(0);
    expect((await call('/myhome/spu/getSpuById', { id: spu.id }, b.token)).status).toBe(404);
    expect((await call('/myhome/spu/getBySkuIdList', { idList: [skuId] }, b.token)).body.data).toEqual([]);
    expect((await call('/myhome/sku/searchSkuPageList', { keyword: 'MINE' }, b.token)).body.data.total).toBe(0);
    // The same code is free in the other domain.
    expect((await call('/myhome/spu/checkCode', { code: 'MINE' }, b.token)).body.data.available).toBe(true);
    const changes: [string, unknown][] = [
      ['/myhome/spu/updateSpuByhand', { id: spu.id, version: spu.version, code: 'MINE', name: 'Stolen' }],
      ['/myhome/spu/deleteSpuListByHand', { idList: [spu.id] }],
      ['/myhome/spu/addOneSkuToSpu', { spuId: spu.id, version: spu.version, sku: { code: 'X' } }],
      ['/myhome/spu/madeMarkBySpuIdList', { idList: [spu.id], values: ['x'] }],
      ['/myhome/spu/updateSpuStatus', { idList: [spu.id], status: 'instock' }],
      ['/myhome/spu/updateSpuSysClassifyList', { id: null, idList: [spu.id] }],
    ];
    for (const [path, body] of changes) expect((await call(path, body, b.token)).status, path).toBe(404);
    const combo = await call('/myhome/spu/createSpuByHand', { code: 'THEIRS', name: 'x', isCombination: true, components: [{ id: skuId, qty: 1 }] }, b.token);
    expect(combo.body.errorCode).toBe('ERR_GOODS_COMPONENT_NOT_FOUND');
    const after = (await call('/myhome/spu/getSpuById', { id: spu.id }, a.token)).body.data as SpuRow;
    expect(after).toMatchObject({ name: 'Mine', version: spu.version, status: 'onsale', skuMarks: [] });
    expect(after.skus.map((s) => s.code)).toEqual(['MINE-1']);
  });

  it('refuses an account without the goods menu, and lets picking pages search SKUs', async () => {
    const { domainId, token } = await goodsSeller(t);
    await createGoods(t, token, { code: 'PERM' });
    const picker = await goodsStaff(t, domainId, ['MENU_ERPSO', 'MENU_INV']);
    for (const [path, body] of [
      ['/myhome/spu/searchSpuPageList', {}],
      ['/myhome/spu/createSpuByHand', { code: 'NOPE', name: 'nope' }],
      ['/myhome/spu/deleteSpuListByHand', { idList: [1] }],
    ] as const) {
      const answer = await call(path, body, picker);
      expect(answer.status, path).toBe(403);
      expect(answer.body.errorCode).toBe('ERR_SECURITY_NO_PERMISSION');
    }
    expect((await call('/myhome/sku/searchSkuPageList', { keyword: 'PERM' }, picker)).body.data.total).toBe(1);
    const configClerk = await goodsStaff(t, domainId, ['MENU_USER_CONFIG']);
    expect((await call('/myhome/sku/searchSkuPageList', {}, configClerk)).body.errorCode).toBe('ERR_SECURITY_NO_PERMISSION');
    expect((await search(token, { codeKeywords: 'NOPE' })).body.data.total).toBe(0);
  });
});
