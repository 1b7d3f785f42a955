// Store management over HTTP: platforms, create (marketplace, offline batch, self-defined), edit,
// enable/disable, configuration, delete with references, secrets, the expiry count, pickers,
// another domain, and a sub-account without MENU_STORE.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PlatformRow, StoreOption, StoreRow } from '@openseller/core';
import { createTestApp, uniqueName } from '../../../test/harness.js';
import { createStore, storeSeller } from '../../../test/factories/stores.js';
import { operationLogs, stores } from '../../db/schema/index.js';
import type { StoreReferenceChecker } from './index.js';

const t = await createTestApp();
const S = '/cloud/domain/store';

// A checker like the orders and stock areas add: it reports references of the stores listed here.
const referenced = new Map<number, { reason: string; count: number }[]>();
const checker: StoreReferenceChecker = async (_tx, _domainId, storeId) => referenced.get(storeId) ?? { reason: 'orders', count: 0 };
t.app.services.registry.add('store-references', checker);

async function countStores(domainId: number) {
  return (await t.database.db.select().from(stores).where(eq(stores.domainId, domainId))).length;
}

async function logActions(domainId: number, storeId: number) {
  const rows = await t.database.db
    .select()
    .from(operationLogs)
    .where(and(eq(operationLogs.domainId, domainId), eq(operationLogs.entityId, String(storeId))));
  return rows.map((r) => r.action);
}

describe('platform registry', () => {
  it('lists every platform with its names, and the self-defined one only when asked', async () => {
    const { token } = await storeSeller(t);
    const list = await t.call<PlatformRow[]>(`${S}/getAllPlatform`, {}, { token });
    const keys = list.body.data.map((p) => p.key);
    expect(keys).toEqual(expect.arrayContaining(['CI_PLATFORM_TAOBAO', 'CI_PLATFORM_PDD', 'DY', 'SPH', 'SPH_NEW', 'CI_PLATFORM_OFFLINE', 'SANDBOX']));
    expect(keys).not.toContain('SELF_BUILD');
    const withSelf = await t.call<PlatformRow[]>(`${S}/getAllPlatform`, { includeSelfBuild: true }, { token });
    expect(withSelf.body.data.map((p) => p.key)).toContain('SELF_BUILD');
    const sandbox = list.body.data.find((p) => p.key === 'SANDBOX')!;
    expect(sandbox).toMatchObject({ nameEn: 'Sandbox marketplace (test)', nameZh: '沙箱平台（测试）', connectorAvailable: true });
    expect(list.body.data.find((p) => p.key === 'CI_PLATFORM_YOUZAN')).toMatchObject({ supportsReturnOrders: false, connectorAvailable: false });
    expect(list.body.data.find((p) => p.key === 'CI_PLATFORM_JD')).toMatchObject({ supportsReturnOrders: false, connectorAvailable: true });
  });
});

describe('creating stores', () => {
  it('creates a sandbox marketplace store waiting for authorization, with its sandbox shop', async () => {
    const { token, domainId } = await storeSeller(t);
    const store = await createStore(t, token, { name: 'My sandbox', platformCode: 'SANDBOX', contact: 'Li', phone: '13912345678', senderAddressMode: 'WAREHOUSE_STORE' });
    expect(store).toMatchObject({ name: 'My sandbox', storeType: 1, platformCode: 'SANDBOX', authState: 'NONE', usable: true, senderAddressMode: 'WAREHOUSE_STORE', maskedSecret: null });
    expect(store.platformShopId).toMatch(/^sbx_[0-9a-f]{18}$/);
    expect(await logActions(domainId, store.id)).toEqual(['CREATE']);
  });

  it('refuses a second store with the same name in any letter case, and changes nothing', async () => {
    const { token, domainId } = await storeSeller(t);
    await createStore(t, token, { name: 'Flagship Store' });
    const again = await t.call(`${S}/createStore`, { name: '  flagship store ', storeType: 2 }, { token });
    expect(again.body).toMatchObject({ success: false, errorCode: 'ERR_STORES_NAME_TAKEN', params: { field: 'name' } });
    expect(again.body.message).toContain('flagship store');
    expect(await countStores(domainId)).toBe(1);
  });

  it('refuses an unknown platform code and a platform that does not fit the store type', async () => {
    const { token, domainId } = await storeSeller(t);
    const unknown = await t.call(`${S}/createStore`, { name: 'X', storeType: 1, platformCode: 'NOPE' }, { token });
    expect(unknown.body).toMatchObject({ errorCode: 'ERR_STORES_UNKNOWN_PLATFORM', params: { field: 'platformCode', platformCode: 'NOPE' } });
    expect(unknown.body.message).toBe('Unknown platform code: NOPE');
    const offlineAsOnline = await t.call(`${S}/createStore`, { name: 'Y', storeType: 1, platformCode: 'CI_PLATFORM_OFFLINE' }, { token });
    expect(offlineAsOnline.body.errorCode).toBe('ERR_STORES_PLATFORM_TYPE_MISMATCH');
    const noPlatform = await t.call(`${S}/createStore`, { name: 'Z', storeType: 1 }, { token });
    expect(noPlatform.body).toMatchObject({ errorCode: 'ERR_VALIDATION', params: { field: 'platformCode' } });
    expect(await countStores(domainId)).toBe(0);
  });

  it('creates a store of a marketplace whose connector is not in this build, which then cannot connect', async () => {
    const { token } = await storeSeller(t);
    const store = await createStore(t, token, { platformCode: 'CI_PLATFORM_TAOBAO' });
    expect(store).toMatchObject({ platformCode: 'CI_PLATFORM_TAOBAO', shortPlatformCode: 'CI_PLATFORM_TAOBAO', authState: 'NONE' });
    const video = await createStore(t, token, { platformCode: 'SPH_NEW' });
    expect(video.shortPlatformCode).toBe('SPH');
  });

  it('lets a LITE (single store) domain have one marketplace store, and offline stores beside it', async () => {
    const { token, domainId } = await storeSeller(t, 'LITE');
    await createStore(t, token, { platformCode: 'SANDBOX' });
    const second = await t.call(`${S}/createStore`, { name: 'Second', storeType: 1, platformCode: 'CI_PLATFORM_PDD' }, { token });
    expect(second.body.errorCode).toBe('ERR_STORES_LITE_ONE_ONLINE_STORE');
    expect(second.status).toBe(403);
    const offline = await t.call(`${S}/createStore`, { name: 'Shop floor', storeType: 2 }, { token });
    expect(offline.body.data).toMatchObject({ storeType: 2, platformCode: 'CI_PLATFORM_OFFLINE', authState: 'NOT_REQUIRED' });
    expect(await countStores(domainId)).toBe(2);
  });
});

describe('offline stores in a batch', () => {
  it('creates every name of the batch', async () => {
    const { token } = await storeSeller(t);
    const answer = await t.call<StoreRow[]>(`${S}/batchCreateOfflineStore`, { names: ['North shop', 'South shop', 'East shop'], contact: 'Wang', province: '浙江省' }, { token });
    expect(answer.body.data.map((s) => [s.name, s.storeType, s.platformCode, s.contact])).toEqual([
      ['North shop', 2, 'CI_PLATFORM_OFFLINE', 'Wang'],
      ['South shop', 2, 'CI_PLATFORM_OFFLINE', 'Wang'],
      ['East shop', 2, 'CI_PLATFORM_OFFLINE', 'Wang'],
    ]);
  });

  it('creates none when two names of the batch repeat or one is taken', async () => {
    const { token, domainId } = await storeSeller(t);
    const repeated = await t.call(`${S}/batchCreateOfflineStore`, { names: ['A shop', 'B shop', 'a SHOP'] }, { token });
    expect(repeated.body).toMatchObject({ errorCode: 'ERR_STORES_BATCH_DUPLICATE', params: { field: 'names.2', row: 3, first: 1 } });
    await createStore(t, token, { name: 'Taken', storeType: 2 });
    const taken = await t.call(`${S}/batchCreateOfflineStore`, { names: ['Fresh', 'taken', 'Other'] }, { token });
    expect(taken.body).toMatchObject({ errorCode: 'ERR_STORES_NAME_TAKEN', params: { field: 'names.1' } });
    const empty = await t.call(`${S}/batchCreateOfflineStore`, { names: ['Fine', '  '] }, { token });
    expect(empty.body).toMatchObject({ errorCode: 'ERR_VALIDATION', params: { field: 'names.1' } });
    expect(await countStores(domainId)).toBe(1);
  });
});

describe('self-defined stores', () => {
  it('refuses one without a name, naming the field', async () => {
    const { token, domainId } = await storeSeller(t);
    const answer = await t.call(`${S}/createStore`, { storeType: 3, name: '   ' }, { token });
    expect(answer.body).toMatchObject({ success: false, errorCode: 'ERR_VALIDATION', params: { field: 'name' } });
    const missing = await t.call(`${S}/createStore`, { storeType: 3 }, { token });
    expect(missing.body.params?.field).toBe('name');
    expect(await countStores(domainId)).toBe(0);
  });

  it('generates a secret, shows it masked, reveals it on request and regenerates it', async () => {
    const { token, domainId } = await storeSeller(t);
    const store = await createStore(t, token, { storeType: 3, name: 'Own webshop', platformCode: undefined });
    expect(store).toMatchObject({ storeType: 3, platformCode: 'SELF_BUILD', authState: 'NOT_REQUIRED' });
    expect(store.maskedSecret).toMatch(/^\*+.{4}$/);
    const revealed = await t.call<{ secretKey: string }>(`${S}/revealSecret`, { id: store.id }, { token });
    expect(revealed.body.data.secretKey).toHaveLength(32);
    expect(revealed.body.data.secretKey.slice(-4)).toBe(store.maskedSecret!.slice(-4));
    expect(JSON.stringify(await t.call(`${S}/search`, {}, { token }))).not.toContain(revealed.body.data.secretKey);

    const stale = await t.call(`${S}/regenerateSecret`, { id: store.id, version: store.version + 1 }, { token });
    expect(stale.body.errorCode).toBe('ERR_VERSION_CONFLICT');
    const renewed = await t.call<{ secretKey: string; version: number }>(`${S}/regenerateSecret`, { id: store.id, version: store.version }, { token });
    expect(renewed.body.data.secretKey).not.toBe(revealed.body.data.secretKey);
    const after = await t.call<{ secretKey: string }>(`${S}/revealSecret`, { id: store.id }, { token });
    expect(after.body.data.secretKey).toBe(renewed.body.data.secretKey);
    expect(await logActions(domainId, store.id)).toEqual(['CREATE', 'REVEAL_SECRET', 'REGENERATE_SECRET', 'REVEAL_SECRET']);

    const online = await createStore(t, token);
    expect((await t.call(`${S}/revealSecret`, { id: online.id }, { token })).body.errorCode).toBe('ERR_STORES_NOT_SELF_DEFINED');
  });
});

describe('editing stores', () => {
  it('modifies the fields a person edits and refuses a stale version', async () => {
    const { token, domainId } = await storeSeller(t);
    const store = await createStore(t, token, { name: 'Before' });
    const changed = await t.call<StoreRow>(`${S}/modifyStore`, { id: store.id, version: store.version, name: 'After', shortName: 'AF', province: '广东省', city: '深圳市' }, { token });
    expect(changed.body.data).toMatchObject({ name: 'After', shortName: 'AF', province: '广东省', version: store.version + 1, platformCode: 'SANDBOX' });
    const stale = await t.call(`${S}/modifyStore`, { id: store.id, version: store.version, name: 'Stale' }, { token });
    expect(stale.body).toMatchObject({ errorCode: 'ERR_VERSION_CONFLICT' });
    expect(stale.body.message).toBe('The store was changed by someone else; refresh and try again');
    const read = await t.call<StoreRow>(`${S}/getStore`, { id: store.id }, { token });
    expect(read.body.data.name).toBe('After');
    expect(await logActions(domainId, store.id)).toEqual(['CREATE', 'MODIFY']);
  });

  it('refuses renaming a store to another store name', async () => {
    const { token } = await storeSeller(t);
    await createStore(t, token, { name: 'One' });
    const two = await createStore(t, token, { name: 'Two' });
    const answer = await t.call(`${S}/modifyStore`, { id: two.id, version: two.version, name: 'ONE' }, { token });
    expect(answer.body).toMatchObject({ errorCode: 'ERR_STORES_NAME_TAKEN', params: { field: 'name' } });
  });

  it('disables and enables a store, and filters by it', async () => {
    const { token, domainId } = await storeSeller(t);
    const store = await createStore(t, token);
    const off = await t.call<StoreRow>(`${S}/enableStore4Offline`, { id: store.id, version: store.version, usable: false }, { token });
    expect(off.body.data.usable).toBe(false);
    const disabled = await t.call<{ voList: StoreRow[] }>(`${S}/search`, { usable: false }, { token });
    expect(disabled.body.data.voList.map((s) => s.id)).toEqual([store.id]);
    const usable = await t.call(`${S}/checkUsableStore?storeId=${store.id}`, {}, { token });
    expect(usable.body.data).toEqual({ storeId: store.id, usable: false, reason: 'DISABLED' });
    const on = await t.call<StoreRow>(`${S}/enableStore4Offline`, { id: store.id, version: off.body.data.version, usable: true }, { token });
    expect(on.body.data.usable).toBe(true);
    expect((await t.call(`${S}/checkUsableStore?storeId=${store.id}`, {}, { token })).body.data.reason).toBe('NOT_AUTHORIZED');
    expect(await logActions(domainId, store.id)).toEqual(['CREATE', 'DISABLE', 'ENABLE']);
  });

  it('keeps the sender-address mode and the sync settings', async () => {
    const { token } = await storeSeller(t);
    const store = await createStore(t, token);
    for (const mode of ['STORE_STORE', 'WAREHOUSE_WAREHOUSE', 'STORE_WAREHOUSE', 'WAREHOUSE_STORE'] as const) {
      const current = (await t.call<StoreRow>(`${S}/getStore`, { id: store.id }, { token })).body.data;
      const answer = await t.call<StoreRow>(`${S}/updateStoreConfig`, { id: store.id, version: current.version, senderAddressMode: mode, deliverNotification: true }, { token });
      expect(answer.body.data).toMatchObject({ senderAddressMode: mode, deliverNotification: true });
    }
    const bad = await t.call(`${S}/updateStoreConfig`, { id: store.id, version: 99, senderAddressMode: 'NOWHERE' }, { token });
    expect(bad.body).toMatchObject({ errorCode: 'ERR_VALIDATION', params: { field: 'senderAddressMode' } });
    const current = (await t.call<StoreRow>(`${S}/getStore`, { id: store.id }, { token })).body.data;
    const sync = await t.call<StoreRow>(`${S}/configStoreSyncData`, { id: store.id, version: current.version, autoSyncOrders: false, autoSyncStock: true, autoFeedback: true, syncAfterSales: false }, { token });
    expect(sync.body.data.syncConfig).toEqual({ autoSyncOrders: false, autoSyncStock: true, autoFeedback: true, syncAfterSales: false });
    const offline = await createStore(t, token, { storeType: 2 });
    const refused = await t.call(`${S}/configStoreSyncData`, { id: offline.id, version: offline.version, autoSyncOrders: true }, { token });
    expect(refused.body.errorCode).toBe('ERR_STORES_NOT_ONLINE');
  });
});

describe('deleting stores', () => {
  it('deletes a store nothing references, with its sandbox shop', async () => {
    const { token, domainId } = await storeSeller(t);
    const store = await createStore(t, token);
    const answer = await t.call(`${S}/delStore`, { id: store.id, version: store.version }, { token });
    expect(answer.body.success).toBe(true);
    expect(await countStores(domainId)).toBe(0);
    expect((await t.call(`${S}/getStore`, { id: store.id }, { token })).body.errorCode).toBe('ERR_NOT_FOUND');
    expect(await logActions(domainId, store.id)).toEqual(['CREATE', 'DELETE']);
  });

  it('refuses while orders or stock reference the store, saying which, and keeps it', async () => {
    const { token, domainId } = await storeSeller(t);
    const store = await createStore(t, token, { name: 'Busy' });
    referenced.set(store.id, [
      { reason: 'orders', count: 3 },
      { reason: 'stock', count: 12 },
    ]);
    const answer = await t.call(`${S}/delStore`, { id: store.id }, { token });
    expect(answer.body).toMatchObject({ success: false, errorCode: 'ERR_STORES_IN_USE', params: { references: 'stock (12), orders (3)' } });
    expect(answer.body.message).toBe('The store "Busy" cannot be deleted while these still reference it: stock (12), orders (3)');
    expect(JSON.parse(String(answer.body.params?.reasons))).toEqual([
      { reason: 'stock', count: 12 },
      { reason: 'orders', count: 3 },
    ]);
    expect(await countStores(domainId)).toBe(1);
    referenced.delete(store.id);
  });

  it('refuses a delete with a stale version', async () => {
    const { token, domainId } = await storeSeller(t);
    const store = await createStore(t, token);
    const answer = await t.call(`${S}/delStore`, { id: store.id, version: store.version + 3 }, { token });
    expect(answer.body.errorCode).toBe('ERR_VERSION_CONFLICT');
    expect(await countStores(domainId)).toBe(1);
  });
});

describe('authorization expiry', () => {
  it('counts usable marketplace stores whose authorization ends within 7 days or has ended', async () => {
    const { token, domainId } = await storeSeller(t);
    const day = 86_400_000;
    const soon = await createStore(t, token, { name: 'Soon' });
    const gone = await createStore(t, token, { name: 'Gone' });
    const later = await createStore(t, token, { name: 'Later' });
    const disabled = await createStore(t, token, { name: 'Off' });
    await createStore(t, token, { name: 'Never authorized' });
    const set = (id: number, values: Partial<typeof stores.$inferInsert>) => t.database.db.update(stores).set(values).where(eq(stores.id, id));
    await set(soon.id, { authStatus: 'AUTHORIZED', tokenExpiresAt: new Date(Date.now() + 3 * day) });
    await set(gone.id, { authStatus: 'AUTHORIZED', tokenExpiresAt: new Date(Date.now() - day) });
    await set(later.id, { authStatus: 'AUTHORIZED', tokenExpiresAt: new Date(Date.now() + 30 * day) });
    await set(disabled.id, { authStatus: 'EXPIRED', usable: false });

    const count = await t.call<number>(`${S}/getExpiringStoreCount`, {}, { token });
    expect(count.body.data).toBe(2);
    const list = await t.call<{ name: string; authState: string }[]>(`${S}/getExpiringStore`, {}, { token });
    expect(list.body.data.map((s) => [s.name, s.authState])).toEqual([
      ['Gone', 'EXPIRED'],
      ['Soon', 'EXPIRING'],
    ]);
    const expiring = await t.call<{ voList: StoreRow[] }>(`${S}/search`, { authState: 'EXPIRING' }, { token });
    expect(expiring.body.data.voList.map((s) => s.name)).toEqual(['Soon']);
    const ok = await t.call<{ voList: StoreRow[] }>(`${S}/search`, { authState: 'AUTHORIZED' }, { token });
    expect(ok.body.data.voList.map((s) => s.name)).toEqual(['Later']);
    expect((await t.call(`${S}/checkUsableStore?storeId=${gone.id}`, {}, { token })).body.data).toMatchObject({ usable: false, reason: 'EXPIRED' });
    expect(domainId).toBeGreaterThan(0);
  });

  it('counts the authorization\'s own end where the marketplace refreshes access tokens itself, not the short access token\'s', async () => {
    const { token } = await storeSeller(t);
    const day = 86_400_000;
    const set = (id: number, values: Partial<typeof stores.$inferInsert>) => t.database.db.update(stores).set(values).where(eq(stores.id, id));
    // Kuaishou-like: the access token ends in 2 days (refreshed without the seller), the authorization in 170 days.
    const refreshed = await createStore(t, token, { name: 'Refreshed' });
    await set(refreshed.id, { authStatus: 'AUTHORIZED', tokenExpiresAt: new Date(Date.now() + 2 * day), authorizationExpiresAt: new Date(Date.now() + 170 * day) });
    // Its access token already ended between two pulls: still authorized, the next call refreshes it.
    const idle = await createStore(t, token, { name: 'Idle' });
    await set(idle.id, { authStatus: 'AUTHORIZED', tokenExpiresAt: new Date(Date.now() - day), authorizationExpiresAt: new Date(Date.now() + 100 * day) });
    // The authorization itself ends in 3 days, or ended: the seller must act.
    const ending = await createStore(t, token, { name: 'Ending' });
    await set(ending.id, { authStatus: 'AUTHORIZED', tokenExpiresAt: new Date(Date.now() + 2 * day), authorizationExpiresAt: new Date(Date.now() + 3 * day) });
    const ended = await createStore(t, token, { name: 'Ended' });
    await set(ended.id, { authStatus: 'AUTHORIZED', tokenExpiresAt: new Date(Date.now() + day), authorizationExpiresAt: new Date(Date.now() - 1000) });

    const list = await t.call<{ name: string; authState: string; tokenExpiresAt: string }[]>(`${S}/getExpiringStore`, {}, { token });
    expect(list.body.data.map((s) => [s.name, s.authState])).toEqual([
      ['Ended', 'EXPIRED'],
      ['Ending', 'EXPIRING'],
    ]);
    expect(new Date(list.body.data[1]!.tokenExpiresAt).getTime() - Date.now()).toBeGreaterThan(2.9 * day);
    expect((await t.call<number>(`${S}/getExpiringStoreCount`, {}, { token })).body.data).toBe(2);
    const authorized = await t.call<{ voList: StoreRow[] }>(`${S}/search`, { authState: 'AUTHORIZED' }, { token });
    expect(authorized.body.data.voList.map((s) => [s.name, s.authState])).toEqual([
      ['Idle', 'AUTHORIZED'],
      ['Refreshed', 'AUTHORIZED'],
    ]);
    expect(new Date(authorized.body.data.voList[1]!.tokenExpiresAt!).getTime() - Date.now()).toBeGreaterThan(169 * day);
    expect((await t.call<{ voList: StoreRow[] }>(`${S}/search`, { authState: 'EXPIRED' }, { token })).body.data.voList.map((s) => s.name)).toEqual(['Ended']);
  });
});

describe('lists and pickers', () => {
  it('searches by keyword, platform and type, and lists the online stores without EDI channels', async () => {
    const { token } = await storeSeller(t);
    await createStore(t, token, { name: 'Alpha sandbox' });
    await createStore(t, token, { name: 'JD self-operated', platformCode: 'JDZY' });
    await createStore(t, token, { name: 'Alpha offline', storeType: 2 });
    const alpha = await t.call<{ voList: StoreRow[]; total: number }>(`${S}/search`, { keyword: 'alpha', currentPage: 1, pageSize: 10 }, { token });
    expect(alpha.body.data.total).toBe(2);
    const offline = await t.call<{ voList: StoreRow[] }>(`${S}/search`, { storeType: 2 }, { token });
    expect(offline.body.data.voList.map((s) => s.name)).toEqual(['Alpha offline']);
    const byPlatform = await t.call<{ voList: StoreRow[] }>(`${S}/search`, { platformCode: 'JDZY' }, { token });
    expect(byPlatform.body.data.voList.map((s) => s.name)).toEqual(['JD self-operated']);
    const online = await t.call<StoreOption[]>(`${S}/searchAllOnline`, {}, { token });
    expect(online.body.data.map((s) => s.name)).toEqual(['Alpha sandbox', 'JD self-operated']);
    const withoutEdi = await t.call<StoreOption[]>(`${S}/searchAllOnlineWithOutEdi`, {}, { token });
    expect(withoutEdi.body.data.map((s) => s.name)).toEqual(['Alpha sandbox']);
    expect((await t.call(`${S}/checkHasStore`, {}, { token })).body.data).toBe(true);
  });

  it('lets any account of the domain read the store pickers, but not manage stores', async () => {
    const { token, domainId } = await storeSeller(t);
    const store = await createStore(t, token, { name: 'Picked' });
    const picker = await t.factories.subAccount(domainId, { menus: ['MENU_ERPSO'] });
    const pickerToken = await t.token(picker.loginName, picker.password);
    const all = await t.call<StoreOption[]>(`${S}/findAllStore`, {}, { token: pickerToken });
    expect(all.body.data).toEqual([{ id: store.id, name: 'Picked', shortName: null, storeType: 1, platformCode: 'SANDBOX', usable: true }]);
    const filtered = await t.call<StoreOption[]>(`${S}/searchStoreList`, { platformCode: 'CI_PLATFORM_PDD' }, { token: pickerToken });
    expect(filtered.body.data).toEqual([]);
  });
});

describe('permissions and domains', () => {
  it('refuses every management call to a sub-account without MENU_STORE, changing nothing', async () => {
    const { token, domainId } = await storeSeller(t);
    const store = await createStore(t, token);
    const staff = await t.factories.subAccount(domainId, { menus: ['MENU_ERPSO', 'MENU_INV'] });
    const staffToken = await t.token(staff.loginName, staff.password);
    const calls: [string, unknown][] = [
      ['search', {}],
      ['createStore', { name: 'Sneaky', storeType: 2 }],
      ['batchCreateOfflineStore', { names: ['Sneaky'] }],
      ['modifyStore', { id: store.id, version: store.version, name: 'Sneaky' }],
      ['delStore', { id: store.id }],
      ['enableStore4Offline', { id: store.id, version: store.version, usable: false }],
      ['updateStoreConfig', { id: store.id, version: store.version }],
      ['configStoreSyncData', { id: store.id, version: store.version }],
      ['getStore', { id: store.id }],
      ['getExpiringStoreCount', {}],
      ['getAuthorizationUrl', { id: store.id }],
      ['syncOnlineGoods', { id: store.id }],
    ];
    for (const [path, body] of calls) {
      const answer = await t.call(`${S}/${path}`, body, { token: staffToken });
      expect([path, answer.status, answer.body.errorCode]).toEqual([path, 403, 'ERR_SECURITY_NO_PERMISSION']);
    }
    const read = await t.call<StoreRow>(`${S}/getStore`, { id: store.id }, { token });
    expect(read.body.data).toMatchObject({ name: store.name, usable: true, version: store.version });
    expect(await countStores(domainId)).toBe(1);
  });

  it('keeps another domain from reading or changing the stores', async () => {
    const owner = await storeSeller(t);
    const other = await storeSeller(t);
    const store = await createStore(t, owner.token, { storeType: 3, name: 'Secret shop' });
    const token = other.token;
    expect((await t.call(`${S}/getStore`, { id: store.id }, { token })).body.errorCode).toBe('ERR_NOT_FOUND');
    expect((await t.call(`${S}/modifyStore`, { id: store.id, version: store.version, name: 'Hijacked' }, { token })).body.errorCode).toBe('ERR_NOT_FOUND');
    expect((await t.call(`${S}/enableStore4Offline`, { id: store.id, version: store.version, usable: false }, { token })).body.errorCode).toBe('ERR_NOT_FOUND');
    expect((await t.call(`${S}/delStore`, { id: store.id }, { token })).body.errorCode).toBe('ERR_NOT_FOUND');
    expect((await t.call(`${S}/revealSecret`, { id: store.id }, { token })).body.errorCode).toBe('ERR_NOT_FOUND');
    expect((await t.call(`${S}/regenerateSecret`, { id: store.id, version: store.version }, { token })).body.errorCode).toBe('ERR_NOT_FOUND');
    expect((await t.call(`${S}/checkUsableStore?storeId=${store.id}`, {}, { token })).body.errorCode).toBe('ERR_NOT_FOUND');
    expect((await t.call<{ total: number }>(`${S}/search`, {}, { token })).body.data.total).toBe(0);
    expect((await t.call<StoreOption[]>(`${S}/findAllStore`, {}, { token })).body.data).toEqual([]);
    expect((await t.call(`${S}/checkHasStore`, {}, { token })).body.data).toBe(false);
    // The same name is free in another domain.
    await createStore(t, token, { storeType: 3, name: 'Secret shop' });
    const read = await t.call<StoreRow>(`${S}/getStore`, { id: store.id }, { token: owner.token });
    expect(read.body.data).toMatchObject({ name: 'Secret shop', usable: true, version: store.version });
    expect(uniqueName('x')).toBeTruthy();
  });
});
