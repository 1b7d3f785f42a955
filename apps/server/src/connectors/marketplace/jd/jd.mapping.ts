// What JD's words mean in our order model: order states, carrier ids (logiCoprId), amounts, and a
// JD order (jingdong.pop.order.enSearch's OrderSearchInfo) as a PlatformOrder. A JD order that does
// not fit (a state we do not know, an amount that is not yuan, a missing required field) is
// refused whole with a clear message: nothing half-mapped goes on.
import type { PlatformAfterSale, PlatformOrder, PlatformOrderLine } from '../connector.js';
import { parseJosTime } from './jd.sign.js';

/**
 * JD order states (CONNECTORS.md §3, [S]) → our platform status words (the Taobao-style words the
 * order pipeline reads) and whether the marketplace holds the order.
 */
export const JD_ORDER_STATES: Record<string, { status: string; riskHeld: boolean }> = {
  WAIT_SELLER_STOCK_OUT: { status: 'WAIT_SELLER_SEND_GOODS', riskHeld: false },
  /** Cross-border orders only. */
  WAIT_SELLER_DELIVERY: { status: 'WAIT_SELLER_SEND_GOODS', riskHeld: false },
  WAIT_GOODS_RECEIVE_CONFIRM: { status: 'WAIT_BUYER_CONFIRM_GOODS', riskHeld: false },
  FINISHED_L: { status: 'TRADE_FINISHED', riskHeld: false },
  TRADE_CANCELED: { status: 'TRADE_CLOSED', riskHeld: false },
  /** Locked (a cancellation or a dispute in progress): held until JD releases it. */
  LOCKED: { status: 'WAIT_SELLER_SEND_GOODS', riskHeld: true },
  PAUSE: { status: 'WAIT_SELLER_SEND_GOODS', riskHeld: true },
  POP_ORDER_PAUSE: { status: 'WAIT_SELLER_SEND_GOODS', riskHeld: true },
};

/** The states a pull asks for (order_state CSV): every state we can map. */
export const JD_PULLED_STATES = Object.keys(JD_ORDER_STATES);

/**
 * Our express company codes → JD's numeric carrier ids (logiCoprId of jingdong.pop.order.shipment).
 * [U]: the ids are those commonly seen in sellers' tools, not confirmed against JD's carrier list
 * (jingdong.foreign.order.logistics.get / 商家后台承运商列表); check before going live.
 */
export const JD_CARRIER_IDS: Record<string, string> = {
  SF: '467',
  YTO: '463',
  STO: '470',
  EMS: '465',
  ZTO: '1499',
  YUNDA: '1327',
  HTKY: '1748',
  ZJS: '1409',
  JDKD: '2087',
  DBKD: '3046',
  POSTB: '2170',
};

/** Our code of a JD carrier id (reverse of the table), or `JD:<id>` for one we do not know. */
export const expressCodeOfJdCarrier = (id: string): string => Object.entries(JD_CARRIER_IDS).find(([, v]) => v === id)?.[0] ?? `JD:${id}`;

/** JD sends money as yuan strings, e.g. "99.00" (at most 4 decimals accepted). */
const YUAN = /^\d{1,12}(\.\d{1,4})?$/;

/** The order fields a pull asks for (optional_fields). */
export const JD_ORDER_FIELDS = [
  'orderId',
  'venderId',
  'orderType',
  'orderState',
  'orderStateRemark',
  'orderTotalPrice',
  'orderSellerPrice',
  'orderPayment',
  'freightPrice',
  'sellerDiscount',
  'orderStartTime',
  'paymentConfirmTime',
  'modified',
  'pin',
  'consigneeInfo',
  'itemInfoList',
  'waybill',
  'logisticsId',
  'orderRemark',
  'venderRemark',
  // The handle of the encrypted receiver, for jingdong.jos.order.oaid.decrypt ([U] that enSearch sends it by this name).
  'oaid',
];

type Raw = Record<string, unknown>;

const text = (v: unknown): string => (v == null ? '' : String(v).trim());

/** A JD order as a PlatformOrder, or the reason it cannot be one. */
export function mapJdOrder(raw: Raw): { order: PlatformOrder; modifiedAt: Date } | { problem: string } {
  const orderId = text(raw.orderId);
  if (!/^\d{1,30}$/.test(orderId)) return { problem: `an order without a valid orderId (${JSON.stringify(raw.orderId ?? null)})` };
  const at = (field: string) => `order ${orderId}: ${field}`;
  const state = text(raw.orderState);
  const mapped = JD_ORDER_STATES[state];
  if (!mapped) return { problem: `${at('orderState')} "${state}" is a JD order state this connector does not know` };
  const modifiedAt = parseJosTime(text(raw.modified));
  if (!modifiedAt) return { problem: `${at('modified')} "${text(raw.modified)}" is not a JD time` };
  const createdAt = parseJosTime(text(raw.orderStartTime));
  if (!createdAt) return { problem: `${at('orderStartTime')} "${text(raw.orderStartTime)}" is not a JD time` };
  const payTime = parseJosTime(text(raw.paymentConfirmTime)) ?? createdAt;
  const money = (field: string, required: boolean): string | { problem: string } => {
    const value = text(raw[field]);
    if (value === '' && !required) return '0';
    if (!YUAN.test(value)) return { problem: `${at(field)} "${value}" is not an amount in yuan` };
    return value;
  };
  const amount = money('orderPayment', true);
  if (typeof amount !== 'string') return amount;
  const postFee = money('freightPrice', false);
  if (typeof postFee !== 'string') return postFee;
  const consignee = (raw.consigneeInfo ?? null) as Raw | null;
  if (!consignee || typeof consignee !== 'object') return { problem: `${at('consigneeInfo')} is missing` };
  const items = raw.itemInfoList;
  if (!Array.isArray(items) || items.length === 0) return { problem: `${at('itemInfoList')} is missing or empty` };
  const lines: PlatformOrderLine[] = [];
  for (const [i, item] of (items as Raw[]).entries()) {
    const skuId = text(item.skuId);
    const qty = Number(text(item.itemTotal));
    const price = text(item.jdPrice);
    if (!skuId) return { problem: `${at(`itemInfoList[${i}].skuId`)} is missing` };
    if (!Number.isInteger(qty) || qty < 1) return { problem: `${at(`itemInfoList[${i}].itemTotal`)} "${text(item.itemTotal)}" is not a quantity` };
    if (!YUAN.test(price)) return { problem: `${at(`itemInfoList[${i}].jdPrice`)} "${price}" is not an amount in yuan` };
    lines.push({
      tbSpuId: text(item.wareId),
      tbSkuId: skuId,
      outerSkuId: text(item.outerSkuId) || null,
      title: text(item.skuName) || skuId,
      properties: null,
      qty,
      price,
    });
  }
  const waybill = text(raw.waybill);
  const logisticsId = text(raw.logisticsId);
  const order: PlatformOrder = {
    platformNo: orderId,
    status: mapped.status,
    buyerNick: text(raw.pin),
    // Kept as JD sends them: encrypted or masked by JD, decrypted (if ever) by the decrypt step.
    receiver: {
      name: text(consignee.fullname),
      phone: text(consignee.mobile) || text(consignee.telephone),
      province: text(consignee.province),
      city: text(consignee.city),
      district: text(consignee.county),
      address: text(consignee.fullAddress),
    },
    amount,
    postFee,
    payTime,
    createdAt,
    updatedAt: modifiedAt,
    lines,
    shipping: waybill && logisticsId && mapped.status !== 'WAIT_SELLER_SEND_GOODS' ? { expressCompanyCode: expressCodeOfJdCarrier(logisticsId), expressNo: waybill, shippedAt: modifiedAt } : null,
    lastShipTime: null,
    riskControlled: mapped.riskHeld,
    receiverRef: text(raw.oaid) || null,
  };
  return { order, modifiedAt };
}

// ---- refund applies (退款审核单, jingdong.pop.afs.soa.refundapply.*) ------------------------------

/**
 * JD refund-apply states (`status` of RefundApplyVo, [S]: the numbers JD's page lists, as third-party
 * code quotes them) → the after-sales area's words (Taobao's, which the intent rule reads). Our
 * reading of each number is [U]: 0 is the only state the seller is to decide; agreed ones JD pays
 * (SUCCESS); agreed with the parcel to be stopped and come back: WAIT_BUYER_RETURN_GOODS.
 */
export const JD_REFUND_STATES: Record<number, string> = {
  /** 未审核 */
  0: 'WAIT_SELLER_AGREE',
  /** 审核通过 */
  1: 'SUCCESS',
  /** 审核不通过 */
  2: 'SELLER_REFUSE_BUYER',
  /** 京东财务审核通过 */
  3: 'SUCCESS',
  /** 京东财务审核不通过 */
  4: 'CLOSED',
  /** 人工审核通过 */
  5: 'SUCCESS',
  /** 京东拦截并退款 */
  6: 'SUCCESS',
  /** 青龙拦截成功 */
  7: 'SUCCESS',
  /** 青龙拦截失败: the parcel goes on, to be refused or sent back */
  8: 'WAIT_BUYER_RETURN_GOODS',
  /** 强制关单并退款 */
  9: 'SUCCESS',
  /** 物流待跟进（线下拦截）: agreed, the seller stops the parcel */
  10: 'WAIT_BUYER_RETURN_GOODS',
  /** 用户撤销 */
  11: 'CLOSED',
  /** 拒收后退款 */
  16: 'SUCCESS',
  /** 协商退货退款 */
  17: 'WAIT_BUYER_RETURN_GOODS',
  /** 协商关闭 */
  18: 'CLOSED',
  /** 纠纷介入: JD arbitrates; a decision sent meanwhile is JD's to refuse */
  19: 'WAIT_SELLER_AGREE',
  /** 京东承诺拦截 */
  27: 'WAIT_BUYER_RETURN_GOODS',
};

/** A JD refund apply as the after-sales area sees it, its change time, or the reason it cannot be one. */
export function mapJdRefundApply(raw: Raw): { afterSale: PlatformAfterSale; modifiedAt: Date; exact: boolean } | { problem: string } {
  const id = text(raw.id);
  if (!/^\d{1,30}$/.test(id)) return { problem: `a refund apply without a valid id (${JSON.stringify(raw.id ?? null)})` };
  const at = (field: string) => `refund apply ${id}: ${field}`;
  const orderId = text(raw.orderId);
  if (!/^\d{1,30}$/.test(orderId)) return { problem: `${at('orderId')} "${orderId}" is not a JD order id` };
  const statusText = text(raw.status);
  const status = /^\d{1,3}$/.test(statusText) ? JD_REFUND_STATES[Number(statusText)] : undefined;
  if (!status) return { problem: `${at('status')} "${statusText}" is a JD refund state this connector does not know` };
  const createdAt = parseJosTime(text(raw.applyTime));
  if (!createdAt) return { problem: `${at('applyTime')} "${text(raw.applyTime)}" is not a JD time` };
  // The change time: `modified` where JD sends it, else the check time, else the apply time ([U] which JD sends).
  const modifiedText = text(raw.modified) || text(raw.checkTime);
  const modifiedAt = modifiedText ? parseJosTime(modifiedText) : createdAt;
  if (!modifiedAt) return { problem: `${at(text(raw.modified) ? 'modified' : 'checkTime')} "${modifiedText}" is not a JD time` };
  const refundFee = yuanOfFen(raw.applyRefundSum);
  if (refundFee === null) return { problem: `${at('applyRefundSum')} ${JSON.stringify(raw.applyRefundSum ?? null)} is not an amount in fen` };
  const lines: PlatformOrderLine[] = [];
  const skus = raw.skuVoList ?? [];
  if (!Array.isArray(skus)) return { problem: `${at('skuVoList')} is not a list` };
  for (const [i, sku] of (skus as Raw[]).entries()) {
    const skuId = text(sku.skuId);
    const qty = Number(text(sku.skuCount));
    if (!/^\d{1,20}$/.test(skuId)) return { problem: `${at(`skuVoList[${i}].skuId`)} "${skuId}" is not a JD SKU id` };
    if (!Number.isInteger(qty) || qty < 1) return { problem: `${at(`skuVoList[${i}].skuCount`)} "${text(sku.skuCount)}" is not a quantity` };
    // JD names no unit price in a refund apply: the order line's price stands where the line is matched.
    lines.push({ tbSpuId: '', tbSkuId: skuId, outerSkuId: null, title: text(sku.skuName) || skuId, properties: null, qty, price: '0' });
  }
  return {
    afterSale: {
      refundId: id,
      platformNo: orderId,
      // A refund apply asks the money back for an order being cancelled: nothing is sent back as a return.
      type: 'REFUND_ONLY',
      status,
      reason: text(raw.reason) || null,
      refundFee,
      lines,
      buyerExpressCompanyCode: null,
      buyerExpressNo: null,
      createdAt,
      updatedAt: modifiedAt,
    },
    modifiedAt,
    // Whether modifiedAt is JD's own change time (the field the query's window reads).
    exact: text(raw.modified) !== '',
  };
}

/**
 * JD's applyRefundSum is in fen ([S]: JD's page and every SDK user divide it by 100), sent as a
 * number (Double in the SDK: 9900 or 9900.0) or digits: yuan with two places, or null when it is
 * not a whole non-negative number of fen.
 */
export function yuanOfFen(value: unknown): string | null {
  const t = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : text(value);
  const m = /^(\d{1,15})(?:\.0+)?$/.exec(t);
  if (!m) return null;
  const fen = BigInt(m[1]!);
  return `${fen / 100n}.${String(fen % 100n).padStart(2, '0')}`;
}

/** Our yuan amount (up to 4 places) in fen, or null when it is not a whole number of fen. */
export function fenOfYuan(yuan: string): string | null {
  const m = /^(\d{1,13})(?:\.(\d{1,4}))?$/.exec(yuan.trim());
  if (!m) return null;
  const decimals = (m[2] ?? '').padEnd(4, '0');
  if (decimals.slice(2) !== '00') return null;
  return String(BigInt(m[1]!) * 100n + BigInt(decimals.slice(0, 2)));
}
