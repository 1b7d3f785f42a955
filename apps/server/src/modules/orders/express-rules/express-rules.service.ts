// Express rules (BY_AREA … BY_SKU), their priority order, stop-shipping templates, and the courier
// choice the ingest pipeline asks for (spec 02 §3.10, §7.8). See ../README.md "How the courier is chosen".
import { and, asc, desc, eq, ilike, sql } from 'drizzle-orm';
import {
  chooseCourier,
  ExpressRuleErrors,
  ErrorCodes,
  effectivePriority,
  EXPRESS_RULE_TYPES,
  expressCompanyName,
  findProvince,
  sortIndexAt,
  compareDecimals,
  type ExpressRule,
  type CourierStopTemplate,
  type ExpressRulePriority,
  type ExpressRuleRow,
  type ExpressRuleType,
  type Language,
  type PageResult,
  type StopTemplateCreateInput,
  type StopTemplateRow,
  type StopTemplateSearchInput,
  type StopTemplateUpdateInput,
  type UpdateExpressRuleListInput,
  type UpdateExpressRulePriorityInput,
} from '@openseller/core';
import type { Database, Tx } from '../../../db/client.js';
import { expressRulePriorities, expressRules, expressStopTemplates, stores } from '../../../db/schema/index.js';
import { AppError, invalidInput, notFound, versionConflict } from '../../../platform/errors.js';
import type { ServiceRegistry } from '../../../platform/module.js';
import { writeOperationLog } from '../../../platform/operation-log.js';
import type { Session } from '../../../platform/sessions.js';
import type { ExpressRegistryService } from '../../express/index.js';
import type { CourierChoice, CourierChoiceInput, ExpressRulesService } from './courier-choice.js';
import { idsIn, textsIn, uniqueViolation } from '../../../platform/sql.js';
import { actorOf, domainOf as sellerDomain } from '../../../platform/caller.js';
import { isoTimeOf as iso } from '../../../platform/time.js';
import { pageOffset } from '../../../platform/paging.js';

/** The operation log's area of express rules: a stored value, kept as first written (renaming it needs a data migration). */
export const EXPRESS_RULES_AREA = 'expressrules';

type RuleRecord = typeof expressRules.$inferSelect;
type StopRecord = typeof expressStopTemplates.$inferSelect;


export function toRuleRow(r: RuleRecord): ExpressRuleRow {
  return { id: r.id, type: r.type as ExpressRuleType, usable: r.usable, version: r.version, sortIndex: r.sortIndex, ruleCondition: r.ruleCondition, createdAt: iso(r.createdAt), updatedAt: iso(r.updatedAt) };
}

function toStopRow(r: StopRecord, language: Language): StopTemplateRow {
  return {
    id: r.id,
    name: r.name,
    expressCompanyCode: r.expressCompanyCode,
    expressCompanyName: expressCompanyName(r.expressCompanyCode, language),
    areas: r.areas,
    usable: r.usable,
    version: r.version,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  };
}

export async function rulesOf(tx: Tx, domainId: number, type?: ExpressRuleType): Promise<RuleRecord[]> {
  const where = type ? and(eq(expressRules.domainId, domainId), eq(expressRules.type, type)) : eq(expressRules.domainId, domainId);
  return tx.select().from(expressRules).where(where).orderBy(desc(expressRules.sortIndex), asc(expressRules.id));
}

async function priorityRow(tx: Tx, domainId: number) {
  const [row] = await tx.select().from(expressRulePriorities).where(eq(expressRulePriorities.domainId, domainId));
  return row;
}

async function stopTemplatesOf(tx: Tx, domainId: number): Promise<StopRecord[]> {
  return tx.select().from(expressStopTemplates).where(eq(expressStopTemplates.domainId, domainId)).orderBy(asc(expressStopTemplates.id));
}

/** How many rules and templates name these carriers (the express area's in-use check). */
export async function carrierUses(tx: Tx, domainId: number, codes: string[]): Promise<number> {
  if (!codes.length) return 0;
  const [a] = await tx.select({ n: sql<number>`count(*)::int` }).from(expressRules).where(and(eq(expressRules.domainId, domainId), textsIn(expressRules.expressCompanyCode, codes)));
  const [b] = await tx.select({ n: sql<number>`count(*)::int` }).from(expressStopTemplates).where(and(eq(expressStopTemplates.domainId, domainId), textsIn(expressStopTemplates.expressCompanyCode, codes)));
  return Number(a?.n ?? 0) + Number(b?.n ?? 0);
}

export function createExpressRulesService(deps: { database: Database; registry: ServiceRegistry; now?: () => Date }) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());

  /** Refuses a carrier the domain has not chosen, naming the field. */
  async function checkCarriers(tx: Tx, domainId: number, codes: { field: string; code: string }[]): Promise<void> {
    if (!codes.length) return;
    const express = deps.registry.get<ExpressRegistryService>('express');
    const chosen = new Set((await express.findChosen(domainId, { codes: [...new Set(codes.map((c) => c.code))] }, 'zh', tx)).map((r) => r.code));
    const missing = codes.find((c) => !chosen.has(c.code));
    if (missing) throw new AppError(ExpressRuleErrors.CARRIER_NOT_CHOSEN, 400, { field: missing.field, code: missing.code });
  }

  async function checkRuleFields(tx: Tx, domainId: number, input: UpdateExpressRuleListInput): Promise<void> {
    const storeIds = new Set<number>();
    input.rules.forEach((rule, i) => {
      const c = rule.ruleCondition;
      const f = (name: string) => `rules.${i}.ruleCondition.${name}`;
      const required = (name: keyof typeof c) => {
        const v = c[name];
        if (v === null || v === undefined || v === '') throw invalidInput([{ field: f(name), message: `required in a ${input.type} rule` }]);
      };
      switch (input.type) {
        case 'BY_AREA':
          required('province');
          if (!findProvince(c.province)) throw new AppError(ExpressRuleErrors.PROVINCE_UNKNOWN, 400, { field: f('province'), province: c.province ?? '' });
          break;
        case 'BY_WEIGHT':
          if (c.weightMin == null && c.weightMax == null) throw invalidInput([{ field: f('weightMin'), message: 'a BY_WEIGHT rule needs weightMin or weightMax' }]);
          if (c.weightMin != null && c.weightMax != null && compareDecimals(c.weightMin, c.weightMax) >= 0)
            throw new AppError(ExpressRuleErrors.WEIGHT_RANGE, 400, { field: f('weightMax'), min: c.weightMin, max: c.weightMax });
          break;
        case 'BY_STORE':
          required('storeId');
          storeIds.add(c.storeId!);
          break;
        case 'BY_CUSTOM':
          required('keyword');
          break;
        case 'BY_SKU':
          required('skuCode');
          break;
      }
    });
    if (storeIds.size) {
      const found = new Set((await tx.select({ id: stores.id }).from(stores).where(and(eq(stores.domainId, domainId), idsIn(stores.id, [...storeIds])))).map((s) => s.id));
      const i = input.rules.findIndex((r) => r.ruleCondition.storeId != null && !found.has(r.ruleCondition.storeId));
      if (i >= 0) throw new AppError(ExpressRuleErrors.STORE_UNKNOWN, 400, { field: `rules.${i}.ruleCondition.storeId`, storeId: input.rules[i]!.ruleCondition.storeId! });
    }
    await checkCarriers(
      tx,
      domainId,
      input.rules.map((r, i) => ({ field: `rules.${i}.ruleCondition.expressCompanyCode`, code: r.ruleCondition.expressCompanyCode })),
    );
  }

  const service = {
    async ruleList(session: Session, type: ExpressRuleType): Promise<ExpressRuleRow[]> {
      return (await rulesOf(db, sellerDomain(session), type)).map(toRuleRow);
    },

    /** Replaces the type's list in one transaction: listed rules updated (versions checked) or added, the others removed. */
    async updateRuleList(session: Session, input: UpdateExpressRuleListInput): Promise<ExpressRuleRow[]> {
      const domainId = sellerDomain(session);
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('express_rules'), ${domainId}::int)`);
        await checkRuleFields(tx, domainId, input);
        const existing = new Map((await rulesOf(tx, domainId, input.type)).map((r) => [r.id, r]));
        const seen = new Set<number>();
        input.rules.forEach((r, i) => {
          if (r.id == null) return;
          const old = existing.get(r.id);
          if (!old || seen.has(r.id)) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'expressRule', field: `rules.${i}.id`, id: r.id });
          if (r.version == null || r.version !== old.version) throw versionConflict('expressRule');
          seen.add(r.id);
        });
        const actor = actorOf(session);
        const length = input.rules.length;
        for (const old of existing.values()) {
          if (seen.has(old.id)) continue;
          await tx.delete(expressRules).where(and(eq(expressRules.domainId, domainId), eq(expressRules.id, old.id)));
          await writeOperationLog(tx, actor, { area: EXPRESS_RULES_AREA, entityType: 'expressRule', entityId: old.id, action: 'delete', before: old });
        }
        for (const [i, r] of input.rules.entries()) {
          const values = { usable: r.usable, sortIndex: sortIndexAt(length, i), expressCompanyCode: r.ruleCondition.expressCompanyCode, ruleCondition: r.ruleCondition };
          if (r.id != null) {
            const old = existing.get(r.id)!;
            const same = old.usable === values.usable && old.sortIndex === values.sortIndex && JSON.stringify(old.ruleCondition) === JSON.stringify(values.ruleCondition);
            if (same) continue;
            const [after] = await tx
              .update(expressRules)
              .set({ ...values, version: old.version + 1, updatedAt: now() })
              .where(and(eq(expressRules.domainId, domainId), eq(expressRules.id, old.id), eq(expressRules.version, old.version)))
              .returning();
            if (!after) throw versionConflict('expressRule');
            await writeOperationLog(tx, actor, { area: EXPRESS_RULES_AREA, entityType: 'expressRule', entityId: old.id, action: 'update', before: old, after });
          } else {
            const [created] = await tx.insert(expressRules).values({ domainId, type: input.type, ...values, createdBy: session.userId }).returning();
            await writeOperationLog(tx, actor, { area: EXPRESS_RULES_AREA, entityType: 'expressRule', entityId: created!.id, action: 'create', after: created });
          }
        }
        return (await rulesOf(tx, domainId, input.type)).map(toRuleRow);
      });
    },

    async deleteRules(session: Session, idList: number[]): Promise<{ deleted: number }> {
      const domainId = sellerDomain(session);
      const ids = [...new Set(idList)];
      return db.transaction(async (tx) => {
        const rows = await tx.select().from(expressRules).where(and(eq(expressRules.domainId, domainId), idsIn(expressRules.id, ids)));
        const missing = ids.find((id) => !rows.some((r) => r.id === id));
        if (missing !== undefined) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'expressRule', field: 'idList', id: missing });
        await tx.delete(expressRules).where(and(eq(expressRules.domainId, domainId), idsIn(expressRules.id, ids)));
        for (const row of rows) await writeOperationLog(tx, actorOf(session), { area: EXPRESS_RULES_AREA, entityType: 'expressRule', entityId: row.id, action: 'delete', before: row });
        return { deleted: rows.length };
      });
    },

    async priority(session: Session): Promise<ExpressRulePriority> {
      const row = await priorityRow(db, sellerDomain(session));
      return { types: effectivePriority(row?.types), version: row?.version ?? 0 };
    },

    async updatePriority(session: Session, input: UpdateExpressRulePriorityInput): Promise<ExpressRulePriority> {
      const domainId = sellerDomain(session);
      if (new Set(input.types).size !== EXPRESS_RULE_TYPES.length) throw new AppError(ExpressRuleErrors.PRIORITY_TYPES, 400, { field: 'types' });
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('express_rule_priorities'), ${domainId}::int)`);
        const old = await priorityRow(tx, domainId);
        if (input.version != null && input.version !== (old?.version ?? 0)) throw versionConflict('expressRulePriority');
        let after;
        if (old) {
          [after] = await tx
            .update(expressRulePriorities)
            .set({ types: input.types, version: old.version + 1, updatedAt: now() })
            .where(and(eq(expressRulePriorities.domainId, domainId), eq(expressRulePriorities.version, old.version)))
            .returning();
          if (!after) throw versionConflict('expressRulePriority');
        } else {
          [after] = await tx.insert(expressRulePriorities).values({ domainId, types: input.types }).returning();
        }
        await writeOperationLog(tx, actorOf(session), { area: EXPRESS_RULES_AREA, entityType: 'expressRulePriority', entityId: after!.id, action: 'update', before: old ?? null, after });
        return { types: after!.types as ExpressRuleType[], version: after!.version };
      });
    },

    // ---- stop-shipping templates -------------------------------------------------------------

    async searchStops(session: Session, input: StopTemplateSearchInput, language: Language): Promise<PageResult<StopTemplateRow>> {
      const domainId = sellerDomain(session);
      const conditions = [eq(expressStopTemplates.domainId, domainId)];
      if (input.name) conditions.push(ilike(expressStopTemplates.name, `%${input.name.replace(/[%_\\]/g, '\\$&')}%`));
      if (input.expressCompanyCode) conditions.push(eq(expressStopTemplates.expressCompanyCode, input.expressCompanyCode));
      const where = and(...conditions);
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(expressStopTemplates).where(where);
      const rows = await db
        .select()
        .from(expressStopTemplates)
        .where(where)
        .orderBy(desc(expressStopTemplates.id))
        .limit(input.pageSize)
        .offset(pageOffset(input));
      return { voList: rows.map((r) => toStopRow(r, language)), total: Number(count?.n ?? 0), currentPage: input.currentPage, pageSize: input.pageSize };
    },

    async getStop(session: Session, id: number, language: Language): Promise<StopTemplateRow> {
      const [row] = await db.select().from(expressStopTemplates).where(and(eq(expressStopTemplates.domainId, sellerDomain(session)), eq(expressStopTemplates.id, id)));
      if (!row) throw notFound('expressStopTemplate');
      return toStopRow(row, language);
    },

    async createStop(session: Session, input: StopTemplateCreateInput, language: Language): Promise<StopTemplateRow> {
      const domainId = sellerDomain(session);
      return nameTaken(() =>
        db.transaction(async (tx) => {
          await checkStopFields(tx, domainId, input);
          const [row] = await tx
            .insert(expressStopTemplates)
            .values({ domainId, name: input.name, expressCompanyCode: input.expressCompanyCode, areas: normalAreas(input.areas), usable: input.usable, createdBy: session.userId })
            .returning();
          await writeOperationLog(tx, actorOf(session), { area: EXPRESS_RULES_AREA, entityType: 'expressStopTemplate', entityId: row!.id, action: 'create', after: row });
          return toStopRow(row!, language);
        }),
      );
    },

    async updateStop(session: Session, input: StopTemplateUpdateInput, language: Language): Promise<StopTemplateRow> {
      const domainId = sellerDomain(session);
      return nameTaken(() =>
        db.transaction(async (tx) => {
          const [old] = await tx.select().from(expressStopTemplates).where(and(eq(expressStopTemplates.domainId, domainId), eq(expressStopTemplates.id, input.id)));
          if (!old) throw notFound('expressStopTemplate');
          if (old.version !== input.version) throw versionConflict('expressStopTemplate');
          await checkStopFields(tx, domainId, input);
          const [row] = await tx
            .update(expressStopTemplates)
            .set({ name: input.name, expressCompanyCode: input.expressCompanyCode, areas: normalAreas(input.areas), usable: input.usable, version: old.version + 1, updatedAt: now() })
            .where(and(eq(expressStopTemplates.domainId, domainId), eq(expressStopTemplates.id, input.id), eq(expressStopTemplates.version, input.version)))
            .returning();
          if (!row) throw versionConflict('expressStopTemplate');
          await writeOperationLog(tx, actorOf(session), { area: EXPRESS_RULES_AREA, entityType: 'expressStopTemplate', entityId: row.id, action: 'update', before: old, after: row });
          return toStopRow(row, language);
        }),
      );
    },

    async deleteStops(session: Session, idList: number[]): Promise<{ deleted: number }> {
      const domainId = sellerDomain(session);
      const ids = [...new Set(idList)];
      return db.transaction(async (tx) => {
        const rows = await tx.select().from(expressStopTemplates).where(and(eq(expressStopTemplates.domainId, domainId), idsIn(expressStopTemplates.id, ids)));
        const missing = ids.find((id) => !rows.some((r) => r.id === id));
        if (missing !== undefined) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'expressStopTemplate', field: 'idList', id: missing });
        await tx.delete(expressStopTemplates).where(and(eq(expressStopTemplates.domainId, domainId), idsIn(expressStopTemplates.id, ids)));
        for (const row of rows) await writeOperationLog(tx, actorOf(session), { area: EXPRESS_RULES_AREA, entityType: 'expressStopTemplate', entityId: row.id, action: 'delete', before: row });
        return { deleted: rows.length };
      });
    },
  };

  async function checkStopFields(tx: Tx, domainId: number, input: StopTemplateCreateInput): Promise<void> {
    const i = input.areas.findIndex((a) => !findProvince(a.province));
    if (i >= 0) throw new AppError(ExpressRuleErrors.PROVINCE_UNKNOWN, 400, { field: `areas.${i}.province`, province: input.areas[i]!.province });
    await checkCarriers(tx, domainId, [{ field: 'expressCompanyCode', code: input.expressCompanyCode }]);
  }

  /** The courier choice of the ingest pipeline: rules, priority and templates read once per batch. */
  const choice: ExpressRulesService = {
    async chooseCouriers(tx: Tx, domainId: number, inputs: CourierChoiceInput[]): Promise<CourierChoice[]> {
      if (!inputs.length) return [];
      const rules: ExpressRule[] = (await rulesOf(tx, domainId)).map((r) => ({ id: r.id, type: r.type as ExpressRuleType, usable: r.usable, sortIndex: r.sortIndex, ruleCondition: r.ruleCondition }));
      const priority = (await priorityRow(tx, domainId))?.types;
      const stops: CourierStopTemplate[] = (await stopTemplatesOf(tx, domainId)).map((s) => ({ expressCompanyCode: s.expressCompanyCode, usable: s.usable, areas: s.areas }));
      return inputs.map((input) => {
        const d = chooseCourier(rules, priority, { ...input, lines: input.lines }, stops);
        return { key: input.key, ...d };
      });
    },
  };

  return { ...service, choice };
}

export type ExpressRulesAreaService = ReturnType<typeof createExpressRulesService>;

function normalAreas(areas: StopTemplateCreateInput['areas']) {
  return areas.map((a) => ({ province: findProvince(a.province)!.name, ...(a.city ? { city: a.city } : {}), ...(a.district ? { district: a.district } : {}) }));
}

async function nameTaken<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (uniqueViolation(error) === 'express_stop_templates_name_key') throw new AppError(ExpressRuleErrors.TEMPLATE_NAME_TAKEN, 409, { field: 'name' });
    throw error;
  }
}
