// The archive of orders (spec 02 §3.5 archive search, §7.10 core/archiveSo and
// erpsolr/getErpSoHArchiveById; issue 21). "Archived" in this build: an order that is over — sent
// (CI_ERPSOH_STATUS_SEND) or closed (CI_ERPSOH_STATUS_CLOSE) — for ARCHIVE_AFTER_DAYS days or more,
// counted from its delivery time (sent) or close time (closed), else its last change. Orders are
// not moved: the archive is a view of erp_orders with the archive's filters; rows are answered and
// exported masked like the list (an export reveals receivers only to an account holding the
// reveal permission, and logs it).
import { ARCHIVE_AFTER_DAYS, ORDER_LOG_ENTITY_KIND, ORDER_STATUS, orderTimeBound, OrderMiscErrors, type ArchiveFilters, type OrderDetail, type OrderRow, type PageResult } from '@openseller/core';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import type { Database } from '../../../db/client.js';
import { operationLogs } from '../../../db/schema/index.js';
import { AppError, notFound } from '../../../platform/errors.js';
import { pageOffset } from '../../../platform/paging.js';
import type { Session } from '../../../platform/sessions.js';
import { bigintArray, intArray, textArray } from '../../../platform/sql.js';
import { isoTime as iso } from '../../../platform/time.js';
import { loadOrderRows } from '../orders.model.js';
import { domainOf } from '../session-helpers.js';

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The moment an order of the archive ended (sent or closed), on the order aliased `o`. */
const endedAt = sql`coalesce(case when o.status_code = ${ORDER_STATUS.SEND} then o.delivery_time else o.closed_at end, o.updated_at)`;

/** Archived: sent or closed ARCHIVE_AFTER_DAYS or more days before `now`. */
export function archivedCondition(now: Date): SQL {
  const cutoff = new Date(now.getTime() - ARCHIVE_AFTER_DAYS * 86_400_000);
  return sql`o.status_code in (${ORDER_STATUS.SEND}, ${ORDER_STATUS.CLOSE}) and ${endedAt} <= ${cutoff.toISOString()}::timestamptz`;
}

/** The archive's filters (spec 02 §3.5), on the order aliased `o`. */
export function archiveConditions(domainId: number, f: ArchiveFilters, now: Date): SQL[] {
  const c: SQL[] = [sql`o.domain_id = ${domainId}`, archivedCondition(now)];
  const codes = f.codeKeywords ?? [];
  if (codes.length) c.push(sql`(o.code = any(${textArray(codes)}) or o.platform_nos && ${textArray(codes)} or o.express_no = any(${textArray(codes)}))`);
  const skus = f.skuKeywords ?? [];
  if (skus.length)
    c.push(sql`exists (select 1 from erp_order_lines l where l.domain_id = o.domain_id and l.order_id = o.id and (l.sku_code = any(${textArray(skus)}) or l.outer_sku_id = any(${textArray(skus)})))`);
  const receivers = f.receiverKeywords ?? [];
  if (receivers.length) c.push(sql`(o.receiver_name = any(${textArray(receivers)}) or o.receiver_phone = any(${textArray(receivers)}) or o.receiver_tel = any(${textArray(receivers)}))`);
  if (f.receiverCodeKey && f.receiverCodeValue) {
    const column = { receiverName: sql`o.receiver_name`, receiverPhone: sql`o.receiver_phone`, buyerNick: sql`o.buyer_nick` }[f.receiverCodeKey];
    c.push(sql`${column} = ${f.receiverCodeValue}`);
  }
  if (f.sellerFlagList?.length) c.push(sql`o.seller_flag = any(${intArray(f.sellerFlagList)})`);
  if (f.createTimeFrom) c.push(sql`o.created_at >= ${orderTimeBound(f.createTimeFrom, 'from').toISOString()}::timestamptz`);
  if (f.createTimeTo) c.push(sql`o.created_at <= ${orderTimeBound(f.createTimeTo, 'to').toISOString()}::timestamptz`);
  if (f.shippingTimeFrom) c.push(sql`o.delivery_time >= ${orderTimeBound(f.shippingTimeFrom, 'from').toISOString()}::timestamptz`);
  if (f.shippingTimeTo) c.push(sql`o.delivery_time <= ${orderTimeBound(f.shippingTimeTo, 'to').toISOString()}::timestamptz`);
  if (f.storeIdList?.length) c.push(sql`o.store_id = any(${bigintArray(f.storeIdList)})`);
  if (f.threePlTiming === 'ON_TIME') c.push(sql`o.delivery_time is not null and o.last_ship_time is not null and o.delivery_time <= o.last_ship_time`);
  if (f.threePlTiming === 'LATE') c.push(sql`o.delivery_time is not null and o.last_ship_time is not null and o.delivery_time > o.last_ship_time`);
  if (f.messageKeywords) {
    const p = likePattern(f.messageKeywords);
    c.push(sql`(o.buyer_message ilike ${p} or o.seller_remark ilike ${p})`);
  }
  return c;
}

/** One page of archived order ids (id descending) and the total. */
export async function archivePage(tx: Tx, domainId: number, f: ArchiveFilters, now: Date, page: { limit: number; offset?: number; beforeId?: number }): Promise<{ ids: number[]; total: number | null }> {
  const where = archiveConditions(domainId, f, now);
  if (page.beforeId !== undefined) where.push(sql`o.id < ${page.beforeId}`);
  const rows = await tx.execute<{ id: number }>(sql`select o.id from erp_orders o where ${sql.join(where, sql` and `)} order by o.id desc limit ${page.limit} offset ${page.offset ?? 0}`);
  return { ids: rows.rows.map((r) => Number(r.id)), total: null };
}

export function createArchiveService(deps: { database: Database; now: () => Date }) {
  const { db } = deps.database;
  return {
    async search(session: Session, input: ArchiveFilters & { currentPage: number; pageSize: number }): Promise<PageResult<OrderRow>> {
      const domainId = domainOf(session);
      const now = deps.now();
      const where = archiveConditions(domainId, input, now);
      const [{ ids }, count] = await Promise.all([
        archivePage(db, domainId, input, now, { limit: input.pageSize, offset: pageOffset(input) }),
        db.execute<{ n: number }>(sql`select count(*)::int as n from erp_orders o where ${sql.join(where, sql` and `)}`),
      ]);
      return { voList: await loadOrderRows(db, domainId, ids), total: Number(count.rows[0]?.n ?? 0), currentPage: input.currentPage, pageSize: input.pageSize };
    },

    /** One archived order (masked) with its history; an order not in the archive is refused. */
    async get(session: Session, id: number): Promise<OrderDetail> {
      const domainId = domainOf(session);
      const rows = await db.execute<{ archived: boolean }>(sql`select (${archivedCondition(deps.now())}) as archived from erp_orders o where o.domain_id = ${domainId} and o.id = ${id}`);
      const found = rows.rows[0];
      if (!found) throw notFound('order');
      if (!found.archived) throw new AppError(OrderMiscErrors.NOT_ARCHIVED, 404, { id });
      const [row] = await loadOrderRows(db, domainId, [id]);
      const logs = await db
        .select()
        .from(operationLogs)
        .where(and(eq(operationLogs.domainId, domainId), eq(operationLogs.entityType, ORDER_LOG_ENTITY_KIND), eq(operationLogs.entityId, String(id))))
        .orderBy(asc(operationLogs.id));
      return { ...row!, logs: logs.map((l) => ({ id: l.id, action: l.action, loginName: l.loginName, before: l.before, after: l.after, createdAt: iso(l.createdAt)! })) };
    },
  };
}
