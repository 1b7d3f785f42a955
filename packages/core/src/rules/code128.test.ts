import { describe, expect, it } from 'vitest';
import { code128Bars, code128Checksum, code128Values, code128Widths, Code128Error } from './code128.js';

describe('code128', () => {
  it('encodes letters in code set B with the weighted checksum', () => {
    // 104 + 33·1 + 34·2 + 35·3 = 310; 310 mod 103 = 1
    expect(code128Values('ABC')).toEqual([104, 33, 34, 35, 1]);
  });

  it('encodes an even run of digits in code set C, two digits a symbol', () => {
    // 105 + 12 + 34·2 + 56·3 + 78·4 + 90·5 = 1115; 1115 mod 103 = 85
    expect(code128Values('1234567890')).toEqual([105, 12, 34, 56, 78, 90, 85]);
  });

  it('keeps a short digit run inside text in code set B', () => {
    // P J J 1 2 3 C: 104 + 48 + 42·2 + 42·3 + 17·4 + 18·5 + 19·6 + 35·7 = 879; mod 103 = 55
    expect(code128Values('PJJ123C')).toEqual([104, 48, 42, 42, 17, 18, 19, 35, 55]);
  });

  it('switches to code set C for a long trailing number such as an express number', () => {
    const v = code128Values('SBZTO0000000012');
    expect(v.slice(0, 7)).toEqual([104, 51, 34, 58, 52, 47, 99]);
    expect(v.slice(7, 12)).toEqual([0, 0, 0, 0, 12]);
    expect(v[12]).toBe(code128Checksum(v.slice(0, 12)));
  });

  it('puts the odd leading digit of a number in set C pairs and the last one in set B', () => {
    const v = code128Values('12345');
    expect(v.slice(0, 5)).toEqual([105, 12, 34, 100, 21]);
  });

  it('draws 11 modules a symbol and 13 for the stop, starting with the start B pattern', () => {
    const w = code128Widths('ABC');
    expect(w.slice(0, 6)).toEqual([2, 1, 1, 2, 1, 4]);
    expect(w.slice(-7)).toEqual([2, 3, 3, 1, 1, 1, 2]);
    expect(w.reduce((a, b) => a + b, 0)).toBe(11 * 5 + 13);
    const { bars, modules } = code128Bars('ABC');
    expect(modules).toBe(11 * 5 + 13 + 20);
    expect(bars[0]).toEqual([10, 2]);
  });

  it('refuses characters outside printable ASCII and an empty text', () => {
    expect(() => code128Values('顺丰')).toThrow(Code128Error);
    expect(() => code128Values('')).toThrow(Code128Error);
  });
});

describe('print page rules', () => {
  it('splits lines into pages when distinct goods exceed the configured number', async () => {
    const { splitIntoPages } = await import('../contracts/printing.js');
    const lines = ['A', 'A', 'B', 'C', 'D', 'E'].map((k) => ({ k }));
    expect(splitIntoPages(lines, 2, (l) => l.k).map((p) => p.map((l) => l.k).join(''))).toEqual(['AAB', 'CD', 'E']);
    expect(splitIntoPages(lines, null, (l) => l.k)).toHaveLength(1);
  });

  it('reverts a copied order id to the original id', async () => {
    const { originalOrderId } = await import('../contracts/printing.js');
    expect(originalOrderId('123copy1')).toBe(123);
    expect(originalOrderId(45)).toBe(45);
  });
});
