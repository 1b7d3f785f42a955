// After-sale documents and the marketplaces: the refunds, returns and exchanges a store sync
// pulls become documents (source PLATFORM), one per (domain, store, platform refund id) — a
// later change on the platform updates the mirror of its state (platformStatus, the buyer's
// return parcel), never the local states and never a second document; and the seller's
// decisions on them are written back through the store's connector (TO_SEND → SENT or FAILED).
import { HAS_REFUND, initialStates, type AfterSaleType } from '@openseller/core';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import { afterSaleLines, afterSales, erpOrderLines, erpOrders } from '../../db/schema/index.js';
import { ConnectorError, type AfterSaleDecisionPush, type PlatformAfterSale, type PushResult } from '../../connectors/marketplace/connector.js';
import { AppError } from '../../platform/errors.js';
import { bigintArray } from '../../platform/sql.js';
import { writeOperationLog, type OperationActor } from '../../platform/operation-log.js';
import type { StoresAreaService } from '../stores/index.js';
import { nextAfterSaleCode, type AfterSaleHeader } from './aftersales.queries.js';

const AREA = 'aftersales';
const ENTITY = 'afterSale';
const SHIPPED = 'CI_ERPSOH_STATUS_SEND';
/** Documents written back per run of the job. */
const WRITE_BACK_BATCH = 200;

/** A document whose refund holds its order: under way or done, not closed, not withdrawn or refused on the platform. */
export const ACTIVE_REFUND = sql`${afterSales.refundStatus} in ('VERIFY', 'WAIT', 'FAILURE', 'SUCCESS') and ${afterSales.checkStatus} <> 'CLOSED' and coalesce(${afterSales.platformStatus}, '') not in ('CLOSED', 'SELLER_REFUSE_BUYER')`;

const systemActor = (domainId: number): OperationActor => ({ userId: null, loginName: 'system', domainId });

/** The marketplace's request type as a document type (an unknown word is a refund only). */
export function documentTypeOf(type: string): AfterSaleType {
  return type === 'RETURN_REFUND' || type === 'EXCHANGE' ? type : 'REFUND_ONLY';
}

/**
 * The orders (of those given) that a refund other than `exceptRefundKey` still holds: a
 * document of the order whose refund is under way or done (VERIFY, WAIT, FAILURE, SUCCESS), not
 * closed, and not withdrawn or refused on the platform. A refund's key is its platform refund id,
 * or AS<id> for a document made here.
 */
export async function ordersWithActiveRefunds(tx: Tx, domainId: number, orderIds: number[], exceptRefundKey: string): Promise<Set<number>> {
  if (!orderIds.length) return new Set();
  const rows = await tx
    .selectDistinct({ orderId: afterSales.erpOrderId })
    .from(afterSales)
    .where(
      and(
        eq(afterSales.domainId, domainId),
        sql`${afterSales.erpOrderId} = any(${bigintArray(orderIds)})`,
        ACTIVE_REFUND,
        sql`coalesce(${afterSales.platformRefundId}, 'AS' || ${afterSales.id}) <> ${exceptRefundKey}`,
      ),
    );
  return new Set(rows.map((r) => Number(r.orderId)));
}

export interface AfterSalesPlatformDeps {
  database: Database;
  stores: () => StoresAreaService;
  now: () => Date;
}

export function createAfterSalesPlatform(deps: AfterSalesPlatformDeps) {
  const { db } = deps.database;
  const { now } = deps;

  async function lockByRefundId(tx: Tx, domainId: number, storeId: number, refundId: string): Promise<AfterSaleHeader | undefined> {
    const [row] = await tx
      .select()
      .from(afterSales)
      .where(and(eq(afterSales.domainId, domainId), eq(afterSales.storeId, storeId), eq(afterSales.platformRefundId, refundId)))
      .for('update');
    return row;
  }

  /** The platform's change on a known document: its state mirror and the buyer's parcel, nothing local. */
  async function mirror(tx: Tx, actor: OperationActor, before: AfterSaleHeader, refund: PlatformAfterSale): Promise<boolean> {
    const changes: Partial<typeof afterSales.$inferInsert> = {};
    if (before.platformStatus !== refund.status) changes.platformStatus = refund.status;
    if (refund.buyerExpressNo && !before.buyerExpressNo) {
      changes.buyerExpressNo = refund.buyerExpressNo;
      changes.buyerExpressCompanyCode = before.buyerExpressCompanyCode ?? refund.buyerExpressCompanyCode;
    }
    if (!Object.keys(changes).length) return false;
    const [after] = await tx
      .update(afterSales)
      .set({ ...changes, version: before.version + 1, updatedAt: now() })
      .where(and(eq(afterSales.domainId, before.domainId), eq(afterSales.id, before.id)))
      .returning();
    await writeOperationLog(tx, actor, {
      area: AREA,
      entityType: ENTITY,
      entityId: before.id,
      action: 'platformUpdate',
      before: { platformStatus: before.platformStatus, buyerExpressNo: before.buyerExpressNo },
      after: { platformStatus: after!.platformStatus, buyerExpressNo: after!.buyerExpressNo },
    });
    return true;
  }

  /** A new document from a platform refund: the order (by its platform number in the store), its lines by online SKU. */
  async function insertFromPlatform(tx: Tx, domainId: number, actor: OperationActor, storeId: number, refund: PlatformAfterSale): Promise<number | null> {
    const [order] = await tx
      .select()
      .from(erpOrders)
      .where(and(eq(erpOrders.domainId, domainId), eq(erpOrders.storeId, storeId), sql`${erpOrders.platformNos} @> array[${refund.platformNo}]::text[]`))
      .orderBy(asc(erpOrders.id))
      .limit(1);
    const orderLines = order
      ? await tx
          .select()
          .from(erpOrderLines)
          .where(and(eq(erpOrderLines.domainId, domainId), eq(erpOrderLines.orderId, order.id)))
      : [];
    const type = documentTypeOf(refund.type);
    const taken = new Set<number>();
    const returnLines = refund.lines
      .filter((l) => l.qty > 0)
      .map((l) => {
        const line = orderLines.find((o) => !taken.has(o.id) && o.tbSkuId === l.tbSkuId && !o.isGift);
        if (line) taken.add(line.id);
        return {
          kind: 'RETURN',
          erpOrderLineId: line?.id ?? null,
          isCombination: line?.isCombination ?? false,
          skuId: line?.skuId ?? null,
          skuCode: line?.skuCode ?? l.outerSkuId,
          skuName: line?.skuName ?? l.title,
          skuSpec: line?.skuSpecifications ?? l.properties,
          skuNum: l.qty,
          skuPrice: line?.price ?? l.price,
          skuWeight: line?.skuWeight ?? null,
        };
      });
    // An exchange sends the same goods again (the platform names no other SKU).
    const exchangeLines = type === 'EXCHANGE' ? returnLines.map((l) => ({ ...l, kind: 'EXCHANGE', erpOrderLineId: null })) : [];
    const states = initialStates(type);
    const code = await nextAfterSaleCode(tx, domainId, now());
    const inserted = await tx
      .insert(afterSales)
      .values({
        domainId,
        code,
        source: 'PLATFORM',
        type,
        storeId,
        erpOrderId: order?.id ?? null,
        erpOrderCode: order?.code ?? null,
        tbSohCode: refund.platformNo,
        platformRefundId: refund.refundId,
        platformStatus: refund.status,
        buyerNick: order?.buyerNick ?? null,
        buyerName: order?.receiverName ?? null,
        buyerPhone: order?.receiverPhone ?? null,
        buyerProvince: order?.receiverProvince ?? null,
        buyerCity: order?.receiverCity ?? null,
        buyerDistrict: order?.receiverDistrict ?? null,
        buyerAddress: order?.receiverAddress ?? null,
        buyerExpressCompanyCode: refund.buyerExpressCompanyCode,
        buyerExpressNo: refund.buyerExpressNo,
        applyTime: refund.createdAt,
        refundPhase: order && order.statusCode !== SHIPPED ? 'ON_SALE' : 'AFTER_SALE',
        afterSalesReason: refund.reason?.slice(0, 200) ?? null,
        refundFee: HAS_REFUND.has(type) ? refund.refundFee : '0',
        returnWhId: order?.warehouseId ?? null,
        checkStatus: states.checkStatus,
        receiptStatus: states.receiptStatus,
        refundStatus: states.refundStatus,
        // Nothing decided yet: nothing to write back until the seller decides.
        writeBackStatus: null,
        returnQtyTotal: type === 'REFUND_ONLY' ? 0 : returnLines.reduce((s, l) => s + l.skuNum, 0),
        createdAt: now(),
        updatedAt: now(),
      })
      // The same refund pulled at the same time by another run: that run's document stands.
      .onConflictDoNothing()
      .returning();
    const header = inserted[0];
    if (!header) return null;
    const lines = [...returnLines.map((l, i) => ({ ...l, lineNo: i + 1 })), ...exchangeLines.map((l, i) => ({ ...l, lineNo: i + 1 }))];
    const rows = lines.length ? await tx.insert(afterSaleLines).values(lines.map((l) => ({ domainId, afterSaleId: header.id, ...l, createdAt: now() }))).returning() : [];
    await writeOperationLog(tx, actor, { area: AREA, entityType: ENTITY, entityId: header.id, action: 'platformPull', after: { ...header, lines: rows } });
    return header.id;
  }

  /**
   * Upserts the documents of a page of platform refunds (in the caller's transaction): a new
   * refund id makes a document, a known one has its platform state mirrored.
   */
  async function upsertPlatformRefunds(tx: Tx, domainId: number, actor: OperationActor, storeId: number, refunds: PlatformAfterSale[]): Promise<{ created: number; updated: number }> {
    const counts = { created: 0, updated: 0 };
    for (const refund of refunds) {
      const known = await lockByRefundId(tx, domainId, storeId, refund.refundId);
      if (known) {
        if (await mirror(tx, actor, known, refund)) counts.updated++;
        continue;
      }
      const id = await insertFromPlatform(tx, domainId, actor, storeId, refund);
      if (id) {
        counts.created++;
        continue;
      }
      // Lost the race to a concurrent pull: its document is committed now; mirror onto it.
      const winner = await lockByRefundId(tx, domainId, storeId, refund.refundId);
      if (winner && (await mirror(tx, actor, winner, refund))) counts.updated++;
    }
    return counts;
  }

  const pushOf = (h: AfterSaleHeader): AfterSaleDecisionPush => ({
    refundId: h.platformRefundId!,
    checkStatus: h.checkStatus,
    refundStatus: h.refundStatus,
    receiptStatus: h.receiptStatus,
    refundFee: h.refundFee,
    platformNo: h.tbSohCode,
    type: h.type,
    platformStatus: h.platformStatus,
  });

  /**
   * Records a write-back's outcome on a document still at the version that was sent. The outcome
   * is bookkeeping, not a change of the document: it keeps the version, so the seller's next
   * decision on the list read before it is not refused as changed by someone else (the version
   * condition here still leaves a document decided again meanwhile to the next run).
   */
  async function settle(sent: AfterSaleHeader, outcome: { ok: boolean; message: string | null }): Promise<void> {
    await db.transaction(async (tx) => {
      const status = outcome.ok ? 'SENT' : 'FAILED';
      const [after] = await tx
        .update(afterSales)
        .set({ writeBackStatus: status, writeBackError: outcome.ok ? null : (outcome.message ?? 'failed').slice(0, 500), writeBackAt: now(), updatedAt: now() })
        .where(and(eq(afterSales.domainId, sent.domainId), eq(afterSales.id, sent.id), eq(afterSales.version, sent.version), eq(afterSales.writeBackStatus, 'TO_SEND')))
        .returning();
      // Decided again meanwhile: the newer decision is sent on the next run.
      if (!after) return;
      await writeOperationLog(tx, systemActor(sent.domainId), {
        area: AREA,
        entityType: ENTITY,
        entityId: sent.id,
        action: 'writeBack',
        before: { writeBackStatus: sent.writeBackStatus, version: sent.version },
        after: { writeBackStatus: after.writeBackStatus, writeBackError: after.writeBackError, version: after.version },
      });
    });
  }

  const failureText = (error: unknown): string =>
    error instanceof ConnectorError ? `${error.kind}: ${error.detail}` : error instanceof AppError ? error.code : String((error as Error)?.message ?? error);

  /**
   * Sends one store's waiting decisions in one call; a failed call fails them all (FAILED, listed
   * as abnormal). One sender per store at a time (a transaction-scoped advisory lock, held over
   * the call): a run that finds the store busy leaves its documents to the sender, so the same
   * decision is never sent twice at once nor settled by an older answer.
   */
  async function writeBackStore(domainId: number, storeId: number): Promise<number> {
    return db.transaction(async (lockTx) => {
      const claimed = await lockTx.execute<{ ok: boolean }>(sql`select pg_try_advisory_xact_lock(hashtextextended(${`aftersales-write-back:${domainId}:${storeId}`}, 0)) as ok`);
      if (!claimed.rows[0]?.ok) return 0;
      const docs = await db
        .select()
        .from(afterSales)
        .where(and(eq(afterSales.domainId, domainId), eq(afterSales.storeId, storeId), eq(afterSales.writeBackStatus, 'TO_SEND'), sql`${afterSales.platformRefundId} is not null`))
        .orderBy(asc(afterSales.updatedAt))
        .limit(WRITE_BACK_BATCH);
      if (!docs.length) return 0;
      let results: PushResult[];
      try {
        const connection = await deps.stores().connectorFor(domainId, storeId);
        results = await connection.pushAfterSaleDecisions(docs.map(pushOf));
      } catch (error) {
        const message = failureText(error);
        for (const doc of docs) await settle(doc, { ok: false, message });
        return docs.length;
      }
      for (const doc of docs) {
        const result = results.find((r) => r.key === doc.platformRefundId);
        await settle(doc, result ? { ok: result.ok, message: result.message } : { ok: false, message: 'the platform did not answer for this refund' });
      }
      return docs.length;
    });
  }

  /** Writes back the documents waiting (TO_SEND), of one domain or of all, store by store; answers how many were sent. */
  async function writeBackDue(domainId?: number): Promise<number> {
    const waiting = await db
      .selectDistinct({ domainId: afterSales.domainId, storeId: afterSales.storeId })
      .from(afterSales)
      .where(and(eq(afterSales.writeBackStatus, 'TO_SEND'), sql`${afterSales.platformRefundId} is not null`, domainId ? eq(afterSales.domainId, domainId) : undefined));
    let sent = 0;
    for (const w of waiting) sent += await writeBackStore(w.domainId, w.storeId);
    return sent;
  }

  return { upsertPlatformRefunds, writeBackDue, ordersWithActiveRefunds };
}

export type AfterSalesPlatform = ReturnType<typeof createAfterSalesPlatform>;
