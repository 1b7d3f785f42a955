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
import { ConnectorError, type PlatformReceiver } from '../../../connectors/marketplace/connector.js';
import type { StoresAreaService } from '../../stores/index.js';

/** Whether the session may see receivers in full: the platform's rule (main accounts hold every user field). */
export { canRevealReceivers };

/** One log entry per order: who saw (or was refused) which order's receiver, when, and why. */
export async function logReveals(tx: Tx, actor: OperationActor, ids: readonly number[], scene: RevealScene | 'EXPORT', refused = false): Promise<void> {
  await writeOperationLogsForIds(tx, actor, { area: ORDERS_AREA, entityType: ORDER_LOG_ENTITY_KIND, action: refused ? 'revealReceiverRefused' : 'revealReceiver', after: { scene } }, ids);
}

const PRINTABLE: readonly string[] = [ORDER_STATUS.VERIFIED, ORDER_STATUS.SEND, ORDER_STATUS.SYNCED];

export function createRevealService(deps: { database: Database; stores?: () => StoresAreaService }) {
  const { db } = deps.database;

  /**
   * Receivers the marketplace keeps encrypted (the order's platform payload names a receiverRef,
   * Taobao's oaid), decrypted by the store's marketplace now, by order id; never stored. Orders
   * whose marketplace does not decrypt keep the receiver stored at ingest. A failed decryption
   * fails the reveal with the marketplace's reason (the rows stay masked, nothing is logged as seen).
   */
  async function platformReceivers(domainId: number, ids: readonly number[]): Promise<Map<number, PlatformReceiver>> {
    const out = new Map<number, PlatformReceiver>();
    if (!deps.stores || !ids.length) return out;
    const refs = await db.execute<{ order_id: string; store_id: string; store_name: string; platform_no: string; ref: string }>(sql`
      select distinct on (p.erp_order_id) p.erp_order_id as order_id, p.store_id, s.name as store_name, p.platform_no, p.payload->>'receiverRef' as ref
      from platform_orders p join stores s on s.domain_id = p.domain_id and s.id = p.store_id
      where p.domain_id = ${domainId} and p.erp_order_id = any(${bigintArray([...ids])}) and coalesce(p.payload->>'receiverRef', '') <> ''
      order by p.erp_order_id, p.id`);
    const byStore = new Map<number, typeof refs.rows>();
    for (const r of refs.rows) byStore.set(Number(r.store_id), [...(byStore.get(Number(r.store_id)) ?? []), r]);
    for (const [storeId, rows] of byStore) {
      try {
        const connection = await deps.stores().connectorFor(domainId, storeId);
        const answered = await connection.decryptReceivers(rows.map((r) => ({ platformNo: r.platform_no, receiverRef: r.ref })));
        if (!answered) continue;
        const byNo = new Map(answered.map((a) => [a.platformNo, a]));
        for (const r of rows) {
          const receiver = byNo.get(r.platform_no);
          if (receiver) out.set(Number(r.order_id), receiver);
        }
      } catch (error) {
        const detail = error instanceof ConnectorError ? error.detail : error instanceof AppError ? error.code : String((error as Error)?.message ?? error);
        throw new AppError(OrderRevealErrors.PLATFORM_DECRYPT, 502, { store: rows[0]!.store_name, platformNo: rows[0]!.platform_no, detail });
      }
    }
    return out;
  }

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
    // The marketplace's decryption runs before the transaction: a call to another service does not hold one open.
    const decrypted = await platformReceivers(domainId, foundIds);
    return db.transaction(async (tx) => {
      const rows = await loadOrderRows(tx, domainId, foundIds, { reveal: true });
      await logReveals(tx, actorOf(session), rows.map((r) => r.id), scene);
      const voList: RevealedReceiver[] = rows.map((o) => {
        const p = decrypted.get(o.id);
        return {
          id: o.id,
          code: o.code,
          receiverName: p ? p.name : o.receiverName,
          receiverPhone: p ? p.phone : o.receiverPhone,
          receiverTel: p ? p.tel : o.encryptReceiverTel,
          receiverProvince: p?.province ?? o.receiverProvince,
          receiverCity: p?.city ?? o.receiverCity,
          receiverDistrict: p?.district ?? o.receiverDistrict,
          receiverAddress: p ? p.address : o.receiverAddress,
        };
      });
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
