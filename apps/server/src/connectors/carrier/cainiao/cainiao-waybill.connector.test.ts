// Cainiao waybills against the local fakes: through TOP in a Taobao store's session (ten parcels a
// request, the cloud-print data and routing, the store's orders named by their Taobao trade
// numbers, an ended session refreshed once, parcels Cainiao refuses refused one by one, cancel),
// through LINK with the account's provider id (the fake checking data_digest), the route chosen by
// the account, and the clear refusals without app credentials or without a Taobao store.
import { findPlatform } from '@openseller/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaobaoFake } from '../../marketplace/taobao/taobao.fake.js';
import type { CarrierAccount, CarrierParcel } from '../types.js';
import { cainiaoRoute, cainiaoRoutingOf, createCainiaoWaybillConnector, orderChannelOf, type CainiaoWaybillDeps, type TaobaoWaybillShop } from './cainiao-waybill.connector.js';
import { createCainiaoWaybillBook, startCainiaoLinkFake, type CainiaoLinkFake, type CainiaoWaybillBook } from './cainiao.fake.js';
import { startCainiaoTopFake, TOP_SELLER, topCredentials, topSession } from './cainiao.test-support.js';

let top: TaobaoFake;
let link: CainiaoLinkFake;
let book: CainiaoWaybillBook;
let session: { accessToken: string; refreshToken: string };
beforeAll(async () => {
  book = createCainiaoWaybillBook();
  top = (await startCainiaoTopFake({ book })).fake;
  link = await startCainiaoLinkFake({ book });
  session = await topSession(top);
});
afterAll(async () => {
  await top.close();
  await link.close();
});

const topAccount: CarrierAccount = { domainId: 7, accountId: 1, printCode: 'cn', expressCompanyCode: 'ZTO', sandbox: false, fields: { shop: 'My Taobao shop', branchName: '杭州网点' } };
const linkAccount: CarrierAccount = { ...topAccount, accountId: 2, fields: { shop: 'My Taobao shop', branchName: '杭州网点', linkProviderId: 'LP00012345' } };
const sender = { name: '王仓库', phone: '13900000000', province: '浙江省', city: '杭州市', district: '余杭区', address: '文一西路1号' };
const parcel = (orderCode: string, extra: Partial<CarrierParcel> = {}): CarrierParcel => ({
  orderCode,
  sender,
  receiver: { name: '张*', phone: '138****0000', province: '上海市', city: '上海市', district: '浦东新区', address: '世纪大道**号' },
  weight: '1.250',
  packages: 1,
  ...extra,
});

function connector(options: { taobao?: boolean; link?: boolean; shop?: () => TaobaoWaybillShop | string; refresh?: CainiaoWaybillDeps['refreshShop']; timeoutMs?: number } = {}) {
  return createCainiaoWaybillConnector({
    credentials: async (code) => (code === 'CI_PLATFORM_TAOBAO' ? (options.taobao === false ? null : topCredentials(top)) : code === 'CAINIAO' ? (options.link === false ? null : link.credentials()) : null),
    shopOf: async () => options.shop?.() ?? { storeId: 3, name: 'My Taobao shop', session: session.accessToken, userId: TOP_SELLER, expiresAt: null },
    ...(options.refresh ? { refreshShop: options.refresh } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  });
}

describe('Cainiao waybills through TOP', () => {
  it('takes a number per parcel with routing and cloud-print data, ten parcels a request, naming Taobao trades', async () => {
    const before = top.calls.filter((c) => c.method === 'cainiao.waybill.ii.get').length;
    const parcels = Array.from({ length: 12 }, (_, i) => parcel(`SO-${i}`, { platformCode: 'CI_PLATFORM_TAOBAO', platformNos: [`41000000000${i}`] }));
    const outcomes = await connector().takeWaybillNumbers(topAccount, parcels);
    expect(outcomes.map((o) => o.orderCode)).toEqual(parcels.map((p) => p.orderCode));
    const first = outcomes[0]!;
    if (!first.ok) throw new Error(first.reason);
    expect(first.routing).toEqual({ sortCode: expect.stringMatching(/^\d{3} [A-Z]\d$/), bag: '上海市转运中心', branch: '上海市浦东新区网点' });
    expect(first.printData).toMatchObject({ printCode: 'cn', route: 'TOP', cpCode: 'ZTO', templateUrl: book.templateUrl('ZTO') });
    expect(JSON.parse(String(first.printData.printData)).data.waybillCode).toBe(first.expressNo);
    const calls = top.calls.filter((c) => c.method === 'cainiao.waybill.ii.get').slice(before);
    expect(calls.map((c) => JSON.parse(c.params.param_waybill_cloud_print_apply_new_request!).trade_order_info_dtos.length)).toEqual([10, 2]);
    expect(calls.every((c) => c.params.session === session.accessToken && c.error === null)).toBe(true);
    const request = JSON.parse(calls[0]!.params.param_waybill_cloud_print_apply_new_request!);
    expect(request).toMatchObject({ cp_code: 'ZTO', sender: { name: '王仓库', address: { province: '浙江省', district: '余杭区', detail: '文一西路1号' } } });
    expect(request.trade_order_info_dtos[0]).toMatchObject({ object_id: 'SO-0', user_id: Number(TOP_SELLER), order_info: { order_channels_type: 'TB', trade_order_list: ['410000000000'] }, package_info: { weight: 1250 } });
    expect(book.waybills.find((w) => w.waybillCode === first.expressNo)).toMatchObject({ via: 'TOP', userId: TOP_SELLER, tradeOrders: ['410000000000'] });
    expect(top.badSignatures()).toBe(0);
  });

  it('refreshes an ended session once and takes the number in the new one', async () => {
    const fresh = await topSession(top);
    top.expireToken();
    const renewed = await topSession(top);
    let refreshed = 0;
    const cn = connector({
      shop: () => ({ storeId: 3, name: 'My Taobao shop', session: fresh.accessToken, userId: TOP_SELLER, expiresAt: null }),
      refresh: async (_domainId, storeId, used) => {
        refreshed++;
        expect([storeId, used]).toEqual([3, fresh.accessToken]);
        return { storeId, name: 'My Taobao shop', session: renewed.accessToken, userId: TOP_SELLER, expiresAt: null };
      },
    });
    const [outcome] = await cn.takeWaybillNumbers(topAccount, [parcel('SO-R')]);
    expect(outcome?.ok).toBe(true);
    expect(refreshed).toBe(1);
    session = renewed;
  });

  it('says the store must be authorised again when the session ended and cannot be refreshed', async () => {
    const cn = connector({ shop: () => ({ storeId: 3, name: 'My Taobao shop', session: 'ta-gone', userId: TOP_SELLER, expiresAt: null }), refresh: async () => 'the Taobao store\'s authorisation has ended (refused)' });
    await expect(cn.takeWaybillNumbers(topAccount, [parcel('SO-E')])).rejects.toMatchObject({ kind: 'FAILED', message: expect.stringContaining('authorisation has ended') });
  });

  it('refuses the parcels of a request Cainiao refuses, one by one, and cancels a number once', async () => {
    const cn = connector();
    const [bad] = await cn.takeWaybillNumbers(topAccount, [parcel('SO#1', { platformNos: ['not a trade no'] })]);
    expect(bad).toMatchObject({ ok: false, reason: expect.stringContaining('trade_order_list') });
    const [good] = await cn.takeWaybillNumbers(topAccount, [parcel('SO-C')]);
    if (!good?.ok) throw new Error('no number');
    await cn.cancelWaybillNumber(topAccount, good.expressNo);
    expect(book.waybills.find((w) => w.waybillCode === good.expressNo)?.cancelled).toBe(true);
    await expect(cn.cancelWaybillNumber(topAccount, good.expressNo)).rejects.toMatchObject({ kind: 'FAILED', message: expect.stringContaining('面单已取消') });
  });

  it('says so without Taobao app credentials, without a Taobao store, and for a carrier Cainiao does not serve', async () => {
    await expect(connector({ taobao: false }).takeWaybillNumbers(topAccount, [parcel('SO-1')])).rejects.toMatchObject({ kind: 'NOT_IN_BUILD', message: expect.stringContaining('no app credentials for Taobao') });
    await expect(connector({ shop: () => 'no Taobao store "My Taobao shop" in this account' }).takeWaybillNumbers(topAccount, [parcel('SO-1')])).rejects.toMatchObject({ kind: 'FAILED', message: expect.stringContaining('no Taobao store') });
    await expect(connector().takeWaybillNumbers({ ...topAccount, expressCompanyCode: 'ZYKD' }, [parcel('SO-Z')])).rejects.toMatchObject({ kind: 'FAILED', message: expect.stringContaining('ZYKD') });
    await expect(connector().queryTracking(topAccount, 'x')).rejects.toMatchObject({ kind: 'NOT_IN_BUILD' });
  });
});

describe('Cainiao waybills through LINK', () => {
  it('is the route of an account with a LINK provider id', () => {
    expect(cainiaoRoute(linkAccount)).toBe('LINK');
    expect(cainiaoRoute(topAccount)).toBe('TOP');
    expect(cainiaoRoute({ fields: { linkProviderId: '  ' } })).toBe('TOP');
  });

  it('takes numbers with the provider id and a data_digest the gateway accepts, ten parcels a message, and cancels', async () => {
    const before = link.calls.length;
    const parcels = Array.from({ length: 11 }, (_, i) => parcel(`SL-${i}`));
    const outcomes = await connector().takeWaybillNumbers(linkAccount, parcels);
    expect(outcomes.every((o) => o.ok)).toBe(true);
    const first = outcomes[0]!;
    if (!first.ok) throw new Error('no number');
    expect(first.printData).toMatchObject({ printCode: 'cn', route: 'LINK', cpCode: 'ZTO' });
    const gets = link.calls.slice(before).filter((c) => c.msgType === 'TAOBAO_WAYBILL_II_GET');
    expect(gets.map((c) => JSON.parse(c.content).trade_order_info_dtos.length)).toEqual([10, 1]);
    expect(gets.every((c) => c.providerId === 'LP00012345' && c.outcome === 'ok')).toBe(true);
    // Our own orders (no marketplace) are named by our order code, channel OTHERS.
    expect(JSON.parse(gets[0]!.content).trade_order_info_dtos[0].order_info).toEqual({ order_channels_type: 'OTHERS', trade_order_list: ['SL-0'] });
    await connector().cancelWaybillNumber(linkAccount, first.expressNo);
    expect(book.waybills.find((w) => w.waybillCode === first.expressNo)).toMatchObject({ via: 'LINK', cancelled: true });
    expect(link.badDigests()).toBe(0);
  });

  it('fails the call when the gateway refuses the data_digest, and says so without LINK app credentials', async () => {
    const wrong = createCainiaoWaybillConnector({ credentials: async () => ({ ...link.credentials(), appSecret: 'wrong-secret' }), shopOf: async () => 'unused' });
    await expect(wrong.takeWaybillNumbers(linkAccount, [parcel('SL-X')])).rejects.toMatchObject({ kind: 'FAILED', message: expect.stringContaining('data_digest') });
    await expect(connector({ link: false }).takeWaybillNumbers(linkAccount, [parcel('SL-Y')])).rejects.toMatchObject({ kind: 'NOT_IN_BUILD', message: expect.stringContaining('Cainiao LINK') });
  });

  it('reads no routing from print data it cannot read', () => {
    expect(cainiaoRoutingOf('{"encryptedData":"x"}')).toEqual({ sortCode: '', bag: '', branch: '' });
    expect(cainiaoRoutingOf('not json')).toEqual({ sortCode: '', bag: '', branch: '' });
  });
});

describe('Cainiao order channels', () => {
  it('names the channel of each marketplace by the platform catalogue code its orders carry', () => {
    for (const [code, channel] of [['CI_PLATFORM_TAOBAO', 'TB'], ['CI_PLATFORM_JD', 'JD'], ['CI_PLATFORM_PDD', 'PDD'], ['DY', 'DYXD'], ['DYCJ', 'DYXD'], ['KSXD', 'KS']] as const) {
      expect(findPlatform(code), code).toBeDefined();
      expect(orderChannelOf(code)).toBe(channel);
    }
    expect(orderChannelOf('CI_PLATFORM_YOUZAN')).toBe('OTHERS');
    expect(orderChannelOf(null)).toBe('OTHERS');
  });
});
