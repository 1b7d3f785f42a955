// The reconciliation list (with the unexplained residual of everything the filters select), the
// bill lines, and the billing summary by store and month. Every statement names the domain.
import { sql, type SQL } from 'drizzle-orm';
import type { BillLineRow, BillLineSearchParsed, CalculatedSumRow, ReconciliationRow, ReconciliationSearchParsed } from '@openseller/core';
import { parseDateTimeText } from '@openseller/core';
import type { Db, Tx } from '../../db/client.js';
import { pageWindow } from '../../platform/paging.js';
import { bigintArray } from '../../platform/sql.js';

const TZ = 'Asia/Shanghai';
/** Fen to yuan text with 4 decimals. */
const yuan = (fen: SQL | string) => sql`to_char((${typeof fen === 'string' ? sql.raw(fen) : fen})::numeric / 100, 'FM999999999999990.0000')`;

function reconciliationFilters(domainId: number, input: ReconciliationSearchParsed): SQL {
  const parts: SQL[] = [sql`r.domain_id = ${domainId}`];
  if (input.storeId) parts.push(sql`r.store_id = ${input.storeId}`);
  if (input.status) parts.push(sql`r.status = ${input.status}`);
  if (input.period) parts.push(sql`r.period = ${input.period}`);
  if (input.orderNo) parts.push(sql`(r.order_no = ${input.orderNo} or r.erp_order_code = ${input.orderNo})`);
  if (input.unexplainedOnly) parts.push(sql`r.unknown_fen <> 0 and r.status not in ${UNSETTLED}`);
  return sql.join(parts, sql` and `);
}

/** Not counted as unexplained: no bill line yet (TODO), or explained by a person (MANUAL_SUCCESS). */
const UNSETTLED = sql.raw(`('TODO', 'MANUAL_SUCCESS')`);

const RECONCILIATION_COLUMNS = sql`
  r.id, r.version, r.store_id as "storeId", coalesce(s.name, '') as "storeName", r.order_no as "orderNo",
  r.erp_order_id as "erpOrderId", r.erp_order_code as "erpOrderCode", r.period, r.status, r.computed_status as "computedStatus",
  ${yuan('r.shipped_fen')} as "shippedAmount", ${yuan('r.refunded_fen')} as "refundedAmount", ${yuan('r.expected_fen')} as "expectedAmount",
  ${yuan('r.income_fen')} as "incomeAmount", ${yuan('r.expense_fen')} as "expenseAmount", ${yuan('r.received_fen')} as "receivedAmount",
  ${yuan('r.difference_fen')} as "differenceAmount", ${yuan('r.commission_fen')} as commission, ${yuan('r.service_fee_fen')} as "serviceFee",
  ${yuan('r.subsidy_fen')} as subsidy, ${yuan('r.late_refund_fen')} as "lateRefund", ${yuan('r.freight_fen')} as freight,
  ${yuan('r.pending_refund_fen')} as "pendingRefund", ${yuan('r.unknown_fen')} as unknown, r.line_count as "lineCount",
  r.manual_reason as "manualReason", r.manual_by as "manualBy", u.login_name as "manualByName",
  to_char(r.manual_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "manualAt",
  to_char(r.reopened_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "reopenedAt",
  to_char(r.reconciled_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "reconciledAt"`;

const RECONCILIATION_FROM = sql`reconciliations r
  left join stores s on s.domain_id = r.domain_id and s.id = r.store_id
  left join users u on u.id = r.manual_by`;

export async function searchReconciliations(db: Db | Tx, domainId: number, input: ReconciliationSearchParsed) {
  const where = reconciliationFilters(domainId, input);
  const { limit, offset } = pageWindow(input);
  const rows = await db.execute<ReconciliationRow>(sql`select ${RECONCILIATION_COLUMNS} from ${RECONCILIATION_FROM} where ${where} order by case when r.status in ${UNSETTLED} then 0 else abs(r.unknown_fen) end desc, r.id desc limit ${limit} offset ${offset}`);
  const [totals] = (
    await db.execute<{ total: number; unexplained_fen: string; unexplained_count: number }>(sql`
      select count(*)::int as total,
             coalesce(sum(r.unknown_fen) filter (where r.status not in ${UNSETTLED}), 0)::text as unexplained_fen,
             (count(*) filter (where r.unknown_fen <> 0 and r.status not in ${UNSETTLED}))::int as unexplained_count
      from reconciliations r where ${where}`)
  ).rows;
  const counts = await db.execute<{ status: string; n: number }>(sql`select r.status, count(*)::int as n from reconciliations r where ${reconciliationFilters(domainId, { ...input, status: undefined })} group by r.status`);
  const statusCounts: Record<string, number> = {};
  for (const c of counts.rows) statusCounts[c.status] = Number(c.n);
  return {
    rows: rows.rows.map((r) => ({ ...r, id: Number(r.id), storeId: Number(r.storeId), erpOrderId: r.erpOrderId === null ? null : Number(r.erpOrderId), manualBy: r.manualBy === null ? null : Number(r.manualBy) })),
    total: Number(totals?.total ?? 0),
    summary: { unexplainedAmount: fenToYuan(BigInt(totals?.unexplained_fen ?? '0')), unexplainedCount: Number(totals?.unexplained_count ?? 0), statusCounts },
  };
}

export async function reconciliationById(db: Db | Tx, domainId: number, id: number): Promise<ReconciliationRow | undefined> {
  const rows = await db.execute<ReconciliationRow>(sql`select ${RECONCILIATION_COLUMNS} from ${RECONCILIATION_FROM} where r.domain_id = ${domainId} and r.id = ${id}`);
  const r = rows.rows[0];
  return r && { ...r, id: Number(r.id), storeId: Number(r.storeId), erpOrderId: r.erpOrderId === null ? null : Number(r.erpOrderId), manualBy: r.manualBy === null ? null : Number(r.manualBy) };
}

export function fenToYuan(fen: bigint): string {
  const negative = fen < 0n;
  const abs = negative ? -fen : fen;
  return `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}00`;
}

function billFilters(domainId: number, input: BillLineSearchParsed): SQL {
  const parts: SQL[] = [sql`e.domain_id = ${domainId}`];
  if (input.storeId) parts.push(sql`e.store_id = ${input.storeId}`);
  if (input.billStatus) parts.push(sql`e.bill_status = ${input.billStatus}`);
  if (input.billType === 'INCOME') parts.push(sql`e.amount_fen > 0`);
  if (input.billType === 'EXPENDITURE') parts.push(sql`e.amount_fen < 0`);
  if (input.eventType) parts.push(input.eventType.includes(':') || ['sale', 'refund', 'adjustment'].includes(input.eventType) ? sql`e.event_type = ${input.eventType}` : sql`e.event_type like ${`${input.eventType}:%`}`);
  if (input.source) parts.push(sql`e.source = ${input.source}`);
  if (input.orderNo) parts.push(sql`e.order_no = ${input.orderNo}`);
  if (input.settledFrom) parts.push(sql`e.settled_at >= ${parseDateTimeText(input.settledFrom).toISOString()}::timestamptz`);
  if (input.settledTo) parts.push(sql`e.settled_at < ${parseDateTimeText(input.settledTo).toISOString()}::timestamptz`);
  return sql.join(parts, sql` and `);
}

export async function searchBillLines(db: Db | Tx, domainId: number, input: BillLineSearchParsed) {
  const where = billFilters(domainId, input);
  const { limit, offset } = pageWindow(input);
  const rows = await db.execute<BillLineRow & { amount_fen: string }>(sql`
    select e.id, e.store_id as "storeId", coalesce(s.name, '') as "storeName", e.platform, e.source, e.source_line_id as "sourceLineId",
           e.order_no as "orderNo", e.sub_order_no as "subOrderNo", e.after_sale_no as "afterSaleNo", e.event_type as "eventType",
           case when e.amount_fen >= 0 then 'INCOME' else 'EXPENDITURE' end as "billType", ${yuan('e.amount_fen')} as amount,
           to_char(e.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "occurredAt",
           to_char(e.settled_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "settledAt",
           e.bill_status as "billStatus", to_char(e.recorded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "recordedAt"
    from money_events e left join stores s on s.domain_id = e.domain_id and s.id = e.store_id
    where ${where} order by e.settled_at desc, e.id desc limit ${limit} offset ${offset}`);
  const [totals] = (
    await db.execute<{ total: number; income: string; expense: string }>(sql`
      select count(*)::int as total, coalesce(sum(e.amount_fen) filter (where e.amount_fen > 0), 0)::text as income, coalesce(-sum(e.amount_fen) filter (where e.amount_fen < 0), 0)::text as expense
      from money_events e where ${where}`)
  ).rows;
  return {
    rows: rows.rows.map((r) => ({ ...r, id: Number(r.id), storeId: Number(r.storeId) })),
    total: Number(totals?.total ?? 0),
    incomeAmount: fenToYuan(BigInt(totals?.income ?? '0')),
    expenseAmount: fenToYuan(BigInt(totals?.expense ?? '0')),
  };
}

/** The billing summary (calculatedSum): the ledger by store and month of settlement, split by kind. */
export async function billingSummary(db: Db | Tx, domainId: number, input: { storeId?: number | null; periodFrom?: string | null; periodTo?: string | null }): Promise<CalculatedSumRow[]> {
  const parts: SQL[] = [sql`e.domain_id = ${domainId}`];
  if (input.storeId) parts.push(sql`e.store_id = ${input.storeId}`);
  const period = sql`to_char(e.settled_at at time zone '${sql.raw(TZ)}', 'YYYY-MM')`;
  if (input.periodFrom) parts.push(sql`e.settled_at >= (${`${input.periodFrom}-01`}::date::timestamp at time zone '${sql.raw(TZ)}')`);
  if (input.periodTo) parts.push(sql`e.settled_at < ((${`${input.periodTo}-01`}::date + interval '1 month')::timestamp at time zone '${sql.raw(TZ)}')`);
  const sumOf = (filter: SQL) => yuan(sql`coalesce(sum(e.amount_fen) filter (where ${filter}), 0)`);
  const rows = await db.execute<CalculatedSumRow>(sql`
    select e.store_id as "storeId", coalesce(max(s.name), '') as "storeName", ${period} as period,
           count(*)::int as "lineCount", (count(*) filter (where e.bill_status = 'TO_BE_RECORD'))::int as "toBeRecordCount",
           ${sumOf(sql`e.amount_fen > 0`)} as "incomeAmount", ${yuan(sql`coalesce(-sum(e.amount_fen) filter (where e.amount_fen < 0), 0)`)} as "expenseAmount",
           ${yuan(sql`coalesce(sum(e.amount_fen), 0)`)} as "netAmount",
           ${sumOf(sql`e.event_type = 'sale'`)} as sale, ${sumOf(sql`e.event_type = 'refund'`)} as refund,
           ${sumOf(sql`e.event_type = 'fee:commission'`)} as commission,
           ${sumOf(sql`e.event_type like 'fee:%' and e.event_type not in ('fee:commission', 'fee:freight')`)} as "serviceFee",
           ${sumOf(sql`e.event_type like 'subsidy:%' and e.event_type <> 'subsidy:freight'`)} as subsidy,
           ${sumOf(sql`e.event_type in ('fee:freight', 'subsidy:freight')`)} as freight,
           ${sumOf(sql`e.event_type = 'adjustment'`)} as adjustment
    from money_events e left join stores s on s.domain_id = e.domain_id and s.id = e.store_id
    where ${sql.join(parts, sql` and `)}
    group by e.store_id, ${period}
    order by ${period} desc, e.store_id`);
  return rows.rows.map((r) => ({ ...r, storeId: Number(r.storeId) }));
}

/**
 * An event's raw line as a SQL expression over the ledger row `e`: a pull's fields, or a file's
 * `{ line, text }` — kept once per file line in `bill_lines` (by import and `bill_line`), or on the
 * event itself for lines loaded before migration 0078.
 */
export const eventRaw = sql`coalesce(e.raw, (
  select jsonb_build_object('line', l.line, 'text', l.text) from bill_lines l
  where l.domain_id = e.domain_id and l.import_id = e.import_id and l.seq = e.bill_line))`;

/** The raw lines of ledger events of the domain, by event id. */
export async function eventRaws(db: Db | Tx, domainId: number, ids: number[]): Promise<Map<number, unknown>> {
  if (!ids.length) return new Map();
  const rows = await db.execute<{ id: string; raw: unknown }>(sql`
    select e.id, ${eventRaw} as raw from money_events e
    where e.domain_id = ${domainId} and e.id = any(${bigintArray(ids)})`);
  return new Map(rows.rows.map((r) => [Number(r.id), r.raw]));
}
