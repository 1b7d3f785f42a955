// What Douyin's words mean in our order model: order_status / main_status (numbers → the status
// words the order pipeline reads), amounts (Douyin sends integer fen), times (UNIX seconds), the
// receiver (the encrypted fields kept as they came, the masked ones shown), the after-sale state
// of each line, and our express company codes ↔ Douyin's company codes. A shop order that does not
// fit (a status we do not know, an amount that is not whole fen, a missing field) is refused whole
// with a message naming the order and the field: nothing half-mapped is handed on.
import type { AfterSaleDecisionIntent, PlatformAfterSale, PlatformAfterSaleType, PlatformOrder, PlatformOrderLine } from '../connector.js';

type Raw = Record<string, unknown>;

/**
 * order_status (CONNECTORS.md §4, official SDK field description [C]) → our status word and whether
 * Douyin still holds the order. null: not yet a deal (1 待确认/待支付), skipped — it comes again when it changes.
 * 105 已支付 is the paid order before Douyin releases it to stocking (2 备货中) [S]: held until then.
 */
export const DOUYIN_ORDER_STATUSES: Record<number, { status: string; held: boolean } | null> = {
  1: null,
  105: { status: 'WAIT_SELLER_SEND_GOODS', held: true },
  2: { status: 'WAIT_SELLER_SEND_GOODS', held: false },
  101: { status: 'SELLER_CONSIGNED_PART', held: false },
  3: { status: 'WAIT_BUYER_CONFIRM_GOODS', held: false },
  4: { status: 'TRADE_CLOSED', held: false },
  5: { status: 'TRADE_FINISHED', held: false },
};

/** main_status values that close the order whatever order_status says: 21/22/39 退款完结 [C]; 103 部分支付 is not yet a deal. */
export const DOUYIN_REFUNDED_MAIN_STATUSES = new Set([21, 22, 39]);
export const DOUYIN_PARTLY_PAID_MAIN_STATUS = 103;

/**
 * after_sale_info.after_sale_status of a line (official SDK field description) in progress: 6 申请,
 * 7 退货中, 11 已发货, 13/14 换货 [S]. Over: 12 成功, 27/28/29 拒绝/失败, 51 取消, 53 完成, 0 none.
 */
export const DOUYIN_AFTER_SALE_ACTIVE = new Set([6, 7, 11, 13, 14]);

/**
 * Our express company codes → Douyin's company codes (company_code of order.logisticsAdd, from
 * /order/logisticsCompanyList). [S]: the codes sellers' tools use; check the list before going live.
 */
export const DOUYIN_COMPANY_CODES: Record<string, string> = {
  SF: 'shunfeng',
  ZTO: 'zhongtong',
  YTO: 'yuantong',
  STO: 'shentong',
  YUNDA: 'yunda',
  JTSD: 'jtexpress',
  JDKD: 'jd',
  EMS: 'ems',
  POSTB: 'youzhengguonei',
  DBKD: 'debangkuaidi',
  HTKY: 'huitongkuaidi',
  UC: 'youshuwuliu',
  ZJS: 'zhaijisong',
  FWKD: 'fengwang',
};

/** Our code of a Douyin company code, or `DY:<code>` for one we do not know. */
export const expressCodeOfDouyinCompany = (code: string): string => Object.entries(DOUYIN_COMPANY_CODES).find(([, v]) => v === code)?.[0] ?? `DY:${code}`;

/** A Douyin company code for our express code (or a `DY:<code>` passed through). */
export const douyinCompanyOf = (expressCode: string): string | null => DOUYIN_COMPANY_CODES[expressCode] ?? (/^DY:[a-z0-9_]+$/i.test(expressCode) ? expressCode.slice(3) : null);

const text = (v: unknown): string => (v == null ? '' : String(v).trim());

/** Integer fen (a JSON number or digits) → yuan text with 2 decimals; null when it is not whole fen. */
export function fenToYuan(value: unknown): string | null {
  const t = typeof value === 'number' ? (Number.isSafeInteger(value) ? String(value) : '') : text(value);
  if (!/^\d{1,15}$/.test(t)) return null;
  const fen = BigInt(t);
  return `${fen / 100n}.${String(fen % 100n).padStart(2, '0')}`;
}

/** UNIX seconds (a number or digits) → Date; null when absent or 0. */
export function unixTime(value: unknown): Date | null | 'bad' {
  if (value == null || value === '' || value === 0 || value === '0') return null;
  const t = text(value);
  if (!/^\d{9,11}$/.test(t)) return 'bad';
  return new Date(Number(t) * 1000);
}

export interface DouyinLineAfterSale {
  skuOrderId: string;
  afterSaleStatus: number;
  afterSaleType: number | null;
  refundStatus: number | null;
}

/**
 * What the order's receiverRef holds (JSON): Douyin's ciphertexts of the receiver's name, phone and
 * address detail as they came (encrypt_post_receiver, encrypt_post_tel, post_addr.encrypt_detail),
 * and the street, which Douyin keeps in clear beside the encrypted detail. Decrypted only by the
 * decrypt step (order.batchDecrypt), never here; a Douyin waybill sends the ciphertexts as they are.
 */
export interface DouyinReceiverRef {
  name: string;
  phone: string;
  address: string;
  street: string;
}

/** The ciphertexts an order's receiverRef holds; null when it holds none of Douyin's (or is not JSON). */
export function douyinReceiverRefOf(ref: string | null | undefined): DouyinReceiverRef | null {
  if (!ref) return null;
  try {
    const r = JSON.parse(ref) as Partial<Record<keyof DouyinReceiverRef, unknown>>;
    const out = { name: text(r.name), phone: text(r.phone), address: text(r.address), street: text(r.street) };
    return out.name || out.phone || out.address ? out : null;
  } catch {
    return null;
  }
}

/** The order with what Douyin keeps encrypted, as it came (receiverRef). */
export interface DouyinPlatformOrder extends PlatformOrder {
  /** Lines with an after-sale (refund, return, exchange) on Douyin, and where it stands. */
  afterSales: DouyinLineAfterSale[];
  /** Some line has an after-sale in progress. */
  refunding: boolean;
}

type Mapped = { order: DouyinPlatformOrder; updatedAt: Date } | { skip: string; updatedAt: Date } | { problem: string };

/** A shop order of order.searchList as our order; `skip` for one that is not yet a deal; `problem` when it cannot be read. */
export function mapDouyinOrder(raw: Raw): Mapped {
  const orderId = text(raw.order_id);
  if (!/^\d{1,30}$/.test(orderId)) return { problem: `an order without a valid order_id (${JSON.stringify(raw.order_id ?? null)})` };
  const at = (field: string) => `order ${orderId}: ${field}`;
  const updatedAt = unixTime(raw.update_time);
  if (!updatedAt || updatedAt === 'bad') return { problem: `${at('update_time')} "${text(raw.update_time)}" is not a UNIX time` };
  const statusCode = Number(raw.order_status);
  if (!Number.isInteger(statusCode) || !(statusCode in DOUYIN_ORDER_STATUSES)) return { problem: `${at('order_status')} "${text(raw.order_status)}" is a Douyin order status this connector does not know` };
  const mainStatus = raw.main_status == null ? null : Number(raw.main_status);
  let mapped: { status: string; held: boolean } | null = DOUYIN_ORDER_STATUSES[statusCode] ?? null;
  if (mainStatus === DOUYIN_PARTLY_PAID_MAIN_STATUS) mapped = null;
  if (mainStatus !== null && DOUYIN_REFUNDED_MAIN_STATUSES.has(mainStatus)) mapped = { status: 'TRADE_CLOSED', held: false };
  if (!mapped) return { skip: `order ${orderId} is not paid yet`, updatedAt };
  const createdAt = unixTime(raw.create_time);
  if (!createdAt || createdAt === 'bad') return { problem: `${at('create_time')} "${text(raw.create_time)}" is not a UNIX time` };
  const payTime = unixTime(raw.pay_time);
  if (payTime === 'bad') return { problem: `${at('pay_time')} "${text(raw.pay_time)}" is not a UNIX time` };
  const expShip = unixTime(raw.exp_ship_time);
  if (expShip === 'bad') return { problem: `${at('exp_ship_time')} "${text(raw.exp_ship_time)}" is not a UNIX time` };
  const amount = fenToYuan(raw.pay_amount);
  if (amount === null) return { problem: `${at('pay_amount')} "${text(raw.pay_amount)}" is not an amount in fen` };
  const postFee = raw.post_amount == null ? '0.00' : fenToYuan(raw.post_amount);
  if (postFee === null) return { problem: `${at('post_amount')} "${text(raw.post_amount)}" is not an amount in fen` };
  const items = raw.sku_order_list;
  if (!Array.isArray(items) || items.length === 0) return { problem: `${at('sku_order_list')} is missing or empty` };
  const lines: PlatformOrderLine[] = [];
  const afterSales: DouyinLineAfterSale[] = [];
  for (const [i, item] of (items as Raw[]).entries()) {
    const field = (name: string) => at(`sku_order_list[${i}].${name}`);
    const skuId = text(item.sku_id);
    const productId = text(item.product_id_str) || text(item.product_id);
    if (!skuId || !productId) return { problem: `${field('sku_id')} and product_id are required` };
    const qty = Number(item.item_num);
    if (!Number.isInteger(qty) || qty < 1) return { problem: `${field('item_num')} "${text(item.item_num)}" is not a quantity` };
    const price = fenToYuan(item.origin_amount);
    if (price === null) return { problem: `${field('origin_amount')} "${text(item.origin_amount)}" is not an amount in fen` };
    const spec = Array.isArray(item.spec) ? (item.spec as Raw[]).map((s) => `${text(s.name)}:${text(s.value)}`).join(';') : '';
    lines.push({
      tbSpuId: productId,
      tbSkuId: skuId,
      outerSkuId: text(item.out_sku_id) || text(item.code) || null,
      title: text(item.product_name) || skuId,
      properties: spec || null,
      qty,
      price,
    });
    const info = (item.after_sale_info ?? null) as Raw | null;
    const status = info ? Number(info.after_sale_status ?? 0) : 0;
    if (info && !Number.isInteger(status)) return { problem: `${field('after_sale_info.after_sale_status')} "${text(info.after_sale_status)}" is not a status` };
    if (info && status !== 0) {
      afterSales.push({
        skuOrderId: text(item.order_id),
        afterSaleStatus: status,
        afterSaleType: info.after_sale_type == null ? null : Number(info.after_sale_type),
        refundStatus: info.refund_status == null ? null : Number(info.refund_status),
      });
    }
  }
  const addr = (raw.post_addr ?? {}) as Raw;
  const masked = (raw.mask_post_addr ?? addr) as Raw;
  const nameOf = (v: unknown) => text((v as Raw | null)?.name);
  const encryptedName = text(raw.encrypt_post_receiver);
  const encryptedTel = text(raw.encrypt_post_tel);
  const encryptedDetail = text(addr.encrypt_detail);
  const logistics = Array.isArray(raw.logistics_info) ? (raw.logistics_info as Raw[]) : [];
  const parcel = logistics.find((l) => text(l.tracking_no));
  const shippedAt = parcel ? unixTime(parcel.ship_time) : null;
  const order: DouyinPlatformOrder = {
    platformNo: orderId,
    status: mapped.status,
    // Douyin gives sellers no buyer nickname; doudian_open_id identifies the buyer to the app only.
    buyerNick: '',
    receiver: {
      name: text(raw.mask_post_receiver) || '*',
      phone: text(raw.mask_post_tel) || '*',
      province: nameOf(addr.province),
      city: nameOf(addr.city),
      district: nameOf(addr.town),
      address: [nameOf(masked.street), text(masked.detail)].filter(Boolean).join('') || '*',
    },
    receiverRef: encryptedName || encryptedTel || encryptedDetail ? JSON.stringify({ name: encryptedName, phone: encryptedTel, address: encryptedDetail, street: nameOf(addr.street) || nameOf(masked.street) } satisfies DouyinReceiverRef) : null,
    amount,
    postFee,
    payTime: payTime ?? createdAt,
    createdAt,
    updatedAt,
    lines,
    shipping: parcel && shippedAt && shippedAt !== 'bad' ? { expressCompanyCode: expressCodeOfDouyinCompany(text(parcel.company)), expressNo: text(parcel.tracking_no), shippedAt } : null,
    lastShipTime: expShip,
    promiseTimes: { promisedDeliveryTime: null, promiseSignTime: null, promiseOutboundTime: expShip, promiseDeliveryTime: null },
    riskControlled: mapped.held,
    afterSales,
    refunding: afterSales.some((a) => DOUYIN_AFTER_SALE_ACTIVE.has(a.afterSaleStatus)),
  };
  return { order, updatedAt };
}

// ---- after-sales ----------------------------------------------------------------------------------

/** afterSale.List aftersale_type (official SDK field description) → what the buyer asks for. */
export const DOUYIN_AFTER_SALE_TYPES: Record<number, PlatformAfterSaleType> = { 0: 'RETURN_REFUND', 1: 'REFUND_ONLY', 2: 'REFUND_ONLY', 3: 'EXCHANGE', 6: 'REFUND_ONLY', 7: 'EXCHANGE', 8: 'EXCHANGE' };

/**
 * afterSale.List aftersale_status → the after-sales area's words: 6 待商家同意, 7 待买家退货, 8 待商家发货
 * (exchange/resend), 11 待商家二次同意 (goods back), 12 售后成功, 3/13 换货待买家收货, 14 换货成功, 27/29 商家拒绝, 28 售后失败.
 */
export const DOUYIN_AFTER_SALE_STATUSES: Record<number, string> = {
  6: 'WAIT_SELLER_AGREE',
  7: 'WAIT_BUYER_RETURN_GOODS',
  8: 'WAIT_SELLER_CONFIRM_GOODS',
  11: 'WAIT_SELLER_CONFIRM_GOODS',
  12: 'SUCCESS',
  3: 'SUCCESS',
  13: 'SUCCESS',
  14: 'SUCCESS',
  27: 'SELLER_REFUSE_BUYER',
  29: 'SELLER_REFUSE_BUYER',
  28: 'CLOSED',
};

/**
 * An item of afterSale.List as our after-sale, or why it cannot be one. afterSale.List names the
 * lines by sku_order_id, product and the seller's SKU code (shop_sku_code), not by sku_id: the
 * line's tbSkuId is the sku order id then ([U]; the after-sales area falls back to the SKU code).
 */
export function mapDouyinAfterSale(raw: Raw): { afterSale: PlatformAfterSale; updatedAt: Date } | { problem: string } {
  const info = (raw.aftersale_info ?? null) as Raw | null;
  const orderInfo = (raw.order_info ?? null) as Raw | null;
  const id = text(info?.aftersale_id);
  if (!info || !/^\d{1,30}$/.test(id)) return { problem: `an after-sale without a valid aftersale_id (${JSON.stringify(info?.aftersale_id ?? null)})` };
  const at = (field: string) => `after-sale ${id}: ${field}`;
  const updatedAt = unixTime(info.update_time);
  if (!updatedAt || updatedAt === 'bad') return { problem: `${at('update_time')} "${text(info.update_time)}" is not a UNIX time` };
  const createdAt = unixTime(info.apply_time ?? info.create_time);
  if (!createdAt || createdAt === 'bad') return { problem: `${at('apply_time')} "${text(info.apply_time)}" is not a UNIX time` };
  const type = DOUYIN_AFTER_SALE_TYPES[Number(info.aftersale_type)];
  if (!type) return { problem: `${at('aftersale_type')} "${text(info.aftersale_type)}" is an after-sale type this connector does not know` };
  const status = DOUYIN_AFTER_SALE_STATUSES[Number(info.aftersale_status)];
  if (!status) return { problem: `${at('aftersale_status')} "${text(info.aftersale_status)}" is an after-sale status this connector does not know` };
  const refundFee = fenToYuan(info.refund_amount ?? 0);
  if (refundFee === null) return { problem: `${at('refund_amount')} "${text(info.refund_amount)}" is not an amount in fen` };
  const platformNo = text(orderInfo?.shop_order_id) || text(info.related_id);
  if (!platformNo) return { problem: `${at('order_info.shop_order_id')} is missing` };
  const related = Array.isArray(orderInfo?.related_order_info) ? (orderInfo!.related_order_info as Raw[]) : [];
  const lines: PlatformOrderLine[] = [];
  for (const [i, r] of related.entries()) {
    const qty = Number(r.aftersale_item_num ?? r.item_num);
    if (!Number.isInteger(qty) || qty < 0) return { problem: `${at(`related_order_info[${i}].aftersale_item_num`)} "${text(r.aftersale_item_num)}" is not a quantity` };
    const price = fenToYuan(r.price ?? 0);
    if (price === null) return { problem: `${at(`related_order_info[${i}].price`)} "${text(r.price)}" is not an amount in fen` };
    const spec = Array.isArray(r.sku_spec) ? (r.sku_spec as Raw[]).map((s) => `${text(s.name)}:${text(s.value)}`).join(';') : '';
    lines.push({ tbSpuId: text(r.product_id), tbSkuId: text(r.sku_order_id), outerSkuId: text(r.shop_sku_code) || null, title: text(r.product_name), properties: spec || null, qty, price });
  }
  const returnNo = text(info.return_logistics_code);
  return {
    afterSale: {
      refundId: id,
      platformNo,
      type,
      status,
      reason: text((raw.text_part as Raw | undefined)?.reason_text) || null,
      refundFee,
      lines,
      buyerExpressCompanyCode: returnNo ? text(info.return_logistics_company_name) || null : null,
      buyerExpressNo: returnNo || null,
      createdAt,
      updatedAt,
    },
    updatedAt,
  };
}

// ---- after-sale decisions -------------------------------------------------------------------------

/**
 * afterSale.operate type codes. [S]: 201 agree / 202 refuse a refund (a third-party PHP SDK's
 * constants), 101 agree a return (the official SDK model: type 101 needs the return address);
 * [U]: 102 refuse a return, 111 agree the refund of returned goods (received), 112 refuse it —
 * the official code table (op.jinritemai.com question-docs 93/2752) was not readable from here.
 */
export const DOUYIN_OPERATE_TYPES = {
  agreeReturn: 101,
  refuseReturn: 102,
  agreeReceivedReturn: 111,
  refuseReceivedReturn: 112,
  agreeRefund: 201,
  refuseRefund: 202,
} as const;

export type DouyinOperation = { type: number; refuse: boolean; returnAddress: boolean } | { impossible: string };

/**
 * The afterSale.operate call an intent (the shared afterSaleDecisionIntent) takes on an after-sale
 * of this type in this state, or why Douyin offers none: exchanges are decided on the Douyin shop
 * backend; a return and refund is paid once the goods are back (agree the return first).
 */
export function douyinOperationOf(intent: Exclude<AfterSaleDecisionIntent, 'NONE'>, type: PlatformAfterSaleType, status: string): DouyinOperation {
  const t = DOUYIN_OPERATE_TYPES;
  if (type === 'EXCHANGE') return { impossible: 'Douyin exchanges are decided on the Douyin shop backend (not through this connector)' };
  const waiting = status === 'WAIT_SELLER_AGREE';
  const goodsBack = status === 'WAIT_SELLER_CONFIRM_GOODS';
  if (type === 'REFUND_ONLY') {
    if (!waiting) return { impossible: `a refund-only after-sale in state ${status} takes no decision on Douyin` };
    if (intent === 'AGREE_RETURN') return { impossible: 'a refund-only after-sale has no return to agree: agree or refuse the refund' };
    return intent === 'PAY' ? { type: t.agreeRefund, refuse: false, returnAddress: false } : { type: t.refuseRefund, refuse: true, returnAddress: false };
  }
  if (waiting) {
    if (intent === 'PAY') return { impossible: 'Douyin refunds a return and refund once the goods are back: agree the return first' };
    return intent === 'AGREE_RETURN' ? { type: t.agreeReturn, refuse: false, returnAddress: true } : { type: t.refuseReturn, refuse: true, returnAddress: false };
  }
  if (goodsBack) {
    if (intent === 'AGREE_RETURN') return { impossible: 'the goods are already back: agree or refuse the refund' };
    return intent === 'PAY' ? { type: t.agreeReceivedReturn, refuse: false, returnAddress: false } : { type: t.refuseReceivedReturn, refuse: true, returnAddress: false };
  }
  return { impossible: `Douyin takes no decision while the after-sale is ${status} (the buyer is sending the goods back)` };
}
