// The stock-check calls (/myhome/invAdjust, spec 02 §7.9), from the route catalogue. Calls are
// quiet: the page words refusals itself (stockCheckErrorMessage).
import { StockCheckCalls, type CallInput } from '@openseller/core';
import { callApi, type RequestOptions } from '../../../app/request';

const quiet: RequestOptions = { quiet: true };

/** What a count call sends per line (locationId defaults to 0 on the server). */
export type CountLineInput = CallInput<typeof StockCheckCalls.count>['lines'][number];

export const stockCheckApi = {
  search: (input: CallInput<typeof StockCheckCalls.search>) => callApi(StockCheckCalls.search, input, quiet),
  get: (id: number) => callApi(StockCheckCalls.get, { id }, quiet),
  create: (input: CallInput<typeof StockCheckCalls.create>) => callApi(StockCheckCalls.create, input, quiet),
  lines: (input: CallInput<typeof StockCheckCalls.lines>) => callApi(StockCheckCalls.lines, input, quiet),
  differences: (input: CallInput<typeof StockCheckCalls.differences>) => callApi(StockCheckCalls.differences, input, quiet),
  count: (input: CallInput<typeof StockCheckCalls.count>) => callApi(StockCheckCalls.count, input, quiet),
  confirm: (input: CallInput<typeof StockCheckCalls.confirm>) => callApi(StockCheckCalls.confirm, input, quiet),
  cancel: (input: CallInput<typeof StockCheckCalls.cancel>) => callApi(StockCheckCalls.cancel, input, quiet),
};
