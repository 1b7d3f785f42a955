// The Kuaishou shop (快手小店, platform KSXD) marketplace connector: authorization by
// Kuaishou's OAuth (consent page, code → access token, refresh rotating the refresh token), orders
// by update time through open.order.cursor.list (queryType 2, sort ascending) in sub-windows of
// at most 7 days and never older than 90 days, paged by Kuaishou's cursor until "nomore"; the
// online goods for the mapping page (open.item.list.get [U]); stock through
// open.item.sku.stock.update (incremental, from the SKU's current stock read by open.item.get [U]);
// shipping feedback through open.seller.order.goods.deliver with Kuaishou's expressCode; refunds
// through open.seller.order.refund.pcursor.list (1-day sub-windows, pcursor until "nomore", each
// refund's detail for its quantity and return parcel) and the seller's decisions written back
// through the shared intent rule; receivers decrypted by open.order.decrypt.batch on request. The
// installation's app key, app secret and signSecret come from an AppCredentialsLookup; without
// them every call fails clearly instead of reaching out. README.md says what is [C]/[S]/[U].
//
// The watermark names the sub-window being read and Kuaishou's cursor in it: the next call asks
// the page after it, so the watermark only moves past pages that were read and mapped whole.
import { ErrorCodes, yuanToFen, type OnlineItemInput } from '@openseller/core';
import { AppError } from '../../../platform/errors.js';
import type { AppCredentialsLookup, PlatformAppCredentials } from '../../app-credentials.js';
import {
  afterSaleDecisionIntent,
  stockQuantityRefusal,
  ConnectorError,
  DEFAULT_CALL_TIMEOUT_MS,
  FINAL_REFUND_STATES,
  refundStatusAfterIntent,
  withDeadline,
  type AfterSaleDecisionPush,
  type AfterSalePage,
  type CallOptions,
  type MarketplaceConnector,
  type PlatformAfterSale,
  type PlatformReceiver,
  type OnlineGoodsPage,
  type OrderPage,
  type PushResult,
  type StoreCredentials,
  type TimeWindow,
  type TokenGrant,
} from '../connector.js';
import { appCredentialsFailure, callKs, defaultKsDeps, KS_PLATFORM_CODE, ksAuthorizationUrl, KsBusinessError, ksTokenCall, type KsDeps, type KsTokenAnswer } from './kuaishou.client.js';
import {
  KS_ARBITRATION,
  KS_EXPRESS_CODES,
  KS_REFUND_STATUSES,
  KS_REFUND_TYPES,
  mapKsOrder,
  mapKsRefund,
  parseReceiverRef,
  refundUpdateTimeOf,
  updateTimeOf,
  type KsPlatformOrder,
} from './kuaishou.mapping.js';

export { KS_PLATFORM_CODE } from './kuaishou.client.js';
const DAY_MS = 86_400_000;
/** The longest query window of open.order.cursor.list (300004 beyond it) [C]. */
export const KS_MAX_WINDOW_MS = 7 * DAY_MS;
/** How far back the order query reaches (300005 beyond it) [C]. */
export const KS_MAX_AGE_MS = 90 * DAY_MS;
/** Page size asked of the order list: ≤ 50 is what every client agrees on ("max 100" is [U]). */
export const KS_PAGE_SIZE = 50;
/** The cursor Kuaishou answers on the last page [C/S]. */
export const KS_CURSOR_END = 'nomore';
const GOODS_LOOKUP_PAGES = 50;
/** The longest query window of open.seller.order.refund.pcursor.list: 1 day [S] (the documentation: it may shrink during sales events). */
export const KS_REFUND_MAX_WINDOW_MS = DAY_MS;
/** Page size asked of the refund list ("最多一页100条" [S]). */
export const KS_REFUND_PAGE_SIZE = 50;
/** open.order.decrypt.batch takes at most 100 ciphertexts a call [S]: 33 orders of three. */
const DECRYPT_ORDERS_PER_CALL = 33;
/** What a refusal says to the buyer (open.refund.reject rejectDesc). */
export const KS_REJECT_DESC = '卖家拒绝了本次售后申请，如有疑问请联系客服';
/** A decrypted field of open.order.decrypt.batch: errorCode 1 is success [S]. */
const DECRYPT_OK = 1;

/** The authorization's own end of a token answer, for the grant (absent when Kuaishou did not say). */
const authorizationEnd = (answer: KsTokenAnswer) => (answer.refreshExpiresAt ? { authorizationExpiresAt: answer.refreshExpiresAt } : {});

export interface KuaishouConnectorOptions {
  credentials: AppCredentialsLookup;
  fetchImpl?: typeof fetch;
  now?: () => Date;
  sleep?: KsDeps['sleep'];
  retryBaseMs?: number;
  throttleRetries?: number;
  signMethod?: KsDeps['signMethod'];
  /** Longest sub-window of one cursor query (default 1 day, at most 7 days). */
  maxWindowMs?: number;
}

/** Where a pull continues: the sub-window [start, end) being read (end null: not opened) and Kuaishou's cursor in it. */
interface Position {
  start: number;
  end: number | null;
  cursor: string;
}
const encodePosition = (p: Position) => `ks1:${p.start}:${p.end ?? '-'}:${Buffer.from(p.cursor, 'utf8').toString('base64url')}`;
function decodePosition(watermark: string): Position {
  const m = /^ks1:(\d{1,15}):(\d{1,15}|-):([A-Za-z0-9_-]*)$/.exec(watermark);
  if (!m) throw new AppError(ErrorCodes.VALIDATION, 400, { field: 'watermark', detail: `watermark: not a watermark of the Kuaishou connector (${watermark.slice(0, 60)})` });
  return { start: Number(m[1]), end: m[2] === '-' ? null : Number(m[2]), cursor: Buffer.from(m[3]!, 'base64url').toString('utf8') };
}

export type KuaishouConnector = MarketplaceConnector & { appStatus(): Promise<{ configured: boolean; callbackUrl: string | null }> };

export function createKuaishouConnector(options: KuaishouConnectorOptions): KuaishouConnector {
  const deps = defaultKsDeps({
    fetchImpl: options.fetchImpl,
    now: options.now,
    sleep: options.sleep,
    retryBaseMs: options.retryBaseMs,
    throttleRetries: options.throttleRetries,
    signMethod: options.signMethod,
  });
  const maxWindowMs = Math.min(options.maxWindowMs ?? DAY_MS, KS_MAX_WINDOW_MS);
  /** SKU id → item id (kwaiItemId), learned from goods lists and orders: the stock calls need both. */
  const itemOfSku = new Map<string, string>();

  async function credentials(): Promise<PlatformAppCredentials> {
    const found = await options.credentials(KS_PLATFORM_CODE);
    if (!found || !found.signSecret) {
      throw appCredentialsFailure('no app credentials for Kuaishou in this installation (OPENSELLER_CONNECTOR_KSXD_APP_KEY / _APP_SECRET / _SIGN_SECRET)');
    }
    return found;
  }

  const tokenOf = (store: StoreCredentials): string => {
    if (!store.accessToken) throw new ConnectorError('TOKEN_EXPIRED', 'the store holds no Kuaishou access token: authorize it first');
    return store.accessToken;
  };

  const deadline = <T>(callOptions: CallOptions | undefined, run: (signal: AbortSignal, creds: PlatformAppCredentials) => Promise<T>): Promise<T> =>
    withDeadline(callOptions?.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS, async (signal) => run(signal, await credentials()));

  const refusedAs = (what: string) => (error: unknown) => {
    if (error instanceof KsBusinessError) throw new ConnectorError('PLATFORM_ERROR', `Kuaishou refused ${what}: ${error.result} ${error.description}`);
    throw error;
  };

  /** One page of the order list of [start, end] by update time, ascending. */
  async function orderPage(creds: PlatformAppCredentials, token: string, start: number, end: number, cursor: string, pageSize: number, signal: AbortSignal) {
    const answer = await callKs(
      creds,
      deps,
      {
        method: 'open.order.cursor.list',
        accessToken: token,
        httpMethod: 'GET',
        param: { orderViewStatus: 1, pageSize, sort: 1, queryType: 2, beginTime: start, endTime: end, cursor },
      },
      signal,
    ).catch(refusedAs('the order list'));
    const data = answer.data as Record<string, unknown> | undefined;
    if (!data || typeof data !== 'object' || !Array.isArray(data.orderList) || typeof data.cursor !== 'string') {
      throw new ConnectorError('PLATFORM_ERROR', 'Kuaishou answered the order list with a malformed answer: data.orderList or data.cursor missing');
    }
    return { orders: data.orderList as Record<string, unknown>[], cursor: data.cursor };
  }

  /** Maps a page whole, or refuses it whole (nothing of it handed on). */
  function mapPage(rows: Record<string, unknown>[], start: number, end: number): KsPlatformOrder[] {
    const out: KsPlatformOrder[] = [];
    const seen = new Set<string>();
    for (const row of rows) {
      const mapped = mapKsOrder(row);
      if ('problem' in mapped) throw new ConnectorError('PLATFORM_ERROR', `Kuaishou sent ${mapped.problem}; nothing of this page was stored`);
      if (!mapped.order) continue;
      // Outside [start, end): the boundary ms Kuaishou includes, or a record it placed at the edge (the next window has it).
      const at = updateTimeOf(row)!;
      if (at < start || at >= end || seen.has(mapped.order.platformNo)) continue;
      seen.add(mapped.order.platformNo);
      out.push(mapped.order);
    }
    for (const o of out) for (const l of o.lines) if (l.tbSpuId) itemOfSku.set(l.tbSkuId, l.tbSpuId);
    return out;
  }

  function assertWindow(window: TimeWindow): void {
    if (!(window.from instanceof Date) || !(window.to instanceof Date) || window.from.getTime() > window.to.getTime()) {
      throw new AppError(ErrorCodes.VALIDATION, 400, { field: 'window', detail: 'window: from must not be after to' });
    }
  }

  /** One page of the refund list of [start, end] by update time, ascending (sort 2 [S]), all refunds (type 9). */
  async function refundPage(creds: PlatformAppCredentials, token: string, start: number, end: number, cursor: string, pageSize: number, signal: AbortSignal) {
    const answer = await callKs(
      creds,
      deps,
      {
        method: 'open.seller.order.refund.pcursor.list',
        accessToken: token,
        httpMethod: 'GET',
        param: { beginTime: start, endTime: end, type: 9, pageSize, currentPage: 1, sort: 2, queryType: 2, pcursor: cursor },
      },
      signal,
    ).catch(refusedAs('the refund list'));
    const data = answer.data as Record<string, unknown> | undefined;
    if (!data || typeof data !== 'object' || !Array.isArray(data.refundOrderInfoList) || typeof data.pcursor !== 'string') {
      throw new ConnectorError('PLATFORM_ERROR', 'Kuaishou answered the refund list with a malformed answer: data.refundOrderInfoList or data.pcursor missing');
    }
    return { refunds: data.refundOrderInfoList as Record<string, unknown>[], cursor: data.pcursor };
  }

  async function refundDetail(creds: PlatformAppCredentials, token: string, refundId: string, signal: AbortSignal): Promise<Record<string, unknown>> {
    const answer = await callKs(creds, deps, { method: 'open.seller.order.refund.detail', accessToken: token, httpMethod: 'GET', param: { refundId: BigInt(refundId) } }, signal);
    const data = answer.data as Record<string, unknown> | undefined;
    if (!data || typeof data !== 'object' || String(data.refundId ?? '') !== refundId) {
      throw new ConnectorError('PLATFORM_ERROR', `Kuaishou answered the detail of refund ${refundId} with a malformed answer: data.refundId missing or another refund`);
    }
    return data;
  }

  /**
   * Maps a page of refunds whole, or refuses it whole. The list has neither the quantity nor the
   * buyer's return parcel: each refund's detail is read for them [S].
   */
  async function mapRefundPage(creds: PlatformAppCredentials, token: string, rows: Record<string, unknown>[], start: number, end: number, signal: AbortSignal): Promise<PlatformAfterSale[]> {
    const out: PlatformAfterSale[] = [];
    const seen = new Set<string>();
    for (const row of rows) {
      const at = refundUpdateTimeOf(row);
      // Outside [start, end): the boundary ms Kuaishou includes (the next window has it).
      if (at !== null && (at < start || at >= end)) continue;
      const id = String(row.refundId ?? '');
      const detail = /^\d{1,30}$/.test(id) ? await refundDetail(creds, token, id, signal).catch(refusedAs(`the detail of refund ${id}`)) : null;
      const mapped = mapKsRefund(row, detail);
      if ('problem' in mapped) throw new ConnectorError('PLATFORM_ERROR', `Kuaishou sent ${mapped.problem}; nothing of this page was stored`);
      if (seen.has(mapped.afterSale.refundId)) continue;
      seen.add(mapped.afterSale.refundId);
      out.push(mapped.afterSale);
    }
    return out;
  }

  /** Failures that concern the whole call (not one refund). */
  const systemic = (error: unknown) => error instanceof ConnectorError && ['TOKEN_EXPIRED', 'AUTH_FAILED', 'NO_APP_CREDENTIALS', 'TIMEOUT', 'RATE_LIMITED'].includes(error.kind);

  /** One decision (see pushAfterSaleDecisions). Kuaishou's refusals come out as KsBusinessError. */
  async function decide(creds: PlatformAppCredentials, token: string, d: AfterSaleDecisionPush, signal: AbortSignal): Promise<PushResult> {
    const refused = (message: string): PushResult => ({ key: d.refundId, ok: false, message });
    const detail = await refundDetail(creds, token, d.refundId, signal);
    const code = Number(detail.status);
    const status = KS_REFUND_STATUSES[code];
    const type = KS_REFUND_TYPES[Number(detail.handlingWay)];
    if (!status || !type) return refused(`Kuaishou refund ${d.refundId} has a status (${String(detail.status)}) or kind (${String(detail.handlingWay)}) this connector does not know`);
    const intent = afterSaleDecisionIntent(type, status, d);
    if (refundStatusAfterIntent(intent, status) === status) return { key: d.refundId, ok: true, message: null };
    if (FINAL_REFUND_STATES.has(status)) return refused(`refund ${d.refundId} is ${status} on Kuaishou and can no longer be decided`);
    if (status === KS_ARBITRATION) return refused(`refund ${d.refundId} is being arbitrated by Kuaishou (协商纠纷，等待平台处理): Kuaishou decides it`);
    // The refund's version is its last update time (refundVersion [S]): a refund changed meanwhile is refused by Kuaishou.
    const version = Number(detail.updateTime);
    const send = (method: string, param: Record<string, unknown>) => callKs(creds, deps, { method, accessToken: token, httpMethod: 'POST', param: { refundId: BigInt(d.refundId), ...param } }, signal);
    if (intent === 'REFUSE') {
      await send('open.refund.reject', { rejectDesc: KS_REJECT_DESC, ...(Number.isSafeInteger(version) ? { refundVersion: version } : {}) });
      return { key: d.refundId, ok: true, message: null };
    }
    if (intent === 'PAY') {
      if (type === 'EXCHANGE') {
        if (!Number.isSafeInteger(version)) return refused(`Kuaishou sent refund ${d.refundId} without its updateTime (the version open.refund.direct.refund needs)`);
        await send('open.refund.direct.refund', { refundVersion: version });
        return { key: d.refundId, ok: true, message: null };
      }
      if (type === 'RETURN_REFUND') {
        if (status === 'WAIT_SELLER_AGREE') return refused(`Kuaishou pays a return and refund (refund ${d.refundId}) when the goods are back: agree the return first, then confirm the receipt`);
        const freight = detail.returnFreightInfo as Record<string, unknown> | null | undefined;
        if (freight && typeof freight === 'object' && Number(freight.returnFreightAmount) > 0) {
          return refused(`the buyer of refund ${d.refundId} claims the return freight (${String(freight.returnFreightAmount)} fen): agree or refuse it on the Kuaishou merchant backend`);
        }
        await send('open.seller.order.refund.confirm.receipt', { status: code });
        return { key: d.refundId, ok: true, message: null };
      }
      const fen = yuanToFen(d.refundFee);
      if (fen === null || fen <= 0) return refused(`refund amount "${d.refundFee}" is not an amount in yuan above zero`);
      await send('open.seller.order.refund.approve', { refundAmount: fen, status: code });
      return { key: d.refundId, ok: true, message: null };
    }
    // AGREE_RETURN: the return (or exchange) agreed; the amount is only checked against the refund's (0 for an exchange) [S].
    const fee = Number(detail.refundFee);
    if (type !== 'EXCHANGE' && (!Number.isSafeInteger(fee) || fee < 0)) return refused(`Kuaishou sent refund ${d.refundId} without a refundFee in whole fen`);
    await send('open.seller.order.refund.returngoods.approve', { refundAmount: type === 'EXCHANGE' ? 0 : fee });
    return { key: d.refundId, ok: true, message: null };
  }

  async function itemIdOf(store: StoreCredentials, skuId: string, callOptions?: CallOptions): Promise<string | null> {
    if (itemOfSku.has(skuId)) return itemOfSku.get(skuId)!;
    for (let page = 1; page <= GOODS_LOOKUP_PAGES; page++) {
      const result = await connector.listOnlineGoods(store, { page, pageSize: 100 }, callOptions);
      if (itemOfSku.has(skuId) || !result.hasMore) break;
    }
    return itemOfSku.get(skuId) ?? null;
  }

  const connector: KuaishouConnector = {
    platformCode: KS_PLATFORM_CODE,

    async appStatus() {
      const found = await options.credentials(KS_PLATFORM_CODE);
      return { configured: !!found && !!found.signSecret, callbackUrl: found?.callbackUrl ?? null };
    },

    async authorizationUrl(request) {
      return ksAuthorizationUrl(await credentials(), request.redirectUri, request.state);
    },

    async exchangeCode(input, callOptions): Promise<TokenGrant> {
      return deadline(callOptions, async (signal, creds) => {
        const answer = await ksTokenCall(creds, deps, { kind: 'code', code: input.code }, signal);
        if (!answer.openId) throw new ConnectorError('PLATFORM_ERROR', "Kuaishou answered the code exchange without the seller's open_id");
        return { accessToken: answer.accessToken, refreshToken: answer.refreshToken, expiresAt: answer.expiresAt, ...authorizationEnd(answer), shopId: answer.openId };
      });
    },

    async refreshToken(store, callOptions): Promise<TokenGrant> {
      return deadline(callOptions, async (signal, creds) => {
        if (!store.refreshToken) throw new ConnectorError('AUTH_FAILED', 'no Kuaishou refresh token: authorize the store again');
        const answer = await ksTokenCall(creds, deps, { kind: 'refresh', refreshToken: store.refreshToken }, signal);
        // The refresh rotates the refresh token: the new one must be stored (the old dies within 5 minutes).
        if (!answer.refreshToken) throw new ConnectorError('PLATFORM_ERROR', 'Kuaishou answered the token refresh without the new refresh_token');
        return { accessToken: answer.accessToken, refreshToken: answer.refreshToken, expiresAt: answer.expiresAt, ...authorizationEnd(answer), shopId: answer.openId ?? store.platformShopId ?? '' };
      });
    },

    async pullOrders(store, window: TimeWindow, callOptions): Promise<OrderPage> {
      assertWindow(window);
      const pageSize = Math.min(Math.max(Math.floor(window.pageSize ?? KS_PAGE_SIZE), 1), KS_PAGE_SIZE);
      return deadline(callOptions, async (signal, creds) => {
        const token = tokenOf(store);
        const to = window.to.getTime();
        // Kuaishou answers nothing older than 90 days (300005): the pull starts no earlier (a minute's margin).
        const oldest = deps.now().getTime() - KS_MAX_AGE_MS + 60_000;
        let position: Position = window.watermark ? decodePosition(window.watermark) : { start: window.from.getTime(), end: null, cursor: '' };
        if (position.end === null && position.start < oldest) position = { start: Math.min(oldest, to), end: null, cursor: '' };
        for (;;) {
          if (position.start >= to) return { orders: [], watermark: encodePosition({ start: to, end: null, cursor: '' }), hasMore: false };
          const end = position.end ?? Math.min(to, position.start + maxWindowMs);
          const page = await orderPage(creds, token, position.start, end, position.cursor, pageSize, signal);
          const orders = mapPage(page.orders, position.start, end);
          const done = page.cursor === KS_CURSOR_END || page.cursor === '' || page.orders.length === 0;
          const next: Position = done ? { start: end, end: null, cursor: '' } : { start: position.start, end, cursor: page.cursor };
          const hasMore = next.end !== null || next.start < to;
          // Pages empty after filtering are passed over within the call: an empty answer means the pull is over.
          if (orders.length || !hasMore) return { orders, watermark: encodePosition(next), hasMore };
          position = next;
        }
      });
    },

    async listOnlineGoods(store, page, callOptions): Promise<OnlineGoodsPage> {
      const pageNumber = Math.max(1, Math.floor(page.page));
      const pageSize = Math.min(Math.max(1, Math.floor(page.pageSize)), 100);
      return deadline(callOptions, async (signal, creds) => {
        const answer = await callKs(creds, deps, { method: 'open.item.list.get', accessToken: tokenOf(store), httpMethod: 'GET', param: { pageNumber, pageSize } }, signal).catch(
          refusedAs('the item list'),
        );
        const data = answer.data as Record<string, unknown> | undefined;
        const total = Number(data?.totalItemCount);
        if (!data || !Array.isArray(data.items) || !Number.isInteger(total)) {
          throw new ConnectorError('PLATFORM_ERROR', 'Kuaishou answered the item list with a malformed answer: data.items or data.totalItemCount missing');
        }
        const items: OnlineItemInput[] = (data.items as Record<string, unknown>[]).map((item) => {
          const itemId = String(item.kwaiItemId ?? '');
          if (!/^\d{1,30}$/.test(itemId)) throw new ConnectorError('PLATFORM_ERROR', 'Kuaishou answered the item list with an item without kwaiItemId');
          const title = String(item.title ?? itemId);
          const skus = Array.isArray(item.skuList) ? (item.skuList as Record<string, unknown>[]) : [];
          for (const s of skus) if (s.kwaiSkuId != null) itemOfSku.set(String(s.kwaiSkuId), itemId);
          const picUrl = String(item.mainImageUrl ?? '');
          return {
            tbSpuId: itemId,
            title,
            ...(item.relItemId ? { outerId: String(item.relItemId) } : {}),
            ...(/^https?:\/\//.test(picUrl) ? { picUrl } : {}),
            // shelfStatus 1: on the shelf [U].
            status: Number(item.shelfStatus) === 1 ? ('onsale' as const) : ('instock' as const),
            skus: skus.map((s) => {
              const spec = String(s.specification ?? '').trim();
              const price = Number(s.price);
              return {
                tbSkuId: String(s.kwaiSkuId),
                title: spec ? `${title} ${spec}` : title,
                ...(spec ? { properties: spec } : {}),
                ...(s.skuNick || s.relSkuId ? { outerSkuId: String(s.skuNick || s.relSkuId) } : {}),
                ...(Number.isSafeInteger(price) && price >= 0 ? { price: `${Math.floor(price / 100)}.${String(price % 100).padStart(2, '0')}` } : {}),
              };
            }),
          };
        });
        return { items, page: pageNumber, total, hasMore: pageNumber * pageSize < total };
      });
    },

    async pushStock(store, updates, callOptions): Promise<PushResult[]> {
      const results: PushResult[] = [];
      for (const u of updates) {
        const refuse = (message: string) => results.push({ key: u.tbSkuId, ok: false, message });
        if (!/^\d{1,30}$/.test(u.tbSkuId)) {
          refuse(`"${u.tbSkuId}" is not a Kuaishou SKU id`);
          continue;
        }
        const invalid = stockQuantityRefusal(u.quantity);
        if (invalid) {
          refuse(invalid);
          continue;
        }
        const itemId = u.tbSpuId || (await itemIdOf(store, u.tbSkuId, callOptions));
        if (!itemId || !/^\d{1,30}$/.test(itemId)) {
          refuse("no such SKU among the store's Kuaishou items");
          continue;
        }
        await deadline(callOptions, async (signal, creds) => {
          const token = tokenOf(store);
          try {
            // Kuaishou changes stock by a difference (changeType 1 add, 2 subtract) [U]: read the SKU's stock first.
            const answer = await callKs(creds, deps, { method: 'open.item.get', accessToken: token, httpMethod: 'GET', param: { kwaiItemId: BigInt(itemId) } }, signal);
            const data = answer.data as Record<string, unknown> | undefined;
            const sku = Array.isArray(data?.skuList) ? (data!.skuList as Record<string, unknown>[]).find((s) => String(s.kwaiSkuId) === u.tbSkuId) : undefined;
            const current = Number(sku?.skuStock);
            if (!sku || !Number.isInteger(current)) return refuse(sku ? 'Kuaishou answered the item without the SKU\'s stock' : 'no such SKU in the Kuaishou item');
            const delta = u.quantity - current;
            if (delta !== 0) {
              await callKs(
                creds,
                deps,
                {
                  method: 'open.item.sku.stock.update',
                  accessToken: token,
                  httpMethod: 'POST',
                  param: { kwaiItemId: BigInt(itemId), skuId: BigInt(u.tbSkuId), skuChangeStock: Math.abs(delta), changeType: delta > 0 ? 1 : 2 },
                },
                signal,
              );
            }
            results.push({ key: u.tbSkuId, ok: true, message: null });
          } catch (error) {
            if (!(error instanceof KsBusinessError)) throw error;
            refuse(error.message);
          }
        });
      }
      return results;
    },

    async pushShippingFeedback(store, feedback, callOptions): Promise<PushResult[]> {
      return deadline(callOptions, async (signal, creds) => {
        const token = tokenOf(store);
        const results: PushResult[] = [];
        for (const f of feedback) {
          const refuse = (message: string) => results.push({ key: f.platformNo, ok: false, message });
          const expressCode = KS_EXPRESS_CODES[f.expressCompanyCode] ?? (/^KS:\d+$/.test(f.expressCompanyCode) ? Number(f.expressCompanyCode.slice(3)) : undefined);
          if (expressCode === undefined) {
            refuse(`express company ${f.expressCompanyCode} has no Kuaishou expressCode in this connector`);
            continue;
          }
          if (f.tbSkuIds?.length) {
            refuse('Kuaishou ships whole orders through open.seller.order.goods.deliver: split shipping is not sent by this connector');
            continue;
          }
          if (!/^\d{1,30}$/.test(f.platformNo)) {
            refuse(`"${f.platformNo}" is not a Kuaishou order id`);
            continue;
          }
          if (!f.expressNo?.trim()) {
            refuse('the tracking number is missing');
            continue;
          }
          try {
            // Idempotent for the same tracking number since 2024-11-25 [C/S]: a resend after a lost answer succeeds.
            await callKs(
              creds,
              deps,
              { method: 'open.seller.order.goods.deliver', accessToken: token, httpMethod: 'POST', param: { orderId: BigInt(f.platformNo), expressNo: f.expressNo.trim(), expressCode } },
              signal,
            );
            results.push({ key: f.platformNo, ok: true, message: null });
          } catch (error) {
            if (!(error instanceof KsBusinessError)) throw error;
            refuse(error.message);
          }
        }
        return results;
      });
    },

    async pullAfterSales(store, window: TimeWindow, callOptions): Promise<AfterSalePage> {
      assertWindow(window);
      const pageSize = Math.min(Math.max(Math.floor(window.pageSize ?? KS_REFUND_PAGE_SIZE), 1), KS_REFUND_PAGE_SIZE);
      return deadline(callOptions, async (signal, creds) => {
        const token = tokenOf(store);
        const to = window.to.getTime();
        // Nothing older than 90 days is answered (300005): the pull starts no earlier (a minute's margin).
        const oldest = deps.now().getTime() - KS_MAX_AGE_MS + 60_000;
        let position: Position = window.watermark ? decodePosition(window.watermark) : { start: window.from.getTime(), end: null, cursor: '' };
        if (position.end === null && position.start < oldest) position = { start: Math.min(oldest, to), end: null, cursor: '' };
        for (;;) {
          if (position.start >= to) return { afterSales: [], watermark: encodePosition({ start: to, end: null, cursor: '' }), hasMore: false };
          const end = position.end ?? Math.min(to, position.start + KS_REFUND_MAX_WINDOW_MS);
          const page = await refundPage(creds, token, position.start, end, position.cursor, pageSize, signal);
          const afterSales = await mapRefundPage(creds, token, page.refunds, position.start, end, signal);
          const done = page.cursor === KS_CURSOR_END || page.cursor === '' || page.refunds.length === 0;
          const next: Position = done ? { start: end, end: null, cursor: '' } : { start: position.start, end, cursor: page.cursor };
          const hasMore = next.end !== null || next.start < to;
          if (afterSales.length || !hasMore) return { afterSales, watermark: encodePosition(next), hasMore };
          position = next;
        }
      });
    },

    /**
     * Each decision through the shared intent rule (afterSaleDecisionIntent) on the refund as Kuaishou
     * has it now (open.seller.order.refund.detail): a refusal by open.refund.reject, a refund-only paid
     * by open.seller.order.refund.approve, a return paid by open.seller.order.refund.confirm.receipt
     * (the goods are back), an exchange paid by open.refund.direct.refund, a return or exchange agreed
     * by open.seller.order.refund.returngoods.approve (the default return address) [S]. A refund already
     * where the decision leads is answered ok; Kuaishou's refusal is that refund's failure.
     */
    async pushAfterSaleDecisions(store, decisions, callOptions): Promise<PushResult[]> {
      const results: PushResult[] = [];
      for (const d of decisions) {
        if (!/^\d{1,30}$/.test(d.refundId)) {
          results.push({ key: d.refundId, ok: false, message: `"${d.refundId}" is not a Kuaishou refund id` });
          continue;
        }
        try {
          results.push(await deadline(callOptions, (signal, creds) => decide(creds, tokenOf(store), d, signal)));
        } catch (error) {
          if (error instanceof KsBusinessError) {
            results.push({ key: d.refundId, ok: false, message: `Kuaishou refused the decision on refund ${d.refundId}: ${error.result} ${error.description}`.trim() });
            continue;
          }
          // A failure of the whole call (token, credentials, time, throttling) before anything was sent: the caller retries it whole.
          if (systemic(error) && !results.some((r) => r.ok)) throw error;
          results.push({ key: d.refundId, ok: false, message: error instanceof ConnectorError ? error.detail : (error as Error).message });
        }
      }
      return results;
    },

    /**
     * The receivers in full by open.order.decrypt.batch [S] (bizId = the order id, ≤ 100 ciphertexts a
     * call): only on a person's request (the reveal step), never in bulk by a job, as Kuaishou's rules
     * (K5005 [C]) require. Each decryption counts against the shop's daily quota. An order whose
     * fields Kuaishou does not decrypt (errorCode ≠ 1: closed more than 14 days, quota spent) is left out.
     */
    async decryptReceivers(store, refs, callOptions): Promise<PlatformReceiver[]> {
      const parsed = refs
        .map((r) => ({ platformNo: r.platformNo, ref: parseReceiverRef(r.receiverRef) }))
        .filter((r): r is { platformNo: string; ref: NonNullable<ReturnType<typeof parseReceiverRef>> } => !!r.ref && /^\d{1,30}$/.test(r.platformNo) && !!(r.ref.consignee || r.ref.mobile || r.ref.address));
      const out: PlatformReceiver[] = [];
      for (let i = 0; i < parsed.length; i += DECRYPT_ORDERS_PER_CALL) {
        const batch = parsed.slice(i, i + DECRYPT_ORDERS_PER_CALL);
        const list = batch.flatMap((r) => [r.ref.consignee, r.ref.mobile, r.ref.address].filter(Boolean).map((encryptedData) => ({ bizId: r.platformNo, encryptedData })));
        const answer = await deadline(callOptions, (signal, creds) =>
          callKs(creds, deps, { method: 'open.order.decrypt.batch', accessToken: tokenOf(store), httpMethod: 'POST', param: { batchDecryptList: list } }, signal).catch(refusedAs('the receiver decryption')),
        );
        const data = (answer.data ?? answer) as Record<string, unknown>;
        const results = data.batchDecryptResultList;
        if (!Array.isArray(results)) throw new ConnectorError('PLATFORM_ERROR', 'Kuaishou answered the receiver decryption with a malformed answer: no batchDecryptResultList');
        const clear = new Map<string, string>();
        for (const r of results as Record<string, unknown>[]) {
          if (Number(r.errorCode) === DECRYPT_OK && typeof r.decryptedData === 'string') clear.set(`${String(r.bizId)}\u0000${String(r.encryptedData)}`, r.decryptedData);
        }
        for (const r of batch) {
          const of = (cipher: string) => (cipher ? clear.get(`${r.platformNo}\u0000${cipher}`) : '');
          const name = of(r.ref.consignee);
          const phone = of(r.ref.mobile);
          const address = of(r.ref.address);
          if (name === undefined || phone === undefined || address === undefined) continue;
          out.push({ platformNo: r.platformNo, name, phone, tel: null, province: null, city: null, district: null, address: [r.ref.town, address].filter(Boolean).join(' ') });
        }
      }
      return out;
    },
  };
  return connector;
}
