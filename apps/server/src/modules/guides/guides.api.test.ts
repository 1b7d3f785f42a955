// The guides area over HTTP: the first-run checklist from the domain's own data, the help centre
// (signed out and edited by root) and buyer SMS sent on a real shipment and refund through the
// outbox, with refusals and the domain boundary.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { afterSalesWorld, createAfterSale, decide, getAfterSale } from '../../../test/factories/aftersales.js';
import { insertOrder } from '../../../test/factories/orders.js';
import { outboundWorld, putOnHand } from '../../../test/factories/outbound.js';
import { signedInSeller, signedInStaff, storeRow } from '../../../test/factories/warehouses.js';
import { seedDemoData } from '../../seed/demo.js';

let t: TestApp;
let rootToken: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database, { root: 'Root#2026go', demo: null, picker: null });
  rootToken = await t.token('root', 'Root#2026go');
});

async function ok(path: string, body: Record<string, unknown>, token?: string) {
  const answer = await t.call(path, body, token ? { token } : {});
  if (!answer.body.success) throw new Error(`${path} refused: ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

const CHECKLIST = '/myhome/homepage/getSetupChecklist';
const stepsOf = async (token: string) => Object.fromEntries(((await ok(CHECKLIST, {}, token)).items as { key: string; done: boolean }[]).map((i) => [i.key, i.done]));

describe('first-run checklist', () => {
  it('shows every step undone for a new seller, each linking to the page that fixes it', async () => {
    const s = await signedInSeller(t);
    const list = await ok(CHECKLIST, {}, s.token);
    expect(list).toMatchObject({ doneCount: 0, total: 7, complete: false });
    expect(list.items.map((i: { key: string; path: string }) => [i.key, i.path])).toEqual([
      ['STORE_AUTHORIZED', '/config/storemanagement'],
      ['GOODS_MAPPED', '/goods/mapping'],
      ['WAREHOUSE', '/config/warehouse/details'],
      ['STOCK', '/stocks/createstocksin'],
      ['EXPRESS_COMPANY', '/config/expressCompany'],
      ['WAYBILL_ACCOUNT', '/config/accounts'],
      ['COURIER_RULE', '/config/logistics-rules'],
    ]);
  });

  it('marks each step done from the domain’s own rows, and complete once all are', async () => {
    const w = await outboundWorld(t, { locations: 1 });
    expect(await stepsOf(w.token)).toMatchObject({ WAREHOUSE: true, STOCK: false, STORE_AUTHORIZED: false, GOODS_MAPPED: true });
    const { db } = t.database;
    // An online store that is not authorised brings no orders; authorised, it does.
    const store = await storeRow(t, w.domainId);
    expect((await stepsOf(w.token)).STORE_AUTHORIZED).toBe(false);
    await db.execute(sql`update stores set auth_status = 'AUTHORIZED' where domain_id = ${w.domainId} and id = ${store.id}`);
    expect((await stepsOf(w.token)).STORE_AUTHORIZED).toBe(true);
    // An online SKU waiting for its mapping keeps GOODS_MAPPED open, and says how many wait.
    const spu = await db.execute<{ id: number }>(sql`insert into tb_spus (domain_id, store_id, platform_code, tb_spu_id, title) values (${w.domainId}, ${store.id}, 'CI_PLATFORM_TAOBAO', 'I1', 'Item') returning id`);
    await db.execute(sql`insert into tb_skus (domain_id, store_id, platform_code, tb_spu_row_id, tb_spu_id, tb_sku_id, title) values (${w.domainId}, ${store.id}, 'CI_PLATFORM_TAOBAO', ${Number(spu.rows[0]!.id)}, 'I1', 'S1', 'Item red')`);
    const waiting = await ok(CHECKLIST, {}, w.token);
    expect(waiting.items.find((i: { key: string }) => i.key === 'GOODS_MAPPED')).toMatchObject({ done: false, pending: 1 });
    await db.execute(sql`update tb_skus set mapping_status = 'already', sku_id = ${w.skuIds[0]!} where domain_id = ${w.domainId}`);
    await putOnHand(t, w.domainId, [{ warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[0]!, qty: 5 }]);
    await db.execute(sql`insert into domain_express_companies (domain_id, code) values (${w.domainId}, 'SF')`);
    await db.execute(sql`insert into waybill_accounts (domain_id, print_code, express_company_code, name, fields) values (${w.domainId}, 'cn', 'SF', 'Sandbox SF', '{}'::jsonb)`);
    expect(await stepsOf(w.token)).toMatchObject({ GOODS_MAPPED: true, STOCK: true, EXPRESS_COMPANY: true, WAYBILL_ACCOUNT: true, COURIER_RULE: false });
    await db.execute(sql`insert into express_rules (domain_id, type, express_company_code, rule_condition) values (${w.domainId}, 'BY_AREA', 'SF', '{}'::jsonb)`);
    expect(await ok(CHECKLIST, {}, w.token)).toMatchObject({ doneCount: 7, complete: true });
  });

  it('counts only the caller’s domain, and refuses the root account and a signed-out caller', async () => {
    const a = await outboundWorld(t, { locations: 1 });
    const b = await signedInSeller(t);
    expect((await stepsOf(a.token)).WAREHOUSE).toBe(true);
    expect((await stepsOf(b.token)).WAREHOUSE).toBe(false);
    expect((await t.call(CHECKLIST, {}, { token: rootToken })).status).toBe(403);
    expect((await t.call(CHECKLIST, {})).status).toBe(401);
  });
});

const OPEN = '/open/manual';
const MANUAL = '/cloud/core/manual';

describe('help centre', () => {
  it('ships getting-started content in Chinese and English, readable signed out', async () => {
    const zh = await ok(`${OPEN}/tree`, { lang: 'zh', section: 'GETTING_STARTED' });
    const titles = zh.flatMap((d: { title: string; children: { title: string }[] }) => [d.title, ...d.children.map((c) => c.title)]);
    expect(titles).toEqual(expect.arrayContaining(['开始使用', '订单闭环总览', '用沙箱店铺试运行', '库存：入库、占用与同步', '打印与发货']));
    const en = await ok(`${OPEN}/tree`, { lang: 'en' });
    expect(en.map((d: { section: string }) => d.section)).toEqual(expect.arrayContaining(['GETTING_STARTED', 'TUTORIAL', 'ISSUES', 'CHANGELOG']));
    const loop = en.find((d: { section: string }) => d.section === 'GETTING_STARTED').children[0];
    const article = await ok(`${OPEN}/get`, { id: loop.id });
    expect(article.title).toBe('The order loop at a glance');
    expect(article.content).toContain('no courier matched');
    const faq = await ok(`${OPEN}/faq`, { lang: 'en' });
    expect(faq.voList.length).toBeGreaterThanOrEqual(4);
    expect(faq.voList.every((f: { kind: string }) => f.kind === 'FAQ')).toBe(true);
  });

  it('searches titles and text and answers an excerpt around the match', async () => {
    const found = await ok(`${OPEN}/searchHelp`, { lang: 'zh', keyword: '暂无数据' });
    expect(found.total).toBeGreaterThanOrEqual(1);
    expect(found.voList[0]).toMatchObject({ kind: 'FAQ', section: 'ISSUES' });
    expect(found.voList.some((r: { title: string }) => r.title.includes('暂无数据'))).toBe(true);
    const inText = await ok(`${OPEN}/searchHelp`, { lang: 'en', keyword: 'moving-average' });
    expect(inText.voList[0].excerpt).toContain('moving-average');
    // LIKE wildcards in the keyword are text.
    expect((await ok(`${OPEN}/searchHelp`, { lang: 'en', keyword: '%_%' })).total).toBe(0);
    const empty = await t.call(`${OPEN}/searchHelp`, { lang: 'en', keyword: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.fields?.[0]?.field).toBe('keyword');
  });

  it('lets root add, change, sort and delete entries, with content sanitised and hidden ones unseen signed out', async () => {
    const dir = await ok(`${MANUAL}/save`, { section: 'VIDEO', lang: 'en', kind: 'DIR', title: 'Videos' }, rootToken);
    const video = await ok(`${MANUAL}/save`, { parentId: dir.id, section: 'VIDEO', lang: 'en', kind: 'VIDEO', title: 'Ship a first order', videoUrl: 'https://videos.example.org/first-order.mp4', content: '<p>Watch</p><script>alert(1)</script>', attachments: [{ name: 'Checklist', url: '/docs/getting-started' }] }, rootToken);
    expect(video.content).not.toContain('<script');
    expect(video.attachments).toEqual([{ name: 'Checklist', url: '/docs/getting-started' }]);
    const hidden = await ok(`${MANUAL}/save`, { parentId: dir.id, section: 'VIDEO', lang: 'en', kind: 'ARTICLE', title: 'Draft', content: '<p>Not yet</p>', enabled: false }, rootToken);
    const open = await ok(`${OPEN}/tree`, { lang: 'en', section: 'VIDEO' });
    expect(open[0].children.map((c: { title: string }) => c.title)).toEqual(['Ship a first order']);
    expect((await t.call(`${OPEN}/get`, { id: hidden.id })).status).toBe(404);
    expect((await ok(`${MANUAL}/get`, { id: hidden.id }, rootToken)).enabled).toBe(false);

    await ok(`${MANUAL}/updateSort`, { parentId: dir.id, idList: [hidden.id, video.id] }, rootToken);
    const sorted = await ok(`${MANUAL}/tree`, { lang: 'en', section: 'VIDEO' }, rootToken);
    expect(sorted[0].children.map((c: { id: number }) => c.id)).toEqual([hidden.id, video.id]);

    const changed = await ok(`${MANUAL}/save`, { id: hidden.id, version: (await ok(`${MANUAL}/get`, { id: hidden.id }, rootToken)).version, parentId: dir.id, section: 'VIDEO', lang: 'en', kind: 'ARTICLE', title: 'Now out', content: '<p>Out</p>' }, rootToken);
    expect(changed).toMatchObject({ title: 'Now out', enabled: true });
    const stale = await t.call(`${MANUAL}/save`, { id: hidden.id, version: 0, parentId: dir.id, section: 'VIDEO', lang: 'en', kind: 'ARTICLE', title: 'Stale', content: '<p>x</p>' }, { token: rootToken });
    expect(stale.body.errorCode).toBe('ERR_VERSION_CONFLICT');

    const full = await t.call(`${MANUAL}/delete`, { id: dir.id, version: dir.version }, { token: rootToken });
    expect(full.body.errorCode).toBe('ERR_MANUAL_HAS_CHILDREN');
    // Sorting moved the entries: their versions went up.
    const current = await ok(`${MANUAL}/get`, { id: video.id }, rootToken);
    expect((await t.call(`${MANUAL}/delete`, { id: video.id, version: video.version }, { token: rootToken })).body.errorCode).toBe('ERR_VERSION_CONFLICT');
    await ok(`${MANUAL}/delete`, { id: video.id, version: current.version }, rootToken);
    await ok(`${MANUAL}/delete`, { id: changed.id, version: changed.version }, rootToken);
    await ok(`${MANUAL}/delete`, { id: dir.id, version: dir.version }, rootToken);
    expect(await ok(`${OPEN}/tree`, { lang: 'en', section: 'VIDEO' })).toEqual([]);
  });

  it('refuses bad entries, naming the field, and changes nothing', async () => {
    const before = await ok(`${MANUAL}/tree`, { lang: 'en', section: 'ISSUES' }, rootToken);
    const noVideo = await t.call(`${MANUAL}/save`, { section: 'VIDEO', lang: 'en', kind: 'VIDEO', title: 'No address' }, { token: rootToken });
    expect(noVideo.body.fields?.map((f: { field: string }) => f.field)).toContain('videoUrl');
    const scriptLink = await t.call(`${MANUAL}/save`, { section: 'VIDEO', lang: 'en', kind: 'VIDEO', title: 'x', videoUrl: 'javascript:alert(1)' }, { token: rootToken });
    expect(scriptLink.body.fields?.map((f: { field: string }) => f.field)).toContain('videoUrl');
    const badSection = await t.call(`${MANUAL}/save`, { section: 'BLOG', lang: 'xx', kind: 'ARTICLE', title: '', content: 'x' }, { token: rootToken });
    expect(badSection.body.fields?.map((f: { field: string }) => f.field)).toEqual(expect.arrayContaining(['section', 'lang', 'title']));
    // Under an article, or under a directory of another section: refused.
    const article = before[0].children[0];
    const underArticle = await t.call(`${MANUAL}/save`, { parentId: article.id, section: 'ISSUES', lang: 'en', kind: 'FAQ', title: 'Q', content: '<p>A</p>' }, { token: rootToken });
    expect(underArticle.body).toMatchObject({ errorCode: 'ERR_MANUAL_BAD_PARENT' });
    const otherSection = await t.call(`${MANUAL}/save`, { parentId: before[0].id, section: 'TUTORIAL', lang: 'en', kind: 'ARTICLE', title: 'Q', content: '<p>A</p>' }, { token: rootToken });
    expect(otherSection.body).toMatchObject({ errorCode: 'ERR_MANUAL_BAD_PARENT' });
    const partial = await t.call(`${MANUAL}/updateSort`, { parentId: before[0].id, idList: [article.id] }, { token: rootToken });
    expect(partial.body).toMatchObject({ errorCode: 'ERR_MANUAL_SORT_MISMATCH' });
    expect(await ok(`${MANUAL}/tree`, { lang: 'en', section: 'ISSUES' }, rootToken)).toEqual(before);
  });

  it('keeps editing to the root account', async () => {
    const s = await signedInSeller(t);
    expect((await t.call(`${MANUAL}/save`, { section: 'ISSUES', lang: 'en', kind: 'DIR', title: 'Mine' }, { token: s.token })).status).toBe(403);
    expect((await t.call(`${MANUAL}/tree`, { lang: 'en' })).status).toBe(401);
  });
});

const SMS = '/cloud/core/smsTemplate';
const LOG = '/cloud/core/smsLog';

async function outboxOf(mobile: string) {
  return (await t.database.db.execute<{ purpose: string; content: string }>(sql`select purpose, content from sms_outbox where mobile = ${mobile} order by id`)).rows;
}

/** A seller's reviewed order with a tracking number, ready to send, to a receiver of this mobile. */
async function readyOrder(mobile: string) {
  const w = await outboundWorld(t, { locations: 1 });
  const store = await storeRow(t, w.domainId, `Shop ${mobile}`);
  await putOnHand(t, w.domainId, [{ warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[0]!, qty: 10 }]);
  const order = await insertOrder(t, w.domainId, { storeId: store.id, warehouseId: w.warehouseId, expressCompanyCode: 'SF', receiver: { name: '李雷', phone: mobile }, lines: [{ skuId: w.skuIds[0]!, qty: 1 }] });
  expect((await ok('/myhome/erpsoh/verify', { idList: [order.id] }, w.token)).failures).toEqual([]);
  await t.database.db.execute(sql`update erp_orders set express_no = ${'SF' + String(order.id).padStart(10, '0')} where id = ${order.id}`);
  return { w, store, order };
}

describe('buyer SMS', () => {
  it('lists the three templates with suggested text, none enabled until the seller says so', async () => {
    const s = await signedInSeller(t);
    const { voList } = await ok(`${SMS}/list`, {}, s.token);
    expect(voList.map((v: { event: string; enabled: boolean; id: number | null }) => [v.event, v.enabled, v.id])).toEqual([
      ['SHIPPED', false, null],
      ['OUT_FOR_DELIVERY', false, null],
      ['REFUND_DONE', false, null],
    ]);
    expect(voList[0].content).toContain('{expressNo}');
  });

  it('sends nothing for a shipped order while the template is not enabled', async () => {
    const mobile = '13900000001';
    const { w, order } = await readyOrder(mobile);
    await ok(`${SMS}/save`, { event: 'SHIPPED', content: '【{storeName}】{orderCode} 已发货', enabled: false }, w.token);
    expect((await ok('/myhome/sendsoh/sendErpSoHList', { idList: [order.id] }, w.token)).successIds).toEqual([order.id]);
    expect(await outboxOf(mobile)).toEqual([]);
    expect((await ok(`${LOG}/counts`, {}, w.token)).total).toBe(0);
  });

  it('texts the buyer once through the outbox when an order ships with the template enabled, and logs it', async () => {
    const mobile = '13900000002';
    const { w, store, order } = await readyOrder(mobile);
    const saved = await ok(`${SMS}/save`, { event: 'SHIPPED', content: '【{storeName}】{receiverName}，订单{orderCode}已由{expressCompany}发出，运单号{expressNo}', enabled: true }, w.token);
    expect(saved).toMatchObject({ event: 'SHIPPED', enabled: true, version: 0 });
    await ok('/myhome/sendsoh/sendErpSoHList', { idList: [order.id] }, w.token);
    const sent = await outboxOf(mobile);
    expect(sent).toEqual([{ purpose: 'BUYER_SHIPPED', content: `【${store.name}】李雷，订单${order.code}已由顺丰速运发出，运单号SF${String(order.id).padStart(10, '0')}` }]);
    const log = await ok(`${LOG}/searchPageList`, {}, w.token);
    expect(log.voList).toEqual([expect.objectContaining({ event: 'SHIPPED', orderId: order.id, orderCode: order.code, mobile: '139****0002' })]);
    expect(await ok(`${LOG}/counts`, {}, w.token)).toMatchObject({ total: 1, today: 1 });
    // Another domain sees none of it.
    const other = await signedInSeller(t);
    expect((await ok(`${LOG}/searchPageList`, {}, other.token)).total).toBe(0);
    expect((await ok(`${SMS}/list`, {}, other.token)).voList[0].enabled).toBe(false);
  });

  it('texts the buyer when a refund is done, with the refund fee', async () => {
    const { w, order } = await afterSalesWorld(t);
    await t.database.db.execute(sql`update erp_orders set receiver_phone = '13900000003' where id = ${order.id}`);
    await ok(`${SMS}/save`, { event: 'REFUND_DONE', content: '{orderCode} 退款 {refundFee} 元已完成', enabled: true }, w.token);
    const doc = await createAfterSale(t, w.token, { erpSoHId: order.id, type: 'REFUND_ONLY', refundFee: '12.5' });
    await decide(t, w.token, 'agreeRefund', [doc]);
    expect(await outboxOf('13900000003')).toEqual([]);
    await decide(t, w.token, 'refundFinish', [await getAfterSale(t, w.token, doc.id)]);
    expect(await outboxOf('13900000003')).toEqual([{ purpose: 'BUYER_REFUND_DONE', content: `${order.code} 退款 12.50 元已完成` }]);
  });

  it('refuses an unknown variable, a stale version and an empty text, changing nothing', async () => {
    const s = await signedInSeller(t);
    const unknown = await t.call(`${SMS}/save`, { event: 'REFUND_DONE', content: '{orderCode} {expressNo}', enabled: true }, { token: s.token });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields?.[0]).toMatchObject({ field: 'content' });
    expect(unknown.body.fields?.[0]?.message).toContain('{expressNo}');
    const empty = await t.call(`${SMS}/save`, { event: 'SHIPPED', content: '  ', enabled: true }, { token: s.token });
    expect(empty.body.fields?.[0]?.field).toBe('content');
    const first = await ok(`${SMS}/save`, { event: 'SHIPPED', content: '{orderCode} 已发货', enabled: true }, s.token);
    const stale = await t.call(`${SMS}/save`, { event: 'SHIPPED', content: 'changed', enabled: false, version: first.version + 5 }, { token: s.token });
    expect(stale.body.errorCode).toBe('ERR_VERSION_CONFLICT');
    expect((await ok(`${SMS}/list`, {}, s.token)).voList[0]).toMatchObject({ content: '{orderCode} 已发货', enabled: true });
  });

  it('is for main accounts only: a sub-account and the root account are refused', async () => {
    const s = await signedInSeller(t);
    const staff = await signedInStaff(t, s.domainId, ['MENU_ERPSO']);
    expect((await t.call(`${SMS}/list`, {}, { token: staff })).status).toBe(403);
    expect((await t.call(`${SMS}/save`, { event: 'SHIPPED', content: 'x', enabled: true }, { token: staff })).status).toBe(403);
    expect((await t.call(`${LOG}/counts`, {}, { token: rootToken })).status).toBe(403);
  });
});
