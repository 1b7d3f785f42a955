// Pinduoduo's answers in our connector model: order and after-sale statuses (PDD numbers → the
// marketplace status words the order pipeline and the after-sales area read), amounts (PDD sends
// yuan as decimal text), times (text in Beijing time), receivers (the encrypted fields kept as
// they came), and our express company codes → PDD's logistics companies. An answer that does not
// fit (a status we do not know, an amount that is not yuan, a missing field) is refused as a whole
// with a message naming the order and the field: nothing half-mapped is handed on.
import { EXPRESS_COMPANIES } from '@openseller/core';
import { ConnectorError, type PlatformAfterSale, type PlatformAfterSaleType, type PlatformOrder, type PlatformOrderLine } from '../connector.js';

/** One order of pdd.order.number.list.increment.get / pdd.order.information.get (the fields we read). */
export interface PddOrder {
  order_sn: string;
  confirm_status?: number;
  order_status?: number;
  refund_status?: number;
  after_sales_status?: number;
  risk_control_status?: number;
  created_time?: string;
  confirm_time?: string;
  pay_time?: string;
  updated_at?: string;
  shipping_time?: string;
  last_ship_time?: string;
  promise_delivery_time?: string;
  logistics_id?: number | string;
  tracking_number?: string;
  province?: string;
  city?: string;
  town?: string;
  receiver_name?: string;
  receiver_phone?: string;
  receiver_address?: string;
  address?: string;
  receiver_name_mask?: string;
  receiver_phone_mask?: string;
  receiver_address_mask?: string;
  address_mask?: string;
  pay_amount?: string | number;
  goods_amount?: string | number;
  discount_amount?: string | number;
  order_change_amount?: string | number;
  postage?: string | number;
  buyer_memo?: string;
  remark?: string;
  item_list?: PddOrderItem[];
}

export interface PddOrderItem {
  goods_id: number | string;
  sku_id: number | string;
  outer_id?: string;
  outer_goods_id?: string;
  goods_name: string;
  goods_price: string | number;
  goods_spec?: string;
  goods_count: number | string;
  goods_img?: string;
}

/** One after-sale of pdd.refund.list.increment.get. */
export interface PddRefund {
  id: number | string;
  order_sn: string;
  after_sales_type: number;
  after_sales_status: number;
  after_sale_reason?: string;
  refund_amount: string | number;
  goods_id?: number | string;
  sku_id?: number | string;
  outer_id?: string;
  goods_name?: string;
  goods_price?: string | number;
  goods_number?: string | number;
  tracking_number?: string;
  shipping_name?: string;
  created_time?: string;
  updated_time?: string;
}

/** The order with what PDD keeps encrypted, as it came (decrypted only by the decrypt step, never here). */
export interface PddPlatformOrder extends PlatformOrder {
  encryptedReceiver: { name: string; phone: string; address: string } | null;
  afterSalesStatus: number | null;
}

const refuse = (detail: string) => new ConnectorError('PLATFORM_ERROR', `malformed Pinduoduo answer: ${detail}`);

// ---- times ------------------------------------------------------------------------------------

/** A PDD time: 'yyyy-MM-dd HH:mm:ss' in Beijing time, or UNIX seconds. Null when empty. */
export function pddTime(value: unknown, field: string): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number' || /^\d{9,10}$/.test(String(value))) return new Date(Number(value) * 1000);
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(String(value).trim());
  if (!m) throw refuse(`${field}: "${String(value)}" is not a time`);
  const date = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}+08:00`);
  if (Number.isNaN(date.getTime())) throw refuse(`${field}: "${String(value)}" is not a time`);
  return date;
}

/** A time PDD wants: 'yyyy-MM-dd HH:mm:ss' in Beijing time. */
export function beijingText(at: Date): string {
  const b = new Date(at.getTime() + 8 * 3_600_000).toISOString();
  return `${b.slice(0, 10)} ${b.slice(11, 19)}`;
}

// ---- amounts ----------------------------------------------------------------------------------

/**
 * A PDD amount in yuan (decimal text, or a JSON number the way older SDKs read it) as a decimal
 * text of at most 2 places. Refused: anything else (negative, more places: not yuan).
 */
export function yuan(value: unknown, field: string, required = true): string {
  if (value === null || value === undefined || value === '') {
    if (required) throw refuse(`${field} is missing`);
    return '0';
  }
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(Math.round(value * 100) / 100) : 'NaN') : String(value).trim();
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(text)) throw refuse(`${field}: "${String(value)}" is not an amount in yuan`);
  return text;
}

/** Yuan text → integer fen (exact). */
export function fenOf(yuanText: string): number {
  const [whole, fraction = ''] = yuanText.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

// ---- statuses ---------------------------------------------------------------------------------

/**
 * The order's status word: confirm_status 2 (cancelled) and refund_status 4 (refunded in full)
 * close it; otherwise order_status 1 waits for shipping, 2 is shipped, 3 signed for (finished).
 * Null for an order not yet a deal (confirm_status 0: the group is still forming) — PDD does not
 * let it be shipped; it comes again when it changes.
 */
export function orderStatusOf(o: PddOrder): string | null {
  const confirm = o.confirm_status === undefined ? 1 : Number(o.confirm_status);
  if (![0, 1, 2].includes(confirm)) throw refuse(`order ${o.order_sn}: unknown confirm_status ${String(o.confirm_status)}`);
  if (confirm === 0) return null;
  if (confirm === 2) return 'TRADE_CLOSED';
  const refund = o.refund_status === undefined ? 1 : Number(o.refund_status);
  if (![1, 2, 3, 4].includes(refund)) throw refuse(`order ${o.order_sn}: unknown refund_status ${String(o.refund_status)}`);
  const status = Number(o.order_status);
  if (refund === 4 && status === 1) return 'TRADE_CLOSED';
  switch (status) {
    case 1:
      return 'WAIT_SELLER_SEND_GOODS';
    case 2:
      return 'WAIT_BUYER_CONFIRM_GOODS';
    case 3:
      return 'TRADE_FINISHED';
    default:
      throw refuse(`order ${o.order_sn}: unknown order_status ${String(o.order_status)}`);
  }
}

/** PDD after_sales_type → what the buyer asks for. 5 (缺货补寄, resend the missing goods) is an exchange to us. */
const AFTER_SALE_TYPES: Record<number, PlatformAfterSaleType> = { 2: 'REFUND_ONLY', 3: 'RETURN_REFUND', 4: 'EXCHANGE', 5: 'EXCHANGE' };

/**
 * PDD after_sales_status → the after-sales area's words (shared/CONNECTORS.md; the numbers of
 * the refund increment's documentation). Active requests: WAIT_SELLER_AGREE (the seller is to
 * decide), WAIT_BUYER_RETURN_GOODS (agreed, the buyer is to act); over: SUCCESS (refunded or
 * agreed and being paid), SELLER_REFUSE_BUYER, CLOSED.
 */
export const AFTER_SALE_STATUSES: Record<number, string> = {
  2: 'WAIT_SELLER_AGREE',
  3: 'WAIT_SELLER_AGREE',
  4: 'SUCCESS',
  5: 'SUCCESS',
  6: 'SELLER_REFUSE_BUYER',
  7: 'WAIT_BUYER_RETURN_GOODS',
  8: 'WAIT_SELLER_AGREE',
  9: 'CLOSED',
  10: 'SUCCESS',
  11: 'CLOSED',
  12: 'CLOSED',
  13: 'CLOSED',
  14: 'WAIT_SELLER_AGREE',
  15: 'WAIT_BUYER_RETURN_GOODS',
  16: 'SUCCESS',
  17: 'CLOSED',
  18: 'SUCCESS',
  21: 'WAIT_SELLER_AGREE',
  22: 'WAIT_BUYER_RETURN_GOODS',
  24: 'CLOSED',
  25: 'SUCCESS',
  27: 'SUCCESS',
  31: 'WAIT_BUYER_RETURN_GOODS',
  32: 'WAIT_SELLER_AGREE',
};

// ---- orders -----------------------------------------------------------------------------------

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());

function lineOf(o: PddOrder, item: PddOrderItem, index: number): PlatformOrderLine {
  const at = `order ${o.order_sn} item_list[${index}]`;
  if (!text(item.goods_id) || !text(item.sku_id)) throw refuse(`${at}: goods_id and sku_id are required`);
  const qty = Number(item.goods_count);
  if (!Number.isInteger(qty) || qty < 1) throw refuse(`${at}.goods_count: "${String(item.goods_count)}" is not a quantity`);
  return {
    tbSpuId: text(item.goods_id),
    tbSkuId: text(item.sku_id),
    outerSkuId: text(item.outer_id) || null,
    title: text(item.goods_name) || text(item.goods_id),
    properties: text(item.goods_spec) || null,
    qty,
    price: yuan(item.goods_price, `${at}.goods_price`),
  };
}

/**
 * An order as our model, or null for an order that is not yet a deal. Amounts must be yuan
 * (decimal text, at most 2 places), and goods_amount must not be 100 times off what PDD documents
 * it to be (Σ goods_price × goods_count − order_change_amount): an order whose amounts are in
 * another unit is refused, not guessed.
 */
export function mapOrder(o: PddOrder): PddPlatformOrder | null {
  if (!text(o.order_sn)) throw refuse('an order without order_sn');
  const status = orderStatusOf(o);
  if (status === null) return null;
  const items = o.item_list ?? [];
  if (!Array.isArray(items) || items.length === 0) throw refuse(`order ${o.order_sn}: item_list is empty`);
  const lines = items.map((item, i) => lineOf(o, item, i));
  const goodsAmount = yuan(o.goods_amount, `order ${o.order_sn} goods_amount`);
  const payAmount = yuan(o.pay_amount, `order ${o.order_sn} pay_amount`);
  const change = yuan(o.order_change_amount, `order ${o.order_sn} order_change_amount`, false);
  const expectedFen = lines.reduce((sum, l) => sum + fenOf(l.price) * l.qty, 0) - fenOf(change);
  const goodsFen = fenOf(goodsAmount);
  // Off by a factor of 100: one side is in fen. (Other differences are left to PDD's own reckoning.)
  if (expectedFen !== goodsFen && expectedFen > 0 && (goodsFen === expectedFen * 100 || goodsFen * 100 === expectedFen)) {
    throw refuse(`order ${o.order_sn}: goods_amount ${goodsAmount} is 100 times off the items' ${(expectedFen / 100).toFixed(2)} (an amount in fen, not yuan)`);
  }
  const updatedAt = pddTime(o.updated_at, `order ${o.order_sn} updated_at`);
  if (!updatedAt) throw refuse(`order ${o.order_sn}: updated_at is missing`);
  const createdAt = pddTime(o.created_time, `order ${o.order_sn} created_time`) ?? updatedAt;
  const payTime = pddTime(o.pay_time, `order ${o.order_sn} pay_time`) ?? pddTime(o.confirm_time, `order ${o.order_sn} confirm_time`) ?? createdAt;
  const shippedAt = pddTime(o.shipping_time, `order ${o.order_sn} shipping_time`);
  const encrypted = text(o.receiver_name) || text(o.receiver_phone) || text(o.receiver_address);
  return {
    platformNo: text(o.order_sn),
    status,
    // PDD gives no buyer nickname to sellers.
    buyerNick: '',
    // The readable receiver is PDD's masked one; the ciphertext stays as it came (encryptedReceiver).
    receiver: {
      name: text(o.receiver_name_mask) || '*',
      phone: text(o.receiver_phone_mask) || '*',
      province: text(o.province),
      city: text(o.city),
      district: text(o.town),
      address: text(o.receiver_address_mask) || text(o.address_mask) || '*',
    },
    encryptedReceiver: encrypted ? { name: text(o.receiver_name), phone: text(o.receiver_phone), address: text(o.receiver_address) } : null,
    // The decrypt step's handle: the three ciphertexts, which pdd.open.decrypt.batch takes back.
    receiverRef: encrypted ? JSON.stringify({ name: text(o.receiver_name), phone: text(o.receiver_phone), address: text(o.receiver_address) }) : null,
    amount: payAmount,
    postFee: yuan(o.postage, `order ${o.order_sn} postage`, false),
    payTime,
    createdAt,
    updatedAt,
    lines,
    shipping: text(o.tracking_number) && shippedAt ? { expressCompanyCode: `PDD:${text(o.logistics_id)}`, expressNo: text(o.tracking_number), shippedAt } : null,
    lastShipTime: pddTime(o.last_ship_time, `order ${o.order_sn} last_ship_time`),
    promiseTimes: {
      promisedDeliveryTime: pddTime(o.promise_delivery_time, `order ${o.order_sn} promise_delivery_time`),
      promiseSignTime: null,
      promiseOutboundTime: pddTime(o.last_ship_time, `order ${o.order_sn} last_ship_time`),
      promiseDeliveryTime: pddTime(o.promise_delivery_time, `order ${o.order_sn} promise_delivery_time`),
    },
    riskControlled: Number(o.risk_control_status ?? 0) === 1,
    afterSalesStatus: o.after_sales_status === undefined ? null : Number(o.after_sales_status),
  };
}

/** An after-sale as our model. */
export function mapRefund(r: PddRefund): PlatformAfterSale {
  const id = text(r.id);
  if (!id || !text(r.order_sn)) throw refuse('an after-sale without id or order_sn');
  const type = AFTER_SALE_TYPES[Number(r.after_sales_type)];
  if (!type) throw refuse(`after-sale ${id}: unknown after_sales_type ${String(r.after_sales_type)}`);
  const status = AFTER_SALE_STATUSES[Number(r.after_sales_status)];
  if (!status) throw refuse(`after-sale ${id}: unknown after_sales_status ${String(r.after_sales_status)}`);
  const updatedAt = pddTime(r.updated_time, `after-sale ${id} updated_time`);
  if (!updatedAt) throw refuse(`after-sale ${id}: updated_time is missing`);
  const qty = Number(r.goods_number ?? 1);
  const lines: PlatformOrderLine[] = text(r.sku_id)
    ? [
        {
          tbSpuId: text(r.goods_id),
          tbSkuId: text(r.sku_id),
          outerSkuId: text(r.outer_id) || null,
          title: text(r.goods_name) || text(r.goods_id),
          properties: null,
          qty: Number.isInteger(qty) && qty > 0 ? qty : 1,
          price: yuan(r.goods_price, `after-sale ${id} goods_price`, false),
        },
      ]
    : [];
  return {
    refundId: id,
    platformNo: text(r.order_sn),
    type,
    status,
    reason: text(r.after_sale_reason) || null,
    refundFee: yuan(r.refund_amount, `after-sale ${id} refund_amount`),
    lines,
    // PDD names the buyer's carrier (shipping_name): our code where the name is one of ours.
    buyerExpressCompanyCode: text(r.shipping_name) ? (EXPRESS_COMPANIES.find((e) => e.nameZh === text(r.shipping_name))?.code ?? text(r.shipping_name)) : null,
    buyerExpressNo: text(r.tracking_number) || null,
    createdAt: pddTime(r.created_time, `after-sale ${id} created_time`) ?? updatedAt,
    updatedAt,
  };
}

// ---- logistics companies ------------------------------------------------------------------------

/** A company of pdd.logistics.companies.get. */
export interface PddLogisticsCompany {
  id: number | string;
  logistics_company: string;
  code?: string;
  available?: number;
}

/**
 * Our express company codes (packages/core catalogues/express.ts) → the `code` PDD's company list
 * is expected to carry [U: PDD's codes are not published as a list; the match falls back to the
 * Chinese name]. The PDD id (logistics_id) is then read from pdd.logistics.companies.get.
 */
export const PDD_COMPANY_CODES: Record<string, string[]> = {
  SF: ['SF', 'SHUNFENG'],
  ZTO: ['ZTO', 'ZHONGTONG'],
  YTO: ['YTO', 'YUANTONG'],
  YUNDA: ['YUNDA', 'YD'],
  STO: ['STO', 'SHENTONG'],
  JTSD: ['JTSD', 'JT', 'JTEXPRESS'],
  JDKD: ['JD', 'JDKD'],
  EMS: ['EMS'],
  POSTB: ['YZXB', 'POSTB', 'YZPY'],
  DBKD: ['DBKD', 'DEBANGWULIU'],
  HTKY: ['HTKY', 'BEST', 'HT'],
  UC: ['UC', 'YOUSU'],
  DNKD: ['DNKD', 'DANNIAO'],
  FWKD: ['FWKD', 'FENGWANG'],
  ZJS: ['ZJS'],
  KYSY: ['KYSY', 'KYE'],
  SFKY: ['SFKY'],
  ZTKY: ['ZTKY'],
  ANE: ['ANE', 'ANNENG'],
  DEPPON: ['DEPPON', 'DBL'],
};

/** The PDD logistics company of our express company, or null. `nameZh` is our catalogue's Chinese name. */
export function pddCompanyOf(companies: PddLogisticsCompany[], expressCompanyCode: string, nameZh: string | null): PddLogisticsCompany | null {
  const usable = companies.filter((c) => c.available === undefined || Number(c.available) === 1);
  const codes = PDD_COMPANY_CODES[expressCompanyCode] ?? [expressCompanyCode];
  const byCode = usable.find((c) => c.code && codes.includes(c.code.toUpperCase()));
  if (byCode) return byCode;
  return nameZh ? (usable.find((c) => c.logistics_company === nameZh) ?? null) : null;
}
