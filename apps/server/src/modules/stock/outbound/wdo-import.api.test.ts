// The outbound-order import (kind WDO) through its real jobs: rows grouped by outbound code into
// orders, every bad row listed with its column, and all orders loaded or none.
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/harness.js';
import { combinationSku, outboundWorld } from '../../../../test/factories/outbound.js';
import { signedInStaff } from '../../../../test/factories/warehouses.js';
import { wdoHeaders } from '../../../db/schema/index.js';

const t = await createTestApp();

const HEADER = ['出库单号', '仓库编码', '出库类型', '商品编码', '数量', '关联单号', '收货人', '收货电话', '收货地址', '备注'];

async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  ws.addRow(HEADER);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function upload(token: string, rows: (string | number)[][]) {
  const started = await t.upload('/cloud/core/import/upload', { field: 'uploadExcel', name: 'wdo.xlsx', data: await xlsx(rows) }, { kind: 'WDO' }, { token, headers: { 'accept-language': 'zh' } });
  if (!started.body.success) throw new Error(JSON.stringify(started.body));
  return t.waitFor(
    () => t.call('/cloud/core/import/get', { id: started.body.data.id }, { token }),
    (a) => a.body.data.status !== 'PARSING',
  );
}

async function warehouseCode(domainId: number, id: number): Promise<string> {
  const rows = await t.database.pool.query('select code from warehouses where domain_id = $1 and id = $2', [domainId, id]);
  return rows.rows[0].code as string;
}

describe('outbound-order import', () => {
  it('makes one order per outbound code, in CREATED, with every line', async () => {
    const w = await outboundWorld(t);
    const wh = await warehouseCode(w.domainId, w.warehouseId);
    const task = await upload(w.token, [
      ['IMP-1', wh, '采购退货出库', w.skuCodes[0]!, 3, 'PR-1', '李四', '13800000000', '杭州', '退回'],
      ['IMP-1', wh, 'WDO_PURCHASE_RETURN', w.skuCodes[1]!, 2, '', '', '', '', ''],
      ['IMP-2', wh, 'WDO_OTHER', w.skuCodes[0]!, 1, '', '', '', '', ''],
    ]);
    expect(task.body.data).toMatchObject({ status: 'PARSED', summary: { orders: 2, lines: 3, pieces: 6 } });
    await t.call('/cloud/core/import/confirm', { id: task.body.data.id }, { token: w.token });
    const done = await t.waitFor(
      () => t.call('/cloud/core/import/get', { id: task.body.data.id }, { token: w.token }),
      (a) => a.body.data.status === 'DONE' || a.body.data.status === 'FAILED',
    );
    expect(done.body.data).toMatchObject({ status: 'DONE', result: { created: 2, lines: 3 } });
    const list = await t.call('/myhome/wdoHeader/search', { code: 'IMP-1' }, { token: w.token });
    expect(list.body.data.voList[0]).toMatchObject({ code: 'IMP-1', wdoType: 'WDO_PURCHASE_RETURN', status: 'CI_WDO_STATUS_CREATED', relatedCode: 'PR-1', receiverName: '李四', qtyTotal: 5, skuTotal: 2 });
    const shown = await t.call('/myhome/wdoHeader/get', { id: list.body.data.voList[0].id }, { token: w.token });
    expect(shown.body.data.wdoDetails.map((d: any) => [d.skuCode, d.qty])).toEqual([
      [w.skuCodes[0], 3],
      [w.skuCodes[1], 2],
    ]);
  });

  it('lists every bad row with its column and loads nothing', async () => {
    const w = await outboundWorld(t);
    const wh = await warehouseCode(w.domainId, w.warehouseId);
    const combo = await combinationSku(t, w.domainId, w.skuIds[0]!);
    const comboCode = (await t.database.pool.query('select code from skus where id = $1', [combo])).rows[0].code as string;
    await t.call('/myhome/wdoHeader/create', { code: 'TAKEN', whId: w.warehouseId, wdoType: 'WDO_OTHER', wdoDetails: [{ skuId: w.skuIds[0], qty: 1 }] }, { token: w.token });
    const task = await upload(w.token, [
      ['A1', wh, 'WDO_SALE', w.skuCodes[0]!, 0, '', '', '', '', ''],
      ['A2', 'NO-SUCH-WH', 'WDO_SALE', w.skuCodes[0]!, 1, '', '', '', '', ''],
      ['A3', wh, '随便出库', w.skuCodes[0]!, 1, '', '', '', '', ''],
      ['A4', wh, 'WDO_SALE', 'NO-SUCH-SKU', 1, '', '', '', '', ''],
      ['A5', wh, 'WDO_SALE', comboCode, 1, '', '', '', '', ''],
      ['TAKEN', wh, 'WDO_SALE', w.skuCodes[0]!, 1, '', '', '', '', ''],
      ['A6', wh, 'WDO_SALE', w.skuCodes[0]!, 1, '', '', '', '', ''],
      ['A6', wh, 'WDO_OTHER', w.skuCodes[0]!, 1, '', '', '', '', ''],
    ]);
    expect(task.body.data.status).toBe('INVALID');
    const problems = task.body.data.errors.map((e: any) => [e.row, e.field]);
    expect(problems).toEqual(
      expect.arrayContaining([
        [2, 'qty'],
        [3, 'warehouseCode'],
        [4, 'wdoType'],
        [5, 'skuCode'],
        [6, 'skuCode'],
        [7, 'code'],
        [9, 'wdoType'],
        [9, 'skuCode'],
      ]),
    );
    expect(task.body.data.errors.find((e: any) => e.row === 3)).toMatchObject({ code: 'WAREHOUSE_NOT_FOUND', params: { value: 'NO-SUCH-WH' }, message: '仓库 NO-SUCH-WH 不存在' });
    expect((await t.database.db.select().from(wdoHeaders).where(eq(wdoHeaders.domainId, w.domainId))).map((h) => h.code)).toEqual(['TAKEN']);
  });

  it('refuses the import to a sub-account without MENU_WDO_CREATE', async () => {
    const w = await outboundWorld(t);
    const staff = await signedInStaff(t, w.domainId, ['MENU_INV']);
    const refused = await t.upload('/cloud/core/import/upload', { field: 'uploadExcel', name: 'wdo.xlsx', data: await xlsx([]) }, { kind: 'WDO' }, { token: staff });
    expect(refused.body.errorCode).toBe('ERR_SECURITY_NO_PERMISSION');
  });
});
