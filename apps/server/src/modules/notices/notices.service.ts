// System notices (spec 01 §4.2, 02 §3.12, §7.15): the root account writes, publishes, stops and
// deletes notices; a seller's account sees the ones meant for its domain while they play, and
// reads them once (read receipts keyed by domain, notice and account). The rules of who sees a
// notice and when it plays live here and nowhere else.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  effectiveLevel,
  NoticeErrors,
  noticePlayStatus,
  parseDateTimeText,
  type EmergencyNotice,
  type EmergencyNoticeInput,
  type HistoryNotice,
  type HistoryNoticeInput,
  type NoticeRow,
  type NoticeSearchInput,
  type NoticeStatus,
  type NoticeVersionInput,
  type PageResult,
  type PublishDirectNoticeInput,
  type PublishMessageInput,
  type UserMessage,
  type UserMessageInput,
  type UserMessagePage,
} from '@openseller/core';
import type { Database, Tx } from '../../db/client.js';
import { emergencyNotices, systemNotices } from '../../db/schema/index.js';
import { AppError, invalidInput, notFound, versionConflict } from '../../platform/errors.js';
import type { Session } from '../../platform/sessions.js';
import { bigintArray, likePattern } from '../../platform/sql.js';
import { pageAnswer, pageOffset } from '../../platform/paging.js';
import { sanitizeNoticeHtml } from './notices.sanitize.js';

type PublishInput = (PublishMessageInput & { directDomainIds?: undefined; directLevels?: undefined }) | (PublishDirectNoticeInput & { type: 'DIRECTIONAL' });

const iso = (v: Date | string | null | undefined) => (v === null || v === undefined ? null : new Date(v).toISOString());
const isoOf = (v: Date | string) => new Date(v).toISOString();

interface NoticeDbRow extends Record<string, unknown> {
  id: number | string;
  version: number;
  type: NoticeRow['type'];
  title: string;
  content: string;
  play_frequency: NoticeRow['playFrequency'];
  play_start_time: string | Date;
  play_end_time: string | Date;
  status: NoticeStatus;
  direct_levels: NoticeRow['directLevels'] | string;
  published_at: string | Date | null;
  stopped_at: string | Date | null;
  created_at: string | Date;
  creator_name: string | null;
  read_count: number;
}

interface MessageDbRow extends Record<string, unknown> {
  id: number | string;
  type: UserMessage['type'];
  title: string;
  content: string;
  play_start_time: string | Date;
  play_end_time: string | Date;
  created_at: string | Date;
  read_at: string | Date | null;
}

// Raw queries answer a text[] as '{A,B}' when the driver does not parse it.
const textArray = (v: string[] | string): string[] => (Array.isArray(v) ? v : v.replace(/^\{|\}$/g, '').split(',').filter(Boolean));

export function createNoticesService(deps: { database: Database; now?: () => Date }) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());

  // ---- the root account's notices ---------------------------------------------------------

  /** The notices of the root list, with their chosen domains and read counts. */
  async function noticeRows(tx: Tx, where: SQL, page: { limit: number; offset: number } | null): Promise<NoticeRow[]> {
    const rows = (
      await tx.execute<NoticeDbRow>(sql`
        select n.id, n.version, n.type, n.title, n.content, n.play_frequency, n.play_start_time, n.play_end_time, n.status,
               n.direct_levels, n.published_at, n.stopped_at, n.created_at,
               (select u.login_name from users u where u.id = n.created_by) as creator_name,
               0 as read_count
          from system_notices n
         where ${where}
         order by n.created_at desc, n.id desc
         ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`)
    ).rows;
    if (!rows.length) return [];
    const ids = rows.map((r) => Number(r.id));
    // The root account counts the read receipts and lists the chosen domains of every domain:
    // cross-domain reads by design (test/statement-audit.ts lists them).
    const counts = (
      await tx.execute<{ notice_id: string | number; n: number }>(sql`
        select notice_id, count(*)::int as n from system_notice_reads where notice_id = any(${bigintArray(ids)}) group by notice_id`)
    ).rows;
    const targets = (
      await tx.execute<{ notice_id: string | number; id: string | number; code: string; name: string }>(sql`
        select t.notice_id, d.id, d.code, d.name from system_notice_targets t join domains d on d.id = t.domain_id
         where t.notice_id = any(${bigintArray(ids)}) order by d.id`)
    ).rows;
    const at = now();
    return rows.map((r) => {
      const id = Number(r.id);
      const domainsOf = targets.filter((t) => Number(t.notice_id) === id).map((t) => ({ id: Number(t.id), code: t.code, name: t.name }));
      return {
        id,
        version: r.version,
        type: r.type,
        title: r.title,
        content: r.content,
        playFrequency: r.play_frequency,
        playStartTime: isoOf(r.play_start_time),
        playEndTime: isoOf(r.play_end_time),
        status: r.status,
        playStatus: noticePlayStatus({ status: r.status, playStartTime: r.play_start_time, playEndTime: r.play_end_time }, at),
        directDomainIds: domainsOf.map((d) => d.id),
        directDomains: domainsOf,
        directLevels: textArray(r.direct_levels) as NoticeRow['directLevels'],
        readCount: counts.find((c) => Number(c.notice_id) === id)?.n ?? 0,
        createTime: isoOf(r.created_at),
        publishTime: iso(r.published_at),
        stopTime: iso(r.stopped_at),
        creatorName: r.creator_name,
      };
    });
  }

  async function noticeView(tx: Tx, id: number): Promise<NoticeRow> {
    const [row] = await noticeRows(tx, sql`n.id = ${id}`, null);
    if (!row) throw notFound('notice');
    return row;
  }

  function playStatusCondition(status: NoticeSearchInput['playStatus'], at: Date): SQL | null {
    switch (status) {
      case undefined:
        return null;
      case 'DRAFT':
      case 'STOPPED':
        return sql`n.status = ${status}`;
      case 'WAITING':
        return sql`n.status = 'PUBLISHED' and n.play_start_time > ${at}`;
      case 'PLAYING':
        return sql`n.status = 'PUBLISHED' and n.play_start_time <= ${at} and n.play_end_time > ${at}`;
      case 'ENDED':
        return sql`n.status = 'PUBLISHED' and n.play_end_time <= ${at}`;
    }
  }

  async function publish(session: Session, input: PublishInput): Promise<NoticeRow> {
    const content = sanitizeNoticeHtml(input.content);
    if (!content) throw invalidInput([{ field: 'content', message: 'the content is empty once unsafe HTML is removed' }]);
    const directional = input.type === 'DIRECTIONAL';
    const domainIds = directional ? [...new Set(input.directDomainIds ?? [])] : [];
    return db.transaction(async (tx) => {
      if (domainIds.length) {
        const known = new Set((await tx.execute<{ id: string | number }>(sql`select id from domains where id = any(${bigintArray(domainIds)})`)).rows.map((r) => Number(r.id)));
        const index = (input.directDomainIds ?? []).findIndex((id) => !known.has(id));
        if (index >= 0) throw invalidInput([{ field: `directDomainIds.${index}`, message: `unknown domain ${input.directDomainIds![index]}` }]);
      }
      const at = now();
      const status: NoticeStatus = input.publish ? 'PUBLISHED' : 'DRAFT';
      const values = {
        type: input.type,
        title: input.title,
        content,
        playFrequency: input.playFrequency,
        playStartTime: parseDateTimeText(input.playStartTime),
        playEndTime: parseDateTimeText(input.playEndTime),
        status,
        directLevels: directional ? [...new Set(input.directLevels ?? [])] : [],
        stoppedAt: null,
        updatedAt: at,
      };
      let id: number;
      if (input.id === undefined) {
        const [created] = await tx
          .insert(systemNotices)
          .values({ ...values, publishedAt: input.publish ? at : null, createdBy: session.userId })
          .returning({ id: systemNotices.id });
        id = created!.id;
      } else {
        const [existing] = await tx.select().from(systemNotices).where(eq(systemNotices.id, input.id)).for('update');
        if (!existing) throw notFound('notice');
        if ((existing.type === 'DIRECTIONAL') !== directional) throw new AppError(NoticeErrors.WRONG_CALL_FOR_TYPE, 400);
        const updated = await tx
          .update(systemNotices)
          .set({ ...values, publishedAt: input.publish ? (existing.publishedAt ?? at) : null, version: sql`${systemNotices.version} + 1` })
          .where(and(eq(systemNotices.id, input.id), eq(systemNotices.version, input.version!)))
          .returning({ id: systemNotices.id });
        if (!updated.length) throw versionConflict('notice');
        id = input.id;
        // The chosen domains are replaced as a whole (a cross-domain write by design).
        if (directional) await tx.execute(sql`delete from system_notice_targets where notice_id = ${id}`);
      }
      if (domainIds.length) {
        await tx.execute(sql`insert into system_notice_targets (domain_id, notice_id) select d, ${id} from unnest(${bigintArray(domainIds)}) as d`);
      }
      return noticeView(tx, id);
    });
  }

  // ---- a seller account's messages --------------------------------------------------------

  /** Whether a notice is meant for the session's domain: every board and news notice, a directional one by domain or tier. */
  function meantFor(session: Session & { domainId: number }): SQL {
    const level = session.domain ? effectiveLevel(session.domain, now()) : 'LITE';
    return sql`(n.type <> 'DIRECTIONAL' or ${level} = any(n.direct_levels)
      or exists (select 1 from system_notice_targets t where t.domain_id = ${session.domainId} and t.notice_id = n.id))`;
  }

  /** Published, inside its window now. */
  const playingAt = (at: Date) => sql`n.status = 'PUBLISHED' and n.play_start_time <= ${at} and n.play_end_time > ${at}`;
  /** Played at some time up to now: published or stopped, its window started before now and before it was stopped. */
  const playedBy = (at: Date) => sql`n.status in ('PUBLISHED', 'STOPPED') and n.play_start_time <= ${at} and (n.stopped_at is null or n.play_start_time <= n.stopped_at)`;

  function messageOf(r: MessageDbRow): UserMessage {
    return {
      id: Number(r.id),
      title: r.title,
      type: r.type,
      unread: r.read_at === null,
      content: r.content,
      playStartTime: isoOf(r.play_start_time),
      playEndTime: isoOf(r.play_end_time),
      createTime: isoOf(r.created_at),
    };
  }

  const sellerOf = (session: Session): (Session & { domainId: number }) | null => (session.domainId === null ? null : (session as Session & { domainId: number }));

  function messageSelect(session: Session & { domainId: number }, where: SQL, tail: SQL): SQL {
    return sql`
      select n.id, n.type, n.title, n.content, n.play_start_time, n.play_end_time, n.created_at, r.read_at, r.last_read_at
        from system_notices n
        left join system_notice_reads r on r.domain_id = ${session.domainId} and r.notice_id = n.id and r.user_id = ${session.userId}
       where ${where} and ${meantFor(session)}
       ${tail}`;
  }

  return {
    publishMessage: (session: Session, input: PublishMessageInput) => publish(session, input),
    publishDirectNotice: (session: Session, input: PublishDirectNoticeInput) => publish(session, { ...input, type: 'DIRECTIONAL' }),

    async search(input: NoticeSearchInput): Promise<PageResult<NoticeRow>> {
      const at = now();
      const conditions: SQL[] = [sql`true`];
      if (input.keyword) conditions.push(sql`n.title ilike ${likePattern(input.keyword)}`);
      if (input.type) conditions.push(sql`n.type = ${input.type}`);
      const state = playStatusCondition(input.playStatus, at);
      if (state) conditions.push(state);
      const where = sql.join(conditions, sql` and `);
      const [count] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from system_notices n where ${where}`)).rows;
      const rows = await noticeRows(db, where, { limit: input.pageSize, offset: pageOffset(input) });
      return pageAnswer(rows, count?.n ?? 0, input);
    },

    async stopPlay(input: NoticeVersionInput): Promise<NoticeRow> {
      return db.transaction(async (tx) => {
        const [existing] = await tx.select().from(systemNotices).where(eq(systemNotices.id, input.id)).for('update');
        if (!existing) throw notFound('notice');
        if (existing.version !== input.version) throw versionConflict('notice');
        if (existing.status !== 'PUBLISHED') throw new AppError(NoticeErrors.NOT_PLAYING, 400);
        const at = now();
        await tx
          .update(systemNotices)
          .set({ status: 'STOPPED', stoppedAt: at, updatedAt: at, version: sql`${systemNotices.version} + 1` })
          .where(eq(systemNotices.id, input.id));
        return noticeView(tx, input.id);
      });
    },

    /** Deletes a notice with its chosen domains and read receipts (the foreign keys cascade). */
    async remove(id: number): Promise<void> {
      const deleted = await db.delete(systemNotices).where(eq(systemNotices.id, id)).returning({ id: systemNotices.id });
      if (!deleted.length) throw notFound('notice');
    },

    previewContent: (content: string) => ({ content: sanitizeNoticeHtml(content) }),

    async emergencyNotice(): Promise<EmergencyNotice> {
      const [row] = await db.select().from(emergencyNotices).where(eq(emergencyNotices.id, 1));
      return row ? { enabled: row.enabled, content: row.content, version: row.version, updateTime: iso(row.updatedAt) } : { enabled: false, content: '', version: 0, updateTime: null };
    },

    async saveEmergencyNotice(session: Session, input: EmergencyNoticeInput): Promise<EmergencyNotice> {
      const content = sanitizeNoticeHtml(input.content);
      if (input.enabled && !content) throw invalidInput([{ field: 'content', message: 'the content is empty once unsafe HTML is removed' }]);
      const at = now();
      return db.transaction(async (tx) => {
        // The row exists from the first save on; version 0 is the state before it.
        await tx.insert(emergencyNotices).values({ id: 1, enabled: false, content: '', version: 0 }).onConflictDoNothing();
        const [row] = await tx
          .update(emergencyNotices)
          .set({ enabled: input.enabled, content, updatedBy: session.userId, updatedAt: at, version: sql`${emergencyNotices.version} + 1` })
          .where(and(eq(emergencyNotices.id, 1), eq(emergencyNotices.version, input.version)))
          .returning();
        if (!row) throw versionConflict('notice');
        return { enabled: row.enabled, content: row.content, version: row.version, updateTime: iso(row.updatedAt) };
      });
    },

    /** The emergency page's HTML, or null when none is shown. */
    async emergencyPageHtml(): Promise<string | null> {
      const [row] = await db.select().from(emergencyNotices).where(eq(emergencyNotices.id, 1));
      return row?.enabled && row.content ? row.content : null;
    },

    /** The messages playing now for the account, newest first, and how many it has not read. */
    async userMessages(session: Session, input: UserMessageInput): Promise<UserMessagePage> {
      const seller = sellerOf(session);
      if (!seller) return { voList: [], total: 0, currentPage: input.currentPage, pageSize: input.pageSize, unreadCount: 0 };
      const all = (await db.execute<MessageDbRow>(messageSelect(seller, playingAt(now()), sql`order by n.play_start_time desc, n.id desc`))).rows.map(messageOf);
      const offset = pageOffset(input);
      return {
        voList: all.slice(offset, offset + input.pageSize),
        total: all.length,
        currentPage: input.currentPage,
        pageSize: input.pageSize,
        unreadCount: all.filter((m) => m.unread).length,
      };
    },

    /**
     * The board and directional notices the announcement modal opens with now: playing, and not
     * read by the account (ONCE) or not read in the last 24 hours (DAILY).
     */
    async needPlay(session: Session): Promise<{ voList: UserMessage[] }> {
      const seller = sellerOf(session);
      if (!seller) return { voList: [] };
      const at = now();
      const due = sql`${playingAt(at)} and n.type in ('BOARD', 'DIRECTIONAL')
        and (r.read_at is null or (n.play_frequency = 'DAILY' and r.last_read_at <= ${new Date(at.getTime() - 24 * 3600_000)}))`;
      const rows = (await db.execute<MessageDbRow>(messageSelect(seller, due, sql`order by n.play_start_time asc, n.id asc`))).rows;
      return { voList: rows.map(messageOf) };
    },

    /** Every message the account was shown or could have been shown, newest first (the /historyMessage page). */
    async history(session: Session, input: HistoryNoticeInput): Promise<PageResult<HistoryNotice>> {
      const seller = sellerOf(session);
      if (!seller) return pageAnswer([], 0, input);
      const conditions: SQL[] = [playedBy(now())];
      if (input.keyword) conditions.push(sql`n.title ilike ${likePattern(input.keyword)}`);
      if (input.type) conditions.push(sql`n.type = ${input.type}`);
      const where = sql.join(conditions, sql` and `);
      const [count] = (
        await db.execute<{ n: number }>(sql`select count(*)::int as n from system_notices n where ${where} and ${meantFor(seller)}`)
      ).rows;
      const rows = (
        await db.execute<MessageDbRow>(messageSelect(seller, where, sql`order by n.play_start_time desc, n.id desc limit ${input.pageSize} offset ${pageOffset(input)}`))
      ).rows;
      return pageAnswer(
        rows.map((r) => ({ ...messageOf(r), readTime: iso(r.read_at) })),
        count?.n ?? 0,
        input,
      );
    },

    /** Marks a message read by the account; a message it was never meant to see is not found. */
    async read(session: Session, noticeId: number): Promise<void> {
      const seller = sellerOf(session);
      if (!seller) throw notFound('notice');
      const at = now();
      await db.transaction(async (tx) => {
        const [visible] = (await tx.execute<MessageDbRow>(messageSelect(seller, sql`n.id = ${noticeId} and ${playedBy(at)}`, sql``))).rows;
        if (!visible) throw notFound('notice');
        await tx.execute(sql`
          insert into system_notice_reads (domain_id, notice_id, user_id, read_at, last_read_at, read_count)
          values (${seller.domainId}, ${noticeId}, ${seller.userId}, ${at}, ${at}, 1)
          on conflict (domain_id, notice_id, user_id)
          do update set last_read_at = excluded.last_read_at, read_count = system_notice_reads.read_count + 1`);
      });
    },
  };
}

export type NoticesService = ReturnType<typeof createNoticesService>;
