// Server wording of the inbound area's codes.
import { ASN_STATUS_NAMES, InboundErrors, type AsnStatus } from '@openseller/core';
import { registerServerMessages } from '../../../platform/messages.js';

const ACTIONS_ZH: Record<string, string> = { edit: '编辑', receipt: '收货', cancel: '取消', forceCancel: '强制取消', delete: '删除', sync: '下发' };
// Status names come from the catalogue the answers' statusName uses (lower case inside a sentence).
const STATUS_ZH = (code: unknown) => ASN_STATUS_NAMES[code as AsnStatus]?.zh ?? String(code);
const STATUS_EN = (code: unknown) => ASN_STATUS_NAMES[code as AsnStatus]?.en.toLowerCase() ?? String(code);

export function registerInboundMessages(): void {
  registerServerMessages({
    zh: {
      [InboundErrors.WRONG_STATUS]: (p) =>
        p.sending
          ? `入库通知单 ${p.code} 正在与仓储系统通讯，请稍后再${ACTIONS_ZH[String(p.action)] ?? p.action}`
          : `入库通知单 ${p.code} 状态为${STATUS_ZH(p.status)}，不能${ACTIONS_ZH[String(p.action)] ?? p.action}`,
      [InboundErrors.OVER_RECEIPT]: (p) => `${p.skuCode} 通知 ${p.noticed} 件，已收 ${p.received} 件，本次收 ${p.receiving} 件超出通知数量（最多还可收 ${p.left} 件）`,
      [InboundErrors.LOCATION_NOT_IN_WAREHOUSE]: '该库位不属于通知单的仓库',
      [InboundErrors.LOCATION_REQUIRED]: '该仓库按库位管理，请选择收货库位',
      [InboundErrors.WAREHOUSE_STOPPED]: (p) => `仓库 ${p.name} 已停用`,
      [InboundErrors.WAREHOUSE_NOT_FOUND]: '仓库不存在',
      [InboundErrors.SKU_NOT_FOUND]: (p) => `商品 ${p.skuId} 不存在或已删除`,
      [InboundErrors.COMBINATION_SKU]: (p) => `${p.skuCode} 是组合商品，没有自己的库存，请添加其子商品`,
      [InboundErrors.SUPPLIER_NOT_FOUND]: '供应商不存在',
      [InboundErrors.SUPPLIER_DISABLED]: (p) => `供应商 ${p.code} 已停用`,
      [InboundErrors.DETAIL_NOT_FOUND]: (p) => `入库通知单 ${p.code} 没有该明细行`,
      [InboundErrors.SCAN_NOT_ON_NOTICE]: (p) => `扫描的 ${p.scanned} 不在入库通知单 ${p.code} 上`,
      [InboundErrors.HAS_RECEIPTS]: (p) => `入库通知单 ${p.code} 已收货 ${p.received} 件，不能${ACTIONS_ZH[String(p.action)] ?? p.action}；如需关闭请使用强制取消`,
      [InboundErrors.RECEIVED_BY_WAREHOUSE_SYSTEM]: '该仓库由第三方仓储系统管理，收货以仓储系统回传为准',
      [InboundErrors.NOT_A_WAREHOUSE_SYSTEM]: (p) => `入库通知单 ${p.code} 的仓库为自有仓库，无需下发`,
      [InboundErrors.SYNC_NOT_ALLOWED]: (p) => `入库通知单 ${p.code} 当前不需要下发`,
      [InboundErrors.PRICE_HIDDEN]: '您没有采购价字段权限，不能设置单价',
      [InboundErrors.JOBS_UNAVAILABLE]: '后台任务未运行，暂不能下发',
      [InboundErrors.MAY_BE_IN_WAREHOUSE]: (p) => `入库通知单 ${p.code} 上次下发超时，仓储系统可能已收到，请先重新下发，不能${ACTIONS_ZH[String(p.action)] ?? p.action}`,
    },
    en: {
      [InboundErrors.WRONG_STATUS]: (p) =>
        p.sending
          ? `The inbound notice ${p.code} is being sent to its warehouse system; try to ${p.action} it again in a moment`
          : `The inbound notice ${p.code} is ${STATUS_EN(p.status)}; it cannot take the action ${p.action}`,
      [InboundErrors.OVER_RECEIPT]: (p) => `${p.skuCode}: ${p.noticed} noticed, ${p.received} received; receiving ${p.receiving} would be more than noticed (at most ${p.left} more)`,
      [InboundErrors.LOCATION_NOT_IN_WAREHOUSE]: 'The location is not a location of the notice’s warehouse',
      [InboundErrors.LOCATION_REQUIRED]: 'The warehouse keeps stock by location: choose the location to receive into',
      [InboundErrors.WAREHOUSE_STOPPED]: (p) => `The warehouse ${p.name} is stopped`,
      [InboundErrors.WAREHOUSE_NOT_FOUND]: 'The warehouse does not exist',
      [InboundErrors.SKU_NOT_FOUND]: (p) => `The SKU ${p.skuId} does not exist or was deleted`,
      [InboundErrors.COMBINATION_SKU]: (p) => `${p.skuCode} is a combination and has no stock of its own; add its components instead`,
      [InboundErrors.SUPPLIER_NOT_FOUND]: 'The supplier does not exist',
      [InboundErrors.SUPPLIER_DISABLED]: (p) => `The supplier ${p.code} is disabled`,
      [InboundErrors.DETAIL_NOT_FOUND]: (p) => `The inbound notice ${p.code} has no such line`,
      [InboundErrors.SCAN_NOT_ON_NOTICE]: (p) => `${p.scanned} is on no line of the inbound notice ${p.code}`,
      [InboundErrors.HAS_RECEIPTS]: (p) => `${p.received} pieces of the inbound notice ${p.code} are received; it cannot take the action ${p.action}. Force cancel closes it and keeps what was received`,
      [InboundErrors.RECEIVED_BY_WAREHOUSE_SYSTEM]: 'This warehouse is run by a warehouse system: its receipts come from that system’s reports',
      [InboundErrors.NOT_A_WAREHOUSE_SYSTEM]: (p) => `The inbound notice ${p.code} is for a warehouse run by the seller; there is nothing to issue`,
      [InboundErrors.SYNC_NOT_ALLOWED]: (p) => `The inbound notice ${p.code} has nothing to send to its warehouse system`,
      [InboundErrors.PRICE_HIDDEN]: 'You may not see purchase prices, so you cannot set them',
      [InboundErrors.JOBS_UNAVAILABLE]: 'Background jobs are not running; try again later',
      [InboundErrors.MAY_BE_IN_WAREHOUSE]: (p) => `The last issue of ${p.code} timed out, so its warehouse system may hold it as sent; issue it again first (action ${p.action} refused)`,
    },
    nouns: {
      asn: { zh: '入库通知单', en: 'The inbound notice' },
    },
  });
}
