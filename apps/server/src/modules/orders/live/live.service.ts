// Live-broadcast sessions and anchors (spec 02 §7.18 core/live; README.md). A session is on air in
// one store from its start to its end; an order of that store paid in between carries it in its
// erpSoLiveList (read with the order: orders.model.ts), so a session entered after the fact still
// tags the orders it covered, and a disabled one tags none.
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import {
  ErrorCodes,
  LIVE_MAX_HOURS,
  LiveErrors,
  parseDateTimeText,
  type LiveCreateInput,
  type LiveDisableInput,
  type LiveRow,
  type LiverCreateInput,
  type LiverRow,
  type LiverUpdateInput,
  type LiveSearchInput,
  type LiveUpdateInput,
  type PageResult,
} from '@openseller/core';
import type { Database, Tx } from '../../../db/client.js';
import { liveAnchors, liveSessions, stores } from '../../../db/schema/index.js';
import { actorOf, domainOf } from '../../../platform/caller.js';
import { AppError, notFound, versionConflict } from '../../../platform/errors.js';
import { writeOperationLog, writeOperationLogs } from '../../../platform/operation-log.js';
import { pageAnswer, pageWindow } from '../../../platform/paging.js';
import type { Session } from '../../../platform/sessions.js';
import { idsIn, uniqueViolation } from '../../../platform/sql.js';
import { isoTimeOf as iso } from '../../../platform/time.js';

const AREA = 'orders';

interface Deps {
  database: Database;
  now?: () => Date;
}

/** The session's times, checked: end after start, at most LIVE_MAX_HOURS long. */
function windowOf(input: { startTime: string; endTime: string }): { start: Date; end: Date } {
  const start = parseDateTimeText(input.startTime);
  const end = parseDateTimeText(input.endTime);
  if (end.getTime() <= start.getTime()) throw new AppError(LiveErrors.END_BEFORE_START, 400, { field: 'endTime' });
  if (end.getTime() - start.getTime() > LIVE_MAX_HOURS * 3600_000) throw new AppError(LiveErrors.TOO_LONG, 400, { field: 'endTime', hours: LIVE_MAX_HOURS });
  return { start, end };
}

export function createLiveService(deps: Deps) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());

  async function checkStore(tx: Tx, domainId: number, storeId: number) {
    const [store] = await tx.select({ id: stores.id }).from(stores).where(and(eq(stores.domainId, domainId), eq(stores.id, storeId)));
    if (!store) throw new AppError(LiveErrors.STORE_NOT_FOUND, 404, { field: 'storeId', storeId });
  }

  async function checkAnchor(tx: Tx, domainId: number, anchorId: number | null | undefined, keepId?: number | null) {
    if (anchorId == null) return;
    const [anchor] = await tx.select({ id: liveAnchors.id, name: liveAnchors.name, enabled: liveAnchors.enabled }).from(liveAnchors).where(and(eq(liveAnchors.domainId, domainId), eq(liveAnchors.id, anchorId)));
    if (!anchor) throw new AppError(LiveErrors.ANCHOR_NOT_FOUND, 404, { field: 'anchorId', anchorId });
    // A disabled anchor stays on the sessions that name it, but is not chosen for others.
    if (!anchor.enabled && anchor.id !== keepId) throw new AppError(LiveErrors.ANCHOR_DISABLED, 409, { field: 'anchorId', name: anchor.name });
  }

  /** The sessions as the list shows them, with the orders each covered. */
  async function rows(tx: Tx, domainId: number, where: SQL, page?: { limit: number; offset: number }): Promise<LiveRow[]> {
    const result = await tx.execute<Record<string, unknown>>(sql`
      select ls.id, ls.live_name, ls.store_id, s.name as store_name, ls.anchor_id, a.name as anchor_name, ls.start_time, ls.end_time,
             ls.enabled, ls.remark, ls.version, ls.created_at, st.n, st.amount
      from live_sessions ls
      left join stores s on s.domain_id = ls.domain_id and s.id = ls.store_id
      left join live_anchors a on a.domain_id = ls.domain_id and a.id = ls.anchor_id
      left join lateral (
        select count(*)::int as n, coalesce(sum(o.amount_total), 0)::numeric(18, 2)::text as amount
        from erp_orders o
        where o.domain_id = ls.domain_id and o.store_id = ls.store_id and o.pay_time >= ls.start_time and o.pay_time < ls.end_time
          and o.status_code <> 'CI_ERPSOH_STATUS_CANCEL' and o.merged_into_id is null
      ) st on true
      where ls.domain_id = ${domainId} and ${where}
      order by ls.start_time desc, ls.id desc
      ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`);
    return result.rows.map((r) => ({
      id: Number(r.id),
      liveName: String(r.live_name),
      storeId: Number(r.store_id),
      storeName: (r.store_name as string | null) ?? null,
      anchorId: r.anchor_id == null ? null : Number(r.anchor_id),
      anchormanName: (r.anchor_name as string | null) ?? null,
      startTime: iso(r.start_time as Date | string),
      endTime: iso(r.end_time as Date | string),
      enabled: Boolean(r.enabled),
      remark: (r.remark as string | null) ?? null,
      orderCount: Number(r.n ?? 0),
      orderAmount: String(r.amount ?? '0.00'),
      version: Number(r.version),
      createdAt: iso(r.created_at as Date | string),
    }));
  }

  async function rowOf(tx: Tx, domainId: number, id: number): Promise<LiveRow> {
    const [row] = await rows(tx, domainId, sql`ls.id = ${id}`);
    if (!row) throw notFound('live');
    return row;
  }

  async function anchorRows(tx: Tx, domainId: number, where: SQL): Promise<LiverRow[]> {
    const result = await tx
      .select({
        id: liveAnchors.id,
        name: liveAnchors.name,
        phone: liveAnchors.phone,
        remark: liveAnchors.remark,
        enabled: liveAnchors.enabled,
        version: liveAnchors.version,
        sessionCount: sql<number>`(select count(*)::int from live_sessions ls where ls.domain_id = ${liveAnchors.domainId} and ls.anchor_id = ${liveAnchors.id})`,
      })
      .from(liveAnchors)
      .where(and(eq(liveAnchors.domainId, domainId), where))
      .orderBy(asc(liveAnchors.name));
    return result.map((r) => ({ ...r, sessionCount: Number(r.sessionCount) }));
  }

  const nameTaken = (error: unknown, name: string) => {
    if (uniqueViolation(error) === 'live_anchors_domain_name_key') throw new AppError(LiveErrors.ANCHOR_NAME_TAKEN, 409, { field: 'name', name });
    throw error;
  };

  return {
    async list(session: Session, input: LiveSearchInput): Promise<PageResult<LiveRow>> {
      const domainId = domainOf(session);
      const conditions: SQL[] = [sql`true`];
      if (input.liveName) conditions.push(sql`ls.live_name ilike ${`%${input.liveName.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
      if (input.storeId) conditions.push(sql`ls.store_id = ${input.storeId}`);
      if (input.anchorId) conditions.push(sql`ls.anchor_id = ${input.anchorId}`);
      if (input.enabled !== undefined) conditions.push(sql`ls.enabled = ${input.enabled}`);
      if (input.startTime) conditions.push(sql`ls.end_time > ${parseDateTimeText(input.startTime)}`);
      if (input.endTime) conditions.push(sql`ls.start_time < ${parseDateTimeText(input.endTime)}`);
      const where = sql.join(conditions, sql` and `);
      const [count] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from live_sessions ls where ls.domain_id = ${domainId} and ${where}`)).rows;
      return pageAnswer(await rows(db, domainId, where, pageWindow(input)), Number(count?.n ?? 0), input);
    },

    async create(session: Session, input: LiveCreateInput): Promise<LiveRow> {
      const domainId = domainOf(session);
      const { start, end } = windowOf(input);
      return db.transaction(async (tx) => {
        await checkStore(tx, domainId, input.storeId);
        await checkAnchor(tx, domainId, input.anchorId);
        const [created] = await tx
          .insert(liveSessions)
          .values({ domainId, liveName: input.liveName, storeId: input.storeId, anchorId: input.anchorId ?? null, startTime: start, endTime: end, remark: input.remark ?? null, createdBy: session.userId, createdAt: now(), updatedAt: now() })
          .returning();
        await writeOperationLog(tx, actorOf(session), { area: AREA, entityType: 'liveSession', entityId: created!.id, action: 'create', after: { liveName: created!.liveName, storeId: created!.storeId, anchorId: created!.anchorId, startTime: start.toISOString(), endTime: end.toISOString() } });
        return rowOf(tx, domainId, created!.id);
      });
    },

    async update(session: Session, input: LiveUpdateInput): Promise<LiveRow> {
      const domainId = domainOf(session);
      const { start, end } = windowOf(input);
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(liveSessions).where(and(eq(liveSessions.domainId, domainId), eq(liveSessions.id, input.id))).for('update');
        if (!before) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'live', field: 'id', id: input.id });
        if (before.version !== input.version) throw versionConflict('live');
        await checkStore(tx, domainId, input.storeId);
        await checkAnchor(tx, domainId, input.anchorId, before.anchorId);
        await tx
          .update(liveSessions)
          .set({ liveName: input.liveName, storeId: input.storeId, anchorId: input.anchorId ?? null, startTime: start, endTime: end, remark: input.remark ?? null, version: before.version + 1, updatedAt: now() })
          .where(and(eq(liveSessions.domainId, domainId), eq(liveSessions.id, input.id)));
        await writeOperationLog(tx, actorOf(session), {
          area: AREA,
          entityType: 'liveSession',
          entityId: before.id,
          action: 'update',
          before: { liveName: before.liveName, storeId: before.storeId, anchorId: before.anchorId, startTime: before.startTime.toISOString(), endTime: before.endTime.toISOString() },
          after: { liveName: input.liveName, storeId: input.storeId, anchorId: input.anchorId ?? null, startTime: start.toISOString(), endTime: end.toISOString() },
        });
        return rowOf(tx, domainId, input.id);
      });
    },

    /** Deletes sessions, all or none (an id not of this domain refuses the whole request). */
    async remove(session: Session, idList: number[]): Promise<{ deleted: number }> {
      const domainId = domainOf(session);
      const ids = [...new Set(idList)];
      return db.transaction(async (tx) => {
        const found = await tx.select().from(liveSessions).where(and(eq(liveSessions.domainId, domainId), idsIn(liveSessions.id, ids))).for('update');
        if (found.length !== ids.length) {
          const missing = ids.find((id) => !found.some((f) => f.id === id));
          throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'live', field: 'idList', id: missing ?? 0 });
        }
        await tx.delete(liveSessions).where(and(eq(liveSessions.domainId, domainId), idsIn(liveSessions.id, ids)));
        await writeOperationLogs(
          tx,
          actorOf(session),
          found.map((f) => ({ area: AREA, entityType: 'liveSession' as const, entityId: f.id, action: 'delete' as const, before: { liveName: f.liveName, storeId: f.storeId, startTime: f.startTime.toISOString(), endTime: f.endTime.toISOString() } })),
        );
        return { deleted: found.length };
      });
    },

    /** Turns sessions off (or on again): their orders stop (or start again) carrying them. */
    async disable(session: Session, input: LiveDisableInput): Promise<{ changed: number }> {
      const domainId = domainOf(session);
      const ids = [...new Set(input.idList)];
      return db.transaction(async (tx) => {
        const found = await tx.select({ id: liveSessions.id, enabled: liveSessions.enabled }).from(liveSessions).where(and(eq(liveSessions.domainId, domainId), idsIn(liveSessions.id, ids))).for('update');
        if (found.length !== ids.length) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'live', field: 'idList' });
        const changing = found.filter((f) => f.enabled !== input.enabled).map((f) => f.id);
        if (!changing.length) return { changed: 0 };
        await tx
          .update(liveSessions)
          .set({ enabled: input.enabled, version: sql`${liveSessions.version} + 1`, updatedAt: now() })
          .where(and(eq(liveSessions.domainId, domainId), idsIn(liveSessions.id, changing)));
        await writeOperationLogs(
          tx,
          actorOf(session),
          changing.map((id) => ({ area: AREA, entityType: 'liveSession' as const, entityId: id, action: input.enabled ? ('ENABLE' as const) : ('DISABLE' as const) })),
        );
        return { changed: changing.length };
      });
    },

    async liverList(session: Session, includeDisabled: boolean): Promise<LiverRow[]> {
      return anchorRows(db, domainOf(session), includeDisabled ? sql`true` : eq(liveAnchors.enabled, true));
    },

    async liverCreate(session: Session, input: LiverCreateInput): Promise<LiverRow> {
      const domainId = domainOf(session);
      return db
        .transaction(async (tx) => {
          const [created] = await tx
            .insert(liveAnchors)
            .values({ domainId, name: input.name, phone: input.phone ?? null, remark: input.remark ?? null, createdBy: session.userId, createdAt: now(), updatedAt: now() })
            .returning();
          await writeOperationLog(tx, actorOf(session), { area: AREA, entityType: 'liveAnchor', entityId: created!.id, action: 'create', after: { name: created!.name, phone: created!.phone } });
          const [row] = await anchorRows(tx, domainId, eq(liveAnchors.id, created!.id));
          return row!;
        })
        .catch((error: unknown) => nameTaken(error, input.name));
    },

    async liverUpdate(session: Session, input: LiverUpdateInput): Promise<LiverRow> {
      const domainId = domainOf(session);
      return db
        .transaction(async (tx) => {
          const [before] = await tx.select().from(liveAnchors).where(and(eq(liveAnchors.domainId, domainId), eq(liveAnchors.id, input.id))).for('update');
          if (!before) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'liver', field: 'id', id: input.id });
          if (before.version !== input.version) throw versionConflict('liver');
          const enabled = input.enabled ?? before.enabled;
          await tx
            .update(liveAnchors)
            .set({ name: input.name, phone: input.phone ?? null, remark: input.remark ?? null, enabled, version: before.version + 1, updatedAt: now() })
            .where(and(eq(liveAnchors.domainId, domainId), eq(liveAnchors.id, input.id)));
          await writeOperationLog(tx, actorOf(session), {
            area: AREA,
            entityType: 'liveAnchor',
            entityId: before.id,
            action: 'update',
            before: { name: before.name, phone: before.phone, enabled: before.enabled },
            after: { name: input.name, phone: input.phone ?? null, enabled },
          });
          const [row] = await anchorRows(tx, domainId, eq(liveAnchors.id, input.id));
          return row!;
        })
        .catch((error: unknown) => nameTaken(error, input.name));
    },
  };
}

export type LiveService = ReturnType<typeof createLiveService>;
