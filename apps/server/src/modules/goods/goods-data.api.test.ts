// Goods data in and out over HTTP: spreadsheet imports (goods and combinations) through the
// import engine and the direct calls, the export to the download centre, shelf-life records,
// and goods pictures.
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PICTURE_PREFIX, type SpuRow } from '@openseller/core';
import { createCombination, createGoods, goodsSeller, goodsStaff } from '../../../test/factories/goods.js';
import { createTestApp } from '../../../test/harness.js';
import { spus } from '../../db/schema/index.js';

const t = await createTestApp();
const call = (path: string, body: unknown, token: string) => t.call(path, body, { token });

async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Goods');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function importFile(token: string, kind: string, file: Buffer) {
  const started = await t.upload('/cloud/core/import/upload', { field: 'uploadExcel', name: 'goods.xlsx', data: file }, { kind }, { token });
  if (!started.body.success) throw new Error(JSON.stringify(started.body));
  const task = await t.waitFor(
    () => call('/cloud/core/import/get', { id: started.body.data.id }, token),
    (a) => a.body.data.status !== 'PARSING',
  );
  return task.body.data;
}

async function confirmImport(token: string, id: number, options: Record<string, unknown> = {}) {
  await call('/cloud/core/import/confirm', { id, options }, token);
  const done = await t.waitFor(
    () => call('/cloud/core/import/get', { id }, token),
    (a) => ['DONE', 'FAILED'].includes(a.body.data.status),
  );
  return done.body.data;
}

const list = async (token: string, filter: Record<string, unknown> = {}) =>
  (await call('/myhome/spu/searchSpuPageList', { pageSize: 100, ...filter }, token)).body.data.voList as SpuRow[];

const GOODS_HEADER = ['Goods code', 'Goods name', 'SKU code', 'Color', 'Size', 'Bar code', 'Price', 'Cost price', 'Weight (kg)', 'Class code', 'Labels'];

describe('goods import', () => {
  it('offers a template with the required columns marked, in the reader language', async () => {
    const { token } = await goodsSeller(t);
    for (const [language, first] of [
      ['en', '*Goods code'],
      ['zh', '*商品编码'],
    ]) {
      const response = await fetch(`${t.baseUrl}/cloud/core/import/template?kind=GOODS`, { headers: { authorization: `Bearer ${token}`, 'accept-language': language! } });
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(await response.arrayBuffer());
      expect((wb.worksheets[0]!.getRow(1).values as string[])[1]).toBe(first);
    }
    const combo = await fetch(`${t.baseUrl}/cloud/core/import/template?kind=COMBINATION_GOODS`, { headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' } });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await combo.arrayBuffer());
    expect((wb.worksheets[0]!.getRow(1).values as string[]).slice(1, 5)).toEqual(['*Combination code', '*Combination name', '*Component SKU code', '*Quantity']);
  });

  it('creates goods with and without variants from a checked file, all together', async () => {
    const { token } = await goodsSeller(t);
    const cls = (await call('/myhome/spuSysClassify/create', { code: 'DRINK', name: 'Drinks' }, token)).body.data;
    const file = await xlsx([
      GOODS_HEADER,
      ['TEA', 'Green tea', 'TEA-S', 'green', 'S', '111', '5.5', '2', '0.25', 'DRINK', 'new,hot'],
      ['TEA', 'Green tea', 'TEA-L', 'green', 'L', '112', '7.5', '3', '0.5', 'DRINK', ''],
      ['WATER', 'Water', '', '', '', '200', 1, '', 0.5, '', ''],
    ]);
    const task = await importFile(token, 'GOODS', file);
    expect(task).toMatchObject({ status: 'PARSED', totalRows: 3, summary: { new: 2, existing: 0, skus: 3 } });
    const done = await confirmImport(token, task.id);
    expect(done).toMatchObject({ status: 'DONE', percentage: 100, result: { created: 2, updated: 0, skipped: 0, skus: 3 } });
    const rows = await list(token);
    const tea = rows.find((r) => r.code === 'TEA')!;
    expect(tea).toMatchObject({ hasSku: true, skuSysClassifyId: cls.id, labels: ['new', 'hot'], name: 'Green tea' });
    expect(tea.skus.map((s) => [s.code, s.size, s.price, s.weight])).toEqual([
      ['TEA-S', 'S', '5.5000', '0.250'],
      ['TEA-L', 'L', '7.5000', '0.500'],
    ]);
    const water = rows.find((r) => r.code === 'WATER')!;
    expect(water).toMatchObject({ hasSku: false, barCode: '200', price: '1.0000' });
    expect(water.skus.map((s) => s.code)).toEqual(['WATER']);
  });

  it('lists every bad row with its number and column, and loads nothing', async () => {
    const { token, domainId } = await goodsSeller(t);
    await createGoods(t, token, { code: 'OLD', hasSku: true, skus: [{ code: 'OLD-1' }] });
    const file = await xlsx([
      GOODS_HEADER,
      ['N1', 'Fine', '', '', '', '', '1', '', '', '', ''],
      ['N2', 'Negative', '', '', '', '', '-3', '', '', '', ''],
      ['N3', 'Too precise', '', '', '', '', '1', '', '0.1234', '', ''],
      ['N4', 'Taken SKU', 'OLD-1', '', '', '', '', '', '', '', ''],
      ['N5', 'No class', '', '', '', '', '', '', '', 'NOPE', ''],
      ['N6', 'Twice', 'N6-A', '', '', '', '', '', '', '', ''],
      ['N6', 'Twice', 'N6-A', '', '', '', '', '', '', '', ''],
      ['', 'No code', '', '', '', '', '', '', '', '', ''],
    ]);
    const task = await importFile(token, 'GOODS', file);
    expect(task.status).toBe('INVALID');
    expect(task.errors.map((e: { row: number; field: string }) => [e.row, e.field])).toEqual([
      [3, 'price'],
      [4, 'weight'],
      [5, 'skuCode'],
      [6, 'classCode'],
      [8, 'skuCode'],
      [9, 'spuCode'],
    ]);
    expect(task.errors[1]).toMatchObject({ code: 'DECIMALS', params: { max: 3 }, message: 'At most 3 decimals' });
    expect(task.errors[2].message).toBe('SKU code OLD-1 is already used by goods OLD');
    expect(await t.database.db.select().from(spus).where(eq(spus.domainId, domainId))).toHaveLength(1);
  });

  it('words row problems in Chinese for a Chinese reader', async () => {
    const { token } = await goodsSeller(t);
    const file = await xlsx([
      ['商品编码', '商品名称', '重量(kg)'],
      ['Z1', '茶', '0.1234'],
    ]);
    const started = await t.upload('/cloud/core/import/upload', { field: 'uploadExcel', name: 'g.xlsx', data: file }, { kind: 'GOODS' }, { token, headers: { 'accept-language': 'zh' } });
    const task = await t.waitFor(
      () => call('/cloud/core/import/get', { id: started.body.data.id }, token),
      (a) => a.body.data.status !== 'PARSING',
    );
    expect(task.body.data.errors).toEqual([{ row: 2, field: 'weight', code: 'DECIMALS', params: { max: 3 }, message: '最多 3 位小数' }]);
  });

  it('skips existing codes, or overwrites them in cover mode', async () => {
    const { token } = await goodsSeller(t);
    await createGoods(t, token, { code: 'KEEP', name: 'Old name', price: '1' });
    const file = await xlsx([GOODS_HEADER, ['KEEP', 'New name', '', '', '', '', '2', '', '', '', ''], ['FRESH', 'Fresh', '', '', '', '', '3', '', '', '', '']]);
    const skip = await importFile(token, 'GOODS', file);
    expect(skip.summary).toEqual({ new: 1, existing: 1, skus: 2 });
    expect((await confirmImport(token, skip.id)).result).toEqual({ created: 1, updated: 0, skipped: 1, skus: 1 });
    expect((await list(token)).find((r) => r.code === 'KEEP')!.name).toBe('Old name');
    const cover = await importFile(token, 'GOODS', await xlsx([GOODS_HEADER, ['KEEP', 'New name', 'KEEP-2', '', '', '', '2', '', '', '', '']]));
    expect((await confirmImport(token, cover.id, { isCover: true })).result).toEqual({ created: 0, updated: 1, skipped: 0, skus: 1 });
    const kept = (await list(token)).find((r) => r.code === 'KEEP')!;
    expect(kept).toMatchObject({ name: 'New name', hasSku: true, price: '2.0000' });
    expect(kept.skus.map((s) => s.code)).toEqual(['KEEP', 'KEEP-2']);
  });

  it("gives SKU rows without cost price or weight the goods' values, and keeps them in step when a cover import changes the goods", async () => {
    const { token } = await goodsSeller(t);
    const values = async () => Object.fromEntries((await list(token)).find((r) => r.code === 'JAR')!.skus.map((s) => [s.code, [s.costPrice, s.weight, s.costPriceFromGoods, s.weightFromGoods]]));
    const first = await importFile(token, 'GOODS', await xlsx([GOODS_HEADER, ['JAR', 'Jar', 'JAR-S', '', 'S', '', '5', '20', '0.25', '', ''], ['JAR', 'Jar', 'JAR-L', '', 'L', '', '6', '', '', '', '']]));
    expect((await confirmImport(token, first.id)).status).toBe('DONE');
    expect(await values()).toEqual({ 'JAR-S': ['20.0000', '0.250', false, false], 'JAR-L': ['20.0000', '0.250', true, true] });
    const cover = await importFile(token, 'GOODS', await xlsx([GOODS_HEADER, ['JAR', 'Jar', 'JAR-S', '', 'S', '', '5', '22', '0.3', '', ''], ['JAR', 'Jar', 'JAR-XL', '', 'XL', '', '7', '', '0.5', '', '']]));
    expect((await confirmImport(token, cover.id, { isCover: true })).status).toBe('DONE');
    expect(await values()).toEqual({ 'JAR-S': ['22.0000', '0.300', false, false], 'JAR-L': ['22.0000', '0.300', true, true], 'JAR-XL': ['22.0000', '0.500', true, false] });
  });

  it('refuses a cost price from an account without the COST_PRICE field, and an account without the goods menu', async () => {
    const { token, domainId } = await goodsSeller(t);
    const clerk = await goodsStaff(t, domainId, ['MENU_SKU']);
    const task = await importFile(clerk, 'GOODS', await xlsx([GOODS_HEADER, ['CP', 'Cost', '', '', '', '', '1', '9', '', '', '']]));
    expect(task.errors).toEqual([{ row: 2, field: 'costPrice', code: 'FIELD_NOT_PERMITTED', params: {}, message: 'You may not see this field, so you cannot set it; leave the column empty' }]);
    const picker = await goodsStaff(t, domainId, ['MENU_ERPSO', 'MENU_INV']);
    const denied = await t.upload('/cloud/core/import/upload', { field: 'uploadExcel', name: 'g.xlsx', data: await xlsx([GOODS_HEADER]) }, { kind: 'GOODS' }, { token: picker });
    expect(denied.body.errorCode).toBe('ERR_SECURITY_NO_PERMISSION');
    expect(token).toBeTruthy();
  });

  it('refuses a disguised or oversize file before reading it', async () => {
    const { token } = await goodsSeller(t);
    const fake = await t.upload('/cloud/core/import/upload', { field: 'uploadExcel', name: 'goods.xlsx', data: Buffer.from('<html>not a workbook</html>') }, { kind: 'GOODS' }, { token });
    expect(fake.body.errorCode).toBe('ERR_FILE_EXCEL_FORMAT');
    const big = Buffer.concat([await xlsx([GOODS_HEADER]), Buffer.alloc(5_242_881)]);
    const oversize = await t.upload('/cloud/core/import/upload', { field: 'uploadExcel', name: 'goods.xlsx', data: big }, { kind: 'GOODS' }, { token });
    expect(oversize.body.errorCode).toBe('ERR_FILE_EXCEL_SIZE');
  });
});

describe('combination goods import', () => {
  const HEADER = ['Combination code', 'Combination name', 'Component SKU code', 'Quantity', 'Apportioned cost price', 'Price'];

  it('creates combinations from their component rows', async () => {
    const { token } = await goodsSeller(t);
    await createGoods(t, token, { code: 'PEN' });
    await createGoods(t, token, { code: 'INK', hasSku: true, skus: [{ code: 'INK-BLUE' }] });
    const task = await importFile(token, 'COMBINATION_GOODS', await xlsx([HEADER, ['KIT', 'Pen kit', 'PEN', '1', '2', '9'], ['KIT', 'Pen kit', 'INK-BLUE', '3', '0.5', '']]));
    expect(task).toMatchObject({ status: 'PARSED', summary: { new: 1, existing: 0, components: 2 } });
    expect((await confirmImport(token, task.id)).result).toEqual({ created: 1, updated: 0, skipped: 0, components: 2 });
    const kit = (await list(token, { isCombination: true }))[0]!;
    expect(kit).toMatchObject({ code: 'KIT', isCombination: true, price: '9.0000', costPrice: '3.5000' });
    expect(kit.components.map((c) => [c.code, c.qty])).toEqual([
      ['PEN', 1],
      ['INK-BLUE', 3],
    ]);
  });

  it('refuses unknown components, a combination containing itself or a loop, and ordinary goods codes', async () => {
    const { token } = await goodsSeller(t);
    const base = await createGoods(t, token, { code: 'B' });
    const inner = await createCombination(t, token, [{ id: base.skus[0]!.id, qty: 1 }], { code: 'IN' });
    await createCombination(t, token, [{ id: inner.skus[0]!.id, qty: 1 }], { code: 'OUT' });
    const task = await importFile(
      token,
      'COMBINATION_GOODS',
      await xlsx([HEADER, ['NEW', 'New', 'GHOST', '1', '', ''], ['SELFISH', 'Self', 'SELFISH', '1', '', ''], ['IN', 'In', 'OUT', '1', '', ''], ['B', 'Plain', 'IN', '1', '', ''], ['NEW', 'New', 'B', 'x', '', '']]),
    );
    expect(task.status).toBe('INVALID');
    expect(task.errors.map((e: { row: number; field: string }) => [e.row, e.field])).toEqual([
      [2, 'componentCode'],
      [3, 'componentCode'],
      [4, 'componentCode'],
      [5, 'code'],
      [6, 'qty'],
    ]);
    expect(task.errors[2].message).toBe('A combination cannot contain another combination that contains it (OUT)');
  });
});

describe('the direct import calls', () => {
  it('parses a base64 file into rows and problems, then loads the rows in one go', async () => {
    const { token } = await goodsSeller(t);
    const good = await xlsx([GOODS_HEADER, ['D1', 'Direct', '', '', '', '', '1.5', '', '0.1', '', 'a;b']]);
    const parsed = await call('/myhome/dataImport/spuParseImportFile', { byteArray: good.toString('base64'), excelType: 'xlsx' }, token);
    expect(parsed.body.data.errors).toEqual([]);
    expect(parsed.body.data.spuList[0]).toMatchObject({ spuCode: 'D1', price: '1.5', labels: ['a', 'b'] });
    const loaded = await call('/myhome/dataImport/spuLoadImportFile', { spuList: parsed.body.data.spuList, isCover: false }, token);
    expect(loaded.body.data).toMatchObject({ created: 1 });
    expect((await list(token)).map((r) => [r.code, r.price, r.labels])).toEqual([['D1', '1.5000', ['a', 'b']]]);
    const bad = await xlsx([GOODS_HEADER, ['D2', 'Bad', '', '', '', '', '-1', '', '', '', '']]);
    const problems = await call('/myhome/dataImport/spuParseImportFile', { byteArray: bad.toString('base64') }, token);
    expect(problems.body.data).toMatchObject({ spuList: [], errors: [{ row: 2, field: 'price', code: 'NEGATIVE', message: 'Cannot be negative' }] });
    const tampered = await call('/myhome/dataImport/spuLoadImportFile', { spuList: [{ spuCode: 'D3', name: 'x', weight: '1.23456' }] }, token);
    expect(tampered.body).toMatchObject({ errorCode: 'ERR_VALIDATION', params: { field: 'spuList.0.weight' } });
    const disguised = await call('/myhome/dataImport/spuParseImportFile', { byteArray: Buffer.from('hello').toString('base64') }, token);
    expect(disguised.body.errorCode).toBe('ERR_FILE_EXCEL_FORMAT');
    expect((await list(token)).length).toBe(1);
  });

  it('takes as much as the import dialog does: the same row cap and the same problems for the same file', async () => {
    const { token } = await goodsSeller(t);
    // 2,500 rows: over the direct path's old cap of 2,000, within the goods importer's 20,000.
    const rows = Array.from({ length: 2500 }, (_, i) => [`BIG${i}`, `Big ${i}`, '', '', '', '', '1', '', '', '', '']);
    rows[1200]![6] = '-1';
    const file = await xlsx([GOODS_HEADER, ...rows]);
    const parsed = await call('/myhome/dataImport/spuParseImportFile', { byteArray: file.toString('base64') }, token);
    expect(parsed.body.data).toMatchObject({ spuList: [], errors: [{ row: 1202, field: 'price', code: 'NEGATIVE', message: 'Cannot be negative' }] });
    const task = await importFile(token, 'GOODS', file);
    expect(task.status).toBe('INVALID');
    expect(task.errors).toEqual(parsed.body.data.errors);
  });
});

describe('goods export', () => {
  it('writes one row per SKU to the download centre, with cost prices only for the COST_PRICE field', async () => {
    const { token, domainId } = await goodsSeller(t);
    await createGoods(t, token, { code: 'EX-A', name: 'Alpha', costPrice: '4', hasSku: true, skus: [{ code: 'EX-A1', costPrice: '4' }, { code: 'EX-A2' }] });
    await createGoods(t, token, { code: 'EX-B', name: 'Beta', price: '3' });
    await createGoods(t, token, { code: 'OTHER', name: 'Gamma' });
    const download = async (who: string, body: Record<string, unknown>) => {
      const requested = await call('/myhome/spu/exportSpu', body, who);
      expect(requested.body.data).toMatchObject({ processStatus: 'REQUEST', title: 'Goods export' });
      await t.waitFor(
        () => call('/cloud/core/exportFile/needPollingList', {}, who),
        (a) => a.body.data.some((f: { id: number; processStatus: string }) => f.id === requested.body.data.id && f.processStatus === 'SUCCESS'),
      );
      const file = await fetch(`${t.baseUrl}/cloud/core/exportFile/downloadExcel`, {
        method: 'POST',
        headers: { authorization: `Bearer ${who}`, 'content-type': 'application/json' },
        body: JSON.stringify({ number: requested.body.data.id }),
      });
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(await file.arrayBuffer());
      const sheet = wb.worksheets[0]!;
      const header = (sheet.getRow(1).values as string[]).slice(1);
      const rows: Record<string, unknown>[] = [];
      sheet.eachRow((row, n) => {
        if (n > 1) rows.push(Object.fromEntries(header.map((h, i) => [h, row.getCell(i + 1).value])));
      });
      return { header, rows };
    };
    const all = await download(token, { codeKeywords: 'EX' });
    expect(all.rows.map((r) => r['SKU code'])).toEqual(['EX-B', 'EX-A1', 'EX-A2']);
    expect(all.header).toContain('Cost price');
    expect(all.rows[1]).toMatchObject({ 'Goods code': 'EX-A', 'Cost price': '4.0000' });
    const clerk = await goodsStaff(t, domainId, ['MENU_SKU', 'MENU_DATA_DOWNLOAD']);
    const blind = await download(clerk, {});
    expect(blind.header).not.toContain('Cost price');
    expect(blind.rows).toHaveLength(4);
    const picker = await goodsStaff(t, domainId, ['MENU_ERPSO', 'MENU_DATA_DOWNLOAD']);
    expect((await call('/myhome/spu/exportSpu', {}, picker)).status).toBe(403);
  });
});

describe('shelf-life records', () => {
  it('adds production dates with quantities to a SKU, lists them by date, and clears the chosen ones', async () => {
    const { token } = await goodsSeller(t);
    const spu = await createGoods(t, token, { code: 'MILK' });
    const skuId = spu.skus[0]!.id;
    const added = await call(
      '/myhome/sku/addProductDateInfo',
      {
        skuId,
        productDateList: [
          { productDate: '2026-03-01', qty: 10 },
          { productDate: '2026-01-15', qty: 4 },
        ],
      },
      token,
    );
    expect(added.body.data).toMatchObject({ id: skuId, skuCode: 'MILK' });
    expect(added.body.data.productDate.map((p: { productDate: string; qty: number }) => [p.productDate, p.qty])).toEqual([
      ['2026-01-15', 4],
      ['2026-03-01', 10],
    ]);
    const first = added.body.data.productDate[0].id;
    const cleared = await call('/myhome/sku/delProductDateInfo', { skuId, idList: [first] }, token);
    expect(cleared.body.data.productDate.map((p: { productDate: string }) => p.productDate)).toEqual(['2026-03-01']);
    expect((await call('/myhome/sku/getProductDateInfo', { skuId }, token)).body.data.productDate).toHaveLength(1);
  });

  it('refuses impossible dates and quantities, naming the field', async () => {
    const { token } = await goodsSeller(t);
    const spu = await createGoods(t, token);
    const skuId = spu.skus[0]!.id;
    const badDate = await call('/myhome/sku/addProductDateInfo', { skuId, productDateList: [{ productDate: '2026-02-30', qty: 1 }] }, token);
    expect(badDate.body.fields).toContainEqual({ field: 'productDateList.0.productDate', message: 'Not a real date' });
    const badQty = await call('/myhome/sku/addProductDateInfo', { skuId, productDateList: [{ productDate: '2026-02-01', qty: 0 }] }, token);
    expect(badQty.body.fields).toContainEqual({ field: 'productDateList.0.qty', message: 'Quantity must be at least 1' });
    expect((await call('/myhome/sku/getProductDateInfo', { skuId }, token)).body.data.productDate).toEqual([]);
  });

  it('keeps shelf-life records from another domain and from an account without the menus', async () => {
    const a = await goodsSeller(t);
    const b = await goodsSeller(t);
    const spu = await createGoods(t, a.token);
    const skuId = spu.skus[0]!.id;
    const added = await call('/myhome/sku/addProductDateInfo', { skuId, productDateList: [{ productDate: '2026-05-05', qty: 2 }] }, a.token);
    const recordId = added.body.data.productDate[0].id;
    expect((await call('/myhome/sku/getProductDateInfo', { skuId }, b.token)).status).toBe(404);
    expect((await call('/myhome/sku/addProductDateInfo', { skuId, productDateList: [{ productDate: '2026-05-05', qty: 2 }] }, b.token)).status).toBe(404);
    expect((await call('/myhome/sku/delProductDateInfo', { skuId, idList: [recordId] }, b.token)).status).toBe(404);
    const clerk = await goodsStaff(t, a.domainId, ['MENU_USER_CONFIG']);
    expect((await call('/myhome/sku/getProductDateInfo', { skuId }, clerk)).status).toBe(403);
    expect((await call('/myhome/sku/getProductDateInfo', { skuId }, a.token)).body.data.productDate).toHaveLength(1);
  });
});

describe('goods pictures', () => {
  it('keeps an uploaded picture as the goods main picture, and refuses one that is not uploaded or http', async () => {
    const { token } = await goodsSeller(t);
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 1)]);
    const uploaded = await t.upload('/cloud/core/file/upload', { field: 'file', name: 'mug.png', data: png }, { useType: 'SKU' }, { token });
    const picUrl = PICTURE_PREFIX + uploaded.body.data;
    const spu = await createGoods(t, token, { picUrl });
    expect(spu.picUrl).toBe(picUrl);
    expect(spu.skus[0]!.picUrl).toBe(picUrl);
    const bad = await call('/myhome/spu/createSpuByHand', { code: 'PIC', name: 'x', picUrl: 'javascript:alert(1)' }, token);
    expect(bad.body.params?.field).toBe('picUrl');
    const removed = await call('/myhome/spu/updateSpuByhand', { id: spu.id, version: spu.version, code: spu.code, name: spu.name, picUrl: null }, token);
    expect(removed.body.data.picUrl).toBeNull();
  });
});
