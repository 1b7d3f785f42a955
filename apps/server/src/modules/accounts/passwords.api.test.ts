import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueName } from '../../../test/harness.js';

const t = await createTestApp();
let phoneCounter = 0;
const newPhone = () => `137${String(Date.now() % 1e6).padStart(6, '0')}${String(phoneCounter++ % 100).padStart(2, '0')}`;

async function register(overrides: Record<string, unknown> = {}) {
  const mobile = (overrides.mobile as string) ?? newPhone();
  const sent = await t.call('/cloud/domain/login/sendValidateCode', { mobile, purpose: 'REGISTER' });
  expect(sent.body.success).toBe(true);
  const username = (overrides.username as string) ?? uniqueName('reg');
  const password = (overrides.password as string) ?? 'Fresh#Shop2026';
  const answer = await t.call('/cloud/domain/registerUser', {
    username,
    password: await t.encrypt(password),
    mobile,
    smsCode: overrides.smsCode ?? (await t.lastSmsCode(mobile)),
    companyName: 'Fresh Shop',
    contactName: 'Li Lei',
  });
  return { answer, username, password, mobile };
}

describe('registration', () => {
  it('creates a LITE domain with its main account and signs it in', async () => {
    const { answer, username } = await register();
    expect(answer.body.success).toBe(true);
    const token = answer.body.data.oauthToken.access_token;
    const domain = await t.call('/cloud/domain/domain/getUserDomain', undefined, { method: 'GET', token });
    expect(domain.body.data).toMatchObject({ level: 'LITE', name: 'Fresh Shop' });
    const account = await t.call('/cloud/domain/user/getCurrUser', undefined, { method: 'GET', token });
    expect(account.body.data).toMatchObject({ loginName: username, accountType: 'MAIN_ACCOUNT_TYPE' });
  });

  it('writes the SMS code to the outbox for the root account to read', async () => {
    const mobile = newPhone();
    await t.call('/cloud/domain/login/sendValidateCode', { mobile, purpose: 'REGISTER' });
    const root = await t.factories.sellerDomain();
    // The outbox belongs to the root account only.
    const denied = await t.call('/cloud/admin/smsOutbox/search', { mobile }, { token: await t.token(root.loginName, root.password) });
    expect(denied.status).toBe(403);
    expect(await t.lastSmsCode(mobile)).toMatch(/^\d{6}$/);
  });

  it('sends at most one code a minute to a number', async () => {
    const mobile = newPhone();
    await t.call('/cloud/domain/login/sendValidateCode', { mobile, purpose: 'REGISTER' });
    const again = await t.call('/cloud/domain/login/sendValidateCode', { mobile, purpose: 'REGISTER' });
    expect(again.status).toBe(429);
    expect(again.body.errorCode).toBe('ERR_SMS_TOO_FREQUENT');
  });

  it('refuses a wrong SMS code and creates nothing', async () => {
    const { answer, username, password } = await register({ smsCode: '000000' });
    expect(answer.body.errorCode).toBe('ERR_SMS_CODE_INVALID');
    expect((await t.login(username, password)).body.errorCode).toBe('BAD_CREDENTIALS');
  });

  it('refuses a username already taken', async () => {
    const seller = await t.factories.sellerDomain();
    const { answer } = await register({ username: seller.loginName.toUpperCase() });
    expect(answer.body.errorCode).toBe('ERR_USERNAME_TAKEN');
  });

  it.each([
    ['Ab1!', 'LENGTH', '密码长度请设置在8-20位'],
    ['abcdefgh1', 'CHARSET', '密码需同时包含：字母、数字、符号'],
  ])('enforces the password policy on the server (%s)', async (password, rule, zhMessage) => {
    const mobile = newPhone();
    await t.call('/cloud/domain/login/sendValidateCode', { mobile, purpose: 'REGISTER' });
    const answer = await t.call(
      '/cloud/domain/registerUser',
      { username: uniqueName('reg'), password: await t.encrypt(password), mobile, smsCode: await t.lastSmsCode(mobile), companyName: 'X' },
      { headers: { 'accept-language': 'zh-CN' } },
    );
    expect(answer.body).toMatchObject({ errorCode: 'ERR_PASSWORD_POLICY', params: { rule }, message: zhMessage });
  });

  it('refuses the username with a simple suffix as password', async () => {
    const username = `s#${Math.random().toString(36).slice(2, 6)}`;
    const { answer } = await register({ username, password: `${username}123` });
    expect(answer.body).toMatchObject({ errorCode: 'ERR_PASSWORD_POLICY', params: { rule: 'USERNAME_SIMPLE' } });
  });
});

describe('forgotten password', () => {
  it('resets the password with an SMS code and ends the old sessions', async () => {
    const seller = await t.factories.sellerDomain();
    const [user] = (await t.database.pool.query('select phone from users where id = $1', [seller.userId])).rows;
    const oldToken = await t.token(seller.loginName, seller.password);
    const mismatch = await t.call('/cloud/domain/forgetPassword/checkUsernameAndPhone', { username: seller.loginName, mobile: '13000000000' });
    expect(mismatch.body.errorCode).toBe('ERR_USER_PHONE_MISMATCH');
    const sent = await t.call('/cloud/domain/forgetPassword/checkUsernameAndPhone', { username: seller.loginName, mobile: user.phone });
    expect(sent.body.success).toBe(true);
    const newPassword = 'Reset#Pass2026';
    const changed = await t.call('/cloud/domain/forgetPassword/changePasswordByAuthCode', {
      username: seller.loginName,
      mobile: user.phone,
      password: await t.encrypt(newPassword),
      authCode: await t.lastSmsCode(user.phone),
      loginEnv: 'WC',
    });
    expect(changed.body.success).toBe(true);
    expect((await t.call('/cloud/domain/user/getCurrUser', undefined, { method: 'GET', token: oldToken })).status).toBe(401);
    expect((await t.login(seller.loginName, seller.password)).body.errorCode).toBe('BAD_CREDENTIALS');
    expect((await t.login(seller.loginName, newPassword)).body.success).toBe(true);
  });
});

describe('change password', () => {
  it('changes the password with the current one and keeps only this session', async () => {
    const seller = await t.factories.sellerDomain();
    const here = await t.token(seller.loginName, seller.password);
    const elsewhere = await t.token(seller.loginName, seller.password);
    const wrong = await t.call(
      '/cloud/domain/user/changePassWord',
      { fromPassWord: await t.encrypt('Nope#1234'), toPassWord: await t.encrypt('Next#Pass2026') },
      { token: here },
    );
    expect(wrong.body.errorCode).toBe('ERR_WRONG_PASSWORD');
    const weak = await t.call(
      '/cloud/domain/user/changePassWord',
      { fromPassWord: await t.encrypt(seller.password), toPassWord: await t.encrypt('short') },
      { token: here },
    );
    expect(weak.body).toMatchObject({ errorCode: 'ERR_PASSWORD_POLICY', params: { rule: 'LENGTH', field: 'toPassWord' } });
    const ok = await t.call(
      '/cloud/domain/user/changePassWord',
      { fromPassWord: await t.encrypt(seller.password), toPassWord: await t.encrypt('Next#Pass2026') },
      { token: here },
    );
    expect(ok.body.success).toBe(true);
    expect((await t.call('/cloud/domain/user/getCurrUser', undefined, { method: 'GET', token: here })).body.success).toBe(true);
    expect((await t.call('/cloud/domain/user/getCurrUser', undefined, { method: 'GET', token: elsewhere })).status).toBe(401);
    expect((await t.login(seller.loginName, 'Next#Pass2026')).body.success).toBe(true);
  });
});

describe('phone binding', () => {
  it('binds a phone with an SMS code so sign-in no longer asks for it', async () => {
    const seller = await t.factories.sellerDomain({ phone: null });
    const token = await t.token(seller.loginName, seller.password);
    const mobile = newPhone();
    await t.call('/cloud/domain/login/sendValidateCode', { mobile, purpose: 'BIND_PHONE' });
    const bad = await t.call('/cloud/domain/user/bindingPhone', { mobile, smsCode: '123' }, { token });
    expect(bad.body.errorCode).toBe('ERR_VALIDATION');
    const bound = await t.call('/cloud/domain/user/bindingPhone', { mobile, smsCode: await t.lastSmsCode(mobile) }, { token });
    expect(bound.body.success).toBe(true);
    expect((await t.login(seller.loginName, seller.password)).body.data.needBindingPhone).toBe(false);
  });

  it('signs in with a mobile number and an SMS code', async () => {
    const { mobile, username } = await register();
    await new Promise((r) => setTimeout(r, 10));
    const sent = await t.call('/cloud/domain/login/sendValidateCode', { mobile, purpose: 'LOGIN' });
    expect(sent.body.success).toBe(true);
    const answer = await t.call('/cloud/domain/login/byValidateCode', { mobile, validateCode: await t.lastSmsCode(mobile) });
    expect(answer.body.data.loginName).toBe(username);
  });

  it('signs in by SMS code at security/login/byValidateCode with the login payload shape', async () => {
    const { mobile, username } = await register();
    await new Promise((r) => setTimeout(r, 10));
    await t.call('/cloud/domain/login/sendValidateCode', { mobile, purpose: 'LOGIN' });
    const validateCode = await t.lastSmsCode(mobile);
    const answer = await t.call('/cloud/domain/security/login/byValidateCode', {
      username: '',
      uniqueCode: 'client-key-0001',
      mobile,
      validateCode,
      rememberMe: true,
      loginEnv: 'WC',
      platformLogin: false,
    });
    expect(answer.body.success).toBe(true);
    expect(answer.body.data.loginName).toBe(username);
    expect(answer.body.data.oauthToken.access_token).toBeTruthy();
    // The code is used once.
    const again = await t.call('/cloud/domain/security/login/byValidateCode', { mobile, validateCode });
    expect(again.body.success).toBe(false);
  });

  it('refuses a byValidateCode sign-in without its SMS code, naming the field', async () => {
    const answer = await t.call('/cloud/domain/security/login/byValidateCode', { mobile: '13800000000' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('validateCode');
  });
});
