// The account's own preferences over HTTP (userConfig): the list density of issue 20 is kept per
// user, refused unless it is one of the densities, and not seen by another account.
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness.js';

const t = await createTestApp();
const call = (path: string, body: unknown, token: string) => t.call(path, body, { token });
const TYPE = 'USERCONFIG_TYPE_LIST_DENSITY';

async function seller() {
  const s = await t.factories.sellerDomain();
  return t.token(s.loginName, s.password);
}

describe('the list density of an account', () => {
  it('keeps the density chosen for a list and answers it back', async () => {
    const token = await seller();
    expect((await call('/cloud/domain/userConfig/update', { configType: TYPE, code: 'orders.list', value: 'compact' }, token)).body.success).toBe(true);
    expect((await call('/cloud/domain/userConfig/update', { configType: TYPE, code: 'goods.list', value: 'comfortable' }, token)).body.success).toBe(true);
    expect((await call('/cloud/domain/userConfig/update', { configType: TYPE, code: 'orders.list', value: 'comfortable' }, token)).body.success).toBe(true);
    const saved = (await call('/cloud/domain/userConfig/get', { configType: TYPE }, token)).body.data as { code: string; value: string }[];
    expect(saved.sort((a, b) => a.code.localeCompare(b.code))).toEqual([
      { code: 'goods.list', value: 'comfortable' },
      { code: 'orders.list', value: 'comfortable' },
    ]);
  });

  it('refuses a density that is not compact or comfortable, naming the field, and keeps the old one', async () => {
    const token = await seller();
    await call('/cloud/domain/userConfig/update', { configType: TYPE, code: 'orders.list', value: 'compact' }, token);
    const refused = await call('/cloud/domain/userConfig/update', { configType: TYPE, code: 'orders.list', value: 'tiny' }, token);
    expect(refused.status).toBe(400);
    expect(refused.body.fields?.[0]?.field).toBe('value');
    expect((await call('/cloud/domain/userConfig/get', { configType: TYPE }, token)).body.data).toEqual([{ code: 'orders.list', value: 'compact' }]);
  });

  it('does not show one account the density another chose', async () => {
    const a = await seller();
    const b = await seller();
    await call('/cloud/domain/userConfig/update', { configType: TYPE, code: 'orders.list', value: 'compact' }, a);
    expect((await call('/cloud/domain/userConfig/get', { configType: TYPE }, b)).body.data).toEqual([]);
  });
});
