// The JOS gateway client: one signed call to `routerjson` (common parameters, business
// parameters as one `360buy_param_json` string, MD5 signature), the answer's envelope read
// (`<method_with_underscores>_response`, or `_responce` as JD spells many of its answers, and
// `error_response`), failures mapped to the connector interface's kinds, and throttling answered
// by backing off and trying again. Also JD's OAuth token calls. Secrets and tokens never go into
// an error message.
import type { PlatformAppCredentials } from '../../app-credentials.js';
import { ConnectorError, sleep as defaultSleep, type ConnectorFailureKind } from '../connector.js';
import { josParamJson, josSign, josTime } from './jd.sign.js';

/** The published production gateway (CONNECTORS.md §3, [C]). */
export const JD_GATEWAY_URL = 'https://api.jd.com/routerjson';
/** JD's OAuth consent page (platform registry; [S]); the token calls live on the same host. */
export const JD_AUTHORIZE_URL = 'https://open-oauth.jd.com/oauth2/to_login';

/**
 * Gateway error codes by what they mean for the caller. The codes are [U] (JD's published code
 * list could not be confirmed here), so the description words are matched too.
 */
export const JOS_TOKEN_CODES = new Set(['18', '19']);
/** The app key or the signature refused: the installation's credentials are wrong. */
export const JOS_CREDENTIALS_CODES = new Set(['10', '14']);
export const JOS_RATE_CODES = new Set(['1001', '10001']);
export const JOS_SERVICE_CODES = new Set(['1', '15', '66', '67']);
const TOKEN_WORDS = /token|过期|session/i;
const RATE_WORDS = /频率|限流|流控|frequency|limit exceeded|too many/i;
const CREDENTIALS_WORDS = /签名|app_?key|signature/i;

/** The failure kind for "this installation has no (valid) JD app credentials" (the shared contract's). */
export const NO_APP_CREDENTIALS_KIND: ConnectorFailureKind = 'NO_APP_CREDENTIALS';
export const appCredentialsFailure = (detail: string) => new ConnectorError(NO_APP_CREDENTIALS_KIND, detail, null, { platformCode: 'CI_PLATFORM_JD' });

export interface JosDeps {
  fetchImpl: typeof fetch;
  now: () => Date;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** First pause after a throttling answer (doubles each time). */
  retryBaseMs: number;
  /** Throttling answers tried again this many times before RATE_LIMITED reaches the caller. */
  throttleRetries: number;
}

export const defaultJosDeps = (over: Partial<JosDeps> = {}): JosDeps => ({
  fetchImpl: over.fetchImpl ?? ((input, init) => fetch(input, init)),
  now: over.now ?? (() => new Date()),
  sleep: over.sleep ?? defaultSleep,
  retryBaseMs: over.retryBaseMs ?? 500,
  throttleRetries: over.throttleRetries ?? 3,
});

/** A refusal of the call's business content (an unknown SKU, an order already shipped…), not a failure of the gateway. */
export class JosBusinessError extends Error {
  constructor(
    readonly code: string,
    readonly description: string,
  ) {
    super(`JD refused the call: ${code} ${description}`.trim());
    this.name = 'JosBusinessError';
  }
}

export interface JosCall {
  method: string;
  accessToken: string | null;
  business: Record<string, unknown>;
}

const envelopeKeys = (method: string) => {
  const base = method.replace(/\./g, '_');
  return [`${base}_response`, `${base}_responce`];
};

/** What an error_response means: a ConnectorError to throw, or a business refusal. */
export function classifyJosError(code: string, description: string): ConnectorError | JosBusinessError {
  // Checked first: a refused signature is the installation's, not the store's.
  const text = `${code} ${description}`.trim();
  if (JOS_CREDENTIALS_CODES.has(code) || CREDENTIALS_WORDS.test(description)) return appCredentialsFailure(`JD refused this installation's app key or signature (${text})`);
  if (JOS_TOKEN_CODES.has(code) || (TOKEN_WORDS.test(description) && !RATE_WORDS.test(description))) {
    return new ConnectorError('TOKEN_EXPIRED', `JD refused the access token (${text})`);
  }
  if (JOS_RATE_CODES.has(code) || RATE_WORDS.test(description)) return new ConnectorError('RATE_LIMITED', `JD throttled the call (${text})`, null);
  if (JOS_SERVICE_CODES.has(code)) return new ConnectorError('PLATFORM_ERROR', `JD could not handle the call (${text})`);
  return new JosBusinessError(code, description);
}

const malformed = (method: string, why: string) => new ConnectorError('PLATFORM_ERROR', `JD answered ${method} with a malformed answer: ${why}`);

/** One signed gateway call, without retries. Answers the inside of the method's envelope. */
async function callOnce(credentials: PlatformAppCredentials, deps: JosDeps, call: JosCall, signal: AbortSignal): Promise<Record<string, unknown>> {
  const params: Record<string, string> = {
    '360buy_param_json': josParamJson(call.business),
    app_key: credentials.appKey,
    method: call.method,
    timestamp: josTime(deps.now()),
    v: '2.0',
  };
  if (call.accessToken) params.access_token = call.accessToken;
  params.sign = josSign(params, credentials.appSecret);
  let response: Response;
  try {
    response = await deps.fetchImpl(credentials.gatewayUrl ?? JD_GATEWAY_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8', accept: 'application/json' },
      body: new URLSearchParams(params).toString(),
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw new ConnectorError('TIMEOUT', `JD did not answer ${call.method} in time`);
    throw new ConnectorError('PLATFORM_ERROR', `JD could not be reached for ${call.method}: ${(error as Error).message}`);
  }
  const text = await response.text().catch(() => {
    if (signal.aborted) throw new ConnectorError('TIMEOUT', `JD did not finish answering ${call.method} in time`);
    throw malformed(call.method, 'the answer broke off');
  });
  if (response.status === 429) throw new ConnectorError('RATE_LIMITED', `JD throttled ${call.method} (HTTP 429)`, null);
  if (response.status >= 500) throw new ConnectorError('PLATFORM_ERROR', `JD answered ${call.method} with HTTP ${response.status}`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw malformed(call.method, 'not JSON');
  }
  if (!body || typeof body !== 'object') throw malformed(call.method, 'not an object');
  const record = body as Record<string, unknown>;
  const error = record.error_response as Record<string, unknown> | undefined;
  if (error && typeof error === 'object') {
    throw classifyJosError(String(error.code ?? ''), String(error.zh_desc ?? error.en_desc ?? error.msg ?? ''));
  }
  const key = envelopeKeys(call.method).find((k) => k in record);
  const inner = key ? record[key] : undefined;
  if (!inner || typeof inner !== 'object') throw malformed(call.method, `no ${envelopeKeys(call.method)[0]} in the answer`);
  const content = inner as Record<string, unknown>;
  // The envelope's own code: "0" is success; anything else is the gateway's or the service's refusal.
  if (content.code != null && String(content.code) !== '0') {
    throw classifyJosError(String(content.code), String(content.zh_desc ?? content.en_desc ?? content.msg ?? ''));
  }
  return content;
}

/**
 * A signed gateway call. A throttling answer is tried again after a pause (doubling from
 * retryBaseMs) up to throttleRetries times; then RATE_LIMITED reaches the caller. The caller's
 * deadline (signal) bounds the pauses too.
 */
export async function callJos(credentials: PlatformAppCredentials, deps: JosDeps, call: JosCall, signal: AbortSignal): Promise<Record<string, unknown>> {
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

// ---- OAuth --------------------------------------------------------------------------------------

export interface JdTokenAnswer {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
  /** The seller's id on JD (uid; open_id when no uid is given). */
  uid: string;
}

const oauthUrl = (credentials: PlatformAppCredentials, path: string) => new URL(path, credentials.authorizeUrl ?? JD_AUTHORIZE_URL);

/** The consent page's address with the app key, the redirect and the state. */
export function jdAuthorizationUrl(credentials: PlatformAppCredentials, redirectUri: string, state: string): string {
  const url = new URL(credentials.authorizeUrl ?? JD_AUTHORIZE_URL);
  url.searchParams.set('app_key', credentials.appKey);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('state', state);
  url.searchParams.set('scope', 'snsapi_base');
  return url.toString();
}

/** `oauth2/access_token` (grant_type authorization_code) or `oauth2/refresh_token` (grant_type refresh_token). */
export async function jdTokenCall(
  credentials: PlatformAppCredentials,
  deps: JosDeps,
  grant: { kind: 'code'; code: string } | { kind: 'refresh'; refreshToken: string },
  signal: AbortSignal,
): Promise<JdTokenAnswer> {
  const url = oauthUrl(credentials, grant.kind === 'code' ? '/oauth2/access_token' : '/oauth2/refresh_token');
  url.searchParams.set('app_key', credentials.appKey);
  url.searchParams.set('app_secret', credentials.appSecret);
  if (grant.kind === 'code') {
    url.searchParams.set('grant_type', 'authorization_code');
    url.searchParams.set('code', grant.code);
  } else {
    url.searchParams.set('grant_type', 'refresh_token');
    url.searchParams.set('refresh_token', grant.refreshToken);
  }
  const what = grant.kind === 'code' ? 'the code exchange' : 'the token refresh';
  let response: Response;
  try {
    response = await deps.fetchImpl(url, { method: 'GET', headers: { accept: 'application/json' }, signal });
  } catch (error) {
    if (signal.aborted) throw new ConnectorError('TIMEOUT', `JD did not answer ${what} in time`);
    throw new ConnectorError('PLATFORM_ERROR', `JD could not be reached for ${what}: ${(error as Error).message}`);
  }
  const text = await response.text();
  if (response.status === 429) throw new ConnectorError('RATE_LIMITED', `JD throttled ${what}`, deps.retryBaseMs);
  if (response.status >= 500) throw new ConnectorError('PLATFORM_ERROR', `JD answered ${what} with HTTP ${response.status}`);
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new ConnectorError('PLATFORM_ERROR', `JD answered ${what} with a malformed answer: not JSON`);
  }
  const code = body.code == null ? '0' : String(body.code);
  if (code !== '0' || typeof body.access_token !== 'string' || !body.access_token) {
    const message = String(body.msg ?? body.error_description ?? body.error ?? 'no access token in the answer');
    if (/app_?key|app_?secret|client/i.test(message)) throw appCredentialsFailure(`JD refused this installation's app key or secret in ${what} (${code} ${message})`);
    throw new ConnectorError('AUTH_FAILED', `JD refused ${what} (${code} ${message})`);
  }
  const uid = body.uid ?? body.open_id ?? body.xid;
  if (uid == null || String(uid) === '') throw new ConnectorError('PLATFORM_ERROR', `JD answered ${what} without the seller's uid`);
  const expiresIn = Number(body.expires_in);
  const issuedAt = Number(body.time);
  const base = Number.isFinite(issuedAt) && issuedAt > 0 ? issuedAt : deps.now().getTime();
  return {
    accessToken: body.access_token,
    refreshToken: typeof body.refresh_token === 'string' && body.refresh_token ? body.refresh_token : null,
    expiresAt: Number.isFinite(expiresIn) && expiresIn > 0 ? new Date(base + expiresIn * 1000) : null,
    uid: String(uid),
  };
}
