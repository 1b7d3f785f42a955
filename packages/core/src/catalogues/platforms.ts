// The platform registry (spec 02 §3.4): every marketplace a store can belong to, with its display
// names, authorization and purchase addresses and what it supports. `key` is what a store row
// keeps in platform_code; it equals the spec's code except for the second video-shop entry, which
// needs a key of its own (both video shops share the spec code SPH).
//
// What the spec states: return orders are not supported on Youzan, JD, JD self-operated and
// Douyin (spec 01 §5, spec 02 §4.3). What it leaves open, chosen here (see the stores README):
// split shipping (one platform order shipped in several parcels with part of its lines) and
// multiple packages (several waybills for one order) are supported by the open marketplaces and
// not by the supplier-side (EDI) channels whose orders the platform itself fulfils to a schedule
// (Vipshop JIT, JD and Suning self-operated, Tmall Supermarket); Vipshop JIT ships by delivery
// batch, so neither. Offline and self-defined stores report no shipping to anyone, so both are
// allowed there.

export type PlatformKind = 'marketplace' | 'offline' | 'selfDefined' | 'sandbox';

export interface PlatformDefinition {
  /** The registry key, kept in stores.platform_code. Unique. */
  key: string;
  /** The spec's platform code (SPH for both video shops). */
  code: string;
  kind: PlatformKind;
  nameZh: string;
  nameEn: string;
  /** Where the seller grants access; the connector adds its app key, redirect and state. */
  authorizationUrl: string | null;
  /** Where the seller subscribes to the service on the marketplace's service market. */
  purchaseUrl: string | null;
  /** Orders can be sent to this platform as return orders (spec 02 §4.3). */
  supportsReturnOrders: boolean;
  /** One platform order may be shipped in several parcels carrying part of its lines. */
  supportsSplitShipping: boolean;
  /** One order may carry several waybills (packages). */
  supportsMultiplePackages: boolean;
  /** A supplier-side (EDI) channel: purchase orders from the platform, not buyer orders. */
  edi: boolean;
  /** The store must be authorized before orders can be pulled. */
  requiresAuthorization: boolean;
}

export const PLATFORM_OFFLINE = 'CI_PLATFORM_OFFLINE';
export const PLATFORM_SANDBOX = 'SANDBOX';
/** Self-defined stores (store type 3) belong to this pseudo-platform. */
export const PLATFORM_SELF_BUILD = 'SELF_BUILD';
/** The spec's default platform code (spec 02 §9), for records that name no store. */
export const DEFAULT_PLATFORM_CODE = 'DEFAULT_PLATFORM';

const NO_RETURN_ORDERS = new Set(['CI_PLATFORM_YOUZAN', 'CI_PLATFORM_JD', 'JDZY', 'DY']);
const EDI = new Set(['CI_PLATFORM_VIPSHOPJIT', 'JDZY', 'SNZY', 'TMCS']);

function marketplace(key: string, nameZh: string, nameEn: string, urls: { auth?: string; buy?: string } = {}, code = key): PlatformDefinition {
  const edi = EDI.has(key);
  const jit = key === 'CI_PLATFORM_VIPSHOPJIT';
  return {
    key,
    code,
    kind: 'marketplace',
    nameZh,
    nameEn,
    authorizationUrl: urls.auth ?? null,
    purchaseUrl: urls.buy ?? null,
    supportsReturnOrders: !NO_RETURN_ORDERS.has(key),
    supportsSplitShipping: !edi,
    supportsMultiplePackages: !jit,
    edi,
    requiresAuthorization: true,
  };
}

const TAOBAO = { auth: 'https://oauth.taobao.com/authorize', buy: 'https://fuwu.taobao.com/' };
const JD = { auth: 'https://open-oauth.jd.com/oauth2/to_login', buy: 'https://fw.jd.com/' };
const PDD = { auth: 'https://fuwu.pinduoduo.com/service-market/auth', buy: 'https://fuwu.pinduoduo.com/' };
const DOUYIN = { auth: 'https://fuwu.jinritemai.com/authorize', buy: 'https://fuwu.jinritemai.com/' };
const KUAISHOU = { auth: 'https://open.kwaixiaodian.com/oauth/authorize', buy: 'https://fuwu.kwaixiaodian.com/' };
const XHS = { buy: 'https://fuwu.xiaohongshu.com/' };
const YOUZAN = { buy: 'https://yingyong.youzan.com/' };
const ALIBABA = { auth: 'https://auth.1688.com/oauth/authorize', buy: 'https://fuwu.1688.com/' };

export const PLATFORMS: readonly PlatformDefinition[] = [
  marketplace('CI_PLATFORM_TAOBAO', '淘宝/天猫', 'Taobao / Tmall', TAOBAO),
  marketplace('TMCS', '天猫超市', 'Tmall Supermarket', TAOBAO),
  marketplace('CI_PLATFORM_FENXIAO', '淘宝分销', 'Taobao distribution', TAOBAO),
  marketplace('CI_PLATFORM_JD', '京东', 'JD', JD),
  marketplace('JDZY', '京东自营', 'JD self-operated', JD),
  marketplace('CI_PLATFORM_SUNING', '苏宁易购', 'Suning', { buy: 'https://fuwu.suning.com/' }),
  marketplace('SNZY', '苏宁自营', 'Suning self-operated'),
  marketplace('CI_PLATFORM_YOUZAN', '有赞', 'Youzan', YOUZAN),
  marketplace('CI_PLATFORM_VIPSHOP', '唯品会', 'Vipshop'),
  marketplace('CI_PLATFORM_VIPSHOPJIT', '唯品会JIT', 'Vipshop JIT'),
  marketplace('THH', '团好货', 'Tuanhaohuo'),
  marketplace('CI_PLATFORM_WEIDIAN', '微店', 'Weidian'),
  marketplace('CI_PLATFORM_ALIBABA', '1688', '1688 (Alibaba)', ALIBABA),
  marketplace('DS1688', '1688分销', '1688 dropshipping', ALIBABA),
  marketplace('CI_PLATFORM_ZHE800', '折800', 'Zhe800'),
  marketplace('CI_PLATFORM_BEIBEI', '贝贝网', 'Beibei'),
  marketplace('CI_PLATFORM_PDD', '拼多多', 'Pinduoduo', PDD),
  marketplace('CI_PLATFORM_JD_KJ', '京东跨境', 'JD cross-border', JD),
  marketplace('CI_PLATFORM_GLOBALSCANNER', '环球捕手', 'Global Scanner'),
  marketplace('SHAREGOODS', '分享购', 'ShareGoods'),
  marketplace('CI_PLATFORM_AIKUCUN', '爱库存', 'Aikucun'),
  marketplace('XHS', '小红书', 'Xiaohongshu', XHS),
  marketplace('XXHS', '小红书（新版）', 'Xiaohongshu (new)', XHS),
  marketplace('KSXD', '快手小店', 'Kuaishou shop', KUAISHOU),
  marketplace('C2M', '淘特（C2M）', 'Taote (C2M)', TAOBAO),
  marketplace('TBMCNEW', '淘宝买菜（新）', 'Taobao Maicai (new)', TAOBAO),
  marketplace('DY', '抖音小店', 'Douyin shop', DOUYIN),
  marketplace('DYCJ', '抖音厂家代发', 'Douyin manufacturer dropshipping', DOUYIN),
  marketplace('MK', '魔筷星选', 'Mokuai', {}),
  marketplace('YLJF', '云联积分', 'Yunlian points mall'),
  marketplace('HSQ', '好食期', 'Haoshiqi'),
  marketplace('WM', '微盟', 'Weimob'),
  marketplace('WXXSD', '微信小商店', 'WeChat mini shop'),
  marketplace('SPH', '视频号小店（旧版）', 'WeChat Channels shop (old)'),
  marketplace('SPH_NEW', '视频号小店（新版）', 'WeChat Channels shop (new)', {}, 'SPH'),
  marketplace('KTT', '快团团', 'Kuaituantuan'),
  {
    key: PLATFORM_OFFLINE,
    code: PLATFORM_OFFLINE,
    kind: 'offline',
    nameZh: '线下门店',
    nameEn: 'Offline store',
    authorizationUrl: null,
    purchaseUrl: null,
    supportsReturnOrders: true,
    supportsSplitShipping: true,
    supportsMultiplePackages: true,
    edi: false,
    requiresAuthorization: false,
  },
  marketplace('DW', '得物', 'Dewu (Poizon)'),
  marketplace('DY_LS', '抖音来客（本地生活）', 'Douyin local life', DOUYIN),
  marketplace('DY_GX', '抖音供销', 'Douyin supply', DOUYIN),
  marketplace('JDQQD', '京东全渠道', 'JD omnichannel', JD),
  {
    key: PLATFORM_SANDBOX,
    code: PLATFORM_SANDBOX,
    kind: 'sandbox',
    nameZh: '沙箱平台（测试）',
    nameEn: 'Sandbox marketplace (test)',
    authorizationUrl: '/cloud/sandbox/authorize',
    purchaseUrl: null,
    supportsReturnOrders: true,
    supportsSplitShipping: true,
    supportsMultiplePackages: true,
    edi: false,
    requiresAuthorization: true,
  },
];

/** Self-defined stores' pseudo-platform: listed only when asked (includeSelfBuild). */
export const SELF_BUILD_PLATFORM: PlatformDefinition = {
  key: PLATFORM_SELF_BUILD,
  code: PLATFORM_SELF_BUILD,
  kind: 'selfDefined',
  nameZh: '自建平台',
  nameEn: 'Self-defined platform',
  authorizationUrl: null,
  purchaseUrl: null,
  supportsReturnOrders: true,
  supportsSplitShipping: true,
  supportsMultiplePackages: true,
  edi: false,
  requiresAuthorization: false,
};

const BY_KEY = new Map<string, PlatformDefinition>([...PLATFORMS, SELF_BUILD_PLATFORM].map((p) => [p.key, p]));

export function findPlatform(key: string | null | undefined): PlatformDefinition | undefined {
  return key ? BY_KEY.get(key) : undefined;
}

export function isPlatformKey(key: unknown): key is string {
  return typeof key === 'string' && BY_KEY.has(key);
}

/** The registry as the platform list call answers it. */
export function listPlatforms(options: { includeSelfBuild?: boolean } = {}): PlatformDefinition[] {
  return options.includeSelfBuild ? [...PLATFORMS, SELF_BUILD_PLATFORM] : [...PLATFORMS];
}

/** The display name in the user's language (Chinese for zh and zh_TW, English otherwise). */
export function platformName(key: string, language: string): string {
  const p = BY_KEY.get(key);
  if (!p) return key;
  return language === 'zh' || language === 'zh_TW' ? p.nameZh : p.nameEn;
}

/** Whether orders of this platform can be sent as return orders (spec 02 §4.3). */
export function platformSupportsReturnOrders(key: string): boolean {
  return BY_KEY.get(key)?.supportsReturnOrders ?? true;
}

/** Platforms whose stores are marketplace stores (store type 1): every marketplace and the sandbox. */
export function isOnlinePlatform(key: string): boolean {
  const kind = BY_KEY.get(key)?.kind;
  return kind === 'marketplace' || kind === 'sandbox';
}
