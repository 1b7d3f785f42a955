// The purchasing area's calls (spec 03-calls §7.12, /cloud/purchase/purchase/…), from the route
// catalogue (PurchaseCalls). Calls are quiet: the pages word refusals themselves.
import { PurchaseCalls, type CallInput } from '@openseller/core';
import { callApi, type RequestOptions } from '../../app/request';

const quiet: RequestOptions = { quiet: true };

export type PurchaseFormValues = CallInput<typeof PurchaseCalls.create>;
export type PurchaseFilter = CallInput<typeof PurchaseCalls.search>;
type VersionInput = CallInput<typeof PurchaseCalls.submit>;

export const purchaseApi = {
  search: (input: PurchaseFilter) => callApi(PurchaseCalls.search, input, quiet),
  extraInfo: (input: PurchaseFilter) => callApi(PurchaseCalls.getExtraInfo, input, quiet),
  get: (id: number) => callApi(PurchaseCalls.searchInfo, { id }, quiet),
  create: (input: PurchaseFormValues) => callApi(PurchaseCalls.create, input, quiet),
  createAndSubmit: (input: PurchaseFormValues) => callApi(PurchaseCalls.createAndSubmit, input, quiet),
  update: (input: CallInput<typeof PurchaseCalls.update>) => callApi(PurchaseCalls.update, input, quiet),
  submit: (input: VersionInput) => callApi(PurchaseCalls.submit, input, quiet),
  invalid: (input: VersionInput) => callApi(PurchaseCalls.invalid, input, quiet),
  remove: (input: VersionInput) => callApi(PurchaseCalls.delete, input, quiet),
  retract: (input: VersionInput) => callApi(PurchaseCalls.retract, input, quiet),
  verify: (input: VersionInput) => callApi(PurchaseCalls.verify, input, quiet),
  reject: (input: CallInput<typeof PurchaseCalls.reject>) => callApi(PurchaseCalls.reject, input, quiet),
  closeShort: (input: CallInput<typeof PurchaseCalls.closeShort>) => callApi(PurchaseCalls.closeShort, input, quiet),
  exportList: (input: CallInput<typeof PurchaseCalls.export>) => callApi(PurchaseCalls.export, input, quiet),
};
