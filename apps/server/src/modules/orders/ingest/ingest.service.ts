// Order ingest commands: store pulls (with retries, back-off and the order-sync log), manual
// creation, the self-defined stores' signed HTTP ingest, the dry run, and the platform order
// sync records. Every path goes through the same pipeline (pipeline.ts).
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  HttpIngestBody,
  INGEST_SIGNATURE_MAX_AGE_MS,
  ingestSigningText,
  OrderErrors,
  ErrorCodes,
  StoreErrors,
  parseDateTimeText,
  pullBackoffMs,
  type DryRunInput,
  type DryRunResult,
  type ManualOrderInput,
  type ManualOrderResult,
  type OrderIngestItem,
  type OrderSyncRunRow,
  type PageResult,
  type PlatformSyncRow,
  type PlatformSyncSearchInput,
  type OrderSyncRunSearchInput,
  type Language,
  ManualOrderInput as ManualOrderSchema,
  DryRunInput as DryRunSchema,
} from '@openseller/core';
import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { bigintArray, textArray } from '../../../platform/sql.js';
import type { Database, Tx } from '../../../db/client.js';
import { orderIngestNonces, orderSyncRuns, orderSyncStates } from '../../../db/schema/index.js';
import { ConnectorError, type PlatformAfterSale } from '../../../connectors/marketplace/connector.js';
import { AppError, invalidInput, notFound } from '../../../platform/errors.js';
import { parseInput } from '../../../platform/http.js';
import type { ServiceRegistry } from '../../../platform/module.js';
import type { OperationActor } from '../../../platform/operation-log.js';
import type { Session } from '../../../platform/sessions.js';
import type { StoreRecord, StoresAreaService } from '../../stores/index.js';
import { EXPRESS_RULES_SERVICE } from '../express-rules/courier-choice.js';
import { nextOrderCodes } from '../orders.model.js';
import { actorOf } from '../session-helpers.js';
import { draftFromConnector, draftFromInput } from './drafts.js';
import { describePlan, ingestOrders, planOrders, type OrderDraft, type PipelineDeps } from './pipeline.js';
import { holdOrdersForRefund, releaseRefundHolds, type ActiveRefundsElsewhere } from '../intercepts/refund-holds.js';
import { isoTime as iso } from '../../../platform/time.js';
import { pageOffset } from '../../../platform/paging.js';

export interface IngestServiceDeps {
  database: Database;
  registry: ServiceRegistry;
  now: () => Date;
  /** First pause between retries of a failed marketplace call (doubles once). */
  retryBaseMs: number;
}

/** The after-sales area's service for platform refunds (registered by that area; absent from a build without it). */
export const PLATFORM_AFTER_SALES_SERVICE = 'after-sales-platform';
export interface PlatformAfterSalesService {
  upsertPlatformRefunds(tx: Tx, domainId: number, actor: OperationActor, storeId: number, refunds: PlatformAfterSale[]): Promise<{ created: number; updated: number }>;
  /** The orders (of those given) that another refund than `exceptRefundKey` still holds: an after-sale document with an active refund. */
  ordersWithActiveRefunds: ActiveRefundsElsewhere;
}

/** The marketplace's words for a request that is over without a refund: withdrawn by the buyer, refused by the seller. */
const REFUND_ENDED = ['CLOSED', 'SELLER_REFUSE_BUYER'];

const systemActor = (domainId: number, name = 'system'): OperationActor => ({ userId: null, loginName: name, domainId });
const PULL_PAGE_SIZE = 100;
const FIRST_WINDOW_MS = 3 * 86_400_000;

/** The watermark column keeps both cursors (orders, after-sales) of a store. */
interface Cursors {
  o: string | null;
  a: string | null;
}
const readCursors = (text: string | null): Cursors => {
  if (!text) return { o: null, a: null };
  try {
    const v = JSON.parse(text) as Partial<Cursors>;
    return { o: v.o ?? null, a: v.a ?? null };
  } catch {
    return { o: null, a: null };
  }
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createIngestService(deps: IngestServiceDeps) {
  const { db } = deps.database;
  const pipelineDeps: PipelineDeps = { registry: deps.registry, now: deps.now };
  const stores = () => deps.registry.get<StoresAreaService>('stores');

  async function storeOf(domainId: number, storeId: number, tx?: Tx): Promise<StoreRecord> {
    const store = await stores().getStore(domainId, storeId, tx);
    if (!store) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'store', field: 'storeId' });
    return store;
  }

  /** A marketplace call tried again on a retryable failure: 2 retries, the pause doubling (a rate limit's own wait, at most 5 s). */
  async function withRetries<T>(run: () => Promise<T>, onAttempt: () => void): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      onAttempt();
      try {
        return await run();
      } catch (error) {
        if (!(error instanceof ConnectorError) || !error.retryable || attempt >= 2) throw error;
        await sleep(error.retryAfterMs != null ? Math.min(error.retryAfterMs, 5_000) : deps.retryBaseMs * 2 ** attempt);
      }
    }
  }

  async function saveState(domainId: number, storeId: number, set: Partial<typeof orderSyncStates.$inferInsert>) {
    await db
      .insert(orderSyncStates)
      .values({ domainId, storeId, ...set })
      .onConflictDoUpdate({ target: [orderSyncStates.domainId, orderSyncStates.storeId], set: { ...set, version: sql`${orderSyncStates.version} + 1`, updatedAt: deps.now() } });
  }

  /**
   * Pulls a store's orders changed since the last complete window (3 days back the first
   * time) and its after-sales, page by page (each page ingested in its own transaction), and
   * records the run. A failure ends the run as FAILURE and backs the store off.
   */
  async function pullStoreOrders(domainId: number, storeId: number, trigger: 'SCHEDULED' | 'MANUAL' | 'PUSH', actor: OperationActor): Promise<OrderSyncRunRow> {
    const connection = await stores().connectorFor(domainId, storeId);
    const store = connection.store;
    const [state] = await db
      .select()
      .from(orderSyncStates)
      .where(and(eq(orderSyncStates.domainId, domainId), eq(orderSyncStates.storeId, storeId)));
    // The window ends the marketplace's data delay before now (PDD: 3 minutes); never before its start.
    const lagged = deps.now().getTime() - connection.dataDelayMs;
    const from = state?.pulledUntil ?? new Date(lagged - FIRST_WINDOW_MS);
    const to = new Date(Math.max(lagged, from.getTime()));
    const cursors = readCursors(state?.watermark ?? null);
    // Written in SQL: the table's startedAt and createdAt are one column (created_at), which a Drizzle insert would name twice.
    const inserted = await db.execute<{ id: number }>(sql`
      insert into order_sync_runs (domain_id, store_id, trigger, status, window_from, window_to, created_by)
      values (${domainId}, ${storeId}, ${trigger}, 'RUNNING', ${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz, ${actor.userId})
      returning id`);
    const run = { id: Number(inserted.rows[0]!.id) };
    const counts = { pulled: 0, pages: 0, created: 0, updated: 0, failed: 0, attempts: 0, afterSalesCreated: 0, afterSalesUpdated: 0 };
    const storeInfo = { id: store.id, platformCode: store.platformCode };
    try {
      for (let more = true; more; ) {
        const page = await withRetries(
          () => connection.pullOrders({ from, to, watermark: cursors.o, pageSize: PULL_PAGE_SIZE }),
          () => counts.attempts++,
        );
        counts.pulled += page.orders.length;
        counts.pages++;
        if (page.orders.length) {
          const result = await db.transaction((tx) => ingestOrders(tx, pipelineDeps, domainId, actor, storeInfo, page.orders.map((o) => draftFromConnector(o))));
          counts.created += result.created;
          counts.updated += result.updated;
          counts.failed += result.failed;
        }
        cursors.o = page.watermark;
        await saveState(domainId, storeId, { watermark: JSON.stringify(cursors) });
        more = page.hasMore && page.orders.length > 0;
      }
      for (let more = true; more; ) {
        const page = await withRetries(
          () => connection.pullAfterSales({ from, to, watermark: cursors.a, pageSize: PULL_PAGE_SIZE }),
          () => counts.attempts++,
        );
        counts.pages++;
        if (page.afterSales.length) {
          // The store's "pull after-sale requests" setting (on unless turned off).
          const pullsAfterSales = (store.syncConfig as { syncAfterSales?: boolean } | null)?.syncAfterSales !== false;
          const documents = pullsAfterSales ? deps.registry.find<PlatformAfterSalesService>(PLATFORM_AFTER_SALES_SERVICE) : undefined;
          const activeElsewhere = deps.registry.find<PlatformAfterSalesService>(PLATFORM_AFTER_SALES_SERVICE)?.ordersWithActiveRefunds;
          await db.transaction(async (tx) => {
            // An active refund holds its unshipped orders (and opens an intercept task on a printed one).
            for (const refund of page.afterSales) {
              if (REFUND_ENDED.includes(refund.status)) continue;
              const changed = await holdOrdersForRefund(tx, domainId, actor, { storeId, platformNo: refund.platformNo }, { refundKey: refund.refundId, reason: refund.reason }, deps.now());
              counts.updated += changed.length;
            }
            // The after-sale documents (one per platform refund id), where the after-sales area is part of the build.
            if (documents) {
              const upserted = await documents.upsertPlatformRefunds(tx, domainId, actor, storeId, page.afterSales);
              counts.afterSalesCreated += upserted.created;
              counts.afterSalesUpdated += upserted.updated;
            }
            // A refund withdrawn or refused releases its orders, once no other refund holds them.
            for (const refund of page.afterSales) {
              if (!REFUND_ENDED.includes(refund.status)) continue;
              const changed = await releaseRefundHolds(tx, domainId, actor, { storeId, platformNo: refund.platformNo }, refund.refundId, deps.now(), activeElsewhere);
              counts.updated += changed.length;
            }
          });
        }
        cursors.a = page.watermark;
        await saveState(domainId, storeId, { watermark: JSON.stringify(cursors) });
        more = page.hasMore && page.afterSales.length > 0;
      }
      await saveState(domainId, storeId, { pulledUntil: to, watermark: null, failures: 0, nextAttemptAt: null });
      return finish(run.id, 'SUCCESS', counts, null, store);
    } catch (error) {
      const failures = (state?.failures ?? 0) + 1;
      await saveState(domainId, storeId, { failures, nextAttemptAt: new Date(deps.now().getTime() + pullBackoffMs(failures)) });
      const message = error instanceof ConnectorError ? `${error.kind}: ${error.detail}` : error instanceof AppError ? error.code : String((error as Error)?.message ?? error);
      return finish(run.id, 'FAILURE', counts, message.slice(0, 1000), store);
    }
  }

  async function finish(
    runId: number,
    status: string,
    all: { pulled: number; pages: number; created: number; updated: number; failed: number; attempts: number; afterSalesCreated: number; afterSalesUpdated: number },
    errorMsg: string | null,
    store: StoreRecord,
  ): Promise<OrderSyncRunRow> {
    // The run's columns count orders; the after-sale documents are in the run's answer only.
    const { afterSalesCreated, afterSalesUpdated, ...counts } = all;
    const [row] = await db
      .update(orderSyncRuns)
      .set({ status, ...counts, errorMsg, finishedAt: deps.now(), version: sql`${orderSyncRuns.version} + 1`, updatedAt: deps.now() })
      .where(eq(orderSyncRuns.id, runId))
      .returning();
    return { ...toRunRow({ ...row!, startedAt: row!.createdAt, storeName: store.name }), afterSalesCreated, afterSalesUpdated };
  }

  /** When the store's pull is backed off after failures (the scheduled pull and pushed messages wait): the time it may pull again; null when it may now. */
  async function pullBackedOffUntil(domainId: number, storeId: number): Promise<Date | null> {
    const [state] = await db
      .select({ nextAttemptAt: orderSyncStates.nextAttemptAt })
      .from(orderSyncStates)
      .where(and(eq(orderSyncStates.domainId, domainId), eq(orderSyncStates.storeId, storeId), sql`not ${pullAllowedNow(orderSyncStates.nextAttemptAt)}`));
    return state?.nextAttemptAt ?? null;
  }

  /** The back-off rule, once: a store may pull when it has no next attempt time or that time has come. */
  function pullAllowedNow(nextAttemptAt: SQLWrapper): SQL {
    return sql`(${nextAttemptAt} is null or ${nextAttemptAt} <= ${deps.now().toISOString()}::timestamptz)`;
  }

  /** The scheduled pull: every usable, authorized marketplace store with autoSyncOrders (on unless turned off) that is not backed off. */
  async function pullDueStores(): Promise<number> {
    const due = await db.execute<{ domain_id: number; id: number }>(sql`
      select s.domain_id, s.id from stores s
      left join order_sync_states st on st.domain_id = s.domain_id and st.store_id = s.id
      where s.usable and s.store_type = 1 and s.auth_status = 'AUTHORIZED'
        and coalesce((s.sync_config->>'autoSyncOrders')::boolean, true)
        and ${pullAllowedNow(sql`st.next_attempt_at`)}
      order by s.id`);
    for (const s of due.rows) {
      try {
        await pullStoreOrders(Number(s.domain_id), Number(s.id), 'SCHEDULED', systemActor(Number(s.domain_id)));
      } catch {
        // A store that cannot be reached (no connector, disabled meanwhile) does not stop the others.
      }
    }
    return due.rows.length;
  }

  async function syncStoreOrders(session: Session, storeId: number): Promise<OrderSyncRunRow> {
    await storeOf(session.domainId!, storeId);
    return pullStoreOrders(session.domainId!, storeId, 'MANUAL', actorOf(session));
  }

  async function dryRun(session: Session, raw: DryRunInput): Promise<DryRunResult> {
    const input = DryRunSchema.parse(raw);
    const store = await storeOf(session.domainId!, input.storeId);
    return db.transaction((tx) => preview(tx, session.domainId!, { id: store.id, platformCode: store.platformCode }, draftFromInput(input.order, 'PLATFORM')));
  }

  /** What the pipeline would make of one draft, writing nothing (the dry runs). */
  async function preview(tx: Tx, domainId: number, store: { id: number; platformCode: string }, draft: OrderDraft): Promise<DryRunResult> {
    const [plan] = await planOrders(tx, pipelineDeps, domainId, store, [draft]);
    return describePlan(plan!, !!deps.registry.find(EXPRESS_RULES_SERVICE));
  }

  /**
   * The draft of an order entered by hand: the store usable, every SKU one of the domain's live
   * goods (the first that is not names its line). `code` is the new order's number.
   */
  async function manualDraft(tx: Tx, domainId: number, input: ReturnType<typeof ManualOrderSchema.parse>, code: string) {
    const store = await storeOf(domainId, input.storeId, tx);
    if (!store.usable) throw new AppError(StoreErrors.DISABLED, 400, { field: 'storeId' });
    const skuIds = [...new Set(input.lines.map((l) => l.skuId))];
    const found = await tx.execute<{ id: number }>(sql`select id from skus where domain_id = ${domainId} and del_flag = false and id = any(${bigintArray(skuIds)})`);
    const known = new Set(found.rows.map((r) => Number(r.id)));
    const missing = input.lines.findIndex((l) => !known.has(l.skuId));
    if (missing >= 0) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'sku', field: `lines.${missing}.skuId` });
    const draft: OrderDraft = {
      platformNo: `M${code}`,
      platformStatus: 'WAIT_SELLER_SEND_GOODS',
      source: 'MANUAL',
      code,
      buyerNick: input.buyerNick ?? null,
      receiver: {
        name: input.receiverName,
        phone: input.receiverPhone,
        province: input.receiverProvince,
        city: input.receiverCity,
        district: input.receiverDistrict ?? null,
        address: input.receiverAddress,
      },
      amount: null,
      postFee: input.postFee,
      payTime: deps.now(),
      platformUpdatedAt: deps.now(),
      buyerMessage: input.buyerMessage ?? null,
      sellerRemark: input.sellerRemark ?? null,
      lines: input.lines.map((l) => ({ tbSpuId: null, tbSkuId: null, outerSkuId: null, title: null, properties: null, qty: l.qty, price: l.price, skuId: l.skuId })),
      payload: { source: 'MANUAL', ...input },
    };
    return { store: { id: store.id, platformCode: store.platformCode }, draft };
  }

  /** An order entered by hand, in the caller's transaction (another area's command: an after-sale's replacement). */
  async function createByHandInTx(tx: Tx, session: Session, raw: ManualOrderInput): Promise<ManualOrderResult> {
    const input = ManualOrderSchema.parse(raw);
    const domainId = session.domainId!;
    const [code] = await nextOrderCodes(tx, 1, deps.now());
    const { store, draft } = await manualDraft(tx, domainId, input, code!);
    const result = await ingestOrders(tx, pipelineDeps, domainId, actorOf(session), store, [draft]);
    const item = result.items[0]!;
    return { id: item.orderId!, code: item.code! };
  }

  async function createByHand(session: Session, raw: ManualOrderInput): Promise<ManualOrderResult> {
    return db.transaction((tx) => createByHandInTx(tx, session, raw));
  }

  /** What the pipeline would make of an order entered by hand (gifts, warehouse, courier), creating nothing. */
  async function dryRunManual(session: Session, raw: ManualOrderInput): Promise<DryRunResult> {
    const input = ManualOrderSchema.parse(raw);
    const domainId = session.domainId!;
    return db.transaction(async (tx) => {
      const { store, draft } = await manualDraft(tx, domainId, input, 'PREVIEW');
      return preview(tx, domainId, store, draft);
    });
  }

  /**
   * A self-defined store posts its orders: X-Store-Id, X-Timestamp (ms), X-Nonce and
   * X-Signature = hex HMAC-SHA256(secret, timestamp \n nonce \n raw body).
   */
  async function httpIngest(headers: Record<string, string | string[] | undefined>, rawBody: string, language: Language = 'en'): Promise<OrderIngestItem[]> {
    const header = (name: string) => {
      const v = headers[name];
      return (Array.isArray(v) ? v[0] : v)?.trim() ?? '';
    };
    const storeId = Number(header('x-store-id'));
    const timestamp = header('x-timestamp');
    const nonce = header('x-nonce');
    const signature = header('x-signature').toLowerCase();
    const refuse = (reason: string) => new AppError(OrderErrors.BAD_SIGNATURE, 401, { reason });
    if (!Number.isSafeInteger(storeId) || storeId <= 0 || !timestamp || !nonce || !/^[0-9a-f]{64}$/.test(signature) || nonce.length > 100) throw refuse('headers');
    const found = await db.execute<{ id: number; domain_id: number; store_type: number; secret_key: string | null; usable: boolean; platform_code: string }>(
      sql`select id, domain_id, store_type, secret_key, usable, platform_code from stores where id = ${storeId}`,
    );
    const store = found.rows[0];
    if (!store || Number(store.store_type) !== 3 || !store.secret_key) throw refuse('store');
    const expected = createHmac('sha256', store.secret_key).update(ingestSigningText(timestamp, nonce, rawBody)).digest();
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) throw refuse('signature');
    const ts = Number(timestamp);
    if (!Number.isFinite(ts) || Math.abs(deps.now().getTime() - ts) > INGEST_SIGNATURE_MAX_AGE_MS) throw refuse('timestamp');
    if (!store.usable) throw new AppError(StoreErrors.DISABLED, 400, {});
    const domainId = Number(store.domain_id);
    let body: unknown;
    try {
      body = JSON.parse(rawBody);
    } catch {
      throw invalidInput([{ field: '(body)', message: 'not JSON' }]);
    }
    // The same edge checks and wording as every other route, once the signed text is read.
    const orders = parseInput(HttpIngestBody, body, language);
    return db.transaction(async (tx) => {
      // Each nonce once per store; nonces older than the signature age are forgotten.
      await tx.execute(sql`delete from order_ingest_nonces where store_id = ${storeId} and created_at < ${new Date(deps.now().getTime() - 2 * INGEST_SIGNATURE_MAX_AGE_MS).toISOString()}::timestamptz`);
      const claimed = await tx.insert(orderIngestNonces).values({ domainId, storeId, nonce }).onConflictDoNothing().returning({ id: orderIngestNonces.id });
      if (!claimed.length) throw new AppError(OrderErrors.REPLAYED, 409, { nonce });
      const result = await ingestOrders(
        tx,
        pipelineDeps,
        domainId,
        systemActor(domainId, 'http-ingest'),
        { id: storeId, platformCode: store.platform_code },
        orders.map((o) => draftFromInput(o, 'HTTP')),
      );
      return result.items;
    });
  }

  function runRowOf(r: Record<string, unknown>): OrderSyncRunRow {
    return toRunRow({
      id: Number(r.id),
      storeId: Number(r.store_id),
      storeName: (r.store_name as string) ?? null,
      trigger: String(r.trigger),
      status: String(r.status),
      windowFrom: r.window_from as Date | null,
      windowTo: r.window_to as Date | null,
      pulled: Number(r.pulled),
      pages: Number(r.pages ?? 0),
      created: Number(r.created),
      updated: Number(r.updated),
      failed: Number(r.failed),
      attempts: Number(r.attempts),
      errorMsg: (r.error_msg as string) ?? null,
      startedAt: r.created_at as Date,
      finishedAt: r.finished_at as Date | null,
    });
  }

  async function searchSyncRuns(session: Session, input: OrderSyncRunSearchInput & { currentPage: number; pageSize: number }): Promise<PageResult<OrderSyncRunRow>> {
    const domainId = session.domainId!;
    const where = sql`r.domain_id = ${domainId} ${input.storeId ? sql`and r.store_id = ${input.storeId}` : sql``}`;
    const [total, rows] = await Promise.all([
      db.execute<{ n: number }>(sql`select count(*)::int as n from order_sync_runs r where ${where}`),
      db.execute<Record<string, unknown>>(sql`
        select r.*, s.name as store_name from order_sync_runs r left join stores s on s.id = r.store_id and s.domain_id = r.domain_id
        where ${where} order by r.id desc limit ${input.pageSize} offset ${pageOffset(input)}`),
    ]);
    return {
      voList: rows.rows.map(runRowOf),
      total: Number(total.rows[0]?.n ?? 0),
      currentPage: input.currentPage,
      pageSize: input.pageSize,
    };
  }

  /** One run of the order-sync log of the domain. */
  async function getSyncRun(session: Session, id: number): Promise<OrderSyncRunRow> {
    const rows = await db.execute<Record<string, unknown>>(sql`
      select r.*, s.name as store_name from order_sync_runs r left join stores s on s.id = r.store_id and s.domain_id = r.domain_id
      where r.domain_id = ${session.domainId!} and r.id = ${id}`);
    const row = rows.rows[0];
    if (!row) throw notFound('orderSyncRun');
    return runRowOf(row);
  }

  async function searchPlatformOrders(session: Session, input: PlatformSyncSearchInput & { currentPage: number; pageSize: number }): Promise<PageResult<PlatformSyncRow>> {
    const domainId = session.domainId!;
    const conditions = [sql`p.domain_id = ${domainId}`];
    if (input.storeId) conditions.push(sql`p.store_id = ${input.storeId}`);
    if (input.statusCode) conditions.push(sql`p.platform_status = ${input.statusCode}`);
    if (input.keywords) {
      const like = `%${input.keywords.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
      conditions.push(sql`(p.platform_no ilike ${like} or p.payload->>'buyerNick' ilike ${like} or p.error_msg ilike ${like})`);
    }
    if (input.payTimeFrom) conditions.push(sql`(p.payload->>'payTime')::timestamptz >= ${parseDateTimeText(input.payTimeFrom).toISOString()}::timestamptz`);
    if (input.payTimeTo) conditions.push(sql`(p.payload->>'payTime')::timestamptz <= ${parseDateTimeText(input.payTimeTo).toISOString()}::timestamptz`);
    if (input.errorMsgClosed !== undefined) conditions.push(sql`p.error_msg is not null and p.error_closed = ${input.errorMsgClosed}`);
    if (input.codeList?.length) conditions.push(sql`p.platform_no = any(${textArray(input.codeList)})`);
    const where = sql.join(conditions, sql` and `);
    const [total, rows] = await Promise.all([
      db.execute<{ n: number }>(sql`select count(*)::int as n from platform_orders p where ${where}`),
      db.execute<Record<string, unknown>>(sql`
        select p.id, p.store_id, s.name as store_name, p.platform_no, p.platform_status, p.payload->>'buyerNick' as buyer_nick,
          p.payload->>'payTime' as pay_time, p.erp_order_id, o.code as erp_order_code, p.error_msg, p.error_closed, p.updated_at
        from platform_orders p
        left join stores s on s.id = p.store_id and s.domain_id = p.domain_id
        left join erp_orders o on o.id = p.erp_order_id and o.domain_id = p.domain_id
        where ${where}
        order by p.error_closed asc, p.id desc
        limit ${input.pageSize} offset ${pageOffset(input)}`),
    ]);
    return {
      voList: rows.rows.map((r) => ({
        id: Number(r.id),
        storeId: Number(r.store_id),
        storeName: (r.store_name as string) ?? null,
        platformNo: String(r.platform_no),
        platformStatus: String(r.platform_status),
        buyerNick: (r.buyer_nick as string) ?? null,
        payTime: r.pay_time ? iso(r.pay_time) : null,
        erpOrderId: r.erp_order_id == null ? null : Number(r.erp_order_id),
        erpOrderCode: (r.erp_order_code as string) ?? null,
        errorMsg: (r.error_msg as string) ?? null,
        errorClosed: Boolean(r.error_closed),
        updatedAt: iso(r.updated_at)!,
      })),
      total: Number(total.rows[0]?.n ?? 0),
      currentPage: input.currentPage,
      pageSize: input.pageSize,
    };
  }

  async function closeErrors(session: Session, idList: number[]): Promise<{ closed: number }> {
    const rows = await db.execute(sql`
      update platform_orders set error_closed = true, version = version + 1, updated_at = now()
      where domain_id = ${session.domainId!} and id = any(${bigintArray(idList)}) and error_msg is not null and not error_closed
      returning id`);
    return { closed: rows.rows.length };
  }

  async function countErrors(session: Session): Promise<number> {
    const rows = await db.execute<{ n: number }>(sql`select count(*)::int as n from platform_orders where domain_id = ${session.domainId!} and error_msg is not null and not error_closed`);
    return Number(rows.rows[0]?.n ?? 0);
  }

  return { pullStoreOrders, pullBackedOffUntil, pullDueStores, syncStoreOrders, dryRun, dryRunManual, createByHand, createByHandInTx, httpIngest, searchSyncRuns, getSyncRun, searchPlatformOrders, closeErrors, countErrors };
}

export type IngestService = ReturnType<typeof createIngestService>;

function toRunRow(r: {
  id: number;
  storeId: number;
  storeName: string | null;
  trigger: string;
  status: string;
  windowFrom: Date | null;
  windowTo: Date | null;
  pulled: number;
  pages: number;
  created: number;
  updated: number;
  failed: number;
  attempts: number;
  errorMsg: string | null;
  startedAt: Date;
  finishedAt: Date | null;
}): OrderSyncRunRow {
  return {
    id: r.id,
    storeId: r.storeId,
    storeName: r.storeName,
    trigger: r.trigger,
    status: r.status,
    windowFrom: iso(r.windowFrom),
    windowTo: iso(r.windowTo),
    pulled: r.pulled,
    pages: r.pages,
    created: r.created,
    updated: r.updated,
    failed: r.failed,
    attempts: r.attempts,
    errorMsg: r.errorMsg,
    startedAt: iso(r.startedAt)!,
    finishedAt: iso(r.finishedAt),
  };
}
