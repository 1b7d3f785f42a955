// A sub-account holding MENU_USER_MANAGER manages only accounts whose menus and fields it holds
// itself: no operation lets it take over a stronger account (issue 11 item 1).
import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueName } from '../../../test/harness.js';

const t = await createTestApp();

const VIC_PASSWORD = 'Victor#2026go';

async function createRole(token: string, menus: string[], fields: string[] = []) {
  const answer = await t.call('/cloud/domain/role/create', { roleName: uniqueName('role'), menus, fields }, { token });
  expect(answer.body.success).toBe(true);
  return answer.body.data as { id: number; version: number; roleName: string };
}

async function createSub(token: string, roleIds: number[], password = 'Staff#2026go') {
  const loginName = uniqueName('sub');
  const answer = await t.call('/cloud/domain/user/createSubUser', { loginName, userName: 'Staff', password: await t.encrypt(password), roleIds }, { token });
  expect(answer.body.success).toBe(true);
  return { ...(answer.body.data as { id: number; version: number; loginName: string }), password };
}

/**
 * The set-up: `um` holds only MENU_USER_MANAGER (role R1); `vic` holds goods, orders and
 * stock with the cost-price field (role R2) and also R1; `weak` holds only R1.
 */
async function setUp() {
  const seller = await t.factories.sellerDomain({ level: 'PRO' });
  const main = await t.token(seller.loginName, seller.password);
  const r1 = await createRole(main, ['MENU_USER_MANAGER']);
  const r2 = await createRole(main, ['MENU_SKU', 'MENU_ERPSO', 'MENU_INV'], ['COST_PRICE']);
  const um = await createSub(main, [r1.id]);
  const vic = await createSub(main, [r2.id, r1.id], VIC_PASSWORD);
  const weak = await createSub(main, [r1.id]);
  return { seller, main, r1, r2, vic, weak, umToken: await t.token(um.loginName, um.password) };
}

type World = Awaited<ReturnType<typeof setUp>>;

function expectRefused(answer: { status: number; body: any }, loginName: string) {
  expect(answer.status).toBe(403);
  expect(answer.body).toMatchObject({ success: false, errorCode: 'ERR_ACCOUNT_EXCEEDS_OWN', params: { loginName } });
}

/** vic is as the main account left it: open, same name and roles, signs in with its own password. */
async function expectVicUntouched(w: World) {
  const fetched = await t.call(`/cloud/domain/user/getUserById?userId=${w.vic.id}`, undefined, { token: w.main });
  expect(fetched.body.data).toMatchObject({ userName: 'Staff', status: 'OPEN', locked: false, roleIds: [w.r1.id, w.r2.id].sort((a, b) => a - b), version: w.vic.version });
  expect((await t.login(w.vic.loginName, VIC_PASSWORD, {}, { ip: '10.11.0.9' })).body.success).toBe(true);
}

describe('a sub-account manager and a stronger account', () => {
  it("cannot set the stronger account's password and sign in as it", async () => {
    const w = await setUp();
    const answer = await t.call('/cloud/domain/user/changePassSubUser', { userId: w.vic.id, password: await t.encrypt('Taken#Over99') }, { token: w.umToken });
    expectRefused(answer, w.vic.loginName);
    expect((await t.login(w.vic.loginName, 'Taken#Over99', {}, { ip: '10.11.0.1' })).body.success).toBe(false);
    await expectVicUntouched(w);
  });

  it('cannot stop it', async () => {
    const w = await setUp();
    const vicToken = await t.token(w.vic.loginName, VIC_PASSWORD);
    expectRefused(await t.call('/cloud/domain/user/stopSubUser', { userId: w.vic.id }, { token: w.umToken }), w.vic.loginName);
    expect((await t.call('/cloud/domain/user/getCurrUser', undefined, { method: 'GET', token: vicToken })).status).toBe(200);
    await expectVicUntouched(w);
  });

  it('cannot open it after the main account stopped it', async () => {
    const w = await setUp();
    expect((await t.call('/cloud/domain/user/stopSubUser', { userId: w.vic.id }, { token: w.main })).body.success).toBe(true);
    expectRefused(await t.call('/cloud/domain/user/openSubUser', { userId: w.vic.id }, { token: w.umToken }), w.vic.loginName);
    expect((await t.login(w.vic.loginName, VIC_PASSWORD)).body.errorCode).toBe('ERR_SECURITY_ACCOUNT_STOPPED');
  });

  it('cannot delete it', async () => {
    const w = await setUp();
    expectRefused(await t.call('/cloud/domain/user/deleteSubUser', { userId: w.vic.id }, { token: w.umToken }), w.vic.loginName);
    await expectVicUntouched(w);
  });

  it('cannot unlock it', async () => {
    const w = await setUp();
    const lockedUntil = new Date(Date.now() + 15 * 60_000);
    await t.database.pool.query('insert into login_guards (login_name, locked_until) values (lower($1), $2)', [w.vic.loginName, lockedUntil]);
    expectRefused(await t.call(`/cloud/domain/user/unlockAccount?userId=${w.vic.id}`, {}, { token: w.umToken }), w.vic.loginName);
    const { rows } = await t.database.pool.query('select locked_until from login_guards where login_name = lower($1)', [w.vic.loginName]);
    expect(rows[0].locked_until.getTime()).toBe(lockedUntil.getTime());
  });

  it('cannot edit it, not even with roles it may grant', async () => {
    const w = await setUp();
    const answer = await t.call(
      '/cloud/domain/user/updateSubUser',
      { id: w.vic.id, version: w.vic.version, userName: 'Renamed', roleIds: [w.r1.id], phone: '13900000000' },
      { token: w.umToken },
    );
    expectRefused(answer, w.vic.loginName);
    await expectVicUntouched(w);
  });

  it('cannot change the rights of a role the stronger account holds', async () => {
    const w = await setUp();
    // R1 is within the manager's own rights, but vic holds it too.
    const answer = await t.call('/cloud/domain/role/update', { id: w.r1.id, version: w.r1.version, roleName: w.r1.roleName, menus: [] }, { token: w.umToken });
    expectRefused(answer, w.vic.loginName);
    const role = await t.call('/cloud/domain/menu/searchByRoleId', { roleId: w.r1.id }, { token: w.main });
    expect(role.body.data).toEqual(['MENU_USER_MANAGER']);
  });

  it('cannot create an account or a role with more than its own rights, nor hand out or change the stronger role', async () => {
    const w = await setUp();
    const loginName = uniqueName('twin');
    const twin = await t.call('/cloud/domain/user/createSubUser', { loginName, userName: 'Twin', password: await t.encrypt('Staff#2026go'), roleIds: [w.r2.id] }, { token: w.umToken });
    expect(twin.body.errorCode).toBe('ERR_GRANT_EXCEEDS_OWN');
    expect((await t.login(loginName, 'Staff#2026go')).body.success).toBe(false);
    const role = await t.call('/cloud/domain/role/create', { roleName: uniqueName('r'), menus: ['MENU_USER_MANAGER'], fields: ['COST_PRICE'] }, { token: w.umToken });
    expect(role.body.errorCode).toBe('ERR_GRANT_EXCEEDS_OWN');
    const give = await t.call('/cloud/domain/user/updateSubUser', { id: w.weak.id, version: w.weak.version, userName: 'Staff', roleIds: [w.r1.id, w.r2.id] }, { token: w.umToken });
    expect(give.body.errorCode).toBe('ERR_GRANT_EXCEEDS_OWN');
    const edit = await t.call('/cloud/domain/role/update', { id: w.r2.id, version: w.r2.version, roleName: w.r2.roleName, menus: ['MENU_USER_MANAGER'] }, { token: w.umToken });
    expect(edit.body.errorCode).toBe('ERR_GRANT_EXCEEDS_OWN');
    expect((await t.call('/cloud/domain/role/delete', { id: w.r2.id }, { token: w.umToken })).body.errorCode).toBe('ERR_GRANT_EXCEEDS_OWN');
    await expectVicUntouched(w);
  });

  it('still manages an account within its own rights, and the main account still manages the stronger one', async () => {
    const w = await setUp();
    const asUm = { token: w.umToken };
    const updated = await t.call('/cloud/domain/user/updateSubUser', { id: w.weak.id, version: w.weak.version, userName: 'Weak Wang', roleIds: [w.r1.id] }, asUm);
    expect(updated.body.data).toMatchObject({ userName: 'Weak Wang' });
    expect((await t.call('/cloud/domain/user/changePassSubUser', { userId: w.weak.id, password: await t.encrypt('Weak#Pass2026') }, asUm)).body.success).toBe(true);
    expect((await t.login(w.weak.loginName, 'Weak#Pass2026')).body.success).toBe(true);
    expect((await t.call('/cloud/domain/user/stopSubUser', { userId: w.weak.id }, asUm)).body.success).toBe(true);
    expect((await t.call('/cloud/domain/user/openSubUser', { userId: w.weak.id }, asUm)).body.success).toBe(true);
    expect((await t.call(`/cloud/domain/user/unlockAccount?userId=${w.weak.id}`, {}, asUm)).body.success).toBe(true);
    expect((await t.call('/cloud/domain/user/deleteSubUser', { userId: w.weak.id }, asUm)).body.success).toBe(true);

    expect((await t.call('/cloud/domain/user/changePassSubUser', { userId: w.vic.id, password: await t.encrypt('Main#Sets2026') }, { token: w.main })).body.success).toBe(true);
    expect((await t.login(w.vic.loginName, 'Main#Sets2026')).body.success).toBe(true);
  });
});
