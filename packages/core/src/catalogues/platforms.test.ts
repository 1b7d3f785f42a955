import { describe, expect, it } from 'vitest';
import { authorizationEndOf, storeAuthState } from '../contracts/stores.js';
import { findPlatform, isOnlinePlatform, listPlatforms, PLATFORMS, platformName, platformSupportsReturnOrders } from './platforms.js';

const SPEC_CODES = [
  'CI_PLATFORM_TAOBAO', 'TMCS', 'CI_PLATFORM_FENXIAO', 'CI_PLATFORM_JD', 'JDZY', 'CI_PLATFORM_SUNING', 'SNZY',
  'CI_PLATFORM_YOUZAN', 'CI_PLATFORM_VIPSHOP', 'CI_PLATFORM_VIPSHOPJIT', 'THH', 'CI_PLATFORM_WEIDIAN',
  'CI_PLATFORM_ALIBABA', 'DS1688', 'CI_PLATFORM_ZHE800', 'CI_PLATFORM_BEIBEI', 'CI_PLATFORM_PDD',
  'CI_PLATFORM_JD_KJ', 'CI_PLATFORM_GLOBALSCANNER', 'SHAREGOODS', 'CI_PLATFORM_AIKUCUN',
  'XHS', 'XXHS', 'KSXD', 'C2M', 'TBMCNEW', 'DY', 'DYCJ', 'MK', 'YLJF', 'HSQ', 'WM', 'WXXSD',
  'SPH', 'KTT', 'CI_PLATFORM_OFFLINE', 'DW', 'DY_LS', 'DY_GX', 'JDQQD',
];

describe('platform registry', () => {
  it('lists every platform code of the spec', () => {
    const codes = new Set(PLATFORMS.map((p) => p.code));
    expect(SPEC_CODES.filter((c) => !codes.has(c))).toEqual([]);
  });

  it('gives the two video shops distinct keys under the one spec code', () => {
    const videoShops = PLATFORMS.filter((p) => p.code === 'SPH');
    expect(videoShops.map((p) => p.key)).toEqual(['SPH', 'SPH_NEW']);
    expect(new Set(videoShops.map((p) => p.nameEn)).size).toBe(2);
  });

  it('has unique keys and names in Chinese and English', () => {
    const keys = listPlatforms({ includeSelfBuild: true }).map((p) => p.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const p of PLATFORMS) expect(p.nameZh && p.nameEn).toBeTruthy();
  });

  it('refuses return orders on Youzan, JD, JD self-operated and Douyin only', () => {
    const refusing = PLATFORMS.filter((p) => !p.supportsReturnOrders).map((p) => p.key);
    expect(refusing.sort()).toEqual(['CI_PLATFORM_JD', 'CI_PLATFORM_YOUZAN', 'DY', 'JDZY']);
    expect(platformSupportsReturnOrders('CI_PLATFORM_TAOBAO')).toBe(true);
  });

  it('names the sandbox as a test platform and counts it as an online platform', () => {
    const sandbox = findPlatform('SANDBOX')!;
    expect(sandbox.nameZh).toBe('沙箱平台（测试）');
    expect(sandbox.nameEn).toBe('Sandbox marketplace (test)');
    expect(isOnlinePlatform('SANDBOX')).toBe(true);
    expect(isOnlinePlatform('CI_PLATFORM_OFFLINE')).toBe(false);
    expect(platformName('SANDBOX', 'zh')).toBe('沙箱平台（测试）');
  });

  it('lists the self-defined pseudo-platform only when asked', () => {
    expect(listPlatforms().some((p) => p.key === 'SELF_BUILD')).toBe(false);
    expect(listPlatforms({ includeSelfBuild: true }).some((p) => p.key === 'SELF_BUILD')).toBe(true);
  });
});

describe('store authorization state', () => {
  const now = new Date('2026-03-01T00:00:00Z');
  const day = 86_400_000;
  const at = (ms: number) => new Date(now.getTime() + ms);

  it('needs no authorization for offline and self-defined stores', () => {
    expect(storeAuthState({ requiresAuthorization: false, authStatus: 'NONE', tokenExpiresAt: null }, now)).toBe('NOT_REQUIRED');
  });

  it('warns seven days before the token ends and reports it expired after', () => {
    const state = (expires: Date) => storeAuthState({ requiresAuthorization: true, authStatus: 'AUTHORIZED', tokenExpiresAt: expires }, now);
    expect(state(at(8 * day))).toBe('AUTHORIZED');
    expect(state(at(7 * day))).toBe('EXPIRING');
    expect(state(at(1000))).toBe('EXPIRING');
    expect(state(at(0))).toBe('EXPIRED');
    expect(storeAuthState({ requiresAuthorization: true, authStatus: 'NONE', tokenExpiresAt: null }, now)).toBe('NONE');
    expect(storeAuthState({ requiresAuthorization: true, authStatus: 'EXPIRED', tokenExpiresAt: at(30 * day) }, now)).toBe('EXPIRED');
  });

  it('counts the authorization\'s own end, not the access token\'s, where the marketplace refreshes tokens itself', () => {
    // Kuaishou: the access token lives 48 hours and is refreshed without the seller until the refresh token's 180 days end.
    const kuaishou = (tokenEnds: Date, authorizationEnds: Date | null) =>
      storeAuthState({ requiresAuthorization: true, authStatus: 'AUTHORIZED', tokenExpiresAt: tokenEnds, authorizationExpiresAt: authorizationEnds }, now);
    expect(kuaishou(at(2 * day), at(180 * day))).toBe('AUTHORIZED');
    expect(kuaishou(at(-day), at(180 * day))).toBe('AUTHORIZED');
    expect(kuaishou(at(2 * day), at(6 * day))).toBe('EXPIRING');
    expect(kuaishou(at(2 * day), at(-1))).toBe('EXPIRED');
    // The marketplace said no authorization end: the access token's end stands.
    expect(kuaishou(at(2 * day), null)).toBe('EXPIRING');
    expect(authorizationEndOf({ tokenExpiresAt: at(2 * day), authorizationExpiresAt: at(180 * day) })).toEqual(at(180 * day));
    expect(authorizationEndOf({ tokenExpiresAt: null })).toBeNull();
  });
});
