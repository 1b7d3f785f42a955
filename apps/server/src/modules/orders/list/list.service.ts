// The order list: pages of orders per tab, counts, one order with its operation log, the row
// tags (待合, 缺) and the saved search tabs of each user.
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  ORDER_LOG_ENTITY_KIND,
  ORDER_SEARCH_TAB_MAX,
  OrderListErrors,
  type OrderDetail,
  type OrderLogRow,
  type OrderMergeFlag,
  type OrderRow,
  type OrderSearchFilters,
  type OrderSearchInput,
  type OrderSearchTabCreateInput,
  type OrderSearchTabRow,
  type OrderTabCounts,
  type PageResult,
} from '@openseller/core';
import type { Database } from '../../../db/client.js';
import { operationLogs, orderSearchTabs } from '../../../db/schema/index.js';
import { AppError, notFound } from '../../../platform/errors.js';
import type { Session } from '../../../platform/sessions.js';
import { loadOrderRows } from '../orders.model.js';
import { compactOrderStatusCounts, countOrderTabs, learnTrigramWords, orderMergeFlags, runOrderIdsQueries, searchOrderIdsQueries, STATUS_COUNT_ROWS_FOLD, stockOutOrderIds } from './list.queries.js';
import { domainOf as sellerDomain } from '../../../platform/caller.js';
import { isoTimeOf as iso } from '../../../platform/time.js';


export function createOrderListService(deps: { database: Database }) {
  const { db } = deps.database;

  async function tabsOf(domainId: number, userId: number): Promise<OrderSearchTabRow[]> {
    const rows = await db
      .select()
      .from(orderSearchTabs)
      .where(and(eq(orderSearchTabs.domainId, domainId), eq(orderSearchTabs.userId, userId)))
      .orderBy(asc(orderSearchTabs.sortIndex), asc(orderSearchTabs.id));
    return rows.map((r) => ({ id: r.id, name: r.name, params: (r.params ?? {}) as Record<string, unknown>, sortIndex: r.sortIndex }));
  }

  // Whether Chinese keywords can use the trigram indexes: asked of the server once, before the first search.
  let trigramWordsLearnt: Promise<void> | null = null;
  const learnTrigramsOnce = () => (trigramWordsLearnt ??= learnTrigramWords(db).catch(() => undefined));

  return {
    async search(session: Session, input: OrderSearchInput): Promise<PageResult<OrderRow>> {
      const domainId = sellerDomain(session);
      await learnTrigramsOnce();
      // The page of ids (then their rows) and its total: see searchOrderIdsQueries for the two shapes.
      const found = await runOrderIdsQueries(
        searchOrderIdsQueries(domainId, input),
        (q) => db.execute<Record<string, unknown>>(q),
        (ids) => loadOrderRows(db, domainId, ids),
      );
      if (found.k > STATUS_COUNT_ROWS_FOLD) await compactOrderStatusCounts(db, domainId);
      const voList = found.page;
      const total = found.total;
      return { voList, total, currentPage: input.currentPage, pageSize: input.pageSize };
    },

    async counts(session: Session, filters: OrderSearchFilters): Promise<OrderTabCounts> {
      await learnTrigramsOnce();
      return countOrderTabs(db, sellerDomain(session), filters);
    },

    async get(session: Session, id: number): Promise<OrderDetail> {
      const domainId = sellerDomain(session);
      const [row] = await loadOrderRows(db, domainId, [id]);
      if (!row) throw notFound('order');
      // The order's own entries: ids are per table, so the kind is part of the read.
      const logs = await db
        .select()
        .from(operationLogs)
        .where(and(eq(operationLogs.domainId, domainId), eq(operationLogs.entityType, ORDER_LOG_ENTITY_KIND), eq(operationLogs.entityId, String(id))))
        .orderBy(asc(operationLogs.id));
      const logRows: OrderLogRow[] = logs.map((l) => ({ id: l.id, action: l.action, loginName: l.loginName, before: l.before, after: l.after, createdAt: iso(l.createdAt) }));
      return { ...row, logs: logRows };
    },

    async mergeFlags(session: Session, idList: number[]): Promise<OrderMergeFlag[]> {
      return orderMergeFlags(db, sellerDomain(session), idList);
    },

    async stockOutFlags(session: Session, idList: number[]): Promise<number[]> {
      return stockOutOrderIds(db, sellerDomain(session), idList);
    },

    async searchTabs(session: Session): Promise<OrderSearchTabRow[]> {
      return tabsOf(sellerDomain(session), session.userId);
    },

    async createSearchTab(session: Session, input: OrderSearchTabCreateInput): Promise<OrderSearchTabRow> {
      const domainId = sellerDomain(session);
      return db.transaction(async (tx) => {
        // Serialise one user's tab changes so the limit and the name check hold.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('order_search_tabs'), ${session.userId}::int)`);
        const existing = await tx
          .select({ name: orderSearchTabs.name, sortIndex: orderSearchTabs.sortIndex })
          .from(orderSearchTabs)
          .where(and(eq(orderSearchTabs.domainId, domainId), eq(orderSearchTabs.userId, session.userId)));
        if (existing.length >= ORDER_SEARCH_TAB_MAX) throw new AppError(OrderListErrors.SEARCH_TAB_LIMIT, 409, { max: ORDER_SEARCH_TAB_MAX, field: 'name' });
        if (existing.some((e) => e.name === input.name)) throw new AppError(OrderListErrors.SEARCH_TAB_NAME_TAKEN, 409, { name: input.name, field: 'name' });
        const sortIndex = existing.reduce((m, e) => Math.max(m, e.sortIndex + 1), 0);
        const [row] = await tx.insert(orderSearchTabs).values({ domainId, userId: session.userId, name: input.name, params: input.params, sortIndex }).returning();
        return { id: row!.id, name: row!.name, params: row!.params as Record<string, unknown>, sortIndex: row!.sortIndex };
      });
    },

    async deleteSearchTab(session: Session, id: number): Promise<void> {
      const domainId = sellerDomain(session);
      const deleted = await db
        .delete(orderSearchTabs)
        .where(and(eq(orderSearchTabs.id, id), eq(orderSearchTabs.domainId, domainId), eq(orderSearchTabs.userId, session.userId)))
        .returning({ id: orderSearchTabs.id });
      if (!deleted.length) throw notFound('orderSearchTab');
    },

    /** Puts the user's tabs in the order of idList (tabs not named keep their place after them). */
    async reorderSearchTabs(session: Session, idList: number[]): Promise<OrderSearchTabRow[]> {
      const domainId = sellerDomain(session);
      await db.transaction(async (tx) => {
        const own = await tx
          .select({ id: orderSearchTabs.id })
          .from(orderSearchTabs)
          .where(and(eq(orderSearchTabs.domainId, domainId), eq(orderSearchTabs.userId, session.userId)))
          .orderBy(asc(orderSearchTabs.sortIndex), asc(orderSearchTabs.id));
        const ownIds = new Set(own.map((r) => r.id));
        const unknown = idList.find((id) => !ownIds.has(id));
        if (unknown !== undefined) throw notFound('orderSearchTab');
        const ordered = [...new Set(idList), ...own.map((r) => r.id).filter((id) => !idList.includes(id))];
        for (const [index, id] of ordered.entries()) {
          await tx.update(orderSearchTabs).set({ sortIndex: index, updatedAt: new Date() }).where(and(eq(orderSearchTabs.id, id), eq(orderSearchTabs.domainId, domainId)));
        }
      });
      return tabsOf(domainId, session.userId);
    },
  };
}

export type OrderListService = ReturnType<typeof createOrderListService>;
