// The inbound part's calls (spec 02 §7.9): purchase ASN commands, the notice search,
// /myhome/asnHeader commands, and the sandbox warehouse system's console; from the route
// catalogue. Calls are quiet: the pages word refusals themselves and put field problems by their
// field.
import { InboundCalls, WarehouseSystemCalls, type CallInput } from '@openseller/core';
import { callApi, type RequestOptions } from '../../../app/request';

const quiet: RequestOptions = { quiet: true };

/** The notice form's values as sent (create and create-and-receive; edit adds id and version). */
export type AsnFormValues = CallInput<typeof InboundCalls.create>;

/** One line of a receipt as sent. */
export type ReceiptLineValues = CallInput<typeof InboundCalls.receipt>['lines'][number];

export const inboundApi = {
  search: (input: CallInput<typeof InboundCalls.search>) => callApi(InboundCalls.search, input, quiet),
  get: (id: number) => callApi(InboundCalls.getById, { id }, quiet),
  supplierOptions: () => callApi(InboundCalls.supplierOptions, undefined, quiet),
  statusList: () => callApi(InboundCalls.statusList, undefined, quiet),

  create: (input: CallInput<typeof InboundCalls.create>) => callApi(InboundCalls.create, input, quiet),
  edit: (input: CallInput<typeof InboundCalls.edit>) => callApi(InboundCalls.edit, input, quiet),
  createAndReceipt: (input: CallInput<typeof InboundCalls.createAndReceipt>) => callApi(InboundCalls.createAndReceipt, input, quiet),
  receipt: (input: CallInput<typeof InboundCalls.receipt>) => callApi(InboundCalls.receipt, input, quiet),
  scanReceipt: (input: CallInput<typeof InboundCalls.scanReceipt>) => callApi(InboundCalls.scanReceipt, input, quiet),

  cancel: (input: CallInput<typeof InboundCalls.cancel>) => callApi(InboundCalls.cancel, input, quiet),
  forceCancel: (input: CallInput<typeof InboundCalls.forceCancel>) => callApi(InboundCalls.forceCancel, input, quiet),
  remove: (idList: number[]) => callApi(InboundCalls.delete, { idList }, quiet),
  sync: (idList: number[]) => callApi(InboundCalls.sync, { idList }, quiet),
  fetchResults: (id: number) => callApi(InboundCalls.fetchResults, { id }, quiet),
};

export const sandboxWmsApi = {
  warehouses: () => callApi(WarehouseSystemCalls.sandboxWarehouses, undefined, quiet),
  view: (warehouseId: number) => callApi(WarehouseSystemCalls.sandboxView, { warehouseId }, quiet),
  settings: (input: CallInput<typeof WarehouseSystemCalls.sandboxSettings>) => callApi(WarehouseSystemCalls.sandboxSettings, input, quiet),
  failNext: (warehouseId: number, failures: CallInput<typeof WarehouseSystemCalls.sandboxFailNext>['failures']) =>
    callApi(WarehouseSystemCalls.sandboxFailNext, { warehouseId, failures }, quiet),
  fulfil: (input: CallInput<typeof WarehouseSystemCalls.sandboxFulfil>) => callApi(WarehouseSystemCalls.sandboxFulfil, input, quiet),
  confirmCancel: (warehouseId: number, documentId: number) => callApi(WarehouseSystemCalls.sandboxConfirmCancel, { warehouseId, documentId }, quiet),
  fetchResults: (whId: number) => callApi(WarehouseSystemCalls.fetchResults, { whId }, quiet),
};
