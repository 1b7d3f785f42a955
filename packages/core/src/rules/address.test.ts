import { describe, expect, it } from 'vitest';
import { parseAddress, parseContactAddress } from './address.js';

describe('parseAddress', () => {
  it('splits a full address into province, city, district and the rest', () => {
    expect(parseAddress('浙江省杭州市西湖区文三路100号')).toEqual({ province: '浙江省', city: '杭州市', district: '西湖区', detail: '文三路100号' });
  });

  it('tolerates missing 省/市 suffixes and spaces', () => {
    expect(parseAddress('浙江 杭州 余杭区 五常街道 1号')).toEqual({ province: '浙江省', city: '杭州市', district: '余杭区', detail: '五常街道1号' });
    expect(parseAddress('广东深圳南山区科技园')).toEqual({ province: '广东省', city: '深圳市', district: '南山区', detail: '科技园' });
  });

  it('reads a municipality as province and city', () => {
    expect(parseAddress('北京市朝阳区建国路88号')).toEqual({ province: '北京市', city: '北京市', district: '朝阳区', detail: '建国路88号' });
    expect(parseAddress('上海 上海市 浦东新区 世纪大道1号')).toEqual({ province: '上海市', city: '上海市', district: '浦东新区', detail: '世纪大道1号' });
  });

  it('reads autonomous regions by their short name', () => {
    expect(parseAddress('广西南宁市青秀区民族大道')).toMatchObject({ province: '广西壮族自治区', city: '南宁市', district: '青秀区' });
    expect(parseAddress('新疆维吾尔自治区乌鲁木齐市天山区')).toMatchObject({ province: '新疆维吾尔自治区', city: '乌鲁木齐市', district: '天山区' });
  });

  it('finds a county-level city and a county after the city', () => {
    expect(parseAddress('江苏省苏州市昆山市前进路')).toMatchObject({ city: '苏州市', district: '昆山市', detail: '前进路' });
    expect(parseAddress('河北省保定市涞水县某村')).toMatchObject({ city: '保定市', district: '涞水县' });
  });

  it('infers the province from a known city', () => {
    expect(parseAddress('杭州市滨江区江南大道')).toEqual({ province: '浙江省', city: '杭州市', district: '滨江区', detail: '江南大道' });
  });

  it('answers null for parts it cannot find', () => {
    expect(parseAddress('文三路100号')).toEqual({ province: null, city: null, district: null, detail: '文三路100号' });
    expect(parseAddress('浙江省')).toEqual({ province: '浙江省', city: null, district: null, detail: null });
    expect(parseAddress('')).toEqual({ province: null, city: null, district: null, detail: null });
  });

  it('does not take a street for a district', () => {
    expect(parseAddress('浙江省杭州市文一西路市场')).toMatchObject({ city: '杭州市', district: null, detail: '文一西路市场' });
  });
});

describe('parseContactAddress', () => {
  it('finds name, phone and address pasted with commas', () => {
    expect(parseContactAddress('张三，13812345678，浙江省杭州市西湖区文三路100号')).toEqual({
      name: '张三',
      phone: '13812345678',
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      detail: '文三路100号',
    });
  });

  it('finds the name after the address and a phone written in groups', () => {
    expect(parseContactAddress('广东省深圳市南山区科技园 李小龙 138-1234-5678')).toMatchObject({ name: '李小龙', phone: '13812345678', district: '南山区', detail: '科技园' });
    expect(parseContactAddress('+86 139 0000 1111 王五 北京市朝阳区建国路88号')).toMatchObject({ name: '王五', phone: '13900001111', city: '北京市', detail: '建国路88号' });
  });

  it('reads the labelled form marketplaces copy', () => {
    expect(parseContactAddress('收货人: 赵六\n手机号码: 15912345678\n所在地区: 江苏省苏州市昆山市\n详细地址: 前进路1号')).toMatchObject({
      name: '赵六',
      phone: '15912345678',
      province: '江苏省',
      city: '苏州市',
      district: '昆山市',
      detail: '前进路1号',
    });
  });

  it('takes a landline and leaves the name null when no word reads like one', () => {
    expect(parseContactAddress('浙江 杭州 西湖区 文三路100号 0571-88889999')).toEqual({
      name: null,
      phone: '0571-88889999',
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      detail: '文三路100号',
    });
  });

  it('answers nulls for a text that is no address', () => {
    expect(parseContactAddress('随便写点什么')).toEqual({ name: null, phone: null, province: null, city: null, district: null, detail: '随便写点什么' });
  });
});
