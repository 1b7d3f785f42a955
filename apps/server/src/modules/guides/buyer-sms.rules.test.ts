import { describe, expect, it } from 'vitest';
import { buyerMobile, renderBuyerSms } from './buyer-sms.service.js';

describe('buyer SMS rules', () => {
  it('fills the variables of a template and leaves unknown ones as written', () => {
    expect(renderBuyerSms('【{storeName}】{orderCode} 由 {expressCompany} 发出 {other}', { storeName: '小店', orderCode: 'SO1', expressCompany: '顺丰速运' })).toBe('【小店】SO1 由 顺丰速运 发出 {other}');
  });

  it('reads a mainland mobile written with spaces, dashes or +86, and nothing else', () => {
    expect(buyerMobile('138 1234 5678')).toBe('13812345678');
    expect(buyerMobile('+86-138-1234-5678')).toBe('13812345678');
    expect(buyerMobile('0571-88886666')).toBeNull();
    expect(buyerMobile('138****5678')).toBeNull();
    expect(buyerMobile(null)).toBeNull();
  });
});
