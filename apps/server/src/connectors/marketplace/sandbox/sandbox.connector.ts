// The sandbox marketplace: a pretend marketplace served by this app, for demos and tests. It
// implements the connector interface end to end against its own tables — shops, items, orders,
// refunds, codes and tokens — and misbehaves on request: latency, a failure rate drawn
// deterministically from (shop, call number), a calls-per-minute limit, failures forced on the
// next calls, and tokens with a configurable lifetime. Every call it receives is recorded.
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { ErrorCodes, PLATFORM_SANDBOX, SANDBOX_AUTO_AGREE_HOURS, type SandboxFailureKind, type SandboxForcedFailure, type SandboxOperation } from '@openseller/core';
import type { Db, Tx } from '../../../db/client.js';
import { sandboxAuthCodes, sandboxCalls, sandboxExportFiles, sandboxItemSkus, sandboxItems, sandboxOrders, sandboxRefunds, sandboxShops, sandboxTokens } from '../../../db/schema/index.js';
import { AppError } from '../../../platform/errors.js';
import {
  stockQuantityRefusal,
  ConnectorError,
  DEFAULT_CALL_TIMEOUT_MS,
  sleep,
  afterSaleDecisionIntent,
  FINAL_REFUND_STATES,
  refundStatusAfterIntent,
  withDeadline,
  type AfterSalePage,
  type CallOptions,
  type PlatformAfterSaleType,
  type MarketplaceConnector,
  type OnlineGoodsPage,
  type OrderPage,
  type PlatformExportFile,
  type PlatformOrderLine,
  type PlatformPromiseTimes,
  type PushResult,
  type StoreCredentials,
  type TimeWindow,
  type TokenGrant,
} from '../connector.js';

export type SandboxShop = typeof sandboxShops.$inferSelect;

export { SANDBOX_CONSENT_PATH } from '@openseller/core';
import { SANDBOX_CONSENT_PATH } from '@openseller/core';
import { idsIn, textArray } from '../../../platform/sql.js';
import ExcelJS from 'exceljs';
import { pageOffset } from '../../../platform/paging.js';
import { sandboxSettlementLines } from './sandbox.bills.js';
const CODE_TTL_MS = 10 * 60_000;
const REFRESH_TTL_MS = 90 * 86_400_000;
const MAX_PAGE_SIZE = 200;
/** A forced timeout hangs at most this long when the caller set no shorter deadline. */
const HANG_MS = 10 * 60_000;

export const hashSecret = (value: string) => createHash('sha256').update(value).digest('hex');
const newSecret = (bytes = 24) => randomBytes(bytes).toString('base64url');

/** A number in [0, 1) fixed by the shop and the call number, so a failure rate replays exactly. */
/** The signature of an export file's address: the shop's key over the key, type and time. */
export function exportSign(shopKey: string, fileKey: string, exportType: string, timestamp: number): string {
  return hashSecret(`${shopKey}|${fileKey}|${exportType}|${timestamp}`);
}

export function drawFraction(shopKey: string, callNumber: number): number {
  return parseInt(hashSecret(`${shopKey}:${callNumber}`).slice(0, 8), 16) / 0x1_0000_0000;
}

export function encodeWatermark(at: Date, id: number): string {
  return `${at.toISOString()}|${id}`;
}

export function decodeWatermark(watermark: string): { at: Date; id: number } {
  const [at, id] = watermark.split('|');
  const date = new Date(at ?? '');
  const rowId = Number(id);
  if (Number.isNaN(date.getTime()) || !Number.isSafeInteger(rowId)) {
    throw new AppError(ErrorCodes.VALIDATION, 400, { detail: `watermark: not a watermark of this marketplace (${watermark})`, field: 'watermark' });
  }
  return { at: date, id: rowId };
}

export interface SandboxDeps {
  db: Db;
  now?: () => Date;
  /** How the sandbox waits (its latency and hangs); tests pass one that records the wait. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface SandboxConnector extends MarketplaceConnector {
  /** The consent page: the shop behind a shop key, with its store's name. */
  findShopByKey(shopKey: string): Promise<SandboxShop | undefined>;
  /** The consent page's "allow": a code for the redirect, good once for 10 minutes. */
  issueCode(shop: SandboxShop, redirectUri: string): Promise<string>;
}

export function createSandboxConnector(deps: SandboxDeps): SandboxConnector {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const wait = deps.sleep ?? sleep;

  async function logCall(tx: Tx, shop: SandboxShop, operation: SandboxOperation, outcome: string, message: string | null, payload: unknown = null) {
    await tx.insert(sandboxCalls).values({ domainId: shop.domainId, shopId: shop.id, operation, outcome, message, payload, createdAt: now() });
  }

  async function shopOf(store: StoreCredentials): Promise<SandboxShop> {
    const [shop] = await db
      .select()
      .from(sandboxShops)
      .where(and(eq(sandboxShops.domainId, store.domainId), eq(sandboxShops.storeId, store.storeId)));
    if (!shop) throw new ConnectorError('AUTH_FAILED', 'this store has no shop on the sandbox marketplace');
    return shop;
  }

  /**
   * The first step of every call: count it, apply the rate limit, then a forced or random
   * failure. Answers the failure to produce, if any; it is already recorded.
   */
  async function admit(shop: SandboxShop, operation: SandboxOperation): Promise<{ kind: SandboxFailureKind; retryAfterMs: number | null; latencyMs: number } | { kind: null; latencyMs: number }> {
    return db.transaction(async (tx) => {
      const [locked] = await tx.select().from(sandboxShops).where(and(eq(sandboxShops.domainId, shop.domainId), eq(sandboxShops.id, shop.id))).for('update');
      if (!locked) throw new ConnectorError('AUTH_FAILED', 'the sandbox shop no longer exists');
      const at = now();
      const callNumber = locked.callCount + 1;
      let windowStart = locked.rateWindowStart;
      let windowCount = locked.rateWindowCount;
      if (!windowStart || at.getTime() - windowStart.getTime() >= 60_000) {
        windowStart = at;
        windowCount = 0;
      }
      windowCount += 1;
      const forced = (locked.forcedFailures as SandboxForcedFailure[]) ?? [];
      let failure: SandboxFailureKind | null = null;
      let retryAfterMs: number | null = null;
      let message: string | null = null;
      let remaining = forced;
      if (locked.rateLimitPerMinute !== null && windowCount > locked.rateLimitPerMinute) {
        failure = 'RATE_LIMITED';
        retryAfterMs = Math.max(1, windowStart.getTime() + 60_000 - at.getTime());
        message = `more than ${locked.rateLimitPerMinute} calls this minute`;
      } else {
        const index = forced.findIndex((f) => !f.operation || f.operation === operation);
        if (index >= 0) {
          failure = forced[index]!.kind;
          remaining = forced.filter((_, i) => i !== index);
          message = 'forced by the sandbox console';
          if (failure === 'RATE_LIMITED') retryAfterMs = 1000;
        } else if (Number(locked.failureRate) > 0 && drawFraction(locked.shopKey, callNumber) < Number(locked.failureRate)) {
          failure = 'ERROR';
          message = `random failure (rate ${locked.failureRate})`;
        }
      }
      await tx
        .update(sandboxShops)
        .set({ callCount: callNumber, rateWindowStart: windowStart, rateWindowCount: windowCount, forcedFailures: remaining })
        .where(and(eq(sandboxShops.domainId, locked.domainId), eq(sandboxShops.id, locked.id)));
      if (failure) {
        await logCall(tx, locked, operation, failure, message);
        return { kind: failure, retryAfterMs, latencyMs: locked.latencyMs };
      }
      return { kind: null, latencyMs: locked.latencyMs };
    });
  }

  async function fail(kind: SandboxFailureKind, retryAfterMs: number | null, signal: AbortSignal): Promise<never> {
    switch (kind) {
      case 'TIMEOUT':
        // Hang until the caller gives up; the deadline turns that into TIMEOUT.
        await wait(HANG_MS, signal);
        throw new ConnectorError('TIMEOUT', 'the sandbox did not answer');
      case 'RATE_LIMITED':
        throw new ConnectorError('RATE_LIMITED', 'the sandbox refused the call: rate limit', retryAfterMs ?? 1000);
      case 'TOKEN_EXPIRED':
        throw new ConnectorError('TOKEN_EXPIRED', 'the sandbox says the access token has expired');
      default:
        throw new ConnectorError('PLATFORM_ERROR', 'the sandbox failed to handle the call');
    }
  }

  /** The access token must be one the shop issued, not revoked and not past its end. */
  async function checkToken(tx: Tx, shop: SandboxShop, store: StoreCredentials): Promise<string | null> {
    if (!store.accessToken) return 'no access token: authorize the store first';
    const [token] = await tx
      .select()
      .from(sandboxTokens)
      .where(and(and(eq(sandboxTokens.domainId, shop.domainId), eq(sandboxTokens.shopId, shop.id)), eq(sandboxTokens.accessTokenHash, hashSecret(store.accessToken))));
    if (!token || token.revokedAt) return 'the access token is not valid (revoked or unknown)';
    if (token.expiresAt.getTime() <= now().getTime()) return `the access token expired at ${token.expiresAt.toISOString()}`;
    return null;
  }

  /**
   * Runs one call: deadline, admission (counting, rate limit, failures), latency, the token
   * check unless the call is an authorization call, then the work in a transaction that also
   * records the call.
   */
  async function run<T>(
    store: StoreCredentials,
    operation: SandboxOperation,
    options: CallOptions | undefined,
    work: (tx: Tx, shop: SandboxShop) => Promise<{ result: T; payload?: unknown; outcome?: string }>,
  ): Promise<T> {
    return withDeadline(options?.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS, async (signal) => {
      const shop = await shopOf(store);
      const admission = await admit(shop, operation);
      if (admission.kind) return fail(admission.kind, admission.kind === 'RATE_LIMITED' ? admission.retryAfterMs : null, signal);
      if (admission.latencyMs > 0) await wait(admission.latencyMs, signal);
      const needsToken = operation !== 'exchangeCode' && operation !== 'refreshToken';
      if (needsToken) {
        const problem = await checkToken(db, shop, store);
        if (problem) {
          await logCall(db, shop, operation, 'TOKEN_EXPIRED', problem);
          throw new ConnectorError('TOKEN_EXPIRED', problem);
        }
      }
      try {
        return await db.transaction(async (tx) => {
          const done = await work(tx, shop);
          await logCall(tx, shop, operation, done.outcome ?? 'OK', null, done.payload ?? null);
          return done.result;
        });
      } catch (error) {
        // A refusal (a bad code or refresh token) is recorded too; its transaction rolled back.
        if (error instanceof ConnectorError) await logCall(db, shop, operation, 'REJECTED', error.detail);
        throw error;
      }
    });
  }

  async function issueTokens(tx: Tx, shop: SandboxShop): Promise<TokenGrant> {
    const at = now();
    const accessToken = newSecret();
    const refreshToken = newSecret();
    const expiresAt = new Date(at.getTime() + shop.tokenLifetimeSeconds * 1000);
    await tx.insert(sandboxTokens).values({
      domainId: shop.domainId,
      shopId: shop.id,
      accessTokenHash: hashSecret(accessToken),
      refreshTokenHash: hashSecret(refreshToken),
      expiresAt,
      refreshExpiresAt: new Date(at.getTime() + REFRESH_TTL_MS),
      createdAt: at,
    });
    return { accessToken, refreshToken, expiresAt, shopId: shop.shopKey };
  }

  /**
   * The marketplace's clock: a request the seller leaves unanswered for SANDBOX_AUTO_AGREE_HOURS
   * is agreed by the marketplace (a refund only is paid, a return or exchange waits for the
   * buyer's parcel). Runs before each pull, so a later pull sees the change.
   */
  async function autoAgree(tx: Tx, shop: SandboxShop): Promise<void> {
    const at = now();
    const before = new Date(at.getTime() - SANDBOX_AUTO_AGREE_HOURS * 3_600_000).toISOString();
    await tx.execute(sql`
      update sandbox_refunds set status = case when type = 'REFUND_ONLY' then 'SUCCESS' else 'WAIT_BUYER_RETURN_GOODS' end, updated_at = ${at.toISOString()}::timestamptz
      where shop_id = ${shop.id} and status = 'WAIT_SELLER_AGREE' and created_at <= ${before}::timestamptz`);
  }

  /** Keyset page over a table with (shop_id, updated_at, id): the window and the watermark. */
  function windowCondition(table: typeof sandboxOrders | typeof sandboxRefunds, shop: { id: number; domainId: number }, window: TimeWindow) {
    if (!(window.from instanceof Date) || !(window.to instanceof Date) || window.from.getTime() > window.to.getTime()) {
      throw new AppError(ErrorCodes.VALIDATION, 400, { detail: 'window: from must not be after to', field: 'window' });
    }
    const conditions = [eq(table.domainId, shop.domainId), eq(table.shopId, shop.id), sql`${table.updatedAt} >= ${window.from.toISOString()}`, sql`${table.updatedAt} < ${window.to.toISOString()}`];
    if (window.watermark) {
      const mark = decodeWatermark(window.watermark);
      conditions.push(sql`(${table.updatedAt}, ${table.id}) > (${mark.at.toISOString()}::timestamptz, ${mark.id})`);
    }
    return and(...conditions);
  }

  const pageSizeOf = (window: TimeWindow) => Math.min(Math.max(window.pageSize ?? 50, 1), MAX_PAGE_SIZE);

  const connector: SandboxConnector = {
    platformCode: PLATFORM_SANDBOX,

    async authorizationUrl(request) {
      const shop = await shopOf(request.store);
      const query = new URLSearchParams({ client_id: 'openseller', shop: shop.shopKey, state: request.state, redirect_uri: request.redirectUri });
      return `${SANDBOX_CONSENT_PATH}?${query.toString()}`;
    },

    async exchangeCode(input, options) {
      return run(
        input.store,
        'exchangeCode',
        options,
        async (tx, shop) => {
          const [code] = await tx
            .select()
            .from(sandboxAuthCodes)
            .where(and(eq(sandboxAuthCodes.codeHash, hashSecret(input.code)), and(eq(sandboxAuthCodes.domainId, shop.domainId), eq(sandboxAuthCodes.shopId, shop.id))))
            .for('update');
          const problem = !code
            ? 'unknown authorization code'
            : code.usedAt
              ? 'the authorization code was already used'
              : code.expiresAt.getTime() <= now().getTime()
                ? 'the authorization code has expired'
                : code.redirectUri !== input.redirectUri
                  ? 'the redirect address differs from the one the code was issued for'
                  : null;
          if (problem) throw new ConnectorError('AUTH_FAILED', problem);
          await tx.update(sandboxAuthCodes).set({ usedAt: now() }).where(and(eq(sandboxAuthCodes.domainId, code!.domainId), eq(sandboxAuthCodes.id, code!.id)));
          const grant = await issueTokens(tx, shop);
          return { result: grant, payload: { expiresAt: grant.expiresAt } };
        },
      );
    },

    async refreshToken(store, options) {
      return run(store, 'refreshToken', options, async (tx, shop) => {
        if (!store.refreshToken) throw new ConnectorError('AUTH_FAILED', 'no refresh token: authorize the store again');
        const [token] = await tx
          .select()
          .from(sandboxTokens)
          .where(and(and(eq(sandboxTokens.domainId, shop.domainId), eq(sandboxTokens.shopId, shop.id)), eq(sandboxTokens.refreshTokenHash, hashSecret(store.refreshToken))))
          .for('update');
        if (!token || token.revokedAt) throw new ConnectorError('AUTH_FAILED', 'the refresh token is not valid: authorize the store again');
        if (token.refreshExpiresAt.getTime() <= now().getTime()) throw new ConnectorError('AUTH_FAILED', 'the refresh token has expired: authorize the store again');
        await tx.update(sandboxTokens).set({ revokedAt: now() }).where(and(eq(sandboxTokens.domainId, token.domainId), eq(sandboxTokens.id, token.id)));
        const grant = await issueTokens(tx, shop);
        return { result: grant, payload: { expiresAt: grant.expiresAt } };
      });
    },

    async listOnlineGoods(store, page, options): Promise<OnlineGoodsPage> {
      const pageSize = Math.min(Math.max(page.pageSize, 1), MAX_PAGE_SIZE);
      const pageNo = Math.max(page.page, 1);
      return run(store, 'listOnlineGoods', options, async (tx, shop) => {
        const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(sandboxItems).where(and(eq(sandboxItems.domainId, shop.domainId), eq(sandboxItems.shopId, shop.id)));
        const items = await tx
          .select()
          .from(sandboxItems)
          .where(and(eq(sandboxItems.domainId, shop.domainId), eq(sandboxItems.shopId, shop.id)))
          .orderBy(asc(sandboxItems.id))
          .limit(pageSize)
          .offset(pageOffset({ currentPage: pageNo, pageSize }));
        const skus = items.length
          ? await tx
              .select()
              .from(sandboxItemSkus)
              .where(and(eq(sandboxItemSkus.domainId, shop.domainId), idsIn(sandboxItemSkus.itemRowId, items.map((i) => i.id))))
              .orderBy(asc(sandboxItemSkus.sortIndex), asc(sandboxItemSkus.id))
          : [];
        const result: OnlineGoodsPage = {
          page: pageNo,
          total: Number(total),
          hasMore: pageNo * pageSize < Number(total),
          items: items.map((item) => ({
            tbSpuId: item.itemId,
            title: item.title,
            outerId: item.outerId ?? undefined,
            picUrl: item.picUrl ?? undefined,
            status: item.status === 'instock' ? 'instock' : 'onsale',
            skus: skus
              .filter((s) => s.itemRowId === item.id)
              .map((s) => ({
                tbSkuId: s.skuId,
                title: s.properties ? `${item.title} ${s.properties}` : item.title,
                properties: s.properties ?? undefined,
                outerSkuId: s.outerSkuId ?? undefined,
                price: s.price,
              })),
          })),
        };
        return { result, payload: { page: pageNo, pageSize, returned: items.length } };
      });
    },

    async pullOrders(store, window, options): Promise<OrderPage> {
      const pageSize = pageSizeOf(window);
      return run(store, 'pullOrders', options, async (tx, shop) => {
        const rows = await tx
          .select()
          .from(sandboxOrders)
          .where(windowCondition(sandboxOrders, shop, window))
          .orderBy(asc(sandboxOrders.updatedAt), asc(sandboxOrders.id))
          .limit(pageSize + 1);
        const page = rows.slice(0, pageSize);
        const last = page[page.length - 1];
        const result: OrderPage = {
          hasMore: rows.length > pageSize,
          watermark: last ? encodeWatermark(last.updatedAt, last.id) : (window.watermark ?? null),
          orders: page.map((o) => ({
            platformNo: o.orderNo,
            status: o.status,
            buyerNick: o.buyerNick,
            receiver: { name: o.receiverName, phone: o.receiverPhone, province: o.receiverProvince, city: o.receiverCity, district: o.receiverDistrict, address: o.receiverAddress },
            amount: o.amount,
            postFee: o.postFee,
            payTime: o.payTime,
            createdAt: o.createdAt,
            updatedAt: o.updatedAt,
            lines: toLines(o.lines),
            shipping: o.expressNo && o.shippedAt ? { expressCompanyCode: o.expressCompanyCode ?? '', expressNo: o.expressNo, shippedAt: o.shippedAt } : null,
            lastShipTime: o.lastShipTime,
            promiseTimes: sandboxPromiseTimes(o.lastShipTime),
            riskControlled: o.riskControlled,
          })),
        };
        return { result, payload: { from: window.from, to: window.to, watermark: window.watermark ?? null, returned: page.length } };
      });
    },

    async pullAfterSales(store, window, options): Promise<AfterSalePage> {
      const pageSize = pageSizeOf(window);
      return run(store, 'pullAfterSales', options, async (tx, shop) => {
        await autoAgree(tx, shop);
        const rows = await tx
          .select()
          .from(sandboxRefunds)
          .where(windowCondition(sandboxRefunds, shop, window))
          .orderBy(asc(sandboxRefunds.updatedAt), asc(sandboxRefunds.id))
          .limit(pageSize + 1);
        const page = rows.slice(0, pageSize);
        const last = page[page.length - 1];
        const result: AfterSalePage = {
          hasMore: rows.length > pageSize,
          watermark: last ? encodeWatermark(last.updatedAt, last.id) : (window.watermark ?? null),
          afterSales: page.map((r) => ({
            refundId: r.refundId,
            platformNo: r.orderNo,
            type: r.type as PlatformAfterSaleType,
            status: r.status,
            reason: r.reason,
            refundFee: r.refundFee,
            lines: toLines(r.lines),
            buyerExpressCompanyCode: r.buyerExpressCompanyCode,
            buyerExpressNo: r.buyerExpressNo,
            createdAt: r.createdAt,
            updatedAt: r.updatedAt,
          })),
        };
        return { result, payload: { from: window.from, to: window.to, watermark: window.watermark ?? null, returned: page.length } };
      });
    },

    async pushShippingFeedback(store, feedback, options): Promise<PushResult[]> {
      return run(store, 'pushShippingFeedback', options, async (tx, shop) => {
        const at = now();
        const results: PushResult[] = [];
        for (const f of feedback) {
          const [order] = await tx
            .select()
            .from(sandboxOrders)
            .where(and(and(eq(sandboxOrders.domainId, shop.domainId), eq(sandboxOrders.shopId, shop.id)), eq(sandboxOrders.orderNo, f.platformNo)))
            .for('update');
          const refuse = (message: string) => results.push({ key: f.platformNo, ok: false, message });
          if (!order) refuse('no such order on the sandbox');
          else if (!f.expressCompanyCode?.trim()) refuse('the express company is missing');
          else if (!/^[A-Za-z0-9-]{6,40}$/.test(f.expressNo ?? '')) refuse(`"${f.expressNo}" is not a waybill number`);
          else if (order.status === 'TRADE_CLOSED') refuse('the order was closed by the buyer');
          else if (order.expressNo && order.expressNo !== f.expressNo && order.status !== 'WAIT_SELLER_SEND_GOODS') refuse(`already shipped with ${order.expressNo}`);
          else {
            if (order.expressNo !== f.expressNo) {
              await tx
                .update(sandboxOrders)
                .set({ status: 'WAIT_BUYER_CONFIRM_GOODS', expressCompanyCode: f.expressCompanyCode, expressNo: f.expressNo, shippedAt: at, updatedAt: at })
                .where(and(eq(sandboxOrders.domainId, order.domainId), eq(sandboxOrders.id, order.id)));
            }
            results.push({ key: f.platformNo, ok: true, message: null });
          }
        }
        const rejected = results.filter((r) => !r.ok).length;
        return { result: results, payload: { feedback, results }, outcome: rejected === feedback.length && feedback.length > 0 ? 'REJECTED' : 'OK' };
      });
    },

    async pullSettlementBills(store, window, options) {
      if (window.from.getTime() >= window.to.getTime()) throw new AppError(ErrorCodes.VALIDATION, 400, { detail: 'window: from must be before to', field: 'window' });
      return run(store, 'pullSettlementBills', options, async (tx, shop) => {
        const lines = await sandboxSettlementLines(tx, shop, window.from, window.to);
        return { result: lines, payload: { from: window.from, to: window.to, returned: lines.length } };
      });
    },

    // The decryption flow of exports (spec 01 §4.5): the sandbox keeps which of the shop's orders a
    // file holds and makes the file (receivers in full) when it is fetched with a good signature.
    async requestExportFile(store, request, options): Promise<PlatformExportFile> {
      return run(store, 'requestExportFile', options, async (tx, shop) => {
        const fileKey = newSecret(18);
        const timestamp = now().getTime();
        await tx.insert(sandboxExportFiles).values({ domainId: shop.domainId, shopId: shop.id, fileKey, exportType: request.exportType, orderNos: [...new Set(request.platformNos)], createdAt: now() });
        return {
          result: { fileKey, exportType: request.exportType, timestamp, sign: exportSign(shop.shopKey, fileKey, request.exportType, timestamp) },
          payload: { exportType: request.exportType, orders: request.platformNos.length },
        };
      });
    },

    async downloadExportFile(store, request, options) {
      // Like a marketplace's download address, every refusal is an error page, not a file.
      const page = (message: string) => ({ contentType: 'text/html; charset=utf-8', data: Buffer.from(`<html><body><h1>${message}</h1></body></html>`) });
      try {
        return await run(store, 'downloadExportFile', options, async (tx, shop) => {
          const [file] = await tx
            .select()
            .from(sandboxExportFiles)
            .where(and(eq(sandboxExportFiles.domainId, shop.domainId), eq(sandboxExportFiles.shopId, shop.id), eq(sandboxExportFiles.fileKey, request.fileKey)));
          if (!file || file.exportType !== request.exportType) return { result: page('file not found'), outcome: 'REJECTED' };
          if (request.sign !== exportSign(shop.shopKey, file.fileKey, file.exportType, request.timestamp)) return { result: page('bad signature'), outcome: 'REJECTED' };
          const orders = await tx
            .select()
            .from(sandboxOrders)
            .where(and(eq(sandboxOrders.domainId, shop.domainId), eq(sandboxOrders.shopId, shop.id), sql`${sandboxOrders.orderNo} = any(${textArray(file.orderNos)})`))
            .orderBy(asc(sandboxOrders.orderNo));
          const workbook = new ExcelJS.Workbook();
          const sheet = workbook.addWorksheet('orders');
          sheet.addRow(['订单号', '收件人', '手机', '省', '市', '区', '详细地址']);
          for (const o of orders) sheet.addRow([o.orderNo, o.receiverName, o.receiverPhone, o.receiverProvince, o.receiverCity, o.receiverDistrict, o.receiverAddress]);
          const data = Buffer.from(await workbook.xlsx.writeBuffer());
          return { result: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', data }, payload: { fileKey: file.fileKey, rows: orders.length } };
        });
      } catch (error) {
        if (error instanceof ConnectorError && error.kind === 'PLATFORM_ERROR') return page('the platform failed to make the file');
        throw error;
      }
    },

    async pushAfterSaleDecisions(store, decisions, options): Promise<PushResult[]> {
      return run(store, 'pushAfterSaleDecisions', options, async (tx, shop) => {
        const at = now();
        const results: PushResult[] = [];
        for (const d of decisions) {
          const [refund] = await tx
            .select()
            .from(sandboxRefunds)
            .where(and(eq(sandboxRefunds.shopId, shop.id), eq(sandboxRefunds.refundId, d.refundId)))
            .for('update');
          const refuse = (message: string) => results.push({ key: d.refundId, ok: false, message });
          if (!refund) {
            refuse('no such refund on the sandbox');
            continue;
          }
          const next = statusAfterDecision(refund.type, refund.status, d);
          if (next === 'REFUSED') {
            refuse(`the refund is ${refund.status} on the sandbox and can no longer be decided`);
            continue;
          }
          if (next !== refund.status) {
            await tx
              .update(sandboxRefunds)
              .set({ status: next, refundFee: compareFee(d.refundFee, refund.refundFee) ? d.refundFee : refund.refundFee, updatedAt: at })
              .where(eq(sandboxRefunds.id, refund.id));
          }
          results.push({ key: d.refundId, ok: true, message: null });
        }
        const rejected = results.filter((r) => !r.ok).length;
        return { result: results, payload: { decisions, results }, outcome: rejected === decisions.length && decisions.length > 0 ? 'REJECTED' : 'OK' };
      });
    },

    async pushStock(store, updates, options): Promise<PushResult[]> {
      return run(store, 'pushStock', options, async (tx, shop) => {
        const at = now();
        const results: PushResult[] = [];
        for (const u of updates) {
          const invalid = stockQuantityRefusal(u.quantity);
          if (invalid) {
            results.push({ key: u.tbSkuId, ok: false, message: invalid });
            continue;
          }
          const [sku] = await tx
            .update(sandboxItemSkus)
            .set({ quantity: u.quantity, updatedAt: at })
            .where(and(and(eq(sandboxItemSkus.domainId, shop.domainId), eq(sandboxItemSkus.shopId, shop.id)), eq(sandboxItemSkus.skuId, u.tbSkuId)))
            .returning({ domainId: sandboxItemSkus.domainId, itemRowId: sandboxItemSkus.itemRowId });
          if (!sku) {
            results.push({ key: u.tbSkuId, ok: false, message: 'no such SKU on the sandbox' });
            continue;
          }
          await tx.update(sandboxItems).set({ updatedAt: at }).where(and(eq(sandboxItems.domainId, sku.domainId), eq(sandboxItems.id, sku.itemRowId)));
          results.push({ key: u.tbSkuId, ok: true, message: null });
        }
        const rejected = results.filter((r) => !r.ok).length;
        return { result: results, payload: { updates, results }, outcome: rejected === updates.length && updates.length > 0 ? 'REJECTED' : 'OK' };
      });
    },

    async findShopByKey(shopKey) {
      const [shop] = await db.select().from(sandboxShops).where(eq(sandboxShops.shopKey, shopKey));
      return shop;
    },

    async issueCode(shop, redirectUri) {
      const code = newSecret();
      const at = now();
      await db.insert(sandboxAuthCodes).values({
        domainId: shop.domainId,
        shopId: shop.id,
        codeHash: hashSecret(code),
        redirectUri,
        expiresAt: new Date(at.getTime() + CODE_TTL_MS),
        createdAt: at,
      });
      return code;
    },
  };
  return connector;
}

const HOUR_MS = 3_600_000;

/**
 * The sandbox's promise times, from the latest ship time: out of the warehouse by then, delivered
 * (and promised delivered) 72 hours later, signed for 96 hours later.
 */
export function sandboxPromiseTimes(lastShipTime: Date | null): PlatformPromiseTimes {
  const after = (hours: number) => (lastShipTime ? new Date(lastShipTime.getTime() + hours * HOUR_MS) : null);
  return { promiseOutboundTime: after(0), promisedDeliveryTime: after(72), promiseDeliveryTime: after(72), promiseSignTime: after(96) };
}

/** Whether a decision's refund differs from the request's (the seller agreed to a partial refund). */
function compareFee(decided: string, asked: string): boolean {
  return Number(decided) > 0 && decided !== asked;
}

/**
 * The sandbox's refund state after a seller's decision (given as the document's states), or
 * REFUSED when the request is over (closed by the buyer, done, refused) and the decision would
 * change it. The same decision sent again is answered as before (a resend after a lost answer).
 */
export function statusAfterDecision(type: string, status: string, d: { checkStatus: string; refundStatus: string | null; receiptStatus: string }): string {
  const target = refundStatusAfterIntent(afterSaleDecisionIntent(type, status, d), status);
  if (FINAL_REFUND_STATES.has(status)) return target === status ? status : 'REFUSED';
  return target;
}

function toLines(value: unknown): PlatformOrderLine[] {
  return ((value as Record<string, unknown>[]) ?? []).map((l) => ({
    tbSpuId: String(l.itemId),
    tbSkuId: String(l.skuId),
    outerSkuId: (l.outerSkuId as string | null) ?? null,
    title: String(l.title),
    properties: (l.properties as string | null) ?? null,
    qty: Number(l.qty),
    price: String(l.price),
  }));
}
