// The order list's calls (spec 02 §7.10: /myhome/erpsoh), from the route catalogue.
import { OrderExportCalls, OrderListCalls, type CallInput } from '@openseller/core';
import { callApi, type RequestOptions } from '../../../app/request';

const quiet: RequestOptions = { quiet: true };

export const orderListApi = {
  search: (input: CallInput<typeof OrderListCalls.search>) => callApi(OrderListCalls.search, input, quiet),
  counts: (input: CallInput<typeof OrderListCalls.counts>) => callApi(OrderListCalls.counts, input, quiet),
  get: (id: number) => callApi(OrderListCalls.get, { id }, quiet),
  mergeFlags: (idList: number[]) => callApi(OrderListCalls.mergeFlags, { idList }, quiet),
  stockOutFlags: (idList: number[]) => callApi(OrderListCalls.stockOutFlags, { idList }, quiet),
  searchTabs: () => callApi(OrderListCalls.searchTabs, undefined, quiet),
  createSearchTab: (input: CallInput<typeof OrderListCalls.createSearchTab>) => callApi(OrderListCalls.createSearchTab, input, quiet),
  deleteSearchTab: (id: number) => callApi(OrderListCalls.deleteSearchTab, { id }, quiet),
  reorderSearchTabs: (idList: number[]) => callApi(OrderListCalls.reorderSearchTabs, { idList }, quiet),
};

/** The order list's exports to the download centre (by order, express number, item detail). */
export const orderExportApi = {
  exportOrders: (input: CallInput<typeof OrderExportCalls.exportOrders>) => callApi(OrderExportCalls.exportOrders, input),
};
