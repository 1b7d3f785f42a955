// The sandbox marketplace pushes order-change messages like a real platform: after an order of a
// shop that pushes (pushMessages) was created or changed, it posts one signed message per order
// to this installation's receiver, POST /open/marketplace/messages/sandbox (x-sandbox-app-key,
// x-sandbox-timestamp in ms, x-sandbox-signature = hex HMAC-SHA256(secret, timestamp \n body)).
// The message id is the shop, order and change time: a repeat of the same change carries the same
// id. Like a real platform it fails in three ways, queued per shop (pushFailures) and taken one a
// push: DUPLICATE (sent twice), OUT_OF_ORDER (held back and sent after the shop's next push) and
// WRONG_SIGNATURE (signed with another secret). What the receiver answered is in the shop's call
// log (operation pushMessage). Delivery is after the change committed and does not hold up the
// console; it goes through the app's HTTP handling (inject), the same route a platform reaches.
import { and, eq, sql } from 'drizzle-orm';
import type { SandboxPushFailure } from '@openseller/core';
import type { Db } from '../../../db/client.js';
import { sandboxCalls, sandboxShops } from '../../../db/schema/index.js';
import { SANDBOX_PUSH_APP_KEY, sandboxPushSecret, sandboxPushSignature } from '../inbound/verifiers.js';
import type { SandboxShop } from './sandbox.connector.js';

export const SANDBOX_PUSH_PATH = '/open/marketplace/messages/sandbox';

export interface SandboxOrderEvent {
  orderNo: string;
  /** ORDER_CREATED or ORDER_CHANGED. */
  event: string;
  updatedAt: Date;
}

/** Posts to the receiver; answers its HTTP status and body. */
export type PushDelivery = (path: string, headers: Record<string, string>, body: string) => Promise<{ status: number; body: string }>;

interface Outgoing {
  body: string;
  headers: Record<string, string>;
  orderNo: string;
  fault: SandboxPushFailure | null;
}

export function createSandboxPusher(deps: { db: Db; deliver: PushDelivery; now: () => Date; log?: (message: string) => void }) {
  const { db } = deps;
  /** Messages held back (OUT_OF_ORDER) per shop, sent after the shop's next push. */
  const held = new Map<number, Outgoing[]>();
  let pending: Promise<void> = Promise.resolve();

  /** Whether the shop pushes, and the fault for this push (taken from its queue). */
  async function takeFault(shop: SandboxShop): Promise<{ pushes: boolean; fault: SandboxPushFailure | null }> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .select({ pushMessages: sandboxShops.pushMessages, pushFailures: sandboxShops.pushFailures })
        .from(sandboxShops)
        .where(and(eq(sandboxShops.domainId, shop.domainId), eq(sandboxShops.id, shop.id)))
        .for('update');
      if (!row?.pushMessages) return { pushes: false, fault: null };
      const queue = row.pushFailures as SandboxPushFailure[];
      if (!queue.length) return { pushes: true, fault: null };
      await tx
        .update(sandboxShops)
        .set({ pushFailures: sql`${JSON.stringify(queue.slice(1))}::jsonb` })
        .where(and(eq(sandboxShops.domainId, shop.domainId), eq(sandboxShops.id, shop.id)));
      return { pushes: true, fault: queue[0]! };
    });
  }

  function message(shop: SandboxShop, change: SandboxOrderEvent, fault: SandboxPushFailure | null): Outgoing {
    const timestamp = String(deps.now().getTime());
    const body = JSON.stringify({
      msgId: `${shop.shopKey}-${change.orderNo}-${change.updatedAt.getTime()}`,
      shopKey: shop.shopKey,
      event: change.event,
      orderNo: change.orderNo,
      updatedAt: change.updatedAt.toISOString(),
    });
    const secret = fault === 'WRONG_SIGNATURE' ? `${sandboxPushSecret()}-wrong` : sandboxPushSecret();
    return {
      body,
      orderNo: change.orderNo,
      fault,
      headers: {
        'content-type': 'application/json',
        'x-sandbox-app-key': SANDBOX_PUSH_APP_KEY,
        'x-sandbox-timestamp': timestamp,
        'x-sandbox-signature': sandboxPushSignature(secret, timestamp, body),
      },
    };
  }

  async function send(shop: SandboxShop, out: Outgoing): Promise<void> {
    let outcome = 'OK';
    let text: string;
    try {
      const answer = await deps.deliver(SANDBOX_PUSH_PATH, out.headers, out.body);
      text = answer.body.slice(0, 500);
      const parsed = JSON.parse(answer.body) as { code?: number };
      if (answer.status !== 200 || parsed.code !== 0) outcome = 'REJECTED';
    } catch (error) {
      outcome = 'ERROR';
      text = error instanceof Error ? error.message : String(error);
    }
    await db
      .insert(sandboxCalls)
      .values({ domainId: shop.domainId, shopId: shop.id, operation: 'pushMessage', outcome, message: text, payload: { orderNo: out.orderNo, fault: out.fault, body: out.body } })
      .catch((e: unknown) => deps.log?.(`[sandbox push] recording: ${String(e)}`));
  }

  async function push(shop: SandboxShop, changes: SandboxOrderEvent[]): Promise<void> {
    const { pushes, fault } = await takeFault(shop);
    if (!pushes || !changes.length) return;
    const batch = changes.map((c) => message(shop, c, fault));
    const earlier = held.get(shop.id) ?? [];
    held.delete(shop.id);
    if (fault === 'OUT_OF_ORDER') {
      // Held back: sent after the shop's next push (later changes arrive first).
      held.set(shop.id, [...earlier, ...batch]);
      return;
    }
    for (const out of batch) {
      await send(shop, out);
      if (fault === 'DUPLICATE') await send(shop, out);
    }
    for (const out of earlier) await send(shop, out);
  }

  return {
    /** Pushes the shop's order changes (when it pushes), after the caller's change committed. */
    orderChanged(shop: SandboxShop, changes: SandboxOrderEvent[]): void {
      pending = pending.then(() => push(shop, changes)).catch((e: unknown) => deps.log?.(`[sandbox push] ${String(e)}`));
    },
    /** Resolves when every push asked for so far was delivered (tests). */
    idle: (): Promise<void> => pending,
  };
}

export type SandboxPusher = ReturnType<typeof createSandboxPusher>;
