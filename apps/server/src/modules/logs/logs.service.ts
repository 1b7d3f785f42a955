// The log centre's readers of the operation log: business documents and configuration. A
// record's history is read by its kind and id together (ids are per table: an order and a
// express rule may share one); the record column shows the code a person knows the record by.
import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import {
  CONFIG_LOG_AREAS,
  DOCUMENT_LOG_AREAS,
  OPERATION_LOG_ACTIONS,
  OPERATION_LOG_ENTITY_KINDS,
  ORDER_LOG_ENTITY_KIND,
  parseDateTimeText,
  type LogOption,
  type LogOptionTypeInput,
  type OperationLogRow,
  type OperationLogSearchInput,
  type PageResult,
  type WriteDocLogInput,
} from '@openseller/core';
import type { Database } from '../../db/client.js';
import { erpOrders, operationLogs } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { actorOf } from '../../platform/caller.js';
import { writeOperationLog } from '../../platform/operation-log.js';
import type { Session } from '../../platform/sessions.js';
import { entriesOfRecordCode, recordCodeOf } from './record-codes.js';
import { idsIn, likePattern, textsIn } from '../../platform/sql.js';
import { pageOffset } from '../../platform/paging.js';

export function createLogsService(deps: { database: Database }) {
  const { db } = deps.database;
  return {
    async search(session: Session, areas: readonly string[], input: OperationLogSearchInput): Promise<PageResult<OperationLogRow>> {
      if (session.domainId === null) throw forbidden();
      const chosen = input.area ? areas.filter((a) => a === input.area) : [...areas];
      if (!chosen.length) return { voList: [], total: 0, currentPage: input.currentPage, pageSize: input.pageSize };
      const conditions = [eq(operationLogs.domainId, session.domainId), textsIn(operationLogs.area, chosen)];
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
        .offset(pageOffset(input));
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

    /** Records in each order's history a print the web app made itself; all the orders must be the domain's. */
    async writeDocLog(session: Session, input: WriteDocLogInput): Promise<{ written: number }> {
      if (session.domainId === null) throw forbidden();
      const domainId = session.domainId;
      const ids = [...new Set(input.idList)];
      return db.transaction(async (tx) => {
        const found = await tx.select({ id: erpOrders.id }).from(erpOrders).where(and(eq(erpOrders.domainId, domainId), idsIn(erpOrders.id, ids)));
        if (found.length !== ids.length) throw notFound('order');
        for (const id of ids)
          await writeOperationLog(tx, actorOf(session), { area: 'orders', entityType: ORDER_LOG_ENTITY_KIND, entityId: id, action: input.action, after: input.remark ? { remark: input.remark } : null });
        return { written: ids.length };
      });
    },

    /** The choices of a log filter: the areas of each log, the kinds of record, the actions. */
    options(type: LogOptionTypeInput['type']): LogOption[] {
      const codes: readonly string[] =
        type === 'docArea' ? DOCUMENT_LOG_AREAS : type === 'configArea' ? CONFIG_LOG_AREAS : type === 'entityType' ? OPERATION_LOG_ENTITY_KINDS : OPERATION_LOG_ACTIONS;
      return [...new Set(codes)].map((code) => ({ code }));
    },
  };
}
