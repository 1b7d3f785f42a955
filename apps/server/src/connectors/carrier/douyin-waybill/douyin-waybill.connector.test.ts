// Douyin waybills against the local Douyin fake: numbers with routing and cloud-print data (the
// fake checking every signature), parcels Douyin cannot take refused one by one, cancelling, and
// the clear refusals without app credentials, without an authorised store or for a carrier Douyin
// has no code for.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDouyinConnector } from '../../marketplace/douyin/douyin.connector.js';
import { startDouyinFake, type DouyinFake } from '../../marketplace/douyin/douyin.fake.js';
import type { CarrierAccount, CarrierParcel } from '../types.js';
import { createDouyinWaybillConnector } from './douyin-waybill.connector.js';

let fake: DouyinFake;
let accessToken = '';
beforeAll(async () => {
  fake = await startDouyinFake();
  // A token as the store's authorisation would hold it.
  const marketplace = createDouyinConnector({ credentials: async () => fake.credentials() });
  const grant = await marketplace.exchangeCode({ store: { domainId: 7, storeId: 1, platformCode: 'DY', platformShopId: null, accessToken: null, refreshToken: null, tokenExpiresAt: null }, code: fake.issueCode(), redirectUri: 'http://app/#/authorization' });
  accessToken = grant.accessToken;
});
afterAll(async () => {
  await fake.close();
});

const account: CarrierAccount = { domainId: 7, accountId: 1, printCode: 'dy', expressCompanyCode: 'ZTO', sandbox: false, fields: { shop: 'My Douyin shop', branchName: '杭州网点' } };
const sender = { name: '王仓库', phone: '13900000000', province: '浙江省', city: '杭州市', district: '余杭区', address: '文一西路1号' };
const parcel = (orderCode: string, receiver: Partial<CarrierParcel['receiver']> = {}): CarrierParcel => ({
  orderCode,
  sender,
  receiver: { name: '张*', phone: '138****0000', province: '上海市', city: '上海市', district: '浦东新区', address: '世纪大道**号', ...receiver },
  weight: '1.250',
  packages: 1,
});

const connector = (options: { credentials?: boolean; shop?: boolean } = {}) =>
  createDouyinWaybillConnector({
    credentials: async () => (options.credentials === false ? null : fake.credentials()),
    shopOf: async (_domainId, shop) => (options.shop === false ? `no Douyin store "${shop}" in this account` : { accessToken, shopId: fake.shopId }),
  });

describe('Douyin waybills', () => {
  it('takes a number per parcel with routing and the cloud-print data, twenty parcels a call', async () => {
    const dy = connector();
    const before = fake.calls.length;
    const parcels = Array.from({ length: 23 }, (_, i) => parcel(`SO-${i}`));
    const outcomes = await dy.takeWaybillNumbers(account, parcels);
    expect(outcomes.map((o) => o.orderCode)).toEqual(parcels.map((p) => p.orderCode));
    expect(outcomes.every((o) => o.ok)).toBe(true);
    const first = outcomes[0]!;
    if (!first.ok) throw new Error('no number');
    expect(first.routing.sortCode).not.toBe('');
    expect(first.routing.bag).toBe('上海市集包中心');
    expect(first.printData).toMatchObject({ printCode: 'dy', logisticsCode: 'zhongtong', trackNo: first.expressNo, printData: expect.any(String), sign: expect.any(String) });
    expect(JSON.parse(Buffer.from(String(first.printData.printData), 'base64').toString()).trackNo).toBe(first.expressNo);
    const calls = fake.calls.slice(before);
    const creates = calls.filter((c) => c.method === 'logistics.newCreateOrder');
    expect(creates).toHaveLength(2);
    expect(creates[0]!.params).toMatchObject({
      logistics_code: 'zhongtong',
      sender_info: { address: { country_code: 'CHN', province_name: '浙江省', city_name: '杭州市', district_name: '余杭区', detail_address: '文一西路1号' }, contact: { name: '王仓库', mobile: '13900000000' } },
    });
    expect((creates[0]!.params!.order_infos as unknown[]).length).toBe(20);
    expect((creates[0]!.params!.order_infos as any[])[0]).toMatchObject({ order_id: 'SO-0', weight: 1250, receiver_info: { address: { district_name: '浦东新区' }, contact: { name: '张*' } } });
    expect(calls.filter((c) => c.method === 'logistics.waybillApply')).toHaveLength(2);
    expect(calls.every((c) => c.refused === null && c.query.access_token === accessToken)).toBe(true);
    expect(fake.badSignatures).toBe(0);
  });

  it('refuses a parcel without a complete receiver without asking Douyin, and gives a number back once', async () => {
    const dy = connector();
    const [bad, good] = await dy.takeWaybillNumbers(account, [parcel('SO-X', { district: '' }), parcel('SO-Y')]);
    expect(bad).toMatchObject({ ok: false, reason: expect.stringContaining('receiver') });
    if (!good?.ok) throw new Error('no number');
    await dy.cancelWaybillNumber(account, good.expressNo);
    expect(fake.waybills.find((w) => w.trackNo === good.expressNo)?.cancelled).toBe(true);
    await expect(dy.cancelWaybillNumber(account, good.expressNo)).rejects.toMatchObject({ kind: 'FAILED', message: expect.stringContaining('面单已取消') });
  });

  it('answers each parcel with the reason when Douyin refuses the company, and refuses a carrier without a Douyin code', async () => {
    const [refused] = await connector().takeWaybillNumbers({ ...account, expressCompanyCode: 'DBKD' }, [parcel('SO-D')]);
    expect(refused).toMatchObject({ ok: false, reason: expect.stringContaining('未开通debangkuaidi电子面单服务') });
    await expect(connector().takeWaybillNumbers({ ...account, expressCompanyCode: 'ZYKD' }, [parcel('SO-Z')])).rejects.toMatchObject({ kind: 'FAILED', message: expect.stringContaining('ZYKD') });
  });

  it('says so without app credentials or without an authorised Douyin store', async () => {
    await expect(connector({ credentials: false }).takeWaybillNumbers(account, [parcel('SO-1')])).rejects.toMatchObject({ kind: 'NOT_IN_BUILD', message: expect.stringContaining('no app credentials for Douyin') });
    await expect(connector({ shop: false }).takeWaybillNumbers(account, [parcel('SO-1')])).rejects.toMatchObject({ kind: 'FAILED', message: expect.stringContaining('My Douyin shop') });
    await expect(connector().queryTracking(account, 'x')).rejects.toMatchObject({ kind: 'NOT_IN_BUILD' });
  });

  it('fails FAILED with Douyin’s reason when the shop token is refused', async () => {
    const dy = createDouyinWaybillConnector({ credentials: async () => fake.credentials(), shopOf: async () => ({ accessToken: 'not-a-token', shopId: fake.shopId }) });
    await expect(dy.takeWaybillNumbers(account, [parcel('SO-T')])).rejects.toMatchObject({ kind: 'FAILED', message: expect.stringContaining('access token') });
  });
});
