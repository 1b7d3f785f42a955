// The order list over HTTP on a fresh database: the scope of each tab, keyword splitting and its
// caps, filters, counts, masks, one order with its log, the 待合 / 缺 row tags, saved search tabs,
// the home counters, another domain and a sub-account without the menu.
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueName } from '../../../../test/harness.js';
import { insertOrder, type OrderSeed } from '../../../../test/factories/orders.js';
import { goodsRow, storeRow } from '../../../../test/factories/mapping.js';
import { anotherWarehouse } from '../../../../test/factories/outbound.js';
import { signedInSeller, signedInStaff } from '../../../../test/factories/warehouses.js';
import { writeOrderLog } from '../orders.model.js';
import { learnTrigramWords, runOrderIdsQueries, searchOrderIdsQueries } from './list.queries.js';
import { OrderSearchInput } from '@openseller/core';

const t = await createTestApp();
const { db } = t.database;

async function world() {
  const seller = await signedInSeller(t);
  const store = await storeRow(t, seller.domainId);
  const otherStore = await storeRow(t, seller.domainId);
  const codes = [uniqueName('SKU'), uniqueName('SKU')];
  const goods = await goodsRow(t, seller.domainId, codes, { name: 'Blue mug' });
  const order = (seed: Partial<OrderSeed> = {}) => insertOrder(t, seller.domainId, { storeId: store.id, lines: [{ skuId: goods.skus[0]!.id, qty: 1 }], ...seed });
  return { ...seller, storeId: store.id, otherStoreId: otherStore.id, skuIds: goods.skus.map((s) => s.id), skuCodes: codes, order };
}
type World = Awaited<ReturnType<typeof world>>;

const call = (w: { token: string }, action: string, body: Record<string, unknown> = {}) => t.call(`/myhome/erpsoh/${action}`, body, { token: w.token });
const ids = async (w: World, body: Record<string, unknown>) => {
  const answer = await call(w, 'searchErpSoHPageList', body);
  if (!answer.body.success) throw new Error(JSON.stringify(answer.body));
  return (answer.body.data.voList as { id: number }[]).map((r) => r.id);
};

/** The ids a getMergeFlagByIdList answer tags 待合. */
const merged = (data: { voList: { id: number; canbeMergedTag: boolean }[] }) => data.voList.filter((r) => r.canbeMergedTag).map((r) => r.id);

const S = {
  NORMAL: 'CI_ERPSOH_STATUS_NORMAL',
  VERIFIED: 'CI_ERPSOH_STATUS_VERIFIED',
  SEND: 'CI_ERPSOH_STATUS_SEND',
  SYNCED: 'CI_ERPSOH_STATUS_SYNCED',
  CANCEL: 'CI_ERPSOH_STATUS_CANCEL',
  CLOSE: 'CI_ERPSOH_STATUS_CLOSE',
};

describe('order list', () => {
  it('lists each tab its statuses, newest first, and counts every tab', async () => {
    const w = await world();
    const normal = await w.order({ statusCode: S.NORMAL });
    const verified = await w.order({ statusCode: S.VERIFIED });
    const synced = await w.order({ statusCode: S.SYNCED });
    const sent = await w.order({ statusCode: S.SEND });
    const cancelled = await w.order({ statusCode: S.CANCEL });
    const closed = await w.order({ statusCode: S.CLOSE });
    const unmapped = await w.order({ statusCode: S.NORMAL, labels: ['ORDER_TBSKU_EXCEPTION'] });

    expect(await ids(w, { activeKey: '1' })).toEqual([unmapped.id, normal.id]);
    expect(await ids(w, { activeKey: '2' })).toEqual([synced.id, verified.id]);
    expect(await ids(w, { activeKey: '3' })).toEqual([synced.id, verified.id]);
    expect(await ids(w, { activeKey: '4' })).toEqual([sent.id]);
    expect(await ids(w, { activeKey: '5' })).toEqual([unmapped.id]);
    expect(await ids(w, { activeKey: '6' })).toEqual([unmapped.id, closed.id, sent.id, synced.id, verified.id, normal.id]);
    expect(await ids(w, { activeKey: '6' })).not.toContain(cancelled.id);
    expect(await ids(w, { activeKey: '7' })).toEqual([sent.id]);
    expect(await ids(w, { activeKey: '8' })).toEqual([verified.id]);
    expect(await ids(w, { activeKey: '6', statusCode: S.SYNCED })).toEqual([synced.id]);

    const counts = (await call(w, 'searchCount', {})).body.data;
    expect(counts.tabs).toEqual({ '1': 2, '2': 2, '3': 2, '4': 1, '5': 1, '6': 6, '7': 1, '8': 1 });
    expect(counts.exceptions).toEqual({ sync: 0, unmapped: 1, warehouse: 0, express: 0, intercepted: 0, issued: 0 });

    const page = (await call(w, 'searchErpSoHPageList', { activeKey: '6', currentPage: 2, pageSize: 4 })).body.data;
    expect(page).toMatchObject({ total: 6, currentPage: 2, pageSize: 4 });
    expect(page.voList.map((r: { id: number }) => r.id)).toEqual([verified.id, normal.id]);
  });

  it('narrows tab 5 to one kind of exception and counts each kind', async () => {
    const w = await world();
    const unmapped = await w.order({ labels: ['ORDER_TBSKU_EXCEPTION'] });
    const noWarehouse = await w.order({ labels: ['WAREHOUSE_MATCH_FAIL'] });
    const noExpress = await w.order({ statusCode: S.VERIFIED, labels: ['EXPRESS_MATCH_FAIL'] });
    const intercepted = await w.order();
    await db.execute(sql`update erp_orders set intercepted = true where id = ${intercepted.id}`);
    const syncFailed = await w.order({ platformNo: uniqueName('SF') });
    await db.execute(sql`insert into platform_orders (domain_id, store_id, platform_no, platform_status, payload, erp_order_id, error_msg)
      values (${w.domainId}, ${w.storeId}, ${uniqueName('PN')}, 'WAIT_SELLER_SEND_GOODS', '{}'::jsonb, ${syncFailed.id}, 'address changed')`);
    await w.order();
    await w.order({ statusCode: S.SEND, labels: ['EXPRESS_MATCH_FAIL'] });

    expect(await ids(w, { activeKey: '5', exceptionType: 'unmapped' })).toEqual([unmapped.id]);
    expect(await ids(w, { activeKey: '5', exceptionType: 'warehouse' })).toEqual([noWarehouse.id]);
    expect(await ids(w, { activeKey: '5', exceptionType: 'express' })).toEqual([noExpress.id]);
    expect(await ids(w, { activeKey: '5', exceptionType: 'intercepted' })).toEqual([intercepted.id]);
    expect(await ids(w, { activeKey: '5', exceptionType: 'sync' })).toEqual([syncFailed.id]);
    expect(await ids(w, { activeKey: '5' })).toHaveLength(5);
    const counts = (await call(w, 'searchCount', {})).body.data;
    expect(counts.exceptions).toEqual({ sync: 1, unmapped: 1, warehouse: 1, express: 1, intercepted: 1, issued: 0 });
    expect(counts.tabs['5']).toBe(5);

    const home = (await t.call('/myhome/homepage/getHomePageData', {}, { token: w.token })).body.data;
    expect(home).toMatchObject({ countNoVerify: 5, countToPrintExp: 1, countOrderSynFailed: 1 });
  });

  it('splits code keywords on commas of both widths and finds order codes and platform numbers', async () => {
    const w = await world();
    const a = await w.order({ platformNo: uniqueName('TA') });
    const b = await w.order();
    await w.order();
    const aNo = (await db.execute<{ p: string }>(sql`select platform_nos[1] as p from erp_orders where id = ${a.id}`)).rows[0]!.p;
    expect(await ids(w, { activeKey: '1', codeKeywords: ` ${aNo} ，, ${b.code} ,` })).toEqual([b.id, a.id]);
    expect(await ids(w, { activeKey: '1', codeKeywords: `${aNo};${b.code}` })).toEqual([]);
  });

  it('refuses more than 15 code keywords and more than 50 SKU keywords, naming the field', async () => {
    const w = await world();
    const codes = Array.from({ length: 16 }, (_, i) => `C${i}`).join('，');
    const refused = await call(w, 'searchErpSoHPageList', { activeKey: '1', codeKeywords: codes });
    expect(refused.body).toMatchObject({ success: false, errorCode: 'ERR_VALIDATION', params: { field: 'codeKeywords' } });
    const skus = Array.from({ length: 51 }, (_, i) => `S${i}`).join('；');
    const refusedSkus = await call(w, 'searchErpSoHPageList', { activeKey: '1', skuKeywords: skus });
    expect(refusedSkus.body).toMatchObject({ success: false, params: { field: 'skuKeywords' } });
    const fifteen = Array.from({ length: 15 }, (_, i) => `C${i}`).join(',');
    expect((await call(w, 'searchErpSoHPageList', { activeKey: '1', codeKeywords: fifteen })).body.success).toBe(true);
    expect((await call(w, 'searchErpSoHPageList', { activeKey: '1', pageSize: 1001 })).body).toMatchObject({ success: false, params: { field: 'pageSize' } });
  });

  it('finds orders by a fragment of the receiver name, phone or address, the buyer nick, or an order or platform number', async () => {
    const w = await world();
    const platformNo = uniqueName('TB778899');
    const first = await w.order({ platformNo, buyerNick: 'Sunny_Shop88', receiver: { name: '欧阳娜娜', phone: '13912345678', province: '浙江省', city: '杭州市', district: '西湖区', address: '文三路 90 号 3 幢' } });
    const second = await w.order({ buyerNick: 'moon', receiver: { name: '张三', phone: '13800001111', province: '广东省', city: '深圳市', district: '南山区', address: '科技园 12 栋' } });
    expect(await ids(w, { activeKey: '1', receiverKeywords: '阳娜' })).toEqual([first.id]);
    expect(await ids(w, { activeKey: '1', receiverKeywords: '5678' })).toEqual([first.id]);
    expect(await ids(w, { activeKey: '1', receiverKeywords: '139 1234-5678' })).toEqual([first.id]);
    expect(await ids(w, { activeKey: '1', receiverKeywords: '文三路90号' })).toEqual([first.id]);
    expect(await ids(w, { activeKey: '1', receiverKeywords: '杭州市西湖' })).toEqual([first.id]);
    expect(await ids(w, { activeKey: '1', receiverKeywords: '科技园，3456' })).toEqual([second.id, first.id]);
    expect(await ids(w, { activeKey: '1', buyerNick: 'shop8' })).toEqual([first.id]);
    expect(await ids(w, { activeKey: '1', codeKeywords: platformNo.slice(2, 10) })).toEqual([first.id]);
    expect(await ids(w, { activeKey: '1', codeKeywords: second.code.slice(-8) })).toEqual([second.id]);
    // A fragment of one field does not match across into another (name then phone).
    expect(await ids(w, { activeKey: '1', receiverKeywords: '张三138' })).toEqual([]);
    // Nothing else is found by a fragment meant for another field.
    expect(await ids(w, { activeKey: '1', buyerNick: '欧阳' })).toEqual([]);
  });

  it('reads the trigram index for a Chinese fragment of three characters, and finds its order', async () => {
    const w = await world();
    const order = await w.order({ receiver: { name: '诸葛孔明', phone: '13522223333', province: '四川省', city: '成都市', district: '武侯区', address: '锦里古街' } });
    await w.order({ receiver: { name: '诸葛亮', phone: '13522224444' } });
    expect(await ids(w, { activeKey: '1', receiverKeywords: '葛孔明' })).toEqual([order.id]);
    // Both servers the tests use (the embedded one, initialised with LC_CTYPE C.UTF-8, and the
    // CI server) give pg_trgm trigrams in Chinese, so the search reads the index, not every row.
    await learnTrigramWords(db);
    const q = searchOrderIdsQueries(w.domainId, OrderSearchInput.parse({ activeKey: '6', currentPage: 1, pageSize: 100, receiverKeywords: '葛孔明' }));
    // The keyword's orders are gathered through the trigram index (a statement of their own, no
    // page order to walk), not left as a filter on rows walked in page order…
    expect(q.kind).toBe('matches');
    expect(new PgDialect().sqlToQuery(q.kind === 'matches' ? q.matches : q.page).sql).toContain('with m as materialized (select o.id');
    // …which pg_trgm can serve: it finds trigrams in the keyword.
    expect((await db.execute<{ n: number }>(sql`select cardinality(show_trgm('葛孔明')) as n`)).rows[0]!.n).toBeGreaterThan(0);
  });

  it('pages, sorts and counts the orders a fragment finds in one statement, as page and count apart would', async () => {
    const w = await world();
    const day = (d: number) => new Date(Date.UTC(2026, 0, d, 8));
    const made: { id: number }[] = [];
    for (const [i, statusCode] of [S.NORMAL, S.SEND, S.NORMAL, S.VERIFIED, S.NORMAL, S.CANCEL].entries()) {
      made.push(await w.order({ statusCode, payTime: day(10 - i), receiver: { name: `欧阳娜${i}`, phone: `1350000000${i}` } }));
    }
    await w.order({ statusCode: S.NORMAL, receiver: { name: '欧阳丽', phone: '13500000009' } });
    await learnTrigramWords(db);
    const [n0, s1, n2, v3, n4] = made.map((o) => o.id);
    // Tab 1 (pending review) by pay time, oldest first: n4 (day 6), n2 (day 8), n0 (day 10); page 2 of 2 per page.
    const body = { activeKey: '1', receiverKeywords: '阳娜', sort: 'payTime_asc', currentPage: 2, pageSize: 2 };
    const page = (await call(w, 'searchErpSoHPageList', body)).body.data;
    expect(page).toMatchObject({ total: 3, currentPage: 2, pageSize: 2 });
    expect(page.voList.map((r: { id: number }) => r.id)).toEqual([n0]);
    expect(await ids(w, { ...body, currentPage: 1 })).toEqual([n4, n2]);
    // Tab 6 newest first, a store filter beside the keyword, a page past the end.
    expect(await ids(w, { activeKey: '6', receiverKeywords: '阳娜' })).toEqual([n4, v3, n2, s1, n0]);
    expect(await ids(w, { activeKey: '6', receiverKeywords: '阳娜', storeIdList: [w.otherStoreId] })).toEqual([]);
    const past = (await call(w, 'searchErpSoHPageList', { activeKey: '6', receiverKeywords: '阳娜', currentPage: 9, pageSize: 2 })).body.data;
    expect(past).toMatchObject({ voList: [], total: 5 });
    // Two Chinese characters are decided by their piece alone, never across the parts of the text
    // (a name ending in 阳 before an address starting with 娜).
    const across = await w.order({ statusCode: S.NORMAL, receiver: { name: '张阳', province: '娜省', city: '', district: '', address: '' } });
    expect(await ids(w, { activeKey: '6', receiverKeywords: '阳娜' })).not.toContain(across.id);
    // The statement the service sends answers exactly what the shape before answers (page and
    // count apart, the ILIKE after the piece).
    const dialect = new PgDialect();
    const run = async (q: import('drizzle-orm').SQL) => db.execute<Record<string, unknown>>(q);
    for (const b of [body, { ...body, currentPage: 1 }, { activeKey: '6', receiverKeywords: '阳娜,0000000', pageSize: 3 }]) {
      const input = OrderSearchInput.parse(b);
      const together = searchOrderIdsQueries(w.domainId, input);
      expect(together.kind).toBe('matches');
      const text = dialect.sqlToQuery(together.kind === 'matches' ? together.matches : together.page).sql;
      expect(text).toContain('as materialized');
      expect(text.includes('ilike')).toBe(b.receiverKeywords !== '阳娜');
      const apart = searchOrderIdsQueries(w.domainId, input, { before: true });
      expect(apart.kind).toBe('walk');
      expect(await runOrderIdsQueries(together, run, async (found) => found)).toEqual(await runOrderIdsQueries(apart, run, async (found) => found));
    }
  });

  it('finds a two-character Chinese fragment through the index of two-character pieces, and not across a star', async () => {
    const w = await world();
    const order = await w.order({ receiver: { name: '司徒雷登', phone: '13566667777', province: '江苏省', city: '南京市', district: '鼓楼区', address: '中山路 1 号' } });
    await w.order({ receiver: { name: '司马雷', phone: '13566668888' } });
    expect(await ids(w, { activeKey: '1', receiverKeywords: '雷登' })).toEqual([order.id]);
    expect(await ids(w, { activeKey: '1', receiverKeywords: '鼓楼' })).toEqual([order.id]);
    const q = searchOrderIdsQueries(w.domainId, OrderSearchInput.parse({ activeKey: '6', currentPage: 1, pageSize: 100, receiverKeywords: '雷登' }));
    expect(q.kind).toBe('matches');
    const text = new PgDialect().sqlToQuery(q.kind === 'matches' ? q.matches : q.page).sql;
    expect(text).toContain('with m as materialized (select o.id');
    expect(text).toContain('order_search_bigrams(');
    // The server's pieces of the order's text hold the keyword's piece (same rule on both sides).
    const held = await db.execute<{ b: string[] }>(sql`select order_search_bigrams(order_search_text(receiver_name)) as b from erp_orders where id = ${order.id}`);
    expect(held.rows[0]!.b).toEqual(expect.arrayContaining(['司徒', '徒雷', '雷登']));
    // One character is left to the rows; a masked name finds what its stars hide.
    expect(await ids(w, { activeKey: '1', receiverKeywords: '司*登' })).toEqual([order.id]);
  });

  it('finds an order by the masked phone and name the list shows, as a seller copies them', async () => {
    const w = await world();
    const order = await w.order({ receiver: { name: '司马相如', phone: '13755556666' } });
    await w.order({ receiver: { name: '李四', phone: '13700006666' } });
    const row = (await call(w, 'searchErpSoHPageList', { activeKey: '1', currentPage: 1, pageSize: 10 })).body.data.voList.find((o: { id: number }) => o.id === order.id);
    expect(row.receiverPhone).toBe('137****6666');
    expect(await ids(w, { activeKey: '1', receiverKeywords: row.receiverPhone })).toEqual(expect.arrayContaining([order.id]));
    expect(await ids(w, { activeKey: '1', receiverKeywords: '137****5666' })).toEqual([order.id]);
  });

  it('never finds another domain\'s orders by fragment', async () => {
    const w = await world();
    const other = await world();
    await other.order({ buyerNick: 'shared-nick', receiver: { name: '王小二', phone: '13611112222' } });
    const mine = await w.order({ buyerNick: 'shared-nick', receiver: { name: '王小二', phone: '13611112222' } });
    expect(await ids(w, { activeKey: '1', receiverKeywords: '小二' })).toEqual([mine.id]);
    expect(await ids(w, { activeKey: '1', receiverKeywords: '1111' })).toEqual([mine.id]);
    expect(await ids(w, { activeKey: '1', buyerNick: 'shared' })).toEqual([mine.id]);
  });

  it('finds by fragment through search indexes that hold every domain\'s orders, answering only the seller\'s own', async () => {
    const w = await world();
    const other = await world();
    const platformNo = uniqueName('PX');
    const receiver = { name: '欧阳小二', phone: '13611113333', province: '浙江省', city: '杭州市', district: '西湖区', address: '文三路 90 号' };
    for (const domain of [other, other]) await domain.order({ buyerNick: '共享买家nick', platformNo: `${platformNo}-o`, receiver });
    const mine = await w.order({ buyerNick: '共享买家nick', platformNo, receiver });
    // Every kind of fragment: trigrams (three Chinese characters, digits, Latin letters) and two-character pieces.
    for (const body of [
      { receiverKeywords: '阳小二' },
      { receiverKeywords: '小二' },
      { receiverKeywords: '13611113333' },
      { receiverKeywords: '文三路90号' },
      { buyerNick: '买家' },
      { buyerNick: '家nick' },
      { codeKeywords: platformNo.slice(2) },
    ]) {
      const page = (await call(w, 'searchErpSoHPageList', { activeKey: '6', ...body })).body.data;
      expect({ body, ids: page.voList.map((r: { id: number }) => r.id), total: page.total }).toEqual({ body, ids: [mine.id], total: 1 });
    }
    // The indexes (migration order_search_gin_without_domain) key on the search texts alone: a lookup
    // reads the keyword's postings, not the domain's whole posting tree; the domain is checked on the row.
    const defs = await db.execute<{ name: string; def: string }>(sql`
      select indexname as name, indexdef as def from pg_indexes where tablename = 'erp_orders' and indexname ~ '^erp_orders_(receiver|buyer|code)_(search|bigram)_idx$'`);
    expect(defs.rows.map((r) => r.name).sort()).toEqual(['erp_orders_buyer_bigram_idx', 'erp_orders_buyer_search_idx', 'erp_orders_code_search_idx', 'erp_orders_receiver_bigram_idx', 'erp_orders_receiver_search_idx']);
    for (const r of defs.rows) expect(r.def).not.toContain('domain_id');
  });

  it('filters by SKU, receiver, buyer, store, warehouse, courier, label, flags and time ranges', async () => {
    const w = await world();
    const wh = await anotherWarehouse(t, w.domainId, 0);
    const first = await w.order({ buyerNick: 'alice', receiver: { name: '李四', phone: '13900001111' }, warehouseId: wh.warehouseId, expressCompanyCode: 'YTO', labels: ['PDD_ASSIGN_EXPRESS'], payTime: new Date('2026-03-01T10:00:00Z'), createdAt: new Date('2026-03-01T10:00:00Z') });
    const second = await w.order({ storeId: w.otherStoreId, lines: [{ skuId: w.skuIds[1]!, qty: 2 }], locked: true, riskControlStatus: 'RISK', payTime: new Date('2026-04-01T10:00:00Z') });
    await db.execute(sql`update erp_orders set have_refund = true, pre_sale = true where id = ${second.id}`);

    expect(await ids(w, { activeKey: '1', skuKeywords: w.skuCodes[1] })).toEqual([second.id]);
    expect(await ids(w, { activeKey: '1', skuKeywords: 'blue' })).toEqual([second.id, first.id]);
    expect(await ids(w, { activeKey: '1', skuKeywords: `${w.skuCodes[0]};${w.skuCodes[1]}` })).toEqual([second.id, first.id]);
    expect(await ids(w, { activeKey: '1', receiverKeywords: '13900001111' })).toEqual([first.id]);
    expect(await ids(w, { activeKey: '1', receiverKeywords: '李四，nobody' })).toEqual([first.id]);
    expect(await ids(w, { activeKey: '1', buyerNick: 'alice' })).toEqual([first.id]);
    expect(await ids(w, { activeKey: '1', storeIdList: [w.otherStoreId] })).toEqual([second.id]);
    expect(await ids(w, { activeKey: '1', warehouseIdList: [wh.warehouseId] })).toEqual([first.id]);
    expect(await ids(w, { activeKey: '1', expressCompanyCodeList: ['YTO', 'ZTO'] })).toEqual([first.id]);
    expect(await ids(w, { activeKey: '1', labelList: ['PDD_ASSIGN_EXPRESS'] })).toEqual([first.id]);
    expect(await ids(w, { activeKey: '1', locked: true })).toEqual([second.id]);
    expect(await ids(w, { activeKey: '1', locked: false })).toEqual([first.id]);
    expect(await ids(w, { activeKey: '1', haveRefund: true, preSale: true })).toEqual([second.id]);
    expect(await ids(w, { activeKey: '1', riskControlled: true })).toEqual([second.id]);
    expect(await ids(w, { activeKey: '1', payTimeFrom: '2026-03-15 00:00:00', payTimeTo: '2026-04-30 23:59:59' })).toEqual([second.id]);
    expect(await ids(w, { activeKey: '1', createTimeFrom: '2026-02-01T00:00:00Z', createTimeTo: '2026-03-02T00:00:00Z' })).toEqual([first.id]);
    expect(await ids(w, { activeKey: '1', payTimeFrom: '2026-03-01', payTimeTo: '2026-03-01' })).toEqual([first.id]);
    expect(await ids(w, { activeKey: '1', sort: 'payTime_asc' })).toEqual([first.id, second.id]);
    const counts = (await call(w, 'searchCount', { locked: true })).body.data;
    expect(counts.tabs['1']).toBe(1);
  });

  it('tells printed and not-yet-printed orders of tab 2 apart: each row answers its label print time, and the list and counts filter by it', async () => {
    const w = await world();
    const printed = await w.order({ statusCode: S.VERIFIED });
    const waiting = await w.order({ statusCode: S.VERIFIED });
    await db.execute(sql`update erp_orders set express_print_time = '2026-05-04T08:30:00Z' where id = ${printed.id}`);

    const page = (await call(w, 'searchErpSoHPageList', { activeKey: '2' })).body.data;
    const printTime = Object.fromEntries(page.voList.map((r: { id: number; expressPrintTime: string | null }) => [r.id, r.expressPrintTime]));
    expect(printTime).toEqual({ [printed.id]: '2026-05-04T08:30:00.000Z', [waiting.id]: null });
    expect(await ids(w, { activeKey: '2', expressPrinted: false })).toEqual([waiting.id]);
    expect(await ids(w, { activeKey: '2', expressPrinted: true })).toEqual([printed.id]);
    expect((await call(w, 'searchCount', { expressPrinted: false })).body.data.tabs['2']).toBe(1);
    expect((await call(w, 'getErpSoH', { id: printed.id })).body.data.expressPrintTime).toBe('2026-05-04T08:30:00.000Z');
  });

  it('finds out-of-stock orders only once the refresh has marked them, and tags them 缺', async () => {
    const w = await world();
    const a = await w.order();
    const b = await w.order();
    expect(await ids(w, { activeKey: '1', stockOut: true })).toEqual([]);
    await db.execute(sql`update erp_orders set stock_out = true where id = ${a.id}`);
    expect(await ids(w, { activeKey: '1', stockOut: true })).toEqual([a.id]);
    expect((await call(w, 'returnStockOutErpSohId', { idList: [a.id, b.id] })).body.data).toEqual({ voList: [a.id] });
  });

  it('tags open orders of the same store, buyer and receiver as 待合, but not locked or sent ones', async () => {
    const w = await world();
    const receiver = { name: '王五', phone: '13711112222', address: '文一路 1 号' };
    const a = await w.order({ buyerNick: 'bob', receiver });
    const b = await w.order({ buyerNick: 'bob', receiver, statusCode: S.VERIFIED });
    const otherAddress = await w.order({ buyerNick: 'bob', receiver: { ...receiver, address: '文二路 2 号' } });
    const lockedPair = await w.order({ buyerNick: 'carol', receiver });
    await w.order({ buyerNick: 'carol', receiver, locked: true });
    const sentPair = await w.order({ buyerNick: 'dave', receiver });
    await w.order({ buyerNick: 'dave', receiver, statusCode: S.SEND });
    const otherStore = await w.order({ buyerNick: 'erin', receiver });
    await w.order({ buyerNick: 'erin', receiver, storeId: w.otherStoreId });
    const answer = await call(w, 'getMergeFlagByIdList', { idList: [a.id, b.id, otherAddress.id, lockedPair.id, sentPair.id, otherStore.id] });
    expect(merged(answer.body.data).sort()).toEqual([a.id, b.id].sort());
  });

  it('answers getMergeFlagByIdList as voList of {id, canbeMergedTag} for every asked order of the domain', async () => {
    const w = await world();
    const receiver = { name: '孙七', phone: '13711114444', address: '文一路 7 号' };
    const a = await w.order({ buyerNick: 'gina', receiver });
    const b = await w.order({ buyerNick: 'gina', receiver });
    const alone = await w.order({ buyerNick: 'hank', receiver });
    const answer = await call(w, 'getMergeFlagByIdList', { idList: [a.id, b.id, alone.id, 999_999_999] });
    expect(answer.body.data).toEqual({
      voList: [
        { id: alone.id, canbeMergedTag: false },
        { id: b.id, canbeMergedTag: true },
        { id: a.id, canbeMergedTag: true },
      ],
    });
  });

  it('answers returnStockOutErpSohId as voList of the out-of-stock ids', async () => {
    const w = await world();
    const a = await w.order();
    const b = await w.order();
    await db.execute(sql`update erp_orders set stock_out = true where id = any(${sql.raw(`array[${a.id}, ${b.id}]::bigint[]`)})`);
    expect((await call(w, 'returnStockOutErpSohId', { idList: [a.id, b.id] })).body.data).toEqual({ voList: [b.id, a.id] });
  });

  it('does not tag the parts of one split as 待合 with each other', async () => {
    const w = await world();
    const receiver = { name: '赵六', phone: '13711113333', address: '文一路 9 号' };
    const parent = await w.order({ buyerNick: 'frank', receiver });
    const child = await w.order({ buyerNick: 'frank', receiver });
    await db.execute(sql`update erp_orders set split_level = 1, split_from_id = ${parent.id} where id = ${child.id}`);
    expect(merged((await call(w, 'getMergeFlagByIdList', { idList: [parent.id, child.id] })).body.data)).toEqual([]);
    // A third order of the same buyer is still a candidate with both.
    const third = await w.order({ buyerNick: 'frank', receiver });
    expect(merged((await call(w, 'getMergeFlagByIdList', { idList: [parent.id, child.id, third.id] })).body.data).sort()).toEqual([parent.id, child.id, third.id].sort());
  });

  it('masks receiver phone, name and address in the list and shows one order with its log', async () => {
    const w = await world();
    const o = await w.order({ receiver: { name: '欧阳娜娜', phone: '13812345678', address: '文三路 90 号 5 幢' } });
    const [row] = (await call(w, 'searchErpSoHPageList', { activeKey: '1' })).body.data.voList;
    expect(row).toMatchObject({ id: o.id, receiverPhone: '138****5678', storeId: w.storeId });
    expect(row.receiverName).not.toBe('欧阳娜娜');
    expect(row.receiverAddress.endsWith('90 号 5 幢'.slice(-4))).toBe(true);
    expect(row.lines).toHaveLength(1);
    expect(row.lines[0]).toMatchObject({ skuId: w.skuIds[0], skuCode: w.skuCodes[0], qty: 1 });

    await db.transaction((tx) => writeOrderLog(tx, { userId: w.userId, loginName: w.loginName, domainId: w.domainId }, o.id, 'lock', { locked: false }, { locked: true }));
    const detail = (await call(w, 'getErpSoH', { id: o.id })).body.data;
    expect(detail).toMatchObject({ id: o.id, code: o.code, receiverPhone: '138****5678' });
    expect(detail.logs).toMatchObject([{ action: 'lock', loginName: w.loginName, after: { locked: true } }]);
    expect((await call(w, 'getErpSoH', { id: 999_999_999 })).body).toMatchObject({ success: false, errorCode: 'ERR_NOT_FOUND' });
  });

  it('answers the header and line fields of spec §3.5 by their names: platformNo bracketed, label objects, masked phone fields, null where unknown', async () => {
    const w = await world();
    const o = await w.order({ platformNo: 'TB1001', labels: ['WAREHOUSE_MATCH_FAIL'], receiver: { name: '钱八', phone: '13812345678', address: '文三路 1 号' } });
    await db.execute(sql`update erp_orders set platform_nos = array['TB1001', 'TB1002'], receiver_tel = '057188886666', cod_type = 'COD', have_invoice = true where id = ${o.id}`);
    const [row] = (await call(w, 'searchErpSoHPageList', { activeKey: '5', type: 'warehouse' })).body.data.voList;
    expect(row).toMatchObject({
      id: o.id,
      platformNo: '[TB1001,TB1002]',
      platformNos: ['TB1001', 'TB1002'],
      codType: 'COD',
      haveInvoice: true,
      wareHouseMatch: false,
      expressMatch: true,
      erpSoHeaderLabelVos: [{ labelType: 'WAREHOUSE_MATCH_FAIL', labelValue: null }],
      encryptReceiverPhone: '138****5678',
      encryptReceiverTel: '057*****6666',
      receiverEnPhone: null,
      erpSoLiveList: [],
      signTime: null,
      promiseOutboundTime: null,
    });
    expect(row.lines[0]).toMatchObject({ skuCode: w.skuCodes[0], name: 'Blue mug', comId: null, imei1: null, statusCode: null });
    expect(Object.keys(row.lines[0])).toEqual(expect.arrayContaining(['skuColor', 'skuSize', 'shortName', 'skuShortName', 'code', 'combinationNum']));
    const detail = (await call(w, 'getErpSoH', { id: o.id })).body.data;
    expect(detail).toMatchObject({ platformNo: '[TB1001,TB1002]', encryptReceiverPhone: '138****5678', erpSoHeaderLabelVos: [{ labelType: 'WAREHOUSE_MATCH_FAIL' }] });
  });

  it('saves, lists, reorders and deletes search tabs of the user', async () => {
    const w = await world();
    const one = (await call(w, 'createSoHSearchTab', { name: 'Locked', params: { activeKey: '1', locked: true } })).body.data;
    const two = (await call(w, 'createSoHSearchTab', { name: 'YTO', params: { activeKey: '2', expressCompanyCodeList: ['YTO'] } })).body.data;
    expect((await call(w, 'createSoHSearchTab', { name: 'YTO', params: {} })).body).toMatchObject({ success: false, errorCode: 'ERR_ORDER_SEARCH_TAB_NAME_TAKEN', params: { field: 'name' } });
    expect((await call(w, 'createSoHSearchTab', { name: '  ', params: {} })).body).toMatchObject({ success: false, params: { field: 'name' } });
    expect((await call(w, 'getSearchTab')).body.data.map((r: { name: string }) => r.name)).toEqual(['Locked', 'YTO']);
    const reordered = (await call(w, 'updateSearchTabIndex', { idList: [two.id, one.id] })).body.data;
    expect(reordered.map((r: { id: number; params: unknown }) => r.id)).toEqual([two.id, one.id]);
    expect(reordered[0].params).toEqual({ activeKey: '2', expressCompanyCodeList: ['YTO'] });
    expect((await call(w, 'deleteSearchTab', { id: one.id })).body.success).toBe(true);
    expect((await call(w, 'getSearchTab')).body.data.map((r: { id: number }) => r.id)).toEqual([two.id]);

    // Another account of the same domain has its own tabs.
    const staff = await signedInStaff(t, w.domainId, ['MENU_ERPSO']);
    expect((await t.call('/myhome/erpsoh/getSearchTab', {}, { token: staff })).body.data).toEqual([]);
    expect((await t.call('/myhome/erpsoh/deleteSearchTab', { id: two.id }, { token: staff })).body).toMatchObject({ success: false, errorCode: 'ERR_NOT_FOUND' });
  });

  it('neither lists, counts, shows nor tags the orders of another domain', async () => {
    const w = await world();
    const o = await w.order();
    await db.execute(sql`update erp_orders set stock_out = true where id = ${o.id}`);
    await w.order({ buyerNick: o.code });
    const tab = (await call(w, 'createSoHSearchTab', { name: 'Mine', params: {} })).body.data;
    const other = await world();
    expect(await ids(other, { activeKey: '1' })).toEqual([]);
    expect(await ids(other, { activeKey: '1', codeKeywords: o.code })).toEqual([]);
    expect((await call(other, 'searchCount', {})).body.data.tabs['1']).toBe(0);
    expect((await call(other, 'getErpSoH', { id: o.id })).body).toMatchObject({ success: false, errorCode: 'ERR_NOT_FOUND' });
    expect((await call(other, 'returnStockOutErpSohId', { idList: [o.id] })).body.data).toEqual({ voList: [] });
    expect((await call(other, 'getMergeFlagByIdList', { idList: [o.id] })).body.data).toEqual({ voList: [] });
    expect((await call(other, 'deleteSearchTab', { id: tab.id })).body.success).toBe(false);
    expect((await call(other, 'updateSearchTabIndex', { idList: [tab.id] })).body.success).toBe(false);
  });

  it('refuses a sub-account without the orders menu', async () => {
    const w = await world();
    const o = await w.order();
    const staff = await signedInStaff(t, w.domainId, ['MENU_INV']);
    for (const [action, body] of [
      ['searchErpSoHPageList', { activeKey: '1' }],
      ['searchCount', {}],
      ['getErpSoH', { id: o.id }],
      ['getMergeFlagByIdList', { idList: [o.id] }],
      ['returnStockOutErpSohId', { idList: [o.id] }],
      ['createSoHSearchTab', { name: 'x', params: {} }],
      ['getSearchTab', {}],
    ] as const) {
      const answer = await t.call(`/myhome/erpsoh/${action}`, body, { token: staff });
      expect(answer.body, action).toMatchObject({ success: false, errorCode: 'ERR_SECURITY_NO_PERMISSION' });
    }
    const allowed = await signedInStaff(t, w.domainId, ['MENU_ERPSO']);
    expect((await t.call('/myhome/erpsoh/searchErpSoHPageList', { activeKey: '1' }, { token: allowed })).body.data.total).toBe(1);
  });
});
