// The Kuaishou open platform client: one signed call (system parameters appkey, method, version,
// access_token, timestamp in ms, signMethod, sign; the business parameters as the one JSON string
// `param`), path = the method with '.' → '/', form-urlencoded only (CONNECTORS.md §5 [C]); the
// answer `{result, error_msg, data}` read (result 1 = success), failures mapped to the connector
// interface's kinds, throttling answered by backing off and trying again. Also Kuaishou's OAuth
// calls (code → /oauth2/access_token, /oauth2/refresh_token rotating the refresh token). Secrets
// and tokens never go into an error message.
import type { PlatformAppCredentials } from '../../app-credentials.js';
import { ConnectorError, sleep as defaultSleep } from '../connector.js';
import { ksPathOf, ksSign, type KsSignMethod } from './kuaishou.sign.js';

export const KS_PLATFORM_CODE = 'KSXD';
/** The published API host (API调用说明 §2.1 / the URL example, [C]); the OAuth token calls live on it too. */
export const KS_GATEWAY_URL = 'https://openapi.kwaixiaodian.com';
/** The consent page (APP授权说明 §2.2, [C]). */
export const KS_AUTHORIZE_URL = 'https://open.kwaixiaodian.com/oauth/authorize';
/** The permission groups a store grants (APP授权说明 §5 [C]): orders, goods, logistics, refunds, the seller's info. */
export const KS_SCOPES = ['merchant_order', 'merchant_item', 'merchant_logistics', 'merchant_refund', 'merchant_user', 'user_info'];

/**
 * Answer codes by what they mean for the caller ([C] APP授权说明 §4 and K0006; the throttling words
 * [C] K1008; 802006 quota [S]). A token error of an API call may be cured by a refresh; the store's
 * connection tries it, and a refused refresh marks the store's authorisation expired.
 */
export const KS_TOKEN_CODES = new Set([24, 100200102, 100200107]);
/** The app itself refused (app key, client): the installation's credentials are wrong. */
export const KS_APP_CODES = new Set([100200101]);
/** Transient failures on Kuaishou's side. */
export const KS_SERVER_CODES = new Set([100200500]);
/** Order-query window refusals ([C] 返回码说明): never sent by this client; a clear failure if they come. */
export const KS_WINDOW_CODES: Record<number, string> = {
  300003: 'the end of the query window must be after its start',
  300004: 'the query window is longer than 7 days',
  300005: 'only the last 90 days can be queried',
  300019: 'the query window exceeds its limit',
};
const TOKEN_WORDS = /AUTHORIZATION_REVOKED|access_denied|鉴权失败|token\s*(过期|expired|invalid)|TOKEN过期|invalid[_ ]token/i;
const QPS_WORDS = /exceed qps limit|限流|too many requests/i;
const QUOTA_WORDS = /exceed quota limit|调用额度|802006/i;
const SIGN_WORDS = /验签失败|签名校验失败|签名错误|sign(ature)? (invalid|error|mismatch)|unauthorized_client/i;

export interface KsDeps {
  fetchImpl: typeof fetch;
  now: () => Date;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** First pause after a QPS throttling answer (doubles each time). */
  retryBaseMs: number;
  /** QPS throttling answers tried again this many times before RATE_LIMITED reaches the caller. */
  throttleRetries: number;
  signMethod: KsSignMethod;
}

export const defaultKsDeps = (over: Partial<KsDeps> = {}): KsDeps => ({
  fetchImpl: over.fetchImpl ?? ((input, init) => fetch(input, init)),
  now: over.now ?? (() => new Date()),
  sleep: over.sleep ?? defaultSleep,
  retryBaseMs: over.retryBaseMs ?? 500,
  throttleRetries: over.throttleRetries ?? 3,
  signMethod: over.signMethod ?? 'HMAC_SHA256',
});

/** A refusal of the call's business content (an order already shipped, an unknown SKU…), not of the gateway. */
export class KsBusinessError extends Error {
  constructor(
    readonly result: number,
    readonly description: string,
  ) {
    super(`Kuaishou refused the call: ${result} ${description}`.trim());
    this.name = 'KsBusinessError';
  }
}

export const appCredentialsFailure = (detail: string) => new ConnectorError('NO_APP_CREDENTIALS', detail, null, { platformCode: KS_PLATFORM_CODE });

/** What a failing answer means: a ConnectorError to throw, or a business refusal. */
export function classifyKsError(result: number, message: string, quotaRetryMs = 60_000): ConnectorError | KsBusinessError {
  const text = `${result} ${message}`.trim();
  // Throttling first: its message names the app key ("Exceed qps limit, KEY [apiId:…;appkey:…]").
  if (QUOTA_WORDS.test(message)) return new ConnectorError('RATE_LIMITED', `Kuaishou's daily call quota is used up (${text})`, quotaRetryMs);
  if (QPS_WORDS.test(message)) return new ConnectorError('RATE_LIMITED', `Kuaishou throttled the call (${text})`, null);
  if (KS_APP_CODES.has(result) || SIGN_WORDS.test(message)) return appCredentialsFailure(`Kuaishou refused this installation's app key or signature (${text})`);
  if (KS_TOKEN_CODES.has(result) || TOKEN_WORDS.test(message)) return new ConnectorError('TOKEN_EXPIRED', `Kuaishou refused the access token (${text})`);
  if (KS_SERVER_CODES.has(result)) return new ConnectorError('PLATFORM_ERROR', `Kuaishou could not handle the call (${text})`);
  if (KS_WINDOW_CODES[result]) return new ConnectorError('PLATFORM_ERROR', `Kuaishou refused the order query: ${KS_WINDOW_CODES[result]} (${text})`);
  return new KsBusinessError(result, message);
}

const malformed = (method: string, why: string) => new ConnectorError('PLATFORM_ERROR', `Kuaishou answered ${method} with a malformed answer: ${why}`);

/** The message of a failing answer: the old shape's error_msg, or the newer gateway's subMsg / errorMsg / msg. */
const messageOf = (body: Record<string, unknown>): string =>
  String(body.error_msg ?? body.sub_msg ?? body.subMsg ?? body.errorMsg ?? body.msg ?? body.error ?? '').slice(0, 300);

/**
 * The business parameters as the one JSON string `param`. Kuaishou's ids are longs: a bigint value
 * is written as its digits (a JSON number, as Kuaishou's Java SDK sends it) without passing through
 * a double.
 */
export function ksParamJson(param: Record<string, unknown>): string {
  return JSON.stringify(param, (_k, v: unknown) => (typeof v === 'bigint' ? `__ks_long:${v.toString()}` : v)).replace(/"__ks_long:(-?\d+)"/g, '$1');
}

export interface KsCall {
  method: string;
  accessToken: string;
  param: Record<string, unknown>;
  /** GET (queries) puts everything in the query; POST (writes) puts `param` in the body. */
  httpMethod: 'GET' | 'POST';
}

async function send(url: URL, init: RequestInit, deps: KsDeps, what: string, signal: AbortSignal): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await deps.fetchImpl(url, { ...init, signal });
  } catch (error) {
    if (signal.aborted) throw new ConnectorError('TIMEOUT', `Kuaishou did not answer ${what} in time`);
    throw new ConnectorError('PLATFORM_ERROR', `Kuaishou could not be reached for ${what}: ${(error as Error).message}`);
  }
  const text = await response.text().catch(() => {
    if (signal.aborted) throw new ConnectorError('TIMEOUT', `Kuaishou did not finish answering ${what} in time`);
    throw malformed(what, 'the answer broke off');
  });
  if (response.status === 429) throw new ConnectorError('RATE_LIMITED', `Kuaishou throttled ${what} (HTTP 429)`, null);
  if (response.status >= 500) throw new ConnectorError('PLATFORM_ERROR', `Kuaishou answered ${what} with HTTP ${response.status}`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw malformed(what, 'not JSON');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw malformed(what, 'not an object');
  return body as Record<string, unknown>;
}

/** One signed call, without retries. Answers the whole answer object (result 1). */
async function callOnce(credentials: PlatformAppCredentials, deps: KsDeps, call: KsCall, signal: AbortSignal): Promise<Record<string, unknown>> {
  const signSecret = credentials.signSecret;
  if (!signSecret) throw appCredentialsFailure('no Kuaishou signSecret in this installation (OPENSELLER_CONNECTOR_KSXD_SIGN_SECRET or the root page)');
  const params: Record<string, string> = {
    appkey: credentials.appKey,
    method: call.method,
    version: '1',
    access_token: call.accessToken,
    timestamp: String(deps.now().getTime()),
    signMethod: deps.signMethod,
    param: ksParamJson(call.param),
  };
  params.sign = ksSign(params, signSecret);
  const url = new URL(ksPathOf(call.method), credentials.gatewayUrl ?? KS_GATEWAY_URL);
  let init: RequestInit;
  if (call.httpMethod === 'GET') {
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    init = { method: 'GET', headers: { accept: 'application/json' } };
  } else {
    const { param, ...system } = params;
    for (const [k, v] of Object.entries(system)) url.searchParams.set(k, v);
    init = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8', accept: 'application/json' },
      body: new URLSearchParams({ param: param! }).toString(),
    };
  }
  const body = await send(url, init, deps, call.method, signal);
  const result = Number(body.result);
  if (!Number.isInteger(result)) throw malformed(call.method, 'no result code');
  if (result !== 1) throw classifyKsError(result, messageOf(body));
  return body;
}

/**
 * A signed call. A QPS throttling answer is tried again after a pause (doubling from retryBaseMs)
 * up to throttleRetries times; then RATE_LIMITED reaches the caller. A used-up daily quota is not
 * retried here (it lasts until the next day). The caller's deadline bounds the pauses too.
 */
export async function callKs(credentials: PlatformAppCredentials, deps: KsDeps, call: KsCall, signal: AbortSignal): Promise<Record<string, unknown>> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await callOnce(credentials, deps, call, signal);
    } catch (error) {
      const qps = error instanceof ConnectorError && error.kind === 'RATE_LIMITED' && error.retryAfterMs === null;
      if (!qps || attempt >= deps.throttleRetries) {
        if (qps) throw new ConnectorError('RATE_LIMITED', (error as ConnectorError).detail, deps.retryBaseMs * 2 ** attempt);
        throw error;
      }
      await deps.sleep(deps.retryBaseMs * 2 ** attempt, signal);
    }
  }
}

// ---- OAuth --------------------------------------------------------------------------------------

export interface KsTokenAnswer {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
  /**
   * When the refresh token ends (refresh_token_expires_in, seconds): the authorization's own end.
   * A rotated refresh token keeps the first authorization's end [S]; null when not answered.
   */
  refreshExpiresAt: Date | null;
  /** The seller's open_id for this app (the code exchange's answer; the refresh answer has none). */
  openId: string | null;
}

/** The consent page's address (app_id, redirect_uri, scope, response_type=code, state). */
export function ksAuthorizationUrl(credentials: PlatformAppCredentials, redirectUri: string, state: string): string {
  const url = new URL(credentials.authorizeUrl ?? KS_AUTHORIZE_URL);
  url.searchParams.set('app_id', credentials.appKey);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('scope', KS_SCOPES.join(','));
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('state', state);
  return url.toString();
}

/**
 * `GET /oauth2/access_token` (grant_type=code) or `POST /oauth2/refresh_token` (grant_type=refresh_token),
 * both with app_id and app_secret. The refresh answers a new refresh token: the old one dies within 5 minutes.
 */
export async function ksTokenCall(
  credentials: PlatformAppCredentials,
  deps: KsDeps,
  grant: { kind: 'code'; code: string } | { kind: 'refresh'; refreshToken: string },
  signal: AbortSignal,
): Promise<KsTokenAnswer> {
  const base = credentials.gatewayUrl ?? KS_GATEWAY_URL;
  const what = grant.kind === 'code' ? 'the code exchange' : 'the token refresh';
  let body: Record<string, unknown>;
  if (grant.kind === 'code') {
    const url = new URL('/oauth2/access_token', base);
    url.searchParams.set('app_id', credentials.appKey);
    url.searchParams.set('grant_type', 'code');
    url.searchParams.set('code', grant.code);
    url.searchParams.set('app_secret', credentials.appSecret);
    body = await send(url, { method: 'GET', headers: { accept: 'application/json' } }, deps, what, signal);
  } else {
    const form = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: grant.refreshToken, app_id: credentials.appKey, app_secret: credentials.appSecret });
    body = await send(
      new URL('/oauth2/refresh_token', base),
      { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8', accept: 'application/json' }, body: form.toString() },
      deps,
      what,
      signal,
    );
  }
  const result = Number(body.result);
  if (result !== 1) {
    const message = `${String(body.error ?? '')} ${messageOf(body)}`.trim();
    if (KS_APP_CODES.has(result)) throw appCredentialsFailure(`Kuaishou refused this installation's app id or secret in ${what} (${result} ${message})`);
    if (KS_SERVER_CODES.has(result)) throw new ConnectorError('PLATFORM_ERROR', `Kuaishou could not handle ${what} (${result} ${message})`);
    throw new ConnectorError('AUTH_FAILED', `Kuaishou refused ${what} (${Number.isFinite(result) ? result : 'no result'} ${message})`.trim());
  }
  if (typeof body.access_token !== 'string' || !body.access_token) throw malformed(what, 'no access_token');
  const expiresIn = Number(body.expires_in);
  const refreshExpiresIn = Number(body.refresh_token_expires_in);
  return {
    accessToken: body.access_token,
    refreshToken: typeof body.refresh_token === 'string' && body.refresh_token ? body.refresh_token : null,
    expiresAt: Number.isFinite(expiresIn) && expiresIn > 0 ? new Date(deps.now().getTime() + expiresIn * 1000) : null,
    refreshExpiresAt: Number.isFinite(refreshExpiresIn) && refreshExpiresIn > 0 ? new Date(deps.now().getTime() + refreshExpiresIn * 1000) : null,
    openId: typeof body.open_id === 'string' && body.open_id ? body.open_id : null,
  };
}
