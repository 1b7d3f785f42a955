// Processing of the kept order messages: a job per store (sent in the transaction that kept the
// message) claims the store's QUEUED messages and refreshes the orders through the ordinary order
// pull of the orders area (trigger PUSH): the same connector, pipeline, watermark and sync record as
// the scheduled pull, never a second ingest. The pull reads the marketplace's current state (orders,
// then after-sales), so duplicates and out-of-order messages cannot undo a later change.
//
// Claiming is one UPDATE … WHERE status = 'QUEUED' that stamps claimed_at and counts the attempt: a
// message is taken by one pull only, and a burst of messages of one store is one pull (the later
// jobs find nothing left to claim). Only the claim that took a message records its outcome (the
// final UPDATE matches its claimed_at), so a message is processed — recorded — exactly once.
//
// A store whose pull is backed off after failures is not pulled: its messages stay QUEUED until
// the back-off ends (the orders area owns the back-off: pullBackedOffUntil). The sweep (every
// minute) sends the job again for stores with QUEUED messages that are due, and gives back to
// QUEUED the messages a pull claimed but never finished (a process stopped mid-pull): PROCESSING
// for longer than the processing timeout. A message reclaimed MAX_ATTEMPTS times is FAILED.
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { marketplaceInboundMessages } from '../../../db/schema/index.js';
import type { JobQueue } from '../../../platform/jobs.js';
import type { ServiceRegistry } from '../../../platform/module.js';
import type { OperationActor } from '../../../platform/operation-log.js';
import type { OrderSyncRunRow } from '@openseller/core';
import { INBOUND_PROCESS_JOB } from './inbound.receiver.js';

/** What the processor needs of the orders area's ingest ('order-ingest'). */
export interface OrderPuller {
  pullStoreOrders(domainId: number, storeId: number, trigger: 'PUSH', actor: OperationActor): Promise<OrderSyncRunRow>;
  /** When the store's pull is backed off after failures: the time it may pull again; null when it may now. */
  pullBackedOffUntil(domainId: number, storeId: number): Promise<Date | null>;
}

/** Claims of one message before it is given up (each reclaim follows a pull that never finished). */
export const MAX_ATTEMPTS = 3;
/** A claim older than this is taken as lost (longer than any pull: the job itself expires after 10 minutes). */
export const DEFAULT_PROCESSING_TIMEOUT_MS = 15 * 60_000;

export function createInboundProcessor(deps: { db: Db; registry: ServiceRegistry; jobs: JobQueue | null; now: () => Date; processingTimeoutMs?: number }) {
  const { db } = deps;
  const timeoutMs = deps.processingTimeoutMs ?? DEFAULT_PROCESSING_TIMEOUT_MS;
  const puller = () => deps.registry.find<OrderPuller>('order-ingest');
  const m = marketplaceInboundMessages;

  /** Pulls the store's orders for its queued messages; answers how many messages it took. */
  async function processStore(domainId: number, storeId: number): Promise<number> {
    const ingest = puller();
    // Backed off: the messages wait (the sweep sends the job again when the back-off is over).
    if (ingest && (await ingest.pullBackedOffUntil(domainId, storeId))) return 0;
    const claimedAt = deps.now();
    const claimed = await db
      .update(m)
      .set({ status: 'PROCESSING', claimedAt, attempts: sql`${m.attempts} + 1` })
      .where(and(eq(m.domainId, domainId), eq(m.storeId, storeId), eq(m.status, 'QUEUED')))
      .returning({ id: m.id });
    if (!claimed.length) return 0;
    let status: 'PROCESSED' | 'FAILED';
    let outcome: string;
    let syncRunId: number | null = null;
    try {
      if (!ingest) throw new Error('the orders area is not part of this build');
      const run = await ingest.pullStoreOrders(domainId, storeId, 'PUSH', { userId: null, loginName: 'marketplace-push', domainId });
      syncRunId = run.id;
      status = run.status === 'SUCCESS' ? 'PROCESSED' : 'FAILED';
      outcome = run.status === 'SUCCESS' ? `orders pulled: ${run.pulled} (${run.created} new, ${run.updated} changed)` : (run.errorMsg ?? 'the order pull failed');
    } catch (error) {
      status = 'FAILED';
      outcome = error instanceof Error ? error.message : String(error);
    }
    // Only this claim's messages: one reclaimed meanwhile (this pull outlived the timeout) is the later claim's.
    await db
      .update(m)
      .set({ status, outcome: outcome.slice(0, 1000), syncRunId, processedAt: deps.now() })
      .where(and(eq(m.domainId, domainId), inArray(m.id, claimed.map((c) => c.id)), eq(m.status, 'PROCESSING'), eq(m.claimedAt, claimedAt)));
    return claimed.length;
  }

  /**
   * Gives back the claims no pull finished (PROCESSING past the timeout: QUEUED again, or FAILED
   * after MAX_ATTEMPTS claims), then sends the job of every store with QUEUED messages whose pull
   * is not backed off. Answers the stores sent.
   */
  async function sweep(): Promise<number> {
    const staleBefore = new Date(deps.now().getTime() - timeoutMs);
    // The installation's sweep reads across domains (like the scheduled pull's store list); each change is made within its domain.
    const stale = await db
      .select({ domainId: m.domainId, id: m.id, attempts: m.attempts })
      .from(m)
      .where(and(eq(m.status, 'PROCESSING'), lt(m.claimedAt, staleBefore)));
    for (const row of stale) {
      const givenUp = row.attempts >= MAX_ATTEMPTS;
      await db
        .update(m)
        .set(givenUp ? { status: 'FAILED', outcome: `the pull that took it did not finish, ${row.attempts} times`, processedAt: deps.now() } : { status: 'QUEUED' })
        // Still a lost claim (a late finish of that pull, or another sweep, did not change it meanwhile).
        .where(and(eq(m.domainId, row.domainId), eq(m.id, row.id), eq(m.status, 'PROCESSING'), lt(m.claimedAt, staleBefore)));
    }
    const waiting = await db.selectDistinct({ domainId: m.domainId, storeId: m.storeId }).from(m).where(eq(m.status, 'QUEUED'));
    const ingest = puller();
    let sent = 0;
    for (const store of waiting) {
      if (ingest && (await ingest.pullBackedOffUntil(store.domainId, store.storeId))) continue;
      await deps.jobs?.send(INBOUND_PROCESS_JOB, store);
      sent++;
    }
    return sent;
  }

  return { processStore, sweep };
}
