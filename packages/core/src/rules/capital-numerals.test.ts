import { describe, expect, it } from 'vitest';
import { toChineseCapital } from './capital-numerals.js';

describe('Chinese capital numerals', () => {
  it('writes whole amounts with 整', () => {
    expect(toChineseCapital(0)).toBe('零元整');
    expect(toChineseCapital(1)).toBe('壹元整');
    expect(toChineseCapital(10)).toBe('壹拾元整');
    expect(toChineseCapital(100)).toBe('壹佰元整');
    expect(toChineseCapital(1005)).toBe('壹仟零伍元整');
    expect(toChineseCapital(1050)).toBe('壹仟零伍拾元整');
  });

  it('writes jiao and fen', () => {
    expect(toChineseCapital(1234.56)).toBe('壹仟贰佰叁拾肆元伍角陆分');
    expect(toChineseCapital(1.5)).toBe('壹元伍角整');
    expect(toChineseCapital(10.05)).toBe('壹拾元零伍分');
    expect(toChineseCapital(0.5)).toBe('伍角整');
    expect(toChineseCapital(0.05)).toBe('伍分');
  });

  it('handles ten-thousands and hundred-millions with the zeros between them', () => {
    expect(toChineseCapital(10000)).toBe('壹万元整');
    expect(toChineseCapital(100010000)).toBe('壹亿零壹万元整');
    expect(toChineseCapital(100000001)).toBe('壹亿零壹元整');
    expect(toChineseCapital(120003400)).toBe('壹亿贰仟万零叁仟肆佰元整');
    expect(toChineseCapital('305000.70')).toBe('叁拾万零伍仟元柒角整');
  });

  it('rounds to the fen and writes negatives with 负', () => {
    expect(toChineseCapital(2.005)).toBe('贰元零壹分');
    expect(toChineseCapital(-8)).toBe('负捌元整');
  });

  it('refuses amounts of a trillion or more', () => {
    expect(() => toChineseCapital(1e12)).toThrow(RangeError);
  });
});
