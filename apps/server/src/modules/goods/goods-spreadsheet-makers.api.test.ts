// A goods import made in LibreOffice Calc (converted from CSV by `soffice --convert-to xlsx`; the
// file is kept in test/fixtures): its zip layout and styles differ from Excel's and ExcelJS's.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness.js';

const t = await createTestApp();
const fixture = fs.readFileSync(path.resolve(import.meta.dirname, '../../../test/fixtures/goods-1000-libreoffice.xlsx'));

describe('goods import from other spreadsheet programs', () => {
  it('imports 1,000 goods from a spreadsheet saved by LibreOffice', async () => {
    const seller = await t.factories.sellerDomain();
    const token = await t.token(seller.loginName, seller.password);
    const started = await t.upload('/cloud/core/import/upload', { field: 'uploadExcel', name: 'goods.xlsx', data: fixture }, { kind: 'GOODS' }, { token });
    expect(started.body.success).toBe(true);
    const get = () => t.call('/cloud/core/import/get', { id: started.body.data.id }, { token });
    const parsed = await t.waitFor(get, (a) => a.body.data.status !== 'PARSING', 60_000);
    expect(parsed.body.data).toMatchObject({ status: 'PARSED', totalRows: 1000, errorCount: 0 });
    await t.call('/cloud/core/import/confirm', { id: started.body.data.id }, { token });
    const done = await t.waitFor(get, (a) => ['DONE', 'FAILED'].includes(a.body.data.status), 60_000);
    expect(done.body.data).toMatchObject({ status: 'DONE', result: { created: 1000 } });
    const { rows } = await t.database.pool.query("select count(*)::int as n, min(price)::text as p from skus where domain_id = $1 and code like 'LO%'", [seller.domainId]);
    expect(rows[0]).toEqual({ n: 1000, p: '9.9000' });
  });
});
