// The sales reports' .xlsx through the download centre: the rows the tab shows for the same
// filter (every page), then a totals row; cost, gross profit and margin columns only for an
// account that may see cost (the export runs as the requesting account).
import { DrillInput, SALES_REPORT_EXPORT_TYPE, SalesReportExportInput, SalesReportFilter, SalesReportPageInput, type Language, type SalesFigures } from '@openseller/core';
import type { ExportContext, Exporter } from '../../platform/exports.js';
import { say } from '../../platform/import-problems.js';
import { canSeeCost, type SalesReports } from './reports.service.js';

type Column = [key: string, zh: string, en: string];

const FIGURES: Column[] = [
  ['orderCount', '订单数', 'Orders'],
  ['qty', '销售数量', 'Units sold'],
  ['amount', '销售金额', 'Sales'],
  ['refundQty', '退货数量', 'Units returned'],
  ['refund', '退款金额', 'Refunds'],
  ['netAmount', '净销售额', 'Net sales'],
];
const COST: Column[] = [
  ['cost', '销售成本', 'Cost of goods sold'],
  ['grossProfit', '毛利', 'Gross profit'],
  ['margin', '毛利率(%)', 'Margin (%)'],
];

const LEADING: Record<string, Column[]> = {
  orderSales: [
    ['period', '日期', 'Period'],
    ['storeName', '店铺', 'Store'],
    ['platformCode', '平台', 'Platform'],
  ],
  skuSales: [
    ['skuCode', '商品编码', 'SKU code'],
    ['skuName', '商品名称', 'SKU name'],
    ['spuCode', '款号', 'Goods code'],
  ],
  trend: [['period', '日期', 'Period']],
  platform: [
    ['name', '平台', 'Platform'],
    ['share', '占比(%)', 'Share (%)'],
  ],
  store: [
    ['name', '店铺', 'Store'],
    ['share', '占比(%)', 'Share (%)'],
  ],
  hotTime: [
    ['name', '时段', 'Hour'],
    ['share', '占比(%)', 'Share (%)'],
  ],
  hotArea: [
    ['name', '省份', 'Province'],
    ['share', '占比(%)', 'Share (%)'],
  ],
  drill: [
    ['day', '日期', 'Day'],
    ['kind', '类型', 'Kind'],
    ['orderCode', '订单编号', 'Order'],
    ['afterSaleCode', '售后单号', 'After-sale'],
    ['skuCode', '商品编码', 'SKU code'],
  ],
};

const TITLES: Record<string, [string, string]> = {
  orderSales: ['销售报表(按订单)', 'Sales by order'],
  skuSales: ['销售报表(按商品)', 'Sales by SKU'],
  trend: ['销售趋势', 'Sales trend'],
  platform: ['平台销售分析', 'Sales by platform'],
  store: ['店铺销售分析', 'Sales by store'],
  hotTime: ['时段销售分析', 'Sales by hour'],
  hotArea: ['地区销售分析', 'Sales by province'],
  drill: ['销售明细', 'Sales details'],
};

export const salesReportTitle = (language: Language, report: string) => say(language, ...(TITLES[report] ?? TITLES.orderSales!));

const ALL = { currentPage: 1, pageSize: 10 };

export function createSalesReportExporter(reports: SalesReports): Exporter {
  const totalsRow = (language: Language, figures: SalesFigures, labelKey: string) => ({ [labelKey]: say(language, '合计', 'Total'), ...figures });
  return {
    type: SALES_REPORT_EXPORT_TYPE,
    access: { menu: 'MENU_REPORT' },
    sheetName: (language) => say(language, '销售报表', 'Sales report'),
    columns(ctx: ExportContext) {
      const { report } = SalesReportExportInput.parse(ctx.params);
      const figures = report === 'drill' ? FIGURES.filter(([k]) => k !== 'netAmount') : FIGURES;
      const cost = canSeeCost(ctx.session) ? (report === 'drill' ? COST.slice(0, 1) : COST) : [];
      return [...LEADING[report]!, ...figures, ...cost].map(([key, zh, en]) => ({ key, header: say(ctx.language, zh, en) }));
    },
    async *rows(ctx: ExportContext) {
      const { report, filter } = SalesReportExportInput.parse(ctx.params);
      const label = LEADING[report]![0]![0];
      if (report === 'orderSales' || report === 'skuSales') {
        const input = SalesReportPageInput.parse({ ...filter, ...ALL });
        const page = report === 'orderSales' ? await reports.orderSales(ctx.session, input, true) : await reports.skuSales(ctx.session, input, true);
        yield page.voList as Record<string, unknown>[];
        yield [totalsRow(ctx.language, page.totals, label)];
        return;
      }
      if (report === 'drill') {
        const page = await reports.drill(ctx.session, DrillInput.parse({ ...filter, ...ALL }), true);
        yield page.voList as Record<string, unknown>[];
        yield [totalsRow(ctx.language, page.totals, label)];
        return;
      }
      const input = SalesReportFilter.parse(filter);
      const answer = report === 'trend' ? await reports.salesTrend(ctx.session, input) : await reports.analyze(ctx.session, input, report);
      yield answer.voList as Record<string, unknown>[];
      yield [totalsRow(ctx.language, answer.totals, label)];
    },
  };
}
