// Ship-by times and risk control from the marketplace (issue 21, must-have 2): the sandbox sets an
// order's latest ship time and promise times and can hold it under risk control; the pull carries
// both to the ERP order, a later pull updates them, and review refuses a risk-controlled order.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { generateSandboxOrders, ingestSeller, ingestSkus, ingestWarehouse, ordersOfStore, sandboxStoreSelling, type IngestSeller } from '../../../../test/factories/orders-ingest.js';
import { putOnHand } from '../../../../test/factories/outbound.js';

let t: TestApp;
beforeAll(async () => {
  // The scheduled pull would race the tests' own pulls; these tests run it by hand.
  process.env.ORDER_PULL_CRON = '0 3 1 1 *';
  t = await createTestApp();
});

const HOUR = 3_600_000;

async function shop(): Promise<{ seller: IngestSeller; storeId: number; skus: { id: number; code: string }[]; warehouseId: number }> {
  const seller = await ingestSeller(t);
  const skus = await ingestSkus(t, seller.domainId, 1);
  const warehouseId = await ingestWarehouse(t, seller.domainId);
  const { storeId } = await sandboxStoreSelling(t, seller.token, [skus[0]!.code]);
  return { seller, storeId, skus, warehouseId };
}

async function pull(token: string, storeId: number) {
  const run = await t.call('/myhome/platformSo/syncStoreOrders', { storeId }, { token });
  expect(run.body, JSON.stringify(run.body)).toMatchObject({ success: true, data: { status: 'SUCCESS' } });
  return run.body.data;
}

async function console(token: string, call: string, input: Record<string, unknown>) {
  return t.call(`/cloud/sandbox/console/${call}`, input, { token });
}

async function listed(token: string, orderId: number) {
  const answer = await t.call('/myhome/erpsoh/searchErpSoHPageList', { currentPage: 1, pageSize: 50, activeKey: '6' }, { token });
  expect(answer.body.success).toBe(true);
  return (answer.body.data.voList as Record<string, any>[]).find((o) => o.id === orderId)!;
}

async function logActions(domainId: number, orderId: number): Promise<string[]> {
  const rows = await t.database.db.execute<{ action: string }>(
    sql`select action from operation_logs where domain_id = ${domainId} and area = 'orders' and entity_id = ${String(orderId)} order by id`,
  );
  return rows.rows.map((r) => r.action);
}

describe('ship-by times from the marketplace', () => {
  it('gives a pulled order the sandbox ship-by time (paid + the shop hours) and its promise times', async () => {
    const { seller, storeId } = await shop();
    const view = await console(seller.token, 'get', { storeId });
    expect(view.body.data.shipByHours).toBe(48);
    const [orderNo] = await generateSandboxOrders(t, seller.token, storeId, 1);
    const sandboxOrders = await console(seller.token, 'orders', { storeId, currentPage: 1, pageSize: 10 });
    const onSandbox = sandboxOrders.body.data.voList[0];
    expect(onSandbox).toMatchObject({ orderNo, riskControlled: false });
    expect(new Date(onSandbox.lastShipTime).getTime() - new Date(onSandbox.payTime).getTime()).toBe(48 * HOUR);

    await pull(seller.token, storeId);
    const [order] = await ordersOfStore(t, seller.domainId, storeId);
    const row = await listed(seller.token, Number(order!.id));
    expect(row.lastShipTime).toBe(onSandbox.lastShipTime);
    expect(row.promiseOutboundTime).toBe(onSandbox.lastShipTime);
    expect(new Date(row.promiseDeliveryTime).getTime() - new Date(row.lastShipTime).getTime()).toBe(72 * HOUR);
    expect(new Date(row.promisedDeliveryTime).getTime()).toBe(new Date(row.promiseDeliveryTime).getTime());
    expect(new Date(row.promiseSignTime).getTime() - new Date(row.lastShipTime).getTime()).toBe(96 * HOUR);
    expect(row.riskControlStatus).toBe('NONE');
  });

  it('uses the hours set in the console, or given to one generation (negative: already past)', async () => {
    const { seller, storeId } = await shop();
    const view = await console(seller.token, 'get', { storeId });
    const saved = await console(seller.token, 'updateSettings', {
      storeId,
      version: view.body.data.version,
      failureRate: 0,
      latencyMs: 0,
      tokenLifetimeSeconds: view.body.data.tokenLifetimeSeconds,
      rateLimitPerMinute: null,
      shipByHours: 6,
    });
    expect(saved.body.data.shipByHours).toBe(6);
    await generateSandboxOrders(t, seller.token, storeId, 1);
    const past = await console(seller.token, 'generateOrders', { storeId, count: 1, shipByHours: -2 });
    expect(past.body.success).toBe(true);
    const rows = (await console(seller.token, 'orders', { storeId, currentPage: 1, pageSize: 10 })).body.data.voList as Record<string, string>[];
    const hours = rows.map((o) => (new Date(o.lastShipTime!).getTime() - new Date(o.payTime!).getTime()) / HOUR).sort((a, b) => a - b);
    expect(hours).toEqual([-2, 6]);
  });

  it('moves the ERP order ship-by time when the marketplace moves it, and logs it', async () => {
    const { seller, storeId } = await shop();
    const [orderNo] = await generateSandboxOrders(t, seller.token, storeId, 1);
    await pull(seller.token, storeId);
    const [order] = await ordersOfStore(t, seller.domainId, storeId);
    const later = '2030-01-02T03:04:00.000Z';
    expect((await console(seller.token, 'setLastShipTime', { storeId, orderNo, lastShipTime: later })).body.success).toBe(true);
    await pull(seller.token, storeId);
    const [after] = await ordersOfStore(t, seller.domainId, storeId);
    expect(new Date(after!.last_ship_time).toISOString()).toBe(later);
    expect(Number(after!.version)).toBe(Number(order!.version) + 1);
    expect(await logActions(seller.domainId, Number(order!.id))).toContain('lastShipTime');
  });

  it('refuses bad console input by field: hours out of range, a date that is no date, an unknown order', async () => {
    const { seller, storeId } = await shop();
    const tooMany = await console(seller.token, 'generateOrders', { storeId, count: 1, shipByHours: 10_000 });
    expect(tooMany.body).toMatchObject({ success: false, errorCode: 'ERR_VALIDATION' });
    expect(JSON.stringify(tooMany.body)).toContain('shipByHours');
    const [orderNo] = await generateSandboxOrders(t, seller.token, storeId, 1);
    const notADate = await console(seller.token, 'setLastShipTime', { storeId, orderNo, lastShipTime: 'tomorrow' });
    expect(notADate.body).toMatchObject({ success: false, errorCode: 'ERR_VALIDATION' });
    expect(JSON.stringify(notADate.body)).toContain('lastShipTime');
    const unknown = await console(seller.token, 'riskControlOrder', { storeId, orderNo: 'SBX-NONE' });
    expect(unknown.body).toMatchObject({ success: false });
    expect(unknown.status).toBe(404);
  });
});

describe('risk control from the marketplace', () => {
  it('refuses review of a risk-controlled order until the marketplace releases it, then reviews it', async () => {
    const { seller, storeId, skus, warehouseId } = await shop();
    await putOnHand(t, seller.domainId, [{ warehouseId, skuId: skus[0]!.id, qty: 50 }]);
    await t.database.db.execute(sql`insert into domain_express_companies (domain_id, code) values (${seller.domainId}, 'YTO') on conflict do nothing`);
    const [orderNo] = await generateSandboxOrders(t, seller.token, storeId, 1);
    expect((await console(seller.token, 'riskControlOrder', { storeId, orderNo })).body.success).toBe(true);
    await pull(seller.token, storeId);
    const [order] = await ordersOfStore(t, seller.domainId, storeId);
    const id = Number(order!.id);
    expect(order!.risk_control_status).toBe('RISK');
    expect((await listed(seller.token, id)).riskControlStatus).toBe('RISK');
    const express = await t.call('/myhome/erpsoh/updateExpress', { idList: [id], expressCompanyCode: 'YTO' }, { token: seller.token });
    expect(express.body.data.successIds).toEqual([id]);

    const refused = await t.call('/myhome/erpsoh/verify', { idList: [id] }, { token: seller.token, headers: { 'accept-language': 'zh' } });
    expect(refused.body.data).toMatchObject({ successIds: [], failures: [{ id, errorCode: 'ERR_ORDER_RISK_CONTROLLED', message: `订单 ${order!.code} 处于风控中，解除风控后才能审核` }] });

    // A pull that changes nothing keeps the hold.
    await pull(seller.token, storeId);
    expect((await ordersOfStore(t, seller.domainId, storeId))[0]!.risk_control_status).toBe('RISK');

    expect((await console(seller.token, 'releaseRiskControl', { storeId, orderNo })).body.success).toBe(true);
    await pull(seller.token, storeId);
    expect((await ordersOfStore(t, seller.domainId, storeId))[0]!.risk_control_status).toBe('NONE');
    const reviewed = await t.call('/myhome/erpsoh/verify', { idList: [id] }, { token: seller.token });
    expect(reviewed.body.data, JSON.stringify(reviewed.body)).toEqual({ successIds: [id], failures: [] });
    const actions = await logActions(seller.domainId, id);
    // Created risk-controlled: no change of the hold to log, only its release.
    expect(actions).not.toContain('riskControl');
    expect(actions).toContain('releaseRisk');
  });

  it('holds an order the marketplace flags after the first pull, and a release by hand stands until flagged again', async () => {
    const { seller, storeId } = await shop();
    const [orderNo] = await generateSandboxOrders(t, seller.token, storeId, 1);
    await pull(seller.token, storeId);
    const [order] = await ordersOfStore(t, seller.domainId, storeId);
    const id = Number(order!.id);
    expect(order!.risk_control_status).toBe('NONE');

    await console(seller.token, 'riskControlOrder', { storeId, orderNo });
    await pull(seller.token, storeId);
    expect((await ordersOfStore(t, seller.domainId, storeId))[0]!.risk_control_status).toBe('RISK');
    expect(await logActions(seller.domainId, id)).toContain('riskControl');

    // Released in OpenSeller; the marketplace moving the ship-by time does not flag it again.
    const released = await t.call('/myhome/erpsoh/releaseRisk', { idList: [id] }, { token: seller.token });
    expect(released.body.data.successIds).toEqual([id]);
    await console(seller.token, 'setLastShipTime', { storeId, orderNo, lastShipTime: '2031-05-06 07:08:00' });
    await pull(seller.token, storeId);
    expect((await ordersOfStore(t, seller.domainId, storeId))[0]!.risk_control_status).toBe('NONE');
  });

  it('does not let another domain mark or release a sandbox order', async () => {
    const { seller, storeId } = await shop();
    const [orderNo] = await generateSandboxOrders(t, seller.token, storeId, 1);
    const other = await ingestSeller(t);
    for (const call of ['riskControlOrder', 'releaseRiskControl']) {
      const answer = await console(other.token, call, { storeId, orderNo });
      expect(answer.body.success).toBe(false);
    }
    const moved = await console(other.token, 'setLastShipTime', { storeId, orderNo, lastShipTime: '2031-01-01 00:00:00' });
    expect(moved.body.success).toBe(false);
    const rows = (await console(seller.token, 'orders', { storeId, currentPage: 1, pageSize: 10 })).body.data.voList;
    expect(rows[0]).toMatchObject({ orderNo, riskControlled: false });
    expect(new Date(rows[0].lastShipTime).getUTCFullYear()).not.toBe(2031);
  });

  it('refuses to hold an order the buyer closed', async () => {
    const { seller, storeId } = await shop();
    const [orderNo] = await generateSandboxOrders(t, seller.token, storeId, 1);
    await console(seller.token, 'closeOrder', { storeId, orderNo });
    const refused = await console(seller.token, 'riskControlOrder', { storeId, orderNo });
    expect(refused.body).toMatchObject({ success: false });
    expect(refused.status).toBe(409);
  });
});
