// Number formats and numeric input rules (spec 01 §5 and §9, spec 02 §9).
import { decimalPlaces, formatDecimal, isDecimalText, multiplyDecimals, roundHalfUp, shiftDecimal } from './decimal.js';

export const MONEY_DECIMALS = 4;
export const WEIGHT_DECIMALS = 3;
export const VOLUME_DECIMALS = 2;
export const PERCENT_DECIMALS = 2;
export const DEFAULT_CURRENCY_PREFIX = '¥';

type Num = number | string;

/** Money: 4 decimals with a currency prefix; a negative amount (a debit note) reads -¥10.0000. */
export function formatMoney(value: Num | null | undefined, prefix: string = DEFAULT_CURRENCY_PREFIX): string {
  if (value === null || value === undefined || value === '') return '';
  const text = formatDecimal(value, MONEY_DECIMALS);
  return text.startsWith('-') ? '-' + prefix + text.slice(1) : prefix + text;
}

/** Weight in kg: 3 decimals. */
export function formatWeight(value: Num | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return formatDecimal(value, WEIGHT_DECIMALS);
}

/** Volume in cubic metres from sizes in cm: L × W × H / 1,000,000, 2 decimals. */
export function volumeCubicMetres(length: Num, width: Num, height: Num): string {
  return formatDecimal(shiftDecimal(multiplyDecimals(length, width, height), 6), VOLUME_DECIMALS);
}

/** A ratio (0.1234) as a percentage with 2 decimals ('12.34%'). */
export function formatPercent(ratio: Num | null | undefined): string {
  if (ratio === null || ratio === undefined || ratio === '') return '';
  return formatDecimal(shiftDecimal(ratio, -2), PERCENT_DECIMALS) + '%';
}

/** Insurance value is sent in cents: amount × 100, rounded half up. */
export function insuranceCents(amount: Num): number {
  return Number(roundHalfUp(shiftDecimal(amount, -2), 0).units);
}

// Numeric input patterns (spec 01 §5).
export const NUMERIC_PATTERNS = {
  signedNumber: /^[+-]?\d+(\.\d+)?$/,
  integer: /^[+-]?\d+$/,
  positiveInteger: /^[1-9]\d*$/,
  nonNegativeInteger: /^(0|[1-9]\d*)$/,
  positive2: /^(?!0+(\.0+)?$)\d+(\.\d{1,2})?$/,
  positive3: /^(?!0+(\.0+)?$)\d+(\.\d{1,3})?$/,
  positive4: /^(?!0+(\.0+)?$)\d+(\.\d{1,4})?$/,
  positiveOneDecimal: /^(?!0+(\.0+)?$)\d+(\.\d)?$/,
} as const;

/** Weight allows up to 3 decimals. */
export function isValidWeight(value: Num): boolean {
  const text = String(value);
  return isDecimalText(text) && !text.trim().startsWith('-') && decimalPlaces(text) <= WEIGHT_DECIMALS;
}

/** Price allows up to 4 decimals. */
export function isValidPrice(value: Num): boolean {
  const text = String(value);
  return isDecimalText(text) && !text.trim().startsWith('-') && decimalPlaces(text) <= MONEY_DECIMALS;
}

/** Page-size input must lie between 1 and the largest option. */
export const PAGE_SIZE_OPTIONS = [10, 50, 100, 500, 1000] as const;
export const DEFAULT_PAGE_SIZE = 10;

export function clampPageSize(value: number): number {
  const max = PAGE_SIZE_OPTIONS[PAGE_SIZE_OPTIONS.length - 1]!;
  if (!Number.isFinite(value)) return DEFAULT_PAGE_SIZE;
  return Math.min(max, Math.max(1, Math.trunc(value)));
}
