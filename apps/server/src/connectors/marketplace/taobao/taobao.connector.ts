// The Taobao / Tmall connector (TOP, shared/CONNECTORS.md §1) behind the marketplace connector
// interface. Credentials come only from the installation's AppCredentialsLookup (platform
// CI_PLATFORM_TAOBAO, shared by Tmall Supermarket and Taote); without them every call answers
// NO_APP_CREDENTIALS. See README.md in this folder for the choices and what is verified only
// against published documents.
import { yuanToFen, type OnlineItemInput } from '@openseller/core';
import type { AppCredentialsLookup, PlatformAppCredentials } from '../../app-credentials.js';
import {
  afterSaleDecisionIntent,
  ConnectorError,
  DEFAULT_CALL_TIMEOUT_MS,
  FINAL_REFUND_STATES,
  refundStatusAfterIntent,
  withDeadline,
  type AfterSaleDecisionPush,
  type AfterSalePage,
  type CallOptions,
  type MarketplaceConnector,
  type OnlineGoodsPage,
  type OrderPage,
  type PlatformAfterSale,
  type PlatformOrder,
  type PlatformOrderLine,
  type PlatformReceiver,
  type PushResult,
  type StoreCredentials,
  type TimeWindow,
  type TokenGrant,
} from '../connector.js';
import { createTopClient, parseTopTime, TOP_AUTHORIZE_URL, topTime, type TopAnswer, type TopClient, type TopSignMethod } from './top-client.js';

export const TAOBAO_CREDENTIALS_CODE = 'CI_PLATFORM_TAOBAO';
const DAY_MS = 86_400_000;
/** TOP's largest page of taobao.trades.sold.increment.get and taobao.refunds.receive.get. */
const TOP_PAGE = 100;
/** Tries of one window when the pages did not add up to the total (an order moved inside the window meanwhile). */
const WINDOW_TRIES = 3;
/** taobao.top.oaid.decrypt takes at most 20 receivers a call. */
const OAID_BATCH = 20;

/** Trade statuses TOP documents (CONNECTORS.md §1); another word fails the pull instead of storing a guess. */
export const TOP_TRADE_STATUSES = new Set([
  'TRADE_NO_CREATE_PAY',
  'WAIT_BUYER_PAY',
  'SELLER_CONSIGNED_PART',
  'WAIT_SELLER_SEND_GOODS',
  'WAIT_BUYER_CONFIRM_GOODS',
  'TRADE_BUYER_SIGNED',
  'TRADE_FINISHED',
  'TRADE_CLOSED',
  'TRADE_CLOSED_BY_TAOBAO',
  'PAY_PENDING',
  'WAIT_PRE_AUTH_CONFIRM',
]);

/** Our express company codes → TOP logistics company codes, where they differ (taobao.logistics.companies.get lists TOP's). */
export const TOP_COMPANY_CODES: Record<string, string> = { JDKD: 'JD', YUNDA_KY: 'YUNDA', DEPPON: 'DBKD' };

const TRADE_LIST_FIELDS = 'tid,status,modified';
const TRADE_FIELDS = [
  'tid',
  'status',
  'buyer_nick',
  'payment',
  'post_fee',
  'created',
  'modified',
  'pay_time',
  'receiver_name',
  'receiver_mobile',
  'receiver_phone',
  'receiver_state',
  'receiver_city',
  'receiver_district',
  'receiver_town',
  'receiver_address',
  'oaid',
  'consign_due_time',
  'consign_time',
  'orders',
].join(',');
/** What a decision needs to know of a refund now: its state, amount, and the phase and version TOP's decision calls require. */
const REFUND_DECISION_FIELDS = 'refund_id,tid,status,refund_fee,has_good_return,refund_phase,refund_version';
/** The message sent with a refusal (taobao.refund.refuse wants 2–200 characters; the buyer reads it). */
export const TOP_REFUSE_MESSAGE = '卖家拒绝了本次退款申请，如有疑问请联系客服';
const REFUND_FIELDS = 'refund_id,tid,oid,status,refund_fee,reason,has_good_return,num_iid,sku,title,num,price,sid,company_name,created,modified';

/** Yuan as TOP sends it: digits with at most two decimals. Anything else (fen, a float artefact) fails the page. */
function yuan(value: unknown, field: string): string {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(text)) throw new ConnectorError('PLATFORM_ERROR', `taobao: ${field} "${String(value)}" is not an amount in yuan`);
  return text;
}

const str = (v: unknown): string => (v === undefined || v === null ? '' : String(v));
/** A TOP list: {"trades":{"trade":[...]}} (or a bare array with simplify=true). */
function list(container: unknown, inner: string): Record<string, unknown>[] {
  if (Array.isArray(container)) return container as Record<string, unknown>[];
  if (container && typeof container === 'object') {
    const rows = (container as Record<string, unknown>)[inner];
    if (Array.isArray(rows)) return rows as Record<string, unknown>[];
  }
  return [];
}
function need<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined || value === '') throw new ConnectorError('PLATFORM_ERROR', `taobao: the answer lacks ${what}`);
  return value;
}

/** The online SKU id this connector uses: `num_iid:sku_id`, or the item's num_iid when it has no SKUs (stock pushes need both). */
export const topSkuKey = (numIid: string, skuId: string | null | undefined) => (skuId ? `${numIid}:${skuId}` : numIid);
const splitSkuKey = (key: string) => {
  const [numIid, skuId] = key.split(':');
  return { numIid: numIid ?? '', skuId: skuId || null };
};

// ---- watermarks: `<ISO time>|<id>` of the last record answered (records in (modified, id) order) ----

interface Mark {
  at: Date;
  id: string;
}
const encodeMark = (m: Mark) => `${m.at.toISOString()}|${m.id}`;
function decodeMark(text: string | null | undefined): Mark | null {
  if (!text) return null;
  const [at, id] = text.split('|');
  const date = new Date(at ?? '');
  if (Number.isNaN(date.getTime())) throw new ConnectorError('PLATFORM_ERROR', `taobao: not a watermark of this connector (${text})`);
  return { at: date, id: id ?? '' };
}
/** Numeric ids compared as numbers (by length, then text). */
const idCompare = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
const markCompare = (a: Mark, b: Mark) => a.at.getTime() - b.at.getTime() || idCompare(a.id, b.id);
const floorSecond = (d: Date) => new Date(Math.floor(d.getTime() / 1000) * 1000);

interface Listed {
  mark: Mark;
  raw: Record<string, unknown>;
}

/**
 * One pull page over a window in TOP's ≤ 1 day sub-windows: starting at the watermark (or the
 * window's start), each sub-window is listed in full (fetchWindow), the records after the
 * watermark and before `to` are sorted by (modified, id) and the first `pageSize` answered with
 * the watermark of the last. Empty sub-windows are skipped within the call, so an answer without
 * records means the window is done.
 */
async function pullPage(window: TimeWindow, fetchWindow: (start: Date, end: Date) => Promise<Listed[]>): Promise<{ rows: Listed[]; watermark: string; hasMore: boolean }> {
  const pageSize = Math.min(Math.max(window.pageSize ?? 50, 1), 200);
  const to = window.to;
  const start = floorSecond(window.from);
  const mark = decodeMark(window.watermark);
  let cursor: Mark = mark && mark.at.getTime() >= start.getTime() ? mark : { at: start, id: '' };
  while (cursor.at.getTime() < to.getTime()) {
    const subEnd = new Date(Math.min(to.getTime(), cursor.at.getTime() + DAY_MS));
    const rows = (await fetchWindow(cursor.at, subEnd))
      .filter((r) => r.mark.at.getTime() < to.getTime() && markCompare(r.mark, cursor) > 0)
      .sort((a, b) => markCompare(a.mark, b.mark));
    if (rows.length) {
      const page = rows.slice(0, pageSize);
      return { rows: page, watermark: encodeMark(page[page.length - 1]!.mark), hasMore: rows.length > pageSize || subEnd.getTime() < to.getTime() };
    }
    cursor = { at: subEnd, id: '' };
  }
  return { rows: [], watermark: encodeMark(cursor), hasMore: false };
}

export interface TaobaoConnectorOptions {
  credentials: AppCredentialsLookup;
  /** The registry key served (CI_PLATFORM_TAOBAO; TMCS and C2M share TOP and its app). */
  platformCode?: string;
  fetchImpl?: typeof fetch;
  now?: () => Date;
  signMethod?: TopSignMethod;
  /** First pause of the retries on throttling (default 500 ms). */
  backoffMs?: number;
}

export interface TaobaoConnector extends MarketplaceConnector {
  /** Whether the installation has app credentials for TOP, and the callback address it registered. */
  appStatus(): Promise<{ configured: boolean; callbackUrl: string | null }>;
}

export function createTaobaoConnector(options: TaobaoConnectorOptions): TaobaoConnector {
  const platformCode = options.platformCode ?? TAOBAO_CREDENTIALS_CODE;
  const fetchImpl = options.fetchImpl ?? fetch;
  const now = options.now ?? (() => new Date());

  async function app(): Promise<PlatformAppCredentials> {
    const creds = await options.credentials(TAOBAO_CREDENTIALS_CODE);
    if (!creds) throw new ConnectorError('NO_APP_CREDENTIALS', 'this installation has no app key and secret for Taobao/Tmall (TOP)', null, { platformCode });
    return creds;
  }

  async function client(): Promise<TopClient> {
    const creds = await app();
    return createTopClient({
      appKey: creds.appKey,
      appSecret: creds.appSecret,
      gatewayUrl: creds.gatewayUrl,
      fetchImpl,
      now,
      ...(options.signMethod ? { signMethod: options.signMethod } : {}),
      ...(options.backoffMs !== undefined ? { backoffMs: options.backoffMs } : {}),
    });
  }

  const session = (store: StoreCredentials) => {
    if (!store.accessToken) throw new ConnectorError('TOKEN_EXPIRED', 'the store holds no Taobao access token');
    return store.accessToken;
  };

  /** OAuth token endpoint: the consent page's sibling /token (https://oauth.taobao.com/token). */
  const tokenUrl = (creds: PlatformAppCredentials) => (creds.authorizeUrl || TOP_AUTHORIZE_URL).replace(/\/authorize\/?$/, '/token');

  async function tokenCall(form: Record<string, string>, callOptions?: CallOptions): Promise<TokenGrant> {
    const creds = await app();
    return withDeadline(callOptions?.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS, async (signal) => {
      let response: Response;
      try {
        response = await fetchImpl(tokenUrl(creds), {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
          body: new URLSearchParams({ ...form, client_id: creds.appKey, client_secret: creds.appSecret, view: 'web' }).toString(),
          signal,
        });
      } catch (error) {
        if (signal.aborted) throw new ConnectorError('TIMEOUT', 'taobao oauth token: no answer in time');
        throw new ConnectorError('PLATFORM_ERROR', `taobao oauth token: ${(error as Error).message}`);
      }
      let body: Record<string, unknown>;
      try {
        body = (await response.json()) as Record<string, unknown>;
      } catch {
        throw new ConnectorError('PLATFORM_ERROR', `taobao oauth token: a malformed answer (HTTP ${response.status})`);
      }
      if (body.error) {
        const detail = `taobao oauth token: ${str(body.error)} ${str(body.error_description)}`.trim();
        throw new ConnectorError(body.error === 'invalid_client' ? 'NO_APP_CREDENTIALS' : response.status >= 500 ? 'PLATFORM_ERROR' : 'AUTH_FAILED', detail, null, { platformCode });
      }
      if (!response.ok) throw new ConnectorError('PLATFORM_ERROR', `taobao oauth token: HTTP ${response.status}`);
      const accessToken = need(str(body.access_token), 'access_token');
      const expiresIn = Number(body.expires_in);
      return {
        accessToken,
        refreshToken: str(body.refresh_token) || null,
        expiresAt: Number.isFinite(expiresIn) && expiresIn > 0 ? new Date(now().getTime() + expiresIn * 1000) : null,
        shopId: need(str(body.taobao_user_id), 'taobao_user_id'),
      };
    });
  }

  /** Every trade of [start, end] (modified), listed from the last page backwards; checked against the total. */
  async function listTrades(top: TopClient, store: StoreCredentials, start: Date, end: Date, callOptions?: CallOptions): Promise<Listed[]> {
    const params = { fields: TRADE_LIST_FIELDS, start_modified: topTime(start), end_modified: topTime(end), page_size: TOP_PAGE };
    for (let attempt = 1; ; attempt++) {
      const probe = await top.call('taobao.trades.sold.increment.get', { ...params, page_no: 1 }, { ...callOptions, session: session(store) });
      const total = Number(probe.total_results ?? 0);
      if (!Number.isInteger(total) || total < 0) throw new ConnectorError('PLATFORM_ERROR', 'taobao: total_results is not a count');
      const seen = new Map<string, Listed>();
      const add = (answer: TopAnswer) => {
        for (const t of list(answer.trades, 'trade')) {
          const id = need(str(t.tid_str ?? t.tid), 'trades.tid');
          const at = need(parseTopTime(t.modified), `the modified time of trade ${id}`);
          const known = seen.get(id);
          if (!known || known.mark.at.getTime() < at.getTime()) seen.set(id, { mark: { at, id }, raw: t });
        }
      };
      add(probe);
      const lastPage = Math.ceil(total / TOP_PAGE);
      // From the last page backwards (the document's advice): an order changed meanwhile leaves the
      // window's newest end, and the pages still to read shift without losing anyone.
      for (let page = lastPage; page >= 2; page--) add(await top.call('taobao.trades.sold.increment.get', { ...params, page_no: page }, { ...callOptions, session: session(store) }));
      if (lastPage > 1) add(await top.call('taobao.trades.sold.increment.get', { ...params, page_no: 1 }, { ...callOptions, session: session(store) }));
      if (seen.size >= total || attempt >= WINDOW_TRIES) {
        if (seen.size < total) throw new ConnectorError('PLATFORM_ERROR', `taobao: the pages of ${topTime(start)}..${topTime(end)} gave ${seen.size} of ${total} trades`);
        return [...seen.values()];
      }
    }
  }

  function toLine(o: Record<string, unknown>): PlatformOrderLine {
    const numIid = need(str(o.num_iid), 'orders.num_iid');
    return {
      tbSpuId: numIid,
      tbSkuId: topSkuKey(numIid, str(o.sku_id) || null),
      outerSkuId: str(o.outer_sku_id) || str(o.outer_iid) || null,
      title: str(o.title),
      properties: str(o.sku_properties_name) || null,
      qty: Number(need(o.num as number | undefined, 'orders.num')),
      price: yuan(o.price, 'orders.price'),
    };
  }

  function toOrder(t: Record<string, unknown>, listedAt: Date): PlatformOrder {
    const tid = need(str(t.tid_str ?? t.tid), 'trade.tid');
    const status = need(str(t.status), `the status of trade ${tid}`);
    if (!TOP_TRADE_STATUSES.has(status)) throw new ConnectorError('PLATFORM_ERROR', `taobao: trade ${tid} has a status this connector does not know (${status})`);
    const orders = list(t.orders, 'order');
    if (!orders.length) throw new ConnectorError('PLATFORM_ERROR', `taobao: trade ${tid} has no orders`);
    const created = need(parseTopTime(t.created), `the created time of trade ${tid}`);
    const first = orders[0]!;
    const consigned = parseTopTime(t.consign_time);
    return {
      platformNo: tid,
      status,
      buyerNick: str(t.buyer_nick),
      // Receiver fields kept as TOP gives them (masked for most apps; oaid names the encrypted receiver for the decrypt step).
      receiver: {
        name: str(t.receiver_name),
        phone: str(t.receiver_mobile) || str(t.receiver_phone),
        province: str(t.receiver_state),
        city: str(t.receiver_city),
        district: str(t.receiver_district),
        address: [str(t.receiver_town), str(t.receiver_address)].filter(Boolean).join(''),
      },
      amount: yuan(t.payment, `payment of trade ${tid}`),
      postFee: t.post_fee === undefined ? '0' : yuan(t.post_fee, `post_fee of trade ${tid}`),
      payTime: parseTopTime(t.pay_time) ?? created,
      createdAt: created,
      updatedAt: parseTopTime(t.modified) ?? listedAt,
      lines: orders.map(toLine),
      shipping: consigned && first.out_sid ? { expressCompanyCode: str(first.logistics_company), expressNo: str(first.out_sid), shippedAt: consigned } : null,
      lastShipTime: parseTopTime(t.consign_due_time),
      // Waiting for pay-risk / pre-authorisation review on the platform: hold it.
      riskControlled: status === 'PAY_PENDING' || status === 'WAIT_PRE_AUTH_CONFIRM',
      receiverRef: str(t.oaid) || null,
    };
  }

  /** Every refund of [start, end] (modified), all pages. */
  async function listRefunds(top: TopClient, store: StoreCredentials, start: Date, end: Date, callOptions?: CallOptions): Promise<Listed[]> {
    const params = { fields: REFUND_FIELDS, start_modified: topTime(start), end_modified: topTime(end), page_size: TOP_PAGE, use_has_next: 'true' };
    const seen = new Map<string, Listed>();
    for (let page = 1; ; page++) {
      const answer = await top.call('taobao.refunds.receive.get', { ...params, page_no: page }, { ...callOptions, session: session(store) });
      for (const r of list(answer.refunds, 'refund')) {
        const id = need(str(r.refund_id), 'refunds.refund_id');
        const at = need(parseTopTime(r.modified), `the modified time of refund ${id}`);
        seen.set(id, { mark: { at, id }, raw: r });
      }
      if (answer.has_next !== true) return [...seen.values()];
    }
  }

  function toAfterSale(r: Record<string, unknown>): PlatformAfterSale {
    const refundId = need(str(r.refund_id), 'refund_id');
    const numIid = str(r.num_iid);
    const skuId = str(r.sku).split('|')[0] ?? '';
    const created = need(parseTopTime(r.created), `the created time of refund ${refundId}`);
    return {
      refundId,
      platformNo: need(str(r.tid), `the tid of refund ${refundId}`),
      type: r.has_good_return === true || r.has_good_return === 'true' ? 'RETURN_REFUND' : 'REFUND_ONLY',
      status: need(str(r.status), `the status of refund ${refundId}`),
      reason: str(r.reason) || null,
      refundFee: yuan(r.refund_fee, `refund_fee of refund ${refundId}`),
      lines: numIid
        ? [{ tbSpuId: numIid, tbSkuId: topSkuKey(numIid, /^\d+$/.test(skuId) ? skuId : null), outerSkuId: null, title: str(r.title), properties: null, qty: Number(r.num ?? 1), price: r.price ? yuan(r.price, 'refund price') : '0' }]
        : [],
      buyerExpressCompanyCode: str(r.company_name) || null,
      buyerExpressNo: str(r.sid) || null,
      createdAt: created,
      updatedAt: parseTopTime(r.modified) ?? created,
    };
  }

  /**
   * One decision through TOP's refund calls (shared/CONNECTORS.md has none; their parameters are
   * taken from TOP's API documents as reproduced by bububa/opentaobao, marked [S] in
   * docs/connectors.md): the refund is read first (taobao.refund.get) for its state and for the
   * phase and version the decision calls require; a refusal goes through taobao.refund.refuse,
   * a refund to pay through taobao.rp.refunds.agree (amount in fen), an agreed return through
   * taobao.rp.returngoods.agree with the seller's default return address (taobao.logistics.address.search,
   * rdef=cancel_def). A refund already in the state the decision leads to is answered ok.
   */
  async function decide(
    top: TopClient,
    store: StoreCredentials,
    d: AfterSaleDecisionPush,
    callOptions: CallOptions | undefined,
    returnAddress: () => Promise<Record<string, unknown> | null>,
  ): Promise<PushResult> {
    const at = { ...callOptions, session: session(store) };
    const got = await top.call('taobao.refund.get', { fields: REFUND_DECISION_FIELDS, refund_id: d.refundId }, at);
    const refund = (got.refund ?? {}) as Record<string, unknown>;
    const status = need(str(refund.status), `the status of refund ${d.refundId}`);
    const type = refund.has_good_return === true || refund.has_good_return === 'true' ? 'RETURN_REFUND' : 'REFUND_ONLY';
    const intent = afterSaleDecisionIntent(type, status, d);
    const target = refundStatusAfterIntent(intent, status);
    if (target === status) return { key: d.refundId, ok: true, message: null };
    if (FINAL_REFUND_STATES.has(status)) return { key: d.refundId, ok: false, message: `taobao: refund ${d.refundId} is ${status} on Taobao and can no longer be decided` };
    const phase = str(refund.refund_phase);
    const version = str(refund.refund_version);
    const versioned: Record<string, string> = {};
    if (phase) versioned.refund_phase = phase;
    if (version) versioned.refund_version = version;
    if (intent === 'REFUSE') {
      await top.call('taobao.refund.refuse', { refund_id: d.refundId, refuse_message: TOP_REFUSE_MESSAGE, ...versioned }, at);
      return { key: d.refundId, ok: true, message: null };
    }
    if (intent === 'PAY') {
      const fen = yuanToFen(d.refundFee);
      if (fen === null) return { key: d.refundId, ok: false, message: `taobao: refund amount "${d.refundFee}" is not an amount in yuan` };
      const answer = await top.call('taobao.rp.refunds.agree', { refund_infos: [d.refundId, fen, version, phase].join('|') }, at);
      const mapped = list(answer.results, 'refund_mapping_result').find((r) => str(r.refund_id) === d.refundId);
      const ok = mapped ? mapped.succ === true || mapped.succ === 'true' : answer.succ === true;
      return { key: d.refundId, ok, message: ok ? null : `taobao: refunds.agree refused: ${str(mapped?.message ?? answer.message) || str(answer.msg_code) || 'no reason given'}` };
    }
    const address = await returnAddress();
    if (!address) return { key: d.refundId, ok: false, message: "taobao: the shop has no default return address in Taobao's address library (卖家地址库); set one there, then send again" };
    const where = [address.province, address.city, address.country, address.addr].map(str).filter(Boolean).join(' ');
    await top.call(
      'taobao.rp.returngoods.agree',
      {
        refund_id: d.refundId,
        name: str(address.contact_name),
        address: where,
        post: str(address.zip_code),
        tel: str(address.phone),
        mobile: str(address.mobile_phone),
        seller_address_id: str(address.contact_id),
        ...versioned,
      },
      at,
    );
    return { key: d.refundId, ok: true, message: null };
  }

  async function defaultReturnAddress(top: TopClient, store: StoreCredentials, callOptions?: CallOptions): Promise<Record<string, unknown> | null> {
    const answer = await top.call('taobao.logistics.address.search', { rdef: 'cancel_def' }, { ...callOptions, session: session(store) });
    const rows = list(answer.addresses, 'address_result');
    return rows.find((r) => r.cancel_def === true || r.cancel_def === 'true') ?? rows[0] ?? null;
  }

  /** Failures that concern the whole call (not one record): rethrown while nothing was pushed yet. */
  const systemic = (error: unknown) => error instanceof ConnectorError && ['TOKEN_EXPIRED', 'AUTH_FAILED', 'NO_APP_CREDENTIALS', 'TIMEOUT', 'RATE_LIMITED'].includes(error.kind);
  const failureText = (error: unknown) => (error instanceof ConnectorError ? error.detail : (error as Error).message);

  return {
    platformCode,

    async appStatus() {
      const creds = await options.credentials(TAOBAO_CREDENTIALS_CODE);
      return { configured: !!creds, callbackUrl: creds?.callbackUrl ?? null };
    },

    async authorizationUrl({ state, redirectUri }) {
      const creds = await app();
      const url = new URL(creds.authorizeUrl || TOP_AUTHORIZE_URL);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', creds.appKey);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('state', state);
      url.searchParams.set('view', 'web');
      return url.toString();
    },

    exchangeCode: ({ code, redirectUri }, callOptions) => tokenCall({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }, callOptions),

    async refreshToken(store, callOptions) {
      if (!store.refreshToken) throw new ConnectorError('AUTH_FAILED', 'the store holds no Taobao refresh token');
      return tokenCall({ grant_type: 'refresh_token', refresh_token: store.refreshToken }, callOptions);
    },

    async listOnlineGoods(store, page, callOptions): Promise<OnlineGoodsPage> {
      const top = await client();
      const pageSize = Math.min(Math.max(page.pageSize, 1), 200);
      const answer = await top.call(
        'taobao.items.onsale.get',
        { fields: 'num_iid,title,outer_id,pic_url,num,approve_status', page_no: page.page, page_size: pageSize },
        { ...callOptions, session: session(store) },
      );
      const total = Number(answer.total_results ?? 0);
      const rows = list(answer.items, 'item');
      const skus = new Map<string, Record<string, unknown>[]>();
      for (let i = 0; i < rows.length; i += 20) {
        const ids = rows.slice(i, i + 20).map((r) => str(r.num_iid));
        const detail = await top.call('taobao.items.seller.list.get', { fields: 'num_iid,sku', num_iids: ids.join(',') }, { ...callOptions, session: session(store) });
        for (const item of list(detail.items, 'item')) skus.set(str(item.num_iid), list(item.skus, 'sku'));
      }
      const items: OnlineItemInput[] = rows.map((r) => {
        const numIid = need(str(r.num_iid), 'items.num_iid');
        const pic = str(r.pic_url);
        return {
          tbSpuId: numIid,
          title: str(r.title) || numIid,
          outerId: str(r.outer_id) || null,
          picUrl: /^https?:\/\//.test(pic) ? pic : null,
          status: r.approve_status === 'instock' ? 'instock' : 'onsale',
          skus: (skus.get(numIid) ?? []).map((s) => ({
            tbSkuId: topSkuKey(numIid, str(s.sku_id)),
            title: null,
            properties: str(s.properties_name) || null,
            outerSkuId: str(s.outer_id) || null,
            price: s.price === undefined ? null : yuan(s.price, 'sku price'),
            skuPicUrl: null,
          })),
        };
      });
      return { items, page: page.page, total, hasMore: page.page * pageSize < total };
    },

    async pullOrders(store, window, callOptions): Promise<OrderPage> {
      const top = await client();
      const result = await pullPage(window, (start, end) => listTrades(top, store, start, end, callOptions));
      const orders: PlatformOrder[] = [];
      for (const row of result.rows) {
        const answer = await top.call('taobao.trade.fullinfo.get', { fields: TRADE_FIELDS, tid: row.mark.id }, { ...callOptions, session: session(store) });
        orders.push(toOrder(need(answer.trade as Record<string, unknown> | undefined, `trade ${row.mark.id}`), row.mark.at));
      }
      return { orders, watermark: result.watermark, hasMore: result.hasMore };
    },

    async pullAfterSales(store, window, callOptions): Promise<AfterSalePage> {
      const top = await client();
      const result = await pullPage(window, (start, end) => listRefunds(top, store, start, end, callOptions));
      return { afterSales: result.rows.map((r) => toAfterSale(r.raw)), watermark: result.watermark, hasMore: result.hasMore };
    },

    async pushShippingFeedback(store, feedback, callOptions): Promise<PushResult[]> {
      const top = await client();
      const results: PushResult[] = [];
      for (const f of feedback) {
        try {
          const params: Record<string, string> = { tid: f.platformNo, out_sid: f.expressNo, company_code: TOP_COMPANY_CODES[f.expressCompanyCode] ?? f.expressCompanyCode };
          if (f.tbSkuIds?.length) {
            // Split shipping: the sub-orders (oid) carrying these SKUs.
            const full = await top.call('taobao.trade.fullinfo.get', { fields: 'tid,orders', tid: f.platformNo }, { ...callOptions, session: session(store) });
            const wanted = new Set(f.tbSkuIds);
            const oids = list((full.trade as Record<string, unknown> | undefined)?.orders, 'order')
              .filter((o) => wanted.has(topSkuKey(str(o.num_iid), str(o.sku_id) || null)))
              .map((o) => str(o.oid_str ?? o.oid));
            if (!oids.length) throw new ConnectorError('PLATFORM_ERROR', `taobao: trade ${f.platformNo} has no sub-order of ${f.tbSkuIds.join(', ')}`);
            params.is_split = '1';
            params.sub_tid = oids.join(',');
          }
          const answer = await top.call('taobao.logistics.offline.send', params, { ...callOptions, session: session(store) });
          const ok = (answer.shipping as { is_success?: unknown } | undefined)?.is_success === true;
          results.push({ key: f.platformNo, ok, message: ok ? null : 'taobao: logistics.offline.send did not confirm (is_success false)' });
        } catch (error) {
          if (systemic(error) && !results.some((r) => r.ok)) throw error;
          results.push({ key: f.platformNo, ok: false, message: failureText(error) });
        }
      }
      return results;
    },

    async pushStock(store, updates, callOptions): Promise<PushResult[]> {
      const top = await client();
      const results: PushResult[] = [];
      for (const u of updates) {
        try {
          const { numIid, skuId } = splitSkuKey(u.tbSkuId);
          if (!/^\d+$/.test(numIid)) throw new ConnectorError('PLATFORM_ERROR', `taobao: ${u.tbSkuId} is not an online SKU of this connector (num_iid:sku_id)`);
          // type 1: the full quantity (our stock sync computes the quantity to show).
          await top.call('taobao.item.quantity.update', { num_iid: numIid, sku_id: skuId, quantity: u.quantity, type: 1 }, { ...callOptions, session: session(store) });
          results.push({ key: u.tbSkuId, ok: true, message: null });
        } catch (error) {
          if (systemic(error) && !results.some((r) => r.ok)) throw error;
          results.push({ key: u.tbSkuId, ok: false, message: failureText(error) });
        }
      }
      return results;
    },

    /** taobao.top.oaid.decrypt, 20 receivers a call ([S]: docs/connectors.md §3); a receiver TOP no longer matches is left out. */
    /** The seller's messages to this app's TMC queue: every topic the app subscribes to (no topics sent) [S]. */
    async subscribeMessages(store, callOptions): Promise<void> {
      const top = await client();
      const answer = await top.call('taobao.tmc.user.permit', {}, { ...callOptions, session: session(store) });
      if (answer.is_success === false) throw new ConnectorError('PLATFORM_ERROR', 'taobao.tmc.user.permit: is_success=false');
    },
    async decryptReceivers(store, refs, callOptions): Promise<PlatformReceiver[]> {
      const top = await client();
      const out: PlatformReceiver[] = [];
      for (let i = 0; i < refs.length; i += OAID_BATCH) {
        const batch = refs.slice(i, i + OAID_BATCH);
        const answer = await top.call('taobao.top.oaid.decrypt', { query_list: JSON.stringify(batch.map((r) => ({ oaid: r.receiverRef, tid: r.platformNo }))) }, { ...callOptions, session: session(store) });
        for (const r of list(answer.receiver_list, 'receiver')) {
          if (r.matched === false || r.matched === 'false' || !str(r.name)) continue;
          const tid = str(r.tid);
          if (!batch.some((b) => b.platformNo === tid)) continue;
          out.push({
            platformNo: tid,
            name: str(r.name),
            phone: str(r.mobile) || str(r.phone),
            tel: str(r.phone) || null,
            province: str(r.state),
            city: str(r.city),
            district: str(r.district) || null,
            address: [str(r.town), str(r.address_detail)].filter(Boolean).join(''),
          });
        }
      }
      return out;
    },

    async pushAfterSaleDecisions(store, decisions, callOptions): Promise<PushResult[]> {
      const top = await client();
      const results: PushResult[] = [];
      let returnAddress: Record<string, unknown> | null | undefined;
      for (const d of decisions) {
        try {
          results.push(await decide(top, store, d, callOptions, async () => (returnAddress ??= await defaultReturnAddress(top, store, callOptions))));
        } catch (error) {
          if (systemic(error) && !results.some((r) => r.ok)) throw error;
          results.push({ key: d.refundId, ok: false, message: failureText(error) });
        }
      }
      return results;
    },
  };
}
