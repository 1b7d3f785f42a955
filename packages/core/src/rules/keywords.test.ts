import { describe, expect, it } from 'vitest';
import { SKU_KEYWORD_CAP, splitKeywords, stripWhitespace, trimText } from './keywords.js';

describe('keyword lists', () => {
  it('splits on ASCII and full-width commas and semicolons and drops empties', () => {
    expect(splitKeywords('A1, B2，C3;D4；;  ,E5 ').items).toEqual(['A1', 'B2', 'C3', 'D4', 'E5']);
  });

  it('keeps each keyword once', () => {
    expect(splitKeywords('a,b,a').items).toEqual(['a', 'b']);
  });

  it('caps the list at 15 by default and says it was cut', () => {
    const text = Array.from({ length: 16 }, (_, i) => `k${i}`).join(',');
    const result = splitKeywords(text);
    expect(result.items).toHaveLength(15);
    expect(result.overCap).toBe(true);
    expect(splitKeywords(Array.from({ length: 15 }, (_, i) => `k${i}`).join(',')).overCap).toBe(false);
  });

  it('allows 50 SKU keywords', () => {
    const text = Array.from({ length: 50 }, (_, i) => `s${i}`).join(';');
    expect(splitKeywords(text, SKU_KEYWORD_CAP)).toEqual({ items: expect.any(Array), overCap: false });
    expect(splitKeywords(text + ';s50', SKU_KEYWORD_CAP).overCap).toBe(true);
  });

  it('answers an empty list for empty text', () => {
    expect(splitKeywords('')).toEqual({ items: [], overCap: false });
    expect(splitKeywords(undefined)).toEqual({ items: [], overCap: false });
  });

  it('trims text inputs and strips all whitespace from codes', () => {
    expect(trimText('  a b  ')).toBe('a b');
    expect(stripWhitespace(' SF 1234\t56\n')).toBe('SF123456');
  });
});
