// Return inbound (RMA): commands in transactions under a lock of the return's row, each writing
// the operation log (area 'rma'). A return is CREATED (awaiting warehouse entry), received in one
// or more receipts (good units to a sellable location, defective units to a non-sellable one),
// and COMPLETED when every line is in. Stock moves only through the stock engine, the average
// cost through the stock area's receipt costs.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  maskPhone,
  maskText,
  DEFECTIVE_LOCATION_CODE,
  ErrorCodes,
  formatDecimal,
  RMA_DOC_TYPE,
  RMA_STATUS,
  RMA_STATUSES,
  RmaErrors,
  rmaStatusName,
  type Language,
  type PageResult,
  type RmaBatchResult,
  type RmaCreateAndReceiveInput,
  type RmaCreateInput,
  type RmaReason,
  type RmaReceiveInput,
  type RmaRow,
  type RmaSearchInput,
  type RmaStatusOption,
  type RmaUpdateInput,
  type RmaView,
} from '@openseller/core';
import type { Database, Tx } from '../../../db/client.js';
import { idsIn, textArray } from '../../../platform/sql.js';
import { combinationComponents, erpOrderLines, erpOrders, rmaDetails, rmaHeaders, rmaOrderLineReturns, rmaReasons, rmaReceiptLines, rmaReceipts, skus, warehouseLocations, warehouses } from '../../../db/schema/index.js';
import { actorOf, domainOf } from '../../../platform/caller.js';
import { AppError, versionConflict } from '../../../platform/errors.js';
import { serverMessage } from '../../../platform/messages.js';
import { writeOperationLog, type OperationActor } from '../../../platform/operation-log.js';
import { pageAnswer } from '../../../platform/paging.js';
import type { Session } from '../../../platform/sessions.js';
import { presentPerson, unmaskedEcho } from '../../../platform/field-permissions.js';
import { applyReceiptCosts } from '../stock.costs.js';
import { applyMovements, type Movement } from '../stock.engine.js';
import { ORDER_DOC_TYPE } from '../outbound/sales-outbound.js';
import { detailsOf, lockRma, nextRmaCode, openRmas, rmaView, searchRmas, statusCounts, type RmaHeader } from './rma.queries.js';

export const AREA = 'rma';
/** The key of an order line's tally per SKU. */
const tallyKey = (lineId: number, skuId: number) => `${lineId}:${skuId}`;
const SHIPPED = 'CI_ERPSOH_STATUS_SEND';

interface ResolvedLine {
  erpOrderLineId: number | null;
  skuId: number;
  qty: number;
  remark: string | null;
}

interface ReceiptLine {
  detailId: number;
  good: number;
  defective: number;
}

interface ReceiptOptions {
  goodLocationId?: number | null | undefined;
  defectiveLocationId?: number | null | undefined;
  receiptKey?: string | null | undefined;
}

export interface RmaServiceDeps {
  database: Database;
  now?: () => Date;
}

/** A return as the account may see it: the receiver in full only with RECEIVER_DECRYPT. */
const presentReceiver = <T extends { receiverName: string | null; receiverPhone: string | null }>(session: Session, row: T): T =>
  presentPerson<T>(session, row, { texts: ['receiverName'], phones: ['receiverPhone'] });

export function createRmaService(deps: RmaServiceDeps) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());

  const wrongStatus = (h: RmaHeader, action: string) => new AppError(RmaErrors.WRONG_STATUS, 409, { code: h.code, status: h.status, action });

  async function rmaOrFail(tx: Tx, domainId: number, id: number): Promise<RmaHeader> {
    const found = await lockRma(tx, domainId, id);
    if (!found) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'rma', field: 'id', id });
    return found;
  }

  async function viewOf(tx: Tx, session: Session, id: number, language: Language): Promise<RmaView> {
    const view = await rmaView(tx, domainOf(session), id, language);
    if (!view) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'rma', field: 'id', id });
    return presentReceiver(session, view);
  }

  /** What came back already (received) per order line and SKU (a combination line's components each). */
  async function returnedByLine(tx: Tx, domainId: number, lineIds: number[]): Promise<Map<string, number>> {
    if (!lineIds.length) return new Map();
    const rows = await tx
      .select({ id: rmaOrderLineReturns.erpOrderLineId, skuId: rmaOrderLineReturns.skuId, n: rmaOrderLineReturns.returnedQty })
      .from(rmaOrderLineReturns)
      .where(and(eq(rmaOrderLineReturns.domainId, domainId), idsIn(rmaOrderLineReturns.erpOrderLineId, lineIds)));
    return new Map(rows.map((r) => [tallyKey(r.id, r.skuId), r.n]));
  }

  /** The components of combination SKUs: per combination, each component SKU with its code and pieces per set. */
  async function componentsOf(tx: Tx, domainId: number, comboSkuIds: number[]): Promise<Map<number, { skuId: number; code: string; perSet: number }[]>> {
    const result = new Map<number, { skuId: number; code: string; perSet: number }[]>();
    if (!comboSkuIds.length) return result;
    const rows = await tx
      .select({ comboSkuId: combinationComponents.comboSkuId, skuId: combinationComponents.componentSkuId, code: skus.code, perSet: combinationComponents.qty })
      .from(combinationComponents)
      .innerJoin(skus, and(eq(skus.domainId, combinationComponents.domainId), eq(skus.id, combinationComponents.componentSkuId)))
      .where(and(eq(combinationComponents.domainId, domainId), idsIn(combinationComponents.comboSkuId, comboSkuIds)))
      .orderBy(asc(combinationComponents.comboSkuId), asc(combinationComponents.componentSkuId));
    for (const r of rows) result.set(r.comboSkuId, [...(result.get(r.comboSkuId) ?? []), { skuId: r.skuId, code: r.code, perSet: Number(r.perSet) }]);
    return result;
  }

  /** Checks the warehouse, the order and its lines (or the SKUs of a free return); answers the lines. */
  async function resolve(tx: Tx, domainId: number, input: RmaCreateInput) {
    const [warehouse] = await tx
      .select()
      .from(warehouses)
      .where(and(eq(warehouses.domainId, domainId), eq(warehouses.id, input.whId)));
    if (!warehouse) throw new AppError(RmaErrors.WAREHOUSE_NOT_FOUND, 404, { field: 'whId', whId: input.whId });
    if (warehouse.stopUsing) throw new AppError(RmaErrors.WAREHOUSE_STOPPED, 409, { field: 'whId', name: warehouse.name });
    if (input.reasonId) {
      const [reason] = await tx
        .select({ id: rmaReasons.id })
        .from(rmaReasons)
        .where(and(eq(rmaReasons.domainId, domainId), eq(rmaReasons.id, input.reasonId)));
      if (!reason) throw new AppError(RmaErrors.REASON_NOT_FOUND, 404, { field: 'reasonId' });
    }
    const lines: ResolvedLine[] = [];
    let order: typeof erpOrders.$inferSelect | undefined;
    if (input.erpSoHId) {
      [order] = await tx
        .select()
        .from(erpOrders)
        .where(and(eq(erpOrders.domainId, domainId), eq(erpOrders.id, input.erpSoHId)));
      if (!order) throw new AppError(RmaErrors.ORDER_NOT_FOUND, 404, { field: 'erpSoHId', id: input.erpSoHId });
      if (order.statusCode !== SHIPPED) throw new AppError(RmaErrors.ORDER_NOT_SHIPPED, 409, { field: 'erpSoHId', code: order.code });
      const ids = input.rmaDetails.map((d) => d.erpSodId!);
      const orderLines = await tx
        .select()
        .from(erpOrderLines)
        .where(and(eq(erpOrderLines.domainId, domainId), eq(erpOrderLines.orderId, order.id), idsIn(erpOrderLines.id, ids)));
      const returned = await returnedByLine(tx, domainId, ids);
      const components = await componentsOf(tx, domainId, [...new Set(orderLines.filter((l) => l.isCombination && l.skuId).map((l) => l.skuId!))]);
      for (const [index, d] of input.rmaDetails.entries()) {
        const line = orderLines.find((l) => l.id === d.erpSodId);
        const field = `rmaDetails.${index}.erpSodId`;
        if (!line) throw new AppError(RmaErrors.ORDER_LINE_NOT_FOUND, 404, { field, code: order.code });
        if (!line.skuId) throw new AppError(RmaErrors.SKU_NOT_FOUND, 404, { field, skuId: line.skuCode ?? '' });
        // A combination comes back as its components (d.qty sets: each component d.qty × its pieces
        // per set), each within what shipped of it on this line.
        const parts = line.isCombination ? (components.get(line.skuId) ?? []) : [{ skuId: line.skuId, code: line.skuCode ?? '', perSet: 1 }];
        if (!parts.length) throw new AppError(RmaErrors.COMBINATION_LINE, 409, { field, skuCode: line.skuCode ?? '' });
        for (const part of parts) {
          const shipped = line.qty * part.perSet;
          const already = returned.get(tallyKey(line.id, part.skuId)) ?? 0;
          const asked = d.qty * part.perSet;
          const left = shipped - already;
          if (asked > left) throw new AppError(RmaErrors.OVER_SHIPPED, 409, { field: `rmaDetails.${index}.qty`, skuCode: part.code, shipped, returned: already, asked, left });
          lines.push({ erpOrderLineId: line.id, skuId: part.skuId, qty: asked, remark: d.remark ?? null });
        }
      }
    } else {
      const ids = input.rmaDetails.map((d) => d.skuId!);
      const found = await tx
        .select({ id: skus.id, code: skus.code, isCombination: skus.isCombination })
        .from(skus)
        .where(and(eq(skus.domainId, domainId), eq(skus.delFlag, false), idsIn(skus.id, ids)));
      for (const [index, d] of input.rmaDetails.entries()) {
        const sku = found.find((s) => s.id === d.skuId);
        const field = `rmaDetails.${index}.skuId`;
        if (!sku) throw new AppError(RmaErrors.SKU_NOT_FOUND, 404, { field, skuId: d.skuId! });
        if (sku.isCombination) throw new AppError(RmaErrors.COMBINATION_LINE, 409, { field, skuCode: sku.code });
        lines.push({ erpOrderLineId: null, skuId: sku.id, qty: d.qty, remark: d.remark ?? null });
      }
    }
    return { warehouse, order, lines };
  }

  function headerFields(input: RmaCreateInput, resolved: Awaited<ReturnType<typeof resolve>>, previous?: { receiverName: string | null; receiverPhone: string | null }) {
    const o = resolved.order;
    return {
      source: o ? 'ORDER' : 'FREE',
      warehouseId: resolved.warehouse.id,
      erpOrderId: o?.id ?? null,
      // A seller-run warehouse needs no issue; a warehouse-system one waits for it.
      sendStatus: resolved.warehouse.type === 'SELF_WAREHOUSE' ? 'NONE' : 'REQUEST',
      reasonId: input.reasonId ?? null,
      expressCompanyCode: input.expressCompanyCode ?? null,
      expressNo: input.expressNo ?? null,
      buyerNick: input.buyerNick ?? o?.buyerNick ?? null,
      // A form that showed the receiver masked sends the mask back: the stored receiver then.
      receiverName: input.receiverName == null ? (o?.receiverName ?? null) : unmaskedEcho(input.receiverName, previous?.receiverName ?? o?.receiverName, maskText),
      receiverPhone: input.receiverPhone == null ? (o?.receiverPhone ?? null) : unmaskedEcho(input.receiverPhone, previous?.receiverPhone ?? o?.receiverPhone, maskPhone),
      receiverProvince: input.receiverProvince ?? o?.receiverProvince ?? null,
      receiverCity: input.receiverCity ?? o?.receiverCity ?? null,
      receiverCounty: input.receiverCounty ?? o?.receiverDistrict ?? null,
      remark: input.remark ?? null,
      qtyTotal: resolved.lines.reduce((s, l) => s + l.qty, 0),
    };
  }

  async function insertLines(tx: Tx, domainId: number, rmaId: number, lines: ResolvedLine[]) {
    return tx
      .insert(rmaDetails)
      .values(lines.map((l, i) => ({ domainId, rmaId, lineNo: i + 1, ...l, createdAt: now() })))
      .returning();
  }

  /** A sellable location of the warehouse for good units (given, or its first), or 0 when it keeps none. */
  async function goodLocation(tx: Tx, domainId: number, warehouseId: number, given: number | null | undefined): Promise<number> {
    if (given) {
      const [l] = await tx
        .select()
        .from(warehouseLocations)
        .where(and(eq(warehouseLocations.domainId, domainId), eq(warehouseLocations.id, given)));
      if (!l || l.warehouseId !== warehouseId) throw new AppError(RmaErrors.LOCATION_NOT_IN_WAREHOUSE, 409, { field: 'goodLocationId' });
      if (!l.sellable) throw new AppError(RmaErrors.LOCATION_NOT_SELLABLE, 409, { field: 'goodLocationId', code: l.code });
      return l.id;
    }
    const [first] = await tx
      .select({ id: warehouseLocations.id })
      .from(warehouseLocations)
      .where(and(eq(warehouseLocations.domainId, domainId), eq(warehouseLocations.warehouseId, warehouseId), eq(warehouseLocations.sellable, true)))
      .orderBy(asc(warehouseLocations.id))
      .limit(1);
    return first?.id ?? 0;
  }

  /** A non-sellable location for defective units (given, or the warehouse's defective location, made on first use). */
  async function defectiveLocation(tx: Tx, domainId: number, warehouseId: number, given: number | null | undefined): Promise<number> {
    if (given) {
      const [l] = await tx
        .select()
        .from(warehouseLocations)
        .where(and(eq(warehouseLocations.domainId, domainId), eq(warehouseLocations.id, given)));
      if (!l || l.warehouseId !== warehouseId) throw new AppError(RmaErrors.LOCATION_NOT_IN_WAREHOUSE, 409, { field: 'defectiveLocationId' });
      if (l.sellable) throw new AppError(RmaErrors.DEFECTIVE_LOCATION_SELLABLE, 409, { field: 'defectiveLocationId', code: l.code });
      return l.id;
    }
    const [existing] = await tx
      .select({ id: warehouseLocations.id })
      .from(warehouseLocations)
      .where(and(eq(warehouseLocations.domainId, domainId), eq(warehouseLocations.warehouseId, warehouseId), eq(warehouseLocations.sellable, false)))
      .orderBy(asc(warehouseLocations.id))
      .limit(1);
    if (existing) return existing.id;
    await tx
      .insert(warehouseLocations)
      .values({ domainId, warehouseId, code: DEFECTIVE_LOCATION_CODE, zone: '次品区', remark: 'return inbound: defective', sellable: false })
      .onConflictDoNothing();
    const [made] = await tx
      .select({ id: warehouseLocations.id, sellable: warehouseLocations.sellable })
      .from(warehouseLocations)
      .where(and(eq(warehouseLocations.domainId, domainId), eq(warehouseLocations.warehouseId, warehouseId), eq(warehouseLocations.code, DEFECTIVE_LOCATION_CODE)));
    if (!made || made.sellable) throw new AppError(RmaErrors.DEFECTIVE_LOCATION_SELLABLE, 409, { field: 'defectiveLocationId', code: DEFECTIVE_LOCATION_CODE });
    return made.id;
  }

  /** The unit cost a SKU of the order went out at (its SHIP ledger rows), or null when unknown. */
  async function shippedCost(tx: Tx, domainId: number, orderId: number, skuId: number): Promise<string | null> {
    const rows = await tx.execute<{ cost: string | null }>(sql`
      select (sum(-on_hand_delta * unit_cost) / nullif(sum(-on_hand_delta), 0))::numeric(18,4)::text as cost
      from stock_ledger
      where domain_id = ${domainId} and doc_type = ${ORDER_DOC_TYPE} and doc_id = ${orderId} and sku_id = ${skuId}
        and movement = 'SHIP' and unit_cost is not null and on_hand_delta < 0`);
    const cost = rows.rows[0]?.cost;
    return cost == null ? null : formatDecimal(cost, 4);
  }

  /**
   * Books one receipt of a locked return: checks every line, the order lines' tally (under its
   * row lock: never more back than shipped), moves the average cost, then the stock, one ledger
   * row per receipt line.
   */
  /**
   * Books a receipt. By hand a return is received while CREATED; the warehouse system of a return
   * issued to it (SYNCED) reports its receipts through `fromWarehouseSystem`.
   */
  async function book(tx: Tx, actor: OperationActor, header: RmaHeader, lines: ReceiptLine[], options: ReceiptOptions, fieldPrefix: string, fromWarehouseSystem = false): Promise<RmaHeader> {
    const domainId = header.domainId;
    if (header.status !== (fromWarehouseSystem ? RMA_STATUS.SYNCED : RMA_STATUS.CREATED)) throw wrongStatus(header, 'receive');
    const receiptKey = options.receiptKey ?? randomUUID();
    const details = await detailsOf(tx, domainId, header.id);
    const byId = new Map(details.map((d) => [d.id, d]));
    for (const [index, l] of lines.entries()) {
      const d = byId.get(l.detailId);
      if (!d) throw new AppError(RmaErrors.DETAIL_NOT_FOUND, 404, { field: `${fieldPrefix}.${index}.id`, code: header.code });
      const left = d.qty - d.receivedQty;
      if (l.good + l.defective > left)
        throw new AppError(RmaErrors.OVER_RECEIPT, 409, { field: `${fieldPrefix}.${index}.goodQty`, code: header.code, line: d.lineNo, expected: d.qty, received: d.receivedQty, receiving: l.good + l.defective, left });
    }
    const needGood = lines.some((l) => l.good > 0);
    const needDefective = lines.some((l) => l.defective > 0);
    const goodAt = needGood ? await goodLocation(tx, domainId, header.warehouseId, options.goodLocationId) : 0;
    const defectiveAt = needDefective ? await defectiveLocation(tx, domainId, header.warehouseId, options.defectiveLocationId) : 0;

    // Never more back than shipped per order line and SKU (a combination line: per component, its
    // pieces per set × the sets shipped): the tally row is locked by the update, and the database's
    // check holds it within what shipped besides.
    const perOrderLine = new Map<string, { lineId: number; skuId: number; qty: number }>();
    for (const l of lines) {
      const d = byId.get(l.detailId)!;
      if (!d.erpOrderLineId) continue;
      const key = tallyKey(d.erpOrderLineId, d.skuId);
      const entry = perOrderLine.get(key) ?? { lineId: d.erpOrderLineId, skuId: d.skuId, qty: 0 };
      entry.qty += l.good + l.defective;
      perOrderLine.set(key, entry);
    }
    for (const { lineId, skuId, qty } of [...perOrderLine.values()].sort((a, b) => a.lineId - b.lineId || a.skuId - b.skuId)) {
      await tx.execute(sql`
        insert into rma_order_line_returns (domain_id, erp_order_line_id, sku_id, shipped_qty, returned_qty)
        select ${domainId}, l.id, ${skuId}, l.qty * coalesce(c.qty, 1), 0
        from erp_order_lines l
        left join combination_components c on l.is_combination and c.domain_id = l.domain_id and c.combo_sku_id = l.sku_id and c.component_sku_id = ${skuId}
        where l.domain_id = ${domainId} and l.id = ${lineId}
        on conflict (domain_id, erp_order_line_id, sku_id) do nothing`);
      const updated = await tx.execute<{ n: number }>(sql`
        update rma_order_line_returns set returned_qty = returned_qty + ${qty}, updated_at = now()
        where domain_id = ${domainId} and erp_order_line_id = ${lineId} and sku_id = ${skuId} and returned_qty + ${qty} <= shipped_qty
        returning returned_qty as n`);
      if (!updated.rows.length) {
        const [tally] = await tx
          .select()
          .from(rmaOrderLineReturns)
          .where(and(eq(rmaOrderLineReturns.domainId, domainId), eq(rmaOrderLineReturns.erpOrderLineId, lineId), eq(rmaOrderLineReturns.skuId, skuId)));
        const [sku] = await tx.select({ code: skus.code }).from(skus).where(and(eq(skus.domainId, domainId), eq(skus.id, skuId)));
        throw new AppError(RmaErrors.OVER_SHIPPED, 409, {
          field: fieldPrefix,
          skuCode: sku?.code ?? '',
          shipped: tally?.shippedQty ?? 0,
          returned: tally?.returnedQty ?? 0,
          asked: qty,
          left: (tally?.shippedQty ?? 0) - (tally?.returnedQty ?? 0),
        });
      }
    }

    const qtyTotal = lines.reduce((s, l) => s + l.good + l.defective, 0);
    const [receipt] = await tx
      .insert(rmaReceipts)
      .values({ domainId, rmaId: header.id, receiptKey, qtyTotal, receivedBy: actor.userId, receivedByName: actor.loginName, createdAt: now() })
      .returning();
    const costs = new Map<number, string | null>();
    for (const l of lines) {
      const d = byId.get(l.detailId)!;
      if (!costs.has(d.id)) costs.set(d.id, header.erpOrderId ? await shippedCost(tx, domainId, header.erpOrderId, d.skuId) : null);
    }
    const receiptLineValues = lines.flatMap((l) => {
      const d = byId.get(l.detailId)!;
      const base = { domainId, receiptId: receipt!.id, rmaDetailId: d.id, skuId: d.skuId, unitCost: costs.get(d.id) ?? null };
      return [
        ...(l.good > 0 ? [{ ...base, quality: 'GOOD', locationId: goodAt, qty: l.good }] : []),
        ...(l.defective > 0 ? [{ ...base, quality: 'DEFECTIVE', locationId: defectiveAt, qty: l.defective }] : []),
      ];
    });
    const booked = await tx.insert(rmaReceiptLines).values(receiptLineValues).returning();

    // The average first (it reads the on-hand before the units come in), then the stock.
    await applyReceiptCosts(
      tx,
      domainId,
      booked.map((b) => ({ skuId: b.skuId, qty: b.qty, unitCost: b.unitCost })),
    );
    const movements: Movement[] = booked.map((b) => ({
      warehouseId: header.warehouseId,
      locationId: b.locationId,
      skuId: b.skuId,
      onHandDelta: b.qty,
      movement: 'RETURN',
      doc: { type: RMA_DOC_TYPE, id: header.id, code: header.code },
      remark: b.quality,
      unitCost: b.unitCost,
      sourceLineId: b.id,
    }));
    await applyMovements(tx, domainId, actor.userId, movements);

    for (const l of lines) {
      await tx
        .update(rmaDetails)
        .set({
          receivedQty: sql`${rmaDetails.receivedQty} + ${l.good + l.defective}`,
          goodQty: sql`${rmaDetails.goodQty} + ${l.good}`,
          defectiveQty: sql`${rmaDetails.defectiveQty} + ${l.defective}`,
        })
        .where(and(eq(rmaDetails.domainId, domainId), eq(rmaDetails.id, l.detailId)));
    }
    const good = lines.reduce((s, l) => s + l.good, 0);
    const defective = lines.reduce((s, l) => s + l.defective, 0);
    const complete = header.receivedQtyTotal + qtyTotal >= header.qtyTotal;
    const [after] = await tx
      .update(rmaHeaders)
      .set({
        receivedQtyTotal: header.receivedQtyTotal + qtyTotal,
        goodQtyTotal: header.goodQtyTotal + good,
        defectiveQtyTotal: header.defectiveQtyTotal + defective,
        status: complete ? RMA_STATUS.COMPLETED : header.status,
        completedAt: complete ? now() : null,
        version: header.version + 1,
        updatedAt: now(),
      })
      .where(and(eq(rmaHeaders.domainId, header.domainId), eq(rmaHeaders.id, header.id)))
      .returning();
    await writeOperationLog(tx, actor, {
      area: AREA,
      entityType: 'rma',
      entityId: header.id,
      action: 'receipt',
      before: { status: header.status, receivedQtyTotal: header.receivedQtyTotal },
      after: { status: after!.status, receivedQtyTotal: after!.receivedQtyTotal, receiptKey, lines: receiptLineValues.map((v) => ({ rmaDetailId: v.rmaDetailId, quality: v.quality, qty: v.qty, locationId: v.locationId })) },
    });
    return after!;
  }

  /** Every line's remainder, as good. */
  async function remainderAsGood(tx: Tx, domainId: number, rmaId: number): Promise<ReceiptLine[]> {
    return (await detailsOf(tx, domainId, rmaId)).filter((d) => d.qty > d.receivedQty).map((d) => ({ detailId: d.id, good: d.qty - d.receivedQty, defective: 0 }));
  }

  async function createInTx(tx: Tx, session: Session, input: RmaCreateInput | RmaCreateAndReceiveInput, receiveAll: boolean): Promise<RmaHeader> {
    const domainId = domainOf(session);
    const resolved = await resolve(tx, domainId, input);
    const code = await nextRmaCode(tx, domainId, now());
    const [header] = await tx
      .insert(rmaHeaders)
      .values({ domainId, code, status: RMA_STATUS.CREATED, ...headerFields(input, resolved), createdBy: session.userId, createdAt: now(), updatedAt: now() })
      .returning();
    const details = await insertLines(tx, domainId, header!.id, resolved.lines);
    await writeOperationLog(tx, actorOf(session), { area: AREA, entityType: 'rma', entityId: header!.id, action: receiveAll ? 'createAndReceipt' : 'create', after: { ...header, rmaDetails: details } });
    if (!receiveAll) return header!;
    return book(tx, actorOf(session), header!, await remainderAsGood(tx, domainId, header!.id), input as RmaCreateAndReceiveInput, 'rmaDetails');
  }

  async function updateInTx(tx: Tx, session: Session, input: RmaUpdateInput & Partial<RmaCreateAndReceiveInput>, receiveAll: boolean): Promise<RmaHeader> {
    const domainId = domainOf(session);
    const before = await rmaOrFail(tx, domainId, input.id);
    if (before.version !== input.version) throw versionConflict('rma');
    if (before.status !== RMA_STATUS.CREATED) throw wrongStatus(before, 'edit');
    if (before.receivedQtyTotal > 0) throw new AppError(RmaErrors.HAS_RECEIPTS, 409, { code: before.code, received: before.receivedQtyTotal, action: 'edit' });
    const resolved = await resolve(tx, domainId, input);
    const [header] = await tx
      .update(rmaHeaders)
      .set({ ...headerFields(input, resolved, before), version: before.version + 1, updatedAt: now() })
      .where(and(eq(rmaHeaders.domainId, before.domainId), eq(rmaHeaders.id, before.id)))
      .returning();
    await tx.delete(rmaDetails).where(and(eq(rmaDetails.domainId, domainId), eq(rmaDetails.rmaId, before.id)));
    const details = await insertLines(tx, domainId, before.id, resolved.lines);
    await writeOperationLog(tx, actorOf(session), { area: AREA, entityType: 'rma', entityId: before.id, action: 'update', before, after: { ...header, rmaDetails: details } });
    if (!receiveAll) return header!;
    return book(tx, actorOf(session), header!, await remainderAsGood(tx, domainId, before.id), input, 'rmaDetails');
  }

  async function receiveInTx(tx: Tx, session: Session, input: RmaReceiveInput): Promise<RmaHeader> {
    const domainId = domainOf(session);
    const header = await rmaOrFail(tx, domainId, input.id);
    // A receipt key seen before: that receipt is booked; say so rather than "changed meanwhile".
    if (input.receiptKey) {
      const [seen] = await tx
        .select({ id: rmaReceipts.id })
        .from(rmaReceipts)
        .where(and(eq(rmaReceipts.domainId, domainId), eq(rmaReceipts.rmaId, header.id), eq(rmaReceipts.receiptKey, input.receiptKey)));
      if (seen) throw new AppError(RmaErrors.RECEIPT_CONFIRMED, 409, { code: header.code, receiptKey: input.receiptKey });
    }
    if (header.status !== RMA_STATUS.CREATED) throw wrongStatus(header, 'receive');
    if (header.version !== input.version) throw versionConflict('rma');
    return book(
      tx,
      actorOf(session),
      header,
      input.rmaDetails.map((d) => ({ detailId: d.id, good: d.goodQty, defective: d.defectiveQty })),
      input,
      'rmaDetails',
    );
  }

  const tx = <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work);

  return {
    /**
     * Creates a return inside the caller's transaction (an agreed after-sale return: the document
     * and its return inbound change together); answers its id and code.
     */
    async createIn(t: Tx, session: Session, input: RmaCreateInput): Promise<{ id: number; code: string }> {
      const header = await createInTx(t, session, input, false);
      return { id: header.id, code: header.code };
    },
    async create(session: Session, input: RmaCreateInput, language: Language): Promise<RmaView> {
      return tx(async (t) => viewOf(t, session, (await createInTx(t, session, input, false)).id, language));
    },
    async createAndReceive(session: Session, input: RmaCreateAndReceiveInput, language: Language): Promise<RmaView> {
      return tx(async (t) => viewOf(t, session, (await createInTx(t, session, input, true)).id, language));
    },
    async update(session: Session, input: RmaUpdateInput, language: Language): Promise<RmaView> {
      return tx(async (t) => viewOf(t, session, (await updateInTx(t, session, input, false)).id, language));
    },
    async updateAndReceive(session: Session, input: RmaUpdateInput & Partial<RmaCreateAndReceiveInput>, language: Language): Promise<RmaView> {
      return tx(async (t) => viewOf(t, session, (await updateInTx(t, session, input, true)).id, language));
    },
    async receive(session: Session, input: RmaReceiveInput, language: Language): Promise<RmaView> {
      return tx(async (t) => viewOf(t, session, (await receiveInTx(t, session, input)).id, language));
    },
    /** Receives what each return still expects, as good; each return in its own transaction. */
    async receiveList(session: Session, idList: number[], language: Language): Promise<RmaBatchResult> {
      const domainId = domainOf(session);
      const result: RmaBatchResult = { succeeded: [], refusals: [] };
      for (const id of [...new Set(idList)]) {
        try {
          await tx(async (t) => {
            const header = await rmaOrFail(t, domainId, id);
            if (header.status !== RMA_STATUS.CREATED) throw wrongStatus(header, 'receive');
            const lines = await remainderAsGood(t, domainId, id);
            if (!lines.length) throw new AppError(RmaErrors.NOTHING_TO_RECEIVE, 409, { code: header.code });
            await book(t, actorOf(session), header, lines, {}, 'idList');
          });
          result.succeeded.push(id);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          result.refusals.push({ id, code: error.code, message: serverMessage(error.code, error.params, language) });
        }
      }
      return result;
    },
    /** A receipt the warehouse system of an issued (SYNCED) return reports, keyed by its result. */
    bookFromWarehouseSystem: (t: Tx, actor: OperationActor, header: RmaHeader, lines: ReceiptLine[], receiptKey: string) => book(t, actor, header, lines, { receiptKey }, 'lines', true),
    async remove(session: Session, input: { id: number; version?: number | null | undefined }): Promise<{ deleted: number }> {
      return tx(async (t) => {
        const domainId = domainOf(session);
        const h = await rmaOrFail(t, domainId, input.id);
        if (input.version != null && input.version !== h.version) throw versionConflict('rma');
        await removeLocked(t, session, h);
        return { deleted: 1 };
      });
    },
    async removeList(session: Session, idList: number[], language: Language): Promise<RmaBatchResult> {
      const domainId = domainOf(session);
      const result: RmaBatchResult = { succeeded: [], refusals: [] };
      for (const id of [...new Set(idList)]) {
        try {
          await tx(async (t) => removeLocked(t, session, await rmaOrFail(t, domainId, id)));
          result.succeeded.push(id);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          result.refusals.push({ id, code: error.code, message: serverMessage(error.code, error.params, language) });
        }
      }
      return result;
    },
    async get(session: Session, id: number, language: Language): Promise<RmaView> {
      return viewOf(db, session, id, language);
    },
    async statusList(session: Session, language: Language): Promise<RmaStatusOption[]> {
      const counts = await statusCounts(db, domainOf(session));
      return RMA_STATUSES.map((s) => ({ statusCode: s, statusName: rmaStatusName(s, language), count: counts.get(s) ?? 0 }));
    },
    async search(session: Session, input: RmaSearchInput, language: Language): Promise<PageResult<RmaRow>> {
      const { total, rows } = await searchRmas(db, domainOf(session), input, language);
      return pageAnswer(rows.map((r) => presentReceiver(session, r)), total, input);
    },
    async openByOrder(session: Session, erpSoHId: number, language: Language): Promise<RmaRow[]> {
      return (await openRmas(db, domainOf(session), eq(rmaHeaders.erpOrderId, erpSoHId), language)).map((r) => presentReceiver(session, r));
    },
    async openByExtCodes(session: Session, extCodes: string[], language: Language): Promise<RmaRow[]> {
      return (await openRmas(db, domainOf(session), sql`${erpOrders.platformNos} && ${textArray(extCodes)}`, language)).map((r) => presentReceiver(session, r));
    },
    async createReason(session: Session, reason: string): Promise<RmaReason> {
      return tx(async (t) => {
        const domainId = domainOf(session);
        const [row] = await t.insert(rmaReasons).values({ domainId, reason, createdBy: session.userId, createdAt: now() }).onConflictDoNothing().returning();
        if (!row) throw new AppError(RmaErrors.REASON_TAKEN, 409, { field: 'reason', reason });
        await writeOperationLog(t, actorOf(session), { area: AREA, entityType: 'rmaReason', entityId: row.id, action: 'create', after: row });
        return { id: row.id, reason: row.reason, createdAt: row.createdAt.toISOString() };
      });
    },
    async reasonList(session: Session): Promise<RmaReason[]> {
      const rows = await db
        .select()
        .from(rmaReasons)
        .where(eq(rmaReasons.domainId, domainOf(session)))
        .orderBy(asc(rmaReasons.id));
      return rows.map((r) => ({ id: r.id, reason: r.reason, createdAt: r.createdAt.toISOString() }));
    },
    /** Deleting a reason keeps the returns that named it (their reason becomes empty). */
    async deleteReason(session: Session, id: number): Promise<{ deleted: number }> {
      return tx(async (t) => {
        const [row] = await t
          .delete(rmaReasons)
          .where(and(eq(rmaReasons.domainId, domainOf(session)), eq(rmaReasons.id, id)))
          .returning();
        if (!row) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'rmaReason', field: 'id', id });
        await writeOperationLog(t, actorOf(session), { area: AREA, entityType: 'rmaReason', entityId: id, action: 'delete', before: row });
        return { deleted: 1 };
      });
    },
  };

  async function removeLocked(t: Tx, session: Session, h: RmaHeader): Promise<void> {
    if (h.receivedQtyTotal > 0) throw new AppError(RmaErrors.HAS_RECEIPTS, 409, { code: h.code, received: h.receivedQtyTotal, action: 'delete' });
    if (h.status !== RMA_STATUS.CREATED) throw wrongStatus(h, 'delete');
    // Parcels linked to it wait again (never lost): reopened, or dropped where the same tracking
    // number was recorded again meanwhile and that open parcel stands for it.
    await t.execute(sql`
      with twins as (
        delete from rma_parcels p where p.domain_id = ${h.domainId} and p.rma_id = ${h.id}
          and exists (select 1 from rma_parcels o where o.domain_id = p.domain_id and o.express_no = p.express_no and o.state = 'OPEN')
        returning p.id)
      update rma_parcels set state = 'OPEN', rma_id = null, linked_by = null, linked_by_name = null, linked_at = null, version = version + 1, updated_at = now()
      where domain_id = ${h.domainId} and rma_id = ${h.id} and id not in (select id from twins)`);
    await t.delete(rmaHeaders).where(and(eq(rmaHeaders.domainId, h.domainId), eq(rmaHeaders.id, h.id)));
    await writeOperationLog(t, actorOf(session), { area: AREA, entityType: 'rma', entityId: h.id, action: 'delete', before: h });
  }
}

export type RmaService = ReturnType<typeof createRmaService>;
