// The payment connector: what the product asks a payment provider (a wallet such as Alipay or
// WeChat Pay) for — a payment of an order (its cashier address), the state of a payment, closing an
// unpaid payment — and how it reads the provider's signed asynchronous notifications. The sandbox
// provider (sandbox/) is the one connector in this build; it is named a sandbox wherever it shows.
import type { PayChannel, PaymentNotification } from '@openseller/core';

export interface PaymentRequest {
  /** The merchant's order number (the provider's out_trade_no). */
  outTradeNo: string;
  subject: string;
  amountFen: number;
  channel: PayChannel;
  /** Signed back in every notification: the merchant's domain id. */
  passback: string;
  /** When the provider closes the payment if it is not paid. */
  expiresAt: Date;
  /** Where the cashier sends the buyer after paying (the /payResult page). */
  returnUrl: string;
}

export interface PaymentStart {
  tradeNo: string;
  /** The cashier's address. */
  payUrl: string;
  expiresAt: Date;
}

export type PaymentState =
  | { status: 'NOT_FOUND' }
  | { status: 'WAIT_BUYER_PAY'; tradeNo: string; amountFen: number }
  | { status: 'TRADE_SUCCESS'; tradeNo: string; amountFen: number; paidAt: Date }
  | { status: 'TRADE_CLOSED'; tradeNo: string; amountFen: number; reason: string };

/** A notification whose signature verified, in the merchant's terms. */
export interface VerifiedNotification {
  notifyId: string;
  outTradeNo: string;
  tradeNo: string;
  status: 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  amountFen: number;
  passback: string;
  closeReason: string | null;
  notifiedAt: Date;
}

export interface PaymentConnector {
  /** The provider's name as the pay page shows it. */
  readonly provider: string;
  readonly sandbox: boolean;
  /** Starts (or, for the same order number, answers again) the payment of an order. */
  createPayment(request: PaymentRequest): Promise<PaymentStart>;
  queryPayment(outTradeNo: string): Promise<PaymentState>;
  /** Closes an unpaid payment; answers the state after (a paid one stays paid). */
  closePayment(outTradeNo: string): Promise<PaymentState>;
  /** Checks a notification's signature; throws PaymentConnectorError('BAD_SIGNATURE') when it fails. */
  verifyNotification(fields: PaymentNotification): VerifiedNotification;
}

export type PaymentConnectorErrorCode = 'BAD_SIGNATURE' | 'TRADE_NOT_FOUND' | 'TRADE_CLOSED' | 'MISMATCH';

export class PaymentConnectorError extends Error {
  constructor(
    readonly code: PaymentConnectorErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'PaymentConnectorError';
  }
}
