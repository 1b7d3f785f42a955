import { describe, expect, it } from 'vitest';
import {
  clampPageSize,
  formatMoney,
  formatPercent,
  formatWeight,
  insuranceCents,
  isValidPrice,
  isValidWeight,
  NUMERIC_PATTERNS,
  volumeCubicMetres,
} from './numbers.js';
import { addDecimals, formatDecimal, roundHalfUp } from './decimal.js';

describe('number formats', () => {
  it('formats money with 4 decimals and a currency prefix', () => {
    expect(formatMoney(12.3)).toBe('¥12.3000');
    expect(formatMoney('0.00005')).toBe('¥0.0001');
    // The sign goes before the currency: a debit note of −10 reads -¥10.0000, not ¥-10.0000.
    expect(formatMoney(-3, '$')).toBe('-$3.0000');
    expect(formatMoney('-10')).toBe('-¥10.0000');
  });

  it('formats weight with 3 decimals', () => {
    expect(formatWeight(1.25)).toBe('1.250');
    expect(formatWeight('0.0005')).toBe('0.001');
  });

  it('computes volume as L×W×H/1,000,000 with 2 decimals', () => {
    expect(volumeCubicMetres(100, 50, 40)).toBe('0.20');
    expect(volumeCubicMetres(30.5, 20, 10)).toBe('0.01');
    expect(volumeCubicMetres(250, 120, 100)).toBe('3.00');
  });

  it('formats a ratio as a percentage with 2 decimals', () => {
    expect(formatPercent(0.12345)).toBe('12.35%');
    expect(formatPercent(1)).toBe('100.00%');
  });

  it('sends insurance in cents, rounded half up without float error', () => {
    expect(insuranceCents(1.005)).toBe(101);
    expect(insuranceCents('19.99')).toBe(1999);
    expect(insuranceCents(0.125)).toBe(13);
  });

  it('allows weights up to 3 decimals and prices up to 4', () => {
    expect(isValidWeight('1.234')).toBe(true);
    expect(isValidWeight('1.2345')).toBe(false);
    expect(isValidWeight('-1')).toBe(false);
    expect(isValidPrice('9.9999')).toBe(true);
    expect(isValidPrice('9.99999')).toBe(false);
    expect(isValidPrice('abc')).toBe(false);
  });

  it('matches the numeric input patterns', () => {
    expect(NUMERIC_PATTERNS.positiveInteger.test('10')).toBe(true);
    expect(NUMERIC_PATTERNS.positiveInteger.test('0')).toBe(false);
    expect(NUMERIC_PATTERNS.nonNegativeInteger.test('0')).toBe(true);
    expect(NUMERIC_PATTERNS.nonNegativeInteger.test('01')).toBe(false);
    expect(NUMERIC_PATTERNS.positive2.test('1.23')).toBe(true);
    expect(NUMERIC_PATTERNS.positive2.test('1.234')).toBe(false);
    expect(NUMERIC_PATTERNS.positive2.test('0.00')).toBe(false);
    expect(NUMERIC_PATTERNS.positive3.test('0.001')).toBe(true);
    expect(NUMERIC_PATTERNS.positive4.test('2.0001')).toBe(true);
    expect(NUMERIC_PATTERNS.positiveOneDecimal.test('2.5')).toBe(true);
    expect(NUMERIC_PATTERNS.positiveOneDecimal.test('2.55')).toBe(false);
    expect(NUMERIC_PATTERNS.signedNumber.test('-2.5')).toBe(true);
    expect(NUMERIC_PATTERNS.integer.test('-2')).toBe(true);
  });

  it('keeps page sizes between 1 and the largest option', () => {
    expect(clampPageSize(0)).toBe(1);
    expect(clampPageSize(5000)).toBe(1000);
    expect(clampPageSize(50)).toBe(50);
  });

  it('adds decimals exactly', () => {
    expect(formatDecimal(addDecimals('0.1', '0.2'), 4)).toBe('0.3000');
    expect(formatDecimal(roundHalfUp('-2.5', 0), 0)).toBe('-3');
  });
});
