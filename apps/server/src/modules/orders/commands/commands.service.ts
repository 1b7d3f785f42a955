// The order commands (spec 02 §4.2, §4.3): verify and cancel verify, lock, close, merge, split,
// split out-of-stock, refresh out-of-stock, convert, and the edits of an order. Verify and cancel
// verify run a call's batch as one transaction of a few set-based statements (`setBatch`; the
// per-order path is their fallback); the other batch commands run each order in its own
// transaction. Either way the order rows are locked (`for update`), so two people verifying the
// same orders never allocate twice, and the answer says which orders went through and why the
// others were refused. Every change checks the version the caller saw (when given), bumps
// it and writes the order log (before → after).
import { bigintArray, booleanArray, textArray } from '../../../platform/sql.js';
import {
  InterceptErrors,
  refundHeld,
  effectiveLevel,
  maxMergedOrders,
  OrderCommandErrors,
  OrderErrors,
  OrderMiscErrors,
  type OrderLabelInput,
  ORDER_LOG_ENTITY_KIND,
  ORDER_STATUS,
  planManualSplit,
  planOutOfStockSplit,
  preAllocateStockOut,
  type AddOrderSkuInput,
  type ConvertOrdersInput,
  type DeleteOrderSkuInput,
  type Language,
  type LineMove,
  type MergeOrdersInput,
  type MergeOrdersResult,
  type OrderBatchInput,
  type OrderBatchResult,
  type OrderCommandInput,
  type OrderFailure,
  type OrderLogAction,
  type OrderRow,
  type RefreshStockOutInput,
  type RefreshStockOutResult,
  type ReplaceOrderSkuInput,
  type SplitOrderInput,
  type SplitOrderResult,
  type SplitOutOfStockInput,
  type StockOutOrder,
  type UpdateOrderExpressInput,
  type UpdateOrderReceiverInput,
  type UpdateOrderWarehouseInput,
  type UpdateSellerFlagInput,
  type VerifyOrdersInput,
  type MergeSoRow,
  orderAllows,
  orderMergeDifference,
  orderStatusesAllowing,
  type OrderAction,
} from '@openseller/core';
import { and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '../../../db/client.js';
import { erpOrders, type ErpOrder } from '../../../db/schema/index.js';
import { AppError, notFound, versionConflict } from '../../../platform/errors.js';
import { mergePartnerIds } from '../list/list.queries.js';
import { serverMessage } from '../../../platform/messages.js';
import type { Session } from '../../../platform/sessions.js';
import { writeOperationLog, writeOperationLogs } from '../../../platform/operation-log.js';
import { applyMovements, availableByWarehouseAndSku, availableInWarehouse } from '../../stock/index.js';
import { failureOf, loadOrderRows, lockOrderBatch, nextOrderCodes, orderStatusRefusal, ORDERS_AREA, writeOrderLog } from '../orders.model.js';
import { actorOf, domainOf } from '../session-helpers.js';
import { allocateOrder, allocateOrders, demandBySku, plannedLinesOf, releaseMovementsOf, releaseOrder } from './commands.stock.js';

const S = ORDER_STATUS;
const ENTITY = 'order';

/** What the order log keeps of an order before and after a change. */
const brief = (o: ErpOrder) => ({
  code: o.code,
  statusCode: o.statusCode,
  soExtendStatus: o.soExtendStatus,
  locked: o.locked,
  preSale: o.preSale,
  stockOut: o.stockOut,
  warehouseId: o.warehouseId,
  expressCompanyCode: o.expressCompanyCode,
  expressNo: o.expressNo,
  riskControlStatus: o.riskControlStatus,
  sellerFlag: o.sellerFlag,
  sellerRemark: o.sellerRemark,
  labels: o.labels,
  qtyTotal: o.qtyTotal,
  mergeLevel: o.mergeLevel,
  splitLevel: o.splitLevel,
  version: o.version,
});

/**
 * Refuses an order whose status does not allow the action (ORDER_ACTIONS_BY_STATUS of packages/core,
 * the catalogue the web's action bar follows too); `named` is the action the refusal names.
 */
function requireStatus(o: ErpOrder, action: OrderAction, named: string = action): void {
  const refusal = statusRefusal(o, action, named);
  if (refusal) throw refusal;
}

/** The refusal of an order whose status does not allow the action, or null. */
function statusRefusal(o: Pick<ErpOrder, 'code' | 'statusCode'>, action: OrderAction, named: string = action): AppError | null {
  return orderAllows(o.statusCode, action) ? null : orderStatusRefusal(o, named, orderStatusesAllowing(action));
}

const withoutLabel = (labels: string[], label: string) => labels.filter((l) => l !== label);

/** The columns of an order copied to a new order made by merge or split. */
const COPIED_COLUMNS = sql.raw(`order_type, source, store_id, platform_code, original_platform_code, buyer_nick, receiver_name, receiver_phone,
  receiver_tel, receiver_province, receiver_city, receiver_district, receiver_address, receiver_zip, address_exception, warehouse_id,
  express_company_code, risk_control_status, cod_type, have_refund, intercepted, intercept_reason, locked, pre_sale, have_invoice,
  seller_flag, seller_remark, buyer_message, post_fee, pay_time, trading_time, last_ship_time`);
const COPIED_LINE_COLUMNS = sql.raw(`sku_id, sku_code, sku_name, sku_specifications, price, sku_weight, is_gift, is_combination, labels,
  cancel_tag, platform_no, tb_spu_id, tb_sku_id, outer_sku_id, title, properties, promotion_id`);

/**
 * The set-based path of a batch first. A business refusal it did not answer per order (an AppError
 * escaping the batch, such as a stale version) sends the batch order by order, where each order gets
 * its own answer; any other error is unexpected and goes up unchanged, never retried.
 */
export async function fallBackOnRefusal<T>(setBased: () => Promise<T>, perOrder: () => Promise<T>): Promise<T> {
  try {
    return await setBased();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return perOrder();
  }
}

export function createOrderCommandsService(deps: { database: Database; now?: () => Date }) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());

  async function lockOrder(tx: Tx, domainId: number, id: number, version?: number): Promise<ErpOrder> {
    const [o] = await tx
      .select()
      .from(erpOrders)
      .where(and(eq(erpOrders.domainId, domainId), eq(erpOrders.id, id)))
      .for('update');
    if (!o) throw notFound(ENTITY);
    if (version !== undefined && o.version !== version) throw versionConflict(ENTITY);
    return o;
  }

  async function saveOrder(tx: Tx, o: ErpOrder, values: Partial<typeof erpOrders.$inferInsert>): Promise<ErpOrder> {
    const [after] = await tx
      .update(erpOrders)
      .set({ ...values, version: o.version + 1, updatedAt: now() })
      .where(and(eq(erpOrders.domainId, o.domainId), eq(erpOrders.id, o.id), eq(erpOrders.version, o.version)))
      .returning();
    if (!after) throw versionConflict(ENTITY);
    return after;
  }

  /** Changes an order and writes its log. */
  async function change(tx: Tx, session: Session, o: ErpOrder, action: OrderLogAction, values: Partial<typeof erpOrders.$inferInsert>): Promise<ErpOrder> {
    const after = await saveOrder(tx, o, values);
    await writeOrderLog(tx, actorOf(session), o.id, action, brief(o), brief(after));
    return after;
  }

  /** Totals of an order from its lines that are not cancelled. */
  async function recomputeTotals(tx: Tx, domainId: number, orderId: number): Promise<void> {
    await tx.execute(sql`
      update erp_orders o set
        qty_total = coalesce(s.q, 0), sku_total = coalesce(s.n, 0), amount_total = coalesce(s.a, 0), weight_total = coalesce(s.w, 0)
      from (select sum(qty)::int as q, count(*)::int as n, sum(amount) as a, sum(coalesce(sku_weight, 0) * qty) as w
            from erp_order_lines where domain_id = ${domainId} and order_id = ${orderId} and cancel_tag = 0) s
      where o.domain_id = ${domainId} and o.id = ${orderId}`);
  }

  /** Drops the unmapped-SKU label when no unmapped line is left. */
  async function refreshUnmappedLabel(tx: Tx, domainId: number, orderId: number): Promise<void> {
    await tx.execute(sql`
      update erp_orders o set labels = array_remove(o.labels, 'ORDER_TBSKU_EXCEPTION')
      where o.domain_id = ${domainId} and o.id = ${orderId} and 'ORDER_TBSKU_EXCEPTION' = any(o.labels)
        and not exists (select 1 from erp_order_lines l where l.domain_id = o.domain_id and l.order_id = o.id and l.sku_id is null and l.cancel_tag = 0)`);
  }

  /**
   * Runs a command on each order in its own transaction; a refusal (AppError) is reported for
   * that order and the others go on.
   */
  async function batch(
    session: Session,
    language: Language,
    input: { idList: number[]; versions?: { id: number; version: number }[] | undefined },
    run: (tx: Tx, o: ErpOrder) => Promise<void>,
  ): Promise<OrderBatchResult> {
    const domainId = domainOf(session);
    const ids = [...new Set(input.idList)];
    const versions = new Map((input.versions ?? []).map((v) => [v.id, v.version]));
    const codes = new Map(
      (await db.execute<{ id: number; code: string }>(sql`select id, code from erp_orders where domain_id = ${domainId} and id = any(${bigintArray(ids)})`)).rows.map((r) => [
        Number(r.id),
        r.code,
      ]),
    );
    const successIds: number[] = [];
    const failures: OrderFailure[] = [];
    for (const id of ids) {
      try {
        await db.transaction(async (tx) => run(tx, await lockOrder(tx, domainId, id, versions.get(id))));
        successIds.push(id);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const params = error.params as Record<string, string | number>;
        failures.push({ id, code: codes.get(id) ?? null, errorCode: error.code, params, message: serverMessage(error.code, params, language) });
      }
    }
    return { successIds, failures };
  }

  /** A single-order command in one transaction. */
  async function single<T>(session: Session, id: number, version: number | undefined, run: (tx: Tx, o: ErpOrder, domainId: number) => Promise<T>): Promise<T> {
    const domainId = domainOf(session);
    return db.transaction(async (tx) => run(tx, await lockOrder(tx, domainId, id, version), domainId));
  }

  async function orderRow(tx: Tx, domainId: number, id: number): Promise<OrderRow> {
    const [row] = await loadOrderRows(tx, domainId, [id]);
    if (!row) throw notFound(ENTITY);
    return row;
  }

  /** A new order copying the header of `from` (code, totals and status of its own). */
  async function insertOrderLike(tx: Tx, from: ErpOrder, values: { platformNos: string[]; labels: string[]; mergeLevel: number; splitLevel: number; splitFromId: number | null; createdBy: number | null }): Promise<{ id: number; code: string }> {
    const [code] = await nextOrderCodes(tx, 1, now());
    const inserted = await tx.execute<{ id: number }>(sql`
      insert into erp_orders (domain_id, code, status_code, platform_nos, labels, merge_level, split_level, split_from_id, created_by, ${COPIED_COLUMNS})
      select domain_id, ${code}, ${S.NORMAL}, ${textArray(values.platformNos)}, ${textArray(values.labels)},
        ${values.mergeLevel}, ${values.splitLevel}, ${values.splitFromId}, ${values.createdBy}, ${COPIED_COLUMNS}
      from erp_orders where domain_id = ${from.domainId} and id = ${from.id}
      returning id`);
    return { id: Number(inserted.rows[0]!.id), code: code! };
  }

  /** Moves quantities of the parent's lines to the child: whole lines move, partial ones are copied. */
  async function moveLines(tx: Tx, domainId: number, parentId: number, childId: number, moves: LineMove[]): Promise<void> {
    let seq = 1;
    for (const m of moves) {
      const line = (await tx.execute<{ qty: number }>(sql`select qty from erp_order_lines where domain_id = ${domainId} and order_id = ${parentId} and id = ${m.lineId} for update`)).rows[0];
      if (!line) throw new AppError(OrderCommandErrors.LINE_NOT_FOUND, 404, { lineId: m.lineId });
      if (m.qty >= Number(line.qty)) {
        await tx.execute(sql`update erp_order_lines set order_id = ${childId}, line_seq = ${seq++}, version = version + 1, updated_at = now() where domain_id = ${domainId} and id = ${m.lineId}`);
      } else {
        await tx.execute(sql`
          insert into erp_order_lines (domain_id, order_id, line_seq, qty, amount, ${COPIED_LINE_COLUMNS})
          select domain_id, ${childId}, ${seq++}, ${m.qty}, price * ${m.qty}, ${COPIED_LINE_COLUMNS} from erp_order_lines where domain_id = ${domainId} and id = ${m.lineId}`);
        await tx.execute(sql`update erp_order_lines set qty = qty - ${m.qty}, amount = price * (qty - ${m.qty}), version = version + 1, updated_at = now() where domain_id = ${domainId} and id = ${m.lineId}`);
      }
    }
  }

  /** Splits `moves` off the parent into a new child order (split level 1). */
  async function splitInto(tx: Tx, session: Session, parent: ErpOrder, moves: LineMove[], action: 'split' | `splitOutOfStock:${SplitOutOfStockInput['mode']}`, stockOutChild: boolean): Promise<SplitOrderResult> {
    const child = await insertOrderLike(tx, parent, {
      platformNos: parent.platformNos,
      labels: parent.labels,
      mergeLevel: 0,
      splitLevel: 1,
      splitFromId: parent.id,
      createdBy: session.userId,
    });
    await moveLines(tx, parent.domainId, parent.id, child.id, moves);
    if (stockOutChild) {
      await tx.execute(sql`update erp_orders set stock_out = true, so_extend_status = 'STOCK_OUT' where domain_id = ${parent.domainId} and id = ${child.id}`);
      await tx.execute(sql`update erp_order_lines set stock_out = true where domain_id = ${parent.domainId} and order_id = ${child.id}`);
      await tx.execute(sql`update erp_order_lines set stock_out = false where domain_id = ${parent.domainId} and order_id = ${parent.id}`);
    }
    await recomputeTotals(tx, parent.domainId, child.id);
    await recomputeTotals(tx, parent.domainId, parent.id);
    const parentValues: Partial<typeof erpOrders.$inferInsert> = stockOutChild ? { stockOut: false, soExtendStatus: parent.soExtendStatus === 'STOCK_OUT' ? null : parent.soExtendStatus } : {};
    await change(tx, session, parent, action, parentValues);
    const [childRow] = await tx.select().from(erpOrders).where(and(eq(erpOrders.domainId, parent.domainId), eq(erpOrders.id, child.id)));
    await writeOrderLog(tx, actorOf(session), child.id, `${action}:create`, { splitFrom: parent.code, moves }, brief(childRow!));
    return { id: parent.id, childId: child.id, childCode: child.code };
  }

  /** The reason an order cannot be reviewed, or nothing. */
  function verifyRefusal(o: ErpOrder): AppError | null {
    const status = statusRefusal(o, 'verify');
    if (status) return status;
    if (o.locked) return new AppError(OrderErrors.LOCKED, 409, { code: o.code });
    if (o.riskControlStatus !== 'NONE') return new AppError(OrderErrors.RISK_CONTROLLED, 409, { code: o.code });
    if (refundHeld(o)) return new AppError(InterceptErrors.REFUND_HOLD, 409, { code: o.code, action: 'verify' });
    if (o.intercepted) return new AppError(OrderErrors.INTERCEPTED, 409, { code: o.code, reason: o.interceptReason ?? '' });
    if (o.soExtendStatus === 'WAVE_ORDER') return new AppError(OrderErrors.WAVE_ORDER, 409, { code: o.code });
    return null;
  }

  /**
   * A set-based batch command in ONE transaction: the orders are locked by one statement (id
   * order, so overlapping batches queue behind each other and never deadlock), refusals are
   * decided in memory (missing, stale version, then `refuse`), `apply` does the work of the
   * eligible ones with a few set-based statements (adding refusals of its own, e.g. shortages),
   * and the accepted orders get one bulk update (version + 1) and one multi-row insert of their
   * order logs. Answers in the order of the ids given.
   */
  async function setBatch(
    session: Session,
    language: Language,
    input: { idList: number[]; versions?: { id: number; version: number }[] | undefined },
    action: OrderLogAction,
    refuse: (o: ErpOrder) => AppError | null,
    apply: (tx: Tx, domainId: number, eligible: ErpOrder[], refusals: Map<number, AppError>) => Promise<void>,
    values: PgUpdateSetSource<typeof erpOrders>,
  ): Promise<OrderBatchResult> {
    const domainId = domainOf(session);
    const ids = [...new Set(input.idList)];
    const versions = new Map((input.versions ?? []).map((v) => [v.id, v.version]));
    return db.transaction(async (tx) => {
      const { locked, byId, refusals } = await lockOrderBatch(tx, domainId, ids, versions, refuse);
      await apply(tx, domainId, locked.filter((o) => !refusals.has(o.id)), refusals);
      const accepted = ids.filter((id) => byId.has(id) && !refusals.has(id));
      if (accepted.length) {
        const after = await tx
          .update(erpOrders)
          .set({ ...values, version: sql`${erpOrders.version} + 1`, updatedAt: now() })
          .where(and(eq(erpOrders.domainId, domainId), sql`${erpOrders.id} = any(${bigintArray(accepted)})`))
          .returning();
        const actor = actorOf(session);
        await writeOperationLogs(
          tx,
          actor,
          after.map((a) => ({ area: ORDERS_AREA, entityType: ORDER_LOG_ENTITY_KIND, entityId: a.id, action, before: brief(byId.get(a.id)!), after: brief(a) })),
        );
      }
      return {
        successIds: accepted,
        failures: ids.filter((id) => refusals.has(id)).map((id) => failureOf(id, byId.get(id)?.code ?? null, refusals.get(id)!, language)),
      };
    });
  }

  /** Verify order by order, each in its own transaction: the fallback of `verify`. */
  function verifyEach(session: Session, language: Language, input: VerifyOrdersInput): Promise<OrderBatchResult> {
    return batch(session, language, input, async (tx, o) => {
      const refusal = verifyRefusal(o);
      if (refusal) throw refusal;
      const lines = (await plannedLinesOf(tx, o.domainId, [o.id])).get(o.id) ?? [];
      const unmapped = await tx.execute(sql`select 1 from erp_order_lines where domain_id = ${o.domainId} and order_id = ${o.id} and sku_id is null and cancel_tag = 0 limit 1`);
      if (unmapped.rows.length) throw new AppError(OrderErrors.UNMAPPED, 409, { code: o.code });
      if (o.warehouseId === null) throw new AppError(OrderErrors.NO_WAREHOUSE, 409, { code: o.code });
      if (!o.expressCompanyCode) throw new AppError(OrderErrors.NO_EXPRESS, 409, { code: o.code });
      await allocateOrder(tx, o.domainId, session.userId, { id: o.id, code: o.code, warehouseId: o.warehouseId }, lines);
      await tx.execute(sql`update erp_order_lines set stock_out = false where domain_id = ${o.domainId} and order_id = ${o.id} and stock_out`);
      await change(tx, session, o, 'verify', {
        statusCode: S.VERIFIED,
        verifiedAt: now(),
        verifiedBy: session.userId,
        stockOut: false,
        soExtendStatus: o.soExtendStatus === 'STOCK_OUT' ? null : o.soExtendStatus,
      });
    });
  }

  /** Cancel verify order by order: the fallback of `cancelVerify`. */
  function cancelVerifyEach(session: Session, language: Language, input: OrderBatchInput): Promise<OrderBatchResult> {
    return batch(session, language, input, async (tx, o) => {
      requireStatus(o, 'cancelVerify');
      await releaseOrder(tx, o.domainId, session.userId, o);
      await change(tx, session, o, 'cancelVerify', { statusCode: S.NORMAL, verifiedAt: null, verifiedBy: null });
    });
  }

  return {
    /**
     * Review: allocate every line's stock in the order's warehouse; NORMAL → VERIFIED. The batch
     * (≤ 100 orders) is one transaction of a few set-based statements (see `setBatch` and
     * `allocateOrders`); the per-order path below is the fallback when it throws.
     */
    verify(session: Session, language: Language, input: VerifyOrdersInput): Promise<OrderBatchResult> {
      return fallBackOnRefusal(
        () =>
          setBatch(
            session,
            language,
            input,
            'verify',
            verifyRefusal,
            async (tx, domainId, eligible, refusals) => {
              if (!eligible.length) return;
              const eligibleIds = eligible.map((o) => o.id);
              const planned = await plannedLinesOf(tx, domainId, eligibleIds);
              const unmapped = new Set(
                (
                  await tx.execute<{ order_id: number }>(sql`
                    select distinct order_id from erp_order_lines
                    where domain_id = ${domainId} and order_id = any(${bigintArray(eligibleIds)}) and sku_id is null and cancel_tag = 0`)
                ).rows.map((r) => Number(r.order_id)),
              );
              const toAllocate: ErpOrder[] = [];
              for (const o of eligible) {
                if (unmapped.has(o.id)) refusals.set(o.id, new AppError(OrderErrors.UNMAPPED, 409, { code: o.code }));
                else if (o.warehouseId === null) refusals.set(o.id, new AppError(OrderErrors.NO_WAREHOUSE, 409, { code: o.code }));
                else if (!o.expressCompanyCode) refusals.set(o.id, new AppError(OrderErrors.NO_EXPRESS, 409, { code: o.code }));
                else toAllocate.push(o);
              }
              toAllocate.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
              const shortages = await allocateOrders(
                tx,
                domainId,
                session.userId,
                toAllocate.map((o) => ({ id: o.id, code: o.code, warehouseId: o.warehouseId!, lines: planned.get(o.id) ?? [] })),
              );
              for (const [id, refusal] of shortages) refusals.set(id, refusal);
              const verified = toAllocate.filter((o) => !shortages.has(o.id)).map((o) => o.id);
              if (verified.length) {
                await tx.execute(sql`update erp_order_lines set stock_out = false where domain_id = ${domainId} and order_id = any(${bigintArray(verified)}) and stock_out`);
              }
            },
            {
              statusCode: S.VERIFIED,
              verifiedAt: now(),
              verifiedBy: session.userId,
              stockOut: false,
              soExtendStatus: sql`case when ${erpOrders.soExtendStatus} = 'STOCK_OUT' then null else ${erpOrders.soExtendStatus} end`,
            },
          ),
        () => verifyEach(session, language, input),
      );
    },

    /** VERIFIED → NORMAL, releasing exactly what the orders hold; one transaction per batch, per order as the fallback. */
    cancelVerify(session: Session, language: Language, input: OrderBatchInput): Promise<OrderBatchResult> {
      return fallBackOnRefusal(
        () =>
          setBatch(
            session,
            language,
            input,
            'cancelVerify',
            (o) => statusRefusal(o, 'cancelVerify'),
            async (tx, domainId, eligible) => {
              await applyMovements(tx, domainId, session.userId, await releaseMovementsOf(tx, domainId, eligible));
            },
            { statusCode: S.NORMAL, verifiedAt: null, verifiedBy: null },
          ),
        () => cancelVerifyEach(session, language, input),
      );
    },

    lock(session: Session, language: Language, input: OrderBatchInput): Promise<OrderBatchResult> {
      return batch(session, language, input, async (tx, o) => {
        requireStatus(o, 'lock');
        await change(tx, session, o, 'lock', { locked: true });
      });
    },

    unlock(session: Session, language: Language, input: OrderBatchInput): Promise<OrderBatchResult> {
      return batch(session, language, input, async (tx, o) => {
        requireStatus(o, 'unlock');
        await change(tx, session, o, 'unlock', { locked: false });
      });
    },

    /** Close a pending or reviewed order; a reviewed one gives back its stock. */
    close(session: Session, language: Language, input: OrderBatchInput): Promise<OrderBatchResult> {
      return batch(session, language, input, async (tx, o) => {
        requireStatus(o, 'close');
        if (o.statusCode === S.VERIFIED) await releaseOrder(tx, o.domainId, session.userId, o);
        await change(tx, session, o, 'close', { statusCode: S.CLOSE, statusBeforeClose: S.NORMAL, closedAt: now(), verifiedAt: null, verifiedBy: null });
      });
    },

    /** A closed order comes back pending review. */
    cancelClose(session: Session, language: Language, input: OrderBatchInput): Promise<OrderBatchResult> {
      return batch(session, language, input, async (tx, o) => {
        requireStatus(o, 'cancelClose');
        await change(tx, session, o, 'cancelClose', { statusCode: S.NORMAL, statusBeforeClose: null, closedAt: null });
      });
    },

    /** Merge pending orders of one store, buyer and receiver into a new order. */
    async merge(session: Session, input: MergeOrdersInput): Promise<MergeOrdersResult> {
      const domainId = domainOf(session);
      const ids = [...new Set(input.idList)].sort((a, b) => a - b);
      if (ids.length < 2) throw new AppError(OrderErrors.MERGE_TOO_FEW, 400, { field: 'idList', count: ids.length });
      const facts = (await db.execute<{ level: string; trial_level: string | null; trial_expire_time: Date | null }>(sql`select level, trial_level, trial_expire_time from domains where id = ${domainId}`)).rows[0];
      const level = facts ? effectiveLevel({ level: facts.level, trialLevel: facts.trial_level, trialExpireTime: facts.trial_expire_time }, now()) : 'LITE';
      const max = maxMergedOrders(level);
      if (ids.length > max) throw new AppError(OrderErrors.MERGE_LIMIT, 400, { field: 'idList', max, count: ids.length, level });
      const versions = new Map((input.versions ?? []).map((v) => [v.id, v.version]));
      return db.transaction(async (tx) => {
        const sources: ErpOrder[] = [];
        for (const id of ids) sources.push(await lockOrder(tx, domainId, id, versions.get(id)));
        for (const o of sources) {
          requireStatus(o, 'merge');
          if (o.locked) throw new AppError(OrderErrors.LOCKED, 409, { code: o.code });
        }
        // Parts of one split go back together by cancelling the split, not by a merge (the 待合 tag
        // leaves them out the same way: coalesce(split_from_id, id) differs).
        const splitRoots = new Map<number, ErpOrder>();
        for (const o of sources) {
          const other = splitRoots.get(o.splitFromId ?? o.id);
          if (other) throw new AppError(OrderErrors.MERGE_SAME_SPLIT, 409, { code: o.code, with: other.code });
          splitRoots.set(o.splitFromId ?? o.id, o);
        }
        const first = [...sources].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id)[0]!;
        for (const o of sources) {
          const differs = orderMergeDifference(first, o);
          if (differs) throw new AppError(OrderErrors.MERGE_DIFFERENT, 409, { code: o.code, reason: differs, with: first.code });
        }
        const platformNos = [...new Set(sources.flatMap((o) => o.platformNos))];
        const labels = [...new Set(sources.flatMap((o) => o.labels))];
        const merged = await insertOrderLike(tx, first, { platformNos, labels, mergeLevel: 1, splitLevel: 0, splitFromId: null, createdBy: session.userId });
        await tx.execute(sql`
          insert into erp_order_lines (domain_id, order_id, line_seq, qty, amount, ${COPIED_LINE_COLUMNS})
          select l.domain_id, ${merged.id}, row_number() over (order by array_position(${bigintArray(sources.map((o) => o.id))}, l.order_id), l.line_seq, l.id)::int,
            l.qty, l.amount, ${COPIED_LINE_COLUMNS}
          from erp_order_lines l where l.domain_id = ${domainId} and l.order_id = any(${bigintArray(ids)})`);
        await tx.execute(
          sql`update erp_orders set stock_out = exists (select 1 from erp_order_lines where domain_id = ${domainId} and order_id = ${merged.id} and stock_out) where domain_id = ${domainId} and id = ${merged.id}`,
        );
        await recomputeTotals(tx, domainId, merged.id);
        for (const o of sources) await change(tx, session, o, 'merge', { statusCode: S.CANCEL, mergedIntoId: merged.id });
        const [row] = await tx.select().from(erpOrders).where(and(eq(erpOrders.domainId, domainId), eq(erpOrders.id, merged.id)));
        await writeOrderLog(tx, actorOf(session), merged.id, 'merge:create', { sources: sources.map((o) => o.code) }, brief(row!));
        return { id: merged.id, code: merged.code, sourceIds: ids };
      });
    },

    /** The merged order (pending) goes back into its sources; it is cancelled. */
    cancelMerge(session: Session, input: OrderCommandInput): Promise<{ sourceIds: number[] }> {
      return single(session, input.id, input.version, async (tx, o, domainId) => {
        if (o.mergeLevel !== 1) throw new AppError(OrderErrors.NOT_MERGED, 409, { code: o.code });
        requireStatus(o, 'cancelMerge');
        const sources = await tx
          .select()
          .from(erpOrders)
          .where(and(eq(erpOrders.domainId, domainId), eq(erpOrders.mergedIntoId, o.id), eq(erpOrders.statusCode, S.CANCEL)))
          .orderBy(erpOrders.id)
          .for('update');
        if (!sources.length) throw new AppError(OrderErrors.NOT_MERGED, 409, { code: o.code });
        for (const s of sources) await change(tx, session, s, 'cancelMerge', { statusCode: S.NORMAL, mergedIntoId: null });
        await change(tx, session, o, 'cancelMerge', { statusCode: S.CANCEL });
        return { sourceIds: sources.map((s) => s.id) };
      });
    },

    /**
     * The orders this one could be merged with (the 待合 rule of list.queries.ts), with their merge
     * status: normal (pending review) or verified (reviewed, in the print screen).
     */
    async getMergeSoList(session: Session, input: { id: number }): Promise<{ voList: MergeSoRow[] }> {
      const domainId = domainOf(session);
      const rows = await loadOrderRows(db, domainId, await mergePartnerIds(db, domainId, input.id));
      return {
        voList: rows.map((r) => ({
          id: r.id,
          code: r.code,
          version: r.version,
          statusCode: r.statusCode === S.VERIFIED ? 'verified' : 'normal',
          platformNos: r.platformNos,
          qtyTotal: r.qtyTotal,
          amountTotal: r.amountTotal,
          createdAt: r.createdAt,
        })),
      };
    },

    /** Moves the given line quantities to a new child order. */
    split(session: Session, input: SplitOrderInput): Promise<SplitOrderResult> {
      return single(session, input.id, input.version, async (tx, o, domainId) => {
        requireStatus(o, 'split');
        const lines = (await tx.execute<{ id: number; qty: number }>(sql`select id, qty from erp_order_lines where domain_id = ${domainId} and order_id = ${o.id}`)).rows;
        const plan = planManualSplit(
          lines.map((l) => ({ lineId: Number(l.id), qty: Number(l.qty) })),
          input.lines,
        );
        if (!plan.ok) {
          if (plan.error === 'LINE_NOT_FOUND') throw new AppError(OrderCommandErrors.LINE_NOT_FOUND, 404, { field: 'lines', ...plan.params });
          if (plan.error === 'SPLIT_TOO_MUCH') throw new AppError(OrderErrors.SPLIT_TOO_MUCH, 409, { field: 'lines', code: o.code, ...plan.params });
          throw new AppError(OrderErrors.SPLIT_NOTHING_LEFT, 409, { field: 'lines', code: o.code });
        }
        return splitInto(tx, session, o, plan.moves, 'split', false);
      });
    },

    /** Merges the split children (pending) back into the parent. `id` is the parent or a child. */
    cancelSplit(session: Session, input: OrderCommandInput): Promise<{ id: number; childIds: number[] }> {
      const domainId = domainOf(session);
      return db.transaction(async (tx) => {
        const given = await lockOrder(tx, domainId, input.id, input.version);
        const parentId = given.splitLevel === 1 && given.splitFromId ? given.splitFromId : given.id;
        const parent = parentId === given.id ? given : await lockOrder(tx, domainId, parentId);
        const children = await tx
          .select()
          .from(erpOrders)
          .where(and(eq(erpOrders.domainId, domainId), eq(erpOrders.splitFromId, parent.id), sql`${erpOrders.statusCode} <> ${S.CANCEL}`))
          .orderBy(erpOrders.id)
          .for('update');
        if (!children.length) throw new AppError(OrderErrors.NOT_SPLIT, 409, { code: given.code });
        requireStatus(parent, 'cancelSplit');
        for (const c of children) requireStatus(c, 'cancelSplit');
        for (const c of children) {
          const childLines = (await tx.execute<{ id: number }>(sql`select id from erp_order_lines where domain_id = ${domainId} and order_id = ${c.id} order by line_seq, id`)).rows;
          for (const cl of childLines) {
            const same = await tx.execute<{ id: number }>(sql`
              select p.id from erp_order_lines p, erp_order_lines x
              where x.domain_id = ${domainId} and x.id = ${cl.id} and p.domain_id = ${domainId} and p.order_id = ${parent.id} and p.sku_id is not distinct from x.sku_id and p.tb_sku_id is not distinct from x.tb_sku_id
                and p.platform_no is not distinct from x.platform_no and p.is_gift = x.is_gift and p.price = x.price and p.cancel_tag = x.cancel_tag
              order by p.line_seq limit 1`);
            const target = same.rows[0];
            if (target) {
              await tx.execute(sql`update erp_order_lines p set qty = p.qty + x.qty, amount = p.price * (p.qty + x.qty), version = p.version + 1, updated_at = now()
                from erp_order_lines x where p.domain_id = ${domainId} and p.id = ${target.id} and x.domain_id = ${domainId} and x.id = ${cl.id}`);
              await tx.execute(sql`delete from erp_order_lines where domain_id = ${domainId} and id = ${cl.id}`);
            } else {
              await tx.execute(sql`update erp_order_lines set order_id = ${parent.id},
                line_seq = (select coalesce(max(line_seq), 0) + 1 from erp_order_lines where domain_id = ${domainId} and order_id = ${parent.id}),
                version = version + 1, updated_at = now() where domain_id = ${domainId} and id = ${cl.id}`);
            }
          }
          await recomputeTotals(tx, domainId, c.id);
          await change(tx, session, c, 'cancelSplit', { statusCode: S.CANCEL });
        }
        await tx.execute(sql`update erp_order_lines set stock_out = false where domain_id = ${domainId} and order_id = ${parent.id}`);
        await recomputeTotals(tx, domainId, parent.id);
        await change(tx, session, parent, 'cancelSplit', { stockOut: false, soExtendStatus: parent.soExtendStatus === 'STOCK_OUT' ? null : parent.soExtendStatus });
        return { id: parent.id, childIds: children.map((c) => c.id) };
      });
    },

    /** Splits the short quantities off into an out-of-stock child ('all' whole lines, 'part' the shortfall). */
    splitOutOfStock(session: Session, input: SplitOutOfStockInput): Promise<SplitOrderResult> {
      return single(session, input.id, input.version, async (tx, o, domainId) => {
        requireStatus(o, 'splitOutOfStock');
        if (o.warehouseId === null) throw new AppError(OrderErrors.NO_WAREHOUSE, 409, { code: o.code });
        const lines = (await plannedLinesOf(tx, domainId, [o.id])).get(o.id) ?? [];
        const available = await availableInWarehouse(tx, domainId, o.warehouseId, [...demandBySku(lines).keys()]);
        const plan = planOutOfStockSplit(lines, available, input.mode);
        if (plan.nothingShort) throw new AppError(OrderCommandErrors.NOTHING_SHORT, 409, { code: o.code });
        if (plan.nothingLeft) throw new AppError(OrderErrors.SPLIT_NOTHING_LEFT, 409, { code: o.code });
        return splitInto(tx, session, o, plan.moves, `splitOutOfStock:${input.mode}`, true);
      });
    },

    /**
     * Pre-allocates the available stock to the pending orders by creation time (in memory) and
     * marks the orders and lines that cannot be covered. One query for the demand, one for the
     * stock, bulk updates.
     */
    async refreshStockOut(session: Session, input: RefreshStockOutInput): Promise<RefreshStockOutResult> {
      const domainId = domainOf(session);
      const stores = input.storeIdList?.length ? sql`and o.store_id = any(${bigintArray(input.storeIdList)})` : sql``;
      return db.transaction(async (tx) => {
        const demand = await tx.execute<{ order_id: number; warehouse_id: number | null; line_id: number | null; qty: number | null; stock_sku_id: number | null; per_unit: number | null }>(sql`
          select o.id as order_id, o.warehouse_id, l.id as line_id, l.qty,
            case when l.cancel_tag = 1 or l.sku_id is null then null when k.is_combination then c.component_sku_id else l.sku_id end as stock_sku_id,
            case when k.is_combination then c.qty else 1 end as per_unit
          from erp_orders o
          left join erp_order_lines l on l.domain_id = o.domain_id and l.order_id = o.id
          left join skus k on k.domain_id = l.domain_id and k.id = l.sku_id
          left join combination_components c on k.is_combination and c.combo_sku_id = l.sku_id and c.domain_id = l.domain_id
          where o.domain_id = ${domainId} and o.status_code = ${S.NORMAL} ${stores}
          order by o.created_at, o.id, l.line_seq, l.id`);
        const orders: StockOutOrder[] = [];
        const lineById = new Map<number, StockOutOrder['lines'][number]>();
        let current: StockOutOrder | undefined;
        for (const r of demand.rows) {
          const orderId = Number(r.order_id);
          if (!current || current.id !== orderId) {
            current = { id: orderId, warehouseId: r.warehouse_id == null ? null : Number(r.warehouse_id), lines: [] };
            orders.push(current);
          }
          if (r.line_id == null) continue;
          const lineId = Number(r.line_id);
          let line = lineById.get(lineId);
          if (!line) {
            line = { lineId, qty: Number(r.qty), components: [] };
            lineById.set(lineId, line);
            current.lines.push(line);
          }
          if (r.stock_sku_id != null) line.components.push({ skuId: Number(r.stock_sku_id), perUnit: Number(r.per_unit ?? 1) });
        }
        const available = await availableByWarehouseAndSku(tx, domainId);
        const answer = preAllocateStockOut(orders, available);

        const orderIds = orders.map((o) => o.id);
        const flags = orders.map((o) => answer.stockOutIds.has(o.id));
        await tx.execute(sql`
          update erp_orders o set stock_out = x.so,
            so_extend_status = case when x.so and o.so_extend_status is null then 'STOCK_OUT' when not x.so and o.so_extend_status = 'STOCK_OUT' then null else o.so_extend_status end
          from unnest(${bigintArray(orderIds)}, ${booleanArray(flags)}) as x(id, so)
          where o.domain_id = ${domainId} and o.id = x.id
            and (o.stock_out <> x.so or (x.so and o.so_extend_status is null) or (not x.so and o.so_extend_status = 'STOCK_OUT'))`);
        const lineIds = [...lineById.keys()];
        const lineFlags = lineIds.map((id) => answer.stockOutLineIds.has(id));
        await tx.execute(sql`
          update erp_order_lines l set stock_out = x.so
          from unnest(${bigintArray(lineIds)}, ${`{${lineFlags.join(',')}}`}::boolean[]) as x(id, so)
          where l.domain_id = ${domainId} and l.id = x.id and l.stock_out <> x.so`);
        const result = { total: orders.length, stockOut: answer.stockOutIds.size, inStock: orders.length - answer.stockOutIds.size };
        await writeOperationLog(tx, actorOf(session), { area: 'orders', entityType: 'erp_order_stock_out', entityId: domainId, action: 'refreshStockOut', after: { ...result, storeIdList: input.storeIdList ?? null } });
        return result;
      });
    },

    /** Convert to pre-sale, normal, stock-out or locked (pending orders). */
    convert(session: Session, language: Language, input: ConvertOrdersInput): Promise<OrderBatchResult> {
      return batch(session, language, input, async (tx, o) => {
        requireStatus(o, 'convert', `convert:${input.to}`);
        const values: Partial<typeof erpOrders.$inferInsert> =
          input.to === 'PRESALE'
            ? { preSale: true }
            : input.to === 'STOCK_OUT'
              ? { stockOut: true, soExtendStatus: o.soExtendStatus ?? 'STOCK_OUT' }
              : input.to === 'LOCKED'
                ? { locked: true }
                : { preSale: false, stockOut: false, locked: false, soExtendStatus: o.soExtendStatus === 'STOCK_OUT' ? null : o.soExtendStatus };
        await change(tx, session, o, `convert:${input.to}`, values);
      });
    },

    async updateExpress(session: Session, language: Language, input: UpdateOrderExpressInput): Promise<OrderBatchResult> {
      const domainId = domainOf(session);
      const found = await db.execute(sql`select 1 from domain_express_companies where domain_id = ${domainId} and code = ${input.expressCompanyCode}`);
      if (!found.rows.length) throw new AppError(OrderCommandErrors.EXPRESS_NOT_FOUND, 404, { field: 'expressCompanyCode', code: input.expressCompanyCode });
      return batch(session, language, input, async (tx, o) => {
        requireStatus(o, 'updateExpress');
        const values: Partial<typeof erpOrders.$inferInsert> = { expressCompanyCode: input.expressCompanyCode, labels: withoutLabel(o.labels, 'EXPRESS_MATCH_FAIL') };
        if (o.expressCompanyCode !== input.expressCompanyCode) values.expressNo = null;
        await change(tx, session, o, 'updateExpress', values);
      });
    },

    async updateWarehouse(session: Session, language: Language, input: UpdateOrderWarehouseInput): Promise<OrderBatchResult> {
      const domainId = domainOf(session);
      const found = await db.execute(sql`select 1 from warehouses where domain_id = ${domainId} and id = ${input.warehouseId} and stop_using = false`);
      if (!found.rows.length) throw new AppError(OrderCommandErrors.WAREHOUSE_NOT_FOUND, 404, { field: 'warehouseId', id: input.warehouseId });
      return batch(session, language, input, async (tx, o) => {
        requireStatus(o, 'updateWarehouse');
        await change(tx, session, o, 'updateWarehouse', { warehouseId: input.warehouseId, labels: withoutLabel(o.labels, 'WAREHOUSE_MATCH_FAIL') });
      });
    },

    updateReceiver(session: Session, input: UpdateOrderReceiverInput): Promise<OrderRow> {
      return single(session, input.id, input.version, async (tx, o, domainId) => {
        requireStatus(o, 'updateReceiver');
        await change(tx, session, o, 'updateReceiver', {
          receiverName: input.receiverName,
          receiverPhone: input.receiverPhone,
          receiverTel: input.receiverTel ?? null,
          receiverProvince: input.receiverProvince,
          receiverCity: input.receiverCity,
          receiverDistrict: input.receiverDistrict ?? null,
          receiverAddress: input.receiverAddress,
          receiverZip: input.receiverZip ?? null,
          addressException: false,
        });
        return orderRow(tx, domainId, o.id);
      });
    },

    updateSellerFlag(session: Session, language: Language, input: UpdateSellerFlagInput): Promise<OrderBatchResult> {
      return batch(session, language, input, async (tx, o) => {
        requireStatus(o, 'updateSellerFlag');
        await change(tx, session, o, 'updateSellerFlag', { sellerFlag: input.sellerFlag, ...(input.sellerRemark !== undefined ? { sellerRemark: input.sellerRemark } : {}) });
      });
    },

    recycleExpressNo(session: Session, language: Language, input: OrderBatchInput): Promise<OrderBatchResult> {
      return batch(session, language, input, async (tx, o) => {
        requireStatus(o, 'recycleExpressNo');
        await change(tx, session, o, 'recycleExpressNo', { expressNo: null });
      });
    },

    releaseRisk(session: Session, language: Language, input: OrderBatchInput): Promise<OrderBatchResult> {
      return batch(session, language, input, async (tx, o) => {
        requireStatus(o, 'releaseRisk');
        await change(tx, session, o, 'releaseRisk', { riskControlStatus: 'NONE' });
      });
    },

    /** Adds a system SKU as a line of a pending order. */
    addSku(session: Session, input: AddOrderSkuInput): Promise<OrderRow> {
      return single(session, input.id, input.version, async (tx, o, domainId) => {
        requireStatus(o, 'addSku');
        const inserted = await tx.execute<{ id: number }>(sql`
          insert into erp_order_lines (domain_id, order_id, line_seq, sku_id, sku_code, sku_name, sku_specifications, sku_weight, is_combination, is_gift, labels, qty, price, amount, platform_no)
          select ${domainId}, ${o.id}, (select coalesce(max(line_seq), 0) + 1 from erp_order_lines where domain_id = ${domainId} and order_id = ${o.id}), k.id, k.code, k.name, k.specifications, k.weight, k.is_combination,
            ${input.isGift ?? false}, case when ${input.isGift ?? false} then '{GIFT}'::text[] else '{}'::text[] end,
            ${input.qty}, coalesce(${input.price ?? null}::numeric, k.price, 0), coalesce(${input.price ?? null}::numeric, k.price, 0) * ${input.qty}, ${o.platformNos[0] ?? null}
          from skus k where k.domain_id = ${domainId} and k.id = ${input.skuId} and k.del_flag = false
          returning id`);
        if (!inserted.rows.length) throw new AppError(OrderCommandErrors.SKU_NOT_FOUND, 404, { field: 'skuId', skuId: input.skuId });
        await recomputeTotals(tx, domainId, o.id);
        await change(tx, session, o, 'addSku', {});
        return orderRow(tx, domainId, o.id);
      });
    },

    deleteSku(session: Session, input: DeleteOrderSkuInput): Promise<OrderRow> {
      return single(session, input.id, input.version, async (tx, o, domainId) => {
        requireStatus(o, 'deleteSku');
        const lines = (await tx.execute<{ id: number }>(sql`select id from erp_order_lines where domain_id = ${domainId} and order_id = ${o.id}`)).rows.map((r) => Number(r.id));
        const missing = input.lineIdList.find((id) => !lines.includes(id));
        if (missing !== undefined) throw new AppError(OrderCommandErrors.LINE_NOT_FOUND, 404, { field: 'lineIdList', lineId: missing });
        if (lines.every((id) => input.lineIdList.includes(id))) throw new AppError(OrderCommandErrors.LAST_LINE, 409, { field: 'lineIdList', code: o.code });
        await tx.execute(sql`delete from erp_order_lines where domain_id = ${domainId} and order_id = ${o.id} and id = any(${bigintArray(input.lineIdList)})`);
        await recomputeTotals(tx, domainId, o.id);
        await refreshUnmappedLabel(tx, domainId, o.id);
        const [fresh] = await tx.select().from(erpOrders).where(and(eq(erpOrders.domainId, domainId), eq(erpOrders.id, o.id)));
        await change(tx, session, o, 'deleteSku', { labels: fresh!.labels });
        return orderRow(tx, domainId, o.id);
      });
    },

    /** Puts a system SKU on a line (an unmapped one becomes mapped). */
    replaceSku(session: Session, input: ReplaceOrderSkuInput): Promise<OrderRow> {
      return single(session, input.id, input.version, async (tx, o, domainId) => {
        requireStatus(o, 'replaceSku');
        const line = (await tx.execute(sql`select id from erp_order_lines where domain_id = ${domainId} and order_id = ${o.id} and id = ${input.lineId}`)).rows[0];
        if (!line) throw new AppError(OrderCommandErrors.LINE_NOT_FOUND, 404, { field: 'lineId', lineId: input.lineId });
        const updated = await tx.execute(sql`
          update erp_order_lines l set sku_id = k.id, sku_code = k.code, sku_name = k.name, sku_specifications = k.specifications, sku_weight = k.weight,
            is_combination = k.is_combination, version = l.version + 1, updated_at = now()
          from skus k where k.domain_id = ${domainId} and k.id = ${input.skuId} and k.del_flag = false and l.domain_id = ${domainId} and l.id = ${input.lineId}
          returning l.id`);
        if (!updated.rows.length) throw new AppError(OrderCommandErrors.SKU_NOT_FOUND, 404, { field: 'skuId', skuId: input.skuId });
        await recomputeTotals(tx, domainId, o.id);
        await refreshUnmappedLabel(tx, domainId, o.id);
        const [fresh] = await tx.select().from(erpOrders).where(and(eq(erpOrders.domainId, domainId), eq(erpOrders.id, o.id)));
        await change(tx, session, o, 'replaceSku', { labels: fresh!.labels });
        return orderRow(tx, domainId, o.id);
      });
    },

    /** Sets a header label a person may set (MANUAL_ORDER_LABELS) on open orders; present already: unchanged. */
    addLabel(session: Session, language: Language, input: OrderLabelInput): Promise<OrderBatchResult> {
      return batch(session, language, input, async (tx, o) => {
        if (!LABEL_STATUSES.includes(o.statusCode)) throw orderStatusRefusal(o, 'addLabel', LABEL_STATUSES);
        if (o.labels.includes(input.labelType)) return;
        await change(tx, session, o, 'addLabel', { labels: [...o.labels, input.labelType] });
      });
    },

    /** Removes a header label a person may set; absent: unchanged. */
    removeLabel(session: Session, language: Language, input: OrderLabelInput): Promise<OrderBatchResult> {
      return batch(session, language, input, async (tx, o) => {
        if (!LABEL_STATUSES.includes(o.statusCode)) throw orderStatusRefusal(o, 'removeLabel', LABEL_STATUSES);
        if (!o.labels.includes(input.labelType)) return;
        await change(tx, session, o, 'removeLabel', { labels: o.labels.filter((l) => l !== input.labelType) });
      });
    },

    /**
     * Closes orders the platform cancelled but that stayed open (intercepted CANCELLED, pending or
     * reviewed): what a review allocated is released, the intercept cleared.
     */
    forceCloseCancelled(session: Session, language: Language, input: { idList: number[] }): Promise<OrderBatchResult> {
      return batch(session, language, input, async (tx, o) => {
        if (!o.intercepted || o.interceptReason !== 'CANCELLED') throw new AppError(OrderMiscErrors.NOT_PLATFORM_CANCELLED, 409, { code: o.code });
        if (o.statusCode !== S.NORMAL && o.statusCode !== S.VERIFIED) throw orderStatusRefusal(o, 'forceCloseCancelled', [S.NORMAL, S.VERIFIED]);
        if (o.statusCode === S.VERIFIED) await releaseOrder(tx, o.domainId, session.userId, o);
        await change(tx, session, o, 'forceCloseCancelled', { statusCode: S.CLOSE, statusBeforeClose: S.NORMAL, closedAt: now(), verifiedAt: null, verifiedBy: null, intercepted: false });
      });
    },

    /** A check at the packing desk, written into the order's history (checkLog). */
    async writeCheckLog(session: Session, input: { id: number; result: string; content?: string | undefined }): Promise<null> {
      const domainId = domainOf(session);
      await db.transaction(async (tx) => {
        const [o] = await tx.select({ id: erpOrders.id }).from(erpOrders).where(and(eq(erpOrders.domainId, domainId), eq(erpOrders.id, input.id)));
        if (!o) throw notFound(ENTITY);
        await writeOrderLog(tx, actorOf(session), o.id, 'checkLog', undefined, { result: input.result, content: input.content ?? null });
      });
      return null;
    },
  };
}

/** Statuses whose labels a person may change: open orders (pending, reviewed, issued). */
const LABEL_STATUSES: readonly string[] = [S.NORMAL, S.VERIFIED, S.SYNCED];

export type OrderCommandsService = ReturnType<typeof createOrderCommandsService>;
