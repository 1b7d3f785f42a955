// Sign-in variants and support access (issue #21 must-have 7): one-time sign-in codes, platform
// sign-in tokens, the customer-service authorisation code, the account centre's checks and the
// admin's change of phone.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness.js';
import { createSandboxStore } from '../../../test/factories/stores.js';

const t = await createTestApp();
let ipCounter = 0;
/** Each failure-heavy test comes from its own address, so the per-address limits stay out of the way. */
const freshIp = () => `10.21.${Math.floor(ipCounter / 250) + (process.pid % 200)}.${(ipCounter++ % 250) + 1}`;
let phoneCounter = 0;
const newPhone = () => `136${String(Date.now() % 1e6).padStart(6, '0')}${String(phoneCounter++ % 100).padStart(2, '0')}`;

async function seller(options: { phone?: string | null } = {}) {
  const s = await t.factories.sellerDomain(options);
  return { ...s, token: await t.token(s.loginName, s.password) };
}

const currentUser = (token: string) => t.call('/cloud/domain/user/getCurrUser', undefined, { method: 'GET', token });

async function supportSignIn(owner: { token: string; domainCode: string }, csName = 'Alice') {
  const made = await t.call('/cloud/domain/permission/makeAuthCode4Cs', { validHours: 2, note: 'ticket 42' }, { token: owner.token });
  expect(made.body.success).toBe(true);
  const signIn = await t.call('/cloud/domain/login/byCodeAndCs', { domainCode: owner.domainCode, code: made.body.data.code, csName });
  expect(signIn.body.success).toBe(true);
  return { code: made.body.data.code as string, id: made.body.data.id as number, token: signIn.body.data.oauthToken.access_token as string };
}

describe('one-time sign-in codes', () => {
  it('signs the same account in once with a code from createLoginCode, at each of its paths', async () => {
    const s = await seller();
    for (const path of ['/cloud/domain/security/login/byCode', '/cloud/domain/login/byCode', '/core/login/byCode']) {
      const made = await t.call('/cloud/domain/security/createLoginCode', undefined, { token: s.token });
      expect(made.body.data).toMatchObject({ code: expect.any(String), expiresIn: 300 });
      const signIn = await t.call(path, { code: made.body.data.code });
      expect(signIn.body.success).toBe(true);
      expect(signIn.body.data).toMatchObject({ userId: s.userId, loginName: s.loginName, domainCode: s.domainCode });
      const account = await currentUser(signIn.body.data.oauthToken.access_token);
      expect(account.body.data.userId).toBe(s.userId);
      const again = await t.call(path, { code: made.body.data.code }, { ip: freshIp() });
      expect(again.body).toMatchObject({ success: false, errorCode: 'ERR_CODE_INVALID', params: { field: 'code' } });
    }
  });

  it('keeps only a hash of the code', async () => {
    const s = await seller();
    const made = await t.call('/cloud/domain/security/createLoginCode', undefined, { token: s.token });
    const rows = await t.database.db.execute<{ code_hash: string }>(sql`select code_hash from login_codes where user_id = ${s.userId}`);
    expect(rows.rows.length).toBe(1);
    expect(rows.rows[0]!.code_hash).not.toContain(made.body.data.code);
    expect(rows.rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses an expired code', async () => {
    const s = await seller();
    const made = await t.call('/cloud/domain/security/createLoginCode', undefined, { token: s.token });
    await t.database.db.execute(sql`update login_codes set expires_at = now() - interval '1 second' where user_id = ${s.userId}`);
    const signIn = await t.call('/cloud/domain/security/login/byCode', { code: made.body.data.code }, { ip: freshIp() });
    expect(signIn.body.errorCode).toBe('ERR_CODE_INVALID');
  });

  it('refuses a malformed code naming the field, and an unknown one', async () => {
    const short = await t.call('/cloud/domain/security/login/byCode', { code: 'abc' });
    expect(short.status).toBe(400);
    expect(short.body.fields!.map((f) => f.field)).toEqual(['code']);
    const unknown = await t.call('/cloud/domain/security/login/byCode', { code: 'x'.repeat(43) }, { ip: freshIp() });
    expect(unknown.body.errorCode).toBe('ERR_CODE_INVALID');
  });

  it('signs in with a password at the root-level /core/login', async () => {
    const s = await t.factories.sellerDomain();
    const answer = await t.call('/core/login', { username: s.loginName, password: await t.encrypt(s.password) });
    expect(answer.body.data).toMatchObject({ userId: s.userId, loginName: s.loginName });
  });
});

describe('sign-in by platform token', () => {
  it('signs in the main account with the token the sandbox marketplace hands over, once', async () => {
    const s = await seller();
    const store = await createSandboxStore(t, s.token);
    const issued = await t.call('/cloud/sandbox/console/issueLoginToken', { storeId: store.id }, { token: s.token });
    expect(issued.body.data).toMatchObject({ platformType: 'SANDBOX', platformToken: expect.any(String) });
    const signIn = await t.call('/cloud/domain/login/byPlatformToken', { platformToken: issued.body.data.platformToken, platformType: 'SANDBOX' });
    expect(signIn.body.data).toMatchObject({ userId: s.userId, domainCode: s.domainCode });
    const again = await t.call('/cloud/domain/login/byPlatformToken', { platformToken: issued.body.data.platformToken, platformType: 'SANDBOX' }, { ip: freshIp() });
    expect(again.body).toMatchObject({ errorCode: 'ERR_CODE_INVALID', params: { field: 'platformToken' } });
  });

  it('refuses a token presented as another platform, and a missing platform type', async () => {
    const s = await seller();
    const store = await createSandboxStore(t, s.token);
    const issued = await t.call('/cloud/sandbox/console/issueLoginToken', { storeId: store.id }, { token: s.token });
    const wrong = await t.call('/cloud/domain/login/byPlatformToken', { platformToken: issued.body.data.platformToken, platformType: 'TAOBAO' }, { ip: freshIp() });
    expect(wrong.body.errorCode).toBe('ERR_CODE_INVALID');
    const missing = await t.call('/cloud/domain/login/byPlatformToken', { platformToken: issued.body.data.platformToken });
    expect(missing.status).toBe(400);
    expect(missing.body.fields!.map((f) => f.field)).toEqual(['platformType']);
  });

  it('does not issue a token for another seller’s store', async () => {
    const a = await seller();
    const b = await seller();
    const store = await createSandboxStore(t, a.token);
    const issued = await t.call('/cloud/sandbox/console/issueLoginToken', { storeId: store.id }, { token: b.token });
    expect(issued.body.success).toBe(false);
  });
});

describe('customer-service authorisation code', () => {
  it('lets support sign in with the domain number and code, with the suffix on the displayed name', async () => {
    const s = await seller();
    const number = await t.call('/cloud/domain/domain/getDomainNumber', undefined, { method: 'GET', token: s.token });
    expect(number.body.data).toBe(s.domainCode);
    const made = await t.call('/cloud/domain/permission/makeAuthCode4Cs', {}, { token: s.token });
    expect(made.body.data).toMatchObject({ code: expect.stringMatching(/^[A-Z2-9]{8}$/), domainCode: s.domainCode });
    // 24 hours unless told.
    expect(new Date(made.body.data.expiresAt).getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    const lower = `${made.body.data.code.slice(0, 4).toLowerCase()}-${made.body.data.code.slice(4)}`;
    const signIn = await t.call('/cloud/domain/login/byCodeAndCs', { domainCode: s.domainCode, code: lower, csName: 'Alice' });
    expect(signIn.body.data).toMatchObject({ userId: s.userId, domainCode: s.domainCode });
    const token = signIn.body.data.oauthToken.access_token;
    const account = await currentUser(token);
    expect(account.body.data.userName).toMatch(/\(客服\)$/);
    const centre = await t.call('/cloud/domain/user/getUserInfo4UserCenterById', {}, { token });
    expect(centre.body.data).toMatchObject({ csLogin: true, userId: s.userId });
  });

  it('records every support operation in the log centre under the suffixed name', async () => {
    const s = await seller();
    const support = await supportSignIn(s, 'Bob');
    const role = await t.call('/cloud/domain/role/create', { roleName: 'Packers', menus: [] }, { token: support.token });
    expect(role.body.success).toBe(true);
    const log = await t.call('/myhome/configLog/searchPageList', { currentPage: 1, pageSize: 50, area: 'accounts' }, { token: s.token });
    const byAction = (action: string) => log.body.data.voList.filter((r: any) => r.action === action);
    expect(byAction('CREATE_ROLE')[0].loginName).toBe(`${s.loginName}(客服)`);
    expect(byAction('CS_SIGN_IN')[0]).toMatchObject({ loginName: `${s.loginName}(客服)`, after: { csName: 'Bob' } });
    expect(byAction('MAKE_CS_AUTH_CODE')[0].loginName).toBe(s.loginName);
    const support2 = await t.call('/myhome/configLog/searchPageList', { currentPage: 1, pageSize: 50, loginName: '客服' }, { token: s.token });
    expect(support2.body.data.total).toBe(2);
  });

  it('takes a code once', async () => {
    const s = await seller();
    const support = await supportSignIn(s);
    const again = await t.call('/cloud/domain/login/byCodeAndCs', { domainCode: s.domainCode, code: support.code, csName: 'Eve' }, { ip: freshIp() });
    expect(again.body).toMatchObject({ errorCode: 'ERR_CODE_INVALID', params: { field: 'code' } });
  });

  it('ends the support session and refuses the code once revoked', async () => {
    const s = await seller();
    const support = await supportSignIn(s);
    expect((await currentUser(support.token)).status).toBe(200);
    const revoked = await t.call('/cloud/domain/permission/revokeAuthCode4Cs', { id: support.id }, { token: s.token });
    expect(revoked.body.success).toBe(true);
    expect((await currentUser(support.token)).status).toBe(401);
    const list = await t.call('/cloud/domain/permission/searchAuthCode4Cs', undefined, { token: s.token });
    expect(list.body.data[0]).toMatchObject({ id: support.id, state: 'REVOKED', csName: 'Alice', note: 'ticket 42', codeTail: support.code.slice(-2) });
    // A revoked code that was never used is refused at sign-in.
    const unused = await t.call('/cloud/domain/permission/makeAuthCode4Cs', {}, { token: s.token });
    await t.call('/cloud/domain/permission/revokeAuthCode4Cs', { id: unused.body.data.id }, { token: s.token });
    const refused = await t.call('/cloud/domain/login/byCodeAndCs', { domainCode: s.domainCode, code: unused.body.data.code, csName: 'Eve' }, { ip: freshIp() });
    expect(refused.body.errorCode).toBe('ERR_CODE_INVALID');
  });

  it('refuses an expired code and ends the support session made with it', async () => {
    const s = await seller();
    const support = await supportSignIn(s);
    const unused = await t.call('/cloud/domain/permission/makeAuthCode4Cs', { validHours: 1 }, { token: s.token });
    await t.database.db.execute(sql`update login_codes set expires_at = now() - interval '1 second' where domain_id = ${s.domainId} and kind = 'SUPPORT'`);
    expect((await currentUser(support.token)).status).toBe(401);
    const refused = await t.call('/cloud/domain/login/byCodeAndCs', { domainCode: s.domainCode, code: unused.body.data.code, csName: 'Eve' }, { ip: freshIp() });
    expect(refused.body.errorCode).toBe('ERR_CODE_INVALID');
    const list = await t.call('/cloud/domain/permission/searchAuthCode4Cs', undefined, { token: s.token });
    expect(list.body.data.map((r: any) => r.state)).toEqual(['EXPIRED', 'EXPIRED']);
  });

  it('pauses support sign-in to a domain after five wrong codes', async () => {
    const s = await seller();
    const made = await t.call('/cloud/domain/permission/makeAuthCode4Cs', {}, { token: s.token });
    const wrong = made.body.data.code === 'AAAAAAAA' ? 'BBBBBBBB' : 'AAAAAAAA';
    for (let i = 0; i < 5; i += 1) {
      const answer = await t.call('/cloud/domain/login/byCodeAndCs', { domainCode: s.domainCode, code: wrong, csName: 'Mallory' }, { ip: freshIp() });
      expect(answer.body.errorCode).toBe('ERR_CODE_INVALID');
    }
    const right = await t.call('/cloud/domain/login/byCodeAndCs', { domainCode: s.domainCode, code: made.body.data.code, csName: 'Alice' }, { ip: freshIp() });
    expect(right.status).toBe(429);
    expect(right.body.errorCode).toBe('ERR_SECURITY_TOO_MANY_ATTEMPTS');
  });

  it('refuses one domain’s code presented with another domain’s number', async () => {
    const a = await seller();
    const b = await seller();
    const made = await t.call('/cloud/domain/permission/makeAuthCode4Cs', {}, { token: a.token });
    const answer = await t.call('/cloud/domain/login/byCodeAndCs', { domainCode: b.domainCode, code: made.body.data.code, csName: 'Alice' }, { ip: freshIp() });
    expect(answer.body.errorCode).toBe('ERR_CODE_INVALID');
    // The code still works for its own domain: the refusal did not take it.
    const own = await t.call('/cloud/domain/login/byCodeAndCs', { domainCode: a.domainCode, code: made.body.data.code, csName: 'Alice' });
    expect(own.body.success).toBe(true);
  });

  it('lets only the main account, not support nor a sub-account, hand out or revoke codes', async () => {
    const s = await seller();
    const sub = await t.factories.subAccount(s.domainId, { menus: ['MENU_USER_MANAGER'] });
    const subToken = await t.token(sub.loginName, sub.password);
    expect((await t.call('/cloud/domain/permission/makeAuthCode4Cs', {}, { token: subToken })).status).toBe(403);
    const support = await supportSignIn(s);
    expect((await t.call('/cloud/domain/permission/makeAuthCode4Cs', {}, { token: support.token })).status).toBe(403);
    expect((await t.call('/cloud/domain/security/createLoginCode', undefined, { token: support.token })).status).toBe(403);
    expect((await t.call('/cloud/domain/permission/revokeAuthCode4Cs', { id: support.id }, { token: support.token })).status).toBe(403);
    const other = await seller();
    const foreign = await t.call('/cloud/domain/permission/revokeAuthCode4Cs', { id: support.id }, { token: other.token });
    expect(foreign.status).toBe(404);
    expect((await t.call('/cloud/domain/permission/searchAuthCode4Cs', undefined, { token: other.token })).body.data).toEqual([]);
    expect((await currentUser(support.token)).status).toBe(200);
  });

  it('refuses a validity outside 1 to 72 hours naming the field', async () => {
    const s = await seller();
    const answer = await t.call('/cloud/domain/permission/makeAuthCode4Cs', { validHours: 100 }, { token: s.token });
    expect(answer.status).toBe(400);
    expect(answer.body.fields!.map((f) => f.field)).toEqual(['validHours']);
  });

  it('keeps a support session through a token refresh and ends it with the code', async () => {
    const s = await seller();
    const made = await t.call('/cloud/domain/permission/makeAuthCode4Cs', {}, { token: s.token });
    const signIn = await t.call('/cloud/domain/login/byCodeAndCs', { domainCode: s.domainCode, code: made.body.data.code, csName: 'Alice' });
    const refreshed = await t.call('/cloud/domain/security/tokenRefresh', { refreshToken: signIn.body.data.oauthToken.refresh_token });
    const token = refreshed.body.data.oauthToken.access_token;
    expect((await currentUser(token)).body.data.userName).toMatch(/\(客服\)$/);
    await t.call('/cloud/domain/permission/revokeAuthCode4Cs', { id: made.body.data.id }, { token: s.token });
    expect((await currentUser(token)).status).toBe(401);
  });
});

describe('sign-in form checks and the account centre', () => {
  it('tells the form when a captcha is needed and when the name is locked', async () => {
    const s = await t.factories.sellerDomain();
    const before = await t.call('/cloud/domain/checkEnv', { username: s.loginName, loginEnv: 'YWJ' });
    expect(before.body.data).toEqual({ loginEnv: 'YWJ', needCaptcha: false, locked: false });
    const ip = freshIp();
    for (let i = 0; i < 3; i += 1) await t.login(s.loginName, 'Wrong#pass1', {}, { ip });
    const after = await t.call('/cloud/domain/checkEnv', { username: s.loginName });
    expect(after.body.data).toEqual({ loginEnv: 'WC', needCaptcha: true, locked: false });
  });

  it('judges a new password by the policy', async () => {
    const weak = await t.call('/cloud/domain/verifyPass', { username: 'shopowner', password: await t.encrypt('short1!') });
    expect(weak.body.data).toEqual({ valid: false, rule: expect.any(String) });
    const strong = await t.call('/cloud/domain/verifyPass', { username: 'shopowner', password: await t.encrypt('Strong#Pass2026') });
    expect(strong.body.data).toEqual({ valid: true, rule: null });
    const plain = await t.call('/cloud/domain/verifyPass', { username: 'shopowner', password: 'not-encrypted' });
    expect(plain.body.errorCode).toBe('ERR_SECURITY_PASSWORD_DECRYPT');
  });

  it('checks the current account’s password and counts a wrong one', async () => {
    const s = await seller();
    const right = await t.call('/cloud/domain/user/checkPassword', { password: await t.encrypt(s.password) }, { token: s.token });
    expect(right.body.data).toBe(true);
    const wrong = await t.call('/cloud/domain/user/checkPassword', { password: await t.encrypt('Wrong#pass1') }, { token: s.token, ip: freshIp() });
    expect(wrong.body).toMatchObject({ errorCode: 'ERR_WRONG_PASSWORD', params: { field: 'password' } });
    const records = await t.call('/cloud/domain/loginLog/search', { currentPage: 1, pageSize: 10, result: 'BAD_CREDENTIALS' }, { token: s.token });
    expect(records.body.data.total).toBe(1);
  });

  it('answers the account centre with a masked phone, for oneself or a sub-account of the domain only', async () => {
    const s = await seller({ phone: '13912345678' });
    const own = await t.call('/cloud/domain/user/getUserInfo4UserCenterById', {}, { token: s.token });
    expect(own.body.data).toMatchObject({ userId: s.userId, phoneMasked: '139****5678', hasPhone: true, domainCode: s.domainCode, csLogin: false });
    expect(JSON.stringify(own.body.data)).not.toContain('13912345678');
    const sub = await t.factories.subAccount(s.domainId, { menus: [] });
    const ofSub = await t.call('/cloud/domain/user/getUserInfo4UserCenterById', { id: sub.userId }, { token: s.token });
    expect(ofSub.body.data.loginName).toBe(sub.loginName);
    const subToken = await t.token(sub.loginName, sub.password);
    expect((await t.call('/cloud/domain/user/getUserInfo4UserCenterById', { id: s.userId }, { token: subToken })).status).toBe(404);
    const other = await seller();
    expect((await t.call('/cloud/domain/user/getUserInfo4UserCenterById', { id: s.userId }, { token: other.token })).status).toBe(404);
  });

  it('gives the chat window a token the chat side can check once', async () => {
    const s = await seller();
    const token = await t.call('/cloud/domain/user/getCSToken', undefined, { token: s.token });
    expect(token.body.data).toEqual(expect.any(String));
    const owner = await t.call('/cloud/domain/user/verifyCSToken', { token: token.body.data });
    expect(owner.body.data).toMatchObject({ chatUserId: `10000${s.userId}`, domainCode: s.domainCode });
    const again = await t.call('/cloud/domain/user/verifyCSToken', { token: token.body.data }, { ip: freshIp() });
    expect(again.body.errorCode).toBe('ERR_CODE_INVALID');
    expect((await t.call('/cloud/domain/user/getCSToken')).status).toBe(401);
  });
});

describe('the admin’s change of phone', () => {
  async function proveCurrentPhone(s: { token: string }, phone: string) {
    expect((await t.call('/cloud/domain/user/currUserSendValidateCode', undefined, { token: s.token })).body.success).toBe(true);
    const checked = await t.call('/cloud/domain/user/currUserCheckValidateCode', { validateCode: await t.lastSmsCode(phone) }, { token: s.token });
    expect(checked.body.success).toBe(true);
    return checked.body.data.changeToken as string;
  }

  it('changes the phone with codes sent to the current and to the new number', async () => {
    const phone = newPhone();
    const s = await seller({ phone });
    const changeToken = await proveCurrentPhone(s, phone);
    const next = newPhone();
    expect((await t.call('/cloud/domain/user/newPhoneSendValidateCode', { mobile: next }, { token: s.token })).body.success).toBe(true);
    const changed = await t.call('/cloud/domain/user/changeAdminUserPhone', { mobile: next, validateCode: await t.lastSmsCode(next), changeToken }, { token: s.token });
    expect(changed.body.success).toBe(true);
    expect((await currentUser(s.token)).body.data.phone).toBe(next);
    const log = await t.call('/myhome/configLog/searchPageList', { currentPage: 1, pageSize: 10, action: 'CHANGE_PHONE' }, { token: s.token });
    expect(log.body.data.voList[0]).toMatchObject({ before: { phone: expect.stringContaining('****') }, after: { phone: expect.stringContaining('****') } });
    // The proof is spent.
    await t.call('/cloud/domain/user/newPhoneSendValidateCode', { mobile: newPhone() }, { token: s.token });
    const twice = await t.call('/cloud/domain/user/changeAdminUserPhone', { mobile: next, validateCode: '000000', changeToken }, { token: s.token });
    expect(twice.body.success).toBe(false);
  });

  it('refuses a wrong current-phone code and a change without the proof', async () => {
    const phone = newPhone();
    const s = await seller({ phone });
    await t.call('/cloud/domain/user/currUserSendValidateCode', undefined, { token: s.token });
    const real = await t.lastSmsCode(phone);
    const wrong = await t.call('/cloud/domain/user/currUserCheckValidateCode', { validateCode: real === '111111' ? '222222' : '111111' }, { token: s.token });
    expect(wrong.body).toMatchObject({ errorCode: 'ERR_SMS_CODE_INVALID', params: { field: 'validateCode' } });
    const next = newPhone();
    await t.call('/cloud/domain/user/newPhoneSendValidateCode', { mobile: next }, { token: s.token });
    const noProof = await t.call('/cloud/domain/user/changeAdminUserPhone', { mobile: next, validateCode: await t.lastSmsCode(next), changeToken: 'y'.repeat(43) }, { token: s.token });
    expect(noProof.body).toMatchObject({ errorCode: 'ERR_CODE_INVALID', params: { field: 'changeToken' } });
    expect((await currentUser(s.token)).body.data.phone).toBe(phone);
  });

  it('refuses a number another main account holds, and another account’s proof', async () => {
    const phone = newPhone();
    const s = await seller({ phone });
    const takenPhone = newPhone();
    await seller({ phone: takenPhone });
    const taken = await t.call('/cloud/domain/user/newPhoneSendValidateCode', { mobile: takenPhone }, { token: s.token });
    expect(taken.body).toMatchObject({ errorCode: 'ERR_PHONE_TAKEN', params: { field: 'mobile' } });
    const otherPhone = newPhone();
    const other = await seller({ phone: otherPhone });
    const othersProof = await proveCurrentPhone(other, otherPhone);
    const next = newPhone();
    await t.call('/cloud/domain/user/newPhoneSendValidateCode', { mobile: next }, { token: s.token });
    const answer = await t.call('/cloud/domain/user/changeAdminUserPhone', { mobile: next, validateCode: await t.lastSmsCode(next), changeToken: othersProof }, { token: s.token });
    expect(answer.body.errorCode).toBe('ERR_CODE_INVALID');
  });

  it('is for the main account itself: a sub-account and support are refused', async () => {
    const s = await seller();
    const sub = await t.factories.subAccount(s.domainId, { menus: ['MENU_ACCOUNT'] });
    const subToken = await t.token(sub.loginName, sub.password);
    expect((await t.call('/cloud/domain/user/currUserSendValidateCode', undefined, { token: subToken })).status).toBe(403);
    const support = await supportSignIn(s);
    expect((await t.call('/cloud/domain/user/currUserSendValidateCode', undefined, { token: support.token })).status).toBe(403);
    const bad = await t.call('/cloud/domain/user/newPhoneSendValidateCode', { mobile: '12345' }, { token: s.token });
    expect(bad.status).toBe(400);
    expect(bad.body.fields!.map((f) => f.field)).toEqual(['mobile']);
  });
});
