// The lossless JSON reader and writer Douyin's 64-bit ids go through (douyin.json.ts).
import { describe, expect, it } from 'vitest';
import { parseJsonLossless, stringifyJsonLossless } from './douyin.json.js';

describe('Douyin lossless JSON', () => {
  it('reads an integer beyond 2^53 as its digits where JSON.parse rounds it', () => {
    const text = '{"data":[{"product_id":3712345678901234567,"name":"x"}]}';
    expect(String((JSON.parse(text) as any).data[0].product_id)).not.toBe('3712345678901234567');
    expect(parseJsonLossless(text)).toEqual({ data: [{ product_id: '3712345678901234567', name: 'x' }] });
  });

  it('leaves safe integers, decimals, exponents, negatives and digits inside strings as JSON.parse reads them', () => {
    const text = '{"a":9007199254740991,"b":-12,"c":1.5,"d":1e21,"e":"3712345678901234567","f":"say \\"9999999999999999999\\"","g":[0,true,null]}';
    expect(parseJsonLossless(text)).toEqual(JSON.parse(text));
  });

  it('reads negative and array-held big integers, and BigInts when asked', () => {
    expect(parseJsonLossless('[-9007199254740993, 18446744073709551615]')).toEqual(['-9007199254740993', '18446744073709551615']);
    expect(parseJsonLossless('{"id":3712345678901234567}', { bigints: 'bigint' })).toEqual({ id: 3712345678901234567n });
  });

  it('refuses what JSON.parse refuses', () => {
    expect(() => parseJsonLossless('{"id":3712345678901234567')).toThrow(SyntaxError);
    expect(() => parseJsonLossless('{"id":01}')).toThrow(SyntaxError);
  });

  it('writes a BigInt as a bare integer and round-trips through the reader', () => {
    const text = stringifyJsonLossless({ product_id: 3712345678901234567n, name: 'n', list: [1n, 'x'] });
    expect(text).toBe('{"product_id":3712345678901234567,"name":"n","list":[1,"x"]}');
    expect(parseJsonLossless(text, { bigints: 'bigint' })).toEqual({ product_id: 3712345678901234567n, name: 'n', list: [1, 'x'] });
  });
});
