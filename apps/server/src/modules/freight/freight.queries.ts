// The set-based SQL of freight pricing and courier bill matching. Every statement names its domain.
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { bigintArray } from '../../platform/sql.js';

/**
 * The shipped parcels of the domain with their weight (the last weighing of weigh-and-send, else
 * the goods' weight) and the template price period of their carrier and area that held when they
 * shipped (a city's row before its province's). `where` narrows the orders (alias o).
 */
export function pricedParcels(domainId: number, where: SQL): SQL {
  return sql`
    select o.id as order_id, o.code as order_code, o.express_company_code, o.express_no, o.delivery_time,
      o.receiver_province, o.receiver_city, coalesce(w.weight, o.weight_total) as weight, w.weight is not null as weighed,
      f.template_id, f.version_no as template_version_no,
      case when f.template_id is null then null
        else f.first_fee + ceil(greatest(0, ceil(coalesce(w.weight, o.weight_total) * 1000) - f.first_weight)::numeric / f.additional_weight)::bigint * f.additional_fee
      end as fee
    from erp_orders o
    left join lateral (
      select r.weight from erp_order_check_records r
      where r.domain_id = o.domain_id and r.order_id = o.id and r.mode = 'WEIGH' and r.weight is not null
      order by r.id desc limit 1) w on true
    left join lateral (
      select p.template_id, p.version_no, p.first_weight, p.first_fee, p.additional_weight, p.additional_fee
      from freight_template_prices p
      where p.domain_id = o.domain_id and p.express_company_code = o.express_company_code
        and p.province = o.receiver_province and p.city in (coalesce(o.receiver_city, ''), '')
        and p.valid_from <= o.delivery_time and (p.valid_to is null or p.valid_to > o.delivery_time)
      order by (p.city = '') asc, p.valid_from desc limit 1) f on true
    where o.domain_id = ${domainId} and o.status_code = 'CI_ERPSOH_STATUS_SEND' and o.delivery_time is not null
      and o.express_no is not null and ${where}`;
}

/**
 * Matches the domain's bill lines (all of them, or those of one import task) to our parcels by
 * carrier and waybill number, in one statement: our weight, the template price, the over-weight
 * and over-charge against the carrier's tolerances, the flags and the status (spec 02 §4.1).
 * Lines that match no parcel are UNMATCHED and NONE. Mirrors compareBillLine of freight.rules.ts.
 *
 * Set-based throughout (no per-line lookups): the parcels are joined once by (carrier, waybill);
 * their last weighing is one `distinct on` over the weigh records of those orders; their price is
 * one `distinct on` over the price rows of their carrier and province whose period holds the
 * shipping time (a city's row before its province's) — the same choice as pricedParcels.
 */
export async function matchBillLines(tx: Tx, domainId: number, lineIds: readonly number[] | null): Promise<{ lines: number; matched: number; failures: number }> {
  if (lineIds && !lineIds.length) return { lines: 0, matched: 0, failures: 0 };
  const scope = lineIds === null ? sql`true` : sql`l.id = any(${bigintArray(lineIds)})`;
  // Lines just inserted in this transaction are in no statistics yet: planned as a handful of
  // rows, the joins below would be nested loops of every line against every parcel (100,000 lines
  // took minutes). ANALYZE counts the transaction's own rows.
  if (lineIds && lineIds.length > 1000) await tx.execute(sql`analyze express_bill_lines`);
  const result = await tx.execute<{ lines: string; matched: string; failures: string }>(sql`
    with lines as materialized (
      select l.id, l.express_company_code, l.express_no, ceil(l.billed_weight * 1000)::int as billed_grams, l.billed_fee,
        coalesce(r.weight_tolerance, 0) as weight_tolerance, coalesce(r.fee_tolerance, 0) as fee_tolerance
      from express_bill_lines l
      left join express_reconciliations r on r.domain_id = l.domain_id and r.express_company_code = l.express_company_code
      where l.domain_id = ${domainId} and ${scope}),
    orders as materialized (
      select distinct on (o.express_company_code, o.express_no) o.id, o.express_company_code, o.express_no, o.delivery_time, o.receiver_province, o.receiver_city, o.weight_total
      from lines l
      join erp_orders o on o.domain_id = ${domainId} and o.express_company_code = l.express_company_code and o.express_no = l.express_no
      where o.status_code = 'CI_ERPSOH_STATUS_SEND' and o.delivery_time is not null
      order by o.express_company_code, o.express_no, o.delivery_time desc),
    weighed as (
      select distinct on (r.order_id) r.order_id, r.weight
      from erp_order_check_records r
      where r.domain_id = ${domainId} and r.order_id in (select id from orders) and r.mode = 'WEIGH' and r.weight is not null
      order by r.order_id, r.id desc),
    parcels as (
      select o.id as order_id, o.express_company_code, o.express_no, o.delivery_time, o.receiver_province, o.receiver_city,
        coalesce(w.weight, o.weight_total) as weight
      from orders o left join weighed w on w.order_id = o.id),
    priced as (
      select distinct on (p.order_id) p.order_id,
        f.first_fee + ceil(greatest(0, ceil(p.weight * 1000) - f.first_weight)::numeric / f.additional_weight)::bigint * f.additional_fee as fee
      from parcels p
      join freight_template_prices f on f.domain_id = ${domainId} and f.express_company_code = p.express_company_code
        and f.province = p.receiver_province and f.city in (coalesce(p.receiver_city, ''), '')
        and f.valid_from <= p.delivery_time and (f.valid_to is null or f.valid_to > p.delivery_time)
      order by p.order_id, (f.city = '') asc, f.valid_from desc),
    compared as (
      select l.id, p.order_id, p.weight as our_weight, pr.fee as template_fee,
        case when p.order_id is null then null else l.billed_grams - ceil(p.weight * 1000)::int end as over_weight,
        case when pr.fee is null then null else l.billed_fee - pr.fee end as over_charge,
        l.weight_tolerance, l.fee_tolerance
      from lines l
      left join parcels p on p.express_company_code = l.express_company_code and p.express_no = l.express_no
      left join priced pr on pr.order_id = p.order_id),
    flagged as (
      select c.*, array_remove(array[
          case when c.order_id is null then 'UNMATCHED' end,
          case when c.over_weight > c.weight_tolerance then 'OVER_WEIGHT' end,
          case when c.over_charge > c.fee_tolerance then 'OVER_CHARGE' end,
          case when c.order_id is not null and c.template_fee is null then 'NO_PRICE' end], null) as flags
      from compared c),
    updated as (
      update express_bill_lines l set order_id = f.order_id, our_weight = f.our_weight, template_fee = f.template_fee,
        over_weight = f.over_weight, over_charge = f.over_charge, flags = f.flags,
        status = case when f.flags && array['OVER_WEIGHT', 'OVER_CHARGE'] then 'FAILURE' when f.template_fee is null then 'NONE' else 'SUCCESS' end,
        updated_at = now()
      from flagged f
      where l.domain_id = ${domainId} and l.id = f.id
      returning l.order_id, l.status)
    select count(*) as lines, count(order_id) as matched, count(*) filter (where status = 'FAILURE') as failures from updated`);
  const row = result.rows[0]!;
  return { lines: Number(row.lines), matched: Number(row.matched), failures: Number(row.failures) };
}
