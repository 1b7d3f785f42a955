// Store and domain orders, payment records, refunds, the price table and the sandbox provider's
// cashier and notification, from the route catalogue (packages/core api/billing.ts). Handlers only translate.
import type { FastifyInstance } from 'fastify';
import { BillingAdminCalls, BillingErrors, DomainOrderCalls, PaymentRecordCalls, PaymentSandboxCalls, RefundShopperCalls, StoreOrderCalls } from '@openseller/core';
import { PaymentConnectorError, type SandboxPayment } from '../../connectors/payment/index.js';
import { AppError } from '../../platform/errors.js';
import type { Http } from '../../platform/http.js';
import type { BillingService } from './billing.service.js';

/** The sandbox's refusals in the product's codes. */
async function sandboxCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof PaymentConnectorError) {
      if (error.code === 'TRADE_NOT_FOUND') throw new AppError(BillingErrors.TRADE_NOT_FOUND, 404, { field: 'tradeNo' });
      if (error.code === 'TRADE_CLOSED') throw new AppError(BillingErrors.TRADE_CLOSED, 409, { field: 'tradeNo' });
    }
    throw error;
  }
}

export function registerBillingRoutes(app: FastifyInstance, http: Http, billing: BillingService, sandbox: SandboxPayment): void {
  for (const [calls, type] of [
    [StoreOrderCalls, 'STORE'],
    [DomainOrderCalls, 'DOMAIN'],
  ] as const) {
    http.serve(app, calls, {
      judge: (c) => billing.judge(c.session, type),
      orderGoods: (c) => billing.orderGoods(c.session, type),
      placeOrder: (c) => billing.placeOrder(c.session, type, c.input),
      payPage: (c) => billing.payPage(c.session, type, c.input.orderNo),
      detail: (c) => billing.detail(c.session, type, c.input.orderNo),
      handlePay: (c) => billing.handlePay(c.session, type, c.input.orderNo),
      reBuild: (c) => billing.reBuild(c.session, type, c.input.orderNo),
      closeOrder: (c) => billing.closeOrder(c.session, type, c.input.orderNo),
    });
  }
  http.serve(app, PaymentRecordCalls, {
    orderQuery: (c) => billing.orderQuery(c.session, c.input),
    submitDomainOrderRequest: (c) => billing.submitDomainOrderRequest(c.session, c.input),
  });
  http.serve(app, RefundShopperCalls, {
    search: (c) => billing.searchRefunds(c.session, c.input),
    create: (c) => billing.createRefund(c.session, c.input),
    updatePayInfo: (c) => billing.updateRefundPayInfo(c.input),
  });
  http.serve(app, BillingAdminCalls, {
    searchPrices: (c) => billing.searchPrices(c.input),
    savePrice: (c) => billing.savePrice(c.input),
    searchRequests: (c) => billing.searchRequests(c.input),
  });
  http.serve(app, PaymentSandboxCalls, {
    trade: (c) => sandboxCall(() => sandbox.trade(c.input.tradeNo)),
    pay: (c) => sandboxCall(() => sandbox.pay(c.input.tradeNo, c.input.outcome)),
    notify: (c) => billing.notify(c.input),
  });

  // The sandbox posts its notifications to the notify route, through HTTP as a wallet would.
  sandbox.onNotification(async (fields) => {
    const reply = await app.inject({ method: 'POST', url: PaymentSandboxCalls.notify.path, payload: fields });
    return reply.statusCode === 200 && (reply.json() as { success?: boolean }).success === true;
  });
}
