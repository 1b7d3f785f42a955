// Live-broadcast codes of goods (spec 02 §3.1 livestream columns, §7.3 searchLiveSpuList and
// createLiveCode): each SKU may get a short code (L1001, L1002…) unique in the domain, which the
// seller puts in an online listing's name for fast-purchase or group-buy sales.
import { and, asc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { ErrorCodes, LIVE_CODE_FIRST, type CreateLiveCodeInput, type CreateLiveCodeResult, type LiveSpuRow, type LiveSpuSearchInput, type PageResult } from '@openseller/core';
import type { Database, Tx } from '../../db/client.js';
import { skus, spus } from '../../db/schema/index.js';
import { domainOf } from '../../platform/caller.js';
import { AppError } from '../../platform/errors.js';
import { pageAnswer, pageWindow } from '../../platform/paging.js';
import type { Session } from '../../platform/sessions.js';
import { idsIn, likePattern } from '../../platform/sql.js';

export function createLiveCodesService(deps: { database: Database }) {
  const { db } = deps.database;

  const rowsWhere = (tx: Tx, where: SQL | undefined) =>
    tx
      .select({ skuId: skus.id, spuId: skus.spuId, spuCode: spus.code, code: skus.code, name: skus.name, specifications: skus.specifications, picUrl: sql<string | null>`coalesce(${skus.picUrl}, ${spus.picUrl})`, liveCode: skus.liveCode })
      .from(skus)
      .innerJoin(spus, and(eq(spus.domainId, skus.domainId), eq(spus.id, skus.spuId)))
      .where(where);

  return {
    async search(session: Session, input: LiveSpuSearchInput): Promise<PageResult<LiveSpuRow>> {
      const domainId = domainOf(session);
      const conditions: (SQL | undefined)[] = [eq(skus.domainId, domainId), eq(skus.delFlag, false)];
      if (input.keyword) {
        const p = likePattern(input.keyword);
        conditions.push(or(ilike(skus.code, p), ilike(spus.code, p), ilike(skus.name, p), ilike(spus.name, p), ilike(skus.liveCode, p)));
      }
      if (input.hasLiveCode !== undefined) conditions.push(input.hasLiveCode ? isNotNull(skus.liveCode) : isNull(skus.liveCode));
      const where = and(...conditions);
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(skus)
        .innerJoin(spus, and(eq(spus.domainId, skus.domainId), eq(spus.id, skus.spuId)))
        .where(where);
      const { limit, offset } = pageWindow(input);
      const rows = await rowsWhere(db, where).orderBy(asc(skus.spuId), asc(skus.id)).limit(limit).offset(offset);
      return pageAnswer(rows, count?.n ?? 0, input);
    },

    /** Gives each chosen SKU without a code the domain's next one, in the order given; one transaction. */
    async create(session: Session, input: CreateLiveCodeInput): Promise<CreateLiveCodeResult> {
      const domainId = domainOf(session);
      return db.transaction(async (tx) => {
        // One numbering per domain at a time: codes are handed out in order without gaps or clashes.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('live-code'), ${domainId}::int)`);
        const found = await tx
          .select({ id: skus.id, liveCode: skus.liveCode })
          .from(skus)
          .where(and(eq(skus.domainId, domainId), idsIn(skus.id, input.idList), eq(skus.delFlag, false)));
        const missing = input.idList.findIndex((id) => !found.some((f) => f.id === id));
        if (missing >= 0) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'sku', field: `idList.${missing}` });
        const [top] = (
          await tx.execute<{ n: number | null }>(sql`
            select max(substring(live_code from 2)::bigint)::bigint as n from skus where domain_id = ${domainId} and live_code ~ '^L[0-9]{4,}$'`)
        ).rows;
        let next = Math.max(Number(top?.n ?? 0) + 1, LIVE_CODE_FIRST);
        let created = 0;
        for (const id of [...new Set(input.idList)]) {
          if (found.find((f) => f.id === id)!.liveCode) continue;
          await tx
            .update(skus)
            .set({ liveCode: `L${next++}` })
            .where(and(eq(skus.domainId, domainId), eq(skus.id, id)));
          created++;
        }
        const voList = await rowsWhere(tx, and(eq(skus.domainId, domainId), idsIn(skus.id, input.idList))).orderBy(asc(skus.liveCode));
        return { created, voList };
      });
    },
  };
}
