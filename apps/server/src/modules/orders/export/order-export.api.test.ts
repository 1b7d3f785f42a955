// The order list's exports over HTTP (issue 21 must-have 10): by order, by express number, by item
// detail with and without combination components, under the list's filters and tab or the chosen
// orders; masked for a sub-account, in full and logged for the main account; refusals naming the
// field, and another seller's orders never in the file. Then the platform files of the decryption
// flow (getPlatformFile): none, one (answered as it is), several (zipped), a non-binary answer
// (the zip abandoned).
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { insertOrder } from '../../../../test/factories/orders.js';
import { combination } from '../../../../test/factories/inventory.js';
import { skuRows } from '../../../../test/factories/inbound.js';
import { signedInSeller, signedInStaff, storeRow } from '../../../../test/factories/warehouses.js';
import { generateSandboxOrders, ingestSkus, sandboxStoreSelling } from '../../../../test/factories/orders-ingest.js';

let t: TestApp;
beforeAll(async () => {
  // The scheduled pull would race the tests' own pulls.
  process.env.ORDER_PULL_CRON = '0 3 1 1 *';
  t = await createTestApp();
});
const PHONE = '13712345678';

async function world() {
  const { db } = t.database;
  const s = await signedInSeller(t);
  const store = await storeRow(t, s.domainId);
  const parts = await skuRows(t, s.domainId, 2);
  const set = await combination(t, s.domainId, [
    { skuId: parts.ids[0]!, qty: 2 },
    { skuId: parts.ids[1]!, qty: 1 },
  ]);
  const make = async (status: string, expressNo: string | null, lines: { skuId: number | null; qty: number }[]) => {
    const o = await insertOrder(t, s.domainId, { storeId: store.id, statusCode: status, receiver: { name: '李雷', phone: PHONE }, lines });
    if (expressNo) await db.execute(sql`update erp_orders set express_company_code = 'SF', express_no = ${expressNo} where id = ${o.id}`);
    return o;
  };
  // Two reviewed orders in one parcel, one reviewed alone, one pending review.
  const a = await make('CI_ERPSOH_STATUS_VERIFIED', 'SF1001', [{ skuId: parts.ids[0]!, qty: 1 }]);
  const b = await make('CI_ERPSOH_STATUS_VERIFIED', 'SF1001', [{ skuId: set.id, qty: 3 }]);
  const c = await make('CI_ERPSOH_STATUS_VERIFIED', 'SF2002', [
    { skuId: parts.ids[1]!, qty: 2 },
    { skuId: set.id, qty: 1 },
  ]);
  const pending = await make('CI_ERPSOH_STATUS_NORMAL', null, [{ skuId: parts.ids[0]!, qty: 5 }]);
  await db.execute(sql`update erp_order_lines set is_combination = true where sku_id = ${set.id}`);
  return { ...s, storeId: store.id, parts, set, a, b, c, pending };
}

async function exportAs(token: string, body: Record<string, unknown>) {
  const requested = await t.call('/myhome/export/exportErpSoH', body, { token });
  expect(requested.body, JSON.stringify(requested.body)).toMatchObject({ success: true, data: { processStatus: 'REQUEST' } });
  const id = requested.body.data.id as number;
  await t.waitFor(
    () => t.call('/cloud/core/exportFile/needPollingList', {}, { token }),
    (x) => x.body.data.some((f: { id: number; processStatus: string }) => f.id === id && f.processStatus === 'SUCCESS'),
  );
  const file = await fetch(`${t.baseUrl}/cloud/core/exportFile/downloadExcel`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ number: id }),
  });
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await file.arrayBuffer());
  const sheet = wb.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: Record<string, unknown>[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const values = (sheet.getRow(r).values as unknown[]).slice(1);
    rows.push(Object.fromEntries(header.map((h, i) => [h, values[i] ?? ''])));
  }
  return { id, title: requested.body.data.title as string, header, rows };
}

const platformFile = (token: string, fileId: number) =>
  fetch(`${t.baseUrl}/cloud/core/exportFile/getPlatformFile`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ fileId }),
  });

describe('order exports', () => {
  it('exports by order the tab and filters of the list, masked for a sub-account and in full, logged, for the main account', async () => {
    const w = await world();
    const staff = await signedInStaff(t, w.domainId, ['MENU_ERPSO', 'MENU_DATA_DOWNLOAD']);
    const masked = await exportAs(staff, { exportType: 'BY_CODE', activeKey: '2' });
    expect(masked.title).toBe('Orders export (by order)');
    expect(masked.rows.map((r) => r.Order)).toEqual([w.c.code, w.b.code, w.a.code]);
    expect(masked.rows.map((r) => r['Receiver phone'])).toEqual(['137****5678', '137****5678', '137****5678']);
    expect(masked.rows[0]!.Status).toBe('Reviewed');
    expect(JSON.stringify(masked.rows)).not.toContain(PHONE);

    const full = await exportAs(w.token, { exportType: 'BY_CODE', activeKey: '6', codeKeywords: w.pending.code });
    expect(full.rows.map((r) => [r.Order, r['Receiver phone']])).toEqual([[w.pending.code, PHONE]]);
    const logged = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from operation_logs where domain_id = ${w.domainId} and action = 'revealReceiver' and after->>'scene' = 'EXPORT' and entity_id = ${String(w.pending.id)}`,
    );
    expect(logged.rows[0]!.n).toBe(1);

    const chosen = await exportAs(w.token, { exportType: 'BY_CODE', activeKey: '6', idList: [w.a.id, w.pending.id] });
    expect(chosen.rows.map((r) => r.Order)).toEqual([w.pending.code, w.a.code]);
  });

  it('exports one row per express number, the orders of a parcel together', async () => {
    const w = await world();
    const file = await exportAs(w.token, { exportType: 'BY_EXPRESSNO', activeKey: '6' });
    expect(file.rows.map((r) => [r['Express number'], r.Orders, r.Quantity])).toEqual([
      ['SF1001', `${w.a.code},${w.b.code}`, 4],
      ['SF2002', w.c.code, 3],
    ]);
  });

  it('exports by item detail, and with combination goods as their components', async () => {
    const w = await world();
    const lines = await exportAs(w.token, { exportType: 'BY_SKU', activeKey: '2' });
    expect(lines.rows.map((r) => [r.Order, r['SKU code'], r.Quantity])).toEqual([
      [w.c.code, w.parts.codes[1], 2],
      [w.c.code, w.set.code, 1],
      [w.b.code, w.set.code, 3],
      [w.a.code, w.parts.codes[0], 1],
    ]);
    const parts = await exportAs(w.token, { exportType: 'BY_COMSKU', activeKey: '2' });
    expect(parts.rows.map((r) => [r.Order, r['SKU code'], r.Quantity, r['Part of combination']])).toEqual([
      [w.c.code, w.parts.codes[1], 2, ''],
      [w.c.code, w.parts.codes[0], 2, w.set.code],
      [w.c.code, w.parts.codes[1], 1, w.set.code],
      [w.b.code, w.parts.codes[0], 6, w.set.code],
      [w.b.code, w.parts.codes[1], 3, w.set.code],
      [w.a.code, w.parts.codes[0], 1, ''],
    ]);
  });

  it('refuses a bad export naming the field, and an account without the download or orders menu', async () => {
    const w = await world();
    const bad = await t.call('/myhome/export/exportErpSoH', { exportType: 'BY_MOOD' }, { token: w.token });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('exportType');
    const tooMany = await t.call('/myhome/export/exportErpSoH', { exportType: 'BY_CODE', codeKeywords: Array.from({ length: 16 }, (_, i) => `C${i}`).join(',') }, { token: w.token });
    expect(JSON.stringify(tooMany.body)).toContain('codeKeywords');
    const noDownload = await signedInStaff(t, w.domainId, ['MENU_ERPSO']);
    const refused = await t.call('/myhome/export/exportErpSoH', { exportType: 'BY_CODE' }, { token: noDownload });
    expect(refused.status).toBe(403);
    expect(refused.body.errorCode).toBe('ERR_NO_DOWNLOAD_PERMISSION');
    const noOrders = await signedInStaff(t, w.domainId, ['MENU_SKU', 'MENU_DATA_DOWNLOAD']);
    expect((await t.call('/myhome/export/exportErpSoH', { exportType: 'BY_CODE' }, { token: noOrders })).status).toBe(403);
  });

  it("never puts another seller's orders in the file", async () => {
    const w = await world();
    const other = await signedInSeller(t);
    const file = await exportAs(other.token, { exportType: 'BY_CODE', activeKey: '6', idList: [w.a.id, w.b.id] });
    expect(file.rows).toEqual([]);
    // Nor may it fetch the seller's files.
    const mine = await exportAs(w.token, { exportType: 'BY_CODE', activeKey: '2' });
    const answer = await platformFile(other.token, mine.id);
    expect(((await answer.json()) as { errorCode: string }).errorCode).toBe('ERR_FILE_NOT_EXIST');
  });
});

describe('platform files of an export (getPlatformFile)', () => {
  async function sandboxWorld(stores: number) {
    const s = await signedInSeller(t, { level: 'PRO' });
    const skus = await ingestSkus(t, s.domainId, 1);
    const storeIds: number[] = [];
    for (let i = 0; i < stores; i++) {
      const { storeId } = await sandboxStoreSelling(t, s.token, [skus[0]!.code]);
      await generateSandboxOrders(t, s.token, storeId, 2);
      const run = await t.call('/myhome/platformSo/syncStoreOrders', { storeId }, { token: s.token });
      expect(run.body, JSON.stringify(run.body)).toMatchObject({ success: true, data: { status: 'SUCCESS' } });
      storeIds.push(storeId);
    }
    return { ...s, storeIds };
  }

  it('answers file does not exist when the export has no platform file', async () => {
    const w = await world();
    const file = await exportAs(w.token, { exportType: 'BY_CODE', activeKey: '6' });
    const answer = await platformFile(w.token, file.id);
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ success: false, errorCode: 'ERR_FILE_NOT_EXIST' });
    const bad = await t.call('/cloud/core/exportFile/getPlatformFile', { fileId: 'x' }, { token: w.token });
    expect(JSON.stringify(bad.body)).toContain('fileId');
  });

  it("downloads one store's file directly, with the receivers the marketplace decrypted", async () => {
    const w = await sandboxWorld(1);
    const file = await exportAs(w.token, { exportType: 'BY_CODE', activeKey: '6' });
    expect(file.rows).toHaveLength(2);
    const answer = await platformFile(w.token, file.id);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await answer.arrayBuffer());
    const sheet = wb.worksheets[0]!;
    expect(sheet.rowCount).toBe(3);
    expect(String(sheet.getRow(2).getCell(3).value)).toMatch(/^1\d{10}$/);
    // A sub-account that may not see receivers in full gets no platform file.
    const staff = await signedInStaff(t, w.domainId, ['MENU_ERPSO', 'MENU_DATA_DOWNLOAD']);
    const masked = await exportAs(staff, { exportType: 'BY_CODE', activeKey: '6' });
    expect(((await (await platformFile(staff, masked.id)).json()) as { errorCode: string }).errorCode).toBe('ERR_FILE_NOT_EXIST');
  });

  it('zips the files of several stores, and abandons the zip when one answer is not a file', async () => {
    const w = await sandboxWorld(2);
    const file = await exportAs(w.token, { exportType: 'BY_SKU', activeKey: '6' });
    const answer = await platformFile(w.token, file.id);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/zip');
    const zip = await JSZip.loadAsync(Buffer.from(await answer.arrayBuffer()));
    const names = Object.keys(zip.files);
    expect(names).toHaveLength(2);
    expect(names.every((n) => n.endsWith('.xlsx'))).toBe(true);

    // The second store's marketplace answers an error page next time.
    await t.call('/cloud/sandbox/console/forceFailures', { storeId: w.storeIds[1], failures: [{ kind: 'ERROR', operation: 'downloadExportFile' }] }, { token: w.token });
    const aborted = await platformFile(w.token, file.id);
    expect(aborted.status).toBe(502);
    expect(await aborted.json()).toMatchObject({ success: false, errorCode: 'ERR_PLATFORM_FILE_NOT_BINARY' });
  });
});
