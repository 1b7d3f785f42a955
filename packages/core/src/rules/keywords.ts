// Keyword lists typed into search boxes (spec 01 §5, spec 02 §5).

export const DEFAULT_KEYWORD_CAP = 15;
export const ORDER_CODE_KEYWORD_CAP = 15;
export const SKU_KEYWORD_CAP = 50;
export const CODE_KEY_VALUE_CAP = 500;

const COMMAS_AND_SEMICOLONS = /[,;，；]/;

export interface SplitKeywordsResult {
  items: string[];
  /** True when the text held more items than the cap; `items` is cut at the cap. */
  overCap: boolean;
}

/**
 * Splits a keyword list on commas and semicolons, ASCII or full-width, trims each item and
 * drops empty ones. Duplicates are kept once, in the order first typed.
 */
export function splitKeywords(text: string | null | undefined, cap: number = DEFAULT_KEYWORD_CAP): SplitKeywordsResult {
  if (!text) return { items: [], overCap: false };
  const seen = new Set<string>();
  for (const part of text.split(COMMAS_AND_SEMICOLONS)) {
    const item = part.trim();
    if (item) seen.add(item);
  }
  const all = [...seen];
  return { items: all.slice(0, cap), overCap: all.length > cap };
}

/** Text inputs trim surrounding whitespace. */
export function trimText(value: string): string {
  return value.trim();
}

/** Code inputs (goods code, order code, waybill number) strip every whitespace character. */
export function stripWhitespace(value: string): string {
  return value.replace(/\s+/g, '');
}
