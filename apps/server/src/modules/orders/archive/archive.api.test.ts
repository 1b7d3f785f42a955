// The archive over HTTP: orders sent or closed 90 days ago or more are found with the archive's
// filters (02 §3.5) and answered masked, one archived order with its history, the export to the
// download centre (masked for a sub-account, in full and logged for the main account), bad
// filters refused naming the field, and another seller finds nothing.
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/harness.js';
import { insertOrder } from '../../../../test/factories/orders.js';
import { signedInSeller, signedInStaff, storeRow } from '../../../../test/factories/warehouses.js';

const t = await createTestApp();
const { db } = t.database;
const PHONE = '13712345678';

async function world() {
  const s = await signedInSeller(t);
  const store = await storeRow(t, s.domainId);
  const other = await storeRow(t, s.domainId);
  const make = async (status: string, daysAgo: number, extra: { storeId?: number; name?: string; message?: string; late?: boolean } = {}) => {
    const o = await insertOrder(t, s.domainId, { storeId: extra.storeId ?? store.id, statusCode: status, receiver: { name: extra.name ?? '李雷', phone: PHONE }, lines: [{ skuId: null, qty: 1 }] });
    const column = status === 'CI_ERPSOH_STATUS_CLOSE' ? sql.raw('closed_at') : sql.raw('delivery_time');
    await db.execute(sql`update erp_orders set ${column} = now() - make_interval(days => ${daysAgo}), buyer_message = ${extra.message ?? null},
      last_ship_time = now() - make_interval(days => ${daysAgo}) + (case when ${extra.late ?? false} then interval '-1 day' else interval '1 day' end) where id = ${o.id}`);
    return o;
  };
  const old = await make('CI_ERPSOH_STATUS_SEND', 200, { message: '请放门卫室' });
  const late = await make('CI_ERPSOH_STATUS_SEND', 120, { storeId: other.id, name: '韩梅梅', late: true });
  const closed = await make('CI_ERPSOH_STATUS_CLOSE', 100);
  const recent = await make('CI_ERPSOH_STATUS_SEND', 10);
  const pending = await insertOrder(t, s.domainId, { storeId: store.id, lines: [{ skuId: null, qty: 1 }] });
  return { ...s, storeId: store.id, otherStoreId: other.id, old, late, closed, recent, pending };
}

const search = (token: string, body: Record<string, unknown>) => t.call('/cloud/core/archiveSo/searchPageList', body, { token });
const ids = (r: any) => r.body.data.voList.map((o: any) => o.id);

describe('archive', () => {
  it('finds only orders sent or closed 90 days ago or more, masked, with the archive filters', async () => {
    const w = await world();
    const all = await search(w.token, {});
    expect(ids(all)).toEqual([w.closed.id, w.late.id, w.old.id]);
    expect(all.body.data.total).toBe(3);
    expect(JSON.stringify(all.body)).not.toContain(PHONE);
    expect(ids(await search(w.token, { codeKeywords: w.old.code }))).toEqual([w.old.id]);
    expect(ids(await search(w.token, { storeIdList: [w.otherStoreId] }))).toEqual([w.late.id]);
    expect(ids(await search(w.token, { receiverCodeKey: 'receiverName', receiverCodeValue: '韩梅梅' }))).toEqual([w.late.id]);
    expect(ids(await search(w.token, { receiverKeywords: PHONE }))).toEqual([w.closed.id, w.late.id, w.old.id]);
    expect(ids(await search(w.token, { messageKeywords: '门卫' }))).toEqual([w.old.id]);
    expect(ids(await search(w.token, { threePlTiming: 'LATE' }))).toEqual([w.late.id]);
    const from = new Date(Date.now() - 150 * 86_400_000).toISOString();
    expect(ids(await search(w.token, { shippingTimeFrom: from }))).toEqual([w.late.id]);
    expect((await search(w.token, { currentPage: 2, pageSize: 2 })).body.data).toMatchObject({ total: 3, voList: [expect.objectContaining({ id: w.old.id })] });
  });

  it('answers one archived order with its history and refuses one not archived', async () => {
    const w = await world();
    const got = await t.call('/myhome/erpsolr/getErpSoHArchiveById', { id: w.old.id }, { token: w.token });
    expect(got.body.data).toMatchObject({ id: w.old.id, receiverPhone: '137****5678', logs: [] });
    const recent = await t.call('/myhome/erpsolr/getErpSoHArchiveById', { id: w.recent.id }, { token: w.token });
    expect(recent.status).toBe(404);
    expect(recent.body.errorCode).toBe('ERR_ORDER_NOT_ARCHIVED');
  });

  it('refuses bad filters naming the field', async () => {
    const w = await world();
    const timing = await search(w.token, { threePlTiming: 'SOMETIMES' });
    expect(timing.status).toBe(400);
    expect(JSON.stringify(timing.body)).toContain('threePlTiming');
    const key = await search(w.token, { receiverCodeKey: 'address' });
    expect(JSON.stringify(key.body)).toContain('receiverCodeKey');
    const skus = await search(w.token, { skuKeywords: Array.from({ length: 51 }, (_, i) => `S${i}`).join(',') });
    expect(JSON.stringify(skus.body)).toContain('skuKeywords');
  });

  it('exports the archive masked for a sub-account and in full, logged, for the main account', async () => {
    const w = await world();
    const exportAs = async (token: string) => {
      const requested = await t.call('/cloud/core/archiveSo/exportArchiveSoh', { storeIdList: [w.storeId] }, { token });
      expect(requested.body.data).toMatchObject({ processStatus: 'REQUEST', title: 'Archived orders export' });
      await t.waitFor(
        () => t.call('/cloud/core/exportFile/needPollingList', {}, { token }),
        (x) => x.body.data.some((f: { id: number; processStatus: string }) => f.id === requested.body.data.id && f.processStatus === 'SUCCESS'),
      );
      const file = await fetch(`${t.baseUrl}/cloud/core/exportFile/downloadExcel`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ number: requested.body.data.id }),
      });
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(await file.arrayBuffer());
      const sheet = wb.worksheets[0]!;
      return { codes: [2, 3].map((r) => sheet.getRow(r).getCell(1).value), phones: [2, 3].map((r) => sheet.getRow(r).getCell(8).value), rows: sheet.rowCount };
    };
    const staff = await signedInStaff(t, w.domainId, ['MENU_ERPSO', 'MENU_DATA_DOWNLOAD']);
    const masked = await exportAs(staff);
    expect(masked.rows).toBe(3);
    expect(masked.codes).toEqual([w.closed.code, w.old.code]);
    expect(masked.phones).toEqual(['137****5678', '137****5678']);
    const full = await exportAs(w.token);
    expect(full.phones).toEqual([PHONE, PHONE]);
    const logged = await db.execute<{ n: number }>(sql`select count(*)::int as n from operation_logs where domain_id = ${w.domainId} and action = 'revealReceiver' and after->>'scene' = 'EXPORT'`);
    expect(logged.rows[0]!.n).toBe(2);
  });

  it('exports history data: one row per line of the archived orders', async () => {
    const w = await world();
    const requested = await t.call('/cloud/core/archiveSo/exportArchiveSoh', { storeIdList: [w.storeId], exportType: 'BY_SKU' }, { token: w.token });
    expect(requested.body.data).toMatchObject({ processStatus: 'REQUEST', title: 'History data export (by item detail)' });
    await t.waitFor(
      () => t.call('/cloud/core/exportFile/needPollingList', {}, { token: w.token }),
      (x) => x.body.data.some((f: { id: number; processStatus: string }) => f.id === requested.body.data.id && f.processStatus === 'SUCCESS'),
    );
    const file = await fetch(`${t.baseUrl}/cloud/core/exportFile/downloadExcel`, {
      method: 'POST',
      headers: { authorization: `Bearer ${w.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ number: requested.body.data.id }),
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await file.arrayBuffer());
    const sheet = wb.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toContain('Quantity');
    expect(sheet.rowCount).toBe(3);
    const bad = await t.call('/cloud/core/archiveSo/exportArchiveSoh', { exportType: 'BY_MOOD' }, { token: w.token });
    expect(JSON.stringify(bad.body)).toContain('exportType');
  });

  it('finds nothing of another seller', async () => {
    const w = await world();
    const other = await signedInSeller(t);
    expect((await search(other.token, {})).body.data.total).toBe(0);
    expect((await t.call('/myhome/erpsolr/getErpSoHArchiveById', { id: w.old.id }, { token: other.token })).body.errorCode).toBe('ERR_NOT_FOUND');
    const staff = await signedInStaff(t, w.domainId, ['MENU_SKU']);
    expect((await search(staff, {})).status).toBe(403);
  });
});
