// What Kuaishou's words mean in our order model: order statuses, amounts (fen, integers), times
// (ms timestamps), the receiver (Kuaishou's encrypted fields kept encrypted, the desensitised ones
// shown), refund flags, and our express company codes → Kuaishou's expressCode. An order that does
// not fit (a status we do not know, an amount that is not whole fen, a missing field) is refused
// whole with a message naming the order and the field: nothing half-mapped is handed on.
import type { PlatformAfterSale, PlatformAfterSaleType, PlatformOrder, PlatformOrderLine } from '../connector.js';

type Raw = Record<string, unknown>;

/**
 * orderBaseInfo.status → our status words ([U]: the values of the open.order.detail / cursor.list
 * documentation as commonly quoted — 10 待付款, 30 已付款, 40 已发货, 50 已收货, 70 订单成功,
 * 80 订单失败; not in the stored official copies, check before going live). null: not a deal yet
 * (unpaid): not handed on, it comes again when it changes.
 */
export const KS_ORDER_STATUSES: Record<number, string | null> = {
  10: null,
  30: 'WAIT_SELLER_SEND_GOODS',
  40: 'WAIT_BUYER_CONFIRM_GOODS',
  50: 'TRADE_FINISHED',
  70: 'TRADE_FINISHED',
  80: 'TRADE_CLOSED',
};

/**
 * Our express company codes → Kuaishou's expressCode (发货物流公司编码), from the official
 * "物流公司编号" table [C] (doc 401927): 百世 merged into 极兔 (109), 丹鸟 renamed 菜鸟速递 (113).
 */
export const KS_EXPRESS_CODES: Record<string, number> = {
  SF: 4,
  ZTO: 9,
  YTO: 6,
  YUNDA: 11,
  STO: 3,
  JTSD: 109,
  JDKD: 14,
  EMS: 2,
  POSTB: 8,
  DBKD: 53,
  HTKY: 109,
  ZYKD: 112,
  UC: 15,
  DNKD: 113,
  CNSD: 113,
  FWKD: 127,
  ZJS: 10,
  KYSY: 25,
  SNWL: 81,
  ZTKY: 12,
  YUNDA_KY: 7,
  BESTLOGISTICS: 48,
  ANE: 43,
  DEPPON: 17,
  SXJD: 86,
  SURE: 31,
  YMDD: 100,
};

/** Our code of a Kuaishou expressCode (first of ours naming it), or KS:<code> for one we do not know. */
export const expressCodeOfKs = (code: number): string => Object.entries(KS_EXPRESS_CODES).find(([, v]) => v === code)?.[0] ?? `KS:${code}`;

/** The receiver as Kuaishou sends it encrypted (decrypted only by the decrypt step, never here). */
export interface KsEncryptedReceiver {
  consignee: string;
  mobile: string;
  address: string;
}

/** What an order's receiverRef holds: Kuaishou's ciphertexts of the receiver, and the town in clear. */
export interface KsReceiverRef {
  consignee: string;
  mobile: string;
  address: string;
  town: string;
}
export const receiverRefOf = (ref: KsReceiverRef): string => JSON.stringify(ref);
/** The ciphertexts of a receiverRef, or null when it is not one of this connector's. */
export function parseReceiverRef(value: string): KsReceiverRef | null {
  try {
    const v = JSON.parse(value) as Partial<KsReceiverRef> | null;
    if (!v || typeof v !== 'object') return null;
    return { consignee: text(v.consignee), mobile: text(v.mobile), address: text(v.address), town: text(v.town) };
  } catch {
    return null;
  }
}

/** A refund of the order as the order list carries it (orderRefundList). */
export interface KsOrderRefund {
  refundId: string;
  refundStatus: number | null;
}

export interface KsPlatformOrder extends PlatformOrder {
  encryptedReceiver: KsEncryptedReceiver | null;
  /** The order's refunds (orderRefundList): a refund flag for the order pipeline's payload. */
  refunds: KsOrderRefund[];
}

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v).trim());

/** Whole fen (Kuaishou sends money as integer fen) → yuan text with 2 places, exact. */
export function yuanOfFen(fen: number): string {
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** A ms timestamp → Date, or null when absent/0. */
const msTime = (v: unknown): Date | null => {
  if (v === null || v === undefined || v === '' || Number(v) === 0) return null;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1e11) return null;
  return new Date(n);
};

/** The update time of a raw order (ms), or null when it is not one. */
export const updateTimeOf = (raw: Raw): number | null => {
  const base = raw.orderBaseInfo as Raw | undefined;
  const at = msTime(base?.updateTime);
  return at ? at.getTime() : null;
};

/** A Kuaishou order of open.order.cursor.list as our model; null for an unpaid one; { problem } when it does not fit. */
export function mapKsOrder(raw: Raw): { order: KsPlatformOrder } | { order: null } | { problem: string } {
  const base = raw.orderBaseInfo as Raw | undefined;
  if (!base || typeof base !== 'object') return { problem: 'an order without orderBaseInfo' };
  const oid = text(base.oid);
  if (!/^\d{1,30}$/.test(oid)) return { problem: `an order without a valid orderBaseInfo.oid (${JSON.stringify(base.oid ?? null)})` };
  const at = (field: string) => `order ${oid}: ${field}`;
  const statusCode = Number(base.status);
  if (!Number.isInteger(statusCode) || !(statusCode in KS_ORDER_STATUSES)) return { problem: `${at('orderBaseInfo.status')} ${JSON.stringify(base.status ?? null)} is a Kuaishou order status this connector does not know` };
  const status = KS_ORDER_STATUSES[statusCode]!;
  if (status === null) return { order: null };
  const updatedAt = msTime(base.updateTime);
  if (!updatedAt) return { problem: `${at('orderBaseInfo.updateTime')} ${JSON.stringify(base.updateTime ?? null)} is not a time in ms` };
  const createdAt = msTime(base.createTime) ?? updatedAt;
  const payTime = msTime(base.payTime) ?? createdAt;
  const fen = (v: unknown, field: string, required: boolean): number | { problem: string } => {
    if ((v === null || v === undefined || v === '') && !required) return 0;
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN;
    if (!Number.isSafeInteger(n) || n < 0) return { problem: `${at(field)} ${JSON.stringify(v ?? null)} is not an amount in whole fen` };
    return n;
  };
  const total = fen(base.totalFee, 'orderBaseInfo.totalFee', true);
  if (typeof total !== 'number') return total;
  const express = fen(base.expressFee, 'orderBaseInfo.expressFee', false);
  if (typeof express !== 'number') return express;
  // orderItemInfo is one item per Kuaishou order [S]; a list is read as well.
  const rawItems = Array.isArray(raw.orderItemInfo) ? (raw.orderItemInfo as Raw[]) : raw.orderItemInfo && typeof raw.orderItemInfo === 'object' ? [raw.orderItemInfo as Raw] : [];
  if (!rawItems.length) return { problem: `${at('orderItemInfo')} is missing` };
  const lines: PlatformOrderLine[] = [];
  for (const [i, item] of rawItems.entries()) {
    const where = rawItems.length === 1 ? 'orderItemInfo' : `orderItemInfo[${i}]`;
    const skuId = text(item.skuId);
    if (!/^\d{1,30}$/.test(skuId)) return { problem: `${at(`${where}.skuId`)} is missing` };
    const qty = Number(item.num);
    if (!Number.isInteger(qty) || qty < 1) return { problem: `${at(`${where}.num`)} ${JSON.stringify(item.num ?? null)} is not a quantity` };
    const price = fen(item.price ?? item.originalPrice, `${where}.price`, true);
    if (typeof price !== 'number') return price;
    lines.push({
      tbSpuId: text(item.itemId),
      tbSkuId: skuId,
      outerSkuId: text(item.relSkuId) && text(item.relSkuId) !== '0' ? text(item.relSkuId) : text(item.skuNick) || null,
      title: text(item.itemTitle) || skuId,
      properties: text(item.skuDesc) || null,
      qty,
      price: yuanOfFen(price),
    });
  }
  const address = (raw.orderAddress ?? null) as Raw | null;
  if (!address || typeof address !== 'object') return { problem: `${at('orderAddress')} is missing` };
  const encrypted = text(address.encryptedConsignee) || text(address.encryptedMobile) || text(address.encryptedAddress);
  const logistics = Array.isArray(raw.orderLogisticsInfo) ? (raw.orderLogisticsInfo as Raw[]) : [];
  const parcel = logistics.find((l) => text(l.expressNo));
  const shippedAt = msTime(base.sendTime) ?? updatedAt;
  const refunds = Array.isArray(raw.orderRefundList) ? (raw.orderRefundList as Raw[]) : [];
  const order: KsPlatformOrder = {
    platformNo: oid,
    status,
    buyerNick: text(base.buyerNick),
    // What Kuaishou shows masked (desensitise*); the ciphertext stays as it came (encryptedReceiver).
    receiver: {
      name: text(address.desensitiseConsignee) || '*',
      phone: text(address.desensitiseMobile) || '*',
      province: text(address.province),
      city: text(address.city),
      district: text(address.district),
      address: [text(address.town), text(address.desensitiseAddress)].filter(Boolean).join(' ') || '*',
    },
    encryptedReceiver: encrypted ? { consignee: text(address.encryptedConsignee), mobile: text(address.encryptedMobile), address: text(address.encryptedAddress) } : null,
    // The decrypt step's handle: the three ciphertexts (and the town, in clear, that leads the address).
    receiverRef: encrypted ? receiverRefOf({ consignee: text(address.encryptedConsignee), mobile: text(address.encryptedMobile), address: text(address.encryptedAddress), town: text(address.town) }) : null,
    amount: yuanOfFen(total),
    postFee: yuanOfFen(express),
    payTime,
    createdAt,
    updatedAt,
    lines,
    shipping:
      parcel && status !== 'WAIT_SELLER_SEND_GOODS' && Number.isInteger(Number(parcel.expressCode))
        ? { expressCompanyCode: expressCodeOfKs(Number(parcel.expressCode)), expressNo: text(parcel.expressNo), shippedAt }
        : null,
    // promiseTimeStampOfDelivery: the ship-by promise [S].
    lastShipTime: msTime(base.promiseTimeStampOfDelivery),
    riskControlled: false,
    refunds: refunds.map((r) => ({ refundId: text(r.refundId), refundStatus: r.refundStatus === undefined || r.refundStatus === null ? null : Number(r.refundStatus) })).filter((r) => r.refundId),
  };
  return { order };
}

// ---- after-sales --------------------------------------------------------------------------------

/** handlingWay of open.seller.order.refund.pcursor.list → what the buyer asks for [S]: 1 退货退款, 10 仅退款, 3 换货. */
export const KS_REFUND_TYPES: Record<number, PlatformAfterSaleType> = { 1: 'RETURN_REFUND', 10: 'REFUND_ONLY', 3: 'EXCHANGE' };

/** Kuaishou's status of a platform under arbitration (协商纠纷，等待平台处理): neither the seller nor we decide it. */
export const KS_ARBITRATION = 'WAIT_PLATFORM_ARBITRATION';

/**
 * The refund list's status → the after-sales area's words [S] (the list's documented enumeration:
 * 10 待卖家同意, 12 卖家已拒绝·等待买家处理, 20 协商纠纷·等待平台处理, 30 卖家已同意·等待买家退货,
 * 40 买家已退货·等待卖家确认收货, 45 卖家已发货·等待买家确认收货 (exchange), 50 卖家已同意·等待系统退款,
 * 60 退款成功, 70 退款关闭; and 11 退货退款申请, 21 平台介入-退货退款申请, 22 平台介入-已确认退货退款 of
 * another third-party reading). 45 and 50 are over for the seller (the goods or the money are on their
 * way): SUCCESS, as the Douyin and Pinduoduo mappings count them.
 */
export const KS_REFUND_STATUSES: Record<number, string> = {
  10: 'WAIT_SELLER_AGREE',
  11: 'WAIT_SELLER_AGREE',
  12: 'SELLER_REFUSE_BUYER',
  20: KS_ARBITRATION,
  21: KS_ARBITRATION,
  22: 'WAIT_BUYER_RETURN_GOODS',
  30: 'WAIT_BUYER_RETURN_GOODS',
  40: 'WAIT_SELLER_CONFIRM_GOODS',
  45: 'SUCCESS',
  50: 'SUCCESS',
  60: 'SUCCESS',
  70: 'CLOSED',
};

/** Whole fen of a field, or a problem naming it. */
function fenOf(v: unknown, where: string): number | { problem: string } {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN;
  if (!Number.isSafeInteger(n) || n < 0) return { problem: `${where} ${JSON.stringify(v ?? null)} is not an amount in whole fen` };
  return n;
}

/** The unit price (4 decimals, exact to the hundredth of a fen, half up) of `fen` shared by `qty`. */
function unitPriceOf(fen: number, qty: number): string {
  const tenThousandths = Math.floor((fen * 100 * 2 + qty) / (2 * qty));
  return `${Math.floor(tenThousandths / 10_000)}.${String(tenThousandths % 10_000).padStart(4, '0')}`;
}

/** The update time (ms) of a raw refund of the list, or null when it is not one. */
export const refundUpdateTimeOf = (raw: Raw): number | null => msTime(raw.updateTime)?.getTime() ?? null;

/**
 * A refund of open.seller.order.refund.pcursor.list as our after-sale, with what only its detail
 * (open.seller.order.refund.detail) gives [S]: the quantity (productNum) and the buyer's return
 * parcel (logisticsInfo{expressNo, expressCode}). { problem } when it does not fit.
 */
export function mapKsRefund(raw: Raw, detail: Raw | null): { afterSale: PlatformAfterSale } | { problem: string } {
  const id = text(raw.refundId);
  if (!/^\d{1,30}$/.test(id)) return { problem: `a refund without a valid refundId (${JSON.stringify(raw.refundId ?? null)})` };
  const at = (field: string) => `refund ${id}: ${field}`;
  const oid = text(raw.oid);
  if (!/^\d{1,30}$/.test(oid)) return { problem: `${at('oid')} ${JSON.stringify(raw.oid ?? null)} is not an order id` };
  const type = KS_REFUND_TYPES[Number(raw.handlingWay)];
  if (!type) return { problem: `${at('handlingWay')} ${JSON.stringify(raw.handlingWay ?? null)} is a Kuaishou refund kind this connector does not know` };
  const status = KS_REFUND_STATUSES[Number(raw.status)];
  if (!status) return { problem: `${at('status')} ${JSON.stringify(raw.status ?? null)} is a Kuaishou refund status this connector does not know` };
  const updatedAt = msTime(raw.updateTime);
  if (!updatedAt) return { problem: `${at('updateTime')} ${JSON.stringify(raw.updateTime ?? null)} is not a time in ms` };
  const fee = fenOf(raw.refundFee, at('refundFee'));
  if (typeof fee !== 'number') return fee;
  const skuId = text(raw.skuId);
  const productNum = Number(detail?.productNum);
  const qty = Number.isInteger(productNum) && productNum > 0 ? productNum : 1;
  const relSkuId = text(raw.relSkuId);
  const lines: PlatformOrderLine[] =
    /^\d{1,30}$/.test(skuId) && skuId !== '0'
      ? [
          {
            tbSpuId: text(raw.itemId),
            tbSkuId: skuId,
            outerSkuId: relSkuId && relSkuId !== '0' ? relSkuId : text(raw.skuNick) || null,
            title: text(raw.itemTitle) || text(detail?.itemTitle) || text(raw.skuNick) || skuId,
            properties: text(raw.skuDesc) || text(detail?.skuDesc) || null,
            qty,
            price: unitPriceOf(fee, qty),
          },
        ]
      : [];
  const parcel = (detail?.logisticsInfo ?? raw.logisticsInfo ?? null) as Raw | null;
  const expressNo = parcel && typeof parcel === 'object' ? text(parcel.expressNo) : '';
  const expressCode = parcel && typeof parcel === 'object' ? Number(parcel.expressCode) : NaN;
  return {
    afterSale: {
      refundId: id,
      platformNo: oid,
      type,
      status,
      reason: text(raw.refundReasonDesc) || text(raw.refundDesc) || null,
      refundFee: yuanOfFen(fee),
      lines,
      buyerExpressCompanyCode: expressNo && Number.isInteger(expressCode) && expressCode > 0 ? expressCodeOfKs(expressCode) : null,
      buyerExpressNo: expressNo || null,
      createdAt: msTime(raw.submitTime) ?? msTime(raw.createTime) ?? updatedAt,
      updatedAt,
    },
  };
}
