// The after-sale calls (spec 02 §7.11, /cloud/advance/afterSales), from the route catalogue.
// Quiet: the pages word refusals themselves.
import { AfterSalesCalls, type CallAnswer, type CallInput, type ReplacementMode } from '@openseller/core';
import { callApi, type RequestOptions } from '../../app/request';

const quiet: RequestOptions = { quiet: true };

export type AfterSaleFilter = CallInput<typeof AfterSalesCalls.search>;
export type AfterSaleCreateValues = CallInput<typeof AfterSalesCalls.create>;
export type AfterSaleRowData = CallAnswer<typeof AfterSalesCalls.get>;
export type AfterSaleBatchResultData = CallAnswer<typeof AfterSalesCalls.agreeRefund>;
type Refs = { id: number; version: number }[];
const refs = (rows: Refs) => rows.map((r) => ({ id: r.id, version: r.version }));

export const afterSalesApi = {
  search: (input: AfterSaleFilter) => callApi(AfterSalesCalls.search, input, quiet),
  get: (id: number) => callApi(AfterSalesCalls.get, { id }, quiet),
  timeline: (id: number) => callApi(AfterSalesCalls.timeline, { id }, quiet),
  searchArchive: (input: AfterSaleFilter) => callApi(AfterSalesCalls.searchArchive, input, quiet),
  searchAbnormal: (input: AfterSaleFilter) => callApi(AfterSalesCalls.searchAbnormal, input, quiet),
  returnRateReport: (input: CallInput<typeof AfterSalesCalls.returnRateReport>) => callApi(AfterSalesCalls.returnRateReport, input, quiet),
  create: (input: AfterSaleCreateValues) => callApi(AfterSalesCalls.create, input, quiet),
  remove: (rows: Refs) => callApi(AfterSalesCalls.delete, { list: refs(rows) }, quiet),
  exportList: (input: CallInput<typeof AfterSalesCalls.export>) => callApi(AfterSalesCalls.export, input, quiet),
  agreeRefund: (rows: Refs) => callApi(AfterSalesCalls.agreeRefund, { list: refs(rows) }, quiet),
  refuseRefund: (rows: Refs) => callApi(AfterSalesCalls.refuseRefund, { list: refs(rows) }, quiet),
  agreeReturn: (rows: Refs, returnWhId?: number) => callApi(AfterSalesCalls.agreeReturn, { list: refs(rows), returnWhId: returnWhId ?? null }, quiet),
  refuseReturn: (rows: Refs) => callApi(AfterSalesCalls.refuseReturn, { list: refs(rows) }, quiet),
  refundFinish: (rows: Refs, result: 'SUCCESS' | 'FAILURE' = 'SUCCESS') => callApi(AfterSalesCalls.refundFinish, { list: refs(rows), result }, quiet),
  uploadLogistics: (rows: Refs, logistics: { buyerExpressCompanyCode?: string; buyerExpressNo: string }) => callApi(AfterSalesCalls.uploadLogistics, { list: refs(rows), ...logistics }, quiet),
  sync: (rows: Refs) => callApi(AfterSalesCalls.sync, { list: refs(rows) }, quiet),
  replacement: (rows: Refs, replacementMode: ReplacementMode) => callApi(AfterSalesCalls.replacement, { list: refs(rows), replacementMode }, quiet),
};
