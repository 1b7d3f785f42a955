// The Douyin signature against the vectors of CONNECTORS.md §0 (self-computed from the documented
// formula: Douyin publishes no worked example), for the client's signing and the fake's check alike.
import { describe, expect, it } from 'vitest';
import { doudianParamJson, doudianSign, doudianSignatureValid, doudianSigningText } from './douyin.sign.js';

const vector = { appKey: '1234567890123456789', method: 'order.searchList', timestamp: '1700000000', paramJson: '{"create_time_start":1699990000,"page":0,"size":20}' };

describe('the Douyin request signature', () => {
  it('signs the CONNECTORS.md vector with md5 and with hmac-sha256', () => {
    expect(doudianSigningText(vector, 'testsecret')).toBe('testsecretapp_key1234567890123456789methodorder.searchListparam_json{"create_time_start":1699990000,"page":0,"size":20}timestamp1700000000v2testsecret');
    expect(doudianSign(vector, 'testsecret', 'md5')).toBe('4589cfc0d50e5827e8ae4e4c1df90f8e');
    expect(doudianSign(vector, 'testsecret', 'hmac-sha256')).toBe('e7920b7455a7c19f116f0c3cd5e23ad297f01cdcf13a09d86b64ffd8d936f1f2');
  });

  it('writes param_json with keys sorted at every depth, compact, nulls kept, HTML characters unescaped', () => {
    expect(doudianParamJson({ size: 20, page: 0, create_time_start: 1699990000 })).toBe(vector.paramJson);
    expect(doudianParamJson({ b: { z: 1, a: [{ y: 2, x: null }] }, a: '<&>', c: undefined })).toBe('{"a":"<&>","b":{"a":[{"x":null,"y":2}],"z":1}}');
    expect(doudianParamJson(null)).toBe('{}');
  });

  it('accepts only the signature of the exact bytes signed', () => {
    const sign = doudianSign(vector, 'testsecret', 'hmac-sha256');
    expect(doudianSignatureValid({ ...vector, sign: sign.toUpperCase() }, 'testsecret', 'hmac-sha256')).toBe(true);
    expect(doudianSignatureValid({ ...vector, sign }, 'testsecret', 'md5')).toBe(false);
    expect(doudianSignatureValid({ ...vector, paramJson: '{"page":0,"create_time_start":1699990000,"size":20}', sign }, 'testsecret', 'hmac-sha256')).toBe(false);
    expect(doudianSignatureValid({ ...vector, sign }, 'othersecret', 'hmac-sha256')).toBe(false);
  });
});
