// A local fake of the Kuaishou open platform for tests (never used by the app), following the
// published protocol as CONNECTORS.md §5 gives it: API paths = the method with '.' → '/', only
// application/x-www-form-urlencoded, the system parameters (appkey, method, version, access_token,
// timestamp ms, signMethod, sign) and the business `param` JSON; every call's signature checked
// over the exact values received with the app's signSecret (MD5 hex or HMAC_SHA256 Base64); the
// OAuth consent page, code → /oauth2/access_token (code single use, 2 minutes), /oauth2/refresh_token
// rotating the refresh token; open.order.cursor.list with its documented window rules (end after
// begin 300003, ≤ 7 days 300004, ≤ 90 days back 300005), cursor paging ending in "nomore";
// open.seller.order.refund.pcursor.list (≤ 1 day, pcursor paging ending in "nomore", sort 1 newest
// first / 2 oldest first, queryType 1 created / 2 updated), the refund detail and the seller's refund
// calls (approve, returngoods.approve, confirm.receipt, open.refund.reject, open.refund.direct.refund)
// moving the refund's status as the published texts say and refusing with the official refund codes
// (300011 not found, 300014 changed meanwhile, 300018 status does not allow it, 300009 zero amount);
// open.order.decrypt.batch answering each ciphertext of the order it belongs to (≤ 100 a call).
// Controls let a test misbehave the platform: throttle, hang, answer malformed, expire tokens,
// change an order between two pages. Codes and wordings marked [U] in README.md are this fake's.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ksPathOf, ksSignatureValid } from './kuaishou.sign.js';

/** Answers of this fake ([C] where README says so; the signature, parameter and throttling codes are [U]). */
export const FAKE_KS_ERRORS = {
  missingParam: { result: 100200100, error: 'invalid_request', error_msg: 'missing required parameter' },
  appKey: { result: 100200101, error: 'unauthorized_client', error_msg: 'app is invalid' },
  sign: { result: 40003, error_msg: '签名校验失败' },
  timestamp: { result: 40004, error_msg: 'timestamp expired' },
  token: { result: 100200102, error: 'access_denied', error_msg: 'invalid access_token' },
  revoked: { result: 24, error_msg: 'AUTHORIZATION_REVOKED' },
  throttled: { result: 40009, error_msg: 'Exceed qps limit, KEY [apiId:open.order.cursor.list;appkey:ks-fake], MAX_QPS [300.0]' },
  badParam: { result: 40001, error_msg: 'param invalid' },
  method: { result: 40002, error_msg: 'api not found' },
  endBeforeBegin: { result: 300003, error_msg: 'ENDTIME MUST AFTER BEGINTIME' },
  over7Days: { result: 300004, error_msg: 'SEARCH TIME RANGE EXPAND 7 DAYS' },
  over90Days: { result: 300005, error_msg: 'CAN NOT SEARCH BEFORE 90 DAYS' },
  refundRangeLimit: { result: 300019, error_msg: 'SEARCH TIME RANGE EXPAND LIMIT' },
  refundAmountZero: { result: 300009, error_msg: 'REFUND AMOUNT IS ZERO' },
  refundNotFound: { result: 300011, error_msg: 'REFUND ORDER NOT FOUND' },
  refundUpdated: { result: 300014, error_msg: 'REFUND ORDER UPDATED' },
  refundStatusNotAllowed: { result: 300018, error_msg: 'REFUND ORDER STATUS NOT ALLOW' },
  notPost: { result: 40005, error_msg: 'http method must be POST' },
} as const;

/** A refund as the fake keeps it: the list's fields, and what only the detail shows (productNum, logisticsInfo, returnFreightInfo). */
export interface KsFakeRefund {
  refundId: string;
  oid: string;
  itemId: string;
  skuId: string;
  relSkuId?: string;
  skuNick?: string;
  /** 1 退货退款, 10 仅退款, 3 换货. */
  handlingWay: number;
  status: number;
  refundFee: number | string;
  refundReasonDesc?: string;
  submitTime: number;
  createTime: number;
  updateTime: number;
  productNum: number;
  logisticsInfo?: { expressNo: string; expressCode: number } | null;
  returnFreightInfo?: { returnFreightAmount: number } | null;
}

/** The official carrier codes (物流公司编号 [C]) the deliver call accepts: a few of the table. */
export const FAKE_KS_EXPRESS_CODES = new Set([2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 14, 15, 17, 25, 31, 43, 48, 53, 81, 86, 100, 109, 112, 113, 127]);

export interface KsFakeOrder {
  orderBaseInfo: {
    oid: string;
    status: number;
    payTime: number;
    createTime: number;
    updateTime: number;
    sendTime?: number;
    totalFee: number | string;
    expressFee: number;
    discountFee: number;
    buyerNick: string;
    remark?: string;
    promiseTimeStampOfDelivery?: number;
  };
  orderItemInfo: { itemId: string; skuId: string; relSkuId?: string; skuNick?: string; skuDesc?: string; itemTitle: string; num: number; price: number; originalPrice: number };
  orderAddress: {
    encryptedConsignee: string;
    encryptedMobile: string;
    encryptedAddress: string;
    desensitiseConsignee: string;
    desensitiseMobile: string;
    desensitiseAddress: string;
    province: string;
    city: string;
    district: string;
    town: string;
  };
  orderLogisticsInfo: { expressNo: string; expressCode: number }[];
  orderRefundList: { refundId: string; refundStatus: number }[];
}

export interface KsFakeSku {
  kwaiSkuId: string;
  kwaiItemId: string;
  specification: string;
  skuNick?: string;
  price: number;
  skuStock: number;
}

export interface KsFakeItem {
  kwaiItemId: string;
  title: string;
  relItemId?: string;
  shelfStatus: number;
  mainImageUrl?: string;
}

export interface KsFakeCall {
  path: string;
  httpMethod: string;
  method: string;
  params: Record<string, string>;
  param: Record<string, unknown> | null;
  /** Why the gateway refused the call before the API: null when signature, timestamp, app key and token passed. */
  refused: string | null;
}

export interface KsFakeOptions {
  appKey?: string;
  appSecret?: string;
  signSecret?: string;
  openId?: string;
  now?: () => Date;
  accessTokenTtlSeconds?: number;
}

export interface KsFake {
  /** The API host (OPENSELLER_CONNECTOR_KSXD_GATEWAY_URL): the API paths and the OAuth token calls. */
  gatewayUrl: string;
  /** The consent page (OPENSELLER_CONNECTOR_KSXD_AUTHORIZE_URL). */
  authorizeUrl: string;
  appKey: string;
  appSecret: string;
  signSecret: string;
  openId: string;
  calls: KsFakeCall[];
  orders: Map<string, KsFakeOrder>;
  refunds: Map<string, KsFakeRefund>;
  /** The plain text of each ciphertext of the seeded orders' receivers (what open.order.decrypt.batch answers). */
  plainOf: Map<string, string>;
  items: Map<string, KsFakeItem>;
  skus: Map<string, KsFakeSku>;
  seedOrders(orders: KsFakeOrder[]): void;
  seedRefunds(refunds: KsFakeRefund[]): void;
  /** Gives an order's receiver ciphertexts their plain text (decryptable from then on). */
  seedReceiver(oid: string, plain: { consignee: string; mobile: string; address: string }): void;
  seedItems(items: KsFakeItem[], skus: KsFakeSku[]): void;
  /** Every access token issued so far stops working (the refresh tokens still work). */
  expireToken(): void;
  /** The seller revokes the app: the access and refresh tokens issued so far stop working (AUTHORIZATION_REVOKED). */
  revoke(): void;
  throttleNext(n?: number): void;
  timeoutNext(n?: number): void;
  malformedNext(n?: number): void;
  /** After the next order page is answered, the order changes (updateTime = now, and `change`). */
  changeOrderBetweenPages(oid: string, change?: Partial<KsFakeOrder['orderBaseInfo']>): void;
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

/** JSON with long ids (16+ digits) read as strings, as a Java server reads them exactly. */
const parseParam = (text: string): Record<string, unknown> | null => {
  try {
    const value = JSON.parse(text.replace(/(:\s*)(-?\d{16,})(\s*[,}\]])/g, '$1"$2"$3')) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

const DAY = 86_400_000;
/** orderViewStatus → the order statuses it shows (1 all) [S]. */
const VIEW_STATUSES: Record<number, number[] | null> = { 1: null, 2: [10], 3: [30], 4: [40], 5: [50], 6: [70], 7: [80] };

export async function startKsFake(options: KsFakeOptions = {}): Promise<KsFake> {
  const appKey = options.appKey ?? 'ks-fake-app-key';
  const appSecret = options.appSecret ?? 'ks-fake-app-secret';
  const signSecret = options.signSecret ?? 'ks-fake-sign-secret';
  const openId = options.openId ?? 'f18759ac87a28ea514bf5724a5df5751';
  const now = options.now ?? (() => new Date());
  const ttl = options.accessTokenTtlSeconds ?? 172_800;
  const codes = new Map<string, { redirectUri: string; expiresAt: number; used: boolean }>();
  const tokens = new Map<string, { expiresAt: number; revoked: boolean; withdrawn?: boolean }>();
  /** A refresh token and the end of the authorization it carries on (a rotated one keeps the first one's end). */
  const refreshTokens = new Map<string, { discardedAt: number | null; withdrawn?: boolean; authorizationEndsAt: number }>();
  let throttle = 0;
  let hang = 0;
  let broken = 0;
  const pendingChanges: { oid: string; change: Partial<KsFakeOrder['orderBaseInfo']> }[] = [];
  const hanging = new Set<ServerResponse>();
  const calls: KsFakeCall[] = [];
  const orders = new Map<string, KsFakeOrder>();
  const refunds = new Map<string, KsFakeRefund>();
  const plainOf = new Map<string, string>();
  const items = new Map<string, KsFakeItem>();
  const skus = new Map<string, KsFakeSku>();
  const secret = () => randomBytes(24).toString('base64url');

  function issueTokens(withOpenId: boolean, authorizationEndsAt = now().getTime() + 15_552_000_000) {
    const accessToken = secret();
    const refreshToken = secret();
    tokens.set(accessToken, { expiresAt: now().getTime() + ttl * 1000, revoked: false });
    refreshTokens.set(refreshToken, { discardedAt: null, authorizationEndsAt });
    return {
      result: 1,
      access_token: accessToken,
      refresh_token: refreshToken,
      expires_in: ttl,
      // Seconds left of the authorization: 180 days at the code exchange, what remains of them after a refresh [S].
      refresh_token_expires_in: Math.max(0, Math.floor((authorizationEndsAt - now().getTime()) / 1000)),
      ...(withOpenId ? { open_id: openId } : {}),
      scopes: ['merchant_order', 'merchant_item', 'merchant_logistics', 'merchant_refund', 'merchant_user', 'user_info'],
    };
  }

  function issueCode(redirectUri: string): string {
    const code = secret();
    codes.set(code, { redirectUri, expiresAt: now().getTime() + 2 * 60_000, used: false });
    return code;
  }

  async function oauth(req: IncomingMessage, url: URL, res: ServerResponse) {
    const q = new URLSearchParams(url.searchParams);
    if (req.method === 'POST') for (const [k, v] of new URLSearchParams(await readBody(req))) q.set(k, v);
    if (url.pathname === '/oauth/authorize') {
      if (q.get('app_id') !== appKey || q.get('response_type') !== 'code' || !q.get('redirect_uri') || !q.get('scope')) return json(res, 400, FAKE_KS_ERRORS.missingParam);
      const redirect = q.get('redirect_uri')!;
      const code = issueCode(redirect);
      res.writeHead(302, { location: `${redirect}${redirect.includes('?') ? '&' : '?'}code=${encodeURIComponent(code)}&state=${encodeURIComponent(q.get('state') ?? '')}` });
      return res.end();
    }
    if (q.get('app_id') !== appKey || q.get('app_secret') !== appSecret) return json(res, 200, FAKE_KS_ERRORS.appKey);
    if (url.pathname === '/oauth2/access_token' && req.method === 'GET') {
      if (q.get('grant_type') !== 'code') return json(res, 200, { result: 100200104, error: 'unsupported_grant_type', error_msg: 'grant_type must be code' });
      const entry = codes.get(q.get('code') ?? '');
      if (!entry || entry.used || entry.expiresAt < now().getTime()) return json(res, 200, { result: 100200105, error: 'invalid_grant', error_msg: 'code is invalid' });
      entry.used = true;
      return json(res, 200, issueTokens(true));
    }
    if (url.pathname === '/oauth2/refresh_token' && req.method === 'POST') {
      if (!/application\/x-www-form-urlencoded/.test(req.headers['content-type'] ?? '')) return json(res, 200, FAKE_KS_ERRORS.missingParam);
      if (q.get('grant_type') !== 'refresh_token') return json(res, 200, { result: 100200104, error: 'unsupported_grant_type', error_msg: 'grant_type must be refresh_token' });
      const entry = refreshTokens.get(q.get('refresh_token') ?? '');
      if (entry?.withdrawn) return json(res, 200, { result: 100200102, error: 'access_denied', error_msg: 'refreshToken.revokedAuthorization' });
      // The old refresh token dies within 5 minutes of its use; this fake kills it at once.
      if (!entry) return json(res, 200, { result: 100200102, error: 'access_denied', error_msg: 'invalid refresh_token' });
      if (entry.discardedAt !== null) return json(res, 200, { result: 100200102, error: 'access_denied', error_msg: 'refreshToken.discarded' });
      if (entry.authorizationEndsAt <= now().getTime()) return json(res, 200, { result: 100200102, error: 'access_denied', error_msg: 'refreshToken.expired' });
      entry.discardedAt = now().getTime();
      return json(res, 200, issueTokens(false, entry.authorizationEndsAt));
    }
    return json(res, 404, { result: 404, error_msg: 'not found' });
  }

  const fail = (res: ServerResponse, e: { result: number; error_msg: string }) => json(res, 200, e);
  const ok = (res: ServerResponse, data: unknown) => json(res, 200, { result: 1, data });
  const keyOf = (o: KsFakeOrder, byCreate: boolean) => `${byCreate ? o.orderBaseInfo.createTime : o.orderBaseInfo.updateTime}_${o.orderBaseInfo.oid}`;
  const compareKey = (a: string, b: string) => {
    const [at, ao] = a.split('_');
    const [bt, bo] = b.split('_');
    return Number(at) - Number(bt) || ao!.length - bo!.length || (ao! < bo! ? -1 : ao! > bo! ? 1 : 0);
  };

  function cursorList(p: Record<string, unknown>, res: ServerResponse) {
    const begin = Number(p.beginTime);
    const end = Number(p.endTime);
    const pageSize = Number(p.pageSize ?? 10);
    const queryType = Number(p.queryType ?? 1);
    const sort = Number(p.sort ?? 1);
    const view = Number(p.orderViewStatus ?? 1);
    const cursor = p.cursor === undefined || p.cursor === null ? '' : String(p.cursor);
    if (!Number.isInteger(begin) || !Number.isInteger(end) || begin <= 0) return fail(res, { ...FAKE_KS_ERRORS.badParam, error_msg: 'beginTime/endTime invalid' });
    if (end <= begin) return fail(res, FAKE_KS_ERRORS.endBeforeBegin);
    if (end - begin > 7 * DAY) return fail(res, FAKE_KS_ERRORS.over7Days);
    if (begin < now().getTime() - 90 * DAY) return fail(res, FAKE_KS_ERRORS.over90Days);
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100) return fail(res, { ...FAKE_KS_ERRORS.badParam, error_msg: 'pageSize invalid' });
    if (![1, 2].includes(queryType) || ![1, 2].includes(sort) || !(view in VIEW_STATUSES)) return fail(res, { ...FAKE_KS_ERRORS.badParam, error_msg: 'queryType, sort or orderViewStatus invalid' });
    if (cursor === 'nomore' || (cursor !== '' && !/^\d+_\d+$/.test(cursor))) return fail(res, { ...FAKE_KS_ERRORS.badParam, error_msg: 'cursor invalid' });
    const byCreate = queryType === 1;
    const statuses = VIEW_STATUSES[view];
    const matching = [...orders.values()]
      .filter((o) => {
        const at = byCreate ? o.orderBaseInfo.createTime : o.orderBaseInfo.updateTime;
        return at >= begin && at <= end && (!statuses || statuses.includes(Number(o.orderBaseInfo.status)));
      })
      .sort((a, b) => compareKey(keyOf(a, byCreate), keyOf(b, byCreate)) * (sort === 2 ? -1 : 1));
    // The cursor is a keyset position (time_oid, as the published example's cursor looks) [U]: the page after it.
    const after = cursor ? matching.filter((o) => compareKey(keyOf(o, byCreate), cursor) * (sort === 2 ? -1 : 1) > 0) : matching;
    const page = after.slice(0, pageSize);
    const next = after.length > pageSize ? keyOf(page[page.length - 1]!, byCreate) : 'nomore';
    ok(res, { cursor: next, orderList: page, pageSize, beginTime: begin, endTime: end });
    for (const { oid, change } of pendingChanges.splice(0)) {
      const order = orders.get(oid);
      if (order) orders.set(oid, { ...order, orderBaseInfo: { ...order.orderBaseInfo, ...change, updateTime: now().getTime() } });
    }
  }

  const refundKey = (r: KsFakeRefund, byCreate: boolean) => `${byCreate ? r.createTime : r.updateTime}_${r.refundId}`;
  /** What the list shows of a refund (the detail-only fields left out). */
  const listed = (r: KsFakeRefund) => {
    const { productNum: _n, logisticsInfo: _l, returnFreightInfo: _f, ...shown } = r;
    return { ...shown, negotiateStatus: 1, refundType: 1, receiptStatus: 0, logisticsId: r.logisticsInfo ? 1 : 0 };
  };

  function refundList(p: Record<string, unknown>, res: ServerResponse) {
    const begin = Number(p.beginTime);
    const end = Number(p.endTime);
    const pageSize = Number(p.pageSize ?? 10);
    const currentPage = Number(p.currentPage ?? 1);
    const type = Number(p.type);
    const sort = Number(p.sort ?? 1);
    const queryType = Number(p.queryType ?? 1);
    const cursor = p.pcursor === undefined || p.pcursor === null ? '' : String(p.pcursor);
    if (!Number.isInteger(begin) || !Number.isInteger(end) || begin <= 0) return fail(res, { ...FAKE_KS_ERRORS.badParam, error_msg: 'beginTime/endTime invalid' });
    if (end <= begin) return fail(res, FAKE_KS_ERRORS.endBeforeBegin);
    if (end - begin > DAY) return fail(res, FAKE_KS_ERRORS.refundRangeLimit);
    if (begin < now().getTime() - 90 * DAY) return fail(res, FAKE_KS_ERRORS.over90Days);
    if (![8, 9].includes(type)) return fail(res, { ...FAKE_KS_ERRORS.badParam, error_msg: 'type must be 8 or 9' });
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100 || !Number.isInteger(currentPage) || currentPage < 1) return fail(res, { ...FAKE_KS_ERRORS.badParam, error_msg: 'pageSize or currentPage invalid' });
    if (![1, 2].includes(queryType) || ![1, 2].includes(sort)) return fail(res, { ...FAKE_KS_ERRORS.badParam, error_msg: 'queryType or sort invalid' });
    if (cursor === 'nomore' || (cursor !== '' && !/^\d+_\d+$/.test(cursor))) return fail(res, { ...FAKE_KS_ERRORS.badParam, error_msg: 'pcursor invalid' });
    const byCreate = queryType === 1;
    // sort 1: newest first, 2: oldest first (the list's documented meaning [S]).
    const direction = sort === 2 ? 1 : -1;
    const matching = [...refunds.values()]
      .filter((r) => {
        const at = byCreate ? r.createTime : r.updateTime;
        // type 8: the refunds waiting for the seller's money (not yet refunded or closed).
        return at >= begin && at <= end && (type === 9 || ![12, 60, 70].includes(r.status));
      })
      .sort((a, b) => compareKey(refundKey(a, byCreate), refundKey(b, byCreate)) * direction);
    const after = cursor ? matching.filter((r) => compareKey(refundKey(r, byCreate), cursor) * direction > 0) : matching;
    const page = after.slice(0, pageSize);
    const next = after.length > pageSize ? refundKey(page[page.length - 1]!, byCreate) : 'nomore';
    ok(res, { pcursor: next, refundOrderInfoList: page.map(listed), currentPage, pageSize, beginTime: begin, endTime: end });
  }

  /** The seller's refund calls: the refund moves as the published texts say, or the official refund code refuses it. */
  function refundWrite(method: string, p: Record<string, unknown>, res: ServerResponse) {
    const refund = refunds.get(String(p.refundId ?? ''));
    if (!refund) return fail(res, FAKE_KS_ERRORS.refundNotFound);
    const move = (status: number) => {
      refunds.set(refund.refundId, { ...refund, status, updateTime: now().getTime() });
      return ok(res, {});
    };
    const version = p.refundVersion === undefined ? null : Number(p.refundVersion);
    if (version !== null && version !== refund.updateTime) return fail(res, FAKE_KS_ERRORS.refundUpdated);
    const stated = p.status === undefined ? null : Number(p.status);
    switch (method) {
      case 'open.seller.order.refund.approve': {
        // A refund only, waiting for the seller: refunded.
        if (stated === null || !('refundAmount' in p)) return fail(res, { ...FAKE_KS_ERRORS.missingParam, error_msg: 'refundAmount and status are required' });
        if (stated !== refund.status) return fail(res, FAKE_KS_ERRORS.refundUpdated);
        if (refund.handlingWay !== 10 || ![10, 11].includes(refund.status)) return fail(res, FAKE_KS_ERRORS.refundStatusNotAllowed);
        const amount = Number(p.refundAmount);
        if (!Number.isInteger(amount) || amount <= 0) return fail(res, FAKE_KS_ERRORS.refundAmountZero);
        if (amount > Number(refund.refundFee)) return fail(res, { ...FAKE_KS_ERRORS.badParam, error_msg: 'refundAmount exceeds the refund' });
        return move(60);
      }
      case 'open.seller.order.refund.returngoods.approve': {
        // A return (or exchange) agreed: the buyer sends the goods back. refundAmount only checked (0 for an exchange).
        if (![1, 3].includes(refund.handlingWay) || ![10, 11].includes(refund.status)) return fail(res, FAKE_KS_ERRORS.refundStatusNotAllowed);
        if (Number(p.refundAmount) !== (refund.handlingWay === 3 ? 0 : Number(refund.refundFee))) return fail(res, { ...FAKE_KS_ERRORS.badParam, error_msg: 'refundAmount is not the refund amount' });
        return move(30);
      }
      case 'open.seller.order.refund.confirm.receipt': {
        // Goods back: the buyer is refunded. Only a return and refund in 22, 30 or 40.
        if (refund.handlingWay !== 1 || ![22, 30, 40].includes(refund.status)) return fail(res, FAKE_KS_ERRORS.refundStatusNotAllowed);
        if (stated !== null && stated !== refund.status) return fail(res, FAKE_KS_ERRORS.refundUpdated);
        if (refund.returnFreightInfo && p.returnFreightHandlingAdvice === undefined) return fail(res, { ...FAKE_KS_ERRORS.badParam, error_msg: 'returnFreightHandlingAdvice is required' });
        return move(60);
      }
      case 'open.refund.reject': {
        // The request refused (10, 11) or the returned goods refused (40).
        if (![10, 11, 40].includes(refund.status)) return fail(res, FAKE_KS_ERRORS.refundStatusNotAllowed);
        return move(12);
      }
      case 'open.refund.direct.refund': {
        // Exchanges only, not after the seller shipped the new goods.
        if (version === null) return fail(res, { ...FAKE_KS_ERRORS.missingParam, error_msg: 'refundVersion is required' });
        if (refund.handlingWay !== 3 || [45, 50, 60, 70].includes(refund.status)) return fail(res, FAKE_KS_ERRORS.refundStatusNotAllowed);
        return move(60);
      }
    }
  }

  function decryptBatch(p: Record<string, unknown>, res: ServerResponse) {
    const list = p.batchDecryptList;
    if (!Array.isArray(list) || list.length === 0 || list.length > 100) return fail(res, { ...FAKE_KS_ERRORS.badParam, error_msg: 'batchDecryptList must hold 1 to 100 entries' });
    const results = (list as Record<string, unknown>[]).map((e) => {
      const bizId = String(e.bizId ?? '');
      const encryptedData = String(e.encryptedData ?? '');
      const order = orders.get(bizId);
      const ciphers = order ? [order.orderAddress.encryptedConsignee, order.orderAddress.encryptedMobile, order.orderAddress.encryptedAddress] : [];
      const plain = plainOf.get(encryptedData);
      // Only an order's own ciphertexts are decrypted for it (no decrypting another shop's or order's data).
      if (!order || !ciphers.includes(encryptedData) || plain === undefined) return { bizId, encryptedData, decryptedData: null, errorCode: 40020, errorMsg: '解密失败' };
      return { bizId, encryptedData, decryptedData: plain, errorCode: 1, errorMsg: '' };
    });
    ok(res, { batchDecryptResultList: results });
  }

  /** Calls that change something: POST only [S]. */
  const POST_ONLY = new Set([
    'open.seller.order.refund.approve',
    'open.seller.order.refund.returngoods.approve',
    'open.seller.order.refund.confirm.receipt',
    'open.refund.reject',
    'open.refund.direct.refund',
    'open.order.decrypt.batch',
  ]);

  function dispatch(method: string, p: Record<string, unknown>, res: ServerResponse, httpMethod: string) {
    if (POST_ONLY.has(method) && httpMethod !== 'POST') return fail(res, FAKE_KS_ERRORS.notPost);
    switch (method) {
      case 'open.seller.order.refund.pcursor.list':
        return refundList(p, res);
      case 'open.seller.order.refund.detail': {
        const refund = refunds.get(String(p.refundId ?? ''));
        if (!refund) return fail(res, FAKE_KS_ERRORS.refundNotFound);
        return ok(res, { ...listed(refund), productNum: refund.productNum, logisticsInfo: refund.logisticsInfo ?? null, returnFreightInfo: refund.returnFreightInfo ?? null });
      }
      case 'open.seller.order.refund.approve':
      case 'open.seller.order.refund.returngoods.approve':
      case 'open.seller.order.refund.confirm.receipt':
      case 'open.refund.reject':
      case 'open.refund.direct.refund':
        return refundWrite(method, p, res);
      case 'open.order.decrypt.batch':
        return decryptBatch(p, res);
      case 'open.order.cursor.list':
        return cursorList(p, res);
      case 'open.item.list.get': {
        const pageNumber = Number(p.pageNumber ?? 1);
        const pageSize = Number(p.pageSize ?? 20);
        if (!Number.isInteger(pageNumber) || pageNumber < 1 || !Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100) return fail(res, FAKE_KS_ERRORS.badParam);
        const list = [...items.values()].sort((a, b) => a.kwaiItemId.localeCompare(b.kwaiItemId));
        const pageItems = list.slice((pageNumber - 1) * pageSize, pageNumber * pageSize).map((i) => ({ ...i, skuList: [...skus.values()].filter((s) => s.kwaiItemId === i.kwaiItemId) }));
        return ok(res, { currentPageNumber: pageNumber, pageSize, totalItemCount: list.length, items: pageItems });
      }
      case 'open.item.get': {
        const item = items.get(String(p.kwaiItemId ?? ''));
        if (!item) return fail(res, { result: 40010, error_msg: '商品不存在' });
        return ok(res, { ...item, skuList: [...skus.values()].filter((s) => s.kwaiItemId === item.kwaiItemId) });
      }
      case 'open.item.sku.stock.update': {
        const sku = skus.get(String(p.skuId ?? ''));
        const change = Number(p.skuChangeStock);
        const type = Number(p.changeType);
        if (!Number.isInteger(change) || change < 1 || ![1, 2].includes(type)) return fail(res, { ...FAKE_KS_ERRORS.badParam, error_msg: 'skuChangeStock or changeType invalid' });
        if (!sku || sku.kwaiItemId !== String(p.kwaiItemId ?? '')) return fail(res, { result: 40011, error_msg: 'sku不存在' });
        const next = sku.skuStock + (type === 1 ? change : -change);
        if (next < 0) return fail(res, { result: 40012, error_msg: '库存不足' });
        sku.skuStock = next;
        return ok(res, {});
      }
      case 'open.seller.order.goods.deliver': {
        const order = orders.get(String(p.orderId ?? ''));
        const expressNo = String(p.expressNo ?? '').trim();
        const expressCode = Number(p.expressCode);
        if (!expressNo || !Number.isInteger(expressCode)) return fail(res, { ...FAKE_KS_ERRORS.badParam, error_msg: 'expressNo or expressCode invalid' });
        if (!FAKE_KS_EXPRESS_CODES.has(expressCode)) return fail(res, { result: 40013, error_msg: '物流公司编码不合法' });
        if (!order) return fail(res, { result: 40014, error_msg: '订单不存在' });
        const shipped = order.orderLogisticsInfo[0];
        // Idempotent for the same tracking number (since 2024-11-25).
        if (shipped && shipped.expressNo === expressNo && shipped.expressCode === expressCode) return ok(res, {});
        if (order.orderBaseInfo.status !== 30) return fail(res, { result: 40015, error_msg: '订单状态不允许发货' });
        const at = now().getTime();
        orders.set(order.orderBaseInfo.oid, { ...order, orderBaseInfo: { ...order.orderBaseInfo, status: 40, sendTime: at, updateTime: at }, orderLogisticsInfo: [{ expressNo, expressCode }] });
        return ok(res, {});
      }
      default:
        return fail(res, FAKE_KS_ERRORS.method);
    }
  }

  async function api(req: IncomingMessage, url: URL, res: ServerResponse) {
    const body = req.method === 'POST' ? await readBody(req) : '';
    const params: Record<string, string> = Object.fromEntries(url.searchParams);
    if (req.method === 'POST') {
      if (!/application\/x-www-form-urlencoded/.test(req.headers['content-type'] ?? '')) {
        calls.push({ path: url.pathname, httpMethod: 'POST', method: params.method ?? '', params, param: null, refused: 'content-type' });
        return fail(res, { ...FAKE_KS_ERRORS.badParam, error_msg: 'Content-Type must be application/x-www-form-urlencoded' });
      }
      for (const [k, v] of new URLSearchParams(body)) params[k] = v;
    }
    const method = params.method ?? '';
    const call: KsFakeCall = { path: url.pathname, httpMethod: req.method ?? '', method, params, param: params.param === undefined ? null : parseParam(params.param), refused: null };
    calls.push(call);
    const refuse = (why: string, answer: { result: number; error_msg: string }) => {
      call.refused = why;
      return fail(res, answer);
    };
    for (const key of ['appkey', 'method', 'version', 'access_token', 'timestamp', 'signMethod', 'sign', 'param']) {
      if (!params[key]) return refuse('missing', { ...FAKE_KS_ERRORS.missingParam, error_msg: `${key} is missing` });
    }
    if (ksPathOf(method) !== url.pathname) return refuse('path', { ...FAKE_KS_ERRORS.method, error_msg: `path ${url.pathname} is not ${ksPathOf(method)}` });
    if (!['MD5', 'HMAC_SHA256'].includes(params.signMethod!)) return refuse('signMethod', { ...FAKE_KS_ERRORS.badParam, error_msg: 'signMethod must be MD5 or HMAC_SHA256' });
    if (params.appkey !== appKey) return refuse('appkey', FAKE_KS_ERRORS.appKey);
    if (!ksSignatureValid(params, signSecret)) return refuse('sign', FAKE_KS_ERRORS.sign);
    const ts = Number(params.timestamp);
    if (!/^\d{13}$/.test(params.timestamp!) || Math.abs(ts - now().getTime()) > 10 * 60_000) return refuse('timestamp', FAKE_KS_ERRORS.timestamp);
    if (params.version !== '1') return refuse('version', FAKE_KS_ERRORS.badParam);
    if (throttle > 0) {
      throttle--;
      return refuse('throttled', FAKE_KS_ERRORS.throttled);
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
      return res.end('{"result":1,"data":{"cursor":"17000');
    }
    const token = tokens.get(params.access_token!);
    if (token?.withdrawn) return refuse('token', FAKE_KS_ERRORS.revoked);
    if (!token || token.revoked || token.expiresAt <= now().getTime()) return refuse('token', FAKE_KS_ERRORS.token);
    if (!call.param) return refuse('param', { ...FAKE_KS_ERRORS.badParam, error_msg: 'param is not a JSON object' });
    dispatch(method, call.param, res, req.method ?? '');
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const handle = url.pathname.startsWith('/open/') ? api(req, url, res) : oauth(req, url, res);
    handle.catch((error: unknown) => json(res, 500, { result: 500, error_msg: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    gatewayUrl: base,
    authorizeUrl: `${base}/oauth/authorize`,
    appKey,
    appSecret,
    signSecret,
    openId,
    calls,
    orders,
    refunds,
    plainOf,
    items,
    skus,
    seedOrders(list) {
      for (const o of list) orders.set(o.orderBaseInfo.oid, o);
    },
    seedRefunds(list) {
      for (const r of list) refunds.set(r.refundId, r);
    },
    seedReceiver(oid, plain) {
      const order = orders.get(oid);
      if (!order) throw new Error(`no order ${oid} in the fake`);
      plainOf.set(order.orderAddress.encryptedConsignee, plain.consignee);
      plainOf.set(order.orderAddress.encryptedMobile, plain.mobile);
      plainOf.set(order.orderAddress.encryptedAddress, plain.address);
    },
    seedItems(itemList, skuList) {
      for (const i of itemList) items.set(i.kwaiItemId, i);
      for (const s of skuList) skus.set(s.kwaiSkuId, s);
    },
    expireToken() {
      for (const t of tokens.values()) t.revoked = true;
    },
    revoke() {
      for (const t of tokens.values()) t.withdrawn = true;
      for (const r of refreshTokens.values()) r.withdrawn = true;
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
    changeOrderBetweenPages(oid, change = {}) {
      pendingChanges.push({ oid, change });
    },
    issueCode,
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A paid Kuaishou order awaiting shipment for tests, last updated at `updated`, one SKU (Kuaishou orders carry one item). */
export function ksFakeOrder(oid: string, updated: Date, sku: { skuId: string; itemId: string; relSkuId?: string; num?: number; price?: number }, over: Partial<KsFakeOrder['orderBaseInfo']> = {}): KsFakeOrder {
  const num = sku.num ?? 1;
  const price = sku.price ?? 1990;
  const created = updated.getTime() - 3_600_000;
  return {
    orderBaseInfo: {
      oid,
      status: 30,
      payTime: created + 60_000,
      createTime: created,
      updateTime: updated.getTime(),
      totalFee: price * num + 600,
      expressFee: 600,
      discountFee: 0,
      buyerNick: `ks_buyer_${oid.slice(-4)}`,
      promiseTimeStampOfDelivery: created + 2 * DAY,
      ...over,
    },
    orderItemInfo: { itemId: sku.itemId, skuId: sku.skuId, relSkuId: sku.relSkuId, skuDesc: '颜色:红', itemTitle: `商品 ${sku.itemId}`, num, price, originalPrice: price },
    // Kuaishou's encrypted receiver fields: opaque ciphertext, kept as is; the desensitised ones are shown.
    orderAddress: {
      encryptedConsignee: `#enc#consignee#${oid}`,
      encryptedMobile: `#enc#mobile#${oid}`,
      encryptedAddress: `#enc#address#${oid}`,
      desensitiseConsignee: '张*',
      desensitiseMobile: '138****0000',
      desensitiseAddress: '幸福路**号',
      province: '北京市',
      city: '北京市',
      district: '朝阳区',
      town: '望京街道',
    },
    orderLogisticsInfo: [],
    orderRefundList: [],
  };
}

/** A refund for tests: asked `updated`, of order `oid` (one SKU), a refund only waiting for the seller unless `over` says otherwise. */
export function ksFakeRefund(refundId: string, oid: string, updated: Date, over: Partial<KsFakeRefund> = {}): KsFakeRefund {
  return {
    refundId,
    oid,
    itemId: '7001',
    skuId: '8001',
    relSkuId: 'KS-SKU-1',
    skuNick: 'KS-SKU-1',
    handlingWay: 10,
    status: 10,
    refundFee: 1990,
    refundReasonDesc: '不想要了',
    submitTime: updated.getTime() - 60_000,
    createTime: updated.getTime() - 60_000,
    updateTime: updated.getTime(),
    productNum: 1,
    logisticsInfo: null,
    returnFreightInfo: null,
    ...over,
  };
}
