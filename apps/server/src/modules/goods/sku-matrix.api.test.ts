// The SKU matrix of new goods with variants (issue 20 must-have 4) over HTTP: the codes check
// names every matrix code other goods already use before anything is saved, and saving such a
// matrix is refused naming every taken code, saving nothing; codes of another domain do not count.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildSkuMatrix } from '@openseller/core';
import { createGoods, goodsSeller, goodsStaff } from '../../../test/factories/goods.js';
import { createTestApp } from '../../../test/harness.js';
import { spus } from '../../db/schema/index.js';

const t = await createTestApp();
const call = (path: string, body: unknown, token: string) => t.call(path, body, { token });
const matrix = (spuCode: string) => buildSkuMatrix({ spuCode, colors: ['Red', 'Blue'], sizes: ['M', 'L'] });

describe('the SKU matrix of new goods', () => {
  it('names the matrix codes other goods already use, with those goods, before saving', async () => {
    const { token } = await goodsSeller(t);
    await createGoods(t, token, { code: 'OLD', hasSku: true, skus: [{ code: 'TEE-Red-M' }, { code: 'TEE-Blue-L' }] });
    const codes = matrix('TEE').map((c) => c.code);
    const answer = await call('/myhome/spu/checkCode', { code: 'TEE', skuCodeList: codes }, token);
    expect(answer.body.data).toEqual({
      code: 'TEE',
      available: true,
      takenSkuCodes: [
        { code: 'TEE-Red-M', spuCode: 'OLD' },
        { code: 'TEE-Blue-L', spuCode: 'OLD' },
      ],
    });
    const free = await call('/myhome/spu/checkCode', { code: 'TEE2', skuCodeList: matrix('TEE2').map((c) => c.code) }, token);
    expect(free.body.data.takenSkuCodes).toEqual([]);
  });

  it('refuses to save a matrix with taken codes, naming every one, and saves nothing', async () => {
    const { token, domainId } = await goodsSeller(t);
    await createGoods(t, token, { code: 'OLD', hasSku: true, skus: [{ code: 'CAP-Red-M' }, { code: 'CAP-Blue-L' }] });
    const skus = matrix('CAP').map((c) => ({ code: c.code, color: c.color, size: c.size }));
    const answer = await call('/myhome/spu/createSpuByHand', { code: 'CAP', name: 'Cap', hasSku: true, skus }, token);
    expect(answer.status).toBe(409);
    expect(answer.body.errorCode).toBe('ERR_GOODS_SKU_CODE_TAKEN');
    expect(answer.body.message).toContain('CAP-Red-M');
    expect(answer.body.message).toContain('CAP-Blue-L');
    expect(await t.database.db.select().from(spus).where(and(eq(spus.domainId, domainId), eq(spus.code, 'CAP')))).toHaveLength(0);
  });

  it('saves the whole matrix in one step when its codes are free, with colour and size on each SKU', async () => {
    const { token } = await goodsSeller(t);
    const skus = matrix('HAT').map((c) => ({ code: c.code, color: c.color, size: c.size }));
    const spu = await createGoods(t, token, { code: 'HAT', name: 'Hat', hasSku: true, skus });
    expect(spu.skus.map((s) => [s.code, s.color, s.size])).toEqual([
      ['HAT-Red-M', 'Red', 'M'],
      ['HAT-Red-L', 'Red', 'L'],
      ['HAT-Blue-M', 'Blue', 'M'],
      ['HAT-Blue-L', 'Blue', 'L'],
    ]);
  });

  it('refuses a code list that is too long or holds a bad code, naming the field', async () => {
    const { token } = await goodsSeller(t);
    const tooMany = await call('/myhome/spu/checkCode', { code: 'X', skuCodeList: Array.from({ length: 201 }, (_, i) => `X-${i}`) }, token);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.fields?.[0]?.field).toBe('skuCodeList');
    const bad = await call('/myhome/spu/checkCode', { code: 'X', skuCodeList: ['A,B'] }, token);
    expect(bad.status).toBe(400);
    expect(bad.body.fields?.[0]?.field).toBe('skuCodeList.0');
  });

  it('does not count codes of another domain, and asks for the goods menu', async () => {
    const a = await goodsSeller(t);
    const b = await goodsSeller(t);
    await createGoods(t, a.token, { code: 'MINE', hasSku: true, skus: [{ code: 'BAG-Red-M' }] });
    const answer = await call('/myhome/spu/checkCode', { code: 'BAG', skuCodeList: matrix('BAG').map((c) => c.code) }, b.token);
    expect(answer.body.data.takenSkuCodes).toEqual([]);
    const clerk = await goodsStaff(t, b.domainId, ['MENU_ERPSO']);
    expect((await call('/myhome/spu/checkCode', { code: 'BAG', skuCodeList: ['BAG-Red-M'] }, clerk)).status).toBe(403);
  });
});
