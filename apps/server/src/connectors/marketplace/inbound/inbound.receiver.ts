// The one receiver of the marketplaces' pushed order messages (issue #18 must-have 6). Each request
// is checked in this order: the platform's verifier (verifiers.ts) reads it and checks that the
// platform sent it; every message's time must be within the platform's window of our clock (an
// old message sent again is a replay and is refused); the shop each names must be one of our
// stores. Then, in one transaction, each message is kept once per (platform, app, message id) in
// the store's domain: a message received before (a duplicate, or a replay within the window) is
// answered "ok" and not processed again. A new message of a store that pulls orders is QUEUED and
// the store's order pull is scheduled (inbound.processor.ts); one of a store that does not
// (disabled, not authorised, automatic order sync off) is kept as IGNORED with the reason.
// Nothing is kept from a refused request. The keeping (keepMessages) is shared with the messages the
// app fetches itself (Taobao's TMC, ../taobao/taobao.tmc.ts), which keeps those of a seller with no
// store here as ignored instead of refusing them.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { marketplaceInboundMessages, marketplaceUnmatchedMessages, stores } from '../../../db/schema/index.js';
import type { JobQueue } from '../../../platform/jobs.js';
import type { Answer, InboundMessage, InboundRequest, InboundVerifier } from './verifiers.js';

export const INBOUND_PROCESS_JOB = 'marketplace-inbound.process';

export interface InboundReceiverDeps {
  db: Db;
  verifiers: Map<string, InboundVerifier>;
  jobs: JobQueue | null;
  now: () => Date;
  log?: (message: string) => void;
}

interface StoreRef {
  domainId: number;
  id: number;
  platformShopId: string;
  usable: boolean;
  storeType: number;
  authStatus: string;
  syncConfig: unknown;
}

/** Why a store's messages are not processed, or null when its orders are pulled. */
export function notPulledBecause(store: Pick<StoreRef, 'usable' | 'storeType' | 'authStatus' | 'syncConfig'>): string | null {
  if (store.storeType !== 1) return 'not a marketplace store';
  if (!store.usable) return 'the store is disabled';
  if (store.authStatus !== 'AUTHORIZED') return 'the store is not authorised';
  if ((store.syncConfig as { autoSyncOrders?: boolean } | null)?.autoSyncOrders === false) return 'automatic order sync is off';
  return null;
}

export function createInboundReceiver(deps: InboundReceiverDeps) {
  const { db } = deps;

  /**
   * Keeps verified messages of one platform, in one transaction: each once per (platform, app,
   * message id) in the domain of each store of its shop; QUEUED (and the store's job sent in the
   * transaction) or IGNORED with the reason. A message of a shop that is no store here is either
   * left out (the pushes refuse a request naming none: 'unknown') or, with keepUnmatched, kept once
   * as ignored in marketplace_unmatched_messages (a consumed message must be confirmed anyway).
   * Answers how many messages were new.
   */
  async function keepMessages(
    platformCode: string,
    messages: InboundMessage[],
    options: { keepUnmatched?: boolean } = {},
  ): Promise<{ kind: 'kept'; created: number } | { kind: 'unknown'; shopIds: string[] } | { kind: 'failed'; error: string }> {
    // Platform-level lookup: the message names no domain, only the shop's id on the platform.
    const shopIds = [...new Set(messages.map((m) => m.shopId))];
    const found: StoreRef[] = shopIds.length
      ? await db
          .select({ domainId: stores.domainId, id: stores.id, platformShopId: stores.platformShopId, usable: stores.usable, storeType: stores.storeType, authStatus: stores.authStatus, syncConfig: stores.syncConfig })
          .from(stores)
          .where(and(eq(stores.platformCode, platformCode), inArray(stores.platformShopId, shopIds)))
          .then((rows) => rows.filter((r): r is StoreRef => r.platformShopId !== null))
      : [];
    const pairs: { message: InboundMessage; store: StoreRef }[] = [];
    const unmatched: InboundMessage[] = [];
    for (const message of messages) {
      const matching = found.filter((s) => s.platformShopId === message.shopId);
      if (!matching.length) {
        if (!options.keepUnmatched) deps.log?.(`[inbound ${platformCode}] message ${message.messageId}: no store of shop ${message.shopId}`);
        unmatched.push(message);
      }
      // A shop authorised in two domains is two stores: each gets the message. Within a domain, the first store.
      const byDomain = new Map<number, StoreRef>();
      for (const s of matching.sort((a, b) => a.id - b.id)) if (!byDomain.has(s.domainId)) byDomain.set(s.domainId, s);
      for (const store of byDomain.values()) pairs.push({ message, store });
    }
    if (!pairs.length && !options.keepUnmatched) return { kind: 'unknown', shopIds };

    let created = 0;
    try {
      await db.transaction(async (tx) => {
        const toPull = new Map<string, { domainId: number; storeId: number }>();
        for (const { message, store } of pairs) {
          const reason = message.ignoredBecause ?? notPulledBecause(store);
          const [stored] = await tx
            .insert(marketplaceInboundMessages)
            .values({
              domainId: store.domainId,
              storeId: store.id,
              platformCode,
              appKey: message.appKey,
              messageId: message.messageId,
              event: message.event,
              platformNos: message.platformNos,
              sentAt: message.sentAt,
              status: reason ? 'IGNORED' : 'QUEUED',
              outcome: reason,
              processedAt: reason ? deps.now() : null,
              createdAt: deps.now(),
            })
            .onConflictDoNothing()
            .returning({ id: marketplaceInboundMessages.id });
          if (stored) created++;
          // Received before: not processed again.
          if (stored && !reason) toPull.set(`${store.domainId}:${store.id}`, { domainId: store.domainId, storeId: store.id });
        }
        if (options.keepUnmatched) {
          for (const message of unmatched) {
            const [stored] = await tx
              .insert(marketplaceUnmatchedMessages)
              .values({
                platformCode,
                appKey: message.appKey,
                messageId: message.messageId,
                event: message.event,
                shopId: message.shopId,
                platformNos: message.platformNos,
                sentAt: message.sentAt,
                outcome: `no store of seller ${message.shopId} here`,
                createdAt: deps.now(),
              })
              .onConflictDoNothing()
              .returning({ id: marketplaceUnmatchedMessages.id });
            if (stored) created++;
          }
        }
        for (const job of toPull.values()) await deps.jobs?.send(INBOUND_PROCESS_JOB, job, { tx });
      });
    } catch (error) {
      return { kind: 'failed', error: error instanceof Error ? error.message : String(error) };
    }
    return { kind: 'kept', created };
  }

  async function receive(key: string, request: InboundRequest): Promise<Answer> {
    const verifier = deps.verifiers.get(key);
    if (!verifier) throw new Error(`no inbound verifier ${key}`);
    const refuse = (code: string, message: string) => {
      deps.log?.(`[inbound ${key}] refused: ${code} ${message}`);
      return verifier.answer({ ok: false, code, message });
    };
    const verified = await verifier.verify(request);
    if (verified.kind === 'refused') return refuse(verified.code, verified.message);
    if (verified.kind === 'probe') return verifier.answer({ ok: true });

    const now = deps.now().getTime();
    const stale = verified.messages.find((m) => Math.abs(now - m.sentAt.getTime()) > verifier.maxAgeMs);
    if (stale) return refuse('REPLAYED', `message ${stale.messageId} was sent at ${stale.sentAt.toISOString()}, outside ${Math.round(verifier.maxAgeMs / 60_000)} minutes of our clock`);

    const kept = await keepMessages(verifier.platformCode, verified.messages);
    if (kept.kind === 'unknown') return refuse('UNKNOWN_SHOP', `no store of shop ${kept.shopIds.join(', ')}`);
    if (kept.kind === 'failed') {
      deps.log?.(`[inbound ${key}] not kept: ${kept.error}`);
      return verifier.answer({ ok: false, code: 'SYSTEM_ERROR', message: 'the message could not be kept now; send it again' });
    }
    return verifier.answer({ ok: true });
  }

  return { receive, keepMessages };
}

export type InboundReceiver = ReturnType<typeof createInboundReceiver>;
