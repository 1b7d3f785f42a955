// The SKU matrix of goods with variants (issue 20 must-have 4): colours × sizes in one step, each
// SKU's code made from a pattern the seller may change, then edited by hand. Used by the goods
// form (to build the rows) and by the server's code check (to name codes that are taken).

/** The pattern a new matrix starts with: the goods code, the colour and the size. */
export const SKU_CODE_PATTERN_DEFAULT = '{spu}-{color}-{size}';
/** The most SKUs one matrix may make (the goods form's SKU table). */
export const SKU_MATRIX_MAX = 200;
/** The tokens a pattern may use. */
export const SKU_CODE_TOKENS = ['{spu}', '{color}', '{size}', '{n}'] as const;

export interface SkuMatrixInput {
  spuCode: string;
  colors: readonly string[];
  sizes: readonly string[];
  pattern?: string;
}

export interface SkuMatrixCell {
  code: string;
  color: string | null;
  size: string | null;
}

const SEPARATORS = /[-_./]/;

/** The values as given, trimmed, empty ones and repeats left out, in their first order. */
export function distinctValues(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of values) {
    const v = raw.trim();
    if (!v || seen.has(v.toLowerCase())) continue;
    seen.add(v.toLowerCase());
    out.push(v);
  }
  return out;
}

/**
 * A SKU code from the pattern: {spu}, {color}, {size} and {n} (the 1-based position, two digits
 * at least) replaced, whitespace removed (codes carry none), and the separators a missing value
 * leaves behind ('T1--L', 'T1-M-') closed up.
 */
export function skuCodeFromPattern(pattern: string, values: { spu: string; color: string | null; size: string | null; n: number; count: number }): string {
  const width = Math.max(2, String(values.count).length);
  const filled = pattern
    .replaceAll('{spu}', values.spu)
    .replaceAll('{color}', values.color ?? '')
    .replaceAll('{size}', values.size ?? '')
    .replaceAll('{n}', String(values.n).padStart(width, '0'))
    .replace(/\s+/g, '');
  let out = '';
  for (const ch of filled) {
    if (SEPARATORS.test(ch) && (out === '' || SEPARATORS.test(out[out.length - 1]!))) continue;
    out += ch;
  }
  while (out && SEPARATORS.test(out[out.length - 1]!)) out = out.slice(0, -1);
  return out;
}

/**
 * Every colour × size (colours outer, in the order given); only colours, or only sizes, when the
 * other list is empty; nothing when both are.
 */
export function buildSkuMatrix(input: SkuMatrixInput): SkuMatrixCell[] {
  const colors = distinctValues(input.colors);
  const sizes = distinctValues(input.sizes);
  const pairs: [string | null, string | null][] = [];
  if (colors.length && sizes.length) for (const c of colors) for (const s of sizes) pairs.push([c, s]);
  else if (colors.length) for (const c of colors) pairs.push([c, null]);
  else for (const s of sizes) pairs.push([null, s]);
  const pattern = input.pattern?.trim() || SKU_CODE_PATTERN_DEFAULT;
  const spu = input.spuCode.replace(/\s+/g, '');
  return pairs.map(([color, size], i) => ({ color, size, code: skuCodeFromPattern(pattern, { spu, color, size, n: i + 1, count: pairs.length }) }));
}

/** The codes that appear more than once (compared as the server does, case-insensitively), once each. */
export function repeatedCodes(codes: readonly string[]): string[] {
  const seen = new Set<string>();
  const repeated = new Map<string, string>();
  for (const code of codes) {
    const key = code.toLowerCase();
    if (seen.has(key) && !repeated.has(key)) repeated.set(key, code);
    seen.add(key);
  }
  return [...repeated.values()];
}
