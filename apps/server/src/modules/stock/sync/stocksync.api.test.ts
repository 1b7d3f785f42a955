// Stock sync to stores over HTTP: rules, the preview, sync now through the sandbox marketplace's
// connector, failures and retries, the auto sync, the inventory-sync log, refusals, other
// domains and permissions.
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

// The scheduled auto sync stays out of the way (tests run it by hand); forced timeouts end fast.
process.env.STOCK_SYNC_CRON = '0 0 1 1 *';
process.env.MARKETPLACE_CALL_TIMEOUT_MS = '1500';

import type { SandboxCallRow, SandboxItemRow, StockSyncPreviewRow, StockSyncRecordRow, StockSyncRuleRow, StockSyncStoreRow, StoreRow } from '@openseller/core';
import { createTestApp } from '../../../../test/harness.js';
import { stockWorld } from '../../../../test/factories/stock.js';
import { createStore, createSandboxStore, storeSeller } from '../../../../test/factories/stores.js';
import { mapOnlineSku, receive, syncWorld, type SyncWorld } from '../../../../test/factories/stocksync.js';
import { combinationComponents, operationLogs, skus, stockSyncRecords, stockSyncRules, tbSkus } from '../../../db/schema/index.js';
import type { StockSyncAreaService } from './index.js';

const t = await createTestApp();
const B = '/myhome/bizinventory';
const LOG = '/myhome/bizInvSynLog/searchPageList';
const C = '/cloud/sandbox/console';

async function ok<T>(path: string, body: unknown, token: string): Promise<T> {
  const answer = await t.call<T>(path, body, { token });
  if (!answer.body.success) throw new Error(`${path} failed: ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

const addRule = (w: SyncWorld, input: { warehouseId?: number; ratio: number | string; safetyStock?: number }) =>
  ok<StockSyncRuleRow>(`${B}/syncRule/create`, { storeId: w.storeId, warehouseId: input.warehouseId ?? w.warehouseId, ratio: input.ratio, safetyStock: input.safetyStock ?? 0 }, w.seller.token);

const storeRow = async (token: string, storeId: number) => (await ok<StockSyncStoreRow[]>(`${B}/syncStores`, {}, token)).find((s) => s.storeId === storeId)!;

/** Waits until nothing of the store waits or is being sent. */
const settle = (token: string, storeId: number) => t.waitFor(() => storeRow(token, storeId), (s) => s.pendingCount === 0);

const log = async (token: string, filter: Record<string, unknown> = {}) => (await ok<{ voList: StockSyncRecordRow[]; total: number }>(LOG, { pageSize: 100, ...filter }, token));

/** The quantity of each SKU on the sandbox marketplace, by online SKU id. */
async function sandboxQuantities(token: string, storeId: number): Promise<Record<string, number>> {
  const items = (await ok<{ voList: SandboxItemRow[] }>(`${C}/items`, { storeId, pageSize: 100 }, token)).voList;
  return Object.fromEntries(items.flatMap((i) => i.skus.map((s) => [s.skuId, s.quantity])));
}

async function stockPushes(token: string, storeId: number): Promise<SandboxCallRow[]> {
  return (await ok<{ voList: SandboxCallRow[] }>(`${C}/calls`, { storeId, operation: 'pushStock', pageSize: 100 }, token)).voList;
}

async function recordsOf(domainId: number, storeId: number) {
  return t.database.db
    .select()
    .from(stockSyncRecords)
    .where(and(eq(stockSyncRecords.domainId, domainId), eq(stockSyncRecords.storeId, storeId)))
    .orderBy(stockSyncRecords.id);
}

describe('pushing stock to a store', () => {
  it('tells the sandbox exactly available × ratio − safety stock and logs the push', async () => {
    const w = await syncWorld(t);
    const [first, second] = w.online as [SyncWorld['online'][number], SyncWorld['online'][number]];
    await receive(t, w.seller.domainId, w.warehouseId, w.skuIds[0]!, 40);
    await receive(t, w.seller.domainId, w.warehouseId, w.skuIds[1]!, 2);
    const rule = await addRule(w, { ratio: '0.5', safetyStock: 3 });
    expect(rule).toMatchObject({ ratio: '0.5000', safetyStock: 3, warehouseId: w.warehouseId, warehouseStopped: false });

    // The preview says what would go: 40 × 0.5 − 3 = 17; 2 × 0.5 − 3 → 0, never negative.
    const preview = await ok<{ voList: StockSyncPreviewRow[]; total: number }>(`${B}/syncPreview`, { storeId: w.storeId }, w.seller.token);
    expect(preview.total).toBe(2);
    const byId = new Map(preview.voList.map((r) => [r.tbSkuId, r]));
    expect(byId.get(first.tbSkuId)).toMatchObject({ available: 40, quantity: 17, lastQuantity: null, changed: true, lastStatus: null, skuId: w.skuIds[0] });
    expect(byId.get(first.tbSkuId)!.parts).toEqual([{ warehouseId: w.warehouseId, available: 40, ratio: '0.5000', safetyStock: 3, quantity: 17 }]);
    expect(byId.get(second.tbSkuId)).toMatchObject({ available: 2, quantity: 0 });

    const requested = await ok<{ requested: number; alreadyPending: number }>(`${B}/manualSync`, { storeId: w.storeId }, w.seller.token);
    expect(requested).toEqual({ requested: 2, alreadyPending: 0 });
    await settle(w.seller.token, w.storeId);

    // What the marketplace received and now shows.
    expect(await sandboxQuantities(w.seller.token, w.storeId)).toEqual({ [first.tbSkuId]: 17, [second.tbSkuId]: 0 });
    const pushes = await stockPushes(w.seller.token, w.storeId);
    expect(pushes).toHaveLength(1);
    expect((pushes[0]!.payload as { updates: { tbSkuId: string; quantity: number }[] }).updates).toEqual(
      expect.arrayContaining([
        { tbSkuId: first.tbSkuId, quantity: 17 },
        { tbSkuId: second.tbSkuId, quantity: 0 },
      ]),
    );

    const entries = (await log(w.seller.token, { storeId: w.storeId })).voList;
    expect(entries).toHaveLength(2);
    expect(entries.find((e) => e.tbSkuId === first.tbSkuId)).toMatchObject({
      status: 'SUCCESS',
      trigger: 'MANUAL',
      attempt: 1,
      available: 40,
      quantity: 17,
      skuId: w.skuIds[0],
      outerSkuId: first.outerSkuId,
      errorCode: null,
      requestedByName: w.seller.loginName,
    });
    const after = await ok<{ voList: StockSyncPreviewRow[] }>(`${B}/syncPreview`, { storeId: w.storeId, onlyChanged: true }, w.seller.token);
    expect(after.voList).toEqual([]);
    expect(await storeRow(w.seller.token, w.storeId)).toMatchObject({ mappedCount: 2, pendingCount: 0, failureCount: 0, lastPushedAt: expect.any(String) });

    const ops = await t.database.db.select().from(operationLogs).where(and(eq(operationLogs.domainId, w.seller.domainId), eq(operationLogs.area, 'stocksync')));
    expect(ops.map((o) => o.action).sort()).toEqual(['CREATE_RULE', 'MANUAL_SYNC', 'PUSH_STOCK']);
    expect(ops.find((o) => o.action === 'PUSH_STOCK')!.after).toMatchObject({ succeeded: 2, failed: 0 });
  });

  it("adds each warehouse's share and derives a combination's availability from its components", async () => {
    const w = await syncWorld(t, { items: 2 });
    const other = await stockWorld(t, w.seller.domainId, { skus: 0, locations: 0 });
    const [cup] = w.skuIds as [number];
    // Warehouse A: 10 × 0.8 − 2 = 6; warehouse B: 3 × 1 − 5 → 0 (not −2): 6 in all.
    await receive(t, w.seller.domainId, w.warehouseId, cup, 10);
    await receive(t, w.seller.domainId, other.warehouseId, cup, 3);
    await addRule(w, { ratio: 0.8, safetyStock: 2 });
    await addRule(w, { warehouseId: other.warehouseId, ratio: 1, safetyStock: 5 });
    // The second online SKU sells a set of 2 cups: A makes 5 sets, B makes 1.
    const [combo] = await t.database.db
      .insert(skus)
      .values({ domainId: w.seller.domainId, spuId: (await t.database.db.select().from(skus).where(eq(skus.id, cup)))[0]!.spuId, code: `SET-${cup}`, name: 'Two cups', isCombination: true })
      .returning();
    await t.database.db.insert(combinationComponents).values({ domainId: w.seller.domainId, comboSkuId: combo!.id, componentSkuId: cup, qty: 2 });
    await mapOnlineSku(t, w.seller.domainId, w.online[1]!.rowId, combo!.id);

    const preview = (await ok<{ voList: StockSyncPreviewRow[] }>(`${B}/syncPreview`, { storeId: w.storeId }, w.seller.token)).voList;
    const single = preview.find((r) => r.tbSkuRowId === w.online[0]!.rowId)!;
    expect(single).toMatchObject({ available: 13, quantity: 6 });
    expect(single.parts.map((p) => p.quantity)).toEqual([6, 0]);
    // Sets: A 5 × 0.8 − 2 = 2, B 1 × 1 − 5 → 0.
    expect(preview.find((r) => r.tbSkuRowId === w.online[1]!.rowId)).toMatchObject({ isCombination: true, available: 6, quantity: 2 });

    await ok(`${B}/manualSync`, { storeId: w.storeId }, w.seller.token);
    await settle(w.seller.token, w.storeId);
    expect(await sandboxQuantities(w.seller.token, w.storeId)).toEqual({ [w.online[0]!.tbSkuId]: 6, [w.online[1]!.tbSkuId]: 2 });
  });

  it('syncs only the chosen online SKUs', async () => {
    const w = await syncWorld(t, { items: 3 });
    for (const id of w.skuIds) await receive(t, w.seller.domainId, w.warehouseId, id, 9);
    await addRule(w, { ratio: 1 });
    const answer = await ok<{ requested: number }>(`${B}/manualSync`, { storeId: w.storeId, tbSkuRowIds: [w.online[1]!.rowId] }, w.seller.token);
    expect(answer.requested).toBe(1);
    await settle(w.seller.token, w.storeId);
    const quantities = await sandboxQuantities(w.seller.token, w.storeId);
    // The others keep the sandbox's own starting quantity (5).
    expect(quantities).toEqual({ [w.online[0]!.tbSkuId]: 5, [w.online[1]!.tbSkuId]: 9, [w.online[2]!.tbSkuId]: 5 });
    expect((await recordsOf(w.seller.domainId, w.storeId)).map((r) => r.tbSkuId)).toEqual([w.online[1]!.tbSkuId]);
  });
});

describe('failures and retries', () => {
  it('logs a forced marketplace failure with its reason, and a retry pushes the quantity', async () => {
    const w = await syncWorld(t, { items: 1 });
    const tbSkuId = w.online[0]!.tbSkuId;
    await receive(t, w.seller.domainId, w.warehouseId, w.skuIds[0]!, 30);
    await addRule(w, { ratio: '0.9', safetyStock: 4 });
    await ok(`${C}/forceFailures`, { storeId: w.storeId, failures: [{ kind: 'ERROR', operation: 'pushStock' }] }, w.seller.token);
    await ok(`${B}/manualSync`, { storeId: w.storeId }, w.seller.token);
    await settle(w.seller.token, w.storeId);

    const [failed] = (await log(w.seller.token, { storeId: w.storeId, status: 'FAILURE' })).voList;
    expect(failed).toMatchObject({ tbSkuId, status: 'FAILURE', attempt: 1, quantity: 23, errorCode: 'ERR_STORES_CONNECTOR_FAILED', errorMessage: expect.stringContaining('PLATFORM_ERROR') });
    expect((await sandboxQuantities(w.seller.token, w.storeId))[tbSkuId]).toBe(5);
    expect(await storeRow(w.seller.token, w.storeId)).toMatchObject({ failureCount: 1 });

    // Stock moved meanwhile: the retry pushes the quantity of now, 40 × 0.9 − 4 = 32.
    await receive(t, w.seller.domainId, w.warehouseId, w.skuIds[0]!, 10);
    const retried = await ok<{ requested: number }>(`${B}/retrySync`, { idList: [failed!.id] }, w.seller.token);
    expect(retried.requested).toBe(1);
    await settle(w.seller.token, w.storeId);
    expect((await sandboxQuantities(w.seller.token, w.storeId))[tbSkuId]).toBe(32);
    const entries = (await log(w.seller.token, { storeId: w.storeId })).voList;
    expect(entries.map((e) => [e.status, e.trigger, e.attempt, e.quantity, e.stopReason])).toEqual([
      ['SUCCESS', 'RETRY', 2, 32, null],
      ['STOP', 'MANUAL', 1, 23, 'RETRIED'],
    ]);
    expect(entries[0]!.retryOfId).toBe(failed!.id);
    expect(await storeRow(w.seller.token, w.storeId)).toMatchObject({ failureCount: 0 });

    // A record that has not failed is not retried.
    const refused = await t.call(`${B}/retrySync`, { idList: [entries[0]!.id] }, { token: w.seller.token });
    expect(refused.body).toMatchObject({ success: false, errorCode: 'ERR_STOCKSYNC_NOT_RETRYABLE', params: { field: 'idList' } });
  });

  it('records a timeout and a rate limit as failures, and retrying all of the store succeeds', async () => {
    const w = await syncWorld(t, { items: 2 });
    for (const id of w.skuIds) await receive(t, w.seller.domainId, w.warehouseId, id, 8);
    await addRule(w, { ratio: 1, safetyStock: 1 });
    await ok(`${C}/forceFailures`, { storeId: w.storeId, failures: [{ kind: 'TIMEOUT', operation: 'pushStock' }] }, w.seller.token);
    await ok(`${B}/manualSync`, { storeId: w.storeId, tbSkuRowIds: [w.online[0]!.rowId] }, w.seller.token);
    await settle(w.seller.token, w.storeId);
    await ok(`${C}/forceFailures`, { storeId: w.storeId, failures: [{ kind: 'RATE_LIMITED', operation: 'pushStock' }] }, w.seller.token);
    await ok(`${B}/manualSync`, { storeId: w.storeId, tbSkuRowIds: [w.online[1]!.rowId] }, w.seller.token);
    await settle(w.seller.token, w.storeId);

    const failures = (await log(w.seller.token, { storeId: w.storeId, status: 'FAILURE' })).voList;
    expect(failures.map((f) => f.errorCode).sort()).toEqual(['ERR_STORES_CONNECTOR_RATE_LIMITED', 'ERR_STORES_CONNECTOR_TIMEOUT']);
    expect(failures.find((f) => f.errorCode === 'ERR_STORES_CONNECTOR_RATE_LIMITED')!.errorMessage).toMatch(/RATE_LIMITED.*retry after/);

    const retried = await ok<{ requested: number }>(`${B}/retrySync`, { storeId: w.storeId }, w.seller.token);
    expect(retried.requested).toBe(2);
    await settle(w.seller.token, w.storeId);
    expect(await sandboxQuantities(w.seller.token, w.storeId)).toEqual({ [w.online[0]!.tbSkuId]: 7, [w.online[1]!.tbSkuId]: 7 });
    expect((await log(w.seller.token, { storeId: w.storeId, status: 'FAILURE' })).total).toBe(0);
  });

  it('refreshes an ended token by itself, and logs a withdrawn authorization as a failure', async () => {
    const w = await syncWorld(t, { items: 1 });
    await receive(t, w.seller.domainId, w.warehouseId, w.skuIds[0]!, 6);
    await addRule(w, { ratio: 1 });
    await ok(`${C}/expireToken`, { storeId: w.storeId }, w.seller.token);
    await ok(`${B}/manualSync`, { storeId: w.storeId }, w.seller.token);
    await settle(w.seller.token, w.storeId);
    expect((await log(w.seller.token, { storeId: w.storeId })).voList[0]).toMatchObject({ status: 'SUCCESS', quantity: 6 });

    await receive(t, w.seller.domainId, w.warehouseId, w.skuIds[0]!, 1);
    await ok(`${C}/revokeTokens`, { storeId: w.storeId }, w.seller.token);
    await ok(`${B}/manualSync`, { storeId: w.storeId }, w.seller.token);
    await settle(w.seller.token, w.storeId);
    expect((await log(w.seller.token, { storeId: w.storeId })).voList[0]).toMatchObject({ status: 'FAILURE', quantity: 7, errorCode: 'ERR_STORES_TOKEN_EXPIRED' });
    expect((await sandboxQuantities(w.seller.token, w.storeId))[w.online[0]!.tbSkuId]).toBe(6);
  });

  it('stops a waiting push whose online SKU was unmapped before it was sent', async () => {
    const w = await syncWorld(t, { items: 1 });
    await addRule(w, { ratio: 1 });
    const [store] = await t.database.db.select().from(tbSkus).where(eq(tbSkus.id, w.online[0]!.rowId));
    await t.database.db.insert(stockSyncRecords).values({
      domainId: w.seller.domainId,
      storeId: w.storeId,
      tbSkuRowId: store!.id,
      tbSkuId: store!.tbSkuId,
      skuId: w.skuIds[0]!,
      skuCode: 'X',
      status: 'REQUEST',
      trigger: 'MANUAL',
    });
    await mapOnlineSku(t, w.seller.domainId, w.online[0]!.rowId, null);
    await t.app.services.registry.get<StockSyncAreaService>('stocksync').runStore(w.seller.domainId, w.storeId);
    expect((await log(w.seller.token, { storeId: w.storeId })).voList[0]).toMatchObject({ status: 'STOP', stopReason: 'UNMAPPED', errorCode: 'ERR_STOCKSYNC_UNMAPPED' });
    expect(await stockPushes(w.seller.token, w.storeId)).toHaveLength(0);
  });
});

describe('auto sync', () => {
  it('pushes only what changed since the last push, and only for stores switched on', async () => {
    const auto = t.app.services.registry.get<StockSyncAreaService>('stocksync');
    const w = await syncWorld(t, { items: 2 });
    for (const id of w.skuIds) await receive(t, w.seller.domainId, w.warehouseId, id, 10);
    await addRule(w, { ratio: 1, safetyStock: 2 });

    // Off: nothing goes.
    await auto.runAutoSync();
    expect(await recordsOf(w.seller.domainId, w.storeId)).toHaveLength(0);

    const before = await storeRow(w.seller.token, w.storeId);
    expect(before.autoSync).toBe(false);
    const on = await ok<StockSyncStoreRow>(`${B}/autoSync`, { storeId: w.storeId, version: before.storeVersion, autoSync: true }, w.seller.token);
    expect(on.autoSync).toBe(true);
    // The switch is the store's own "push stock automatically" setting.
    const store = await ok<StoreRow>('/cloud/domain/store/getStore', { id: w.storeId }, w.seller.token);
    expect(store.syncConfig.autoSyncStock).toBe(true);
    // A stale version changes nothing.
    const stale = await t.call(`${B}/autoSync`, { storeId: w.storeId, version: before.storeVersion, autoSync: false }, { token: w.seller.token });
    expect(stale.body).toMatchObject({ success: false, errorCode: 'ERR_VERSION_CONFLICT' });

    // First run: everything (never pushed); second run: nothing changed.
    await auto.runAutoSync();
    expect(await sandboxQuantities(w.seller.token, w.storeId)).toEqual({ [w.online[0]!.tbSkuId]: 8, [w.online[1]!.tbSkuId]: 8 });
    expect((await recordsOf(w.seller.domainId, w.storeId)).map((r) => [r.trigger, r.status])).toEqual([
      ['AUTO', 'SUCCESS'],
      ['AUTO', 'SUCCESS'],
    ]);
    await auto.runAutoSync();
    expect(await recordsOf(w.seller.domainId, w.storeId)).toHaveLength(2);

    // One SKU's stock moves: only it is pushed.
    await receive(t, w.seller.domainId, w.warehouseId, w.skuIds[1]!, -3);
    await auto.runAutoSync();
    const records = await recordsOf(w.seller.domainId, w.storeId);
    expect(records).toHaveLength(3);
    expect(records[2]).toMatchObject({ tbSkuId: w.online[1]!.tbSkuId, quantity: 5, status: 'SUCCESS', trigger: 'AUTO', requestedByName: 'system' });
    expect((await sandboxQuantities(w.seller.token, w.storeId))[w.online[1]!.tbSkuId]).toBe(5);

    // Switched off again: a change waits.
    const current = await storeRow(w.seller.token, w.storeId);
    await ok(`${B}/autoSync`, { storeId: w.storeId, version: current.storeVersion, autoSync: false }, w.seller.token);
    await receive(t, w.seller.domainId, w.warehouseId, w.skuIds[0]!, 5);
    await auto.runAutoSync();
    expect(await recordsOf(w.seller.domainId, w.storeId)).toHaveLength(3);
    const ops = await t.database.db.select().from(operationLogs).where(and(eq(operationLogs.domainId, w.seller.domainId), eq(operationLogs.action, 'SET_AUTO_SYNC')));
    expect(ops.map((o) => o.after)).toEqual([{ autoSync: true }, { autoSync: false }]);
  });

  it('does not push a failed SKU again at every run, but after a pause', async () => {
    const auto = t.app.services.registry.get<StockSyncAreaService>('stocksync');
    const w = await syncWorld(t, { items: 1 });
    await receive(t, w.seller.domainId, w.warehouseId, w.skuIds[0]!, 4);
    await addRule(w, { ratio: 1 });
    const row = await storeRow(w.seller.token, w.storeId);
    await ok(`${B}/autoSync`, { storeId: w.storeId, version: row.storeVersion, autoSync: true }, w.seller.token);
    await ok(`${C}/forceFailures`, { storeId: w.storeId, failures: [{ kind: 'ERROR', operation: 'pushStock' }] }, w.seller.token);
    await auto.runAutoSync();
    await auto.runAutoSync();
    expect((await recordsOf(w.seller.domainId, w.storeId)).map((r) => r.status)).toEqual(['FAILURE']);
    // Ten minutes later the pause (5 minutes for a first failure) is over.
    await t.database.db.execute(sql`update stock_sync_records set finished_at = now() - interval '10 minutes' where domain_id = ${w.seller.domainId}`);
    await auto.runAutoSync();
    expect((await recordsOf(w.seller.domainId, w.storeId)).map((r) => [r.status, r.attempt, r.stopReason])).toEqual([
      ['STOP', 1, 'SUPERSEDED'],
      ['SUCCESS', 2, null],
    ]);
  });
});

describe('refusals', () => {
  it('refuses bad rules with a message naming the field, and changes nothing', async () => {
    const w = await syncWorld(t, { items: 1 });
    const other = await storeSeller(t);
    const foreign = await stockWorld(t, other.domainId, { skus: 0, locations: 0 });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ratio: 1.5 }, 'ERR_VALIDATION', 'ratio'],
      [{ ratio: '-0.1' }, 'ERR_VALIDATION', 'ratio'],
      [{ ratio: '0.12345' }, 'ERR_VALIDATION', 'ratio'],
      [{ ratio: 'lots' }, 'ERR_VALIDATION', 'ratio'],
      [{ ratio: 1, safetyStock: -1 }, 'ERR_VALIDATION', 'safetyStock'],
      [{ ratio: 1, safetyStock: 1.5 }, 'ERR_VALIDATION', 'safetyStock'],
      [{ ratio: 1, warehouseId: foreign.warehouseId }, 'ERR_STOCKSYNC_WAREHOUSE_NOT_FOUND', 'warehouseId'],
    ];
    for (const [input, code, field] of cases) {
      const answer = await t.call(`${B}/syncRule/create`, { storeId: w.storeId, warehouseId: w.warehouseId, safetyStock: 0, ...input }, { token: w.seller.token });
      expect(answer.body, JSON.stringify(input)).toMatchObject({ success: false, errorCode: code, params: { field } });
    }
    // A stopped warehouse, and a second rule for the same warehouse.
    const stopped = await stockWorld(t, w.seller.domainId, { skus: 0, locations: 0 });
    await t.database.db.execute(sql`update warehouses set stop_using = true where id = ${stopped.warehouseId}`);
    expect((await t.call(`${B}/syncRule/create`, { storeId: w.storeId, warehouseId: stopped.warehouseId, ratio: 1 }, { token: w.seller.token })).body).toMatchObject({
      errorCode: 'ERR_STOCKSYNC_WAREHOUSE_STOPPED',
      params: { field: 'warehouseId' },
    });
    await addRule(w, { ratio: 1 });
    expect((await t.call(`${B}/syncRule/create`, { storeId: w.storeId, warehouseId: w.warehouseId, ratio: '0.5' }, { token: w.seller.token })).body).toMatchObject({
      errorCode: 'ERR_STOCKSYNC_RULE_EXISTS',
      params: { field: 'warehouseId' },
    });
    const rules = await t.database.db.select().from(stockSyncRules).where(eq(stockSyncRules.domainId, w.seller.domainId));
    expect(rules.map((r) => [r.ratio, r.safetyStock])).toEqual([['1.0000', 0]]);

    // Updates check the version and the same bounds.
    const [rule] = (await storeRow(w.seller.token, w.storeId)).rules;
    expect((await t.call(`${B}/syncRule/update`, { id: rule!.id, version: rule!.version, ratio: 2, safetyStock: 0 }, { token: w.seller.token })).body).toMatchObject({ params: { field: 'ratio' } });
    const updated = await ok<StockSyncRuleRow>(`${B}/syncRule/update`, { id: rule!.id, version: rule!.version, ratio: '0.25', safetyStock: 6 }, w.seller.token);
    expect(updated).toMatchObject({ ratio: '0.2500', safetyStock: 6, version: rule!.version + 1 });
    expect((await t.call(`${B}/syncRule/update`, { id: rule!.id, version: rule!.version, ratio: 1, safetyStock: 0 }, { token: w.seller.token })).body).toMatchObject({
      errorCode: 'ERR_STOCKSYNC_RULE_CHANGED',
    });
    expect((await t.call(`${B}/syncRule/delete`, { id: rule!.id, version: rule!.version }, { token: w.seller.token })).body).toMatchObject({ errorCode: 'ERR_STOCKSYNC_RULE_CHANGED' });
    await ok(`${B}/syncRule/delete`, { id: rule!.id, version: updated.version }, w.seller.token);
    expect((await storeRow(w.seller.token, w.storeId)).rules).toEqual([]);
    const ops = await t.database.db.select().from(operationLogs).where(and(eq(operationLogs.domainId, w.seller.domainId), eq(operationLogs.area, 'stocksync')));
    expect(ops.map((o) => o.action)).toEqual(['CREATE_RULE', 'UPDATE_RULE', 'DELETE_RULE']);
  });

  it('refuses to sync a disabled, unauthorized, offline or rule-less store with a clear message', async () => {
    const w = await syncWorld(t, { items: 1 });
    // No rule yet.
    expect((await t.call(`${B}/manualSync`, { storeId: w.storeId }, { token: w.seller.token })).body).toMatchObject({ errorCode: 'ERR_STOCKSYNC_NO_RULES', params: { field: 'storeId' } });
    await addRule(w, { ratio: 1 });
    // An online SKU that is not mapped (or of another store) is not pushed.
    expect((await t.call(`${B}/manualSync`, { storeId: w.storeId, tbSkuRowIds: [w.online[0]!.rowId, 99_999_999] }, { token: w.seller.token })).body).toMatchObject({
      errorCode: 'ERR_STOCKSYNC_TB_SKU_NOT_MAPPED',
      params: { field: 'tbSkuRowIds', tbSkuRowId: 99_999_999 },
    });

    const store = await ok<StoreRow>('/cloud/domain/store/getStore', { id: w.storeId }, w.seller.token);
    await ok('/cloud/domain/store/enableStore4Offline', { id: w.storeId, version: store.version, usable: false }, w.seller.token);
    const disabled = await t.call(`${B}/manualSync`, { storeId: w.storeId }, { token: w.seller.token });
    expect(disabled.status).toBe(409);
    expect(disabled.body).toMatchObject({ errorCode: 'ERR_STOCKSYNC_STORE_DISABLED', params: { field: 'storeId' } });
    expect(disabled.body.message).toContain('disabled');

    const unauthorized = await createSandboxStore(t, w.seller.token);
    await ok(`${B}/syncRule/create`, { storeId: unauthorized.id, warehouseId: w.warehouseId, ratio: 1 }, w.seller.token);
    expect((await t.call(`${B}/manualSync`, { storeId: unauthorized.id }, { token: w.seller.token })).body).toMatchObject({ errorCode: 'ERR_STOCKSYNC_STORE_NOT_AUTHORIZED', params: { field: 'storeId' } });

    const offline = await createStore(t, w.seller.token, { storeType: 2, platformCode: 'CI_PLATFORM_OFFLINE' });
    expect((await t.call(`${B}/syncRule/create`, { storeId: offline.id, warehouseId: w.warehouseId, ratio: 1 }, { token: w.seller.token })).body).toMatchObject({
      errorCode: 'ERR_STOCKSYNC_STORE_NOT_ONLINE',
      params: { field: 'storeId' },
    });
    expect(await recordsOf(w.seller.domainId, w.storeId)).toHaveLength(0);
  });
});

describe('the inventory-sync log', () => {
  it('filters by store, SKU, status and time', async () => {
    const seller = await storeSeller(t);
    const a = await syncWorld(t, { items: 2, seller });
    const b = await syncWorld(t, { items: 1, seller });
    for (const w of [a, b]) {
      for (const id of w.skuIds) await receive(t, seller.domainId, w.warehouseId, id, 3);
      await addRule(w, { ratio: 1 });
    }
    await ok(`${C}/forceFailures`, { storeId: a.storeId, failures: [{ kind: 'ERROR', operation: 'pushStock' }] }, seller.token);
    await ok(`${B}/manualSync`, { storeId: a.storeId }, seller.token);
    await ok(`${B}/manualSync`, { storeId: b.storeId }, seller.token);
    await settle(seller.token, a.storeId);
    await settle(seller.token, b.storeId);

    expect((await log(seller.token)).total).toBe(3);
    expect((await log(seller.token, { storeId: a.storeId })).voList.map((r) => r.status)).toEqual(['FAILURE', 'FAILURE']);
    expect((await log(seller.token, { status: 'SUCCESS' })).voList.map((r) => r.storeId)).toEqual([b.storeId]);
    const bySku = await log(seller.token, { keyword: a.online[1]!.outerSkuId });
    expect(bySku.voList.map((r) => r.tbSkuId)).toEqual([a.online[1]!.tbSkuId]);
    expect((await log(seller.token, { keyword: bySku.voList[0]!.skuCode })).total).toBe(1);
    expect((await log(seller.token, { timeFrom: '2000-01-01 00:00:00', timeTo: '2000-12-31 23:59:59' })).total).toBe(0);
    expect((await log(seller.token, { timeFrom: new Date(Date.now() - 3_600_000).toISOString() })).total).toBe(3);
    expect((await t.call(LOG, { status: 'DONE' }, { token: seller.token })).body).toMatchObject({ success: false, errorCode: 'ERR_VALIDATION', params: { field: 'status' } });
  });
});

describe('other domains and permissions', () => {
  it("keeps another domain from reading or changing a domain's rules, pushes and log", async () => {
    const w = await syncWorld(t, { items: 1 });
    await receive(t, w.seller.domainId, w.warehouseId, w.skuIds[0]!, 5);
    const rule = await addRule(w, { ratio: 1 });
    await ok(`${C}/forceFailures`, { storeId: w.storeId, failures: [{ kind: 'ERROR', operation: 'pushStock' }] }, w.seller.token);
    await ok(`${B}/manualSync`, { storeId: w.storeId }, w.seller.token);
    await settle(w.seller.token, w.storeId);
    const [failure] = (await log(w.seller.token)).voList;
    const store = await storeRow(w.seller.token, w.storeId);

    const other = await storeSeller(t);
    const otherWarehouse = await stockWorld(t, other.domainId, { skus: 0, locations: 0 });
    const token = other.token;
    expect(await ok<StockSyncStoreRow[]>(`${B}/syncStores`, {}, token)).toEqual([]);
    expect((await log(token)).total).toBe(0);
    expect((await ok<{ total: number }>(`${B}/syncFailures`, { storeId: w.storeId }, token)).total).toBe(0);
    expect((await ok<{ total: number }>(`${B}/syncFailures`, { storeId: w.storeId }, w.seller.token)).total).toBe(1);
    const attempts: [string, unknown, string][] = [
      [`${B}/syncPreview`, { storeId: w.storeId }, 'ERR_STOCKSYNC_STORE_NOT_FOUND'],
      [`${B}/syncRule/create`, { storeId: w.storeId, warehouseId: otherWarehouse.warehouseId, ratio: 1 }, 'ERR_STOCKSYNC_STORE_NOT_FOUND'],
      [`${B}/syncRule/update`, { id: rule.id, version: rule.version, ratio: '0.1', safetyStock: 0 }, 'ERR_STOCKSYNC_RULE_NOT_FOUND'],
      [`${B}/syncRule/delete`, { id: rule.id, version: rule.version }, 'ERR_STOCKSYNC_RULE_NOT_FOUND'],
      [`${B}/autoSync`, { storeId: w.storeId, version: store.storeVersion, autoSync: true }, 'ERR_STOCKSYNC_STORE_NOT_FOUND'],
      [`${B}/manualSync`, { storeId: w.storeId }, 'ERR_STOCKSYNC_STORE_NOT_FOUND'],
      [`${B}/retrySync`, { idList: [failure!.id] }, 'ERR_STOCKSYNC_RECORD_NOT_FOUND'],
      [`${B}/retrySync`, { storeId: w.storeId }, 'ERR_STOCKSYNC_STORE_NOT_FOUND'],
    ];
    for (const [path, body, code] of attempts) {
      const answer = await t.call(path, body, { token });
      expect(answer.body, path).toMatchObject({ success: false, errorCode: code });
    }
    // Nothing of the first domain moved.
    expect((await storeRow(w.seller.token, w.storeId)).rules).toEqual([expect.objectContaining({ id: rule.id, version: rule.version, ratio: '1.0000' })]);
    expect((await storeRow(w.seller.token, w.storeId)).autoSync).toBe(false);
    expect((await recordsOf(w.seller.domainId, w.storeId)).map((r) => r.status)).toEqual(['FAILURE']);
  });

  it('asks MENU_INV_SYNC for rules, syncs and retries, and MENU_BIZ_LOG for reading the log', async () => {
    const w = await syncWorld(t, { items: 1 });
    const rule = await addRule(w, { ratio: 1 });
    const logReader = await t.factories.subAccount(w.seller.domainId, { menus: ['MENU_BIZ_LOG'] });
    const reader = await t.token(logReader.loginName, logReader.password);
    expect((await t.call(LOG, {}, { token: reader })).body.success).toBe(true);
    for (const [path, body] of [
      [`${B}/syncStores`, {}],
      [`${B}/syncFailures`, { storeId: w.storeId }],
      [`${B}/syncRule/update`, { id: rule.id, version: rule.version, ratio: '0.5', safetyStock: 0 }],
      [`${B}/manualSync`, { storeId: w.storeId }],
      [`${B}/retrySync`, { storeId: w.storeId }],
    ] as const) {
      const answer = await t.call(path, body, { token: reader });
      expect(answer.status, path).toBe(403);
      expect(answer.body.errorCode).toBe('ERR_SECURITY_NO_PERMISSION');
    }
    const syncer = await t.factories.subAccount(w.seller.domainId, { menus: ['MENU_INV_SYNC'] });
    const syncToken = await t.token(syncer.loginName, syncer.password);
    expect((await t.call(LOG, {}, { token: syncToken })).status).toBe(403);
    expect((await t.call(`${B}/syncRule/update`, { id: rule.id, version: rule.version, ratio: '0.5', safetyStock: 1 }, { token: syncToken })).body).toMatchObject({ success: true, data: { ratio: '0.5000' } });
  });
});
