// The sales reports' calls (spec 03-calls §7.14, /cloud/core/…; tabs 1–4 of /reports). The spec
// names reportSales/search, businessOverview, spuSale; the salesAnalyze verbs, the drill-down,
// the export and the rebuild have chosen paths (listed in the reports module README).
import {
  AnalysisAnswer,
  DrillInput,
  DrillPage,
  InventoryInfoAnswer,
  InventoryInfoInput,
  OrderSalesPage,
  Overview,
  OverviewInput,
  RebuildAnswer,
  SalesRankInput,
  SalesReportExportInput,
  SalesReportFilter,
  SalesReportPageInput,
  SalesFigures,
  SkuRankAnswer,
  SkuSalesPage,
  SkuTrendInput,
  TrendAnswer,
} from '../contracts/reports.js';
import { ExportRequested } from '../contracts/exports.js';
import { post } from './define.js';

export const REPORT_ACCESS = { menu: 'MENU_REPORT' } as const;
const C = '/cloud/core';

export const SalesReportCalls = {
  /** Tab 2: sales by order, a row per period and store, paged, with totals. */
  reportSalesSearch: post(`${C}/reportSales/search`, REPORT_ACCESS, SalesReportPageInput, OrderSalesPage),
  /** Tab 1: today, yesterday and the period. */
  searchTbSoOverview: post(`${C}/businessOverview/searchTbSoOverview`, REPORT_ACCESS, OverviewInput, Overview),
  searchSalesTrend: post(`${C}/businessOverview/searchSalesTrend`, REPORT_ACCESS, SalesReportFilter, TrendAnswer),
  searchSpuSalesRank: post(`${C}/businessOverview/searchSpuSalesRank`, REPORT_ACCESS, SalesRankInput, SkuRankAnswer),
  /** Tab 3: sales by SKU, paged, with totals. */
  spuSaleSearchPageList: post(`${C}/spuSale/searchPageList`, REPORT_ACCESS, SalesReportPageInput, SkuSalesPage),
  /** One SKU per period. */
  spuSaleSearchSkuReport: post(`${C}/spuSale/searchSkuReport`, REPORT_ACCESS, SkuTrendInput, TrendAnswer),
  /** The filter's totals (cost and profit only for accounts that may see cost). */
  spuSaleGetProfitInfo: post(`${C}/spuSale/getProfitInfo`, REPORT_ACCESS, SalesReportFilter, SalesFigures),
  /** On-hand and available stock of SKUs (a combination: what its components make). */
  spuSaleGetInventoryInfo: post(`${C}/spuSale/getInventoryInfo`, REPORT_ACCESS, InventoryInfoInput, InventoryInfoAnswer),
  /** Tab 4 (chosen paths: the spec shows the verbs only). */
  salesAnalyzePlatform: post(`${C}/salesAnalyze/platform`, REPORT_ACCESS, SalesReportFilter, AnalysisAnswer),
  salesAnalyzeStore: post(`${C}/salesAnalyze/store`, REPORT_ACCESS, SalesReportFilter, AnalysisAnswer),
  salesAnalyzeHotTime: post(`${C}/salesAnalyze/hotTime`, REPORT_ACCESS, SalesReportFilter, AnalysisAnswer),
  salesAnalyzeHotArea: post(`${C}/salesAnalyze/hotArea`, REPORT_ACCESS, SalesReportFilter, AnalysisAnswer),
  /** Chosen: the order lines and after-sales that sum to a cell. */
  drill: post(`${C}/reportSales/drill`, REPORT_ACCESS, DrillInput, DrillPage),
  /** Chosen: an .xlsx of a report through the download centre. */
  export: post(`${C}/reportSales/export`, REPORT_ACCESS, SalesReportExportInput, ExportRequested),
  /** Chosen: rebuilds the domain's aggregates from the orders (main account). */
  rebuild: post(`${C}/reportSales/rebuild`, 'main', undefined, RebuildAnswer),
} as const;
