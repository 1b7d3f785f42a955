// What JD's words mean in our order model: order states, carrier ids (logiCoprId), amounts, and a
// JD order (jingdong.pop.order.enSearch's OrderSearchInfo) as a PlatformOrder. A JD order that does
// not fit (a state we do not know, an amount that is not yuan, a missing required field) is
// refused whole with a clear message: nothing half-mapped goes on.
import type { PlatformOrder, PlatformOrderLine } from '../connector.js';
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
  };
  return { order, modifiedAt };
}
