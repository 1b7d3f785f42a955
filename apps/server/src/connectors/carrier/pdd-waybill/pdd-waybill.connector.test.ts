// Pinduoduo waybills against the local fake gateway: numbers with routing and cloud-print data,
// parcels PDD cannot take refused one by one, cancelling, and the clear refusals without app
// credentials or without an authorised store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pddSign } from '../../marketplace/pdd/pdd.client.js';
import { startPddFake, type PddFake } from '../../marketplace/pdd/pdd.fake.js';
import type { CarrierAccount, CarrierParcel } from '../types.js';
import { createPddWaybillConnector, routingOf } from './pdd-waybill.connector.js';

let fake: PddFake;
let accessToken = '';
beforeAll(async () => {
  fake = await startPddFake();
  // A token as the store's authorization would hold it.
  const code = fake.issueCode();
  const params: Record<string, string> = { type: 'pdd.pop.auth.token.create', client_id: fake.clientId, timestamp: String(Math.floor(Date.now() / 1000)), data_type: 'JSON', code };
  params.sign = pddSign(params, fake.clientSecret);
  const post = await fetch(fake.gatewayUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(params).toString() });
  accessToken = ((await post.json()) as any).pop_auth_token_create_response.access_token;
});
afterAll(async () => {
  await fake.close();
});

const account: CarrierAccount = { domainId: 7, accountId: 1, printCode: 'pdd', expressCompanyCode: 'ZTO', sandbox: false, fields: { shop: 'My PDD shop', branchName: '浦东网点' } };
const sender = { name: '王仓库', phone: '13900000000', province: '浙江省', city: '杭州市', district: '余杭区', address: '文一西路1号' };
const parcel = (orderCode: string, receiver: Partial<CarrierParcel['receiver']> = {}): CarrierParcel => ({
  orderCode,
  sender,
  receiver: { name: '张*', phone: '138****0000', province: '上海市', city: '上海市', district: '浦东新区', address: '世纪大道**号', ...receiver },
  weight: '1.250',
  packages: 1,
});

const connector = (options: { credentials?: boolean; shop?: boolean } = {}) =>
  createPddWaybillConnector({
    credentials: async () => (options.credentials === false ? null : fake.credentials()),
    shopOf: async (_domainId, shop) => (options.shop === false ? `no Pinduoduo store "${shop}" in this account` : { accessToken, shopId: fake.ownerId }),
  });

describe('Pinduoduo waybills', () => {
  it('takes a number per parcel with routing and the cloud-print data, ten parcels a call', async () => {
    const pdd = connector();
    const before = fake.calls.filter((c) => c.type === 'pdd.waybill.get').length;
    const parcels = Array.from({ length: 12 }, (_, i) => parcel(`SO-${i}`));
    const outcomes = await pdd.takeWaybillNumbers(account, parcels);
    expect(outcomes.map((o) => o.orderCode)).toEqual(parcels.map((p) => p.orderCode));
    expect(outcomes.every((o) => o.ok)).toBe(true);
    const first = outcomes[0]!;
    if (!first.ok) throw new Error('no number');
    expect(first.routing.sortCode).not.toBe('');
    expect(first.printData).toMatchObject({ printCode: 'pdd', wpCode: 'ZTO', templateUrl: 'https://file-link.pinduoduo.com/zto_one' });
    expect(JSON.parse(String(first.printData.printData)).data.waybillCode).toBe(first.expressNo);
    const calls = fake.calls.filter((c) => c.type === 'pdd.waybill.get').slice(before);
    expect(calls.length).toBe(2);
    const request = JSON.parse(calls[0]!.params.param_waybill_cloud_print_apply_new_request!);
    expect(request).toMatchObject({ wp_code: 'ZTO', sender: { name: '王仓库', address: { province: '浙江省', city: '杭州市', district: '余杭区', detail: '文一西路1号' } } });
    expect(request.trade_order_info_dtos).toHaveLength(10);
    expect(request.trade_order_info_dtos[0]).toMatchObject({ object_id: 'SO-0', user_id: fake.ownerId, package_info: { weight: 1250 }, recipient: { name: '张*', address: { district: '浦东新区' } } });
    expect(fake.badSignatures).toBe(0);
  });

  it('refuses a parcel without a complete receiver without asking Pinduoduo, and gives a number back', async () => {
    const pdd = connector();
    const [bad, good] = await pdd.takeWaybillNumbers(account, [parcel('SO-X', { district: '' }), parcel('SO-Y')]);
    expect(bad).toMatchObject({ ok: false, reason: expect.stringContaining('receiver') });
    if (!good?.ok) throw new Error('no number');
    await pdd.cancelWaybillNumber(account, good.expressNo);
    expect(fake.waybills.find((w) => w.waybillCode === good.expressNo)?.cancelled).toBe(true);
    await expect(pdd.cancelWaybillNumber(account, good.expressNo)).rejects.toMatchObject({ kind: 'FAILED', message: expect.stringContaining('面单已取消') });
  });

  it('refuses a carrier Pinduoduo has no waybills for', async () => {
    await expect(connector().takeWaybillNumbers({ ...account, expressCompanyCode: 'ZYKD' }, [parcel('SO-Z')])).rejects.toMatchObject({ kind: 'FAILED', message: expect.stringContaining('ZYKD') });
  });

  it('says so without app credentials or without an authorised Pinduoduo store', async () => {
    await expect(connector({ credentials: false }).takeWaybillNumbers(account, [parcel('SO-1')])).rejects.toMatchObject({ kind: 'NOT_IN_BUILD', message: expect.stringContaining('no app credentials for Pinduoduo') });
    await expect(connector({ shop: false }).takeWaybillNumbers(account, [parcel('SO-1')])).rejects.toMatchObject({ kind: 'FAILED', message: expect.stringContaining('My PDD shop') });
    await expect(connector().queryTracking(account, 'x')).rejects.toMatchObject({ kind: 'NOT_IN_BUILD' });
  });

  it('reads no routing from print data it cannot read', () => {
    expect(routingOf('not json')).toEqual({ sortCode: '', bag: '', branch: '' });
  });
});
