// Suppliers and supply goods over HTTP, on a fresh database.
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness.js';
import { createSupplier, skuRows, supplierInput } from '../../../test/factories/suppliers.js';
import { signedInSeller, signedInStaff } from '../../../test/factories/warehouses.js';
import { operationLogs, suppliers, supplyGoods } from '../../db/schema/index.js';
import type { SuppliersRegistryService } from './index.js';
import { type ReferenceChecker } from '../../platform/references.js';

const t = await createTestApp();
const registry = t.app.services.registry;

// Purchase orders naming a supplier, switched on per supplier by the tests.
const purchased = new Set<number>();
registry.add<ReferenceChecker>('supplier-references', async (_tx, _domainId, ids) => ids.filter((id) => purchased.has(id)).map(() => ({ reason: 'purchase orders', count: 3 })));

async function xlsx(rows: string[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('suppliers', () => {
  it('creates a supplier with a mobile or a landline, searches and logs it', async () => {
    const seller = await signedInSeller(t);
    const a = await createSupplier(t, seller.token, { code: 'YW01', name: 'Yiwu Cups', phone: '13912345678' });
    await createSupplier(t, seller.token, { code: 'HZ01', name: 'Hangzhou Tea', phone: '0571-88886666', status: 'DISABLED' });
    expect(a).toMatchObject({ code: 'YW01', status: 'ENABLED', skuCount: 0, version: 0 });
    const all = await t.call('/cloud/purchase/supplier/search', {}, { token: seller.token });
    expect(all.body.data).toMatchObject({ total: 2, currentPage: 1, pageSize: 10 });
    expect((await t.call('/cloud/purchase/supplier/search', { keyword: 'yiwu' }, { token: seller.token })).body.data.voList.map((s: any) => s.code)).toEqual(['YW01']);
    expect((await t.call('/cloud/purchase/supplier/search', { status: 'DISABLED' }, { token: seller.token })).body.data.voList.map((s: any) => s.code)).toEqual(['HZ01']);
    expect((await t.call('/cloud/purchase/supplier/listAll', {}, { token: seller.token })).body.data.map((s: any) => s.code)).toEqual(['YW01']);
    expect((await t.call('/cloud/purchase/supplier/listAll', { includeDisabled: true }, { token: seller.token })).body.data.map((s: any) => s.code)).toEqual(['HZ01', 'YW01']);
    const logs = await t.database.db.select().from(operationLogs).where(and(eq(operationLogs.domainId, seller.domainId), eq(operationLogs.entityType, 'supplier')));
    expect(logs).toHaveLength(2);
  });

  it('refuses a duplicate code, a bad phone and an empty name, naming the field, adding nothing', async () => {
    const seller = await signedInSeller(t);
    await createSupplier(t, seller.token, { code: 'S1' });
    const dup = await t.call('/cloud/purchase/supplier/create', supplierInput({ code: ' S 1' }), { token: seller.token });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ errorCode: 'ERR_SUPPLIER_CODE_TAKEN', params: { field: 'code', code: 'S1' } });
    const phone = await t.call('/cloud/purchase/supplier/create', supplierInput({ phone: '88886666' }), { token: seller.token });
    expect(phone.body).toMatchObject({ errorCode: 'ERR_VALIDATION', params: { field: 'phone' } });
    const name = await t.call('/cloud/purchase/supplier/create', supplierInput({ name: '' }), { token: seller.token });
    expect(name.body.params?.field).toBe('name');
    expect(await t.database.db.select().from(suppliers).where(eq(suppliers.domainId, seller.domainId))).toHaveLength(1);
  });

  it('updates with the current version, refuses a stale one or a code taken by another', async () => {
    const seller = await signedInSeller(t);
    const s = await createSupplier(t, seller.token, { code: 'U1' });
    await createSupplier(t, seller.token, { code: 'U2' });
    const updated = await t.call('/cloud/purchase/supplier/update', { ...supplierInput({ code: 'U1', name: 'Renamed', status: 'DISABLED' }), id: s.id, version: 0 }, { token: seller.token });
    expect(updated.body.data).toMatchObject({ name: 'Renamed', status: 'DISABLED', version: 1 });
    const stale = await t.call('/cloud/purchase/supplier/update', { ...supplierInput({ code: 'U1', name: 'Stale' }), id: s.id, version: 0 }, { token: seller.token });
    expect(stale.body.errorCode).toBe('ERR_VERSION_CONFLICT');
    const taken = await t.call('/cloud/purchase/supplier/update', { ...supplierInput({ code: 'U2' }), id: s.id, version: 1 }, { token: seller.token });
    expect(taken.body).toMatchObject({ errorCode: 'ERR_SUPPLIER_CODE_TAKEN', params: { field: 'code' } });
    expect((await t.call('/cloud/purchase/supplier/get', { id: s.id }, { token: seller.token })).body.data).toMatchObject({ code: 'U1', name: 'Renamed', version: 1 });
  });

  it('deletes suppliers with their supply goods, but none that purchase orders name', async () => {
    const seller = await signedInSeller(t);
    const free = await createSupplier(t, seller.token);
    const busy = await createSupplier(t, seller.token);
    const [sku] = await skuRows(t, seller.domainId, ['DEL-1']);
    await t.call('/cloud/purchase/supplyGoods/save', { supplierId: free.id, items: [{ skuId: sku!.id, purchasePrice: '3.5' }] }, { token: seller.token });
    purchased.add(busy.id);
    const refused = await t.call('/cloud/purchase/supplier/delete', { idList: [free.id, busy.id] }, { token: seller.token });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ errorCode: 'ERR_SUPPLIER_IN_USE', params: { code: busy.code, reason: 'purchase orders', count: 3 } });
    expect(await t.database.db.select().from(suppliers).where(eq(suppliers.domainId, seller.domainId))).toHaveLength(2);
    const deleted = await t.call('/cloud/purchase/supplier/delete', { idList: [free.id] }, { token: seller.token });
    expect(deleted.body.data).toEqual({ deleted: 1 });
    expect(await t.database.db.select().from(supplyGoods).where(eq(supplyGoods.domainId, seller.domainId))).toEqual([]);
    purchased.delete(busy.id);
  });
});

describe('supply goods', () => {
  it('puts SKUs on a supplier with purchase prices, updates them, and deletes them', async () => {
    const seller = await signedInSeller(t);
    const s = await createSupplier(t, seller.token);
    const [mug, cup] = await skuRows(t, seller.domainId, ['MUG-1', 'CUP-1']);
    const saved = await t.call('/cloud/purchase/supplyGoods/save', { supplierId: s.id, items: [{ skuId: mug!.id, purchasePrice: '12.3456' }, { skuId: cup!.id }] }, { token: seller.token });
    expect(saved.body.data.map((r: any) => [r.skuCode, r.purchasePrice])).toEqual([
      ['MUG-1', '12.3456'],
      ['CUP-1', null],
    ]);
    // Saving again keeps the row; a price given replaces the old one, no price leaves it.
    const again = await t.call('/cloud/purchase/supplyGoods/save', { supplierId: s.id, items: [{ skuId: mug!.id }, { skuId: cup!.id, purchasePrice: 8 }] }, { token: seller.token });
    expect(again.body.data.map((r: any) => [r.skuCode, r.purchasePrice])).toEqual([
      ['MUG-1', '12.3456'],
      ['CUP-1', '8.0000'],
    ]);
    const list = await t.call('/cloud/purchase/supplyGoods/search', { supplierId: s.id, keyword: 'mug-1' }, { token: seller.token });
    expect(list.body.data.voList).toHaveLength(1);
    const row = list.body.data.voList[0];
    expect(row).toMatchObject({ supplierCode: s.code, skuName: 'Mug MUG-1', specifications: 'Blue', barCode: '69MUG-1' });
    const updated = await t.call('/cloud/purchase/supplyGoods/update', { id: row.id, version: row.version, purchasePrice: '10', remark: 'MOQ 100' }, { token: seller.token });
    expect(updated.body.data).toMatchObject({ purchasePrice: '10.0000', remark: 'MOQ 100', version: 1 });
    const stale = await t.call('/cloud/purchase/supplyGoods/update', { id: row.id, version: 0, purchasePrice: '1' }, { token: seller.token });
    expect(stale.body.errorCode).toBe('ERR_VERSION_CONFLICT');
    expect((await t.call('/cloud/purchase/supplier/get', { id: s.id }, { token: seller.token })).body.data.skuCount).toBe(2);
    expect((await t.call('/cloud/purchase/supplyGoods/delete', { idList: [row.id] }, { token: seller.token })).body.data).toEqual({ deleted: 1 });
    expect((await t.call('/cloud/purchase/supplyGoods/search', { supplierId: s.id }, { token: seller.token })).body.data.total).toBe(1);
  });

  it('refuses a price with 5 decimals, a negative price, a SKU of another domain, a combination and a disabled supplier', async () => {
    const seller = await signedInSeller(t);
    const other = await signedInSeller(t);
    const s = await createSupplier(t, seller.token);
    const [mine] = await skuRows(t, seller.domainId, ['P-1']);
    const [theirs] = await skuRows(t, other.domainId, ['P-2']);
    const [combo] = await skuRows(t, seller.domainId, ['SET-1'], { combination: true });
    const [gone] = await skuRows(t, seller.domainId, ['GONE-1'], { deleted: true });
    const save = (items: unknown[], supplierId = s.id) => t.call('/cloud/purchase/supplyGoods/save', { supplierId, items }, { token: seller.token });
    expect((await save([{ skuId: mine!.id, purchasePrice: '1.23456' }])).body).toMatchObject({ errorCode: 'ERR_VALIDATION', params: { field: 'items.0.purchasePrice' } });
    expect((await save([{ skuId: mine!.id, purchasePrice: '-1' }])).body.params?.field).toBe('items.0.purchasePrice');
    expect((await save([{ skuId: mine!.id }, { skuId: theirs!.id }])).body).toMatchObject({ errorCode: 'ERR_SUPPLIER_SKU_NOT_FOUND', params: { field: 'items.1.skuId' } });
    expect((await save([{ skuId: gone!.id }])).body.errorCode).toBe('ERR_SUPPLIER_SKU_NOT_FOUND');
    expect((await save([{ skuId: combo!.id }])).body).toMatchObject({ errorCode: 'ERR_SUPPLIER_COMBINATION_SKU', params: { skuCode: 'SET-1' } });
    expect((await save([{ skuId: mine!.id }, { skuId: mine!.id }])).body.errorCode).toBe('ERR_VALIDATION');
    await t.call('/cloud/purchase/supplier/update', { ...supplierInput({ code: s.code, status: 'DISABLED' }), id: s.id, version: 0 }, { token: seller.token });
    expect((await save([{ skuId: mine!.id }])).body).toMatchObject({ errorCode: 'ERR_SUPPLIER_DISABLED', params: { field: 'supplierId' } });
    expect(await t.database.db.select().from(supplyGoods).where(eq(supplyGoods.supplierId, s.id))).toEqual([]);
  });

  it('sends the purchase price only to accounts that may see it, and lets no one else set it', async () => {
    const seller = await signedInSeller(t);
    const s = await createSupplier(t, seller.token);
    const [sku, other] = await skuRows(t, seller.domainId, ['PP-1', 'PP-2']);
    await t.call('/cloud/purchase/supplyGoods/save', { supplierId: s.id, items: [{ skuId: sku!.id, purchasePrice: '5' }] }, { token: seller.token });
    const withField = await signedInStaff(t, seller.domainId, ['MENU_SUPPLIER'], ['PURCHASE_PRICE']);
    expect((await t.call('/cloud/purchase/supplyGoods/search', { supplierId: s.id }, { token: withField })).body.data.voList[0].purchasePrice).toBe('5.0000');
    const without = await signedInStaff(t, seller.domainId, ['MENU_SUPPLIER']);
    const hidden = await t.call('/cloud/purchase/supplyGoods/search', { supplierId: s.id }, { token: without });
    expect(hidden.body.data.voList[0]).not.toHaveProperty('purchasePrice');
    const setting = await t.call('/cloud/purchase/supplyGoods/save', { supplierId: s.id, items: [{ skuId: other!.id, purchasePrice: '1' }] }, { token: without });
    expect(setting.status).toBe(403);
    expect(setting.body).toMatchObject({ errorCode: 'ERR_SUPPLIER_PRICE_HIDDEN', params: { field: 'purchasePrice' } });
    // Without a price, the SKU can still be put on the list.
    const noPrice = await t.call('/cloud/purchase/supplyGoods/save', { supplierId: s.id, items: [{ skuId: other!.id }] }, { token: without });
    expect(noPrice.body.data[0]).not.toHaveProperty('purchasePrice');

    // At the LITE level the field is not sent even to the main account.
    const lite = await signedInSeller(t, { level: 'LITE' });
    const liteSupplier = await createSupplier(t, lite.token);
    const [liteSku] = await skuRows(t, lite.domainId, ['LITE-1']);
    expect((await t.call('/cloud/purchase/supplyGoods/save', { supplierId: liteSupplier.id, items: [{ skuId: liteSku!.id, purchasePrice: '2' }] }, { token: lite.token })).body.errorCode).toBe(
      'ERR_SUPPLIER_PRICE_HIDDEN',
    );
    await t.call('/cloud/purchase/supplyGoods/save', { supplierId: liteSupplier.id, items: [{ skuId: liteSku!.id }] }, { token: lite.token });
    expect((await t.call('/cloud/purchase/supplyGoods/search', {}, { token: lite.token })).body.data.voList[0]).not.toHaveProperty('purchasePrice');
  });

  it('tells goods that a supplied SKU is in use, and offers prices to purchasing', async () => {
    const seller = await signedInSeller(t);
    const s = await createSupplier(t, seller.token);
    const [supplied, free] = await skuRows(t, seller.domainId, ['REF-1', 'REF-2']);
    await t.call('/cloud/purchase/supplyGoods/save', { supplierId: s.id, items: [{ skuId: supplied!.id, purchasePrice: '9.9' }] }, { token: seller.token });
    const checkers = registry.list<ReferenceChecker>('sku-references');
    const uses = async (ids: number[]) => (await Promise.all(checkers.map((c) => c(t.database.db, seller.domainId, ids)))).flat().filter((u) => u.reason === 'supply goods');
    expect(await uses([supplied!.id, free!.id])).toEqual([{ reason: 'supply goods', count: 1 }]);
    expect(await uses([free!.id])).toEqual([]);
    const service = registry.get<SuppliersRegistryService>('suppliers');
    expect([...(await service.purchasePrices(seller.domainId, s.id, [supplied!.id, free!.id])).entries()]).toEqual([[supplied!.id, '9.9000']]);
    expect((await service.findSuppliers(seller.domainId, { codes: [s.code] })).map((x) => x.id)).toEqual([s.id]);
  });
});

describe('imports', () => {
  const get = (id: number, token: string) => t.call('/cloud/core/import/get', { id }, { token });
  const run = async (token: string, kind: string, rows: string[][], options: Record<string, unknown> = {}) => {
    const started = await t.upload('/cloud/core/import/upload', { field: 'uploadExcel', name: 'x.xlsx', data: await xlsx(rows) }, { kind }, { token });
    expect(started.body.success).toBe(true);
    const parsed = await t.waitFor(() => get(started.body.data.id, token), (a) => a.body.data.status !== 'PARSING');
    if (parsed.body.data.status !== 'PARSED') return parsed;
    await t.call('/cloud/core/import/confirm', { id: started.body.data.id, options }, { token });
    return t.waitFor(() => get(started.body.data.id, token), (a) => ['DONE', 'FAILED'].includes(a.body.data.status));
  };

  it('imports suppliers: bad rows listed with nothing loaded, then new and overwritten ones', async () => {
    const seller = await signedInSeller(t);
    await createSupplier(t, seller.token, { code: 'OLD', name: 'Old name' });
    const bad = await run(seller.token, 'SUPPLIERS', [
      ['Supplier code', 'Supplier name', 'Phone'],
      ['N1', 'New one', '123'],
      ['N2', '', ''],
      ['N3', 'Three', ''],
      ['N3', 'Three again', ''],
    ]);
    expect(bad.body.data).toMatchObject({ status: 'INVALID' });
    expect(bad.body.data.errors.map((e: any) => [e.row, e.field])).toEqual([
      [2, 'phone'],
      [3, 'name'],
      [5, 'code'],
    ]);
    expect(await t.database.db.select().from(suppliers).where(eq(suppliers.domainId, seller.domainId))).toHaveLength(1);
    const good = await run(
      seller.token,
      'SUPPLIERS',
      [
        ['供应商编码', '供应商名称', '联系电话'],
        ['OLD', 'New name', '13800000000'],
        ['N1', 'New one', '0571-1234567'],
      ],
      { isCover: true },
    );
    expect(good.body.data).toMatchObject({ status: 'DONE', summary: { new: 1, existing: 1 }, result: { created: 1, updated: 1, skipped: 0 } });
    const rows = await t.database.db.select().from(suppliers).where(eq(suppliers.domainId, seller.domainId));
    expect(rows.map((r) => [r.code, r.name, r.phone]).sort()).toEqual([
      ['N1', 'New one', '0571-1234567'],
      ['OLD', 'New name', '13800000000'],
    ]);
  });

  it('imports supply goods, checking suppliers, SKUs and the price, all or nothing', async () => {
    const seller = await signedInSeller(t);
    const s = await createSupplier(t, seller.token, { code: 'IMPS' });
    await skuRows(t, seller.domainId, ['IMP-A', 'IMP-B']);
    await skuRows(t, seller.domainId, ['IMP-SET'], { combination: true });
    const bad = await run(seller.token, 'SUPPLY_GOODS', [
      ['Supplier code', 'SKU code', 'Purchase price'],
      ['IMPS', 'IMP-A', '1.5'],
      ['NOPE', 'IMP-B', ''],
      ['IMPS', 'IMP-X', '2'],
      ['IMPS', 'IMP-SET', ''],
      ['IMPS', 'IMP-B', '1.00001'],
      ['IMPS', 'IMP-A', '3'],
    ]);
    expect(bad.body.data.status).toBe('INVALID');
    expect(bad.body.data.errors.map((e: any) => [e.row, e.field])).toEqual([
      [3, 'supplierCode'],
      [4, 'skuCode'],
      [5, 'skuCode'],
      [6, 'purchasePrice'],
      [7, 'skuCode'],
    ]);
    expect(await t.database.db.select().from(supplyGoods).where(eq(supplyGoods.supplierId, s.id))).toEqual([]);
    const good = await run(seller.token, 'SUPPLY_GOODS', [
      ['Supplier code', 'SKU code', 'Purchase price'],
      ['IMPS', 'IMP-A', '1.5'],
      ['IMPS', 'IMP-B', ''],
    ]);
    expect(good.body.data).toMatchObject({ status: 'DONE', result: { created: 2, updated: 0, skipped: 0 } });
    const list = await t.call('/cloud/purchase/supplyGoods/search', { supplierId: s.id }, { token: seller.token });
    expect(list.body.data.voList.map((r: any) => [r.skuCode, r.purchasePrice]).sort()).toEqual([
      ['IMP-A', '1.5000'],
      ['IMP-B', null],
    ]);
  });

  it('refuses a price column to an account that may not see purchase prices', async () => {
    const seller = await signedInSeller(t);
    await createSupplier(t, seller.token, { code: 'HID' });
    await skuRows(t, seller.domainId, ['HID-1']);
    const staff = await signedInStaff(t, seller.domainId, ['MENU_SUPPLIER']);
    const task = await run(staff, 'SUPPLY_GOODS', [
      ['Supplier code', 'SKU code', 'Purchase price'],
      ['HID', 'HID-1', '4'],
    ]);
    expect(task.body.data.errors.map((e: any) => [e.row, e.field])).toEqual([[2, 'purchasePrice']]);
  });
});

describe('boundaries', () => {
  it("keeps one domain's suppliers and supply goods from another domain", async () => {
    const a = await signedInSeller(t);
    const b = await signedInSeller(t);
    const s = await createSupplier(t, a.token, { code: 'SAME' });
    const [sku] = await skuRows(t, a.domainId, ['X-1']);
    const saved = await t.call('/cloud/purchase/supplyGoods/save', { supplierId: s.id, items: [{ skuId: sku!.id, purchasePrice: '1' }] }, { token: a.token });
    const rowId = saved.body.data[0].id;
    // The other domain may use the same supplier code.
    await createSupplier(t, b.token, { code: 'SAME' });
    expect((await t.call('/cloud/purchase/supplier/search', {}, { token: b.token })).body.data.voList.map((x: any) => x.id)).not.toContain(s.id);
    expect((await t.call('/cloud/purchase/supplier/get', { id: s.id }, { token: b.token })).status).toBe(404);
    expect((await t.call('/cloud/purchase/supplier/update', { ...supplierInput({ code: 'SAME' }), id: s.id, version: 0 }, { token: b.token })).status).toBe(404);
    expect((await t.call('/cloud/purchase/supplier/delete', { idList: [s.id] }, { token: b.token })).status).toBe(404);
    expect((await t.call('/cloud/purchase/supplyGoods/save', { supplierId: s.id, items: [{ skuId: sku!.id }] }, { token: b.token })).status).toBe(404);
    expect((await t.call('/cloud/purchase/supplyGoods/search', { supplierId: s.id }, { token: b.token })).body.data.total).toBe(0);
    expect((await t.call('/cloud/purchase/supplyGoods/update', { id: rowId, version: 0, purchasePrice: '9' }, { token: b.token })).status).toBe(404);
    expect((await t.call('/cloud/purchase/supplyGoods/delete', { idList: [rowId] }, { token: b.token })).status).toBe(404);
    const [row] = await t.database.db.select().from(supplyGoods).where(eq(supplyGoods.id, rowId));
    expect(row).toMatchObject({ purchasePrice: '1.0000', version: 0 });
  });

  it('refuses an account without the supplier menu; purchasing may only read', async () => {
    const seller = await signedInSeller(t);
    const s = await createSupplier(t, seller.token);
    const picker = await signedInStaff(t, seller.domainId, ['MENU_ERPSO', 'MENU_INV']);
    const denied = await t.call('/cloud/purchase/supplier/search', {}, { token: picker });
    expect(denied.status).toBe(403);
    expect(denied.body.errorCode).toBe('ERR_SECURITY_NO_PERMISSION');
    expect((await t.call('/cloud/purchase/supplier/listAll', {}, { token: picker })).status).toBe(403);
    const buyer = await signedInStaff(t, seller.domainId, ['MENU_PURCHASE']);
    expect((await t.call('/cloud/purchase/supplier/listAll', {}, { token: buyer })).body.data.map((x: any) => x.id)).toEqual([s.id]);
    expect((await t.call('/cloud/purchase/supplyGoods/search', {}, { token: buyer })).body.success).toBe(true);
    for (const [path, body] of [
      ['/cloud/purchase/supplier/create', supplierInput()],
      ['/cloud/purchase/supplier/update', { ...supplierInput(), id: s.id, version: 0 }],
      ['/cloud/purchase/supplier/delete', { idList: [s.id] }],
      ['/cloud/purchase/supplyGoods/save', { supplierId: s.id, items: [{ skuId: 1 }] }],
      ['/cloud/purchase/supplyGoods/delete', { idList: [1] }],
    ] as const) {
      expect((await t.call(path, body, { token: buyer })).status, path).toBe(403);
    }
    const importDenied = await t.upload('/cloud/core/import/upload', { field: 'uploadExcel', name: 'x.xlsx', data: await xlsx([['Supplier code']]) }, { kind: 'SUPPLIERS' }, { token: buyer });
    expect(importDenied.status).toBe(403);
    expect((await t.call('/cloud/purchase/supplier/get', { id: s.id }, { token: seller.token })).body.data.version).toBe(0);
  });
});
