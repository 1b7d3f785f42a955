// Courier tracking of sent orders over HTTP on a fresh database: the states follow the sandbox
// carrier as its parcels move, the statistics count them, ignored orders are no longer checked,
// another domain sees nothing of them, and a sub-account without the order menu is refused.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { chooseCarriers } from '../../../../test/factories/express.js';
import { insertOrder } from '../../../../test/factories/orders.js';
import { signedInSeller, signedInStaff, storeRow } from '../../../../test/factories/warehouses.js';
import { createCarrierRegistry } from '../../../connectors/carrier/index.js';
import { createTrackingService } from './tracking.service.js';

let t: TestApp;
beforeAll(async () => {
  process.env.ORDER_PULL_CRON = '0 3 1 1 *';
  process.env.TRACKING_CRON = 'off';
  // The sandbox carrier's console may move its clock on (read when the app starts).
  process.env.CARRIER_SANDBOX_CLOCK = 'console';
  t = await createTestApp();
  delete process.env.CARRIER_SANDBOX_CLOCK;
});

const base = '/myhome/expressTracking';

async function ok(token: string, path: string, body: Record<string, unknown>) {
  const answer = await t.call(path, body, { token });
  if (!answer.body.success) throw new Error(`${path} refused: ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

/** A seller whose orders got sandbox ZTO numbers and were sent. */
async function sentWorld(count: number) {
  const s = await signedInSeller(t);
  await chooseCarriers(t, s.token, ['ZTO']);
  await ok(s.token, '/cloud/carrier/sandbox/settings', { latencyMs: 0, trackingStepSeconds: 60 });
  await ok(s.token, '/myhome/etrackaccount/create', { printCode: 'cn', expressCompanyCode: 'ZTO', name: 'ZTO', shop: 'My shop', branchName: '杭州西湖网点', isDefault: true });
  const store = await storeRow(t, s.domainId);
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const o = await insertOrder(t, s.domainId, { storeId: store.id, statusCode: 'CI_ERPSOH_STATUS_VERIFIED', expressCompanyCode: 'ZTO', lines: [{ skuId: null, qty: 1 }] });
    ids.push(o.id);
  }
  if (!ids.length) return { ...s, storeId: store.id, ids };
  expect((await ok(s.token, '/myhome/print/eTrackGetNoAndPrint', { idList: ids })).failures).toEqual([]);
  await t.database.db.execute(sql`update erp_orders set status_code = 'CI_ERPSOH_STATUS_SEND', delivery_time = now() where id = any(${`{${ids.join(',')}}`}::bigint[])`);
  return { ...s, storeId: store.id, ids };
}

/** Moves the sandbox clock of a domain's parcels forward by some tracking steps (60 s each). */
async function age(domainId: number, steps: number) {
  await t.database.db.execute(sql`update carrier_sandbox_parcels set created_at = created_at - make_interval(secs => ${steps * 60}) where domain_id = ${domainId}`);
}

describe('tracking configuration', () => {
  it('answers getConfig with autoTrack on by default, and updateConfig changes it for the domain only', async () => {
    const w = await sentWorld(1);
    const other = await sentWorld(1);
    expect(await ok(w.token, `${base}/getConfig`, {})).toEqual({ autoTrack: true });
    expect(await ok(w.token, `${base}/updateConfig`, { autoTrack: false })).toEqual({ autoTrack: false });
    expect(await ok(w.token, `${base}/getConfig`, {})).toEqual({ autoTrack: false });
    const bad = await t.call(`${base}/updateConfig`, { autoTrack: 'no' }, { token: w.token });
    expect(bad.body.success).toBe(false);
    expect(JSON.stringify(bad.body)).toContain('autoTrack');
    expect(await ok(other.token, `${base}/getConfig`, {})).toEqual({ autoTrack: true });
  });
});

describe('express tracking', () => {
  it('follows the sandbox carrier from GOT through TRANSIT to SIGNED or EXCEPTION, with the last event', async () => {
    const w = await sentWorld(3);
    const before = await ok(w.token, `${base}/query`, {});
    expect(before.total).toBe(3);
    expect(before.voList.every((r: any) => r.state === 'NO' && r.checkedAt === null)).toBe(true);

    const first = await ok(w.token, `${base}/refresh`, {});
    expect(first).toMatchObject({ checked: 3, changed: 3, failed: 0 });
    const got = await ok(w.token, `${base}/query`, { state: 'GOT' });
    expect(got.total).toBe(3);
    expect(got.voList[0].lastEventText).toContain('已揽收');
    expect(got.voList[0].expressNo).toMatch(/^SBZTO/);

    await age(w.domainId, 1);
    expect(await ok(w.token, `${base}/refresh`, { idList: [w.ids[0]] })).toMatchObject({ checked: 1, changed: 1 });
    const one = await ok(w.token, `${base}/query`, { idList: [w.ids[0]] });
    expect(one.voList[0]).toMatchObject({ state: 'TRANSIT', lastEventText: expect.stringContaining('运输中') });

    await age(w.domainId, 1);
    await ok(w.token, `${base}/refresh`, {});
    const done = await ok(w.token, `${base}/query`, {});
    for (const row of done.voList) expect(['SIGNED', 'EXCEPTION']).toContain(row.state);

    // Signed orders are not asked again; the others are.
    const signed = done.voList.filter((r: any) => r.state === 'SIGNED').length;
    expect((await ok(w.token, `${base}/refresh`, {})).checked).toBe(3 - signed);
  });

  it("moves parcels on when the sandbox carrier's console moves its clock, and only that domain's", async () => {
    const w = await sentWorld(2);
    const other = await sentWorld(1);
    await ok(w.token, `${base}/refresh`, {});
    await ok(other.token, `${base}/refresh`, {});
    expect((await ok(w.token, `${base}/statistics`, {})).states.GOT).toBe(2);

    // The step is 60 s; a minute passes at the carrier, at once.
    await ok(w.token, '/cloud/carrier/sandbox/settings', { advanceClockSeconds: 60 });
    expect(await ok(w.token, `${base}/refresh`, {})).toMatchObject({ checked: 2, changed: 2 });
    expect((await ok(w.token, `${base}/statistics`, {})).states.TRANSIT).toBe(2);
    await ok(w.token, '/cloud/carrier/sandbox/settings', { advanceClockSeconds: 60 });
    await ok(w.token, `${base}/refresh`, {});
    const done = await ok(w.token, `${base}/query`, {});
    for (const row of done.voList) expect(['SIGNED', 'EXCEPTION']).toContain(row.state);
    // The other domain's carrier clock did not move.
    expect(await ok(other.token, `${base}/refresh`, {})).toMatchObject({ checked: 1, changed: 0 });
    expect((await ok(other.token, `${base}/statistics`, {})).states.GOT).toBe(1);

    const bad = await t.call('/cloud/carrier/sandbox/settings', { advanceClockSeconds: 0 }, { token: w.token });
    expect(bad.status).toBe(400);
    expect(bad.body.fields?.[0]?.field).toBe('advanceClockSeconds');
    // Without CARRIER_SANDBOX_CLOCK=console at its start, the carrier keeps the real time.
    expect(createCarrierRegistry({ db: t.database.db }).sandbox.console.clockMovable).toBe(false);
  });

  it('counts the sent orders per state, ignored ones apart, and filters by keywords', async () => {
    const w = await sentWorld(3);
    await ok(w.token, `${base}/refresh`, { idList: [w.ids[0], w.ids[1]] });
    const stats = await ok(w.token, `${base}/statistics`, {});
    expect(stats.total).toBe(3);
    expect(stats.states).toMatchObject({ GOT: 2, NO: 1, SIGNED: 0, TRANSIT: 0 });
    expect(stats.ignored).toBe(0);

    const [row] = (await ok(w.token, `${base}/query`, { idList: [w.ids[1]] })).voList;
    const byNo = await ok(w.token, `${base}/query`, { keywords: row.expressNo });
    expect(byNo.voList.map((r: any) => r.id)).toEqual([w.ids[1]]);
    expect((await ok(w.token, `${base}/statistics`, { keywords: row.code })).total).toBe(1);
    expect((await ok(w.token, `${base}/statistics`, { timeTo: '2000-01-01T00:00:00Z' })).total).toBe(0);
  });

  it('counts, lists and refreshes within the stores and couriers the order list is narrowed to', async () => {
    const w = await sentWorld(3);
    const other = await storeRow(t, w.domainId);
    await t.database.db.execute(sql`update erp_orders set store_id = ${other.id} where id = ${w.ids[0]!}`);
    const inStore = { storeIdList: [w.storeId] };
    expect((await ok(w.token, `${base}/statistics`, {})).states.NO).toBe(3);
    expect((await ok(w.token, `${base}/statistics`, inStore)).states.NO).toBe(2);
    expect((await ok(w.token, `${base}/statistics`, { storeIdList: [other.id] })).total).toBe(1);
    expect((await ok(w.token, `${base}/statistics`, { expressCompanyCodeList: ['ZTO'] })).total).toBe(3);
    expect((await ok(w.token, `${base}/statistics`, { ...inStore, expressCompanyCodeList: ['STO'] })).total).toBe(0);
    const listed = await ok(w.token, `${base}/query`, { ...inStore, state: 'NO' });
    expect(listed.voList.map((r: any) => r.id).sort()).toEqual([w.ids[1], w.ids[2]].sort());

    // 'Refresh all' within the store asks only its two parcels.
    expect(await ok(w.token, `${base}/refresh`, inStore)).toMatchObject({ checked: 2, changed: 2 });
    expect((await ok(w.token, `${base}/statistics`, {})).states).toMatchObject({ NO: 1, GOT: 2 });
  });

  it('stops checking ignored orders, counts them apart, and checks them again once unignored', async () => {
    const w = await sentWorld(2);
    expect(await ok(w.token, `${base}/igore`, { idList: [w.ids[0]] })).toEqual({ count: 1 });
    expect(await ok(w.token, `${base}/igore`, { idList: [w.ids[0]] })).toEqual({ count: 0 });
    const stats = await ok(w.token, `${base}/statistics`, {});
    expect(stats).toMatchObject({ total: 2, ignored: 1 });
    expect(stats.states.NO).toBe(1);
    expect((await ok(w.token, `${base}/refresh`, {})).checked).toBe(1);
    expect((await ok(w.token, `${base}/query`, { ignored: true })).voList.map((r: any) => r.id)).toEqual([w.ids[0]]);
    const logs = await t.database.db.execute(sql`select action from operation_logs where entity_id = ${String(w.ids[0])} and action like '%Tracking'`);
    expect(logs.rows.map((r) => r.action)).toEqual(['ignoreTracking']);

    expect(await ok(w.token, `${base}/unignore`, { idList: [w.ids[0]] })).toEqual({ count: 1 });
    expect((await ok(w.token, `${base}/refresh`, {})).checked).toBe(2);
  });

  it('is run by the job for every domain, and keeps the state when the carrier fails', async () => {
    const w = await sentWorld(2);
    const service = createTrackingService({ database: t.database, registry: { get: (() => createCarrierRegistry({ db: t.database.db })) as any, list: () => [] } as any });
    await service.runJob();
    expect((await ok(w.token, `${base}/statistics`, {})).states.GOT).toBe(2);

    await age(w.domainId, 1);
    await ok(w.token, '/cloud/carrier/sandbox/failNext', { count: 5, reason: 'carrier down' });
    const failed = await ok(w.token, `${base}/refresh`, { idList: [w.ids[0]] });
    expect(failed).toMatchObject({ checked: 1, changed: 0, failed: 1, failure: 'carrier down' });
    expect((await ok(w.token, `${base}/query`, { idList: [w.ids[0]] })).voList[0].state).toBe('GOT');
  });

  it('refuses bad input naming the field', async () => {
    const w = await sentWorld(1);
    const bad = await t.call(`${base}/query`, { state: 'LOST' }, { token: w.token });
    expect(bad.body.success).toBe(false);
    expect(JSON.stringify(bad.body)).toContain('state');
    const empty = await t.call(`${base}/igore`, { idList: [] }, { token: w.token });
    expect(empty.body.success).toBe(false);
    expect(JSON.stringify(empty.body)).toContain('idList');
    const stores = await t.call(`${base}/statistics`, { storeIdList: ['x'] }, { token: w.token });
    expect(stores.body.fields?.[0]?.field).toMatch(/^storeIdList/);
  });

  it('shows another domain nothing and lets it change nothing', async () => {
    const w = await sentWorld(1);
    const other = await sentWorld(0);
    expect((await ok(other.token, `${base}/query`, { idList: w.ids })).total).toBe(0);
    expect(await ok(other.token, `${base}/igore`, { idList: w.ids })).toEqual({ count: 0 });
    expect((await ok(other.token, `${base}/refresh`, { idList: w.ids })).checked).toBe(0);
    expect((await ok(w.token, `${base}/statistics`, {})).ignored).toBe(0);
  });

  it('refuses a sub-account without the order menu', async () => {
    const w = await sentWorld(1);
    const staff = await signedInStaff(t, w.domainId, ['MENU_SKU']);
    for (const path of ['query', 'statistics', 'refresh', 'getConfig', 'updateConfig']) expect((await t.call(`${base}/${path}`, {}, { token: staff })).status).toBe(403);
    expect((await t.call(`${base}/igore`, { idList: w.ids }, { token: staff })).status).toBe(403);
    const orders = await signedInStaff(t, w.domainId, ['MENU_ERPSO']);
    expect((await ok(orders, `${base}/statistics`, {})).total).toBe(1);
  });
});

describe('out for delivery', () => {
  it('texts the buyer once when the courier goes out delivering, if the seller enabled that text', async () => {
    const w = await sentWorld(1);
    const mobile = '13900000077';
    await t.database.db.execute(sql`update erp_orders set receiver_phone = ${mobile} where id = ${w.ids[0]}`);
    await ok(w.token, '/cloud/core/smsTemplate/save', { event: 'OUT_FOR_DELIVERY', content: '{orderCode} 的包裹（{expressNo}）正在派送中', enabled: true });
    const outbox = async () => (await t.database.db.execute<{ purpose: string; content: string }>(sql`select purpose, content from sms_outbox where mobile = ${mobile} order by id`)).rows;
    await ok(w.token, `${base}/refresh`, {});
    await age(w.domainId, 1);
    await ok(w.token, `${base}/refresh`, {});
    expect(await outbox()).toEqual([]);
    // Half a step later the courier is out delivering: the parcel is still in transit.
    await age(w.domainId, 0.5);
    await ok(w.token, `${base}/refresh`, {});
    expect((await ok(w.token, `${base}/query`, {})).voList[0]).toMatchObject({ state: 'TRANSIT', lastEventText: expect.stringContaining('派件中') });
    await ok(w.token, `${base}/refresh`, {});
    const sent = await outbox();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.purpose).toBe('BUYER_OUT_FOR_DELIVERY');
    expect(sent[0]!.content).toMatch(/^.+ 的包裹（SBZTO.+）正在派送中$/);
    // Signed for afterwards: no second text.
    await age(w.domainId, 1);
    await ok(w.token, `${base}/refresh`, {});
    expect(await outbox()).toHaveLength(1);
  });

  it('sends nothing when the courier goes out delivering and the text is not enabled', async () => {
    const w = await sentWorld(1);
    const mobile = '13900000078';
    await t.database.db.execute(sql`update erp_orders set receiver_phone = ${mobile} where id = ${w.ids[0]}`);
    await age(w.domainId, 1.5);
    await ok(w.token, `${base}/refresh`, {});
    expect((await t.database.db.execute(sql`select 1 from sms_outbox where mobile = ${mobile}`)).rows).toEqual([]);
  });
});
