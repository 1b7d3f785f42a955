// The sandbox marketplace's console over HTTP: its settings, its items, buyer orders and refunds,
// forced failures, and who may use it.
import { describe, expect, it } from 'vitest';
import type { SandboxItemRow, SandboxOrderRow, SandboxShopView } from '@openseller/core';
import { createTestApp } from '../../../test/harness.js';
import { addSandboxItems, createSandboxStore, createStore, storeSeller } from '../../../test/factories/stores.js';

const t = await createTestApp();
const C = '/cloud/sandbox/console';

const view = async (token: string, storeId: number) => (await t.call<SandboxShopView>(`${C}/get`, { storeId }, { token })).body.data;

describe('sandbox settings', () => {
  it('opens with no failures, and keeps the settings a person gives it', async () => {
    const { token } = await storeSeller(t);
    const store = await createSandboxStore(t, token);
    const shop = await view(token, store.id);
    expect(shop).toMatchObject({ shopKey: store.platformShopId, failureRate: 0, latencyMs: 0, tokenLifetimeSeconds: 30 * 86_400, rateLimitPerMinute: null, forcedFailures: [], itemCount: 0 });
    const saved = await t.call<SandboxShopView>(`${C}/updateSettings`, { storeId: store.id, version: shop.version, failureRate: 0.25, latencyMs: 150, tokenLifetimeSeconds: 600, rateLimitPerMinute: 30 }, { token });
    expect(saved.body.data).toMatchObject({ failureRate: 0.25, latencyMs: 150, tokenLifetimeSeconds: 600, rateLimitPerMinute: 30, version: shop.version + 1 });
    const stale = await t.call(`${C}/updateSettings`, { storeId: store.id, version: shop.version, failureRate: 0, latencyMs: 0, tokenLifetimeSeconds: 600, rateLimitPerMinute: null }, { token });
    expect(stale.body.errorCode).toBe('ERR_VERSION_CONFLICT');
    const bad = await t.call(`${C}/updateSettings`, { storeId: store.id, version: shop.version + 1, failureRate: 1.5, latencyMs: 0, tokenLifetimeSeconds: 600, rateLimitPerMinute: null }, { token });
    expect(bad.body).toMatchObject({ errorCode: 'ERR_VALIDATION', params: { field: 'failureRate' } });
    expect((await view(token, store.id)).failureRate).toBe(0.25);
  });

  it('queues forced failures in order and clears them', async () => {
    const { token } = await storeSeller(t);
    const store = await createSandboxStore(t, token);
    await t.call(`${C}/forceFailures`, { storeId: store.id, failures: [{ kind: 'TIMEOUT' }, { kind: 'TOKEN_EXPIRED', operation: 'pullOrders' }] }, { token });
    expect((await view(token, store.id)).forcedFailures).toEqual([{ kind: 'TIMEOUT' }, { kind: 'TOKEN_EXPIRED', operation: 'pullOrders' }]);
    const bad = await t.call(`${C}/forceFailures`, { storeId: store.id, failures: [{ kind: 'EXPLODE' }] }, { token });
    expect(bad.body).toMatchObject({ errorCode: 'ERR_VALIDATION', params: { field: 'failures.0.kind' } });
    await t.call(`${C}/clearFailures`, { storeId: store.id }, { token });
    expect((await view(token, store.id)).forcedFailures).toEqual([]);
  });
});

describe('sandbox items', () => {
  it('adds, replaces and deletes items with their SKUs', async () => {
    const { token } = await storeSeller(t);
    const store = await createSandboxStore(t, token);
    const saved = await t.call<{ itemId: string }>(`${C}/saveItem`, { storeId: store.id, title: 'Mug', outerId: 'MUG', skus: [{ properties: 'Colour:White', outerSkuId: 'MUG-W', price: '19.9', quantity: 10 }] }, { token });
    const itemId = saved.body.data.itemId;
    const listed = (await t.call<{ voList: SandboxItemRow[] }>(`${C}/items`, { storeId: store.id }, { token })).body.data.voList;
    expect(listed).toEqual([expect.objectContaining({ itemId, title: 'Mug', outerId: 'MUG', status: 'onsale', skus: [expect.objectContaining({ properties: 'Colour:White', price: '19.9000', quantity: 10 })] })]);
    const skuId = listed[0]!.skus[0]!.skuId;
    await t.call(`${C}/saveItem`, { storeId: store.id, itemId, title: 'Big mug', skus: [{ skuId, price: 25, quantity: 3 }, { properties: 'Colour:Black', price: '25', quantity: 1 }] }, { token });
    const replaced = (await t.call<{ voList: SandboxItemRow[] }>(`${C}/items`, { storeId: store.id }, { token })).body.data.voList;
    expect(replaced.map((i) => [i.title, i.skus.map((s) => [s.price, s.quantity])])).toEqual([['Big mug', [['25.0000', 3], ['25.0000', 1]]]]);
    expect(replaced[0]!.skus[0]!.skuId).toBe(skuId);

    const badPrice = await t.call(`${C}/saveItem`, { storeId: store.id, title: 'Cheap', skus: [{ price: '1.23456', quantity: 1 }] }, { token });
    expect(badPrice.body).toMatchObject({ errorCode: 'ERR_VALIDATION', params: { field: 'skus.0.price' } });
    const clash = await t.call(`${C}/saveItem`, { storeId: store.id, title: 'Other', skus: [{ skuId, price: '1', quantity: 1 }] }, { token });
    expect(clash.body).toMatchObject({ errorCode: 'ERR_STORES_SANDBOX_ITEM_EXISTS', params: { key: skuId } });

    await t.call(`${C}/deleteItem`, { storeId: store.id, itemId }, { token });
    expect((await view(token, store.id)).itemCount).toBe(0);
    const missing = await t.call(`${C}/deleteItem`, { storeId: store.id, itemId }, { token });
    expect(missing.body.errorCode).toBe('ERR_STORES_SANDBOX_NOT_FOUND');
  });
});

describe('sandbox orders and refunds', () => {
  it('takes buyer orders of the items on sale, with exact amounts', async () => {
    const { token } = await storeSeller(t);
    const store = await createSandboxStore(t, token);
    const empty = await t.call(`${C}/generateOrders`, { storeId: store.id, count: 2 }, { token });
    expect(empty.body.errorCode).toBe('ERR_STORES_SANDBOX_EMPTY_CATALOGUE');
    await addSandboxItems(t, token, store.id, 2);
    const made = await t.call<{ orderNos: string[] }>(`${C}/generateOrders`, { storeId: store.id, count: 4 }, { token });
    expect(made.body.data.orderNos).toHaveLength(4);
    const orders = (await t.call<{ voList: SandboxOrderRow[]; total: number }>(`${C}/orders`, { storeId: store.id }, { token })).body.data;
    expect(orders.total).toBe(4);
    for (const order of orders.voList) {
      const cents = order.lines.reduce((sum, l) => sum + Math.round(Number(l.price) * 100) * l.qty, 0) + Math.round(Number(order.postFee) * 100);
      expect(Math.round(Number(order.amount) * 100)).toBe(cents);
      expect(order.status).toBe('WAIT_SELLER_SEND_GOODS');
    }
    const tooMany = await t.call(`${C}/generateOrders`, { storeId: store.id, count: 1000 }, { token });
    expect(tooMany.body.params?.field).toBe('count');
  });

  it('lets the buyer close an unshipped order, not a closed one again, and ask for a refund', async () => {
    const { token } = await storeSeller(t);
    const store = await createSandboxStore(t, token);
    await addSandboxItems(t, token, store.id, 1);
    const [orderNo] = (await t.call<{ orderNos: string[] }>(`${C}/generateOrders`, { storeId: store.id, count: 1 }, { token })).body.data.orderNos;
    await t.call(`${C}/closeOrder`, { storeId: store.id, orderNo }, { token });
    const again = await t.call(`${C}/closeOrder`, { storeId: store.id, orderNo }, { token });
    expect(again.body).toMatchObject({ errorCode: 'ERR_STORES_SANDBOX_ORDER_STATE', params: { status: 'TRADE_CLOSED' } });
    const finish = await t.call(`${C}/finishOrder`, { storeId: store.id, orderNo }, { token });
    expect(finish.body.errorCode).toBe('ERR_STORES_SANDBOX_ORDER_STATE');
    const refund = await t.call<{ refundId: string }>(`${C}/createRefund`, { storeId: store.id, orderNo, reason: 'Changed my mind' }, { token });
    expect(refund.body.data.refundId).toBe(`RF${orderNo}-1`);
    const refunds = await t.call(`${C}/refunds`, { storeId: store.id }, { token });
    expect(refunds.body.data.voList).toEqual([expect.objectContaining({ orderNo, reason: 'Changed my mind', status: 'WAIT_SELLER_AGREE' })]);
    expect((await t.call(`${C}/createRefund`, { storeId: store.id, orderNo: 'NOPE' }, { token })).body.errorCode).toBe('ERR_STORES_SANDBOX_NOT_FOUND');
  });
});

describe('who may use the console', () => {
  it('is only for sandbox stores', async () => {
    const { token } = await storeSeller(t);
    const taobao = await createStore(t, token, { platformCode: 'CI_PLATFORM_TAOBAO' });
    const answer = await t.call(`${C}/get`, { storeId: taobao.id }, { token });
    expect(answer.body.errorCode).toBe('ERR_STORES_NOT_SANDBOX');
  });

  it('keeps another domain out of the sandbox shop', async () => {
    const owner = await storeSeller(t);
    const other = await storeSeller(t);
    const store = await createSandboxStore(t, owner.token);
    await addSandboxItems(t, owner.token, store.id, 1);
    for (const [path, body] of [
      ['get', { storeId: store.id }],
      ['items', { storeId: store.id }],
      ['saveItem', { storeId: store.id, title: 'Intruder', skus: [{ price: '1', quantity: 1 }] }],
      ['generateOrders', { storeId: store.id, count: 1 }],
      ['forceFailures', { storeId: store.id, failures: [{ kind: 'ERROR' }] }],
    ] as const) {
      expect([path, (await t.call(`${C}/${path}`, body, { token: other.token })).body.errorCode]).toEqual([path, 'ERR_NOT_FOUND']);
    }
    const shop = await view(owner.token, store.id);
    expect(shop).toMatchObject({ itemCount: 1, orderCount: 0, forcedFailures: [] });
  });

  it('lets only store configurers change it: a picker with the orders and stock menus gets 403 on every change and changes nothing', async () => {
    const { token, domainId } = await storeSeller(t);
    const store = await createSandboxStore(t, token);
    const [itemId] = await addSandboxItems(t, token, store.id, 1);
    const generated = await t.call(`${C}/generateOrders`, { storeId: store.id, count: 2 }, { token });
    expect(generated.body.success).toBe(true);
    const orders = (await t.call<{ voList: SandboxOrderRow[] }>(`${C}/orders`, { storeId: store.id }, { token })).body.data.voList;
    const before = await view(token, store.id);
    const picker = await t.factories.subAccount(domainId, { menus: ['MENU_ERPSO', 'MENU_INV'] });
    const keeper = await t.factories.subAccount(domainId, { menus: ['MENU_STORE'] });
    const asPicker = { token: await t.token(picker.loginName, picker.password) };
    const asKeeper = { token: await t.token(keeper.loginName, keeper.password) };
    const changes: [string, Record<string, unknown>][] = [
      ['updateSettings', { storeId: store.id, version: before.version, failureRate: 1, latencyMs: 5000, tokenLifetimeSeconds: 60, rateLimitPerMinute: 1 }],
      ['forceFailures', { storeId: store.id, failures: [{ kind: 'ERROR' }] }],
      ['clearFailures', { storeId: store.id }],
      ['expireToken', { storeId: store.id }],
      ['revokeTokens', { storeId: store.id }],
      ['saveItem', { storeId: store.id, title: 'Nope', skus: [{ price: '1', quantity: 1 }] }],
      ['deleteItem', { storeId: store.id, itemId }],
      ['generateOrders', { storeId: store.id, count: 1 }],
      ['closeOrder', { storeId: store.id, orderNo: orders[0]!.orderNo }],
      ['finishOrder', { storeId: store.id, orderNo: orders[1]!.orderNo }],
      ['createRefund', { storeId: store.id, orderNo: orders[1]!.orderNo }],
    ];
    for (const [path, body] of changes) {
      const answer = await t.call(`${C}/${path}`, body, asPicker);
      expect([path, answer.status, answer.body.errorCode]).toEqual([path, 403, 'ERR_SECURITY_NO_PERMISSION']);
    }
    expect(await view(token, store.id)).toEqual(before);
    expect((await t.call<{ voList: SandboxOrderRow[] }>(`${C}/orders`, { storeId: store.id }, { token })).body.data.voList).toEqual(orders);

    // Whoever configures stores still drives it.
    const saved = await t.call<SandboxShopView>(`${C}/updateSettings`, { storeId: store.id, version: before.version, failureRate: 0.5, latencyMs: 20, tokenLifetimeSeconds: 600, rateLimitPerMinute: null }, asKeeper);
    expect(saved.body.data).toMatchObject({ failureRate: 0.5, latencyMs: 20 });
    expect((await t.call(`${C}/forceFailures`, { storeId: store.id, failures: [{ kind: 'ERROR' }] }, asKeeper)).body.success).toBe(true);
    expect((await t.call(`${C}/closeOrder`, { storeId: store.id, orderNo: orders[0]!.orderNo }, asKeeper)).body.success).toBe(true);
    expect((await view(token, store.id)).forcedFailures).toEqual([{ kind: 'ERROR' }]);
  });
});
