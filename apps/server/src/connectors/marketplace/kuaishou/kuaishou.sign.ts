// The Kuaishou (快手电商开放平台) request signature (CONNECTORS.md §5, [C] from the official
// "API调用说明" page): method, appkey, access_token and, when present, signMethod, version,
// timestamp and param, sorted by name and joined as k=v with &, then `&signSecret=<signSecret>`
// appended; MD5 → lower-case hex, or HMAC_SHA256 keyed with the signSecret → Base64 (the page's
// Java code). Signed over the raw values, before URL encoding. The signSecret is the app's own
// signing secret, distinct from its appSecret. Shared by the client and the fake.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export type KsSignMethod = 'MD5' | 'HMAC_SHA256';

/** The parameters the signature covers; anything else (sign, other query keys) is not signed. */
export const KS_SIGNED_KEYS = ['method', 'appkey', 'access_token', 'signMethod', 'version', 'timestamp', 'param'] as const;

export type KsParams = Record<string, string | null | undefined>;

/** The text that is digested: the signed keys present (non-null), sorted, k=v joined by &, then &signSecret=…. */
export function ksSigningText(params: KsParams, signSecret: string): string {
  const joined = KS_SIGNED_KEYS.filter((k) => params[k] != null)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return `${joined}&signSecret=${signSecret}`;
}

/** The signature of the parameters by their signMethod (MD5 when absent). */
export function ksSign(params: KsParams, signSecret: string): string {
  const text = ksSigningText(params, signSecret);
  if (params.signMethod === 'HMAC_SHA256') return createHmac('sha256', signSecret).update(text, 'utf8').digest('base64');
  return createHash('md5').update(text, 'utf8').digest('hex');
}

/** Whether `sign` is the signature of the other parameters (constant time). */
export function ksSignatureValid(params: KsParams, signSecret: string): boolean {
  const given = Buffer.from(String(params.sign ?? ''));
  const expected = Buffer.from(ksSign(params, signSecret));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The API path of a method: open.order.cursor.list → /open/order/cursor/list. */
export const ksPathOf = (method: string): string => `/${method.replace(/\./g, '/')}`;
