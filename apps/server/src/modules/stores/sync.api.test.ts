// "Sync online goods": the background job pages through the sandbox's listOnlineGoods and hands
// the items to the online-goods service of the mapping area, retrying transient failures,
// refreshing an ended token, and recording every run with its counts or its error.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

process.env.MARKETPLACE_RETRY_BASE_MS = '20';

import type { StoreRow, SyncRunRow } from '@openseller/core';
import { createTestApp } from '../../../test/harness.js';
import { addSandboxItems, authorizedSandboxStore, createSandboxStore, createStore, storeSeller } from '../../../test/factories/stores.js';
import { stores, storeSyncRuns, tbSkus } from '../../db/schema/index.js';

const t = await createTestApp();
const S = '/cloud/domain/store';
const C = '/cloud/sandbox/console';

async function syncAndWait(token: string, storeId: number): Promise<SyncRunRow> {
  const queued = await t.call<SyncRunRow>(`${S}/syncOnlineGoods`, { id: storeId }, { token });
  if (!queued.body.success) throw new Error(JSON.stringify(queued.body));
  expect(queued.body.data.status).toBe('QUEUED');
  const done = await t.waitFor(
    () => t.call<{ voList: SyncRunRow[] }>(`${S}/searchSyncRuns`, { storeId }, { token }),
    (a) => ['SUCCESS', 'FAILED'].includes(a.body.data.voList[0]?.status ?? ''),
  );
  return done.body.data.voList[0]!;
}

describe('syncing online goods', () => {
  it('loads every item of the sandbox shop into the online goods and shows the run on the store', async () => {
    const { token, domainId } = await storeSeller(t);
    const store = await authorizedSandboxStore(t, token);
    await addSandboxItems(t, token, store.id, 3, 2);
    const run = await syncAndWait(token, store.id);
    expect(run).toMatchObject({ status: 'SUCCESS', pages: 1, itemCount: 3, itemsCreated: 3, skusCreated: 6, attempts: 1, errorCode: null });
    const online = await t.database.db
      .select()
      .from(tbSkus)
      .where(and(eq(tbSkus.domainId, domainId), eq(tbSkus.storeId, store.id)));
    expect(online.map((s) => s.outerSkuId).sort()).toEqual(['OUT-1-1', 'OUT-1-2', 'OUT-2-1', 'OUT-2-2', 'OUT-3-1', 'OUT-3-2']);
    const row = (await t.call<StoreRow>(`${S}/getStore`, { id: store.id }, { token })).body.data;
    expect(row.lastSync).toMatchObject({ id: run.id, status: 'SUCCESS', itemCount: 3 });

    // Nothing new the second time; a title changed on the marketplace is refreshed.
    const again = await syncAndWait(token, store.id);
    expect(again).toMatchObject({ status: 'SUCCESS', itemCount: 3, itemsCreated: 0, skusCreated: 0 });
    const items = (await t.call(`${C}/items`, { storeId: store.id }, { token })).body.data.voList;
    const renamed = items.find((i: { outerId: string }) => i.outerId === 'OUT-2');
    await t.call(`${C}/saveItem`, { ...renamed, storeId: store.id, title: 'Renamed item', picUrl: undefined }, { token });
    const third = await syncAndWait(token, store.id);
    expect(third).toMatchObject({ status: 'SUCCESS', itemsCreated: 0, itemsUpdated: 1 });
  });

  it('pages through a shop larger than one page', async () => {
    const { token } = await storeSeller(t);
    const store = await authorizedSandboxStore(t, token);
    await addSandboxItems(t, token, store.id, 51, 1);
    const run = await syncAndWait(token, store.id);
    expect(run).toMatchObject({ status: 'SUCCESS', pages: 2, itemCount: 51, itemsCreated: 51, attempts: 2 });
  });

  it('retries a rate limit and a marketplace error, then succeeds', async () => {
    const { token } = await storeSeller(t);
    const store = await authorizedSandboxStore(t, token);
    await addSandboxItems(t, token, store.id, 1);
    await t.call(`${C}/forceFailures`, { storeId: store.id, failures: [{ kind: 'RATE_LIMITED', operation: 'listOnlineGoods' }, { kind: 'ERROR', operation: 'listOnlineGoods' }] }, { token });
    const run = await syncAndWait(token, store.id);
    expect(run).toMatchObject({ status: 'SUCCESS', attempts: 3, itemsCreated: 1 });
  });

  it('fails the run when the marketplace keeps failing, with the error', async () => {
    const { token } = await storeSeller(t);
    const store = await authorizedSandboxStore(t, token);
    await addSandboxItems(t, token, store.id, 1);
    await settings(token, store.id, { failureRate: 1 });
    const run = await syncAndWait(token, store.id);
    expect(run).toMatchObject({ status: 'FAILED', attempts: 4, itemCount: 0, errorCode: 'ERR_STORES_CONNECTOR_FAILED', errorMessage: 'the sandbox failed to handle the call' });
    const row = (await t.call<StoreRow>(`${S}/getStore`, { id: store.id }, { token })).body.data;
    expect(row.lastSync).toMatchObject({ status: 'FAILED', errorCode: 'ERR_STORES_CONNECTOR_FAILED' });
  });

  it('refreshes an ended token during the run, and fails it when the authorization was withdrawn', async () => {
    const { token } = await storeSeller(t);
    const store = await authorizedSandboxStore(t, token);
    await addSandboxItems(t, token, store.id, 1);
    await t.call(`${C}/expireToken`, { storeId: store.id }, { token });
    expect((await syncAndWait(token, store.id)).status).toBe('SUCCESS');

    await t.call(`${C}/revokeTokens`, { storeId: store.id }, { token });
    const failed = await syncAndWait(token, store.id);
    expect(failed).toMatchObject({ status: 'FAILED', errorCode: 'ERR_STORES_TOKEN_EXPIRED' });
    const [row] = await t.database.db.select().from(stores).where(eq(stores.id, store.id));
    expect(row!.authStatus).toBe('EXPIRED');
  });
});

async function settings(token: string, storeId: number, patch: Record<string, unknown>) {
  const shop = (await t.call(`${C}/get`, { storeId }, { token })).body.data;
  await t.call(`${C}/updateSettings`, { storeId, version: shop.version, failureRate: 0, latencyMs: 0, tokenLifetimeSeconds: shop.tokenLifetimeSeconds, rateLimitPerMinute: null, ...patch }, { token });
}

describe('refusing a sync that cannot work', () => {
  it('refuses stores without a marketplace, without authorization, disabled, or of a marketplace not in this build', async () => {
    const { token } = await storeSeller(t);
    const offline = await createStore(t, token, { storeType: 2 });
    expect((await t.call(`${S}/syncOnlineGoods`, { id: offline.id }, { token })).body.errorCode).toBe('ERR_STORES_NOT_ONLINE');
    const fresh = await createSandboxStore(t, token);
    expect((await t.call(`${S}/syncOnlineGoods`, { id: fresh.id }, { token })).body.errorCode).toBe('ERR_STORES_NOT_AUTHORIZED');
    const youzan = await createStore(t, token, { platformCode: 'CI_PLATFORM_YOUZAN' });
    expect((await t.call(`${S}/syncOnlineGoods`, { id: youzan.id }, { token })).body.errorCode).toBe('ERR_STORES_CONNECTOR_NOT_IN_BUILD');
    const authorized = await authorizedSandboxStore(t, token);
    await t.call(`${S}/enableStore4Offline`, { id: authorized.id, version: authorized.version, usable: false }, { token });
    expect((await t.call(`${S}/syncOnlineGoods`, { id: authorized.id }, { token })).body.errorCode).toBe('ERR_STORES_DISABLED');
    const runs = await t.database.db.select().from(storeSyncRuns);
    expect(runs.filter((r) => [offline.id, fresh.id, youzan.id, authorized.id].includes(r.storeId))).toEqual([]);
  });

  it('refuses a second sync while one is running', async () => {
    const { token, domainId } = await storeSeller(t);
    const store = await authorizedSandboxStore(t, token);
    await t.database.db.insert(storeSyncRuns).values({ domainId, storeId: store.id, status: 'RUNNING' });
    const answer = await t.call(`${S}/syncOnlineGoods`, { id: store.id }, { token });
    expect(answer.body).toMatchObject({ errorCode: 'ERR_STORES_SYNC_RUNNING' });
  });

  it('keeps another domain and a sub-account without MENU_STORE away from the sync', async () => {
    const owner = await storeSeller(t);
    const other = await storeSeller(t);
    const store = await authorizedSandboxStore(t, owner.token);
    expect((await t.call(`${S}/syncOnlineGoods`, { id: store.id }, { token: other.token })).body.errorCode).toBe('ERR_NOT_FOUND');
    expect((await t.call(`${S}/searchSyncRuns`, { storeId: store.id }, { token: other.token })).body.errorCode).toBe('ERR_NOT_FOUND');
    const staff = await t.factories.subAccount(owner.domainId, { menus: ['MENU_TBSKU_RELATION'] });
    const staffToken = await t.token(staff.loginName, staff.password);
    const refused = await t.call(`${S}/syncOnlineGoods`, { id: store.id }, { token: staffToken });
    expect([refused.status, refused.body.errorCode]).toEqual([403, 'ERR_SECURITY_NO_PERMISSION']);
    expect(await t.database.db.select().from(storeSyncRuns).where(eq(storeSyncRuns.storeId, store.id))).toEqual([]);
  });
});
