// The reconciliation of every platform order of a domain (or of one store) in one statement:
// the ledger's lines grouped by order, the shipped platform orders and their successful refunds,
// the difference split into its kinds, and the result upserted into `reconciliations`.
// README.md explains each part; bench/reconciliation.bench.ts runs this same text.
import { sql, type SQL } from 'drizzle-orm';

/** China time: a platform's month is the seller's month. */
const TZ = 'Asia/Shanghai';

/**
 * The update of the orders that have a row and the insert of those that have none. Answers one row: how many orders' reconciliations changed, and how many of them
 * were reopened (a success that is no longer one). `only` (with a store) limits it to the orders
 * of that query of order numbers (an import's touched orders). `skipTaken` false: the insert has no
 * `ON CONFLICT` (cheaper), and an order another transaction gave a row meanwhile fails it (run it
 * through insertOrSkipTaken, bill-stage.ts).
 */
export function reconcileStatement(domainId: number, storeId: number | null, at: Date, only?: SQL, skipTaken = true): SQL {
  const storeOfEvents = storeId === null ? sql`` : sql` and e.store_id = ${storeId}`;
  const storeOfOrders = storeId === null ? sql`` : sql` and p.store_id = ${storeId}`;
  const storeOfRefunds = storeId === null ? sql`` : sql` and a.store_id = ${storeId}`;
  const onlyEvents = only ? sql` and e.order_no in (${only})` : sql``;
  const onlyOrders = only ? sql` and p.platform_no in (${only})` : sql``;
  const onlyRefunds = only ? sql` and a.tb_soh_code in (${only})` : sql``;
  return sql`
with ev as (
  -- One pass over the ledger, grouped by order (a hash aggregate). The refund lines, rare, are
  -- kept aside as arrays to tell afterwards which were settled in a later month than the sale.
  -- Sums of fen are bigint again (sum of bigint is numeric): the arithmetic and comparisons below
  -- stay in integers.
  select e.store_id, e.order_no,
         min(e.settled_at) filter (where e.event_type = 'sale') as sale_at,
         min(e.settled_at) as first_at,
         count(*)::int as line_count,
         max(e.id) as last_event_id,
         coalesce(sum(e.amount_fen) filter (where e.amount_fen > 0), 0)::bigint as income_fen,
         coalesce(-sum(e.amount_fen) filter (where e.amount_fen < 0), 0)::bigint as expense_fen,
         coalesce(sum(e.amount_fen), 0)::bigint as received_fen,
         sum(e.amount_fen) filter (where e.event_type = 'sale')::bigint as sale_fen,
         coalesce(sum(e.amount_fen) filter (where e.event_type = 'refund'), 0)::bigint as refund_lines_fen,
         array_agg(e.settled_at) filter (where e.event_type = 'refund') as refund_at,
         array_agg(e.amount_fen) filter (where e.event_type = 'refund') as refund_fen,
         coalesce(sum(e.amount_fen) filter (where e.event_type = 'fee:commission'), 0)::bigint as commission_fen,
         coalesce(sum(e.amount_fen) filter (where e.event_type like 'fee:%' and e.event_type not in ('fee:commission', 'fee:freight')), 0)::bigint as service_fee_fen,
         coalesce(sum(e.amount_fen) filter (where e.event_type like 'subsidy:%' and e.event_type <> 'subsidy:freight'), 0)::bigint as subsidy_fen,
         coalesce(sum(e.amount_fen) filter (where e.event_type in ('fee:freight', 'subsidy:freight')), 0)::bigint as freight_fen
  from money_events e
  where e.domain_id = ${domainId}${storeOfEvents}${onlyEvents} and e.order_no is not null
  group by e.store_id, e.order_no
),
ord as (
  select p.store_id, p.platform_no as order_no, o.id as erp_order_id, o.code as erp_order_code,
         coalesce(m.status_code, o.status_code) = 'CI_ERPSOH_STATUS_SEND' as shipped,
         coalesce(m.delivery_time, o.delivery_time) as shipped_at,
         round(coalesce(case when p.payload->>'amount' ~ '^-?[0-9]+(\\.[0-9]+)?$' then (p.payload->>'amount')::numeric end, o.amount_total + o.post_fee) * 100)::bigint as paid_fen
  from platform_orders p
  join erp_orders o on o.domain_id = p.domain_id and o.id = p.erp_order_id
  left join erp_orders m on m.domain_id = o.domain_id and m.id = o.merged_into_id
  where p.domain_id = ${domainId}${storeOfOrders}${onlyOrders}
),
ref as (
  select a.store_id, a.tb_soh_code as order_no, round(sum(a.refund_fee) * 100)::bigint as refunded_fen
  from after_sales a
  where a.domain_id = ${domainId}${storeOfRefunds}${onlyRefunds} and a.refund_status = 'SUCCESS' and a.tb_soh_code is not null
  group by a.store_id, a.tb_soh_code
),
known_orders as (
  -- Every billed order, and every shipped one: an order billed but not shipped exists (not
  -- MISSING_ORDER) and expects nothing yet.
  select coalesce(ev.store_id, ord.store_id) as store_id,
         coalesce(ev.order_no, ord.order_no) as order_no,
         ord.erp_order_id as erp_id, ord.erp_order_code as erp_code,
         ord.order_no is not null as exists_order,
         ev.sale_fen is not null as sold,
         to_char(coalesce(ev.sale_at, ev.first_at, case when ord.shipped then ord.shipped_at end) at time zone '${sql.raw(TZ)}', 'YYYY-MM') as period,
         case when ord.shipped then ord.paid_fen else 0 end as shipped_fen,
         case when ord.shipped then coalesce(ref.refunded_fen, 0) else 0 end as refunded_fen,
         coalesce(ev.income_fen, 0) as income_fen,
         coalesce(ev.expense_fen, 0) as expense_fen,
         coalesce(ev.received_fen, 0) as received_fen,
         coalesce(ev.refund_lines_fen, 0) as refund_lines_fen,
         case when ev.refund_at is null then 0 else (
           select coalesce(sum(r.fen), 0)::bigint from unnest(ev.refund_at, ev.refund_fen) as r(at, fen)
           where date_trunc('month', r.at at time zone '${sql.raw(TZ)}') > date_trunc('month', ev.sale_at at time zone '${sql.raw(TZ)}')) end as late_refund_lines_fen,
         coalesce(ev.commission_fen, 0) as commission_fen,
         coalesce(ev.service_fee_fen, 0) as service_fee_fen,
         coalesce(ev.subsidy_fen, 0) as subsidy_fen,
         coalesce(ev.freight_fen, 0) as freight_fen,
         coalesce(ev.line_count, 0) as line_count,
         ev.last_event_id
  from ev
  full join ord on ord.store_id = ev.store_id and ord.order_no = ev.order_no
  left join ref on ref.store_id = coalesce(ev.store_id, ord.store_id) and ref.order_no = coalesce(ev.order_no, ord.order_no)
  where ev.order_no is not null or ord.shipped
),
parts as (
  select k.*,
         k.shipped_fen - k.refunded_fen as expected_fen,
         k.received_fen - (k.shipped_fen - k.refunded_fen) as difference_fen,
         greatest(k.refunded_fen + k.refund_lines_fen, 0) as pending_refund_fen,
         greatest(least(k.refunded_fen + k.refund_lines_fen, 0), k.late_refund_lines_fen) as late_refund_fen
  from known_orders k
),
computed as (
  select p.*,
         p.difference_fen - p.commission_fen - p.service_fee_fen - p.subsidy_fen - p.freight_fen - p.pending_refund_fen - p.late_refund_fen as unknown_fen
  from parts p
),
judged as (
  select c.*,
         case
           when not c.exists_order then 'MISSING_ORDER'
           when not c.sold then 'TODO'
           when c.unknown_fen <> 0 or c.late_refund_fen <> 0 then 'FAILURE'
           when c.pending_refund_fen <> 0 then 'PARTIAL'
           else 'SUCCESS'
         end as computed_status
  from computed c
),
final as (
  -- What each order's row is to hold: a manual success holds until a bill line arrives after it;
  -- then the order is reopened, as a success is when a later line (a late refund) leaves it unexplained.
  select j.*, coalesce(j.period, to_char(${at}::timestamptz at time zone '${sql.raw(TZ)}', 'YYYY-MM')) as final_period
  from judged j
),
updated as (
  -- Orders that have a row: rewritten only when a number or the status changed (a hash join, no
  -- row locked or written for an order that stays as it was).
  update reconciliations as r set
    erp_order_id = f.erp_id, erp_order_code = f.erp_code, period = f.final_period,
    shipped_fen = f.shipped_fen, refunded_fen = f.refunded_fen, expected_fen = f.expected_fen,
    income_fen = f.income_fen, expense_fen = f.expense_fen, received_fen = f.received_fen,
    difference_fen = f.difference_fen, commission_fen = f.commission_fen, service_fee_fen = f.service_fee_fen,
    subsidy_fen = f.subsidy_fen, late_refund_fen = f.late_refund_fen, freight_fen = f.freight_fen,
    pending_refund_fen = f.pending_refund_fen, unknown_fen = f.unknown_fen,
    line_count = f.line_count, last_event_id = f.last_event_id,
    status = case when r.status = 'MANUAL_SUCCESS' and coalesce(f.last_event_id, 0) <= coalesce(r.manual_event_id, 0) then 'MANUAL_SUCCESS' else f.computed_status end,
    computed_status = f.computed_status,
    reopened_at = case when r.status in ('SUCCESS', 'MANUAL_SUCCESS') and not (r.status = 'MANUAL_SUCCESS' and coalesce(f.last_event_id, 0) <= coalesce(r.manual_event_id, 0)) and f.computed_status <> 'SUCCESS' then ${at}::timestamptz else r.reopened_at end,
    reconciled_at = ${at}::timestamptz, version = r.version + 1, updated_at = ${at}::timestamptz
  from final f
  where r.domain_id = ${domainId} and r.store_id = f.store_id and r.order_no = f.order_no
    and (r.status, r.computed_status, r.erp_order_id, r.period, r.shipped_fen, r.refunded_fen, r.received_fen, r.income_fen, r.expense_fen, r.line_count, r.unknown_fen, r.late_refund_fen, r.pending_refund_fen)
    is distinct from (case when r.status = 'MANUAL_SUCCESS' and coalesce(f.last_event_id, 0) <= coalesce(r.manual_event_id, 0) then 'MANUAL_SUCCESS' else f.computed_status end, f.computed_status, f.erp_id, f.final_period, f.shipped_fen, f.refunded_fen, f.received_fen, f.income_fen, f.expense_fen, f.line_count, f.unknown_fen, f.late_refund_fen, f.pending_refund_fen)
  returning r.reopened_at = ${at}::timestamptz as reopened
),
inserted as (
  -- Orders without a row yet (a hash anti-join; a row another transaction just wrote is left to it).
  insert into reconciliations (
    domain_id, store_id, order_no, erp_order_id, erp_order_code, period,
    shipped_fen, refunded_fen, expected_fen, income_fen, expense_fen, received_fen, difference_fen,
    commission_fen, service_fee_fen, subsidy_fen, late_refund_fen, freight_fen, pending_refund_fen, unknown_fen,
    line_count, last_event_id, status, computed_status, reopened_at, reconciled_at)
  select ${domainId}, f.store_id, f.order_no, f.erp_id, f.erp_code, f.final_period,
    f.shipped_fen, f.refunded_fen, f.expected_fen, f.income_fen, f.expense_fen, f.received_fen, f.difference_fen,
    f.commission_fen, f.service_fee_fen, f.subsidy_fen, f.late_refund_fen, f.freight_fen, f.pending_refund_fen, f.unknown_fen,
    f.line_count, f.last_event_id, f.computed_status, f.computed_status, null, ${at}::timestamptz
  from final f
  where not exists (select 1 from reconciliations r where r.domain_id = ${domainId} and r.store_id = f.store_id and r.order_no = f.order_no)
  ${skipTaken ? sql`on conflict (domain_id, store_id, order_no) do nothing` : sql``}
  returning 1
)
select (select count(*) from updated)::int + (select count(*) from inserted)::int as changed,
       (select count(*) from updated where reopened)::int as reopened`;
}
