// The notice import (kind ASN) over HTTP: rows grouped by notice key into notices, bad rows named
// by row and column, and nothing loaded from a file with a problem.
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { inboundWorld, supplierRow, warehouseRow } from '../../../../test/factories/inbound.js';
import { signedInStaff } from '../../../../test/factories/warehouses.js';
import { createTestApp } from '../../../../test/harness.js';
import { asnHeaders } from '../../../db/schema/index.js';

const t = await createTestApp();

const HEADER = ['Notice key', 'Warehouse code', 'Inbound type', 'Supplier code', 'Purchase code', 'SKU code', 'Quantity', 'Unit price', 'Location code', 'Remark'];

async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  ws.addRow(HEADER);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const get = (id: number, token: string) => t.call('/cloud/core/import/get', { id }, { token });

async function upload(token: string, file: Buffer) {
  const started = await t.upload('/cloud/core/import/upload', { field: 'uploadExcel', name: 'asn.xlsx', data: file }, { kind: 'ASN' }, { token });
  expect(started.body.success).toBe(true);
  return (await t.waitFor(() => get(started.body.data.id, token), (a) => a.body.data.status !== 'PARSING')).body.data;
}

describe('notice import', () => {
  it('makes one notice per notice key, with its warehouse, type, supplier and lines', async () => {
    const w = await inboundWorld(t);
    const supplier = await supplierRow(t, w.domainId);
    const [a, b, c] = w.skuCodes as [string, string, string];
    const task = await upload(
      w.token,
      await xlsx([
        ['N1', w.code, 'PURCHASE', supplier.code, 'PO-1', a, '10', '2.5', 'L-0', 'first'],
        ['N1', w.code, 'PURCHASE', supplier.code, 'PO-1', b, '5', '', '', ''],
        ['N2', w.code, 'ASN_OTHER', '', '', c, '1', '', 'L-1', ''],
      ]),
    );
    expect(task).toMatchObject({ status: 'PARSED', summary: { notices: 2, lines: 3 } });
    await t.call('/cloud/core/import/confirm', { id: task.id }, { token: w.token });
    const done = await t.waitFor(() => get(task.id, w.token), (x) => ['DONE', 'FAILED'].includes(x.body.data.status));
    expect(done.body.data).toMatchObject({ status: 'DONE', result: { notices: 2, lines: 3 } });
    const list = (await t.call('/cloud/purchase/asn/searchPageList', {}, { token: w.token })).body.data.voList;
    const purchase = list.find((r: any) => r.asnType === 'ASN_PURCHASE');
    expect(purchase).toMatchObject({ supplierCode: supplier.code, purchaseCode: 'PO-1', qtyTotal: 15, skuTotal: 2, amountTotal: '25.0000', remark: 'first', statusId: 'CI_ASN_STATUS_CREATED' });
    expect(list.find((r: any) => r.asnType === 'ASN_OTHER')).toMatchObject({ supplierId: null, qtyTotal: 1 });
    const detail = (await t.call('/cloud/purchase/asn/getById', { id: purchase.id }, { token: w.token })).body.data;
    expect(detail.asnDetails.map((d: any) => [d.skuCode, d.qty, d.price, d.locationCode])).toEqual([
      [a, 10, '2.5000', 'L-0'],
      [b, 5, null, null],
    ]);
  });

  it('names every bad row and loads nothing: unknown codes, a stopped warehouse, a mismatched notice, a repeated SKU, a bad quantity', async () => {
    const w = await inboundWorld(t);
    const stopped = await warehouseRow(t, w.domainId, { stopped: true });
    const [a, b] = w.skuCodes as [string, string];
    const task = await upload(
      w.token,
      await xlsx([
        ['K', w.code, '', '', '', a, '3', '', '', ''],
        ['K', w.code, 'OTHER', '', '', b, '3', '', '', ''],
        ['K', w.code, '', '', '', a, '1', '', '', ''],
        ['J', 'NOPE', '', 'NOSUP', '', 'NOSKU', '1', '', '', ''],
        ['Q', w.code, '', '', '', b, '0', '1.23456', '', ''],
        ['S', stopped.code, 'GIFT', '', '', b, '2', '', 'ZZ', ''],
      ]),
    );
    expect(task.status).toBe('INVALID');
    const problems = task.errors.map((e: any) => `${e.row}:${e.field}`);
    expect(problems).toEqual(
      expect.arrayContaining(['3:asnType', '4:skuCode', '5:warehouseCode', '5:supplierCode', '5:skuCode', '6:qty', '6:price', '7:asnType']),
    );
    expect(task.errors.find((e: any) => e.row === 4).message).toContain('row 2');
    expect(await t.database.db.select().from(asnHeaders).where(eq(asnHeaders.domainId, w.domainId))).toEqual([]);
    const stoppedTask = await upload(w.token, await xlsx([['', stopped.code, '', '', '', b, '2', '', '', ''], ['', w.code, '', '', '', a, '2', '', 'ZZ', '']]));
    expect(stoppedTask.errors.map((e: any) => `${e.row}:${e.field}`)).toEqual(['2:warehouseCode', '3:warehouseCode', '3:locationCode']);
  });

  it('is refused to an account without the create-inbound menu', async () => {
    const w = await inboundWorld(t);
    const staff = await signedInStaff(t, w.domainId, ['MENU_INV']);
    const refused = await t.upload('/cloud/core/import/upload', { field: 'uploadExcel', name: 'asn.xlsx', data: await xlsx([]) }, { kind: 'ASN' }, { token: staff });
    expect(refused.status).toBe(403);
    expect(refused.body.errorCode).toBe('ERR_SECURITY_NO_PERMISSION');
  });
});
