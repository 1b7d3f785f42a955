// JSON that keeps Douyin's 64-bit ids whole. Douyin answers product ids, SKU ids, address ids and
// after-sale ids as JSON numbers (int64 in the official SDK models), and many exceed 2^53:
// JSON.parse would round 3712345678901234567 to 3712345678901234700. The reader here turns every
// integer literal outside Number's safe range into its digits (a string; or a BigInt when asked —
// the fake's choice, to re-serialise a request exactly) before JSON.parse sees it; every other
// value parses as JSON.parse would. The writer does the reverse: a BigInt becomes a bare integer
// literal, so the client can send an int64 id as Douyin's SDKs do. No library: a scan that skips
// string literals and rewrites only out-of-range integers (tested in douyin.json.test.ts).

const BIG_MARK = '\u0000dy-big:';

/**
 * JSON.parse, except integer literals beyond ±Number.MAX_SAFE_INTEGER come back as their digits
 * (`bigints: 'string'`, the default) or as BigInt (`'bigint'`). Throws SyntaxError as JSON.parse does.
 */
export function parseJsonLossless(text: string, options: { bigints?: 'string' | 'bigint' } = {}): unknown {
  const asBigInt = options.bigints === 'bigint';
  let out = '';
  let from = 0;
  let big = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      // Skip the string literal (escapes included): its digits are text.
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c /* \ */) i++;
      continue;
    }
    if (c === 0x2d /* - */ || (c >= 0x30 && c <= 0x39)) {
      let j = i + 1;
      while (j < text.length && /[0-9.eE+-]/.test(text[j]!)) j++;
      const literal = text.slice(i, j);
      if (/^-?(0|[1-9]\d*)$/.test(literal) && !Number.isSafeInteger(Number(literal))) {
        // The mark's NUL written escaped (a raw control character is not valid JSON).
        out += `${text.slice(from, i)}"\\u0000dy-big:${literal}"`;
        from = j;
        big = true;
      }
      i = j - 1;
    }
  }
  if (!big) return JSON.parse(text);
  return JSON.parse(out + text.slice(from), (_key, value: unknown) =>
    typeof value === 'string' && value.startsWith(BIG_MARK) ? (asBigInt ? BigInt(value.slice(BIG_MARK.length)) : value.slice(BIG_MARK.length)) : value,
  );
}

/** JSON.stringify, except a BigInt is written as a bare integer literal (an int64 id as Douyin takes it). */
export function stringifyJsonLossless(value: unknown): string {
  const text = JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `${BIG_MARK}${v.toString()}` : v));
  // JSON.stringify writes the mark's NUL as \u0000: only a marked BigInt becomes a string literal of exactly this form.
  return text === undefined ? text : text.replace(/"\\u0000dy-big:(-?\d+)"/g, '$1');
}

/** A Douyin id (digits) as the JSON number Douyin's int64 parameters take, whatever its size. */
export const int64Param = (id: string): bigint => BigInt(id);
