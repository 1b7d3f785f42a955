// The Douyin shop (抖店) marketplace connector: authorisation by the service market's consent and
// token.create / token.refresh, orders by update time through order.searchList, the online goods
// (product.listV2 and each product's sku.list) for the mapping page, stock through sku.syncStock
// (full quantities), shipping feedback through order.logisticsAdd and after-sales by update time
// through afterSale.List, the seller's after-sale decisions through afterSale.operate, and full
// receivers for the decrypt step through order.batchDecrypt. The installation's app key
// and secret come from an AppCredentialsLookup; without them every call fails clearly instead of
// reaching Douyin.
//
// Order pulls: the caller's window [from, to) is walked in sub-windows of at most maxWindowMs
// (default 1 day: Douyin publishes no span limit for update_time [U], a day is the span the other
// marketplaces allow and keeps a query small) by update time, ascending (order_by update_time,
// order_asc true), always asking page 0 from the watermark's second on: no deep paging, so an order
// changing between two calls cannot shift a later page over an order not yet read (the changed
// order moves to a later update time and simply comes again). A full page hands over the orders
// of every second but its last one (that second may go on past the page; its orders come with the
// next call); a page whose orders all share one second is read whole, page after page, checking
// the total did not move. The watermark `dy:<time>|` says every order changed before that time was
// handed over (`dy:<time>|<order id>`: and those of that time up to that order), so it moves only
// past orders read and mapped whole.
import { AppError } from '../../../platform/errors.js';
import type { AppCredentialsLookup, PlatformAppCredentials } from '../../app-credentials.js';
import {
  afterSaleDecisionIntent,
  FINAL_REFUND_STATES,
  refundStatusAfterIntent,
  stockQuantityRefusal,
  ConnectorError,
  DEFAULT_CALL_TIMEOUT_MS,
  withDeadline,
  type AfterSaleDecisionPush,
  type AfterSalePage,
  type CallOptions,
  type PlatformAfterSale,
  type MarketplaceConnector,
  type OnlineGoodsPage,
  type OrderPage,
  type PlatformReceiver,
  type PushResult,
  type StoreCredentials,
  type TimeWindow,
  type TokenGrant,
} from '../connector.js';
import { ErrorCodes, type OnlineItemInput } from '@openseller/core';
import {
  appCredentialsFailure,
  callDoudian,
  defaultDoudianDeps,
  DoudianBusinessError,
  doudianAuthorizationUrl,
  doudianTokenCall,
  PLATFORM_DOUYIN_CODE,
  type DoudianDeps,
  type DoudianTokenAnswer,
} from './douyin.client.js';
import { int64Param } from './douyin.json.js';
import {
  DOUYIN_AFTER_SALE_STATUSES,
  DOUYIN_AFTER_SALE_TYPES,
  douyinCompanyOf,
  douyinOperationOf,
  douyinReceiverRefOf,
  fenToYuan,
  mapDouyinAfterSale,
  mapDouyinOrder,
  type DouyinPlatformOrder,
} from './douyin.mapping.js';

export { PLATFORM_DOUYIN_CODE } from './douyin.client.js';
/** order.searchList: size ≤ 100 [C]. */
export const DOUYIN_PAGE_SIZE = 100;
const DAY_MS = 86_400_000;
/** order.batchDecrypt: at most 50 ciphertexts a call (official SDK model) — 16 orders of 3. */
export const DOUYIN_DECRYPT_ORDERS_PER_CALL = 16;
/** The remark a refusal carries (Douyin requires reason and remark; the buyer sees the remark). */
export const DOUYIN_REFUSE_REMARK = '商家已审核，不同意本次售后申请';

export interface DouyinConnectorOptions {
  credentials: AppCredentialsLookup;
  fetchImpl?: typeof fetch;
  now?: () => Date;
  sleep?: DoudianDeps['sleep'];
  retryBaseMs?: number;
  throttleRetries?: number;
  signMethod?: DoudianDeps['signMethod'];
  /** Longest update-time span of one order.searchList query (default 1 day). */
  maxWindowMs?: number;
  /** Times a crowded second is read again when its orders changed during paging (default 3). */
  maxPasses?: number;
}

interface Key {
  at: number;
  /** null: before every order of that time. */
  id: string | null;
}
const encodeWatermark = (k: Key) => `dy:${new Date(k.at).toISOString()}|${k.id ?? ''}`;
function decodeWatermark(watermark: string): Key {
  const [at, id] = (watermark.startsWith('dy:') ? watermark.slice(3) : '').split('|');
  const time = new Date(at ?? '').getTime();
  if (!watermark.startsWith('dy:') || Number.isNaN(time) || id === undefined || (id !== '' && !/^\d{1,30}$/.test(id))) {
    throw new AppError(ErrorCodes.VALIDATION, 400, { detail: `watermark: not a watermark of the Douyin connector (${watermark})`, field: 'watermark' });
  }
  return { at: time, id: id || null };
}

/** Douyin order ids are digits: shorter is smaller. */
const compareIds = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
const compareKeys = (a: { at: number; id: string }, b: { at: number; id: string }) => a.at - b.at || compareIds(a.id, b.id);
/** Whether an order's key comes after the mark. */
const after = (k: { at: number; id: string }, mark: Key) => k.at > mark.at || (k.at === mark.at && (mark.id === null || compareIds(k.id, mark.id) > 0));
const floorSecond = (ms: number) => Math.floor(ms / 1000) * 1000;

interface Row<T = DouyinPlatformOrder> {
  key: { at: number; id: string };
  /** null: a record handed over to no one (an unpaid order), which the watermark passes all the same. */
  order: T | null;
}

/** One page of records changed in [startSec, endSec] (inclusive seconds), ascending by update time. */
type Search<T> = (startSec: number, endSec: number, page: number, size: number) => Promise<{ total: number; rows: Row<T>[] }>;

export interface DouyinConnector extends MarketplaceConnector {
  appStatus(): Promise<{ configured: boolean; callbackUrl: string | null }>;
}

export function createDouyinConnector(options: DouyinConnectorOptions): DouyinConnector {
  const deps = defaultDoudianDeps({ fetchImpl: options.fetchImpl, now: options.now, sleep: options.sleep, retryBaseMs: options.retryBaseMs, throttleRetries: options.throttleRetries, signMethod: options.signMethod });
  const maxWindowMs = options.maxWindowMs ?? DAY_MS;
  const maxPasses = options.maxPasses ?? 3;

  async function credentials(): Promise<PlatformAppCredentials> {
    const found = await options.credentials(PLATFORM_DOUYIN_CODE);
    if (!found) throw appCredentialsFailure('no app credentials for Douyin in this installation (OPENSELLER_CONNECTOR_DY_APP_KEY / _APP_SECRET)');
    return found;
  }

  const tokenOf = (store: StoreCredentials): string => {
    if (!store.accessToken) throw new ConnectorError('TOKEN_EXPIRED', 'the store holds no Douyin access token: authorize it first');
    return store.accessToken;
  };

  const deadline = <T>(callOptions: CallOptions | undefined, run: (signal: AbortSignal, creds: PlatformAppCredentials) => Promise<T>): Promise<T> =>
    withDeadline(callOptions?.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS, async (signal) => run(signal, await credentials()));

  const grantOf = (answer: DoudianTokenAnswer): TokenGrant => ({ accessToken: answer.accessToken, refreshToken: answer.refreshToken, expiresAt: answer.expiresAt, shopId: answer.shopId });

  /** A business refusal of a read: the pull cannot go on (PLATFORM_ERROR, nothing stored). */
  const readRefusal = (what: string) => (error: unknown) => {
    if (error instanceof DoudianBusinessError) throw new ConnectorError('PLATFORM_ERROR', `Douyin refused ${what}: ${error.code} ${error.subCode} ${error.description}`.trim());
    throw error;
  };

  /** One order.searchList page of update times [startSec, endSec] (seconds, as Douyin takes them). */
  async function searchPage(creds: PlatformAppCredentials, token: string, startSec: number, endSec: number, page: number, size: number, signal: AbortSignal) {
    const data = await callDoudian(
      creds,
      deps,
      {
        method: 'order.searchList',
        accessToken: token,
        params: { update_time_start: startSec, update_time_end: endSec, order_by: 'update_time', order_asc: true, page, size },
      },
      signal,
    ).catch(readRefusal('the order search'));
    const total = Number(data.total);
    const list = data.shop_order_list ?? [];
    if (!Number.isInteger(total) || total < 0 || !Array.isArray(list)) throw new ConnectorError('PLATFORM_ERROR', 'Douyin answered the order search with a malformed answer: total or shop_order_list missing');
    const rows: Row[] = [];
    for (const raw of list as Record<string, unknown>[]) {
      const mapped = mapDouyinOrder(raw);
      if ('problem' in mapped) throw new ConnectorError('PLATFORM_ERROR', `Douyin sent ${mapped.problem}; nothing of this window was stored`);
      const id = String(raw.order_id);
      rows.push({ key: { at: mapped.updatedAt.getTime(), id }, order: 'order' in mapped ? mapped.order : null });
    }
    return { total, rows };
  }

  /** Every record changed in the one second `at` (paged, the total checked between pages). */
  async function readSecond<T>(search: Search<T>, at: number, size: number): Promise<Row<T>[]> {
    const sec = at / 1000;
    for (let pass = 1; ; pass++) {
      const first = await search(sec, sec, 0, size);
      const rows = [...first.rows];
      let moved = false;
      for (let page = 1; page * size < first.total; page++) {
        const next = await search(sec, sec, page, size);
        if (next.total !== first.total) moved = true;
        rows.push(...next.rows);
      }
      if (!moved) {
        const byId = new Map(rows.filter((r) => r.key.at === at).map((r) => [r.key.id, r]));
        return [...byId.values()].sort((a, b) => compareKeys(a.key, b.key));
      }
      if (pass >= maxPasses) throw new ConnectorError('PLATFORM_ERROR', `the Douyin records of ${new Date(at).toISOString()} kept changing while being read; try again`);
    }
  }

  /**
   * The pull by update time both orders and after-sales use (see the head of this file): page 0
   * from the watermark's second, sub-windows of at most maxWindowMs, a crowded second read whole.
   */
  async function walk<T>(window: TimeWindow, search: Search<T>): Promise<{ items: T[]; watermark: string; hasMore: boolean }> {
    if (!(window.from instanceof Date) || !(window.to instanceof Date) || window.from.getTime() > window.to.getTime()) {
      throw new AppError(ErrorCodes.VALIDATION, 400, { detail: 'window: from must not be after to', field: 'window' });
    }
    const size = Math.min(Math.max(Math.floor(window.pageSize ?? DOUYIN_PAGE_SIZE), 1), DOUYIN_PAGE_SIZE);
    // Douyin's update times are whole seconds: the window starts at the start of its second, so a
    // record updated later in the second the last pull ended in is read (again, if it was there).
    const from = floorSecond(window.from.getTime());
    const to = window.to.getTime();
    let mark: Key = window.watermark ? decodeWatermark(window.watermark) : { at: from, id: null };
    if (mark.at < from) mark = { at: from, id: null };
    // Sub-windows without records to hand over (empty, or only unpaid orders) are walked through
    // in the same call: an empty page must not end the pull early.
    for (;;) {
      if (mark.at >= to) return { items: [], watermark: encodeWatermark(mark), hasMore: false };
      const start = floorSecond(mark.at);
      const end = Math.min(to, start + maxWindowMs);
      // Douyin's end bound is asked inclusive of the last second; records at or after `end` are left for later.
      const page = await search(start / 1000, Math.ceil(end / 1000), 0, size);
      const inWindow = (r: Row<T>) => r.key.at >= from && r.key.at < end && after(r.key, mark);
      const lastAt = page.rows.reduce((max, r) => Math.max(max, r.key.at), -Infinity);
      const complete = page.total <= size || page.rows.length < size || lastAt >= end;
      let taken: Row<T>[];
      let next: Key;
      if (complete) {
        taken = page.rows.filter(inWindow);
        next = { at: end, id: null };
      } else if (page.rows.some((r) => r.key.at < lastAt && inWindow(r))) {
        // The last second may go on past this page: its records come with the next call.
        taken = page.rows.filter((r) => r.key.at < lastAt && inWindow(r));
        next = { at: lastAt, id: null };
      } else {
        // The whole page shares one second: read that second whole.
        taken = (await readSecond(search, lastAt, size)).filter(inWindow);
        next = { at: lastAt + 1000, id: null };
      }
      taken.sort((a, b) => compareKeys(a.key, b.key));
      const items = taken.flatMap((r) => (r.order ? [r.order] : []));
      const hasMore = next.at < to;
      if (items.length || !hasMore) return { items, watermark: encodeWatermark(next), hasMore };
      mark = next;
    }
  }

  const connector: DouyinConnector = {
    platformCode: PLATFORM_DOUYIN_CODE,

    async appStatus() {
      const found = await options.credentials(PLATFORM_DOUYIN_CODE);
      return { configured: !!found, callbackUrl: found?.callbackUrl ?? null };
    },

    async authorizationUrl(request) {
      // The seller comes back to the callback registered with the app's service (README: register https://<site>/#/authorization).
      return doudianAuthorizationUrl(await credentials(), request.state);
    },

    async exchangeCode(input, callOptions) {
      return deadline(callOptions, async (signal, creds) => grantOf(await doudianTokenCall(creds, deps, { kind: 'code', code: input.code }, signal)));
    },

    async refreshToken(store, callOptions) {
      return deadline(callOptions, async (signal, creds) => {
        if (!store.refreshToken) throw new ConnectorError('AUTH_FAILED', 'no Douyin refresh token: authorize the store again');
        return grantOf(await doudianTokenCall(creds, deps, { kind: 'refresh', refreshToken: store.refreshToken }, signal));
      });
    },

    async pullOrders(store, window: TimeWindow, callOptions): Promise<OrderPage> {
      return deadline(callOptions, async (signal, creds) => {
        const token = tokenOf(store);
        const result = await walk(window, (startSec, endSec, page, size) => searchPage(creds, token, startSec, endSec, page, size, signal));
        return { orders: result.items, watermark: result.watermark, hasMore: result.hasMore };
      });
    },

    async listOnlineGoods(store, page, callOptions): Promise<OnlineGoodsPage> {
      const pageNo = Math.max(1, Math.floor(page.page));
      const pageSize = Math.min(Math.max(1, Math.floor(page.pageSize)), 100);
      return deadline(callOptions, async (signal, creds) => {
        const token = tokenOf(store);
        // product.listV2: page from 1, size ≤ 100 [S].
        const products = await callDoudian(creds, deps, { method: 'product.listV2', accessToken: token, params: { page: pageNo, size: pageSize } }, signal).catch(readRefusal('the product list'));
        const total = Number(products.total);
        if (!Array.isArray(products.data) || !Number.isInteger(total)) throw new ConnectorError('PLATFORM_ERROR', 'Douyin answered the product list with a malformed answer: data or total missing');
        const items: OnlineItemInput[] = [];
        for (const product of products.data as Record<string, unknown>[]) {
          const productId = String(product.product_id ?? '');
          if (!/^\d{1,30}$/.test(productId)) throw new ConnectorError('PLATFORM_ERROR', 'Douyin answered the product list with a product without product_id');
          // product_id is int64 (beyond 2^53 too): sent as a bare JSON number, never rounded.
          const answer = await callDoudian(creds, deps, { method: 'sku.list', accessToken: token, params: { product_id: int64Param(productId) } }, signal).catch(readRefusal('the SKU list'));
          if (!Array.isArray(answer.list)) throw new ConnectorError('PLATFORM_ERROR', 'Douyin answered the SKU list with a malformed answer: data is not a list');
          const skus: NonNullable<OnlineItemInput['skus']> = [];
          for (const sku of answer.list as Record<string, unknown>[]) {
            const properties = [sku.spec_detail_name1, sku.spec_detail_name2, sku.spec_detail_name3].map((v) => (v == null ? '' : String(v))).filter(Boolean).join(';');
            const price = fenToYuan(sku.price);
            skus.push({
              tbSkuId: String(sku.id),
              title: String(product.name ?? productId),
              properties: properties || undefined,
              outerSkuId: sku.code ? String(sku.code) : sku.out_sku_id ? String(sku.out_sku_id) : undefined,
              price: price ?? undefined,
            });
          }
          const img = String(product.img ?? '');
          items.push({
            tbSpuId: productId,
            title: String(product.name ?? productId),
            outerId: product.out_product_id ? String(product.out_product_id) : undefined,
            picUrl: /^https?:\/\//.test(img) ? img : undefined,
            // status 0: on sale (上架) [S]; anything else is not selling.
            status: String(product.status) === '0' ? 'onsale' : 'instock',
            skus,
          });
        }
        return { items, page: pageNo, total, hasMore: pageNo * pageSize < total };
      });
    },

    async pushStock(store, updates, callOptions): Promise<PushResult[]> {
      return deadline(callOptions, async (signal, creds) => {
        const token = tokenOf(store);
        const results: PushResult[] = [];
        for (const u of updates) {
          if (!/^\d{1,30}$/.test(u.tbSkuId)) {
            results.push({ key: u.tbSkuId, ok: false, message: `"${u.tbSkuId}" is not a Douyin SKU id` });
            continue;
          }
          const invalid = stockQuantityRefusal(u.quantity);
          if (invalid) {
            results.push({ key: u.tbSkuId, ok: false, message: invalid });
            continue;
          }
          try {
            // Full quantity (incremental false): a repeated push sets the same number, so no idempotent_id is needed.
            const params: Record<string, unknown> = { sku_id: int64Param(u.tbSkuId), stock_num: u.quantity, incremental: false };
            if (u.tbSpuId && /^\d{1,30}$/.test(u.tbSpuId)) params.product_id = int64Param(u.tbSpuId);
            await callDoudian(creds, deps, { method: 'sku.syncStock', accessToken: token, params }, signal);
            results.push({ key: u.tbSkuId, ok: true, message: null });
          } catch (error) {
            if (!(error instanceof DoudianBusinessError)) throw error;
            results.push({ key: u.tbSkuId, ok: false, message: error.message });
          }
        }
        return results;
      });
    },

    async pushShippingFeedback(store, feedback, callOptions): Promise<PushResult[]> {
      return deadline(callOptions, async (signal, creds) => {
        const token = tokenOf(store);
        const results: PushResult[] = [];
        for (const f of feedback) {
          const company = douyinCompanyOf(f.expressCompanyCode);
          if (!company) {
            results.push({ key: f.platformNo, ok: false, message: `express company ${f.expressCompanyCode} has no Douyin company code in this connector` });
            continue;
          }
          if (f.tbSkuIds?.length) {
            results.push({ key: f.platformNo, ok: false, message: 'Douyin split shipping (order.logisticsAdd product_orders) is not sent by this connector: ship the whole order' });
            continue;
          }
          if (!f.expressNo?.trim()) {
            results.push({ key: f.platformNo, ok: false, message: 'the waybill number is missing' });
            continue;
          }
          try {
            await callDoudian(creds, deps, { method: 'order.logisticsAdd', accessToken: token, params: { order_id: f.platformNo, company_code: company, logistics_code: f.expressNo.trim() } }, signal);
            results.push({ key: f.platformNo, ok: true, message: null });
          } catch (error) {
            if (!(error instanceof DoudianBusinessError)) throw error;
            results.push({ key: f.platformNo, ok: false, message: error.message });
          }
        }
        return results;
      });
    },

    async pullAfterSales(store, window: TimeWindow, callOptions): Promise<AfterSalePage> {
      return deadline(callOptions, async (signal, creds) => {
        const token = tokenOf(store);
        const result = await walk<PlatformAfterSale>(window, async (startSec, endSec, page, size) => {
          // afterSale.List by update time, ascending; page from 0, size ≤ 100 (official SDK params).
          const data = await callDoudian(
            creds,
            deps,
            { method: 'afterSale.List', accessToken: token, params: { update_start_time: startSec, update_end_time: endSec, order_by: ['update_time asc'], page, size } },
            signal,
          ).catch(readRefusal('the after-sale list'));
          const total = Number(data.total);
          const list = data.items ?? [];
          if (!Number.isInteger(total) || total < 0 || !Array.isArray(list)) throw new ConnectorError('PLATFORM_ERROR', 'Douyin answered the after-sale list with a malformed answer: total or items missing');
          const rows: Row<PlatformAfterSale>[] = [];
          for (const raw of list as Record<string, unknown>[]) {
            const mapped = mapDouyinAfterSale(raw);
            if ('problem' in mapped) throw new ConnectorError('PLATFORM_ERROR', `Douyin sent ${mapped.problem}; nothing of this window was stored`);
            rows.push({ key: { at: mapped.updatedAt.getTime(), id: mapped.afterSale.refundId }, order: mapped.afterSale });
          }
          return { total, rows };
        });
        return { afterSales: result.items, watermark: result.watermark, hasMore: result.hasMore };
      });
    },

    async pushAfterSaleDecisions(store, decisions, callOptions): Promise<PushResult[]> {
      const token = tokenOf(store);
      const results: PushResult[] = [];
      let returnAddress: Promise<string | null> | undefined;
      for (const d of decisions) {
        try {
          // Each decision under its own deadline: a long batch does not run out of time half-way.
          results.push(await deadline(callOptions, (signal, creds) => decide(creds, token, d, signal, () => (returnAddress ??= defaultReturnAddress(creds, token, signal)))));
        } catch (error) {
          // A refusal concerns this after-sale; a failure of the call as such stops the batch while nothing was decided yet.
          if (error instanceof DoudianBusinessError) results.push({ key: d.refundId, ok: false, message: error.message });
          else if (error instanceof ConnectorError && !results.some((r) => r.ok)) throw error;
          else results.push({ key: d.refundId, ok: false, message: error instanceof ConnectorError ? error.detail : (error as Error).message });
        }
      }
      return results;
    },

    /**
     * order.batchDecrypt ([S] official SDK models): each order's three ciphertexts tagged with its
     * order id (auth_id), ≤ 50 a call; answers the orders whose name, phone and address detail all
     * came back (err_no 0) — a ciphertext Douyin refuses leaves its order out, not the batch.
     * Province, city, district and street are clear in Douyin's orders: the address is the street
     * and the decrypted detail. A virtual number comes as Douyin gives it (`主机号-分机号`).
     */
    async decryptReceivers(store, refs, callOptions): Promise<PlatformReceiver[]> {
      const wanted = refs.flatMap((r) => {
        const e = douyinReceiverRefOf(r.receiverRef);
        return e && e.name && e.phone && e.address ? [{ platformNo: r.platformNo, ...e }] : [];
      });
      if (!wanted.length) return [];
      const token = tokenOf(store);
      const out: PlatformReceiver[] = [];
      for (let i = 0; i < wanted.length; i += DOUYIN_DECRYPT_ORDERS_PER_CALL) {
        const batch = wanted.slice(i, i + DOUYIN_DECRYPT_ORDERS_PER_CALL);
        const cipher_infos = batch.flatMap((o) => [o.name, o.phone, o.address].map((cipher_text) => ({ auth_id: o.platformNo, cipher_text })));
        // Each call under its own deadline.
        const data = await deadline(callOptions, (signal, creds) => callDoudian(creds, deps, { method: 'order.batchDecrypt', accessToken: token, params: { cipher_infos } }, signal).catch(readRefusal('the receiver decryption')));
        if (!Array.isArray(data.decrypt_infos)) throw new ConnectorError('PLATFORM_ERROR', 'Douyin answered order.batchDecrypt with a malformed answer: decrypt_infos missing');
        const clear = new Map<string, string>();
        for (const d of data.decrypt_infos as Record<string, unknown>[]) {
          if (Number(d.err_no ?? 0) === 0 && typeof d.decrypt_text === 'string' && d.decrypt_text) clear.set(`${String(d.auth_id ?? '')}\u0000${String(d.cipher_text ?? '')}`, d.decrypt_text);
        }
        for (const o of batch) {
          const [name, phone, detail] = [o.name, o.phone, o.address].map((c) => clear.get(`${o.platformNo}\u0000${c}`));
          if (name && phone && detail) out.push({ platformNo: o.platformNo, name, phone, tel: null, province: null, city: null, district: null, address: `${o.street}${detail}` });
        }
      }
      return out;
    },
  };

  /**
   * One decision: afterSale.Detail gives the after-sale's type, state and version (update_time);
   * the shared intent rule says what the decision asks; douyinOperationOf which afterSale.operate
   * type does it. A refusal carries the first reason Douyin offers for it that needs no evidence
   * (afterSale.rejectReasonCodeList); an agreed return the shop's default return address
   * (address.list). The version goes with the call, so an after-sale changed meanwhile is refused,
   * not decided blind. Douyin refunds the amount the buyer applied for (the call takes none).
   */
  async function decide(creds: PlatformAppCredentials, token: string, d: AfterSaleDecisionPush, signal: AbortSignal, returnAddress: () => Promise<string | null>): Promise<PushResult> {
    const fail = (message: string): PushResult => ({ key: d.refundId, ok: false, message: `Douyin: ${message}` });
    if (!/^\d{1,20}$/.test(d.refundId)) return fail(`"${d.refundId}" is not a Douyin after-sale id`);
    const detail = await callDoudian(creds, deps, { method: 'afterSale.Detail', accessToken: token, params: { after_sale_id: d.refundId } }, signal);
    const info = ((detail.process_info ?? null) as Record<string, unknown> | null)?.after_sale_info as Record<string, unknown> | undefined;
    if (!info) throw new ConnectorError('PLATFORM_ERROR', `Douyin answered afterSale.Detail of ${d.refundId} with a malformed answer: process_info.after_sale_info missing`);
    const type = DOUYIN_AFTER_SALE_TYPES[Number(info.after_sale_type)];
    const status = DOUYIN_AFTER_SALE_STATUSES[Number(info.after_sale_status)];
    if (!type || !status) return fail(`after-sale ${d.refundId} is of a type (${String(info.after_sale_type)}) or state (${String(info.after_sale_status)}) this connector does not decide`);
    const intent = afterSaleDecisionIntent(type, status, d);
    if (intent === 'NONE' || refundStatusAfterIntent(intent, status) === status) return { key: d.refundId, ok: true, message: null };
    if (FINAL_REFUND_STATES.has(status)) return fail(`after-sale ${d.refundId} is ${status} on Douyin and can no longer be decided`);
    const operation = douyinOperationOf(intent, type, status);
    if ('impossible' in operation) return fail(operation.impossible);
    const item: Record<string, unknown> = { aftersale_id: d.refundId };
    const version = Number(info.update_time);
    if (Number.isSafeInteger(version) && version > 0) item.update_time = version;
    if (operation.refuse) {
      const reasons = await callDoudian(creds, deps, { method: 'afterSale.rejectReasonCodeList', accessToken: token, params: { aftersale_id: int64Param(d.refundId) } }, signal);
      const list = Array.isArray(reasons.items) ? (reasons.items as Record<string, unknown>[]) : [];
      const reason = list.find((r) => String(r.evidence_need ?? '').toUpperCase() !== 'Y' && r.reject_reason_code != null);
      if (!reason) return fail(`Douyin offers no reason to refuse after-sale ${d.refundId} without evidence: refuse it on the Douyin shop backend`);
      Object.assign(item, { reject_reason_code: int64Param(String(reason.reject_reason_code)), reason: String(reason.reason ?? ''), remark: DOUYIN_REFUSE_REMARK });
    }
    if (operation.returnAddress) {
      const addressId = await returnAddress();
      if (!addressId) return fail("the shop has no return address in Douyin's address library (地址库): add one there, then send again");
      item.logistics = { receiver_address_id: int64Param(addressId) };
    }
    const answer = await callDoudian(creds, deps, { method: 'afterSale.operate', accessToken: token, params: { type: operation.type, items: [item] } }, signal);
    const result = (Array.isArray(answer.items) ? (answer.items as Record<string, unknown>[]) : []).find((r) => String(r.aftersale_id ?? '') === d.refundId);
    if (result && Number(result.status_code ?? 0) !== 0) return fail(`afterSale.operate refused after-sale ${d.refundId}: ${String(result.status_code)} ${String(result.status_msg ?? '')}`.trim());
    return { key: d.refundId, ok: true, message: null };
  }

  /** The shop's default return address id (address.list, is_default 1; else its first address), null when it has none. */
  async function defaultReturnAddress(creds: PlatformAppCredentials, token: string, signal: AbortSignal): Promise<string | null> {
    const data = await callDoudian(creds, deps, { method: 'address.list', accessToken: token, params: { page_no: 1, page_size: 100 } }, signal);
    const list = Array.isArray(data.address_list) ? (data.address_list as Record<string, unknown>[]) : [];
    const chosen = list.find((a) => Number(a.is_default) === 1) ?? list[0];
    return chosen?.address_id == null ? null : String(chosen.address_id);
  }

  return connector;
}
