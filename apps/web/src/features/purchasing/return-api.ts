// The purchase returns' calls (spec 03-calls §7.12, /cloud/purchaseReturn/…), from the route
// catalogue (PurchaseReturnCalls). Calls are quiet: the pages word refusals themselves.
import { PurchaseReturnCalls, type CallInput } from '@openseller/core';
import { callApi, type RequestOptions } from '../../app/request';

const quiet: RequestOptions = { quiet: true };

export type PurchaseReturnFormValues = CallInput<typeof PurchaseReturnCalls.create>;
export type PurchaseReturnFilter = CallInput<typeof PurchaseReturnCalls.search>;
export type PurchaseReturnAsnFilter = CallInput<typeof PurchaseReturnCalls.asnSearch>;
type VersionInput = CallInput<typeof PurchaseReturnCalls.submit>;

export const purchaseReturnApi = {
  search: (input: PurchaseReturnFilter) => callApi(PurchaseReturnCalls.search, input, quiet),
  extraInfo: (input: PurchaseReturnFilter) => callApi(PurchaseReturnCalls.getExtraInfo, input, quiet),
  get: (id: number) => callApi(PurchaseReturnCalls.searchInfo, { id }, quiet),
  asnSearch: (input: PurchaseReturnAsnFilter) => callApi(PurchaseReturnCalls.asnSearch, input, quiet),
  create: (input: PurchaseReturnFormValues) => callApi(PurchaseReturnCalls.create, input, quiet),
  createAndSubmit: (input: PurchaseReturnFormValues) => callApi(PurchaseReturnCalls.createAndSubmit, input, quiet),
  update: (input: CallInput<typeof PurchaseReturnCalls.update>) => callApi(PurchaseReturnCalls.update, input, quiet),
  submit: (input: VersionInput) => callApi(PurchaseReturnCalls.submit, input, quiet),
  invalid: (input: VersionInput) => callApi(PurchaseReturnCalls.invalid, input, quiet),
  remove: (input: VersionInput) => callApi(PurchaseReturnCalls.delete, input, quiet),
  retract: (input: VersionInput) => callApi(PurchaseReturnCalls.retract, input, quiet),
  verify: (input: VersionInput) => callApi(PurchaseReturnCalls.verify, input, quiet),
  reject: (input: CallInput<typeof PurchaseReturnCalls.reject>) => callApi(PurchaseReturnCalls.reject, input, quiet),
  batchVerify: (input: CallInput<typeof PurchaseReturnCalls.batchVerify>) => callApi(PurchaseReturnCalls.batchVerify, input, quiet),
  batchReject: (input: CallInput<typeof PurchaseReturnCalls.batchReject>) => callApi(PurchaseReturnCalls.batchReject, input, quiet),
};
