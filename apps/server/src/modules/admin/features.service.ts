// Feature domains (spec 02 §7.15 domainFuture): a feature turned on for chosen domains first.
// Root adds domains to a feature, turns a domain's feature off and on, and removes it; every
// change is in the admin log. Areas ask isOn(domainId, code) (the 'domain-features' service).
import { and, eq, sql } from 'drizzle-orm';
import { AdminErrors, type DomainFeatureRow } from '@openseller/core';
import type { Database, Tx } from '../../db/client.js';
import { domainFeatures } from '../../db/schema/index.js';
import { AppError, notFound, versionConflict } from '../../platform/errors.js';
import { pageWindow } from '../../platform/paging.js';
import type { Session } from '../../platform/sessions.js';
import { writeAdminLog } from './jobs.service.js';

export const DOMAIN_FEATURES_SERVICE = 'domain-features';
export interface DomainFeaturesReader {
  isOn(domainId: number, featureCode: string): Promise<boolean>;
}

const iso = (d: Date | string) => new Date(d).toISOString();

function rowOf(r: Record<string, unknown>): DomainFeatureRow {
  return {
    id: Number(r.id),
    domainId: Number(r.domain_id),
    domainCode: String(r.domain_code),
    domainName: (r.domain_name as string | null) ?? null,
    featureCode: String(r.feature_code),
    enabled: Boolean(r.enabled),
    remark: (r.remark as string | null) ?? null,
    version: Number(r.version),
    createdAt: iso(r.created_at as Date),
    updatedAt: iso(r.updated_at as Date),
  };
}

export function createFeaturesService(deps: { database: Database }) {
  const { db } = deps.database;

  async function one(tx: Tx, id: number): Promise<Record<string, unknown> | undefined> {
    // The root account names a row by id only: the domain is read from the row's own id.
    const rows = await tx.execute<Record<string, unknown>>(sql`
      select f.*, d.code as domain_code, d.name as domain_name from domain_features f join domains d on d.id = f.domain_id
      where f.domain_id = (select domain_id from domain_features where id = ${id}) and f.id = ${id}`);
    return rows.rows[0];
  }

  return {
    async search(input: { featureCode?: string | undefined; keyword?: string | undefined; currentPage: number; pageSize: number }) {
      const { limit, offset } = pageWindow(input);
      const like = input.keyword ? `%${input.keyword.replace(/[\\%_]/g, (c) => '\\' + c)}%` : null;
      const where = sql`where (${input.featureCode ?? null}::text is null or f.feature_code = ${input.featureCode ?? null})
        and (${like}::text is null or d.code ilike ${like} or d.name ilike ${like})`;
      const rows = await db.execute<Record<string, unknown>>(sql`
        select f.*, d.code as domain_code, d.name as domain_name from domain_features f join domains d on d.id = f.domain_id ${where}
        order by f.feature_code, f.id desc limit ${limit} offset ${offset}`);
      const total = await db.execute<{ n: number }>(sql`select count(*)::int as n from domain_features f join domains d on d.id = f.domain_id ${where}`);
      return { voList: rows.rows.map(rowOf), total: Number(total.rows[0]!.n) };
    },

    async create(session: Session, input: { featureCode: string; domainIdList: number[]; remark?: string | undefined }) {
      const ids = [...new Set(input.domainIdList)];
      return db.transaction(async (tx) => {
        const found = await tx.execute<{ id: number }>(sql`select id from domains where id = any(${`{${ids.join(',')}}`}::bigint[])`);
        const known = new Set(found.rows.map((r) => Number(r.id)));
        const missing = ids.filter((id) => !known.has(id));
        if (missing.length) throw new AppError(AdminErrors.DOMAIN_NOT_FOUND, 404, { domainId: missing.join(', ') });
        let count = 0;
        for (const domainId of ids) {
          const inserted = await tx
            .insert(domainFeatures)
            .values({ domainId, featureCode: input.featureCode, remark: input.remark ?? null, createdBy: session.userId })
            .onConflictDoNothing()
            .returning({ id: domainFeatures.id });
          if (!inserted.length) throw new AppError(AdminErrors.FEATURE_DOMAIN_EXISTS, 409, { featureCode: input.featureCode, domainId });
          await writeAdminLog(tx, session, { entityType: 'feature', entityId: input.featureCode, action: 'ADD_DOMAIN', after: { domainId, enabled: true, remark: input.remark ?? null } });
          count++;
        }
        return { count };
      });
    },

    async update(session: Session, input: { id: number; version: number; enabled: boolean; remark?: string | null | undefined }) {
      return db.transaction(async (tx) => {
        const before = await one(tx, input.id);
        if (!before) throw notFound('domainFuture');
        const domainId = Number(before.domain_id);
        const remark = input.remark === undefined ? (before.remark as string | null) : input.remark || null;
        const updated = await tx
          .update(domainFeatures)
          .set({ enabled: input.enabled, remark, version: sql`${domainFeatures.version} + 1`, updatedAt: new Date() })
          .where(and(eq(domainFeatures.domainId, domainId), eq(domainFeatures.id, input.id), eq(domainFeatures.version, input.version)))
          .returning({ id: domainFeatures.id });
        if (!updated.length) throw versionConflict('domainFuture');
        await writeAdminLog(tx, session, {
          entityType: 'feature',
          entityId: String(before.feature_code),
          action: 'UPDATE_DOMAIN',
          before: { domainId, enabled: before.enabled, remark: before.remark },
          after: { domainId, enabled: input.enabled, remark },
        });
        return rowOf((await one(tx, input.id))!);
      });
    },

    async remove(session: Session, idList: number[]) {
      return db.transaction(async (tx) => {
        let count = 0;
        for (const id of new Set(idList)) {
          const before = await one(tx, id);
          if (!before) throw notFound('domainFuture');
          const domainId = Number(before.domain_id);
          await tx.delete(domainFeatures).where(and(eq(domainFeatures.domainId, domainId), eq(domainFeatures.id, id)));
          await writeAdminLog(tx, session, { entityType: 'feature', entityId: String(before.feature_code), action: 'REMOVE_DOMAIN', before: { domainId, enabled: before.enabled } });
          count++;
        }
        return { count };
      });
    },

    /** The domains a feature is not yet turned on for (to pick from when adding). */
    async notIn(input: { featureCode: string; keyword?: string | undefined; currentPage: number; pageSize: number }) {
      const { limit, offset } = pageWindow(input);
      const like = input.keyword ? `%${input.keyword.replace(/[\\%_]/g, (c) => '\\' + c)}%` : null;
      const where = sql`where not exists (select 1 from domain_features f where f.domain_id = d.id and f.feature_code = ${input.featureCode})
        and (${like}::text is null or d.code ilike ${like} or d.name ilike ${like})`;
      const rows = await db.execute<Record<string, unknown>>(sql`select d.id, d.code as domain_code, d.name as domain_name, d.level from domains d ${where} order by d.id desc limit ${limit} offset ${offset}`);
      const total = await db.execute<{ n: number }>(sql`select count(*)::int as n from domains d ${where}`);
      return {
        voList: rows.rows.map((r) => ({ domainId: Number(r.id), domainCode: String(r.domain_code), domainName: (r.domain_name as string | null) ?? null, level: String(r.level) })),
        total: Number(total.rows[0]!.n),
      };
    },

    async mine(domainId: number) {
      const rows = await db
        .select({ code: domainFeatures.featureCode })
        .from(domainFeatures)
        .where(and(eq(domainFeatures.domainId, domainId), eq(domainFeatures.enabled, true)));
      return { featureCodes: rows.map((r) => r.code).sort() };
    },

    async isOn(domainId: number, featureCode: string) {
      const rows = await db
        .select({ id: domainFeatures.id })
        .from(domainFeatures)
        .where(and(eq(domainFeatures.domainId, domainId), eq(domainFeatures.featureCode, featureCode), eq(domainFeatures.enabled, true)));
      return rows.length > 0;
    },
  };
}

export type FeaturesService = ReturnType<typeof createFeaturesService>;
