// Average-cost adjustments (spec 02 §3.6, §4.1, §7.9 /cloud/core/averagecost): documents listing
// SKUs with the average cost each should have. SUBMIT (to confirm) → COMPLETE: confirming sets
// every average in one transaction and records the average it replaced.
import { and, eq, sql } from 'drizzle-orm';
import {
  ErrorCodes,
  parseDateTimeText,
  StockErrors,
  type AverageCostCommandInput,
  type AverageCostCreateInput,
  type AverageCostDetail,
  type AverageCostDetailRow,
  type AverageCostRow,
  type AverageCostSearchInput,
  type AverageCostStatus,
  type AverageCostUpdateInput,
  AVG_COST_CONFIG,
  type AvgCostConfig,
  type PageResult,
} from '@openseller/core';
import type { Database, Tx } from '../../../db/client.js';
import { averageCostAdjustmentDetails, averageCostAdjustments, domainConfigs } from '../../../db/schema/index.js';
import { AppError, versionConflict } from '../../../platform/errors.js';
import { writeOperationLog } from '../../../platform/operation-log.js';
import type { Session } from '../../../platform/sessions.js';
import { avgCostReceiptRule, setAverageCost } from '../stock.costs.js';
import { pageAnswer, pageWindow } from '../../../platform/paging.js';
import { actorOf, domainOf } from '../../../platform/caller.js';
import { isoText, skusOf } from './inventory.queries.js';
import { AREA, canSeeCost, codeStamp } from './inventory.service.js';
import { likePattern } from '../../../platform/sql.js';

const ENTITY = 'averageCostAdjustment';

interface HeaderRecord extends Record<string, unknown> {
  id: number;
  code: string;
  status: string;
  sku_count: number;
  remark: string | null;
  created_by: string | null;
  created_at: unknown;
  confirmed_by: string | null;
  confirmed_at: unknown;
  version: number;
}

const toRow = (r: HeaderRecord): AverageCostRow => ({
  id: Number(r.id),
  code: r.code,
  status: r.status as AverageCostStatus,
  skuCount: Number(r.sku_count),
  remark: r.remark ?? null,
  createdBy: r.created_by ?? null,
  createdAt: isoText(r.created_at),
  confirmedBy: r.confirmed_by ?? null,
  confirmedAt: r.confirmed_at ? isoText(r.confirmed_at) : null,
  version: Number(r.version),
});

const HEADER_SELECT = sql`
  select a.id, a.code, a.status, a.sku_count, a.remark, cu.login_name as created_by, a.created_at,
         fu.login_name as confirmed_by, a.confirmed_at, a.version
  from average_cost_adjustments a
  left join users cu on cu.id = a.created_by
  left join users fu on fu.id = a.confirmed_by`;

/** Average costs are read and set only by an account with the COST_PRICE field (spec 01 §6). */
function requireCost(session: Session): number {
  const domainId = domainOf(session);
  if (!canSeeCost(session)) throw new AppError(StockErrors.COST_FIELD_REQUIRED, 403);
  return domainId;
}

export function createAverageCostService(deps: { database: Database; now?: () => Date }) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());

  /** The details as SKU ids: unknown codes, combinations and repeats are refused by their line. */
  async function resolveDetails(tx: Tx, domainId: number, details: AverageCostCreateInput['details']) {
    const skus = new Map((await skusOf(tx, domainId, { codes: [...new Set(details.map((d) => d.skuCode))] })).map((s) => [s.code, s]));
    const seen = new Set<number>();
    return details.map((d, n) => {
      const field = `details.${n}.skuCode`;
      const sku = skus.get(d.skuCode);
      if (!sku) throw new AppError(StockErrors.UNKNOWN_SKU, 400, { field, code: d.skuCode, line: n + 1 });
      if (sku.isCombination) throw new AppError(StockErrors.COMBINATION_NOT_STOCKED, 400, { field, code: d.skuCode });
      if (seen.has(sku.id)) throw new AppError(StockErrors.DUPLICATE_SKU, 400, { field, code: d.skuCode, line: n + 1 });
      seen.add(sku.id);
      return { skuId: sku.id, averageCostAfter: d.averageCostPriceAfter, remark: d.remark ?? null };
    });
  }

  async function insertDetails(tx: Tx, domainId: number, adjustmentId: number, details: { skuId: number; averageCostAfter: string; remark: string | null }[]) {
    await tx.insert(averageCostAdjustmentDetails).values(details.map((d, n) => ({ domainId, adjustmentId, lineNo: n + 1, skuId: d.skuId, averageCostAfter: d.averageCostAfter, remark: d.remark })));
  }

  async function header(tx: Tx, domainId: number, id: number): Promise<AverageCostRow | null> {
    const result = await tx.execute<HeaderRecord>(sql`${HEADER_SELECT} where a.domain_id = ${domainId} and a.id = ${id}`);
    return result.rows[0] ? toRow(result.rows[0]) : null;
  }

  async function detail(tx: Tx, domainId: number, id: number): Promise<AverageCostDetail> {
    const head = await header(tx, domainId, id);
    if (!head) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: ENTITY, field: 'id', id });
    const lines = await tx.execute<{
      id: number;
      sku_id: number;
      code: string;
      name: string;
      specifications: string | null;
      before: string | null;
      current: string | null;
      after: string;
      remark: string | null;
    }>(sql`
      select d.id, d.sku_id, s.code, coalesce(nullif(s.name, ''), p.name) as name, s.specifications,
             d.average_cost_before::text as before, sc.average_cost::text as current, d.average_cost_after::text as after, d.remark
      from average_cost_adjustment_details d
      join skus s on s.id = d.sku_id and s.domain_id = d.domain_id
      join spus p on p.id = s.spu_id and p.domain_id = s.domain_id
      left join sku_costs sc on sc.domain_id = d.domain_id and sc.sku_id = d.sku_id
      where d.domain_id = ${domainId} and d.adjustment_id = ${id}
      order by d.line_no`);
    const details: AverageCostDetailRow[] = lines.rows.map((l) => ({
      id: Number(l.id),
      skuId: Number(l.sku_id),
      skuCode: l.code,
      skuName: l.name,
      specifications: l.specifications ?? null,
      averageCostPriceBefore: l.before ?? null,
      currentAverageCost: l.current ?? null,
      averageCostPriceAfter: l.after,
      remark: l.remark ?? null,
    }));
    return { ...head, details };
  }

  /** Locks a document to change it: refused when missing, no longer SUBMIT, or at another version. */
  async function lockForChange(tx: Tx, domainId: number, input: AverageCostCommandInput) {
    const [row] = await tx
      .select()
      .from(averageCostAdjustments)
      .where(and(eq(averageCostAdjustments.domainId, domainId), eq(averageCostAdjustments.id, input.id)))
      .for('update');
    if (!row) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: ENTITY, field: 'id', id: input.id });
    if (row.status !== 'SUBMIT') throw new AppError(StockErrors.ADJUSTMENT_NOT_SUBMIT, 409, { code: row.code, status: row.status });
    if (row.version !== input.version) throw versionConflict(ENTITY);
    return row;
  }

  async function nextCode(tx: Tx, domainId: number): Promise<string> {
    // One code at a time per domain: a timestamp plus a counter within that second (spec 02 §9).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`average-cost:${domainId}`}))`);
    const prefix = `AC${codeStamp(now())}`;
    const result = await tx.execute<{ n: number }>(sql`
      select count(*)::int as n from average_cost_adjustments where domain_id = ${domainId} and code like ${prefix + '%'}`);
    return `${prefix}${String(Number(result.rows[0]?.n ?? 0) + 1).padStart(3, '0')}`;
  }

  const snapshot = (d: AverageCostDetail) => ({
    code: d.code,
    status: d.status,
    remark: d.remark,
    details: d.details.map((l) => ({ skuCode: l.skuCode, averageCostPriceBefore: l.averageCostPriceBefore, averageCostPriceAfter: l.averageCostPriceAfter, remark: l.remark })),
  });

  return {
    /** The average-cost configuration (see AvgCostConfig). */
    async getConfig(session: Session): Promise<AvgCostConfig> {
      return { receiptWithoutCost: await avgCostReceiptRule(db, domainOf(session)) };
    },

    /** updateAvgCostConfig: changes the rule for receipts from now on; written to the log with what it replaced. */
    async updateConfig(session: Session, input: AvgCostConfig): Promise<AvgCostConfig> {
      const domainId = requireCost(session);
      return db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from domain_configs where domain_id = ${domainId} and item_code = ${AVG_COST_CONFIG} for update`);
        const before = await avgCostReceiptRule(tx, domainId);
        await tx
          .insert(domainConfigs)
          .values({ domainId, itemCode: AVG_COST_CONFIG, value: input.receiptWithoutCost, updatedAt: now() })
          .onConflictDoUpdate({ target: [domainConfigs.domainId, domainConfigs.itemCode], set: { value: input.receiptWithoutCost, updatedAt: now() } });
        await writeOperationLog(tx, actorOf(session), { area: AREA, entityType: 'domainSetting', entityId: AVG_COST_CONFIG, action: 'update', before: { receiptWithoutCost: before }, after: { receiptWithoutCost: input.receiptWithoutCost } });
        return { receiptWithoutCost: input.receiptWithoutCost };
      });
    },

    async search(session: Session, input: AverageCostSearchInput): Promise<PageResult<AverageCostRow>> {
      const domainId = domainOf(session);
      const conditions = [sql`a.domain_id = ${domainId}`];
      if (input.code) conditions.push(sql`a.code ilike ${likePattern(input.code)}`);
      if (input.status) conditions.push(sql`a.status = ${input.status}`);
      if (input.skuCode)
        conditions.push(sql`exists (select 1 from average_cost_adjustment_details d join skus s on s.id = d.sku_id and s.domain_id = d.domain_id
                                    where d.domain_id = ${domainId} and d.adjustment_id = a.id and s.code ilike ${likePattern(input.skuCode)})`);
      if (input.timeFrom) conditions.push(sql`a.created_at >= ${parseDateTimeText(input.timeFrom).toISOString()}`);
      if (input.timeTo) conditions.push(sql`a.created_at <= ${parseDateTimeText(input.timeTo).toISOString()}`);
      const where = sql.join(conditions, sql` and `);
      const [count, rows] = await Promise.all([
        db.execute<{ n: number }>(sql`select count(*)::int as n from average_cost_adjustments a where ${where}`),
        db.execute<HeaderRecord>(sql`${HEADER_SELECT} where ${where} order by a.created_at desc, a.id desc
                                     limit ${input.pageSize} offset ${pageWindow(input).offset}`),
      ]);
      return pageAnswer(rows.rows.map(toRow), Number(count.rows[0]?.n ?? 0), input);
    },

    async searchDetail(session: Session, id: number): Promise<AverageCostDetail> {
      return detail(db, requireCost(session), id);
    },

    async create(session: Session, input: AverageCostCreateInput): Promise<AverageCostDetail> {
      const domainId = requireCost(session);
      return db.transaction(async (tx) => {
        const details = await resolveDetails(tx, domainId, input.details);
        const code = await nextCode(tx, domainId);
        const [created] = await tx
          .insert(averageCostAdjustments)
          .values({ domainId, code, status: 'SUBMIT', remark: input.remark ?? null, skuCount: details.length, createdBy: session.userId })
          .returning();
        await insertDetails(tx, domainId, created!.id, details);
        const after = await detail(tx, domainId, created!.id);
        await writeOperationLog(tx, actorOf(session), { area: AREA, entityType: ENTITY, entityId: code, action: 'create', after: snapshot(after) });
        return after;
      });
    },

    async update(session: Session, input: AverageCostUpdateInput): Promise<AverageCostDetail> {
      const domainId = requireCost(session);
      return db.transaction(async (tx) => {
        const row = await lockForChange(tx, domainId, input);
        const details = await resolveDetails(tx, domainId, input.details);
        const before = await detail(tx, domainId, row.id);
        await tx.delete(averageCostAdjustmentDetails).where(and(eq(averageCostAdjustmentDetails.domainId, domainId), eq(averageCostAdjustmentDetails.adjustmentId, row.id)));
        await insertDetails(tx, domainId, row.id, details);
        await tx
          .update(averageCostAdjustments)
          .set({ remark: input.remark ?? null, skuCount: details.length, version: row.version + 1, updatedAt: now() })
          .where(and(eq(averageCostAdjustments.domainId, domainId), eq(averageCostAdjustments.id, row.id), eq(averageCostAdjustments.version, input.version)));
        const after = await detail(tx, domainId, row.id);
        await writeOperationLog(tx, actorOf(session), { area: AREA, entityType: ENTITY, entityId: row.code, action: 'update', before: snapshot(before), after: snapshot(after) });
        return after;
      });
    },

    /** Sets every SKU's average to the document's value, recording the one it replaced. */
    async confirm(session: Session, input: AverageCostCommandInput): Promise<AverageCostDetail> {
      const domainId = requireCost(session);
      return db.transaction(async (tx) => {
        const row = await lockForChange(tx, domainId, input);
        const lines = await tx
          .select()
          .from(averageCostAdjustmentDetails)
          .where(and(eq(averageCostAdjustmentDetails.domainId, domainId), eq(averageCostAdjustmentDetails.adjustmentId, row.id)))
          .orderBy(averageCostAdjustmentDetails.skuId);
        for (const line of lines) {
          const before = await setAverageCost(tx, domainId, line.skuId, line.averageCostAfter);
          await tx
            .update(averageCostAdjustmentDetails)
            .set({ averageCostBefore: before, version: line.version + 1, updatedAt: now() })
            .where(and(eq(averageCostAdjustmentDetails.domainId, domainId), eq(averageCostAdjustmentDetails.id, line.id)));
        }
        await tx
          .update(averageCostAdjustments)
          .set({ status: 'COMPLETE', confirmedBy: session.userId, confirmedAt: now(), version: row.version + 1, updatedAt: now() })
          .where(and(eq(averageCostAdjustments.domainId, domainId), eq(averageCostAdjustments.id, row.id)));
        const after = await detail(tx, domainId, row.id);
        await writeOperationLog(tx, actorOf(session), { area: AREA, entityType: ENTITY, entityId: row.code, action: 'confirm', before: { status: 'SUBMIT' }, after: snapshot(after) });
        return after;
      });
    },

    async remove(session: Session, input: AverageCostCommandInput): Promise<{ deleted: number }> {
      const domainId = requireCost(session);
      return db.transaction(async (tx) => {
        const row = await lockForChange(tx, domainId, input);
        const before = await detail(tx, domainId, row.id);
        await tx.delete(averageCostAdjustmentDetails).where(and(eq(averageCostAdjustmentDetails.domainId, domainId), eq(averageCostAdjustmentDetails.adjustmentId, row.id)));
        await tx.delete(averageCostAdjustments).where(and(eq(averageCostAdjustments.domainId, domainId), eq(averageCostAdjustments.id, row.id)));
        await writeOperationLog(tx, actorOf(session), { area: AREA, entityType: ENTITY, entityId: row.code, action: 'delete', before: snapshot(before) });
        return { deleted: 1 };
      });
    },
  };
}

export type AverageCostService = ReturnType<typeof createAverageCostService>;
