// The sales reports' calls (spec 03-calls §7.14 and the chosen paths of README.md). Handlers only translate.
import type { FastifyInstance } from 'fastify';
import { SALES_REPORT_EXPORT_TYPE, SalesReportCalls } from '@openseller/core';
import type { Exports } from '../../platform/exports.js';
import type { Http } from '../../platform/http.js';
import { salesReportTitle } from './reports.exporter.js';
import type { SalesReports } from './reports.service.js';

export function registerSalesReportRoutes(app: FastifyInstance, http: Http, reports: SalesReports, exports: Exports): void {
  http.serve(app, SalesReportCalls, {
    reportSalesSearch: (c) => reports.orderSales(c.session, c.input),
    searchTbSoOverview: (c) => reports.overview(c.session, c.input),
    searchSalesTrend: (c) => reports.salesTrend(c.session, c.input),
    searchSpuSalesRank: (c) => reports.rank(c.session, c.input),
    spuSaleSearchPageList: (c) => reports.skuSales(c.session, c.input),
    spuSaleSearchSkuReport: (c) => reports.skuTrend(c.session, c.input),
    spuSaleGetProfitInfo: (c) => reports.profitInfo(c.session, c.input),
    spuSaleGetInventoryInfo: (c) => reports.inventoryInfo(c.session, c.input.skuIds),
    salesAnalyzePlatform: (c) => reports.analyze(c.session, c.input, 'platform'),
    salesAnalyzeStore: (c) => reports.analyze(c.session, c.input, 'store'),
    salesAnalyzeHotTime: (c) => reports.analyze(c.session, c.input, 'hotTime'),
    salesAnalyzeHotArea: (c) => reports.analyze(c.session, c.input, 'hotArea'),
    drill: (c) => reports.drill(c.session, c.input),
    export: async (c) => {
      // The filter is checked now, so a bad one is refused here rather than failing in the download centre.
      await reports.checkExport(c.session, c.input);
      return exports.request(c.session, { type: SALES_REPORT_EXPORT_TYPE, title: salesReportTitle(c.language, c.input.report), params: c.input, language: c.language });
    },
    rebuild: (c) => reports.rebuild(c.session),
  });
}
