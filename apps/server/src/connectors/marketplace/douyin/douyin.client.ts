// The Douyin shop (抖店) open platform gateway client: one signed POST to
// `<gateway>/<method with '.' → '/'>` (query: app_key, method, v=2, timestamp, sign, sign_method,
// access_token; body: param_json), the answer's envelope `{code, msg, sub_code, sub_msg, data}`
// read (success: code 10000), failures mapped to the connector interface's kinds, and throttling
// (60000) answered by backing off and trying again. Also the token calls (token.create with an
// authorisation code, token.refresh) and the consent page's address. Secrets and tokens never go
// into an error message.
import type { PlatformAppCredentials } from '../../app-credentials.js';
import { ConnectorError, sleep as defaultSleep } from '../connector.js';
import { parseJsonLossless } from './douyin.json.js';
import { doudianParamJson, doudianSign, type DoudianSignMethod } from './douyin.sign.js';

/** The published production gateway (CONNECTORS.md §4, [C]). */
export const DOUDIAN_GATEWAY_URL = 'https://openapi-fxg.jinritemai.com';
/** The service market's consent page ([S]: third-party SDKs and sellers' tools). */
export const DOUDIAN_AUTHORIZE_URL = 'https://fuwu.jinritemai.com/authorize';
/** The registry key of Douyin shop stores. */
export const PLATFORM_DOUYIN_CODE = 'DY';

export const DOUDIAN_SUCCESS = 10000;
/** Gateway codes (CONNECTORS.md §4, [S]: a third-party PHP client's error table). */
export const DOUDIAN_CODES = {
  serviceUnavailable: 20000,
  noPermission: 30001,
  ipWhitelist: 30002,
  missingParam: 40001,
  invalidParam: 40003,
  tokenFailure: 50001,
  businessFailure: 50002,
  throttled: 60000,
  offline: 70000,
} as const;
/** sub_codes that mean the store's access token no longer works: refresh it (the connection then retries once). */
export const TOKEN_SUB_CODES = new Set(['isv.access-token-expired', 'isv.access-token-no-existed', 'isv.access-token-invalid']);
/** The shop withdrew the authorisation: a refresh is tried, and a refused refresh marks the store's authorisation expired. */
export const AUTHORIZATION_GONE_SUB_CODES = new Set(['dop.authorization-no-existed']);
/** The installation's own credentials are refused (signature, app key, IP allow-list). */
export const CREDENTIALS_SUB_CODES = new Set(['isv.signature-invalid', 'isv.app-key-invalid', 'isv.app-key-no-existed', 'isv.ip-not-in-whitelist']);

export const appCredentialsFailure = (detail: string) => new ConnectorError('NO_APP_CREDENTIALS', detail, null, { platformCode: PLATFORM_DOUYIN_CODE });

export interface DoudianDeps {
  fetchImpl: typeof fetch;
  now: () => Date;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** First pause after a throttling answer (doubles each time). */
  retryBaseMs: number;
  /** Throttling answers tried again this many times before RATE_LIMITED reaches the caller. */
  throttleRetries: number;
  /** md5 (the Java SDK's default) or hmac-sha256 (the Go SDK's). */
  signMethod: DoudianSignMethod;
}

export const defaultDoudianDeps = (over: Partial<DoudianDeps> = {}): DoudianDeps => ({
  fetchImpl: over.fetchImpl ?? ((input, init) => fetch(input, init)),
  now: over.now ?? (() => new Date()),
  sleep: over.sleep ?? defaultSleep,
  retryBaseMs: over.retryBaseMs ?? 500,
  throttleRetries: over.throttleRetries ?? 3,
  signMethod: over.signMethod ?? 'hmac-sha256',
});

/** A refusal of the call's business content (an unknown SKU, an order already shipped…), not a failure of the gateway. */
export class DoudianBusinessError extends Error {
  constructor(
    readonly code: number,
    readonly subCode: string,
    readonly description: string,
  ) {
    super(`Douyin refused the call: ${code} ${subCode} ${description}`.replace(/\s+/g, ' ').trim());
    this.name = 'DoudianBusinessError';
  }
}

export interface DoudianCall {
  method: string;
  /** null for the token calls (they are signed with the app's credentials only). */
  accessToken: string | null;
  params: Record<string, unknown>;
}

/** What a non-success envelope means: a ConnectorError to throw, or a business refusal. */
export function classifyDoudianError(code: number, subCode: string, message: string): ConnectorError | DoudianBusinessError {
  const text = `${code} ${subCode} ${message}`.replace(/\s+/g, ' ').trim();
  if (CREDENTIALS_SUB_CODES.has(subCode) || code === DOUDIAN_CODES.ipWhitelist) return appCredentialsFailure(`Douyin refused this installation's app key, signature or server address (${text})`);
  if (TOKEN_SUB_CODES.has(subCode)) return new ConnectorError('TOKEN_EXPIRED', `Douyin refused the access token (${text})`);
  if (AUTHORIZATION_GONE_SUB_CODES.has(subCode)) return new ConnectorError('TOKEN_EXPIRED', `the shop's authorisation of this app has ended on Douyin (${text})`);
  if (code === DOUDIAN_CODES.throttled) return new ConnectorError('RATE_LIMITED', `Douyin throttled the call (${text})`, null);
  if (code === DOUDIAN_CODES.serviceUnavailable) return new ConnectorError('PLATFORM_ERROR', `Douyin could not handle the call (${text})`);
  if (code === DOUDIAN_CODES.offline) return new ConnectorError('PLATFORM_ERROR', `Douyin no longer offers this call (${text})`);
  return new DoudianBusinessError(code, subCode, message);
}

const malformed = (method: string, why: string) => new ConnectorError('PLATFORM_ERROR', `Douyin answered ${method} with a malformed answer: ${why}`);

/** The gateway address of a method: `/order/searchList` for order.searchList. */
export const doudianMethodUrl = (credentials: Pick<PlatformAppCredentials, 'gatewayUrl'>, method: string) => `${(credentials.gatewayUrl ?? DOUDIAN_GATEWAY_URL).replace(/\/+$/, '')}/${method.replace(/\./g, '/')}`;

/** One signed gateway call, without retries. Answers `data` of a successful envelope (a list as `{ list }`). */
async function callOnce(credentials: PlatformAppCredentials, deps: DoudianDeps, call: DoudianCall, signal: AbortSignal): Promise<Record<string, unknown>> {
  const paramJson = doudianParamJson(call.params);
  const timestamp = String(Math.floor(deps.now().getTime() / 1000));
  const url = new URL(doudianMethodUrl(credentials, call.method));
  url.searchParams.set('app_key', credentials.appKey);
  url.searchParams.set('method', call.method);
  url.searchParams.set('v', '2');
  url.searchParams.set('timestamp', timestamp);
  url.searchParams.set('sign_method', deps.signMethod);
  url.searchParams.set('sign', doudianSign({ appKey: credentials.appKey, method: call.method, paramJson, timestamp }, credentials.appSecret, deps.signMethod));
  if (call.accessToken) url.searchParams.set('access_token', call.accessToken);
  let response: Response;
  try {
    response = await deps.fetchImpl(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json;charset=utf-8', accept: 'application/json', 'x-open-no-old-err-code': '1' },
      body: paramJson,
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw new ConnectorError('TIMEOUT', `Douyin did not answer ${call.method} in time`);
    throw new ConnectorError('PLATFORM_ERROR', `Douyin could not be reached for ${call.method}: ${(error as Error).message}`);
  }
  const text = await response.text().catch(() => {
    if (signal.aborted) throw new ConnectorError('TIMEOUT', `Douyin did not finish answering ${call.method} in time`);
    throw malformed(call.method, 'the answer broke off');
  });
  if (response.status === 429) throw new ConnectorError('RATE_LIMITED', `Douyin throttled ${call.method} (HTTP 429)`, null);
  if (response.status >= 500) throw new ConnectorError('PLATFORM_ERROR', `Douyin answered ${call.method} with HTTP ${response.status}`);
  let body: unknown;
  try {
    // Douyin's int64 ids (product, SKU, address, after-sale) exceed 2^53: read as their digits, never rounded.
    body = parseJsonLossless(text);
  } catch {
    throw malformed(call.method, 'not JSON');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw malformed(call.method, 'not an object');
  const envelope = body as Record<string, unknown>;
  const code = Number(envelope.code);
  if (!Number.isInteger(code)) throw malformed(call.method, 'no code in the answer');
  if (code !== DOUDIAN_SUCCESS) throw classifyDoudianError(code, String(envelope.sub_code ?? ''), String(envelope.sub_msg ?? envelope.msg ?? ''));
  const data = envelope.data;
  if (!data || typeof data !== 'object') throw malformed(call.method, 'no data in a successful answer');
  // Some calls (sku.list) answer a list as data: it is handed on as { list }.
  return Array.isArray(data) ? { list: data } : (data as Record<string, unknown>);
}

/**
 * A signed gateway call. A throttling answer is tried again after a pause (doubling from
 * retryBaseMs) up to throttleRetries times; then RATE_LIMITED reaches the caller with the wait it
 * should keep. The caller's deadline (signal) bounds the pauses too.
 */
export async function callDoudian(credentials: PlatformAppCredentials, deps: DoudianDeps, call: DoudianCall, signal: AbortSignal): Promise<Record<string, unknown>> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await callOnce(credentials, deps, call, signal);
    } catch (error) {
      const throttled = error instanceof ConnectorError && error.kind === 'RATE_LIMITED';
      if (!throttled || attempt >= deps.throttleRetries) {
        if (throttled) throw new ConnectorError('RATE_LIMITED', (error as ConnectorError).detail, deps.retryBaseMs * 2 ** attempt);
        throw error;
      }
      await deps.sleep(deps.retryBaseMs * 2 ** attempt, signal);
    }
  }
}

// ---- authorisation ---------------------------------------------------------------------------------

export interface DoudianTokenAnswer {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
  shopId: string;
}

/**
 * The consent page's address: `fuwu.jinritemai.com/authorize?service_id=…&state=…` ([S]: the
 * service market's page takes the service id of the app's service — a number of its own, not the
 * app key — and sends the seller back to the callback registered with that service, the code and
 * the state appended). Without the service id there is no consent page to send the seller to.
 */
export function doudianAuthorizationUrl(credentials: PlatformAppCredentials, state: string): string {
  if (!credentials.serviceId) {
    throw appCredentialsFailure("the Douyin app's service id (service_id of its service on fuwu.jinritemai.com) is not set: set it on Platform apps or in OPENSELLER_CONNECTOR_DY_SERVICE_ID");
  }
  const url = new URL(credentials.authorizeUrl ?? DOUDIAN_AUTHORIZE_URL);
  url.searchParams.set('service_id', credentials.serviceId);
  url.searchParams.set('state', state);
  return url.toString();
}

/** token.create (grant_type authorization_code, code) or token.refresh (grant_type refresh_token). */
export async function doudianTokenCall(credentials: PlatformAppCredentials, deps: DoudianDeps, grant: { kind: 'code'; code: string } | { kind: 'refresh'; refreshToken: string }, signal: AbortSignal): Promise<DoudianTokenAnswer> {
  const what = grant.kind === 'code' ? 'the code exchange' : 'the token refresh';
  let data: Record<string, unknown>;
  try {
    data = await callDoudian(
      credentials,
      deps,
      grant.kind === 'code'
        ? { method: 'token.create', accessToken: null, params: { code: grant.code, grant_type: 'authorization_code' } }
        : { method: 'token.refresh', accessToken: null, params: { grant_type: 'refresh_token', refresh_token: grant.refreshToken } },
      signal,
    );
  } catch (error) {
    // A refused code or refresh token (50001, 40003 …): the seller authorises again.
    if (error instanceof DoudianBusinessError) throw new ConnectorError('AUTH_FAILED', `Douyin refused ${what} (${error.code} ${error.subCode} ${error.description})`.replace(/\s+\)/, ')'));
    if (error instanceof ConnectorError && error.kind === 'TOKEN_EXPIRED') throw new ConnectorError('AUTH_FAILED', `Douyin refused ${what}: ${error.detail}`);
    throw error;
  }
  const accessToken = typeof data.access_token === 'string' ? data.access_token : '';
  const shopId = data.shop_id == null ? '' : String(data.shop_id);
  if (!accessToken) throw malformed(grant.kind === 'code' ? 'token.create' : 'token.refresh', 'no access_token');
  if (!shopId) throw malformed(grant.kind === 'code' ? 'token.create' : 'token.refresh', 'no shop_id');
  const expiresIn = Number(data.expires_in);
  return {
    accessToken,
    refreshToken: typeof data.refresh_token === 'string' && data.refresh_token ? data.refresh_token : null,
    expiresAt: Number.isFinite(expiresIn) && expiresIn > 0 ? new Date(deps.now().getTime() + expiresIn * 1000) : null,
    shopId,
  };
}
