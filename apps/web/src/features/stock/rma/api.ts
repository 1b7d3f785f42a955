// The return-inbound calls (spec 02 §7.9, /myhome/rma), from the route catalogue. Quiet: the page
// words refusals itself.
import { RmaCalls, type CallAnswer, type CallInput } from '@openseller/core';
import { callApi, type RequestOptions } from '../../../app/request';

const quiet: RequestOptions = { quiet: true };

export type RmaFilter = CallInput<typeof RmaCalls.search>;
export type RmaCreateValues = CallInput<typeof RmaCalls.create>;
export type RmaReceiveValues = CallInput<typeof RmaCalls.receive>;
export type RmaViewData = CallAnswer<typeof RmaCalls.getById>;
export type RmaRowData = CallAnswer<typeof RmaCalls.search>['voList'][number];
export type RmaParcelFilter = CallInput<typeof RmaCalls.parcelSearch>;
export type RmaParcelData = CallAnswer<typeof RmaCalls.parcelCreate>;
export type RmaScanData = CallAnswer<typeof RmaCalls.scan>;

export const rmaApi = {
  search: (input: RmaFilter) => callApi(RmaCalls.search, input, quiet),
  get: (id: number) => callApi(RmaCalls.getById, { id }, quiet),
  statusList: () => callApi(RmaCalls.statusList, undefined, quiet),
  create: (input: RmaCreateValues) => callApi(RmaCalls.create, input, quiet),
  receive: (input: RmaReceiveValues) => callApi(RmaCalls.receive, input, quiet),
  remove: (id: number, version: number) => callApi(RmaCalls.delete, { id, version }, quiet),
  syncToWms: (id: number) => callApi(RmaCalls.syncToWms, { id }, quiet),
  cancelToWms: (id: number) => callApi(RmaCalls.cancelToWms, { id }, quiet),
  reasons: () => callApi(RmaCalls.reasonList, undefined, quiet),
  createReason: (reason: string) => callApi(RmaCalls.createReason, { reason }, quiet),
  deleteReason: (id: number) => callApi(RmaCalls.deleteReason, { id }, quiet),
  scan: (input: CallInput<typeof RmaCalls.scan>) => callApi(RmaCalls.scan, input, quiet),
  parcels: (input: RmaParcelFilter) => callApi(RmaCalls.parcelSearch, input, quiet),
  createParcel: (input: CallInput<typeof RmaCalls.parcelCreate>) => callApi(RmaCalls.parcelCreate, input, quiet),
  linkParcel: (input: CallInput<typeof RmaCalls.parcelLink>) => callApi(RmaCalls.parcelLink, input, quiet),
};
