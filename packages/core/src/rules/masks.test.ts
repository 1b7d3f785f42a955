import { describe, expect, it } from 'vitest';
import { isMobile, maskPhone, maskText } from './masks.js';

describe('masks', () => {
  it('shows the first 3 and last 4 digits of a phone number', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(maskPhone('057112345678')).toBe('057*****5678');
  });

  it('masks other strings except their last 4 characters', () => {
    expect(maskText('浙江省杭州市西湖区文三路')).toBe('********区文三路');
    expect(maskText('abcdefgh')).toBe('****efgh');
  });

  it('hides all but the last character of a short string', () => {
    expect(maskText('张三丰')).toBe('**丰');
    expect(maskText('李四')).toBe('*四');
    expect(maskText('x')).toBe('*');
  });

  it('masks a short phone like other text', () => {
    expect(maskPhone('12345')).toBe('*2345');
  });

  it('answers an empty string for no value', () => {
    expect(maskPhone(null)).toBe('');
    expect(maskText(undefined)).toBe('');
  });

  it('accepts 11-digit mobiles starting with 1 only', () => {
    expect(isMobile('13812345678')).toBe(true);
    expect(isMobile('23812345678')).toBe(false);
    expect(isMobile('1381234567')).toBe(false);
  });
});
