// Starting an export needs MENU_DATA_DOWNLOAD as well as the area's menu (spec 01 §4.5, §6): an
// account that could not download the file is told so before anything is made, in the spec's
// words, on every export-start call; an account with the menu starts it.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness.js';
import { inventoryWorld, staffToken } from '../../../test/factories/inventory.js';

const t = await createTestApp();
const { db } = t.database;

/** Every call that starts an export, with the menu of its area and a valid body. */
const EXPORT_STARTS = [
  { path: '/myhome/spu/exportSpu', menu: 'MENU_SKU', body: {} },
  { path: '/cloud/core/inventory/export', menu: 'MENU_INV', body: { whId: -1 } },
  { path: '/myhome/salesOutbound/export', menu: 'MENU_INV', body: {} },
] as const;

async function exportRows(domainId: number): Promise<number> {
  const rows = await db.execute<{ n: number }>(sql`select count(*)::int as n from export_files where domain_id = ${domainId}`);
  return Number(rows.rows[0]!.n);
}

describe('starting an export', () => {
  for (const start of EXPORT_STARTS) {
    it(`refuses ${start.path} without MENU_DATA_DOWNLOAD before making anything, with the spec's message`, async () => {
      const w = await inventoryWorld(t);
      const clerk = await staffToken(t, w.domainId, [start.menu]);
      const english = await t.call(start.path, start.body, { token: clerk, headers: { 'accept-language': 'en' } });
      expect(english.status).toBe(403);
      expect(english.body).toMatchObject({ success: false, errorCode: 'ERR_NO_DOWNLOAD_PERMISSION', message: 'No download permission, please contact the main account holder' });
      const chinese = await t.call(start.path, start.body, { token: clerk, headers: { 'accept-language': 'zh' } });
      expect(chinese.body.message).toBe('没有下载权限，请联系主账号');
      expect(await exportRows(w.domainId)).toBe(0);
      expect((await t.call('/cloud/core/exportFile/needPollingList', {}, { token: clerk })).body.data).toEqual([]);
    });
  }

  it('says so before it looks at the filter (a warehouse of another domain)', async () => {
    const a = await inventoryWorld(t);
    const b = await inventoryWorld(t);
    const clerk = await staffToken(t, b.domainId, ['MENU_INV']);
    const answer = await t.call('/cloud/core/inventory/export', { whId: a.warehouseId }, { token: clerk });
    expect(answer.body.errorCode).toBe('ERR_NO_DOWNLOAD_PERMISSION');
  });

  it('starts each export for an account with the area menu and MENU_DATA_DOWNLOAD', async () => {
    const w = await inventoryWorld(t);
    for (const start of EXPORT_STARTS) {
      const clerk = await staffToken(t, w.domainId, [start.menu, 'MENU_DATA_DOWNLOAD']);
      const answer = await t.call(start.path, start.body, { token: clerk });
      expect(answer.body).toMatchObject({ success: true, data: { processStatus: 'REQUEST' } });
    }
    expect(await exportRows(w.domainId)).toBe(EXPORT_STARTS.length);
  });
});
