// A local fake of JD's open platform for tests (never used by the app): the JOS gateway
// `/routerjson` and the OAuth endpoints, following the published protocol as CONNECTORS.md §3
// gives it. Every gateway call is checked as JD checks it: the common parameters, the app key, the
// MD5 signature over the exact values received, the timestamp within ±6 minutes, the access token;
// then the method's documented parameters (enSearch's window, order_state CSV, page_size ≤ 100…).
// Controls let a test misbehave the platform: throttle, hang, answer malformed, expire tokens,
// change an order between two pages. Codes and wordings marked [U] in README.md are this fake's.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { josSignatureValid, josTime, parseJosTime, type JosParams } from './jd.sign.js';

/** Gateway error codes this fake answers with ([U], see README). */
export const FAKE_JOS_ERRORS = {
  missingParam: { code: '3', zh_desc: '缺少必选参数', en_desc: 'missing required parameter' },
  appKey: { code: '10', zh_desc: '无效的app_key', en_desc: 'invalid app_key' },
  method: { code: '12', zh_desc: '不存在的方法名', en_desc: 'method not found' },
  sign: { code: '14', zh_desc: '签名无效', en_desc: 'invalid signature' },
  timestamp: { code: '9', zh_desc: '时间戳无效，与服务器时间相差超过6分钟', en_desc: 'invalid timestamp' },
  token: { code: '19', zh_desc: 'Token已过期或者不存在，请重新授权访问', en_desc: 'token expired or invalid' },
  throttled: { code: '1001', zh_desc: '调用频率超过限制', en_desc: 'call frequency limit exceeded' },
  badParam: { code: '61', zh_desc: '参数错误', en_desc: 'invalid parameter' },
} as const;

/** Why a request fails the gateway's checks, or null. */
export function verifyJosRequest(params: JosParams, appSecret: string, now: Date): { kind: 'sign' | 'timestamp' | 'missing'; detail: string } | null {
  for (const key of ['method', 'app_key', 'timestamp', 'v', 'sign']) {
    if (!params[key]) return { kind: 'missing', detail: key };
  }
  if (!josSignatureValid(params, appSecret)) return { kind: 'sign', detail: 'signature mismatch' };
  const at = parseJosTime(params.timestamp);
  if (!at || Math.abs(at.getTime() - now.getTime()) > 6 * 60_000) return { kind: 'timestamp', detail: String(params.timestamp) };
  return null;
}

export interface JdFakeConsignee {
  fullname: string;
  mobile: string;
  telephone?: string;
  province: string;
  city: string;
  county: string;
  fullAddress: string;
}

export interface JdFakeItem {
  skuId: string;
  wareId: string;
  outerSkuId?: string;
  skuName: string;
  jdPrice: string;
  itemTotal: string;
}

/** An order as JD's OrderSearchInfo (times in China time, money in yuan strings). */
export interface JdFakeOrder {
  orderId: string;
  venderId: string;
  orderType: string;
  orderState: string;
  orderStateRemark?: string;
  orderTotalPrice: string;
  orderSellerPrice: string;
  orderPayment: string;
  freightPrice: string;
  sellerDiscount: string;
  orderStartTime: string;
  paymentConfirmTime: string;
  modified: string;
  pin: string;
  consigneeInfo: JdFakeConsignee;
  itemInfoList: JdFakeItem[];
  waybill?: string;
  logisticsId?: string;
  orderRemark?: string;
  venderRemark?: string;
  /** The handle of the encrypted receiver (jingdong.jos.order.oaid.decrypt). */
  oaid?: string;
}

export interface JdFakeSku {
  skuId: string;
  wareId: string;
  skuName: string;
  outerId?: string;
  jdPrice: string;
  stockNum: number;
  saleAttrs?: { attrId: string; attrValueAlias: string[] }[];
}

export interface JdFakeWare {
  wareId: string;
  title: string;
  outerId?: string;
  wareStatus: number;
  logo?: string;
}

/** A refund apply (退款审核单) as JD's RefundApplyVo: times in China time, applyRefundSum in fen. */
export interface JdFakeRefundApply {
  id: string;
  orderId: string;
  status: number;
  applyRefundSum: number;
  applyTime: string;
  checkTime?: string;
  modified: string;
  buyerId?: string;
  buyerName?: string;
  reason?: string;
  checkUserName?: string;
  checkRemark?: string;
  skuVoList?: { skuId: string; skuName: string; skuCount: number }[];
}

export interface JdFakeCall {
  method: string;
  params: Record<string, string>;
  business: Record<string, unknown> | null;
  /** The gateway's check of the call: null when signature, timestamp and app key passed. */
  refused: string | null;
}

export interface JdFakeOptions {
  appKey?: string;
  appSecret?: string;
  /** The seller's uid JD reports for the shop that consents. */
  uid?: string;
  now?: () => Date;
  accessTokenTtlSeconds?: number;
}

export interface JdFake {
  /** The gateway address (OPENSELLER_CONNECTOR_JD_GATEWAY_URL). */
  gatewayUrl: string;
  /** The consent page (OPENSELLER_CONNECTOR_JD_AUTHORIZE_URL); the token calls are on the same host. */
  authorizeUrl: string;
  appKey: string;
  appSecret: string;
  uid: string;
  calls: JdFakeCall[];
  orders: Map<string, JdFakeOrder>;
  wares: Map<string, JdFakeWare>;
  skus: Map<string, JdFakeSku>;
  refunds: Map<string, JdFakeRefundApply>;
  /** The receivers in clear, by order id, as JD's key service knows them (what oaid.decrypt answers). */
  clearReceivers: Map<string, { customerName: string; consMobilePhone: string; customerPhone?: string; address: string }>;
  // ---- controls ----
  seedRefunds(refunds: JdFakeRefundApply[]): void;
  /** After the next refund apply page is answered, the refund changes (modified = now). */
  changeRefundBetweenPages(id: string, change: Partial<JdFakeRefundApply>): void;
  seedOrders(orders: JdFakeOrder[]): void;
  seedWares(wares: JdFakeWare[], skus: JdFakeSku[]): void;
  /** Every access token issued so far stops working (answers the token error). */
  expireToken(): void;
  /** The next n gateway calls are throttled. */
  throttleNext(n?: number): void;
  /** The next n gateway calls get no answer (the connection stays open until the client gives up). */
  timeoutNext(n?: number): void;
  /** The next n gateway calls get a broken answer. */
  malformedNext(n?: number): void;
  /** After the next enSearch page is answered, the order changes (state, modified = now). */
  changeOrderBetweenPages(orderId: string, change?: Partial<JdFakeOrder>): void;
  /** Issues a code as the consent page would (for tests that skip the page). */
  issueCode(redirectUri: string): string;
  close(): Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
  res.end(JSON.stringify(body));
};

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

/** The published order states a query may name (CONNECTORS.md §3). */
const KNOWN_STATES = new Set([
  'WAIT_SELLER_STOCK_OUT',
  'WAIT_GOODS_RECEIVE_CONFIRM',
  'WAIT_SELLER_DELIVERY',
  'PAUSE',
  'POP_ORDER_PAUSE',
  'FINISHED_L',
  'TRADE_CANCELED',
  'LOCKED',
  'SEND_TO_DISTRIBUTION_CENER',
  'DISTRIBUTION_CENTER_RECEIVED',
  'RECEIPTS_CONFIRM',
]);

export async function startJdFake(options: JdFakeOptions = {}): Promise<JdFake> {
  const appKey = options.appKey ?? 'jd-fake-app-key';
  const appSecret = options.appSecret ?? 'jd-fake-app-secret';
  const uid = options.uid ?? '880001';
  const now = options.now ?? (() => new Date());
  const ttl = options.accessTokenTtlSeconds ?? 365 * 86_400;
  const codes = new Map<string, { redirectUri: string; expiresAt: number; used: boolean }>();
  const tokens = new Map<string, { expiresAt: number; revoked: boolean }>();
  const refreshTokens = new Map<string, { used: boolean }>();
  const shipments = new Map<string, string>();
  let throttle = 0;
  let hang = 0;
  let broken = 0;
  const pendingChanges: { orderId: string; change: Partial<JdFakeOrder> }[] = [];
  const hanging = new Set<ServerResponse>();
  const calls: JdFakeCall[] = [];
  const orders = new Map<string, JdFakeOrder>();
  const wares = new Map<string, JdFakeWare>();
  const skus = new Map<string, JdFakeSku>();
  const refunds = new Map<string, JdFakeRefundApply>();
  const clearReceivers: JdFake['clearReceivers'] = new Map();
  const pendingRefundChanges: { id: string; change: Partial<JdFakeRefundApply> }[] = [];
  const secret = () => randomBytes(18).toString('base64url');

  function issueTokens() {
    const accessToken = secret();
    const refreshToken = secret();
    tokens.set(accessToken, { expiresAt: now().getTime() + ttl * 1000, revoked: false });
    refreshTokens.set(refreshToken, { used: false });
    return { access_token: accessToken, refresh_token: refreshToken, expires_in: ttl, scope: 'snsapi_base', open_id: `open-${uid}`, uid, time: now().getTime(), token_type: 'bearer', code: 0, xid: `xid-${uid}` };
  }

  function issueCode(redirectUri: string): string {
    const code = secret();
    codes.set(code, { redirectUri, expiresAt: now().getTime() + 10 * 60_000, used: false });
    return code;
  }

  function oauth(url: URL, res: ServerResponse) {
    const q = url.searchParams;
    if (url.pathname === '/oauth2/to_login') {
      if (q.get('app_key') !== appKey || q.get('response_type') !== 'code' || !q.get('redirect_uri')) return json(res, 400, { code: 400, msg: 'invalid request' });
      // The seller consents; JD sends them back with the code and the state appended to redirect_uri.
      const redirect = q.get('redirect_uri')!;
      const code = issueCode(redirect);
      const back = `${redirect}${redirect.includes('?') ? '&' : '?'}code=${encodeURIComponent(code)}&state=${encodeURIComponent(q.get('state') ?? '')}`;
      res.writeHead(302, { location: back });
      return res.end();
    }
    if (q.get('app_key') !== appKey || q.get('app_secret') !== appSecret) return json(res, 200, { code: 1004, msg: 'app_key or app_secret is invalid' });
    if (url.pathname === '/oauth2/access_token') {
      const entry = codes.get(q.get('code') ?? '');
      if (q.get('grant_type') !== 'authorization_code') return json(res, 200, { code: 1002, msg: 'grant_type is invalid' });
      if (!entry || entry.used || entry.expiresAt < now().getTime()) return json(res, 200, { code: 1003, msg: 'code is invalid or expired' });
      entry.used = true;
      return json(res, 200, issueTokens());
    }
    if (url.pathname === '/oauth2/refresh_token') {
      const entry = refreshTokens.get(q.get('refresh_token') ?? '');
      if (q.get('grant_type') !== 'refresh_token') return json(res, 200, { code: 1002, msg: 'grant_type is invalid' });
      if (!entry || entry.used) return json(res, 200, { code: 1005, msg: 'refresh_token is invalid' });
      entry.used = true;
      return json(res, 200, issueTokens());
    }
    return json(res, 404, { code: 404, msg: 'not found' });
  }

  const errorAnswer = (res: ServerResponse, e: { code: string; zh_desc: string; en_desc: string }) => json(res, 200, { error_response: e });
  const envelope = (method: string, content: Record<string, unknown>) => ({ [`${method.replace(/\./g, '_')}_responce`]: { code: '0', ...content } });

  function enSearch(method: string, p: Record<string, unknown>, res: ServerResponse) {
    const start = parseJosTime(String(p.start_date ?? ''));
    const end = parseJosTime(String(p.end_date ?? ''));
    const page = Number(p.page ?? 1);
    const pageSize = Number(p.page_size ?? 20);
    const states = String(p.order_state ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (!start || !end || end.getTime() < start.getTime()) return errorAnswer(res, { ...FAKE_JOS_ERRORS.badParam, en_desc: 'start_date/end_date invalid' });
    if (end.getTime() - start.getTime() > 31 * 86_400_000) return errorAnswer(res, { ...FAKE_JOS_ERRORS.badParam, en_desc: 'the window is longer than one month' });
    if (!states.length || states.some((s) => !KNOWN_STATES.has(s))) return errorAnswer(res, { ...FAKE_JOS_ERRORS.badParam, en_desc: 'order_state invalid' });
    if (!Number.isInteger(page) || page < 1 || !Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100) return errorAnswer(res, { ...FAKE_JOS_ERRORS.badParam, en_desc: 'page or page_size invalid' });
    const byCreated = String(p.dateType ?? '0') === '1';
    const matching = [...orders.values()]
      .filter((o) => {
        // A state JD added later than this connector's list still comes back (no state filter can hide it from a real pull).
        if (KNOWN_STATES.has(o.orderState) && !states.includes(o.orderState)) return false;
        const at = parseJosTime(byCreated ? o.orderStartTime : o.modified)!.getTime();
        return at >= start.getTime() && at <= end.getTime();
      })
      .sort((a, b) => parseJosTime(a.modified)!.getTime() - parseJosTime(b.modified)!.getTime() || a.orderId.localeCompare(b.orderId));
    const fields = String(p.optional_fields ?? '')
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean);
    const project = (o: JdFakeOrder) =>
      fields.length === 0 || fields.includes('ALL') ? o : Object.fromEntries(Object.entries(o).filter(([k]) => fields.includes(k) || k === 'orderId'));
    const slice = matching.slice((page - 1) * pageSize, page * pageSize).map(project);
    json(
      res,
      200,
      envelope(method, {
        searchorderinfo_result: {
          apiResult: { success: true, code: '0', chineseErrCode: '成功', englishErrCode: 'success', numberCode: 10100000 },
          orderTotal: matching.length,
          orderInfoList: slice,
        },
      }),
    );
    // "changeOrderBetweenPages": the order changes right after this page went out.
    for (const { orderId, change } of pendingChanges.splice(0)) {
      const order = orders.get(orderId);
      if (order) orders.set(orderId, { ...order, orderState: 'TRADE_CANCELED', ...change, modified: josTime(now()) });
    }
  }

  /** The refund applies a query names: by ids, order, state and the window of one time (apply, check or modified). */
  function refundList(method: string, p: Record<string, unknown>, res: ServerResponse) {
    const pageIndex = Number(p.pageIndex ?? 1);
    const pageSize = Number(p.pageSize ?? 10);
    if (!Number.isInteger(pageIndex) || pageIndex < 1 || pageIndex > 100 || !Number.isInteger(pageSize) || pageSize < 1 || pageSize > 50) {
      return errorAnswer(res, { ...FAKE_JOS_ERRORS.badParam, en_desc: 'pageIndex (1-100) or pageSize (1-50) invalid' });
    }
    const windows: [keyof JdFakeRefundApply, Date | null, Date | null][] = [];
    for (const [field, from, to] of [
      ['applyTime', 'applyTimeStart', 'applyTimeEnd'],
      ['checkTime', 'checkTimeStart', 'checkTimeEnd'],
      ['modified', 'modifiedStart', 'modifiedEnd'],
    ] as const) {
      if (p[from] == null && p[to] == null) continue;
      const start = parseJosTime(String(p[from] ?? ''));
      const end = parseJosTime(String(p[to] ?? ''));
      if (!start || !end || end.getTime() < start.getTime()) return errorAnswer(res, { ...FAKE_JOS_ERRORS.badParam, en_desc: `${from}/${to} invalid` });
      windows.push([field, start, end]);
    }
    const ids = p.ids == null ? null : String(p.ids).split(',').map((i) => i.trim());
    const status = p.status == null || p.status === '' ? null : Number(p.status);
    const matching = [...refunds.values()]
      .filter((r) => (!ids || ids.includes(r.id)) && (p.orderId == null || String(p.orderId) === r.orderId) && (status === null || r.status === status))
      .filter((r) =>
        windows.every(([field, start, end]) => {
          const at = parseJosTime(String(r[field] ?? ''));
          // Both bounds inclusive, by the second (the fake's choice: JD's is [U]).
          return !!at && at.getTime() >= start!.getTime() && at.getTime() <= end!.getTime();
        }),
      )
      .sort((a, b) => parseJosTime(a.modified)!.getTime() - parseJosTime(b.modified)!.getTime() || a.id.localeCompare(b.id));
    const showSku = p.showSku === true || p.showSku === 'true';
    const slice = matching.slice((pageIndex - 1) * pageSize, pageIndex * pageSize).map((r) => (showSku ? { ...r } : { ...r, skuVoList: undefined }));
    json(res, 200, envelope(method, { queryResult: { success: true, totalCount: matching.length, result: slice } }));
    for (const { id, change } of pendingRefundChanges.splice(0)) {
      const refund = refunds.get(id);
      if (refund) refunds.set(id, { ...refund, ...change, modified: josTime(now()) });
    }
  }

  /** replyRefund: 1 agreed, 2 refused (with a reject type), 6 agreed with JD stopping the parcel, 9 forced close, 10 logistics to follow. */
  function replyRefund(method: string, p: Record<string, unknown>, res: ServerResponse) {
    const status = Number(p.status);
    const refuse = (errorCode: string, errorMsg: string) => json(res, 200, envelope(method, { replyResult: { success: false, errorCode, errorMsg } }));
    if (![1, 2, 6, 9, 10].includes(status)) return errorAnswer(res, { ...FAKE_JOS_ERRORS.badParam, en_desc: 'status must be 1, 2, 6, 9 or 10' });
    if (!p.id || !/^\d+$/.test(String(p.id))) return errorAnswer(res, { ...FAKE_JOS_ERRORS.badParam, en_desc: 'id invalid' });
    if (!p.checkUserName) return errorAnswer(res, { ...FAKE_JOS_ERRORS.missingParam, en_desc: 'checkUserName is required' });
    if (status !== 9 && !String(p.remark ?? '').trim()) return errorAnswer(res, { ...FAKE_JOS_ERRORS.missingParam, en_desc: 'remark is required unless the order is closed by force' });
    if (status === 2 && ![1, 2, 3, 4, 5, 6].includes(Number(p.rejectType))) return errorAnswer(res, { ...FAKE_JOS_ERRORS.badParam, en_desc: 'rejectType (1-6) is required to refuse' });
    if (status !== 2 && p.rejectType != null) return errorAnswer(res, { ...FAKE_JOS_ERRORS.badParam, en_desc: 'rejectType is only for a refusal' });
    const refund = refunds.get(String(p.id));
    if (!refund) return refuse('10100002', '退款单不存在');
    if (refund.status !== 0) return refuse('10100003', `退款单状态为${refund.status}，不能审核`);
    refunds.set(refund.id, { ...refund, status, checkUserName: String(p.checkUserName), checkRemark: String(p.remark ?? ''), checkTime: josTime(now()), modified: josTime(now()) });
    json(res, 200, envelope(method, { replyResult: { success: true, errorCode: '', errorMsg: '' } }));
  }

  function pageOf<T>(list: T[], pageNo: number, pageSize: number) {
    return { data: list.slice((pageNo - 1) * pageSize, pageNo * pageSize), pageNo, pageSize, totalItem: list.length };
  }

  function dispatch(method: string, p: Record<string, unknown>, res: ServerResponse) {
    switch (method) {
      case 'jingdong.pop.order.enSearch':
        return enSearch(method, p, res);
      case 'jingdong.jos.order.oaid.decrypt': {
        const vo = (p.getReceiverInfoListReqVO ?? null) as { orderType?: string; appName?: string; orderInfos?: { orderId?: unknown; oaid?: unknown }[] } | null;
        if (!vo || !vo.orderType || !vo.appName || !Array.isArray(vo.orderInfos) || vo.orderInfos.length === 0 || vo.orderInfos.length > 20) {
          return errorAnswer(res, { ...FAKE_JOS_ERRORS.badParam, en_desc: 'getReceiverInfoListReqVO needs orderType, appName and 1-20 orderInfos' });
        }
        const data = vo.orderInfos.flatMap((info) => {
          const order = orders.get(String(info.orderId ?? ''));
          const clear = clearReceivers.get(String(info.orderId ?? ''));
          // An oaid that no longer matches the order (JD re-encrypted it) is not decrypted.
          if (!order || !clear || !order.oaid || order.oaid !== String(info.oaid ?? '')) return [];
          return [{ orderId: Number(order.orderId), oaid: order.oaid, privacyProtection: false, consMobilePhoneFuzzy: `${clear.consMobilePhone.slice(0, 3)}****${clear.consMobilePhone.slice(-4)}`, ...clear }];
        });
        return json(res, 200, envelope(method, { returnType: { code: 200, requestId: secret(), message: 'success', data } }));
      }
      case 'jingdong.pop.afs.soa.refundapply.queryPageList':
        return refundList(method, p, res);
      case 'jingdong.pop.afs.soa.refundapply.queryById': {
        if (!p.id || !/^\d+$/.test(String(p.id))) return errorAnswer(res, { ...FAKE_JOS_ERRORS.badParam, en_desc: 'id invalid' });
        const refund = refunds.get(String(p.id));
        return json(res, 200, envelope(method, { queryResult: { success: true, totalCount: refund ? 1 : 0, result: refund ? [refund] : [] } }));
      }
      case 'jingdong.pop.afs.soa.refundapply.replyRefund':
        return replyRefund(method, p, res);
      case 'jingdong.ware.read.searchWare4Valid': {
        const pageNo = Number(p.pageNo ?? 1);
        const pageSize = Number(p.pageSize ?? 20);
        if (!Number.isInteger(pageNo) || pageNo < 1 || !Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100) return errorAnswer(res, FAKE_JOS_ERRORS.badParam);
        const list = [...wares.values()].sort((a, b) => a.wareId.localeCompare(b.wareId));
        return json(res, 200, envelope(method, { page: pageOf(list, pageNo, pageSize) }));
      }
      case 'jingdong.sku.read.searchSkuList': {
        const pageNo = Number(p.pageNo ?? 1);
        const pageSize = Number(p.page_size ?? 20);
        if (!Number.isInteger(pageNo) || pageNo < 1 || !Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100) return errorAnswer(res, FAKE_JOS_ERRORS.badParam);
        const list = [...skus.values()].filter((s) => !p.wareId || s.wareId === String(p.wareId)).sort((a, b) => a.skuId.localeCompare(b.skuId));
        return json(res, 200, envelope(method, { page: pageOf(list, pageNo, pageSize) }));
      }
      case 'jingdong.stock.write.updateSkuStock': {
        const sku = skus.get(String(p.skuId ?? ''));
        const stock = Number(p.stockNum);
        if (!Number.isInteger(stock) || stock < 0) return errorAnswer(res, { ...FAKE_JOS_ERRORS.badParam, en_desc: 'stockNum invalid' });
        if (!sku) return errorAnswer(res, { code: '2010', zh_desc: 'sku不存在', en_desc: 'sku not found' });
        sku.stockNum = stock;
        return json(res, 200, envelope(method, { success: true }));
      }
      case 'jingdong.pop.order.shipment': {
        const order = orders.get(String(p.orderId ?? ''));
        const refuse = (zh: string, en: string) => json(res, 200, envelope(method, { sopjosshipment_result: { success: false, code: '10400001', chineseErrCode: zh, englishErrCode: en } }));
        if (!p.logiCoprId || !/^\d+$/.test(String(p.logiCoprId)) || !p.logiNo) return errorAnswer(res, { ...FAKE_JOS_ERRORS.badParam, en_desc: 'logiCoprId or logiNo invalid' });
        if (!order) return refuse('订单不存在', 'order not found');
        const shipped = shipments.get(order.orderId);
        if (shipped && shipped === `${p.logiCoprId}:${p.logiNo}`) return json(res, 200, envelope(method, { sopjosshipment_result: { success: true, code: '', chineseErrCode: '', englishErrCode: '' } }));
        if (order.orderState !== 'WAIT_SELLER_STOCK_OUT') return refuse('订单状态不正确，不能出库', `order state ${order.orderState} cannot ship`);
        shipments.set(order.orderId, `${p.logiCoprId}:${p.logiNo}`);
        orders.set(order.orderId, { ...order, orderState: 'WAIT_GOODS_RECEIVE_CONFIRM', waybill: String(p.logiNo), logisticsId: String(p.logiCoprId), modified: josTime(now()) });
        return json(res, 200, envelope(method, { sopjosshipment_result: { success: true, code: '', chineseErrCode: '', englishErrCode: '' } }));
      }
      default:
        return errorAnswer(res, FAKE_JOS_ERRORS.method);
    }
  }

  async function gateway(req: IncomingMessage, url: URL, res: ServerResponse) {
    const body = req.method === 'POST' ? await readBody(req) : '';
    const params: Record<string, string> = Object.fromEntries(url.searchParams);
    for (const [k, v] of new URLSearchParams(body)) params[k] = v;
    const method = params.method ?? '';
    let business: Record<string, unknown> | null;
    try {
      business = params['360buy_param_json'] ? (JSON.parse(params['360buy_param_json']) as Record<string, unknown>) : {};
    } catch {
      business = null;
    }
    const call: JdFakeCall = { method, params, business, refused: null };
    calls.push(call);
    const problem = verifyJosRequest(params, appSecret, now());
    if (problem) {
      call.refused = problem.kind;
      return errorAnswer(res, problem.kind === 'sign' ? FAKE_JOS_ERRORS.sign : problem.kind === 'timestamp' ? FAKE_JOS_ERRORS.timestamp : FAKE_JOS_ERRORS.missingParam);
    }
    if (params.app_key !== appKey) {
      call.refused = 'app_key';
      return errorAnswer(res, FAKE_JOS_ERRORS.appKey);
    }
    if (params.v !== '2.0') {
      call.refused = 'v';
      return errorAnswer(res, FAKE_JOS_ERRORS.badParam);
    }
    if (throttle > 0) {
      throttle--;
      call.refused = 'throttled';
      return errorAnswer(res, FAKE_JOS_ERRORS.throttled);
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
      return res.end(`{"${method.replace(/\./g, '_')}_responce":{"code":"0","searchorderinfo_res`);
    }
    const token = tokens.get(params.access_token ?? '');
    if (!token || token.revoked || token.expiresAt <= now().getTime()) {
      call.refused = 'token';
      return errorAnswer(res, FAKE_JOS_ERRORS.token);
    }
    if (!business) {
      call.refused = 'param_json';
      return errorAnswer(res, { ...FAKE_JOS_ERRORS.badParam, en_desc: '360buy_param_json is not JSON' });
    }
    dispatch(method, business, res);
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const handle = url.pathname === '/routerjson' ? gateway(req, url, res) : Promise.resolve(oauth(url, res));
    handle.catch((error: unknown) => json(res, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    gatewayUrl: `${base}/routerjson`,
    authorizeUrl: `${base}/oauth2/to_login`,
    appKey,
    appSecret,
    uid,
    calls,
    orders,
    wares,
    skus,
    refunds,
    clearReceivers,
    seedRefunds(list) {
      for (const r of list) refunds.set(r.id, r);
    },
    changeRefundBetweenPages(id, change) {
      pendingRefundChanges.push({ id, change });
    },
    seedOrders(list) {
      for (const o of list) {
        orders.set(o.orderId, o);
        if (o.oaid && !clearReceivers.has(o.orderId)) {
          clearReceivers.set(o.orderId, { customerName: `张${o.orderId.slice(-2)}`, consMobilePhone: `138${o.orderId.slice(-8).padStart(8, '0')}`, address: `北京市朝阳区建国路${o.orderId.slice(-3)}号` });
        }
      }
    },
    seedWares(wareList, skuList) {
      for (const w of wareList) wares.set(w.wareId, w);
      for (const s of skuList) skus.set(s.skuId, s);
    },
    expireToken() {
      for (const t of tokens.values()) t.revoked = true;
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

/** A JD order for tests: an order awaiting shipment, modified at `modified`, with one line per SKU given. */
export function jdFakeOrder(orderId: string, modified: Date, skuLines: { skuId: string; wareId: string; outerSkuId?: string; qty?: number; price?: string }[], over: Partial<JdFakeOrder> = {}): JdFakeOrder {
  const total = skuLines.reduce((sum, l) => sum + Math.round(Number(l.price ?? '10.00') * 100) * (l.qty ?? 1), 0);
  const yuan = (fen: number) => (fen / 100).toFixed(2);
  const created = josTime(new Date(modified.getTime() - 3_600_000));
  return {
    orderId,
    venderId: '10001',
    orderType: '22',
    orderState: 'WAIT_SELLER_STOCK_OUT',
    orderStateRemark: '等待出库',
    orderTotalPrice: yuan(total),
    orderSellerPrice: yuan(total),
    orderPayment: yuan(total + 600),
    freightPrice: '6.00',
    sellerDiscount: '0.00',
    orderStartTime: created,
    paymentConfirmTime: created,
    modified: josTime(modified),
    pin: `jd_buyer_${orderId.slice(-4)}`,
    oaid: `oaid-${orderId}`,
    // JD's encrypted receiver fields (enSearch): opaque text, kept as is.
    consigneeInfo: { fullname: '~AgAAAEnc==~name~', mobile: '~AgAAAEnc==~mobile~', province: '北京', city: '北京市', county: '朝阳区', fullAddress: '~AgAAAEnc==~address~' },
    itemInfoList: skuLines.map((l) => ({ skuId: l.skuId, wareId: l.wareId, outerSkuId: l.outerSkuId, skuName: `商品 ${l.skuId}`, jdPrice: l.price ?? '10.00', itemTotal: String(l.qty ?? 1) })),
    ...over,
  };
}

/** A refund apply for tests: awaiting the seller (state 0), applied for `fen` fen, changed at `modified`. */
export function jdFakeRefund(id: string, orderId: string, modified: Date, over: Partial<JdFakeRefundApply> = {}): JdFakeRefundApply {
  return {
    id,
    orderId,
    status: 0,
    applyRefundSum: 1600,
    applyTime: josTime(new Date(modified.getTime() - 600_000)),
    modified: josTime(modified),
    buyerId: 'jd_buyer',
    buyerName: '~AgAAAEnc==~name~',
    reason: '不想要了',
    skuVoList: [{ skuId: '100001', skuName: '商品 100001', skuCount: 1 }],
    ...over,
  };
}
