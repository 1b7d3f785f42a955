// "Sync online goods" of a marketplace store: a recorded run (QUEUED → RUNNING → SUCCESS or
// FAILED) executed by a background job that pages through the connector's listOnlineGoods and
// hands each page to the online-goods service of the mapping area. Transient failures (timeout,
// rate limit, a marketplace error) are retried per page with a pause; an ended token is refreshed
// once by the store connection; anything else fails the run with its code and message.
import { and, eq, sql } from 'drizzle-orm';
import { ErrorCodes, StoreErrors, type OnlineItemInput, type OnlineItemsUpsertResult, type PageResult, type SyncRunRow } from '@openseller/core';
import type { Database, Tx } from '../../db/client.js';
import { storeSyncRuns } from '../../db/schema/index.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { JobQueue } from '../../platform/jobs.js';
import type { ServiceRegistry } from '../../platform/module.js';
import { writeOperationLog } from '../../platform/operation-log.js';
import type { Session } from '../../platform/sessions.js';
import { ConnectorError, sleep } from '../../connectors/marketplace/connector.js';
import type { StoreConnections } from './store-connections.js';
import { activeSyncRun, authStateOf, findStore, searchSyncRuns, toSyncRunRow } from './stores.queries.js';
import { actorOf, domainOf } from './stores.service.js';
import { textsIn } from '../../platform/sql.js';

export const SYNC_ONLINE_GOODS_JOB = 'stores-sync-online-goods';
export const SYNC_PAGE_SIZE = 50;
const MAX_ATTEMPTS_PER_PAGE = 4;
/** A run not heard of for this long is taken as abandoned (its process stopped). */
const ABANDONED_AFTER_MS = 30 * 60_000;

/** The online-goods service of the mapping area (ctx.registry 'online-goods'). */
export interface OnlineGoodsService {
  upsertOnlineItems(tx: Tx, domainId: number, storeId: number, platformCode: string, items: readonly OnlineItemInput[]): Promise<OnlineItemsUpsertResult>;
}

export interface OnlineGoodsSyncDeps {
  database: Database;
  registry: ServiceRegistry;
  connections: StoreConnections;
  jobs: JobQueue | null;
  now: () => Date;
  /** The first pause between retries; it doubles per attempt (a rate limit says its own). */
  retryBaseMs: number;
}

export function createOnlineGoodsSync(deps: OnlineGoodsSyncDeps) {
  const { db } = deps.database;
  const { now } = deps;

  async function finish(domainId: number, runId: number, values: Partial<typeof storeSyncRuns.$inferInsert>): Promise<void> {
    await db
      .update(storeSyncRuns)
      .set({ ...values, finishedAt: now(), updatedAt: now(), version: sql`${storeSyncRuns.version} + 1` })
      .where(and(eq(storeSyncRuns.domainId, domainId), eq(storeSyncRuns.id, runId)));
  }

  async function run(runId: number, domainId: number): Promise<void> {
    const [claimed] = await db
      .update(storeSyncRuns)
      .set({ status: 'RUNNING', startedAt: now(), updatedAt: now(), version: sql`${storeSyncRuns.version} + 1` })
      .where(and(eq(storeSyncRuns.id, runId), eq(storeSyncRuns.domainId, domainId), eq(storeSyncRuns.status, 'QUEUED')))
      .returning();
    if (!claimed) return;
    const totals = { pages: 0, itemCount: 0, itemsCreated: 0, itemsUpdated: 0, skusCreated: 0, skusUpdated: 0, attempts: 0 };
    try {
      const onlineGoods = deps.registry.find<OnlineGoodsService>('online-goods');
      if (!onlineGoods) throw new AppError(StoreErrors.ONLINE_GOODS_UNAVAILABLE, 501, { detail: 'the online goods mapping area is not part of this build' });
      const connection = await deps.connections.open(domainId, claimed.storeId);
      for (let page = 1; ; page++) {
        let attempt = 0;
        let answer;
        for (;;) {
          attempt++;
          totals.attempts++;
          try {
            answer = await connection.listOnlineGoods({ page, pageSize: SYNC_PAGE_SIZE });
            break;
          } catch (error) {
            if (!(error instanceof ConnectorError) || !error.retryable || attempt >= MAX_ATTEMPTS_PER_PAGE) throw error;
            const pause = error.kind === 'RATE_LIMITED' ? Math.min(error.retryAfterMs ?? deps.retryBaseMs, 10_000) : Math.min(deps.retryBaseMs * 2 ** (attempt - 1), 4_000);
            await sleep(pause);
          }
        }
        if (answer.items.length) {
          const result = await db.transaction((tx) => onlineGoods.upsertOnlineItems(tx, domainId, claimed.storeId, connection.store.platformCode, answer.items));
          totals.itemsCreated += result.itemsCreated;
          totals.itemsUpdated += result.itemsUpdated;
          totals.skusCreated += result.skusCreated;
          totals.skusUpdated += result.skusUpdated;
        }
        totals.pages++;
        totals.itemCount += answer.items.length;
        await db.update(storeSyncRuns).set({ ...totals, updatedAt: now() }).where(and(eq(storeSyncRuns.domainId, domainId), eq(storeSyncRuns.id, runId)));
        if (!answer.hasMore || !answer.items.length) break;
      }
      await finish(domainId, runId, { ...totals, status: 'SUCCESS' });
    } catch (error) {
      const code = error instanceof AppError ? error.code : ErrorCodes.INTERNAL;
      const message =
        error instanceof ConnectorError ? error.detail : error instanceof AppError ? String(error.params.detail ?? error.code) : error instanceof Error ? error.message : String(error);
      await finish(domainId, runId, { ...totals, status: 'FAILED', errorCode: code, errorMessage: message.slice(0, 500) });
    }
  }

  deps.jobs?.define({
    name: SYNC_ONLINE_GOODS_JOB,
    handler: async (data) => run(Number(data.runId), Number(data.domainId)),
  });

  return {
    /** Queues a sync of the store's online goods; refuses at once what cannot work. */
    async request(session: Session, storeId: number): Promise<SyncRunRow> {
      const domainId = domainOf(session);
      if (!deps.jobs) throw new AppError(StoreErrors.JOBS_UNAVAILABLE, 503);
      if (!deps.registry.find('online-goods')) throw new AppError(StoreErrors.ONLINE_GOODS_UNAVAILABLE, 501);
      const store = await findStore(db, domainId, storeId);
      if (!store) throw notFound('store');
      if (store.storeType !== 1) throw new AppError(StoreErrors.NOT_ONLINE, 400, { field: 'id', name: store.name });
      deps.connections.connectors.forPlatform(store.platformCode);
      if (!store.usable) throw new AppError(StoreErrors.DISABLED, 409, { name: store.name });
      const state = authStateOf(store, now());
      if (state === 'NONE') throw new AppError(StoreErrors.NOT_AUTHORIZED, 409, { name: store.name });
      if (state === 'EXPIRED' && !store.refreshToken) throw new AppError(StoreErrors.TOKEN_EXPIRED, 409, { name: store.name });
      const created = await db.transaction(async (tx) => {
        await findStore(tx, domainId, storeId, true);
        const active = await activeSyncRun(tx, domainId, storeId);
        if (active) {
          if (now().getTime() - active.updatedAt.getTime() < ABANDONED_AFTER_MS) throw new AppError(StoreErrors.SYNC_RUNNING, 409, { name: store.name });
          await tx
            .update(storeSyncRuns)
            .set({ status: 'FAILED', errorCode: StoreErrors.CONNECTOR_FAILED, errorMessage: 'abandoned: no progress for 30 minutes', finishedAt: now(), updatedAt: now() })
            .where(and(eq(storeSyncRuns.id, active.id), textsIn(storeSyncRuns.status, ['QUEUED', 'RUNNING'])));
        }
        const [row] = await tx
          .insert(storeSyncRuns)
          .values({ domainId, storeId, kind: 'ONLINE_GOODS', status: 'QUEUED', requestedBy: session.userId, requestedByName: session.loginName, createdAt: now(), updatedAt: now() })
          .returning();
        await writeOperationLog(tx, actorOf(session), { area: 'stores', entityType: 'store', entityId: storeId, action: 'SYNC_ONLINE_GOODS', after: { runId: row!.id } });
        return row!;
      });
      await deps.jobs.send(SYNC_ONLINE_GOODS_JOB, { runId: created.id, domainId });
      return toSyncRunRow(created);
    },

    async searchRuns(session: Session, input: { storeId: number; currentPage: number; pageSize: number }): Promise<PageResult<SyncRunRow>> {
      const domainId = domainOf(session);
      if (!(await findStore(db, domainId, input.storeId))) throw notFound('store');
      const { rows, total } = await searchSyncRuns(db, domainId, input.storeId, input);
      return { voList: rows.map(toSyncRunRow), total, currentPage: input.currentPage, pageSize: input.pageSize };
    },

    /** Runs a queued run in this process (tests, and a process without workers). */
    run,
  };
}

export type OnlineGoodsSync = ReturnType<typeof createOnlineGoodsSync>;
