// Store and domain orders, payment records, refunds (spec 03-calls 02 §7.17), the root account's
// price table and the sandbox payment provider's cashier and notification (chosen paths, listed in
// apps/server/src/modules/billing/README.md).
import { z } from 'zod';
import {
  BillingOrder,
  BillingPrice,
  BillingPriceSaveInput,
  BillingPriceSearchInput,
  DomainOrderRequestInput,
  DomainOrderRequestRow,
  OrderGood,
  OrderJudge,
  OrderNoInput,
  OrderQueryInput,
  PaymentNotification,
  PayPage,
  PlaceOrderInput,
  RefundCreateInput,
  RefundRow,
  RefundSearchInput,
  RefundUpdatePayInfoInput,
  SandboxPayInput,
  SandboxTrade,
  SandboxTradeInput,
} from '../contracts/billing.js';
import { PageQuery } from '../contracts/common.js';
import { NoAnswer, pageOf, post, voListOf } from './define.js';

/** The eight calls of one order type, at /cloud/domain/<prefix>/… . Buying is for main accounts. */
function orderCalls<P extends 'storeOrder' | 'domainOrder'>(prefix: P) {
  const at = (name: string) => `/cloud/domain/${prefix}/${name}`;
  return {
    judge: post(at('judge'), 'main', undefined, OrderJudge),
    orderGoods: post(at('orderGoods'), 'main', undefined, voListOf(OrderGood)),
    placeOrder: post(at('placeOrder'), 'main', PlaceOrderInput, BillingOrder),
    payPage: post(at('payPage'), 'main', OrderNoInput, PayPage),
    detail: post(at('detail'), 'main', OrderNoInput, BillingOrder),
    handlePay: post(at('handlePay'), 'main', OrderNoInput, BillingOrder),
    reBuild: post(at('reBuild'), 'main', OrderNoInput, BillingOrder),
    closeOrder: post(at('closeOrder'), 'main', OrderNoInput, BillingOrder),
  };
}

export const StoreOrderCalls = orderCalls('storeOrder');
export const DomainOrderCalls = orderCalls('domainOrder');

export const PaymentRecordCalls = {
  orderQuery: post('/cloud/domain/paymentrecord/orderQuery', 'main', OrderQueryInput, pageOf(BillingOrder)),
  submitDomainOrderRequest: post('/cloud/domain/submitDomainOrderRequest', 'main', DomainOrderRequestInput, z.object({ requestId: z.number().int() })),
};

/** Refunds: the seller's main account asks and lists its own; the root account lists all and settles. */
export const RefundShopperCalls = {
  search: post('/cloud/domain/refund/shopper/search', 'session', RefundSearchInput, pageOf(RefundRow)),
  create: post('/cloud/domain/refund/shopper/create', 'main', RefundCreateInput, RefundRow),
  updatePayInfo: post('/cloud/domain/refund/shopper/updatePayInfo', 'root', RefundUpdatePayInfoInput, RefundRow),
};

/** The root account's price table (chosen paths). */
export const BillingAdminCalls = {
  searchPrices: post('/cloud/admin/billing/price/search', 'root', BillingPriceSearchInput, pageOf(BillingPrice)),
  savePrice: post('/cloud/admin/billing/price/save', 'root', BillingPriceSaveInput, BillingPrice),
  searchRequests: post('/cloud/admin/billing/request/search', 'root', PageQuery, pageOf(DomainOrderRequestRow)),
};

/**
 * The sandbox payment provider (chosen paths): its cashier reads and pays a trade (public, as a
 * wallet's cashier page is; the trade number is the secret), and the provider posts its signed
 * asynchronous notifications to notify.
 */
export const PaymentSandboxCalls = {
  trade: post('/open/payment/sandbox/trade', 'public', SandboxTradeInput, SandboxTrade),
  pay: post('/open/payment/sandbox/pay', 'public', SandboxPayInput, SandboxTrade),
  notify: post('/open/payment/sandbox/notify', 'public', PaymentNotification, NoAnswer),
};

export const BILLING_CALL_MAPS = {
  storeOrder: StoreOrderCalls,
  domainOrder: DomainOrderCalls,
  paymentRecord: PaymentRecordCalls,
  refundShopper: RefundShopperCalls,
  billingAdmin: BillingAdminCalls,
  paymentSandbox: PaymentSandboxCalls,
};
