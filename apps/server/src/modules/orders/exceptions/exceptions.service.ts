// The exceptions of tab 5 and what resolves them (spec 02 §3.5, §7.10; spec 01 §2.4):
// - rematch re-runs the pipeline's SKU, warehouse and courier stages (ingest/pipeline.ts) on
//   pending orders, each order in its own transaction with its row locked;
// - the mapping area's 'sku-mapping-confirmed' / 'sku-mapping-replaced' lists re-map the lines of
//   pending orders carrying an online SKU whose mapping was just confirmed or replaced;
// - sync failures: platform orders whose ingest failed, synced again from their stored payload
//   through the pipeline, or their alert closed (the ingest part's closeErrors / countErrors).
import { bigintArray, textArray } from '../../../platform/sql.js';
import {
  isPlatformDone,
  OrderExceptionErrors,
  orderTimeBound,
  orderTotals,
  ORDER_STATUS,
  PlatformOrderInput,
  REMATCH_STAGES,
  type Language,
  type OrderBatchResult,
  type OrderFailure,
  type PageResult,
  type RematchOrdersInput,
  type RematchStage,
  type SyncFailRow,
  type SyncFailSearch,
} from '@openseller/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.js';
import { erpOrders, type ErpOrder } from '../../../db/schema/index.js';
import { AppError, notFound } from '../../../platform/errors.js';
import { serverMessage } from '../../../platform/messages.js';
import type { ServiceRegistry } from '../../../platform/module.js';
import type { OperationActor } from '../../../platform/operation-log.js';
import type { Session } from '../../../platform/sessions.js';
import { EXPRESS_RULES_SERVICE, type ExpressRulesService } from '../express-rules/courier-choice.js';
import { draftFromInput } from '../ingest/drafts.js';
import type { IngestService } from '../ingest/ingest.service.js';
import { chooseStoreWarehouse, createErpOrders, resolveLineSkus } from '../ingest/pipeline.js';
import { orderStatusRefusal, writeOrderLog } from '../orders.model.js';
import { actorOf, domainOf } from '../session-helpers.js';
import { isoTime as iso } from '../../../platform/time.js';
import { pageOffset } from '../../../platform/paging.js';

export interface OrderExceptionsDeps {
  database: Database;
  registry: ServiceRegistry;
  now: () => Date;
}

/** A problem rematch could not resolve (reported as the order's failure; the rest is kept). */
interface Problem {
  errorCode: string;
  params: Record<string, string | number>;
}

const SELF_DEFINED_STORE = 3;

const withLabel = (labels: string[], label: string) => (labels.includes(label) ? labels : [...labels, label]);
const withoutLabel = (labels: string[], label: string) => labels.filter((l) => l !== label);
const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** What the order log keeps of a rematch. */
const snapshot = (o: { labels: string[]; warehouseId: number | null; expressCompanyCode: string | null; weightTotal: string; skuTotal: number }) => ({
  labels: o.labels,
  warehouseId: o.warehouseId,
  expressCompanyCode: o.expressCompanyCode,
  weightTotal: o.weightTotal,
  skuTotal: o.skuTotal,
});

export function createOrderExceptionsService(deps: OrderExceptionsDeps) {
  const { db } = deps.database;
  const ingest = () => deps.registry.get<IngestService>('order-ingest');

  async function lockOrder(tx: Tx, domainId: number, id: number): Promise<ErpOrder> {
    const [o] = await tx
      .select()
      .from(erpOrders)
      .where(and(eq(erpOrders.domainId, domainId), eq(erpOrders.id, id)))
      .for('update');
    if (!o) throw notFound('order');
    return o;
  }

  /**
   * The SKU stage on the unmapped lines of one order: a line whose online SKU is now mapped (or
   * unknown to the mapping with an outer code equal to a system SKU code) gets its system SKU.
   * Answers the lines mapped and the lines still unmapped.
   */
  async function mapUnmappedLines(tx: Tx, o: ErpOrder): Promise<{ mapped: number; unmapped: number }> {
    const lines = await tx.execute<{ id: number; tb_sku_id: string | null; outer_sku_id: string | null }>(sql`
      select id, tb_sku_id, outer_sku_id from erp_order_lines
      where domain_id = ${o.domainId} and order_id = ${o.id} and sku_id is null and cancel_tag = 0 and not is_gift
      order by line_seq, id`);
    if (!lines.rows.length) return { mapped: 0, unmapped: 0 };
    const resolved = await resolveLineSkus(
      tx,
      o.domainId,
      o.storeId,
      lines.rows.map((l) => ({ tbSkuId: l.tb_sku_id, outerSkuId: l.outer_sku_id })),
    );
    let mapped = 0;
    for (let i = 0; i < lines.rows.length; i++) {
      const sku = resolved[i]!.sku;
      if (!sku) continue;
      await tx.execute(sql`
        update erp_order_lines set sku_id = ${sku.id}, sku_code = ${sku.code}, sku_name = coalesce(${sku.name}, sku_name),
          sku_specifications = coalesce(${sku.specifications}, sku_specifications), sku_weight = ${sku.weight},
          is_combination = ${sku.isCombination}, version = version + 1, updated_at = now()
        where domain_id = ${o.domainId} and id = ${Number(lines.rows[i]!.id)}`);
      mapped++;
    }
    return { mapped, unmapped: lines.rows.length - mapped };
  }

  /** Weight and SKU count of an order from its lines that are not cancelled (the amount stays). */
  async function totalsOf(tx: Tx, o: ErpOrder) {
    const lines = await tx.execute<{ sku_id: number | null; tb_sku_id: string | null; qty: number; price: string; sku_weight: string | null; is_gift: boolean }>(sql`
      select sku_id, tb_sku_id, qty, price, sku_weight, is_gift from erp_order_lines
      where domain_id = ${o.domainId} and order_id = ${o.id} and cancel_tag = 0`);
    return orderTotals(
      lines.rows.map((l) => ({
        skuId: l.sku_id == null ? null : Number(l.sku_id),
        tbSkuId: l.tb_sku_id,
        qty: Number(l.qty),
        price: String(l.price),
        weight: l.sku_weight == null ? null : String(l.sku_weight),
        isGift: Boolean(l.is_gift),
      })),
      o.amountTotal,
    );
  }

  /**
   * Re-runs the stages on one locked pending order, saves what changed (version bumped, order
   * log written) and answers what is still not resolved.
   */
  async function rematchOrder(tx: Tx, actor: OperationActor, o: ErpOrder, stages: readonly RematchStage[], action: 'rematch' | 'remapSku'): Promise<{ problems: Problem[]; changed: boolean }> {
    const problems: Problem[] = [];
    let labels = [...o.labels];
    let warehouseId = o.warehouseId;
    let expressCompanyCode = o.expressCompanyCode;
    let expressNo = o.expressNo;
    let weightTotal = o.weightTotal;
    let skuTotal = o.skuTotal;
    let mappedLines = 0;

    if (stages.includes('sku')) {
      const { mapped, unmapped } = await mapUnmappedLines(tx, o);
      mappedLines = mapped;
      if (mapped) {
        const totals = await totalsOf(tx, o);
        weightTotal = totals.weightTotal;
        skuTotal = totals.skuTotal;
      }
      if (unmapped) {
        labels = withLabel(labels, 'ORDER_TBSKU_EXCEPTION');
        problems.push({ errorCode: OrderExceptionErrors.STILL_UNMAPPED, params: { code: o.code, count: unmapped } });
      } else labels = withoutLabel(labels, 'ORDER_TBSKU_EXCEPTION');
    }

    if (stages.includes('warehouse') && (warehouseId === null || labels.includes('WAREHOUSE_MATCH_FAIL'))) {
      const choice = await chooseStoreWarehouse(tx, o.domainId, o.storeId);
      if (choice.warehouseId !== null) {
        warehouseId = choice.warehouseId;
        labels = withoutLabel(labels, 'WAREHOUSE_MATCH_FAIL');
      } else {
        labels = withLabel(labels, 'WAREHOUSE_MATCH_FAIL');
        problems.push({ errorCode: OrderExceptionErrors.NO_WAREHOUSE_MATCH, params: { code: o.code } });
      }
    }

    if (stages.includes('express') && (expressCompanyCode === null || labels.includes('EXPRESS_MATCH_FAIL') || labels.includes('EXPRESS_PROHIBITED'))) {
      const expressRules = deps.registry.find<ExpressRulesService>(EXPRESS_RULES_SERVICE);
      let choice = null;
      if (expressRules) {
        const lines = await tx.execute<{ sku_id: number | null; sku_code: string | null; qty: number }>(sql`
          select sku_id, sku_code, qty from erp_order_lines where domain_id = ${o.domainId} and order_id = ${o.id} and cancel_tag = 0 order by line_seq, id`);
        [choice] = await expressRules.chooseCouriers(tx, o.domainId, [
          {
            key: String(o.id),
            storeId: o.storeId,
            warehouseId,
            province: o.receiverProvince,
            city: o.receiverCity,
            district: o.receiverDistrict,
            weightKg: weightTotal,
            lines: lines.rows.map((l) => ({ skuId: l.sku_id == null ? null : Number(l.sku_id), skuCode: l.sku_code, qty: Number(l.qty) })),
            buyerMessage: o.buyerMessage,
            sellerRemark: o.sellerRemark,
          },
        ]);
      }
      if (choice?.expressCompanyCode) {
        if (choice.expressCompanyCode !== expressCompanyCode) expressNo = null;
        expressCompanyCode = choice.expressCompanyCode;
        labels = withoutLabel(labels, 'EXPRESS_MATCH_FAIL');
        if (choice.prohibited) {
          labels = withLabel(labels, 'EXPRESS_PROHIBITED');
          problems.push({ errorCode: OrderExceptionErrors.COURIER_PROHIBITED, params: { code: o.code, expressCompanyCode: choice.expressCompanyCode } });
        } else labels = withoutLabel(labels, 'EXPRESS_PROHIBITED');
      } else {
        labels = withLabel(labels, 'EXPRESS_MATCH_FAIL');
        problems.push({ errorCode: OrderExceptionErrors.NO_COURIER_MATCH, params: { code: o.code } });
      }
    }

    const changed =
      mappedLines > 0 ||
      !sameList(labels, o.labels) ||
      warehouseId !== o.warehouseId ||
      expressCompanyCode !== o.expressCompanyCode ||
      expressNo !== o.expressNo ||
      weightTotal !== o.weightTotal ||
      skuTotal !== o.skuTotal;
    if (changed) {
      const after = { labels, warehouseId, expressCompanyCode, weightTotal, skuTotal };
      await tx
        .update(erpOrders)
        .set({ ...after, expressNo, version: o.version + 1, updatedAt: deps.now() })
        .where(and(eq(erpOrders.domainId, o.domainId), eq(erpOrders.id, o.id)));
      await writeOrderLog(tx, actor, o.id, action, snapshot(o), { ...snapshot(after), stages, mappedLines });
    }
    return { problems, changed };
  }

  /** rematch: each order in its own transaction; what could not be resolved is the order's failure. */
  async function rematch(session: Session, language: Language, input: RematchOrdersInput): Promise<OrderBatchResult> {
    const domainId = domainOf(session);
    const stages = REMATCH_STAGES.filter((s) => input.stages.includes(s));
    const ids = [...new Set(input.idList)];
    const successIds: number[] = [];
    const failures: OrderFailure[] = [];
    const codes = new Map(
      (await db.execute<{ id: number; code: string }>(sql`select id, code from erp_orders where domain_id = ${domainId} and id = any(${bigintArray(ids)})`)).rows.map((r) => [
        Number(r.id),
        r.code,
      ]),
    );
    const fail = (id: number, errorCode: string, params: Record<string, string | number>) =>
      failures.push({ id, code: codes.get(id) ?? null, errorCode, params, message: serverMessage(errorCode, params, language) });
    for (const id of ids) {
      try {
        const { problems } = await db.transaction(async (tx) => {
          const o = await lockOrder(tx, domainId, id);
          if (o.statusCode !== ORDER_STATUS.NORMAL) throw orderStatusRefusal(o, 'rematch', [ORDER_STATUS.NORMAL]);
          return rematchOrder(tx, actorOf(session), o, stages, 'rematch');
        });
        if (problems.length) fail(id, problems[0]!.errorCode, problems[0]!.params);
        else successIds.push(id);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        fail(id, error.code, error.params as Record<string, string | number>);
      }
    }
    return { successIds, failures };
  }

  /**
   * 'sku-mapping-confirmed': the pending orders of the stores with an unmapped line of one of the
   * online SKUs run the SKU stage (locked, one by one in the mapping's transaction). Answers the
   * orders changed.
   */
  async function remapConfirmed(tx: Tx, domainId: number, actor: OperationActor, confirmed: { tbSkuId: string; storeId: number; skuId: number }[]): Promise<number> {
    const byStore = new Map<number, string[]>();
    for (const c of confirmed) byStore.set(c.storeId, [...(byStore.get(c.storeId) ?? []), c.tbSkuId]);
    let changed = 0;
    for (const [storeId, tbSkuIds] of byStore) {
      const orders = await tx.execute<{ id: number }>(sql`
        select distinct o.id from erp_orders o join erp_order_lines l on l.order_id = o.id and l.domain_id = o.domain_id
        where o.domain_id = ${domainId} and o.store_id = ${storeId} and o.status_code = ${ORDER_STATUS.NORMAL}
          and l.tb_sku_id = any(${textArray(tbSkuIds)}) and l.sku_id is null and l.cancel_tag = 0 and not l.is_gift
        order by o.id`);
      for (const row of orders.rows) {
        const o = await lockOrder(tx, domainId, Number(row.id));
        if (o.statusCode !== ORDER_STATUS.NORMAL) continue;
        if ((await rematchOrder(tx, actor, o, ['sku'], 'remapSku')).changed) changed++;
      }
    }
    return changed;
  }

  /**
   * 'sku-mapping-replaced' (with isUpdateNormalOrderDetail): the lines of the online SKU on pending
   * orders of the store move from the old system SKU to the new one. Reviewed orders keep their
   * SKU: their stock is allocated by it. Lines without a SKU are left to remapConfirmed.
   */
  async function remapReplaced(
    tx: Tx,
    domainId: number,
    change: { tbSkuId: string; storeId: number; oldSkuId: number | null; newSkuId: number },
  ): Promise<number> {
    if (change.oldSkuId === null) return 0;
    // The handler is not told who replaced the mapping (the mapping area's log names them).
    const actor: OperationActor = { userId: null, loginName: 'online goods mapping', domainId };
    const [resolved] = await resolveLineSkus(tx, domainId, change.storeId, [{ tbSkuId: null, outerSkuId: null, skuId: change.newSkuId }]);
    const sku = resolved?.sku;
    if (!sku) return 0;
    const orders = await tx.execute<{ id: number }>(sql`
      select distinct o.id from erp_orders o join erp_order_lines l on l.order_id = o.id and l.domain_id = o.domain_id
      where o.domain_id = ${domainId} and o.store_id = ${change.storeId} and o.status_code = ${ORDER_STATUS.NORMAL}
        and l.tb_sku_id = ${change.tbSkuId} and l.sku_id = ${change.oldSkuId} and l.cancel_tag = 0 and not l.is_gift
      order by o.id`);
    let changed = 0;
    for (const row of orders.rows) {
      const o = await lockOrder(tx, domainId, Number(row.id));
      if (o.statusCode !== ORDER_STATUS.NORMAL) continue;
      const moved = await tx.execute(sql`
        update erp_order_lines set sku_id = ${sku.id}, sku_code = ${sku.code}, sku_name = coalesce(${sku.name}, sku_name),
          sku_specifications = coalesce(${sku.specifications}, sku_specifications), sku_weight = ${sku.weight},
          is_combination = ${sku.isCombination}, version = version + 1, updated_at = now()
        where domain_id = ${domainId} and order_id = ${o.id} and tb_sku_id = ${change.tbSkuId} and sku_id = ${change.oldSkuId} and cancel_tag = 0 and not is_gift
        returning id`);
      if (!moved.rows.length) continue;
      const totals = await totalsOf(tx, o);
      await tx
        .update(erpOrders)
        .set({ weightTotal: totals.weightTotal, skuTotal: totals.skuTotal, version: o.version + 1, updatedAt: deps.now() })
        .where(and(eq(erpOrders.domainId, domainId), eq(erpOrders.id, o.id)));
      await writeOrderLog(tx, actor, o.id, 'replaceSkuMapping', { skuId: change.oldSkuId, tbSkuId: change.tbSkuId }, { skuId: sku.id, skuCode: sku.code, lines: moved.rows.length });
      changed++;
    }
    return changed;
  }

  // ---- sync failures ---------------------------------------------------------------------------

  async function getSyncFailCount(session: Session): Promise<number> {
    return ingest().countErrors(session);
  }

  async function searchSyncFailPageList(session: Session, input: SyncFailSearch): Promise<PageResult<SyncFailRow>> {
    const domainId = domainOf(session);
    const c = [sql`p.domain_id = ${domainId}`, sql`p.error_msg is not null`];
    const statuses = input.soSyncStatusList?.length ? input.soSyncStatusList : ['OPEN'];
    if (statuses.length === 1) c.push(sql`p.error_closed = ${statuses[0] === 'CLOSED'}`);
    const codes = input.codeKeywords ?? [];
    if (codes.length) c.push(sql`(p.platform_no = any(${textArray(codes)}) or o.code = any(${textArray(codes)}))`);
    if (input.verifyTimeFrom) c.push(sql`p.updated_at >= ${orderTimeBound(input.verifyTimeFrom, 'from').toISOString()}::timestamptz`);
    if (input.verifyTimeTo) c.push(sql`p.updated_at <= ${orderTimeBound(input.verifyTimeTo, 'to').toISOString()}::timestamptz`);
    if (input.soCancelStatusList?.length) c.push(sql`p.platform_status = any(${textArray(input.soCancelStatusList)})`);
    if (input.storeId) c.push(sql`p.store_id = ${input.storeId}`);
    const where = sql.join(c, sql` and `);
    const from = sql`from platform_orders p left join erp_orders o on o.id = p.erp_order_id and o.domain_id = p.domain_id left join stores s on s.id = p.store_id and s.domain_id = p.domain_id`;
    const [total, rows] = await Promise.all([
      db.execute<{ n: number }>(sql`select count(*)::int as n ${from} where ${where}`),
      db.execute<Record<string, unknown>>(sql`
        select p.id, p.store_id, s.name as store_name, p.platform_no, p.platform_status, p.payload->>'buyerNick' as buyer_nick,
          p.payload->>'payTime' as pay_time, p.erp_order_id, o.code as erp_order_code, p.error_msg, p.error_closed, p.updated_at
        ${from} where ${where}
        order by p.error_closed asc, p.id desc
        limit ${input.pageSize} offset ${pageOffset(input)}`),
    ]);
    return {
      voList: rows.rows.map((r) => ({
        id: Number(r.id),
        storeId: Number(r.store_id),
        storeName: (r.store_name as string) ?? null,
        platformNo: String(r.platform_no),
        platformStatus: String(r.platform_status),
        buyerNick: (r.buyer_nick as string) ?? null,
        payTime: r.pay_time ? iso(r.pay_time) : null,
        erpOrderId: r.erp_order_id == null ? null : Number(r.erp_order_id),
        erpOrderCode: (r.erp_order_code as string) ?? null,
        errorMsg: String(r.error_msg),
        errorClosed: Boolean(r.error_closed),
        updatedAt: iso(r.updated_at)!,
      })),
      total: Number(total.rows[0]?.n ?? 0),
      currentPage: input.currentPage,
      pageSize: input.pageSize,
    };
  }

  /**
   * reSync4SyncFail: each failed platform order in its own transaction. The stored payload is
   * checked again; a good one becomes an ERP order through the pipeline (when it has none and is
   * not finished on the platform) and the error is cleared; a bad one keeps an updated error.
   * The batch result names platform order ids.
   */
  async function reSync(session: Session, language: Language, idList: number[]): Promise<OrderBatchResult> {
    const domainId = domainOf(session);
    const actor = actorOf(session);
    const successIds: number[] = [];
    const failures: OrderFailure[] = [];
    for (const id of [...new Set(idList)]) {
      let platformNo: string | null = null;
      try {
        const problem = await db.transaction(async (tx): Promise<Problem | null> => {
          const found = await tx.execute<Record<string, unknown>>(sql`
            select p.id, p.store_id, p.platform_no, p.platform_status, p.payload, p.erp_order_id, p.error_msg, s.platform_code, s.store_type
            from platform_orders p join stores s on s.id = p.store_id and s.domain_id = p.domain_id
            where p.domain_id = ${domainId} and p.id = ${id} for update of p`);
          const row = found.rows[0];
          if (!row) throw notFound('platformOrder');
          platformNo = String(row.platform_no);
          if (row.error_msg == null) return { errorCode: OrderExceptionErrors.NO_SYNC_ERROR, params: { platformNo } };
          const parsed = PlatformOrderInput.safeParse(row.payload);
          if (!parsed.success) {
            const errorMsg = parsed.error.issues.map((i) => `${i.path.join('.') || 'order'}: ${i.message}`).join('; ');
            await tx.execute(sql`update platform_orders set error_msg = ${errorMsg}, version = version + 1, updated_at = now() where domain_id = ${domainId} and id = ${id}`);
            return { errorCode: OrderExceptionErrors.RESYNC_INVALID, params: { platformNo, errorMsg } };
          }
          const erpOrderId = row.erp_order_id == null ? null : Number(row.erp_order_id);
          if (erpOrderId === null && !isPlatformDone(String(row.platform_status))) {
            const draft = draftFromInput(parsed.data, Number(row.store_type) === SELF_DEFINED_STORE ? 'HTTP' : 'PLATFORM');
            const store = { id: Number(row.store_id), platformCode: String(row.platform_code) };
            await createErpOrders(tx, { registry: deps.registry, now: deps.now }, domainId, actor, store, [draft], deps.now());
          } else if (erpOrderId !== null) {
            await writeOrderLog(tx, actor, erpOrderId, 'reSync', { platformNo, errorMsg: row.error_msg }, { platformNo, errorMsg: null });
          }
          await tx.execute(sql`
            update platform_orders set error_msg = null, error_closed = false, version = version + 1, updated_at = now()
            where domain_id = ${domainId} and id = ${id}`);
          return null;
        });
        if (problem) failures.push({ id, code: platformNo, errorCode: problem.errorCode, params: problem.params, message: serverMessage(problem.errorCode, problem.params, language) });
        else successIds.push(id);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const params = error.params as Record<string, string | number>;
        failures.push({ id, code: platformNo, errorCode: error.code, params, message: serverMessage(error.code, params, language) });
      }
    }
    return { successIds, failures };
  }

  async function closeSyncFailAlert(session: Session, idList: number[]): Promise<{ closed: number }> {
    domainOf(session);
    return ingest().closeErrors(session, idList);
  }

  return { rematch, remapConfirmed, remapReplaced, getSyncFailCount, searchSyncFailPageList, reSync, closeSyncFailAlert };
}

export type OrderExceptionsService = ReturnType<typeof createOrderExceptionsService>;
