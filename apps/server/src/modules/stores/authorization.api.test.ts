// The authorization flow against the sandbox marketplace, over HTTP as the browser runs it:
// authorization URL, consent page, allow or deny, the callback on /#/authorization, refresh,
// expiry; and the clear refusal for marketplaces whose connector is not in this build.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { StoreRow } from '@openseller/core';
import { createTestApp } from '../../../test/harness.js';
import { authorizeSandboxStore, consent, createSandboxStore, createStore, storeSeller } from '../../../test/factories/stores.js';
import { operationLogs, storeAuthRequests } from '../../db/schema/index.js';

const t = await createTestApp();
const S = '/cloud/domain/store';
const day = 86_400_000;

const getStore = async (token: string, id: number) => (await t.call<StoreRow>(`${S}/getStore`, { id }, { token })).body.data;
const start = async (token: string, id: number) => t.call<{ authorizationUrl: string; expiresAt: string }>(`${S}/getAuthorizationUrl`, { id }, { token });

describe('authorizing a sandbox store', () => {
  it('runs the consent round trip and stores the tokens the marketplace grants', async () => {
    const { token, domainId, loginName } = await storeSeller(t);
    const store = await createSandboxStore(t, token, 'Sandbox A');
    const begun = await start(token, store.id);
    const url = new URL(begun.body.data.authorizationUrl, t.baseUrl);
    expect(url.pathname).toBe('/cloud/sandbox/authorize');
    expect(url.searchParams.get('shop')).toBe(store.platformShopId);
    expect(url.searchParams.get('redirect_uri')).toBe(`${t.baseUrl}/#/authorization`);

    const page = await fetch(url, { headers: { 'accept-language': 'zh' } });
    const html = await page.text();
    expect(html).toContain('沙箱平台（测试）');
    expect(html).toContain(store.platformShopId!);
    expect(html).toContain('同意授权');

    const back = await consent(t, begun.body.data.authorizationUrl, 'allow');
    expect(back.pathname).toBe('/authorization');
    expect(back.searchParams.get('state')).toBe(url.searchParams.get('state'));
    const answer = await t.call(`${S}/authorizationCallback`, { code: back.searchParams.get('code'), state: back.searchParams.get('state') });
    expect(answer.body.data).toMatchObject({ storeId: store.id, storeName: 'Sandbox A', platformCode: 'SANDBOX' });
    const expires = new Date(answer.body.data.tokenExpiresAt).getTime();
    expect(Math.abs(expires - (Date.now() + 30 * day))).toBeLessThan(60_000);

    const authorized = await getStore(token, store.id);
    expect(authorized).toMatchObject({ authState: 'AUTHORIZED', platformShopId: store.platformShopId });
    expect(authorized.authorizedAt).not.toBeNull();
    const log = await t.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.domainId, domainId), eq(operationLogs.action, 'AUTHORIZE')));
    expect(log.map((l) => [l.entityId, l.loginName])).toEqual([[String(store.id), loginName]]);
  });

  it('accepts each state once, and no made-up or expired state', async () => {
    const { token } = await storeSeller(t);
    const store = await createSandboxStore(t, token);
    const begun = await start(token, store.id);
    const back = await consent(t, begun.body.data.authorizationUrl, 'allow');
    const body = { code: back.searchParams.get('code'), state: back.searchParams.get('state') };
    expect((await t.call(`${S}/authorizationCallback`, body)).body.success).toBe(true);
    const replay = await t.call(`${S}/authorizationCallback`, body);
    expect(replay.body).toMatchObject({ success: false, errorCode: 'ERR_STORES_AUTH_STATE_INVALID' });
    const madeUp = await t.call(`${S}/authorizationCallback`, { code: 'x', state: 'a-state-nobody-issued-at-all' });
    expect(madeUp.body.errorCode).toBe('ERR_STORES_AUTH_STATE_INVALID');

    const later = await start(token, store.id);
    const laterBack = await consent(t, later.body.data.authorizationUrl, 'allow');
    await t.database.db.update(storeAuthRequests).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(storeAuthRequests.storeId, store.id));
    const expired = await t.call(`${S}/authorizationCallback`, { code: laterBack.searchParams.get('code'), state: laterBack.searchParams.get('state') });
    expect(expired.body.errorCode).toBe('ERR_STORES_AUTH_STATE_INVALID');
  });

  it('reports a refusal on the consent page and leaves the store unauthorized', async () => {
    const { token } = await storeSeller(t);
    const store = await createSandboxStore(t, token, 'Declined');
    const begun = await start(token, store.id);
    const back = await consent(t, begun.body.data.authorizationUrl, 'deny');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('code')).toBeNull();
    const answer = await t.call(`${S}/authorizationCallback`, { error: back.searchParams.get('error'), state: back.searchParams.get('state') });
    expect(answer.body).toMatchObject({ errorCode: 'ERR_STORES_AUTH_DENIED' });
    expect(answer.body.message).toBe('You declined the authorization of "Declined" on the marketplace');
    expect((await getStore(token, store.id)).authState).toBe('NONE');
  });

  it('refuses a code the marketplace did not issue for this authorization', async () => {
    const { token } = await storeSeller(t);
    const store = await createSandboxStore(t, token);
    const begun = await start(token, store.id);
    const state = new URL(begun.body.data.authorizationUrl, t.baseUrl).searchParams.get('state');
    const answer = await t.call(`${S}/authorizationCallback`, { code: 'not-a-real-code', state });
    expect(answer.body).toMatchObject({ errorCode: 'ERR_STORES_AUTH_FAILED' });
    expect(answer.body.message).toContain('unknown authorization code');
    expect((await getStore(token, store.id)).authState).toBe('NONE');
  });

  it('serves a consent page only for a known shop and a redirect back to the same site', async () => {
    const { token } = await storeSeller(t);
    const store = await createSandboxStore(t, token);
    const begun = await start(token, store.id);
    const url = new URL(begun.body.data.authorizationUrl, t.baseUrl);
    const elsewhere = new URL(url);
    elsewhere.searchParams.set('redirect_uri', 'https://evil.example/#/authorization');
    expect((await fetch(elsewhere)).status).toBe(400);
    const unknown = new URL(url);
    unknown.searchParams.set('shop', 'sbx_nope');
    expect((await fetch(unknown)).status).toBe(404);
  });

  it('says plainly that a real marketplace cannot be authorized from this build', async () => {
    const { token } = await storeSeller(t);
    // Youzan has no connector in this build (Taobao's is: connectors/marketplace/taobao).
    const youzan = await createStore(t, token, { platformCode: 'CI_PLATFORM_YOUZAN' });
    const answer = await start(token, youzan.id);
    expect(answer.status).toBe(501);
    expect(answer.body).toMatchObject({ errorCode: 'ERR_STORES_CONNECTOR_NOT_IN_BUILD', params: { platformCode: 'CI_PLATFORM_YOUZAN' } });
    expect(answer.body.message).toBe("This marketplace's connector (CI_PLATFORM_YOUZAN) is not part of this build, so the store cannot connect to it");
    const offline = await createStore(t, token, { storeType: 2 });
    expect((await start(token, offline.id)).body.errorCode).toBe('ERR_STORES_NOT_ONLINE');
  });
});

describe('token lifetime, refresh and expiry', () => {
  it('shows a short-lived token as about to expire and counts it for the notice', async () => {
    const { token } = await storeSeller(t);
    const store = await createSandboxStore(t, token);
    const shop = (await t.call(`/cloud/sandbox/console/get`, { storeId: store.id }, { token })).body.data;
    await t.call(`/cloud/sandbox/console/updateSettings`, { storeId: store.id, version: shop.version, failureRate: 0, latencyMs: 0, tokenLifetimeSeconds: 3 * 86_400, rateLimitPerMinute: null }, { token });
    await authorizeSandboxStore(t, token, store.id);
    expect((await getStore(token, store.id)).authState).toBe('EXPIRING');
    expect((await t.call(`${S}/getExpiringStoreCount`, {}, { token })).body.data).toBe(1);
  });

  it('refreshes an ended access token with the refresh token', async () => {
    const { token } = await storeSeller(t);
    const store = await createSandboxStore(t, token);
    await authorizeSandboxStore(t, token, store.id);
    const before = await getStore(token, store.id);
    await t.call('/cloud/sandbox/console/expireToken', { storeId: store.id }, { token });
    const refreshed = await t.call<StoreRow>(`${S}/refreshAuthorization`, { id: store.id }, { token });
    expect(refreshed.body.data.authState).toBe('AUTHORIZED');
    expect(refreshed.body.data.version).toBe(before.version + 1);
    const calls = await t.call('/cloud/sandbox/console/calls', { storeId: store.id, operation: 'refreshToken' }, { token });
    expect(calls.body.data.voList.map((c: { outcome: string }) => c.outcome)).toEqual(['OK']);
  });

  it('marks the store expired when the marketplace refuses the refresh', async () => {
    const { token } = await storeSeller(t);
    const store = await createSandboxStore(t, token);
    await authorizeSandboxStore(t, token, store.id);
    await t.call('/cloud/sandbox/console/revokeTokens', { storeId: store.id }, { token });
    const answer = await t.call(`${S}/refreshAuthorization`, { id: store.id }, { token });
    expect(answer.status).toBe(409);
    expect(answer.body.errorCode).toBe('ERR_STORES_TOKEN_EXPIRED');
    expect((await getStore(token, store.id)).authState).toBe('EXPIRED');
    expect((await t.call(`${S}/getExpiringStoreCount`, {}, { token })).body.data).toBe(1);
    // Authorizing again brings it back.
    await authorizeSandboxStore(t, token, store.id);
    expect((await getStore(token, store.id)).authState).toBe('AUTHORIZED');
    expect((await t.call(`${S}/getExpiringStoreCount`, {}, { token })).body.data).toBe(0);
  });
});

describe('permissions and domains', () => {
  it('keeps another domain from authorizing or refreshing the store', async () => {
    const owner = await storeSeller(t);
    const other = await storeSeller(t);
    const store = await createSandboxStore(t, owner.token);
    expect((await start(other.token, store.id)).body.errorCode).toBe('ERR_NOT_FOUND');
    expect((await t.call(`${S}/refreshAuthorization`, { id: store.id }, { token: other.token })).body.errorCode).toBe('ERR_NOT_FOUND');
    expect((await getStore(owner.token, store.id)).authState).toBe('NONE');
  });

  it('refuses the authorization URL to a sub-account without MENU_STORE', async () => {
    const { token, domainId } = await storeSeller(t);
    const store = await createSandboxStore(t, token);
    const staff = await t.factories.subAccount(domainId, { menus: ['MENU_SKU'] });
    const answer = await start(await t.token(staff.loginName, staff.password), store.id);
    expect(answer.status).toBe(403);
    expect(answer.body.errorCode).toBe('ERR_SECURITY_NO_PERMISSION');
    expect(await t.database.db.select().from(storeAuthRequests).where(eq(storeAuthRequests.storeId, store.id))).toEqual([]);
  });
});
