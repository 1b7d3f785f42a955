// Test support: the Taobao TOP fake serving Cainiao's waybill methods, a session of its seller
// got through its OAuth pages, and Cainiao connectors wired to the fakes (tests only).
import { startTaobaoFake, type TaobaoFake } from '../../marketplace/taobao/taobao.fake.js';
import type { PlatformAppCredentials } from '../../app-credentials.js';
import { cainiaoTopMethods, createCainiaoWaybillBook, type CainiaoWaybillBook } from './cainiao.fake.js';

export const TOP_SELLER = '2200005678';

/** A TOP gateway fake that also serves cainiao.waybill.ii.get / .cancel / cainiao.cloudprint.stdtemplates.get. */
export async function startCainiaoTopFake(options: { book?: CainiaoWaybillBook; tokenLifetimeSeconds?: number } = {}) {
  const book = options.book ?? createCainiaoWaybillBook();
  const fake = await startTaobaoFake({ userId: TOP_SELLER, extraMethods: cainiaoTopMethods(book, TOP_SELLER), ...(options.tokenLifetimeSeconds ? { tokenLifetimeSeconds: options.tokenLifetimeSeconds } : {}) });
  return { fake, book };
}

export const topCredentials = (fake: TaobaoFake, secret = fake.appSecret): PlatformAppCredentials => ({ appKey: fake.appKey, appSecret: secret, gatewayUrl: fake.gatewayUrl, authorizeUrl: fake.authorizeUrl, callbackUrl: null });

/** The seller consents on the fake's authorize page; the code is exchanged for tokens as the Taobao connector does. */
export async function topSession(fake: TaobaoFake): Promise<{ accessToken: string; refreshToken: string }> {
  const redirectUri = 'http://127.0.0.1:9/cb';
  const consent = await fetch(`${fake.authorizeUrl}?response_type=code&client_id=${fake.appKey}&redirect_uri=${encodeURIComponent(redirectUri)}&state=s`, { redirect: 'manual' });
  const code = new URL(consent.headers.get('location')!).searchParams.get('code')!;
  const answer = await fetch(`${fake.baseUrl}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', client_id: fake.appKey, client_secret: fake.appSecret, code, redirect_uri: redirectUri }).toString(),
  });
  const body = (await answer.json()) as { access_token: string; refresh_token: string };
  return { accessToken: body.access_token, refreshToken: body.refresh_token };
}
