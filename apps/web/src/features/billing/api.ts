// The billing area's calls (spec 03-calls 02 §7.17: storeOrder, domainOrder, paymentrecord, refund/shopper;
// the root price table and the sandbox provider's cashier), from the route catalogue. Quiet: pages word refusals.
import {
  BillingAdminCalls,
  DomainOrderCalls,
  PaymentRecordCalls,
  PaymentSandboxCalls,
  RefundShopperCalls,
  StoreOrderCalls,
  type BillingOrderType,
  type CallInput,
  type SandboxOutcome,
} from '@openseller/core';
import { callApi, type RequestOptions } from '../../app/request';

const quiet: RequestOptions = { quiet: true };

const calls = (type: BillingOrderType) => (type === 'DOMAIN' ? DomainOrderCalls : StoreOrderCalls);

export const orderApi = (type: BillingOrderType) => {
  const c = calls(type);
  return {
    judge: () => callApi(c.judge, undefined, quiet),
    goods: () => callApi(c.orderGoods, undefined, quiet),
    place: (input: CallInput<typeof c.placeOrder>) => callApi(c.placeOrder, input, quiet),
    payPage: (orderNo: string) => callApi(c.payPage, { orderNo }, quiet),
    detail: (orderNo: string) => callApi(c.detail, { orderNo }, quiet),
    handlePay: (orderNo: string) => callApi(c.handlePay, { orderNo }, quiet),
    reBuild: (orderNo: string) => callApi(c.reBuild, { orderNo }, quiet),
    close: (orderNo: string) => callApi(c.closeOrder, { orderNo }, quiet),
  };
};

export const paymentRecordApi = {
  orderQuery: (input: CallInput<typeof PaymentRecordCalls.orderQuery>) => callApi(PaymentRecordCalls.orderQuery, input, quiet),
  request: (input: CallInput<typeof PaymentRecordCalls.submitDomainOrderRequest>) => callApi(PaymentRecordCalls.submitDomainOrderRequest, input, quiet),
};

export const refundApi = {
  search: (input: CallInput<typeof RefundShopperCalls.search>) => callApi(RefundShopperCalls.search, input, quiet),
  create: (input: CallInput<typeof RefundShopperCalls.create>) => callApi(RefundShopperCalls.create, input, quiet),
  updatePayInfo: (input: CallInput<typeof RefundShopperCalls.updatePayInfo>) => callApi(RefundShopperCalls.updatePayInfo, input, quiet),
};

export const billingAdminApi = {
  searchPrices: (input: CallInput<typeof BillingAdminCalls.searchPrices>) => callApi(BillingAdminCalls.searchPrices, input, quiet),
  savePrice: (input: CallInput<typeof BillingAdminCalls.savePrice>) => callApi(BillingAdminCalls.savePrice, input, quiet),
  searchRequests: (input: CallInput<typeof BillingAdminCalls.searchRequests>) => callApi(BillingAdminCalls.searchRequests, input, quiet),
};

export const sandboxCashierApi = {
  trade: (tradeNo: string) => callApi(PaymentSandboxCalls.trade, { tradeNo }, quiet),
  pay: (tradeNo: string, outcome: SandboxOutcome) => callApi(PaymentSandboxCalls.pay, { tradeNo, outcome }, quiet),
};

/** The order type of a page's query (?type=STORE), DOMAIN by default. */
export const orderTypeOf = (value: string | null): BillingOrderType => (value === 'STORE' ? 'STORE' : 'DOMAIN');
/** Where an order type's pages live. */
export const orderBase = (type: BillingOrderType) => (type === 'DOMAIN' ? '/domainOrder' : '/storeOrder');
