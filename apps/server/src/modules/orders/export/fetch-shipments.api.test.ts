// proxy/asyncGetExpOrder over HTTP: the shipments of orders issued to a warehouse system fetched in
// the background — the warehouse's express number reaches the order and ships it once; refusals
// naming the field, nothing queued when nothing is awaited, another seller's orders not found.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { generateSandboxOrders, ingestSeller, ingestSkus, ingestWarehouse, ordersOfStore, sandboxStoreSelling } from '../../../../test/factories/orders-ingest.js';
import { putOnHand } from '../../../../test/factories/outbound.js';
import { signedInStaff } from '../../../../test/factories/warehouses.js';

let t: TestApp;
beforeAll(async () => {
  process.env.ORDER_PULL_CRON = '0 3 1 1 *';
  process.env.WMS_ISSUE_CRON = 'off';
  process.env.WMS_POLL_CRON = 'off';
  t = await createTestApp();
});

async function ok(token: string, path: string, body: Record<string, unknown>) {
  const answer = await t.call(path, body, { token });
  if (!answer.body.success) throw new Error(`${path} refused: ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

const header = async (id: number) => (await t.database.db.execute<Record<string, any>>(sql`select status_code, express_no from erp_orders where id = ${id}`)).rows[0]!;

/** A seller whose sandbox store's order is reviewed and issued to a warehouse run by the sandbox WMS. */
async function world() {
  const seller = await ingestSeller(t);
  const skus = await ingestSkus(t, seller.domainId, 1);
  const warehouseId = await ingestWarehouse(t, seller.domainId);
  await t.database.db.execute(sql`update warehouses set type = 'WMS_WAREHOUSE', external_code = 'SANDBOX-EXP' where id = ${warehouseId}`);
  const { storeId } = await sandboxStoreSelling(t, seller.token, skus.map((s) => s.code));
  await generateSandboxOrders(t, seller.token, storeId, 1);
  await ok(seller.token, '/myhome/platformSo/syncStoreOrders', { storeId });
  await putOnHand(t, seller.domainId, skus.map((s) => ({ warehouseId, skuId: s.id, qty: 100 })));
  const ids = (await ordersOfStore(t, seller.domainId, storeId)).map((o) => Number(o.id));
  await t.database.db.execute(sql`update erp_orders set express_company_code = 'SF', labels = array_remove(labels, 'EXPRESS_MATCH_FAIL') where domain_id = ${seller.domainId}`);
  expect((await ok(seller.token, '/myhome/erpsoh/verify', { idList: ids })).failures).toEqual([]);
  return { ...seller, warehouseId, ids };
}

describe('proxy/asyncGetExpOrder', { timeout: 120_000 }, () => {
  it("fetches the warehouse's shipment in the background: the order gets its express number and ships once", async () => {
    const w = await world();
    const [id] = w.ids as [number];
    // Nothing issued yet: nothing to fetch.
    expect(await ok(w.token, '/myhome/proxy/asyncGetExpOrder', {})).toEqual({ orderCount: 0, warehouseIds: [], queued: false });
    expect((await ok(w.token, '/myhome/sendsoh/forceSendWmsErpSoByHand', { idList: [id] })).successIds).toEqual([id]);
    const [doc] = (await ok(w.token, '/cloud/wms/sandbox/view', { warehouseId: w.warehouseId })).documents as { id: number }[];
    await ok(w.token, '/cloud/wms/sandbox/fulfil', { warehouseId: w.warehouseId, documentId: doc!.id, expressCompanyCode: 'SF', expressNo: 'SFEXP0001' });

    const asked = await ok(w.token, '/myhome/proxy/asyncGetExpOrder', { idList: [id] });
    expect(asked).toEqual({ orderCount: 1, warehouseIds: [w.warehouseId], queued: true });
    const shipped = await t.waitFor(
      () => header(id),
      (h) => h.status_code === 'CI_ERPSOH_STATUS_SEND',
    );
    expect(shipped.express_no).toBe('SFEXP0001');
    // Asked again: the order is no longer awaited.
    expect(await ok(w.token, '/myhome/proxy/asyncGetExpOrder', { idList: [id] })).toEqual({ orderCount: 0, warehouseIds: [], queued: false });
  });

  it("refuses a bad list naming the field, another seller's order, and an account without the orders menu", async () => {
    const w = await world();
    const bad = await t.call('/myhome/proxy/asyncGetExpOrder', { idList: [] }, { token: w.token });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('idList');
    const other = await ingestSeller(t);
    const foreign = await t.call('/myhome/proxy/asyncGetExpOrder', { idList: [w.ids[0]] }, { token: other.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.params).toMatchObject({ field: 'idList.0' });
    const staff = await signedInStaff(t, w.domainId, ['MENU_SKU']);
    expect((await t.call('/myhome/proxy/asyncGetExpOrder', {}, { token: staff })).status).toBe(403);
  });
});
