// Pictures, imports and exports through their real jobs, with an importer and an exporter
// registered by the test on the domain-configuration table.
import { rowProblem, rowProblems } from '../../platform/import-problems.js';
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PICTURE_PREFIX } from '@openseller/core';
import { createTestApp } from '../../../test/harness.js';
import { domainConfigs } from '../../db/schema/index.js';

const t = await createTestApp();
const { imports, exports } = t.app.services;

imports.register<{ itemCode: string; value: string }>({
  kind: 'TEST_CONFIG',
  access: { menu: 'MENU_USER_CONFIG' },
  maxRows: 100,
  sheetName: () => 'Config',
  columns: () => [
    { key: 'itemCode', header: 'Code', required: true },
    { key: 'value', header: 'Value', required: true },
  ],
  parseRow(values, language) {
    const parsed = z.object({ itemCode: z.string().regex(/^[A-Z_]+$/), value: z.string().min(1) }).safeParse(values);
    return parsed.success ? { row: parsed.data } : { problems: rowProblems(parsed.error, language, values) };
  },
  async check(rows) {
    const seen = new Set<string>();
    return rows.flatMap(({ rowNumber, row }) => {
      if (seen.has(row.itemCode)) return [rowProblem('en', rowNumber, 'itemCode', 'DUPLICATE_ROW', { row: rowNumber })];
      seen.add(row.itemCode);
      return [];
    });
  },
  async summarize(rows) {
    return { rows: rows.length };
  },
  async load(rows, ctx, progress) {
    let done = 0;
    for (const row of rows) {
      if (row.value === 'boom') throw new Error('the load failed at ' + row.itemCode);
      await ctx.tx.insert(domainConfigs).values({ domainId: ctx.domainId, itemCode: row.itemCode, value: row.value });
      await progress(++done);
    }
    return { created: done };
  },
});

exports.register({
  type: 'TEST_CONFIG',
  access: { menu: 'MENU_USER_CONFIG' },
  sheetName: () => 'Config',
  columns: () => [
    { key: 'itemCode', header: 'Code' },
    { key: 'value', header: 'Value' },
  ],
  async *rows(ctx) {
    yield await ctx.db.select({ itemCode: domainConfigs.itemCode, value: domainConfigs.value }).from(domainConfigs).where(eq(domainConfigs.domainId, ctx.domainId));
  },
});

async function xlsx(rows: string[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Config');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function main() {
  const seller = await t.factories.sellerDomain();
  return { ...seller, token: await t.token(seller.loginName, seller.password) };
}

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 1)]);

describe('picture upload', () => {
  it('stores a goods picture and serves it by its reference', async () => {
    const { token } = await main();
    const answer = await t.upload('/cloud/core/file/upload', { field: 'file', name: 'Mug.PNG', data: png }, { useType: 'SKU' }, { token });
    expect(answer.body.success).toBe(true);
    // data is the key; with the prefix it forms the picture reference (spec 02 §7.3).
    expect(answer.body.data).toMatch(/^sku\/\d{6}\/[0-9a-f-]+\.png$/);
    const reference = PICTURE_PREFIX + answer.body.data;
    expect(reference).toMatch(/^\/erp\/pub\/file\/sku\/\d{6}\/[0-9a-f-]+\.png$/);
    const picture = await fetch(t.baseUrl + reference);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await picture.arrayBuffer()).equals(png)).toBe(true);
  });

  it('refuses a disguised file, a goods picture over 1024000 bytes, and a missing session', async () => {
    const { token } = await main();
    const fake = await t.upload('/cloud/core/file/upload', { field: 'file', name: 'x.png', data: Buffer.from('<svg onload=alert(1)>') }, {}, { token });
    expect(fake.body.errorCode).toBe('ERR_FILE_IMAGE_FORMAT');
    const big = Buffer.concat([png, Buffer.alloc(1_024_001)]);
    const tooBig = await t.upload('/cloud/core/file/upload', { field: 'file', name: 'x.png', data: big }, { useType: 'SKU' }, { token });
    expect(tooBig.body.errorCode).toBe('ERR_FILE_PICTURE_SIZE');
    const otherPicture = await t.upload('/cloud/core/file/upload', { field: 'file', name: 'x.png', data: big }, { useType: 'PICTURE' }, { token });
    expect(otherPicture.body.success).toBe(true);
    expect((await t.upload('/cloud/core/file/upload', { field: 'file', name: 'x.png', data: png })).status).toBe(401);
  });

  it('does not serve imported spreadsheets by key', async () => {
    const { token } = await main();
    const task = await t.upload('/cloud/core/import/upload', { field: 'uploadExcel', name: 'c.xlsx', data: await xlsx([['Code', 'Value'], ['A', '1']]) }, { kind: 'TEST_CONFIG' }, { token });
    const { rows } = await t.database.pool.query('select f.file_key from import_tasks i join stored_files f on f.id = i.file_id where i.id = $1', [task.body.data.id]);
    expect((await fetch(`${t.baseUrl}/erp/pub/file/${rows[0].file_key}`)).status).toBe(404);
  });
});

describe('imports', () => {
  const get = (id: number, token: string) => t.call('/cloud/core/import/get', { id }, { token });

  it('offers the template with the required columns marked', async () => {
    const { token } = await main();
    const response = await fetch(`${t.baseUrl}/cloud/core/import/template?kind=TEST_CONFIG`, { headers: { authorization: `Bearer ${token}` } });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await response.arrayBuffer());
    expect(wb.worksheets[0]!.getRow(1).values).toEqual([undefined, '*Code', '*Value']);
  });

  it('reports every bad row with its number and field, and loads nothing', async () => {
    const { token, domainId } = await main();
    const file = await xlsx([['Code', 'Value'], ['GOOD_ONE', '1'], ['bad code', '2'], ['GOOD_ONE', '3'], ['EMPTY', '']]);
    const started = await t.upload('/cloud/core/import/upload', { field: 'uploadExcel', name: 'c.xlsx', data: file }, { kind: 'TEST_CONFIG' }, { token });
    const task = await t.waitFor(() => get(started.body.data.id, token), (a) => a.body.data.status !== 'PARSING');
    expect(task.body.data).toMatchObject({ status: 'INVALID', totalRows: 4, errorCount: 3 });
    expect(task.body.data.errors.map((e: any) => [e.row, e.field])).toEqual([
      [3, 'itemCode'],
      [4, 'itemCode'],
      [5, 'value'],
    ]);
    const confirm = await t.call('/cloud/core/import/confirm', { id: started.body.data.id }, { token });
    expect(confirm.body.errorCode).toBe('ERR_IMPORT_NOT_READY');
    expect(await t.database.db.select().from(domainConfigs).where(eq(domainConfigs.domainId, domainId))).toEqual([]);
  });

  it('checks, then loads every row on confirmation', async () => {
    const { token, domainId } = await main();
    const file = await xlsx([['Value', 'Code'], ['x', 'A'], ['y', 'B']]);
    const started = await t.upload('/cloud/core/import/upload', { field: 'uploadExcel', name: 'c.xlsx', data: file }, { kind: 'TEST_CONFIG' }, { token });
    const parsed = await t.waitFor(() => get(started.body.data.id, token), (a) => a.body.data.status !== 'PARSING');
    expect(parsed.body.data).toMatchObject({ status: 'PARSED', summary: { rows: 2 } });
    await t.call('/cloud/core/import/confirm', { id: started.body.data.id, options: { isCover: true } }, { token });
    const done = await t.waitFor(() => get(started.body.data.id, token), (a) => ['DONE', 'FAILED'].includes(a.body.data.status));
    expect(done.body.data).toMatchObject({ status: 'DONE', percentage: 100, result: { created: 2 } });
    const rows = await t.database.db.select().from(domainConfigs).where(eq(domainConfigs.domainId, domainId));
    expect(rows.map((r) => r.itemCode).sort()).toEqual(['A', 'B']);
  });

  it('loads all rows or none: a failure half-way leaves nothing', async () => {
    const { token, domainId } = await main();
    const file = await xlsx([['Code', 'Value'], ['A', '1'], ['B', '2'], ['C', 'boom'], ['D', '4']]);
    const started = await t.upload('/cloud/core/import/upload', { field: 'uploadExcel', name: 'c.xlsx', data: file }, { kind: 'TEST_CONFIG' }, { token });
    await t.waitFor(() => get(started.body.data.id, token), (a) => a.body.data.status === 'PARSED');
    await t.call('/cloud/core/import/confirm', { id: started.body.data.id }, { token });
    const failed = await t.waitFor(() => get(started.body.data.id, token), (a) => ['DONE', 'FAILED'].includes(a.body.data.status));
    expect(failed.body.data.status).toBe('FAILED');
    expect(failed.body.data.message).toContain('C');
    expect(await t.database.db.select().from(domainConfigs).where(and(eq(domainConfigs.domainId, domainId)))).toEqual([]);
  });

  it('refuses .xls, a file that is not a spreadsheet, a missing header, and an unknown kind', async () => {
    const { token } = await main();
    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(100)]);
    expect((await t.upload('/cloud/core/import/upload', { field: 'uploadExcel', name: 'old.xls', data: ole }, { kind: 'TEST_CONFIG' }, { token })).body.errorCode).toBe(
      'ERR_FILE_EXCEL_OLD_FORMAT',
    );
    expect((await t.upload('/cloud/core/import/upload', { field: 'uploadExcel', name: 'x.xlsx', data: Buffer.from('a,b') }, { kind: 'TEST_CONFIG' }, { token })).body.errorCode).toBe(
      'ERR_FILE_EXCEL_FORMAT',
    );
    expect((await t.upload('/cloud/core/import/upload', { field: 'uploadExcel', name: 'x.csv', data: Buffer.from('a,b') }, { kind: 'TEST_CONFIG' }, { token })).body.errorCode).toBe(
      'ERR_FILE_EXCEL_FORMAT',
    );
    const noHeader = await t.upload('/cloud/core/import/upload', { field: 'uploadExcel', name: 'c.xlsx', data: await xlsx([['Other'], ['x']]) }, { kind: 'TEST_CONFIG' }, { token });
    const failed = await t.waitFor(() => get(noHeader.body.data.id, token), (a) => a.body.data.status !== 'PARSING');
    expect(failed.body.data).toMatchObject({ status: 'FAILED' });
    expect(failed.body.data.message).toContain('Code');
    expect((await t.upload('/cloud/core/import/upload', { field: 'uploadExcel', name: 'c.xlsx', data: await xlsx([['Code']]) }, { kind: 'NOPE' }, { token })).body.errorCode).toBe(
      'ERR_IMPORT_UNKNOWN_KIND',
    );
  });

  it("keeps one account's import from another domain and from an account without the menu", async () => {
    const a = await main();
    const b = await main();
    const started = await t.upload('/cloud/core/import/upload', { field: 'uploadExcel', name: 'c.xlsx', data: await xlsx([['Code', 'Value'], ['A', '1']]) }, { kind: 'TEST_CONFIG' }, { token: a.token });
    expect((await get(started.body.data.id, b.token)).status).toBe(404);
    expect((await t.call('/cloud/core/import/confirm', { id: started.body.data.id }, { token: b.token })).status).toBe(404);
    const picker = await t.factories.subAccount(a.domainId, { menus: ['MENU_ERPSO'] });
    const pickerToken = await t.token(picker.loginName, picker.password);
    const denied = await t.upload('/cloud/core/import/upload', { field: 'uploadExcel', name: 'c.xlsx', data: await xlsx([['Code', 'Value']]) }, { kind: 'TEST_CONFIG' }, { token: pickerToken });
    expect(denied.status).toBe(403);
  });
});

describe('exports and the download centre', () => {
  it('makes the file in the background, lists it unread, and downloads it', async () => {
    const { token, domainId } = await main();
    await t.database.db.insert(domainConfigs).values([
      { domainId, itemCode: 'X', value: '1' },
      { domainId, itemCode: 'Y', value: '2' },
    ]);
    const requested = await exports.request(await t.app.services.sessions.forUser((await t.database.pool.query('select id from users where domain_id = $1', [domainId])).rows[0].id).then((s) => s!), {
      type: 'TEST_CONFIG',
      title: 'Config export',
      language: 'en',
    });
    expect(requested.processStatus).toBe('REQUEST');
    const done = await t.waitFor(
      () => t.call('/cloud/core/exportFile/needPollingList', {}, { token }),
      (a) => a.body.data.some((f: any) => f.id === requested.id && f.processStatus === 'SUCCESS'),
    );
    expect(done.body.data.find((f: any) => f.id === requested.id)).toMatchObject({ unread: true, rowCount: 2, title: 'Config export' });
    const download = await fetch(`${t.baseUrl}/cloud/core/exportFile/downloadExcel`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ number: requested.id }),
    });
    expect(download.headers.get('content-type')).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await download.arrayBuffer());
    expect(wb.worksheets[0]!.getRow(1).values).toEqual([undefined, 'Code', 'Value']);
    expect(wb.worksheets[0]!.rowCount).toBe(3);
    const list = await t.call('/cloud/core/exportFile/searchPageList', { currentPage: 1, pageSize: 10 }, { token });
    expect(list.body.data.voList[0]).toMatchObject({ id: requested.id, unread: false });
  });

  it('refuses the download without MENU_DATA_DOWNLOAD, and to another account', async () => {
    const a = await main();
    const clerk = await t.factories.subAccount(a.domainId, { menus: ['MENU_USER_CONFIG', 'MENU_DATA_DOWNLOAD'] });
    const clerkSession = (await t.app.services.sessions.forUser(clerk.userId))!;
    const requested = await exports.request(clerkSession, { type: 'TEST_CONFIG', title: 'x', language: 'en' });
    const clerkToken = await t.token(clerk.loginName, clerk.password);
    await t.waitFor(
      () => t.call('/cloud/core/exportFile/searchPageList', {}, { token: clerkToken }),
      (r) => r.body.data.voList[0]?.processStatus === 'SUCCESS',
    );
    // The file was made while the account could download; the menu is taken away since.
    await t.database.pool.query(`update roles set menus = array_remove(menus, 'MENU_DATA_DOWNLOAD') where id = $1`, [clerk.roleId]);
    const denied = await t.call('/cloud/core/exportFile/downloadExcel', { number: requested.id }, { token: clerkToken });
    expect(denied.body.errorCode).toBe('ERR_NO_DOWNLOAD_PERMISSION');
    const other = await t.call('/cloud/core/exportFile/downloadExcel', { number: requested.id }, { token: a.token });
    expect(other.body.errorCode).toBe('ERR_FILE_NOT_EXIST');
    expect((await t.call('/cloud/core/exportFile/deleteFile', { id: requested.id }, { token: a.token })).status).toBe(404);
  });

  it('reads batchUpdateUnread as the JSON text of {id, unread:false} items, and refuses anything else naming the problem', async () => {
    const a = await main();
    const session = (await t.app.services.sessions.forUser(a.userId))!;
    const one = await exports.request(session, { type: 'TEST_CONFIG', title: 'one', language: 'en' });
    await t.waitFor(() => t.call('/cloud/core/exportFile/searchPageList', {}, { token: a.token }), (r) => r.body.data.voList[0]?.processStatus === 'SUCCESS');
    const notFalse = await t.call('/cloud/core/exportFile/batchUpdateUnread', [{ id: one.id, unread: true }], { token: a.token });
    expect(notFalse.status).toBe(400);
    expect(notFalse.body.params?.field ?? JSON.stringify(notFalse.body)).toContain('unread');
    const notJson = await t.call('/cloud/core/exportFile/batchUpdateUnread', 'not json', { token: a.token });
    expect(notJson.status).toBe(400);
    expect((await t.call('/cloud/core/exportFile/searchPageList', { unread: true }, { token: a.token })).body.data.total).toBe(1);
    // The list sent as a JSON string (text once more) is read the same.
    const asText = await t.call('/cloud/core/exportFile/batchUpdateUnread', JSON.stringify([{ id: one.id, unread: false }]), { token: a.token });
    expect(asText.body).toMatchObject({ success: true, data: null });
    expect((await t.call('/cloud/core/exportFile/searchPageList', { unread: true }, { token: a.token })).body.data.total).toBe(0);
  });

  it('marks files read in a batch given as JSON text, and deletes them', async () => {
    const a = await main();
    const session = (await t.app.services.sessions.forUser(a.userId))!;
    const one = await exports.request(session, { type: 'TEST_CONFIG', title: 'one', language: 'en' });
    await t.waitFor(() => t.call('/cloud/core/exportFile/searchPageList', {}, { token: a.token }), (r) => r.body.data.voList[0]?.processStatus === 'SUCCESS');
    const marked = await t.call('/cloud/core/exportFile/batchUpdateUnread', [{ id: one.id, unread: false }], { token: a.token });
    expect(marked.body.success).toBe(true);
    expect((await t.call('/cloud/core/exportFile/searchPageList', { unread: true }, { token: a.token })).body.data.total).toBe(0);
    expect((await t.call('/cloud/core/exportFile/deleteFile', { id: one.id }, { token: a.token })).body.success).toBe(true);
    expect((await t.call('/cloud/core/exportFile/searchPageList', {}, { token: a.token })).body.data.total).toBe(0);
  });
});
