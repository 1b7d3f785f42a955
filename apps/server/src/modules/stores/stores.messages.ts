// Server wording of the stores area's error codes (the web app words them itself from the code).
import { StoreErrors } from '@openseller/core';
import { registerServerMessages } from '../../platform/messages.js';

type P = Record<string, string | number>;
const named = (p: P, zh: boolean) => (p.name ? (zh ? `店铺"${p.name}"` : `The store "${p.name}"`) : zh ? '该店铺' : 'The store');
const detail = (p: P) => (p.detail ? `: ${p.detail}` : '');
const detailZh = (p: P) => (p.detail ? `：${p.detail}` : '');

export function registerStoresMessages(): void {
  registerServerMessages({
    zh: {
      [StoreErrors.NAME_TAKEN]: (p) => `店铺名称"${p.name}"已存在，请换一个名称`,
      [StoreErrors.UNKNOWN_PLATFORM]: (p) => `未知的平台编码：${p.platformCode}`,
      [StoreErrors.PLATFORM_TYPE_MISMATCH]: (p) => `平台 ${p.platformCode} 与店铺类型不符`,
      [StoreErrors.IN_USE]: (p) => `${named(p, true)}仍被以下数据引用，不能删除：${p.references}`,
      [StoreErrors.LITE_ONE_ONLINE_STORE]: '单店版只能添加一个平台店铺，请升级版本后再添加',
      [StoreErrors.BATCH_DUPLICATE]: (p) => `第 ${p.row} 个店铺名称"${p.name}"与第 ${p.first} 个重复`,
      [StoreErrors.NOT_SELF_DEFINED]: (p) => `${named(p, true)}不是自定义店铺，没有密钥`,
      [StoreErrors.NOT_ONLINE]: (p) => `${named(p, true)}不是平台店铺，不能执行此操作`,
      [StoreErrors.NOT_SANDBOX]: (p) => `${named(p, true)}不是沙箱平台的店铺`,
      [StoreErrors.DISABLED]: (p) => `${named(p, true)}已停用，请先启用`,
      [StoreErrors.NOT_AUTHORIZED]: (p) => `${named(p, true)}尚未授权，请先授权`,
      [StoreErrors.TOKEN_EXPIRED]: (p) => `${named(p, true)}授权已过期，请重新授权${detailZh(p)}`,
      [StoreErrors.AUTH_STATE_INVALID]: '授权请求无效或已过期，请回到店铺管理重新发起授权',
      [StoreErrors.AUTH_DENIED]: (p) => `您在平台上拒绝了${named(p, true)}的授权`,
      [StoreErrors.AUTH_FAILED]: (p) => `平台拒绝了授权${detailZh(p)}`,
      [StoreErrors.CONNECTOR_NOT_IN_BUILD]: (p) => `本版本不包含该平台（${p.platformCode}）的接口，无法连接该平台`,
      [StoreErrors.NO_CONNECTOR]: '线下门店和自定义店铺没有对接的平台',
      [StoreErrors.APP_CREDENTIALS_MISSING]: (p) => `本系统尚未配置该平台（${p.platformCode ?? ''}）的应用 App Key 和密钥，或平台拒绝了它们，请联系系统管理员在"平台应用"页面设置${detailZh(p)}`,
      [StoreErrors.CONNECTOR_TIMEOUT]: (p) => `平台接口响应超时${detailZh(p)}`,
      [StoreErrors.CONNECTOR_RATE_LIMITED]: '平台接口调用过于频繁，请稍后再试',
      [StoreErrors.CONNECTOR_FAILED]: (p) => `平台接口调用失败${detailZh(p)}`,
      [StoreErrors.SYNC_RUNNING]: (p) => `${named(p, true)}的商品同步正在进行中，请等待完成`,
      [StoreErrors.JOBS_UNAVAILABLE]: '后台任务未运行，暂时无法同步',
      [StoreErrors.ONLINE_GOODS_UNAVAILABLE]: '线上商品模块不可用，无法同步商品',
      [StoreErrors.SANDBOX_NOT_FOUND]: (p) => `沙箱店铺中没有${p.what === 'item' ? '商品' : p.what === 'refund' ? '退款' : '订单'} ${p.key}`,
      [StoreErrors.SANDBOX_ITEM_EXISTS]: (p) => `沙箱店铺中已有 SKU ${p.key}`,
      [StoreErrors.SANDBOX_EMPTY_CATALOGUE]: '沙箱店铺还没有在售商品，请先添加商品',
      [StoreErrors.SANDBOX_ORDER_STATE]: (p) => `${p.field === 'refundId' ? '退款' : '订单'} ${p.key} 当前状态（${p.status}）不能执行此操作`,
    },
    en: {
      [StoreErrors.NAME_TAKEN]: (p) => `A store named "${p.name}" already exists; choose another name`,
      [StoreErrors.UNKNOWN_PLATFORM]: (p) => `Unknown platform code: ${p.platformCode}`,
      [StoreErrors.PLATFORM_TYPE_MISMATCH]: (p) => `The platform ${p.platformCode} does not fit this store type`,
      [StoreErrors.IN_USE]: (p) => `${named(p, false)} cannot be deleted while these still reference it: ${p.references}`,
      [StoreErrors.LITE_ONE_ONLINE_STORE]: 'The single-store edition allows one marketplace store; upgrade to add more',
      [StoreErrors.BATCH_DUPLICATE]: (p) => `Store name ${p.row} ("${p.name}") repeats name ${p.first}`,
      [StoreErrors.NOT_SELF_DEFINED]: (p) => `${named(p, false)} is not a self-defined store and has no secret`,
      [StoreErrors.NOT_ONLINE]: (p) => `${named(p, false)} is not a marketplace store`,
      [StoreErrors.NOT_SANDBOX]: (p) => `${named(p, false)} is not a sandbox marketplace store`,
      [StoreErrors.APP_CREDENTIALS_MISSING]: (p) =>
        `This installation has no app key and secret for the platform ${p.platformCode ?? ''}, or the platform refuses them: the administrator sets them on the "Platform apps" page${detail(p)}`,
      [StoreErrors.DISABLED]: (p) => `${named(p, false)} is disabled; enable it first`,
      [StoreErrors.NOT_AUTHORIZED]: (p) => `${named(p, false)} is not authorized yet; authorize it first`,
      [StoreErrors.TOKEN_EXPIRED]: (p) => `${named(p, false)}'s authorization has expired; authorize it again${detail(p)}`,
      [StoreErrors.AUTH_STATE_INVALID]: 'The authorization request is invalid or has expired; start it again from store management',
      [StoreErrors.AUTH_DENIED]: (p) => `You declined the authorization of ${p.name ? `"${p.name}"` : 'the store'} on the marketplace`,
      [StoreErrors.AUTH_FAILED]: (p) => `The marketplace refused the authorization${detail(p)}`,
      [StoreErrors.CONNECTOR_NOT_IN_BUILD]: (p) => `This marketplace's connector (${p.platformCode}) is not part of this build, so the store cannot connect to it`,
      [StoreErrors.NO_CONNECTOR]: 'Offline and self-defined stores have no marketplace to connect to',
      [StoreErrors.CONNECTOR_TIMEOUT]: (p) => `The marketplace did not answer in time${detail(p)}`,
      [StoreErrors.CONNECTOR_RATE_LIMITED]: 'Too many calls to the marketplace; try again shortly',
      [StoreErrors.CONNECTOR_FAILED]: (p) => `The marketplace call failed${detail(p)}`,
      [StoreErrors.SYNC_RUNNING]: (p) => `A goods sync of ${p.name ? `"${p.name}"` : 'this store'} is already running; wait for it to finish`,
      [StoreErrors.JOBS_UNAVAILABLE]: 'Background jobs are not running, so the sync cannot start',
      [StoreErrors.ONLINE_GOODS_UNAVAILABLE]: 'The online goods area is not available, so goods cannot be synced',
      [StoreErrors.SANDBOX_NOT_FOUND]: (p) => `The sandbox shop has no ${p.what === 'item' ? 'item' : p.what === 'refund' ? 'refund' : 'order'} ${p.key}`,
      [StoreErrors.SANDBOX_ITEM_EXISTS]: (p) => `The sandbox shop already has the SKU ${p.key}`,
      [StoreErrors.SANDBOX_EMPTY_CATALOGUE]: 'The sandbox shop has no items on sale yet; add items first',
      [StoreErrors.SANDBOX_ORDER_STATE]: (p) => `${p.field === 'refundId' ? 'Refund' : 'Order'} ${p.key} cannot do this in its status ${p.status}`,
    },
    nouns: {
      store: { zh: '店铺', en: 'The store' },
      sandboxShop: { zh: '沙箱店铺设置', en: 'The sandbox shop settings' },
      syncRun: { zh: '同步记录', en: 'The sync run' },
    },
  });
}
