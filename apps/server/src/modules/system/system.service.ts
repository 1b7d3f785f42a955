// Site information, home counters, platform settings and the root account's admin area.
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  EMPTY_HOME_PAGE_DATA,
  type DomainLevel,
  type DomainRow,
  type DomainSearchInput,
  type DomainUpdateInput,
  type HomePageData,
  type PageResult,
  type SiteInfo,
  type SmsOutboxRow,
  type SmsOutboxSearchInput,
  parseDateTimeText,
  PLATFORM_LOG_AREA,
} from '@openseller/core';
import type { Database } from '../../db/client.js';
import { qualified } from '../../db/columns.js';
import { domains, smsOutbox, systemConfigs, users } from '../../db/schema/index.js';
import { notFound, versionConflict } from '../../platform/errors.js';
import { writeOperationLog } from '../../platform/operation-log.js';
import type { Session } from '../../platform/sessions.js';
import type { HomeCounterProvider } from '../../platform/module.js';
import { likePattern } from '../../platform/sql.js';
import { pageOffset } from '../../platform/paging.js';

/**
 * A business area adds its home counters through a provider (orders: countNoVerify; stock:
 * whbelowWarning; …). Until an area exists its counters stay at the spec's default of 0.
 */
export type { HomeCounterProvider };

export function createSystemService(deps: { database: Database; siteTitle: string; version: string; now?: () => Date }) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());
  const homeProviders: HomeCounterProvider[] = [];

  return {
    addHomeCounterProvider(provider: HomeCounterProvider) {
      homeProviders.push(provider);
    },

    async siteInfo(): Promise<SiteInfo> {
      const [row] = await db.select().from(systemConfigs).where(eq(systemConfigs.itemCode, 'SITE_TITLE'));
      return { siteTitle: row?.value || deps.siteTitle, version: deps.version };
    },

    async allConfigs(): Promise<{ itemCode: string; value: string }[]> {
      const rows = await db.select({ itemCode: systemConfigs.itemCode, value: systemConfigs.value }).from(systemConfigs);
      return rows;
    },

    async homePageData(session: Session): Promise<HomePageData> {
      const data: HomePageData = { ...EMPTY_HOME_PAGE_DATA, whbelowWarning: [] };
      if (session.domainId === null) return data;
      for (const provider of homeProviders) Object.assign(data, await provider(session.domainId, session));
      return data;
    },

    async healthy(): Promise<boolean> {
      await db.execute(sql`select 1`);
      return true;
    },

    // ---- root account ----------------------------------------------------------------------

    async searchDomains(input: DomainSearchInput): Promise<PageResult<DomainRow>> {
      const conditions = [];
      if (input.keyword) {
        const p = likePattern(input.keyword);
        conditions.push(sql`(${domains.name} ilike ${p} or ${domains.code} ilike ${p} or exists (select 1 from users u where u.domain_id = ${domains.id} and u.login_name ilike ${p}))`);
      }
      if (input.level) conditions.push(eq(domains.level, input.level));
      const where = conditions.length ? and(...conditions) : undefined;
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(domains).where(where);
      const rows = await db
        .select({
          domain: domains,
          mainLoginName: sql<string | null>`(select u.login_name from users u where u.domain_id = ${qualified(domains.id)} and u.account_type = 'MAIN_ACCOUNT_TYPE' order by u.id limit 1)`,
          userCount: sql<number>`(select count(*)::int from users u where u.domain_id = ${qualified(domains.id)})`,
        })
        .from(domains)
        .where(where)
        .orderBy(desc(domains.id))
        .limit(input.pageSize)
        .offset(pageOffset(input));
      return {
        total: count?.n ?? 0,
        currentPage: input.currentPage,
        pageSize: input.pageSize,
        voList: rows.map(({ domain: d, mainLoginName, userCount }) => ({
          id: d.id,
          version: d.version,
          domainCode: d.code,
          name: d.name,
          level: d.level as DomainLevel,
          trialLevel: (d.trialLevel as DomainLevel | null) ?? null,
          trialExpireTime: d.trialExpireTime?.toISOString() ?? null,
          expireTime: d.expireTime?.toISOString() ?? null,
          byStore: d.byStore,
          extraMenus: d.extraMenus,
          mainLoginName,
          userCount,
          createdAt: d.createdAt.toISOString(),
        })),
      };
    },

    async updateDomain(session: Session, input: DomainUpdateInput): Promise<void> {
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(domains).where(eq(domains.id, input.id));
        if (!before) throw notFound('domain');
        const values = {
          level: input.level,
          trialLevel: input.trialLevel ?? null,
          trialExpireTime: input.trialExpireTime ? parseDateTimeText(input.trialExpireTime) : null,
          expireTime: input.expireTime ? parseDateTimeText(input.expireTime) : null,
          byStore: input.byStore,
        };
        const updated = await tx
          .update(domains)
          .set({ ...values, updatedAt: now(), version: sql`${domains.version} + 1` })
          .where(and(eq(domains.id, input.id), eq(domains.version, input.version)))
          .returning({ id: domains.id });
        if (!updated.length) throw versionConflict('domain');
        await writeOperationLog(
          tx,
          // Written under the domain it changes (the log is distributed by domain), in an area no
          // seller log screen lists, so sellers see it no more than before.
          { userId: session.userId, loginName: session.loginName, domainId: input.id },
          {
            area: PLATFORM_LOG_AREA,
            entityType: 'domain',
            entityId: input.id,
            action: 'UPDATE_DOMAIN_EDITION',
            before: { level: before.level, trialLevel: before.trialLevel, trialExpireTime: before.trialExpireTime, expireTime: before.expireTime, byStore: before.byStore },
            after: values,
          },
        );
      });
    },

    async searchSmsOutbox(input: SmsOutboxSearchInput): Promise<PageResult<SmsOutboxRow>> {
      const where = input.mobile ? sql`${smsOutbox.mobile} like ${likePattern(input.mobile)}` : undefined;
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(smsOutbox).where(where);
      const rows = await db
        .select()
        .from(smsOutbox)
        .where(where)
        .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
        .limit(input.pageSize)
        .offset(pageOffset(input));
      return {
        total: count?.n ?? 0,
        currentPage: input.currentPage,
        pageSize: input.pageSize,
        voList: rows.map((r) => ({ id: r.id, mobile: r.mobile, purpose: r.purpose, content: r.content, sender: r.sender, createdAt: r.createdAt.toISOString() })),
      };
    },

    /** How many accounts exist; used by start-up to decide on demo data. */
    async countUsers(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
      return row?.n ?? 0;
    },
  };
}

export type SystemService = ReturnType<typeof createSystemService>;
