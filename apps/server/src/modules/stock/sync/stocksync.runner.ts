// Pushing quantities to a store. A push request becomes one record per online SKU (REQUEST); a
// runner per store claims them (SENDING), computes each quantity at that moment, hands them to
// the store's connector 50 at a time (pushStock) and records each answer (SUCCESS or FAILURE with
// the reason). One runner per store at a time (a session advisory lock, released when its
// connection goes), so the pushes of an online SKU reach the marketplace in order. The auto
// sync (a scheduled job) requests the online SKUs whose quantity differs from the last one the
// store accepted.
import { and, eq, sql } from 'drizzle-orm';
import { ErrorCodes, StockSyncErrors, storeAuthState, findPlatform, type StockSyncRequestResult, type StockSyncTrigger } from '@openseller/core';
import type { Database, Tx } from '../../../db/client.js';
import { stockSyncRecords, stockSyncStates } from '../../../db/schema/index.js';
import { ConnectorError, type PushResult } from '../../../connectors/marketplace/connector.js';
import { AppError } from '../../../platform/errors.js';
import type { JobQueue } from '../../../platform/jobs.js';
import { serverMessage } from '../../../platform/messages.js';
import type { ServiceRegistry } from '../../../platform/module.js';
import { writeOperationLog, type OperationActor } from '../../../platform/operation-log.js';
import type { StoreRecord, StoresAreaService } from '../../stores/index.js';
import { computeQuantities, mappedOnlineSkus, rulesOfStores, type MappedOnlineSku, type StockSyncRecord } from './stocksync.queries.js';
import { idsIn, textsIn } from '../../../platform/sql.js';

export const AREA = 'stocksync';
export const PUSH_JOB = 'stocksync-push';
export const AUTO_JOB = 'stocksync-auto';
/** Online SKUs per pushStock call. */
export const PUSH_BATCH = 50;
/** Advisory-lock namespace of the per-store runner ('STKS'). */
const LOCK_NAMESPACE = 0x53544b53;
/** Auto sync pauses after a failure: 5 min, doubling per attempt, at most 6 hours. */
const AUTO_BACKOFF_BASE_MS = 5 * 60_000;
const AUTO_BACKOFF_MAX_MS = 6 * 60 * 60_000;

export const SYSTEM_ACTOR = (domainId: number): OperationActor => ({ userId: null, loginName: 'system', domainId });
const lockKey = (storeId: number) => storeId % 2_147_483_647;

export interface PushTarget {
  tbSkuRowId: number;
  tbSkuId: string;
  skuId: number;
  skuCode: string;
}

export interface RunnerDeps {
  database: Database;
  registry: ServiceRegistry;
  jobs: JobQueue | null;
  now: () => Date;
  log?: (message: string) => void;
}

/** The code and the words of a failed push, kept on the record. */
export function describeFailure(error: unknown): { code: string; message: string } {
  if (error instanceof ConnectorError) {
    const wait = error.kind === 'RATE_LIMITED' && error.retryAfterMs ? ` (retry after ${Math.ceil(error.retryAfterMs / 1000)} s)` : '';
    return { code: error.code, message: `${error.kind}: ${error.detail}${wait}`.slice(0, 500) };
  }
  if (error instanceof AppError) return { code: error.code, message: serverMessage(error.code, error.params, 'en').slice(0, 500) };
  return { code: ErrorCodes.INTERNAL, message: (error instanceof Error ? error.message : String(error)).slice(0, 500) };
}

/** Why this store cannot be pushed to now, as the error to answer; null when it can. */
export function storeRefusal(store: StoreRecord, now: Date): AppError | null {
  const params = { field: 'storeId', storeId: store.id, name: store.name };
  if (store.storeType !== 1) return new AppError(StockSyncErrors.STORE_NOT_ONLINE, 400, params);
  if (!store.usable) return new AppError(StockSyncErrors.STORE_DISABLED, 409, params);
  const state = storeAuthState({ requiresAuthorization: findPlatform(store.platformCode)?.requiresAuthorization ?? true, authStatus: store.authStatus, tokenExpiresAt: store.tokenExpiresAt, authorizationExpiresAt: store.authorizationExpiresAt }, now);
  if (state === 'NONE') return new AppError(StockSyncErrors.STORE_NOT_AUTHORIZED, 409, params);
  if (state === 'EXPIRED' && !store.refreshToken) return new AppError(StockSyncErrors.STORE_AUTH_EXPIRED, 409, params);
  return null;
}

export function createStockSyncRunner(deps: RunnerDeps) {
  const { db, pool } = deps.database;
  const { now } = deps;
  const stores = () => deps.registry.get<StoresAreaService>('stores');

  /**
   * Records a push request for each target in the caller's transaction. An online SKU that
   * already waits (REQUEST) is not requested twice. Open failures of the targets are closed
   * (STOP: RETRIED by a retry, SUPERSEDED otherwise): the new record carries on, with the next
   * attempt number.
   */
  async function createRequests(
    tx: Tx,
    domainId: number,
    storeId: number,
    targets: readonly PushTarget[],
    trigger: StockSyncTrigger,
    actor: OperationActor,
  ): Promise<StockSyncRequestResult & { recordIds: number[] }> {
    // Requests of one store take turns, so two at once cannot both find nothing waiting.
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE + 1}, ${lockKey(storeId)})`);
    const rowIds = targets.map((t) => t.tbSkuRowId);
    if (!rowIds.length) return { requested: 0, alreadyPending: 0, recordIds: [] };
    const open = await tx
      .select({ id: stockSyncRecords.id, tbSkuRowId: stockSyncRecords.tbSkuRowId, status: stockSyncRecords.status, attempt: stockSyncRecords.attempt })
      .from(stockSyncRecords)
      .where(and(eq(stockSyncRecords.domainId, domainId), eq(stockSyncRecords.storeId, storeId), textsIn(stockSyncRecords.status, ['REQUEST', 'FAILURE']), idsIn(stockSyncRecords.tbSkuRowId, rowIds)))
      .orderBy(stockSyncRecords.id);
    const waiting = new Set(open.filter((r) => r.status === 'REQUEST').map((r) => r.tbSkuRowId));
    const failures = open.filter((r) => r.status === 'FAILURE');
    const fresh = targets.filter((t) => !waiting.has(t.tbSkuRowId));
    const at = now();
    const inserted = fresh.length
      ? await tx
          .insert(stockSyncRecords)
          .values(
            fresh.map((t) => {
              const previous = failures.filter((f) => f.tbSkuRowId === t.tbSkuRowId);
              const latest = previous[previous.length - 1];
              return {
                domainId,
                storeId,
                tbSkuRowId: t.tbSkuRowId,
                tbSkuId: t.tbSkuId,
                skuId: t.skuId,
                skuCode: t.skuCode,
                status: 'REQUEST',
                trigger,
                attempt: latest ? Math.max(...previous.map((f) => f.attempt)) + 1 : 1,
                retryOfId: latest?.id ?? null,
                requestedBy: actor.userId,
                requestedByName: actor.loginName,
                createdAt: at,
                updatedAt: at,
              };
            }),
          )
          .returning({ id: stockSyncRecords.id, tbSkuRowId: stockSyncRecords.tbSkuRowId })
      : [];
    const freshRows = new Set(fresh.map((t) => t.tbSkuRowId));
    const retried = failures.filter((f) => freshRows.has(f.tbSkuRowId)).map((f) => f.id);
    const superseded = failures.filter((f) => !freshRows.has(f.tbSkuRowId)).map((f) => f.id);
    const close = async (recordIds: number[], reason: 'RETRIED' | 'SUPERSEDED') => {
      if (!recordIds.length) return;
      await tx
        .update(stockSyncRecords)
        .set({ status: 'STOP', stopReason: reason, updatedAt: at, version: sql`${stockSyncRecords.version} + 1` })
        .where(and(eq(stockSyncRecords.domainId, domainId), idsIn(stockSyncRecords.id, recordIds), eq(stockSyncRecords.status, 'FAILURE')));
    };
    await close(retried, trigger === 'RETRY' ? 'RETRIED' : 'SUPERSEDED');
    await close(superseded, 'SUPERSEDED');
    const result = { requested: inserted.length, alreadyPending: targets.length - fresh.length };
    await writeOperationLog(tx, actor, {
      area: AREA,
      entityType: 'store',
      entityId: storeId,
      action: trigger === 'AUTO' ? 'AUTO_SYNC' : trigger === 'RETRY' ? 'RETRY_SYNC' : 'MANUAL_SYNC',
      after: { ...result, closedFailures: retried.length + superseded.length, tbSkuIds: fresh.slice(0, 50).map((t) => t.tbSkuId) },
    });
    return { ...result, recordIds: inserted.map((r) => r.id) };
  }

  /** Records left SENDING by a runner that stopped are failures: nobody knows what arrived. */
  async function failInterrupted(domainId: number, storeId: number): Promise<void> {
    await db
      .update(stockSyncRecords)
      .set({
        status: 'FAILURE',
        errorCode: StockSyncErrors.INTERRUPTED,
        errorMessage: 'the push was interrupted before the marketplace answered',
        finishedAt: now(),
        updatedAt: now(),
        version: sql`${stockSyncRecords.version} + 1`,
      })
      .where(and(eq(stockSyncRecords.domainId, domainId), eq(stockSyncRecords.storeId, storeId), eq(stockSyncRecords.status, 'SENDING')));
  }

  async function hasWaiting(domainId: number, storeId: number): Promise<boolean> {
    const rows = await db
      .select({ id: stockSyncRecords.id })
      .from(stockSyncRecords)
      .where(and(eq(stockSyncRecords.domainId, domainId), eq(stockSyncRecords.storeId, storeId), eq(stockSyncRecords.status, 'REQUEST')))
      .limit(1);
    return rows.length > 0;
  }

  interface Outcome {
    record: StockSyncRecord;
    status: 'SUCCESS' | 'FAILURE' | 'STOP';
    available: number | null;
    quantity: number | null;
    errorCode: string | null;
    errorMessage: string | null;
    stopReason: 'UNMAPPED' | null;
  }

  /** Claims up to PUSH_BATCH waiting records of the store and pushes them; false when none waited. */
  async function pushBatch(domainId: number, storeId: number): Promise<boolean> {
    const claimed = await db.transaction(async (tx) => {
      const result = await tx.execute<{ id: number }>(sql`
        update stock_sync_records set status = 'SENDING', sent_at = ${now().toISOString()}, updated_at = ${now().toISOString()}, version = version + 1
        where id in (select id from stock_sync_records where domain_id = ${domainId} and store_id = ${storeId} and status = 'REQUEST' order by id limit ${PUSH_BATCH} for update skip locked)
        returning id`);
      const recordIds = result.rows.map((r) => Number(r.id));
      if (!recordIds.length) return [];
      return tx
        .select()
        .from(stockSyncRecords)
        .where(and(eq(stockSyncRecords.domainId, domainId), idsIn(stockSyncRecords.id, recordIds)))
        .orderBy(stockSyncRecords.id);
    });
    if (!claimed.length) return false;

    const outcomes: Outcome[] = [];
    const fail = (record: StockSyncRecord, code: string, message: string, computed?: { available: number; quantity: number }) =>
      outcomes.push({ record, status: 'FAILURE', available: computed?.available ?? null, quantity: computed?.quantity ?? null, errorCode: code, errorMessage: message, stopReason: null });
    try {
      const rules = await rulesOfStores(db, domainId, [storeId]);
      const mapped = await mappedOnlineSkus(db, domainId, storeId, { tbSkuRowIds: claimed.map((r) => r.tbSkuRowId) });
      const computed = new Map((await computeQuantities(db, domainId, rules, mapped.rows)).map((c) => [c.tbSkuRowId, c]));
      const toPush: { record: StockSyncRecord; available: number; quantity: number; tbSkuId: string }[] = [];
      for (const record of claimed) {
        const row = computed.get(record.tbSkuRowId);
        if (!row) {
          outcomes.push({
            record,
            status: 'STOP',
            available: null,
            quantity: null,
            errorCode: StockSyncErrors.UNMAPPED,
            errorMessage: 'the online SKU is no longer mapped to a system SKU',
            stopReason: 'UNMAPPED',
          });
        } else if (!rules.length) {
          fail(record, StockSyncErrors.NO_RULES, 'the store has no sync rule (no warehouse to draw on)');
        } else {
          toPush.push({ record, available: row.available, quantity: row.quantity, tbSkuId: row.tbSkuId });
        }
      }
      if (toPush.length) {
        let answers: Map<string, PushResult> | null = null;
        let failure: { code: string; message: string } | null = null;
        try {
          const connection = await stores().connectorFor(domainId, storeId);
          const results = await connection.pushStock(toPush.map((p) => ({ tbSkuId: p.tbSkuId, quantity: p.quantity })));
          answers = new Map(results.map((r) => [r.key, r]));
        } catch (error) {
          failure = describeFailure(error);
        }
        for (const p of toPush) {
          const answer = answers?.get(p.tbSkuId);
          if (failure) fail(p.record, failure.code, failure.message, p);
          else if (!answer) fail(p.record, StockSyncErrors.REJECTED, 'the marketplace did not answer for this SKU', p);
          else if (!answer.ok) fail(p.record, StockSyncErrors.REJECTED, (answer.message ?? 'refused by the marketplace').slice(0, 500), p);
          else outcomes.push({ record: p.record, status: 'SUCCESS', available: p.available, quantity: p.quantity, errorCode: null, errorMessage: null, stopReason: null });
        }
      }
    } catch (error) {
      // Anything unexpected fails the records still without an outcome, so none stays SENDING.
      const failure = describeFailure(error);
      const done = new Set(outcomes.map((o) => o.record.id));
      for (const record of claimed) if (!done.has(record.id)) fail(record, failure.code, failure.message);
    }
    await recordOutcomes(domainId, storeId, outcomes);
    return true;
  }

  async function recordOutcomes(domainId: number, storeId: number, outcomes: Outcome[]): Promise<void> {
    const at = now();
    await db.transaction(async (tx) => {
      const rows = outcomes.map((o) => ({
        id: o.record.id,
        status: o.status,
        available: o.available,
        quantity: o.quantity,
        error_code: o.errorCode,
        error_message: o.errorMessage,
        stop_reason: o.stopReason,
      }));
      await tx.execute(sql`
        update stock_sync_records r
        set status = x.status, available = x.available, quantity = x.quantity, error_code = x.error_code, error_message = x.error_message,
            stop_reason = x.stop_reason, finished_at = ${at.toISOString()}, updated_at = ${at.toISOString()}, version = r.version + 1
        from json_to_recordset(${JSON.stringify(rows)}::json)
          as x(id bigint, status text, available int, quantity int, error_code text, error_message text, stop_reason text)
        where r.domain_id = ${domainId} and r.id = x.id`);
      const succeeded = outcomes.filter((o) => o.status === 'SUCCESS');
      if (succeeded.length) {
        await tx
          .insert(stockSyncStates)
          .values(succeeded.map((o) => ({ domainId, storeId, tbSkuRowId: o.record.tbSkuRowId, lastQuantity: o.quantity!, lastPushedAt: at, lastRecordId: o.record.id, createdAt: at, updatedAt: at })))
          .onConflictDoUpdate({
            target: [stockSyncStates.domainId, stockSyncStates.tbSkuRowId],
            set: {
              lastQuantity: sql`excluded.last_quantity`,
              lastPushedAt: sql`excluded.last_pushed_at`,
              lastRecordId: sql`excluded.last_record_id`,
              storeId: sql`excluded.store_id`,
              version: sql`${stockSyncStates.version} + 1`,
              updatedAt: sql`excluded.updated_at`,
            },
          });
      }
      const failed = outcomes.filter((o) => o.status === 'FAILURE');
      await writeOperationLog(tx, SYSTEM_ACTOR(domainId), {
        area: AREA,
        entityType: 'store',
        entityId: storeId,
        action: 'PUSH_STOCK',
        after: {
          succeeded: succeeded.length,
          failed: failed.length,
          stopped: outcomes.length - succeeded.length - failed.length,
          pushed: succeeded.slice(0, 50).map((o) => ({ tbSkuId: o.record.tbSkuId, quantity: o.quantity })),
          ...(failed.length ? { error: failed[0]!.errorMessage } : {}),
        },
      });
    });
  }

  /**
   * Pushes everything waiting for the store, unless another runner holds it (that one picks the
   * new records up). After letting go it looks once more, so a request made just as it finished
   * is not left waiting.
   */
  async function runStore(domainId: number, storeId: number): Promise<void> {
    for (;;) {
      const client = await pool.connect();
      let locked = false;
      try {
        const answer = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1::int, $2::int) as ok', [LOCK_NAMESPACE, lockKey(storeId)]);
        locked = answer.rows[0]?.ok === true;
        if (!locked) return;
        await failInterrupted(domainId, storeId);
        while (await pushBatch(domainId, storeId)) {
          // next batch
        }
      } finally {
        if (locked) await client.query('select pg_advisory_unlock($1::int, $2::int)', [LOCK_NAMESPACE, lockKey(storeId)]).catch(() => {});
        client.release();
      }
      if (!(await hasWaiting(domainId, storeId))) return;
    }
  }

  /** Starts the store's runner: on the job queue, or here and now without one. */
  async function dispatch(domainId: number, storeId: number): Promise<void> {
    if (deps.jobs) await deps.jobs.send(PUSH_JOB, { domainId, storeId });
    else await runStore(domainId, storeId);
  }

  /** A failed SKU is pushed again by the auto sync only after a pause that grows per attempt. */
  function backoffOver(attempt: number, finishedAt: Date | null): boolean {
    if (!finishedAt) return true;
    const pause = Math.min(AUTO_BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1), AUTO_BACKOFF_MAX_MS);
    return now().getTime() - finishedAt.getTime() >= pause;
  }

  /**
   * The auto sync of one store: requests the mapped online SKUs whose quantity differs from the
   * last one the store accepted (or never pushed), then pushes them. Skips a store that is off,
   * disabled or not authorized. Answers the number of SKUs requested.
   */
  async function autoSyncStore(domainId: number, storeId: number): Promise<number> {
    const store = await stores().getStore(domainId, storeId);
    if (!store || storeRefusal(store, now())) return 0;
    const config = (store.syncConfig ?? {}) as { autoSyncStock?: boolean };
    if (config.autoSyncStock !== true) return 0;
    const rules = await rulesOfStores(db, domainId, [storeId]);
    if (!rules.length) return 0;
    const mapped = await mappedOnlineSkus(db, domainId, storeId);
    const computed = await computeQuantities(db, domainId, rules, mapped.rows);
    const due = computed.filter(
      (c) => c.changed && c.lastStatus !== 'REQUEST' && c.lastStatus !== 'SENDING' && (c.lastStatus !== 'FAILURE' || backoffOver(c.lastAttempt, c.lastFinishedAt)),
    );
    if (!due.length) return 0;
    const result = await db.transaction((tx) => createRequests(tx, domainId, storeId, due.map(targetOf), 'AUTO', SYSTEM_ACTOR(domainId)));
    if (result.requested) await runStore(domainId, storeId);
    return result.requested;
  }

  /** The scheduled run: every enabled marketplace store with auto sync on and a rule. */
  async function runAutoSync(): Promise<{ stores: number; requested: number }> {
    const eligible = await db.execute<{ domain_id: number; id: number }>(sql`
      select s.domain_id, s.id from stores s
      where s.store_type = 1 and s.usable and coalesce((s.sync_config ->> 'autoSyncStock')::boolean, false)
        and exists (select 1 from stock_sync_rules r where r.domain_id = s.domain_id and r.store_id = s.id)
      order by s.domain_id, s.id`);
    let requested = 0;
    for (const row of eligible.rows) {
      try {
        requested += await autoSyncStore(Number(row.domain_id), Number(row.id));
      } catch (error) {
        deps.log?.(`[stocksync] auto sync of store ${row.id} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return { stores: eligible.rows.length, requested };
  }

  deps.jobs?.define({ name: PUSH_JOB, handler: (data) => runStore(Number(data.domainId), Number(data.storeId)) });
  deps.jobs?.define({
    name: AUTO_JOB,
    cron: process.env.STOCK_SYNC_CRON || '*/5 * * * *',
    // Recorded as the run's items: the pushes requested.
    handler: async () => ({ items: (await runAutoSync()).requested }),
  });

  return { createRequests, dispatch, runStore, autoSyncStore, runAutoSync };
}

export const targetOf = (sku: Pick<MappedOnlineSku, 'tbSkuRowId' | 'tbSkuId' | 'skuId' | 'skuCode'>): PushTarget => ({
  tbSkuRowId: sku.tbSkuRowId,
  tbSkuId: sku.tbSkuId,
  skuId: sku.skuId,
  skuCode: sku.skuCode,
});

export type StockSyncRunner = ReturnType<typeof createStockSyncRunner>;
