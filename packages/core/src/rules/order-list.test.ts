import { describe, expect, it } from 'vitest';
import { orderSearchBigrams, orderSearchBigramsExact, orderSearchPattern, orderTimeBound, overdueState, splitOrderCodeKeywords, splitReceiverKeywords, splitSkuKeywords } from './order-list.js';

describe('order list keywords', () => {
  it('splits order codes on ASCII and full-width commas and drops empties', () => {
    expect(splitOrderCodeKeywords(' A1 ,，B2,, ，C3 ')).toEqual({ items: ['A1', 'B2', 'C3'], overCap: false });
  });

  it('keeps a semicolon inside an order code keyword', () => {
    expect(splitOrderCodeKeywords('A1;B2').items).toEqual(['A1;B2']);
  });

  it('reports more than 15 order codes as over the cap', () => {
    const text = Array.from({ length: 16 }, (_, i) => `C${i}`).join(',');
    expect(splitOrderCodeKeywords(text).overCap).toBe(true);
    expect(splitOrderCodeKeywords(text).items).toHaveLength(15);
    expect(splitOrderCodeKeywords(text.split(',').slice(0, 15).join(',')).overCap).toBe(false);
  });

  it('splits SKU keywords on commas and semicolons of both widths, at most 50', () => {
    expect(splitSkuKeywords('a;b；c,d，e').items).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(splitSkuKeywords(Array.from({ length: 51 }, (_, i) => `S${i}`).join(';')).overCap).toBe(true);
    expect(splitSkuKeywords(Array.from({ length: 50 }, (_, i) => `S${i}`).join(';')).overCap).toBe(false);
  });

  it('splits receiver keywords on commas', () => {
    expect(splitReceiverKeywords('张三，13812345678').items).toEqual(['张三', '13812345678']);
  });
});

describe('overdue state', () => {
  const now = new Date('2026-05-01T12:00:00Z');

  it('is none without a latest ship time', () => {
    expect(overdueState(null, now).state).toBe('none');
  });

  it('flags an order whose latest ship time has passed as already timed out', () => {
    expect(overdueState('2026-05-01T11:59:00Z', now).state).toBe('overdue');
  });

  it('counts down days, hours and minutes within the warning hours', () => {
    expect(overdueState(new Date('2026-05-02T14:05:30Z'), now, { enabled: true, hours: 48 })).toEqual({ state: 'soon', days: 1, hours: 2, minutes: 5 });
  });

  it('does not warn outside the warning hours or when the warning is off', () => {
    expect(overdueState('2026-05-03T12:00:00Z', now, { enabled: true, hours: 24 }).state).toBe('none');
    expect(overdueState('2026-05-01T13:00:00Z', now, { enabled: false, hours: 24 }).state).toBe('none');
    expect(overdueState('2026-05-01T11:00:00Z', now, { enabled: false, hours: 24 }).state).toBe('overdue');
  });
});

describe('order time bounds', () => {
  it('snaps a bare date to the start or the end of the day', () => {
    expect(orderTimeBound('2026-03-01', 'from').getTime()).toBe(new Date(2026, 2, 1, 0, 0, 0, 0).getTime());
    expect(orderTimeBound('2026-03-01', 'to').getTime()).toBe(new Date(2026, 2, 1, 23, 59, 59, 999).getTime());
  });

  it('takes a date-time as given', () => {
    expect(orderTimeBound('2026-03-01T10:00:00Z', 'to').toISOString()).toBe('2026-03-01T10:00:00.000Z');
    expect(orderTimeBound('2026-03-01 10:30:00', 'from').getTime()).toBe(new Date(2026, 2, 1, 10, 30, 0).getTime());
  });
});

describe('orderSearchPattern', () => {
  it('matches a fragment anywhere, ignoring the spaces and dashes a seller types', () => {
    expect(orderSearchPattern('5678')).toBe('%5678%');
    expect(orderSearchPattern(' 138 1234-5678 ')).toBe('%13812345678%');
    expect(orderSearchPattern('文三路 90 号')).toBe('%文三路90号%');
  });

  it('lets a masked value copied from the list match what its stars hide', () => {
    expect(orderSearchPattern('138****5678')).toBe('%138%5678%');
    expect(orderSearchPattern('＊＊三丰')).toBe('%三丰%');
  });

  it('takes % and _ literally and answers null for nothing to match', () => {
    expect(orderSearchPattern('50%_off')).toBe('%50\\%\\_off%');
    expect(orderSearchPattern(' *** ')).toBeNull();
    expect(orderSearchPattern('  ')).toBeNull();
  });
});

describe('orderSearchBigrams', () => {
  it('answers the two-character pieces with a non-ASCII character, lower-cased, never across a star', () => {
    expect(orderSearchBigrams('阳娜')).toEqual(['阳娜']);
    expect(orderSearchBigrams('欧阳 娜')).toEqual(['欧阳', '阳娜']);
    expect(orderSearchBigrams('张*丰')).toEqual([]);
    expect(orderSearchBigrams('Ä1')).toEqual(['ä1']);
  });

  it('answers nothing for ASCII-only keywords and single characters', () => {
    expect(orderSearchBigrams('ab')).toEqual([]);
    expect(orderSearchBigrams('5678')).toEqual([]);
    expect(orderSearchBigrams('张')).toEqual([]);
  });
});

describe('orderSearchBigramsExact', () => {
  it('holds for two Chinese characters as typed, spaces and dashes aside', () => {
    expect(orderSearchBigramsExact('阳娜')).toBe(true);
    expect(orderSearchBigramsExact(' 阳 -娜　')).toBe(true);
  });

  it('does not hold with a star, a third character, a letter or a digit, or a single character', () => {
    expect(orderSearchBigramsExact('阳*娜')).toBe(false);
    expect(orderSearchBigramsExact('欧阳娜')).toBe(false);
    expect(orderSearchBigramsExact('阳a')).toBe(false);
    expect(orderSearchBigramsExact('Ä1')).toBe(false);
    expect(orderSearchBigramsExact('阳1')).toBe(false);
    expect(orderSearchBigramsExact('阳')).toBe(false);
  });
});
