// The carriers a domain ships with: chosen from the catalogue of packages/core, with a note
// (udf4) and an order of their own. Names come from the catalogue in the reader's language.
import { and, asc, eq } from 'drizzle-orm';
import {
  EXPRESS_COMPANIES,
  EXPRESS_NONE_CODE,
  EXPRESS_NONE_ID,
  ErrorCodes,
  ExpressErrors,
  expressCompanyName,
  findExpressCompany,
  type ExpressCompanyOption,
  type Language,
  type SystemExpressCompany,
  type UpdateUserExpressCompanyInput,
  type UserExpressCompanyRow,
} from '@openseller/core';
import type { Database, Tx } from '../../db/client.js';
import { domainExpressCompanies } from '../../db/schema/index.js';
import { AppError, versionConflict } from '../../platform/errors.js';
import type { ServiceRegistry } from '../../platform/module.js';
import { writeOperationLog } from '../../platform/operation-log.js';
import type { Session } from '../../platform/sessions.js';
import { isoTimeOf as iso } from '../../platform/time.js';
import { idsIn, textsIn, uniqueViolation } from '../../platform/sql.js';
import { type ReferenceUse } from '../../platform/references.js';
import { actorOf, domainOf as sellerDomain } from '../../platform/caller.js';

const AREA = 'express';

/** Registry list: other areas (express rules, waybill accounts, orders) say where a carrier is used. */
export const EXPRESS_COMPANY_REFERENCES = 'express-company-references';
/** A checker gets the chosen rows' ids and their carrier codes. */
export type ExpressReferenceChecker = (tx: Tx, domainId: number, ids: number[], codes: string[]) => Promise<ReferenceUse[]>;

type Record_ = typeof domainExpressCompanies.$inferSelect;

export function toUserExpressCompanyRow(r: Record_, language: Language): UserExpressCompanyRow {
  const def = findExpressCompany(r.code);
  return {
    id: r.id,
    code: r.code,
    name: expressCompanyName(r.code, language),
    udf4: r.udf4,
    nameZh: def?.nameZh ?? r.code,
    nameEn: def?.nameEn ?? r.code,
    multiPackage: def?.multiPackage ?? false,
    freight: def?.freight ?? false,
    sortIndex: r.sortIndex,
    version: r.version,
    createdAt: iso(r.createdAt),
  };
}

export async function chosenRows(tx: Tx, domainId: number, filter: { ids?: number[]; codes?: string[] } = {}): Promise<Record_[]> {
  const conditions = [eq(domainExpressCompanies.domainId, domainId)];
  if (filter.ids) {
    if (!filter.ids.length) return [];
    conditions.push(idsIn(domainExpressCompanies.id, filter.ids));
  }
  if (filter.codes) {
    if (!filter.codes.length) return [];
    conditions.push(textsIn(domainExpressCompanies.code, filter.codes));
  }
  return tx
    .select()
    .from(domainExpressCompanies)
    .where(and(...conditions))
    .orderBy(asc(domainExpressCompanies.sortIndex), asc(domainExpressCompanies.id));
}

export function createExpressService(deps: { database: Database; registry: ServiceRegistry; now?: () => Date }) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());

  return {
    /**
     * Package splitting per carrier: the nine carriers of spec 01 §5 take one package an order,
     * the others several (numbered from firstDocumentNumber). Without codes: the domain's carriers.
     */
    async splitRule(session: Session, codes: string[] | undefined, language: Language) {
      const chosen = await chosenRows(db, sellerDomain(session));
      const chosenCodes = new Set(chosen.map((r) => r.code));
      const asked = codes?.length ? [...new Set(codes)] : chosen.map((r) => r.code);
      const unknown = asked.filter((c) => !findExpressCompany(c));
      if (unknown.length) throw new AppError(ErrorCodes.VALIDATION, 400, { detail: `codes: unknown express company ${unknown.join(', ')}`, field: 'codes' });
      return asked.map((code) => {
        const multiPackage = findExpressCompany(code)!.multiPackage;
        return { code, name: expressCompanyName(code, language), chosen: chosenCodes.has(code), multiPackage, refusal: multiPackage ? null : 'NO_MULTI_PACKAGE' };
      });
    },

    /** The domain's carriers, in their order. */
    async userCompanies(session: Session, language: Language): Promise<UserExpressCompanyRow[]> {
      return (await chosenRows(db, sellerDomain(session))).map((r) => toUserExpressCompanyRow(r, language));
    },

    /** The same, after a "no express company" entry (a filter choice: orders without a carrier). */
    async userCompaniesWithNull(session: Session, language: Language): Promise<ExpressCompanyOption[]> {
      const none: ExpressCompanyOption = { id: EXPRESS_NONE_ID, code: EXPRESS_NONE_CODE, name: language.startsWith('zh') ? '无快递' : 'No express company', udf4: null };
      return [none, ...(await this.userCompanies(session, language))];
    },

    async systemCompanies(session: Session, language: Language): Promise<SystemExpressCompany[]> {
      const chosen = new Map((await chosenRows(db, sellerDomain(session))).map((r) => [r.code, r]));
      return EXPRESS_COMPANIES.map((e) => ({
        id: chosen.get(e.code)?.id ?? null,
        code: e.code,
        name: expressCompanyName(e.code, language),
        nameZh: e.nameZh,
        nameEn: e.nameEn,
        multiPackage: e.multiPackage,
        freight: e.freight,
        chosen: chosen.has(e.code),
        userExpressCompanyId: chosen.get(e.code)?.id ?? null,
        udf4: chosen.get(e.code)?.udf4 ?? null,
      }));
    },

    /** Adds carriers to the domain's list, after the ones already there; all or none. */
    async add(session: Session, codes: string[], language: Language): Promise<UserExpressCompanyRow[]> {
      const domainId = sellerDomain(session);
      const unique = [...new Set(codes)];
      try {
        return await db.transaction(async (tx) => {
          const existing = await chosenRows(tx, domainId);
          const taken = unique.find((code) => existing.some((r) => r.code === code));
          if (taken) throw new AppError(ExpressErrors.ALREADY_CHOSEN, 409, { field: 'codes', code: taken, name: expressCompanyName(taken, language) });
          const start = existing.reduce((max, r) => Math.max(max, r.sortIndex), 0);
          const created = await tx
            .insert(domainExpressCompanies)
            .values(unique.map((code, i) => ({ domainId, code, sortIndex: start + i + 1, createdBy: session.userId })))
            .returning();
          for (const row of created) await writeOperationLog(tx, actorOf(session), { area: AREA, entityType: 'expressCompany', entityId: row.id, action: 'add', after: row });
          return created.map((r) => toUserExpressCompanyRow(r, language));
        });
      } catch (error) {
        if (uniqueViolation(error) === 'domain_express_companies_key') throw new AppError(ExpressErrors.ALREADY_CHOSEN, 409, { field: 'codes', code: unique.join(',') });
        throw error;
      }
    },

    /** Removes carriers from the domain's list; none that rules, accounts or orders still use. */
    async remove(session: Session, idList: number[]): Promise<{ removed: number }> {
      const domainId = sellerDomain(session);
      const ids = [...new Set(idList)];
      return db.transaction(async (tx) => {
        const rows = await chosenRows(tx, domainId, { ids });
        const missing = ids.find((id) => !rows.some((r) => r.id === id));
        if (missing !== undefined) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'expressCompany', field: 'idList', id: missing });
        for (const row of rows) {
          for (const check of deps.registry.list<ExpressReferenceChecker>(EXPRESS_COMPANY_REFERENCES)) {
            const use = (await check(tx, domainId, [row.id], [row.code])).find((u) => u.count > 0);
            if (use) throw new AppError(ExpressErrors.IN_USE, 409, { field: 'idList', code: row.code, reason: use.reason, count: use.count });
          }
        }
        await tx.delete(domainExpressCompanies).where(and(eq(domainExpressCompanies.domainId, domainId), idsIn(domainExpressCompanies.id, ids)));
        for (const row of rows) await writeOperationLog(tx, actorOf(session), { area: AREA, entityType: 'expressCompany', entityId: row.id, action: 'remove', before: row });
        return { removed: rows.length };
      });
    },

    async update(session: Session, input: UpdateUserExpressCompanyInput, language: Language): Promise<UserExpressCompanyRow> {
      const domainId = sellerDomain(session);
      return db.transaction(async (tx) => {
        const [before] = await chosenRows(tx, domainId, { ids: [input.id] });
        if (!before) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'expressCompany', field: 'id' });
        const [after] = await tx
          .update(domainExpressCompanies)
          .set({ udf4: input.udf4 ?? null, sortIndex: input.sortIndex, version: input.version + 1, updatedAt: now() })
          .where(and(eq(domainExpressCompanies.domainId, domainId), eq(domainExpressCompanies.id, input.id), eq(domainExpressCompanies.version, input.version)))
          .returning();
        if (!after) throw versionConflict('expressCompany');
        await writeOperationLog(tx, actorOf(session), { area: AREA, entityType: 'expressCompany', entityId: input.id, action: 'update', before, after });
        return toUserExpressCompanyRow(after, language);
      });
    },
  };
}

export type ExpressService = ReturnType<typeof createExpressService>;
