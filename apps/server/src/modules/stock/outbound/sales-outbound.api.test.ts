// The sales-outbound list (/stocks activeKey 5) and its export: what shipped orders took out, read
// from the ledger's SHIP movements of ORDER documents (written here through the engine, as the
// orders area does when an order ships).
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/harness.js';
import { anotherWarehouse, outboundWorld, putOnHand } from '../../../../test/factories/outbound.js';
import { signedInSeller, signedInStaff } from '../../../../test/factories/warehouses.js';
import { applyMovements } from '../stock.engine.js';

const t = await createTestApp();

async function ship(domainId: number, lines: { warehouseId: number; locationId?: number; skuId: number; qty: number; orderId: number; orderCode: string; docType?: string; movement?: 'SHIP' | 'DELIVER' }[]) {
  await t.database.db.transaction((tx) =>
    applyMovements(
      tx,
      domainId,
      null,
      lines.map((l) => ({
        warehouseId: l.warehouseId,
        locationId: l.locationId ?? 0,
        skuId: l.skuId,
        onHandDelta: -l.qty,
        movement: l.movement ?? 'SHIP',
        doc: { type: l.docType ?? 'ORDER', id: l.orderId, code: l.orderCode },
      })),
    ),
  );
}

describe('sales outbound', () => {
  it('lists what shipped orders took out, with warehouse, SKU, order code and time filters, and nothing else', async () => {
    const w = await outboundWorld(t);
    const second = await anotherWarehouse(t, w.domainId, 0);
    const empty = await t.call('/myhome/salesOutbound/search', {}, { token: w.token });
    expect(empty.body.data).toMatchObject({ voList: [], total: 0, currentPage: 1, pageSize: 10 });

    await putOnHand(t, w.domainId, [
      { warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[0]!, qty: 20 },
      { warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[1]!, qty: 20 },
      { warehouseId: second.warehouseId, skuId: w.skuIds[0]!, qty: 20 },
    ]);
    await ship(w.domainId, [
      { warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[0]!, qty: 2, orderId: 11, orderCode: 'SO-11' },
      { warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[1]!, qty: 1, orderId: 11, orderCode: 'SO-11' },
    ]);
    await ship(w.domainId, [{ warehouseId: second.warehouseId, skuId: w.skuIds[0]!, qty: 5, orderId: 12, orderCode: 'SO-12' }]);
    // Not sales outbound: an outbound order's delivery, and a SHIP of another document type.
    await ship(w.domainId, [{ warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[0]!, qty: 1, orderId: 1, orderCode: 'WDO-1', docType: 'WDO', movement: 'DELIVER' }]);
    await ship(w.domainId, [{ warehouseId: w.warehouseId, locationId: w.locationIds[0], skuId: w.skuIds[0]!, qty: 1, orderId: 2, orderCode: 'X-2', docType: 'OTHER' }]);

    const all = await t.call('/myhome/salesOutbound/search', {}, { token: w.token });
    expect(all.body.data.total).toBe(3);
    expect(all.body.data.voList[0]).toMatchObject({ orderCode: 'SO-12', orderId: 12, whId: second.warehouseId, skuId: w.skuIds[0], skuCode: w.skuCodes[0], qty: 5, onHandAfter: 15, locationId: 0, locationCode: null });
    const byWarehouse = await t.call('/myhome/salesOutbound/search', { whId: w.warehouseId }, { token: w.token });
    expect(byWarehouse.body.data.voList.map((r: any) => [r.orderCode, r.skuCode, r.qty, r.locationCode])).toEqual(
      expect.arrayContaining([
        ['SO-11', w.skuCodes[0], 2, 'A-0'],
        ['SO-11', w.skuCodes[1], 1, 'A-0'],
      ]),
    );
    expect(byWarehouse.body.data.total).toBe(2);
    expect((await t.call('/myhome/salesOutbound/search', { whId: -1, skuKeyword: w.skuCodes[1] }, { token: w.token })).body.data.total).toBe(1);
    expect((await t.call('/myhome/salesOutbound/search', { orderCode: 'SO-12，SO-99' }, { token: w.token })).body.data.total).toBe(1);
    expect((await t.call('/myhome/salesOutbound/search', { timeFrom: '2000-01-01 00:00:00', timeTo: '2000-12-31 23:59:59' }, { token: w.token })).body.data.total).toBe(0);
    expect((await t.call('/myhome/salesOutbound/search', { timeFrom: '2000-01-01 00:00:00' }, { token: w.token })).body.data.total).toBe(3);
    expect((await t.call('/myhome/salesOutbound/search', { pageSize: 2, currentPage: 2 }, { token: w.token })).body.data.voList).toHaveLength(1);
  });

  it('exports the filtered list to the download centre', async () => {
    const w = await outboundWorld(t);
    await putOnHand(t, w.domainId, [{ warehouseId: w.warehouseId, skuId: w.skuIds[0]!, qty: 9 }]);
    await ship(w.domainId, [
      { warehouseId: w.warehouseId, skuId: w.skuIds[0]!, qty: 2, orderId: 21, orderCode: 'SO-21' },
      { warehouseId: w.warehouseId, skuId: w.skuIds[0]!, qty: 3, orderId: 22, orderCode: 'SO-22' },
    ]);
    const requested = await t.call('/myhome/salesOutbound/export', { orderCode: 'SO-22' }, { token: w.token, headers: { 'accept-language': 'en' } });
    expect(requested.body.data).toMatchObject({ type: 'SALES_OUTBOUND', processStatus: 'REQUEST', title: 'Sales outbound export' });
    const done = await t.waitFor(
      () => t.call('/cloud/core/exportFile/needPollingList', {}, { token: w.token }),
      (a) => a.body.data.some((f: { id: number; processStatus: string }) => f.id === requested.body.data.id && f.processStatus !== 'REQUEST' && f.processStatus !== 'SENDING'),
    );
    expect(done.body.data.find((f: { id: number }) => f.id === requested.body.data.id)).toMatchObject({ processStatus: 'SUCCESS', rowCount: 1 });
    const file = await fetch(`${t.baseUrl}/cloud/core/exportFile/downloadExcel`, {
      method: 'POST',
      headers: { authorization: `Bearer ${w.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ number: requested.body.data.id }),
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await file.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(2).value).toBe('Order code');
    expect(sheet.getRow(2).getCell(2).value).toBe('SO-22');
    expect(sheet.getRow(2).getCell(8).value).toBe(3);
  });

  it("shows another domain nothing, and refuses a sub-account without MENU_INV", async () => {
    const w = await outboundWorld(t);
    await putOnHand(t, w.domainId, [{ warehouseId: w.warehouseId, skuId: w.skuIds[0]!, qty: 3 }]);
    await ship(w.domainId, [{ warehouseId: w.warehouseId, skuId: w.skuIds[0]!, qty: 1, orderId: 31, orderCode: 'SO-31' }]);
    const other = await signedInSeller(t);
    expect((await t.call('/myhome/salesOutbound/search', { whId: w.warehouseId }, { token: other.token })).body.data.total).toBe(0);
    const staff = await signedInStaff(t, w.domainId, ['MENU_ERPSO', 'MENU_WDO_CREATE']);
    for (const path of ['/myhome/salesOutbound/search', '/myhome/salesOutbound/export']) {
      const refused = await t.call(path, {}, { token: staff });
      expect(refused.status).toBe(403);
      expect(refused.body.errorCode).toBe('ERR_SECURITY_NO_PERMISSION');
    }
  });
});
