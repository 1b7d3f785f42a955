// The system catalogue of express companies (carriers): the codes of spec 02 §3.9 and §5 plus
// the other carriers sellers in China commonly ship with, and whether each takes several
// packages for one order (spec 01 §5, spec 02 §4.3).

export interface ExpressCompanyDefinition {
  code: string;
  nameZh: string;
  nameEn: string;
  /** Whether one order may ship in several packages (several waybill numbers). */
  multiPackage: boolean;
  /** Freight (LTL) carriers take bulky goods by weight. */
  freight: boolean;
}

const c = (code: string, nameZh: string, nameEn: string, multiPackage = true, freight = false): ExpressCompanyDefinition => ({
  code,
  nameZh,
  nameEn,
  multiPackage,
  freight,
});

/** In the order sellers usually look for them: the large parcel networks first. */
export const EXPRESS_COMPANIES: readonly ExpressCompanyDefinition[] = [
  c('SF', '顺丰速运', 'SF Express'),
  c('ZTO', '中通快递', 'ZTO Express'),
  c('YTO', '圆通速递', 'YTO Express'),
  c('YUNDA', '韵达快递', 'Yunda Express'),
  c('STO', '申通快递', 'STO Express'),
  c('JTSD', '极兔速递', 'J&T Express'),
  c('JDKD', '京东快递', 'JD Express'),
  c('EMS', 'EMS', 'EMS'),
  c('POSTB', '邮政快递包裹', 'China Post parcel'),
  c('DBKD', '德邦快递', 'Deppon Express'),
  c('HTKY', '百世快递', 'Best Express'),
  c('ZYKD', '众邮快递', 'Zhongyou Express'),
  c('UC', '优速快递', 'UC Express'),
  c('DNKD', '丹鸟快递', 'Danniao Express'),
  c('FWKD', '丰网速运', 'Fengwang Express'),
  c('CNSD', '菜鸟速递', 'Cainiao Express'),
  c('ZJS', '宅急送', 'ZJS Express'),
  c('KYSY', '跨越速运', 'KYE Express'),
  c('SNWL', '苏宁物流', 'Suning Logistics'),
  c('SFKY', '顺丰快运', 'SF Freight', false, true),
  c('ZTKY', '中通快运', 'ZTO Freight', false, true),
  c('YUNDA_KY', '韵达快运', 'Yunda Freight', false, true),
  c('BESTLOGISTICS', '百世快运', 'Best Freight', false, true),
  c('ANE', '安能物流', 'ANE Logistics', false, true),
  c('DEPPON', '德邦物流', 'Deppon Logistics', false, true),
  c('SXJD', '顺心捷达', 'Shunxin Jieda', false, true),
  c('SURE', '速尔快运', 'Sure Express', false, true),
  c('YMDD', '壹米滴答', 'Yimidida', false, true),
];

export const EXPRESS_COMPANY_CODES: readonly string[] = EXPRESS_COMPANIES.map((e) => e.code);

/** Carriers that do not take several packages for one order (spec 01 §5). */
export const NO_MULTI_PACKAGE_EXPRESS_CODES: readonly string[] = EXPRESS_COMPANIES.filter((e) => !e.multiPackage).map((e) => e.code);

const BY_CODE = new Map(EXPRESS_COMPANIES.map((e) => [e.code, e]));

export function findExpressCompany(code: string | null | undefined): ExpressCompanyDefinition | undefined {
  return code ? BY_CODE.get(code) : undefined;
}

export function isExpressCompanyCode(code: unknown): code is string {
  return typeof code === 'string' && BY_CODE.has(code);
}

/** Whether an order may ship in several packages with this carrier; unknown codes may not. */
export function supportsMultiPackage(code: string | null | undefined): boolean {
  return findExpressCompany(code)?.multiPackage ?? false;
}

/** The carrier's name in the reader's language (Chinese for zh and zh_TW, English otherwise). */
export function expressCompanyName(code: string, language: string): string {
  const found = findExpressCompany(code);
  if (!found) return code;
  return language === 'zh' || language === 'zh_TW' || language.startsWith('zh-') ? found.nameZh : found.nameEn;
}

/**
 * The "no express company" entry of getAllUserExpressCompanyWithNull: a filter choice meaning
 * "orders without a carrier". It is not a carrier and cannot be chosen for shipping.
 */
export const EXPRESS_NONE_CODE = 'NONE';
export const EXPRESS_NONE_ID = 0;
