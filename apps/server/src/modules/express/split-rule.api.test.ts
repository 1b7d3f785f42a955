// The package-splitting rule per carrier (spec 01 §5, 02 §4.3, §7.8: expressCompany/splitRule).
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness.js';
import { chooseCarriers } from '../../../test/factories/express.js';

const t = await createTestApp();

async function seller() {
  const s = await t.factories.sellerDomain();
  return { ...s, token: await t.token(s.loginName, s.password) };
}

describe('expressCompany/splitRule', () => {
  it('answers the domain’s carriers with whether each takes several packages', async () => {
    const s = await seller();
    await chooseCarriers(t, s.token, ['SF', 'YUNDA_KY', 'DEPPON']);
    const answer = await t.call('/myhome/expressCompany/splitRule', {}, { token: s.token });
    expect(answer.body.data.map((r: any) => [r.code, r.multiPackage, r.refusal])).toEqual([
      ['SF', true, null],
      ['YUNDA_KY', false, 'NO_MULTI_PACKAGE'],
      ['DEPPON', false, 'NO_MULTI_PACKAGE'],
    ]);
  });

  it('answers asked codes whether chosen or not, and refuses an unknown code naming the field', async () => {
    const s = await seller();
    await chooseCarriers(t, s.token, ['ZTO']);
    const answer = await t.call('/myhome/expressCompany/splitRule', { codes: ['ZTO', 'ANE'] }, { token: s.token });
    expect(answer.body.data).toMatchObject([
      { code: 'ZTO', chosen: true, multiPackage: true },
      { code: 'ANE', chosen: false, multiPackage: false },
    ]);
    const unknown = await t.call('/myhome/expressCompany/splitRule', { codes: ['NOPE'] }, { token: s.token });
    expect(unknown.body).toMatchObject({ success: false, errorCode: 'ERR_VALIDATION', params: { field: 'codes' } });
  });

  it('answers each seller its own carriers only', async () => {
    const a = await seller();
    await chooseCarriers(t, a.token, ['SF']);
    const b = await seller();
    expect((await t.call('/myhome/expressCompany/splitRule', {}, { token: b.token })).body.data).toEqual([]);
    expect((await t.call('/myhome/expressCompany/splitRule', {})).status).toBe(401);
  });
});
