// Factories of the suppliers tests: suppliers through the API, SKUs inserted directly (the goods
// area owns them).
import { skus, spus } from '../../src/db/schema/index.js';
import { uniqueName, type TestApp } from '../harness.js';

export function supplierInput(overrides: Record<string, unknown> = {}) {
  const code = uniqueName('SUP').toUpperCase();
  return { code, name: `Supplier ${code}`, contact: 'Wang', phone: '0571-88886666', address: '义乌市国际商贸城', ...overrides };
}

export async function createSupplier(t: TestApp, token: string, overrides: Record<string, unknown> = {}) {
  const answer = await t.call('/cloud/purchase/supplier/create', supplierInput(overrides), { token });
  if (!answer.body.success) throw new Error(`supplier not created: ${JSON.stringify(answer.body)}`);
  return answer.body.data as { id: number; code: string; name: string; version: number };
}

/** SKUs of one SPU, by code. */
export async function skuRows(t: TestApp, domainId: number, codes: string[], options: { combination?: boolean; deleted?: boolean } = {}) {
  const [spu] = await t.database.db
    .insert(spus)
    .values({ domainId, code: uniqueName('SPU'), name: 'Mug', isCombination: options.combination ?? false, delFlag: options.deleted ?? false })
    .returning();
  return t.database.db
    .insert(skus)
    .values(
      codes.map((code) => ({ domainId, spuId: spu!.id, code, name: `Mug ${code}`, specifications: 'Blue', barCode: `69${code}`, isCombination: options.combination ?? false, delFlag: options.deleted ?? false })),
    )
    .returning();
}
