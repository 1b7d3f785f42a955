// The Qimen protocol pieces without a database: the signature against the worked vector of
// shared/CONNECTORS.md §0 (client and fake each compute it their own way), the GMT+8 clock, the
// XML reader and writer, the client against the fake (signed calls accepted, a wrong secret
// refused by the fake's check, transient answers retried, refusals and malformed answers mapped
// to the connector's failure kinds, a deadline), and the environment credentials.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envAppCredentials } from '../../app-credentials.js';
import { WarehouseConnectorError } from '../types.js';
import { createQimenClient } from './qimen.client.js';
import { ourExpressCode, qimenLogisticsCode, qimenOrderType } from './qimen.connector.js';
import { fakeQimenSign, startFakeQimen, type FakeQimen } from './qimen.fake.js';
import { parseQimenTime, parseXml, qimenSign, qimenSignatureMatches, qimenSignString, qimenTimestamp, textOf, toXml, XmlError } from './qimen.protocol.js';

// shared/CONNECTORS.md §0 (self-computed from the published formula, not an official example).
const VECTOR = {
  secret: 'qsecret',
  params: { app_key: '123', customerId: 'C1', format: 'xml', method: 'taobao.qimen.deliveryorder.create', sign_method: 'md5', timestamp: '2024-01-01 12:00:00', v: '2.0' },
  body: '<request><deliveryOrder><deliveryOrderCode>D1</deliveryOrderCode></deliveryOrder></request>',
  expected: 'B7BA9602171C53791030754C2F4C5A42',
};

describe('the Qimen signature', () => {
  it('matches the worked vector, in the client and in the fake', () => {
    expect(qimenSign(VECTOR.secret, VECTOR.params, VECTOR.body)).toBe(VECTOR.expected);
    expect(fakeQimenSign(VECTOR.secret, VECTOR.params, VECTOR.body)).toBe(VECTOR.expected);
    expect(qimenSignString({ ...VECTOR.params, sign: 'X' })).toBe('app_key123customerIdC1formatxmlmethodtaobao.qimen.deliveryorder.createsign_methodmd5timestamp2024-01-01 12:00:00v2.0');
  });

  it('refuses a signature of another body, another secret or another parameter, and takes lower-case hex', () => {
    expect(qimenSignatureMatches(VECTOR.secret, VECTOR.params, VECTOR.body, VECTOR.expected.toLowerCase())).toBe(true);
    expect(qimenSignatureMatches(VECTOR.secret, VECTOR.params, VECTOR.body + ' ', VECTOR.expected)).toBe(false);
    expect(qimenSignatureMatches('other', VECTOR.params, VECTOR.body, VECTOR.expected)).toBe(false);
    expect(qimenSignatureMatches(VECTOR.secret, { ...VECTOR.params, customerId: 'C2' }, VECTOR.body, VECTOR.expected)).toBe(false);
    expect(qimenSignatureMatches(VECTOR.secret, VECTOR.params, VECTOR.body, 'short')).toBe(false);
  });

  it('writes and reads the platform clock in GMT+8', () => {
    const at = new Date('2024-01-01T04:00:00Z');
    expect(qimenTimestamp(at)).toBe('2024-01-01 12:00:00');
    expect(parseQimenTime('2024-01-01 12:00:00')?.toISOString()).toBe(at.toISOString());
    expect(parseQimenTime('2024-13-01')).toBeNull();
    expect(parseQimenTime(null)).toBeNull();
  });
});

describe('the XML of the payloads', () => {
  it('writes nested and repeated elements with escaped text, leaving out empty values', () => {
    const xml = toXml('request', { order: { code: 'A&B<1>', note: null }, lines: { line: [{ no: 1 }, { no: 2 }] } });
    expect(xml).toBe('<request><order><code>A&amp;B&lt;1&gt;</code></order><lines><line><no>1</no></line><line><no>2</no></line></lines></request>');
    const read = parseXml(xml);
    expect(textOf(read, 'order/code')).toBe('A&B<1>');
    expect(read.children[1]!.children.map((c) => textOf(c, 'no'))).toEqual(['1', '2']);
  });

  it('reads a declaration, comments, CDATA, self-closing tags and character references', () => {
    const read = parseXml('<?xml version="1.0" encoding="utf-8"?>\n<!-- x --><response><flag>success</flag><message><![CDATA[<ok>]]></message><empty/><n>&#20013;&#x6587;</n></response>');
    expect(textOf(read, 'flag')).toBe('success');
    expect(textOf(read, 'message')).toBe('<ok>');
    expect(textOf(read, 'empty')).toBeNull();
    expect(textOf(read, 'n')).toBe('中文');
  });

  it('refuses what is not well formed, and document type declarations', () => {
    for (const bad of ['', '<a>', '<a></b>', '<a/><b/>', 'text', '<a>&bogus;</a>', '<!DOCTYPE a [<!ENTITY x "y">]><a/>', '<response><flag>success</flag><code>0']) {
      expect(() => parseXml(bad), bad).toThrow(XmlError);
    }
  });
});

describe('the codes of the Qimen payloads', () => {
  it('maps express companies both ways, OTHER when Qimen publishes none', () => {
    expect(qimenLogisticsCode('SF')).toBe('SF');
    expect(qimenLogisticsCode('JDKD')).toBe('JD');
    expect(qimenLogisticsCode('JTSD')).toBe('OTHER');
    expect(qimenLogisticsCode(null)).toBe('OTHER');
    expect(ourExpressCode('JD')).toBe('JDKD');
    expect(ourExpressCode('YTO')).toBe('YTO');
    expect(ourExpressCode('OTHER')).toBeNull();
  });

  it('names the order types of our document types', () => {
    expect(qimenOrderType('SO', 'SO_SALE')).toBe('JYCK');
    expect(qimenOrderType('ASN', 'ASN_PURCHASE')).toBe('CGRK');
    expect(qimenOrderType('ASN', 'ASN_AFTERSALE')).toBe('QTRK');
    expect(qimenOrderType('WDO', 'WDO_PURCHASE_RETURN')).toBe('CGTH');
    expect(qimenOrderType('WDO', null)).toBeNull();
    expect(qimenOrderType('RMA', null)).toBe('THRK');
  });
});

describe('the installation credentials from the environment', () => {
  it('reads key, secret and gateway per platform, and none without key and secret', async () => {
    const lookup = envAppCredentials({ OPENSELLER_CONNECTOR_QIMEN_APP_KEY: 'k', OPENSELLER_CONNECTOR_QIMEN_APP_SECRET: 's', OPENSELLER_CONNECTOR_QIMEN_GATEWAY_URL: 'http://x', OPENSELLER_CONNECTOR_PDD_APP_KEY: 'p' });
    expect(await lookup('QIMEN')).toEqual({ appKey: 'k', appSecret: 's', gatewayUrl: 'http://x', authorizeUrl: null, callbackUrl: null, signSecret: null, serviceId: null });
    expect(await lookup('CI_PLATFORM_PDD')).toBeNull();
    expect(await lookup('CI_PLATFORM_TAOBAO')).toBeNull();
  });
});

describe('the Qimen client against the fake router', () => {
  let fake: FakeQimen;
  const credentials = (secret = 'fake-secret') => async () => ({ appKey: 'fake-key', appSecret: secret, gatewayUrl: fake.url, authorizeUrl: null });
  const body = toXml('request', { criteriaList: { criteria: { warehouseCode: 'W1', ownerCode: 'O1', itemCode: 'SKU-1' } } });
  const call = (client = createQimenClient({ credentials: credentials(), backoffMs: 1 }), timeoutMs = 5_000) =>
    client.call({ method: 'taobao.qimen.inventory.query', customerId: 'O1', body }, AbortSignal.timeout(timeoutMs));
  const failure = (run: Promise<unknown>) =>
    run.then(
      () => null,
      (e) => (e instanceof WarehouseConnectorError ? e : e),
    );

  beforeAll(async () => {
    fake = await startFakeQimen({ appKey: 'fake-key', appSecret: 'fake-secret' });
  });
  afterAll(() => fake.close());

  it('signs a call the fake accepts, with every system parameter in the query string', async () => {
    fake.setInventory('SKU-1', 7);
    const answer = await call();
    expect(textOf(answer, 'items/item/quantity')).toBe('7');
    const seen = fake.requests.at(-1)!;
    expect(seen.outcome).toBe('ok');
    expect(Object.keys(seen.params).sort()).toEqual(['app_key', 'customerId', 'format', 'method', 'sign', 'sign_method', 'timestamp', 'v']);
    expect(seen.body).toBe(body);
  });

  it('is refused by the fake with a wrong secret (error 25), not retried', async () => {
    const before = fake.requests.length;
    const error = await failure(call(createQimenClient({ credentials: credentials('wrong'), backoffMs: 1 })));
    expect(error).toMatchObject({ kind: 'REJECTED' });
    expect(error.detail).toContain('25');
    expect(fake.requests.length - before).toBe(1);
  });

  it('tries again after throttling, HTTP 502 and a malformed answer, within its attempts', async () => {
    fake.throttleNext();
    fake.failNextWithHttp502();
    expect(textOf(await call(), 'flag')).toBe('success');
    fake.malformedNext();
    fake.malformedNext();
    fake.malformedNext();
    const error = await failure(call());
    expect(error).toMatchObject({ kind: 'SYSTEM_ERROR' });
    expect(error.retryable).toBe(true);
  });

  it('maps a refusal to REJECTED with its code and message, and a late answer to TIMEOUT', async () => {
    fake.refuseNext('货品不存在', 'ITEM_NOT_FOUND');
    const refused = await failure(call());
    expect(refused).toMatchObject({ kind: 'REJECTED' });
    expect(refused.detail).toContain('ITEM_NOT_FOUND');
    expect(refused.detail).toContain('货品不存在');
    fake.delayNext(1_000);
    const late = await failure(call(undefined, 200));
    expect(late).toMatchObject({ kind: 'TIMEOUT' });
  });

  it('fails an answer without a flag, with an unknown flag or of another element as SYSTEM_ERROR', async () => {
    for (const text of ['<response><code>0</code></response>', '<response><flag>maybe</flag></response>', '<html><body>gateway</body></html>']) {
      for (let i = 0; i < 3; i++) fake.answerNext(text);
      expect(await failure(call()), text).toMatchObject({ kind: 'SYSTEM_ERROR' });
    }
  });

  it('refuses to call without credentials, saying what is missing', async () => {
    const error = await failure(createQimenClient({ credentials: async () => null }).call({ method: 'taobao.qimen.inventory.query', customerId: 'O1', body }, AbortSignal.timeout(1000)));
    expect(error).toMatchObject({ kind: 'REJECTED' });
    expect(error.detail).toMatch(/no app credentials for Qimen/);
  });
});
