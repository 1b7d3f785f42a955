// Pure pieces of the order list (spec 02 §3.5, §4.3, §5; spec 01 §9): the keyword lists of the
// search box and the overdue state of an order with a latest ship time.
import { endOf, startOf } from './date-range.js';
import { DEFAULT_KEYWORD_CAP, ORDER_CODE_KEYWORD_CAP, SKU_KEYWORD_CAP, splitKeywords, type SplitKeywordsResult } from './keywords.js';

const COMMAS = /[,，]/;

/**
 * Order codes or platform order numbers: split on commas (ASCII or full-width) only, trimmed,
 * empties dropped, duplicates once; at most 15 (spec 02 §5).
 */
export function splitOrderCodeKeywords(text: string | null | undefined, cap: number = ORDER_CODE_KEYWORD_CAP): SplitKeywordsResult {
  if (!text) return { items: [], overCap: false };
  const seen = new Set<string>();
  for (const part of text.split(COMMAS)) {
    const item = part.trim();
    if (item) seen.add(item);
  }
  const all = [...seen];
  return { items: all.slice(0, cap), overCap: all.length > cap };
}

/** SKU codes: split on commas and semicolons, ASCII or full-width; at most 50 (spec 02 §5). */
export function splitSkuKeywords(text: string | null | undefined): SplitKeywordsResult {
  return splitKeywords(text, SKU_KEYWORD_CAP);
}

/** Receiver names or phones: split on commas (ASCII or full-width); at most 15. */
export function splitReceiverKeywords(text: string | null | undefined): SplitKeywordsResult {
  return splitOrderCodeKeywords(text, DEFAULT_KEYWORD_CAP);
}

export type OverdueState = 'none' | 'overdue' | 'soon';

export interface OverdueWarning {
  /** The 'about to time out' warning is on (spec 01 §9: when enabled). */
  enabled: boolean;
  /** Warn this many hours before the latest ship time. */
  hours: number;
}

export const DEFAULT_OVERDUE_WARNING: OverdueWarning = { enabled: true, hours: 24 };

export interface OverdueInfo {
  state: OverdueState;
  /** Time left before the latest ship time (only for 'soon'). */
  days: number;
  hours: number;
  minutes: number;
}

const MINUTE = 60_000;

/**
 * 'overdue' once the latest ship time has passed ('already timed out'); 'soon' when it is within
 * the warning hours and the warning is enabled ('about to time out', with the time left in days,
 * hours and minutes); otherwise 'none'. Orders without a latest ship time are never overdue.
 */
export function overdueState(lastShipTime: Date | string | null | undefined, now: Date, warning: OverdueWarning = DEFAULT_OVERDUE_WARNING): OverdueInfo {
  const none: OverdueInfo = { state: 'none', days: 0, hours: 0, minutes: 0 };
  if (!lastShipTime) return none;
  const deadline = lastShipTime instanceof Date ? lastShipTime : new Date(lastShipTime);
  if (Number.isNaN(deadline.getTime())) return none;
  const left = deadline.getTime() - now.getTime();
  if (left <= 0) return { state: 'overdue', days: 0, hours: 0, minutes: 0 };
  if (!warning.enabled || left > warning.hours * 60 * MINUTE) return none;
  const totalMinutes = Math.floor(left / MINUTE);
  return { state: 'soon', days: Math.floor(totalMinutes / 1440), hours: Math.floor((totalMinutes % 1440) / 60), minutes: totalMinutes % 60 };
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A time-range bound of the order filters as a Date. A bare date snaps to the start of the day
 * (from) or its end (to), as the range pickers do (spec 01 §9); a date-time is taken as given.
 */
export function orderTimeBound(text: string, edge: 'from' | 'to'): Date {
  const value = text.trim();
  if (DATE_ONLY.test(value)) {
    const [y, m, d] = value.split('-').map(Number) as [number, number, number];
    const day = new Date(y, m - 1, d);
    return edge === 'from' ? startOf(day, 'day') : endOf(day, 'day');
  }
  return new Date(value.includes('T') ? value : value.replace(' ', 'T'));
}

/**
 * The ILIKE pattern of one search keyword of the order list, matched anywhere in the order's
 * search text (the server's order_search_text: spaces and dashes dropped). The keyword is taken
 * as a seller types it: spaces and dashes ignored ("138 1234-5678"), and a masked value copied
 * from the list ("138****5678", stars ASCII or full-width) matches what the stars hide. Null when
 * nothing is left to match.
 */
export function orderSearchPattern(keyword: string): string | null {
  const typed = keyword.replace(/[\s\u3000-]+/g, '');
  const parts = typed.split(/[*＊]+/).map((part) => part.replace(/[\\%_]/g, (c) => `\\${c}`));
  if (!parts.some((part) => part.length)) return null;
  return `%${parts.join('%')}%`.replace(/%{2,}/g, '%');
}

/**
 * The two-character pieces of a search keyword that the server's bigram index of the order's
 * search text holds (order_search_bigrams: lower-cased, each with at least one non-ASCII
 * character, never across a star of a masked value). A keyword of two Chinese characters — a
 * given name, a surname, a district — has no trigram but one such piece; an empty answer means
 * the index cannot help (ASCII only, or single characters).
 */
export function orderSearchBigrams(keyword: string): string[] {
  const typed = keyword.replace(/[\s\u3000-]+/g, '').toLowerCase();
  const found = new Set<string>();
  for (const part of typed.split(/[*＊]+/)) {
    const chars = [...part];
    for (let i = 0; i + 1 < chars.length; i++) {
      const piece = chars[i]! + chars[i + 1]!;
      if ([...piece].some((c) => c.codePointAt(0)! > 0x7f)) found.add(piece);
    }
  }
  return [...found];
}

/**
 * Whether the pieces of orderSearchBigrams decide a keyword alone, with no ILIKE over the order's
 * search text after them: the keyword as typed (spaces and dashes dropped) is two Chinese
 * characters and no star. Chinese characters have no case, so "the text's pieces hold the
 * keyword's one piece" and "the text contains the keyword" are the same test; the ILIKE would
 * only recompute the search text of every candidate (the cost of a common two-character name).
 */
export function orderSearchBigramsExact(keyword: string): boolean {
  return /^\p{Script=Han}{2}$/u.test(keyword.replace(/[\s\u3000-]+/g, ''));
}
