// The TOP client's signing against the official known-answer vector (CONNECTORS.md §0, TOP
// docId=101617), its clock and its error mapping.
import { describe, expect, it } from 'vitest';
import { ConnectorError } from '../connector.js';
import { parseTopTime, responseKey, topFailure, topSign, topSignBase, topTime } from './top-client.js';
import { fakeTopSignature } from './taobao.fake.js';

const OFFICIAL = {
  app_key: '12345678',
  fields: 'num_iid,title,nick,price,num',
  format: 'json',
  method: 'taobao.item.seller.get',
  num_iid: '11223344',
  session: 'test',
  sign_method: 'md5',
  timestamp: '2016-01-01 12:00:00',
  v: '2.0',
};

describe('TOP signing (official vector)', () => {
  it('concatenates the sorted params as the document shows', () => {
    expect(topSignBase(OFFICIAL)).toBe(
      'app_key12345678fieldsnum_iid,title,nick,price,numformatjsonmethodtaobao.item.seller.getnum_iid11223344sessiontestsign_methodmd5timestamp2016-01-01 12:00:00v2.0',
    );
  });

  it('signs the official example to its published md5', () => {
    expect(topSign(OFFICIAL, 'helloworld', 'md5')).toBe('66987CB115214E59E6EC978214934FB8');
  });

  it('the fake checks with its own code to the same published value', () => {
    expect(fakeTopSignature(OFFICIAL, 'helloworld', 'md5')).toBe('66987CB115214E59E6EC978214934FB8');
  });

  it('leaves out sign and empty values', () => {
    expect(topSign({ ...OFFICIAL, sign: 'X', partner_id: '' }, 'helloworld')).toBe('66987CB115214E59E6EC978214934FB8');
  });

  it('signs hmac and hmac-sha256 as HMAC of the same string (client and fake agree, upper-case hex)', () => {
    for (const method of ['hmac', 'hmac-sha256'] as const) {
      const params = { ...OFFICIAL, sign_method: method };
      const sign = topSign(params, 'helloworld', method);
      expect(sign).toMatch(method === 'hmac' ? /^[0-9A-F]{32}$/ : /^[0-9A-F]{64}$/);
      expect(fakeTopSignature(params, 'helloworld', method)).toBe(sign);
    }
  });

  it('a changed value changes the sign', () => {
    expect(topSign({ ...OFFICIAL, num_iid: '11223345' }, 'helloworld')).not.toBe('66987CB115214E59E6EC978214934FB8');
  });
});

describe('TOP clock and answers', () => {
  it('writes and reads times in GMT+8', () => {
    const at = new Date('2016-01-01T04:00:00Z');
    expect(topTime(at)).toBe('2016-01-01 12:00:00');
    expect(parseTopTime('2016-01-01 12:00:00')?.toISOString()).toBe('2016-01-01T04:00:00.000Z');
    expect(parseTopTime('2016-01-01T12:00:00')).toBeNull();
  });

  it('names the answer key of a method', () => {
    expect(responseKey('taobao.trades.sold.increment.get')).toBe('trades_sold_increment_get_response');
  });

  it('maps error codes to connector failure kinds', () => {
    const kind = (code: number, sub?: string) => (topFailure('m', { code, msg: 'x', ...(sub ? { sub_code: sub } : {}) }) as ConnectorError).kind;
    expect(kind(27)).toBe('TOKEN_EXPIRED');
    expect(kind(7)).toBe('RATE_LIMITED');
    expect(kind(8)).toBe('RATE_LIMITED');
    expect(kind(25)).toBe('NO_APP_CREDENTIALS');
    expect(kind(29)).toBe('NO_APP_CREDENTIALS');
    expect(kind(15, 'isp.remote-service-error')).toBe('PLATFORM_ERROR');
    expect(kind(41, 'isv.invalid-parameter')).toBe('PLATFORM_ERROR');
  });

  it('reads the wait of a ban from its message', () => {
    const error = topFailure('m', { code: 7, msg: 'App Call Limited', sub_msg: 'This ban will last for 3 more seconds' });
    expect(error.retryAfterMs).toBe(3000);
  });
});
