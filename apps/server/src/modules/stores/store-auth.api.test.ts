// Payment and after-sales authorisation of stores (spec 02 §7.7; issue #21 must-have 8).
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness.js';
import { authorizedSandboxStore, createSandboxStore, createStore, storeSeller } from '../../../test/factories/stores.js';

const t = await createTestApp();

describe('payAuth/searchPayAuth', () => {
  it('says which marketplace stores can be read for payment data: authorised ones with a connector', async () => {
    const s = await storeSeller(t);
    const authorized = await authorizedSandboxStore(t, s.token);
    const pending = await createSandboxStore(t, s.token);
    // A marketplace without a connector in this build.
    const noConnector = await createStore(t, s.token, { platformCode: 'CI_PLATFORM_YOUZAN' });
    await createStore(t, s.token, { storeType: 2 });
    const answer = await t.call('/cloud/domain/payAuth/searchPayAuth', { currentPage: 1, pageSize: 10 }, { token: s.token });
    expect(answer.body.data.total).toBe(3);
    const byId = new Map(answer.body.data.voList.map((r: any) => [r.storeId, r]));
    expect(byId.get(authorized.id)).toMatchObject({ authState: 'AUTHORIZED', connectorAvailable: true, payAuthorized: true });
    expect(byId.get(pending.id)).toMatchObject({ authState: 'NONE', payAuthorized: false });
    expect(byId.get(noConnector.id)).toMatchObject({ connectorAvailable: false, payAuthorized: false });
    const onlyAuthorized = await t.call('/cloud/domain/payAuth/searchPayAuth', { currentPage: 1, pageSize: 10, authState: 'AUTHORIZED' }, { token: s.token });
    expect(onlyAuthorized.body.data.voList.map((r: any) => r.storeId)).toEqual([authorized.id]);
  });

  it('shows another seller none of the stores, and refuses a bad filter naming it', async () => {
    const a = await storeSeller(t);
    const store = await authorizedSandboxStore(t, a.token);
    const b = await storeSeller(t);
    const answer = await t.call('/cloud/domain/payAuth/searchPayAuth', { currentPage: 1, pageSize: 10, storeIdList: [store.id] }, { token: b.token });
    expect(answer.body.data).toMatchObject({ total: 0, voList: [] });
    const bad = await t.call('/cloud/domain/payAuth/searchPayAuth', { currentPage: 1, pageSize: 10, authState: 'MAYBE' }, { token: a.token });
    expect(bad.status).toBe(400);
    expect(bad.body.fields!.map((f) => f.field)).toEqual(['authState']);
  });

  it('is for accounts with store management', async () => {
    const s = await storeSeller(t);
    const sub = await t.factories.subAccount(s.domainId, { menus: ['MENU_SKU'] });
    const answer = await t.call('/cloud/domain/payAuth/searchPayAuth', { currentPage: 1, pageSize: 10 }, { token: await t.token(sub.loginName, sub.password) });
    expect(answer.status).toBe(403);
  });
});

describe('afterSaleAuth/getByStoreIds', () => {
  it('says per store whether after-sales arrive by the sync, and why not', async () => {
    const s = await storeSeller(t);
    const authorized = await authorizedSandboxStore(t, s.token);
    const pending = await createSandboxStore(t, s.token);
    const offline = await createStore(t, s.token, { storeType: 2 });
    // A marketplace without a connector in this build.
    const noConnector = await createStore(t, s.token, { platformCode: 'CI_PLATFORM_YOUZAN' });
    const answer = await t.call('/cloud/domain/afterSaleAuth/getByStoreIds', { storeIds: [authorized.id, pending.id, offline.id, noConnector.id] }, { token: s.token });
    expect(answer.body.data.map((r: any) => [r.storeId, r.afterSalesAuthorized, r.reason])).toEqual([
      [authorized.id, true, null],
      [pending.id, false, 'NOT_AUTHORIZED'],
      [offline.id, false, 'OFFLINE_STORE'],
      [noConnector.id, false, 'NO_CONNECTOR'],
    ]);
    expect(answer.body.data[3]).toMatchObject({ supportsReturnOrders: false });
    const stored = await t.call('/cloud/domain/store/getStore', { id: authorized.id }, { token: s.token });
    await t.call('/cloud/domain/store/configStoreSyncData', { id: authorized.id, version: stored.body.data.version, autoSyncOrders: true, autoSyncStock: true, autoFeedback: true, syncAfterSales: false }, { token: s.token });
    const off = await t.call('/cloud/domain/afterSaleAuth/getByStoreIds', { storeIds: [authorized.id] }, { token: s.token });
    expect(off.body.data[0]).toMatchObject({ syncAfterSales: false, afterSalesAuthorized: false, reason: 'SYNC_OFF' });
  });

  it('refuses another seller’s store and an empty list', async () => {
    const a = await storeSeller(t);
    const store = await authorizedSandboxStore(t, a.token);
    const b = await storeSeller(t);
    const foreign = await t.call('/cloud/domain/afterSaleAuth/getByStoreIds', { storeIds: [store.id] }, { token: b.token });
    expect(foreign.status).toBe(404);
    const empty = await t.call('/cloud/domain/afterSaleAuth/getByStoreIds', { storeIds: [] }, { token: a.token });
    expect(empty.status).toBe(400);
    expect(empty.body.fields!.map((f) => f.field)).toEqual(['storeIds']);
  });

  it('is open to after-sales staff', async () => {
    const s = await storeSeller(t);
    const store = await authorizedSandboxStore(t, s.token);
    const sub = await t.factories.subAccount(s.domainId, { menus: ['MENU_AFTER_SALES'] });
    const answer = await t.call('/cloud/domain/afterSaleAuth/getByStoreIds', { storeIds: [store.id] }, { token: await t.token(sub.loginName, sub.password) });
    expect(answer.body.data[0].afterSalesAuthorized).toBe(true);
  });
});
