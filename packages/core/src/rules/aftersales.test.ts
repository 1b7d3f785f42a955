import { describe, expect, it } from 'vitest';
import { allowedDecisions, decisionRefusal, initialStates, receiptStateOf, statesAfter } from './aftersales.js';

describe('after-sale decisions by state', () => {
  it('offers a new refund-only document the refund decisions and nothing about goods', () => {
    expect(allowedDecisions(initialStates('REFUND_ONLY'))).toEqual(['agreeRefund', 'refuseRefund', 'sync']);
  });

  it('asks a return and refund to agree the return before the refund', () => {
    const doc = initialStates('RETURN_REFUND');
    expect(decisionRefusal('agreeRefund', doc)).toBe('WRONG_STATE');
    const agreed = statesAfter('agreeReturn', doc);
    expect(agreed).toMatchObject({ receiptStatus: 'WAITING', checkStatus: 'PROCESSING', refundStatus: 'VERIFY' });
    expect(decisionRefusal('agreeRefund', agreed)).toBeNull();
  });

  it('refuses sending a return order on Youzan, JD, JD self-operated and Douyin, not on Taobao', () => {
    const doc = initialStates('RETURN_REFUND');
    for (const code of ['CI_PLATFORM_YOUZAN', 'CI_PLATFORM_JD', 'JDZY', 'DY']) expect(decisionRefusal('agreeReturn', doc, code)).toBe('RETURN_ORDERS_UNSUPPORTED');
    expect(decisionRefusal('agreeReturn', doc, 'CI_PLATFORM_TAOBAO')).toBeNull();
  });

  it('walks a refund from review to waiting to success and closes nothing twice', () => {
    const waiting = statesAfter('agreeRefund', initialStates('REFUND_ONLY'));
    expect(waiting).toMatchObject({ refundStatus: 'WAIT', checkStatus: 'PROCESSING' });
    expect(decisionRefusal('agreeRefund', waiting)).toBe('WRONG_STATE');
    const done = statesAfter('refundFinish', waiting);
    expect(done).toMatchObject({ refundStatus: 'SUCCESS', checkStatus: 'COMPLETED' });
    expect(allowedDecisions(done)).toEqual(['sync']);
  });

  it('lets a failed refund be agreed again', () => {
    const failed = statesAfter('refundFinish', statesAfter('agreeRefund', initialStates('REFUND_ONLY')), 'FAILURE');
    expect(failed).toMatchObject({ refundStatus: 'FAILURE', checkStatus: 'PROCESSING' });
    expect(decisionRefusal('agreeRefund', failed)).toBeNull();
  });

  it('closes the document and stops the receipt when the return is refused', () => {
    const refused = statesAfter('refuseReturn', initialStates('RETURN_REFUND'));
    expect(refused).toEqual({ type: 'RETURN_REFUND', checkStatus: 'CLOSED', receiptStatus: 'STOPPED', refundStatus: 'REJECT' });
    expect(allowedDecisions(refused)).toEqual(['sync']);
  });

  it('refuses refund decisions on an exchange and return decisions on a reissue', () => {
    expect(decisionRefusal('agreeRefund', initialStates('EXCHANGE'))).toBe('WRONG_TYPE');
    expect(decisionRefusal('agreeReturn', initialStates('REISSUE'))).toBe('WRONG_TYPE');
    expect(initialStates('EXCHANGE').refundStatus).toBeNull();
  });

  it('derives the receipt state from expected and received quantities', () => {
    expect([receiptStateOf(3, 0), receiptStateOf(3, 1), receiptStateOf(3, 3)]).toEqual(['WAITING', 'PARTIAL', 'ALL']);
  });
});
