// The supplier's receipt tolerance over HTTP: set as a percent on create and update, kept as a
// ratio (a purchase order line of the supplier may receive ordered × (1 + ratio)), refused outside
// 0…100 % or with more than 2 decimals, left as it is by an update that does not name it; another
// domain cannot change it.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness.js';
import { createSupplier } from '../../../test/factories/suppliers.js';
import { signedInSeller } from '../../../test/factories/warehouses.js';
import { suppliers } from '../../db/schema/index.js';

const t = await createTestApp();

const stored = async (id: number) => (await t.database.db.select({ r: suppliers.receiptTolerance }).from(suppliers).where(eq(suppliers.id, id)))[0]!.r;

describe('supplier receipt tolerance', () => {
  it('takes a percent with up to 2 decimals, keeps it as a ratio and shows it as a percent', async () => {
    const seller = await signedInSeller(t);
    const created = await createSupplier(t, seller.token, { receiptTolerancePercent: '5.5' });
    expect(created).toMatchObject({ receiptTolerancePercent: '5.5' });
    expect(await stored(created.id)).toBe('0.0550');
    const plain = await createSupplier(t, seller.token);
    expect(plain).toMatchObject({ receiptTolerancePercent: '0' });

    const update = (body: Record<string, unknown>) => t.call('/cloud/purchase/supplier/update', { code: 'TOL1', name: 'Tolerant', ...body }, { token: seller.token });
    const a = await update({ id: created.id, version: created.version, receiptTolerancePercent: 12.25 });
    expect(a.body.data).toMatchObject({ receiptTolerancePercent: '12.25', version: 1 });
    expect(await stored(created.id)).toBe('0.1225');
    // An update that does not name the tolerance leaves it.
    const b = await update({ id: created.id, version: 1, remark: 'same tolerance' });
    expect(b.body.data).toMatchObject({ receiptTolerancePercent: '12.25', version: 2 });
    const full = await update({ id: created.id, version: 2, receiptTolerancePercent: '100' });
    expect(full.body.data.receiptTolerancePercent).toBe('100');
    expect(await stored(created.id)).toBe('1.0000');
    const listed = await t.call('/cloud/purchase/supplier/search', { keyword: 'TOL1' }, { token: seller.token });
    expect(listed.body.data.voList[0]).toMatchObject({ code: 'TOL1', receiptTolerancePercent: '100' });
  });

  it('refuses a percent below 0, above 100, with 3 decimals or not a number, changing nothing', async () => {
    const seller = await signedInSeller(t);
    const s = await createSupplier(t, seller.token, { receiptTolerancePercent: '3' });
    for (const value of ['-1', '100.01', '1.005', 'ten', 101]) {
      const answer = await t.call('/cloud/purchase/supplier/update', { id: s.id, version: s.version, code: s.code, name: s.name, receiptTolerancePercent: value }, { token: seller.token });
      expect(answer.body, String(value)).toMatchObject({ success: false, errorCode: 'ERR_VALIDATION', params: { field: 'receiptTolerancePercent' } });
    }
    const refusedCreate = await t.call('/cloud/purchase/supplier/create', { code: 'BAD', name: 'Bad', receiptTolerancePercent: '0.001' }, { token: seller.token });
    expect(refusedCreate.body).toMatchObject({ success: false, errorCode: 'ERR_VALIDATION', params: { field: 'receiptTolerancePercent' } });
    expect(await stored(s.id)).toBe('0.0300');
  });

  it('lets another domain not change the tolerance', async () => {
    const seller = await signedInSeller(t);
    const stranger = await signedInSeller(t);
    const s = await createSupplier(t, seller.token, { receiptTolerancePercent: '2' });
    const answer = await t.call('/cloud/purchase/supplier/update', { id: s.id, version: s.version, code: s.code, name: s.name, receiptTolerancePercent: '50' }, { token: stranger.token });
    expect(answer.body).toMatchObject({ success: false, errorCode: 'ERR_NOT_FOUND' });
    const [row] = await t.database.db.select().from(suppliers).where(and(eq(suppliers.id, s.id), eq(suppliers.domainId, seller.domainId)));
    expect(row).toMatchObject({ receiptTolerance: '0.0200', version: 0 });
  });
});
