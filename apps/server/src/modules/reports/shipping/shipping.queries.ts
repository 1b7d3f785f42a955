// Shipping by order (tab 5, deliveryState) and by express (tab 6, sendPackage), read from the daily
// aggregates; the parcels behind a cell read from the parcel facts the sums are made of, with the
// same filters, so a cell and its drill-down agree exactly. The reference checks (unknown store,
// warehouse, courier, platform, SKU → a refusal naming the field) live here for all three tabs.
import { sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_PLATFORM_CODE,
  EXPRESS_COMPANIES,
  PLATFORM_OFFLINE,
  PLATFORM_SANDBOX,
  PLATFORM_SELF_BUILD,
  PLATFORMS,
  type DeliveryStateAnswer,
  type DeliveryStateInput,
  type Language,
  type ParcelSearchAnswer,
  type ParcelSearchInput,
  type SendPackageAnswer,
  type SendPackageInput,
  type ShipFilter,
  type ShipTotals,
} from '@openseller/core';
import type { Database } from '../../../db/client.js';
import { invalidInput } from '../../../platform/errors.js';
import { bigintArray, textArray } from '../../../platform/sql.js';
import { isoTimeOf } from '../../../platform/time.js';

type Db = Database['db'];
const zh = (language: Language) => language === 'zh' || language === 'zh_TW';

/** percent = part × 100 / whole, 2 decimals, half up, in integers; null when the whole is 0. */
export function percent(part: number, whole: number): string | null {
  if (!whole) return null;
  const hundredths = Math.floor((part * 10000 * 2 + whole) / (2 * whole));
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}

export function courierName(code: string, language: Language): string {
  if (!code) return zh(language) ? '无快递' : 'No courier';
  const c = EXPRESS_COMPANIES.find((e) => e.code === code);
  return c ? (zh(language) ? c.nameZh : c.nameEn) : code;
}

export function platformName(code: string, language: Language): string {
  const p = PLATFORMS.find((x) => x.key === code || x.code === code);
  return p ? (zh(language) ? p.nameZh : p.nameEn) : code;
}

const KNOWN_PLATFORMS = new Set<string>([...PLATFORMS.flatMap((p) => [p.key, p.code]), PLATFORM_OFFLINE, PLATFORM_SANDBOX, PLATFORM_SELF_BUILD, DEFAULT_PLATFORM_CODE]);
const KNOWN_COURIERS = new Set(EXPRESS_COMPANIES.map((c) => c.code));

const unknownMessage = (language: Language, what: string, values: (string | number)[]) =>
  zh(language) ? `不存在的${what}：${values.join(', ')}` : `Unknown ${what}: ${values.join(', ')}`;

/** Refuses ids or codes the domain does not have, naming the field (nothing else is read). */
export async function checkReferences(
  db: Db,
  domainId: number,
  input: { storeIds?: number[] | undefined; warehouseIds?: number[] | undefined; skuIds?: number[] | undefined; platformCodes?: string[] | undefined; expressCompanyCodes?: string[] | undefined },
  language: Language,
): Promise<void> {
  const missing = async (table: string, ids: number[] | undefined, extra = sql``) => {
    if (!ids?.length) return [];
    const found = await db.execute<{ id: string }>(sql`select id from ${sql.raw(table)} where domain_id = ${domainId} and id = any(${bigintArray(ids)}) ${extra}`);
    const have = new Set(found.rows.map((r) => Number(r.id)));
    return [...new Set(ids)].filter((id) => !have.has(id));
  };
  const problems: { field: string; message: string }[] = [];
  const stores = await missing('stores', input.storeIds);
  if (stores.length) problems.push({ field: 'storeIds', message: unknownMessage(language, zh(language) ? '店铺' : 'store', stores) });
  const warehouses = await missing('warehouses', input.warehouseIds);
  if (warehouses.length) problems.push({ field: 'warehouseIds', message: unknownMessage(language, zh(language) ? '仓库' : 'warehouse', warehouses) });
  const skus = await missing('skus', input.skuIds, sql`and del_flag = false`);
  if (skus.length) problems.push({ field: 'skuIds', message: unknownMessage(language, 'SKU', skus) });
  const platforms = (input.platformCodes ?? []).filter((c) => !KNOWN_PLATFORMS.has(c));
  if (platforms.length) problems.push({ field: 'platformCodes', message: unknownMessage(language, zh(language) ? '平台' : 'platform', platforms) });
  const couriers = (input.expressCompanyCodes ?? []).filter((c) => !KNOWN_COURIERS.has(c));
  if (couriers.length) problems.push({ field: 'expressCompanyCodes', message: unknownMessage(language, zh(language) ? '快递公司' : 'courier', couriers) });
  if (problems.length) throw invalidInput(problems);
}

/** The filters of tabs 5 and 6 on a table with the aggregate's columns (alias a). */
function shipWhere(domainId: number, f: ShipFilter, from: string, to: string): SQL {
  return sql.join(
    [
      sql`a.domain_id = ${domainId}`,
      sql`a.day >= ${from}::date and a.day <= ${to}::date`,
      f.storeIds?.length ? sql`a.store_id = any(${bigintArray(f.storeIds)})` : undefined,
      f.platformCodes?.length ? sql`a.platform_code = any(${textArray(f.platformCodes)})` : undefined,
      f.warehouseIds?.length ? sql`a.warehouse_id = any(${bigintArray(f.warehouseIds)})` : undefined,
      f.expressCompanyCodes?.length ? sql`a.express_company_code = any(${textArray(f.expressCompanyCodes)})` : undefined,
    ].filter((c): c is SQL => !!c),
    sql` and `,
  );
}

const periodOf = (f: ShipFilter) => sql.raw(f.reportType === 'month' ? `to_char(a.day, 'YYYY-MM')` : `to_char(a.day, 'YYYY-MM-DD')`);

/** Every period of the range, in order. */
export function periodsOf(f: { startDate: string; endDate: string; reportType: 'day' | 'month' }): string[] {
  const out: string[] = [];
  if (f.reportType === 'month') {
    let [y, m] = f.startDate.split('-').map(Number) as [number, number];
    const end = f.endDate.slice(0, 7);
    for (;;) {
      const p = `${y}-${String(m).padStart(2, '0')}`;
      if (p > end) return out;
      out.push(p);
      m++;
      if (m > 12) {
        m = 1;
        y++;
      }
    }
  }
  for (let t = Date.parse(`${f.startDate}T00:00:00Z`); ; t += 86_400_000) {
    const d = new Date(t).toISOString().slice(0, 10);
    if (d > f.endDate) return out;
    out.push(d);
  }
}

type Sums = {
  parcels: number;
  qty: number;
  weight: string;
  late: number;
};
const SUMS = sql.raw(`coalesce(sum(a.parcels), 0)::int as parcels, coalesce(sum(a.qty), 0)::int as qty, coalesce(sum(a.weight), 0)::numeric(16,3)::text as weight, coalesce(sum(a.late_parcels), 0)::int as late`);
const totalsOf = (r: Sums | undefined): ShipTotals => ({ parcels: Number(r?.parcels ?? 0), qty: Number(r?.qty ?? 0), weight: r?.weight ?? '0.000', lateParcels: Number(r?.late ?? 0) });
const ZERO: ShipTotals = { parcels: 0, qty: 0, weight: '0.000', lateParcels: 0 };

export function createShippingQueries(database: Database) {
  const { db } = database;

  async function totals(domainId: number, f: ShipFilter): Promise<ShipTotals> {
    const r = await db.execute<Sums>(sql`select ${SUMS} from report_ship_daily a where ${shipWhere(domainId, f, f.startDate, f.endDate)}`);
    return totalsOf(r.rows[0]);
  }

  async function trend(domainId: number, f: ShipFilter): Promise<(ShipTotals & { period: string })[]> {
    const r = await db.execute<Sums & { period: string }>(sql`
      select ${periodOf(f)} as period, ${SUMS} from report_ship_daily a where ${shipWhere(domainId, f, f.startDate, f.endDate)} group by 1`);
    const byPeriod = new Map(r.rows.map((x) => [x.period, totalsOf(x)]));
    return periodsOf(f).map((period) => ({ period, ...(byPeriod.get(period) ?? ZERO) }));
  }

  /** Tab 5: shipping by order. */
  async function deliveryState(domainId: number, input: DeliveryStateInput, language: Language): Promise<DeliveryStateAnswer> {
    const [sum, series] = [await totals(domainId, input), await trend(domainId, input)];
    const offset = (input.currentPage - 1) * input.pageSize;
    if (input.groupBy === 'NONE') {
      const voList = series.slice(offset, offset + input.pageSize).map((p) => ({ ...p, groupKey: null, groupName: null }));
      return { voList, total: series.length, currentPage: input.currentPage, pageSize: input.pageSize, totals: sum, trend: series };
    }
    const column = sql.raw(input.groupBy === 'STORE' ? 'a.store_id::text' : input.groupBy === 'WAREHOUSE' ? 'a.warehouse_id::text' : 'a.platform_code');
    const nameOf =
      input.groupBy === 'STORE'
        ? sql`(select s.name from stores s where s.domain_id = ${domainId} and s.id = g.group_key::bigint)`
        : input.groupBy === 'WAREHOUSE'
          ? sql`(select w.name from warehouses w where w.domain_id = ${domainId} and w.id = g.group_key::bigint)`
          : sql`null::text`;
    const where = shipWhere(domainId, input, input.startDate, input.endDate);
    const rows = await db.execute<Sums & { period: string; group_key: string; group_name: string | null; total: number }>(sql`
      select g.*, ${nameOf} as group_name, count(*) over ()::int as total from (
        select ${periodOf(input)} as period, ${column} as group_key, ${SUMS} from report_ship_daily a where ${where} group by 1, 2
      ) g order by g.period, g.group_key limit ${input.pageSize} offset ${offset}`);
    let total = Number(rows.rows[0]?.total ?? 0);
    if (!rows.rows.length && offset > 0) {
      const c = await db.execute<{ n: number }>(sql`select count(*)::int as n from (select 1 from report_ship_daily a where ${where} group by ${periodOf(input)}, ${column}) x`);
      total = Number(c.rows[0]?.n ?? 0);
    }
    const voList = rows.rows.map((r) => ({
      period: r.period,
      groupKey: r.group_key,
      groupName:
        input.groupBy === 'PLATFORM'
          ? platformName(r.group_key, language)
          : input.groupBy === 'WAREHOUSE' && r.group_key === '0'
            ? zh(language)
              ? '未指定仓库'
              : 'No warehouse'
            : r.group_name,
      ...totalsOf(r),
    }));
    return { voList, total, currentPage: input.currentPage, pageSize: input.pageSize, totals: sum, trend: series };
  }

  /** Tab 6: shipping by express. */
  async function sendPackage(domainId: number, input: SendPackageInput, language: Language): Promise<SendPackageAnswer> {
    const r = await db.execute<Sums & { period: string; code: string }>(sql`
      select ${periodOf(input)} as period, a.express_company_code as code, ${SUMS}
      from report_ship_daily a where ${shipWhere(domainId, input, input.startDate, input.endDate)}
      group by 1, 2 order by 1, 2`);
    const cells = r.rows.map((x) => ({ period: x.period, code: x.code, ...totalsOf(x) }));
    const periodParcels = new Map<string, number>();
    for (const c of cells) periodParcels.set(c.period, (periodParcels.get(c.period) ?? 0) + c.parcels);
    const sum = await totals(domainId, input);
    const byCode = new Map<string, ShipTotals>();
    for (const c of cells) {
      const t = byCode.get(c.code) ?? { ...ZERO };
      byCode.set(c.code, { parcels: t.parcels + c.parcels, qty: t.qty + c.qty, weight: addWeights(t.weight, c.weight), lateParcels: t.lateParcels + c.lateParcels });
    }
    const couriers = [...byCode.entries()].sort((a, b) => b[1].parcels - a[1].parcels || a[0].localeCompare(b[0]));
    const periods = periodsOf(input);
    const index = new Map(periods.map((p, i) => [p, i]));
    const series = couriers.map(([code]) => {
      const parcels = periods.map(() => 0);
      for (const c of cells) if (c.code === code) parcels[index.get(c.period)!] = c.parcels;
      return { expressCompanyCode: code, expressCompanyName: courierName(code, language), parcels };
    });
    const offset = (input.currentPage - 1) * input.pageSize;
    return {
      voList: cells.slice(offset, offset + input.pageSize).map((c) => ({
        period: c.period,
        expressCompanyCode: c.code,
        expressCompanyName: courierName(c.code, language),
        parcels: c.parcels,
        qty: c.qty,
        weight: c.weight,
        lateParcels: c.lateParcels,
        share: percent(c.parcels, periodParcels.get(c.period) ?? 0),
      })),
      total: cells.length,
      currentPage: input.currentPage,
      pageSize: input.pageSize,
      totals: sum,
      byCourier: couriers.map(([code, t]) => ({ expressCompanyCode: code, expressCompanyName: courierName(code, language), ...t, share: percent(t.parcels, sum.parcels) })),
      periods,
      series,
    };
  }

  /** The parcels behind a cell of tab 5 or 6 (or the whole range), with their sums. */
  async function parcels(domainId: number, input: ParcelSearchInput, language: Language): Promise<ParcelSearchAnswer> {
    let from = input.startDate;
    let to = input.endDate;
    if (input.period) {
      const first = input.period.length === 7 ? `${input.period}-01` : input.period;
      const last = input.period.length === 7 ? lastDayOfMonth(input.period) : input.period;
      if (first > from) from = first;
      if (last < to) to = last;
    }
    const cell = [
      input.storeId !== undefined ? sql`a.store_id = ${input.storeId}` : undefined,
      input.warehouseId !== undefined ? sql`a.warehouse_id = ${input.warehouseId}` : undefined,
      input.platformCode !== undefined ? sql`a.platform_code = ${input.platformCode}` : undefined,
      input.expressCompanyCode !== undefined ? sql`a.express_company_code = ${input.expressCompanyCode === '-' ? '' : input.expressCompanyCode}` : undefined,
    ].filter((c): c is SQL => !!c);
    const where = sql.join([shipWhere(domainId, input, from, to), ...cell], sql` and `);
    const sums = await db.execute<Sums>(sql`
      select count(*)::int as parcels, coalesce(sum(a.qty), 0)::int as qty, coalesce(sum(a.weight), 0)::numeric(16,3)::text as weight, count(*) filter (where a.late)::int as late
      from report_ship_parcels a where ${where}`);
    const offset = (input.currentPage - 1) * input.pageSize;
    const rows = await db.execute<{
      order_id: string; code: string; platform_nos: string[]; store_id: string; store_name: string | null; platform_code: string; warehouse_id: string;
      warehouse_name: string | null; express_company_code: string; express_no: string | null; shipped_at: Date | string; day: string; qty: number; weight: string; late: boolean;
    }>(sql`
      select a.order_id, o.code, o.platform_nos, a.store_id, s.name as store_name, a.platform_code, a.warehouse_id, w.name as warehouse_name,
        a.express_company_code, o.express_no, a.shipped_at, a.day::text as day, a.qty, a.weight::text as weight, a.late
      from report_ship_parcels a
      join erp_orders o on o.domain_id = a.domain_id and o.id = a.order_id
      left join stores s on s.domain_id = a.domain_id and s.id = a.store_id
      left join warehouses w on w.domain_id = a.domain_id and w.id = a.warehouse_id
      where ${where}
      order by a.day, a.shipped_at, a.order_id
      limit ${input.pageSize} offset ${offset}`);
    const t = totalsOf(sums.rows[0]);
    return {
      voList: rows.rows.map((r) => ({
        orderId: Number(r.order_id),
        code: r.code,
        platformNos: r.platform_nos ?? [],
        storeId: Number(r.store_id),
        storeName: r.store_name,
        platformCode: r.platform_code,
        warehouseId: Number(r.warehouse_id) || null,
        warehouseName: r.warehouse_name,
        expressCompanyCode: r.express_company_code,
        expressCompanyName: courierName(r.express_company_code, language),
        expressNo: r.express_no,
        shippedAt: isoTimeOf(r.shipped_at),
        day: r.day,
        qty: Number(r.qty),
        weight: r.weight,
        late: r.late,
      })),
      total: t.parcels,
      currentPage: input.currentPage,
      pageSize: input.pageSize,
      totals: t,
    };
  }

  return { deliveryState, sendPackage, parcels, totals };
}

export type ShippingQueries = ReturnType<typeof createShippingQueries>;

function lastDayOfMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** Adds two weights given as decimal texts with up to 3 decimals, exactly (in grams). */
export function addWeights(a: string, b: string): string {
  const grams = (v: string) => {
    const neg = v.startsWith('-');
    const [i, f = ''] = (neg ? v.slice(1) : v).split('.');
    const g = BigInt(i || '0') * 1000n + BigInt((f + '000').slice(0, 3));
    return neg ? -g : g;
  };
  const g = grams(a) + grams(b);
  const neg = g < 0n;
  const abs = neg ? -g : g;
  return `${neg ? '-' : ''}${abs / 1000n}.${String(abs % 1000n).padStart(3, '0')}`;
}
