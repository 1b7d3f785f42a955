// The Taobao Open Platform (TOP) client: the published request protocol of shared/CONNECTORS.md §1.
// POST application/x-www-form-urlencoded to the gateway (/router/rest) with the common params
// (method, app_key, session, timestamp GMT+8 `yyyy-MM-dd HH:mm:ss`, format=json, v=2.0,
// sign_method, sign) and the business params; the sign is over every param but `sign` with an
// empty value left out, sorted by key in byte order, `key+value` concatenated: md5 =
// MD5(secret+str+secret), hmac = HMAC-MD5(secret, str), hmac-sha256 = HMAC-SHA256(secret, str),
// hex upper case. Answers are `{"<method minus taobao., dots as _>_response": {...}}` or
// `{"error_response": {code, msg, sub_code, sub_msg}}`, mapped to ConnectorError kinds; throttling
// and `isp.*` (server side) answers are retried with back-off before giving up.
import { createHash, createHmac } from 'node:crypto';
import { ConnectorError, DEFAULT_CALL_TIMEOUT_MS, sleep, withDeadline, type CallOptions } from '../connector.js';

export type TopSignMethod = 'md5' | 'hmac' | 'hmac-sha256';

/** The published production gateway and OAuth pages (CONNECTORS.md §1). */
export const TOP_GATEWAY = 'https://eco.taobao.com/router/rest';
export const TOP_AUTHORIZE_URL = 'https://oauth.taobao.com/authorize';

/** The string the digest is computed over: params but sign (and empty values), sorted by key, key+value. */
export function topSignBase(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && k !== '' && params[k] !== undefined && params[k] !== '')
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((k) => `${k}${params[k]}`)
    .join('');
}

export function topSign(params: Record<string, string>, secret: string, method: TopSignMethod = 'md5'): string {
  const base = topSignBase(params);
  const digest =
    method === 'md5'
      ? createHash('md5').update(secret + base + secret, 'utf8').digest('hex')
      : createHmac(method === 'hmac' ? 'md5' : 'sha256', Buffer.from(secret, 'utf8'))
          .update(base, 'utf8')
          .digest('hex');
  return digest.toUpperCase();
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `yyyy-MM-dd HH:mm:ss` in GMT+8 (TOP's clock), whatever the server's zone. */
export function topTime(at: Date): string {
  const d = new Date(at.getTime() + 8 * 3_600_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** A TOP time (`yyyy-MM-dd HH:mm:ss`, GMT+8) as a Date; null when it is not one. */
export function parseTopTime(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const at = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) - 8 * 3_600_000;
  return Number.isNaN(at) ? null : new Date(at);
}

/** The answer's wrapping key of a method: taobao.trades.sold.increment.get → trades_sold_increment_get_response. */
export const responseKey = (method: string) => `${method.replace(/^taobao\./, '').replace(/\./g, '_')}_response`;

/**
 * The answer's integers too long for a JS number (more than 15 digits, e.g. TMC message ids) as
 * strings, so they are read exactly; numbers inside strings (a message's JSON content) are left as
 * they are. Used where an id goes back to TOP (taobao.tmc.messages.confirm).
 */
export function quoteLongIntegers(text: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      out += c;
      if (c === '\\') {
        out += text[i + 1] ?? '';
        i++;
      } else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') {
      inString = true;
      out += c;
      continue;
    }
    if (c === '-' || (c >= '0' && c <= '9')) {
      let j = i + 1;
      while (j < text.length && /[0-9.eE+-]/.test(text[j]!)) j++;
      const token = text.slice(i, j);
      out += /^-?\d{16,}$/.test(token) ? `"${token}"` : token;
      i = j - 1;
      continue;
    }
    out += c;
  }
  return out;
}

export interface TopError {
  code: number;
  msg: string;
  sub_code?: string;
  sub_msg?: string;
}

/** Flow-control codes (CONNECTORS.md §1): 7 app call limited, 8 frequency, 4/5/6 user/session/partner limited. */
const THROTTLED = new Set([4, 5, 6, 7, 8]);

/** How long a throttling answer asks to wait: "This ban will last for N more seconds" when given, else a default. */
function banMs(error: TopError, fallbackMs: number): number {
  const m = /(\d+)\s*more\s*seconds?/i.exec(`${error.sub_msg ?? ''} ${error.msg ?? ''}`);
  return m ? Math.min(Number(m[1]) * 1000, 60_000) : fallbackMs;
}

/** A TOP error answer as a connector failure. */
export function topFailure(method: string, error: TopError, backoffMs = 1000): ConnectorError {
  const text = `${method}: ${error.code} ${error.msg ?? ''}${error.sub_code ? ` (${error.sub_code}${error.sub_msg ? `: ${error.sub_msg}` : ''})` : ''}`;
  const code = Number(error.code);
  const sub = error.sub_code ?? '';
  if (THROTTLED.has(code) || /limited|flow-?control|call-?limit/i.test(sub)) return new ConnectorError('RATE_LIMITED', text, banMs(error, backoffMs));
  if (code === 27 || (/session|token/i.test(sub) && /invalid|expire/i.test(sub))) return new ConnectorError('TOKEN_EXPIRED', text);
  if (code === 26) return new ConnectorError('AUTH_FAILED', text);
  if (code === 25 || code === 28 || code === 29) return new ConnectorError('NO_APP_CREDENTIALS', text);
  if (code === 11) return new ConnectorError('AUTH_FAILED', text);
  return new ConnectorError('PLATFORM_ERROR', text);
}

/** Worth trying again as they are: flow control, isp.* (server side), code 15 (remote service error) unless isv.* (the caller's). A timeout is not: the deadline is spent. */
const retryable = (error: ConnectorError, top: TopError | null) =>
  error.kind === 'RATE_LIMITED' ||
  (top !== null && ((top.sub_code ?? '').startsWith('isp.') || (Number(top.code) === 15 && !(top.sub_code ?? '').startsWith('isv.'))));

export interface TopClientOptions {
  appKey: string;
  appSecret: string;
  gatewayUrl?: string | null;
  signMethod?: TopSignMethod;
  fetchImpl?: typeof fetch;
  now?: () => Date;
  /** Tries of one call on throttling and server-side errors (default 3). */
  attempts?: number;
  /** First pause between tries, doubling (default 500 ms); a ban's own wait wins when longer, capped at maxPauseMs. */
  backoffMs?: number;
  maxPauseMs?: number;
}

export interface TopCallOptions extends CallOptions {
  /** The seller's access token (APIs "需要授权"). */
  session?: string | null;
  /** Integers of more than 15 digits answered as strings (quoteLongIntegers). */
  longIntegersAsText?: boolean;
}

export type TopAnswer = Record<string, unknown>;

export function createTopClient(options: TopClientOptions) {
  const fetchImpl = options.fetchImpl ?? fetch;
  const now = options.now ?? (() => new Date());
  const gateway = options.gatewayUrl || TOP_GATEWAY;
  const signMethod = options.signMethod ?? 'md5';
  const attempts = Math.max(1, options.attempts ?? 3);
  const backoffMs = options.backoffMs ?? 500;
  const maxPauseMs = options.maxPauseMs ?? 10_000;

  /** One request: the answer inside its `<method>_response`, or a ConnectorError. */
  async function once(method: string, business: Record<string, string | number | boolean | null | undefined>, session: string | null | undefined, signal: AbortSignal, longIntegersAsText = false): Promise<TopAnswer> {
    const params: Record<string, string> = {
      method,
      app_key: options.appKey,
      timestamp: topTime(now()),
      format: 'json',
      v: '2.0',
      sign_method: signMethod,
    };
    if (session) params.session = session;
    for (const [k, v] of Object.entries(business)) if (v !== undefined && v !== null && v !== '') params[k] = String(v);
    params.sign = topSign(params, options.appSecret, signMethod);
    let response: Response;
    try {
      response = await fetchImpl(gateway, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
        body: new URLSearchParams(params).toString(),
        signal,
      });
    } catch (error) {
      if (signal.aborted) throw new ConnectorError('TIMEOUT', `${method}: no answer in time`);
      throw new ConnectorError('PLATFORM_ERROR', `${method}: ${(error as Error).message}`);
    }
    let text: string;
    try {
      text = await response.text();
    } catch {
      if (signal.aborted) throw new ConnectorError('TIMEOUT', `${method}: the answer did not arrive in time`);
      throw new ConnectorError('PLATFORM_ERROR', `${method}: the answer broke off`);
    }
    if (!response.ok) throw new ConnectorError('PLATFORM_ERROR', `${method}: HTTP ${response.status}`);
    let body: unknown;
    try {
      body = JSON.parse(longIntegersAsText ? quoteLongIntegers(text) : text);
    } catch {
      throw Object.assign(new ConnectorError('PLATFORM_ERROR', `${method}: a malformed answer (not JSON)`), { topError: { code: 15, msg: 'malformed', sub_code: 'isp.malformed' } });
    }
    if (!body || typeof body !== 'object') throw new ConnectorError('PLATFORM_ERROR', `${method}: a malformed answer`);
    const record = body as Record<string, unknown>;
    if (record.error_response && typeof record.error_response === 'object') {
      const top = record.error_response as TopError;
      throw Object.assign(topFailure(method, top, backoffMs), { topError: top });
    }
    const inner = record[responseKey(method)];
    if (!inner || typeof inner !== 'object') throw new ConnectorError('PLATFORM_ERROR', `${method}: the answer has no ${responseKey(method)}`);
    return inner as TopAnswer;
  }

  return {
    appKey: options.appKey,
    /**
     * Calls a TOP method within the caller's deadline, retrying throttling and server-side
     * failures (pause doubling from backoffMs, or the ban's own wait).
     */
    async call(method: string, business: Record<string, string | number | boolean | null | undefined>, callOptions: TopCallOptions = {}): Promise<TopAnswer> {
      return withDeadline(callOptions.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS, async (signal) => {
        for (let attempt = 1; ; attempt++) {
          try {
            return await once(method, business, callOptions.session, signal, callOptions.longIntegersAsText);
          } catch (error) {
            if (!(error instanceof ConnectorError)) throw error;
            const top = (error as ConnectorError & { topError?: TopError }).topError ?? null;
            if (attempt >= attempts || !retryable(error, top) || signal.aborted) throw error;
            const pause = Math.min(maxPauseMs, Math.max(backoffMs * 2 ** (attempt - 1), error.kind === 'RATE_LIMITED' ? (error.retryAfterMs ?? 0) : 0));
            await sleep(pause, signal);
          }
        }
      });
    },
  };
}

export type TopClient = ReturnType<typeof createTopClient>;
