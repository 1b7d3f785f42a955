// Login records: the main account sees its whole domain, a sub-account its own sign-ins.
import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { parseDateTimeText, type LoginLogRow, type LoginLogSearchInput, type LoginResultCode, type PageResult } from '@openseller/core';
import type { Database } from '../../db/client.js';
import { loginLogs } from '../../db/schema/index.js';
import { forbidden } from '../../platform/errors.js';
import type { Session } from '../../platform/sessions.js';
import { likePattern } from '../../platform/sql.js';
import { pageOffset } from '../../platform/paging.js';

export function createLoginLogService(deps: { database: Database }) {
  const { db } = deps.database;
  return {
    async search(session: Session, input: LoginLogSearchInput): Promise<PageResult<LoginLogRow>> {
      if (session.domainId === null) throw forbidden();
      const conditions = [eq(loginLogs.domainId, session.domainId)];
      if (!session.isMain) conditions.push(eq(loginLogs.userId, session.userId));
      if (input.loginName) conditions.push(sql`${loginLogs.loginName} ilike ${likePattern(input.loginName)}`);
      if (input.result) conditions.push(eq(loginLogs.result, input.result));
      if (input.timeFrom) conditions.push(gte(loginLogs.createdAt, parseDateTimeText(input.timeFrom)));
      if (input.timeTo) conditions.push(lte(loginLogs.createdAt, parseDateTimeText(input.timeTo)));
      const where = and(...conditions);
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(loginLogs).where(where);
      const rows = await db
        .select()
        .from(loginLogs)
        .where(where)
        .orderBy(desc(loginLogs.createdAt), desc(loginLogs.id))
        .limit(input.pageSize)
        .offset(pageOffset(input));
      return {
        total: count?.n ?? 0,
        currentPage: input.currentPage,
        pageSize: input.pageSize,
        voList: rows.map((r) => ({
          id: r.id,
          loginName: r.loginName,
          userId: r.userId,
          ip: r.ip,
          userAgent: r.userAgent,
          result: r.result as LoginResultCode,
          createdAt: r.createdAt.toISOString(),
        })),
      };
    },
  };
}

export type LoginLogService = ReturnType<typeof createLoginLogService>;
