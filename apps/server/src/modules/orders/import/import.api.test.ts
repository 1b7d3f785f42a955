import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, uniqueName, type TestApp } from '../../../../test/harness.js';
import { ingestSeller, ingestSkus, ingestWarehouse, linesOf, ordersOfStore, type IngestSeller } from '../../../../test/factories/orders-ingest.js';
import { createStore } from '../../../../test/factories/stores.js';

let t: TestApp;
beforeAll(async () => {
  process.env.ORDER_PULL_CRON = '0 3 1 1 *';
  t = await createTestApp();
});

/** An .xlsx with a header row and data rows, as a seller's spreadsheet. */
async function workbook(headers: string[], rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('orders');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const STANDARD = ['平台单号', '店铺名称', '收货人', '联系电话', '完整地址', '规格编码', '数量', '单价', '买家留言'];

interface World {
  seller: IngestSeller;
  skus: { id: number; code: string }[];
  store: { id: number; name: string };
}

async function world(): Promise<World> {
  const seller = await ingestSeller(t);
  const skus = await ingestSkus(t, seller.domainId, 2);
  await ingestWarehouse(t, seller.domainId);
  const store = await createStore(t, seller.token, { storeType: 3 });
  return { seller, skus, store: { id: store.id, name: store.name } };
}

async function startImport(token: string, data: Buffer, fields: Record<string, string> = {}, name = 'orders.xlsx') {
  return t.upload('/myhome/taobaoSoh/createFromXls', { field: 'uploadExcel', name, data }, fields, { token });
}

/** Waits for the check to end; answers the task. */
async function checked(token: string, id: number) {
  const answer = await t.waitFor(
    () => t.call('/cloud/core/import/get', { id }, { token }),
    (a) => !['PARSING'].includes(a.body.data?.status),
  );
  return answer.body.data;
}

async function importFile(token: string, data: Buffer, fields: Record<string, string> = {}) {
  const started = await startImport(token, data, fields);
  expect(started.body, JSON.stringify(started.body)).toMatchObject({ success: true });
  const task = await checked(token, started.body.data.id);
  expect(task.status, JSON.stringify(task)).toBe('PARSED');
  const confirm = await t.call('/cloud/core/import/confirm', { id: task.id, options: {} }, { token });
  expect(confirm.body.success).toBe(true);
  const done = await t.waitFor(
    () => t.call('/cloud/core/import/get', { id: task.id }, { token }),
    (a) => ['DONE', 'FAILED'].includes(a.body.data?.status),
  );
  expect(done.body.data.status, JSON.stringify(done.body.data)).toBe('DONE');
  return { parsed: task, done: done.body.data };
}

describe('import templates', () => {
  it('creates, lists, reads, updates with its version and removes a template', async () => {
    const { seller } = await world();
    const token = seller.token;
    const fieldsArr = [
      { field: 'platformNo', header: 'Order ID' },
      { field: 'receiverName', header: 'Ship To' },
      { field: 'receiverPhone', header: 'Tel' },
      { field: 'fullAddress', header: 'Ship Address' },
      { field: 'skuCode', header: 'Item code' },
      { field: 'qty', header: 'Pieces' },
    ];
    const created = await t.call('/myhome/sohTemplate/createImportTemplate', { name: 'My shop sheet', fieldsArr }, { token });
    expect(created.body, JSON.stringify(created.body)).toMatchObject({ success: true, data: { name: 'My shop sheet', version: 0 } });
    const id = created.body.data.id;

    const list = await t.call('/myhome/sohTemplate/searchPageList', { currentPage: 1, pageSize: 10 }, { token });
    expect(list.body.data.total).toBe(1);
    const detail = await t.call('/myhome/sohTemplate/getFieldMapsByTemplateId', { id }, { token });
    expect(detail.body.data.fieldsArr).toEqual(fieldsArr);
    const titles = await t.call('/myhome/sohTemplate/getTemplateTitle', { id }, { token });
    expect(titles.body.data).toEqual(fieldsArr.map((f) => f.header));

    const updated = await t.call('/myhome/sohTemplate/updateImportTemplate', { id, version: 0, name: 'Renamed', fieldsArr: [...fieldsArr, { field: 'price', header: 'Unit price' }] }, { token });
    expect(updated.body.data).toMatchObject({ name: 'Renamed', version: 1 });
    const stale = await t.call('/myhome/sohTemplate/updateImportTemplate', { id, version: 0, name: 'Again', fieldsArr }, { token });
    expect(stale.status).toBe(409);

    const removed = await t.call('/myhome/sohTemplate/removeImportTemplate', { id }, { token });
    expect(removed.body.success).toBe(true);
    expect((await t.call('/myhome/sohTemplate/searchPageList', { currentPage: 1, pageSize: 10 }, { token })).body.data.total).toBe(0);
    const logs = await t.database.db.execute<{ action: string }>(sql`select action from operation_logs where domain_id = ${seller.domainId} and entity_type = 'order_import_template' order by id`);
    expect(logs.rows.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
  });

  it('refuses a name already used in the domain, and a mapping without the required fields', async () => {
    const { seller } = await world();
    const fieldsArr = (await t.call('/myhome/sohTemplate/getDefaultFields', {}, { token: seller.token })).body.data;
    expect(fieldsArr.map((f: { field: string }) => f.field)).toContain('platformNo');
    expect((await t.call('/myhome/sohTemplate/createImportTemplate', { name: 'Same', fieldsArr }, { token: seller.token })).body.success).toBe(true);
    const again = await t.call('/myhome/sohTemplate/createImportTemplate', { name: ' same ', fieldsArr }, { token: seller.token });
    expect(again.status).toBe(409);
    expect(again.body.params).toMatchObject({ field: 'name' });
    const noQty = await t.call(
      '/myhome/sohTemplate/createImportTemplate',
      { name: 'Partial', fieldsArr: fieldsArr.filter((f: { field: string }) => f.field !== 'qty') },
      { token: seller.token },
    );
    expect(noQty.status).toBe(400);
    const twice = await t.call(
      '/myhome/sohTemplate/createImportTemplate',
      { name: 'Twice', fieldsArr: [...fieldsArr, { field: 'qty', header: 'Another qty' }] },
      { token: seller.token },
    );
    expect(twice.status).toBe(400);
  });
});

describe('createFromXls', () => {
  it('creates one order per platform order no. with the standard template, then none when the same file comes again', async () => {
    const w = await world();
    const no1 = uniqueName('P');
    const no2 = uniqueName('P');
    const file = await workbook(STANDARD, [
      [no1, w.store.name, '张三', '13800001111', '浙江省杭州市西湖区文一路 1 号', w.skus[0]!.code, 2, '10.5', '请尽快发货'],
      [no1, w.store.name, '张三', '13800001111', '浙江省杭州市西湖区文一路 1 号', w.skus[1]!.code, 1, '3', ''],
      [no2, w.store.name, '李四', '13900002222', '广东省深圳市南山区科技园 8 号', w.skus[0]!.code, 1, '10', ''],
    ]);
    const first = await importFile(w.seller.token, file);
    expect(first.parsed.summary).toMatchObject({ orders: 2, new: 2, existing: 0 });
    expect(first.done.result).toMatchObject({ orders: 2, created: 2, existing: 0 });

    const orders = await ordersOfStore(t, w.seller.domainId, w.store.id);
    expect(orders).toHaveLength(2);
    const one = orders.find((o) => o.platform_nos[0] === no1)!;
    expect(one).toMatchObject({ source: 'IMPORT', receiver_province: '浙江省', receiver_city: '杭州市', receiver_district: '西湖区', qty_total: 3, amount_total: '24.0000', buyer_message: '请尽快发货' });
    const lines = await linesOf(t, Number(one.id));
    expect(lines.map((l) => Number(l.sku_id)).sort()).toEqual(w.skus.map((s) => s.id).sort());

    const second = await importFile(w.seller.token, file);
    expect(second.parsed.summary).toMatchObject({ orders: 2, new: 0, existing: 2 });
    expect(second.done.result).toMatchObject({ created: 0, existing: 2 });
    expect(await ordersOfStore(t, w.seller.domainId, w.store.id)).toHaveLength(2);

    const progress = await t.call('/myhome/taobaoSoh/queryImportProgress', { id: second.done.id }, { token: w.seller.token });
    expect(progress.body.data).toMatchObject({ progressType: 'OFFLINE_ORDER_IMPORT', totalCount: 2, successfulCount: 2, failureCount: 0, feedbackComplete: true });
  });

  it('reads a seller sheet through a saved template, with the chosen default store', async () => {
    const w = await world();
    const template = await t.call(
      '/myhome/sohTemplate/createImportTemplate',
      {
        name: 'Shop export',
        fieldsArr: [
          { field: 'platformNo', header: 'Order ID' },
          { field: 'receiverName', header: 'Consignee' },
          { field: 'receiverPhone', header: 'Mobile' },
          { field: 'province', header: 'Prov' },
          { field: 'city', header: 'Town' },
          { field: 'address', header: 'Street' },
          { field: 'skuCode', header: 'Merchant code' },
          { field: 'qty', header: 'Count' },
          { field: 'price', header: 'Each' },
          { field: 'sellerRemark', header: 'Note' },
        ],
      },
      { token: w.seller.token },
    );
    const no = uniqueName('T');
    const file = await workbook(['Order ID', 'Consignee', 'Mobile', 'Prov', 'Town', 'Street', 'Merchant code', 'Count', 'Each', 'Note'], [
      [no, 'Wang', '13700003333', '江苏省', '南京市', '中山路 5 号', w.skus[1]!.code, 4, '2.5', 'gift wrap'],
    ]);
    const { done } = await importFile(w.seller.token, file, { templateId: String(template.body.data.id), storeId: String(w.store.id) });
    expect(done.result).toMatchObject({ created: 1 });
    const [order] = await ordersOfStore(t, w.seller.domainId, w.store.id);
    expect(order).toMatchObject({ source: 'IMPORT', platform_nos: [no], receiver_name: 'Wang', receiver_city: '南京市', qty_total: 4, amount_total: '10.0000', seller_remark: 'gift wrap' });
  });

  it('lists each bad row with its row number and reason, and loads nothing', async () => {
    const w = await world();
    const good = uniqueName('G');
    const file = await workbook(STANDARD, [
      [good, w.store.name, '张三', '13800001111', '浙江省杭州市西湖区文一路 1 号', w.skus[0]!.code, 1, '1', ''],
      [uniqueName('B'), 'No such store', '张三', '13800001111', '浙江省杭州市西湖区文一路 1 号', w.skus[0]!.code, 1, '1', ''],
      [uniqueName('B'), w.store.name, '张三', '13800001111', '浙江省杭州市西湖区文一路 1 号', 'NOPE-404', 1, '1', ''],
      [uniqueName('B'), w.store.name, '张三', '13800001111', '浙江省杭州市西湖区文一路 1 号', w.skus[0]!.code, '1.5', '1', ''],
      [uniqueName('B'), w.store.name, '', '13800001111', '浙江省杭州市西湖区文一路 1 号', w.skus[0]!.code, 1, '1', ''],
      [uniqueName('B'), w.store.name, '张三', '13800001111', 'somewhere unknown', w.skus[0]!.code, 1, '1', ''],
    ]);
    const started = await startImport(w.seller.token, file);
    const task = await checked(w.seller.token, started.body.data.id);
    expect(task.status).toBe('INVALID');
    const byRow = (row: number) => task.errors.filter((e: { row: number }) => e.row === row).map((e: { field: string }) => e.field);
    expect(byRow(2)).toEqual([]);
    expect(byRow(3)).toEqual(['storeName']);
    expect(byRow(4)).toEqual(['skuCode']);
    expect(byRow(5)).toEqual(['qty']);
    expect(byRow(6)).toEqual(['receiverName']);
    expect(byRow(7)).toEqual(['fullAddress']);
    expect(task.errors.find((e: { row: number }) => e.row === 4).message).toContain('NOPE-404');
    const confirm = await t.call('/cloud/core/import/confirm', { id: task.id, options: {} }, { token: w.seller.token });
    expect(confirm.body.success).toBe(false);
    expect(await ordersOfStore(t, w.seller.domainId, w.store.id)).toHaveLength(0);
  });

  it('names the required columns a sheet lacks, and loads nothing', async () => {
    const w = await world();
    const file = await workbook(['平台单号', '收货人', '完整地址', '数量'], [[uniqueName('H'), '张三', '浙江省杭州市西湖区文一路 1 号', 1]]);
    const started = await startImport(w.seller.token, file, { storeId: String(w.store.id) });
    const task = await checked(w.seller.token, started.body.data.id);
    expect(task.status).toBe('FAILED');
    expect(task.message).toContain('Phone');
    expect(task.message).toContain('SKU code');
    expect(await ordersOfStore(t, w.seller.domainId, w.store.id)).toHaveLength(0);
  });

  it('refuses an .xls file and a file over 5M', async () => {
    const w = await world();
    const xls = await startImport(w.seller.token, await workbook(STANDARD, []), {}, 'orders.xls');
    expect(xls.body.success).toBe(false);
    const big = await startImport(w.seller.token, Buffer.alloc(5_242_881, 1));
    expect(big.body.success).toBe(false);
  });
});

describe('domains and permissions', () => {
  it('keeps another domain away from the templates, the stores and the import tasks', async () => {
    const w = await world();
    const other = await ingestSeller(t);
    const fieldsArr = (await t.call('/myhome/sohTemplate/getDefaultFields', {}, { token: w.seller.token })).body.data;
    const created = await t.call('/myhome/sohTemplate/createImportTemplate', { name: 'Mine', fieldsArr }, { token: w.seller.token });
    const id = created.body.data.id;
    expect((await t.call('/myhome/sohTemplate/getFieldMapsByTemplateId', { id }, { token: other.token })).status).toBe(404);
    expect((await t.call('/myhome/sohTemplate/updateImportTemplate', { id, version: 0, name: 'Theirs', fieldsArr }, { token: other.token })).status).toBe(404);
    expect((await t.call('/myhome/sohTemplate/removeImportTemplate', { id }, { token: other.token })).status).toBe(404);
    expect((await t.call('/myhome/sohTemplate/searchPageList', { currentPage: 1, pageSize: 10 }, { token: other.token })).body.data.total).toBe(0);
    // The same name is free in another domain.
    expect((await t.call('/myhome/sohTemplate/createImportTemplate', { name: 'Mine', fieldsArr }, { token: other.token })).body.success).toBe(true);

    const file = await workbook(STANDARD, [[uniqueName('X'), '', '张三', '13800001111', '浙江省杭州市西湖区文一路 1 号', 'ANY', 1, '1', '']]);
    expect((await startImport(other.token, file, { templateId: String(id) })).status).toBe(404);
    expect((await startImport(other.token, file, { storeId: String(w.store.id) })).status).toBe(404);
    // The other domain's store name is unknown here.
    const named = await workbook(STANDARD, [[uniqueName('X'), w.store.name, '张三', '13800001111', '浙江省杭州市西湖区文一路 1 号', w.skus[0]!.code, 1, '1', '']]);
    const started = await startImport(other.token, named);
    const task = await checked(other.token, started.body.data.id);
    expect(task.status).toBe('INVALID');
    expect(task.errors.map((e: { field: string }) => e.field).sort()).toEqual(['skuCode', 'storeName']);
    expect((await t.call('/cloud/core/import/get', { id: task.id }, { token: w.seller.token })).status).toBe(404);
  });

  it('refuses a sub-account without the create-order menu', async () => {
    const w = await world();
    const staff = await t.factories.subAccount(w.seller.domainId, { menus: ['MENU_ERPSO'] });
    const token = await t.token(staff.loginName, staff.password);
    expect((await t.call('/myhome/sohTemplate/searchPageList', { currentPage: 1, pageSize: 10 }, { token })).status).toBe(403);
    const fieldsArr = (await t.call('/myhome/sohTemplate/getDefaultFields', {}, { token: w.seller.token })).body.data;
    expect((await t.call('/myhome/sohTemplate/createImportTemplate', { name: 'Nope', fieldsArr }, { token })).status).toBe(403);
    const file = await workbook(STANDARD, [[uniqueName('X'), w.store.name, '张三', '13800001111', '浙江省杭州市西湖区文一路 1 号', w.skus[0]!.code, 1, '1', '']]);
    expect((await startImport(token, file)).status).toBe(403);
    expect(await ordersOfStore(t, w.seller.domainId, w.store.id)).toHaveLength(0);
  });
});
