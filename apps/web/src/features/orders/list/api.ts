// The only place that names the order list's server paths (spec 02 §7.10: /myhome/erpsoh).
import type { OrderDetail, OrderRow, OrderSearchParams, OrderSearchTabCreateInput, OrderSearchTabRow, OrderTabCounts, PageResult } from '@openseller/core';
import { request, type RequestOptions } from '../../../app/request';

const quiet: RequestOptions = { quiet: true };
const H = '/myhome/erpsoh';

export const orderListApi = {
  search: (input: OrderSearchParams) => request<PageResult<OrderRow>>(`${H}/searchErpSoHPageList`, input, quiet),
  counts: (input: Omit<OrderSearchParams, 'currentPage' | 'pageSize'>) => request<OrderTabCounts>(`${H}/searchCount`, input, quiet),
  get: (id: number) => request<OrderDetail>(`${H}/getErpSoH`, { id }, quiet),
  mergeFlags: (idList: number[]) => request<number[]>(`${H}/getMergeFlagByIdList`, { idList }, quiet),
  stockOutFlags: (idList: number[]) => request<number[]>(`${H}/returnStockOutErpSohId`, { idList }, quiet),
  searchTabs: () => request<OrderSearchTabRow[]>(`${H}/getSearchTab`, {}, quiet),
  createSearchTab: (input: OrderSearchTabCreateInput) => request<OrderSearchTabRow>(`${H}/createSoHSearchTab`, input, quiet),
  deleteSearchTab: (id: number) => request<void>(`${H}/deleteSearchTab`, { id }, quiet),
  reorderSearchTabs: (idList: number[]) => request<OrderSearchTabRow[]>(`${H}/updateSearchTabIndex`, { idList }, quiet),
};
