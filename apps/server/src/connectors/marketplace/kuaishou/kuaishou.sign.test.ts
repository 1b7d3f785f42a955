// The Kuaishou signature against the known-answer vectors of CONNECTORS.md §0 (self-computed from
// the official formula: Kuaishou publishes no worked example with its secret), for the client's
// signing and the fake's checking alike, and the request the client sends as the fake checks it.
import { describe, expect, it } from 'vitest';
import { ksParamJson } from './kuaishou.client.js';
import { ksPathOf, ksSign, ksSignatureValid, ksSigningText } from './kuaishou.sign.js';

const PARAMS = {
  access_token: 'tok',
  appkey: 'ks123',
  method: 'open.order.cursor.list',
  param: '{"beginTime":1700000000000,"cursor":"","endTime":1700086400000,"orderViewStatus":1,"pageSize":50}',
  timestamp: '1700000000000',
  version: '1',
};

describe('Kuaishou signature', () => {
  it('signs MD5 as the lower-case hex of the sorted k=v text with &signSecret appended', () => {
    const params = { ...PARAMS, signMethod: 'MD5' };
    expect(ksSigningText(params, 'signsecret')).toBe(
      'access_token=tok&appkey=ks123&method=open.order.cursor.list&param={"beginTime":1700000000000,"cursor":"","endTime":1700086400000,"orderViewStatus":1,"pageSize":50}&signMethod=MD5&timestamp=1700000000000&version=1&signSecret=signsecret',
    );
    expect(ksSign(params, 'signsecret')).toBe('c1b86676ace1682c40619151071762dc');
  });

  it('signs HMAC_SHA256 keyed with the signSecret, Base64', () => {
    expect(ksSign({ ...PARAMS, signMethod: 'HMAC_SHA256' }, 'signsecret')).toBe('psCUCbfN7bnvePVb7q4caVbyAa4o8WbDaku73uc20zo=');
  });

  it('the check accepts the vectors and refuses a changed value, another secret or a signature of the wrong method', () => {
    expect(ksSignatureValid({ ...PARAMS, signMethod: 'MD5', sign: 'c1b86676ace1682c40619151071762dc' }, 'signsecret')).toBe(true);
    expect(ksSignatureValid({ ...PARAMS, signMethod: 'HMAC_SHA256', sign: 'psCUCbfN7bnvePVb7q4caVbyAa4o8WbDaku73uc20zo=' }, 'signsecret')).toBe(true);
    expect(ksSignatureValid({ ...PARAMS, timestamp: '1700000000001', signMethod: 'MD5', sign: 'c1b86676ace1682c40619151071762dc' }, 'signsecret')).toBe(false);
    expect(ksSignatureValid({ ...PARAMS, signMethod: 'MD5', sign: 'c1b86676ace1682c40619151071762dc' }, 'other')).toBe(false);
    expect(ksSignatureValid({ ...PARAMS, signMethod: 'HMAC_SHA256', sign: 'c1b86676ace1682c40619151071762dc' }, 'signsecret')).toBe(false);
  });

  it('signs only the documented keys: a stray query parameter does not change the signature', () => {
    expect(ksSign({ ...PARAMS, signMethod: 'MD5', extra: 'x' } as Record<string, string>, 'signsecret')).toBe('c1b86676ace1682c40619151071762dc');
  });

  it('puts the method on the path and writes long ids as exact JSON numbers', () => {
    expect(ksPathOf('open.seller.order.goods.deliver')).toBe('/open/seller/order/goods/deliver');
    expect(ksParamJson({ orderId: BigInt('2321300034950000123'), expressCode: 4 })).toBe('{"orderId":2321300034950000123,"expressCode":4}');
  });
});
