// The log centre's readers of the operation log: business documents and configuration.
import { and, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { parseDateTimeText, type OperationLogRow, type OperationLogSearchInput, type PageResult } from '@openseller/core';
import type { Database } from '../../db/client.js';
import { operationLogs } from '../../db/schema/index.js';
import { forbidden } from '../../platform/errors.js';
import type { Session } from '../../platform/sessions.js';
import { likePattern } from '../accounts/accounts.queries.js';

export function createLogsService(deps: { database: Database }) {
  const { db } = deps.database;
  return {
    async search(session: Session, areas: readonly string[], input: OperationLogSearchInput): Promise<PageResult<OperationLogRow>> {
      if (session.domainId === null) throw forbidden();
      const chosen = input.area ? areas.filter((a) => a === input.area) : [...areas];
      if (!chosen.length) return { voList: [], total: 0, currentPage: input.currentPage, pageSize: input.pageSize };
      const conditions = [eq(operationLogs.domainId, session.domainId), inArray(operationLogs.area, chosen)];
      if (input.entityType) conditions.push(eq(operationLogs.entityType, input.entityType));
      if (input.entityId) conditions.push(eq(operationLogs.entityId, input.entityId));
      if (input.action) conditions.push(eq(operationLogs.action, input.action));
      if (input.loginName) conditions.push(sql`${operationLogs.loginName} ilike ${likePattern(input.loginName)}`);
      if (input.timeFrom) conditions.push(gte(operationLogs.createdAt, parseDateTimeText(input.timeFrom)));
      if (input.timeTo) conditions.push(lte(operationLogs.createdAt, parseDateTimeText(input.timeTo)));
      const where = and(...conditions);
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(operationLogs).where(where);
      const rows = await db
        .select()
        .from(operationLogs)
        .where(where)
        .orderBy(desc(operationLogs.createdAt), desc(operationLogs.id))
        .limit(input.pageSize)
        .offset((input.currentPage - 1) * input.pageSize);
      return {
        total: count?.n ?? 0,
        currentPage: input.currentPage,
        pageSize: input.pageSize,
        voList: rows.map((r) => ({
          id: r.id,
          area: r.area,
          entityType: r.entityType,
          entityId: r.entityId,
          action: r.action,
          loginName: r.loginName,
          before: r.before,
          after: r.after,
          createdAt: r.createdAt.toISOString(),
        })),
      };
    },
  };
}
