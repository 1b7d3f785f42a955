// The reasons report (issue 14 must-have 8): return rate by SKU and by reason in a window.
// Returned: the units of RETURN lines of after-sales that take goods back (return and refund,
// exchange), applied for in the window (the apply time, else when the document was made) and not
// closed. Shipped: the units the stock area's ledger shows leaving to buyers in the same window
// (its `shippedUnits`). Rates are percent with 2 decimals, half up, in integer arithmetic.
import { sql } from 'drizzle-orm';
import { parseDateTimeText, type ReturnRateReport, type ReturnRateReportInput } from '@openseller/core';
import type { Database } from '../../db/client.js';
import { domainOf } from '../../platform/caller.js';
import type { Session } from '../../platform/sessions.js';
import { shippedUnits } from '../stock/index.js';

/** percent = part × 100 / whole, 2 decimals, half up; null when the whole is 0. */
const percent = (part: number, whole: number): string | null => {
  if (!whole) return null;
  // Hundredths of a percent, rounded half up, in integers (exact).
  const hundredths = Math.floor((part * 10000 * 2 + whole) / (2 * whole));
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
};

export function createReturnRateReport(deps: { database: Database }) {
  const { db } = deps.database;
  return async function report(session: Session, input: ReturnRateReportInput): Promise<ReturnRateReport> {
    const domainId = domainOf(session);
    const from = parseDateTimeText(input.startTime);
    const to = parseDateTimeText(input.endTime);
    const returned = sql`
      select a.id as doc_id, coalesce(nullif(trim(a.after_sales_reason), ''), '') as reason, l.sku_id, l.sku_code, l.sku_name, l.sku_num
      from after_sales a
      join after_sale_lines l on l.domain_id = a.domain_id and l.after_sale_id = a.id and l.kind = 'RETURN'
      where a.domain_id = ${domainId} and a.type in ('RETURN_REFUND', 'EXCHANGE') and a.check_status <> 'CLOSED'
        and coalesce(a.apply_time, a.created_at) >= ${from} and coalesce(a.apply_time, a.created_at) < ${to}`;
    const bySku = await db.execute<{ sku_id: string; sku_code: string; sku_name: string | null; returned: number }>(sql`
      with r as (${returned})
      select r.sku_id, coalesce(s.code, max(r.sku_code)) as sku_code, coalesce(s.name, max(r.sku_name)) as sku_name, sum(r.sku_num)::int as returned
      from r left join skus s on s.domain_id = ${domainId} and s.id = r.sku_id
      where r.sku_id is not null
      group by r.sku_id, s.code, s.name
      order by returned desc, r.sku_id
      limit ${input.limit}`);
    const byReason = await db.execute<{ reason: string; returned: number; documents: number }>(sql`
      with r as (${returned})
      select reason, sum(sku_num)::int as returned, count(distinct doc_id)::int as documents
      from r group by reason order by returned desc, reason`);
    const skuIds = bySku.rows.map((r) => Number(r.sku_id));
    const shipped = await shippedUnits(db, domainId, from, to, skuIds);
    const returnedTotal = byReason.rows.reduce((n, r) => n + Number(r.returned), 0);
    return {
      shippedQty: shipped.total,
      returnedQty: returnedTotal,
      rate: percent(returnedTotal, shipped.total),
      bySku: bySku.rows.map((r) => {
        const shippedQty = shipped.bySku.get(Number(r.sku_id)) ?? 0;
        return { skuId: Number(r.sku_id), skuCode: r.sku_code, skuName: r.sku_name, shippedQty, returnedQty: Number(r.returned), rate: percent(Number(r.returned), shippedQty) };
      }),
      byReason: byReason.rows.map((r) => ({
        reason: r.reason,
        returnedQty: Number(r.returned),
        documents: Number(r.documents),
        share: percent(Number(r.returned), returnedTotal),
        rate: percent(Number(r.returned), shipped.total),
      })),
    };
  };
}
