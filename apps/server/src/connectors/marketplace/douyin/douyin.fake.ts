// A local fake of the Douyin shop (抖店) open platform for tests (never used by the app), following
// the published protocol as CONNECTORS.md §4 gives it: POST `/<method with '.' → '/'>`, the common
// parameters in the query, param_json as the body. Every call is checked as Douyin checks it: the
// common parameters, the path matching `method`, the app key, param_json being the recursively
// key-sorted compact JSON of itself, the signature (md5 or hmac-sha256) over the exact bytes
// received, the timestamp within ±10 minutes, then the access token and the shop's authorisation;
// then the method's documented parameters (order.searchList's page from 0, size ≤ 100 …). Answers
// are `{code, msg, sub_code, sub_msg, data, log_id}`, success code 10000. Controls let a test make
// the platform misbehave: throttle (60000), hang, answer malformed, expire tokens, withdraw the
// shop's authorisation, change an order between two pages. Codes marked [S]/[U] in README.md.
// It also serves Douyin's electronic waybills (logistics.newCreateOrder / waybillApply / cancelOrder),
// receiver decryption (order.batchDecrypt) and after-sale decisions (afterSale.Detail,
// afterSale.rejectReasonCodeList, address.list, afterSale.operate). Ids Douyin types int64 (product,
// SKU, address, after-sale ids in the operate answer) are written as bare JSON numbers, beyond 2^53
// too, and request bodies are read without rounding them (douyin.json.ts).
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseJsonLossless, stringifyJsonLossless } from './douyin.json.js';
import { doudianParamJson, doudianSignatureValid, type DoudianSignMethod } from './douyin.sign.js';

/** Answers this fake gives for the gateway's refusals ([S] codes, [U] sub_codes; README). */
export const FAKE_DOUDIAN_ERRORS = {
  missingParam: { code: 40001, msg: '缺少必选参数', sub_code: 'isv.missing-parameter' },
  appKey: { code: 40003, msg: '非法参数', sub_code: 'isv.app-key-invalid' },
  sign: { code: 40003, msg: '非法参数', sub_code: 'isv.signature-invalid' },
  timestamp: { code: 40003, msg: '非法参数', sub_code: 'isv.timestamp-invalid' },
  paramJson: { code: 40003, msg: '非法参数', sub_code: 'isv.parameter-invalid' },
  method: { code: 40003, msg: '非法参数', sub_code: 'isv.method-invalid' },
  tokenExpired: { code: 40003, msg: '非法参数', sub_code: 'isv.access-token-expired' },
  tokenMissing: { code: 40003, msg: '非法参数', sub_code: 'isv.access-token-no-existed' },
  authorizationGone: { code: 30001, msg: '权限不足', sub_code: 'dop.authorization-no-existed' },
  tokenFailure: { code: 50001, msg: '生成token失败', sub_code: 'isv.token-create-failed' },
  business: { code: 50002, msg: '业务处理失败', sub_code: 'isv.business-failed' },
  throttled: { code: 60000, msg: '触发限流', sub_code: 'isv.trigger-flow-control' },
  afterSaleState: { code: 50002, msg: '业务处理失败', sub_code: 'isv.business-failed:20309541' },
} as const;

/** What order.batchDecrypt answers for a ciphertext it does not decrypt ([U] numbers; the field names are the SDK's). */
export const FAKE_DECRYPT_ERRORS = {
  mismatch: { err_no: 300008, err_msg: '密文与auth_id不匹配' },
  quota: { err_no: 300009, err_msg: '解密额度不足' },
} as const;

type ErrorAnswer = { code: number; msg: string; sub_code: string };

export interface DouyinFakeSkuOrder {
  order_id: string;
  parent_order_id: string;
  /** A bare JSON number on the wire, beyond 2^53 too. */
  product_id: number | bigint;
  product_id_str: string;
  product_name: string;
  sku_id: number | bigint;
  out_sku_id?: string;
  code?: string;
  spec?: { name: string; value: string }[];
  item_num: number;
  /** Unit price, fen. */
  origin_amount: number;
  sum_amount: number;
  order_status: number;
  after_sale_info?: { after_sale_status: number; after_sale_type: number; refund_status: number };
}

/** A shop order as order.searchList answers it (times in UNIX seconds, money in fen). */
export interface DouyinFakeOrder {
  order_id: string;
  shop_id: number;
  order_status: number;
  order_status_desc?: string;
  main_status: number;
  create_time: number;
  update_time: number;
  pay_time: number;
  exp_ship_time: number;
  order_amount: number;
  pay_amount: number;
  post_amount: number;
  encrypt_post_receiver: string;
  encrypt_post_tel: string;
  mask_post_receiver: string;
  mask_post_tel: string;
  post_addr: { province: { name: string; id: string }; city: { name: string; id: string }; town: { name: string; id: string }; street: { name: string; id: string }; detail: string; encrypt_detail: string };
  mask_post_addr?: { province: { name: string; id: string }; city: { name: string; id: string }; town: { name: string; id: string }; street: { name: string; id: string }; detail: string };
  logistics_info: { tracking_no: string; company: string; company_name: string; ship_time: number; delivery_id: string }[];
  sku_order_list: DouyinFakeSkuOrder[];
  buyer_words?: string;
  seller_words?: string;
}

export interface DouyinFakeProduct {
  product_id: string;
  name: string;
  out_product_id?: string;
  /** 0 on sale, 1 off sale [S]. */
  status: number;
  img?: string;
}

export interface DouyinFakeSku {
  id: string;
  product_id: string;
  code?: string;
  out_sku_id?: string;
  price: number;
  spec_detail_name1?: string;
  spec_detail_name2?: string;
  stock_num: number;
}

/** An item of afterSale.List (times in UNIX seconds, money in fen). */
export interface DouyinFakeAfterSale {
  aftersale_info: {
    aftersale_id: string;
    aftersale_type: number;
    aftersale_status: number;
    related_id: string;
    apply_time: number;
    update_time: number;
    refund_amount: number;
    return_logistics_code?: string;
    return_logistics_company_name?: string;
  };
  order_info: { shop_order_id: string; related_order_info: { sku_order_id: string; product_id: number; product_name: string; shop_sku_code?: string; item_num: number; aftersale_item_num: number; price: number }[] };
  text_part?: { reason_text?: string };
}

/** A seller address of address.list (the return address agreed returns go back to). */
export interface DouyinFakeAddress {
  address_id: string;
  reciever_name: string;
  receiver_provinc: string;
  receiver_city: string;
  receiver_district: string;
  receiver_detail: string;
  /** 1: the shop's default return address. */
  is_default: number;
}

/** A reason afterSale.rejectReasonCodeList offers (evidence_need Y: a refusal with it must carry evidence). */
export interface DouyinFakeRejectReason {
  reject_reason_code: number;
  reason: string;
  evidence_need: 'Y' | 'N';
}

/** One afterSale.operate item the fake accepted. */
export interface DouyinFakeDecision {
  type: number;
  aftersaleId: string;
  item: Record<string, unknown>;
}

export interface DouyinFakeWaybill {
  trackNo: string;
  logisticsCode: string;
  orderId: string;
  userId: string;
  cancelled: boolean;
  sender: unknown;
  receiver: unknown;
  /** The receiver went as the order's Douyin ciphertexts (a Douyin order printed with a Douyin waybill). */
  encryptedReceiver: boolean;
}

export interface DouyinFakeCall {
  method: string;
  query: Record<string, string>;
  /** The exact body received (the signed param_json). */
  body: string;
  params: Record<string, unknown> | null;
  /** Why the gateway refused the call: null when signature, timestamp, app key and token passed. */
  refused: string | null;
}

export interface DouyinFakeOptions {
  appKey?: string;
  appSecret?: string;
  /** The service id of the app's service on the service market (the consent page takes it). */
  serviceId?: string;
  /** The callback registered with the service: where the consent page sends the seller back. */
  callbackUrl?: string;
  shopId?: string;
  now?: () => Date;
  accessTokenTtlSeconds?: number;
}

export interface DouyinFake {
  /** The gateway's base address (OPENSELLER_CONNECTOR_DY_GATEWAY_URL). */
  gatewayUrl: string;
  /** The consent page (OPENSELLER_CONNECTOR_DY_AUTHORIZE_URL). */
  authorizeUrl: string;
  appKey: string;
  appSecret: string;
  serviceId: string;
  shopId: string;
  calls: DouyinFakeCall[];
  orders: Map<string, DouyinFakeOrder>;
  products: Map<string, DouyinFakeProduct>;
  skus: Map<string, DouyinFakeSku>;
  waybills: DouyinFakeWaybill[];
  afterSales: Map<string, DouyinFakeAfterSale>;
  /** address.list: the shop's addresses (one default return address to begin with). */
  addresses: DouyinFakeAddress[];
  /** afterSale.rejectReasonCodeList: the reasons offered for every after-sale. */
  rejectReasons: DouyinFakeRejectReason[];
  /** afterSale.operate items accepted, in order. */
  decisions: DouyinFakeDecision[];
  /** Calls whose signature did not verify. */
  readonly badSignatures: number;
  credentials(): { appKey: string; appSecret: string; gatewayUrl: string; authorizeUrl: string; serviceId: string };
  seedOrders(orders: DouyinFakeOrder[]): void;
  seedProducts(products: DouyinFakeProduct[], skus: DouyinFakeSku[]): void;
  /** After-sales as afterSale.List / afterSale.Detail answer them. */
  seedAfterSales(afterSales: DouyinFakeAfterSale[]): void;
  /** The clear receiver behind a seeded order's ciphertexts (defaults: 张三, 13800138000, 文三路100号1单元101室). */
  setClearReceiver(orderId: string, clear: { name?: string; tel?: string; detail?: string }): void;
  /** order.batchDecrypt answers this ciphertext with a per-item error from now on. */
  failDecryptOf(cipherText: string, error?: { err_no: number; err_msg: string }): void;
  /** Every access token issued so far stops working (isv.access-token-expired); refresh tokens still work. */
  expireToken(): void;
  /** The shop withdraws the app's authorisation: calls answer dop.authorization-no-existed and refreshes fail. */
  revokeAuthorization(): void;
  throttleNext(n?: number): void;
  timeoutNext(n?: number): void;
  malformedNext(n?: number): void;
  /** After the next order.searchList page is answered, the order changes (update_time = now). */
  changeOrderBetweenPages(orderId: string, change?: Partial<DouyinFakeOrder>): void;
  /** Issues an authorisation code as the consent page would. */
  issueCode(): string;
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

export async function startDouyinFake(options: DouyinFakeOptions = {}): Promise<DouyinFake> {
  const appKey = options.appKey ?? '7000000000000000001';
  const appSecret = options.appSecret ?? 'douyin-fake-app-secret';
  const serviceId = options.serviceId ?? '5901';
  const callbackUrl = options.callbackUrl ?? 'http://app/#/authorization';
  const shopId = options.shopId ?? '4463798';
  const now = options.now ?? (() => new Date());
  const ttl = options.accessTokenTtlSeconds ?? 7 * 86_400;
  const codes = new Map<string, { expiresAt: number; used: boolean }>();
  const tokens = new Map<string, { expiresAt: number; revoked: boolean }>();
  const refreshTokens = new Map<string, { used: boolean }>();
  let authorized = true;
  let throttle = 0;
  let hang = 0;
  let broken = 0;
  let badSignatures = 0;
  let trackSeq = 0;
  const pendingChanges: { orderId: string; change: Partial<DouyinFakeOrder> }[] = [];
  const hanging = new Set<ServerResponse>();
  const calls: DouyinFakeCall[] = [];
  const orders = new Map<string, DouyinFakeOrder>();
  const products = new Map<string, DouyinFakeProduct>();
  const skus = new Map<string, DouyinFakeSku>();
  const waybills: DouyinFakeWaybill[] = [];
  const afterSales = new Map<string, DouyinFakeAfterSale>();
  const shipments = new Map<string, string>();
  /** ciphertext → the order it belongs to and its clear text. */
  const ciphers = new Map<string, { authId: string; clear: string }>();
  const decryptFailures = new Map<string, { err_no: number; err_msg: string }>();
  const addresses: DouyinFakeAddress[] = [
    { address_id: '7301234567890123456', reciever_name: '退货仓', receiver_provinc: '浙江省', receiver_city: '杭州市', receiver_district: '余杭区', receiver_detail: '仓前街道文一西路1号', is_default: 1 },
  ];
  const rejectReasons: DouyinFakeRejectReason[] = [
    { reject_reason_code: 1, reason: '商品已影响二次销售', evidence_need: 'Y' },
    { reject_reason_code: 2, reason: '与买家协商一致，不予退款', evidence_need: 'N' },
  ];
  const decisions: DouyinFakeDecision[] = [];
  const secret = () => randomBytes(18).toString('base64url');
  const seconds = () => Math.floor(now().getTime() / 1000);

  const answer = (res: ServerResponse, body: Record<string, unknown>) => {
    res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
    // BigInt ids go out as bare JSON numbers, as Douyin writes its int64 fields.
    res.end(stringifyJsonLossless({ log_id: randomBytes(8).toString('hex'), sub_code: '', sub_msg: '', ...body }));
  };
  const ok = (res: ServerResponse, data: unknown) => answer(res, { code: 10000, msg: 'success', data });
  const fail = (res: ServerResponse, e: ErrorAnswer, subMsg = '') => answer(res, { code: e.code, msg: e.msg, sub_code: e.sub_code, sub_msg: subMsg, data: {} });

  function issueTokens() {
    const accessToken = secret();
    const refreshToken = secret();
    tokens.set(accessToken, { expiresAt: now().getTime() + ttl * 1000, revoked: false });
    refreshTokens.set(refreshToken, { used: false });
    return { access_token: accessToken, expires_in: ttl, refresh_token: refreshToken, scope: 'SCOPE', shop_id: Number(shopId), shop_name: '抖店测试店', authority_id: shopId, auth_subject_type: 'MiniApp' };
  }

  function issueCode(): string {
    const code = secret();
    codes.set(code, { expiresAt: now().getTime() + 10 * 60_000, used: false });
    return code;
  }

  const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);

  /** The ciphertexts of an order and the clear values behind them (defaults unless given). */
  function registerCiphers(o: DouyinFakeOrder, clear: { name?: string; tel?: string; detail?: string }) {
    const set = (cipher: string, value: string | undefined, fallback: string) => {
      if (!cipher) return;
      const before = ciphers.get(cipher);
      ciphers.set(cipher, { authId: o.order_id, clear: value ?? (before?.authId === o.order_id ? before.clear : fallback) });
    };
    set(o.encrypt_post_receiver, clear.name, '张三');
    set(o.encrypt_post_tel, clear.tel, '13800138000');
    set(o.post_addr.encrypt_detail, clear.detail, '文三路100号1单元101室');
  }

  function searchList(p: Record<string, unknown>, res: ServerResponse) {
    const page = int(p.page ?? 0);
    const size = int(p.size ?? 10);
    if (page === null || page < 0 || size === null || size < 1 || size > 100) return fail(res, FAKE_DOUDIAN_ERRORS.paramJson, 'page 从0开始，size 不能超过100');
    const orderBy = p.order_by ?? 'create_time';
    if (orderBy !== 'create_time' && orderBy !== 'update_time') return fail(res, FAKE_DOUDIAN_ERRORS.paramJson, 'order_by 取值错误');
    if (p.order_asc !== undefined && typeof p.order_asc !== 'boolean') return fail(res, FAKE_DOUDIAN_ERRORS.paramJson, 'order_asc 取值错误');
    const bounds = ['create_time_start', 'create_time_end', 'update_time_start', 'update_time_end'] as const;
    for (const b of bounds) if (p[b] !== undefined && int(p[b]) === null) return fail(res, FAKE_DOUDIAN_ERRORS.paramJson, `${b} 必须是秒级时间戳`);
    const inRange = (v: number, start: unknown, end: unknown) => (start === undefined || v >= Number(start)) && (end === undefined || v <= Number(end));
    const asc = p.order_asc === true;
    const key = orderBy === 'update_time' ? 'update_time' : 'create_time';
    // Ties in the sort field come in no particular order (a scrambled id order here).
    const scramble = (id: string) => id.split('').reverse().join('');
    const matching = [...orders.values()]
      .filter((o) => inRange(o.create_time, p.create_time_start, p.create_time_end) && inRange(o.update_time, p.update_time_start, p.update_time_end))
      .sort((a, b) => (asc ? a[key] - b[key] : b[key] - a[key]) || scramble(a.order_id).localeCompare(scramble(b.order_id)));
    ok(res, { page, size, total: matching.length, shop_order_list: matching.slice(page * size, (page + 1) * size) });
    for (const { orderId, change } of pendingChanges.splice(0)) {
      const order = orders.get(orderId);
      if (order) orders.set(orderId, { ...order, order_status: 4, main_status: 4, ...change, update_time: seconds() });
    }
  }

  /** Douyin's party shape in the waybill request ([S]/[U]). */
  type Party = { address?: Partial<Record<'province_name' | 'city_name' | 'district_name' | 'street_name' | 'detail_address', string>>; contact?: { name?: string; mobile?: string } };

  function newCreateOrder(p: Record<string, unknown>, res: ServerResponse) {
    const sender = p.sender_info as Party | undefined;
    const infos = p.order_infos;
    if (typeof p.logistics_code !== 'string' || !p.logistics_code) return fail(res, FAKE_DOUDIAN_ERRORS.missingParam, 'logistics_code 不能为空');
    if (!sender?.address?.province_name || !sender?.contact?.name) return fail(res, FAKE_DOUDIAN_ERRORS.missingParam, 'sender_info 不完整');
    if (!Array.isArray(infos) || infos.length === 0 || infos.length > 50) return fail(res, FAKE_DOUDIAN_ERRORS.paramJson, 'order_infos 数量 1~50');
    const known = ['zhongtong', 'yuantong', 'shentong', 'yunda', 'shunfeng', 'jtexpress', 'youzhengguonei', 'ems', 'jd'];
    if (!known.includes(p.logistics_code)) return fail(res, FAKE_DOUDIAN_ERRORS.business, `未开通${p.logistics_code}电子面单服务`);
    const ebill: unknown[] = [];
    const errs: unknown[] = [];
    for (const info of infos as { order_id?: string; pack_id?: string; receiver_info?: Party }[]) {
      const r = info.receiver_info;
      if (!info.order_id || !r?.address?.province_name || !r?.address?.city_name || !r?.address?.district_name || !r?.address?.detail_address || !r?.contact?.name) {
        errs.push({ order_id: info.order_id ?? '', pack_id: info.pack_id ?? '', err_code: '10001', err_msg: '收件人信息不完整' });
        continue;
      }
      // Ciphertexts are taken for the shop's own Douyin orders only, and only the ones of that order.
      const sent = [r.contact.name, r.contact.mobile, r.address.detail_address].filter((v): v is string => typeof v === 'string' && ciphers.has(v));
      const order = orders.get(String(info.order_id));
      if (sent.length && (!order || sent.some((c) => ciphers.get(c)!.authId !== order.order_id))) {
        errs.push({ order_id: info.order_id, pack_id: info.pack_id ?? '', err_code: '10002', err_msg: '收件人密文与订单不匹配' });
        continue;
      }
      const trackNo = `${p.logistics_code === 'zhongtong' ? '7' : '9'}${String(880000000000 + ++trackSeq)}`;
      waybills.push({ trackNo, logisticsCode: p.logistics_code, orderId: String(info.order_id), userId: String(p.user_id ?? ''), cancelled: false, sender, receiver: r, encryptedReceiver: sent.length > 0 });
      ebill.push({
        order_id: info.order_id,
        pack_id: info.pack_id ?? '',
        track_no: trackNo,
        sort_code: `${300 + (trackSeq % 50)}-${10 + (trackSeq % 9)} ${String(trackSeq).padStart(3, '0')}`,
        package_center_code: '571',
        package_center_name: `${r.address.city_name ?? ''}集包中心`,
        short_address_code: '21',
        short_address_name: `${r.address.district_name ?? ''}分部`,
      });
    }
    ok(res, { ebill_infos: ebill, err_infos: errs });
  }

  function waybillApply(p: Record<string, unknown>, res: ServerResponse) {
    const applies = p.waybill_applies;
    if (!Array.isArray(applies) || applies.length === 0) return fail(res, FAKE_DOUDIAN_ERRORS.missingParam, 'waybill_applies 不能为空');
    const infos: unknown[] = [];
    const errs: unknown[] = [];
    for (const a of applies as Record<string, unknown>[]) {
      const w = waybills.find((x) => x.trackNo === a.track_no && x.logisticsCode === a.logistics_code);
      if (!w || w.cancelled) errs.push({ track_no: a.track_no, err_code: '20001', err_msg: '面单不存在或已取消' });
      else infos.push({ track_no: w.trackNo, print_data: Buffer.from(JSON.stringify({ trackNo: w.trackNo, receiver: w.receiver })).toString('base64'), sign: randomBytes(16).toString('hex') });
    }
    ok(res, { waybill_infos: infos, err_infos: errs });
  }

  /** order.batchDecrypt: ≤ 50 ciphertexts, each tagged with its order id (auth_id); per-item err_no. */
  function batchDecrypt(p: Record<string, unknown>, res: ServerResponse) {
    const infos = p.cipher_infos;
    if (!Array.isArray(infos) || infos.length === 0) return fail(res, FAKE_DOUDIAN_ERRORS.missingParam, 'cipher_infos 不能为空');
    if (infos.length > 50) return fail(res, FAKE_DOUDIAN_ERRORS.paramJson, 'cipher_infos 最多50条');
    const decrypt_infos = (infos as Record<string, unknown>[]).map((info) => {
      const cipherText = String(info.cipher_text ?? '');
      const authId = String(info.auth_id ?? '');
      const known = ciphers.get(cipherText);
      const failure = decryptFailures.get(cipherText) ?? (!known || known.authId !== authId ? FAKE_DECRYPT_ERRORS.mismatch : null);
      const dataType = cipherText.startsWith('$') ? 3 : cipherText.startsWith('#') ? 2 : 1;
      if (failure) return { auth_id: authId, cipher_text: cipherText, decrypt_text: '', data_type: dataType, is_virtual_tel: false, ...failure };
      return { auth_id: authId, cipher_text: cipherText, decrypt_text: known!.clear, err_no: 0, err_msg: '', data_type: dataType, is_virtual_tel: false, phone_no_a: '', phone_no_b: '' };
    });
    ok(res, { decrypt_infos, custom_err: { err_code: 0, err_msg: '' } });
  }

  const afterSaleOf = (id: unknown) => afterSales.get(String(id ?? ''));

  /** afterSale.operate type codes and the states each applies in ([S] 201/202, 101 needing logistics; the rest [U], README). */
  const OPERATIONS: Record<number, { from: number[]; types: number[]; to: number; refuse: boolean; address: boolean }> = {
    101: { from: [6], types: [0, 3], to: 7, refuse: false, address: true },
    102: { from: [6], types: [0, 3], to: 27, refuse: true, address: false },
    111: { from: [11, 8], types: [0], to: 12, refuse: false, address: false },
    112: { from: [11, 8], types: [0], to: 29, refuse: true, address: false },
    201: { from: [6], types: [1, 2], to: 12, refuse: false, address: false },
    202: { from: [6], types: [1, 2], to: 27, refuse: true, address: false },
  };

  function afterSaleOperate(p: Record<string, unknown>, res: ServerResponse) {
    const type = int(p.type);
    const items = p.items;
    if (type === null || !(type in OPERATIONS)) return fail(res, FAKE_DOUDIAN_ERRORS.paramJson, 'type 取值错误');
    if (!Array.isArray(items) || items.length === 0 || items.length > 20) return fail(res, FAKE_DOUDIAN_ERRORS.paramJson, 'items 数量 1~20');
    const op = OPERATIONS[type]!;
    // Any item refused refuses the whole request (Douyin's rule for batches).
    for (const item of items as Record<string, unknown>[]) {
      const a = afterSaleOf(item.aftersale_id);
      if (!a) return fail(res, { code: 20000, msg: '系统错误', sub_code: 'isp.service-error:10000' }, '存在无效的售后单');
      if (item.update_time !== undefined && Number(item.update_time) !== a.aftersale_info.update_time) return fail(res, FAKE_DOUDIAN_ERRORS.afterSaleState, '售后单已变更，请重新获取');
      if (!op.from.includes(a.aftersale_info.aftersale_status) || !op.types.includes(a.aftersale_info.aftersale_type)) return fail(res, FAKE_DOUDIAN_ERRORS.afterSaleState, '售后状态错误');
      if (op.refuse) {
        const reason = rejectReasons.find((r) => r.reject_reason_code === Number(item.reject_reason_code));
        if (!reason || !item.reason || !item.remark) return fail(res, FAKE_DOUDIAN_ERRORS.missingParam, '拒绝时 reject_reason_code、reason、remark 必填');
        if (reason.evidence_need === 'Y' && !(Array.isArray(item.evidence) && item.evidence.length)) return fail(res, FAKE_DOUDIAN_ERRORS.missingParam, '该拒绝原因需上传凭证');
      }
      if (op.address) {
        const logistics = item.logistics as Record<string, unknown> | undefined;
        if (!addresses.some((x) => x.address_id === String(logistics?.receiver_address_id ?? ''))) return fail(res, FAKE_DOUDIAN_ERRORS.paramJson, 'receiver_address_id 无效');
      }
    }
    const answered = (items as Record<string, unknown>[]).map((item) => {
      const a = afterSaleOf(item.aftersale_id)!;
      a.aftersale_info.aftersale_status = op.to;
      a.aftersale_info.update_time = Math.max(a.aftersale_info.update_time + 1, seconds());
      decisions.push({ type, aftersaleId: a.aftersale_info.aftersale_id, item });
      return { aftersale_id: BigInt(a.aftersale_info.aftersale_id), status_code: 0, status_msg: 'success' };
    });
    ok(res, { items: answered });
  }

  function dispatch(method: string, p: Record<string, unknown>, res: ServerResponse) {
    switch (method) {
      case 'order.batchDecrypt':
        return batchDecrypt(p, res);
      case 'afterSale.Detail': {
        const a = afterSaleOf(p.after_sale_id);
        if (!a) return fail(res, FAKE_DOUDIAN_ERRORS.business, '售后单不存在');
        const i = a.aftersale_info;
        return ok(res, {
          process_info: {
            after_sale_info: { after_sale_id: BigInt(i.aftersale_id), after_sale_status: i.aftersale_status, after_sale_type: i.aftersale_type, apply_time: i.apply_time, update_time: i.update_time, refund_total_amount: i.refund_amount },
          },
          order_info: { order_id: a.order_info.shop_order_id },
        });
      }
      case 'afterSale.rejectReasonCodeList': {
        if (!afterSaleOf(p.aftersale_id)) return fail(res, FAKE_DOUDIAN_ERRORS.business, '售后单不存在');
        return ok(res, { items: rejectReasons.map((r) => ({ ...r, evidence_description: '', image: '', order_type: -1, pkg: -1 })) });
      }
      case 'address.list': {
        const pageNo = int(p.page_no ?? 1);
        const pageSize = int(p.page_size ?? 10);
        if (pageNo === null || pageNo < 1 || pageSize === null || pageSize < 1 || pageSize > 100) return fail(res, FAKE_DOUDIAN_ERRORS.paramJson, 'page_no 从1开始');
        const list = addresses.slice((pageNo - 1) * pageSize, pageNo * pageSize).map((x) => ({ ...x, address_id: BigInt(x.address_id), is_send_default: 0, receiver_street: '' }));
        return ok(res, { total: addresses.length, page_no: pageNo, page_size: pageSize, address_list: list });
      }
      case 'afterSale.operate':
        return afterSaleOperate(p, res);
      case 'order.searchList':
        return searchList(p, res);
      case 'afterSale.List': {
        const page = int(p.page ?? 0);
        const size = int(p.size ?? 10);
        if (page === null || page < 0 || size === null || size < 1 || size > 100) return fail(res, FAKE_DOUDIAN_ERRORS.paramJson, 'page 从0开始，size 不能超过100');
        for (const b of ['update_start_time', 'update_end_time'] as const) if (p[b] !== undefined && int(p[b]) === null) return fail(res, FAKE_DOUDIAN_ERRORS.paramJson, `${b} 必须是秒级时间戳`);
        const orderBy = Array.isArray(p.order_by) ? (p.order_by as unknown[]).map(String) : [];
        if (orderBy.some((o) => !/^(status_deadline|apply_time|update_time) (asc|desc)$/.test(o))) return fail(res, FAKE_DOUDIAN_ERRORS.paramJson, 'order_by 取值错误');
        const asc = orderBy[0] === 'update_time asc';
        const list = [...afterSales.values()]
          .filter((a) => (p.update_start_time === undefined || a.aftersale_info.update_time >= Number(p.update_start_time)) && (p.update_end_time === undefined || a.aftersale_info.update_time <= Number(p.update_end_time)))
          .sort((a, b) => (asc ? 1 : -1) * (a.aftersale_info.update_time - b.aftersale_info.update_time));
        const items = list.slice(page * size, (page + 1) * size);
        return ok(res, { items, has_more: (page + 1) * size < list.length, total: list.length, page, size });
      }
      case 'product.listV2': {
        const page = int(p.page ?? 1);
        const size = int(p.size ?? 10);
        if (page === null || page < 1 || size === null || size < 1 || size > 100) return fail(res, FAKE_DOUDIAN_ERRORS.paramJson, 'page 从1开始，size 不能超过100');
        const list = [...products.values()].sort((a, b) => a.product_id.localeCompare(b.product_id));
        return ok(res, { data: list.slice((page - 1) * size, page * size).map((x) => ({ ...x, product_id: BigInt(x.product_id) })), page, size, total: list.length });
      }
      case 'sku.list': {
        if (p.product_id === undefined) return fail(res, FAKE_DOUDIAN_ERRORS.missingParam, 'product_id 不能为空');
        return ok(res, [...skus.values()].filter((s) => s.product_id === String(p.product_id)).map((s) => ({ ...s, id: BigInt(s.id), product_id: BigInt(s.product_id) })));
      }
      case 'sku.syncStock': {
        const sku = skus.get(String(p.sku_id ?? ''));
        const stock = int(p.stock_num);
        if (stock === null || stock < 0) return fail(res, FAKE_DOUDIAN_ERRORS.paramJson, 'stock_num 必须是非负整数');
        if (p.incremental === true && !p.idempotent_id) return fail(res, FAKE_DOUDIAN_ERRORS.missingParam, '增量更新时 idempotent_id 必填');
        if (!sku) return fail(res, FAKE_DOUDIAN_ERRORS.business, 'sku不存在');
        if (p.product_id !== undefined && String(p.product_id) !== sku.product_id) return fail(res, FAKE_DOUDIAN_ERRORS.business, 'sku与商品不匹配');
        sku.stock_num = p.incremental === true ? sku.stock_num + stock : stock;
        return ok(res, {});
      }
      case 'order.logisticsAdd': {
        const order = orders.get(String(p.order_id ?? ''));
        if (!p.order_id || !p.company_code || !p.logistics_code) return fail(res, FAKE_DOUDIAN_ERRORS.missingParam, 'order_id、company_code、logistics_code 必填');
        if (!order) return fail(res, FAKE_DOUDIAN_ERRORS.business, '订单不存在');
        const shipment = `${String(p.company_code)}:${String(p.logistics_code)}`;
        if (shipments.get(order.order_id) === shipment) return ok(res, {});
        if (order.order_status !== 2 && order.order_status !== 101) return fail(res, FAKE_DOUDIAN_ERRORS.business, '订单状态不允许发货');
        shipments.set(order.order_id, shipment);
        orders.set(order.order_id, {
          ...order,
          order_status: 3,
          main_status: 3,
          update_time: seconds(),
          logistics_info: [{ tracking_no: String(p.logistics_code), company: String(p.company_code), company_name: String(p.company_code), ship_time: seconds(), delivery_id: secret() }],
        });
        return ok(res, {});
      }
      case 'logistics.newCreateOrder':
        return newCreateOrder(p, res);
      case 'logistics.waybillApply':
        return waybillApply(p, res);
      case 'logistics.cancelOrder': {
        const w = waybills.find((x) => x.trackNo === p.track_no && x.logisticsCode === p.logistics_code);
        if (!w) return fail(res, FAKE_DOUDIAN_ERRORS.business, '面单不存在');
        if (w.cancelled) return fail(res, FAKE_DOUDIAN_ERRORS.business, '面单已取消');
        w.cancelled = true;
        return ok(res, { cancel_result: { success: true } });
      }
      default:
        return fail(res, FAKE_DOUDIAN_ERRORS.method, `method ${method} 不存在`);
    }
  }

  function tokenCall(method: string, p: Record<string, unknown>, res: ServerResponse) {
    if (method === 'token.create') {
      if (p.grant_type !== 'authorization_code' && p.grant_type !== 'authorization_self') return fail(res, FAKE_DOUDIAN_ERRORS.paramJson, 'grant_type 取值错误');
      const entry = codes.get(String(p.code ?? ''));
      if (!entry || entry.used || entry.expiresAt < now().getTime()) return fail(res, FAKE_DOUDIAN_ERRORS.tokenFailure, 'code 无效或已过期');
      entry.used = true;
      authorized = true;
      return ok(res, issueTokens());
    }
    if (p.grant_type !== 'refresh_token') return fail(res, FAKE_DOUDIAN_ERRORS.paramJson, 'grant_type 取值错误');
    const entry = refreshTokens.get(String(p.refresh_token ?? ''));
    if (!authorized) return fail(res, FAKE_DOUDIAN_ERRORS.authorizationGone, '店铺授权已失效');
    if (!entry || entry.used) return fail(res, FAKE_DOUDIAN_ERRORS.tokenFailure, 'refresh_token 无效');
    entry.used = true;
    return ok(res, issueTokens());
  }

  async function gateway(req: IncomingMessage, url: URL, res: ServerResponse) {
    const body = req.method === 'POST' ? await readBody(req) : '';
    const query: Record<string, string> = Object.fromEntries(url.searchParams);
    const method = query.method ?? '';
    let params: Record<string, unknown> | null;
    try {
      // int64 ids beyond 2^53 stay exact (BigInt), so the body re-serialises to the very bytes signed.
      const parsed = parseJsonLossless(body, { bigints: 'bigint' });
      params = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
    } catch {
      params = null;
    }
    const call: DouyinFakeCall = { method, query, body, params, refused: null };
    calls.push(call);
    const refuse = (why: string, e: ErrorAnswer, subMsg = '') => {
      call.refused = why;
      fail(res, e, subMsg);
    };
    if (req.method !== 'POST') return refuse('http-method', FAKE_DOUDIAN_ERRORS.paramJson, '只支持 POST');
    for (const k of ['app_key', 'method', 'v', 'timestamp', 'sign']) if (!query[k]) return refuse('missing', FAKE_DOUDIAN_ERRORS.missingParam, `缺少 ${k}`);
    if (url.pathname !== `/${method.replace(/\./g, '/')}`) return refuse('path', FAKE_DOUDIAN_ERRORS.method, 'path 与 method 不一致');
    if (query.v !== '2') return refuse('v', FAKE_DOUDIAN_ERRORS.paramJson, 'v 必须为 2');
    if (query.app_key !== appKey) return refuse('app_key', FAKE_DOUDIAN_ERRORS.appKey);
    const signMethod = (query.sign_method ?? 'md5') as DoudianSignMethod;
    if (signMethod !== 'md5' && signMethod !== 'hmac-sha256') return refuse('sign_method', FAKE_DOUDIAN_ERRORS.paramJson, 'sign_method 取值错误');
    if (!params) return refuse('param_json', FAKE_DOUDIAN_ERRORS.paramJson, 'param_json 不是 JSON 对象');
    // The body must be the canonical form Douyin signs (keys sorted recursively, compact).
    if (doudianParamJson(params) !== body) return refuse('param_json', FAKE_DOUDIAN_ERRORS.paramJson, 'param_json 须按 key 递归排序且无多余空白');
    if (!doudianSignatureValid({ appKey: query.app_key!, method, paramJson: body, timestamp: query.timestamp!, sign: query.sign! }, appSecret, signMethod)) {
      badSignatures++;
      return refuse('sign', FAKE_DOUDIAN_ERRORS.sign);
    }
    const ts = Number(query.timestamp);
    if (!/^\d{10}$/.test(query.timestamp!) || Math.abs(ts * 1000 - now().getTime()) > 10 * 60_000) return refuse('timestamp', FAKE_DOUDIAN_ERRORS.timestamp);
    if (throttle > 0) {
      throttle--;
      return refuse('throttled', FAKE_DOUDIAN_ERRORS.throttled);
    }
    if (hang > 0) {
      hang--;
      call.refused = 'timeout';
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    if (broken > 0) {
      broken--;
      call.refused = 'malformed';
      res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
      return res.end('{"code":10000,"msg":"success","data":{"shop_order_li');
    }
    if (method === 'token.create' || method === 'token.refresh') return tokenCall(method, params, res);
    const token = tokens.get(query.access_token ?? '');
    if (!token) return refuse('token', FAKE_DOUDIAN_ERRORS.tokenMissing);
    if (!authorized) return refuse('authorization', FAKE_DOUDIAN_ERRORS.authorizationGone, '店铺授权已失效');
    if (token.revoked || token.expiresAt <= now().getTime()) return refuse('token', FAKE_DOUDIAN_ERRORS.tokenExpired);
    dispatch(method, params, res);
  }

  /** The service market's consent page: service_id and state in; back to the service's registered callback with code and state. */
  function consent(url: URL, res: ServerResponse) {
    const q = url.searchParams;
    if (q.get('service_id') !== serviceId) {
      res.writeHead(400, { 'content-type': 'text/plain;charset=utf-8' });
      return res.end('服务不存在 (invalid service_id)');
    }
    const back = `${callbackUrl}${callbackUrl.includes('?') ? '&' : '?'}code=${encodeURIComponent(issueCode())}&state=${encodeURIComponent(q.get('state') ?? '')}`;
    res.writeHead(302, { location: back });
    res.end();
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname === '/authorize') return consent(url, res);
    gateway(req, url, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    gatewayUrl: base,
    authorizeUrl: `${base}/authorize`,
    appKey,
    appSecret,
    serviceId,
    shopId,
    calls,
    orders,
    products,
    skus,
    waybills,
    afterSales,
    addresses,
    rejectReasons,
    decisions,
    get badSignatures() {
      return badSignatures;
    },
    credentials: () => ({ appKey, appSecret, gatewayUrl: base, authorizeUrl: `${base}/authorize`, serviceId }),
    seedOrders(list) {
      // Statuses outside the published set are taken too: a test may seed one the connector must refuse.
      for (const o of list) {
        orders.set(o.order_id, o);
        registerCiphers(o, {});
      }
    },
    seedAfterSales(list) {
      for (const a of list) afterSales.set(a.aftersale_info.aftersale_id, a);
    },
    setClearReceiver(orderId, clear) {
      const o = orders.get(orderId);
      if (o) registerCiphers(o, clear);
    },
    failDecryptOf(cipherText, error = FAKE_DECRYPT_ERRORS.quota) {
      decryptFailures.set(cipherText, error);
    },
    seedProducts(productList, skuList) {
      for (const p of productList) products.set(p.product_id, p);
      for (const s of skuList) skus.set(s.id, s);
    },
    expireToken() {
      for (const t of tokens.values()) t.revoked = true;
    },
    revokeAuthorization() {
      authorized = false;
    },
    throttleNext(n = 1) {
      throttle += n;
    },
    timeoutNext(n = 1) {
      hang += n;
    },
    malformedNext(n = 1) {
      broken += n;
    },
    changeOrderBetweenPages(orderId, change = {}) {
      pendingChanges.push({ orderId, change });
    },
    issueCode,
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A Douyin shop order for tests: paid and being stocked (order_status 2), changed at `updated`, one sku order per line given. */
export function douyinFakeOrder(
  orderId: string,
  updated: Date,
  lines: { skuId: string; productId: string; outSkuId?: string; qty?: number; priceFen?: number }[],
  over: Partial<DouyinFakeOrder> = {},
): DouyinFakeOrder {
  const updateTime = Math.floor(updated.getTime() / 1000);
  const created = updateTime - 3600;
  const goods = lines.reduce((sum, l) => sum + (l.priceFen ?? 1000) * (l.qty ?? 1), 0);
  const region = { province: { name: '浙江省', id: '33' }, city: { name: '杭州市', id: '3301' }, town: { name: '西湖区', id: '330106' }, street: { name: '文新街道', id: '330106010' } };
  return {
    order_id: orderId,
    shop_id: 4463798,
    order_status: 2,
    main_status: 2,
    create_time: created,
    update_time: updateTime,
    pay_time: created + 30,
    exp_ship_time: created + 48 * 3600,
    order_amount: goods + 600,
    pay_amount: goods + 600,
    post_amount: 600,
    // Douyin's encrypted receiver fields (order.searchList): opaque ciphertext, kept as is.
    encrypt_post_receiver: `#enc#name#${orderId}#`,
    encrypt_post_tel: `$enc$tel$${orderId}$`,
    mask_post_receiver: '张**',
    mask_post_tel: '138****0000',
    post_addr: { ...region, detail: '文三路**号', encrypt_detail: `~enc~detail~${orderId}~` },
    mask_post_addr: { ...region, detail: '文三路**号' },
    logistics_info: [],
    sku_order_list: lines.map((l, i) => ({
      order_id: `${orderId}${i + 1}`,
      parent_order_id: orderId,
      product_id: BigInt(l.productId),
      product_id_str: l.productId,
      product_name: `商品 ${l.skuId}`,
      sku_id: BigInt(l.skuId),
      out_sku_id: l.outSkuId,
      code: l.outSkuId,
      spec: [{ name: '颜色', value: '红色' }],
      item_num: l.qty ?? 1,
      origin_amount: l.priceFen ?? 1000,
      sum_amount: (l.priceFen ?? 1000) * (l.qty ?? 1),
      order_status: 2,
    })),
    ...over,
  };
}
