import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueName } from '../../../test/harness.js';

const t = await createTestApp();

async function main() {
  const seller = await t.factories.sellerDomain();
  return { ...seller, token: await t.token(seller.loginName, seller.password) };
}

describe('log centre', () => {
  it('shows configuration changes in the configuration log, not in the document log', async () => {
    const a = await main();
    const roleName = uniqueName('role');
    await t.call('/cloud/domain/role/create', { roleName, menus: ['MENU_SKU'] }, { token: a.token });
    const config = await t.call('/myhome/configLog/searchPageList', { currentPage: 1, pageSize: 10 }, { token: a.token });
    expect(config.body.data.voList[0]).toMatchObject({ area: 'accounts', entityType: 'role', action: 'CREATE_ROLE', loginName: a.loginName });
    expect(config.body.data.voList[0].after).toMatchObject({ roleName });
    const docs = await t.call('/myhome/docLog/searchPageList', {}, { token: a.token });
    expect(docs.body.data.total).toBe(0);
  });

  it('filters by area, operator and time', async () => {
    const a = await main();
    await t.call('/cloud/domain/role/create', { roleName: uniqueName('r'), menus: [] }, { token: a.token });
    const none = await t.call('/myhome/configLog/searchPageList', { loginName: 'nobody-at-all' }, { token: a.token });
    expect(none.body.data.total).toBe(0);
    const future = await t.call('/myhome/configLog/searchPageList', { timeFrom: '2999-01-01 00:00:00' }, { token: a.token });
    expect(future.body.data.total).toBe(0);
    const byArea = await t.call('/myhome/configLog/searchPageList', { area: 'accounts' }, { token: a.token });
    expect(byArea.body.data.total).toBe(1);
    const otherArea = await t.call('/myhome/configLog/searchPageList', { area: 'goods' }, { token: a.token });
    expect(otherArea.body.data.total).toBe(0);
  });

  it("shows nothing of another domain's log and refuses an account without MENU_BIZ_LOG", async () => {
    const a = await main();
    const b = await main();
    await t.call('/cloud/domain/role/create', { roleName: uniqueName('r'), menus: [] }, { token: a.token });
    expect((await t.call('/myhome/configLog/searchPageList', {}, { token: b.token })).body.data.total).toBe(0);
    const picker = await t.factories.subAccount(a.domainId, { menus: ['MENU_ERPSO'] });
    const denied = await t.call('/myhome/configLog/searchPageList', {}, { token: await t.token(picker.loginName, picker.password) });
    expect(denied.status).toBe(403);
  });
});
