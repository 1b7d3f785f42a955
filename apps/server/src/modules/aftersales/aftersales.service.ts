// After-sale documents: commands in transactions under a lock of the document's row (and of the
// order's row where what was shipped or paid bounds them), each writing the operation log (area
// 'aftersales', kind 'afterSale') with the states before and after. Decisions run per document,
// each in its own transaction: one refused document (its state, its stale version) leaves the
// others done. Agreeing a return makes the return-inbound document of the stock area (its
// service, in the same transaction).
import { idsIn, textsIn } from '../../platform/sql.js';
import {
  addDecimals,
  maskPhone,
  maskText,
  afterSaleName,
  AFTER_SALE_TYPE_NAMES,
  AfterSalesErrors,
  compareDecimals,
  decisionRefusal,
  ErrorCodes,
  formatDecimal,
  GOODS_COME_BACK,
  HAS_REFUND,
  initialStates,
  multiplyDecimals,
  parseDecimal,
  receiptStateOf,
  RmaCreateInput,
  SENDS_GOODS,
  statesAfter,
  type AfterSaleAgreeReturnInput,
  type AfterSaleBatchResult,
  type AfterSaleCreateInput,
  type AfterSaleDecision,
  type AfterSaleRef,
  type AfterSaleReplacementInput,
  type AfterSaleRow,
  type AfterSaleSearchInput,
  type AfterSaleSource,
  type AfterSaleTimelineEntry,
  type AfterSaleStates,
  type AfterSaleUpdateItem,
  type AfterSaleUploadLogisticsInput,
  type Decimal,
  type Language,
  type PageResult,
  type RefundState,
  type ReplacementMode,
} from '@openseller/core';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import { afterSaleLines, afterSales, erpOrderLines, erpOrders, skus, stores, warehouses } from '../../db/schema/index.js';
import { actorOf, domainOf } from '../../platform/caller.js';
import { AppError, versionConflict } from '../../platform/errors.js';
import { serverMessage } from '../../platform/messages.js';
import { writeOperationLog } from '../../platform/operation-log.js';
import { pageAnswer, pageWindow } from '../../platform/paging.js';
import type { Session } from '../../platform/sessions.js';
import { holdOrdersForRefund, releaseRefundHolds, type IngestService } from '../orders/index.js';
import { maskedPerson, presentPerson, unmaskedEcho } from '../../platform/field-permissions.js';
import { ordersWithActiveRefunds } from './aftersales.platform.js';
import type { RmaService } from '../stock/index.js';
import { afterSaleRow, lockAfterSale, nextAfterSaleCode, searchAfterSales, type AfterSaleHeader, type AfterSaleList } from './aftersales.queries.js';

export const AREA = 'aftersales';
const ENTITY = 'afterSale';
const SHIPPED = 'CI_ERPSOH_STATUS_SEND';

export interface AfterSalesServiceDeps {
  database: Database;
  /** The stock area's return inbound, looked up when a return is agreed. */
  rma: () => RmaService;
  /** The orders area's ingest: a replacement order is an order entered by hand, through its pipeline. */
  orders: () => IngestService;
  /** Called after decisions that left documents waiting for their write-back (queues the job). */
  writeBackQueued?: (domainId: number) => void;
  /** Called in the decision's transaction when a document's refund becomes done (the buyer's text). */
  refundDone?: () => readonly ((tx: Tx, domainId: number, afterSaleId: number) => Promise<unknown>)[];
  now?: () => Date;
}

/** The key of a document's refund: the platform's refund id, or AS<id> for a document made here (the intercept tasks' key). */
const refundKeyOf = (h: { id: number; platformRefundId: string | null }) => h.platformRefundId ?? `AS${h.id}`;

const notFound = (id: number) => new AppError(ErrorCodes.NOT_FOUND, 404, { what: ENTITY, field: 'id', id });

const statesOf = (h: AfterSaleHeader): AfterSaleStates => ({
  type: h.type as AfterSaleStates['type'],
  checkStatus: h.checkStatus as AfterSaleStates['checkStatus'],
  refundStatus: h.refundStatus as RefundState | null,
  receiptStatus: h.receiptStatus as AfterSaleStates['receiptStatus'],
});

/** What a decision's log entry shows of a document. */
const snapshot = (h: AfterSaleHeader) => ({
  checkStatus: h.checkStatus,
  refundStatus: h.refundStatus,
  receiptStatus: h.receiptStatus,
  writeBackStatus: h.writeBackStatus,
  rmaId: h.rmaId,
  returnWhId: h.returnWhId,
  refundFee: h.refundFee,
  buyerExpressNo: h.buyerExpressNo,
  version: h.version,
});

const BUYER = { texts: ['buyerName', 'buyerAddress'], phones: ['buyerPhone'] } as const;
type BuyerFields = { buyerName: string | null; buyerPhone: string | null; buyerAddress: string | null };

/** The buyer's name, phone and address as an account without the receiver permission sees them. */
export const maskedBuyerOf = (h: BuyerFields) => maskedPerson<BuyerFields>(h, BUYER);

/** A document as the account may see it: the buyer in full only with RECEIVER_DECRYPT (lists, details, exports). */
export const presentBuyer = <T extends BuyerFields>(session: Session, row: T): T => presentPerson<T>(session, row, BUYER);

export function createAfterSalesService(deps: AfterSalesServiceDeps) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());

  async function lockOrder(tx: Tx, domainId: number, id: number, field = 'erpSoHId') {
    const [order] = await tx
      .select()
      .from(erpOrders)
      .where(and(eq(erpOrders.domainId, domainId), eq(erpOrders.id, id)))
      .for('update');
    if (!order) throw new AppError(AfterSalesErrors.ORDER_NOT_FOUND, 404, { field, id });
    return order;
  }

  async function checkWarehouse(tx: Tx, domainId: number, id: number, field = 'returnWhId') {
    const [w] = await tx
      .select({ id: warehouses.id })
      .from(warehouses)
      .where(and(eq(warehouses.domainId, domainId), eq(warehouses.id, id)));
    if (!w) throw new AppError(AfterSalesErrors.WAREHOUSE_NOT_FOUND, 404, { field, id });
  }

  /** What open documents whose goods come back already take of each order line (besides `except`). */
  async function takenByLine(tx: Tx, domainId: number, lineIds: number[], except?: number): Promise<Map<number, number>> {
    if (!lineIds.length) return new Map();
    const rows = await tx
      .select({ lineId: afterSaleLines.erpOrderLineId, n: sql<number>`sum(${afterSaleLines.skuNum})::int` })
      .from(afterSaleLines)
      .innerJoin(afterSales, and(eq(afterSales.domainId, afterSaleLines.domainId), eq(afterSales.id, afterSaleLines.afterSaleId)))
      .where(
        and(
          eq(afterSaleLines.domainId, domainId),
          eq(afterSaleLines.kind, 'RETURN'),
          idsIn(afterSaleLines.erpOrderLineId, lineIds),
          textsIn(afterSales.type, [...GOODS_COME_BACK]),
          ne(afterSales.checkStatus, 'CLOSED'),
          ...(except ? [ne(afterSales.id, except)] : []),
        ),
      )
      .groupBy(afterSaleLines.erpOrderLineId);
    return new Map(rows.map((r) => [Number(r.lineId), Number(r.n)]));
  }

  /**
   * The refunds of an order's open documents (besides `except`) plus `fee` stay within what the
   * order was paid: its lines' amounts and its postage. The caller holds the order's row lock.
   */
  async function checkRefundCap(tx: Tx, domainId: number, order: typeof erpOrders.$inferSelect, fee: string, except?: number) {
    if (compareDecimals(fee, 0) === 0) return;
    const [paid] = await tx
      .select({ goods: sql<string>`coalesce(sum(${erpOrderLines.amount}), 0)::text` })
      .from(erpOrderLines)
      .where(and(eq(erpOrderLines.domainId, domainId), eq(erpOrderLines.orderId, order.id)));
    const [taken] = await tx
      .select({ fees: sql<string>`coalesce(sum(${afterSales.refundFee}), 0)::text` })
      .from(afterSales)
      .where(
        and(
          eq(afterSales.domainId, domainId),
          eq(afterSales.erpOrderId, order.id),
          ne(afterSales.checkStatus, 'CLOSED'),
          sql`${afterSales.refundStatus} is distinct from 'REJECT'`,
          ...(except ? [ne(afterSales.id, except)] : []),
        ),
      );
    const limit = addDecimals(paid?.goods ?? '0', order.postFee);
    const already = taken?.fees ?? '0';
    if (compareDecimals(addDecimals(already, fee), limit) > 0)
      throw new AppError(AfterSalesErrors.REFUND_TOO_HIGH, 409, { field: 'refundFee', code: order.code, paid: formatDecimal(limit, 2), refunded: formatDecimal(already, 2), asked: formatDecimal(fee, 2) });
  }

  async function createInTx(tx: Tx, session: Session, input: AfterSaleCreateInput, source: AfterSaleSource): Promise<number> {
    const domainId = domainOf(session);
    const order = await lockOrder(tx, domainId, input.erpSoHId);
    const goodsBack = GOODS_COME_BACK.has(input.type);
    if (goodsBack && order.statusCode !== SHIPPED) throw new AppError(AfterSalesErrors.ORDER_NOT_SHIPPED, 409, { field: 'erpSoHId', code: order.code });
    if (input.returnWhId) await checkWarehouse(tx, domainId, input.returnWhId);

    const ids = input.returnDetailDtos.map((d) => d.erpSodId);
    const orderLines = ids.length
      ? await tx
          .select()
          .from(erpOrderLines)
          .where(and(eq(erpOrderLines.domainId, domainId), eq(erpOrderLines.orderId, order.id), idsIn(erpOrderLines.id, ids)))
      : [];
    // Under the order's row lock: documents of the same order wait here, so the bound holds.
    const taken = goodsBack ? await takenByLine(tx, domainId, ids) : new Map<number, number>();
    const returnLines = input.returnDetailDtos.map((d, index) => {
      const line = orderLines.find((l) => l.id === d.erpSodId);
      if (!line) throw new AppError(AfterSalesErrors.ORDER_LINE_NOT_FOUND, 404, { field: `returnDetailDtos.${index}.erpSodId`, code: order.code });
      const already = taken.get(line.id) ?? 0;
      const left = line.qty - already;
      if (d.skuNum > left)
        throw new AppError(AfterSalesErrors.OVER_SHIPPED, 409, { field: `returnDetailDtos.${index}.skuNum`, skuCode: line.skuCode ?? '', shipped: line.qty, returned: already, asked: d.skuNum, left });
      return {
        kind: 'RETURN',
        erpOrderLineId: line.id,
        isCombination: line.isCombination,
        skuId: line.skuId,
        skuCode: line.skuCode,
        skuName: line.skuName,
        skuSpec: line.skuSpecifications,
        skuNum: d.skuNum,
        skuPrice: line.price,
        skuWeight: line.skuWeight,
      };
    });

    const skuIds = input.exchangeDetailDtos.map((d) => d.skuId);
    const found = skuIds.length
      ? await tx
          .select()
          .from(skus)
          .where(and(eq(skus.domainId, domainId), eq(skus.delFlag, false), idsIn(skus.id, skuIds)))
      : [];
    const exchangeLines = input.exchangeDetailDtos.map((d, index) => {
      const sku = found.find((s) => s.id === d.skuId);
      if (!sku) throw new AppError(AfterSalesErrors.SKU_NOT_FOUND, 404, { field: `exchangeDetailDtos.${index}.skuId`, skuId: d.skuId });
      return {
        kind: 'EXCHANGE',
        erpOrderLineId: null,
        isCombination: sku.isCombination,
        skuId: sku.id,
        skuCode: sku.code,
        skuName: sku.name,
        skuSpec: sku.specifications,
        skuNum: d.skuNum,
        skuPrice: d.skuPrice ?? sku.price ?? '0',
        skuWeight: sku.weight,
      };
    });

    // The refund: as given, or the returned goods at the price they were sold at.
    const refundFee = !HAS_REFUND.has(input.type)
      ? '0'
      : formatDecimal(input.refundFee ?? returnLines.reduce<Decimal>((sum, l) => addDecimals(sum, multiplyDecimals(l.skuPrice, l.skuNum)), parseDecimal(0)), 4);
    if (HAS_REFUND.has(input.type)) await checkRefundCap(tx, domainId, order, refundFee);

    const states = initialStates(input.type);
    const code = await nextAfterSaleCode(tx, domainId, now());
    const [header] = await tx
      .insert(afterSales)
      .values({
        domainId,
        code,
        source,
        type: input.type,
        storeId: order.storeId,
        erpOrderId: order.id,
        erpOrderCode: order.code,
        tbSohCode: order.platformNos[0] ?? null,
        buyerNick: order.buyerNick,
        // A form filled from the order as a masked account sees it sends the mask: the order's buyer then.
        buyerName: unmaskedEcho(input.buyerName, order.receiverName, maskText),
        buyerPhone: unmaskedEcho(input.buyerPhone, order.receiverPhone, maskPhone),
        buyerProvince: input.buyerProvince ?? order.receiverProvince,
        buyerCity: input.buyerCity ?? order.receiverCity,
        buyerDistrict: input.buyerDistrict ?? order.receiverDistrict,
        buyerAddress: unmaskedEcho(input.buyerAddress, order.receiverAddress, maskText),
        buyerExpressCompanyCode: input.buyerExpressCompanyCode ?? null,
        buyerExpressCompanyName: input.buyerExpressCompanyName ?? null,
        buyerExpressNo: input.buyerExpressNo ?? null,
        applyTime: input.applyTime ? new Date(input.applyTime.includes('T') ? input.applyTime : input.applyTime.replace(' ', 'T')) : now(),
        refundPhase: input.refundPhase ?? (order.statusCode === SHIPPED ? 'AFTER_SALE' : 'ON_SALE'),
        afterSalesReason: input.afterSalesReason ?? null,
        refundFee,
        postFee: input.postFee ?? '0',
        remark: input.remark ?? null,
        paymentAccount: input.paymentAccount ?? null,
        returnWhId: input.returnWhId ?? order.warehouseId ?? null,
        checkStatus: states.checkStatus,
        receiptStatus: states.receiptStatus,
        refundStatus: states.refundStatus,
        writeBackStatus: null,
        returnQtyTotal: goodsBack ? returnLines.reduce((s, l) => s + l.skuNum, 0) : 0,
        replacementMode: null,
        createdBy: session.userId,
        createdAt: now(),
        updatedAt: now(),
      })
      .returning();
    const lines = [...returnLines.map((l, i) => ({ ...l, lineNo: i + 1 })), ...exchangeLines.map((l, i) => ({ ...l, lineNo: i + 1 }))];
    const inserted = lines.length ? await tx.insert(afterSaleLines).values(lines.map((l) => ({ domainId, afterSaleId: header!.id, ...l, createdAt: now() }))).returning() : [];
    await writeOperationLog(tx, actorOf(session), { area: AREA, entityType: ENTITY, entityId: header!.id, action: source === 'IMPORT' ? 'import' : 'create', after: { ...header, lines: inserted } });
    // A refund asked before shipping holds the order (under the row lock taken above) until it ends.
    if (header!.refundStatus && order.statusCode !== SHIPPED) {
      await holdOrdersForRefund(tx, domainId, actorOf(session), { orderId: order.id }, { refundKey: refundKeyOf(header!), afterSaleId: header!.id, reason: header!.afterSalesReason }, now());
    }
    if (input.replacementMode && SENDS_GOODS.has(input.type)) await chooseReplacement(tx, session, header!, input.replacementMode);
    return header!.id;
  }

  /**
   * The replacement of an exchange or a reissue: an order entered by hand through the orders
   * pipeline, in the caller's transaction — the document's store, its buyer's address, its
   * EXCHANGE lines at their prices, the document's code in the seller's remark. Answers its id.
   */
  async function makeReplacement(tx: Tx, session: Session, h: AfterSaleHeader): Promise<number> {
    const domainId = domainOf(session);
    const lines = await tx
      .select()
      .from(afterSaleLines)
      .where(and(eq(afterSaleLines.domainId, domainId), eq(afterSaleLines.afterSaleId, h.id), eq(afterSaleLines.kind, 'EXCHANGE')));
    const sendable = lines.filter((l) => l.skuId != null);
    const refuse = (reason: string) => new AppError(AfterSalesErrors.REPLACEMENT_NOT_ALLOWED, 409, { code: h.code, reason, field: reason === 'address' ? 'buyerAddress' : 'exchangeDetailDtos' });
    if (!sendable.length) throw refuse('goods');
    if (!h.buyerName || !h.buyerPhone || !h.buyerProvince || !h.buyerCity || !h.buyerAddress) throw refuse('address');
    const typeName = afterSaleName(AFTER_SALE_TYPE_NAMES[h.type as AfterSaleStates['type']], 'zh');
    const order = await deps.orders().createByHandInTx(tx, session, {
      storeId: h.storeId,
      buyerNick: h.buyerNick ?? undefined,
      receiverName: h.buyerName,
      receiverPhone: h.buyerPhone,
      receiverProvince: h.buyerProvince,
      receiverCity: h.buyerCity,
      receiverDistrict: h.buyerDistrict ?? undefined,
      receiverAddress: h.buyerAddress,
      postFee: '0',
      sellerRemark: `${typeName} ${h.code}`,
      lines: sendable.map((l) => ({ skuId: l.skuId!, qty: l.skuNum, price: l.skuPrice })),
    });
    return order.id;
  }

  function refusalOf(code: 'WRONG_TYPE' | 'WRONG_STATE' | 'RETURN_ORDERS_UNSUPPORTED', h: AfterSaleHeader, decision: string, platformCode: string, language: Language) {
    return new AppError(AfterSalesErrors[code], 409, {
      code: h.code,
      decision,
      type: afterSaleName(AFTER_SALE_TYPE_NAMES[h.type as AfterSaleStates['type']], language),
      platformCode,
    });
  }

  interface DecisionExtras {
    returnWhId?: number | null | undefined;
    refundResult?: 'SUCCESS' | 'FAILURE';
    logistics?: Pick<AfterSaleUploadLogisticsInput, 'buyerExpressCompanyCode' | 'buyerExpressCompanyName' | 'buyerExpressNo'>;
  }

  async function decideOne(tx: Tx, session: Session, decision: AfterSaleDecision, ref: AfterSaleRef, extras: DecisionExtras, language: Language): Promise<void> {
    const domainId = domainOf(session);
    // A refusal may release the order's refund hold: the order's row is locked before the
    // document's, the order the store pull takes them in.
    if (decision === 'refuseRefund' || decision === 'refuseReturn') await lockOrderOf(tx, domainId, ref.id);
    const before = await lockAfterSale(tx, domainId, ref.id);
    if (!before) throw notFound(ref.id);
    if (before.version !== ref.version) throw versionConflict(ENTITY);
    const [store] = await tx
      .select({ platformCode: stores.platformCode })
      .from(stores)
      .where(and(eq(stores.domainId, domainId), eq(stores.id, before.storeId)));
    const platformCode = store?.platformCode ?? '';
    const refusal = decisionRefusal(decision, statesOf(before), platformCode);
    if (refusal) throw refusalOf(refusal, before, decision, platformCode, language);

    const next = statesAfter(decision, statesOf(before), extras.refundResult);
    const changes: Partial<typeof afterSales.$inferInsert> = {
      checkStatus: next.checkStatus,
      refundStatus: next.refundStatus,
      receiptStatus: next.receiptStatus,
    };
    if (decision === 'agreeReturn') {
      const whId = before.returnWhId ?? extras.returnWhId ?? null;
      if (!whId) throw new AppError(AfterSalesErrors.RETURN_WAREHOUSE_REQUIRED, 409, { field: 'returnWhId', code: before.code });
      if (!before.returnWhId) await checkWarehouse(tx, domainId, whId);
      const lines = await tx
        .select()
        .from(afterSaleLines)
        .where(and(eq(afterSaleLines.domainId, domainId), eq(afterSaleLines.afterSaleId, before.id), eq(afterSaleLines.kind, 'RETURN')));
      // The buyer and address come from the order (the return inbound's own default).
      const rmaInput = RmaCreateInput.safeParse({
        whId,
        erpSoHId: before.erpOrderId,
        expressCompanyCode: before.buyerExpressCompanyCode,
        expressNo: before.buyerExpressNo,
        remark: before.code,
        rmaDetails: lines.map((l) => ({ erpSodId: l.erpOrderLineId, qty: l.skuNum })),
      });
      if (!rmaInput.success) throw refusalOf('WRONG_STATE', before, decision, platformCode, language);
      const rma = await deps.rma().createIn(tx, session, rmaInput.data);
      changes.returnWhId = whId;
      changes.rmaId = rma.id;
    }
    if (decision === 'uploadLogistics' && extras.logistics) {
      changes.buyerExpressCompanyCode = extras.logistics.buyerExpressCompanyCode ?? before.buyerExpressCompanyCode;
      changes.buyerExpressCompanyName = extras.logistics.buyerExpressCompanyName ?? before.buyerExpressCompanyName;
      changes.buyerExpressNo = extras.logistics.buyerExpressNo;
    }
    if (decision === 'sync' && before.rmaId && ['WAITING', 'PARTIAL', 'ALL'].includes(before.receiptStatus)) {
      // The receipt as the return inbound has it (a deleted return inbound leaves the state as it was).
      const rma = await deps
        .rma()
        .get(session, before.rmaId, language)
        .catch((error: unknown) => {
          if (error instanceof AppError && error.code === ErrorCodes.NOT_FOUND) return null;
          throw error;
        });
      if (rma) changes.receiptStatus = rma.statusCode === 'CI_RMA_STATUS_COMPLETED' ? 'ALL' : receiptStateOf(rma.qtyTotal, rma.receivedQtyTotal);
    }
    // A platform's document waits for its decision to be written back.
    if (before.platformRefundId) changes.writeBackStatus = 'TO_SEND';
    // An exchange whose replacement waits for the return: it ships once all of it is in.
    if (before.replacementMode === 'AFTER_RECEIPT' && !before.replacementOrderId && changes.receiptStatus === 'ALL' && before.checkStatus !== 'CLOSED') {
      changes.replacementOrderId = await makeReplacement(tx, session, before);
    }
    const [after] = await tx
      .update(afterSales)
      .set({ ...changes, version: before.version + 1, updatedAt: now() })
      .where(and(eq(afterSales.domainId, domainId), eq(afterSales.id, before.id), eq(afterSales.version, ref.version)))
      .returning();
    if (!after) throw versionConflict(ENTITY);
    await writeOperationLog(tx, actorOf(session), { area: AREA, entityType: ENTITY, entityId: before.id, action: decision, before: snapshot(before), after: snapshot(after) });
    await releaseIfEnded(tx, session, before, after);
    if (before.refundStatus !== 'SUCCESS' && after.refundStatus === 'SUCCESS') for (const listener of deps.refundDone?.() ?? []) await listener(tx, domainId, after.id);
  }

  /** The order of a document, locked (before the document's own lock; see decideOne). */
  async function lockOrderOf(tx: Tx, domainId: number, id: number): Promise<void> {
    const [peek] = await tx
      .select({ orderId: afterSales.erpOrderId })
      .from(afterSales)
      .where(and(eq(afterSales.domainId, domainId), eq(afterSales.id, id)));
    if (peek?.orderId) await tx.select({ id: erpOrders.id }).from(erpOrders).where(and(eq(erpOrders.domainId, domainId), eq(erpOrders.id, peek.orderId))).for('update');
  }

  /** A refund refused or its document closed (or deleted: `after` null): the order's hold is released once no other refund holds it. */
  async function releaseIfEnded(tx: Tx, session: Session, before: AfterSaleHeader, after: AfterSaleHeader | null): Promise<void> {
    if (!before.erpOrderId || !before.refundStatus) return;
    // Only the decision that ends a refund releases (a later sync of a refused document does not).
    const wasActive = before.checkStatus !== 'CLOSED' && before.refundStatus !== 'REJECT';
    const ended = !after || after.refundStatus === 'REJECT' || after.checkStatus === 'CLOSED';
    if (!wasActive || !ended) return;
    await releaseRefundHolds(tx, domainOf(session), actorOf(session), { orderId: before.erpOrderId }, refundKeyOf(before), now(), ordersWithActiveRefunds);
  }

  /**
   * The seller's choice for an exchange or a reissue (open, without a replacement yet): NOW makes
   * the replacement order at once; AFTER_RECEIPT records the choice and makes it at once when the
   * returned goods are already all in (else `sync` makes it once they are).
   */
  async function chooseReplacement(tx: Tx, session: Session, before: AfterSaleHeader, mode: ReplacementMode): Promise<void> {
    const domainId = domainOf(session);
    const refuse = (reason: string) => new AppError(AfterSalesErrors.REPLACEMENT_NOT_ALLOWED, 409, { code: before.code, reason, field: 'replacementMode' });
    if (!SENDS_GOODS.has(before.type as AfterSaleStates['type'])) throw refuse('type');
    if (before.replacementOrderId) throw refuse('made');
    if (before.checkStatus === 'COMPLETED' || before.checkStatus === 'CLOSED') throw refuse('state');
    if (mode === 'AFTER_RECEIPT' && before.type === 'REISSUE') throw new AppError(AfterSalesErrors.REPLACEMENT_MODE_INVALID, 409, { code: before.code, field: 'replacementMode' });
    const makeNow = mode === 'NOW' || before.receiptStatus === 'ALL';
    const replacementOrderId = makeNow ? await makeReplacement(tx, session, before) : null;
    const [after] = await tx
      .update(afterSales)
      .set({
        replacementMode: mode,
        replacementOrderId,
        checkStatus: before.checkStatus === 'UNPROCESSED' ? 'PROCESSING' : before.checkStatus,
        version: before.version + 1,
        updatedAt: now(),
      })
      .where(and(eq(afterSales.domainId, domainId), eq(afterSales.id, before.id), eq(afterSales.version, before.version)))
      .returning();
    if (!after) throw versionConflict(ENTITY);
    await writeOperationLog(tx, actorOf(session), {
      area: AREA,
      entityType: ENTITY,
      entityId: before.id,
      action: 'replacement',
      before: { replacementMode: before.replacementMode, replacementOrderId: before.replacementOrderId, checkStatus: before.checkStatus },
      after: { replacementMode: after.replacementMode, replacementOrderId: after.replacementOrderId, checkStatus: after.checkStatus },
    });
  }

  /** Runs one command per document, each in its own transaction; refusals are collected. */
  async function perDocument<T extends { id: number }>(items: T[], language: Language, work: (t: Tx, item: T) => Promise<void>): Promise<AfterSaleBatchResult> {
    const result: AfterSaleBatchResult = { succeeded: [], refusals: [] };
    const seen = new Set<number>();
    for (const item of items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      try {
        await db.transaction((t) => work(t, item));
        result.succeeded.push(item.id);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        result.refusals.push({ id: item.id, code: error.code, message: serverMessage(error.code, error.params, language) });
      }
    }
    return result;
  }

  async function updateOne(tx: Tx, session: Session, item: AfterSaleUpdateItem): Promise<void> {
    const domainId = domainOf(session);
    const before = await lockAfterSale(tx, domainId, item.id);
    if (!before) throw notFound(item.id);
    if (before.version !== item.version) throw versionConflict(ENTITY);
    if (before.checkStatus !== 'UNPROCESSED' && before.checkStatus !== 'PROCESSING')
      throw new AppError(AfterSalesErrors.WRONG_STATE, 409, { code: before.code, decision: 'batchUpdate', type: before.type, platformCode: '' });
    if (item.returnWhId && item.returnWhId !== before.returnWhId) {
      if (before.rmaId) throw new AppError(AfterSalesErrors.WRONG_STATE, 409, { field: 'returnWhId', code: before.code, decision: 'batchUpdate', type: before.type, platformCode: '' });
      await checkWarehouse(tx, domainId, item.returnWhId);
    }
    if (item.refundFee != null && HAS_REFUND.has(before.type as AfterSaleStates['type']) && before.erpOrderId) {
      if (before.refundStatus !== 'VERIFY') throw new AppError(AfterSalesErrors.WRONG_STATE, 409, { field: 'refundFee', code: before.code, decision: 'batchUpdate', type: before.type, platformCode: '' });
      const order = await lockOrder(tx, domainId, before.erpOrderId);
      await checkRefundCap(tx, domainId, order, item.refundFee, before.id);
    }
    const { id: _id, version: _version, ...fields } = item;
    // A form that showed the buyer masked sends the mask back: that is no change of the buyer.
    const echoes = maskedBuyerOf(before);
    const changes = Object.fromEntries(Object.entries(fields).filter(([k, v]) => v !== undefined && v !== null && !(k in echoes && echoes[k as keyof typeof echoes] === v)));
    if (changes.refundFee && !HAS_REFUND.has(before.type as AfterSaleStates['type'])) delete changes.refundFee;
    const [after] = await tx
      .update(afterSales)
      .set({ ...changes, version: before.version + 1, updatedAt: now() })
      .where(and(eq(afterSales.domainId, domainId), eq(afterSales.id, before.id), eq(afterSales.version, item.version)))
      .returning();
    if (!after) throw versionConflict(ENTITY);
    const shown = Object.keys(changes) as (keyof AfterSaleHeader)[];
    await writeOperationLog(tx, actorOf(session), {
      area: AREA,
      entityType: ENTITY,
      entityId: before.id,
      action: 'edit',
      before: Object.fromEntries(shown.map((k) => [k, before[k]])),
      after: Object.fromEntries(shown.map((k) => [k, after[k]])),
    });
  }

  /** After decisions: the write-back job is told (decisions on platform documents left them TO_SEND). */
  function queued(session: Session, result: AfterSaleBatchResult): AfterSaleBatchResult {
    if (result.succeeded.length) deps.writeBackQueued?.(domainOf(session));
    return result;
  }

  async function search(session: Session, input: AfterSaleSearchInput, list: AfterSaleList, language: Language): Promise<PageResult<AfterSaleRow>> {
    const { total, rows } = await searchAfterSales(db, domainOf(session), input, list, language, pageWindow(input));
    return pageAnswer(rows.map((r) => presentBuyer(session, r)), total, input);
  }

  return {
    createInTx,
    async create(session: Session, input: AfterSaleCreateInput, language: Language): Promise<AfterSaleRow> {
      return db.transaction(async (t) => {
        const id = await createInTx(t, session, input, 'MANUAL');
        return presentBuyer(session, (await afterSaleRow(t, domainOf(session), id, language))!);
      });
    },
    async get(session: Session, id: number, language: Language): Promise<AfterSaleRow> {
      const row = await afterSaleRow(db, domainOf(session), id, language);
      if (!row) throw notFound(id);
      return presentBuyer(session, row);
    },
    search: (session: Session, input: AfterSaleSearchInput, language: Language) => search(session, input, 'all', language),
    searchArchive: (session: Session, input: AfterSaleSearchInput, language: Language) => search(session, input, 'archive', language),
    /** The document's operation log and its return inbound's, oldest first (the detail's timeline). */
    async timeline(session: Session, id: number): Promise<AfterSaleTimelineEntry[]> {
      const domainId = domainOf(session);
      const [h] = await db
        .select({ id: afterSales.id, rmaId: afterSales.rmaId })
        .from(afterSales)
        .where(and(eq(afterSales.domainId, domainId), eq(afterSales.id, id)));
      if (!h) throw notFound(id);
      const rows = await db.execute<{ id: string; entity_type: string; action: string; login_name: string | null; before: unknown; after: unknown; created_at: Date | string }>(sql`
        select id, entity_type, action, login_name, before, after, created_at
        from operation_logs
        where domain_id = ${domainId} and entity_type = ${ENTITY} and entity_id = ${String(h.id)}
        union all
        select id, entity_type, action, login_name, before, after, created_at
        from operation_logs
        where domain_id = ${domainId} and entity_type = 'rma' and entity_id = ${String(h.rmaId ?? '')}
        order by created_at, id
        limit 500`);
      return rows.rows.map((r) => ({
        id: Number(r.id),
        kind: r.entity_type === 'rma' ? 'rma' : 'afterSale',
        action: r.action,
        loginName: r.login_name,
        before: r.before ?? null,
        after: r.after ?? null,
        createdAt: new Date(r.created_at).toISOString(),
      }));
    },
    searchAbnormal: (session: Session, input: AfterSaleSearchInput, language: Language) => search(session, input, 'abnormal', language),
    /** Deletes documents nobody has acted on (UNPROCESSED). */
    async remove(session: Session, list: AfterSaleRef[], language: Language): Promise<AfterSaleBatchResult> {
      return perDocument(list, language, async (t, ref) => {
        const domainId = domainOf(session);
        await lockOrderOf(t, domainId, ref.id);
        const h = await lockAfterSale(t, domainId, ref.id);
        if (!h) throw notFound(ref.id);
        if (h.version !== ref.version) throw versionConflict(ENTITY);
        if (h.checkStatus !== 'UNPROCESSED') throw new AppError(AfterSalesErrors.NOT_UNPROCESSED, 409, { code: h.code, status: h.checkStatus });
        await t.delete(afterSales).where(and(eq(afterSales.domainId, domainId), eq(afterSales.id, h.id)));
        await writeOperationLog(t, actorOf(session), { area: AREA, entityType: ENTITY, entityId: h.id, action: 'delete', before: h });
        await releaseIfEnded(t, session, h, null);
      });
    },
    async batchUpdate(session: Session, list: AfterSaleUpdateItem[], language: Language): Promise<AfterSaleBatchResult> {
      return perDocument(list, language, (t, item) => updateOne(t, session, item));
    },
    async decide(session: Session, decision: AfterSaleDecision, list: AfterSaleRef[], extras: DecisionExtras, language: Language): Promise<AfterSaleBatchResult> {
      return queued(session, await perDocument(list, language, (t, ref) => decideOne(t, session, decision, ref, extras, language)));
    },
    async agreeReturn(session: Session, input: AfterSaleAgreeReturnInput, language: Language) {
      return queued(session, await perDocument(input.list, language, (t, ref) => decideOne(t, session, 'agreeReturn', ref, { returnWhId: input.returnWhId }, language)));
    },
    async replacement(session: Session, input: AfterSaleReplacementInput, language: Language): Promise<AfterSaleBatchResult> {
      return perDocument(input.list, language, async (t, ref) => {
        const before = await lockAfterSale(t, domainOf(session), ref.id);
        if (!before) throw notFound(ref.id);
        if (before.version !== ref.version) throw versionConflict(ENTITY);
        await chooseReplacement(t, session, before, input.replacementMode);
      });
    },
  };
}

export type AfterSalesService = ReturnType<typeof createAfterSalesService>;
