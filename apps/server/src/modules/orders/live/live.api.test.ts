// Live-broadcast sessions and anchors over HTTP on a fresh database: a session tags the orders of
// its store paid while it was on air (start included, end excluded), in the order list and in the
// session's counts; disabling it untags them; every refusal names its field and changes nothing;
// another seller sees and changes nothing.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertOrder } from '../../../../test/factories/orders.js';
import { createStore, storeSeller } from '../../../../test/factories/stores.js';
import { signedInStaff } from '../../../../test/factories/warehouses.js';
import { createTestApp } from '../../../../test/harness.js';
import { erpOrders, liveSessions, operationLogs } from '../../../db/schema/index.js';

const t = await createTestApp();
const L = '/cloud/core/live';

async function world() {
  const seller = await storeSeller(t);
  const store = await createStore(t, seller.token);
  const other = await createStore(t, seller.token);
  const call = (path: string, body: Record<string, unknown>, token = seller.token) => t.call(`${L}/${path}`, body, { token });
  return { ...seller, storeId: store.id, otherStoreId: other.id, call };
}

async function order(domainId: number, storeId: number, payTime: string, amount = '100', statusCode?: string) {
  const o = await insertOrder(t, domainId, { storeId, payTime: new Date(payTime), lines: [{ skuId: null, qty: 1 }], ...(statusCode ? { statusCode } : {}) });
  await t.database.db.update(erpOrders).set({ amountTotal: amount }).where(and(eq(erpOrders.domainId, domainId), eq(erpOrders.id, o.id)));
  return o;
}

const liveListOf = async (token: string, code: string) => {
  const page = await t.call('/myhome/erpsoh/searchErpSoHPageList', { activeKey: '6', codeKeywords: code }, { token });
  return page.body.data?.voList?.[0]?.erpSoLiveList;
};

describe('live sessions', () => {
  it('tags the orders of its store paid while on air, start included and end excluded, and counts them', async () => {
    const w = await world();
    const anchor = (await w.call('liver/create', { name: '小美', phone: '13800001111' })).body.data;
    expect(anchor).toMatchObject({ name: '小美', enabled: true, sessionCount: 0 });
    const created = await w.call('create', { liveName: '双11预热', storeId: w.storeId, anchorId: anchor.id, startTime: '2026-11-10T12:00:00Z', endTime: '2026-11-10T14:00:00Z' });
    expect(created.body.data).toMatchObject({ liveName: '双11预热', storeId: w.storeId, anchormanName: '小美', enabled: true, orderCount: 0, orderAmount: '0.00', version: 0 });

    const atStart = await order(w.domainId, w.storeId, '2026-11-10T12:00:00Z', '59.90');
    const inside = await order(w.domainId, w.storeId, '2026-11-10T13:30:00Z', '40.10');
    const atEnd = await order(w.domainId, w.storeId, '2026-11-10T14:00:00Z');
    const otherStore = await order(w.domainId, w.otherStoreId, '2026-11-10T13:00:00Z');
    await order(w.domainId, w.storeId, '2026-11-10T13:00:00Z', '500', 'CI_ERPSOH_STATUS_CANCEL');

    expect(await liveListOf(w.token, atStart.code)).toEqual([{ liveName: '双11预热', anchormanName: '小美' }]);
    expect(await liveListOf(w.token, inside.code)).toEqual([{ liveName: '双11预热', anchormanName: '小美' }]);
    expect(await liveListOf(w.token, atEnd.code)).toEqual([]);
    expect(await liveListOf(w.token, otherStore.code)).toEqual([]);

    const list = await w.call('list', {});
    expect(list.body.data).toMatchObject({ total: 1 });
    expect(list.body.data.voList[0]).toMatchObject({ orderCount: 2, orderAmount: '100.00' });
    expect((await w.call('liver/list', {})).body.data).toEqual([expect.objectContaining({ name: '小美', sessionCount: 1 })]);

    // Moved an hour later: the order at the old start no longer carries it, the one at the old end does.
    const moved = await w.call('update', { id: created.body.data.id, version: 0, liveName: '双11预热', storeId: w.storeId, anchorId: anchor.id, startTime: '2026-11-10T13:00:00Z', endTime: '2026-11-10T15:00:00Z' });
    expect(moved.body.data).toMatchObject({ version: 1, orderCount: 2 });
    expect(await liveListOf(w.token, atStart.code)).toEqual([]);
    expect(await liveListOf(w.token, atEnd.code)).toHaveLength(1);

    // Disabled: no order carries it; enabled again: they do.
    expect((await w.call('disable', { idList: [created.body.data.id] })).body.data).toEqual({ changed: 1 });
    expect(await liveListOf(w.token, inside.code)).toEqual([]);
    expect((await w.call('list', { enabled: false })).body.data.total).toBe(1);
    expect((await w.call('disable', { idList: [created.body.data.id], enabled: true })).body.data).toEqual({ changed: 1 });
    expect(await liveListOf(w.token, inside.code)).toHaveLength(1);

    // Filters: name, store, anchor, time overlap.
    expect((await w.call('list', { liveName: '预热' })).body.data.total).toBe(1);
    expect((await w.call('list', { storeId: w.otherStoreId })).body.data.total).toBe(0);
    expect((await w.call('list', { anchorId: anchor.id })).body.data.total).toBe(1);
    expect((await w.call('list', { startTime: '2026-11-10 00:00:00', endTime: '2026-11-10 12:59:59' })).body.data.total).toBe(0);
    expect((await w.call('list', { startTime: '2026-11-10T14:30:00Z', endTime: '2026-11-11T00:00:00Z' })).body.data.total).toBe(1);

    expect((await w.call('delete', { idList: [created.body.data.id] })).body.data).toEqual({ deleted: 1 });
    expect(await liveListOf(w.token, inside.code)).toEqual([]);
    const logs = await t.database.db.select().from(operationLogs).where(and(eq(operationLogs.domainId, w.domainId), eq(operationLogs.entityType, 'liveSession'))).orderBy(operationLogs.id);
    expect(logs.map((l) => l.action)).toEqual(['create', 'update', 'DISABLE', 'ENABLE', 'delete']);
  });

  it('refuses an end before the start, a session over 48 hours, an unknown store or anchor, a disabled anchor, a taken anchor name and a stale version, changing nothing', async () => {
    const w = await world();
    const base = { liveName: 'Morning show', storeId: w.storeId, startTime: '2026-11-10 08:00:00', endTime: '2026-11-10 10:00:00' };
    expect((await w.call('create', { ...base, endTime: '2026-11-10 08:00:00' })).body).toMatchObject({ errorCode: 'ERR_LIVE_END_BEFORE_START', params: { field: 'endTime' } });
    expect((await w.call('create', { ...base, endTime: '2026-11-13 08:00:00' })).body).toMatchObject({ errorCode: 'ERR_LIVE_TOO_LONG', params: { field: 'endTime' } });
    expect((await w.call('create', { ...base, storeId: 987654321 })).body).toMatchObject({ errorCode: 'ERR_LIVE_STORE_NOT_FOUND', params: { field: 'storeId' } });
    expect((await w.call('create', { ...base, anchorId: 987654321 })).body).toMatchObject({ errorCode: 'ERR_LIVE_ANCHOR_NOT_FOUND', params: { field: 'anchorId' } });
    expect((await w.call('create', { ...base, liveName: '  ' })).body).toMatchObject({ errorCode: 'ERR_VALIDATION', params: { field: 'liveName' } });
    expect((await w.call('create', { ...base, startTime: 'tomorrow' })).body).toMatchObject({ errorCode: 'ERR_VALIDATION', params: { field: 'startTime' } });

    const anchor = (await w.call('liver/create', { name: 'Ann' })).body.data;
    expect((await w.call('liver/create', { name: 'Ann' })).body).toMatchObject({ errorCode: 'ERR_LIVE_ANCHOR_NAME_TAKEN', params: { field: 'name' } });
    const session = (await w.call('create', { ...base, anchorId: anchor.id })).body.data;
    const off = await w.call('liver/update', { id: anchor.id, version: anchor.version, name: 'Ann', enabled: false });
    expect(off.body.data).toMatchObject({ enabled: false, version: 1 });
    expect((await w.call('liver/list', {})).body.data).toEqual([]);
    expect((await w.call('liver/list', { includeDisabled: true })).body.data).toHaveLength(1);
    // A disabled anchor is not chosen for another session, but stays on the one that names it.
    expect((await w.call('create', { ...base, anchorId: anchor.id })).body).toMatchObject({ errorCode: 'ERR_LIVE_ANCHOR_DISABLED', params: { field: 'anchorId' } });
    expect((await w.call('update', { ...base, id: session.id, version: 0, anchorId: anchor.id, liveName: 'Renamed' })).body.data).toMatchObject({ liveName: 'Renamed', anchormanName: 'Ann' });
    expect((await w.call('update', { ...base, id: session.id, version: 0 })).body.errorCode).toBe('ERR_VERSION_CONFLICT');
    expect((await w.call('liver/update', { id: anchor.id, version: 0, name: 'Ann' })).body.errorCode).toBe('ERR_VERSION_CONFLICT');
    expect((await w.call('delete', { idList: [session.id, 987654321] })).body.errorCode).toBe('ERR_NOT_FOUND');

    const rows = await t.database.db.select().from(liveSessions).where(eq(liveSessions.domainId, w.domainId));
    expect(rows.map((r) => [r.liveName, r.version])).toEqual([['Renamed', 1]]);
  });

  it('lets another seller neither see nor change a session or an anchor, and refuses an account without the orders menu', async () => {
    const w = await world();
    const anchor = (await w.call('liver/create', { name: 'Bo' })).body.data;
    const session = (await w.call('create', { liveName: 'Night', storeId: w.storeId, startTime: '2026-11-10 20:00:00', endTime: '2026-11-10 23:00:00' })).body.data;
    const stranger = await world();
    expect((await stranger.call('list', {})).body.data.total).toBe(0);
    expect((await stranger.call('liver/list', { includeDisabled: true })).body.data).toEqual([]);
    expect((await stranger.call('update', { id: session.id, version: 0, liveName: 'Mine', storeId: stranger.storeId, startTime: '2026-11-10 20:00:00', endTime: '2026-11-10 23:00:00' })).status).toBe(404);
    expect((await stranger.call('delete', { idList: [session.id] })).status).toBe(404);
    expect((await stranger.call('disable', { idList: [session.id] })).status).toBe(404);
    expect((await stranger.call('liver/update', { id: anchor.id, version: 0, name: 'Mine' })).status).toBe(404);
    // Another seller's store or anchor cannot be named either.
    expect((await stranger.call('create', { liveName: 'X', storeId: w.storeId, startTime: '2026-11-10 20:00:00', endTime: '2026-11-10 21:00:00' })).body.errorCode).toBe('ERR_LIVE_STORE_NOT_FOUND');
    expect((await stranger.call('create', { liveName: 'X', storeId: stranger.storeId, anchorId: anchor.id, startTime: '2026-11-10 20:00:00', endTime: '2026-11-10 21:00:00' })).body.errorCode).toBe('ERR_LIVE_ANCHOR_NOT_FOUND');

    const stockOnly = await signedInStaff(t, w.domainId, ['MENU_INV']);
    expect((await w.call('list', {}, stockOnly)).status).toBe(403);
    expect((await w.call('create', { liveName: 'X', storeId: w.storeId, startTime: '2026-11-10 20:00:00', endTime: '2026-11-10 21:00:00' }, stockOnly)).status).toBe(403);
    expect((await w.call('list', {})).body.data.voList.map((r: { liveName: string }) => r.liveName)).toEqual(['Night']);
  });
});
