// Order lines (spec 02 §7.10 /myhome/erpsod, §7.3 product-date info; issue 21 must-have 4). Reads
// are scoped to the caller's domain (another seller's order or line is simply not found).
// Production dates: fillProductDateInfo chooses, for each asked line, the dates of the stock lots
// (stock_lots) of the order's warehouse and the line's SKU, oldest first, minus what lines of other
// open orders already chose, until the line's quantity is covered; the choice replaces the line's
// earlier one and is kept in order_line_product_dates with the expiry date (product date + the
// goods' shelf life, spus.shelf_life). handleDelProductDateInfo removes a line's choice.
import {
  ORDER_STATUS,
  OrderLineErrors,
  type ComboLineRow,
  type ComSodCheck,
  type FillProductDateResult,
  type Language,
  type LineProductDate,
  type OrderLineWithDates,
  type SameLineRow,
} from '@openseller/core';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.js';
import { AppError, notFound } from '../../../platform/errors.js';
import { serverMessage } from '../../../platform/messages.js';
import type { Session } from '../../../platform/sessions.js';
import { bigintArray } from '../../../platform/sql.js';
import { loadOrderRows, writeOrderLog } from '../orders.model.js';
import { actorOf, domainOf } from '../session-helpers.js';

const OPEN: readonly string[] = [ORDER_STATUS.NORMAL, ORDER_STATUS.VERIFIED];
const day = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

export function createOrderLinesService(deps: { database: Database }) {
  const { db } = deps.database;

  async function datesOf(tx: Tx, domainId: number, lineIds: number[]): Promise<Map<number, LineProductDate[]>> {
    const out = new Map<number, LineProductDate[]>();
    if (!lineIds.length) return out;
    const rows = await tx.execute<{ id: number; line_id: number; product_date: string; expire_date: string | null; qty: number }>(sql`
      select id, line_id, product_date, expire_date, qty from order_line_product_dates
      where domain_id = ${domainId} and line_id = any(${bigintArray(lineIds)}) order by line_id, product_date`);
    for (const r of rows.rows) {
      const list = out.get(Number(r.line_id)) ?? [];
      list.push({ id: Number(r.id), productDate: day(r.product_date), expireDate: r.expire_date === null ? null : day(r.expire_date), qty: Number(r.qty) });
      out.set(Number(r.line_id), list);
    }
    return out;
  }

  async function requireOrder(domainId: number, id: number): Promise<void> {
    const rows = await db.execute(sql`select 1 from erp_orders where domain_id = ${domainId} and id = ${id}`);
    if (!rows.rows.length) throw notFound('order');
  }

  return {
    /** The order's lines with their chosen production dates. */
    async list(session: Session, input: { sohId: number }): Promise<{ voList: OrderLineWithDates[] }> {
      const domainId = domainOf(session);
      const [order] = await loadOrderRows(db, domainId, [input.sohId]);
      if (!order) throw notFound('order');
      const dates = await datesOf(db, domainId, order.lines.map((l) => l.id));
      return { voList: order.lines.map((l) => ({ ...l, productDates: dates.get(l.id) ?? [] })) };
    },

    /** The order's combination lines with their components (quantity per combination and in all). */
    async combinations(session: Session, input: { sohId: number }): Promise<{ voList: ComboLineRow[] }> {
      const domainId = domainOf(session);
      await requireOrder(domainId, input.sohId);
      const rows = await db.execute<{ id: number; line_seq: number; sku_id: number; sku_code: string | null; sku_name: string | null; qty: number; c_sku_id: number | null; c_code: string | null; c_name: string | null; c_qty: number | null }>(sql`
        select l.id, l.line_seq, l.sku_id, l.sku_code, l.sku_name, l.qty, c.component_sku_id as c_sku_id, k.code as c_code, k.name as c_name, c.qty as c_qty
        from erp_order_lines l
        left join combination_components c on c.domain_id = l.domain_id and c.combo_sku_id = l.sku_id
        left join skus k on k.domain_id = c.domain_id and k.id = c.component_sku_id
        where l.domain_id = ${domainId} and l.order_id = ${input.sohId} and l.is_combination and l.sku_id is not null
        order by l.line_seq, l.id, c.sort_index, c.id`);
      const byLine = new Map<number, ComboLineRow>();
      for (const r of rows.rows) {
        const id = Number(r.id);
        let line = byLine.get(id);
        if (!line) {
          line = { id, lineSeq: Number(r.line_seq), skuId: Number(r.sku_id), skuCode: r.sku_code, skuName: r.sku_name, qty: Number(r.qty), components: [] };
          byLine.set(id, line);
        }
        if (r.c_sku_id !== null) line.components.push({ skuId: Number(r.c_sku_id), skuCode: r.c_code ?? '', skuName: r.c_name, qty: Number(r.c_qty), totalQty: Number(r.c_qty) * Number(r.qty) });
      }
      return { voList: [...byLine.values()] };
    },

    /** The same goods (system SKU, else online SKU) on pending, unlocked orders: a batch split's candidates. */
    async sameLines(session: Session, input: { sodId: number }): Promise<{ voList: SameLineRow[] }> {
      const domainId = domainOf(session);
      const line = (await db.execute<{ sku_id: number | null; tb_sku_id: string | null }>(sql`select sku_id, tb_sku_id from erp_order_lines where domain_id = ${domainId} and id = ${input.sodId}`)).rows[0];
      if (!line) throw notFound('orderLine');
      const same = line.sku_id !== null ? sql`l.sku_id = ${line.sku_id}` : line.tb_sku_id !== null ? sql`l.sku_id is null and l.tb_sku_id = ${line.tb_sku_id}` : sql`l.id = ${input.sodId}`;
      const rows = await db.execute<{ order_id: number; code: string; line_id: number; sku_id: number | null; sku_code: string | null; tb_sku_id: string | null; qty: number; line_count: number }>(sql`
        select o.id as order_id, o.code, l.id as line_id, l.sku_id, l.sku_code, l.tb_sku_id, l.qty,
          (select count(*)::int from erp_order_lines x where x.domain_id = o.domain_id and x.order_id = o.id and x.cancel_tag = 0) as line_count
        from erp_order_lines l join erp_orders o on o.domain_id = l.domain_id and o.id = l.order_id
        where l.domain_id = ${domainId} and ${same} and l.cancel_tag = 0 and not l.is_gift
          and o.status_code = ${ORDER_STATUS.NORMAL} and not o.locked
        order by o.id, l.line_seq
        limit 1000`);
      return {
        voList: rows.rows.map((r) => ({ orderId: Number(r.order_id), orderCode: r.code, lineId: Number(r.line_id), skuId: r.sku_id === null ? null : Number(r.sku_id), skuCode: r.sku_code, tbSkuId: r.tb_sku_id, qty: Number(r.qty), lineCount: Number(r.line_count) })),
      };
    },

    /** Which of the asked orders (of the domain) carry combination lines, and which lines. */
    async checkCombinations(session: Session, input: { idList: number[] }): Promise<{ voList: ComSodCheck[] }> {
      const domainId = domainOf(session);
      const ids = [...new Set(input.idList)];
      const rows = await db.execute<{ id: number; code: string; combo: number[] | null }>(sql`
        select o.id, o.code,
          (select array_agg(l.id order by l.line_seq) from erp_order_lines l where l.domain_id = o.domain_id and l.order_id = o.id and l.is_combination and l.cancel_tag = 0) as combo
        from erp_orders o where o.domain_id = ${domainId} and o.id = any(${bigintArray(ids)}) order by o.id`);
      return { voList: rows.rows.map((r) => ({ id: Number(r.id), code: r.code, hasCombination: !!r.combo?.length, combinationLineIds: (r.combo ?? []).map(Number) })) };
    },

    async fillProductDates(session: Session, language: Language, input: { sodIdList: number[] }): Promise<FillProductDateResult> {
      const domainId = domainOf(session);
      const ids = [...new Set(input.sodIdList)];
      const voList: FillProductDateResult['voList'] = [];
      const failures: FillProductDateResult['failures'] = [];
      const fail = (sodId: number, error: AppError) => failures.push({ sodId, errorCode: error.code, message: serverMessage(error.code, error.params, language) });
      for (const sodId of ids) {
        try {
          voList.push(
            await db.transaction(async (tx) => {
              const line = (
                await tx.execute<{ id: number; order_id: number; sku_id: number | null; is_combination: boolean; qty: number; status_code: string; warehouse_id: number | null; code: string; shelf_life: number | null }>(sql`
                  select l.id, l.order_id, l.sku_id, l.is_combination, l.qty, o.status_code, o.warehouse_id, o.code, p.shelf_life
                  from erp_order_lines l join erp_orders o on o.domain_id = l.domain_id and o.id = l.order_id
                  left join skus k on k.domain_id = l.domain_id and k.id = l.sku_id
                  left join spus p on p.domain_id = k.domain_id and p.id = k.spu_id
                  where l.domain_id = ${domainId} and l.id = ${sodId}
                  for update of o`)
              ).rows[0];
              if (!line) throw notFound('orderLine');
              if (!OPEN.includes(line.status_code)) throw new AppError(OrderLineErrors.STATUS, 409, { code: line.code, status: line.status_code });
              if (line.sku_id === null || line.is_combination || line.warehouse_id === null) throw new AppError(OrderLineErrors.NO_LOTS_TO_CHOOSE, 409, { code: line.code, lineId: sodId });
              // The warehouse's lots of the SKU by date, less what other open orders' lines chose.
              const lots = await tx.execute<{ product_date: string; free: number }>(sql`
                select s.product_date, s.qty - coalesce(t.taken, 0) as free
                from (select sl.product_date, sum(sl.qty)::int as qty
                      from stock_lots sl join stock_balances b on b.domain_id = sl.domain_id and b.id = sl.balance_id
                      where sl.domain_id = ${domainId} and b.warehouse_id = ${line.warehouse_id} and b.sku_id = ${line.sku_id}
                      group by sl.product_date) s
                left join (select d.product_date, sum(d.qty)::int as taken
                      from order_line_product_dates d
                      join erp_order_lines l2 on l2.domain_id = d.domain_id and l2.id = d.line_id
                      join erp_orders o2 on o2.domain_id = d.domain_id and o2.id = d.order_id
                      where d.domain_id = ${domainId} and d.line_id <> ${sodId} and l2.sku_id = ${line.sku_id}
                        and o2.warehouse_id = ${line.warehouse_id} and o2.status_code in (${ORDER_STATUS.NORMAL}, ${ORDER_STATUS.VERIFIED})
                      group by d.product_date) t on t.product_date = s.product_date
                order by s.product_date`);
              let left = Number(line.qty);
              const chosen: { productDate: string; qty: number }[] = [];
              for (const lot of lots.rows) {
                if (left <= 0) break;
                const take = Math.min(left, Number(lot.free));
                if (take > 0) {
                  chosen.push({ productDate: day(lot.product_date), qty: take });
                  left -= take;
                }
              }
              await tx.execute(sql`delete from order_line_product_dates where domain_id = ${domainId} and line_id = ${sodId}`);
              for (const c of chosen) {
                await tx.execute(sql`
                  insert into order_line_product_dates (domain_id, order_id, line_id, product_date, expire_date, qty, created_by)
                  values (${domainId}, ${line.order_id}, ${sodId}, ${c.productDate}::date,
                    case when ${line.shelf_life}::int is null then null else ${c.productDate}::date + ${line.shelf_life}::int end, ${c.qty}, ${session.userId})`);
              }
              await writeOrderLog(tx, actorOf(session), Number(line.order_id), 'fillProductDate', undefined, { lineId: sodId, dates: chosen, uncovered: left });
              const dates = await datesOf(tx, domainId, [sodId]);
              return { sodId, orderId: Number(line.order_id), productDates: dates.get(sodId) ?? [], uncovered: left };
            }),
          );
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          fail(sodId, error);
        }
      }
      return { voList, failures };
    },

    /** Removes the production dates chosen for a line of the domain. */
    async deleteProductDates(session: Session, input: { sodId: number }): Promise<{ removed: number }> {
      const domainId = domainOf(session);
      return db.transaction(async (tx) => {
        const line = (await tx.execute<{ order_id: number }>(sql`select order_id from erp_order_lines where domain_id = ${domainId} and id = ${input.sodId}`)).rows[0];
        if (!line) throw notFound('orderLine');
        const removed = await tx.execute(sql`delete from order_line_product_dates where domain_id = ${domainId} and line_id = ${input.sodId} returning id`);
        if (removed.rows.length) await writeOrderLog(tx, actorOf(session), Number(line.order_id), 'deleteProductDate', { lineId: input.sodId, removed: removed.rows.length }, undefined);
        return { removed: removed.rows.length };
      });
    },
  };
}
