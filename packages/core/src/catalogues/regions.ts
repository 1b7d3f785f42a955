// The province-level divisions of China and their prefecture-level cities (spec 02 §7.6 address;
// the region tree of the express rules and stop-shipping areas, §3.10).
//
// All 34 province-level divisions are listed, with their names as commonly written and in English.
// Cities are COMPLETE (every prefecture-level division of 2024) for: the four municipalities
// (北京市, 天津市, 上海市, 重庆市 — their single "city" is the municipality itself, the districts
// follow in an address), 广东省, 山东省, 河南省, 江苏省, 四川省, 河北省, 湖南省, 浙江省, 安徽省,
// 湖北省 (the ten most populous provinces), and 福建省, 江西省, 广西壮族自治区, 海南省. The other
// provinces carry no city list yet: their addresses still parse (province, then the next word
// ending in 市/州/盟/地区 is taken as the city).

export interface RegionCity {
  name: string;
}

export interface RegionProvince {
  /** The name as commonly written: 浙江省, 北京市, 广西壮族自治区, 香港特别行政区. */
  name: string;
  /** The short form people write without the suffix: 浙江, 北京, 广西, 香港. */
  shortName: string;
  nameEn: string;
  kind: 'PROVINCE' | 'MUNICIPALITY' | 'AUTONOMOUS_REGION' | 'SAR' | 'TAIWAN';
  cities: RegionCity[];
}

const c = (names: string): RegionCity[] => names.split(' ').filter(Boolean).map((name) => ({ name }));

export const REGIONS: RegionProvince[] = [
  { name: '北京市', shortName: '北京', nameEn: 'Beijing', kind: 'MUNICIPALITY', cities: c('北京市') },
  { name: '天津市', shortName: '天津', nameEn: 'Tianjin', kind: 'MUNICIPALITY', cities: c('天津市') },
  { name: '上海市', shortName: '上海', nameEn: 'Shanghai', kind: 'MUNICIPALITY', cities: c('上海市') },
  { name: '重庆市', shortName: '重庆', nameEn: 'Chongqing', kind: 'MUNICIPALITY', cities: c('重庆市') },
  {
    name: '河北省',
    shortName: '河北',
    nameEn: 'Hebei',
    kind: 'PROVINCE',
    cities: c('石家庄市 唐山市 秦皇岛市 邯郸市 邢台市 保定市 张家口市 承德市 沧州市 廊坊市 衡水市'),
  },
  { name: '山西省', shortName: '山西', nameEn: 'Shanxi', kind: 'PROVINCE', cities: [] },
  { name: '内蒙古自治区', shortName: '内蒙古', nameEn: 'Inner Mongolia', kind: 'AUTONOMOUS_REGION', cities: [] },
  { name: '辽宁省', shortName: '辽宁', nameEn: 'Liaoning', kind: 'PROVINCE', cities: [] },
  { name: '吉林省', shortName: '吉林', nameEn: 'Jilin', kind: 'PROVINCE', cities: [] },
  { name: '黑龙江省', shortName: '黑龙江', nameEn: 'Heilongjiang', kind: 'PROVINCE', cities: [] },
  {
    name: '江苏省',
    shortName: '江苏',
    nameEn: 'Jiangsu',
    kind: 'PROVINCE',
    cities: c('南京市 无锡市 徐州市 常州市 苏州市 南通市 连云港市 淮安市 盐城市 扬州市 镇江市 泰州市 宿迁市'),
  },
  {
    name: '浙江省',
    shortName: '浙江',
    nameEn: 'Zhejiang',
    kind: 'PROVINCE',
    cities: c('杭州市 宁波市 温州市 嘉兴市 湖州市 绍兴市 金华市 衢州市 舟山市 台州市 丽水市'),
  },
  {
    name: '安徽省',
    shortName: '安徽',
    nameEn: 'Anhui',
    kind: 'PROVINCE',
    cities: c('合肥市 芜湖市 蚌埠市 淮南市 马鞍山市 淮北市 铜陵市 安庆市 黄山市 滁州市 阜阳市 宿州市 六安市 亳州市 池州市 宣城市'),
  },
  {
    name: '福建省',
    shortName: '福建',
    nameEn: 'Fujian',
    kind: 'PROVINCE',
    cities: c('福州市 厦门市 莆田市 三明市 泉州市 漳州市 南平市 龙岩市 宁德市'),
  },
  {
    name: '江西省',
    shortName: '江西',
    nameEn: 'Jiangxi',
    kind: 'PROVINCE',
    cities: c('南昌市 景德镇市 萍乡市 九江市 新余市 鹰潭市 赣州市 吉安市 宜春市 抚州市 上饶市'),
  },
  {
    name: '山东省',
    shortName: '山东',
    nameEn: 'Shandong',
    kind: 'PROVINCE',
    cities: c('济南市 青岛市 淄博市 枣庄市 东营市 烟台市 潍坊市 济宁市 泰安市 威海市 日照市 临沂市 德州市 聊城市 滨州市 菏泽市'),
  },
  {
    name: '河南省',
    shortName: '河南',
    nameEn: 'Henan',
    kind: 'PROVINCE',
    cities: c('郑州市 开封市 洛阳市 平顶山市 安阳市 鹤壁市 新乡市 焦作市 濮阳市 许昌市 漯河市 三门峡市 南阳市 商丘市 信阳市 周口市 驻马店市 济源市'),
  },
  {
    name: '湖北省',
    shortName: '湖北',
    nameEn: 'Hubei',
    kind: 'PROVINCE',
    cities: c('武汉市 黄石市 十堰市 宜昌市 襄阳市 鄂州市 荆门市 孝感市 荆州市 黄冈市 咸宁市 随州市 恩施土家族苗族自治州 仙桃市 潜江市 天门市 神农架林区'),
  },
  {
    name: '湖南省',
    shortName: '湖南',
    nameEn: 'Hunan',
    kind: 'PROVINCE',
    cities: c('长沙市 株洲市 湘潭市 衡阳市 邵阳市 岳阳市 常德市 张家界市 益阳市 郴州市 永州市 怀化市 娄底市 湘西土家族苗族自治州'),
  },
  {
    name: '广东省',
    shortName: '广东',
    nameEn: 'Guangdong',
    kind: 'PROVINCE',
    cities: c('广州市 韶关市 深圳市 珠海市 汕头市 佛山市 江门市 湛江市 茂名市 肇庆市 惠州市 梅州市 汕尾市 河源市 阳江市 清远市 东莞市 中山市 潮州市 揭阳市 云浮市'),
  },
  {
    name: '广西壮族自治区',
    shortName: '广西',
    nameEn: 'Guangxi',
    kind: 'AUTONOMOUS_REGION',
    cities: c('南宁市 柳州市 桂林市 梧州市 北海市 防城港市 钦州市 贵港市 玉林市 百色市 贺州市 河池市 来宾市 崇左市'),
  },
  {
    name: '海南省',
    shortName: '海南',
    nameEn: 'Hainan',
    kind: 'PROVINCE',
    cities: c('海口市 三亚市 三沙市 儋州市'),
  },
  {
    name: '四川省',
    shortName: '四川',
    nameEn: 'Sichuan',
    kind: 'PROVINCE',
    cities: c(
      '成都市 自贡市 攀枝花市 泸州市 德阳市 绵阳市 广元市 遂宁市 内江市 乐山市 南充市 眉山市 宜宾市 广安市 达州市 雅安市 巴中市 资阳市 阿坝藏族羌族自治州 甘孜藏族自治州 凉山彝族自治州',
    ),
  },
  { name: '贵州省', shortName: '贵州', nameEn: 'Guizhou', kind: 'PROVINCE', cities: [] },
  { name: '云南省', shortName: '云南', nameEn: 'Yunnan', kind: 'PROVINCE', cities: [] },
  { name: '西藏自治区', shortName: '西藏', nameEn: 'Tibet', kind: 'AUTONOMOUS_REGION', cities: [] },
  { name: '陕西省', shortName: '陕西', nameEn: 'Shaanxi', kind: 'PROVINCE', cities: [] },
  { name: '甘肃省', shortName: '甘肃', nameEn: 'Gansu', kind: 'PROVINCE', cities: [] },
  { name: '青海省', shortName: '青海', nameEn: 'Qinghai', kind: 'PROVINCE', cities: [] },
  { name: '宁夏回族自治区', shortName: '宁夏', nameEn: 'Ningxia', kind: 'AUTONOMOUS_REGION', cities: [] },
  { name: '新疆维吾尔自治区', shortName: '新疆', nameEn: 'Xinjiang', kind: 'AUTONOMOUS_REGION', cities: [] },
  { name: '台湾省', shortName: '台湾', nameEn: 'Taiwan', kind: 'TAIWAN', cities: [] },
  { name: '香港特别行政区', shortName: '香港', nameEn: 'Hong Kong', kind: 'SAR', cities: [] },
  { name: '澳门特别行政区', shortName: '澳门', nameEn: 'Macao', kind: 'SAR', cities: [] },
];

/** The name without its administrative suffix (浙江省 → 浙江, 杭州市 → 杭州, 恩施土家族苗族自治州 → 恩施). */
export function regionShortName(name: string): string {
  const trimmed = name.trim();
  for (const p of REGIONS) if (p.name === trimmed || p.shortName === trimmed) return p.shortName;
  const autonomous = /^(.{2,}?)(?:[\u4e00-\u9fa5]{1,6}族)+自治(?:州|县|旗)$/.exec(trimmed);
  if (autonomous) return autonomous[1]!;
  const suffixed = /^(.{2,}?)(?:特别行政区|自治区|地区|林区|省|市|区|县|盟|旗|州)$/.exec(trimmed);
  return suffixed ? suffixed[1]! : trimmed;
}

/** Two names of the same place, written with or without the suffix (浙江 = 浙江省, 杭州 = 杭州市). */
export function sameRegionName(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  const x = a.replace(/\s+/g, '');
  const y = b.replace(/\s+/g, '');
  return x === y || regionShortName(x) === regionShortName(y);
}

/** The province of this name (full or short), or undefined. */
export function findProvince(name: string | null | undefined): RegionProvince | undefined {
  if (!name) return undefined;
  return REGIONS.find((p) => sameRegionName(p.name, name));
}

/** A node of the region tree the web's selects and checkbox trees show. */
export interface RegionTreeNode {
  /** The name as commonly written (what rules and templates store). */
  value: string;
  label: string;
  labelEn: string;
  children?: RegionTreeNode[];
}

export function regionTree(): RegionTreeNode[] {
  return REGIONS.map((p) => ({
    value: p.name,
    label: p.name,
    labelEn: p.nameEn,
    ...(p.cities.length ? { children: p.cities.map((city) => ({ value: city.name, label: city.name, labelEn: city.name })) } : {}),
  }));
}
