import { describe, expect, it } from 'vitest';
import { createTestApp, uniqueName } from '../../../test/harness.js';

const t = await createTestApp();

describe('sign-in', () => {
  it('publishes one RSA public key in PEM form', async () => {
    const first = await t.call('/cloud/domain/security/publicKey', undefined, { method: 'GET' });
    const second = await t.call('/cloud/domain/security/publicKey', undefined, { method: 'GET' });
    expect(first.body.success).toBe(true);
    expect(first.body.data.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(second.body.data).toEqual(first.body.data);
  });

  it('signs in a main account with an encrypted password and answers the spec fields', async () => {
    const seller = await t.factories.sellerDomain();
    const answer = await t.login(seller.loginName, seller.password, { rememberMe: true, loginEnv: 'WC' });
    expect(answer.status).toBe(200);
    expect(answer.body.success).toBe(true);
    const data = answer.body.data;
    expect(data.oauthToken.token_type).toBe('bearer');
    expect(data.oauthToken.access_token).toEqual(expect.any(String));
    expect(data.oauthToken.refresh_token).toEqual(expect.any(String));
    expect(data).toMatchObject({ domainCode: seller.domainCode, userId: seller.userId, loginName: seller.loginName, needBindingPhone: false });
    expect(data.roles).toContain('MAIN_ACCOUNT');
  });

  it('says the main account must bind a phone when it has none', async () => {
    const seller = await t.factories.sellerDomain({ phone: null });
    const answer = await t.login(seller.loginName, seller.password);
    expect(answer.body.data.needBindingPhone).toBe(true);
  });

  it('refuses a wrong password with BAD_CREDENTIALS and records the attempt', async () => {
    const seller = await t.factories.sellerDomain();
    const answer = await t.login(seller.loginName, 'Wrong#pass1', {}, { ip: '10.1.0.1', headers: { 'user-agent': 'TestAgent/1.0' } });
    expect(answer.body).toMatchObject({ success: false, errorCode: 'BAD_CREDENTIALS' });
    const token = await t.token(seller.loginName, seller.password);
    const records = await t.call('/cloud/domain/loginLog/search', { currentPage: 1, pageSize: 10 }, { token });
    const failed = records.body.data.voList.find((r: any) => r.result === 'BAD_CREDENTIALS');
    expect(failed).toMatchObject({ loginName: seller.loginName, ip: '10.1.0.1', userAgent: 'TestAgent/1.0' });
    expect(new Date(failed.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(records.body.data.voList.some((r: any) => r.result === 'SUCCESS')).toBe(true);
  });

  it('answers BAD_CREDENTIALS for an unknown username too', async () => {
    const answer = await t.login(uniqueName('nobody'), 'Whatever#1');
    expect(answer.body.errorCode).toBe('BAD_CREDENTIALS');
  });

  it('refuses a password that was not encrypted with the public key', async () => {
    const seller = await t.factories.sellerDomain();
    const answer = await t.call('/cloud/domain/security/login', { username: seller.loginName, password: Buffer.from(seller.password).toString('base64') });
    expect(answer.body).toMatchObject({ success: false, errorCode: 'ERR_SECURITY_PASSWORD_DECRYPT' });
  });

  it('names the field of a malformed payload and refuses it', async () => {
    const answer = await t.call('/cloud/domain/security/login', { username: 42 });
    expect(answer.status).toBe(400);
    expect(answer.body.errorCode).toBe('ERR_VALIDATION');
    expect(answer.body.fields!.map((f) => f.field)).toEqual(['username', 'password']);
    expect(answer.body.message).toContain('username');
  });

  it('refuses a body over the size limit', async () => {
    const answer = await t.call('/cloud/domain/security/login', { username: 'x', password: 'y'.repeat(1_100_000) });
    expect(answer.status).toBe(413);
    expect(answer.body.errorCode).toBe('ERR_PAYLOAD_TOO_LARGE');
  });

  it('answers ERR_SECURITY_SESSION_INFO_NOT_EXIST with 401 to a call without a valid token', async () => {
    const none = await t.call('/cloud/domain/user/getCurrUser', undefined, { method: 'GET' });
    expect(none.status).toBe(401);
    expect(none.body.errorCode).toBe('ERR_SECURITY_SESSION_INFO_NOT_EXIST');
    const bad = await t.call('/cloud/domain/user/getCurrUser', undefined, { method: 'GET', token: 'not-a-token' });
    expect(bad.status).toBe(401);
  });
});

describe('image captcha and lock', () => {
  it('asks for the captcha from the 4th attempt after 3 failures and checks it', async () => {
    const seller = await t.factories.sellerDomain();
    const ip = '10.2.0.1';
    for (let i = 0; i < 3; i++) {
      const failed = await t.login(seller.loginName, 'Wrong#pass1', {}, { ip });
      expect(failed.body.errorCode).toBe('BAD_CREDENTIALS');
    }
    const noCaptcha = await t.login(seller.loginName, seller.password, {}, { ip });
    expect(noCaptcha.body.errorCode).toBe('ERR_SECURITY_NO_VALIDATE_CODE');

    const uniqueCode = uniqueName('cap');
    const image = await fetch(`${t.baseUrl}/cloud/domain/login/validate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ uniqueCode }) });
    expect(image.headers.get('content-type')).toContain('image/svg+xml');
    expect(await image.text()).toContain('<svg');
    const wrong = await t.login(seller.loginName, seller.password, { uniqueCode, validateCode: 'zzzz' }, { ip });
    expect(wrong.body.errorCode).toBe('ERR_SECURITY_ERROR_VALIDATE_CODE');
    // A captcha is used once.
    const reused = await t.login(seller.loginName, seller.password, { uniqueCode, validateCode: 'zzzz' }, { ip });
    expect(reused.body.errorCode).toBe('ERR_SECURITY_VALIDATE_CODE_NOT_EXIST');

    await fetch(`${t.baseUrl}/cloud/domain/login/validate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ uniqueCode }) });
    const text = await t.captchaText(uniqueCode);
    const ok = await t.login(seller.loginName, seller.password, { uniqueCode, validateCode: text.toUpperCase() }, { ip });
    expect(ok.body.success).toBe(true);
    // A success resets the count: the next attempt needs no captcha.
    const after = await t.login(seller.loginName, seller.password, {}, { ip });
    expect(after.body.success).toBe(true);
  });

  it('locks the account at the 10th failure for 15 minutes, even with the right password', async () => {
    const seller = await t.factories.sellerDomain();
    const ip = '10.3.0.1';
    let last;
    for (let attempt = 1; attempt <= 10; attempt++) {
      const extra: Record<string, unknown> = {};
      if (attempt >= 4) {
        const uniqueCode = uniqueName('cap');
        await fetch(`${t.baseUrl}/cloud/domain/login/validate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ uniqueCode }) });
        Object.assign(extra, { uniqueCode, validateCode: await t.captchaText(uniqueCode) });
      }
      last = await t.login(seller.loginName, 'Wrong#pass1', extra, { ip });
      if (attempt < 10) expect(last.body.errorCode).toBe('BAD_CREDENTIALS');
    }
    expect(last!.body.errorCode).toBe('ERR_SECURITY_LOCK_ACCOUNT');
    expect(last!.body.params).toMatchObject({ minutes: 15 });
    const right = await t.login(seller.loginName, seller.password, {}, { ip: '10.3.0.2' });
    expect(right.body.errorCode).toBe('ERR_SECURITY_LOCK_ACCOUNT');
  });
});

describe('rate limit per IP', () => {
  it('refuses sign-in from an address after 30 failures across usernames', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < 30; i++) {
      const answer = await t.login(uniqueName('probe'), 'Wrong#pass1', {}, { ip });
      expect(answer.body.errorCode).toBe('BAD_CREDENTIALS');
    }
    const seller = await t.factories.sellerDomain();
    const blocked = await t.login(seller.loginName, seller.password, {}, { ip });
    expect(blocked.status).toBe(429);
    expect(blocked.body.errorCode).toBe('ERR_SECURITY_TOO_MANY_ATTEMPTS');
    const otherIp = await t.login(seller.loginName, seller.password, {}, { ip: '10.9.9.10' });
    expect(otherIp.body.success).toBe(true);
  });
});
