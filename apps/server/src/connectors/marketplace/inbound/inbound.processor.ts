// Processing of the pushed order messages: a job per store (sent by the receiver in the
// transaction that kept the message) claims the store's QUEUED messages and refreshes the orders
// through the ordinary order pull of the orders area (trigger PUSH): the same connector, pipeline,
// watermark and sync record as the scheduled pull, never a second ingest. The pull reads the
// marketplace's current state, so duplicates and out-of-order messages cannot undo a later change.
// Claiming is one UPDATE … WHERE status = 'QUEUED': a message is taken by one pull only, and a
// burst of messages of one store is one pull (the later jobs find nothing left to claim).
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { marketplaceInboundMessages } from '../../../db/schema/index.js';
import type { ServiceRegistry } from '../../../platform/module.js';
import type { OperationActor } from '../../../platform/operation-log.js';
import type { OrderSyncRunRow } from '@openseller/core';

/** What the processor needs of the orders area's ingest ('order-ingest'). */
export interface OrderPuller {
  pullStoreOrders(domainId: number, storeId: number, trigger: 'PUSH', actor: OperationActor): Promise<OrderSyncRunRow>;
}

export function createInboundProcessor(deps: { db: Db; registry: ServiceRegistry; now: () => Date }) {
  const { db } = deps;

  /** Pulls the store's orders for its queued messages; answers how many messages it took. */
  async function processStore(domainId: number, storeId: number): Promise<number> {
    const claimed = await db
      .update(marketplaceInboundMessages)
      .set({ status: 'PROCESSING' })
      .where(and(eq(marketplaceInboundMessages.domainId, domainId), eq(marketplaceInboundMessages.storeId, storeId), eq(marketplaceInboundMessages.status, 'QUEUED')))
      .returning({ id: marketplaceInboundMessages.id });
    if (!claimed.length) return 0;
    let status: 'PROCESSED' | 'FAILED';
    let outcome: string;
    let syncRunId: number | null = null;
    try {
      const ingest = deps.registry.find<OrderPuller>('order-ingest');
      if (!ingest) throw new Error('the orders area is not part of this build');
      const run = await ingest.pullStoreOrders(domainId, storeId, 'PUSH', { userId: null, loginName: 'marketplace-push', domainId });
      syncRunId = run.id;
      status = run.status === 'SUCCESS' ? 'PROCESSED' : 'FAILED';
      outcome = run.status === 'SUCCESS' ? `orders pulled: ${run.pulled} (${run.created} new, ${run.updated} changed)` : (run.errorMsg ?? 'the order pull failed');
    } catch (error) {
      status = 'FAILED';
      outcome = error instanceof Error ? error.message : String(error);
    }
    await db
      .update(marketplaceInboundMessages)
      .set({ status, outcome: outcome.slice(0, 1000), syncRunId, processedAt: deps.now() })
      .where(and(eq(marketplaceInboundMessages.domainId, domainId), inArray(marketplaceInboundMessages.id, claimed.map((c) => c.id))));
    return claimed.length;
  }

  return { processStore };
}
