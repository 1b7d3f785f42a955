// The help centre's manuals (spec 01 §2.1 /docs, §2.3; 02 §7.15 manual calls): a tree per language
// and section of directories, articles, questions (FAQ) and video entries, with attachments as
// links. The root account writes them; anyone reads the enabled ones, signed out too. Content is
// sanitised with the notices' allow-list before it is stored.
import {
  GuideErrors,
  type ManualDeleteInput,
  type ManualDetail,
  type ManualLang,
  type ManualNode,
  type ManualSaveInput,
  type ManualSearchInput,
  type ManualSearchRow,
  type ManualSortInput,
  type ManualTreeInput,
  type PageResult,
} from '@openseller/core';
import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import { helpManuals } from '../../db/schema/index.js';
import { AppError, notFound, versionConflict } from '../../platform/errors.js';
import { pageAnswer, pageOffset } from '../../platform/paging.js';
import type { Session } from '../../platform/sessions.js';
import { likePattern } from '../../platform/sql.js';
import { sanitizeNoticeHtml } from '../notices/index.js';

type ManualRow = typeof helpManuals.$inferSelect;

const EXCERPT_LENGTH = 120;

const detailOf = (r: ManualRow): ManualDetail => ({
  id: r.id,
  version: r.version,
  parentId: r.parentId,
  section: r.section as ManualDetail['section'],
  lang: r.lang as ManualDetail['lang'],
  kind: r.kind as ManualDetail['kind'],
  title: r.title,
  content: r.content,
  videoUrl: r.videoUrl,
  attachments: r.attachments,
  sortIndex: r.sortIndex,
  enabled: r.enabled,
  updatedAt: r.updatedAt.toISOString(),
});

/** Plain text of sanitised HTML, for search excerpts. */
export function manualPlainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

function excerptOf(text: string, keyword: string): string {
  const at = text.toLowerCase().indexOf(keyword.toLowerCase());
  if (at < 0) return text.slice(0, EXCERPT_LENGTH);
  const start = Math.max(0, at - 40);
  return (start > 0 ? '…' : '') + text.slice(start, start + EXCERPT_LENGTH) + (start + EXCERPT_LENGTH < text.length ? '…' : '');
}

export function createManualsService(deps: { database: Database; now?: () => Date }) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());

  /** The tree of a language (and section); signed-out readers get enabled entries under enabled directories only. */
  async function tree(input: ManualTreeInput, includeDisabled: boolean): Promise<ManualNode[]> {
    const where: SQL[] = [eq(helpManuals.lang, input.lang)];
    if (input.section) where.push(eq(helpManuals.section, input.section));
    if (!includeDisabled) where.push(eq(helpManuals.enabled, true));
    const rows = await db
      .select()
      .from(helpManuals)
      .where(and(...where))
      .orderBy(asc(helpManuals.sortIndex), asc(helpManuals.id));
    const nodes = new Map<number, ManualNode>(
      rows.map((r) => [
        r.id,
        {
          id: r.id,
          parentId: r.parentId,
          section: r.section as ManualNode['section'],
          lang: r.lang as ManualNode['lang'],
          kind: r.kind as ManualNode['kind'],
          title: r.title,
          sortIndex: r.sortIndex,
          enabled: r.enabled,
          videoUrl: r.videoUrl,
          attachmentCount: r.attachments.length,
          updatedAt: r.updatedAt.toISOString(),
          children: [],
        },
      ]),
    );
    const roots: ManualNode[] = [];
    for (const r of rows) {
      const node = nodes.get(r.id)!;
      if (r.parentId === null) roots.push(node);
      else nodes.get(r.parentId)?.children.push(node);
      // An entry under a disabled (so absent) directory is not reachable signed out: left out.
    }
    return roots;
  }

  /** An entry; a signed-out reader gets only an enabled one whose directories are enabled. */
  async function get(id: number, includeDisabled: boolean): Promise<ManualDetail> {
    const [row] = await db.select().from(helpManuals).where(eq(helpManuals.id, id));
    if (!row || (!includeDisabled && !(await reachable(row)))) throw notFound('manual');
    return detailOf(row);
  }

  async function reachable(row: ManualRow): Promise<boolean> {
    const found = await db.execute<{ disabled: number }>(sql`
      with recursive up as (
        select id, parent_id, enabled from help_manuals where id = ${row.id}
        union all
        select m.id, m.parent_id, m.enabled from help_manuals m join up on m.id = up.parent_id
      )
      select count(*) filter (where not enabled)::int as disabled from up`);
    return Number(found.rows[0]?.disabled ?? 1) === 0;
  }

  async function search(input: ManualSearchInput): Promise<PageResult<ManualSearchRow>> {
    const pattern = likePattern(input.keyword);
    const where = sql`m.lang = ${input.lang} and m.enabled and m.kind <> 'DIR'
      and not exists (
        with recursive up as (
          select p.id, p.parent_id, p.enabled from help_manuals p where p.id = m.parent_id
          union all
          select q.id, q.parent_id, q.enabled from help_manuals q join up on q.id = up.parent_id
        ) select 1 from up where not up.enabled)
      and (m.title ilike ${pattern} or regexp_replace(m.content, '<[^>]*>', ' ', 'g') ilike ${pattern})`;
    const [total] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from help_manuals m where ${where}`)).rows;
    const rows = (
      await db.execute<{ id: number | string; section: string; kind: string; title: string; content: string }>(sql`
        select m.id, m.section, m.kind, m.title, m.content from help_manuals m where ${where}
        order by (m.title ilike ${pattern}) desc, m.section, m.sort_index, m.id
        limit ${input.pageSize} offset ${pageOffset(input)}`)
    ).rows;
    return pageAnswer(
      rows.map((r) => ({
        id: Number(r.id),
        section: r.section as ManualSearchRow['section'],
        kind: r.kind as ManualSearchRow['kind'],
        title: r.title,
        excerpt: excerptOf(manualPlainText(r.content), input.keyword),
      })),
      Number(total?.n ?? 0),
      input,
    );
  }

  /** Every enabled question of a language, in the help centre's order. */
  async function faq(lang: ManualLang): Promise<{ voList: ManualDetail[] }> {
    const rows = await db
      .select()
      .from(helpManuals)
      .where(and(eq(helpManuals.lang, lang), eq(helpManuals.kind, 'FAQ'), eq(helpManuals.enabled, true)))
      .orderBy(asc(helpManuals.section), asc(helpManuals.sortIndex), asc(helpManuals.id));
    return { voList: rows.map(detailOf) };
  }

  async function checkParent(tx: Tx, input: ManualSaveInput): Promise<void> {
    if (input.parentId === null) return;
    const [parent] = await tx.select().from(helpManuals).where(eq(helpManuals.id, input.parentId));
    if (!parent || parent.kind !== 'DIR' || parent.section !== input.section || parent.lang !== input.lang) {
      throw new AppError(GuideErrors.MANUAL_BAD_PARENT, 409, { field: 'parentId' });
    }
    if (input.id === undefined) return;
    // An entry cannot move under itself or under one of its own entries.
    const loop = await tx.execute<{ id: number }>(sql`
      with recursive up as (
        select id, parent_id from help_manuals where id = ${input.parentId}
        union all
        select m.id, m.parent_id from help_manuals m join up on m.id = up.parent_id
      ) select id from up where id = ${input.id}`);
    if (loop.rows.length) throw new AppError(GuideErrors.MANUAL_BAD_PARENT, 409, { field: 'parentId' });
  }

  async function save(session: Session, input: ManualSaveInput): Promise<ManualDetail> {
    const content = input.kind === 'DIR' ? '' : sanitizeNoticeHtml(input.content);
    const values = {
      parentId: input.parentId,
      section: input.section,
      lang: input.lang,
      kind: input.kind,
      title: input.title,
      content,
      videoUrl: input.kind === 'VIDEO' ? input.videoUrl : null,
      attachments: input.attachments,
      enabled: input.enabled,
    };
    return db.transaction(async (tx) => {
      await checkParent(tx, input);
      const at = now();
      if (input.id === undefined) {
        const [last] = await tx.execute<{ n: number | null }>(sql`
          select max(sort_index)::int as n from help_manuals
          where lang = ${input.lang} and section = ${input.section} and parent_id is not distinct from ${input.parentId}`).then((r) => r.rows);
        const [row] = await tx
          .insert(helpManuals)
          .values({ ...values, sortIndex: Number(last?.n ?? -1) + 1, createdBy: session.userId, createdAt: at, updatedAt: at })
          .returning();
        return detailOf(row!);
      }
      const [before] = await tx.select().from(helpManuals).where(eq(helpManuals.id, input.id)).for('update');
      if (!before) throw notFound('manual');
      if (before.version !== input.version) throw versionConflict('manual');
      if (before.kind === 'DIR' && input.kind !== 'DIR') {
        const [children] = await tx.execute<{ n: number }>(sql`select count(*)::int as n from help_manuals where parent_id = ${before.id}`).then((r) => r.rows);
        if (Number(children?.n ?? 0) > 0) throw new AppError(GuideErrors.MANUAL_HAS_CHILDREN, 409, { field: 'kind', count: Number(children!.n) });
      }
      if ((before.section !== input.section || before.lang !== input.lang) && before.kind === 'DIR') {
        const [children] = await tx.execute<{ n: number }>(sql`select count(*)::int as n from help_manuals where parent_id = ${before.id}`).then((r) => r.rows);
        if (Number(children?.n ?? 0) > 0) throw new AppError(GuideErrors.MANUAL_HAS_CHILDREN, 409, { field: 'section', count: Number(children!.n) });
      }
      const [row] = await tx
        .update(helpManuals)
        .set({ ...values, version: sql`${helpManuals.version} + 1`, updatedAt: at })
        .where(eq(helpManuals.id, input.id))
        .returning();
      return detailOf(row!);
    });
  }

  async function remove(input: ManualDeleteInput): Promise<void> {
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(helpManuals).where(eq(helpManuals.id, input.id)).for('update');
      if (!before) throw notFound('manual');
      if (before.version !== input.version) throw versionConflict('manual');
      const [children] = await tx.execute<{ n: number }>(sql`select count(*)::int as n from help_manuals where parent_id = ${before.id}`).then((r) => r.rows);
      if (Number(children?.n ?? 0) > 0) throw new AppError(GuideErrors.MANUAL_HAS_CHILDREN, 409, { field: 'id', count: Number(children!.n) });
      await tx.delete(helpManuals).where(eq(helpManuals.id, input.id));
    });
  }

  /** The entries under one parent in their new order; they must be exactly the parent's entries (of one section and language at the top). */
  async function updateSort(input: ManualSortInput): Promise<void> {
    await db.transaction(async (tx) => {
      const listed = await tx
        .select()
        .from(helpManuals)
        .where(sql`${helpManuals.id} = any(${sql.param(input.idList)}::bigint[])`)
        .for('update');
      const first = listed[0];
      const mismatch = () => new AppError(GuideErrors.MANUAL_SORT_MISMATCH, 409, { field: 'idList' });
      if (!first || listed.length !== input.idList.length) throw mismatch();
      if (listed.some((r) => r.parentId !== input.parentId || r.lang !== first.lang || r.section !== first.section)) throw mismatch();
      const siblings = await tx
        .select({ id: helpManuals.id })
        .from(helpManuals)
        .where(and(input.parentId === null ? isNull(helpManuals.parentId) : eq(helpManuals.parentId, input.parentId), eq(helpManuals.lang, first.lang), eq(helpManuals.section, first.section)));
      if (siblings.length !== input.idList.length) throw mismatch();
      const at = now();
      for (const [index, id] of input.idList.entries()) {
        await tx.update(helpManuals).set({ sortIndex: index, version: sql`${helpManuals.version} + 1`, updatedAt: at }).where(eq(helpManuals.id, id));
      }
    });
  }

  return { tree, get, search, faq, save, remove, updateSort };
}

export type ManualsService = ReturnType<typeof createManualsService>;
