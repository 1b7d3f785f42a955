import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueName } from '../../../test/harness.js';

const t = await createTestApp();

async function mainOf(level = 'PRO') {
  const seller = await t.factories.sellerDomain({ level });
  return { ...seller, token: await t.token(seller.loginName, seller.password) };
}

async function createRole(token: string, menus: string[], fields: string[] = []) {
  const answer = await t.call('/cloud/domain/role/create', { roleName: uniqueName('role'), menus, fields }, { token });
  expect(answer.body.success).toBe(true);
  return answer.body.data;
}

async function createSub(token: string, roleIds: number[], password = 'Staff#2026go') {
  const loginName = uniqueName('sub');
  const answer = await t.call(
    '/cloud/domain/user/createSubUser',
    { loginName, userName: 'Warehouse Wang', password: await t.encrypt(password), roleIds, phone: '13911112222' },
    { token },
  );
  expect(answer.body.success).toBe(true);
  return { ...answer.body.data, password };
}

describe('roles and sub-accounts', () => {
  it('creates a role and a sub-account who sees only the role menus and fields', async () => {
    const main = await mainOf();
    const role = await createRole(main.token, ['MENU_ERPSO', 'MENU_INV'], ['COST_PRICE']);
    const sub = await createSub(main.token, [role.id]);
    expect(sub).toMatchObject({ loginName: sub.loginName, status: 'OPEN', locked: false, roleIds: [role.id], roleNames: [role.roleName] });
    const token = await t.token(sub.loginName, sub.password);
    const menus = await t.call('/cloud/domain/menu/getUserMenu', undefined, { method: 'GET', token });
    expect(menus.body.data.map((m: any) => m.menuName).sort()).toEqual(['MENU_ERPSO', 'MENU_INV']);
    const fields = await t.call('/cloud/domain/field/getUserField', undefined, { method: 'GET', token });
    expect(fields.body.data).toEqual(['COST_PRICE']);
    const account = await t.call('/cloud/domain/user/getCurrUser', undefined, { method: 'GET', token });
    expect(account.body.data).toMatchObject({ accountType: 'SUB_ACCOUNT_TYPE', domainId: main.domainId, roles: [role.roleName] });
  });

  it('gives the main account every menu and, at paid levels, every field', async () => {
    const pro = await mainOf('PRO');
    const menus = await t.call('/cloud/domain/menu/getUserMenu', undefined, { method: 'GET', token: pro.token });
    expect(menus.body.data.map((m: any) => m.menuName)).toEqual(expect.arrayContaining(['MENU_SKU', 'MENU_USER_MANAGER', 'MENU_ERPSO']));
    expect((await t.call('/cloud/domain/field/getUserField', undefined, { method: 'GET', token: pro.token })).body.data).toEqual(['COST_PRICE', 'PURCHASE_PRICE', 'RECEIVER_DECRYPT']);
    const lite = await mainOf('LITE');
    // Purchase price shows only at paid levels (spec 01 §6).
    expect((await t.call('/cloud/domain/field/getUserField', undefined, { method: 'GET', token: lite.token })).body.data).toEqual(['COST_PRICE', 'RECEIVER_DECRYPT']);
  });

  it('adds the DISTRIBUTION extra menu at paid levels only', async () => {
    const pro = await mainOf('PRO');
    const lite = await mainOf('LITE');
    expect((await t.call('/cloud/domain/menu/getDomainExtraMenu', undefined, { method: 'GET', token: pro.token })).body.data).toEqual(['DISTRIBUTION']);
    expect((await t.call('/cloud/domain/menu/getDomainExtraMenu', undefined, { method: 'GET', token: lite.token })).body.data).toEqual([]);
  });

  it('refuses a sub-account without MENU_USER_MANAGER with 403 and changes nothing', async () => {
    const main = await mainOf();
    const picker = await t.factories.subAccount(main.domainId, { menus: ['MENU_ERPSO', 'MENU_INV'] });
    const token = await t.token(picker.loginName, picker.password);
    const search = await t.call('/cloud/domain/user/search', { currentPage: 1, pageSize: 10 }, { token });
    expect(search.status).toBe(403);
    expect(search.body.errorCode).toBe('ERR_SECURITY_NO_PERMISSION');
    const loginName = uniqueName('sneaky');
    const create = await t.call('/cloud/domain/user/createSubUser', { loginName, userName: 'x', password: await t.encrypt('Staff#2026go') }, { token });
    expect(create.status).toBe(403);
    const list = await t.call('/cloud/domain/user/search', { currentPage: 1, pageSize: 100, keyword: loginName }, { token: main.token });
    expect(list.body.data.total).toBe(0);
  });

  it('checks permission before validating, so a bad payload from an unpermitted caller still gets 403', async () => {
    const main = await mainOf();
    const picker = await t.factories.subAccount(main.domainId, { menus: ['MENU_ERPSO'] });
    const token = await t.token(picker.loginName, picker.password);
    const answer = await t.call('/cloud/domain/role/create', { roleName: 42 }, { token });
    expect(answer.status).toBe(403);
  });

  it('lets a sub-account manager grant only what it holds itself', async () => {
    const main = await mainOf();
    const manager = await t.factories.subAccount(main.domainId, { menus: ['MENU_USER_MANAGER', 'MENU_ERPSO'] });
    const token = await t.token(manager.loginName, manager.password);
    const tooMuch = await t.call('/cloud/domain/role/create', { roleName: uniqueName('r'), menus: ['MENU_SKU'] }, { token });
    expect(tooMuch.body.errorCode).toBe('ERR_GRANT_EXCEEDS_OWN');
    const fine = await t.call('/cloud/domain/role/create', { roleName: uniqueName('r'), menus: ['MENU_ERPSO'] }, { token });
    expect(fine.body.success).toBe(true);
    const offered = await t.call('/cloud/domain/menu/searchSysMenuByDomain', undefined, { method: 'GET', token });
    const keys = offered.body.data.flatMap((g: any) => g.menus.map((m: any) => m.key));
    expect(keys.sort()).toEqual(['MENU_ERPSO', 'MENU_USER_MANAGER']);
  });

  it('refuses unknown menu keys in a role', async () => {
    const main = await mainOf();
    const answer = await t.call('/cloud/domain/role/create', { roleName: 'x', menus: ['MENU_NOPE'] }, { token: main.token });
    expect(answer.body.errorCode).toBe('ERR_VALIDATION');
    expect(answer.body.fields![0]!.field).toBe('menus.0');
  });

  it('updates a sub-account and refuses a stale version', async () => {
    const main = await mainOf();
    const role = await createRole(main.token, ['MENU_ERPSO']);
    const sub = await createSub(main.token, [role.id]);
    const updated = await t.call(
      '/cloud/domain/user/updateSubUser',
      { id: sub.id, version: sub.version, userName: 'Warehouse Li', roleIds: [], remark: 'night shift' },
      { token: main.token },
    );
    expect(updated.body.data).toMatchObject({ userName: 'Warehouse Li', roleIds: [], remark: 'night shift', version: sub.version + 1 });
    const stale = await t.call('/cloud/domain/user/updateSubUser', { id: sub.id, version: sub.version, userName: 'Late', roleIds: [] }, { token: main.token });
    expect(stale.status).toBe(409);
    expect(stale.body.errorCode).toBe('ERR_VERSION_CONFLICT');
    const fetched = await t.call(`/cloud/domain/user/getUserById?userId=${sub.id}`, undefined, { token: main.token });
    expect(fetched.body.data.userName).toBe('Warehouse Li');
  });

  it('stops a sub-account, ending its session and sign-in, and opens it again', async () => {
    const main = await mainOf();
    const sub = await createSub(main.token, []);
    const subToken = await t.token(sub.loginName, sub.password);
    expect((await t.call('/cloud/domain/user/stopSubUser', { userId: sub.id }, { token: main.token })).body.success).toBe(true);
    expect((await t.call('/cloud/domain/user/getCurrUser', undefined, { method: 'GET', token: subToken })).status).toBe(401);
    expect((await t.login(sub.loginName, sub.password)).body.errorCode).toBe('ERR_SECURITY_ACCOUNT_STOPPED');
    await t.call('/cloud/domain/user/openSubUser', { userId: sub.id }, { token: main.token });
    expect((await t.login(sub.loginName, sub.password)).body.success).toBe(true);
  });

  it('unlocks a locked sub-account', async () => {
    const main = await mainOf();
    const sub = await createSub(main.token, []);
    for (let attempt = 1; attempt <= 10; attempt++) {
      const extra: Record<string, unknown> = {};
      if (attempt >= 4) {
        const uniqueCode = uniqueName('cap');
        await fetch(`${t.baseUrl}/cloud/domain/login/validate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ uniqueCode }) });
        Object.assign(extra, { uniqueCode, validateCode: await t.captchaText(uniqueCode) });
      }
      await t.login(sub.loginName, 'Wrong#pass1', extra, { ip: '10.5.0.1' });
    }
    const listed = await t.call('/cloud/domain/user/search', { keyword: sub.loginName }, { token: main.token });
    expect(listed.body.data.voList[0].locked).toBe(true);
    const unlocked = await t.call(`/cloud/domain/user/unlockAccount?userId=${sub.id}`, {}, { token: main.token });
    expect(unlocked.body.success).toBe(true);
    expect((await t.login(sub.loginName, sub.password, {}, { ip: '10.5.0.2' })).body.success).toBe(true);
  });

  it("changes a sub-account's password and signs it out", async () => {
    const main = await mainOf();
    const sub = await createSub(main.token, []);
    const subToken = await t.token(sub.loginName, sub.password);
    const weak = await t.call('/cloud/domain/user/changePassSubUser', { userId: sub.id, password: await t.encrypt('12345678') }, { token: main.token });
    expect(weak.body.errorCode).toBe('ERR_PASSWORD_POLICY');
    const ok = await t.call('/cloud/domain/user/changePassSubUser', { userId: sub.id, password: await t.encrypt('Other#Pass99') }, { token: main.token });
    expect(ok.body.success).toBe(true);
    expect((await t.call('/cloud/domain/user/getCurrUser', undefined, { method: 'GET', token: subToken })).status).toBe(401);
    expect((await t.login(sub.loginName, 'Other#Pass99')).body.success).toBe(true);
  });

  it('deletes a sub-account, and refuses to delete a role still in use', async () => {
    const main = await mainOf();
    const role = await createRole(main.token, ['MENU_ERPSO']);
    const sub = await createSub(main.token, [role.id]);
    const inUse = await t.call('/cloud/domain/role/delete', { id: role.id }, { token: main.token });
    expect(inUse.body).toMatchObject({ errorCode: 'ERR_ROLE_IN_USE', params: { count: 1 } });
    expect((await t.call('/cloud/domain/user/deleteSubUser', { userId: sub.id }, { token: main.token })).body.success).toBe(true);
    expect((await t.login(sub.loginName, sub.password)).body.errorCode).toBe('BAD_CREDENTIALS');
    expect((await t.call('/cloud/domain/role/delete', { id: role.id }, { token: main.token })).body.success).toBe(true);
  });

  it('writes the operation log for account changes', async () => {
    const main = await mainOf();
    const role = await createRole(main.token, ['MENU_ERPSO']);
    await createSub(main.token, [role.id]);
    const { rows } = await t.database.pool.query('select action, login_name from operation_logs where domain_id = $1 order by id', [main.domainId]);
    expect(rows.map((r) => r.action)).toEqual(['CREATE_ROLE', 'CREATE_SUB_USER']);
    expect(rows[0].login_name).toBe(main.loginName);
  });
});

describe('another domain', () => {
  it("cannot read, change, stop or delete this domain's sub-accounts and roles", async () => {
    const a = await mainOf();
    const b = await mainOf();
    const role = await createRole(a.token, ['MENU_ERPSO']);
    const sub = await createSub(a.token, [role.id]);
    const asB = { token: b.token };
    expect((await t.call(`/cloud/domain/user/getUserById?userId=${sub.id}`, undefined, asB)).status).toBe(404);
    expect((await t.call('/cloud/domain/user/updateSubUser', { id: sub.id, version: sub.version, userName: 'hijack', roleIds: [] }, asB)).status).toBe(404);
    expect((await t.call('/cloud/domain/user/stopSubUser', { userId: sub.id }, asB)).status).toBe(404);
    expect((await t.call('/cloud/domain/user/deleteSubUser', { userId: sub.id }, asB)).status).toBe(404);
    expect((await t.call('/cloud/domain/user/changePassSubUser', { userId: sub.id, password: await t.encrypt('Hijack#2026') }, asB)).status).toBe(404);
    expect((await t.call('/cloud/domain/role/update', { id: role.id, version: role.version, roleName: 'hijack', menus: [] }, asB)).status).toBe(404);
    expect((await t.call('/cloud/domain/role/delete', { id: role.id }, asB)).status).toBe(404);
    // B cannot give A's role to its own sub-account either.
    const loginName = uniqueName('b');
    const borrow = await t.call('/cloud/domain/user/createSubUser', { loginName, userName: 'x', password: await t.encrypt('Staff#2026go'), roleIds: [role.id] }, asB);
    expect(borrow.body.errorCode).toBe('ERR_VALIDATION');
    expect((await t.call('/cloud/domain/user/search', {}, asB)).body.data.voList.some((u: any) => u.id === sub.id)).toBe(false);
    expect((await t.call('/cloud/domain/role/search', {}, asB)).body.data.voList.some((r: any) => r.id === role.id)).toBe(false);
    // Nothing changed for A.
    const still = await t.call(`/cloud/domain/user/getUserById?userId=${sub.id}`, undefined, { token: a.token });
    expect(still.body.data).toMatchObject({ userName: 'Warehouse Wang', status: 'OPEN', roleIds: [role.id] });
    expect((await t.login(sub.loginName, sub.password)).body.success).toBe(true);
  });

  it("does not show another domain's login records", async () => {
    const a = await mainOf();
    const b = await mainOf();
    const records = await t.call('/cloud/domain/loginLog/search', { pageSize: 100 }, { token: b.token });
    expect(records.body.data.voList.every((r: any) => r.loginName === b.loginName)).toBe(true);
    expect(records.body.data.voList.some((r: any) => r.loginName === a.loginName)).toBe(false);
  });
});
