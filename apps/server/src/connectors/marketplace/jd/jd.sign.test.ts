// The official JOS signature vector (open.jd.com dev guide, CONNECTORS.md §0) computed by the
// client's signer and checked by the fake's verifier, plus the timestamp format.
import { describe, expect, it } from 'vitest';
import { josParamJson, josSign, josSignatureValid, josSigningText, josTime, parseJosTime } from './jd.sign.js';
import { verifyJosRequest } from './jd.fake.js';

const OFFICIAL = {
  params: {
    '360buy_param_json': '{"end_date":null,"optional_fields":null,"order_state":"WAIT_SELLER_STOCK_OUT","page":"1","page_size":"200","start_date":null}',
    access_token: 'yourtoken',
    app_key: 'yourappkey',
    method: 'jingdong.pop.order.search',
    timestamp: '2021-05-07 09:20:39.683+0800',
    v: '2.0',
  },
  secret: 'yourappSecret',
  text: '360buy_param_json{"end_date":null,"optional_fields":null,"order_state":"WAIT_SELLER_STOCK_OUT","page":"1","page_size":"200","start_date":null}access_tokenyourtokenapp_keyyourappkeymethodjingdong.pop.order.searchtimestamp2021-05-07 09:20:39.683+0800v2.0',
  sign: 'D70825340F4084360B9362B60DFD7930',
};

describe('the JOS signature', () => {
  it('reproduces the official vector: the sorted text and its digest', () => {
    expect(josSigningText(OFFICIAL.params)).toBe(OFFICIAL.text);
    expect(josSign(OFFICIAL.params, OFFICIAL.secret)).toBe(OFFICIAL.sign);
  });

  it('writes the business parameters as the official example does (keys alphabetical)', () => {
    const json = josParamJson({ start_date: null, page_size: '200', page: '1', order_state: 'WAIT_SELLER_STOCK_OUT', optional_fields: null, end_date: null });
    expect(json).toBe(OFFICIAL.params['360buy_param_json']);
  });

  it('is accepted by the fake for the official vector and refused once a byte changes', () => {
    const now = parseJosTime(OFFICIAL.params.timestamp)!;
    expect(verifyJosRequest({ ...OFFICIAL.params, sign: OFFICIAL.sign }, OFFICIAL.secret, now)).toBeNull();
    expect(josSignatureValid({ ...OFFICIAL.params, sign: OFFICIAL.sign }, OFFICIAL.secret)).toBe(true);
    const tampered = { ...OFFICIAL.params, access_token: 'yourtoken2', sign: OFFICIAL.sign };
    expect(verifyJosRequest(tampered, OFFICIAL.secret, now)).toMatchObject({ kind: 'sign' });
    expect(verifyJosRequest({ ...OFFICIAL.params, sign: OFFICIAL.sign }, 'anotherSecret', now)).toMatchObject({ kind: 'sign' });
  });

  it('refuses a timestamp more than 6 minutes away from the fake clock', () => {
    const at = parseJosTime(OFFICIAL.params.timestamp)!;
    expect(verifyJosRequest({ ...OFFICIAL.params, sign: OFFICIAL.sign }, OFFICIAL.secret, new Date(at.getTime() + 5 * 60_000))).toBeNull();
    expect(verifyJosRequest({ ...OFFICIAL.params, sign: OFFICIAL.sign }, OFFICIAL.secret, new Date(at.getTime() + 7 * 60_000))).toMatchObject({ kind: 'timestamp' });
  });

  it('formats and reads China time', () => {
    const at = new Date('2021-05-07T01:20:39.000Z');
    expect(josTime(at)).toBe('2021-05-07 09:20:39');
    expect(parseJosTime('2021-05-07 09:20:39')?.toISOString()).toBe('2021-05-07T01:20:39.000Z');
    expect(parseJosTime('2021-05-07 09:20:39.683+0800')?.toISOString()).toBe('2021-05-07T01:20:39.683Z');
    expect(parseJosTime('2021-05-07T09:20:39')).toBeNull();
  });
});
