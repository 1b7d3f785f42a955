// A local stand-in for the Pinduoduo open platform, for tests only (node:http). It follows the
// published protocol, not our client: every gateway request is checked (client_id, timestamp
// within ±10 minutes, data_type, the MD5 sign over the exact values received), authorised calls
// need a live access_token, the increment calls refuse windows over 30 minutes and pages over 100,
// and answers have the documented keys (`<name>_response`, `error_response`). Also the merchants'
// consent page (GET /authorize → 302 to redirect_uri with code and state) and the waybill calls.
// Test controls: seed orders, goods, refunds; expire the tokens; throttle, hang or garble the next
// answers; change an order between two pages of a pull. Error code numbers it answers are those
// seen in SDKs where known [S] and its own otherwise [U] — see README.md.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PlatformAppCredentials } from '../../app-credentials.js';
import { pddSign } from './pdd.client.js';
import { beijingText } from './pdd.mapping.js';

/** The fake's error codes: 10019 token [S], 70031 throttled [S]; the rest are the fake's own [U]. */
export const FAKE_CODES = {
  MISSING_PARAMETER: 10000,
  CLIENT_ID: 10001,
  SIGN: 10002,
  TIMESTAMP: 10003,
  TOKEN: 10019,
  THROTTLED: 70031,
  BAD_PARAMETER: 50001,
  BUSINESS: 50002,
  UNKNOWN_TYPE: 10005,
} as const;

export interface PddFakeItem {
  goods_id: string;
  sku_id: string;
  outer_id?: string;
  goods_name: string;
  goods_price: string;
  goods_spec?: string;
  goods_count: number;
}

/** An order as the fake keeps it: PDD's fields, with updatedAt as a Date. */
export interface PddFakeOrder {
  order_sn: string;
  confirm_status: number;
  order_status: number;
  refund_status: number;
  after_sales_status: number;
  risk_control_status: number;
  createdAt: Date;
  updatedAt: Date;
  lastShipAt: Date | null;
  shippedAt: Date | null;
  logistics_id: number;
  tracking_number: string;
  province: string;
  city: string;
  town: string;
  receiver_name: string;
  receiver_phone: string;
  receiver_address: string;
  receiver_name_mask: string;
  receiver_phone_mask: string;
  receiver_address_mask: string;
  pay_amount: string;
  goods_amount: string;
  discount_amount: string;
  order_change_amount: string;
  postage: string;
  item_list: PddFakeItem[];
  /** Extra raw fields answered as given (a test's garbled status, an amount in fen). */
  raw?: Record<string, unknown>;
}

export type PddFakeOrderSeed = Partial<PddFakeOrder> & { order_sn: string; updatedAt: Date };

export interface PddFakeGoods {
  goods_id: string;
  goods_name: string;
  is_onsale: number;
  thumb_url?: string;
  sku_list: { sku_id: string; spec: string; outer_id?: string; outer_goods_id?: string; sku_quantity: number; is_sku_onsale?: number }[];
}

export interface PddFakeRefund {
  id: string;
  order_sn: string;
  after_sales_type: number;
  after_sales_status: number;
  after_sale_reason?: string;
  refund_amount: string;
  goods_id?: string;
  sku_id?: string;
  goods_name?: string;
  goods_price?: string;
  goods_number?: number;
  /** The buyer's return parcel. */
  shipping_name?: string;
  tracking_number?: string;
  createdAt?: Date;
  updatedAt: Date;
}

export interface PddFakeCall {
  type: string;
  params: Record<string, string>;
  /** 'ok', 'error:<code>', 'timeout', 'malformed'. */
  outcome: string;
}

export interface PddFakeWaybill {
  wpCode: string;
  waybillCode: string;
  objectId: string;
  orders: string[];
  recipient: Record<string, unknown>;
  cancelled: boolean;
}

/** PDD logistics companies as the fake lists them (ids are the fake's own [U]). */
export const FAKE_LOGISTICS_COMPANIES = [
  { id: 115, logistics_company: '中通快递', code: 'ZTO', available: 1 },
  { id: 85, logistics_company: '圆通快递', code: 'YTO', available: 1 },
  { id: 1, logistics_company: '申通快递', code: 'STO', available: 1 },
  { id: 121, logistics_company: '韵达快递', code: 'YUNDA', available: 1 },
  { id: 44, logistics_company: '顺丰快递', code: 'SF', available: 1 },
  { id: 118, logistics_company: '邮政EMS', code: 'EMS', available: 1 },
  { id: 120, logistics_company: '京东配送', code: 'JD', available: 1 },
  { id: 384, logistics_company: '极兔速递', code: 'JTSD', available: 1 },
  { id: 3, logistics_company: '百世快递', code: 'HT', available: 0 },
];

export interface PddFakeOptions {
  clientId?: string;
  clientSecret?: string;
  /** The shop (mall) that grants access: owner_id of the token answers. */
  ownerId?: string;
  ownerName?: string;
  now?: () => Date;
  tokenLifetimeSeconds?: number;
}

export interface PddFake {
  readonly gatewayUrl: string;
  readonly authorizeUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly ownerId: string;
  /** The installation credentials that reach this fake. */
  credentials(): PlatformAppCredentials;
  close(): Promise<void>;
  // ---- controls (FakeControl) ----
  seedOrders(orders: PddFakeOrderSeed[]): void;
  /** Every access token issued so far ends now (refresh tokens stay good). */
  expireToken(): void;
  /** The next n gateway calls answer "throttled". */
  throttleNext(count?: number): void;
  /** The next n gateway calls never answer. */
  timeoutNext(count?: number): void;
  /** The next n gateway calls answer garbage (cut-off JSON, or JSON without the answer's fields). */
  malformedNext(count?: number, shape?: 'truncated' | 'missingFields'): void;
  /** After the next page of an order increment, the order changes (updated now, plus `patch`). */
  changeOrderBetweenPages(orderSn: string, patch?: Partial<PddFakeOrder>): void;
  // ---- more seeds and a look inside ----
  seedGoods(goods: PddFakeGoods[]): void;
  seedRefunds(refunds: PddFakeRefund[]): void;
  /** The after-sale as the fake holds it now (its state after the seller's decisions). */
  refund(id: string): PddFakeRefund | undefined;
  /** The shop's return address library (pdd.refund.address.list.get); one default address unless set. */
  setReturnAddresses(addresses: PddFakeReturnAddress[]): void;
  /** Refresh tokens issued so far stop working (the seller withdrew the authorization). */
  revokeRefreshTokens(): void;
  /** A code as the consent page would give it. */
  issueCode(): string;
  order(orderSn: string): PddFakeOrder | undefined;
  /** The clear text of one of an order's receiver ciphertexts (what pdd.open.decrypt.batch answers). */
  clearText(encrypted: string): string | undefined;
  skuQuantity(skuId: string): number | undefined;
  readonly calls: PddFakeCall[];
  /** Requests refused for a wrong sign. */
  readonly badSignatures: number;
  readonly waybills: PddFakeWaybill[];
}

/** An address of the shop's return address library. */
export interface PddFakeReturnAddress {
  id: number;
  is_default: string;
  refund_name: string;
  refund_phone: string;
  refund_address: string;
}

class FakeError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly subMsg = '',
  ) {
    super(message);
  }
}

/** The request of pdd.waybill.get as the fake reads it (param_waybill_cloud_print_apply_new_request). */
interface WaybillAddress {
  province?: string;
  city?: string;
  district?: string;
  detail?: string;
}
interface WaybillRequest {
  wp_code?: string;
  need_encrypt?: boolean;
  sender?: { name?: string; mobile?: string; address?: WaybillAddress };
  trade_order_info_dtos?: {
    object_id?: string;
    template_url?: string;
    user_id?: string | number;
    order_info?: { order_channels_type?: string; trade_order_list?: string[] };
    package_info?: { items?: { name: string; count: number }[] };
    recipient?: { name?: string; mobile?: string; address?: WaybillAddress };
  }[];
}

const WINDOW_LIMIT_SECONDS = 30 * 60;
/** The answer keys of the calls served [C] (lywzx/pdd-node-sdk, generated from the documentation). */
const RESPONSE_KEYS: Record<string, string> = {
  'pdd.order.number.list.increment.get': 'order_sn_increment_get_response',
  'pdd.order.information.get': 'order_info_get_response',
  'pdd.refund.list.increment.get': 'refund_increment_get_response',
  'pdd.goods.list.get': 'goods_list_get_response',
  'pdd.goods.quantity.update': 'goods_quantity_update_response',
  'pdd.logistics.companies.get': 'logistics_companies_get_response',
  'pdd.logistics.online.send': 'logistics_online_send_response',
  'pdd.waybill.get': 'pdd_waybill_get_response',
  'pdd.waybill.cancel': 'pdd_waybill_cancel_response',
  'pdd.open.decrypt.batch': 'open_kms_decrypt_batch_response',
  'pdd.refund.agree': 'response',
  'pdd.refund.returngoods.agree': 'response',
  'pdd.refund.address.list.get': 'refund_address_list_get_response',
};
const TIMESTAMP_TOLERANCE_SECONDS = 600;
const secondsOf = (d: Date) => Math.floor(d.getTime() / 1000);

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startPddFake(options: PddFakeOptions = {}): Promise<PddFake> {
  const clientId = options.clientId ?? `pdd-client-${randomBytes(4).toString('hex')}`;
  const clientSecret = options.clientSecret ?? randomBytes(16).toString('hex');
  const ownerId = options.ownerId ?? String(100_000 + Math.floor(Math.random() * 800_000));
  const ownerName = options.ownerName ?? 'pdd-fake-mall';
  const now = options.now ?? (() => new Date());
  const lifetime = options.tokenLifetimeSeconds ?? 86_400;

  const orders = new Map<string, PddFakeOrder>();
  const goods = new Map<string, PddFakeGoods>();
  const refunds = new Map<string, PddFakeRefund>();
  let returnAddresses: PddFakeReturnAddress[] = [{ id: 7001, is_default: '1', refund_name: '售后组', refund_phone: '13800000000', refund_address: '上海市 浦东新区 张江路 1 号' }];
  const codes = new Set<string>();
  const accessTokens = new Map<string, { expiresAt: number }>();
  const refreshTokens = new Set<string>();
  const waybills: PddFakeWaybill[] = [];
  /** Receiver ciphertext → clear text, as PDD's key service knows them. */
  const clearTexts = new Map<string, string>();
  const calls: PddFakeCall[] = [];
  let badSignatures = 0;
  let throttle = 0;
  let hang = 0;
  const garble: ('truncated' | 'missingFields')[] = [];
  const pendingChanges: { orderSn: string; patch: Partial<PddFakeOrder> }[] = [];
  const hanging = new Set<ServerResponse>();
  let waybillSequence = 7_300_000_000;

  const token = () => randomBytes(18).toString('hex');

  function issueTokens(kind: 'create' | 'refresh') {
    const accessToken = token();
    const refreshToken = token();
    const expiresAt = secondsOf(now()) + lifetime;
    accessTokens.set(accessToken, { expiresAt });
    refreshTokens.add(refreshToken);
    const key = kind === 'create' ? 'pop_auth_token_create_response' : 'pop_auth_token_refresh_response';
    return {
      [key]: {
        access_token: accessToken,
        expires_in: lifetime,
        expires_at: expiresAt,
        refresh_token: refreshToken,
        refresh_token_expires_in: lifetime * 30,
        refresh_token_expires_at: expiresAt + lifetime * 29,
        owner_id: ownerId,
        owner_name: ownerName,
        scope: ['pdd.order.number.list.increment.get', 'pdd.goods.list.get'],
      },
    };
  }

  function orderJson(o: PddFakeOrder): Record<string, unknown> {
    // Receiver ciphertext only while the order waits for shipping and is not held by risk control [C].
    const encrypted = o.order_status === 1 && o.risk_control_status === 0;
    return {
      order_sn: o.order_sn,
      confirm_status: o.confirm_status,
      order_status: o.order_status,
      refund_status: o.refund_status,
      after_sales_status: o.after_sales_status,
      risk_control_status: o.risk_control_status,
      created_time: beijingText(o.createdAt),
      confirm_time: beijingText(o.createdAt),
      pay_time: beijingText(o.createdAt),
      updated_at: beijingText(o.updatedAt),
      last_ship_time: o.lastShipAt ? beijingText(o.lastShipAt) : '',
      shipping_time: o.shippedAt ? beijingText(o.shippedAt) : '',
      logistics_id: o.logistics_id,
      tracking_number: o.tracking_number,
      province: o.province,
      city: o.city,
      town: o.town,
      receiver_name: encrypted ? o.receiver_name : '',
      receiver_phone: encrypted ? o.receiver_phone : '',
      receiver_address: encrypted ? o.receiver_address : '',
      receiver_name_mask: o.receiver_name_mask,
      receiver_phone_mask: o.receiver_phone_mask,
      receiver_address_mask: o.receiver_address_mask,
      address_mask: `${o.province}${o.city}${o.town}${o.receiver_address_mask}`,
      pay_amount: o.pay_amount,
      goods_amount: o.goods_amount,
      discount_amount: o.discount_amount,
      order_change_amount: o.order_change_amount,
      postage: o.postage,
      item_list: o.item_list.map((i) => ({ ...i, outer_goods_id: '', goods_img: '' })),
      ...(o.raw ?? {}),
    };
  }

  const required = (p: Record<string, string>, name: string): string => {
    const v = p[name];
    if (v === undefined || v === '') throw new FakeError(FAKE_CODES.MISSING_PARAMETER, `缺少参数 ${name}`);
    return v;
  };
  const integer = (p: Record<string, string>, name: string, fallback?: number): number => {
    const raw = p[name];
    if (raw === undefined || raw === '') {
      if (fallback !== undefined) return fallback;
      throw new FakeError(FAKE_CODES.MISSING_PARAMETER, `缺少参数 ${name}`);
    }
    if (!/^-?\d+$/.test(raw)) throw new FakeError(FAKE_CODES.BAD_PARAMETER, `参数 ${name} 格式错误`);
    return Number(raw);
  };

  /** start/end of an increment call, checked as published: end after start, at most 30 minutes. */
  function windowOf(p: Record<string, string>): { start: number; end: number; page: number; pageSize: number } {
    const start = integer(p, 'start_updated_at');
    const end = integer(p, 'end_updated_at');
    if (end < start) throw new FakeError(FAKE_CODES.BAD_PARAMETER, 'end_updated_at 不能小于 start_updated_at');
    if (end - start > WINDOW_LIMIT_SECONDS) throw new FakeError(FAKE_CODES.BAD_PARAMETER, '开始时间结束时间间距不超过 30 分钟');
    const page = integer(p, 'page', 1);
    const pageSize = integer(p, 'page_size', 100);
    if (page < 1 || pageSize < 1 || pageSize > 100) throw new FakeError(FAKE_CODES.BAD_PARAMETER, 'page 从 1 开始, page_size 最大 100');
    return { start, end, page, pageSize };
  }

  function pageOf<T>(rows: T[], page: number, pageSize: number) {
    return { rows: rows.slice((page - 1) * pageSize, page * pageSize), hasNext: page * pageSize < rows.length };
  }

  function orderIncrement(p: Record<string, string>) {
    const { start, end, page, pageSize } = windowOf(p);
    const orderStatus = integer(p, 'order_status');
    const refundStatus = integer(p, 'refund_status');
    integer(p, 'is_lucky_flag');
    const all = [...orders.values()]
      .filter((o) => {
        const at = secondsOf(o.updatedAt);
        return at >= start && at <= end && (orderStatus === 5 || o.order_status === orderStatus) && (refundStatus === 5 || o.refund_status === refundStatus);
      })
      .sort((a, b) => a.updatedAt.getTime() - b.updatedAt.getTime() || a.order_sn.localeCompare(b.order_sn));
    const { rows, hasNext } = pageOf(all, page, pageSize);
    const answer = { order_sn_increment_get_response: { total_count: all.length, has_next: hasNext, order_sn_list: rows.map(orderJson) } };
    // The control: an order changes after this page was read, before the next one.
    for (const change of pendingChanges.splice(0)) {
      const o = orders.get(change.orderSn);
      if (o) Object.assign(o, { updatedAt: now() }, change.patch);
    }
    return answer;
  }

  function refundIncrement(p: Record<string, string>) {
    const { start, end, page, pageSize } = windowOf(p);
    const status = integer(p, 'after_sales_status');
    const type = integer(p, 'after_sales_type');
    const all = [...refunds.values()]
      .filter((r) => {
        const at = secondsOf(r.updatedAt);
        return at >= start && at <= end && (status === 1 || r.after_sales_status === status) && (type === 1 || r.after_sales_type === type);
      })
      .sort((a, b) => a.updatedAt.getTime() - b.updatedAt.getTime() || a.id.localeCompare(b.id));
    const { rows } = pageOf(all, page, pageSize);
    return {
      refund_increment_get_response: {
        total_count: all.length,
        refund_list: rows.map((r) => ({
          id: r.id,
          order_sn: r.order_sn,
          after_sales_type: r.after_sales_type,
          after_sales_status: r.after_sales_status,
          after_sale_reason: r.after_sale_reason ?? '',
          refund_amount: r.refund_amount,
          goods_id: r.goods_id ?? '',
          sku_id: r.sku_id ?? '',
          goods_name: r.goods_name ?? '',
          goods_price: r.goods_price ?? '0.00',
          goods_number: String(r.goods_number ?? 1),
          created_time: beijingText(r.createdAt ?? r.updatedAt),
          updated_time: beijingText(r.updatedAt),
          tracking_number: r.tracking_number ?? '',
          shipping_name: r.shipping_name ?? '',
        })),
      },
    };
  }

  function goodsList(p: Record<string, string>) {
    const page = integer(p, 'page', 1);
    const pageSize = integer(p, 'page_size', 100);
    if (page < 1 || pageSize < 1 || pageSize > 100) throw new FakeError(FAKE_CODES.BAD_PARAMETER, 'page 从 1 开始, page_size 最大 100');
    const all = [...goods.values()].sort((a, b) => a.goods_id.localeCompare(b.goods_id));
    const { rows } = pageOf(all, page, pageSize);
    return {
      goods_list_get_response: {
        total_count: all.length,
        goods_list: rows.map((g) => ({
          goods_id: g.goods_id,
          goods_name: g.goods_name,
          is_onsale: g.is_onsale,
          is_more_sku: g.sku_list.length > 1 ? 1 : 0,
          thumb_url: g.thumb_url ?? '',
          image_url: g.thumb_url ?? '',
          goods_quantity: g.sku_list.reduce((s, k) => s + k.sku_quantity, 0),
          goods_reserve_quantity: 0,
          sku_list: g.sku_list.map((s) => ({ ...s, outer_id: s.outer_id ?? '', outer_goods_id: s.outer_goods_id ?? '', is_sku_onsale: s.is_sku_onsale ?? 1, reserve_quantity: 0 })),
        })),
      },
    };
  }

  function quantityUpdate(p: Record<string, string>) {
    const goodsId = required(p, 'goods_id');
    const quantity = integer(p, 'quantity');
    const updateType = integer(p, 'update_type', 1);
    if (![1, 2].includes(updateType)) throw new FakeError(FAKE_CODES.BAD_PARAMETER, 'update_type 只能是 1 或 2');
    if (!p.sku_id && !p.outer_id) throw new FakeError(FAKE_CODES.MISSING_PARAMETER, 'sku_id和outer_id必填一个');
    const g = goods.get(goodsId);
    const sku = g?.sku_list.find((s) => (p.sku_id ? s.sku_id === p.sku_id : s.outer_id === p.outer_id));
    if (!g || !sku) throw new FakeError(FAKE_CODES.BUSINESS, '商品或sku不存在');
    const next = updateType === 1 ? quantity : sku.sku_quantity + quantity;
    if (next < 0 || (updateType === 1 && quantity < 0)) throw new FakeError(FAKE_CODES.BUSINESS, '库存不能小于0');
    sku.sku_quantity = next;
    return { goods_quantity_update_response: { is_success: true } };
  }

  function onlineSend(p: Record<string, string>) {
    const orderSn = required(p, 'order_sn');
    const logisticsId = integer(p, 'logistics_id');
    const trackingNumber = required(p, 'tracking_number');
    const o = orders.get(orderSn);
    if (!o) throw new FakeError(FAKE_CODES.BUSINESS, '订单不存在');
    const company = FAKE_LOGISTICS_COMPANIES.find((c) => c.id === logisticsId);
    if (!company || company.available !== 1) throw new FakeError(FAKE_CODES.BUSINESS, '快递公司不支持');
    const redelivery = integer(p, 'redelivery_type', 1);
    if (o.confirm_status !== 1 || o.refund_status === 4) throw new FakeError(FAKE_CODES.BUSINESS, '订单已取消或已退款，不能发货');
    if (redelivery === 1 && o.order_status !== 1) throw new FakeError(FAKE_CODES.BUSINESS, '订单不是待发货状态');
    if (redelivery === 2 && o.order_status !== 2) throw new FakeError(FAKE_CODES.BUSINESS, '订单不是已发货状态');
    Object.assign(o, { order_status: 2, logistics_id: logisticsId, tracking_number: trackingNumber, shippedAt: now(), updatedAt: now() });
    return { logistics_online_send_response: { is_success: true } };
  }

  function waybillGet(p: Record<string, string>) {
    let request: WaybillRequest;
    try {
      request = JSON.parse(required(p, 'param_waybill_cloud_print_apply_new_request'));
    } catch (error) {
      if (error instanceof FakeError) throw error;
      throw new FakeError(FAKE_CODES.BAD_PARAMETER, 'param_waybill_cloud_print_apply_new_request 不是 JSON');
    }
    const wpCode = String(request.wp_code ?? '');
    if (!FAKE_LOGISTICS_COMPANIES.some((c) => c.code === wpCode)) throw new FakeError(FAKE_CODES.BUSINESS, `未开通 ${wpCode} 电子面单`);
    const address = (a: WaybillAddress | undefined, who: string) => {
      for (const f of ['province', 'city', 'district', 'detail'] as const) if (!a?.[f]) throw new FakeError(FAKE_CODES.BAD_PARAMETER, `${who}.address.${f} 不能为空`);
    };
    if (!request.sender?.name) throw new FakeError(FAKE_CODES.BAD_PARAMETER, 'sender.name 不能为空');
    address(request.sender.address, 'sender');
    const dtos = request.trade_order_info_dtos;
    if (!Array.isArray(dtos) || dtos.length < 1 || dtos.length > 10) throw new FakeError(FAKE_CODES.BAD_PARAMETER, 'trade_order_info_dtos 数量 1-10');
    const modules = dtos.map((d) => {
      if (!d.object_id || !d.template_url || d.user_id === undefined) throw new FakeError(FAKE_CODES.BAD_PARAMETER, 'object_id, template_url, user_id 不能为空');
      const list = d.order_info?.trade_order_list;
      if (!Array.isArray(list) || list.length < 1 || list.length > 100 || !d.order_info?.order_channels_type) throw new FakeError(FAKE_CODES.BAD_PARAMETER, 'order_info 不完整');
      if (!Array.isArray(d.package_info?.items) || d.package_info.items.length < 1) throw new FakeError(FAKE_CODES.BAD_PARAMETER, 'package_info.items 不能为空');
      if (!d.recipient?.name) throw new FakeError(FAKE_CODES.BAD_PARAMETER, 'recipient.name 不能为空');
      address(d.recipient.address, 'recipient');
      const waybillCode = `${++waybillSequence}${String(waybills.length % 100).padStart(2, '0')}`;
      waybills.push({ wpCode, waybillCode, objectId: String(d.object_id), orders: list.map(String), recipient: d.recipient, cancelled: false });
      const to = d.recipient.address ?? {};
      const routing = { bigShotName: `${String(to.city).slice(0, 2)}-${waybillSequence % 100}`, threeSegmentCode: `${300 + (waybillSequence % 500)} ${waybillSequence % 90} ${waybillSequence % 7}`, packageCenterName: `${to.province}集包`, endBranchName: `${to.district}网点` };
      const data = { waybillCode, wpCode, routingInfo: routing, recipient: d.recipient, sender: request.sender };
      const printData = request.need_encrypt
        ? { encryptedData: Buffer.from(JSON.stringify(data)).toString('base64'), signature: pddSign({ waybillCode }, clientSecret), templateUrl: d.template_url, ver: '3' }
        : { data, templateUrl: d.template_url, ver: '3' };
      return { object_id: String(d.object_id), waybill_code: waybillCode, parent_waybill_code: '', print_data: JSON.stringify(printData) };
    });
    return { pdd_waybill_get_response: { modules } };
  }

  function waybillCancel(p: Record<string, string>) {
    const wpCode = required(p, 'wp_code');
    const code = required(p, 'waybill_code');
    const w = waybills.find((x) => x.waybillCode === code && x.wpCode === wpCode);
    if (!w) throw new FakeError(FAKE_CODES.BUSINESS, '面单号不存在');
    if (w.cancelled) throw new FakeError(FAKE_CODES.BUSINESS, '面单已取消');
    w.cancelled = true;
    return { pdd_waybill_cancel_response: { cancel_result: true } };
  }

  function stdTemplates(p: Record<string, string>) {
    const wp = p.wp_code;
    const list = FAKE_LOGISTICS_COMPANIES.filter((c) => !wp || c.code === wp);
    return {
      pdd_cloudprint_stdtemplates_get_response: {
        result: {
          datas: list.map((c) => ({
            wp_code: c.code,
            standard_templates: [{ standard_template_id: c.id, standard_template_name: `${c.logistics_company}一联单`, standard_template_url: `https://file-link.pinduoduo.com/${c.code.toLowerCase()}_one`, standard_waybill_type: 1 }],
          })),
        },
      },
    };
  }

  const AUTHORISED = new Set(['pdd.order.number.list.increment.get', 'pdd.order.information.get', 'pdd.goods.list.get', 'pdd.goods.quantity.update', 'pdd.logistics.online.send', 'pdd.refund.list.increment.get', 'pdd.waybill.get', 'pdd.waybill.cancel', 'pdd.open.decrypt.batch', 'pdd.refund.agree', 'pdd.refund.returngoods.agree', 'pdd.refund.address.list.get']);

  /** The `request` object of the after-sale decision calls, with the after-sale it names (of that order). */
  function decisionRequest(p: Record<string, string>) {
    let request: Record<string, unknown>;
    try {
      request = JSON.parse(required(p, 'request')) as Record<string, unknown>;
    } catch (error) {
      if (error instanceof FakeError) throw error;
      throw new FakeError(FAKE_CODES.BAD_PARAMETER, 'request 不是 JSON');
    }
    if (!request.after_sales_id || !request.order_sn) throw new FakeError(FAKE_CODES.BAD_PARAMETER, 'after_sales_id 和 order_sn 不能为空');
    const refund = refunds.get(String(request.after_sales_id));
    return { request, refund: refund && refund.order_sn === String(request.order_sn) ? refund : undefined };
  }

  /** pdd.refund.agree: a request awaiting the seller (2, 3) is agreed and being paid (4). */
  function refundAgree(p: Record<string, string>) {
    const { request, refund } = decisionRequest(p);
    const result = (succ: boolean, message: string) => ({ response: { result: { after_sales_id: request.after_sales_id, order_sn: request.order_sn, succ, message } } });
    if (!refund) return result(false, '售后单不存在');
    if (![2, 3].includes(refund.after_sales_status)) return result(false, `售后单状态${refund.after_sales_status}不能同意退款`);
    refunds.set(refund.id, { ...refund, after_sales_status: 4, updatedAt: now() });
    return result(true, '退款操作成功');
  }

  /** pdd.refund.returngoods.agree: a return awaiting the seller (3) is agreed to an address of the library (7). */
  function returnGoodsAgree(p: Record<string, string>) {
    const { request, refund } = decisionRequest(p);
    const result = (success: boolean, message: string) => ({ response: { success: true, result: { after_sales_id: request.after_sales_id, order_sn: request.order_sn, success, message } } });
    if (!returnAddresses.some((a) => String(a.id) === String(request.return_address_id ?? ''))) throw new FakeError(FAKE_CODES.BAD_PARAMETER, 'return_address_id 不存在');
    if (!refund) return result(false, '售后单不存在');
    if (refund.after_sales_type !== 3 || refund.after_sales_status !== 3) return result(false, `售后单状态${refund.after_sales_status}不能同意退货`);
    refunds.set(refund.id, { ...refund, after_sales_status: 7, updatedAt: now() });
    return result(true, '同意退货成功');
  }

  /** pdd.open.decrypt.batch: ≤ 100 items of {data_tag (the order_sn), encrypted_data}; each answered with its own error_code. */
  function decryptBatch(p: Record<string, string>): unknown {
    let list: unknown;
    try {
      list = JSON.parse(required(p, 'data_list'));
    } catch (error) {
      if (error instanceof FakeError) throw error;
      throw new FakeError(FAKE_CODES.BAD_PARAMETER, 'data_list 不是 JSON');
    }
    if (!Array.isArray(list) || !list.length) throw new FakeError(FAKE_CODES.BAD_PARAMETER, 'data_list 不能为空');
    if (list.length > 100) throw new FakeError(FAKE_CODES.BAD_PARAMETER, 'data_list 不能超过 100 条');
    const data_decrypt_list = list.map((item: { data_tag?: unknown; encrypted_data?: unknown }) => {
      const encrypted = String(item.encrypted_data ?? '');
      const order = orders.get(String(item.data_tag ?? ''));
      const belongs = !!order && [order.receiver_name, order.receiver_phone, order.receiver_address].includes(encrypted);
      const clear = belongs ? clearTexts.get(encrypted) : undefined;
      return clear === undefined
        ? { data_tag: String(item.data_tag ?? ''), encrypted_data: encrypted, error_code: 50001, error_msg: '解密失败：密文与订单不匹配' }
        : { data_tag: String(item.data_tag), encrypted_data: encrypted, decrypted_data: clear, data_type: encrypted === order!.receiver_name ? 5 : encrypted === order!.receiver_phone ? 6 : 8, error_code: 0 };
    });
    return { open_kms_decrypt_batch_response: { data_decrypt_list } };
  }

  const cipher = (encrypted: string, clear: string) => {
    clearTexts.set(encrypted, clear);
    return encrypted;
  };

  function handle(p: Record<string, string>): unknown {
    const type = required(p, 'type');
    if (required(p, 'client_id') !== clientId) throw new FakeError(FAKE_CODES.CLIENT_ID, 'client_id 不存在');
    const timestamp = integer(p, 'timestamp');
    if (Math.abs(timestamp - secondsOf(now())) > TIMESTAMP_TOLERANCE_SECONDS) throw new FakeError(FAKE_CODES.TIMESTAMP, 'timestamp 已过期');
    if (p.data_type && !['JSON', 'XML'].includes(p.data_type)) throw new FakeError(FAKE_CODES.BAD_PARAMETER, 'data_type 只能是 JSON 或 XML');
    const sign = required(p, 'sign');
    if (pddSign(p, clientSecret) !== sign) {
      badSignatures++;
      throw new FakeError(FAKE_CODES.SIGN, '签名错误');
    }
    if (AUTHORISED.has(type)) {
      const t = accessTokens.get(p.access_token ?? '');
      if (!t || t.expiresAt <= secondsOf(now())) throw new FakeError(FAKE_CODES.TOKEN, 'access_token已过期', 'access_token expired or invalid');
    }
    switch (type) {
      case 'pdd.pop.auth.token.create': {
        const code = required(p, 'code');
        if (!codes.delete(code)) throw new FakeError(FAKE_CODES.BUSINESS, 'code 无效或已使用');
        return issueTokens('create');
      }
      case 'pdd.pop.auth.token.refresh': {
        const refresh = required(p, 'refresh_token');
        if (!refreshTokens.delete(refresh)) throw new FakeError(FAKE_CODES.BUSINESS, 'refresh_token 无效');
        return issueTokens('refresh');
      }
      case 'pdd.order.number.list.increment.get':
        return orderIncrement(p);
      case 'pdd.order.information.get': {
        const o = orders.get(required(p, 'order_sn'));
        if (!o) throw new FakeError(FAKE_CODES.BUSINESS, '订单不存在');
        return { order_info_get_response: { order_info: orderJson(o) } };
      }
      case 'pdd.refund.list.increment.get':
        return refundIncrement(p);
      case 'pdd.goods.list.get':
        return goodsList(p);
      case 'pdd.goods.quantity.update':
        return quantityUpdate(p);
      case 'pdd.logistics.companies.get':
        return { logistics_companies_get_response: { logistics_companies: FAKE_LOGISTICS_COMPANIES } };
      case 'pdd.logistics.online.send':
        return onlineSend(p);
      case 'pdd.waybill.get':
        return waybillGet(p);
      case 'pdd.waybill.cancel':
        return waybillCancel(p);
      case 'pdd.cloudprint.stdtemplates.get':
        return stdTemplates(p);
      case 'pdd.open.decrypt.batch':
        return decryptBatch(p);
      case 'pdd.refund.agree':
        return refundAgree(p);
      case 'pdd.refund.returngoods.agree':
        return returnGoodsAgree(p);
      case 'pdd.refund.address.list.get':
        return { refund_address_list_get_response: { refund_address_list: returnAddresses.map((a) => ({ ...a })) } };
      default:
        throw new FakeError(FAKE_CODES.UNKNOWN_TYPE, `接口 ${type} 不存在`);
    }
  }

  const send = (res: ServerResponse, status: number, body: string, type = 'application/json;charset=utf-8') => {
    res.writeHead(status, { 'content-type': type });
    res.end(body);
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      if (req.method === 'GET' && url.pathname === '/authorize') {
        // The consent page, as if the merchant had agreed at once.
        const redirect = url.searchParams.get('redirect_uri');
        if (url.searchParams.get('client_id') !== clientId || url.searchParams.get('response_type') !== 'code' || !redirect) return send(res, 400, 'bad authorization request', 'text/plain');
        const code = fake.issueCode();
        const state = url.searchParams.get('state') ?? '';
        res.writeHead(302, { location: `${redirect}${redirect.includes('?') ? '&' : '?'}code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}` });
        return res.end();
      }
      if (url.pathname !== '/api/router') return send(res, 404, 'not found', 'text/plain');
      const body = req.method === 'POST' ? await readBody(req) : '';
      const params: Record<string, string> = {};
      for (const [k, v] of url.searchParams) params[k] = v;
      const contentType = String(req.headers['content-type'] ?? '');
      if (body && contentType.includes('application/json')) Object.assign(params, Object.fromEntries(Object.entries(JSON.parse(body) as Record<string, unknown>).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)])));
      else if (body) for (const [k, v] of new URLSearchParams(body)) params[k] = v;
      const type = params.type ?? '';
      const record = (outcome: string) => calls.push({ type, params, outcome });
      if (hang > 0) {
        hang--;
        record('timeout');
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      }
      if (throttle > 0) {
        throttle--;
        record(`error:${FAKE_CODES.THROTTLED}`);
        return send(res, 200, JSON.stringify({ error_response: { error_code: FAKE_CODES.THROTTLED, error_msg: '调用过于频繁，请调整调用频率', sub_code: '', sub_msg: '', request_id: token() } }));
      }
      const shape = garble.shift();
      if (shape) {
        record('malformed');
        return send(res, 200, shape === 'truncated' ? '{"order_sn_increment_get_response":{"total_count":3,"order_sn_li' : JSON.stringify({ [RESPONSE_KEYS[type] ?? 'response']: { request_id: token() } }));
      }
      try {
        const answer = handle(params);
        record('ok');
        send(res, 200, JSON.stringify(answer));
      } catch (error) {
        if (!(error instanceof FakeError)) {
          record('error:500');
          return send(res, 500, JSON.stringify({ error_response: { error_code: 50000, error_msg: String(error) } }));
        }
        record(`error:${error.code}`);
        send(res, 200, JSON.stringify({ error_response: { error_code: error.code, error_msg: error.message, sub_code: '', sub_msg: error.subMsg, request_id: token() } }));
      }
    })();
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: PddFake = {
    gatewayUrl: `${base}/api/router`,
    authorizeUrl: `${base}/authorize`,
    clientId,
    clientSecret,
    ownerId,
    credentials: () => ({ appKey: clientId, appSecret: clientSecret, gatewayUrl: `${base}/api/router`, authorizeUrl: `${base}/authorize` }),
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    seedOrders(seeds) {
      for (const s of seeds) {
        const items = s.item_list ?? [{ goods_id: '9001', sku_id: '90011', outer_id: 'SKU-A', goods_name: '拼多多测试商品', goods_price: '19.90', goods_spec: '红色,M', goods_count: 1 }];
        const itemsFen = items.reduce((sum, i) => sum + Math.round(Number(i.goods_price) * 100) * i.goods_count, 0);
        const goodsAmount = (itemsFen / 100).toFixed(2);
        const postage = s.postage ?? '0.00';
        orders.set(s.order_sn, {
          confirm_status: 1,
          order_status: 1,
          refund_status: 1,
          after_sales_status: 0,
          risk_control_status: 0,
          createdAt: s.updatedAt,
          lastShipAt: new Date(s.updatedAt.getTime() + 48 * 3_600_000),
          shippedAt: null,
          logistics_id: 0,
          tracking_number: '',
          province: '上海市',
          city: '上海市',
          town: '浦东新区',
          receiver_name: cipher(`~${randomBytes(6).toString('base64')}~name~1~`, '张伟'),
          receiver_phone: cipher(`$${randomBytes(12).toString('base64')}$phone$1$`, `138${s.order_sn.replace(/\D/g, '').slice(-8).padStart(8, '0')}`),
          receiver_address: cipher(`~${randomBytes(12).toString('base64')}~address~1~`, '世纪大道 100 号 8 楼'),
          receiver_name_mask: '张*',
          receiver_phone_mask: '138****0000',
          receiver_address_mask: '世纪大道**号',
          goods_amount: goodsAmount,
          pay_amount: ((itemsFen + Math.round(Number(postage) * 100)) / 100).toFixed(2),
          discount_amount: '0.00',
          order_change_amount: '0.00',
          postage,
          item_list: items,
          ...s,
        });
      }
    },
    expireToken() {
      for (const t of accessTokens.values()) t.expiresAt = secondsOf(now()) - 1;
    },
    throttleNext(count = 1) {
      throttle += count;
    },
    timeoutNext(count = 1) {
      hang += count;
    },
    malformedNext(count = 1, shape = 'truncated') {
      for (let i = 0; i < count; i++) garble.push(shape);
    },
    changeOrderBetweenPages(orderSn, patch = {}) {
      pendingChanges.push({ orderSn, patch });
    },
    seedGoods(list) {
      for (const g of list) goods.set(g.goods_id, structuredClone(g));
    },
    seedRefunds(list) {
      for (const r of list) refunds.set(r.id, { ...r });
    },
    refund: (id) => refunds.get(id),
    setReturnAddresses(list) {
      returnAddresses = list.map((a) => ({ ...a }));
    },
    revokeRefreshTokens() {
      refreshTokens.clear();
    },
    clearText(encrypted: string) {
      return clearTexts.get(encrypted);
    },
    issueCode() {
      const code = token();
      codes.add(code);
      return code;
    },
    order: (orderSn) => orders.get(orderSn),
    skuQuantity(skuId) {
      for (const g of goods.values()) for (const s of g.sku_list) if (s.sku_id === skuId) return s.sku_quantity;
      return undefined;
    },
    calls,
    get badSignatures() {
      return badSignatures;
    },
    waybills,
  };
  return fake;
}
