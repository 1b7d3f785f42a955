// Douyin waybills against the local Douyin fake: numbers with routing and cloud-print data (the
// fake checking every signature), parcels Douyin cannot take refused one by one, cancelling, and
// the clear refusals without app credentials, without an authorised store or for a carrier Douyin
// has no code for; a Douyin order printed with its Douyin ciphertexts as the receiver.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDouyinConnector } from '../../marketplace/douyin/douyin.connector.js';
import { douyinFakeOrder, startDouyinFake, type DouyinFake } from '../../marketplace/douyin/douyin.fake.js';
import { douyinReceiverRefOf } from '../../marketplace/douyin/douyin.mapping.js';
import type { CarrierAccount, CarrierParcel } from '../types.js';
import { createDouyinWaybillConnector, type DouyinOrderReceiver } from './douyin-waybill.connector.js';

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

  it('sends a Douyin order under its Douyin id with its ciphertexts as the receiver; a changed receiver and other orders go as they stand', async () => {
    const store = { domainId: 7, storeId: 1, platformCode: 'DY', platformShopId: fake.shopId, accessToken, refreshToken: null, tokenExpiresAt: null };
    const updated = new Date(Date.now() - 3_600_000);
    fake.seedOrders([douyinFakeOrder('7600000000000001', updated, [{ skuId: '1700000001', productId: '3500000001' }]), douyinFakeOrder('7600000000000002', updated, [{ skuId: '1700000001', productId: '3500000001' }])]);
    // The orders as ingested: pulled through the marketplace connector (masked receiver, receiverRef).
    const pulled = await createDouyinConnector({ credentials: async () => fake.credentials() }).pullOrders(store, { from: new Date(updated.getTime() - 1000), to: new Date() });
    const ingested = new Map<string, DouyinOrderReceiver>(pulled.orders.map((o) => [o.platformNo, { masked: o.receiver, encrypted: douyinReceiverRefOf(o.receiverRef)! }]));
    const asked: string[] = [];
    const dy = createDouyinWaybillConnector({
      credentials: async () => fake.credentials(),
      shopOf: async () => ({ accessToken, shopId: fake.shopId }),
      douyinReceiverOf: async (_domainId, platformNo) => {
        asked.push(platformNo);
        // 7600000000000009 answers another order's ciphertexts: Douyin must refuse them.
        return ingested.get(platformNo === '7600000000000009' ? '7600000000000002' : platformNo) ?? null;
      },
    });
    const masked = pulled.orders.find((o) => o.platformNo === '7600000000000001')!.receiver;
    const douyinParcel = (orderCode: string, platformNo: string, receiver = masked): CarrierParcel => ({ ...parcel(orderCode), receiver, platformCode: 'DY', platformNos: [platformNo] });
    const before = fake.calls.length;
    const outcomes = await dy.takeWaybillNumbers(account, [
      douyinParcel('SO-DY-1', '7600000000000001'),
      douyinParcel('SO-DY-2', '7600000000000002', { ...masked, name: '王五', phone: '13700000000', address: '文三路1号' }),
      { ...parcel('SO-TB-1'), platformCode: 'CI_PLATFORM_TAOBAO', platformNos: ['3000000000001'] },
      douyinParcel('SO-DY-9', '7600000000000009'),
    ]);
    expect(outcomes.map((o) => o.ok)).toEqual([true, true, true, false]);
    expect(outcomes[3]).toMatchObject({ reason: expect.stringContaining('收件人密文与订单不匹配') });
    expect(asked).toEqual(['7600000000000001', '7600000000000002', '7600000000000009']);
    const infos = fake.calls.slice(before).find((c) => c.method === 'logistics.newCreateOrder')!.params!.order_infos as any[];
    expect(infos[0]).toMatchObject({
      order_id: '7600000000000001',
      receiver_info: { address: { province_name: '浙江省', city_name: '杭州市', district_name: '西湖区', street_name: '文新街道', detail_address: '~enc~detail~7600000000000001~' }, contact: { name: '#enc#name#7600000000000001#', mobile: '$enc$tel$7600000000000001$' } },
    });
    // The receiver typed in the ERP since goes as it stands, under our order code; so does a Taobao order.
    expect(infos[1]).toMatchObject({ order_id: 'SO-DY-2', receiver_info: { address: { detail_address: '文三路1号' }, contact: { name: '王五', mobile: '13700000000' } } });
    expect(infos[2]).toMatchObject({ order_id: 'SO-TB-1', receiver_info: { contact: { name: '张*' } } });
    const first = outcomes[0]!;
    if (!first.ok) throw new Error('no number');
    expect(fake.waybills.find((w) => w.trackNo === first.expressNo)).toMatchObject({ orderId: '7600000000000001', encryptedReceiver: true });
    expect(fake.waybills.filter((w) => w.orderId === 'SO-DY-2' || w.orderId === 'SO-TB-1').every((w) => !w.encryptedReceiver)).toBe(true);
  });
});
