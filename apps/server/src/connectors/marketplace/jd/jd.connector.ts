// The JD (JOS) marketplace connector: authorization by JD's OAuth (consent page, code, refresh),
// orders by window through jingdong.pop.order.enSearch, the online goods (wares and their SKUs)
// for the mapping page, stock through jingdong.stock.write.updateSkuStock and shipping feedback
// through jingdong.pop.order.shipment, refund applies (退款审核单) as after-sales through
// jingdong.pop.afs.soa.refundapply.queryPageList by change time and the seller's decisions through
// replyRefund, and receivers decrypted through jingdong.jos.order.oaid.decrypt. The installation's
// app key and secret come from an AppCredentialsLookup; without them every call fails clearly
// instead of reaching JD.
//
// Order pulls: the caller's window [from, to) is walked in sub-windows of at most maxWindowMs by
// modification time; a sub-window holding more than maxOrdersPerCall orders is halved until it
// does not. A call reads every JD page of (the rest of) one sub-window and checks the total did not
// move while paging: when an order changed between pages (it leaves the window, the pages shift),
// the sub-window is read again and the reads are merged. The orders are then handed over in
// (modified, orderId) order, `pageSize` at a time, the watermark naming the last one handed over;
// the next call queries from that order's second on and skips what it already handed over. So the
// watermark moves only past orders read whole, and nothing is lost or repeated.
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
  type MarketplaceConnector,
  type OnlineGoodsPage,
  type OrderPage,
  type PlatformAfterSale,
  type PlatformOrder,
  type PlatformReceiver,
  type PushResult,
  type StoreCredentials,
  type TimeWindow,
  type TokenGrant,
} from '../connector.js';
import { ErrorCodes, type OnlineItemInput } from '@openseller/core';
import { appCredentialsFailure, callJos, defaultJosDeps, jdAuthorizationUrl, jdTokenCall, JosBusinessError, type JosDeps } from './jd.client.js';
import { fenOfYuan, JD_CARRIER_IDS, JD_ORDER_FIELDS, JD_PULLED_STATES, mapJdOrder, mapJdRefundApply } from './jd.mapping.js';
import { josTime } from './jd.sign.js';

/** The registry key of JD POP stores. */
export const PLATFORM_JD_CODE = 'CI_PLATFORM_JD';
export const JD_PAGE_SIZE = 100;
const DAY_MS = 86_400_000;
/** queryPageList's pageSize is 1–50 and pageIndex 1–100 ([S]). */
export const JD_REFUND_PAGE_SIZE = 50;
const JD_REFUND_MAX_PAGES = 100;
/** replyRefund's checkUserName (审核人, required [S]): the app, as JD shows it on the refund apply [U]. */
export const JD_CHECK_USER_NAME = 'OpenSeller';
/** replyRefund's remark (审核备注, required but for a forced close [S]). */
export const JD_AGREE_REMARK = '卖家同意退款';
export const JD_REFUSE_REMARK = '卖家拒绝了本次退款申请，如有疑问请联系客服';
/** Orders a jingdong.jos.order.oaid.decrypt call names at most ([U]: JD's limit is not published here). */
export const JD_DECRYPT_ORDERS_PER_CALL = 20;
/** getReceiverInfoListReqVO's appName and orderType ([S] field names; the values are [U]). */
const JD_DECRYPT_APP_NAME = 'OpenSeller';
const JD_DECRYPT_ORDER_TYPE = 'POP';

export interface JdConnectorOptions {
  credentials: AppCredentialsLookup;
  fetchImpl?: typeof fetch;
  now?: () => Date;
  sleep?: JosDeps['sleep'];
  retryBaseMs?: number;
  throttleRetries?: number;
  /** Longest sub-window of one enSearch query (default 1 day; JD's own limit is [U]). */
  maxWindowMs?: number;
  /** Most orders one call reads (a busier sub-window is halved). Default 500 (5 pages). */
  maxOrdersPerCall?: number;
  /** Times a sub-window is read again when its orders changed during paging (default 3). */
  maxPasses?: number;
  /** Longest sub-window of one refund apply query (default 1 day; JD's own limit is [U]). */
  maxRefundWindowMs?: number;
  /** Most refund applies one call reads (a busier sub-window is halved). Default 500 (10 pages). */
  maxRefundsPerCall?: number;
}

/**
 * The watermark of a JD pull: `jd:<end>` once the sub-window ending at `end` was handed over whole, or
 * `jd:<end>|<modified>|<orderId>` partway through it (the last order handed over, in (modified, orderId) order).
 */
interface Watermark {
  end: Date;
  after: { at: Date; id: string } | null;
}
const encodeWatermark = (w: Watermark) => `jd:${w.end.toISOString()}${w.after ? `|${w.after.at.toISOString()}|${w.after.id}` : ''}`;
function decodeWatermark(watermark: string): Watermark {
  const [end, at, id] = (watermark.startsWith('jd:') ? watermark.slice(3) : '').split('|');
  const endAt = new Date(end ?? '');
  const afterAt = at === undefined ? null : new Date(at);
  const bad = !watermark.startsWith('jd:') || Number.isNaN(endAt.getTime()) || (afterAt !== null && (Number.isNaN(afterAt.getTime()) || !/^\d{1,30}$/.test(id ?? '')));
  if (bad) throw new AppError(ErrorCodes.VALIDATION, 400, { detail: `watermark: not a watermark of the JD connector (${watermark})`, field: 'watermark' });
  return { end: endAt, after: afterAt ? { at: afterAt, id: id! } : null };
}

/** The watermark of a refund apply pull: `jda:<end>`, the end of the last sub-window handed over whole. */
const encodeRefundWatermark = (end: Date) => `jda:${end.toISOString()}`;
function decodeRefundWatermark(watermark: string): Date {
  const end = new Date(watermark.startsWith('jda:') ? watermark.slice(4) : '');
  if (Number.isNaN(end.getTime())) throw new AppError(ErrorCodes.VALIDATION, 400, { detail: `watermark: not an after-sale watermark of the JD connector (${watermark})`, field: 'watermark' });
  return end;
}

/** The inside of a refund apply answer: `queryResult` ([S]). */
function refundQueryResult(content: Record<string, unknown>, what: string): Record<string, unknown> & { result?: unknown } {
  const result = content.queryResult as Record<string, unknown> | undefined;
  if (!result || typeof result !== 'object') throw new ConnectorError('PLATFORM_ERROR', `JD answered ${what} with a malformed answer: no queryResult`);
  return result;
}

/** A refund apply of a result list: the RefundApplyVo itself, or wrapped as `refundApplyVo` (both are seen in third-party code [S]). */
const refundApplyOf = (row: unknown): Record<string, unknown> => {
  const r = (row ?? {}) as Record<string, unknown>;
  return r.refundApplyVo && typeof r.refundApplyVo === 'object' ? (r.refundApplyVo as Record<string, unknown>) : r;
};

/** JD order ids are digits: shorter is smaller. */
const compareIds = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
const compareKeys = (a: { at: Date; id: string }, b: { at: Date; id: string }) => a.at.getTime() - b.at.getTime() || compareIds(a.id, b.id);

const floorSecond = (at: Date) => new Date(Math.floor(at.getTime() / 1000) * 1000);

export interface JdConnector extends MarketplaceConnector {
  /** Whether the installation has JD app credentials, and the callback address registered with JD (null: the seller's site). */
  appStatus(): Promise<{ configured: boolean; callbackUrl: string | null }>;
}

export function createJdConnector(options: JdConnectorOptions): JdConnector {
  const deps = defaultJosDeps({ fetchImpl: options.fetchImpl, now: options.now, sleep: options.sleep, retryBaseMs: options.retryBaseMs, throttleRetries: options.throttleRetries });
  const maxWindowMs = options.maxWindowMs ?? DAY_MS;
  const maxOrdersPerCall = options.maxOrdersPerCall ?? 500;
  const maxPasses = options.maxPasses ?? 3;
  const maxRefundWindowMs = options.maxRefundWindowMs ?? DAY_MS;
  const maxRefundsPerCall = options.maxRefundsPerCall ?? 500;

  async function credentials(): Promise<PlatformAppCredentials> {
    const found = await options.credentials(PLATFORM_JD_CODE);
    if (!found) {
      throw appCredentialsFailure('no app credentials for JD in this installation (OPENSELLER_CONNECTOR_JD_APP_KEY / _APP_SECRET)');
    }
    return found;
  }

  const tokenOf = (store: StoreCredentials): string => {
    if (!store.accessToken) throw new ConnectorError('TOKEN_EXPIRED', 'the store holds no JD access token: authorize it first');
    return store.accessToken;
  };

  const deadline = <T>(callOptions: CallOptions | undefined, run: (signal: AbortSignal, creds: PlatformAppCredentials) => Promise<T>): Promise<T> =>
    withDeadline(callOptions?.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS, async (signal) => run(signal, await credentials()));

  const grantOf = (answer: { accessToken: string; refreshToken: string | null; expiresAt: Date | null; uid: string }): TokenGrant => ({
    accessToken: answer.accessToken,
    refreshToken: answer.refreshToken,
    expiresAt: answer.expiresAt,
    shopId: answer.uid,
  });

  /** One enSearch page of [start, end) (the query asks one second more, in case JD's end is exclusive; the client filters). */
  async function searchPage(creds: PlatformAppCredentials, token: string, start: Date, end: Date, page: number, signal: AbortSignal) {
    const content = await callJos(
      creds,
      deps,
      {
        method: 'jingdong.pop.order.enSearch',
        accessToken: token,
        business: {
          start_date: josTime(start),
          end_date: josTime(new Date(end.getTime() + 1000)),
          order_state: JD_PULLED_STATES.join(','),
          optional_fields: JD_ORDER_FIELDS.join(','),
          page: String(page),
          page_size: String(JD_PAGE_SIZE),
          dateType: '0',
        },
      },
      signal,
    ).catch((error: unknown) => {
      if (error instanceof JosBusinessError) throw new ConnectorError('PLATFORM_ERROR', `JD refused the order search: ${error.code} ${error.description}`);
      throw error;
    });
    const result = content.searchorderinfo_result as Record<string, unknown> | undefined;
    if (!result || typeof result !== 'object') throw new ConnectorError('PLATFORM_ERROR', 'JD answered the order search with a malformed answer: no searchorderinfo_result');
    const api = result.apiResult as Record<string, unknown> | undefined;
    if (api && api.success === false) {
      throw new ConnectorError('PLATFORM_ERROR', `JD refused the order search: ${String(api.code ?? '')} ${String(api.chineseErrCode ?? api.englishErrCode ?? '')}`.trim());
    }
    const total = Number(result.orderTotal);
    const list = result.orderInfoList ?? [];
    if (!Number.isInteger(total) || total < 0 || !Array.isArray(list)) {
      throw new ConnectorError('PLATFORM_ERROR', 'JD answered the order search with a malformed answer: orderTotal or orderInfoList missing');
    }
    return { total, orders: list as Record<string, unknown>[] };
  }

  /** Every order of [start, end), read whole; null when the sub-window holds more than allowed (the caller halves it). */
  async function readSubWindow(creds: PlatformAppCredentials, token: string, start: Date, end: Date, signal: AbortSignal, mayHalve: boolean) {
    const byId = new Map<string, { order: PlatformOrder; modifiedAt: Date }>();
    for (let pass = 1; ; pass++) {
      const first = await searchPage(creds, token, start, end, 1, signal);
      if (pass === 1 && mayHalve && first.total > maxOrdersPerCall) return null;
      const pages = Math.ceil(first.total / JD_PAGE_SIZE);
      const raws = [...first.orders];
      let moved = false;
      for (let page = 2; page <= pages; page++) {
        const next = await searchPage(creds, token, start, end, page, signal);
        if (next.total !== first.total) moved = true;
        raws.push(...next.orders);
      }
      for (const raw of raws) {
        const mapped = mapJdOrder(raw);
        if ('problem' in mapped) throw new ConnectorError('PLATFORM_ERROR', `JD sent ${mapped.problem}; nothing of this window was stored`);
        // Outside [start, end): the extra second asked for, or an order JD placed at the edge.
        if (mapped.modifiedAt.getTime() < start.getTime() || mapped.modifiedAt.getTime() >= end.getTime()) continue;
        const known = byId.get(mapped.order.platformNo);
        if (!known || known.modifiedAt.getTime() <= mapped.modifiedAt.getTime()) byId.set(mapped.order.platformNo, mapped);
      }
      if (!moved) break;
      if (pass >= maxPasses) throw new ConnectorError('PLATFORM_ERROR', `the orders of ${josTime(start)} to ${josTime(end)} kept changing while being read; try again`);
    }
    return [...byId.values()].sort((a, b) => compareKeys({ at: a.modifiedAt, id: a.order.platformNo }, { at: b.modifiedAt, id: b.order.platformNo }));
  }

  /** One page of refund applies changed in [start, end] (JD's bounds, by the second). */
  async function refundPage(creds: PlatformAppCredentials, token: string, start: Date, end: Date, page: number, signal: AbortSignal) {
    const content = await callJos(
      creds,
      deps,
      {
        method: 'jingdong.pop.afs.soa.refundapply.queryPageList',
        accessToken: token,
        business: { modifiedStart: josTime(start), modifiedEnd: josTime(end), pageIndex: String(page), pageSize: String(JD_REFUND_PAGE_SIZE), showSku: true },
      },
      signal,
    ).catch((error: unknown) => {
      if (error instanceof JosBusinessError) throw new ConnectorError('PLATFORM_ERROR', `JD refused the refund apply list: ${error.code} ${error.description}`);
      throw error;
    });
    const result = refundQueryResult(content, 'the refund apply list');
    if (result.success === false) throw new ConnectorError('PLATFORM_ERROR', `JD refused the refund apply list: ${String(result.errorCode ?? '')} ${String(result.errorMsg ?? '')}`.trim());
    const total = Number(result.totalCount);
    const list = result.result ?? [];
    if (!Number.isInteger(total) || total < 0 || !Array.isArray(list)) {
      throw new ConnectorError('PLATFORM_ERROR', 'JD answered the refund apply list with a malformed answer: totalCount or result missing');
    }
    return { total, rows: list.map(refundApplyOf) };
  }

  /**
   * Every refund apply changed in [start, end], read whole (re-read when the total moved while
   * paging, the reads merged, the later change of a refund kept); null when the window holds more
   * than a call reads and may be halved.
   */
  async function readRefundWindow(creds: PlatformAppCredentials, token: string, start: Date, end: Date, signal: AbortSignal, mayHalve: boolean): Promise<PlatformAfterSale[] | null> {
    const byId = new Map<string, { afterSale: PlatformAfterSale; modifiedAt: Date }>();
    for (let pass = 1; ; pass++) {
      const first = await refundPage(creds, token, start, end, 1, signal);
      if (pass === 1 && mayHalve && first.total > maxRefundsPerCall) return null;
      const pages = Math.ceil(first.total / JD_REFUND_PAGE_SIZE);
      if (pages > JD_REFUND_MAX_PAGES) {
        throw new ConnectorError('PLATFORM_ERROR', `JD holds ${first.total} refund applies changed in ${josTime(start)} to ${josTime(end)}: more than its ${JD_REFUND_MAX_PAGES} pages reach`);
      }
      const rows = [...first.rows];
      let moved = false;
      for (let page = 2; page <= pages; page++) {
        const next = await refundPage(creds, token, start, end, page, signal);
        if (next.total !== first.total) moved = true;
        rows.push(...next.rows);
      }
      for (const raw of rows) {
        const mapped = mapJdRefundApply(raw);
        if ('problem' in mapped) throw new ConnectorError('PLATFORM_ERROR', `JD sent ${mapped.problem}; nothing of this window was stored`);
        // JD's bounds are asked inclusive (which they are is [U]); a change time outside [start, end) belongs to the neighbour window.
        if (mapped.exact && (mapped.modifiedAt.getTime() < start.getTime() || mapped.modifiedAt.getTime() >= end.getTime())) continue;
        const known = byId.get(mapped.afterSale.refundId);
        if (!known || known.modifiedAt.getTime() <= mapped.modifiedAt.getTime()) byId.set(mapped.afterSale.refundId, mapped);
      }
      if (!moved) break;
      if (pass >= maxPasses) throw new ConnectorError('PLATFORM_ERROR', `the refund applies of ${josTime(start)} to ${josTime(end)} kept changing while being read; try again`);
    }
    return [...byId.values()]
      .sort((a, b) => compareKeys({ at: a.modifiedAt, id: a.afterSale.refundId }, { at: b.modifiedAt, id: b.afterSale.refundId }))
      .map((m) => m.afterSale);
  }

  /**
   * One decision: the refund apply read again (queryById) for its state on JD, the intent of the
   * shared rule, then replyRefund — agreed (1), refused (2, reject type 5 "other"), or agreed with
   * JD stopping the parcel (6) for an agreed return. Nothing is sent when JD is already where the
   * decision leads (a resend after a lost answer), and a refund JD ended answers why.
   */
  async function decideRefund(creds: PlatformAppCredentials, token: string, d: AfterSaleDecisionPush, signal: AbortSignal): Promise<PushResult> {
    const fail = (message: string): PushResult => ({ key: d.refundId, ok: false, message });
    const found = await callJos(creds, deps, { method: 'jingdong.pop.afs.soa.refundapply.queryById', accessToken: token, business: { id: d.refundId } }, signal);
    const result = refundQueryResult(found, 'the refund apply query');
    if (result.success === false) return fail(`JD could not read refund apply ${d.refundId}: ${String(result.errorCode ?? '')} ${String(result.errorMsg ?? '')}`.trim());
    const raw = (Array.isArray(result.result) ? result.result.map(refundApplyOf) : []).find((r) => String(r.id ?? '') === d.refundId);
    if (!raw) return fail(`JD knows no refund apply ${d.refundId} in this shop`);
    const mapped = mapJdRefundApply(raw);
    if ('problem' in mapped) return fail(`JD sent ${mapped.problem}`);
    const status = mapped.afterSale.status;
    const intent = afterSaleDecisionIntent(mapped.afterSale.type, status, d);
    if (refundStatusAfterIntent(intent, status) === status) return { key: d.refundId, ok: true, message: null };
    if (FINAL_REFUND_STATES.has(status)) return fail(`JD refund apply ${d.refundId} is ${status} on JD (state ${String(raw.status)}) and can no longer be decided`);
    if (intent !== 'REFUSE' && fenOfYuan(d.refundFee) !== fenOfYuan(mapped.afterSale.refundFee)) {
      return fail(`JD refunds what the buyer applied for (${mapped.afterSale.refundFee} yuan), not the document's ${d.refundFee}: set the amount to it, or decide on JD's backend`);
    }
    const reply =
      intent === 'REFUSE' ? { status: '2', remark: JD_REFUSE_REMARK, rejectType: '5' } : intent === 'PAY' ? { status: '1', remark: JD_AGREE_REMARK } : { status: '6', remark: JD_AGREE_REMARK };
    const answer = await callJos(
      creds,
      deps,
      { method: 'jingdong.pop.afs.soa.refundapply.replyRefund', accessToken: token, business: { id: d.refundId, checkUserName: JD_CHECK_USER_NAME, ...reply } },
      signal,
    );
    const replied = answer.replyResult as Record<string, unknown> | undefined;
    if (!replied || typeof replied !== 'object') throw new ConnectorError('PLATFORM_ERROR', 'JD answered the refund decision with a malformed answer: no replyResult');
    return replied.success === true || replied.success === 'true'
      ? { key: d.refundId, ok: true, message: null }
      : fail(`JD refused the decision: ${String(replied.errorCode ?? '')} ${String(replied.errorMsg ?? '')}`.trim());
  }

  const connector: JdConnector = {
    platformCode: PLATFORM_JD_CODE,

    async appStatus() {
      const found = await options.credentials(PLATFORM_JD_CODE);
      return { configured: !!found, callbackUrl: found?.callbackUrl ?? null };
    },

    async authorizationUrl(request) {
      return jdAuthorizationUrl(await credentials(), request.redirectUri, request.state);
    },

    async exchangeCode(input, callOptions) {
      return deadline(callOptions, async (signal, creds) => grantOf(await jdTokenCall(creds, deps, { kind: 'code', code: input.code }, signal)));
    },

    async refreshToken(store, callOptions) {
      return deadline(callOptions, async (signal, creds) => {
        if (!store.refreshToken) throw new ConnectorError('AUTH_FAILED', 'no JD refresh token: authorize the store again');
        return grantOf(await jdTokenCall(creds, deps, { kind: 'refresh', refreshToken: store.refreshToken }, signal));
      });
    },

    async pullOrders(store, window: TimeWindow, callOptions): Promise<OrderPage> {
      if (!(window.from instanceof Date) || !(window.to instanceof Date) || window.from.getTime() > window.to.getTime()) {
        throw new AppError(ErrorCodes.VALIDATION, 400, { detail: 'window: from must not be after to', field: 'window' });
      }
      const pageSize = Math.min(Math.max(Math.floor(window.pageSize ?? JD_PAGE_SIZE), 1), maxOrdersPerCall);
      return deadline(callOptions, async (signal, creds) => {
        const token = tokenOf(store);
        const mark = window.watermark ? decodeWatermark(window.watermark) : null;
        // Partway through a sub-window: its end stays, the query starts at the last order's second.
        let fixedEnd = mark?.after ? mark.end : null;
        let after = mark?.after ?? null;
        // JD's times are whole seconds: a window starts at the start of its second, so an order changed
        // later in the second the last pull ended in is read (as the refunds' pull does; a re-read
        // unchanged order changes nothing).
        const from = floorSecond(window.from);
        let start = after ? floorSecond(after.at) : (mark?.end ?? from);
        if (start.getTime() < from.getTime()) start = from;
        // Empty sub-windows are walked through in the same call: an empty page must not end the pull early.
        while (start.getTime() < window.to.getTime() || fixedEnd) {
          let end = fixedEnd ?? new Date(Math.min(window.to.getTime(), start.getTime() + maxWindowMs));
          let read: Awaited<ReturnType<typeof readSubWindow>> = null;
          while (!read) {
            const mayHalve = !fixedEnd && end.getTime() - start.getTime() > 2000;
            read = await readSubWindow(creds, token, start, end, signal, mayHalve);
            if (!read) end = floorSecond(new Date(start.getTime() + (end.getTime() - start.getTime()) / 2));
          }
          const rest = after ? read.filter((m) => compareKeys({ at: m.modifiedAt, id: m.order.platformNo }, after!) > 0) : read;
          if (rest.length > pageSize) {
            const page = rest.slice(0, pageSize);
            const last = page[page.length - 1]!;
            return { orders: page.map((m) => m.order), watermark: encodeWatermark({ end, after: { at: last.modifiedAt, id: last.order.platformNo } }), hasMore: true };
          }
          const hasMore = end.getTime() < window.to.getTime();
          if (rest.length || !hasMore) return { orders: rest.map((m) => m.order), watermark: encodeWatermark({ end, after: null }), hasMore };
          start = end;
          fixedEnd = null;
          after = null;
        }
        return { orders: [], watermark: window.watermark ?? null, hasMore: false };
      });
    },

    async listOnlineGoods(store, page, callOptions): Promise<OnlineGoodsPage> {
      const pageNo = Math.max(1, Math.floor(page.page));
      const pageSize = Math.min(Math.max(1, Math.floor(page.pageSize)), 100);
      return deadline(callOptions, async (signal, creds) => {
        const token = tokenOf(store);
        const refusal = (what: string) => (error: unknown) => {
          if (error instanceof JosBusinessError) throw new ConnectorError('PLATFORM_ERROR', `JD refused ${what}: ${error.code} ${error.description}`);
          throw error;
        };
        const wares = await callJos(creds, deps, { method: 'jingdong.ware.read.searchWare4Valid', accessToken: token, business: { pageNo: String(pageNo), pageSize: String(pageSize) } }, signal).catch(
          refusal('the ware search'),
        );
        const warePage = wares.page as Record<string, unknown> | undefined;
        const total = Number(warePage?.totalItem);
        if (!warePage || !Array.isArray(warePage.data) || !Number.isInteger(total)) {
          throw new ConnectorError('PLATFORM_ERROR', 'JD answered the ware search with a malformed answer: page.data or page.totalItem missing');
        }
        const items: OnlineItemInput[] = [];
        for (const ware of warePage.data as Record<string, unknown>[]) {
          const wareId = String(ware.wareId ?? '');
          if (!wareId) throw new ConnectorError('PLATFORM_ERROR', 'JD answered the ware search with a ware without wareId');
          const skus: NonNullable<OnlineItemInput['skus']> = [];
          for (let skuPage = 1; ; skuPage++) {
            const answer = await callJos(creds, deps, { method: 'jingdong.sku.read.searchSkuList', accessToken: token, business: { wareId, pageNo: String(skuPage), page_size: '100' } }, signal).catch(
              refusal('the SKU search'),
            );
            const p = answer.page as Record<string, unknown> | undefined;
            if (!p || !Array.isArray(p.data)) throw new ConnectorError('PLATFORM_ERROR', 'JD answered the SKU search with a malformed answer: page.data missing');
            for (const sku of p.data as Record<string, unknown>[]) {
              const attrs = Array.isArray(sku.saleAttrs) ? (sku.saleAttrs as Record<string, unknown>[]) : [];
              const properties = attrs
                .flatMap((a) => (Array.isArray(a.attrValueAlias) ? (a.attrValueAlias as unknown[]).map(String) : []))
                .filter(Boolean)
                .join(';');
              skus.push({
                tbSkuId: String(sku.skuId),
                title: String(sku.skuName ?? ware.title ?? ''),
                properties: properties || undefined,
                outerSkuId: sku.outerId ? String(sku.outerId) : undefined,
                price: sku.jdPrice != null ? String(sku.jdPrice) : undefined,
              });
            }
            const skuTotal = Number(p.totalItem);
            if (!Number.isInteger(skuTotal) || skuPage * 100 >= skuTotal || p.data.length === 0) break;
          }
          const logo = String(ware.logo ?? '');
          items.push({
            tbSpuId: wareId,
            title: String(ware.title ?? wareId),
            outerId: ware.outerId ? String(ware.outerId) : undefined,
            picUrl: /^https?:\/\//.test(logo) ? logo : undefined,
            // wareStatus 8: on sale (上架) [S]; anything else is not selling.
            status: String(ware.wareStatus) === '8' ? 'onsale' : 'instock',
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
          if (!/^\d{1,20}$/.test(u.tbSkuId)) {
            results.push({ key: u.tbSkuId, ok: false, message: `"${u.tbSkuId}" is not a JD SKU id` });
            continue;
          }
          const invalid = stockQuantityRefusal(u.quantity);
          if (invalid) {
            results.push({ key: u.tbSkuId, ok: false, message: invalid });
            continue;
          }
          try {
            const answer = await callJos(creds, deps, { method: 'jingdong.stock.write.updateSkuStock', accessToken: token, business: { skuId: u.tbSkuId, stockNum: String(u.quantity) } }, signal);
            results.push(answer.success === true || answer.success === 'true' ? { key: u.tbSkuId, ok: true, message: null } : { key: u.tbSkuId, ok: false, message: 'JD did not confirm the stock update' });
          } catch (error) {
            if (!(error instanceof JosBusinessError)) throw error;
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
          const carrier = JD_CARRIER_IDS[f.expressCompanyCode] ?? (/^JD:\d+$/.test(f.expressCompanyCode) ? f.expressCompanyCode.slice(3) : undefined);
          if (!carrier) {
            results.push({ key: f.platformNo, ok: false, message: `express company ${f.expressCompanyCode} has no JD carrier id (logiCoprId) in this connector` });
            continue;
          }
          if (f.tbSkuIds?.length) {
            results.push({ key: f.platformNo, ok: false, message: 'JD ships whole orders through jingdong.pop.order.shipment: split shipping is not sent by this connector' });
            continue;
          }
          if (!f.expressNo?.trim()) {
            results.push({ key: f.platformNo, ok: false, message: 'the waybill number is missing' });
            continue;
          }
          try {
            const answer = await callJos(
              creds,
              deps,
              { method: 'jingdong.pop.order.shipment', accessToken: token, business: { orderId: f.platformNo, logiCoprId: carrier, logiNo: f.expressNo.trim() } },
              signal,
            );
            const result = answer.sopjosshipment_result as Record<string, unknown> | undefined;
            if (!result || typeof result !== 'object') throw new ConnectorError('PLATFORM_ERROR', 'JD answered the shipment with a malformed answer: no sopjosshipment_result');
            results.push(
              result.success === true
                ? { key: f.platformNo, ok: true, message: null }
                : { key: f.platformNo, ok: false, message: `JD refused the shipment: ${String(result.chineseErrCode ?? result.englishErrCode ?? result.code ?? '')}`.trim() },
            );
          } catch (error) {
            if (!(error instanceof JosBusinessError)) throw error;
            results.push({ key: f.platformNo, ok: false, message: error.message });
          }
        }
        return results;
      });
    },

    /**
     * jingdong.jos.order.oaid.decrypt ([S] JD's Java SDK JosOrderOaidDecryptRequest):
     * getReceiverInfoListReqVO{orderType, appName, orderInfos[{orderId, oaid}]} → returnType{code,
     * message, data[{orderId, oaid, customerName, consMobilePhone, customerPhone, address}]}. An
     * order answered without name, mobile and address (its oaid no longer matches) is left out.
     */
    async decryptReceivers(store, refs, callOptions): Promise<PlatformReceiver[]> {
      return deadline(callOptions, async (signal, creds) => {
        const token = tokenOf(store);
        const wanted = refs.filter((r) => /^\d{1,30}$/.test(r.platformNo) && r.receiverRef.trim() !== '');
        const out: PlatformReceiver[] = [];
        for (let i = 0; i < wanted.length; i += JD_DECRYPT_ORDERS_PER_CALL) {
          const batch = wanted.slice(i, i + JD_DECRYPT_ORDERS_PER_CALL);
          const answer = await callJos(
            creds,
            deps,
            {
              method: 'jingdong.jos.order.oaid.decrypt',
              accessToken: token,
              business: {
                getReceiverInfoListReqVO: {
                  orderType: JD_DECRYPT_ORDER_TYPE,
                  appName: JD_DECRYPT_APP_NAME,
                  orderInfos: batch.map((r) => ({ orderId: r.platformNo, oaid: r.receiverRef })),
                },
              },
            },
            signal,
          ).catch((error: unknown) => {
            if (error instanceof JosBusinessError) throw new ConnectorError('PLATFORM_ERROR', `JD refused to decrypt the receivers: ${error.code} ${error.description}`);
            throw error;
          });
          const result = answer.returnType as Record<string, unknown> | undefined;
          if (!result || typeof result !== 'object') throw new ConnectorError('PLATFORM_ERROR', 'JD answered the receiver decryption with a malformed answer: no returnType');
          if (!Array.isArray(result.data)) {
            throw new ConnectorError('PLATFORM_ERROR', `JD did not decrypt the receivers: ${String(result.code ?? '')} ${String(result.message ?? 'no data in the answer')}`.trim());
          }
          const asked = new Map(batch.map((r) => [r.platformNo, r.receiverRef]));
          for (const row of result.data as Record<string, unknown>[]) {
            const platformNo = String(row.orderId ?? '');
            const name = String(row.customerName ?? '').trim();
            const phone = String(row.consMobilePhone ?? '').trim();
            const address = String(row.address ?? '').trim();
            if (asked.get(platformNo) !== String(row.oaid ?? '') || !name || !phone || !address) continue;
            out.push({ platformNo, name, phone, tel: String(row.customerPhone ?? '').trim() || null, province: null, city: null, district: null, address });
          }
        }
        return out;
      });
    },

    async pullAfterSales(store, window: TimeWindow, callOptions): Promise<AfterSalePage> {
      if (!(window.from instanceof Date) || !(window.to instanceof Date) || window.from.getTime() > window.to.getTime()) {
        throw new AppError(ErrorCodes.VALIDATION, 400, { detail: 'window: from must not be after to', field: 'window' });
      }
      return deadline(callOptions, async (signal, creds) => {
        const token = tokenOf(store);
        const mark = window.watermark ? decodeRefundWatermark(window.watermark) : null;
        // JD's times are whole seconds: the window starts at the start of its second, so a refund changed
        // later in the second the last pull ended in is read (a re-read refund changes no document).
        let start = floorSecond(mark && mark.getTime() > window.from.getTime() ? mark : window.from);
        // Empty sub-windows are walked through in the same call: an empty page ends the ingest's loop.
        while (start.getTime() < window.to.getTime()) {
          let end = new Date(Math.min(window.to.getTime(), start.getTime() + maxRefundWindowMs));
          let read: PlatformAfterSale[] | null = null;
          while (!read) {
            read = await readRefundWindow(creds, token, start, end, signal, end.getTime() - start.getTime() > 2000);
            if (!read) end = floorSecond(new Date(start.getTime() + (end.getTime() - start.getTime()) / 2));
          }
          const hasMore = end.getTime() < window.to.getTime();
          if (read.length || !hasMore) return { afterSales: read, watermark: encodeRefundWatermark(end), hasMore };
          start = end;
        }
        return { afterSales: [], watermark: window.watermark ?? null, hasMore: false };
      });
    },

    async pushAfterSaleDecisions(store, decisions, callOptions): Promise<PushResult[]> {
      return deadline(callOptions, async (signal, creds) => {
        const token = tokenOf(store);
        const results: PushResult[] = [];
        for (const d of decisions) {
          if (!/^\d{1,30}$/.test(d.refundId)) {
            results.push({ key: d.refundId, ok: false, message: `"${d.refundId}" is not a JD refund apply id` });
            continue;
          }
          try {
            results.push(await decideRefund(creds, token, d, signal));
          } catch (error) {
            if (!(error instanceof JosBusinessError)) throw error;
            results.push({ key: d.refundId, ok: false, message: error.message });
          }
        }
        return results;
      });
    },
  };
  return connector;
}
