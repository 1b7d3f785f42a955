import { describe, expect, it } from 'vitest';
import { findProvince, REGIONS, regionTree, sameRegionName } from './regions.js';

describe('the region catalogue', () => {
  it('lists the 34 province-level divisions once each, with English names', () => {
    expect(REGIONS).toHaveLength(34);
    expect(new Set(REGIONS.map((p) => p.name)).size).toBe(34);
    for (const name of ['浙江省', '北京市', '广西壮族自治区', '香港特别行政区', '澳门特别行政区', '台湾省', '内蒙古自治区']) expect(findProvince(name)?.name).toBe(name);
    expect(REGIONS.every((p) => p.nameEn.length > 0)).toBe(true);
  });

  it('holds the cities of the ten most populous provinces and the municipalities', () => {
    for (const name of ['广东省', '山东省', '河南省', '江苏省', '四川省', '河北省', '湖南省', '浙江省', '安徽省', '湖北省', '北京市', '天津市', '上海市', '重庆市'])
      expect(findProvince(name)!.cities.length, name).toBeGreaterThan(0);
    expect(findProvince('广东')!.cities).toHaveLength(21);
    expect(findProvince('浙江')!.cities).toHaveLength(11);
  });

  it('compares names with or without their suffix', () => {
    expect(sameRegionName('浙江', '浙江省')).toBe(true);
    expect(sameRegionName('杭州市', '杭州')).toBe(true);
    expect(sameRegionName('广西', '广西壮族自治区')).toBe(true);
    expect(sameRegionName('杭州市', '宁波市')).toBe(false);
    expect(sameRegionName(null, '杭州')).toBe(false);
  });

  it('gives a tree of provinces with their cities', () => {
    const tree = regionTree();
    expect(tree).toHaveLength(34);
    expect(tree.find((n) => n.value === '浙江省')!.children!.map((c) => c.value)).toContain('杭州市');
  });
});
