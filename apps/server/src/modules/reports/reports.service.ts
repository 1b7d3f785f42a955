// The sales reports (tabs 1–4): checks the filter's stores and SKUs belong to the caller's domain,
// reads the aggregates, and shapes the figures, leaving out cost, gross profit and margin for an
// account that may not see cost (COST_PRICE). The exporter builds its rows with the same functions.
import {
  fenToYuan,
  marginPercent,
  SalesReportFilter,
  DrillInput,
  type SalesReportExportInput,
  type AnalysisAnswer,
  type AnalysisDimension,
  type DrillPage,
  type InventoryInfoAnswer,
  type OrderSalesPage,
  type Overview,
  type OverviewInput,
  type SalesFigures,
  type SalesRankInput,
  type SalesReportPageInput,
  type SkuRankAnswer,
  type SkuSalesPage,
  type SkuSalesRow,
  type SkuTrendInput,
  type TrendAnswer,
} from '@openseller/core';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { domainOf } from '../../platform/caller.js';
import { invalidInput } from '../../platform/errors.js';
import { fieldVisibility } from '../../platform/field-permissions.js';
import { pageWindow } from '../../platform/paging.js';
import type { Session } from '../../platform/sessions.js';
import { rebuildDomain, shopTimeZone } from './reports.aggregates.js';
import { analysis, byPeriodAndStore, bySku, drill, inventoryOf, totals, trend, unknownReferences, type Sums } from './reports.queries.js';

/** Whether the account may see cost, gross profit and margin. */
export const canSeeCost = (session: Session) => fieldVisibility(session)('COST_PRICE');

export function figuresOf(s: Sums, withCost: boolean): SalesFigures {
  const net = s.amount_fen - s.refund_fen;
  const base: SalesFigures = {
    orderCount: s.order_count,
    qty: s.qty,
    amount: fenToYuan(s.amount_fen),
    refundQty: s.refund_qty,
    refund: fenToYuan(s.refund_fen),
    netAmount: fenToYuan(net),
  };
  if (!withCost) return base;
  const profit = net - s.cost_fen;
  return { ...base, cost: fenToYuan(s.cost_fen), grossProfit: fenToYuan(profit), margin: marginPercent(profit, net) };
}

const ZERO: Sums = { order_count: 0, qty: 0, amount_fen: 0, refund_qty: 0, refund_fen: 0, cost_fen: 0 };
const add = (a: Sums, b: Sums): Sums => ({
  order_count: a.order_count + b.order_count,
  qty: a.qty + b.qty,
  amount_fen: a.amount_fen + b.amount_fen,
  refund_qty: a.refund_qty + b.refund_qty,
  refund_fen: a.refund_fen + b.refund_fen,
  cost_fen: a.cost_fen + b.cost_fen,
});

/** Share of the whole in percent, 2 decimals half up (integers); null when the whole is not positive. */
const shareOf = (part: number, whole: number) => marginPercent(part, whole);

export function createSalesReports(deps: { database: Database }) {
  const { db } = deps.database;

  /** Refuses a store or SKU that is not the caller's, naming the field (storeIds.N, skuIds.N). */
  async function checkReferences(domainId: number, f: { storeIds?: number[] | undefined; skuIds?: number[] | undefined }): Promise<void> {
    const storeIds = f.storeIds ?? [];
    const skuIds = f.skuIds ?? [];
    if (!storeIds.length && !skuIds.length) return;
    const unknown = await unknownReferences(db, domainId, storeIds, skuIds);
    const problems = [
      ...unknown.stores.map((id) => ({ field: `storeIds.${storeIds.indexOf(id)}`, message: `No store ${id}` })),
      ...unknown.skus.map((id) => ({ field: `skuIds.${skuIds.indexOf(id)}`, message: `No SKU ${id}` })),
    ];
    if (problems.length) throw invalidInput(problems);
  }

  async function begin<F extends { storeIds?: number[] | undefined; skuIds?: number[] | undefined }>(session: Session, f: F) {
    const domainId = domainOf(session);
    await checkReferences(domainId, f);
    return { domainId, withCost: canSeeCost(session) };
  }

  const skuRow = (r: Awaited<ReturnType<typeof bySku>>['rows'][number], withCost: boolean): SkuSalesRow => ({
    skuId: r.sku_id,
    skuCode: r.sku_code,
    skuName: r.sku_name,
    spuCode: r.spu_code,
    isCombination: r.is_combination,
    ...figuresOf(r, withCost),
  });

  return {
    async overview(session: Session, input: OverviewInput): Promise<Overview> {
      const { domainId, withCost } = await begin(session, input);
      const tz = await shopTimeZone(db, domainId);
      const days = await db.execute<{ today: string; yesterday: string }>(sql`
        select to_char((now() at time zone ${tz})::date, 'YYYY-MM-DD') as today, to_char((now() at time zone ${tz})::date - 1, 'YYYY-MM-DD') as yesterday`);
      const { today, yesterday } = days.rows[0]!;
      const narrow = { storeIds: input.storeIds, platformCodes: input.platformCodes };
      const [t, y, p] = await Promise.all([
        totals(db, domainId, { ...narrow, startDate: today, endDate: today }),
        totals(db, domainId, { ...narrow, startDate: yesterday, endDate: yesterday }),
        totals(db, domainId, { ...narrow, startDate: input.startDate, endDate: input.endDate }),
      ]);
      return { today: { day: today, ...figuresOf(t, withCost) }, yesterday: { day: yesterday, ...figuresOf(y, withCost) }, period: figuresOf(p, withCost), timeZone: tz };
    },

    async salesTrend(session: Session, input: SalesReportFilter): Promise<TrendAnswer> {
      const { domainId, withCost } = await begin(session, input);
      const rows = await trend(db, domainId, input);
      const sum = rows.reduce((a, r) => add(a, r), ZERO);
      return { voList: rows.map((r) => ({ period: r.period, ...figuresOf(r, withCost) })), totals: figuresOf(sum, withCost) };
    },

    async skuTrend(session: Session, input: SkuTrendInput): Promise<TrendAnswer> {
      return this.salesTrend(session, { ...input, skuIds: [input.skuId] });
    },

    async rank(session: Session, input: SalesRankInput): Promise<SkuRankAnswer> {
      const { domainId, withCost } = await begin(session, input);
      const { rows } = await bySku(db, domainId, input, input.rankBy, { limit: input.limit, offset: 0 }, false);
      return { voList: rows.map((r) => skuRow(r, withCost)) };
    },

    async orderSales(session: Session, input: SalesReportPageInput, all = false): Promise<OrderSalesPage> {
      const { domainId, withCost } = await begin(session, input);
      const [{ rows, total }, sum] = await Promise.all([byPeriodAndStore(db, domainId, input, all ? null : pageWindow(input)), totals(db, domainId, input)]);
      return {
        voList: rows.map((r) => ({ period: r.period, storeId: r.store_id, storeName: r.store_name, platformCode: r.platform_code, ...figuresOf(r, withCost) })),
        total,
        currentPage: input.currentPage,
        pageSize: input.pageSize,
        totals: figuresOf(sum, withCost),
      };
    },

    async skuSales(session: Session, input: SalesReportPageInput, all = false): Promise<SkuSalesPage> {
      const { domainId, withCost } = await begin(session, input);
      const { rows, total, totals: sum } = await bySku(db, domainId, input, 'qty', all ? null : pageWindow(input));
      return { voList: rows.map((r) => skuRow(r, withCost)), total, currentPage: input.currentPage, pageSize: input.pageSize, totals: figuresOf(sum, withCost) };
    },

    async profitInfo(session: Session, input: SalesReportFilter): Promise<SalesFigures> {
      const { domainId, withCost } = await begin(session, input);
      return figuresOf(await totals(db, domainId, input), withCost);
    },

    async inventoryInfo(session: Session, skuIds: number[]): Promise<InventoryInfoAnswer> {
      const domainId = domainOf(session);
      await checkReferences(domainId, { skuIds });
      return { voList: await inventoryOf(db, domainId, skuIds) };
    },

    async analyze(session: Session, input: SalesReportFilter, dimension: AnalysisDimension): Promise<AnalysisAnswer> {
      const { domainId, withCost } = await begin(session, input);
      const rows = await analysis(db, domainId, input, dimension);
      const sum = rows.reduce((a, r) => add(a, r), ZERO);
      const whole = sum.amount_fen - sum.refund_fen;
      return {
        voList: rows.map((r) => ({ key: r.key, name: r.name, share: shareOf(r.amount_fen - r.refund_fen, whole), ...figuresOf(r, withCost) })),
        totals: figuresOf(sum, withCost),
      };
    },

    async drill(session: Session, input: DrillInput, all = false): Promise<DrillPage> {
      const { domainId, withCost } = await begin(session, { ...input, storeIds: [...(input.storeIds ?? []), ...(input.storeId ? [input.storeId] : [])], skuIds: [...(input.skuIds ?? []), ...(input.skuId ? [input.skuId] : [])] });
      const { rows, total, sums } = await drill(db, domainId, input, input, all ? null : pageWindow(input));
      return {
        voList: rows.map((r) => {
          const row = {
            kind: r.kind,
            day: r.day,
            orderId: r.order_id,
            orderCode: r.order_code,
            orderLineId: r.order_line_id,
            afterSaleId: r.after_sale_id,
            afterSaleCode: r.after_sale_code,
            skuId: r.sku_id,
            skuCode: r.sku_code,
            storeId: r.store_id,
            qty: r.qty,
            amount: fenToYuan(r.amount_fen),
            refundQty: r.refund_qty,
            refund: fenToYuan(r.refund_fen),
            orderCount: r.order_count,
          };
          return withCost ? { ...row, cost: fenToYuan(r.cost_fen) } : row;
        }),
        total,
        currentPage: input.currentPage,
        pageSize: input.pageSize,
        totals: figuresOf(sums, withCost),
      };
    },

    /** Checks an export's filter as its call would (shape, period, stores, SKUs). */
    async checkExport(session: Session, input: SalesReportExportInput): Promise<void> {
      const parsed = input.report === 'drill' ? DrillInput.safeParse({ ...input.filter, currentPage: 1, pageSize: 10 }) : SalesReportFilter.safeParse(input.filter);
      if (!parsed.success) throw invalidInput(parsed.error.issues.map((i) => ({ field: ['filter', ...i.path.map(String)].join('.'), message: i.message })));
      await checkReferences(domainOf(session), parsed.data);
    },

    rebuild(session: Session) {
      return rebuildDomain(deps.database, domainOf(session));
    },
  };
}

export type SalesReports = ReturnType<typeof createSalesReports>;

/** Parses an export's stored filter like the call it stands for. */
export const parseStoredFilter = (value: unknown) => SalesReportFilter.parse(value);
