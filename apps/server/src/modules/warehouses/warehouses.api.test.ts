// Warehouses, store bindings and locations over HTTP, on a fresh database.
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { WAREHOUSE_TYPES } from '@openseller/core';
import { createTestApp } from '../../../test/harness.js';
import { createLocation, createWarehouse, signedInSeller, signedInStaff, storeRow, warehouseInput } from '../../../test/factories/warehouses.js';
import { operationLogs, warehouseLocations, warehouses, warehouseStoreBindings } from '../../db/schema/index.js';
import type { WarehousesRegistryService } from './index.js';
import { type ReferenceChecker } from '../../platform/references.js';

const t = await createTestApp();
const registry = t.app.services.registry;

// Another area's use of warehouses and locations, switched on per domain by the tests.
const stockedWarehouses = new Map<number, number>();
const stockedLocations = new Map<number, number>();
registry.add<ReferenceChecker>('warehouse-references', async (_tx, _domainId, ids) =>
  ids.filter((id) => stockedWarehouses.has(id)).map((id) => ({ reason: 'stock', count: stockedWarehouses.get(id)! })),
);
registry.add<ReferenceChecker>('location-references', async (_tx, _domainId, ids) =>
  ids.filter((id) => stockedLocations.has(id)).map((id) => ({ reason: 'stock', count: stockedLocations.get(id)! })),
);

async function xlsx(rows: string[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Locations');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('warehouses', () => {
  it('creates a warehouse of every type with its sender address and logs it', async () => {
    const seller = await signedInSeller(t);
    for (const type of WAREHOUSE_TYPES) {
      const created = await createWarehouse(t, seller.token, { type, externalCode: type === 'SELF_WAREHOUSE' ? undefined : `EXT-${type}` });
      expect(created).toMatchObject({ type, stopUsing: 0, version: 0, contact: 'Li Lei', phone: '13800138000', province: '浙江省', city: '杭州市', county: '西湖区', storeCount: 0, locationCount: 0 });
    }
    const logs = await t.database.db.select().from(operationLogs).where(and(eq(operationLogs.domainId, seller.domainId), eq(operationLogs.entityType, 'warehouse')));
    expect(logs).toHaveLength(WAREHOUSE_TYPES.length);
    expect(logs.every((l) => l.action === 'create' && l.userId === seller.userId)).toBe(true);
  });

  it('keeps a Qimen warehouse’s own customerId, and none for other types', async () => {
    const seller = await signedInSeller(t);
    const qimen = await createWarehouse(t, seller.token, { type: 'QIMEN_WAREHOUSE', externalCode: 'QM-9', ownerCode: 'OWN-9', qimenCustomerId: 'CUST-9' });
    const wms = await createWarehouse(t, seller.token, { type: 'WMS_WAREHOUSE', externalCode: 'W-9', qimenCustomerId: 'CUST-X' });
    expect(qimen).toMatchObject({ ownerCode: 'OWN-9', qimenCustomerId: 'CUST-9' });
    expect(wms).toMatchObject({ qimenCustomerId: null });
    const long = await t.call('/myhome/warehouse/create', { ...warehouseInput({ type: 'QIMEN_WAREHOUSE', externalCode: 'QM-10' }), qimenCustomerId: 'x'.repeat(65) }, { token: seller.token });
    expect(long.status).toBe(400);
    expect(long.body.fields?.[0]?.field ?? long.body.params?.field).toBe('qimenCustomerId');
  });

  it('searches page 1 of 10 warehouses in use by default, by keyword, type and stop state', async () => {
    const seller = await signedInSeller(t);
    for (let i = 0; i < 11; i++) await createWarehouse(t, seller.token, { name: `North ${i}` });
    const qimen = await createWarehouse(t, seller.token, { name: 'Qimen 3PL', type: 'QIMEN_WAREHOUSE', externalCode: 'QM-1' });
    const byDefault = await t.call('/myhome/warehouse/search', {}, { token: seller.token });
    expect(byDefault.body.data).toMatchObject({ total: 12, currentPage: 1, pageSize: 10 });
    expect(byDefault.body.data.voList).toHaveLength(10);
    const byType = await t.call('/myhome/warehouse/search', { type: 'QIMEN_WAREHOUSE' }, { token: seller.token });
    expect(byType.body.data.voList.map((w: any) => w.id)).toEqual([qimen.id]);
    const byKeyword = await t.call('/myhome/warehouse/search', { keyword: 'north 1' }, { token: seller.token });
    expect(byKeyword.body.data.voList.map((w: any) => w.name).sort()).toEqual(['North 1', 'North 10']);
    await t.call('/myhome/warehouse/stopUsing', { id: qimen.id, version: qimen.version, stopUsing: 1 }, { token: seller.token });
    expect((await t.call('/myhome/warehouse/search', {}, { token: seller.token })).body.data.total).toBe(11);
    expect((await t.call('/myhome/warehouse/search', { stopUsing: 1 }, { token: seller.token })).body.data.voList.map((w: any) => w.id)).toEqual([qimen.id]);
    expect((await t.call('/myhome/warehouse/search', { stopUsing: null }, { token: seller.token })).body.data.total).toBe(12);
  });

  it('refuses a duplicate code or name, naming the field, and adds nothing', async () => {
    const seller = await signedInSeller(t);
    const first = await createWarehouse(t, seller.token, { code: 'HZ01', name: 'Hangzhou' });
    const sameCode = await t.call('/myhome/warehouse/create', warehouseInput({ code: ' HZ 01 ', name: 'Other' }), { token: seller.token });
    expect(sameCode.status).toBe(409);
    expect(sameCode.body).toMatchObject({ errorCode: 'ERR_WAREHOUSE_CODE_TAKEN', params: { field: 'code', code: 'HZ01' } });
    expect(sameCode.body.message).toContain('HZ01');
    const sameName = await t.call('/myhome/warehouse/create', warehouseInput({ name: 'Hangzhou' }), { token: seller.token });
    expect(sameName.body).toMatchObject({ errorCode: 'ERR_WAREHOUSE_NAME_TAKEN', params: { field: 'name' } });
    const other = await createWarehouse(t, seller.token, { code: 'HZ02', name: 'Ningbo' });
    const renameOnto = await t.call('/myhome/warehouse/update', { ...warehouseInput({ code: 'HZ01', name: 'Ningbo' }), id: other.id, version: other.version }, { token: seller.token });
    expect(renameOnto.body.errorCode).toBe('ERR_WAREHOUSE_CODE_TAKEN');
    const rows = await t.database.db.select().from(warehouses).where(eq(warehouses.domainId, seller.domainId));
    expect(rows.map((r) => [r.code, r.name]).sort()).toEqual([
      ['HZ01', 'Hangzhou'],
      ['HZ02', 'Ningbo'],
    ]);
    expect(first.id).toBeGreaterThan(0);
  });

  it('refuses bad input by field: phone, missing address, a 3PL without its external code, an unknown type', async () => {
    const seller = await signedInSeller(t);
    const badPhone = await t.call('/myhome/warehouse/create', warehouseInput({ phone: '12345' }), { token: seller.token });
    expect(badPhone.body).toMatchObject({ errorCode: 'ERR_VALIDATION', params: { field: 'phone' } });
    const landline = await t.call('/myhome/warehouse/create', warehouseInput({ phone: '0571-88886666-12' }), { token: seller.token });
    expect(landline.body.success).toBe(true);
    const noStreet = await t.call('/myhome/warehouse/create', warehouseInput({ street: '  ' }), { token: seller.token });
    expect(noStreet.body.params?.field).toBe('street');
    const qimen = await t.call('/myhome/warehouse/create', warehouseInput({ type: 'QIMEN_WAREHOUSE' }), { token: seller.token });
    expect(qimen.body.params?.field).toBe('externalCode');
    const unknown = await t.call('/myhome/warehouse/create', warehouseInput({ type: 'CLOUD' }), { token: seller.token });
    expect(unknown.body.params?.field).toBe('type');
    expect(await t.database.db.select().from(warehouses).where(eq(warehouses.domainId, seller.domainId))).toHaveLength(1);
  });

  it('updates with the current version and refuses a stale one, changing nothing', async () => {
    const seller = await signedInSeller(t);
    const w = await createWarehouse(t, seller.token, { name: 'Old name' });
    const updated = await t.call('/myhome/warehouse/update', { ...warehouseInput({ code: w.code, name: 'New name', street: '新街 9 号' }), id: w.id, version: 0 }, { token: seller.token });
    expect(updated.body.data).toMatchObject({ name: 'New name', street: '新街 9 号', version: 1 });
    const stale = await t.call('/myhome/warehouse/update', { ...warehouseInput({ code: w.code, name: 'Stale' }), id: w.id, version: 0 }, { token: seller.token });
    expect(stale.status).toBe(409);
    expect(stale.body.errorCode).toBe('ERR_VERSION_CONFLICT');
    const got = await t.call('/myhome/warehouse/get', { id: w.id }, { token: seller.token });
    expect(got.body.data).toMatchObject({ name: 'New name', version: 1 });
    const staleStop = await t.call('/myhome/warehouse/stopUsing', { id: w.id, version: 0, stopUsing: 1 }, { token: seller.token });
    expect(staleStop.body.errorCode).toBe('ERR_VERSION_CONFLICT');
  });

  it('stops and resumes a warehouse; the select lists only warehouses in use unless asked', async () => {
    const seller = await signedInSeller(t);
    const a = await createWarehouse(t, seller.token);
    const b = await createWarehouse(t, seller.token);
    const stopped = await t.call('/myhome/warehouse/stopUsing', { id: a.id, version: a.version, stopUsing: 1 }, { token: seller.token });
    expect(stopped.body.data).toMatchObject({ stopUsing: 1, version: 1 });
    expect((await t.call('/myhome/warehouse/listAll', {}, { token: seller.token })).body.data.map((w: any) => w.id)).toEqual([b.id]);
    const all = await t.call('/myhome/warehouse/listAll', { includeStopped: true }, { token: seller.token });
    expect(all.body.data.map((w: any) => [w.id, w.stopUsing])).toEqual([
      [b.id, 0],
      [a.id, 1],
    ]);
    const resumed = await t.call('/myhome/warehouse/stopUsing', { id: a.id, version: 1, stopUsing: 0 }, { token: seller.token });
    expect(resumed.body.data).toMatchObject({ stopUsing: 0, version: 2 });
    const log = await t.database.db.select().from(operationLogs).where(and(eq(operationLogs.entityType, 'warehouse'), eq(operationLogs.entityId, String(a.id))));
    expect(log.map((l) => l.action)).toEqual(['create', 'stopUsing', 'resume']);
  });

  it('refuses stopping a warehouse that stores ship from or that stock uses', async () => {
    const seller = await signedInSeller(t);
    const w = await createWarehouse(t, seller.token, { name: 'Busy' });
    const store = await storeRow(t, seller.domainId);
    await t.call('/myhome/warehouse/bind', { warehouseId: w.id, storeIds: [store.id] }, { token: seller.token });
    const refused = await t.call('/myhome/warehouse/stopUsing', { id: w.id, version: w.version, stopUsing: 1 }, { token: seller.token });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ errorCode: 'ERR_WAREHOUSE_IN_USE', params: { reason: 'storeBindings', count: 1, name: 'Busy' } });
    expect(refused.body.message).toContain('bound stores');
    await t.call('/myhome/warehouse/unbind', { warehouseId: w.id, storeIds: [store.id] }, { token: seller.token });
    stockedWarehouses.set(w.id, 4);
    const stocked = await t.call('/myhome/warehouse/stopUsing', { id: w.id, version: w.version, stopUsing: 1 }, { token: seller.token });
    expect(stocked.body).toMatchObject({ errorCode: 'ERR_WAREHOUSE_IN_USE', params: { reason: 'stock', count: 4 } });
    stockedWarehouses.delete(w.id);
    expect((await t.call('/myhome/warehouse/get', { id: w.id }, { token: seller.token })).body.data.stopUsing).toBe(0);
    expect((await t.call('/myhome/warehouse/stopUsing', { id: w.id, version: w.version, stopUsing: 1 }, { token: seller.token })).body.success).toBe(true);
  });
});

describe('which stores ship from which warehouses', () => {
  it('binds stores with the marketplace warehouse code, lists assignments, and unbinds', async () => {
    const seller = await signedInSeller(t);
    const main = await createWarehouse(t, seller.token, { name: 'Main' });
    const spare = await createWarehouse(t, seller.token, { name: 'Spare' });
    const s1 = await storeRow(t, seller.domainId, 'Tmall flagship');
    const s2 = await storeRow(t, seller.domainId, 'JD shop');
    const bound = await t.call('/myhome/warehouse/bind', { warehouseId: main.id, storeIds: [s1.id, s2.id], onlineWarehouseCode: 'TM-HZ' }, { token: seller.token });
    expect(bound.body.data.map((a: any) => a.storeId).sort()).toEqual([s1.id, s2.id].sort());
    await t.call('/myhome/warehouse/bind', { warehouseId: spare.id, storeIds: [s1.id] }, { token: seller.token });
    // Binding again changes only the marketplace code.
    await t.call('/myhome/warehouse/bind', { warehouseId: main.id, storeIds: [s1.id], onlineWarehouseCode: 'TM-HZ2' }, { token: seller.token });
    const all = await t.call('/myhome/warehouse/assignments', {}, { token: seller.token });
    const tmall = all.body.data.find((a: any) => a.storeId === s1.id);
    expect(tmall.warehouses.map((w: any) => [w.warehouseName, w.onlineWarehouseCode])).toEqual([
      ['Main', 'TM-HZ2'],
      ['Spare', null],
    ]);
    const ofSpare = await t.call('/myhome/warehouse/assignments', { warehouseId: spare.id }, { token: seller.token });
    expect(ofSpare.body.data.map((a: any) => a.storeId)).toEqual([s1.id]);
    expect((await t.call('/myhome/warehouse/assignments', { warehouseId: -1, keyword: 'jd' }, { token: seller.token })).body.data.map((a: any) => a.storeId)).toEqual([s2.id]);
    expect((await t.call('/myhome/warehouse/get', { id: main.id }, { token: seller.token })).body.data.storeCount).toBe(2);

    const service = registry.get<WarehousesRegistryService>('warehouses');
    expect((await service.warehousesOfStore(seller.domainId, s1.id)).map((w) => w.name)).toEqual(['Main', 'Spare']);

    const unbound = await t.call('/myhome/warehouse/unbind', { warehouseId: main.id, storeIds: [s1.id] }, { token: seller.token });
    expect(unbound.body.data.map((a: any) => a.storeId)).toEqual([s2.id]);
    const again = await t.call('/myhome/warehouse/unbind', { warehouseId: main.id, storeIds: [s1.id] }, { token: seller.token });
    expect(again.status).toBe(404);
  });

  it('refuses a store of another domain and a stopped warehouse, binding nothing', async () => {
    const seller = await signedInSeller(t);
    const other = await signedInSeller(t);
    const w = await createWarehouse(t, seller.token);
    const mine = await storeRow(t, seller.domainId);
    const theirs = await storeRow(t, other.domainId);
    const refused = await t.call('/myhome/warehouse/bind', { warehouseId: w.id, storeIds: [mine.id, theirs.id] }, { token: seller.token });
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ errorCode: 'ERR_WAREHOUSE_STORE_NOT_FOUND', params: { field: 'storeIds', storeId: theirs.id } });
    expect(await t.database.db.select().from(warehouseStoreBindings).where(eq(warehouseStoreBindings.warehouseId, w.id))).toEqual([]);
    await t.call('/myhome/warehouse/stopUsing', { id: w.id, version: 0, stopUsing: 1 }, { token: seller.token });
    const stopped = await t.call('/myhome/warehouse/bind', { warehouseId: w.id, storeIds: [mine.id] }, { token: seller.token });
    expect(stopped.body).toMatchObject({ errorCode: 'ERR_WAREHOUSE_STOPPED', params: { field: 'warehouseId' } });
  });

  it('tells the stores area that a bound store is in use', async () => {
    const seller = await signedInSeller(t);
    const w = await createWarehouse(t, seller.token);
    const bound = await storeRow(t, seller.domainId);
    const free = await storeRow(t, seller.domainId);
    await t.call('/myhome/warehouse/bind', { warehouseId: w.id, storeIds: [bound.id] }, { token: seller.token });
    type StoreChecker = (tx: unknown, domainId: number, storeId: number) => Promise<{ reason: string; count: number }>;
    const checkers = registry.list<StoreChecker>('store-references');
    const uses = async (id: number) => (await Promise.all(checkers.map((c) => c(t.database.db, seller.domainId, id)))).filter((u) => u.count > 0);
    expect(await uses(bound.id)).toEqual([{ reason: 'warehouse bindings', count: 1 }]);
    expect(await uses(free.id)).toEqual([]);
  });
});

describe('locations', () => {
  it('creates, searches, updates and deletes locations of a warehouse', async () => {
    const seller = await signedInSeller(t);
    const a = await createWarehouse(t, seller.token, { name: 'A' });
    const b = await createWarehouse(t, seller.token, { name: 'B' });
    const a1 = await createLocation(t, seller.token, a.id, 'A-01-01', { zone: 'Pick' });
    await createLocation(t, seller.token, a.id, 'A-01-02');
    // The same code in another warehouse is another location.
    await createLocation(t, seller.token, b.id, 'A-01-01');
    const ofA = await t.call('/myhome/location/search', { warehouseId: a.id }, { token: seller.token });
    expect(ofA.body.data).toMatchObject({ total: 2, currentPage: 1, pageSize: 10 });
    expect(ofA.body.data.voList[0]).toMatchObject({ code: 'A-01-01', zone: 'Pick', warehouseName: 'A' });
    expect((await t.call('/myhome/location/search', { warehouseId: -1 }, { token: seller.token })).body.data.total).toBe(3);
    expect((await t.call('/myhome/location/search', { keyword: '01-02' }, { token: seller.token })).body.data.total).toBe(1);

    const updated = await t.call('/myhome/location/update', { id: a1.id, version: 0, code: 'A-01-09', zone: 'Store' }, { token: seller.token });
    expect(updated.body.data).toMatchObject({ code: 'A-01-09', zone: 'Store', version: 1 });
    const stale = await t.call('/myhome/location/update', { id: a1.id, version: 0, code: 'A-01-10' }, { token: seller.token });
    expect(stale.body.errorCode).toBe('ERR_VERSION_CONFLICT');
    const onto = await t.call('/myhome/location/update', { id: a1.id, version: 1, code: 'A-01-02' }, { token: seller.token });
    expect(onto.body).toMatchObject({ errorCode: 'ERR_LOCATION_CODE_TAKEN', params: { field: 'code' } });

    const deleted = await t.call('/myhome/location/delete', { idList: [a1.id] }, { token: seller.token });
    expect(deleted.body.data).toEqual({ deleted: 1 });
    expect((await t.call('/myhome/location/search', { warehouseId: a.id }, { token: seller.token })).body.data.voList.map((l: any) => l.code)).toEqual(['A-01-02']);
    expect((await t.call('/myhome/warehouse/get', { id: a.id }, { token: seller.token })).body.data.locationCount).toBe(1);
  });

  it('refuses a duplicate location code and a location in a stopped warehouse', async () => {
    const seller = await signedInSeller(t);
    const w = await createWarehouse(t, seller.token);
    await createLocation(t, seller.token, w.id, 'L1');
    const dup = await t.call('/myhome/location/create', { warehouseId: w.id, code: 'L1' }, { token: seller.token });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ errorCode: 'ERR_LOCATION_CODE_TAKEN', params: { field: 'code', code: 'L1' } });
    await t.call('/myhome/warehouse/stopUsing', { id: w.id, version: 0, stopUsing: 1 }, { token: seller.token });
    const stopped = await t.call('/myhome/location/create', { warehouseId: w.id, code: 'L2' }, { token: seller.token });
    expect(stopped.body).toMatchObject({ errorCode: 'ERR_WAREHOUSE_STOPPED', params: { field: 'warehouseId' } });
    expect(await t.database.db.select().from(warehouseLocations).where(eq(warehouseLocations.warehouseId, w.id))).toHaveLength(1);
  });

  it('refuses deleting a location stock uses, deleting none of the batch', async () => {
    const seller = await signedInSeller(t);
    const w = await createWarehouse(t, seller.token);
    const free = await createLocation(t, seller.token, w.id, 'FREE');
    const used = await createLocation(t, seller.token, w.id, 'USED');
    stockedLocations.set(used.id, 12);
    const refused = await t.call('/myhome/location/delete', { idList: [free.id, used.id] }, { token: seller.token });
    expect(refused.body).toMatchObject({ errorCode: 'ERR_LOCATION_IN_USE', params: { code: 'USED', reason: 'stock', count: 12 } });
    expect((await t.call('/myhome/location/search', { warehouseId: w.id }, { token: seller.token })).body.data.total).toBe(2);
    stockedLocations.delete(used.id);
  });

  it('offers warehouses and locations to the stock area, scoped to the domain', async () => {
    const seller = await signedInSeller(t);
    const other = await signedInSeller(t);
    const w = await createWarehouse(t, seller.token);
    const theirs = await createWarehouse(t, other.token);
    await createLocation(t, seller.token, w.id, 'S1');
    await createLocation(t, other.token, theirs.id, 'S1');
    const service = registry.get<WarehousesRegistryService>('warehouses');
    expect((await service.findWarehouses(seller.domainId, [w.id, theirs.id])).map((x) => x.id)).toEqual([w.id]);
    expect((await service.locationsOf(seller.domainId, [w.id, theirs.id])).map((l) => [l.warehouseId, l.code])).toEqual([[w.id, 'S1']]);
    expect((await service.locationsOf(seller.domainId, undefined, { codes: ['S1', 'S2'] })).map((l) => l.warehouseId)).toEqual([w.id]);
    expect(await service.senderAddresses(seller.domainId, [w.id, theirs.id])).toEqual([
      { warehouseId: w.id, contact: 'Li Lei', phone: '13800138000', province: '浙江省', city: '杭州市', county: '西湖区', street: '文三路 1 号' },
    ]);
  });
});

describe('location import', () => {
  const get = (id: number, token: string) => t.call('/cloud/core/import/get', { id }, { token });
  const upload = async (token: string, rows: string[][]) => {
    const started = await t.upload('/cloud/core/import/upload', { field: 'uploadExcel', name: 'locations.xlsx', data: await xlsx(rows) }, { kind: 'LOCATIONS' }, { token });
    expect(started.body.success).toBe(true);
    return t.waitFor(() => get(started.body.data.id, token), (a) => a.body.data.status !== 'PARSING');
  };

  it('lists unknown and stopped warehouses and repeated rows, and loads nothing', async () => {
    const seller = await signedInSeller(t);
    const w = await createWarehouse(t, seller.token, { code: 'IMP1' });
    const stopped = await createWarehouse(t, seller.token, { code: 'IMP2' });
    await t.call('/myhome/warehouse/stopUsing', { id: stopped.id, version: 0, stopUsing: 1 }, { token: seller.token });
    const task = await upload(seller.token, [
      ['Warehouse code', 'Location code', 'Zone'],
      ['IMP1', 'A1', 'Pick'],
      ['NOPE', 'A2', ''],
      ['IMP2', 'A3', ''],
      ['IMP1', 'A1', ''],
      ['IMP1', '', ''],
    ]);
    expect(task.body.data).toMatchObject({ status: 'INVALID', errorCount: 4 });
    expect(task.body.data.errors.map((e: any) => [e.row, e.field])).toEqual([
      [3, 'warehouseCode'],
      [4, 'warehouseCode'],
      [5, 'code'],
      [6, 'code'],
    ]);
    expect(task.body.data.errors[3].message).toBe('This field cannot be empty');
    expect(await t.database.db.select().from(warehouseLocations).where(eq(warehouseLocations.warehouseId, w.id))).toEqual([]);
  });

  it('adds new locations and, when asked, overwrites the zone of existing ones', async () => {
    const seller = await signedInSeller(t);
    const w = await createWarehouse(t, seller.token, { code: 'IMP3' });
    await createLocation(t, seller.token, w.id, 'OLD', { zone: 'Before' });
    const task = await upload(seller.token, [
      ['库位编码', '仓库编码', '库区'],
      ['OLD', 'IMP3', 'After'],
      ['NEW1', 'IMP3', 'Pick'],
      ['NEW2', 'IMP3', ''],
    ]);
    expect(task.body.data).toMatchObject({ status: 'PARSED', summary: { new: 2, existing: 1 } });
    await t.call('/cloud/core/import/confirm', { id: task.body.data.id, options: { isCover: true } }, { token: seller.token });
    const done = await t.waitFor(() => get(task.body.data.id, seller.token), (a) => ['DONE', 'FAILED'].includes(a.body.data.status));
    expect(done.body.data).toMatchObject({ status: 'DONE', result: { created: 2, updated: 1, skipped: 0 } });
    const rows = await t.database.db.select().from(warehouseLocations).where(eq(warehouseLocations.warehouseId, w.id));
    expect(rows.map((r) => [r.code, r.zone]).sort()).toEqual([
      ['NEW1', 'Pick'],
      ['NEW2', null],
      ['OLD', 'After'],
    ]);
  });
});

describe('boundaries', () => {
  it("keeps one domain's warehouses, bindings and locations from another domain", async () => {
    const a = await signedInSeller(t);
    const b = await signedInSeller(t);
    const w = await createWarehouse(t, a.token, { code: 'SAME', name: 'Same' });
    const loc = await createLocation(t, a.token, w.id, 'L1');
    const store = await storeRow(t, a.domainId);
    // The other domain may use the same code and name for its own warehouse.
    const theirs = await createWarehouse(t, b.token, { code: 'SAME', name: 'Same' });
    expect((await t.call('/myhome/warehouse/search', { stopUsing: null }, { token: b.token })).body.data.voList.map((x: any) => x.id)).toEqual([theirs.id]);
    expect((await t.call('/myhome/warehouse/get', { id: w.id }, { token: b.token })).status).toBe(404);
    expect((await t.call('/myhome/warehouse/update', { ...warehouseInput({ code: 'X' }), id: w.id, version: 0 }, { token: b.token })).status).toBe(404);
    expect((await t.call('/myhome/warehouse/stopUsing', { id: w.id, version: 0, stopUsing: 1 }, { token: b.token })).status).toBe(404);
    expect((await t.call('/myhome/warehouse/bind', { warehouseId: w.id, storeIds: [store.id] }, { token: b.token })).status).toBe(404);
    expect((await t.call('/myhome/warehouse/bind', { warehouseId: theirs.id, storeIds: [store.id] }, { token: b.token })).body.errorCode).toBe('ERR_WAREHOUSE_STORE_NOT_FOUND');
    expect((await t.call('/myhome/warehouse/assignments', {}, { token: b.token })).body.data).toEqual([]);
    expect((await t.call('/myhome/location/create', { warehouseId: w.id, code: 'X' }, { token: b.token })).status).toBe(404);
    expect((await t.call('/myhome/location/update', { id: loc.id, version: 0, code: 'X' }, { token: b.token })).status).toBe(404);
    expect((await t.call('/myhome/location/delete', { idList: [loc.id] }, { token: b.token })).status).toBe(404);
    expect((await t.call('/myhome/location/search', { warehouseId: w.id }, { token: b.token })).body.data.total).toBe(0);
    const mine = await t.database.db.select().from(warehouses).where(eq(warehouses.id, w.id));
    expect(mine[0]).toMatchObject({ code: 'SAME', version: 0, stopUsing: false });
  });

  it('refuses an account without the warehouse menu, and lets stock staff only list', async () => {
    const seller = await signedInSeller(t);
    const w = await createWarehouse(t, seller.token);
    const orders = await signedInStaff(t, seller.domainId, ['MENU_USER_CONFIG']);
    const denied = await t.call('/myhome/warehouse/search', {}, { token: orders });
    expect(denied.status).toBe(403);
    expect(denied.body.errorCode).toBe('ERR_SECURITY_NO_PERMISSION');
    expect((await t.call('/myhome/warehouse/listAll', {}, { token: orders })).status).toBe(403);
    const stock = await signedInStaff(t, seller.domainId, ['MENU_INV']);
    expect((await t.call('/myhome/warehouse/listAll', {}, { token: stock })).body.data.map((x: any) => x.id)).toEqual([w.id]);
    expect((await t.call('/myhome/location/search', {}, { token: stock })).body.success).toBe(true);
    for (const [path, body] of [
      ['/myhome/warehouse/create', warehouseInput()],
      ['/myhome/warehouse/update', { ...warehouseInput(), id: w.id, version: 0 }],
      ['/myhome/warehouse/stopUsing', { id: w.id, version: 0, stopUsing: 1 }],
      ['/myhome/warehouse/bind', { warehouseId: w.id, storeIds: [1] }],
      ['/myhome/warehouse/unbind', { warehouseId: w.id, storeIds: [1] }],
      ['/myhome/location/create', { warehouseId: w.id, code: 'X' }],
      ['/myhome/location/delete', { idList: [1] }],
    ] as const) {
      const answer = await t.call(path, body, { token: stock });
      expect(answer.status, path).toBe(403);
    }
    expect((await t.call('/myhome/warehouse/get', { id: w.id }, { token: seller.token })).body.data.version).toBe(0);
    expect((await t.call('/myhome/warehouse/search', {})).status).toBe(401);
  });
});
