// The finance area's calls (spec 03-calls §7.12, /cloud/advance/finance/…), from the route
// catalogue (PayableCalls, PaymentCalls, BillCalls). Calls are quiet: the pages word refusals themselves.
import { BillCalls, PayableCalls, PaymentCalls, type CallInput } from '@openseller/core';
import { callApi, type RequestOptions } from '../../app/request';

const quiet: RequestOptions = { quiet: true };

export type PayableFilter = CallInput<typeof PayableCalls.search>;
export type PaymentFilter = CallInput<typeof PaymentCalls.search>;
export type BillFilter = CallInput<typeof BillCalls.search>;
type VersionInput = CallInput<typeof PayableCalls.submit>;
type RejectInput = CallInput<typeof PayableCalls.reject>;

export const billApi = {
  search: (input: BillFilter) => callApi(BillCalls.search, input, quiet),
};

export const payableApi = {
  search: (input: PayableFilter) => callApi(PayableCalls.search, input, quiet),
  get: (id: number) => callApi(PayableCalls.searchInfo, { id }, quiet),
  createPurchase: (input: CallInput<typeof PayableCalls.createPurchasePayable>) => callApi(PayableCalls.createPurchasePayable, input, quiet),
  createPurchaseAndSubmit: (input: CallInput<typeof PayableCalls.createPurchasePayable>) => callApi(PayableCalls.createPurchasePayableAndSubmit, input, quiet),
  createOther: (input: CallInput<typeof PayableCalls.createOtherPayable>) => callApi(PayableCalls.createOtherPayable, input, quiet),
  createOtherAndSubmit: (input: CallInput<typeof PayableCalls.createOtherPayable>) => callApi(PayableCalls.createOtherPayableAndSubmit, input, quiet),
  updatePurchase: (input: CallInput<typeof PayableCalls.updatePurchasePayable>) => callApi(PayableCalls.updatePurchasePayable, input, quiet),
  updatePurchaseAndSubmit: (input: CallInput<typeof PayableCalls.updatePurchasePayable>) => callApi(PayableCalls.updatePurchasePayableAndSubmit, input, quiet),
  updateOther: (input: CallInput<typeof PayableCalls.updateOtherPayable>) => callApi(PayableCalls.updateOtherPayable, input, quiet),
  updateOtherAndSubmit: (input: CallInput<typeof PayableCalls.updateOtherPayable>) => callApi(PayableCalls.updateOtherPayableAndSubmit, input, quiet),
  record: (input: CallInput<typeof PayableCalls.record>) => callApi(PayableCalls.record, input, quiet),
  submit: (input: VersionInput) => callApi(PayableCalls.submit, input, quiet),
  retract: (input: VersionInput) => callApi(PayableCalls.retract, input, quiet),
  verify: (input: VersionInput) => callApi(PayableCalls.verify, input, quiet),
  reject: (input: RejectInput) => callApi(PayableCalls.reject, input, quiet),
  invalid: (input: VersionInput) => callApi(PayableCalls.invalid, input, quiet),
  remove: (input: VersionInput) => callApi(PayableCalls.delete, input, quiet),
};

export const paymentApi = {
  search: (input: PaymentFilter) => callApi(PaymentCalls.search, input, quiet),
  get: (id: number) => callApi(PaymentCalls.searchInfo, { id }, quiet),
  create: (input: CallInput<typeof PaymentCalls.create>) => callApi(PaymentCalls.create, input, quiet),
  createPrepaid: (input: CallInput<typeof PaymentCalls.createPrepaid>) => callApi(PaymentCalls.createPrepaid, input, quiet),
  prepaidBalance: (supplierId: number) => callApi(PaymentCalls.prepaidBalance, { supplierId }, quiet),
  submit: (input: VersionInput) => callApi(PaymentCalls.submit, input, quiet),
  retract: (input: VersionInput) => callApi(PaymentCalls.retract, input, quiet),
  verify: (input: VersionInput) => callApi(PaymentCalls.verify, input, quiet),
  reject: (input: RejectInput) => callApi(PaymentCalls.reject, input, quiet),
  invalid: (input: VersionInput) => callApi(PaymentCalls.invalid, input, quiet),
  remove: (input: VersionInput) => callApi(PaymentCalls.delete, input, quiet),
};
