// Receivers behind a security step (issue 21 must-have 3). Every answer of the orders area carries
// masked receivers (orders.model.ts); the full name, phone and address leave the server only here
// (and on a printed label, printing.service.ts), to an account holding the user field
// RECEIVER_DECRYPT. Each reveal writes one operation-log entry per order (area orders, action
// revealReceiver, with the scene), and each refused reveal one revealReceiverRefused — written in
// its own transaction so the refusal is recorded although the call fails. The log centre's
// document log (area orders) and the order's history read them.
import {
  ORDER_STATUS,
  OrderRevealErrors,
  RECEIVER_REVEAL_FIELD,
  type DecryptInput,
  type DecryptResult,
  type PrepareDecryptInput,
  type PrepareDecryptResult,
  type RevealScene,
  type RevealedReceiver,
  ORDER_LOG_ENTITY_KIND,
} from '@openseller/core';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.js';
import { AppError, notFound } from '../../../platform/errors.js';
import { canRevealReceivers } from '../../../platform/field-permissions.js';
import { writeOperationLogsForIds, type OperationActor } from '../../../platform/operation-log.js';
import type { Session } from '../../../platform/sessions.js';
import { bigintArray } from '../../../platform/sql.js';
import { loadOrderRows, ORDERS_AREA } from '../orders.model.js';
import { actorOf, domainOf } from '../session-helpers.js';

/** Whether the session may see receivers in full: the platform's rule (main accounts hold every user field). */
export { canRevealReceivers };

/** One log entry per order: who saw (or was refused) which order's receiver, when, and why. */
export async function logReveals(tx: Tx, actor: OperationActor, ids: readonly number[], scene: RevealScene | 'EXPORT', refused = false): Promise<void> {
  await writeOperationLogsForIds(tx, actor, { area: ORDERS_AREA, entityType: ORDER_LOG_ENTITY_KIND, action: refused ? 'revealReceiverRefused' : 'revealReceiver', after: { scene } }, ids);
}

const PRINTABLE: readonly string[] = [ORDER_STATUS.VERIFIED, ORDER_STATUS.SEND, ORDER_STATUS.SYNCED];

export function createRevealService(deps: { database: Database }) {
  const { db } = deps.database;

  async function existing(domainId: number, ids: readonly number[]): Promise<Map<number, { code: string; status: string }>> {
    const rows = await db.execute<{ id: number; code: string; status_code: string }>(
      sql`select id, code, status_code from erp_orders where domain_id = ${domainId} and id = any(${bigintArray([...ids])})`,
    );
    return new Map(rows.rows.map((r) => [Number(r.id), { code: r.code, status: r.status_code }]));
  }

  /** Refused: the refusal is logged for the domain's orders asked, then the call fails. */
  async function refuse(session: Session, ids: readonly number[], scene: RevealScene): Promise<never> {
    if (ids.length) await db.transaction((tx) => logReveals(tx, actorOf(session), ids, scene, true));
    throw new AppError(OrderRevealErrors.FORBIDDEN, 403, { field: RECEIVER_REVEAL_FIELD });
  }

  async function reveal(session: Session, idList: readonly number[], scene: RevealScene): Promise<DecryptResult> {
    const domainId = domainOf(session);
    const ids = [...new Set(idList)];
    const found = await existing(domainId, ids);
    const foundIds = ids.filter((id) => found.has(id));
    if (!canRevealReceivers(session)) return refuse(session, foundIds, scene);
    if (!foundIds.length) throw notFound('order');
    if (scene === 'PRINT') {
      const unprintable = foundIds.find((id) => !PRINTABLE.includes(found.get(id)!.status));
      if (unprintable !== undefined) {
        const o = found.get(unprintable)!;
        throw new AppError(OrderRevealErrors.PRINT_STATUS, 409, { code: o.code, status: o.status });
      }
    }
    return db.transaction(async (tx) => {
      const rows = await loadOrderRows(tx, domainId, foundIds, { reveal: true });
      await logReveals(tx, actorOf(session), rows.map((r) => r.id), scene);
      const voList: RevealedReceiver[] = rows.map((o) => ({
        id: o.id,
        code: o.code,
        receiverName: o.receiverName,
        receiverPhone: o.receiverPhone,
        receiverTel: o.encryptReceiverTel,
        receiverProvince: o.receiverProvince,
        receiverCity: o.receiverCity,
        receiverDistrict: o.receiverDistrict,
        receiverAddress: o.receiverAddress,
      }));
      return { voList };
    });
  }

  return {
    /** Whether the account may reveal the asked orders, and which of them are the domain's; reveals nothing. */
    async prepare(session: Session, input: PrepareDecryptInput): Promise<PrepareDecryptResult> {
      const domainId = domainOf(session);
      const ids = [...new Set(input.idList)];
      const found = await existing(domainId, ids);
      return { allowed: canRevealReceivers(session), idList: ids.filter((id) => found.has(id)), missingIds: ids.filter((id) => !found.has(id)) };
    },
    decrypt(session: Session, input: DecryptInput): Promise<DecryptResult> {
      return reveal(session, input.idList, input.scene ?? 'VIEW');
    },
    /** The print-time reveal (verifySoHDividualByHand): reviewed, issued or sent orders only. */
    forPrint(session: Session, input: { idList: number[] }): Promise<DecryptResult> {
      return reveal(session, input.idList, 'PRINT');
    },
  };
}

export type RevealService = ReturnType<typeof createRevealService>;
