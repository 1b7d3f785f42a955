// The Pinduoduo marketplace connector (platform CI_PLATFORM_PDD) over the POP gateway:
// authorization (the merchants' consent page, pdd.pop.auth.token.create / .refresh), orders from
// pdd.order.number.list.increment.get in windows of at most 30 minutes paged from the last page
// backwards (as PDD documents, so an order changing during the pull is seen twice rather than
// missed), after-sales from pdd.refund.list.increment.get (agreements written back through
// pdd.refund.agree / pdd.refund.returngoods.agree), goods from pdd.goods.list.get, stock by
// pdd.goods.quantity.update, shipping by pdd.logistics.online.send with PDD's logistics company
// ids. The installation's app key and secret come from an AppCredentialsLookup; without them every
// call answers a clear ConnectorError instead of reaching out. See README.md for what is [C]/[S]/[U].
import { EXPRESS_COMPANIES } from '@openseller/core';
import type { AppCredentialsLookup, PlatformAppCredentials } from '../../app-credentials.js';
import {
  afterSaleDecisionIntent,
  FINAL_REFUND_STATES,
  refundStatusAfterIntent,
  stockQuantityRefusal,
  ConnectorError,
  type AfterSalePage,
  type CallOptions,
  type MarketplaceConnector,
  type OnlineGoodsPage,
  type OrderPage,
  type PlatformAfterSale,
  type PlatformReceiver,
  type PushResult,
  type StoreCredentials,
  type TimeWindow,
  type TokenGrant,
} from '../connector.js';
import { createPddClient, isRefusal, PDD_AUTHORIZE_URL, PddError, type PddClient, type PddParamValue } from './pdd.client.js';
import { mapOrder, mapRefund, pddCompanyOf, pddTime, type PddLogisticsCompany, type PddOrder, type PddPlatformOrder, type PddRefund } from './pdd.mapping.js';

export const PDD_PLATFORM_CODE = 'CI_PLATFORM_PDD';
/** The longest window of the increment calls: end_updated_at − start_updated_at ≤ 30 min [C]. */
export const PDD_WINDOW_SECONDS = 30 * 60;
/** page_size ≤ 100 [C]. */
export const PDD_MAX_PAGE_SIZE = 100;
/** PDD advises ending increment windows at least 3 minutes before its clock: its data arrives that late [C]. */
export const PDD_DATA_DELAY_MS = 3 * 60_000;
const COMPANIES_TTL_MS = 3_600_000;
/** pdd.open.decrypt.batch takes at most 100 ciphertexts a call: 33 orders of three. */
const DECRYPT_ORDERS_PER_CALL = 33;
/** The seller's note on an agreed refund or return (operate_desc, shown to the buyer). */
export const PDD_AGREE_DESC = '商家已同意';
/** A refusal cannot be sent: PDD publishes no refuse call for apps (README). */
export const PDD_REFUSE_ON_BACKEND =
  'Pinduoduo publishes no call for an app to refuse an after-sale: refuse it on the Pinduoduo merchant backend (拼多多商家后台 › 售后), where the buyer is shown the reason; the next pull brings its state here';
/** Pages of the goods list read at most to find the goods of an unknown SKU. */
const GOODS_LOOKUP_PAGES = 50;

export interface PddConnectorDeps {
  credentials: AppCredentialsLookup;
  fetchImpl?: typeof fetch;
  now?: () => Date;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** First pause after a throttling answer (doubles each time; default 1 s). */
  throttlePauseMs?: number;
  throttleRetries?: number;
}

/** What a PDD store needs and has not: the installation's app registration. */
export function noAppCredentials(): ConnectorError {
  return new ConnectorError('NO_APP_CREDENTIALS', 'no app credentials for Pinduoduo in this installation (OPENSELLER_CONNECTOR_PDD_APP_KEY / _APP_SECRET)', null, {
    platformCode: PDD_PLATFORM_CODE,
    reason: 'NO_APP_CREDENTIALS',
  });
}

// ---- watermark: where a pull by window continues -----------------------------------------------

/**
 * The window start (UNIX s), the next page to read going backwards (null: the window is not opened
 * yet), and the records of the page just read: a record moving up a page while the window is read
 * (one before it changed and left) is not answered twice.
 */
interface Position {
  start: number;
  page: number | null;
  seen: string[];
}

const encodePosition = (p: Position) => `pdd1:${p.start}:${p.page ?? '-'}${p.seen.length ? `:${p.seen.join(',')}` : ''}`;

function decodePosition(watermark: string): Position {
  const m = /^pdd1:(\d{1,12}):(\d{1,6}|-)(?::([^:]+))?$/.exec(watermark);
  if (!m) throw new ConnectorError('PLATFORM_ERROR', `watermark: not a watermark of the Pinduoduo connector (${watermark.slice(0, 60)})`);
  return { start: Number(m[1]), page: m[2] === '-' ? null : Number(m[2]), seen: m[3] ? m[3].split(',') : [] };
}

/** A record's update time in UNIX seconds, or null when it cannot be read (the mapping then refuses it). */
function secondsOf(value: unknown): number | null {
  try {
    const at = pddTime(value, 'updated');
    return at ? Math.floor(at.getTime() / 1000) : null;
  } catch {
    return null;
  }
}

interface IncrementPage<T> {
  rows: T[];
  total: number;
}

/** The connector, with whether the installation has its app credentials (for store management). */
export type PddConnector = MarketplaceConnector & {
  readonly platformCode: typeof PDD_PLATFORM_CODE;
  appStatus(): Promise<{ configured: boolean; callbackUrl: string | null }>;
};

export function createPddConnector(deps: PddConnectorDeps): PddConnector {
  const now = deps.now ?? (() => new Date());
  let cached: { key: string; client: PddClient; credentials: PlatformAppCredentials } | null = null;
  let companies: { at: number; list: PddLogisticsCompany[]; key: string } | null = null;
  /** SKU id → goods id, learned from goods lists and orders (pdd.goods.quantity.update needs both). */
  const goodsOfSku = new Map<string, string>();

  async function session(): Promise<{ client: PddClient; credentials: PlatformAppCredentials }> {
    const credentials = await deps.credentials(PDD_PLATFORM_CODE);
    if (!credentials) throw noAppCredentials();
    const key = `${credentials.appKey}\n${credentials.appSecret}\n${credentials.gatewayUrl ?? ''}`;
    if (cached?.key !== key) {
      cached = {
        key,
        credentials,
        client: createPddClient({
          clientId: credentials.appKey,
          clientSecret: credentials.appSecret,
          gatewayUrl: credentials.gatewayUrl,
          ...(deps.fetchImpl ? { fetchImpl: deps.fetchImpl } : {}),
          now,
          ...(deps.sleep ? { sleep: deps.sleep } : {}),
          ...(deps.throttlePauseMs !== undefined ? { throttlePauseMs: deps.throttlePauseMs } : {}),
          ...(deps.throttleRetries !== undefined ? { throttleRetries: deps.throttleRetries } : {}),
        }),
      };
    }
    return cached;
  }

  function tokenOf(store: StoreCredentials): string {
    if (!store.accessToken) throw new ConnectorError('TOKEN_EXPIRED', 'the store holds no Pinduoduo access token: authorize it');
    return store.accessToken;
  }

  async function call<T>(type: string, responseKey: string, params: Record<string, PddParamValue>, store: StoreCredentials | null, options?: CallOptions): Promise<T> {
    const { client } = await session();
    return client.call<T>(type, responseKey, params, { accessToken: store ? tokenOf(store) : null, ...(options?.timeoutMs ? { timeoutMs: options.timeoutMs } : {}) });
  }

  /** A token answer of pdd.pop.auth.token.create / .refresh. */
  function grantOf(answer: Record<string, unknown>): TokenGrant {
    const accessToken = typeof answer.access_token === 'string' ? answer.access_token : '';
    const shopId = answer.owner_id === undefined || answer.owner_id === null ? '' : String(answer.owner_id);
    if (!accessToken || !shopId) throw new ConnectorError('PLATFORM_ERROR', 'malformed Pinduoduo answer: the token answer has no access_token or owner_id');
    const expiresIn = Number(answer.expires_in);
    const expiresAtRaw = Number(answer.expires_at);
    const expiresAt =
      Number.isFinite(expiresIn) && expiresIn > 0
        ? new Date(now().getTime() + expiresIn * 1000)
        : Number.isFinite(expiresAtRaw) && expiresAtRaw > 0
          ? new Date(expiresAtRaw > 1e12 ? expiresAtRaw : expiresAtRaw * 1000)
          : null;
    return { accessToken, refreshToken: typeof answer.refresh_token === 'string' && answer.refresh_token ? answer.refresh_token : null, expiresAt, shopId };
  }

  /** The platform refusing a code or a refresh token: authorize again. */
  async function tokenCall(type: string, responseKey: string, params: Record<string, PddParamValue>, options?: CallOptions): Promise<TokenGrant> {
    try {
      return grantOf(await call<Record<string, unknown>>(type, responseKey, params, null, options));
    } catch (error) {
      if (isRefusal(error) || (error instanceof ConnectorError && error.kind === 'TOKEN_EXPIRED')) {
        throw new ConnectorError('AUTH_FAILED', `Pinduoduo refused the authorization: ${(error as ConnectorError).detail}`);
      }
      throw error;
    }
  }

  /**
   * One page of a pull by window: windows of ≤ 30 minutes from `from` to `to`, each read from its
   * last page back to its first. A window keeps the records updated at or after its start and
   * before its end (the next one starts there), whether PDD's own bounds include the end second or
   * not: a record on a boundary comes once. Empty windows are passed over within the call, so a
   * page answered is never empty unless the pull is over.
   */
  async function pullWindows<Row, Out>(
    window: TimeWindow,
    fetchPage: (start: number, end: number, page: number, pageSize: number) => Promise<IncrementPage<Row>>,
    map: (rows: Row[]) => Promise<Out[]>,
    keyOf: (row: Row) => string,
    timeOf: (row: Row) => number | null,
  ): Promise<{ out: Out[]; watermark: string; hasMore: boolean }> {
    const pageSize = Math.min(Math.max(window.pageSize ?? PDD_MAX_PAGE_SIZE, 1), PDD_MAX_PAGE_SIZE);
    const toSec = Math.floor(window.to.getTime() / 1000);
    let position: Position = window.watermark ? decodePosition(window.watermark) : { start: Math.floor(window.from.getTime() / 1000), page: null, seen: [] };
    for (;;) {
      if (position.start >= toSec) return { out: [], watermark: encodePosition({ start: toSec, page: null, seen: [] }), hasMore: false };
      const end = Math.min(position.start + PDD_WINDOW_SECONDS, toSec);
      let page = position.page;
      let rows: Row[];
      if (page === null) {
        // Opening a window: its first page tells how many pages it has; reading starts from the last.
        const first = await fetchPage(position.start, end, 1, pageSize);
        const pages = Math.max(1, Math.ceil(first.total / pageSize));
        if (pages === 1) {
          rows = first.rows;
          page = 1;
        } else {
          page = pages;
          rows = (await fetchPage(position.start, end, page, pageSize)).rows;
        }
      } else {
        rows = (await fetchPage(position.start, end, page, pageSize)).rows;
      }
      const next: Position = page > 1 ? { start: position.start, page: page - 1, seen: rows.map(keyOf) } : { start: end, page: null, seen: [] };
      const start = position.start;
      const kept = rows.filter((r) => {
        const at = timeOf(r);
        return (at === null || (at >= start && at < end)) && !position.seen.includes(keyOf(r));
      });
      const out = await map(kept);
      const hasMore = next.page !== null || next.start < toSec;
      if (out.length || !hasMore) return { out, watermark: encodePosition(next), hasMore };
      position = next;
    }
  }

  async function logisticsCompanies(options?: CallOptions): Promise<PddLogisticsCompany[]> {
    const { credentials } = await session();
    if (companies && companies.key === credentials.appKey && now().getTime() - companies.at < COMPANIES_TTL_MS) return companies.list;
    const answer = await call<{ logistics_companies?: PddLogisticsCompany[] }>('pdd.logistics.companies.get', 'logistics_companies_get_response', {}, null, options);
    if (!Array.isArray(answer.logistics_companies)) throw new ConnectorError('PLATFORM_ERROR', 'malformed Pinduoduo answer: no logistics_companies');
    companies = { at: now().getTime(), list: answer.logistics_companies, key: credentials.appKey };
    return companies.list;
  }

  /** Our express company code of a PDD logistics id (shipped orders), or PDD:<id> when it is not one of ours. */
  async function ourCompanyCode(logisticsId: string, options?: CallOptions): Promise<string> {
    const list = await logisticsCompanies(options);
    const company = list.find((c) => String(c.id) === logisticsId);
    if (!company) return `PDD:${logisticsId}`;
    const ours = EXPRESS_COMPANIES.find((e) => pddCompanyOf([company], e.code, e.nameZh));
    return ours?.code ?? `PDD:${logisticsId}`;
  }

  async function goodsIdOf(store: StoreCredentials, skuId: string, options?: CallOptions): Promise<string | null> {
    const known = goodsOfSku.get(skuId);
    if (known) return known;
    for (let page = 1; page <= GOODS_LOOKUP_PAGES; page++) {
      const result = await connector.listOnlineGoods(store, { page, pageSize: PDD_MAX_PAGE_SIZE }, options);
      if (goodsOfSku.has(skuId) || !result.hasMore) break;
    }
    return goodsOfSku.get(skuId) ?? null;
  }

  const connector: PddConnector = {
    platformCode: PDD_PLATFORM_CODE,
    dataDelayMs: PDD_DATA_DELAY_MS,

    async appStatus() {
      const credentials = await deps.credentials(PDD_PLATFORM_CODE);
      return { configured: !!credentials, callbackUrl: (credentials as { callbackUrl?: string | null } | null)?.callbackUrl ?? null };
    },

    async authorizationUrl(request) {
      const { credentials } = await session();
      const url = new URL(credentials.authorizeUrl || PDD_AUTHORIZE_URL);
      url.searchParams.set('client_id', credentials.appKey);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('redirect_uri', request.redirectUri);
      url.searchParams.set('state', request.state);
      return url.toString();
    },

    exchangeCode(input, options) {
      return tokenCall('pdd.pop.auth.token.create', 'pop_auth_token_create_response', { code: input.code }, options);
    },

    refreshToken(store, options) {
      if (!store.refreshToken) return Promise.reject(new ConnectorError('AUTH_FAILED', 'the store holds no Pinduoduo refresh token: authorize it again'));
      return tokenCall('pdd.pop.auth.token.refresh', 'pop_auth_token_refresh_response', { refresh_token: store.refreshToken }, options);
    },

    async listOnlineGoods(store, page, options): Promise<OnlineGoodsPage> {
      const pageSize = Math.min(Math.max(page.pageSize, 1), PDD_MAX_PAGE_SIZE);
      const pageNo = Math.max(page.page, 1);
      const answer = await call<{ total_count?: number; goods_list?: Record<string, unknown>[] }>('pdd.goods.list.get', 'goods_list_get_response', { page: pageNo, page_size: pageSize }, store, options);
      if (!Array.isArray(answer.goods_list) || typeof answer.total_count !== 'number') throw new ConnectorError('PLATFORM_ERROR', 'malformed Pinduoduo answer: goods_list_get_response without goods_list or total_count');
      const items = answer.goods_list.map((g) => {
        const goodsId = String(g.goods_id ?? '');
        const title = String(g.goods_name ?? goodsId);
        const skus = Array.isArray(g.sku_list) ? (g.sku_list as Record<string, unknown>[]) : [];
        if (!goodsId) throw new ConnectorError('PLATFORM_ERROR', 'malformed Pinduoduo answer: goods without goods_id');
        for (const s of skus) if (s.sku_id !== undefined) goodsOfSku.set(String(s.sku_id), goodsId);
        const outerGoodsId = skus.map((s) => String(s.outer_goods_id ?? '')).find(Boolean);
        const picUrl = String(g.thumb_url || g.image_url || '');
        return {
          tbSpuId: goodsId,
          title,
          ...(outerGoodsId ? { outerId: outerGoodsId } : {}),
          ...(picUrl ? { picUrl } : {}),
          status: Number(g.is_onsale) === 1 ? ('onsale' as const) : ('instock' as const),
          skus: skus.map((s) => {
            const spec = String(s.spec ?? '').trim();
            return {
              tbSkuId: String(s.sku_id),
              title: spec ? `${title} ${spec}` : title,
              ...(spec ? { properties: spec } : {}),
              ...(s.outer_id ? { outerSkuId: String(s.outer_id) } : {}),
            };
          }),
        };
      });
      return { items, page: pageNo, total: answer.total_count, hasMore: pageNo * pageSize < answer.total_count };
    },

    async pullOrders(store, window, options): Promise<OrderPage> {
      const result = await pullWindows<PddOrder, PddPlatformOrder>(
        window,
        async (start, end, page, pageSize) => {
          const answer = await call<{ total_count?: number; order_sn_list?: PddOrder[] }>(
            'pdd.order.number.list.increment.get',
            'order_sn_increment_get_response',
            { is_lucky_flag: 0, order_status: 5, refund_status: 5, start_updated_at: start, end_updated_at: end, page, page_size: pageSize, use_has_next: false },
            store,
            options,
          );
          if (!Array.isArray(answer.order_sn_list) || typeof answer.total_count !== 'number') {
            throw new ConnectorError('PLATFORM_ERROR', 'malformed Pinduoduo answer: order_sn_increment_get_response without order_sn_list or total_count');
          }
          return { rows: answer.order_sn_list, total: answer.total_count };
        },
        async (rows) => {
          const seen = new Set<string>();
          const orders: PddPlatformOrder[] = [];
          // Mapped as a whole first: one order that does not fit refuses the page, nothing of it is handed on.
          for (const row of rows) {
            const order = mapOrder(row);
            if (!order || seen.has(order.platformNo)) continue;
            seen.add(order.platformNo);
            orders.push(order);
          }
          for (const order of orders) {
            for (const line of order.lines) if (line.tbSpuId) goodsOfSku.set(line.tbSkuId, line.tbSpuId);
            if (order.shipping?.expressCompanyCode.startsWith('PDD:')) order.shipping.expressCompanyCode = await ourCompanyCode(order.shipping.expressCompanyCode.slice(4), options);
          }
          return orders;
        },
        (row) => String(row.order_sn),
        (row) => secondsOf(row.updated_at),
      );
      return { orders: result.out, watermark: result.watermark, hasMore: result.hasMore };
    },

    async pullAfterSales(store, window, options): Promise<AfterSalePage> {
      const result = await pullWindows<PddRefund, PlatformAfterSale>(
        window,
        async (start, end, page, pageSize) => {
          const answer = await call<{ total_count?: number; refund_list?: PddRefund[] }>(
            'pdd.refund.list.increment.get',
            'refund_increment_get_response',
            // after_sales_status 1 = every status [U]; after_sales_type 1 = every type [C].
            { after_sales_status: 1, after_sales_type: 1, start_updated_at: start, end_updated_at: end, page, page_size: pageSize },
            store,
            options,
          );
          if (!Array.isArray(answer.refund_list) || typeof answer.total_count !== 'number') {
            throw new ConnectorError('PLATFORM_ERROR', 'malformed Pinduoduo answer: refund_increment_get_response without refund_list or total_count');
          }
          return { rows: answer.refund_list, total: answer.total_count };
        },
        async (rows) => {
          const byId = new Map<string, PlatformAfterSale>();
          for (const row of rows) {
            const refund = mapRefund(row);
            byId.set(refund.refundId, refund);
          }
          return [...byId.values()];
        },
        (row) => String(row.id),
        (row) => secondsOf(row.updated_time),
      );
      return { afterSales: result.out, watermark: result.watermark, hasMore: result.hasMore };
    },

    async pushShippingFeedback(store, feedback, options): Promise<PushResult[]> {
      const results: PushResult[] = [];
      const list = feedback.length ? await logisticsCompanies(options) : [];
      for (const f of feedback) {
        const refuse = (message: string) => results.push({ key: f.platformNo, ok: false, message });
        const catalogue = EXPRESS_COMPANIES.find((e) => e.code === f.expressCompanyCode);
        const company = pddCompanyOf(list, f.expressCompanyCode, catalogue?.nameZh ?? null);
        if (!company) {
          refuse(`Pinduoduo has no logistics company for ${f.expressCompanyCode}`);
          continue;
        }
        if (!f.expressNo?.trim()) {
          refuse('the tracking number is missing');
          continue;
        }
        try {
          const answer = await call<{ is_success?: boolean }>(
            'pdd.logistics.online.send',
            'logistics_online_send_response',
            { order_sn: f.platformNo, logistics_id: company.id, tracking_number: f.expressNo.trim() },
            store,
            options,
          );
          if (answer.is_success === false) refuse('Pinduoduo did not accept the shipping');
          else results.push({ key: f.platformNo, ok: true, message: null });
        } catch (error) {
          if (!isRefusal(error)) throw error;
          // A resend after a lost answer: the order already carries this number.
          if (await alreadyShipped(store, f.platformNo, String(company.id), f.expressNo.trim(), options)) results.push({ key: f.platformNo, ok: true, message: null });
          else refuse(error.detail);
        }
      }
      return results;
    },

    async pushStock(store, updates, options): Promise<PushResult[]> {
      const results: PushResult[] = [];
      for (const u of updates) {
        const refuse = (message: string) => results.push({ key: u.tbSkuId, ok: false, message });
        const invalid = stockQuantityRefusal(u.quantity);
        if (invalid) {
          refuse(invalid);
          continue;
        }
        const goodsId = u.tbSpuId || (await goodsIdOf(store, u.tbSkuId, options));
        if (!goodsId) {
          refuse('no such SKU among the store\'s Pinduoduo goods');
          continue;
        }
        try {
          // update_type 1: the full quantity (the same push twice sets the same stock).
          const answer = await call<{ is_success?: boolean }>('pdd.goods.quantity.update', 'goods_quantity_update_response', { goods_id: goodsId, sku_id: u.tbSkuId, quantity: u.quantity, update_type: 1 }, store, options);
          if (answer.is_success === false) refuse('Pinduoduo did not accept the quantity');
          else results.push({ key: u.tbSkuId, ok: true, message: null });
        } catch (error) {
          if (!isRefusal(error)) throw error;
          refuse(error.detail);
        }
      }
      return results;
    },

    /**
     * pdd.open.decrypt.batch ([S] lywzx/pdd-node-sdk, niltor open-pdd-net-sdk): the order's three
     * ciphertexts, tagged with its order_sn, ≤ 100 a call; answers the orders whose name, phone and
     * address all came back (error_code 0). Province, city and district are clear in PDD's orders.
     */
    async decryptReceivers(store, refs, options): Promise<PlatformReceiver[]> {
      const parsed = refs.flatMap((r) => {
        try {
          const e = JSON.parse(r.receiverRef) as { name?: string; phone?: string; address?: string };
          return e.name && e.phone && e.address ? [{ platformNo: r.platformNo, name: e.name, phone: e.phone, address: e.address }] : [];
        } catch {
          return [];
        }
      });
      const out: PlatformReceiver[] = [];
      for (let i = 0; i < parsed.length; i += DECRYPT_ORDERS_PER_CALL) {
        const batch = parsed.slice(i, i + DECRYPT_ORDERS_PER_CALL);
        const answer = await call<{ data_decrypt_list?: { encrypted_data?: string; decrypted_data?: string; error_code?: number }[] }>(
          'pdd.open.decrypt.batch',
          'open_kms_decrypt_batch_response',
          { data_list: batch.flatMap((o) => [o.name, o.phone, o.address].map((encrypted_data) => ({ data_tag: o.platformNo, encrypted_data }))) },
          store,
          options,
        );
        if (!Array.isArray(answer.data_decrypt_list)) throw new ConnectorError('PLATFORM_ERROR', 'malformed Pinduoduo answer: pdd.open.decrypt.batch has no data_decrypt_list');
        const clear = new Map(answer.data_decrypt_list.filter((d) => Number(d.error_code ?? 0) === 0 && d.encrypted_data && typeof d.decrypted_data === 'string').map((d) => [d.encrypted_data!, d.decrypted_data!]));
        for (const o of batch) {
          const [name, phone, address] = [clear.get(o.name), clear.get(o.phone), clear.get(o.address)];
          if (name && phone && address) out.push({ platformNo: o.platformNo, name, phone, tel: null, province: null, city: null, district: null, address });
        }
      }
      return out;
    },

    /**
     * The seller's decisions by the shared intent rule, on the state last pulled (PDD's detail call
     * is not read again): a refund agreed through pdd.refund.agree, a return agreed through
     * pdd.refund.returngoods.agree with the shop's default return address (pdd.refund.address.list.get)
     * [C: lywzx/pdd-node-sdk's calls generated from PDD's documentation]. PDD publishes no call to
     * refuse an after-sale: a refusal answers per record that the seller refuses on PDD's backend.
     */
    async pushAfterSaleDecisions(store, decisions, options): Promise<PushResult[]> {
      const results: PushResult[] = [];
      let returnAddressId: string | null | undefined;
      for (const d of decisions) {
        const fail = (message: string) => results.push({ key: d.refundId, ok: false, message });
        const status = d.platformStatus ?? null;
        if (!d.platformNo || !status) {
          fail('the order or the Pinduoduo state of this after-sale is not known here: pull the store again, then send');
          continue;
        }
        const intent = afterSaleDecisionIntent(d.type ?? 'REFUND_ONLY', status, d);
        if (refundStatusAfterIntent(intent, status) === status) {
          results.push({ key: d.refundId, ok: true, message: null });
          continue;
        }
        if (FINAL_REFUND_STATES.has(status)) {
          fail(`Pinduoduo after-sale ${d.refundId} is ${status} on Pinduoduo and can no longer be decided`);
          continue;
        }
        if (intent === 'REFUSE') {
          fail(PDD_REFUSE_ON_BACKEND);
          continue;
        }
        try {
          if (intent === 'PAY') {
            const answer = await call<{ result?: { succ?: boolean; message?: string } }>(
              'pdd.refund.agree',
              'response',
              { request: { after_sales_id: d.refundId, order_sn: d.platformNo, operate_desc: PDD_AGREE_DESC } },
              store,
              options,
            );
            if (!answer.result || typeof answer.result !== 'object') throw new ConnectorError('PLATFORM_ERROR', 'malformed Pinduoduo answer: pdd.refund.agree has no result');
            if (answer.result.succ === true) results.push({ key: d.refundId, ok: true, message: null });
            else fail(`Pinduoduo did not agree the refund: ${answer.result.message || 'no reason given'}`);
            continue;
          }
          returnAddressId ??= await defaultReturnAddressId(store, options);
          if (!returnAddressId) {
            fail('the shop has no default return address in Pinduoduo\'s return address library (退货地址): set one there, then send again');
            continue;
          }
          const answer = await call<{ success?: boolean; error_msg?: string; result?: { success?: boolean; message?: string } }>(
            'pdd.refund.returngoods.agree',
            'response',
            { request: { after_sales_id: d.refundId, order_sn: d.platformNo, operate_desc: PDD_AGREE_DESC, return_address_id: returnAddressId } },
            store,
            options,
          );
          if (!answer.result || typeof answer.result !== 'object') throw new ConnectorError('PLATFORM_ERROR', 'malformed Pinduoduo answer: pdd.refund.returngoods.agree has no result');
          if (answer.result.success === true) results.push({ key: d.refundId, ok: true, message: null });
          else fail(`Pinduoduo did not agree the return: ${answer.result.message || answer.error_msg || 'no reason given'}`);
        } catch (error) {
          if (!isRefusal(error)) throw error;
          fail(error.detail);
        }
      }
      return results;
    },
  };

  /** The shop's default return address (pdd.refund.address.list.get, is_default), null when it has none. */
  async function defaultReturnAddressId(store: StoreCredentials, options?: CallOptions): Promise<string | null> {
    const answer = await call<{ refund_address_list?: { id?: string | number; is_default?: string | number | boolean }[] }>(
      'pdd.refund.address.list.get',
      'refund_address_list_get_response',
      {},
      store,
      options,
    );
    if (!Array.isArray(answer.refund_address_list)) throw new ConnectorError('PLATFORM_ERROR', 'malformed Pinduoduo answer: pdd.refund.address.list.get has no refund_address_list');
    const chosen = answer.refund_address_list.find((a) => ['1', 'true'].includes(String(a.is_default)));
    return chosen?.id != null && String(chosen.id) !== '' ? String(chosen.id) : null;
  }

  async function alreadyShipped(store: StoreCredentials, orderSn: string, logisticsId: string, trackingNumber: string, options?: CallOptions): Promise<boolean> {
    try {
      const answer = await call<{ order_info?: PddOrder }>('pdd.order.information.get', 'order_info_get_response', { order_sn: orderSn }, store, options);
      const info = answer.order_info;
      return !!info && String(info.tracking_number ?? '') === trackingNumber && String(info.logistics_id ?? '') === logisticsId;
    } catch (error) {
      if (error instanceof PddError && isRefusal(error)) return false;
      throw error;
    }
  }

  return connector;
}
