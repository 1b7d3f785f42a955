// Store and domain orders: what a seller may buy, placing and paying an order through the payment
// connector, settling a payment exactly once (the order row locked, a unique payment row per order),
// closing and rebuilding; refunds; the root account's price table. One owner of these rules; the
// rules of what may be bought and what a paid order does are in packages/core rules/billing.ts.
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  BillingErrors,
  billingOrderAllows,
  editionAction,
  effectiveLevel,
  isDomainExpired,
  PAY_WINDOW_MINUTES,
  PLATFORM_LOG_AREA,
  purchaseEffect,
  type BillingEffect,
  type BillingOrder,
  type BillingOrderStatus,
  type BillingOrderType,
  type BillingPrice,
  type BillingPriceKind,
  type BillingPriceSaveInput,
  type BillingPriceSearchInput,
  type DomainLevel,
  type DomainOrderRequestInput,
  type DomainOrderRequestRow,
  type OrderGood,
  type OrderJudge,
  type OrderQueryInput,
  type PageResult,
  type PayPage,
  type PaymentNotification,
  type PlaceOrderInput,
  type RefundCreateInput,
  type RefundRow,
  type RefundSearchInput,
  type RefundUpdatePayInfoInput,
} from '@openseller/core';
import type { Database, Tx } from '../../db/client.js';
import { billingDomainRequests, billingOrders, billingPayments, billingPrices, billingRefunds, domains } from '../../db/schema/index.js';
import { PaymentConnectorError, type PaymentConnector } from '../../connectors/payment/index.js';
import { domainOf } from '../../platform/caller.js';
import { AppError, forbidden, notFound, versionConflict } from '../../platform/errors.js';
import { writeOperationLog } from '../../platform/operation-log.js';
import { pageAnswer, pageOffset } from '../../platform/paging.js';
import type { Session } from '../../platform/sessions.js';

type OrderRow = typeof billingOrders.$inferSelect;
type PriceRow = typeof billingPrices.$inferSelect;
type DomainRecord = typeof domains.$inferSelect;

const PRICE_KIND_OF: Record<BillingOrderType, BillingPriceKind> = { DOMAIN: 'EDITION', STORE: 'STORE_PACK' };
const PREFIX_OF: Record<BillingOrderType, string> = { DOMAIN: 'DO', STORE: 'SO' };

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toPrice(p: PriceRow): BillingPrice {
  return {
    id: p.id,
    version: p.version,
    kind: p.kind as BillingPrice['kind'],
    name: p.name,
    level: (p.level as DomainLevel | null) ?? null,
    months: p.months,
    storeCount: p.storeCount,
    priceFen: p.priceFen,
    enabled: p.enabled,
  };
}

function toOrder(o: OrderRow, refundStatus: string | null = null): BillingOrder {
  return {
    orderNo: o.orderNo,
    orderType: o.orderType as BillingOrderType,
    status: o.status as BillingOrderStatus,
    name: o.name,
    level: (o.level as DomainLevel | null) ?? null,
    months: o.months,
    storeCount: o.storeCount,
    amountFen: o.amountFen,
    payChannel: o.payChannel as BillingOrder['payChannel'],
    tradeNo: o.tradeNo,
    failReason: o.failReason,
    rebuiltFrom: o.rebuiltFrom,
    createdAt: o.createdAt.toISOString(),
    payDeadline: o.payDeadline.toISOString(),
    paidAt: iso(o.paidAt),
    closedAt: iso(o.closedAt),
    effect: o.effect ?? null,
    refundStatus: (refundStatus as BillingOrder['refundStatus']) ?? null,
  };
}

const domainFacts = (d: DomainRecord) => ({ level: d.level, expireTime: d.expireTime, byStore: d.byStore, storeQuota: d.storeQuota });

export interface BillingServiceDeps {
  database: Database;
  payments: PaymentConnector;
  now?: () => Date;
}

export function createBillingService(deps: BillingServiceDeps) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());
  const payments = deps.payments;

  const wrongStatus = (o: OrderRow, action: string) => new AppError(BillingErrors.WRONG_STATUS, 409, { orderNo: o.orderNo, status: o.status, action });

  async function domainRow(tx: Tx, domainId: number, lock = false): Promise<DomainRecord> {
    const q = tx.select().from(domains).where(eq(domains.id, domainId));
    const [row] = lock ? await q.for('update') : await q;
    if (!row) throw notFound('domain');
    return row;
  }

  async function findOrder(tx: Tx, domainId: number, orderNo: string, type: BillingOrderType | null, lock = false): Promise<OrderRow> {
    const conditions = [eq(billingOrders.domainId, domainId), eq(billingOrders.orderNo, orderNo)];
    if (type) conditions.push(eq(billingOrders.orderType, type));
    const q = tx.select().from(billingOrders).where(and(...conditions));
    const [row] = lock ? await q.for('update') : await q;
    if (!row) throw new AppError(BillingErrors.ORDER_NOT_FOUND, 404, { orderNo });
    return row;
  }

  async function refundStatusOf(domainId: number, orderId: number): Promise<string | null> {
    const [r] = await db
      .select({ status: billingRefunds.status })
      .from(billingRefunds)
      .where(and(eq(billingRefunds.domainId, domainId), eq(billingRefunds.orderId, orderId)));
    return r?.status ?? null;
  }

  async function answer(domainId: number, o: OrderRow): Promise<BillingOrder> {
    return toOrder(o, await refundStatusOf(domainId, o.id));
  }

  /** What a domain may buy of one order type: enabled rows of the type, no downgrade. */
  async function goodsFor(domain: DomainRecord, type: BillingOrderType): Promise<OrderGood[]> {
    const rows = await db
      .select()
      .from(billingPrices)
      .where(and(eq(billingPrices.kind, PRICE_KIND_OF[type]), eq(billingPrices.enabled, true)))
      .orderBy(asc(billingPrices.level), asc(billingPrices.months), asc(billingPrices.storeCount), asc(billingPrices.id));
    const at = now();
    const goods: OrderGood[] = [];
    for (const p of rows) {
      const action = p.kind === 'STORE_PACK' ? 'STORES' : editionAction(domainFacts(domain), p.level!, at);
      if (!action) continue;
      const { version: _v, enabled: _e, ...rest } = toPrice(p);
      goods.push({ ...rest, action });
    }
    return goods;
  }

  /** The order's payment at the provider, started once (the same order number answers the same payment). */
  async function startPayment(domainId: number, o: OrderRow) {
    try {
      return await payments.createPayment({
        outTradeNo: o.orderNo,
        subject: o.name,
        amountFen: o.amountFen,
        channel: o.payChannel as BillingOrder['payChannel'],
        passback: String(domainId),
        expiresAt: o.payDeadline,
        returnUrl: `/payResult?orderNo=${o.orderNo}&type=${o.orderType}`,
      });
    } catch (error) {
      if (error instanceof PaymentConnectorError && error.code === 'TRADE_CLOSED') throw new AppError(BillingErrors.TRADE_CLOSED, 409, { orderNo: o.orderNo });
      throw error;
    }
  }

  /**
   * Settles a successful payment: under the order's row lock, a paid order is left as it is (a
   * second notification changes nothing); otherwise the payment row (unique per order) is written,
   * the domain is locked and raised, and the order is PAID — all in one transaction.
   */
  async function settlePaid(domainId: number, orderNo: string, paid: { tradeNo: string; amountFen: number; paidAt: Date; source: 'NOTIFY' | 'QUERY' }): Promise<{ order: OrderRow; applied: boolean }> {
    return db.transaction(async (tx) => {
      const o = await findOrder(tx, domainId, orderNo, null, true);
      if (paid.amountFen !== o.amountFen) throw new AppError(BillingErrors.AMOUNT_MISMATCH, 400, { orderNo, amount: paid.amountFen, expected: o.amountFen });
      if (o.status === 'PAID') return { order: o, applied: false };
      const inserted = await tx
        .insert(billingPayments)
        .values({ domainId, orderId: o.id, provider: payments.provider, tradeNo: paid.tradeNo, amountFen: paid.amountFen, source: paid.source, paidAt: paid.paidAt })
        .onConflictDoNothing()
        .returning({ id: billingPayments.id });
      if (!inserted.length) return { order: o, applied: false };
      const d = await domainRow(tx, domainId, true);
      const before = domainFacts(d);
      const after = purchaseEffect(before, { kind: PRICE_KIND_OF[o.orderType as BillingOrderType], level: o.level, months: o.months, storeCount: o.storeCount }, paid.paidAt);
      await tx
        .update(domains)
        .set({ level: after.level, expireTime: after.expireTime, storeQuota: after.storeQuota, updatedAt: now(), version: sql`${domains.version} + 1` })
        .where(eq(domains.id, domainId));
      const effect: BillingEffect = {
        levelBefore: before.level,
        levelAfter: after.level,
        expireBefore: iso(before.expireTime),
        expireAfter: iso(after.expireTime),
        storeQuotaBefore: before.storeQuota,
        storeQuotaAfter: after.storeQuota,
      };
      const [updated] = await tx
        .update(billingOrders)
        .set({ status: 'PAID', tradeNo: paid.tradeNo, paidAt: paid.paidAt, effect, failReason: null, updatedAt: now(), version: sql`${billingOrders.version} + 1` })
        .where(and(eq(billingOrders.domainId, domainId), eq(billingOrders.id, o.id)))
        .returning();
      await writeOperationLog(
        tx,
        { userId: null, loginName: payments.provider, domainId },
        {
          area: PLATFORM_LOG_AREA,
          entityType: 'domain',
          entityId: domainId,
          action: 'UPDATE_DOMAIN_EDITION',
          before: { level: before.level, expireTime: before.expireTime, storeQuota: before.storeQuota },
          after: { orderNo, level: after.level, expireTime: after.expireTime, storeQuota: after.storeQuota },
        },
      );
      return { order: updated!, applied: true };
    });
  }

  /** A payment the provider closed: a waiting order becomes FAILED (payment failed) or CLOSED. */
  async function settleClosed(domainId: number, orderNo: string, reason: string): Promise<OrderRow> {
    return db.transaction(async (tx) => {
      const o = await findOrder(tx, domainId, orderNo, null, true);
      if (o.status !== 'WAIT_PAY') return o;
      const status = reason === 'PAYMENT_FAILED' ? 'FAILED' : 'CLOSED';
      const [updated] = await tx
        .update(billingOrders)
        .set({ status, failReason: reason, closedAt: now(), updatedAt: now(), version: sql`${billingOrders.version} + 1` })
        .where(and(eq(billingOrders.domainId, domainId), eq(billingOrders.id, o.id)))
        .returning();
      return updated!;
    });
  }

  /** Asks the provider and settles what it says (handlePay, closeOrder, an expired window). */
  async function reconcile(domainId: number, o: OrderRow): Promise<OrderRow> {
    const state = await payments.queryPayment(o.orderNo);
    if (state.status === 'TRADE_SUCCESS') return (await settlePaid(domainId, o.orderNo, { tradeNo: state.tradeNo, amountFen: state.amountFen, paidAt: state.paidAt, source: 'QUERY' })).order;
    if (state.status === 'TRADE_CLOSED') return settleClosed(domainId, o.orderNo, state.reason);
    if (state.status === 'NOT_FOUND' && o.status === 'WAIT_PAY' && o.payDeadline.getTime() <= now().getTime()) return settleClosed(domainId, o.orderNo, 'TIMEOUT');
    return o;
  }

  async function createOrder(session: Session, type: BillingOrderType, price: PriceRow, payChannel: string, rebuiltFrom: string | null): Promise<OrderRow> {
    const domainId = domainOf(session);
    if (price.kind !== PRICE_KIND_OF[type]) throw new AppError(BillingErrors.PRICE_WRONG_KIND, 400, { field: 'priceId', priceId: price.id });
    if (!price.enabled) throw new AppError(BillingErrors.PRICE_NOT_FOUND, 404, { field: 'priceId', priceId: price.id });
    const domain = await domainRow(db, domainId);
    if (price.kind === 'EDITION' && !editionAction(domainFacts(domain), price.level!, now()))
      throw new AppError(BillingErrors.DOWNGRADE, 409, { field: 'priceId', level: price.level!, current: domain.level });
    // An earlier waiting order whose window ended is settled first, so it does not block this one.
    const [open] = await db
      .select()
      .from(billingOrders)
      .where(and(eq(billingOrders.domainId, domainId), eq(billingOrders.orderType, type), eq(billingOrders.status, 'WAIT_PAY')));
    if (open) {
      const settled = await reconcile(domainId, open);
      if (settled.status === 'WAIT_PAY') throw new AppError(BillingErrors.OPEN_ORDER, 409, { orderNo: open.orderNo });
    }
    const at = now();
    const day = `${at.getUTCFullYear()}${String(at.getUTCMonth() + 1).padStart(2, '0')}${String(at.getUTCDate()).padStart(2, '0')}`;
    try {
      return await db.transaction(async (tx) => {
        const [seq] = (await tx.execute(sql`select nextval('billing_order_no_seq')::text as n`)).rows as { n: string }[];
        const [row] = await tx
          .insert(billingOrders)
          .values({
            domainId,
            orderNo: `${PREFIX_OF[type]}${day}${seq!.n}`,
            orderType: type,
            priceId: price.id,
            name: price.name,
            level: price.level,
            months: price.months,
            storeCount: price.storeCount,
            amountFen: price.priceFen,
            payChannel,
            rebuiltFrom,
            payDeadline: new Date(at.getTime() + PAY_WINDOW_MINUTES * 60_000),
            createdBy: session.userId,
          })
          .returning();
        return row!;
      });
    } catch (error) {
      // Two placements at once: the unique open-order key lets one through.
      if ((error as { cause?: { code?: string } }).cause?.code === '23505' || (error as { code?: string }).code === '23505') {
        const [other] = await db
          .select({ orderNo: billingOrders.orderNo })
          .from(billingOrders)
          .where(and(eq(billingOrders.domainId, domainId), eq(billingOrders.orderType, type), eq(billingOrders.status, 'WAIT_PAY')));
        throw new AppError(BillingErrors.OPEN_ORDER, 409, { orderNo: other?.orderNo ?? '' });
      }
      throw error;
    }
  }

  async function priceRow(id: number): Promise<PriceRow> {
    const [p] = await db.select().from(billingPrices).where(eq(billingPrices.id, id));
    if (!p) throw new AppError(BillingErrors.PRICE_NOT_FOUND, 404, { field: 'priceId', priceId: id });
    return p;
  }

  return {
    async judge(session: Session, type: BillingOrderType): Promise<OrderJudge> {
      const domainId = domainOf(session);
      const d = await domainRow(db, domainId);
      const goods = await goodsFor(d, type);
      const [open] = await db
        .select()
        .from(billingOrders)
        .where(and(eq(billingOrders.domainId, domainId), eq(billingOrders.orderType, type), eq(billingOrders.status, 'WAIT_PAY')));
      const stillOpen = open ? (await reconcile(domainId, open)).status === 'WAIT_PAY' : false;
      const reason = stillOpen ? 'OPEN_ORDER' : goods.length === 0 ? 'NO_GOODS' : null;
      return {
        orderType: type,
        level: (d.level as DomainLevel) ?? 'LITE',
        effectiveLevel: effectiveLevel(d),
        expireTime: iso(d.expireTime),
        expired: isDomainExpired(d),
        byStore: d.byStore,
        storeQuota: d.storeQuota,
        canBuy: reason === null,
        reason,
        openOrderNo: stillOpen ? open!.orderNo : null,
        goodsCount: goods.length,
      };
    },

    async orderGoods(session: Session, type: BillingOrderType): Promise<{ voList: OrderGood[] }> {
      return { voList: await goodsFor(await domainRow(db, domainOf(session)), type) };
    },

    async placeOrder(session: Session, type: BillingOrderType, input: PlaceOrderInput): Promise<BillingOrder> {
      const o = await createOrder(session, type, await priceRow(input.priceId), input.payChannel, null);
      return toOrder(o);
    },

    async payPage(session: Session, type: BillingOrderType, orderNo: string): Promise<PayPage> {
      const domainId = domainOf(session);
      let o = await findOrder(db, domainId, orderNo, type);
      if (!billingOrderAllows(o.status as BillingOrderStatus, 'pay')) throw wrongStatus(o, 'pay');
      if (o.payDeadline.getTime() <= now().getTime()) {
        o = await reconcile(domainId, o);
        if (o.status !== 'WAIT_PAY' || o.payDeadline.getTime() <= now().getTime()) {
          if (o.status === 'WAIT_PAY') o = await settleClosed(domainId, o.orderNo, 'TIMEOUT');
          throw wrongStatus(o, 'pay');
        }
      }
      const started = await startPayment(domainId, o);
      return {
        order: await answer(domainId, o),
        provider: payments.provider,
        sandbox: payments.sandbox,
        tradeNo: started.tradeNo,
        payUrl: started.payUrl,
        expiresAt: started.expiresAt.toISOString(),
      };
    },

    async detail(session: Session, type: BillingOrderType, orderNo: string): Promise<BillingOrder> {
      const domainId = domainOf(session);
      return answer(domainId, await findOrder(db, domainId, orderNo, type));
    },

    async handlePay(session: Session, type: BillingOrderType, orderNo: string): Promise<BillingOrder> {
      const domainId = domainOf(session);
      const o = await findOrder(db, domainId, orderNo, type);
      if (o.status === 'PAID') return answer(domainId, o);
      return answer(domainId, await reconcile(domainId, o));
    },

    async reBuild(session: Session, type: BillingOrderType, orderNo: string): Promise<BillingOrder> {
      const domainId = domainOf(session);
      const o = await findOrder(db, domainId, orderNo, type);
      if (!billingOrderAllows(o.status as BillingOrderStatus, 'rebuild')) throw wrongStatus(o, 'rebuild');
      const rebuilt = await createOrder(session, type, await priceRow(o.priceId), o.payChannel, o.orderNo);
      return toOrder(rebuilt);
    },

    async closeOrder(session: Session, type: BillingOrderType, orderNo: string): Promise<BillingOrder> {
      const domainId = domainOf(session);
      const o = await findOrder(db, domainId, orderNo, type);
      if (!billingOrderAllows(o.status as BillingOrderStatus, 'close')) throw wrongStatus(o, 'close');
      // The provider's payment is closed first; one paid meanwhile is settled instead.
      const state = await payments.closePayment(o.orderNo);
      if (state.status === 'TRADE_SUCCESS') return answer(domainId, (await settlePaid(domainId, o.orderNo, { tradeNo: state.tradeNo, amountFen: state.amountFen, paidAt: state.paidAt, source: 'QUERY' })).order);
      return answer(domainId, await settleClosed(domainId, o.orderNo, 'CLOSED_BY_SELLER'));
    },

    async orderQuery(session: Session, input: OrderQueryInput): Promise<PageResult<BillingOrder>> {
      const domainId = domainOf(session);
      const conditions: SQL[] = [eq(billingOrders.domainId, domainId)];
      if (input.orderType) conditions.push(eq(billingOrders.orderType, input.orderType));
      if (input.status) conditions.push(eq(billingOrders.status, input.status));
      if (input.orderNo) conditions.push(eq(billingOrders.orderNo, input.orderNo));
      const where = and(...conditions);
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(billingOrders).where(where);
      const rows = await db
        .select({ o: billingOrders, refundStatus: billingRefunds.status })
        .from(billingOrders)
        .leftJoin(billingRefunds, and(eq(billingRefunds.domainId, billingOrders.domainId), eq(billingRefunds.orderId, billingOrders.id)))
        .where(where)
        .orderBy(desc(billingOrders.createdAt), desc(billingOrders.id))
        .limit(input.pageSize)
        .offset(pageOffset(input));
      return pageAnswer(
        rows.map((r) => toOrder(r.o, r.refundStatus)),
        count?.n ?? 0,
        input,
      );
    },

    async submitDomainOrderRequest(session: Session, input: DomainOrderRequestInput): Promise<{ requestId: number }> {
      const domainId = domainOf(session);
      const [row] = await db
        .insert(billingDomainRequests)
        .values({ domainId, level: input.level, months: input.months, contactName: input.contactName, contactPhone: input.contactPhone, remark: input.remark ?? null, createdBy: session.userId })
        .returning({ id: billingDomainRequests.id });
      return { requestId: row!.id };
    },

    /** A verified notification of the provider; refused (nothing changed) on a bad signature or amount. */
    async notify(fields: PaymentNotification): Promise<null> {
      let verified;
      try {
        verified = payments.verifyNotification(fields);
      } catch (error) {
        if (error instanceof PaymentConnectorError && error.code === 'BAD_SIGNATURE') throw new AppError(BillingErrors.BAD_SIGNATURE, 400, { field: 'sign' });
        throw error;
      }
      const domainId = Number(verified.passback);
      if (verified.status === 'TRADE_SUCCESS') await settlePaid(domainId, verified.outTradeNo, { tradeNo: verified.tradeNo, amountFen: verified.amountFen, paidAt: now(), source: 'NOTIFY' });
      else {
        const o = await findOrder(db, domainId, verified.outTradeNo, null);
        if (verified.amountFen !== o.amountFen) throw new AppError(BillingErrors.AMOUNT_MISMATCH, 400, { orderNo: o.orderNo, amount: verified.amountFen, expected: o.amountFen });
        await settleClosed(domainId, verified.outTradeNo, verified.closeReason ?? 'CLOSED');
      }
      return null;
    },

    // ---- refunds -------------------------------------------------------------------------------

    async searchRefunds(session: Session, input: RefundSearchInput): Promise<PageResult<RefundRow>> {
      if (!session.isRoot && !session.isMain) throw forbidden();
      const conditions: SQL[] = [];
      // The root account sees every domain's refunds; a seller only its own.
      if (!session.isRoot) conditions.push(eq(billingRefunds.domainId, domainOf(session)));
      if (input.status) conditions.push(eq(billingRefunds.status, input.status));
      if (input.orderNo) conditions.push(eq(billingOrders.orderNo, input.orderNo));
      const where = conditions.length ? and(...conditions) : undefined;
      const base = () =>
        db
          .select({ r: billingRefunds, orderNo: billingOrders.orderNo, orderAmountFen: billingOrders.amountFen, domainCode: domains.code, domainName: domains.name })
          .from(billingRefunds)
          .innerJoin(billingOrders, and(eq(billingOrders.domainId, billingRefunds.domainId), eq(billingOrders.id, billingRefunds.orderId)))
          .innerJoin(domains, eq(domains.id, billingRefunds.domainId));
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(billingRefunds)
        .innerJoin(billingOrders, and(eq(billingOrders.domainId, billingRefunds.domainId), eq(billingOrders.id, billingRefunds.orderId)))
        .where(where);
      const rows = await base().where(where).orderBy(desc(billingRefunds.createdAt), desc(billingRefunds.id)).limit(input.pageSize).offset(pageOffset(input));
      return pageAnswer(
        rows.map((x) => toRefund(x.r, x)),
        count?.n ?? 0,
        input,
      );
    },

    async createRefund(session: Session, input: RefundCreateInput): Promise<RefundRow> {
      const domainId = domainOf(session);
      const o = await findOrder(db, domainId, input.orderNo, null);
      if (!billingOrderAllows(o.status as BillingOrderStatus, 'refund')) throw wrongStatus(o, 'refund');
      if (input.amountFen > o.amountFen) throw new AppError(BillingErrors.REFUND_TOO_MUCH, 400, { field: 'amountFen', amount: input.amountFen, paid: o.amountFen });
      const [row] = await db
        .insert(billingRefunds)
        .values({ domainId, orderId: o.id, amountFen: input.amountFen, reason: input.reason, payeeAccount: input.payeeAccount, createdBy: session.userId })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new AppError(BillingErrors.REFUND_EXISTS, 409, { orderNo: o.orderNo });
      const d = await domainRow(db, domainId);
      return toRefund(row, { orderNo: o.orderNo, orderAmountFen: o.amountFen, domainCode: d.code, domainName: d.name });
    },

    async updateRefundPayInfo(input: RefundUpdatePayInfoInput): Promise<RefundRow> {
      // The root account names a refund by its id; its domain comes from that row.
      const [found] = await db.select({ domainId: billingRefunds.domainId }).from(billingRefunds).where(eq(billingRefunds.id, input.id));
      if (!found) throw new AppError(BillingErrors.REFUND_NOT_FOUND, 404, { id: input.id });
      return db.transaction(async (tx) => {
        const [r] = await tx
          .select()
          .from(billingRefunds)
          .where(and(eq(billingRefunds.domainId, found.domainId), eq(billingRefunds.id, input.id)))
          .for('update');
        if (!r) throw new AppError(BillingErrors.REFUND_NOT_FOUND, 404, { id: input.id });
        if (r.version !== input.version) throw versionConflict('refund');
        if (r.status !== 'APPLIED') throw new AppError(BillingErrors.REFUND_WRONG_STATUS, 409, { id: r.id, status: r.status });
        const [updated] = await tx
          .update(billingRefunds)
          .set({ status: input.status, refundTradeNo: input.refundTradeNo ?? null, remark: input.remark ?? null, settledAt: now(), updatedAt: now(), version: sql`${billingRefunds.version} + 1` })
          .where(and(eq(billingRefunds.domainId, r.domainId), eq(billingRefunds.id, r.id)))
          .returning();
        const [o] = await tx
          .select({ orderNo: billingOrders.orderNo, amountFen: billingOrders.amountFen })
          .from(billingOrders)
          .where(and(eq(billingOrders.domainId, r.domainId), eq(billingOrders.id, r.orderId)));
        const d = await domainRow(tx, r.domainId);
        return toRefund(updated!, { orderNo: o!.orderNo, orderAmountFen: o!.amountFen, domainCode: d.code, domainName: d.name });
      });
    },

    // ---- the root account's price table and requests ------------------------------------------

    async searchPrices(input: BillingPriceSearchInput): Promise<PageResult<BillingPrice>> {
      const where = input.kind ? eq(billingPrices.kind, input.kind) : undefined;
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(billingPrices).where(where);
      const rows = await db
        .select()
        .from(billingPrices)
        .where(where)
        .orderBy(asc(billingPrices.kind), asc(billingPrices.level), asc(billingPrices.months), asc(billingPrices.storeCount), asc(billingPrices.id))
        .limit(input.pageSize)
        .offset(pageOffset(input));
      return pageAnswer(rows.map(toPrice), count?.n ?? 0, input);
    },

    async savePrice(input: BillingPriceSaveInput): Promise<BillingPrice> {
      const values = {
        kind: input.kind,
        name: input.name,
        level: input.kind === 'EDITION' ? (input.level ?? null) : null,
        months: input.kind === 'EDITION' ? (input.months ?? null) : null,
        storeCount: input.kind === 'STORE_PACK' ? (input.storeCount ?? null) : null,
        priceFen: input.priceFen,
        enabled: input.enabled,
      };
      if (input.id === undefined) {
        const [row] = await db.insert(billingPrices).values(values).returning();
        return toPrice(row!);
      }
      const [row] = await db
        .update(billingPrices)
        .set({ ...values, updatedAt: now(), version: sql`${billingPrices.version} + 1` })
        .where(and(eq(billingPrices.id, input.id), eq(billingPrices.version, input.version!)))
        .returning();
      if (!row) {
        const [exists] = await db.select({ id: billingPrices.id }).from(billingPrices).where(eq(billingPrices.id, input.id));
        if (!exists) throw new AppError(BillingErrors.PRICE_NOT_FOUND, 404, { field: 'id', priceId: input.id });
        throw versionConflict('price');
      }
      return toPrice(row);
    },

    async searchRequests(input: { currentPage: number; pageSize: number }): Promise<PageResult<DomainOrderRequestRow>> {
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(billingDomainRequests);
      const rows = await db
        .select({ r: billingDomainRequests, domainCode: domains.code, domainName: domains.name })
        .from(billingDomainRequests)
        .innerJoin(domains, eq(domains.id, billingDomainRequests.domainId))
        .orderBy(desc(billingDomainRequests.createdAt), desc(billingDomainRequests.id))
        .limit(input.pageSize)
        .offset(pageOffset(input));
      return pageAnswer(
        rows.map(({ r, domainCode, domainName }) => ({
          id: r.id,
          domainCode,
          domainName,
          level: r.level as DomainLevel,
          months: r.months,
          contactName: r.contactName,
          contactPhone: r.contactPhone,
          remark: r.remark,
          createdAt: r.createdAt.toISOString(),
        })),
        count?.n ?? 0,
        input,
      );
    },
  };
}

function toRefund(r: typeof billingRefunds.$inferSelect, o: { orderNo: string; orderAmountFen: number; domainCode: string; domainName: string }): RefundRow {
  return {
    id: r.id,
    version: r.version,
    orderNo: o.orderNo,
    orderAmountFen: o.orderAmountFen,
    amountFen: r.amountFen,
    reason: r.reason,
    payeeAccount: r.payeeAccount,
    status: r.status as RefundRow['status'],
    refundTradeNo: r.refundTradeNo,
    remark: r.remark,
    domainCode: o.domainCode,
    domainName: o.domainName,
    createdAt: r.createdAt.toISOString(),
    settledAt: iso(r.settledAt),
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
