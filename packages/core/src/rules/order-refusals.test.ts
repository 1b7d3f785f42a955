import { describe, expect, it } from 'vitest';
import { ORDER_STATUS as S } from '../contracts/orders.js';
import { orderStatusRemedy } from './order-refusals.js';

describe('the remedy of a refusal for the order status', () => {
  it('tells to cancel the review of a reviewed order before a change that needs a pending one', () => {
    for (const action of ['updateWarehouse', 'split', 'merge', 'addSku', 'deleteSku', 'replaceSku', 'convert:PRESALE', 'rematch']) {
      expect(orderStatusRemedy(action, S.VERIFIED, [S.NORMAL])).toBe('cancelReview');
    }
  });

  it('tells to review a pending order before it is shipped', () => {
    expect(orderStatusRemedy('send', S.NORMAL, [S.VERIFIED])).toBe('review');
  });

  it('tells to reopen a closed order before a change that needs an open one', () => {
    expect(orderStatusRemedy('verify', S.CLOSE, [S.NORMAL])).toBe('cancelClose');
    expect(orderStatusRemedy('updateExpress', S.CLOSE, [S.NORMAL, S.VERIFIED])).toBe('cancelClose');
  });

  it('says the order is already there when the command would change nothing', () => {
    expect(orderStatusRemedy('verify', S.VERIFIED, [S.NORMAL])).toBe('already');
    expect(orderStatusRemedy('cancelVerify', S.NORMAL, [S.VERIFIED])).toBe('already');
    expect(orderStatusRemedy('close', S.CLOSE, [S.NORMAL, S.VERIFIED])).toBe('already');
    expect(orderStatusRemedy('send', S.SEND, [S.VERIFIED])).toBe('already');
  });

  it('names no remedy where there is none: shipped, cancelled or issued orders', () => {
    expect(orderStatusRemedy('updateExpress', S.SEND, [S.NORMAL, S.VERIFIED])).toBeNull();
    expect(orderStatusRemedy('cancelVerify', S.CANCEL, [S.VERIFIED])).toBeNull();
    expect(orderStatusRemedy('updateWarehouse', S.SYNCED, [S.NORMAL])).toBeNull();
    expect(orderStatusRemedy('verify', S.NORMAL, [S.NORMAL])).toBeNull();
  });
});
