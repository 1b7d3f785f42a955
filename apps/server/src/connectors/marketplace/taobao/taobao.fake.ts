// A local fake of the Taobao Open Platform for tests (never used by the product): a node:http
// server that follows the published protocol of shared/CONNECTORS.md §1, written from the
// documents, not from our client — it checks the signature with its own code (the official
// vector is its unit test too), the common params (app key, timestamp ±10 min, v, format,
// session), the documented params of each method (required ones, the one-day window of
// taobao.trades.sold.increment.get, page sizes) and answers in the documented shapes (`*_response`
// with lists wrapped as {"trades":{"trade":[...]}}, `error_response` with code/msg/sub_code/sub_msg).
// OAuth: GET /authorize (auto-consent, 302 to redirect_uri with code and state), POST /token
// (authorization_code, refresh_token). Controls let tests seed orders and misbehave on purpose.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeTradeLine {
  oid: string;
  num_iid: string;
  sku_id?: string;
  outer_sku_id?: string;
  title: string;
  sku_properties_name?: string;
  num: number;
  /** Unit price, yuan. */
  price: string;
  refund_status?: string;
}

export interface FakeTrade {
  tid: string;
  status: string;
  buyer_nick: string;
  /** Yuan strings, as TOP sends them. */
  payment: string;
  post_fee: string;
  created: Date;
  modified: Date;
  pay_time: Date | null;
  receiver_name: string;
  receiver_mobile: string;
  receiver_state: string;
  receiver_city: string;
  receiver_district: string;
  receiver_address: string;
  oaid?: string;
  /** The receiver in full, which only taobao.top.oaid.decrypt answers (for the trade's current oaid). */
  full_receiver?: { name: string; mobile: string; phone?: string; state: string; city: string; district: string; town?: string; address_detail: string };
  consign_due_time?: Date | null;
  consign_time?: Date | null;
  out_sid?: string;
  company_code?: string;
  orders: FakeTradeLine[];
}

export interface FakeItem {
  num_iid: string;
  title: string;
  outer_id?: string;
  pic_url?: string;
  num: number;
  approve_status: 'onsale' | 'instock';
  skus: { sku_id: string; outer_id?: string; properties_name?: string; quantity: number; price: string }[];
}

export interface FakeRefund {
  refund_id: string;
  tid: string;
  oid: string;
  status: string;
  refund_fee: string;
  reason: string;
  has_good_return: boolean;
  num_iid: string;
  sku?: string;
  title: string;
  num: number;
  price: string;
  sid?: string;
  company_name?: string;
  created: Date;
  modified: Date;
  /** 'onsale' before the trade shipped, 'aftersale' after (TOP's refund_phase); Tmall's decision calls require it. */
  refund_phase?: 'onsale' | 'aftersale';
  /** What the seller decided through the API, in order (for tests). */
  decisions?: string[];
}

/** A row of the seller's address library (taobao.logistics.address.search). */
export interface FakeAddress {
  contact_id: number;
  contact_name: string;
  province: string;
  city: string;
  country: string;
  addr: string;
  zip_code: string;
  phone?: string;
  mobile_phone?: string;
  cancel_def: boolean;
  get_def: boolean;
  send_def: boolean;
}

/** A message in the fake's TMC queue. */
export interface FakeTmcMessage {
  /** Beyond 2^53, as TOP's ids may be: answered as a bare JSON number. */
  id: string;
  topic: string;
  userId: string;
  userNick: string;
  /** JSON text, as TOP sends it. */
  content: string;
  pubTime: Date;
  pubAppKey: string;
  /** The user group it belongs to (undefined: the default group). */
  group?: string;
  deliveredAt: number | null;
  deliveries: number;
  confirmed: boolean;
}

/** A number written into the answer as a bare JSON number, digits as given. */
const longNumber = (digits: string) => `\u0000long:${digits}`;

export interface FakeCall {
  method: string;
  params: Record<string, string>;
  /** The error code answered, null on success. */
  error: number | null;
}

// ---- the fake's own signature check (written from the document, not shared with the client) ----

/** TOP's sign: params but `sign` and empty ones, keys in byte order, key+value joined; md5 wraps in the secret, hmac/hmac-sha256 key with it; upper-case hex. */
export function fakeTopSignature(params: Record<string, string>, secret: string, signMethod: string): string {
  const keys = Object.keys(params).filter((k) => k !== 'sign' && params[k] !== '');
  keys.sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  let joined = '';
  for (const k of keys) joined += k + params[k];
  if (signMethod === 'hmac') return createHmac('md5', secret).update(joined).digest('hex').toUpperCase();
  if (signMethod === 'hmac-sha256') return createHmac('sha256', secret).update(joined).digest('hex').toUpperCase();
  return createHash('md5')
    .update(secret + joined + secret)
    .digest('hex')
    .toUpperCase();
}

const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);
/** GMT+8 `yyyy-MM-dd HH:mm:ss`. */
export const fakeTime = (d: Date) => {
  const t = new Date(d.getTime() + 8 * 3_600_000);
  return `${t.getUTCFullYear()}-${two(t.getUTCMonth() + 1)}-${two(t.getUTCDate())} ${two(t.getUTCHours())}:${two(t.getUTCMinutes())}:${two(t.getUTCSeconds())}`;
};
const readTime = (s: string | undefined): Date | null => {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(s ?? '');
  return m ? new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]! - 8, +m[5]!, +m[6]!)) : null;
};
/** TOP has second precision: a time as the platform keeps it. */
const toSecond = (d: Date) => new Date(Math.floor(d.getTime() / 1000) * 1000);

/** An error answer of the fake gateway (code, msg, sub_code, sub_msg); other fakes' TOP methods throw it too. */
export class TopFault extends Error {
  constructor(
    readonly code: number,
    readonly msg: string,
    readonly subCode?: string,
    readonly subMsg?: string,
  ) {
    super(msg);
  }
}

const TRADE_AUTH_METHODS = [
  'taobao.trades.sold.increment.get',
  'taobao.trade.fullinfo.get',
  'taobao.items.onsale.get',
  'taobao.items.seller.list.get',
  'taobao.item.quantity.update',
  'taobao.logistics.offline.send',
  'taobao.refunds.receive.get',
  'taobao.refund.get',
  'taobao.refund.refuse',
  'taobao.rp.refunds.agree',
  'taobao.rp.returngoods.agree',
  'taobao.logistics.address.search',
  'taobao.top.oaid.decrypt',
  'taobao.tmc.user.permit',
];

export interface TaobaoFakeOptions {
  appKey?: string;
  appSecret?: string;
  /** The shop that consents on the authorize page. */
  userId?: string;
  userNick?: string;
  /** Lifetime of the access tokens issued (seconds). */
  tokenLifetimeSeconds?: number;
  now?: () => Date;
  /** More TOP methods this gateway serves (e.g. Cainiao waybills), `auth` when they need the seller's session. */
  extraMethods?: Record<string, { auth: boolean; run(params: Record<string, string>): Record<string, unknown> }>;
}

export async function startTaobaoFake(options: TaobaoFakeOptions = {}) {
  const appKey = options.appKey ?? '12345678';
  const appSecret = options.appSecret ?? 'fake-top-secret-0123456789';
  const userId = options.userId ?? '2200001234';
  const userNick = options.userNick ?? 'fake-shop';
  let lifetime = options.tokenLifetimeSeconds ?? 86_400;
  const now = options.now ?? (() => new Date());

  const AUTH_METHODS = new Set(TRADE_AUTH_METHODS);
  const trades = new Map<string, FakeTrade>();
  const items = new Map<string, FakeItem>();
  const refunds = new Map<string, FakeRefund>();
  const addresses: FakeAddress[] = [];
  const codes = new Map<string, { redirectUri: string; expires: number }>();
  const accessTokens = new Map<string, { expires: number }>();
  const refreshTokens = new Set<string>();
  const calls: FakeCall[] = [];
  const hanging = new Set<http.ServerResponse>();
  const faults = { throttle: 0, timeout: 0, malformed: 0, changeAfterPage: null as string | null };
  // The message service (TMC): the app's queue of messages, the users whose messages it may
  // receive, and the groups set on the app. A message delivered and not confirmed is delivered
  // again after redeliverAfterMs (or at once after redeliverUnconfirmed()).
  const tmc = {
    queue: [] as FakeTmcMessage[],
    permitted: new Map<string, string[] | null>(),
    groups: new Set<string>(),
    redeliverAfterMs: 5 * 60_000,
    seq: 7_300_000_000_000_000_001n,
    /** Confirm calls still to fail with a server-side error (the confirm is lost; the messages come again). */
    failConfirms: 0,
  };
  /** The session's user: every token the fake issues is the one consenting shop's. */
  const sessionUser = () => userId;

  const answer = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
    // A long number (longNumber) is written as TOP writes it: a bare JSON number, beyond JS's exact range.
    res.end(JSON.stringify(body).replace(/"\\u0000long:(\d+)"/g, '$1'));
  };

  const readBody = (req: http.IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      req.on('error', reject);
    });

  const pick = (source: Record<string, unknown>, fields: string[]) => {
    const out: Record<string, unknown> = {};
    for (const f of fields) if (f in source && source[f] !== undefined && source[f] !== null) out[f] = source[f];
    return out;
  };

  function tradeJson(t: FakeTrade, fields: string[]): Record<string, unknown> {
    const full: Record<string, unknown> = {
      tid: Number(t.tid),
      tid_str: t.tid,
      status: t.status,
      buyer_nick: t.buyer_nick,
      payment: t.payment,
      post_fee: t.post_fee,
      created: fakeTime(t.created),
      modified: fakeTime(t.modified),
      pay_time: t.pay_time ? fakeTime(t.pay_time) : undefined,
      receiver_name: t.receiver_name,
      receiver_mobile: t.receiver_mobile,
      receiver_state: t.receiver_state,
      receiver_city: t.receiver_city,
      receiver_district: t.receiver_district,
      receiver_address: t.receiver_address,
      oaid: t.oaid,
      consign_due_time: t.consign_due_time ? fakeTime(t.consign_due_time) : undefined,
      consign_time: t.consign_time ? fakeTime(t.consign_time) : undefined,
      orders: {
        order: t.orders.map((o) => ({
          oid: Number(o.oid),
          oid_str: o.oid,
          num_iid: Number(o.num_iid),
          sku_id: o.sku_id,
          outer_sku_id: o.outer_sku_id,
          title: o.title,
          sku_properties_name: o.sku_properties_name,
          num: o.num,
          price: o.price,
          refund_status: o.refund_status ?? 'NO_REFUND',
          status: t.status,
          out_sid: t.out_sid,
          logistics_company: t.company_code,
        })),
      },
    };
    return pick(full, fields);
  }

  function need(params: Record<string, string>, name: string): string {
    const v = params[name];
    if (v === undefined || v === '') throw new TopFault(40, 'Missing Required Arguments', `isv.missing-parameter:${name}`, `${name} is required`);
    return v;
  }

  function paging(params: Record<string, string>, max: number, fallback: number) {
    const pageNo = Number(params.page_no ?? 1);
    const pageSize = Number(params.page_size ?? fallback);
    if (!Number.isInteger(pageNo) || pageNo < 1) throw new TopFault(41, 'Invalid Arguments', 'isv.invalid-parameter:page_no');
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > max) throw new TopFault(41, 'Invalid Arguments', 'isv.invalid-parameter:page_size', `page_size must be 1..${max}`);
    return { pageNo, pageSize };
  }

  function window(params: Record<string, string>, maxMs: number) {
    const start = readTime(need(params, 'start_modified'));
    const end = readTime(need(params, 'end_modified'));
    if (!start || !end) throw new TopFault(41, 'Invalid Arguments', 'isv.invalid-parameter:start_modified', 'yyyy-MM-dd HH:mm:ss');
    if (end.getTime() < start.getTime()) throw new TopFault(41, 'Invalid Arguments', 'isv.invalid-parameter', 'end_modified before start_modified');
    if (end.getTime() - start.getTime() > maxMs) throw new TopFault(41, 'Invalid Arguments', 'isv.invalid-parameter', 'the time span may not exceed one day');
    return { start, end };
  }

  const fieldsOf = (params: Record<string, string>) =>
    need(params, 'fields')
      .split(',')
      .map((f) => f.trim().split('.')[0]!)
      .filter(Boolean);

  const methods: Record<string, (p: Record<string, string>) => Record<string, unknown>> = {
    'taobao.trades.sold.increment.get': (p) => {
      const fields = fieldsOf(p);
      const { start, end } = window(p, 86_400_000);
      const { pageNo, pageSize } = paging(p, 100, 40);
      // Sorted by modified, newest first (the document's reason to page from the last page backwards).
      const matching = [...trades.values()]
        .filter((t) => (!p.status || t.status === p.status) && t.modified.getTime() >= start.getTime() && t.modified.getTime() <= end.getTime())
        .sort((a, b) => b.modified.getTime() - a.modified.getTime() || (a.tid < b.tid ? 1 : -1));
      const page = matching.slice((pageNo - 1) * pageSize, pageNo * pageSize);
      const body: Record<string, unknown> = { trades: { trade: page.map((t) => tradeJson(t, fields)) } };
      if (p.use_has_next === 'true') body.has_next = pageNo * pageSize < matching.length;
      else body.total_results = matching.length;
      if (faults.changeAfterPage && trades.has(faults.changeAfterPage)) {
        // The seller's buyer changes this order right after this page was answered.
        const changed = trades.get(faults.changeAfterPage)!;
        changed.modified = toSecond(now());
        changed.buyer_nick = `${changed.buyer_nick}*`;
        faults.changeAfterPage = null;
      }
      return body;
    },
    'taobao.trade.fullinfo.get': (p) => {
      const fields = fieldsOf(p);
      const trade = trades.get(need(p, 'tid'));
      if (!trade) throw new TopFault(15, 'Remote service error', 'isv.trade-not-exist', 'no such trade');
      return { trade: tradeJson(trade, fields) };
    },
    'taobao.items.onsale.get': (p) => {
      const fields = fieldsOf(p);
      const { pageNo, pageSize } = paging(p, 200, 40);
      if (pageNo * pageSize > 100_000) throw new TopFault(41, 'Invalid Arguments', 'isv.invalid-parameter', 'page_no*page_size may not exceed 100000');
      const list = [...items.values()].filter((i) => i.approve_status === 'onsale').sort((a, b) => (a.num_iid < b.num_iid ? -1 : 1));
      const page = list.slice((pageNo - 1) * pageSize, pageNo * pageSize);
      return { total_results: list.length, items: { item: page.map((i) => pick({ ...i, num_iid: Number(i.num_iid), skus: undefined }, fields)) } };
    },
    'taobao.items.seller.list.get': (p) => {
      // The field `sku` asks for the item's SKUs, answered as {"skus":{"sku":[...]}}.
      const fields = fieldsOf(p).map((f) => (f === 'sku' ? 'skus' : f));
      const ids = need(p, 'num_iids').split(',');
      if (ids.length > 20) throw new TopFault(41, 'Invalid Arguments', 'isv.invalid-parameter:num_iids', 'at most 20 num_iids');
      const found = ids.map((id) => items.get(id)).filter((i): i is FakeItem => !!i);
      return {
        items: {
          item: found.map((i) =>
            pick(
              {
                num_iid: Number(i.num_iid),
                title: i.title,
                outer_id: i.outer_id,
                num: i.num,
                skus: { sku: i.skus.map((s) => ({ sku_id: Number(s.sku_id), outer_id: s.outer_id, properties_name: s.properties_name, quantity: s.quantity, price: s.price })) },
              },
              fields,
            ),
          ),
        },
      };
    },
    'taobao.item.quantity.update': (p) => {
      const item = items.get(need(p, 'num_iid'));
      if (!item) throw new TopFault(15, 'Remote service error', 'isv.item-not-exist', 'no such item');
      const quantity = Number(need(p, 'quantity'));
      const type = p.type ?? '1';
      if (!Number.isInteger(quantity) || (type === '1' && quantity < 0)) throw new TopFault(41, 'Invalid Arguments', 'isv.invalid-parameter:quantity');
      const sku = p.sku_id ? item.skus.find((s) => s.sku_id === p.sku_id) : p.outer_id ? item.skus.find((s) => s.outer_id === p.outer_id) : undefined;
      if ((p.sku_id || p.outer_id) && !sku) throw new TopFault(15, 'Remote service error', 'isv.item-sku-not-exist', 'no such sku');
      if (!sku && item.skus.length) throw new TopFault(41, 'Invalid Arguments', 'isv.invalid-parameter:sku_id', 'the item has skus: name one');
      const target = sku ?? item;
      const next = type === '2' ? ('quantity' in target ? target.quantity : target.num) + quantity : quantity;
      if (next < 0) throw new TopFault(15, 'Remote service error', 'isv.item-quantity-negative');
      if (sku) sku.quantity = next;
      else item.num = next;
      item.num = item.skus.length ? item.skus.reduce((n, s) => n + s.quantity, 0) : item.num;
      return { item: { num_iid: Number(item.num_iid), num: item.num, modified: fakeTime(now()) } };
    },
    'taobao.logistics.offline.send': (p) => {
      const trade = trades.get(need(p, 'tid'));
      const outSid = need(p, 'out_sid');
      const company = need(p, 'company_code');
      if (!trade) throw new TopFault(15, 'Remote service error', 'isv.trade-not-exist', 'no such trade');
      if (!/^[A-Z0-9_]{2,20}$/.test(company)) throw new TopFault(15, 'Remote service error', 'isv.logistics-company-not-exist', `unknown company ${company}`);
      if (trade.status !== 'WAIT_SELLER_SEND_GOODS' && trade.status !== 'SELLER_CONSIGNED_PART') {
        throw new TopFault(15, 'Remote service error', 'isv.logistics-offline-status-error', `the trade is ${trade.status}`);
      }
      trade.status = 'WAIT_BUYER_CONFIRM_GOODS';
      trade.out_sid = outSid;
      trade.company_code = company;
      trade.consign_time = toSecond(now());
      trade.modified = toSecond(now());
      return { shipping: { is_success: true } };
    },
    'taobao.refunds.receive.get': (p) => {
      const fields = fieldsOf(p);
      const { start, end } = window(p, 86_400_000);
      const { pageNo, pageSize } = paging(p, 100, 40);
      const list = [...refunds.values()]
        .filter((r) => r.modified.getTime() >= start.getTime() && r.modified.getTime() <= end.getTime())
        .sort((a, b) => b.modified.getTime() - a.modified.getTime());
      const page = list.slice((pageNo - 1) * pageSize, pageNo * pageSize);
      const body: Record<string, unknown> = { refunds: { refund: page.map((r) => pick(refundView(r), fields)) } };
      if (p.use_has_next === 'true') body.has_next = pageNo * pageSize < list.length;
      else body.total_results = list.length;
      return body;
    },
    'taobao.refund.get': (p) => {
      const r = refunds.get(p.refund_id ?? '');
      if (!r) throw new TopFault(15, 'Remote service error', 'isv.refund-not-exist', `退款单 ${p.refund_id ?? ''} 不存在`);
      return { refund: pick(refundView(r), fieldsOf(p)) };
    },
    'taobao.refund.refuse': (p) => {
      const r = decidable(p.refund_id, p.refund_version, p.refund_phase);
      const message = p.refuse_message ?? '';
      if (message.length < 2 || message.length > 200) throw new TopFault(40, 'Missing required arguments:refuse_message', 'isv.invalid-parameter', 'refuse_message 长度 2-200');
      if (r.status !== 'WAIT_SELLER_AGREE' && r.status !== 'WAIT_SELLER_CONFIRM_GOODS') throw new TopFault(15, 'Remote service error', 'isv.refund-status-error', `退款状态 ${r.status} 不允许拒绝`);
      settleRefund(r, 'SELLER_REFUSE_BUYER', `refuse:${message}`);
      return { is_success: true };
    },
    'taobao.rp.refunds.agree': (p) => {
      const infos = (p.refund_infos ?? '').split(',').filter(Boolean);
      if (!infos.length) throw new TopFault(40, 'Missing required arguments:refund_infos', 'isv.missing-parameter');
      if (infos.length > 20) throw new TopFault(41, 'Invalid arguments:refund_infos', 'isv.invalid-parameter', '一次最多 20 笔');
      const results = infos.map((info) => {
        const [id = '', amount = '', version = '', phase = ''] = info.split('|');
        try {
          const r = decidable(id, version, phase);
          if (!/^\d+$/.test(amount) || Number(amount) !== Math.round(Number(r.refund_fee) * 100)) return { refund_id: id, succ: false, message: `退款金额 ${amount} 与退款单金额不符（分）` };
          if (r.status === 'SELLER_REFUSE_BUYER' || r.status === 'CLOSED' || r.status === 'SUCCESS') return { refund_id: id, succ: false, message: `退款状态 ${r.status} 不允许同意退款` };
          settleRefund(r, 'SUCCESS', `agree:${amount}`);
          return { refund_id: id, succ: true, message: '' };
        } catch (error) {
          return { refund_id: id, succ: false, message: error instanceof TopFault ? (error.subMsg ?? error.msg) : String(error) };
        }
      });
      const ok = results.filter((r) => r.succ).length;
      return { results: { refund_mapping_result: results }, succ: ok === results.length, msg_code: ok === results.length ? 'OP_SUCC' : ok ? 'SOME_OP_SUCC' : 'OP_FAILURE_UE', message: '' };
    },
    'taobao.rp.returngoods.agree': (p) => {
      const r = decidable(p.refund_id, p.refund_version, p.refund_phase);
      if (!r.has_good_return) throw new TopFault(15, 'Remote service error', 'isv.refund-type-error', '仅退款的退款单不能同意退货');
      if (r.status !== 'WAIT_SELLER_AGREE') throw new TopFault(15, 'Remote service error', 'isv.refund-status-error', `退款状态 ${r.status} 不允许同意退货`);
      const address = addresses.find((a) => String(a.contact_id) === p.seller_address_id);
      if (!address) throw new TopFault(41, 'Invalid arguments:seller_address_id', 'isv.invalid-parameter', '卖家收货地址编号不存在');
      for (const field of ['name', 'address', 'post'] as const) if (!p[field]) throw new TopFault(40, `Missing required arguments:${field}`, 'isv.missing-parameter');
      if (!p.tel && !p.mobile) throw new TopFault(40, 'Missing required arguments:tel/mobile', 'isv.missing-parameter');
      settleRefund(r, 'WAIT_BUYER_RETURN_GOODS', `returnAgree:${p.seller_address_id}`);
      return { is_success: true };
    },
    'taobao.top.oaid.decrypt': (p) => {
      let queries: unknown;
      try {
        queries = JSON.parse(p.query_list ?? '');
      } catch {
        throw new TopFault(41, 'Invalid arguments:query_list', 'isv.invalid-parameter', 'query_list 不是 JSON');
      }
      if (!Array.isArray(queries) || !queries.length) throw new TopFault(40, 'Missing required arguments:query_list', 'isv.missing-parameter');
      if (queries.length > 20) throw new TopFault(41, 'Invalid arguments:query_list', 'isv.invalid-parameter', '最多支持 20 个');
      const receiver = queries.flatMap((q: { oaid?: unknown; tid?: unknown }) => {
        const trade = trades.get(String(q.tid ?? ''));
        if (!trade?.full_receiver || !q.oaid) return [];
        const matched = trade.oaid === String(q.oaid);
        // A stale oaid answers matched=false and no receiver (TOP advises reading the trade again).
        return [{ oaid: String(q.oaid), tid: trade.tid, matched, ...(matched ? { ...trade.full_receiver, country: '中国' } : {}) }];
      });
      return { receiver_list: { receiver } };
    },
    'taobao.tmc.user.permit': (p) => {
      // No topics: every topic the app subscribes to (TOP's advice); topics replace the user's whole list.
      const topics = p.topics ? p.topics.split(',').map((t) => t.trim()).filter(Boolean) : null;
      tmc.permitted.set(sessionUser(), topics);
      return { is_success: true };
    },
    'taobao.tmc.messages.consume': (p) => {
      const quantity = Number(p.quantity ?? 100);
      if (!Number.isInteger(quantity) || quantity < 10 || quantity > 200) throw new TopFault(41, 'Invalid Arguments', 'isv.invalid-parameter:quantity', 'quantity must be 10..200');
      const group = p.group_name ?? '';
      if (group && !tmc.groups.has(group)) throw new TopFault(15, 'Remote service error', 'isv.group-not-exist', `group ${group} does not exist`);
      const at = now().getTime();
      const due = tmc.queue.filter((m) => (m.group ?? '') === group && !m.confirmed && (m.deliveredAt === null || at - m.deliveredAt >= tmc.redeliverAfterMs)).slice(0, quantity);
      for (const m of due) {
        m.deliveredAt = at;
        m.deliveries++;
      }
      // No message: an answer without the list.
      if (!due.length) return {};
      return {
        messages: {
          tmc_message: due.map((m) => ({ id: longNumber(m.id), topic: m.topic, pub_app_key: m.pubAppKey, pub_time: fakeTime(m.pubTime), user_id: Number(m.userId), user_nick: m.userNick, content: m.content })),
        },
      };
    },
    'taobao.tmc.messages.confirm': (p) => {
      if (tmc.failConfirms > 0) {
        tmc.failConfirms--;
        throw new TopFault(15, 'Remote service error', 'isp.remote-service-timeout', 'the confirm did not reach the message service');
      }
      const group = p.group_name ?? '';
      if (group && !tmc.groups.has(group)) throw new TopFault(15, 'Remote service error', 'isv.group-not-exist', `group ${group} does not exist`);
      const ids = need(p, 's_message_ids').split(',').map((id) => id.trim()).filter(Boolean);
      if (ids.length > 200) throw new TopFault(41, 'Invalid Arguments', 'isv.invalid-parameter:s_message_ids', 'at most 200 ids');
      if (ids.some((id) => !/^\d+$/.test(id))) throw new TopFault(41, 'Invalid Arguments', 'isv.invalid-parameter:s_message_ids', 'ids are numbers');
      for (const m of tmc.queue) if (ids.includes(m.id) && (m.group ?? '') === group) m.confirmed = true;
      return { is_success: true };
    },
    'taobao.logistics.address.search': (p) => {
      const rows = p.rdef === 'cancel_def' ? addresses.filter((a) => a.cancel_def) : p.rdef === 'get_def' ? addresses.filter((a) => a.get_def) : p.rdef === 'no_def' ? addresses.filter((a) => !a.cancel_def && !a.get_def && !a.send_def) : addresses;
      return { addresses: { address_result: rows } };
    },
  };

  /** A refund as TOP answers it: numbers as numbers, times GMT+8, version = its modified time in ms. */
  const refundView = (r: FakeRefund): Record<string, unknown> => ({
    ...r,
    refund_id: Number(r.refund_id),
    tid: Number(r.tid),
    oid: Number(r.oid),
    num_iid: Number(r.num_iid),
    created: fakeTime(r.created),
    modified: fakeTime(r.modified),
    refund_phase: r.refund_phase ?? 'aftersale',
    refund_version: r.modified.getTime(),
    decisions: undefined,
  });

  /** The refund a decision names, checked as Tmall checks it: the version read must still be current, the phase must match. */
  function decidable(id: string | undefined, version: string | undefined, phase: string | undefined): FakeRefund {
    const r = refunds.get(id ?? '');
    if (!r) throw new TopFault(15, 'Remote service error', 'isv.refund-not-exist', `退款单 ${id ?? ''} 不存在`);
    if (version && version !== String(r.modified.getTime())) throw new TopFault(15, 'Remote service error', 'isv.refund-version-error', '退款版本号不是最新，请重新获取');
    if (phase && phase !== (r.refund_phase ?? 'aftersale')) throw new TopFault(41, 'Invalid arguments:refund_phase', 'isv.invalid-parameter', `refund_phase 应为 ${r.refund_phase ?? 'aftersale'}`);
    return r;
  }

  function settleRefund(r: FakeRefund, status: string, decision: string) {
    r.status = status;
    // A new version: at least one second later (TOP keeps seconds).
    r.modified = new Date(Math.max(toSecond(now()).getTime(), r.modified.getTime() + 1000));
    (r.decisions ??= []).push(decision);
  }

  for (const [name, extra] of Object.entries(options.extraMethods ?? {})) {
    methods[name] = extra.run;
    if (extra.auth) AUTH_METHODS.add(name);
  }

  function checkCommon(params: Record<string, string>): void {
    if (!params.method) throw new TopFault(21, 'Missing Method');
    if (!methods[params.method]) throw new TopFault(22, 'Invalid Method');
    if (!params.app_key) throw new TopFault(28, 'Missing App Key');
    if (params.app_key !== appKey) throw new TopFault(29, 'Invalid App Key');
    if (!params.timestamp) throw new TopFault(30, 'Missing Timestamp');
    const at = readTime(params.timestamp);
    if (!at || Math.abs(at.getTime() - now().getTime()) > 10 * 60_000) throw new TopFault(31, 'Invalid Timestamp');
    if (params.v !== '2.0') throw new TopFault(34, 'Invalid Version');
    if (params.format && params.format !== 'json' && params.format !== 'xml') throw new TopFault(23, 'Invalid Format');
    if (!params.sign) throw new TopFault(24, 'Missing Signature');
    const signMethod = params.sign_method ?? 'md5';
    if (!['md5', 'hmac', 'hmac-sha256'].includes(signMethod)) throw new TopFault(32, 'Invalid Sign Method');
    if (fakeTopSignature(params, appSecret, signMethod) !== params.sign) throw new TopFault(25, 'Invalid Signature');
    if (AUTH_METHODS.has(params.method)) {
      if (!params.session) throw new TopFault(26, 'Missing Session');
      const token = accessTokens.get(params.session);
      if (!token || token.expires <= now().getTime()) throw new TopFault(27, 'Invalid session', 'invalid-sessionkey', 'SessionKey非法');
    }
  }

  async function router(req: http.IncomingMessage, res: http.ServerResponse) {
    const params = Object.fromEntries(new URLSearchParams(await readBody(req)));
    const method = params.method ?? '';
    if (faults.timeout > 0) {
      faults.timeout--;
      calls.push({ method, params, error: -1 });
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return; // never answers
    }
    try {
      checkCommon(params);
      if (faults.throttle > 0) {
        faults.throttle--;
        throw new TopFault(7, 'App Call Limited', 'accesscontrol.limited-by-app-access-count', 'This ban will last for 1 more seconds');
      }
      if (faults.malformed > 0) {
        faults.malformed--;
        calls.push({ method, params, error: -2 });
        res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
        res.end(`{"${method.replace(/^taobao\./, '').replace(/\./g, '_')}_response":{"total_results":`);
        return;
      }
      const body = methods[method]!(params);
      calls.push({ method, params, error: null });
      answer(res, 200, { [`${method.replace(/^taobao\./, '').replace(/\./g, '_')}_response`]: { ...body, request_id: randomBytes(6).toString('hex') } });
    } catch (error) {
      const fault = error instanceof TopFault ? error : new TopFault(15, 'Remote service error', 'isp.unknown-error', (error as Error).message);
      calls.push({ method, params, error: fault.code });
      answer(res, 200, {
        error_response: { code: fault.code, msg: fault.msg, ...(fault.subCode ? { sub_code: fault.subCode } : {}), ...(fault.subMsg ? { sub_msg: fault.subMsg } : {}), request_id: randomBytes(6).toString('hex') },
      });
    }
  }

  function issueTokens() {
    const access = `ta${randomBytes(16).toString('hex')}`;
    const refresh = `tr${randomBytes(16).toString('hex')}`;
    accessTokens.set(access, { expires: now().getTime() + lifetime * 1000 });
    refreshTokens.add(refresh);
    return {
      access_token: access,
      token_type: 'Bearer',
      expires_in: lifetime,
      refresh_token: refresh,
      re_expires_in: lifetime * 30,
      r1_expires_in: lifetime,
      r2_expires_in: lifetime,
      w1_expires_in: lifetime,
      w2_expires_in: lifetime,
      taobao_user_nick: encodeURIComponent(userNick),
      taobao_user_id: userId,
    };
  }

  async function token(req: http.IncomingMessage, res: http.ServerResponse) {
    const p = Object.fromEntries(new URLSearchParams(await readBody(req)));
    calls.push({ method: `oauth.token:${p.grant_type ?? ''}`, params: { ...p, client_secret: p.client_secret ? '***' : '' }, error: null });
    if (p.client_id !== appKey || p.client_secret !== appSecret) return answer(res, 401, { error: 'invalid_client', error_description: 'client_id or client_secret is wrong' });
    if (p.grant_type === 'authorization_code') {
      const code = codes.get(p.code ?? '');
      codes.delete(p.code ?? '');
      if (!code || code.expires <= now().getTime()) return answer(res, 400, { error: 'invalid_grant', error_description: 'authorize code expire or used' });
      if (code.redirectUri !== p.redirect_uri) return answer(res, 400, { error: 'invalid_request', error_description: 'redirect_uri does not match' });
      return answer(res, 200, issueTokens());
    }
    if (p.grant_type === 'refresh_token') {
      if (!refreshTokens.has(p.refresh_token ?? '')) return answer(res, 400, { error: 'invalid_grant', error_description: 'refresh_token is invalid' });
      refreshTokens.delete(p.refresh_token ?? '');
      return answer(res, 200, issueTokens());
    }
    return answer(res, 400, { error: 'unsupported_grant_type', error_description: `grant_type ${p.grant_type}` });
  }

  function authorize(url: URL, res: http.ServerResponse) {
    const q = url.searchParams;
    if (q.get('response_type') !== 'code' || q.get('client_id') !== appKey || !q.get('redirect_uri')) {
      res.writeHead(400, { 'content-type': 'text/plain;charset=utf-8' });
      return res.end('invalid authorize request');
    }
    const redirectUri = q.get('redirect_uri')!;
    const code = randomBytes(12).toString('hex');
    codes.set(code, { redirectUri, expires: now().getTime() + 10 * 60_000 });
    const state = q.get('state');
    const sep = redirectUri.includes('?') ? '&' : '?';
    res.writeHead(302, { location: `${redirectUri}${sep}code=${code}${state ? `&state=${encodeURIComponent(state)}` : ''}` });
    res.end();
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const route = `${req.method} ${url.pathname}`;
    const done = (p: Promise<unknown>) => p.catch((e: Error) => answer(res, 500, { error: e.message }));
    if (route === 'POST /router/rest') return void done(router(req, res));
    if (route === 'POST /token') return void done(token(req, res));
    if (route === 'GET /authorize') return authorize(url, res);
    answer(res, 404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  let tidSeq = 4_100_000_000_000_000;
  return {
    appKey,
    appSecret,
    userId,
    baseUrl: base,
    gatewayUrl: `${base}/router/rest`,
    authorizeUrl: `${base}/authorize`,
    trades,
    items,
    refunds,
    calls,
    /** Every gateway call whose signature the fake checked and accepted (error codes 24/25 absent). */
    badSignatures: () => calls.filter((c) => c.error === 25 || c.error === 24).length,
    /** Whether the access token is one the fake issued and still valid. */
    sessionValid(session: string) {
      const token = accessTokens.get(session);
      return !!token && token.expires > now().getTime();
    },
    putTrade(trade: FakeTrade) {
      trades.set(trade.tid, { ...trade, modified: toSecond(trade.modified), created: toSecond(trade.created) });
    },
    /** n plain orders waiting to ship, changed at the given times; answers their tids. */
    seedOrders(times: Date[], sku?: { num_iid: string; sku_id?: string; title?: string }): string[] {
      return times.map((at, i) => {
        const tid = String(tidSeq++);
        this.putTrade({
          tid,
          status: 'WAIT_SELLER_SEND_GOODS',
          buyer_nick: `b**${i}`,
          payment: '128.50',
          post_fee: '8.00',
          created: new Date(at.getTime() - 60_000),
          modified: at,
          pay_time: new Date(at.getTime() - 30_000),
          receiver_name: '张**',
          receiver_mobile: '*******5678',
          receiver_state: '浙江省',
          receiver_city: '杭州市',
          receiver_district: '西湖区',
          receiver_address: '文**路**号',
          full_receiver: { name: '张三丰', mobile: `1380000${tid.slice(-4)}`, state: '浙江省', city: '杭州市', district: '西湖区', address_detail: '文一西路 969 号' },
          oaid: `oaid${tid}`,
          consign_due_time: new Date(at.getTime() + 48 * 3_600_000),
          orders: [{ oid: `${tid}1`, num_iid: sku?.num_iid ?? '600001', sku_id: sku?.sku_id ?? '700001', outer_sku_id: 'OUT-1', title: sku?.title ?? '测试商品', sku_properties_name: '颜色:红色', num: 2, price: '60.25' }],
        });
        return tid;
      });
    },
    putItem(item: FakeItem) {
      items.set(item.num_iid, item);
    },
    addresses,
    /** A row of the seller's address library (the default return address has cancel_def). */
    putAddress(address: Partial<FakeAddress> & { contact_id: number }) {
      addresses.push({ contact_name: '王仓管', province: '浙江省', city: '杭州市', country: '余杭区', addr: '仓前街道文一西路 1 号', zip_code: '311121', mobile_phone: '13800000000', cancel_def: false, get_def: false, send_def: false, ...address });
    },
    putRefund(refund: FakeRefund) {
      refunds.set(refund.refund_id, { ...refund, modified: toSecond(refund.modified), created: toSecond(refund.created) });
    },
    tmc,
    /**
     * Publishes a message to the app's TMC queue as Taobao would after a change of the seller's
     * trade (taobao_trade_*) or refund (taobao_refund_*): content {tid, seller_nick, …} as JSON
     * text; answers its id. The user defaults to the consenting shop.
     */
    publishTmc(message: { topic: string; content: Record<string, unknown>; userId?: string; userNick?: string; pubTime?: Date; group?: string }): string {
      const id = String(tmc.seq++);
      const content = JSON.stringify(message.content).replace(/"\\u0000long:(\d+)"/g, '$1');
      tmc.queue.push({
        id,
        topic: message.topic,
        userId: message.userId ?? userId,
        userNick: message.userNick ?? userNick,
        content,
        pubTime: toSecond(message.pubTime ?? now()),
        pubAppKey: '12497914',
        ...(message.group ? { group: message.group } : {}),
        deliveredAt: null,
        deliveries: 0,
        confirmed: false,
      });
      return id;
    },
    /** A trade message's content with the tid as TOP writes it (a bare number). */
    tradeContent(tid: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
      return { tid: longNumber(tid), seller_nick: userNick, ...extra };
    },
    /** Unconfirmed messages already delivered are delivered again by the next consume. */
    redeliverUnconfirmed() {
      for (const m of tmc.queue) if (!m.confirmed) m.deliveredAt = null;
    },
    /** Every access token issued so far stops working (answers code 27). */
    expireToken() {
      for (const t of accessTokens.values()) t.expires = 0;
    },
    /** Refresh tokens stop working too: the next refresh is refused. */
    revokeRefreshTokens() {
      refreshTokens.clear();
    },
    setTokenLifetime(seconds: number) {
      lifetime = seconds;
    },
    throttleNext(count = 1) {
      faults.throttle += count;
    },
    timeoutNext(count = 1) {
      faults.timeout += count;
    },
    malformedNext(count = 1) {
      faults.malformed += count;
    },
    /** The order changes (its modified time moves to now) right after the next page of increment.get. */
    changeOrderBetweenPages(tid: string) {
      faults.changeAfterPage = tid;
    },
    async close() {
      for (const res of hanging) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type TaobaoFake = Awaited<ReturnType<typeof startTaobaoFake>>;
