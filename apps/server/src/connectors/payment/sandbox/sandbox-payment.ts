// The sandbox payment provider: a stand-in wallet that behaves like Alipay / WeChat Pay. It keeps
// its own trades (payment_sandbox_trades), shows a cashier (the web page /domainOrder/pay reads and
// pays a trade through /open/payment/sandbox/trade and /pay), closes a trade when its window ends,
// and after the buyer's choice posts a signed asynchronous notification (HMAC-SHA256 with the
// sandbox key) to the merchant, retrying while the merchant does not acknowledge it. The buyer's
// choices: SUCCESS (paid, notified), FAIL (the payment fails: the trade closes, notified), TIMEOUT
// (paid, but the notification is lost: the merchant learns it only by asking, handlePay).
import { and, eq, sql } from 'drizzle-orm';
import type { PaymentNotification, SandboxOutcome, SandboxTrade } from '@openseller/core';
import type { Db } from '../../../db/client.js';
import { paymentSandboxTrades } from '../../../db/schema/index.js';
import { signFields, verifyFields } from '../signature.js';
import { PaymentConnectorError, type PaymentConnector, type PaymentRequest, type PaymentStart, type PaymentState, type VerifiedNotification } from '../types.js';

export const SANDBOX_PAYMENT_PROVIDER = 'SANDBOX_PAY';
/** The sandbox's signing key when PAYMENT_SANDBOX_KEY is not set. A sandbox key: not a secret. */
export const DEFAULT_SANDBOX_PAYMENT_KEY = 'openseller-sandbox-payment-key';

/** How the merchant receives a notification: true when it acknowledged it. */
export type NotificationDelivery = (fields: PaymentNotification) => Promise<boolean>;

type TradeRow = typeof paymentSandboxTrades.$inferSelect;

export interface SandboxPaymentOptions {
  db: Db;
  key: string;
  now?: () => Date;
  /** Delay before a notification is posted (ms); retries come 3 and 10 times later. */
  notifyDelayMs?: number;
}

export function createSandboxPayment(options: SandboxPaymentOptions) {
  const { db, key } = options;
  const now = options.now ?? (() => new Date());
  const delay = options.notifyDelayMs ?? 300;
  let deliver: NotificationDelivery | null = null;

  const day = (d: Date) => `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;

  /** A trade past its window is closed before anything reads it, as the wallet does. */
  async function load(where: ReturnType<typeof eq>): Promise<TradeRow | undefined> {
    const [row] = await db.select().from(paymentSandboxTrades).where(where);
    if (row && row.status === 'WAIT_BUYER_PAY' && row.expiresAt.getTime() <= now().getTime()) {
      const [closed] = await db
        .update(paymentSandboxTrades)
        .set({ status: 'TRADE_CLOSED', closeReason: 'TIMEOUT' })
        .where(and(eq(paymentSandboxTrades.tradeNo, row.tradeNo), eq(paymentSandboxTrades.status, 'WAIT_BUYER_PAY')))
        .returning();
      return closed ?? (await db.select().from(paymentSandboxTrades).where(where))[0];
    }
    return row;
  }

  const stateOf = (t: TradeRow | undefined): PaymentState => {
    if (!t) return { status: 'NOT_FOUND' };
    if (t.status === 'TRADE_SUCCESS') return { status: 'TRADE_SUCCESS', tradeNo: t.tradeNo, amountFen: t.amountFen, paidAt: t.paidAt! };
    if (t.status === 'TRADE_CLOSED') return { status: 'TRADE_CLOSED', tradeNo: t.tradeNo, amountFen: t.amountFen, reason: t.closeReason ?? 'CLOSED' };
    return { status: 'WAIT_BUYER_PAY', tradeNo: t.tradeNo, amountFen: t.amountFen };
  };

  /** The signed notification of a trade's final state. */
  function notificationOf(t: TradeRow): PaymentNotification {
    const fields = {
      notify_id: `${t.tradeNo}-${t.notifyAttempts + 1}`,
      notify_time: now().toISOString(),
      out_trade_no: t.outTradeNo,
      trade_no: t.tradeNo,
      trade_status: t.status as 'TRADE_SUCCESS' | 'TRADE_CLOSED',
      total_amount: String(t.amountFen),
      passback_params: t.passback,
      ...(t.closeReason ? { close_reason: t.closeReason } : {}),
    };
    return { ...fields, sign_type: 'HMAC-SHA256', sign: signFields(fields, key) };
  }

  /** Posts the notification, and again later while not acknowledged (3 tries). */
  function scheduleNotification(tradeNo: string, attempt = 0): void {
    const wait = [delay, delay * 3, delay * 10][attempt];
    if (wait === undefined) return;
    const timer = setTimeout(() => {
      void (async () => {
        const [t] = await db.select().from(paymentSandboxTrades).where(eq(paymentSandboxTrades.tradeNo, tradeNo));
        if (!t || t.notifiedAt || !deliver) return;
        const fields = notificationOf(t);
        await db.update(paymentSandboxTrades).set({ notifyAttempts: sql`${paymentSandboxTrades.notifyAttempts} + 1` }).where(eq(paymentSandboxTrades.tradeNo, tradeNo));
        const acknowledged = await deliver(fields).catch(() => false);
        if (acknowledged) await db.update(paymentSandboxTrades).set({ notifiedAt: now() }).where(eq(paymentSandboxTrades.tradeNo, tradeNo));
        else scheduleNotification(tradeNo, attempt + 1);
      })().catch(() => undefined);
    }, wait);
    timer.unref?.();
  }

  const toTrade = (t: TradeRow): SandboxTrade => ({
    tradeNo: t.tradeNo,
    outTradeNo: t.outTradeNo,
    subject: t.subject,
    amountFen: t.amountFen,
    channel: t.channel as SandboxTrade['channel'],
    status: t.status as SandboxTrade['status'],
    expiresAt: t.expiresAt.toISOString(),
    returnUrl: t.returnUrl,
  });

  const connector: PaymentConnector = {
    provider: SANDBOX_PAYMENT_PROVIDER,
    sandbox: true,

    async createPayment(request: PaymentRequest): Promise<PaymentStart> {
      const existing = await load(eq(paymentSandboxTrades.outTradeNo, request.outTradeNo));
      if (existing) {
        if (existing.amountFen !== request.amountFen) throw new PaymentConnectorError('MISMATCH', 'a payment of this order number exists with another amount');
        if (existing.status === 'TRADE_CLOSED') throw new PaymentConnectorError('TRADE_CLOSED', 'the payment of this order number is closed');
        return { tradeNo: existing.tradeNo, payUrl: `/domainOrder/pay?tradeNo=${existing.tradeNo}`, expiresAt: existing.expiresAt };
      }
      const at = now();
      const [seq] = (await db.execute(sql`select nextval('payment_sandbox_trade_seq')::text as n`)).rows as { n: string }[];
      const tradeNo = `SBX${day(at)}${seq!.n}`;
      const [row] = await db
        .insert(paymentSandboxTrades)
        .values({
          tradeNo,
          outTradeNo: request.outTradeNo,
          subject: request.subject,
          amountFen: request.amountFen,
          channel: request.channel,
          passback: request.passback,
          returnUrl: request.returnUrl,
          expiresAt: request.expiresAt,
        })
        .onConflictDoNothing({ target: paymentSandboxTrades.outTradeNo })
        .returning();
      if (!row) return connector.createPayment(request);
      return { tradeNo, payUrl: `/domainOrder/pay?tradeNo=${tradeNo}`, expiresAt: row.expiresAt };
    },

    async queryPayment(outTradeNo) {
      return stateOf(await load(eq(paymentSandboxTrades.outTradeNo, outTradeNo)));
    },

    async closePayment(outTradeNo) {
      const t = await load(eq(paymentSandboxTrades.outTradeNo, outTradeNo));
      if (!t || t.status !== 'WAIT_BUYER_PAY') return stateOf(t);
      const [closed] = await db
        .update(paymentSandboxTrades)
        .set({ status: 'TRADE_CLOSED', closeReason: 'CLOSED_BY_MERCHANT' })
        .where(and(eq(paymentSandboxTrades.tradeNo, t.tradeNo), eq(paymentSandboxTrades.status, 'WAIT_BUYER_PAY')))
        .returning();
      return stateOf(closed ?? (await load(eq(paymentSandboxTrades.outTradeNo, outTradeNo))));
    },

    verifyNotification(fields): VerifiedNotification {
      const { sign, sign_type: _type, ...signed } = fields;
      if (!verifyFields(signed, sign, key)) throw new PaymentConnectorError('BAD_SIGNATURE', 'the notification signature does not verify');
      return {
        notifyId: fields.notify_id,
        outTradeNo: fields.out_trade_no,
        tradeNo: fields.trade_no,
        status: fields.trade_status,
        amountFen: Number(fields.total_amount),
        passback: fields.passback_params,
        closeReason: fields.close_reason ?? null,
        notifiedAt: new Date(fields.notify_time),
      };
    },
  };

  return {
    connector,
    /** Where notifications go (the billing module's notify route). */
    onNotification(delivery: NotificationDelivery) {
      deliver = delivery;
    },
    /** The cashier: a trade as the buyer sees it. */
    async trade(tradeNo: string): Promise<SandboxTrade> {
      const t = await load(eq(paymentSandboxTrades.tradeNo, tradeNo));
      if (!t) throw new PaymentConnectorError('TRADE_NOT_FOUND', 'no such sandbox trade');
      return toTrade(t);
    },
    /** The cashier: the buyer's choice. A closed or paid trade is not paid again. */
    async pay(tradeNo: string, outcome: SandboxOutcome): Promise<SandboxTrade> {
      const t = await load(eq(paymentSandboxTrades.tradeNo, tradeNo));
      if (!t) throw new PaymentConnectorError('TRADE_NOT_FOUND', 'no such sandbox trade');
      if (t.status !== 'WAIT_BUYER_PAY') throw new PaymentConnectorError('TRADE_CLOSED', 'this trade is no longer payable');
      const set =
        outcome === 'FAIL'
          ? { status: 'TRADE_CLOSED', closeReason: 'PAYMENT_FAILED' }
          : { status: 'TRADE_SUCCESS', paidAt: now(), ...(outcome === 'TIMEOUT' ? { notifiedAt: now(), closeReason: null } : {}) };
      const [after] = await db
        .update(paymentSandboxTrades)
        .set(set)
        .where(and(eq(paymentSandboxTrades.tradeNo, tradeNo), eq(paymentSandboxTrades.status, 'WAIT_BUYER_PAY')))
        .returning();
      if (!after) throw new PaymentConnectorError('TRADE_CLOSED', 'this trade is no longer payable');
      // TIMEOUT: the notification is lost (marked as if delivered, so none is ever posted).
      if (outcome !== 'TIMEOUT') scheduleNotification(tradeNo);
      return toTrade(after);
    },
    /** The signed notification the sandbox would post now (tests replay it). */
    async notificationFor(tradeNo: string): Promise<PaymentNotification> {
      const t = await load(eq(paymentSandboxTrades.tradeNo, tradeNo));
      if (!t) throw new PaymentConnectorError('TRADE_NOT_FOUND', 'no such sandbox trade');
      return notificationOf(t);
    },
  };
}

export type SandboxPayment = ReturnType<typeof createSandboxPayment>;
