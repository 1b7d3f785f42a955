// The sales reports' calls (spec 03-calls §7.14 and the chosen paths of the reports module README),
// from the route catalogue. Quiet: the tabs word refusals themselves.
import { SalesReportCalls, type CallInput } from '@openseller/core';
import { ApiError, callApi, errorMessage, type RequestOptions } from '../../app/request';

const quiet: RequestOptions = { quiet: true };

export type SalesFilterInput = CallInput<typeof SalesReportCalls.searchSalesTrend>;
export type DrillCell = Omit<CallInput<typeof SalesReportCalls.drill>, 'startDate' | 'endDate' | 'currentPage' | 'pageSize'>;

export const reportsApi = {
  overview: (input: CallInput<typeof SalesReportCalls.searchTbSoOverview>) => callApi(SalesReportCalls.searchTbSoOverview, input, quiet),
  trend: (input: SalesFilterInput) => callApi(SalesReportCalls.searchSalesTrend, input, quiet),
  rank: (input: CallInput<typeof SalesReportCalls.searchSpuSalesRank>) => callApi(SalesReportCalls.searchSpuSalesRank, input, quiet),
  orderSales: (input: CallInput<typeof SalesReportCalls.reportSalesSearch>) => callApi(SalesReportCalls.reportSalesSearch, input, quiet),
  skuSales: (input: CallInput<typeof SalesReportCalls.spuSaleSearchPageList>) => callApi(SalesReportCalls.spuSaleSearchPageList, input, quiet),
  inventory: (skuIds: number[]) => callApi(SalesReportCalls.spuSaleGetInventoryInfo, { skuIds }, quiet),
  platform: (input: SalesFilterInput) => callApi(SalesReportCalls.salesAnalyzePlatform, input, quiet),
  store: (input: SalesFilterInput) => callApi(SalesReportCalls.salesAnalyzeStore, input, quiet),
  hotTime: (input: SalesFilterInput) => callApi(SalesReportCalls.salesAnalyzeHotTime, input, quiet),
  hotArea: (input: SalesFilterInput) => callApi(SalesReportCalls.salesAnalyzeHotArea, input, quiet),
  drill: (input: CallInput<typeof SalesReportCalls.drill>) => callApi(SalesReportCalls.drill, input, quiet),
  exportReport: (input: CallInput<typeof SalesReportCalls.export>) => callApi(SalesReportCalls.export, input, quiet),
};

export const reportKeys = {
  all: ['reports'] as const,
  of: (name: string, input: unknown) => [...reportKeys.all, name, input] as const,
};

/** A refusal in words: field problems by field, the rest as the server words them. */
export function reportErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  if (error.code === 'ERR_VALIDATION' && error.fields.length) return error.fields.map((f) => `${f.field}: ${f.message}`).join('; ');
  return errorMessage(error);
}
