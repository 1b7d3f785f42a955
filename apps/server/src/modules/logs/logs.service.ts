// The log centre's readers of the operation log: business documents and configuration. A
// record's history is read by its kind and id together (ids are per table: an order and a
// courier rule may share one); the record column shows the code a person knows the record by.
import { and, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { parseDateTimeText, type OperationLogRow, type OperationLogSearchInput, type PageResult } from '@openseller/core';
import type { Database } from '../../db/client.js';
import { operationLogs } from '../../db/schema/index.js';
import { forbidden } from '../../platform/errors.js';
import type { Session } from '../../platform/sessions.js';
import { likePattern } from '../accounts/accounts.queries.js';
import { entriesOfRecordCode, recordCodeOf } from './record-codes.js';

export function createLogsService(deps: { database: Database }) {
  const { db } = deps.database;
  return {
    async search(session: Session, areas: readonly string[], input: OperationLogSearchInput): Promise<PageResult<OperationLogRow>> {
      if (session.domainId === null) throw forbidden();
      const chosen = input.area ? areas.filter((a) => a === input.area) : [...areas];
      if (!chosen.length) return { voList: [], total: 0, currentPage: input.currentPage, pageSize: input.pageSize };
      const conditions = [eq(operationLogs.domainId, session.domainId), inArray(operationLogs.area, chosen)];
      if (input.entityType) conditions.push(eq(operationLogs.entityType, input.entityType));
      // The contract refuses an id without its kind.
      if (input.entityType && input.entityId) conditions.push(eq(operationLogs.entityId, input.entityId));
      if (input.record) conditions.push(entriesOfRecordCode(session.domainId, input.record));
      if (input.action) conditions.push(sql`${operationLogs.action} = ${input.action}`);
      if (input.loginName) conditions.push(sql`${operationLogs.loginName} ilike ${likePattern(input.loginName)}`);
      if (input.timeFrom) conditions.push(gte(operationLogs.createdAt, parseDateTimeText(input.timeFrom)));
      if (input.timeTo) conditions.push(lte(operationLogs.createdAt, parseDateTimeText(input.timeTo)));
      const where = and(...conditions);
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(operationLogs).where(where);
      const rows = await db
        .select({ entry: operationLogs, recordCode: recordCodeOf() })
        .from(operationLogs)
        .where(where)
        .orderBy(desc(operationLogs.createdAt), desc(operationLogs.id))
        .limit(input.pageSize)
        .offset((input.currentPage - 1) * input.pageSize);
      return {
        total: count?.n ?? 0,
        currentPage: input.currentPage,
        pageSize: input.pageSize,
        voList: rows.map(({ entry: r, recordCode }) => ({
          id: r.id,
          area: r.area,
          entityType: r.entityType,
          entityId: r.entityId,
          recordCode,
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
