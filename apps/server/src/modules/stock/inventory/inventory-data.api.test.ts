// Spreadsheets of the inventory through their real jobs: the opening-inventory import (kind
// OPENING_INVENTORY), the warning-level import (kind STOCK_WARNINGS), and the export to the
// download centre, with another domain and a sub-account without the menu.
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { combination, inventoryWorld, staffToken } from '../../../../test/factories/inventory.js';
import { createTestApp } from '../../../../test/harness.js';

const t = await createTestApp();
const { db } = t.database;
const call = (path: string, body: unknown, token: string) => t.call(path, body, { token });

async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function upload(kind: string, rows: (string | number)[][], token: string) {
  const started = await t.upload('/cloud/core/import/upload', { field: 'uploadExcel', name: 'stock.xlsx', data: await xlsx(rows) }, { kind }, { token });
  expect(started.body.success, JSON.stringify(started.body)).toBe(true);
  const id = started.body.data.id as number;
  const checked = await t.waitFor(
    () => call('/cloud/core/import/get', { id }, token),
    (a) => a.body.data.status !== 'PARSING',
  );
  return { id, task: checked.body.data };
}

async function confirm(id: number, token: string) {
  await call('/cloud/core/import/confirm', { id }, token);
  return (await t.waitFor(
    () => call('/cloud/core/import/get', { id }, token),
    (a) => ['DONE', 'FAILED'].includes(a.body.data.status),
  )).body.data;
}

const OPENING_HEADER = ['Warehouse code', 'Location code', 'SKU code', 'Quantity', 'Unit cost'];

describe('opening inventory import', () => {
  it('lists every bad row with its column and loads nothing', async () => {
    const w = await inventoryWorld(t);
    const set = await combination(t, w.domainId, [{ skuId: w.skuIds[0]!, qty: 1 }]);
    const { task } = await upload(
      'OPENING_INVENTORY',
      [
        OPENING_HEADER,
        [w.warehouseCode, w.locationCodes[0]!, w.skuCodes[0]!, 5, '1.5'],
        [w.warehouseCode, '', w.skuCodes[1]!, '-2', ''],
        [w.warehouseCode, '', w.skuCodes[1]!, '2.5', ''],
        [w.warehouseCode, '', w.skuCodes[1]!, '2', '0.12345'],
        ['NOPE', '', w.skuCodes[1]!, '2', ''],
        [w.warehouseCode, 'Z-1', w.skuCodes[1]!, '2', ''],
        [w.warehouseCode, '', 'NOPE', '2', ''],
        [w.warehouseCode, '', set.code, '2', ''],
        [w.warehouseCode, w.locationCodes[0]!, w.skuCodes[0]!, '1', ''],
      ],
      w.token,
    );
    expect(task.status).toBe('INVALID');
    expect(task.errors.map((e: { row: number; field: string }) => [e.row, e.field])).toEqual([
      [3, 'qty'],
      [4, 'qty'],
      [5, 'unitCost'],
      [6, 'warehouseCode'],
      [7, 'locationCode'],
      [8, 'skuCode'],
      [9, 'skuCode'],
      [10, 'skuCode'],
    ]);
    expect(task.errors[0]).toMatchObject({ code: 'NEGATIVE', message: 'Cannot be negative' });
    expect(task.errors[2]).toMatchObject({ code: 'DECIMALS', params: { max: 4 }, message: 'At most 4 decimals' });
    const count = await db.execute<{ n: number }>(sql`select count(*)::int as n from stock_ledger where domain_id = ${w.domainId}`);
    expect(Number(count.rows[0]!.n)).toBe(0);
  });

  it('checks, then loads all rows as OPENING movements with their costs', async () => {
    const w = await inventoryWorld(t);
    const { id, task } = await upload(
      'OPENING_INVENTORY',
      [OPENING_HEADER, [w.warehouseCode, w.locationCodes[0]!, w.skuCodes[0]!, 4, '2'], [w.warehouseCode, '', w.skuCodes[1]!, '6', '']],
      w.token,
    );
    expect(task).toMatchObject({ status: 'PARSED', summary: { rows: 2, skus: 2, qty: 10 } });
    const done = await confirm(id, w.token);
    expect(done).toMatchObject({ status: 'DONE', result: { rows: 2, qty: 10 } });
    const list = await call('/myhome/bizinventory/search', { whId: w.warehouseId }, w.token);
    expect(list.body.data.voList.map((r: { skuCode: string; onHand: number; averageCost: string | null }) => [r.skuCode, r.onHand, r.averageCost])).toEqual([
      [w.skuCodes[0], 4, '2.0000'],
      [w.skuCodes[1], 6, null],
    ]);
    const movements = await db.execute<{ movement: string }>(sql`select distinct movement from stock_ledger where domain_id = ${w.domainId}`);
    expect(movements.rows.map((r) => r.movement)).toEqual(['OPENING']);
  });

  it('reads the Chinese template headers and words problems in Chinese', async () => {
    const w = await inventoryWorld(t);
    const started = await t.upload(
      '/cloud/core/import/upload',
      { field: 'uploadExcel', name: 'qc.xlsx', data: await xlsx([['*仓库编码', '库位编码', '*商品编码', '*数量', '单位成本'], [w.warehouseCode, '', w.skuCodes[0]!, '1.5', '']]) },
      { kind: 'OPENING_INVENTORY' },
      { token: w.token, headers: { 'accept-language': 'zh' } },
    );
    const task = await t.waitFor(
      () => call('/cloud/core/import/get', { id: started.body.data.id }, w.token),
      (a) => a.body.data.status !== 'PARSING',
    );
    expect(task.body.data.errors).toEqual([{ row: 2, field: 'qty', code: 'WHOLE_NUMBER', params: {}, message: '必须是整数' }]);
  });
});

describe('warning-level import', () => {
  it('sets and clears levels by warehouse and SKU code, refusing combinations and repeats', async () => {
    const w = await inventoryWorld(t);
    const set = await combination(t, w.domainId, [{ skuId: w.skuIds[0]!, qty: 1 }]);
    await call('/myhome/bizinventory/updateWarning', { whId: w.warehouseId, skuId: w.skuIds[2], warningQty: 9, version: null }, w.token);
    const header = ['Warehouse code', 'SKU code', 'Warning level'];
    const bad = await upload(
      'STOCK_WARNINGS',
      [header, [w.warehouseCode, w.skuCodes[0]!, 5], [w.warehouseCode, set.code, 5], [w.warehouseCode, w.skuCodes[0]!, 6], [w.warehouseCode, w.skuCodes[1]!, '-1']],
      w.token,
    );
    expect(bad.task.errors.map((e: { row: number; field: string }) => [e.row, e.field])).toEqual([
      [3, 'skuCode'],
      [4, 'skuCode'],
      [5, 'warningQty'],
    ]);
    const good = await upload('STOCK_WARNINGS', [header, [w.warehouseCode, w.skuCodes[0]!, 5], [w.warehouseCode, w.skuCodes[1]!, '2'], [w.warehouseCode, w.skuCodes[2]!, '']], w.token);
    expect(good.task).toMatchObject({ status: 'PARSED', summary: { set: 2, cleared: 1 } });
    expect(await confirm(good.id, w.token)).toMatchObject({ status: 'DONE', result: { set: 2, cleared: 1 } });
    const levels = await db.execute<{ sku_id: number; warning_qty: number }>(sql`select sku_id, warning_qty from stock_warnings where domain_id = ${w.domainId} order by sku_id`);
    expect(levels.rows.map((r) => [Number(r.sku_id), r.warning_qty])).toEqual([
      [w.skuIds[0], 5],
      [w.skuIds[1], 2],
    ]);
  });

  it("cannot name another domain's warehouse, and needs the stock menu", async () => {
    const a = await inventoryWorld(t);
    const b = await inventoryWorld(t);
    const foreign = await upload('STOCK_WARNINGS', [['Warehouse code', 'SKU code', 'Warning level'], [a.warehouseCode, a.skuCodes[0]!, 5]], b.token);
    expect(foreign.task.errors.map((e: { field: string }) => e.field)).toEqual(['warehouseCode', 'skuCode']);
    const clerk = await staffToken(t, a.domainId, ['MENU_ERPSO']);
    for (const kind of ['STOCK_WARNINGS', 'OPENING_INVENTORY']) {
      const denied = await t.upload('/cloud/core/import/upload', { field: 'uploadExcel', name: 'x.xlsx', data: await xlsx([['x']]) }, { kind }, { token: clerk });
      expect([kind, denied.status]).toEqual([kind, 403]);
    }
  });
});

describe('inventory export', () => {
  async function exported(token: string, body: Record<string, unknown>) {
    const requested = await call('/cloud/core/inventory/export', body, token);
    expect(requested.body.data).toMatchObject({ processStatus: 'REQUEST', title: 'Inventory export' });
    await t.waitFor(
      () => call('/cloud/core/exportFile/needPollingList', {}, token),
      (a) => a.body.data.some((f: { id: number; processStatus: string }) => f.id === requested.body.data.id && f.processStatus !== 'REQUEST' && f.processStatus !== 'SENDING'),
    );
    const file = await fetch(`${t.baseUrl}/cloud/core/exportFile/downloadExcel`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ number: requested.body.data.id }),
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await file.arrayBuffer());
    const sheet = wb.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  }

  it('exports the filtered list, with costs only for an account that may see them', async () => {
    const w = await inventoryWorld(t);
    await call(
      '/cloud/core/inventory/saveOpening',
      {
        items: [
          { warehouseCode: w.warehouseCode, skuCode: w.skuCodes[0], qty: 3, unitCost: '1.25' },
          { warehouseCode: w.warehouseCode, skuCode: w.skuCodes[1], qty: 1 },
        ],
      },
      w.token,
    );
    const main = await exported(w.token, { whId: -1, keywords: w.skuCodes[0] });
    expect(main[0]).toEqual(expect.arrayContaining(['Warehouse', 'SKU code', 'On hand', 'Available', 'Average cost', 'Stock value']));
    expect(main).toHaveLength(2);
    expect(main[1]).toEqual(expect.arrayContaining([w.skuCodes[0], 3, '1.2500', '3.7500']));
    const clerk = await staffToken(t, w.domainId, ['MENU_INV', 'MENU_DATA_DOWNLOAD']);
    const plain = await exported(clerk, { whId: w.warehouseId });
    expect(plain[0]).not.toContain('Average cost');
    expect(plain[0]).not.toContain('Stock value');
    expect(plain).toHaveLength(3);
  });

  it("refuses another domain's warehouse and an account without the stock menu", async () => {
    const a = await inventoryWorld(t);
    const b = await inventoryWorld(t);
    expect((await call('/cloud/core/inventory/export', { whId: a.warehouseId }, b.token)).status).toBe(404);
    const clerk = await staffToken(t, a.domainId, ['MENU_DATA_DOWNLOAD']);
    expect((await call('/cloud/core/inventory/export', { whId: -1 }, clerk)).body.errorCode).toBe('ERR_SECURITY_NO_PERMISSION');
  });
});
