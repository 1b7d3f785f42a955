// Freight templates (versioned price periods), courier bill column templates, bill lines and
// their matching, and the express setup of third-party warehouses. Every statement is scoped to
// the caller's domain; every change runs in one transaction and writes its operation log.
import { and, asc, count, desc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import {
  ErrorCodes,
  FreightErrors,
  expressCompanyName,
  type CheckExpressReconciliationInput,
  type CheckFreightTemplateInput,
  type CheckProblem,
  type CheckResult,
  type EnableInput,
  type ExpressBillLineRow,
  type ExpressBillLineSearchInput,
  type ExpressBillSummaryRow,
  type ExpressReconciliationInput,
  type ExpressReconciliationRow,
  type ExpressReconciliationSearchInput,
  type FreightTemplateInput,
  type FreightTemplateRow,
  type FreightTemplateSearchInput,
  type Language,
  type ParcelCostRow,
  type ParcelCostSearchInput,
  type SaveWhExpressInput,
  type UpdateExpressReconciliationInput,
  type UpdateFreightTemplateInput,
  type WhExpressWarehouseRow,
} from '@openseller/core';
import type { Database, Tx } from '../../db/client.js';
import { expressBillLines, expressReconciliations, freightTemplatePrices, freightTemplates, waybillAccounts, warehouses, whExpressSettings } from '../../db/schema/index.js';
import { AppError, versionConflict } from '../../platform/errors.js';
import { writeOperationLog } from '../../platform/operation-log.js';
import type { OperationActor } from '../../platform/operation-log.js';
import { isoTime, isoTimeOf } from '../../platform/time.js';
import { idsIn, likePattern, uniqueViolation } from '../../platform/sql.js';
import { matchBillLines, pricedParcels } from './freight.queries.js';
import { repeatedAreas } from './freight.rules.js';

const AREA = 'express';

type TemplateRecord = typeof freightTemplates.$inferSelect;
type ReconciliationRecord = typeof expressReconciliations.$inferSelect;

const say = (language: Language, zh: string, en: string) => (language === 'zh' || language === 'zh_TW' ? zh : en);

function toTemplateRow(r: TemplateRecord): FreightTemplateRow {
  return {
    id: r.id,
    name: r.name,
    expressCompanyCode: r.expressCompanyCode,
    deliveryMethod: r.deliveryMethod,
    enabled: r.enabled,
    versionNo: r.versionNo,
    version: r.version,
    areas: r.areas.map((a) => ({ ...a, city: a.city ?? null })),
    createdAt: isoTimeOf(r.createdAt),
    updatedAt: isoTimeOf(r.updatedAt),
  };
}

function toReconciliationRow(r: ReconciliationRecord): ExpressReconciliationRow {
  return {
    id: r.id,
    name: r.name,
    expressCompanyCode: r.expressCompanyCode,
    waybillNoColumn: r.waybillNoColumn,
    weightColumn: r.weightColumn,
    feeColumn: r.feeColumn,
    timeColumn: r.timeColumn,
    weightUnit: r.weightUnit,
    feeUnit: r.feeUnit,
    weightTolerance: r.weightTolerance,
    feeTolerance: r.feeTolerance,
    enabled: r.enabled,
    version: r.version,
    createdAt: isoTimeOf(r.createdAt),
  };
}

/** Third-party warehouses: every kind but the seller's own. */
export const isThirdPartyWarehouse = (type: string) => type !== 'SELF_WAREHOUSE';

export function createFreightService(deps: { database: Database; now?: () => Date }) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());

  /** One writer per domain and carrier at a time, so two enabled templates cannot overlap by a race. */
  const lockCarrier = (tx: Tx, domainId: number, code: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`freight:${domainId}:${code}`}))`);

  async function templateProblems(tx: Tx, domainId: number, input: CheckFreightTemplateInput, language: Language): Promise<CheckProblem[]> {
    const problems: CheckProblem[] = [];
    for (const [first, repeat] of repeatedAreas(input.areas)) {
      problems.push({
        field: `areas[${repeat}]`,
        code: FreightErrors.AREA_OVERLAP,
        message: say(language, `第 ${repeat + 1} 个区域与第 ${first + 1} 个区域重复`, `Area ${repeat + 1} is the same place as area ${first + 1}`),
      });
    }
    const [taken] = await tx
      .select({ id: freightTemplates.id })
      .from(freightTemplates)
      .where(and(eq(freightTemplates.domainId, domainId), eq(freightTemplates.name, input.name), isNull(freightTemplates.deletedAt), input.id ? ne(freightTemplates.id, input.id) : sql`true`));
    if (taken) problems.push({ field: 'name', code: ErrorCodes.VALIDATION, message: say(language, `运费模板名称 ${input.name} 已存在`, `A freight template named ${input.name} already exists`) });
    if (!input.enabled) return problems;
    // The enabled templates of the carrier: one place is priced by one of them only.
    const others = await tx
      .select()
      .from(freightTemplates)
      .where(
        and(
          eq(freightTemplates.domainId, domainId),
          eq(freightTemplates.expressCompanyCode, input.expressCompanyCode),
          eq(freightTemplates.enabled, true),
          isNull(freightTemplates.deletedAt),
          input.id ? ne(freightTemplates.id, input.id) : sql`true`,
        ),
      );
    input.areas.forEach((area, i) => {
      const other = others.find((t) => t.areas.some((a) => a.province === area.province && (a.city ?? null) === area.city));
      if (other)
        problems.push({
          field: `areas[${i}]`,
          code: FreightErrors.AREA_OVERLAP,
          message: say(
            language,
            `${area.province}${area.city ?? ''} 已由同一快递的启用模板「${other.name}」计价`,
            `${area.province}${area.city ? ' ' + area.city : ''} is already priced for this carrier by the enabled template "${other.name}"`,
          ),
        });
    });
    return problems;
  }

  async function refuseProblems(tx: Tx, domainId: number, input: CheckFreightTemplateInput, language: Language) {
    const problems = await templateProblems(tx, domainId, input, language);
    if (!problems.length) return;
    const overlap = problems.find((p) => p.code === FreightErrors.AREA_OVERLAP);
    if (overlap) throw new AppError(FreightErrors.AREA_OVERLAP, 409, { field: overlap.field, detail: overlap.message }, problems.map((p) => ({ field: p.field, message: p.message })));
    throw new AppError(ErrorCodes.VALIDATION, 400, { field: problems[0]!.field, detail: problems[0]!.message }, problems.map((p) => ({ field: p.field, message: p.message })));
  }

  /** Closes the template's open price periods at `at`, and opens the given areas' periods (a new version) when enabled. */
  async function newPricePeriod(tx: Tx, domainId: number, template: TemplateRecord, at: Date) {
    await tx
      .update(freightTemplatePrices)
      .set({ validTo: at })
      .where(and(eq(freightTemplatePrices.domainId, domainId), eq(freightTemplatePrices.templateId, template.id), isNull(freightTemplatePrices.validTo)));
    if (!template.enabled || template.deletedAt) return;
    await tx.insert(freightTemplatePrices).values(
      template.areas.map((a) => ({
        domainId,
        templateId: template.id,
        versionNo: template.versionNo,
        expressCompanyCode: template.expressCompanyCode,
        province: a.province,
        city: a.city ?? '',
        firstWeight: a.firstWeight,
        firstFee: a.firstFee,
        additionalWeight: a.additionalWeight,
        additionalFee: a.additionalFee,
        validFrom: at,
      })),
    );
  }

  async function templateOf(tx: Tx, domainId: number, id: number): Promise<TemplateRecord> {
    const [row] = await tx
      .select()
      .from(freightTemplates)
      .where(and(eq(freightTemplates.domainId, domainId), eq(freightTemplates.id, id), isNull(freightTemplates.deletedAt)));
    if (!row) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'freightTemplate', field: 'id' });
    return row;
  }

  function nameTaken(error: unknown): never {
    if (uniqueViolation(error) === 'freight_templates_name_key') throw new AppError(ErrorCodes.VALIDATION, 400, { field: 'name', detail: 'name: a freight template of this name already exists' });
    throw error;
  }

  async function reconciliationOf(tx: Tx, domainId: number, id: number): Promise<ReconciliationRecord> {
    const [row] = await tx
      .select()
      .from(expressReconciliations)
      .where(and(eq(expressReconciliations.domainId, domainId), eq(expressReconciliations.id, id)));
    if (!row) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'expressReconciliation', field: 'id' });
    return row;
  }

  function reconciliationProblems(input: CheckExpressReconciliationInput, taken: ReconciliationRecord | undefined, language: Language): CheckProblem[] {
    const problems: CheckProblem[] = [];
    if (taken && taken.id !== input.id)
      problems.push({
        field: 'expressCompanyCode',
        code: FreightErrors.RECONCILIATION_CARRIER_TAKEN,
        message: say(language, `${expressCompanyName(input.expressCompanyCode, 'zh')} 已有账单模板「${taken.name}」`, `${expressCompanyName(input.expressCompanyCode, 'en')} already has the bill template "${taken.name}"`),
      });
    const columns: [string, string | null][] = [
      ['waybillNoColumn', input.waybillNoColumn],
      ['weightColumn', input.weightColumn],
      ['feeColumn', input.feeColumn],
      ['timeColumn', input.timeColumn],
    ];
    const seen = new Map<string, string>();
    for (const [field, header] of columns) {
      if (!header) continue;
      const first = seen.get(header);
      if (first) problems.push({ field, code: ErrorCodes.VALIDATION, message: say(language, `列名 ${header} 与 ${first} 相同`, `The column ${header} is the same as ${first}`) });
      else seen.set(header, field);
    }
    return problems;
  }

  async function carrierTemplate(tx: Tx, domainId: number, code: string) {
    const [row] = await tx
      .select()
      .from(expressReconciliations)
      .where(and(eq(expressReconciliations.domainId, domainId), eq(expressReconciliations.expressCompanyCode, code)));
    return row;
  }

  async function refuseReconciliation(tx: Tx, domainId: number, input: CheckExpressReconciliationInput, language: Language) {
    const problems = reconciliationProblems(input, await carrierTemplate(tx, domainId, input.expressCompanyCode), language);
    if (!problems.length) return;
    const first = problems[0]!;
    throw new AppError(first.code === FreightErrors.RECONCILIATION_CARRIER_TAKEN ? first.code : ErrorCodes.VALIDATION, first.code === ErrorCodes.VALIDATION ? 400 : 409, { field: first.field, detail: first.message }, problems.map((p) => ({ field: p.field, message: p.message })));
  }

  return {
    // ---- freight templates -------------------------------------------------------------------
    async searchTemplates(domainId: number, input: FreightTemplateSearchInput) {
      const where = and(
        eq(freightTemplates.domainId, domainId),
        isNull(freightTemplates.deletedAt),
        input.name ? sql`${freightTemplates.name} ilike ${likePattern(input.name)}` : undefined,
        input.expressCompanyCode ? eq(freightTemplates.expressCompanyCode, input.expressCompanyCode) : undefined,
        input.enabled === undefined ? undefined : eq(freightTemplates.enabled, input.enabled),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(freightTemplates)
          .where(where)
          .orderBy(desc(freightTemplates.id))
          .limit(input.pageSize)
          .offset((input.currentPage - 1) * input.pageSize),
        db.select({ n: count() }).from(freightTemplates).where(where),
      ]);
      return { voList: rows.map(toTemplateRow), total: total!.n, currentPage: input.currentPage, pageSize: input.pageSize };
    },

    async checkTemplate(domainId: number, input: CheckFreightTemplateInput, language: Language): Promise<CheckResult> {
      if (input.id) await templateOf(db, domainId, input.id);
      const problems = await templateProblems(db, domainId, input, language);
      return { ok: problems.length === 0, problems };
    },

    async createTemplate(domainId: number, actor: OperationActor, input: FreightTemplateInput, language: Language): Promise<FreightTemplateRow> {
      try {
        return await db.transaction(async (tx) => {
          await lockCarrier(tx, domainId, input.expressCompanyCode);
          await refuseProblems(tx, domainId, { ...input, enabled: true }, language);
          const at = now();
          const [row] = await tx
            .insert(freightTemplates)
            .values({ domainId, name: input.name, expressCompanyCode: input.expressCompanyCode, deliveryMethod: input.deliveryMethod, areas: input.areas, enabled: true, versionNo: 1, createdBy: actor.userId, createdAt: at, updatedAt: at })
            .returning();
          await newPricePeriod(tx, domainId, row!, at);
          await writeOperationLog(tx, actor, { area: AREA, entityType: 'freightTemplate', entityId: row!.id, action: 'create', after: row });
          return toTemplateRow(row!);
        });
      } catch (error) {
        return nameTaken(error);
      }
    },

    async updateTemplate(domainId: number, actor: OperationActor, input: UpdateFreightTemplateInput, language: Language): Promise<FreightTemplateRow> {
      try {
        return await db.transaction(async (tx) => {
          const before = await templateOf(tx, domainId, input.id);
          await lockCarrier(tx, domainId, input.expressCompanyCode);
          if (before.expressCompanyCode !== input.expressCompanyCode) await lockCarrier(tx, domainId, before.expressCompanyCode);
          await refuseProblems(tx, domainId, { ...input, enabled: before.enabled }, language);
          const at = now();
          const [after] = await tx
            .update(freightTemplates)
            .set({ name: input.name, expressCompanyCode: input.expressCompanyCode, deliveryMethod: input.deliveryMethod, areas: input.areas, versionNo: before.versionNo + 1, version: input.version + 1, updatedAt: at })
            .where(and(eq(freightTemplates.domainId, domainId), eq(freightTemplates.id, input.id), eq(freightTemplates.version, input.version)))
            .returning();
          if (!after) throw versionConflict('freightTemplate');
          await newPricePeriod(tx, domainId, after, at);
          await writeOperationLog(tx, actor, { area: AREA, entityType: 'freightTemplate', entityId: after.id, action: 'update', before, after });
          return toTemplateRow(after);
        });
      } catch (error) {
        return nameTaken(error);
      }
    },

    /** Spec 02 §4.2 "Freight template: enable": enabling checks overlaps again; either opens a new price version. */
    async enableTemplate(domainId: number, actor: OperationActor, input: EnableInput, language: Language): Promise<FreightTemplateRow> {
      return db.transaction(async (tx) => {
        const before = await templateOf(tx, domainId, input.id);
        await lockCarrier(tx, domainId, before.expressCompanyCode);
        if (before.version !== input.version) throw versionConflict('freightTemplate');
        if (before.enabled === input.enabled) return toTemplateRow(before);
        if (input.enabled) await refuseProblems(tx, domainId, { ...toTemplateRow(before), deliveryMethod: before.deliveryMethod as 1 | 2, enabled: true, id: before.id }, language);
        const at = now();
        const [after] = await tx
          .update(freightTemplates)
          .set({ enabled: input.enabled, versionNo: before.versionNo + 1, version: before.version + 1, updatedAt: at })
          .where(and(eq(freightTemplates.domainId, domainId), eq(freightTemplates.id, input.id), eq(freightTemplates.version, input.version)))
          .returning();
        if (!after) throw versionConflict('freightTemplate');
        await newPricePeriod(tx, domainId, after, at);
        await writeOperationLog(tx, actor, { area: AREA, entityType: 'freightTemplate', entityId: after.id, action: input.enabled ? 'ENABLE' : 'DISABLE', before, after });
        return toTemplateRow(after);
      });
    },

    /** Deleted templates stop pricing new parcels; their past periods keep pricing the parcels shipped under them. */
    async deleteTemplates(domainId: number, actor: OperationActor, idList: number[]) {
      const ids = [...new Set(idList)];
      return db.transaction(async (tx) => {
        const rows = await tx
          .select()
          .from(freightTemplates)
          .where(and(eq(freightTemplates.domainId, domainId), idsIn(freightTemplates.id, ids), isNull(freightTemplates.deletedAt)));
        const missing = ids.find((id) => !rows.some((r) => r.id === id));
        if (missing !== undefined) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'freightTemplate', field: 'idList', id: missing });
        const at = now();
        for (const row of rows) {
          const [after] = await tx
            .update(freightTemplates)
            .set({ deletedAt: at, enabled: false, version: row.version + 1, updatedAt: at })
            .where(and(eq(freightTemplates.domainId, domainId), eq(freightTemplates.id, row.id)))
            .returning();
          await newPricePeriod(tx, domainId, after!, at);
          await writeOperationLog(tx, actor, { area: AREA, entityType: 'freightTemplate', entityId: row.id, action: 'delete', before: row });
        }
        return { deleted: rows.length };
      });
    },

    async parcelCosts(domainId: number, input: ParcelCostSearchInput) {
      const where = sql.join(
        [sql`true`, input.expressCompanyCode ? sql`o.express_company_code = ${input.expressCompanyCode}` : sql``, input.expressNo ? sql`o.express_no = ${input.expressNo}` : sql``].filter((s) => s.queryChunks.length),
        sql` and `,
      );
      const [page, total] = await Promise.all([
        db.execute<Record<string, unknown>>(sql`${pricedParcels(domainId, where)} order by o.delivery_time desc, o.id desc limit ${input.pageSize} offset ${(input.currentPage - 1) * input.pageSize}`),
        db.execute<{ n: string }>(sql`select count(*) as n from erp_orders o where o.domain_id = ${domainId} and o.status_code = 'CI_ERPSOH_STATUS_SEND' and o.delivery_time is not null and o.express_no is not null and ${where}`),
      ]);
      const voList: ParcelCostRow[] = page.rows.map((r) => ({
        orderId: Number(r.order_id),
        orderCode: String(r.order_code),
        expressCompanyCode: String(r.express_company_code ?? ''),
        expressNo: String(r.express_no),
        shippedAt: isoTime(r.delivery_time)!,
        province: (r.receiver_province as string | null) ?? null,
        city: (r.receiver_city as string | null) ?? null,
        weight: String(r.weight),
        weighed: Boolean(r.weighed),
        fee: r.fee === null ? null : Number(r.fee),
        templateId: r.template_id === null ? null : Number(r.template_id),
        templateVersionNo: r.template_version_no === null ? null : Number(r.template_version_no),
      }));
      return { voList, total: Number(total.rows[0]!.n), currentPage: input.currentPage, pageSize: input.pageSize };
    },

    // ---- express reconciliation: bill column templates --------------------------------------
    async searchReconciliations(domainId: number, input: ExpressReconciliationSearchInput) {
      const where = and(
        eq(expressReconciliations.domainId, domainId),
        input.expressCompanyCode ? eq(expressReconciliations.expressCompanyCode, input.expressCompanyCode) : undefined,
        input.enabled === undefined ? undefined : eq(expressReconciliations.enabled, input.enabled),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(expressReconciliations)
          .where(where)
          .orderBy(asc(expressReconciliations.id))
          .limit(input.pageSize)
          .offset((input.currentPage - 1) * input.pageSize),
        db.select({ n: count() }).from(expressReconciliations).where(where),
      ]);
      return { voList: rows.map(toReconciliationRow), total: total!.n, currentPage: input.currentPage, pageSize: input.pageSize };
    },

    async checkReconciliation(domainId: number, input: CheckExpressReconciliationInput, language: Language): Promise<CheckResult> {
      if (input.id) await reconciliationOf(db, domainId, input.id);
      const problems = reconciliationProblems(input, await carrierTemplate(db, domainId, input.expressCompanyCode), language);
      return { ok: !problems.length, problems };
    },

    async createReconciliation(domainId: number, actor: OperationActor, input: ExpressReconciliationInput, language: Language) {
      try {
        return await db.transaction(async (tx) => {
          await refuseReconciliation(tx, domainId, input, language);
          const [row] = await tx
            .insert(expressReconciliations)
            .values({ domainId, ...input, createdBy: actor.userId })
            .returning();
          await writeOperationLog(tx, actor, { area: AREA, entityType: 'expressReconciliation', entityId: row!.id, action: 'create', after: row });
          return toReconciliationRow(row!);
        });
      } catch (error) {
        if (uniqueViolation(error) === 'express_reconciliations_carrier_key') throw new AppError(FreightErrors.RECONCILIATION_CARRIER_TAKEN, 409, { field: 'expressCompanyCode', detail: input.expressCompanyCode });
        throw error;
      }
    },

    async updateReconciliation(domainId: number, actor: OperationActor, input: UpdateExpressReconciliationInput, language: Language) {
      return db.transaction(async (tx) => {
        const before = await reconciliationOf(tx, domainId, input.id);
        await refuseReconciliation(tx, domainId, input, language);
        const { id, version, ...fields } = input;
        const [after] = await tx
          .update(expressReconciliations)
          .set({ ...fields, version: version + 1, updatedAt: now() })
          .where(and(eq(expressReconciliations.domainId, domainId), eq(expressReconciliations.id, id), eq(expressReconciliations.version, version)))
          .returning();
        if (!after) throw versionConflict('expressReconciliation');
        await writeOperationLog(tx, actor, { area: AREA, entityType: 'expressReconciliation', entityId: id, action: 'update', before, after });
        return toReconciliationRow(after);
      });
    },

    async enableReconciliation(domainId: number, actor: OperationActor, input: EnableInput) {
      return db.transaction(async (tx) => {
        const before = await reconciliationOf(tx, domainId, input.id);
        const [after] = await tx
          .update(expressReconciliations)
          .set({ enabled: input.enabled, version: input.version + 1, updatedAt: now() })
          .where(and(eq(expressReconciliations.domainId, domainId), eq(expressReconciliations.id, input.id), eq(expressReconciliations.version, input.version)))
          .returning();
        if (!after) throw versionConflict('expressReconciliation');
        await writeOperationLog(tx, actor, { area: AREA, entityType: 'expressReconciliation', entityId: input.id, action: input.enabled ? 'ENABLE' : 'DISABLE', before, after });
        return toReconciliationRow(after);
      });
    },

    /** Bill lines already imported keep their carrier and are matched by it; the template goes. */
    async deleteReconciliations(domainId: number, actor: OperationActor, idList: number[]) {
      const ids = [...new Set(idList)];
      return db.transaction(async (tx) => {
        const rows = await tx
          .select()
          .from(expressReconciliations)
          .where(and(eq(expressReconciliations.domainId, domainId), idsIn(expressReconciliations.id, ids)));
        const missing = ids.find((id) => !rows.some((r) => r.id === id));
        if (missing !== undefined) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'expressReconciliation', field: 'idList', id: missing });
        await tx.delete(expressReconciliations).where(and(eq(expressReconciliations.domainId, domainId), idsIn(expressReconciliations.id, ids)));
        for (const row of rows) await writeOperationLog(tx, actor, { area: AREA, entityType: 'expressReconciliation', entityId: row.id, action: 'delete', before: row });
        return { deleted: rows.length };
      });
    },

    reconciliationOf: (domainId: number, id: number, tx: Tx = db) => reconciliationOf(tx, domainId, id),

    // ---- bill lines --------------------------------------------------------------------------
    async billLines(domainId: number, input: ExpressBillLineSearchInput) {
      const l = expressBillLines;
      const conditions: (SQL | undefined)[] = [
        eq(l.domainId, domainId),
        input.expressCompanyCode ? eq(l.expressCompanyCode, input.expressCompanyCode) : undefined,
        input.status ? eq(l.status, input.status) : undefined,
        input.flag ? sql`${l.flags} @> array[${input.flag}]::text[]` : undefined,
        input.month ? eq(l.billMonth, input.month) : undefined,
        input.expressNo ? eq(l.expressNo, input.expressNo) : undefined,
      ];
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        db
          .select({ line: l, orderCode: sql<string | null>`(select o.code from erp_orders o where o.domain_id = ${l.domainId} and o.id = ${l.orderId})` })
          .from(l)
          .where(where)
          .orderBy(desc(l.overCharge), desc(l.id))
          .limit(input.pageSize)
          .offset((input.currentPage - 1) * input.pageSize),
        db.select({ n: count() }).from(l).where(where),
      ]);
      const voList: ExpressBillLineRow[] = rows.map(({ line, orderCode }) => ({
        id: line.id,
        expressCompanyCode: line.expressCompanyCode,
        expressNo: line.expressNo,
        billMonth: line.billMonth,
        billTime: isoTime(line.billTime),
        billedWeight: line.billedWeight,
        billedFee: line.billedFee,
        orderId: line.orderId,
        orderCode: orderCode ?? null,
        ourWeight: line.ourWeight,
        templateFee: line.templateFee,
        overWeight: line.overWeight,
        overCharge: line.overCharge,
        status: line.status as ExpressBillLineRow['status'],
        flags: line.flags as ExpressBillLineRow['flags'],
      }));
      return { voList, total: total!.n, currentPage: input.currentPage, pageSize: input.pageSize };
    },

    /** Per month and courier: the lines, the unmatched, the failures, what was billed and the over-charge total (over-charged lines only). */
    async billSummary(domainId: number, month: string | undefined): Promise<ExpressBillSummaryRow[]> {
      const result = await db.execute<Record<string, string>>(sql`
        select bill_month, express_company_code, count(*) as lines, count(*) filter (where order_id is null) as unmatched,
          count(*) filter (where status = 'FAILURE') as failures, coalesce(sum(billed_fee), 0) as billed_total,
          coalesce(sum(over_charge) filter (where 'OVER_CHARGE' = any(flags)), 0) as over_charge_total
        from express_bill_lines where domain_id = ${domainId} ${month ? sql`and bill_month = ${month}` : sql``}
        group by bill_month, express_company_code order by bill_month desc, express_company_code`);
      return result.rows.map((r) => ({
        month: r.bill_month!,
        expressCompanyCode: r.express_company_code!,
        lines: Number(r.lines),
        unmatched: Number(r.unmatched),
        failures: Number(r.failures),
        billedTotal: Number(r.billed_total),
        overChargeTotal: Number(r.over_charge_total),
      }));
    },

    async rematch(domainId: number) {
      return db.transaction((tx) => matchBillLines(tx, domainId, null));
    },

    // ---- third-party warehouse express setup ------------------------------------------------
    async whExpressList(domainId: number, tx: Tx = db): Promise<WhExpressWarehouseRow[]> {
      const houses = await tx
        .select()
        .from(warehouses)
        .where(and(eq(warehouses.domainId, domainId), ne(warehouses.type, 'SELF_WAREHOUSE')))
        .orderBy(asc(warehouses.id));
      const settings = await tx
        .select({ s: whExpressSettings, accountName: waybillAccounts.name })
        .from(whExpressSettings)
        .leftJoin(waybillAccounts, and(eq(waybillAccounts.domainId, whExpressSettings.domainId), eq(waybillAccounts.id, whExpressSettings.waybillAccountId)))
        .where(eq(whExpressSettings.domainId, domainId))
        .orderBy(asc(whExpressSettings.id));
      return houses.map((w) => ({
        warehouseId: w.id,
        warehouseCode: w.code,
        warehouseName: w.name,
        warehouseType: w.type,
        stopUsing: w.stopUsing,
        entries: settings
          .filter(({ s }) => s.warehouseId === w.id)
          .map(({ s, accountName }) => ({ expressCompanyCode: s.expressCompanyCode, waybillAccountId: s.waybillAccountId, waybillAccountName: accountName ?? null, isDefault: s.isDefault })),
      }));
    },

    /** Replaces a third-party warehouse's carriers; at most one default, accounts of the same carrier. */
    async saveWhExpress(domainId: number, actor: OperationActor, input: SaveWhExpressInput): Promise<WhExpressWarehouseRow> {
      return db.transaction(async (tx) => {
        const [house] = await tx
          .select()
          .from(warehouses)
          .where(and(eq(warehouses.domainId, domainId), eq(warehouses.id, input.warehouseId)));
        if (!house) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'warehouse', field: 'warehouseId' });
        if (!isThirdPartyWarehouse(house.type)) throw new AppError(FreightErrors.NOT_THIRD_PARTY_WAREHOUSE, 400, { field: 'warehouseId', name: house.name });
        const codes = input.entries.map((e) => e.expressCompanyCode);
        const repeated = codes.findIndex((c, i) => codes.indexOf(c) !== i);
        if (repeated >= 0) throw new AppError(ErrorCodes.VALIDATION, 400, { field: `entries[${repeated}].expressCompanyCode`, detail: `entries[${repeated}].expressCompanyCode: ${codes[repeated]} is listed twice` });
        if (input.entries.filter((e) => e.isDefault).length > 1) throw new AppError(ErrorCodes.VALIDATION, 400, { field: 'entries', detail: 'entries: at most one carrier is the default' });
        const accountIds = input.entries.flatMap((e) => (e.waybillAccountId ? [e.waybillAccountId] : []));
        const accounts = accountIds.length
          ? await tx
              .select()
              .from(waybillAccounts)
              .where(and(eq(waybillAccounts.domainId, domainId), idsIn(waybillAccounts.id, accountIds)))
          : [];
        for (const [i, e] of input.entries.entries()) {
          if (!e.waybillAccountId) continue;
          const account = accounts.find((a) => a.id === e.waybillAccountId);
          if (!account) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'waybillAccount', field: `entries[${i}].waybillAccountId` });
          if (account.expressCompanyCode !== e.expressCompanyCode)
            throw new AppError(FreightErrors.ACCOUNT_CARRIER_MISMATCH, 400, { field: `entries[${i}].waybillAccountId`, account: account.name, code: e.expressCompanyCode });
        }
        const before = await tx
          .select()
          .from(whExpressSettings)
          .where(and(eq(whExpressSettings.domainId, domainId), eq(whExpressSettings.warehouseId, house.id)));
        await tx.delete(whExpressSettings).where(and(eq(whExpressSettings.domainId, domainId), eq(whExpressSettings.warehouseId, house.id)));
        if (input.entries.length)
          await tx.insert(whExpressSettings).values(input.entries.map((e) => ({ domainId, warehouseId: house.id, expressCompanyCode: e.expressCompanyCode, waybillAccountId: e.waybillAccountId, isDefault: e.isDefault, createdBy: actor.userId })));
        await writeOperationLog(tx, actor, { area: AREA, entityType: 'whExpress', entityId: house.id, action: 'edit', before, after: input.entries });
        return (await this.whExpressList(domainId, tx)).find((w) => w.warehouseId === house.id)!;
      });
    },
  };
}

export type FreightService = ReturnType<typeof createFreightService>;
