// The Douyin shop (抖店) open platform's request signature and the text it signs (CONNECTORS.md §4,
// official Java SDK SignUtil / Go SDK): param_json is the business parameters as compact JSON with
// object keys sorted recursively (objects inside arrays too); the signed pattern is
// app_secret + "app_key"+app_key + "method"+method + "param_json"+param_json + "timestamp"+timestamp
// + "v"+"2" + app_secret, digested as lower-case hex MD5 (sign_method md5, the default) or
// HMAC-SHA256 keyed with the app secret (sign_method hmac-sha256). access_token and sign_method are
// not signed. Shared by the client and the fake; each is tested against the same vectors.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { stringifyJsonLossless } from './douyin.json.js';

export type DoudianSignMethod = 'md5' | 'hmac-sha256';

const sortKeys = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value as Record<string, unknown>).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = sortKeys(v);
    }
    return out;
  }
  return value;
};

/**
 * The business parameters as Douyin signs them: keys sorted recursively, compact, `{}` when there
 * are none. `<`, `>` and `&` stay as they are (the official Go sample turns HTML escaping off; the
 * fake verifies the bytes it received either way). Nulls are kept (the Java SDK serialises them).
 * A BigInt is written as a bare integer: an int64 id beyond 2^53 goes as the number Douyin takes.
 */
export const doudianParamJson = (params: Record<string, unknown> | null | undefined): string => stringifyJsonLossless(sortKeys(params ?? {}));

/** The signed pattern, secret included on both sides. */
export function doudianSigningText(input: { appKey: string; method: string; paramJson: string; timestamp: string }, appSecret: string): string {
  return `${appSecret}app_key${input.appKey}method${input.method}param_json${input.paramJson}timestamp${input.timestamp}v2${appSecret}`;
}

/** Lower-case hex MD5 or HMAC-SHA256 (keyed with the app secret) of the pattern. */
export function doudianSign(input: { appKey: string; method: string; paramJson: string; timestamp: string }, appSecret: string, signMethod: DoudianSignMethod = 'md5'): string {
  const text = doudianSigningText(input, appSecret);
  return signMethod === 'hmac-sha256' ? createHmac('sha256', appSecret).update(text, 'utf8').digest('hex') : createHash('md5').update(text, 'utf8').digest('hex');
}

/** Whether `sign` signs these values (constant time, case-insensitive hex). */
export function doudianSignatureValid(input: { appKey: string; method: string; paramJson: string; timestamp: string; sign: string }, appSecret: string, signMethod: DoudianSignMethod): boolean {
  const given = Buffer.from(input.sign.toLowerCase());
  const expected = Buffer.from(doudianSign(input, appSecret, signMethod));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
