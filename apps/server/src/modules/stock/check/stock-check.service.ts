// Stock checks: make a check of a scope, count lines by hand (or import them, stockcheck.importer),
// see the differences, confirm (ADJUST movements through the stock engine, all lines or none) or
// cancel. Commands run in one transaction each and write the operation log (area 'stockcheck').
import { bigintArray } from '../../../platform/sql.js';
import { sql } from 'drizzle-orm';
import {
  ErrorCodes,
  STOCK_CHECK_MAX_LINES,
  StockCheckErrors,
  type PageResult,
  type StockCheckCommandInput,
  type StockCheckCountInput,
  type StockCheckCountResult,
  type StockCheckCreateInput,
  type StockCheckDetail,
  type StockCheckDifferences,
  type StockCheckLineRow,
  type StockCheckLinesInput,
  type StockCheckRow,
  type StockCheckSearchInput,
  type StockCheckDifferencesInput,
} from '@openseller/core';
import type { Database, Tx } from '../../../db/client.js';
import { AppError, notFound, versionConflict } from '../../../platform/errors.js';
import { writeOperationLog } from '../../../platform/operation-log.js';
import type { Session } from '../../../platform/sessions.js';
import { applyMovements, StockShortageError, type Movement } from '../stock.engine.js';
import { pageAnswer } from '../../../platform/paging.js';
import { actorOf, domainOf } from '../../../platform/caller.js';
import {
  checkRowById,
  checkTotals,
  clearCounts,
  countScopeBalances,
  findCheck,
  insertSheetLines,
  linesByKeys,
  linesOfSkus,
  locationsByIds,
  lockWarehouseChecks,
  nextCheckCode,
  overlappingOpenCheck,
  pageLines,
  scopeSkus,
  searchChecks,
  skusByIds,
  warehouseById,
  writeCounts,
  type CheckRecord,
} from './stock-check.queries.js';

export const AREA = 'stockcheck';
/** The document type the ledger names for a check's adjustments. */
export const STOCK_CHECK_DOC = 'STOCK_CHECK';

export function refuseNotCounting(check: CheckRecord): void {
  if (check.status !== 'COUNTING') throw new AppError(StockCheckErrors.NOT_COUNTING, 409, { field: 'id', code: check.code, status: check.status });
}

/** Whether a location and SKU lie inside a check's scope. */
export function inScope(check: Pick<CheckRecord, 'locationId' | 'scopeSkuIds'>, locationId: number, skuId: number, scopeSet?: Set<number>): boolean {
  if (check.locationId !== null && check.locationId !== locationId) return false;
  if (check.scopeSkuIds !== null) return (scopeSet ?? new Set(check.scopeSkuIds)).has(skuId);
  return true;
}

interface BelowAllocatedRow extends Record<string, unknown> {
  sku_code: string;
  location_code: string | null;
  counted_qty: number;
  book_qty: number;
  on_hand: number;
  allocated: number;
  total: number;
}

export function createStockCheckService(deps: { database: Database; now?: () => Date }) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());

  async function checkOrFail(tx: Tx, domainId: number, id: number, lock: 'update' | 'share' | null = null): Promise<CheckRecord> {
    const check = await findCheck(tx, domainId, id, lock);
    if (!check) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'stockCheck', field: 'id' });
    return check;
  }

  async function detail(tx: Tx, domainId: number, id: number): Promise<StockCheckDetail> {
    const row = await checkRowById(tx, domainId, id);
    if (!row) throw notFound('stockCheck');
    const record = (await findCheck(tx, domainId, id))!;
    return { ...row, scopeSkus: await scopeSkus(tx, domainId, record.scopeSkuIds) };
  }

  return {
    async create(session: Session, input: StockCheckCreateInput): Promise<StockCheckDetail> {
      const domainId = domainOf(session);
      return db.transaction(async (tx) => {
        const warehouse = await warehouseById(tx, domainId, input.warehouseId);
        if (!warehouse) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'warehouse', field: 'warehouseId' });
        if (warehouse.stopUsing) throw new AppError(StockCheckErrors.WAREHOUSE_STOPPED, 409, { field: 'warehouseId', name: warehouse.name });
        const locationId = input.locationId ?? null;
        if (locationId !== null) {
          const location = (await locationsByIds(tx, domainId, [locationId])).get(locationId);
          if (!location) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'location', field: 'locationId' });
          if (location.warehouseId !== warehouse.id)
            throw new AppError(StockCheckErrors.LOCATION_NOT_IN_WAREHOUSE, 400, { field: 'locationId', locationId, locationCode: location.code, warehouseName: warehouse.name });
        }
        const skuIds = input.skuIds?.length ? [...new Set(input.skuIds)] : null;
        if (skuIds) {
          const found = await skusByIds(tx, domainId, skuIds);
          for (let i = 0; i < input.skuIds!.length; i++) {
            const id = input.skuIds![i]!;
            const sku = found.get(id);
            if (!sku) throw new AppError(StockCheckErrors.SKU_UNKNOWN, 400, { field: `skuIds.${i}`, skuId: id });
            if (sku.isCombination) throw new AppError(StockCheckErrors.COMBINATION, 400, { field: `skuIds.${i}`, skuCode: sku.code });
          }
        }
        const scope = { warehouseId: warehouse.id, locationId, skuIds };
        await lockWarehouseChecks(tx, domainId, warehouse.id);
        const overlap = await overlappingOpenCheck(tx, domainId, scope);
        if (overlap) throw new AppError(StockCheckErrors.SCOPE_OVERLAP, 409, { field: skuIds ? 'skuIds' : locationId !== null ? 'locationId' : 'warehouseId', code: overlap.code });
        const expected = (await countScopeBalances(tx, domainId, scope)) + (skuIds?.length ?? 0);
        if (expected > STOCK_CHECK_MAX_LINES) {
          throw new AppError(StockCheckErrors.TOO_MANY_LINES, 400, { field: 'warehouseId', count: expected, max: STOCK_CHECK_MAX_LINES });
        }
        const code = await nextCheckCode(tx, domainId, now());
        const inserted = await tx.execute<{ id: number }>(sql`
          insert into stock_checks (domain_id, code, warehouse_id, location_id, scope_sku_ids, remark, created_by, created_at, updated_at)
          values (${domainId}, ${code}, ${warehouse.id}, ${locationId}::bigint,
                  ${skuIds ? bigintArray(skuIds) : sql`null`},
                  ${input.remark ?? null}, ${session.userId}, ${now()}, ${now()})
          returning id`);
        const id = Number(inserted.rows[0]!.id);
        const lines = await insertSheetLines(tx, domainId, id, scope);
        await writeOperationLog(tx, actorOf(session), {
          area: AREA,
          entityType: 'stockCheck',
          entityId: id,
          action: 'create',
          after: { code, warehouseId: warehouse.id, warehouse: warehouse.name, locationId, scopeSkuCount: skuIds?.length ?? 0, lines, remark: input.remark ?? null },
        });
        return detail(tx, domainId, id);
      });
    },

    async search(session: Session, input: StockCheckSearchInput): Promise<PageResult<StockCheckRow>> {
      const { rows, total } = await searchChecks(db, domainOf(session), input);
      return pageAnswer(rows, total, input);
    },

    async get(session: Session, id: number): Promise<StockCheckDetail> {
      return detail(db, domainOf(session), id);
    },

    async lines(session: Session, input: StockCheckLinesInput): Promise<PageResult<StockCheckLineRow>> {
      const domainId = domainOf(session);
      const check = await checkOrFail(db, domainId, input.id);
      const { rows, total } = await pageLines(db, domainId, check, input);
      return pageAnswer(rows, total, input);
    },

    async differences(session: Session, input: StockCheckDifferencesInput): Promise<StockCheckDifferences> {
      const domainId = domainOf(session);
      const check = await checkOrFail(db, domainId, input.id);
      const { rows, total } = await pageLines(db, domainId, check, { ...input, filter: 'DIFFERENT' });
      return { ...pageAnswer(rows, total, input), totals: await checkTotals(db, domainId, check) };
    },

    /**
     * Counts lines by hand. A line is named by SKU and location; one not on the sheet is added
     * when it lies in the scope (a find). The book quantity is on-hand at this moment. A line
     * whose version the person did not see is refused.
     */
    async count(session: Session, input: StockCheckCountInput): Promise<StockCheckCountResult> {
      const domainId = domainOf(session);
      return db.transaction(async (tx) => {
        // Shared: several people count at once; a confirmation (for update) waits for them, and
        // a count waits for a confirmation in progress, then sees it confirmed.
        const check = await checkOrFail(tx, domainId, input.id, 'share');
        refuseNotCounting(check);
        const skus = await skusByIds(tx, domainId, [...new Set(input.lines.map((l) => l.skuId))]);
        const locationIds = [...new Set(input.lines.map((l) => l.locationId).filter((id) => id !== 0))];
        const locations = await locationsByIds(tx, domainId, locationIds);
        const scopeSet = check.scopeSkuIds ? new Set(check.scopeSkuIds) : undefined;
        const seen = new Map<string, number>();
        for (const [i, line] of input.lines.entries()) {
          const sku = skus.get(line.skuId);
          if (!sku) throw new AppError(StockCheckErrors.SKU_UNKNOWN, 400, { field: `lines.${i}.skuId`, skuId: line.skuId });
          if (sku.isCombination) throw new AppError(StockCheckErrors.COMBINATION, 400, { field: `lines.${i}.skuId`, skuCode: sku.code });
          const location = line.locationId === 0 ? null : locations.get(line.locationId);
          if (line.locationId !== 0 && (!location || location.warehouseId !== check.warehouseId)) {
            const warehouse = await warehouseById(tx, domainId, check.warehouseId);
            throw new AppError(StockCheckErrors.LOCATION_NOT_IN_WAREHOUSE, 400, {
              field: `lines.${i}.locationId`,
              locationId: line.locationId,
              locationCode: location?.code ?? String(line.locationId),
              warehouseName: warehouse?.name ?? String(check.warehouseId),
            });
          }
          if (!inScope(check, line.locationId, line.skuId, scopeSet)) {
            throw new AppError(StockCheckErrors.OUT_OF_SCOPE, 400, {
              field: `lines.${i}.${check.locationId !== null && check.locationId !== line.locationId ? 'locationId' : 'skuId'}`,
              skuCode: sku.code,
              locationCode: location?.code ?? '',
              code: check.code,
            });
          }
          const key = `${line.locationId}:${line.skuId}`;
          if (seen.has(key)) throw new AppError(ErrorCodes.VALIDATION, 400, { field: `lines.${i}`, detail: `lines.${i}: the same SKU and location as lines.${seen.get(key)}` });
          seen.set(key, i);
        }

        // Lines already there, locked, for the version check.
        let existing = await linesOfSkus(tx, domainId, [check.id], [...skus.keys()]);
        if (existing.size) {
          await tx.execute(sql`
            select id from stock_check_lines
            where domain_id = ${domainId} and id = any(${bigintArray([...existing.values()].map((l) => l.id).sort((a, b) => a - b))})
            order by id for update`);
          existing = await linesOfSkus(tx, domainId, [check.id], [...skus.keys()]);
          input.lines.forEach((line, i) => {
            if (line.version === undefined) return;
            const current = existing.get(`${check.id}:${line.locationId}:${line.skuId}`);
            if (!current || current.version !== line.version) {
              throw new AppError(ErrorCodes.VERSION_CONFLICT, 409, { what: 'stockCheckLine', field: `lines.${i}.countedQty` });
            }
          });
        } else if (input.lines.some((l) => l.version !== undefined)) {
          const i = input.lines.findIndex((l) => l.version !== undefined);
          throw new AppError(ErrorCodes.VERSION_CONFLICT, 409, { what: 'stockCheckLine', field: `lines.${i}.countedQty` });
        }

        const counted = input.lines.filter((l) => l.countedQty !== null);
        const cleared = input.lines.filter((l) => l.countedQty === null);
        await writeCounts(
          tx,
          domainId,
          session.userId,
          counted.map((l) => ({
            checkId: check.id,
            warehouseId: check.warehouseId,
            locationId: l.locationId,
            skuId: l.skuId,
            countedQty: l.countedQty!,
            lineId: existing.get(`${check.id}:${l.locationId}:${l.skuId}`)?.id,
          })),
        );
        await clearCounts(tx, domainId, check.id, cleared);
        await writeOperationLog(tx, actorOf(session), {
          area: AREA,
          entityType: 'stockCheck',
          entityId: check.id,
          action: 'count',
          after: { code: check.code, lines: input.lines.map((l) => ({ skuCode: skus.get(l.skuId)!.code, locationId: l.locationId, countedQty: l.countedQty })) },
        });
        return { lines: await linesByKeys(tx, domainId, check, input.lines) };
      });
    },

    /**
     * Confirms a check: each counted line's difference (counted − on-hand when it was counted) is
     * applied to on-hand now as an ADJUST movement, all lines or none. Movements after a line was
     * counted therefore stand: on-hand after = on-hand now + difference. A line that would end
     * below its allocated quantity refuses the whole confirmation, naming the line.
     */
    async confirm(session: Session, input: StockCheckCommandInput): Promise<StockCheckDetail> {
      const domainId = domainOf(session);
      return db.transaction(async (tx) => {
        const check = await checkOrFail(tx, domainId, input.id, 'update');
        refuseNotCounting(check);
        if (check.version !== input.version) throw versionConflict('stockCheck');
        const where = sql`l.domain_id = ${domainId} and l.check_id = ${check.id} and l.counted_qty is not null`;
        const countedRows = await tx.execute<{ n: number }>(sql`select count(*)::int as n from stock_check_lines l where ${where}`);
        if (!Number(countedRows.rows[0]?.n)) throw new AppError(StockCheckErrors.NOTHING_COUNTED, 409, { field: 'id', code: check.code });

        // The balances the adjustment touches, locked in the engine's order before they are read.
        await tx.execute(sql`
          select b.id from stock_balances b
          join stock_check_lines l on l.domain_id = b.domain_id and l.location_id = b.location_id and l.sku_id = b.sku_id
          where ${where} and b.domain_id = ${domainId} and b.warehouse_id = ${check.warehouseId} and l.counted_qty <> l.book_qty
          order by b.warehouse_id, b.sku_id, b.location_id
          for update of b`);

        const refused = await tx.execute<BelowAllocatedRow>(sql`
          select s.code as sku_code, loc.code as location_code, l.counted_qty, l.book_qty,
                 coalesce(b.on_hand, 0) as on_hand, coalesce(b.allocated, 0) as allocated, count(*) over ()::int as total
          from stock_check_lines l
          join skus s on s.id = l.sku_id and s.domain_id = l.domain_id
          left join warehouse_locations loc on loc.id = l.location_id and loc.domain_id = l.domain_id
          left join stock_balances b on b.domain_id = l.domain_id and b.warehouse_id = ${check.warehouseId} and b.location_id = l.location_id and b.sku_id = l.sku_id
          where ${where} and coalesce(b.on_hand, 0) + l.counted_qty - l.book_qty < coalesce(b.allocated, 0)
          order by l.id limit 1`);
        const first = refused.rows[0];
        if (first) {
          throw new AppError(StockCheckErrors.BELOW_ALLOCATED, 409, {
            field: 'lines',
            skuCode: first.sku_code,
            locationCode: first.location_code ?? '',
            counted: Number(first.counted_qty),
            book: Number(first.book_qty),
            onHand: Number(first.on_hand),
            allocated: Number(first.allocated),
            after: Number(first.on_hand) + Number(first.counted_qty) - Number(first.book_qty),
            count: Number(first.total),
          });
        }

        // Record on-hand at confirmation and the adjustment where either differs from the book
        // (elsewhere both are the book quantity and no adjustment; the reads say so), then move.
        await tx.execute(sql`
          update stock_check_lines t
          set confirm_book_qty = coalesce(b.on_hand, 0), adjust_qty = t.counted_qty - t.book_qty, updated_at = now()
          from stock_check_lines l
          left join stock_balances b on b.domain_id = l.domain_id and b.warehouse_id = ${check.warehouseId} and b.location_id = l.location_id and b.sku_id = l.sku_id
          where t.domain_id = l.domain_id and t.id = l.id and ${where} and (l.counted_qty <> l.book_qty or coalesce(b.on_hand, 0) <> l.book_qty)`);
        const diffs = await tx.execute<{ location_id: number; sku_id: number; diff: number }>(sql`
          select l.location_id, l.sku_id, l.counted_qty - l.book_qty as diff
          from stock_check_lines l where ${where} and l.counted_qty <> l.book_qty order by l.id`);
        const doc = { type: STOCK_CHECK_DOC, id: check.id, code: check.code };
        const movements: Movement[] = diffs.rows.map((r) => ({
          warehouseId: check.warehouseId,
          locationId: Number(r.location_id),
          skuId: Number(r.sku_id),
          onHandDelta: Number(r.diff),
          movement: 'ADJUST',
          doc,
        }));
        try {
          await applyMovements(tx, domainId, session.userId, movements);
        } catch (error) {
          // The balances were locked above, so the engine agrees with the check; kept as a guard.
          if (error instanceof StockShortageError) {
            const s = error.shortages[0]!;
            throw new AppError(StockCheckErrors.BELOW_ALLOCATED, 409, {
              field: 'lines',
              skuCode: String(s.skuId),
              locationCode: s.locationId ? String(s.locationId) : '',
              counted: s.onHand + s.onHandDelta,
              book: s.onHand,
              onHand: s.onHand,
              allocated: s.allocated,
              after: s.onHand + s.onHandDelta,
              count: error.shortages.length,
            });
          }
          throw error;
        }
        const totals = await checkTotals(tx, domainId, { ...check, status: 'CONFIRMED' });
        await tx.execute(sql`
          update stock_checks set status = 'CONFIRMED', confirmed_by = ${session.userId}, confirmed_at = ${now()},
                 version = version + 1, updated_at = ${now()}
          where domain_id = ${domainId} and id = ${check.id}`);
        await writeOperationLog(tx, actorOf(session), {
          area: AREA,
          entityType: 'stockCheck',
          entityId: check.id,
          action: 'confirm',
          before: { code: check.code, status: check.status },
          after: {
            code: check.code,
            status: 'CONFIRMED',
            countedLines: totals.countedLines,
            adjustedLines: movements.length,
            gainQty: totals.gainQty,
            lossQty: totals.lossQty,
            movedLines: totals.movedLines,
          },
        });
        return detail(tx, domainId, check.id);
      });
    },

    /** Cancels a check: nothing moves; its counts stay readable. */
    async cancel(session: Session, input: StockCheckCommandInput): Promise<StockCheckDetail> {
      const domainId = domainOf(session);
      return db.transaction(async (tx) => {
        const check = await checkOrFail(tx, domainId, input.id, 'update');
        refuseNotCounting(check);
        if (check.version !== input.version) throw versionConflict('stockCheck');
        await tx.execute(sql`
          update stock_checks set status = 'CANCELLED', cancelled_by = ${session.userId}, cancelled_at = ${now()},
                 version = version + 1, updated_at = ${now()}
          where domain_id = ${domainId} and id = ${check.id}`);
        await writeOperationLog(tx, actorOf(session), {
          area: AREA,
          entityType: 'stockCheck',
          entityId: check.id,
          action: 'cancel',
          before: { code: check.code, status: check.status },
          after: { code: check.code, status: 'CANCELLED' },
        });
        return detail(tx, domainId, check.id);
      });
    },
  };
}

export type StockCheckService = ReturnType<typeof createStockCheckService>;
