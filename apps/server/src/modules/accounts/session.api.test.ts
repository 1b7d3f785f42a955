import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness.js';

// A clock the tests move forward.
let offsetMs = 0;
const t = await createTestApp({ now: () => new Date(Date.now() + offsetMs) });
const HOUR = 3600_000;

async function signIn() {
  const seller = await t.factories.sellerDomain();
  const answer = await t.login(seller.loginName, seller.password);
  return { seller, access: answer.body.data.oauthToken.access_token as string, refresh: answer.body.data.oauthToken.refresh_token as string };
}

const me = (token: string) => t.call('/cloud/domain/user/getCurrUser', undefined, { method: 'GET', token });
const refresh = (refreshToken: string) => t.call('/cloud/domain/security/tokenRefresh', { refreshToken });

describe('tokens and session', () => {
  it('expires an access token after 2 hours; the refresh token still renews it', async () => {
    offsetMs = 0;
    const { access, refresh: rt } = await signIn();
    expect((await me(access)).body.success).toBe(true);
    offsetMs = 2 * HOUR + 1000;
    const expired = await me(access);
    expect(expired.status).toBe(401);
    expect(expired.body.errorCode).toBe('ERR_SECURITY_SESSION_INFO_NOT_EXIST');
    const renewed = await refresh(rt);
    expect(renewed.body.success).toBe(true);
    expect((await me(renewed.body.data.oauthToken.access_token)).body.success).toBe(true);
    offsetMs = 0;
  });

  it('rotates both tokens on refresh and stops the old access token', async () => {
    const { access, refresh: rt } = await signIn();
    const renewed = await refresh(rt);
    const next = renewed.body.data.oauthToken;
    expect(next.access_token).not.toBe(access);
    expect(next.refresh_token).not.toBe(rt);
    expect((await me(access)).status).toBe(401);
    expect((await me(next.access_token)).body.success).toBe(true);
  });

  it('revokes the whole family when a refresh token is used twice', async () => {
    const { refresh: rt } = await signIn();
    const first = await refresh(rt);
    expect(first.body.success).toBe(true);
    const again = await refresh(rt);
    expect(again.status).toBe(401);
    expect(again.body.errorCode).toBe('ERR_SECURITY_REFRESH_TOKEN_INVALID');
    // The pair issued by the first refresh is gone too.
    expect((await me(first.body.data.oauthToken.access_token)).status).toBe(401);
    expect((await refresh(first.body.data.oauthToken.refresh_token)).status).toBe(401);
  });

  it('expires a refresh token after 30 days', async () => {
    offsetMs = 0;
    const { refresh: rt } = await signIn();
    offsetMs = 30 * 24 * HOUR + 1000;
    expect((await refresh(rt)).status).toBe(401);
    offsetMs = 0;
  });

  it('revokes the session on logout', async () => {
    const { access, refresh: rt } = await signIn();
    const out = await t.call('/cloud/domain/security/logout', undefined, { method: 'GET', token: access });
    expect(out.body.success).toBe(true);
    expect((await me(access)).status).toBe(401);
    expect((await refresh(rt)).status).toBe(401);
  });

  it('keeps other sign-ins of the same account when one logs out', async () => {
    const { seller, access } = await signIn();
    const other = await t.token(seller.loginName, seller.password);
    await t.call('/cloud/domain/security/logout', undefined, { method: 'GET', token: access });
    expect((await me(other)).body.success).toBe(true);
  });

  it('ends the lock after 15 minutes', async () => {
    offsetMs = 0;
    const seller = await t.factories.sellerDomain();
    const ip = '10.4.0.1';
    for (let attempt = 1; attempt <= 10; attempt++) {
      const extra: Record<string, unknown> = {};
      if (attempt >= 4) {
        const uniqueCode = `lock-${attempt}-${seller.userId}`;
        await fetch(`${t.baseUrl}/cloud/domain/login/validate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ uniqueCode }) });
        Object.assign(extra, { uniqueCode, validateCode: await t.captchaText(uniqueCode) });
      }
      await t.login(seller.loginName, 'Wrong#pass1', extra, { ip });
    }
    expect((await t.login(seller.loginName, seller.password, {}, { ip })).body.errorCode).toBe('ERR_SECURITY_LOCK_ACCOUNT');
    offsetMs = 15 * 60_000 + 1000;
    const after = await t.login(seller.loginName, seller.password, {}, { ip: '10.4.0.2' });
    expect(after.body.success).toBe(true);
    offsetMs = 0;
  });
});
