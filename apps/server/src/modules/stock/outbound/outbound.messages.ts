// Server wording of the outbound and transfer codes, in Chinese and English.
import { OutboundErrors } from '@openseller/core';
import { registerServerMessages } from '../../../platform/messages.js';

const WDO_STATUS_ZH: Record<string, string> = {
  CI_WDO_STATUS_CREATED: '待审核',
  CI_WDO_STATUS_VERIFIED: '已审核',
  CI_WDO_STATUS_SYNCED: '已下发',
  CI_WDO_STATUS_DELIVERED: '已出库',
  CI_WDO_STATUS_CANCELLED: '已取消',
};
const WDO_STATUS_EN: Record<string, string> = {
  CI_WDO_STATUS_CREATED: 'waiting for verification',
  CI_WDO_STATUS_VERIFIED: 'verified',
  CI_WDO_STATUS_SYNCED: 'issued to the warehouse',
  CI_WDO_STATUS_DELIVERED: 'delivered',
  CI_WDO_STATUS_CANCELLED: 'cancelled',
};
const TRANSFER_STATUS_ZH: Record<string, string> = { CREATED: '待出库', SHIPPED: '已出库', RECEIVED: '已入库', CANCELLED: '已取消' };
const TRANSFER_STATUS_EN: Record<string, string> = { CREATED: 'created', SHIPPED: 'shipped', RECEIVED: 'received', CANCELLED: 'cancelled' };

export function registerOutboundMessages(): void {
  registerServerMessages({
    zh: {
      [OutboundErrors.WDO_STATUS]: (p) => `出库单 ${p.code} ${WDO_STATUS_ZH[String(p.status)] ?? p.status}，不能执行此操作`,
      [OutboundErrors.WDO_SHORTAGE]: (p) => `商品 ${p.skuCode} 可用库存 ${p.available}，不足出库数量 ${p.needed}`,
      [OutboundErrors.WDO_CODE_TAKEN]: (p) => `出库单号 ${p.code} 已存在`,
      [OutboundErrors.WDO_DELIVER_TOO_MUCH]: (p) => `出库数量不能超过待出库数量 ${p.qty}`,
      [OutboundErrors.WDO_DELIVER_NOTHING]: '出库数量全部为 0，如不再出库请取消出库单',
      [OutboundErrors.WDO_AWAITS_WAREHOUSE]: (p) => `出库单 ${p.code} 已下发到仓库系统，出库以仓库回传为准`,
      [OutboundErrors.WDO_NOT_ISSUED]: (p) => `出库单 ${p.code} 的仓库不是第三方仓库，无需下发`,
      [OutboundErrors.WDO_WAREHOUSE_REFUSED]: (p) => `仓库系统拒绝：${p.message}`,
      [OutboundErrors.TRANSFER_STATUS]: (p) => `调拨单 ${p.code} ${TRANSFER_STATUS_ZH[String(p.status)] ?? p.status}，不能执行此操作`,
      [OutboundErrors.TRANSFER_SAME_WAREHOUSE]: '调入仓库不能与调出仓库相同',
      [OutboundErrors.TRANSFER_SHORTAGE]: (p) => `商品 ${p.skuCode} 在调出仓库可用库存 ${p.available}，不足调拨数量 ${p.needed}`,
      [OutboundErrors.WAREHOUSE_NOT_FOUND]: '仓库不存在',
      [OutboundErrors.WAREHOUSE_STOPPED]: (p) => `仓库 ${p.name} 已停用`,
      [OutboundErrors.SKU_NOT_FOUND]: (p) => `商品 ${p.skuId} 不存在`,
      [OutboundErrors.COMBINATION_SKU]: (p) => `${p.skuCode} 是组合商品，请添加其子商品`,
      [OutboundErrors.DUPLICATE_SKU]: (p) => `同一商品不能重复添加（与第 ${p.row} 行重复）`,
      [OutboundErrors.LOCATION_NOT_IN_WAREHOUSE]: '库位不属于该仓库',
      [OutboundErrors.LOCATION_REQUIRED]: '该仓库按库位管理库存，请选择库位',
    },
    en: {
      [OutboundErrors.WDO_STATUS]: (p) => `The outbound order ${p.code} is ${WDO_STATUS_EN[String(p.status)] ?? p.status}; this cannot be done now`,
      [OutboundErrors.WDO_SHORTAGE]: (p) => `Only ${p.available} of ${p.skuCode} are available; the order needs ${p.needed}`,
      [OutboundErrors.WDO_CODE_TAKEN]: (p) => `The outbound code ${p.code} is already taken`,
      [OutboundErrors.WDO_DELIVER_TOO_MUCH]: (p) => `At most ${p.qty} can leave on this line`,
      [OutboundErrors.WDO_DELIVER_NOTHING]: 'Nothing would leave; cancel the order instead',
      [OutboundErrors.WDO_AWAITS_WAREHOUSE]: (p) => `The outbound order ${p.code} went to the warehouse's system; its report books the delivery`,
      [OutboundErrors.WDO_NOT_ISSUED]: (p) => `The warehouse of ${p.code} is run here; there is no system to issue it to`,
      [OutboundErrors.WDO_WAREHOUSE_REFUSED]: (p) => `The warehouse's system refused: ${p.message}`,
      [OutboundErrors.TRANSFER_STATUS]: (p) => `The transfer ${p.code} is ${TRANSFER_STATUS_EN[String(p.status)] ?? p.status}; this cannot be done now`,
      [OutboundErrors.TRANSFER_SAME_WAREHOUSE]: 'The target warehouse must differ from the source warehouse',
      [OutboundErrors.TRANSFER_SHORTAGE]: (p) => `Only ${p.available} of ${p.skuCode} are available in the source; the transfer needs ${p.needed}`,
      [OutboundErrors.WAREHOUSE_NOT_FOUND]: 'The warehouse does not exist',
      [OutboundErrors.WAREHOUSE_STOPPED]: (p) => `The warehouse ${p.name} is stopped`,
      [OutboundErrors.SKU_NOT_FOUND]: (p) => `The SKU ${p.skuId} does not exist`,
      [OutboundErrors.COMBINATION_SKU]: (p) => `${p.skuCode} is a combination; add its components instead`,
      [OutboundErrors.DUPLICATE_SKU]: (p) => `This SKU is already on line ${p.row}`,
      [OutboundErrors.LOCATION_NOT_IN_WAREHOUSE]: 'The location is not a location of this warehouse',
      [OutboundErrors.LOCATION_REQUIRED]: 'This warehouse keeps stock by location; choose one',
    },
    nouns: {
      wdo: { zh: '出库单', en: 'The outbound order' },
      wdoDetail: { zh: '出库单明细', en: 'The outbound order line' },
      transfer: { zh: '调拨单', en: 'The transfer' },
      transferDetail: { zh: '调拨单明细', en: 'The transfer line' },
    },
  });
}
