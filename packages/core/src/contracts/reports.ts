// Sales reports (spec 01 §2.2 /reports tabs 1–4, spec 02 §7.14; issue 16): the filters every
// sales report takes and the figures it answers. Periods are the shop's calendar days
// ('YYYY-MM-DD', both ends counted); money is a yuan text with 2 decimals made from integer fen.
// Cost, gross profit and margin are present only for accounts that may see cost (COST_PRICE).
import { z } from 'zod';
import { REPORT_MAX_DAYS, reportPeriodDays } from '../rules/reports.js';
import { Id, PageQuery } from './common.js';

export const REPORT_TYPES = ['day', 'month'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

const CalendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the form YYYY-MM-DD')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'Not a calendar day');

const filterFields = {
  /** First shop day of the period. */
  startDate: CalendarDay,
  /** Last shop day of the period (counted). */
  endDate: CalendarDay,
  reportType: z.enum(REPORT_TYPES).default('day'),
  storeIds: z.array(Id).max(500).optional(),
  platformCodes: z.array(z.string().trim().min(1).max(64)).max(100).optional(),
  skuIds: z.array(Id).max(500).optional(),
};

type PeriodFields = { startDate: string; endDate: string };
const checkPeriod = (v: PeriodFields, ctx: z.RefinementCtx) => {
  const days = reportPeriodDays(v.startDate, v.endDate);
  if (days < 1) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'The end must not be before the start' });
  else if (days > REPORT_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['endDate'], message: `Choose at most ${REPORT_MAX_DAYS} days` });
};

export const SalesReportFilter = z.object(filterFields).superRefine(checkPeriod);
export type SalesReportFilter = z.infer<typeof SalesReportFilter>;

export const SalesReportPageInput = PageQuery.extend(filterFields).superRefine(checkPeriod);
export type SalesReportPageInput = z.infer<typeof SalesReportPageInput>;

export const SALES_RANK_BY = ['qty', 'amount'] as const;
export const SalesRankInput = z
  .object({ ...filterFields, rankBy: z.enum(SALES_RANK_BY).default('qty'), limit: z.number().int().min(1).max(100).default(10) })
  .superRefine(checkPeriod);
export type SalesRankInput = z.infer<typeof SalesRankInput>;

/** The home tab: figures of today and yesterday (shop days) beside the chosen period's. */
export const OverviewInput = z
  .object({ startDate: CalendarDay, endDate: CalendarDay, storeIds: filterFields.storeIds, platformCodes: filterFields.platformCodes })
  .superRefine(checkPeriod);
export type OverviewInput = z.infer<typeof OverviewInput>;

/** The figures of one cell of a sales report. */
export const SalesFigures = z.object({
  orderCount: z.number().int(),
  qty: z.number().int(),
  amount: z.string(),
  refundQty: z.number().int(),
  refund: z.string(),
  /** amount − refund. */
  netAmount: z.string(),
  cost: z.string().optional(),
  /** netAmount − cost. */
  grossProfit: z.string().optional(),
  /** grossProfit / netAmount in percent; null without net sales. */
  margin: z.string().nullable().optional(),
});
export type SalesFigures = z.infer<typeof SalesFigures>;

export const Overview = z.object({
  today: SalesFigures.extend({ day: z.string() }),
  yesterday: SalesFigures.extend({ day: z.string() }),
  period: SalesFigures,
  /** The shop's time zone the days are counted in. */
  timeZone: z.string(),
});
export type Overview = z.infer<typeof Overview>;

/** A period row: 'YYYY-MM-DD' (day) or 'YYYY-MM' (month). */
export const PeriodRow = SalesFigures.extend({ period: z.string() });
export type PeriodRow = z.infer<typeof PeriodRow>;
export const TrendAnswer = z.object({ voList: z.array(PeriodRow), totals: SalesFigures });
export type TrendAnswer = z.infer<typeof TrendAnswer>;

/** Sales by order (tab 2): a row per period and store. */
export const OrderSalesRow = SalesFigures.extend({ period: z.string(), storeId: z.number(), storeName: z.string(), platformCode: z.string() });
export type OrderSalesRow = z.infer<typeof OrderSalesRow>;
export const OrderSalesPage = z.object({ voList: z.array(OrderSalesRow), total: z.number().int(), currentPage: z.number().int(), pageSize: z.number().int(), totals: SalesFigures });
export type OrderSalesPage = z.infer<typeof OrderSalesPage>;

/** Sales by SKU (tab 3): a row per SKU as sold (a combination is its own row). */
export const SkuSalesRow = SalesFigures.extend({
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string(),
  spuCode: z.string(),
  isCombination: z.boolean(),
});
export type SkuSalesRow = z.infer<typeof SkuSalesRow>;
export const SkuSalesPage = z.object({ voList: z.array(SkuSalesRow), total: z.number().int(), currentPage: z.number().int(), pageSize: z.number().int(), totals: SalesFigures });
export type SkuSalesPage = z.infer<typeof SkuSalesPage>;

export const SkuRankAnswer = z.object({ voList: z.array(SkuSalesRow) });
export type SkuRankAnswer = z.infer<typeof SkuRankAnswer>;

/** One SKU's sales per period. */
export const SkuTrendInput = z.object({ ...filterFields, skuId: Id }).superRefine(checkPeriod);
export type SkuTrendInput = z.infer<typeof SkuTrendInput>;

export const InventoryInfoInput = z.object({ skuIds: z.array(Id).min(1).max(1000) });
export type InventoryInfoInput = z.infer<typeof InventoryInfoInput>;
export const InventoryInfoAnswer = z.object({ voList: z.array(z.object({ skuId: z.number(), onHand: z.number().int(), available: z.number().int() })) });
export type InventoryInfoAnswer = z.infer<typeof InventoryInfoAnswer>;

/** Sales analysis (tab 4): shares by platform, store, hour of day or province. */
export const ANALYSIS_DIMENSIONS = ['platform', 'store', 'hotTime', 'hotArea'] as const;
export type AnalysisDimension = (typeof ANALYSIS_DIMENSIONS)[number];
export const AnalysisRow = SalesFigures.extend({
  /** The platform code, store id, hour (0–23) or province, as text. */
  key: z.string(),
  name: z.string(),
  /** This row's share of the net amount, percent; null when the total is not positive. */
  share: z.string().nullable(),
});
export type AnalysisRow = z.infer<typeof AnalysisRow>;
export const AnalysisAnswer = z.object({ voList: z.array(AnalysisRow), totals: SalesFigures });
export type AnalysisAnswer = z.infer<typeof AnalysisAnswer>;

/** A cell to drill into: the report's filter narrowed by the cell's own keys. */
export const DrillInput = PageQuery.extend({
  ...filterFields,
  /** The cell's period ('YYYY-MM-DD' or 'YYYY-MM'); the whole filter period when absent. */
  period: z.string().regex(/^\d{4}-\d{2}(-\d{2})?$/).optional(),
  storeId: Id.optional(),
  platformCode: z.string().trim().min(1).max(64).optional(),
  skuId: Id.optional(),
  hour: z.number().int().min(0).max(23).optional(),
  province: z.string().max(64).optional(),
}).superRefine(checkPeriod);
export type DrillInput = z.infer<typeof DrillInput>;

/** One source row of a cell: an order line's sale or cost, or an after-sale's refund. */
export const DrillRow = z.object({
  kind: z.enum(['SALE', 'COST', 'REFUND']),
  day: z.string(),
  orderId: z.number(),
  orderCode: z.string(),
  orderLineId: z.number().nullable(),
  afterSaleId: z.number().nullable(),
  afterSaleCode: z.string().nullable(),
  skuId: z.number(),
  skuCode: z.string(),
  storeId: z.number(),
  qty: z.number().int(),
  amount: z.string(),
  refundQty: z.number().int(),
  refund: z.string(),
  orderCount: z.number().int(),
  cost: z.string().optional(),
});
export type DrillRow = z.infer<typeof DrillRow>;
export const DrillPage = z.object({ voList: z.array(DrillRow), total: z.number().int(), currentPage: z.number().int(), pageSize: z.number().int(), totals: SalesFigures });
export type DrillPage = z.infer<typeof DrillPage>;

/** The reports that export (each with exactly the rows and totals the tab shows). */
export const SALES_REPORT_EXPORTS = ['orderSales', 'skuSales', 'trend', 'platform', 'store', 'hotTime', 'hotArea', 'drill'] as const;
export type SalesReportExportKind = (typeof SALES_REPORT_EXPORTS)[number];
export const SALES_REPORT_EXPORT_TYPE = 'REPORT_SALES';
export const SalesReportExportInput = z.object({ report: z.enum(SALES_REPORT_EXPORTS), filter: z.record(z.string(), z.unknown()) });
export type SalesReportExportInput = z.infer<typeof SalesReportExportInput>;

export const RebuildAnswer = z.object({ orders: z.number().int(), facts: z.number().int() });
export type RebuildAnswer = z.infer<typeof RebuildAnswer>;
