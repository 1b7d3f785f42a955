// The JOS (JD open platform) request signature and the formats it signs: the gateway's common
// parameters sorted by name, each name followed by its value with no separator, wrapped in the
// app secret on both sides, MD5, upper-case hex (CONNECTORS.md §3, official vector §0). Shared by
// the client and the fake, and each is tested against the official vector.
import { createHash, timingSafeEqual } from 'node:crypto';

/** The gateway's parameters as sent (raw values, before URL encoding). */
export type JosParams = Record<string, string | null | undefined>;

/** The text that is digested, without the secret around it: sorted k+v of every non-empty parameter but `sign`. */
export function josSigningText(params: JosParams): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && k !== '' && params[k] != null && params[k] !== '')
    .sort()
    .map((k) => `${k}${params[k]}`)
    .join('');
}

/** MD5(secret + sorted k+v + secret), upper-case hex. */
export function josSign(params: JosParams, appSecret: string): string {
  return createHash('md5').update(`${appSecret}${josSigningText(params)}${appSecret}`, 'utf8').digest('hex').toUpperCase();
}

/** Whether `sign` is the signature of the other parameters (constant time). */
export function josSignatureValid(params: JosParams, appSecret: string): boolean {
  const given = Buffer.from(String(params.sign ?? '').toUpperCase());
  const expected = Buffer.from(josSign(params, appSecret));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const CHINA_OFFSET_MS = 8 * 3_600_000;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `yyyy-MM-dd HH:mm:ss` in China time (+08:00), the gateway's timestamp and JD's date fields. */
export function josTime(at: Date): string {
  const d = new Date(at.getTime() + CHINA_OFFSET_MS);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/**
 * Reads `yyyy-MM-dd HH:mm:ss` (China time), optionally with milliseconds and an offset such as
 * `+0800` (the official example's `2021-05-07 09:20:39.683+0800`). Null when it is not one.
 */
export function parseJosTime(text: string | null | undefined): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?(?:([+-])(\d{2}):?(\d{2}))?$/.exec(String(text ?? '').trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s, ms, sign, oh, om] = m;
  const offsetMs = sign ? (sign === '-' ? -1 : 1) * (Number(oh) * 3_600_000 + Number(om) * 60_000) : CHINA_OFFSET_MS;
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms ? Number(ms.padEnd(3, '0')) : 0) - offsetMs;
  const date = new Date(utc);
  return Number.isNaN(date.getTime()) ? null : date;
}

const sortKeys = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as Record<string, unknown>)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
};

/** The business parameters as the one JSON string `360buy_param_json`, keys in alphabetical order. */
export const josParamJson = (business: Record<string, unknown>): string => JSON.stringify(sortKeys(business));
