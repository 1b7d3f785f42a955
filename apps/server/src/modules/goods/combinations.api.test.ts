// Combination goods and the classification tree over HTTP.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SkuClassNode, SkuClassTree, SpuRow } from '@openseller/core';
import { createCombination, createGoods, goodsSeller, goodsStaff } from '../../../test/factories/goods.js';
import { createTestApp } from '../../../test/harness.js';
import { combinationComponents, skuClasses } from '../../db/schema/index.js';

const t = await createTestApp();
const call = (path: string, body: unknown, token: string) => t.call(path, body, { token });
const get = async (token: string, id: number) => (await call('/myhome/spu/getSpuById', { id }, token)).body.data as SpuRow;

describe('combination goods', () => {
  it('makes a combination of two goods with quantities and apportioned cost, its cost their sum', async () => {
    const { token } = await goodsSeller(t);
    const cup = await createGoods(t, token, { code: 'CUP', name: 'Cup' });
    const saucer = await createGoods(t, token, { code: 'SAUCER', name: 'Saucer' });
    const set = await createCombination(
      t,
      token,
      [
        { id: cup.skus[0]!.id, qty: 2, apportionCostPrice: '3.5' },
        { id: saucer.skus[0]!.id, qty: 1, apportionCostPrice: '1.25' },
      ],
      { code: 'SET', name: 'Cup set', price: '20' },
    );
    expect(set).toMatchObject({ isCombination: true, hasSku: false, costPrice: '8.2500' });
    expect(set.skus).toHaveLength(1);
    expect(set.skus[0]).toMatchObject({ code: 'SET', isCombination: true });
    expect(set.components.map((c) => [c.code, c.name, c.qty, c.apportionCostPrice])).toEqual([
      ['CUP', 'Cup', 2, '3.5000'],
      ['SAUCER', 'Saucer', 1, '1.2500'],
    ]);
  });

  it('uses the first SKU of goods given without a SKU', async () => {
    const { token } = await goodsSeller(t);
    const tee = await createGoods(t, token, { code: 'TEE', hasSku: true, skus: [{ code: 'TEE-S' }, { code: 'TEE-M' }] });
    const combo = await createGoods(t, token, { isCombination: true, components: [{ spuId: tee.id, qty: 3 }] });
    expect(combo.components.map((c) => [c.skuId, c.code, c.qty])).toEqual([[tee.skus[0]!.id, 'TEE-S', 3]]);
  });

  it('takes each component as {id, qty, apportionCostPrice} with id the SKU, and answers components with their id', async () => {
    const { token } = await goodsSeller(t);
    const a = await createGoods(t, token, { code: 'KA' });
    const made = await call('/myhome/spu/makeSpuCombined', { spuVo: { code: 'KIT', name: 'Kit' }, mapList: [{ id: a.skus[0]!.id, qty: 2, apportionCostPrice: '1.5' }] }, token);
    expect(made.body.data.components).toEqual([expect.objectContaining({ id: a.skus[0]!.id, skuId: a.skus[0]!.id, code: 'KA', qty: 2, apportionCostPrice: '1.5000' })]);
    const noId = await call('/myhome/spu/makeSpuCombined', { spuVo: { code: 'KIT2', name: 'Kit' }, mapList: [{ qty: 1 }] }, token);
    expect(noId.body.fields).toContainEqual({ field: 'mapList.0.id', message: 'Choose the SKU of the component' });
  });

  it('offers makeSpuCombined {spuVo, mapList} and updateSpuList4Combination', async () => {
    const { token } = await goodsSeller(t);
    const a = await createGoods(t, token, { code: 'MA' });
    const b = await createGoods(t, token, { code: 'MB' });
    const made = await call('/myhome/spu/makeSpuCombined', { spuVo: { code: 'MC', name: 'Made' }, mapList: [{ id: a.skus[0]!.id, qty: 1 }] }, token);
    expect(made.body.data.components.map((c: { code: string }) => c.code)).toEqual(['MA']);
    const updated = await call('/myhome/spu/updateSpuList4Combination', { id: made.body.data.id, version: made.body.data.version, mapList: [{ id: b.skus[0]!.id, qty: 4 }] }, token);
    expect(updated.body.data.components.map((c: { code: string; qty: number }) => [c.code, c.qty])).toEqual([['MB', 4]]);
    const stale = await call('/myhome/spu/updateSpuList4Combination', { id: made.body.data.id, version: made.body.data.version, mapList: [{ id: a.skus[0]!.id, qty: 1 }] }, token);
    expect(stale.body.errorCode).toBe('ERR_VERSION_CONFLICT');
    const notCombo = await call('/myhome/spu/updateSpuList4Combination', { id: a.id, version: a.version, mapList: [{ id: b.skus[0]!.id, qty: 1 }] }, token);
    expect(notCombo.body).toMatchObject({ errorCode: 'ERR_GOODS_NOT_A_COMBINATION', message: 'Goods MA is not a combination' });
  });

  it('refuses a combination that contains itself', async () => {
    const { token } = await goodsSeller(t);
    const part = await createGoods(t, token, { code: 'SELF-P' });
    const combo = await createCombination(t, token, [{ id: part.skus[0]!.id, qty: 1 }], { code: 'SELF' });
    const answer = await call(
      '/myhome/spu/updateSpuList4Combination',
      {
        id: combo.id,
        version: combo.version,
        mapList: [
          { id: part.skus[0]!.id, qty: 1 },
          { id: combo.skus[0]!.id, qty: 1 },
        ],
      },
      token,
    );
    expect(answer.body).toMatchObject({ errorCode: 'ERR_GOODS_COMBINATION_CONTAINS_ITSELF', params: { field: 'mapList.1.id', code: 'SELF' } });
    expect(answer.body.message).toBe('A combination cannot contain itself (SELF)');
    expect((await get(token, combo.id)).components.map((c) => c.code)).toEqual(['SELF-P']);
  });

  it('refuses a combination containing another combination that contains it, and changes nothing', async () => {
    const { token } = await goodsSeller(t);
    const base = await createGoods(t, token, { code: 'BASE' });
    const inner = await createCombination(t, token, [{ id: base.skus[0]!.id, qty: 1 }], { code: 'INNER' });
    const outer = await createCombination(t, token, [{ id: inner.skus[0]!.id, qty: 2 }], { code: 'OUTER' });
    // INNER may not take OUTER as a component: OUTER contains INNER.
    const answer = await call(
      '/myhome/spu/updateSpuByhand',
      { id: inner.id, version: inner.version, code: 'INNER', name: inner.name, isCombination: true, components: [{ id: base.skus[0]!.id, qty: 1 }, { id: outer.skus[0]!.id, qty: 1 }] },
      token,
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ errorCode: 'ERR_GOODS_COMBINATION_LOOP', params: { field: 'components.1.id', code: 'OUTER', path: 'INNER → OUTER → INNER' } });
    expect(answer.body.message).toBe('A combination cannot contain another combination that contains it: INNER → OUTER → INNER');
    const links = await t.database.db.select().from(combinationComponents).where(eq(combinationComponents.comboSkuId, inner.skus[0]!.id));
    expect(links.map((l) => l.componentSkuId)).toEqual([base.skus[0]!.id]);
    expect((await get(token, inner.id)).version).toBe(inner.version);
  });

  it('refuses unknown components, repeated components and a combination with variants', async () => {
    const { token } = await goodsSeller(t);
    const part = await createGoods(t, token);
    const unknown = await call('/myhome/spu/createSpuByHand', { code: 'U1', name: 'u', isCombination: true, components: [{ id: part.skus[0]!.id, qty: 1 }, { id: 99_999_999, qty: 1 }] }, token);
    expect(unknown.body).toMatchObject({ errorCode: 'ERR_GOODS_COMPONENT_NOT_FOUND', params: { field: 'components.1.id', row: 2 } });
    const twice = await call('/myhome/spu/createSpuByHand', { code: 'U2', name: 'u', isCombination: true, components: [{ id: part.skus[0]!.id, qty: 1 }, { id: part.skus[0]!.id, qty: 2 }] }, token);
    expect(twice.body.fields).toContainEqual({ field: 'components.1.id', message: 'This component appears twice' });
    const none = await call('/myhome/spu/createSpuByHand', { code: 'U3', name: 'u', isCombination: true, components: [] }, token);
    expect(none.body.fields).toContainEqual({ field: 'components', message: 'A combination needs at least one component' });
    const zero = await call('/myhome/spu/createSpuByHand', { code: 'U4', name: 'u', isCombination: true, components: [{ id: part.skus[0]!.id, qty: 0 }] }, token);
    expect(zero.body.fields).toContainEqual({ field: 'components.0.qty', message: 'Quantity must be at least 1' });
    const combo = await createCombination(t, token, [{ id: part.skus[0]!.id, qty: 1 }]);
    const variant = await call('/myhome/spu/addOneSkuToSpu', { spuId: combo.id, version: combo.version, sku: { code: 'V' } }, token);
    expect(variant.body.errorCode).toBe('ERR_GOODS_COMBINATION_NO_VARIANTS');
    const turned = await call('/myhome/spu/updateSpuByhand', { id: part.id, version: part.version, code: part.code, name: part.name, isCombination: true, components: [{ id: combo.skus[0]!.id, qty: 1 }] }, token);
    expect(turned.body.params?.field).toBe('isCombination');
  });
});

describe('the classification tree', () => {
  const create = (token: string, body: Record<string, unknown>) => call('/myhome/spuSysClassify/create', body, token);
  const tree = async (token: string) => (await call('/myhome/spuSysClassify/getSkuSysClassifyByType', { isAll: true }, token)).body.data as SkuClassTree;

  it('builds up to three levels with node types, and refuses a fourth', async () => {
    const { token } = await goodsSeller(t);
    const l1 = (await create(token, { code: 'FOOD', name: 'Food' })).body.data as SkuClassNode;
    const l2 = (await create(token, { code: 'FRUIT', name: 'Fruit', parentId: l1.id })).body.data as SkuClassNode;
    const l3 = (await create(token, { code: 'APPLE', name: 'Apples', parentId: l2.id })).body.data as SkuClassNode;
    expect([l1.type, l2.type, l3.type]).toEqual(['LEVEL_1', 'LEVEL_2', 'LEVEL_3']);
    const deep = await create(token, { code: 'RED', name: 'Red', parentId: l3.id });
    expect(deep.body).toMatchObject({ errorCode: 'ERR_GOODS_CLASS_TOO_DEEP', params: { field: 'parentId' } });
    const whole = await tree(token);
    expect(whole.nodes.map((n) => n.code)).toEqual(['FOOD']);
    expect(whole.nodes[0]!.children[0]!.children[0]!.code).toBe('APPLE');
    const taken = await create(token, { code: 'FRUIT', name: 'Again' });
    expect(taken.body).toMatchObject({ errorCode: 'ERR_GOODS_CLASS_CODE_TAKEN', params: { field: 'code' } });
  });

  it('renames a class with its version, refusing a stale one', async () => {
    const { token } = await goodsSeller(t);
    const node = (await create(token, { code: 'C1', name: 'One' })).body.data as SkuClassNode;
    const renamed = await call('/myhome/spuSysClassify/update', { id: node.id, version: node.version, code: 'C1', name: 'Uno' }, token);
    expect(renamed.body.data).toMatchObject({ name: 'Uno', version: node.version + 1 });
    const stale = await call('/myhome/spuSysClassify/update', { id: node.id, version: node.version, code: 'C1', name: 'Eins' }, token);
    expect(stale.body.errorCode).toBe('ERR_VERSION_CONFLICT');
  });

  it('moves goods between classes, counts them, and filters the list by a class and its sub-classes', async () => {
    const { token } = await goodsSeller(t);
    const top = (await create(token, { code: 'TOP', name: 'Top' })).body.data as SkuClassNode;
    const sub = (await create(token, { code: 'SUB', name: 'Sub', parentId: top.id })).body.data as SkuClassNode;
    const a = await createGoods(t, token, { code: 'CA' });
    const b = await createGoods(t, token, { code: 'CB', skuSysClassifyId: top.id });
    await createGoods(t, token, { code: 'CC' });
    expect((await call('/myhome/spu/updateSpuSysClassifyList', { id: sub.id, idList: [a.id] }, token)).body.data).toEqual({ moved: 1 });
    const counted = await tree(token);
    expect(counted).toMatchObject({ totalCount: 3, unclassifiedCount: 1 });
    // A class counts the goods of its sub-classes too, as its filter lists them.
    expect(counted.nodes[0]!.goodsCount).toBe(2);
    expect(counted.nodes[0]!.children[0]!.goodsCount).toBe(1);
    const codes = async (skuSysClassifyId: number) =>
      ((await call('/myhome/spu/searchSpuPageList', { skuSysClassifyId }, token)).body.data.voList as SpuRow[]).map((r) => r.code).sort();
    expect(await codes(top.id)).toEqual(['CA', 'CB']);
    expect(await codes(sub.id)).toEqual(['CA']);
    expect(await codes(0)).toEqual(['CC']);
    expect((await get(token, a.id)).skuSysClassifyName).toBe('Sub');
    await call('/myhome/spu/updateSpuSysClassifyList', { id: null, idList: [b.id] }, token);
    expect(await codes(0)).toEqual(['CB', 'CC']);
    const missing = await call('/myhome/spu/updateSpuSysClassifyList', { id: 99_999_999, idList: [b.id] }, token);
    expect(missing.body).toMatchObject({ errorCode: 'ERR_NOT_FOUND', params: { field: 'id' } });
  });

  it('refuses deleting a class that still has sub-classes or goods, with a message', async () => {
    const { token, domainId } = await goodsSeller(t);
    const top = (await create(token, { code: 'KEEP', name: 'Keep' })).body.data as SkuClassNode;
    const sub = (await create(token, { code: 'KEEP2', name: 'Keep two', parentId: top.id })).body.data as SkuClassNode;
    const spu = await createGoods(t, token, { skuSysClassifyId: sub.id });
    const withChildren = await call('/myhome/spuSysClassify/delete', { id: top.id }, token);
    expect(withChildren.body).toMatchObject({ errorCode: 'ERR_GOODS_CLASS_HAS_CHILDREN', message: 'Class "Keep" still has 1 sub-class and cannot be deleted' });
    const withGoods = await call('/myhome/spuSysClassify/delete', { id: sub.id }, token);
    expect(withGoods.body).toMatchObject({ errorCode: 'ERR_GOODS_CLASS_HAS_GOODS', message: 'Class "Keep two" still holds 1 goods; move them out first' });
    expect(await t.database.db.select().from(skuClasses).where(eq(skuClasses.domainId, domainId))).toHaveLength(2);
    // Deleted goods do not hold a class.
    await call('/myhome/spu/deleteSpuListByHand', { idList: [spu.id] }, token);
    expect((await call('/myhome/spuSysClassify/delete', { id: sub.id }, token)).body.success).toBe(true);
    expect((await call('/myhome/spuSysClassify/delete', { id: top.id }, token)).body.success).toBe(true);
    expect((await tree(token)).nodes).toEqual([]);
  });

  it('keeps classes from another domain and from an account without the goods menu', async () => {
    const a = await goodsSeller(t);
    const b = await goodsSeller(t);
    const node = (await create(a.token, { code: 'OWN', name: 'Own' })).body.data as SkuClassNode;
    expect((await tree(b.token)).nodes).toEqual([]);
    expect((await call('/myhome/spuSysClassify/update', { id: node.id, version: node.version, code: 'OWN', name: 'Taken' }, b.token)).status).toBe(404);
    expect((await call('/myhome/spuSysClassify/delete', { id: node.id }, b.token)).status).toBe(404);
    expect((await create(b.token, { code: 'CHILD', name: 'Child', parentId: node.id })).body.params?.field).toBe('parentId');
    const bGoods = await createGoods(t, b.token);
    expect((await call('/myhome/spu/updateSpuSysClassifyList', { id: node.id, idList: [bGoods.id] }, b.token)).status).toBe(404);
    expect((await call('/myhome/spu/createSpuByHand', { code: 'X', name: 'x', skuSysClassifyId: node.id }, b.token)).body.params?.field).toBe('skuSysClassifyId');
    expect((await tree(a.token)).nodes[0]).toMatchObject({ name: 'Own', version: node.version });
    const picker = await goodsStaff(t, a.domainId, ['MENU_ERPSO', 'MENU_INV']);
    expect((await call('/myhome/spuSysClassify/getSkuSysClassifyByType', {}, picker)).body.errorCode).toBe('ERR_SECURITY_NO_PERMISSION');
    expect((await create(picker, { code: 'P', name: 'p' })).status).toBe(403);
  });
});
