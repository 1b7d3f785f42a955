// Gift promotions over HTTP (spec 02 §3.3, §7.5), plus what order ingest and the goods area
// read through the registry.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { evaluatePromotions, seededPromotionRandom, type PromotionView } from '@openseller/core';
import { createTestApp } from '../../../test/harness.js';
import { deletePromotionGoods, promotionGoods, promotionOnlineSku, promotionPayload, promotionStore } from '../../../test/factories/promotions.js';
import type { Tx } from '../../db/client.js';
import { operationLogs, promotionConditions, promotionRules, promotions } from '../../db/schema/index.js';
import type { PromotionsRegistryService } from './index.js';

const t = await createTestApp({ now: () => new Date('2026-03-15T12:00:00Z') });
const BASE = '/myhome/promotion';

async function seller() {
  const domain = await t.factories.sellerDomain();
  const token = await t.token(domain.loginName, domain.password);
  const [mug, tea, spoon] = await promotionGoods(t, domain.domainId, [{}, {}, {}]);
  const [sticker, coaster] = await promotionGoods(t, domain.domainId, [{ name: 'Sticker' }, { name: 'Coaster', isCombination: true }]);
  return { ...domain, token, mug: mug!, tea: tea!, spoon: spoon!, sticker: sticker!, coaster: coaster! };
}

const call = (path: string, body: unknown, token: string) => t.call(`${BASE}/${path}`, body, { token });

async function create(token: string, body: Record<string, unknown>): Promise<PromotionView> {
  const answer = await call('createNewPromotion', body, token);
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ success: true });
  return answer.body.data;
}

async function countRows(domainId: number) {
  const p = await t.database.db.select().from(promotions).where(eq(promotions.domainId, domainId));
  const r = await t.database.db.select().from(promotionRules).where(eq(promotionRules.domainId, domainId));
  const c = await t.database.db.select().from(promotionConditions).where(eq(promotionConditions.domainId, domainId));
  return { promotions: p.length, rules: r.length, conditions: c.length, versions: p.map((x) => `${x.id}:${x.version}:${x.open}:${x.name}`).sort() };
}

describe('creating and reading promotions', () => {
  it('stores every field and answers the gift list expanded into gift items', async () => {
    const s = await seller();
    const store = await promotionStore(t, s.domainId, 'Tmall flagship');
    const view = await create(s.token, {
      name: 'Spring gifts',
      fromTime: '2026-03-01 00:00:00',
      toTime: '2026-03-31 23:59:59',
      storeIds: [store.id],
      nickConditionType: 'EXCLUDE',
      nickList: ['scalper1', 'scalper2'],
      promotionAllCount: 500,
      open: true,
      ruleList: [
        { ruleType: 'AMOUNT_TYPE', ruleMode: 1, repeatable: true, conditionList: [{ giftList: ` ${s.sticker.id} : 2 ; ${s.coaster.id}:1`, amountMoreThan: 99.5 }] },
      ],
    });
    expect(view).toMatchObject({
      name: 'Spring gifts',
      storeIds: [store.id],
      stores: [{ id: store.id, name: 'Tmall flagship' }],
      nickConditionType: 'EXCLUDE',
      nickList: ['scalper1', 'scalper2'],
      promotionAllCount: 500,
      givenCount: 0,
      open: true,
      version: 0,
    });
    expect(new Date(view.fromTime).getTime()).toBeLessThan(new Date(view.toTime).getTime());
    const condition = view.ruleList[0]!.conditionList[0]!;
    expect(view.ruleList[0]).toMatchObject({ ruleType: 'AMOUNT_TYPE', ruleMode: 1, repeatable: true, onlineSku: false, needBuySkuList: '', needBuySkuAC: [] });
    expect(condition).toMatchObject({ giftList: `${s.sticker.id}:2;${s.coaster.id}:1;`, amountMoreThan: '99.5000', amountLessThan: null, randomGift: false });
    expect(condition.giftAC).toEqual([
      expect.objectContaining({ id: s.sticker.id, skuId: s.sticker.id, qty: 2, skuCode: s.sticker.code, skuName: 'Sticker', skuSpecifications: 'spec 0', skuPrice: '12.5000', color: 'red', size: 'M', isCombination: false }),
      expect.objectContaining({ skuId: s.coaster.id, qty: 1, skuName: 'Coaster', isCombination: true }),
    ]);
    const again = await call('getById', { id: view.id }, s.token);
    expect(again.body.data).toEqual(view);
    const [log] = await t.database.db.select().from(operationLogs).where(and(eq(operationLogs.domainId, s.domainId), eq(operationLogs.entityId, String(view.id))));
    expect(log).toMatchObject({ area: 'promotions', entityType: 'promotion', action: 'create' });
    expect((log!.after as { ruleList: { conditionList: { giftList: string }[] }[] }).ruleList[0]!.conditionList[0]!.giftList).toBe(condition.giftList);
  });

  it('stores all eight rule types with the fields each one reads, single and multi-tier', async () => {
    const s = await seller();
    const store = await promotionStore(t, s.domainId);
    const online = await promotionOnlineSku(t, s.domainId, store.id, s.mug.id);
    const g = `${s.sticker.id}:1;`;
    const view = await create(
      s.token,
      promotionPayload(s.sticker.id, {
        ruleList: [
          { ruleType: 'AMOUNT_TYPE', ruleMode: 2, conditionList: [{ giftList: g, amountMoreThan: '100', amountLessThan: '200' }, { giftList: `${s.coaster.id}:1;`, amountMoreThan: '200' }] },
          { ruleType: 'QTY_TYPE', repeatable: true, conditionList: [{ giftList: g, qtyMoreThan: 3, qtyLessThan: 10 }] },
          { ruleType: 'SKU_SELF_TYPE', conditionList: [{ giftList: `${s.mug.id}:1;`, qtyNeedBuy: 2 }] },
          { ruleType: 'SKU_OTHER_TYPE', needBuySkuList: `${s.tea.id}:1;`, conditionList: [{ giftList: g, qtyNeedBuy: 1 }] },
          { ruleType: 'SKU_QTY_TYPE', needBuySkuList: `${s.tea.id}:1;${s.spoon.id}:2;`, conditionList: [{ giftList: g }] },
          { ruleType: 'REMARK_TYPE', conditionList: [{ giftList: g, sellerMessage: 'VIP', buyerMessage: 'gift,present' }] },
          { ruleType: 'SKU_AMOUNT_TYPE', onlineSku: true, needBuySkuList: `${online.id}:1;`, conditionList: [{ giftList: g, amountMoreThan: '50' }] },
          {
            ruleType: 'SKU_QTY_LIMIT_TYPE',
            needBuySkuList: `${s.mug.id}:1;`,
            conditionList: [{ giftList: `${s.sticker.id}:1;${s.coaster.id}:1;${s.spoon.id}:1;`, qtyMoreThan: 2, randomGift: true, randomKind: 2 }],
          },
        ],
      }),
    );
    expect(view.ruleList.map((r) => [r.ruleType, r.ruleMode, r.conditionList.length])).toEqual([
      ['AMOUNT_TYPE', 2, 2],
      ['QTY_TYPE', 1, 1],
      ['SKU_SELF_TYPE', 1, 1],
      ['SKU_OTHER_TYPE', 1, 1],
      ['SKU_QTY_TYPE', 1, 1],
      ['REMARK_TYPE', 1, 1],
      ['SKU_AMOUNT_TYPE', 1, 1],
      ['SKU_QTY_LIMIT_TYPE', 1, 1],
    ]);
    expect(view.ruleList[4]!.needBuySkuAC.map((i) => [i.skuId, i.qty])).toEqual([
      [s.tea.id, 1],
      [s.spoon.id, 2],
    ]);
    expect(view.ruleList[5]!.conditionList[0]).toMatchObject({ sellerMessage: 'VIP', buyerMessage: 'gift,present' });
    expect(view.ruleList[6]).toMatchObject({ onlineSku: true, needBuySkuList: `${online.id}:1;` });
    expect(view.ruleList[6]!.needBuySkuAC[0]).toMatchObject({ id: online.id, skuId: s.mug.id, tbSkuId: online.tbSkuId, storeId: store.id, storeName: store.name, platformCode: 'CI_PLATFORM_TAOBAO' });
    expect(view.ruleList[7]!.conditionList[0]).toMatchObject({ randomGift: true, randomKind: 2, qtyMoreThan: 2 });
  });

  it('lists promotions with their time status, stores and rule summary, and filters them', async () => {
    const s = await seller();
    const store = await promotionStore(t, s.domainId, 'JD store');
    const running = await create(s.token, promotionPayload(s.sticker.id, { name: 'Running one', storeIds: [store.id] }));
    const future = await create(s.token, promotionPayload(s.sticker.id, { name: 'Future one', fromTime: '2026-05-01 00:00:00', toTime: '2026-05-02 00:00:00', open: false }));
    const ended = await create(
      s.token,
      promotionPayload(s.sticker.id, {
        name: 'Ended one',
        fromTime: '2026-01-01 00:00:00',
        toTime: '2026-01-31 00:00:00',
        ruleList: [{ ruleType: 'REMARK_TYPE', conditionList: [{ giftList: `${s.sticker.id}:1;`, buyerMessage: 'x' }] }],
      }),
    );
    const list = await call('searchPageList', { currentPage: 1, pageSize: 10 }, s.token);
    expect(list.body.data.total).toBe(3);
    expect(list.body.data.voList.map((r: any) => [r.name, r.status])).toEqual([
      ['Ended one', 'ENDED'],
      ['Future one', 'NOT_STARTED'],
      ['Running one', 'RUNNING'],
    ]);
    expect(list.body.data.voList[2]).toMatchObject({ id: running.id, stores: [{ id: store.id, name: 'JD store' }], ruleSummary: [{ ruleType: 'AMOUNT_TYPE', ruleMode: 1, repeatable: false, tierCount: 1 }] });
    const ids = async (filter: Record<string, unknown>) => (await call('searchPageList', { currentPage: 1, pageSize: 10, ...filter }, s.token)).body.data.voList.map((r: any) => r.id);
    expect(await ids({ name: 'runn' })).toEqual([running.id]);
    expect(await ids({ open: false })).toEqual([future.id]);
    expect(await ids({ status: 'RUNNING' })).toEqual([running.id]);
    expect(await ids({ ruleType: 'REMARK_TYPE' })).toEqual([ended.id]);
    // A promotion for every store covers the store too.
    expect(await ids({ storeId: store.id })).toEqual([ended.id, future.id, running.id]);
    const page2 = await call('searchPageList', { currentPage: 2, pageSize: 2 }, s.token);
    expect(page2.body.data).toMatchObject({ total: 3, currentPage: 2, pageSize: 2 });
    expect(page2.body.data.voList.map((r: any) => r.id)).toEqual([running.id]);
  });

  it('answers the open promotions, by store and by time', async () => {
    const s = await seller();
    const a = await promotionStore(t, s.domainId);
    const b = await promotionStore(t, s.domainId);
    const forA = await create(s.token, promotionPayload(s.sticker.id, { storeIds: [a.id] }));
    const everywhere = await create(s.token, promotionPayload(s.sticker.id, { fromTime: '2026-04-01 00:00:00', toTime: '2026-04-30 00:00:00' }));
    await create(s.token, promotionPayload(s.sticker.id, { open: false }));
    const open = async (body: Record<string, unknown>) => ((await call('searchOpenNewPromotion', body, s.token)).body.data as PromotionView[]).map((p) => p.id);
    expect(await open({})).toEqual([everywhere.id, forA.id]);
    expect(await open({ storeId: b.id })).toEqual([everywhere.id]);
    expect(await open({ activeAt: '2026-03-10 10:00:00' })).toEqual([forA.id]);
    const [full] = (await call('searchOpenNewPromotion', { storeId: a.id, activeAt: '2026-03-10 10:00:00' }, s.token)).body.data as PromotionView[];
    expect(full!.ruleList[0]!.conditionList[0]!.giftAC[0]).toMatchObject({ skuId: s.sticker.id });
  });
});

describe('changing promotions', () => {
  it('replaces the whole promotion on update and raises the version', async () => {
    const s = await seller();
    const view = await create(s.token, promotionPayload(s.sticker.id));
    const answer = await call(
      'updateNewPromotion',
      {
        id: view.id,
        version: view.version,
        name: 'Renamed',
        fromTime: '2026-03-02 00:00:00',
        toTime: '2026-03-20 00:00:00',
        nickConditionType: 'INCLUDE',
        nickList: ['vip1'],
        ruleList: [{ ruleType: 'QTY_TYPE', ruleMode: 2, conditionList: [{ giftList: `${s.coaster.id}:1;`, qtyMoreThan: 2 }, { giftList: `${s.coaster.id}:3;`, qtyMoreThan: 5 }] }],
      },
      s.token,
    );
    expect(answer.body.success).toBe(true);
    expect(answer.body.data).toMatchObject({ id: view.id, name: 'Renamed', version: 1, open: true, nickConditionType: 'INCLUDE', nickList: ['vip1'] });
    expect(answer.body.data.ruleList).toHaveLength(1);
    expect(answer.body.data.ruleList[0].conditionList.map((c: any) => c.giftList)).toEqual([`${s.coaster.id}:1;`, `${s.coaster.id}:3;`]);
    expect(await countRows(s.domainId)).toMatchObject({ promotions: 1, rules: 1, conditions: 2 });
    const logs = await t.database.db.select().from(operationLogs).where(and(eq(operationLogs.domainId, s.domainId), eq(operationLogs.action, 'update')));
    expect(logs[0]).toMatchObject({ entityId: String(view.id) });
    expect((logs[0]!.before as { name: string }).name).toBe(view.name);
    expect((logs[0]!.after as { name: string }).name).toBe('Renamed');
  });

  it('switches a promotion off and on with an update carrying only open', async () => {
    const s = await seller();
    const view = await create(s.token, promotionPayload(s.sticker.id));
    const off = await call('updateNewPromotion', { id: view.id, version: 0, open: false }, s.token);
    expect(off.body.data).toMatchObject({ open: false, version: 1, name: view.name });
    expect(off.body.data.ruleList).toEqual(view.ruleList);
    const on = await call('updateNewPromotion', { id: view.id, version: 1, open: true }, s.token);
    expect(on.body.data).toMatchObject({ open: true, version: 2 });
    const actions = (await t.database.db.select().from(operationLogs).where(eq(operationLogs.domainId, s.domainId))).map((l) => l.action);
    expect(actions).toEqual(expect.arrayContaining(['create', 'close', 'open']));
  });

  it('refuses to open again a promotion whose gift was deleted meanwhile', async () => {
    const s = await seller();
    const view = await create(s.token, promotionPayload(s.sticker.id, { open: false }));
    await deletePromotionGoods(t, s.sticker.id);
    const shown = await call('getById', { id: view.id }, s.token);
    expect(shown.body.data.ruleList[0].conditionList[0].giftAC[0]).toMatchObject({ skuId: s.sticker.id, missing: true });
    const answer = await call('updateNewPromotion', { id: view.id, version: 0, open: true }, s.token);
    expect(answer.body).toMatchObject({ success: false, errorCode: 'ERR_PROMOTIONS_UNKNOWN_SKU', params: { field: 'ruleList.0.conditionList.0.giftList', skuIds: String(s.sticker.id) } });
    expect((await countRows(s.domainId)).versions).toEqual([`${view.id}:0:false:${view.name}`]);
  });

  it('deletes promotions with their rules, all or none', async () => {
    const s = await seller();
    const a = await create(s.token, promotionPayload(s.sticker.id));
    const b = await create(s.token, promotionPayload(s.sticker.id));
    const missing = await call('delete', { idList: [a.id, 99_999_999] }, s.token);
    expect(missing.body).toMatchObject({ success: false, errorCode: 'ERR_NOT_FOUND' });
    expect((await countRows(s.domainId)).promotions).toBe(2);
    const done = await call('delete', { idList: [a.id, b.id] }, s.token);
    expect(done.body).toMatchObject({ success: true, data: { deleted: 2 } });
    expect(await countRows(s.domainId)).toMatchObject({ promotions: 0, rules: 0, conditions: 0 });
    expect((await call('getById', { id: a.id }, s.token)).body.errorCode).toBe('ERR_NOT_FOUND');
    const logs = await t.database.db.select().from(operationLogs).where(and(eq(operationLogs.domainId, s.domainId), eq(operationLogs.action, 'delete')));
    expect(logs.map((l) => l.entityId).sort()).toEqual([String(a.id), String(b.id)].sort());
  });
});

describe('bad input changes nothing and names the field', () => {
  const refusals: [string, (s: Awaited<ReturnType<typeof seller>>) => Record<string, unknown>, string, string][] = [
    [
      'a rule without gifts',
      (s) => promotionPayload(s.sticker.id, { ruleList: [{ ruleType: 'QTY_TYPE', conditionList: [{ giftList: '', qtyMoreThan: 1 }] }] }),
      'ERR_VALIDATION',
      'ruleList.0.conditionList.0.giftList',
    ],
    [
      'a negative gift quantity',
      (s) => promotionPayload(s.sticker.id, { ruleList: [{ ruleType: 'QTY_TYPE', conditionList: [{ giftList: `${s.sticker.id}:-1;`, qtyMoreThan: 1 }] }] }),
      'ERR_VALIDATION',
      'ruleList.0.conditionList.0.giftList',
    ],
    [
      'a gift quantity that is not a whole number',
      (s) => promotionPayload(s.sticker.id, { ruleList: [{ ruleType: 'QTY_TYPE', conditionList: [{ giftList: `${s.sticker.id}:1.5;`, qtyMoreThan: 1 }] }] }),
      'ERR_VALIDATION',
      'ruleList.0.conditionList.0.giftList',
    ],
    ['a negative threshold', (s) => promotionPayload(s.sticker.id, { ruleList: [{ ruleType: 'QTY_TYPE', conditionList: [{ giftList: `${s.sticker.id}:1;`, qtyMoreThan: -2 }] }] }), 'ERR_VALIDATION', 'ruleList.0.conditionList.0.qtyMoreThan'],
    ['an end before the start', (s) => promotionPayload(s.sticker.id, { fromTime: '2026-03-10 00:00:00', toTime: '2026-03-09 00:00:00' }), 'ERR_VALIDATION', 'toTime'],
    ['a gift SKU that does not exist', (s) => promotionPayload(s.sticker.id + 100_000), 'ERR_PROMOTIONS_UNKNOWN_SKU', 'ruleList.0.conditionList.0.giftList'],
    [
      'a need-buy SKU that does not exist',
      (s) => promotionPayload(s.sticker.id, { ruleList: [{ ruleType: 'SKU_OTHER_TYPE', needBuySkuList: `${s.tea.id + 100_000}:1;`, conditionList: [{ giftList: `${s.sticker.id}:1;` }] }] }),
      'ERR_PROMOTIONS_UNKNOWN_SKU',
      'ruleList.0.needBuySkuList',
    ],
    ['a store of nobody', (s) => promotionPayload(s.sticker.id, { storeIds: [99_999_999] }), 'ERR_PROMOTIONS_UNKNOWN_STORE', 'storeIds'],
    [
      'a single-mode rule with two conditions',
      (s) => promotionPayload(s.sticker.id, { ruleList: [{ ruleType: 'AMOUNT_TYPE', ruleMode: 1, conditionList: [{ giftList: `${s.sticker.id}:1;`, amountMoreThan: '1' }, { giftList: `${s.sticker.id}:1;`, amountMoreThan: '2' }] }] }),
      'ERR_VALIDATION',
      'ruleList.0.conditionList',
    ],
    [
      'a threshold the rule type does not read',
      (s) => promotionPayload(s.sticker.id, { ruleList: [{ ruleType: 'AMOUNT_TYPE', conditionList: [{ giftList: `${s.sticker.id}:1;`, amountMoreThan: '1', qtyMoreThan: 3 }] }] }),
      'ERR_VALIDATION',
      'ruleList.0.conditionList.0.qtyMoreThan',
    ],
    [
      'more random gifts than listed',
      (s) => promotionPayload(s.sticker.id, { ruleList: [{ ruleType: 'QTY_TYPE', conditionList: [{ giftList: `${s.sticker.id}:1;`, qtyMoreThan: 1, randomGift: true, randomKind: 2 }] }] }),
      'ERR_VALIDATION',
      'ruleList.0.conditionList.0.randomKind',
    ],
    ['an include list without nicks', (s) => promotionPayload(s.sticker.id, { nickConditionType: 'INCLUDE', nickList: [] }), 'ERR_VALIDATION', 'nickList'],
  ];

  it.each(refusals)('refuses %s', async (_what, payload, code, field) => {
    const s = await seller();
    const existing = await create(s.token, promotionPayload(s.sticker.id));
    const before = await countRows(s.domainId);
    const created = await call('createNewPromotion', payload(s), s.token);
    expect(created.body).toMatchObject({ success: false, errorCode: code });
    const named = [created.body.params?.field, ...(created.body.fields ?? []).map((f) => f.field)];
    expect(named).toContain(field);
    const updated = await call('updateNewPromotion', { ...payload(s), id: existing.id, version: existing.version }, s.token);
    expect(updated.body).toMatchObject({ success: false, errorCode: code });
    expect(await countRows(s.domainId)).toEqual(before);
  });

  it('refuses a name already used in the domain, but not in another domain', async () => {
    const s = await seller();
    await create(s.token, promotionPayload(s.sticker.id, { name: 'Double 11' }));
    const again = await call('createNewPromotion', promotionPayload(s.sticker.id, { name: 'Double 11' }), s.token);
    expect(again.body).toMatchObject({ success: false, errorCode: 'ERR_PROMOTIONS_NAME_TAKEN', params: { field: 'name' } });
    const other = await seller();
    await create(other.token, promotionPayload(other.sticker.id, { name: 'Double 11' }));
  });

  it('refuses a stale version and keeps the newer promotion', async () => {
    const s = await seller();
    const view = await create(s.token, promotionPayload(s.sticker.id));
    expect((await call('updateNewPromotion', { ...promotionPayload(s.sticker.id, { name: 'First' }), id: view.id, version: 0 }, s.token)).body.success).toBe(true);
    const stale = await call('updateNewPromotion', { ...promotionPayload(s.sticker.id, { name: 'Second' }), id: view.id, version: 0 }, s.token);
    expect(stale.body).toMatchObject({ success: false, errorCode: 'ERR_VERSION_CONFLICT' });
    const staleSwitch = await call('updateNewPromotion', { id: view.id, version: 0, open: false }, s.token);
    expect(staleSwitch.body.errorCode).toBe('ERR_VERSION_CONFLICT');
    expect((await countRows(s.domainId)).versions).toEqual([`${view.id}:1:true:First`]);
  });

  it('refuses an update that sends neither open nor the whole promotion', async () => {
    const s = await seller();
    const view = await create(s.token, promotionPayload(s.sticker.id));
    const answer = await call('updateNewPromotion', { id: view.id, version: 0, name: 'Only a name' }, s.token);
    expect(answer.body.errorCode).toBe('ERR_VALIDATION');
    expect(answer.body.fields!.map((f) => f.field)).toEqual(expect.arrayContaining(['fromTime', 'toTime', 'ruleList']));
  });
});

describe('domains and permissions', () => {
  it('keeps another domain from reading, changing, deleting or giving our promotions and goods', async () => {
    const s = await seller();
    const other = await seller();
    const view = await create(s.token, promotionPayload(s.sticker.id));
    const before = await countRows(s.domainId);
    expect((await call('getById', { id: view.id }, other.token)).body.errorCode).toBe('ERR_NOT_FOUND');
    expect((await call('searchPageList', { currentPage: 1, pageSize: 10 }, other.token)).body.data.total).toBe(0);
    expect((await call('searchOpenNewPromotion', {}, other.token)).body.data).toEqual([]);
    expect((await call('updateNewPromotion', { id: view.id, version: 0, open: false }, other.token)).body.errorCode).toBe('ERR_NOT_FOUND');
    expect((await call('updateNewPromotion', { ...promotionPayload(other.sticker.id), id: view.id, version: 0 }, other.token)).body.errorCode).toBe('ERR_NOT_FOUND');
    expect((await call('delete', { idList: [view.id] }, other.token)).body.errorCode).toBe('ERR_NOT_FOUND');
    // Our SKUs and stores are unknown to the other domain.
    const usingOurs = await call('createNewPromotion', promotionPayload(s.sticker.id), other.token);
    expect(usingOurs.body).toMatchObject({ errorCode: 'ERR_PROMOTIONS_UNKNOWN_SKU' });
    const ourStore = await promotionStore(t, s.domainId);
    expect((await call('createNewPromotion', promotionPayload(other.sticker.id, { storeIds: [ourStore.id] }), other.token)).body.errorCode).toBe('ERR_PROMOTIONS_UNKNOWN_STORE');
    const ourOnline = await promotionOnlineSku(t, s.domainId, ourStore.id, s.mug.id);
    expect((await call('onlineSkuOptions', { idList: [ourOnline.id] }, other.token)).body.data).toEqual([]);
    expect(await countRows(s.domainId)).toEqual(before);
  });

  it('refuses a sub-account without the promotions menu with 403, and serves one with it', async () => {
    const s = await seller();
    const view = await create(s.token, promotionPayload(s.sticker.id));
    const picker = await t.factories.subAccount(s.domainId, { menus: ['MENU_ERPSO', 'MENU_INV', 'MENU_SKU'] });
    const pickerToken = await t.token(picker.loginName, picker.password);
    const calls: [string, unknown][] = [
      ['searchPageList', { currentPage: 1, pageSize: 10 }],
      ['getById', { id: view.id }],
      ['createNewPromotion', promotionPayload(s.sticker.id)],
      ['updateNewPromotion', { id: view.id, version: 0, open: false }],
      ['delete', { idList: [view.id] }],
      ['searchOpenNewPromotion', {}],
      ['onlineSkuOptions', {}],
    ];
    for (const [path, body] of calls) {
      const answer = await call(path, body, pickerToken);
      expect([path, answer.status, answer.body.errorCode]).toEqual([path, 403, 'ERR_SECURITY_NO_PERMISSION']);
    }
    expect((await countRows(s.domainId)).versions).toEqual([`${view.id}:0:true:${view.name}`]);
    const marketer = await t.factories.subAccount(s.domainId, { menus: ['MENU_NEW_PROMOTION_MANAGE'] });
    const marketerToken = await t.token(marketer.loginName, marketer.password);
    expect((await call('updateNewPromotion', { id: view.id, version: 0, open: false }, marketerToken)).body.success).toBe(true);
    expect((await call('onlineSkuOptions', {}, marketerToken)).body.success).toBe(true);
  });
});

describe('pickers', () => {
  it('offers the online goods of the domain, by keyword and by store', async () => {
    const s = await seller();
    const store = await promotionStore(t, s.domainId, 'Douyin shop');
    const online = await promotionOnlineSku(t, s.domainId, store.id, s.mug.id);
    const otherStore = await promotionStore(t, s.domainId, 'Kuaishou shop');
    const elsewhere = await promotionOnlineSku(t, s.domainId, otherStore.id);
    const onlineFound = await call('onlineSkuOptions', { keyword: online.tbSkuId }, s.token);
    expect(onlineFound.body.data).toEqual([expect.objectContaining({ id: online.id, skuId: s.mug.id, tbSkuId: online.tbSkuId, storeId: store.id, storeName: 'Douyin shop' })]);
    const byStore = await call('onlineSkuOptions', { storeId: otherStore.id }, s.token);
    expect(byStore.body.data.map((o: any) => o.id)).toEqual([elsewhere.id]);
  });
});

describe('what other areas read', () => {
  const registry = () => t.app.services.registry.get<PromotionsRegistryService>('promotions');

  it('gives order ingest the open promotions to evaluate and keeps the total cap', async () => {
    const s = await seller();
    const store = await promotionStore(t, s.domainId);
    const capped = await create(
      s.token,
      promotionPayload(s.sticker.id, {
        storeIds: [store.id],
        promotionAllCount: 1,
        ruleList: [{ ruleType: 'QTY_TYPE', repeatable: true, conditionList: [{ giftList: `${s.sticker.id}:1;${s.coaster.id}:1;`, qtyMoreThan: 2, randomGift: true, randomKind: 1 }] }],
      }),
    );
    await create(s.token, promotionPayload(s.sticker.id, { open: false }));
    const paid = new Date('2026-03-10T08:00:00Z');
    const open = await registry().openPromotionsFor(s.domainId, store.id, paid);
    expect(open.map((p) => p.id)).toEqual([capped.id]);
    expect(await registry().openPromotionsFor(s.domainId, null, paid)).toEqual([]);
    expect(await registry().openPromotionsFor(s.domainId, store.id, new Date('2026-04-10T00:00:00Z'))).toEqual([]);

    const order = { storeId: store.id, buyerNick: 'amy', payTime: paid, lines: [{ skuId: s.mug.id, qty: 5, price: '10' }] };
    const result = evaluatePromotions(order, open, { random: seededPromotionRandom(1) });
    expect(result.gifts).toHaveLength(1);
    expect(result.gifts[0]).toMatchObject({ promotionId: capped.id, qty: 2, times: 2, random: true, ruleId: capped.ruleList[0]!.id });
    expect([s.sticker.id, s.coaster.id]).toContain(result.gifts[0]!.skuId);

    const claimed = await t.database.db.transaction((tx) => registry().claimGiftPlaces(tx, s.domainId, result.givenPromotionIds));
    expect(claimed).toEqual([capped.id]);
    const full = await t.database.db.transaction((tx) => registry().claimGiftPlaces(tx, s.domainId, result.givenPromotionIds));
    expect(full).toEqual([]);
    const after = await registry().openPromotionsFor(s.domainId, store.id, paid);
    expect(after[0]!.givenCount).toBe(1);
    expect(evaluatePromotions(order, after).outcomes).toEqual([{ promotionId: capped.id, outcome: 'CAP_REACHED' }]);
    expect((await call('getById', { id: capped.id }, s.token)).body.data.givenCount).toBe(1);
  });

  it('tells goods that an open promotion still gives or requires a SKU', async () => {
    const s = await seller();
    const other = await seller();
    const checkers = t.app.services.registry.list<(tx: Tx, domainId: number, skuIds: number[]) => Promise<{ reason: string; count: number }[]>>('sku-references');
    const uses = async (domainId: number, skuIds: number[]) => {
      const all = await Promise.all(checkers.map((check) => check(t.database.db, domainId, skuIds)));
      return all.flat().filter((u) => u.reason === 'open promotions');
    };
    const gives = await create(s.token, promotionPayload(s.sticker.id));
    await create(s.token, promotionPayload(s.coaster.id, { ruleList: [{ ruleType: 'SKU_OTHER_TYPE', needBuySkuList: `${s.tea.id}:1;`, conditionList: [{ giftList: `${s.coaster.id}:1;` }] }] }));
    expect(await uses(s.domainId, [s.sticker.id])).toEqual([{ reason: 'open promotions', count: 1 }]);
    expect(await uses(s.domainId, [s.tea.id])).toEqual([{ reason: 'open promotions', count: 1 }]);
    expect(await uses(s.domainId, [s.sticker.id, s.tea.id])).toEqual([{ reason: 'open promotions', count: 2 }]);
    expect(await uses(s.domainId, [s.spoon.id])).toEqual([]);
    expect(await uses(other.domainId, [s.sticker.id])).toEqual([]);
    await call('updateNewPromotion', { id: gives.id, version: 0, open: false }, s.token);
    expect(await uses(s.domainId, [s.sticker.id])).toEqual([]);
  });

  it('keeps the goods area from deleting goods an open promotion gives', async () => {
    const s = await seller();
    const view = await create(s.token, promotionPayload(s.spoon.id));
    const refused = await t.call('/myhome/spu/deleteSpuListByHand', { idList: [s.spoon.spuId] }, { token: s.token });
    expect(refused.body).toMatchObject({ success: false, errorCode: 'ERR_GOODS_SKU_IN_USE', params: { reason: 'open promotions', count: 1 } });
    await call('updateNewPromotion', { id: view.id, version: 0, open: false }, s.token);
    const deleted = await t.call('/myhome/spu/deleteSpuListByHand', { idList: [s.spoon.spuId] }, { token: s.token });
    expect(deleted.body.success).toBe(true);
    // The closed promotion shows the gift as deleted and cannot open again.
    expect((await call('getById', { id: view.id }, s.token)).body.data.ruleList[0].conditionList[0].giftAC[0].missing).toBe(true);
    expect((await call('updateNewPromotion', { id: view.id, version: 1, open: true }, s.token)).body.errorCode).toBe('ERR_PROMOTIONS_UNKNOWN_SKU');
  });
});
