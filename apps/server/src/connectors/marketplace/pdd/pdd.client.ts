// The Pinduoduo open platform (POP) client: one signed POST to the API gateway per call, with the
// common parameters (type, client_id, access_token, timestamp in UNIX seconds, data_type JSON,
// version V1) and the sign (MD5 of secret + sorted key/value pairs + secret, upper-case hex —
// shared/CONNECTORS.md §0, §2). An `error_response` answer becomes a ConnectorError of the
// connector interface's kinds; throttling answers are waited out and tried again a few times,
// within the call's deadline.
import { createHash } from 'node:crypto';
import { ConnectorError, DEFAULT_CALL_TIMEOUT_MS, sleep as abortableSleep, withDeadline, type ConnectorFailureKind } from '../connector.js';

/** The published gateway [C]. */
export const PDD_GATEWAY_URL = 'https://gw-api.pinduoduo.com/api/router';
/** The merchants' web consent page [S] (bububa/openpdd api/auth/const.go). */
export const PDD_AUTHORIZE_URL = 'https://fuwu.pinduoduo.com/service-market/auth';

/** The platform's codes for "access token expired / invalid" [S] (lywzx/pdd-node-sdk PddResponseException). */
export const PDD_TOKEN_ERROR_CODES: readonly number[] = [10019];
/** Throttled: "当前接口被限流" 52101, "调用过于频繁" 70031 [S]. */
export const PDD_THROTTLE_CODES: readonly number[] = [52101, 70031];
/** The service is unavailable for a moment: 52102, 52103 [S]. */
export const PDD_UNAVAILABLE_CODES: readonly number[] = [52102, 52103];

/** A parameter value as the gateway receives it: objects and arrays as JSON text. */
export type PddParamValue = string | number | boolean | null | undefined | object;

/** The text a request's values take on the wire (and in the sign). Null, undefined and '' are left out. */
export function wireValue(value: PddParamValue): string | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text === '' ? null : text;
}

/** The POP sign: MD5(secret + k1v1k2v2… sorted by key + secret), upper-case hex. `sign` itself is left out. */
export function pddSign(params: Record<string, string>, secret: string): string {
  const body = Object.keys(params)
    .filter((k) => k !== 'sign')
    .sort()
    .map((k) => `${k}${params[k]}`)
    .join('');
  return createHash('md5').update(`${secret}${body}${secret}`, 'utf8').digest('hex').toUpperCase();
}

/** The gateway's error answer (`error_response`) [S for the inner names]. */
export interface PddErrorBody {
  error_code?: number | string;
  error_msg?: string;
  sub_code?: string | number;
  sub_msg?: string;
  request_id?: string;
}

/** A failure the platform answered, with its own code kept for the caller (push calls answer it per record). */
export class PddError extends ConnectorError {
  constructor(
    kind: ConnectorFailureKind,
    detail: string,
    readonly pddCode: number | null,
    readonly subCode: string | null,
    retryAfterMs: number | null = null,
  ) {
    super(kind, detail, retryAfterMs, { platformCode: 'CI_PLATFORM_PDD' });
    this.name = 'PddError';
  }
}

const TOKEN_WORDS = /access_token|accesstoken|授权已过期|token已过期|token不存在|token无效/i;

/** The connector failure of an `error_response`. */
export function failureOf(error: PddErrorBody, type: string, throttlePauseMs: number): PddError {
  const code = Number(error.error_code);
  const pddCode = Number.isFinite(code) ? code : null;
  const subCode = error.sub_code === undefined || error.sub_code === null ? null : String(error.sub_code);
  const words = [error.error_msg, error.sub_msg].filter(Boolean).join(' / ');
  const detail = `${type}: ${pddCode ?? '?'} ${words}${subCode ? ` (${subCode})` : ''}`.trim();
  if (pddCode !== null && PDD_THROTTLE_CODES.includes(pddCode)) return new PddError('RATE_LIMITED', detail, pddCode, subCode, throttlePauseMs);
  if (pddCode !== null && PDD_UNAVAILABLE_CODES.includes(pddCode)) return new PddError('PLATFORM_ERROR', detail, pddCode, subCode);
  if ((pddCode !== null && PDD_TOKEN_ERROR_CODES.includes(pddCode)) || TOKEN_WORDS.test(words)) return new PddError('TOKEN_EXPIRED', detail, pddCode, subCode);
  // Anything else is the platform refusing this request (bad parameter, business rule).
  return new PddError('PLATFORM_ERROR', detail, pddCode, subCode);
}

/** Whether a failure is the platform refusing the request itself (not the network, not a moment's trouble). */
export const isRefusal = (error: unknown): error is PddError =>
  error instanceof PddError && error.kind === 'PLATFORM_ERROR' && error.pddCode !== null && !PDD_UNAVAILABLE_CODES.includes(error.pddCode);

export interface PddClientOptions {
  clientId: string;
  clientSecret: string;
  /** null: the published gateway. */
  gatewayUrl?: string | null;
  fetchImpl?: typeof fetch;
  now?: () => Date;
  /** Throttled calls are tried again this many times (default 3). */
  throttleRetries?: number;
  /** The first pause after a throttling answer (doubling each time, default 1 s). */
  throttlePauseMs?: number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface PddCallOptions {
  accessToken?: string | null;
  timeoutMs?: number;
}

export interface PddClient {
  readonly clientId: string;
  /** Calls `type` with its business parameters; answers the object under `responseKey`. */
  call<T = Record<string, unknown>>(type: string, responseKey: string, params: Record<string, PddParamValue>, options?: PddCallOptions): Promise<T>;
}

export function createPddClient(options: PddClientOptions): PddClient {
  const fetchImpl = options.fetchImpl ?? fetch;
  const now = options.now ?? (() => new Date());
  const gateway = options.gatewayUrl || PDD_GATEWAY_URL;
  const retries = options.throttleRetries ?? 3;
  const basePause = options.throttlePauseMs ?? 1_000;
  const pause = options.sleep ?? abortableSleep;

  /** The signed form of one request. */
  function signedForm(type: string, params: Record<string, PddParamValue>, accessToken: string | null | undefined): URLSearchParams {
    const values: Record<string, string> = {};
    for (const [k, v] of Object.entries(params)) {
      const text = wireValue(v);
      if (text !== null) values[k] = text;
    }
    values.type = type;
    values.client_id = options.clientId;
    values.timestamp = String(Math.floor(now().getTime() / 1000));
    values.data_type = 'JSON';
    values.version = 'V1';
    if (accessToken) values.access_token = accessToken;
    values.sign = pddSign(values, options.clientSecret);
    return new URLSearchParams(values);
  }

  async function once(type: string, responseKey: string, form: URLSearchParams, signal: AbortSignal): Promise<unknown> {
    let response: Response;
    try {
      response = await fetchImpl(gateway, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8', accept: 'application/json' },
        body: form.toString(),
        signal,
      });
    } catch (error) {
      if (signal.aborted) throw new ConnectorError('TIMEOUT', `${type}: no answer in time`);
      throw new ConnectorError('PLATFORM_ERROR', `${type}: the gateway could not be reached (${(error as Error).message})`);
    }
    const text = await response.text();
    if (response.status === 429) throw new PddError('RATE_LIMITED', `${type}: HTTP 429`, null, null, basePause);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new ConnectorError('PLATFORM_ERROR', `${type}: the gateway answered HTTP ${response.status} with no JSON (${text.slice(0, 120)})`);
    }
    const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : null;
    if (record?.error_response && typeof record.error_response === 'object') throw failureOf(record.error_response as PddErrorBody, type, basePause);
    if (response.status >= 500) throw new ConnectorError('PLATFORM_ERROR', `${type}: HTTP ${response.status}`);
    const payload = record?.[responseKey];
    if (!payload || typeof payload !== 'object') throw new ConnectorError('PLATFORM_ERROR', `${type}: malformed answer, no ${responseKey}`);
    return payload;
  }

  return {
    clientId: options.clientId,
    async call<T>(type: string, responseKey: string, params: Record<string, PddParamValue>, callOptions: PddCallOptions = {}): Promise<T> {
      return withDeadline(callOptions.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS, async (signal) => {
        for (let attempt = 0; ; attempt++) {
          try {
            // Signed afresh each attempt: the timestamp is part of the sign.
            return (await once(type, responseKey, signedForm(type, params, callOptions.accessToken), signal)) as T;
          } catch (error) {
            if (!(error instanceof ConnectorError) || error.kind !== 'RATE_LIMITED' || attempt >= retries) throw error;
            await pause(basePause * 2 ** attempt, signal);
          }
        }
      });
    },
  };
}
