// Commands and reads of the business inventory: the list by warehouse and SKU, balances by
// location, warning levels, production-date lots, opening inventory, the ledger and the
// inventory log. Stock itself changes only through the engine (applyMovements).
import { problem, type FieldProblem, type ProblemParams } from '../../../platform/import-problems.js';
import type { ImportProblemCode } from '@openseller/core';
import { and, eq, sql } from 'drizzle-orm';
import {
  ErrorCodes,
  parseDateTimeText,
  STOCK_DOC_TYPES,
  StockErrors,
  type BizInventoryRow,
  type BizInventorySearchInput,
  type InventoryBalanceRow,
  type InventoryLedgerInput,
  type InventoryLedgerResult,
  type InventoryLogRow,
  type InventoryLogSearchInput,
  type InventoryProductDateAddInput,
  type InventoryProductDateDeleteInput,
  type InventoryProductDateInfo,
  type InventoryProductDateUpdateInput,
  type InventorySearchInput,
  type Language,
  type OpeningInventoryResult,
  type OpeningInventoryRow,
  type PageResult,
  type StockWarningBatchInput,
  type StockWarningUpdateInput,
} from '@openseller/core';
import type { Database, Tx } from '../../../db/client.js';
import { stockLots, stockWarnings } from '../../../db/schema/index.js';
import { AppError, versionConflict } from '../../../platform/errors.js';
import { fieldVisibility, redactFields } from '../../../platform/field-permissions.js';
import type { OperationEntry } from '../../../platform/operation-log.js';
import { writeOperationLog, writeOperationLogs } from '../../../platform/operation-log.js';
import type { Session } from '../../../platform/sessions.js';
import { applyMovements } from '../stock.engine.js';
import { applyReceiptCosts } from '../stock.costs.js';
import { pageAnswer, pageWindow } from '../../../platform/paging.js';
import { actorOf, domainOf } from '../../../platform/caller.js';
import {
  balanceById,
  balancesPage,
  belowWarningByWarehouse,
  bizInventoryPage,
  countBalances,
  countBizInventory,
  countLedger,
  ledgerPage,
  ledgerTotals,
  locationIdsByCode,
  locationOf,
  lotsOfBalances,
  skusOf,
  warehousesOf,
  type SkuRef,
  type WarehouseRef,
} from './inventory.queries.js';
import { bigintArray } from '../../../platform/sql.js';

export const AREA = 'stock';
export const COST_FIELDS = { averageCost: 'COST_PRICE', stockValue: 'COST_PRICE' } as const;

export const canSeeCost = (session: Session) => fieldVisibility(session)('COST_PRICE');

export const say = (language: Language, zh: string, en: string) => (language === 'zh' || language === 'zh_TW' ? zh : en);

const notFoundField = (what: string, field: string, extra: Record<string, string | number> = {}) => new AppError(ErrorCodes.NOT_FOUND, 404, { what, field, ...extra });


/** yyyyMMddHHmmss in the server's time zone: document codes are a timestamp plus a counter (spec 02 §9). */
export function codeStamp(now: Date): string {
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${now.getFullYear()}${p(now.getMonth() + 1)}${p(now.getDate())}${p(now.getHours())}${p(now.getMinutes())}${p(now.getSeconds())}`;
}

// ---- opening inventory: shared by the import (kind OPENING_INVENTORY) and saveOpening ------------

export interface OpeningProblem extends FieldProblem {
  /** Index of the row in the list given. */
  index: number;
  field: keyof OpeningInventoryRow;
}

export interface ResolvedOpeningRow {
  warehouseId: number;
  locationId: number;
  skuId: number;
  qty: number;
  unitCost: string | null;
}

/** Checks opening rows against the domain; answers the problems by row, or the resolved rows. */
export async function resolveOpening(
  tx: Tx,
  session: Session,
  rows: OpeningInventoryRow[],
  language: Language,
  /** How a problem names another row: its entry number by default, a sheet row for an import. */
  rowNumberOf: (index: number) => number = (index) => index + 1,
): Promise<{ problems: OpeningProblem[]; resolved: ResolvedOpeningRow[] }> {
  const domainId = domainOf(session);
  const warehouses = new Map((await warehousesOf(tx, domainId, { codes: [...new Set(rows.map((r) => r.warehouseCode))] })).map((w) => [w.code, w]));
  const skus = new Map((await skusOf(tx, domainId, { codes: [...new Set(rows.map((r) => r.skuCode))] })).map((s) => [s.code, s]));
  const locationPairs = rows.flatMap((r) => {
    const w = warehouses.get(r.warehouseCode);
    return w && r.locationCode ? [{ warehouseId: w.id, code: r.locationCode }] : [];
  });
  const locations = await locationIdsByCode(tx, domainId, locationPairs);
  const seesCost = canSeeCost(session);
  const problems: OpeningProblem[] = [];
  const resolved: ResolvedOpeningRow[] = [];
  const seen = new Map<string, number>();
  rows.forEach((row, index) => {
    const before = problems.length;
    const add = (field: keyof OpeningInventoryRow, code: ImportProblemCode, params?: ProblemParams) => problems.push({ index, ...problem(language, field, code, params), field });
    const warehouse = warehouses.get(row.warehouseCode);
    let locationId = 0;
    if (!warehouse) add('warehouseCode', 'WAREHOUSE_NOT_FOUND', { value: row.warehouseCode });
    else if (warehouse.stopUsing) add('warehouseCode', 'WAREHOUSE_STOPPED', { name: warehouse.name });
    else if (row.locationCode) {
      const found = locations.get(`${warehouse.id}:${row.locationCode}`);
      if (found === undefined)
        add('locationCode', 'LOCATION_NOT_FOUND', { warehouse: warehouse.code, value: row.locationCode });
      else locationId = found;
    }
    const sku = skus.get(row.skuCode);
    if (!sku) add('skuCode', 'SKU_NOT_FOUND', { value: row.skuCode });
    else if (sku.isCombination)
      add('skuCode', 'SKU_IS_COMBINATION', { value: row.skuCode });
    if (row.unitCost !== undefined && !seesCost)
      add('unitCost', 'FIELD_NOT_PERMITTED');
    if (problems.length > before || !warehouse || !sku) return;
    const key = `${warehouse.id}:${locationId}:${sku.id}`;
    const first = seen.get(key);
    if (first !== undefined) {
      add('skuCode', 'DUPLICATE_ROW', { row: rowNumberOf(first) });
      return;
    }
    seen.set(key, index);
    resolved.push({ warehouseId: warehouse.id, locationId, skuId: sku.id, qty: row.qty, unitCost: row.unitCost ?? null });
  });
  return { problems, resolved };
}

/** The next opening-inventory document code of the domain: OI + timestamp + counter. */
async function openingDocCode(tx: Tx, domainId: number, now: Date): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`opening:${domainId}`}))`);
  const prefix = `OI${codeStamp(now)}`;
  const result = await tx.execute<{ n: number }>(sql`
    select count(distinct doc_code)::int as n from stock_ledger
    where domain_id = ${domainId} and doc_type = ${STOCK_DOC_TYPES.OPENING} and doc_code like ${prefix + '%'}`);
  return `${prefix}${String(Number(result.rows[0]?.n ?? 0) + 1).padStart(3, '0')}`;
}

/**
 * Loads checked opening rows: the receipts' costs move the averages first, then OPENING movements
 * raise on-hand, all in the caller's transaction.
 */
export async function loadOpening(tx: Tx, session: Session, rows: ResolvedOpeningRow[], options: { now: Date; source: 'import' | 'save' }): Promise<OpeningInventoryResult> {
  const domainId = domainOf(session);
  const docCode = await openingDocCode(tx, domainId, options.now);
  await applyReceiptCosts(
    tx,
    domainId,
    rows.map((r) => ({ skuId: r.skuId, qty: r.qty, unitCost: r.unitCost })),
  );
  await applyMovements(
    tx,
    domainId,
    session.userId,
    rows.map((r) => ({
      warehouseId: r.warehouseId,
      locationId: r.locationId,
      skuId: r.skuId,
      onHandDelta: r.qty,
      movement: 'OPENING' as const,
      doc: { type: STOCK_DOC_TYPES.OPENING, code: docCode },
    })),
  );
  const qty = rows.reduce((sum, r) => sum + r.qty, 0);
  await writeOperationLog(tx, actorOf(session), {
    area: AREA,
    entityType: 'openingInventory',
    entityId: docCode,
    action: options.source === 'import' ? 'import' : 'create',
    after: { docCode, rows: rows.length, qty, skus: new Set(rows.map((r) => r.skuId)).size },
  });
  return { docCode, rows: rows.length, qty };
}

// ---- warning levels ----------------------------------------------------------------------------

export interface WarningChange {
  warehouseId: number;
  skuId: number;
  /** Null or 0 removes the level. */
  warningQty: number | null;
}

/** Sets or removes warning levels (already checked), with one log entry each. */
export async function applyWarnings(tx: Tx, session: Session, changes: WarningChange[], action: 'setWarning' | 'importWarning'): Promise<{ set: number; cleared: number }> {
  const domainId = domainOf(session);
  if (!changes.length) return { set: 0, cleared: 0 };
  const keys = JSON.stringify(changes.map((c) => ({ w: c.warehouseId, s: c.skuId, q: c.warningQty ?? 0 })));
  const before = await tx.execute<{ warehouse_id: number; sku_id: number; warning_qty: number }>(sql`
    select w.warehouse_id, w.sku_id, w.warning_qty from stock_warnings w
    join json_to_recordset(${keys}::json) as k(w bigint, s bigint, q int) on w.warehouse_id = k.w and w.sku_id = k.s
    where w.domain_id = ${domainId}
    order by w.warehouse_id, w.sku_id
    for update of w`);
  const old = new Map(before.rows.map((r) => [`${Number(r.warehouse_id)}:${Number(r.sku_id)}`, Number(r.warning_qty)]));
  const toSet = changes.filter((c) => c.warningQty);
  const toClear = changes.filter((c) => !c.warningQty);
  if (toSet.length) {
    await tx.execute(sql`
      insert into stock_warnings (domain_id, warehouse_id, sku_id, warning_qty, created_by)
      select ${domainId}, k.w, k.s, k.q, ${session.userId}::bigint
      from json_to_recordset(${JSON.stringify(toSet.map((c) => ({ w: c.warehouseId, s: c.skuId, q: c.warningQty })))}::json) as k(w bigint, s bigint, q int)
      order by k.w, k.s
      on conflict (domain_id, warehouse_id, sku_id) do update
        set warning_qty = excluded.warning_qty, version = stock_warnings.version + 1, updated_at = now()
        where stock_warnings.warning_qty is distinct from excluded.warning_qty`);
  }
  if (toClear.length) {
    await tx.execute(sql`
      delete from stock_warnings w using json_to_recordset(${JSON.stringify(toClear.map((c) => ({ w: c.warehouseId, s: c.skuId })))}::json) as k(w bigint, s bigint)
      where w.domain_id = ${domainId} and w.warehouse_id = k.w and w.sku_id = k.s`);
  }
  const entries = changes
    .map((c) => ({ c, before: old.get(`${c.warehouseId}:${c.skuId}`) ?? null }))
    .filter(({ c, before }) => (before ?? 0) !== (c.warningQty ?? 0))
    .map(({ c, before }): OperationEntry => ({
      area: AREA,
      entityType: 'stockWarning',
      entityId: `${c.warehouseId}:${c.skuId}`,
      action: c.warningQty ? action : 'clearWarning',
      before: before === null ? null : { warehouseId: c.warehouseId, skuId: c.skuId, warningQty: before },
      after: c.warningQty ? { warehouseId: c.warehouseId, skuId: c.skuId, warningQty: c.warningQty } : null,
    }));
  await writeOperationLogs(tx, actorOf(session), entries);
  return { set: toSet.length, cleared: toClear.filter((c) => old.has(`${c.warehouseId}:${c.skuId}`)).length };
}

// ---- the service -------------------------------------------------------------------------------

export function createInventoryService(deps: { database: Database; now?: () => Date }) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());

  async function checkWarehouse(tx: Tx, domainId: number, id: number, field: string): Promise<WarehouseRef> {
    const [warehouse] = await warehousesOf(tx, domainId, { ids: [id] });
    if (!warehouse) throw notFoundField('warehouse', field, { id });
    return warehouse;
  }

  async function checkStockedSku(tx: Tx, domainId: number, id: number, field: string): Promise<SkuRef> {
    const [sku] = await skusOf(tx, domainId, { ids: [id] });
    if (!sku) throw notFoundField('sku', field, { id });
    if (sku.isCombination) throw new AppError(StockErrors.COMBINATION_NOT_STOCKED, 400, { field, code: sku.code });
    return sku;
  }

  async function lotInfo(tx: Tx, domainId: number, balanceId: number): Promise<InventoryProductDateInfo> {
    const balance = await balanceById(tx, domainId, balanceId);
    if (!balance) throw notFoundField('balance', 'id', { id: balanceId });
    return { id: balance.id, onHand: balance.onHand, productDate: (await lotsOfBalances(tx, domainId, [balance.id])).get(balance.id) ?? [] };
  }

  /** A filter naming a warehouse or location of another domain is refused, not answered empty. */
  async function checkFilter(domainId: number, whId: number, locationId?: number) {
    if (whId !== -1) await checkWarehouse(db, domainId, whId, 'whId');
    if (locationId !== undefined) {
      const location = await locationOf(db, domainId, locationId);
      if (!location || (whId !== -1 && location.warehouseId !== whId)) throw notFoundField('location', 'locationId', { id: locationId });
    }
  }

  function lotsExceed(total: number, onHand: number, field: string) {
    return new AppError(StockErrors.PRODUCT_DATES_EXCEED, 400, { field, total, onHand });
  }

  return {
    /** Refuses a filter naming another domain's warehouse or location (the export checks it first). */
    assertFilter: (session: Session, whId: number, locationId?: number) => checkFilter(domainOf(session), whId, locationId),

    // ---- reads ----

    async search(session: Session, input: BizInventorySearchInput): Promise<PageResult<BizInventoryRow>> {
      const domainId = domainOf(session);
      await checkFilter(domainId, input.whId, input.locationId);
      const [total, rows] = await Promise.all([countBizInventory(db, domainId, input), bizInventoryPage(db, domainId, input, pageWindow(input))]);
      return pageAnswer(redactFields(rows, COST_FIELDS, session), total, input);
    },

    async searchBalances(session: Session, input: InventorySearchInput): Promise<PageResult<InventoryBalanceRow>> {
      const domainId = domainOf(session);
      await checkFilter(domainId, input.whId, input.locationId);
      const [total, rows] = await Promise.all([countBalances(db, domainId, input), balancesPage(db, domainId, input, pageWindow(input))]);
      return pageAnswer(rows, total, input);
    },

    /** How the numbers of one SKU in one warehouse came about: its ledger, newest first. */
    async ledger(session: Session, input: InventoryLedgerInput): Promise<InventoryLedgerResult> {
      const domainId = domainOf(session);
      await checkWarehouse(db, domainId, input.whId, 'whId');
      const [sku] = await skusOf(db, domainId, { ids: [input.skuId] });
      if (!sku) throw notFoundField('sku', 'skuId', { id: input.skuId });
      const filter = { whId: input.whId, skuId: input.skuId, locationId: input.locationId, keywordType: 'code' as const };
      const [total, rows, totals] = await Promise.all([countLedger(db, domainId, filter), ledgerPage(db, domainId, filter, pageWindow(input), 'id'), ledgerTotals(db, domainId, filter)]);
      return { ...pageAnswer(rows, total, input), ...totals, available: totals.onHand - totals.allocated };
    },

    /** The inventory log (logs activeKey 2): every movement of the domain's stock. */
    async inventoryLog(session: Session, input: InventoryLogSearchInput): Promise<PageResult<InventoryLogRow>> {
      const domainId = domainOf(session);
      await checkFilter(domainId, input.whId);
      const filter = {
        ...input,
        timeFrom: input.timeFrom ? parseDateTimeText(input.timeFrom) : undefined,
        timeTo: input.timeTo ? parseDateTimeText(input.timeTo) : undefined,
      };
      const [total, rows] = await Promise.all([countLedger(db, domainId, filter), ledgerPage(db, domainId, filter, pageWindow(input))]);
      return pageAnswer(rows, total, input);
    },

    async homeCounters(domainId: number) {
      const whbelowWarning = await belowWarningByWarehouse(db, domainId);
      return { whbelowWarning, countbelowWarning: whbelowWarning.reduce((sum, w) => sum + w.count, 0) };
    },

    // ---- warning levels ----

    /** Sets (or with null/0 removes) the warning level of one SKU in one warehouse. */
    async updateWarning(session: Session, input: StockWarningUpdateInput): Promise<{ warningQty: number | null; version: number | null }> {
      const domainId = domainOf(session);
      return db.transaction(async (tx) => {
        await checkWarehouse(tx, domainId, input.whId, 'whId');
        await checkStockedSku(tx, domainId, input.skuId, 'skuId');
        const [current] = await tx
          .select()
          .from(stockWarnings)
          .where(and(eq(stockWarnings.domainId, domainId), eq(stockWarnings.warehouseId, input.whId), eq(stockWarnings.skuId, input.skuId)))
          .for('update');
        // The row showed a level (or none): someone else changing it meanwhile is a stale version.
        if ((current?.version ?? null) !== input.version) throw versionConflict('warning');
        await applyWarnings(tx, session, [{ warehouseId: input.whId, skuId: input.skuId, warningQty: input.warningQty }], 'setWarning');
        const [after] = await tx
          .select()
          .from(stockWarnings)
          .where(and(eq(stockWarnings.domainId, domainId), eq(stockWarnings.warehouseId, input.whId), eq(stockWarnings.skuId, input.skuId)));
        return { warningQty: after?.warningQty ?? null, version: after?.version ?? null };
      });
    },

    /** Sets (or removes) one warning level on many SKU-warehouse pairs. */
    async batchUpdateWarning(session: Session, input: StockWarningBatchInput): Promise<{ set: number; cleared: number }> {
      const domainId = domainOf(session);
      return db.transaction(async (tx) => {
        const warehouseIds = [...new Set(input.items.map((i) => i.whId))];
        const known = new Set((await warehousesOf(tx, domainId, { ids: warehouseIds })).map((w) => w.id));
        const skuIds = [...new Set(input.items.map((i) => i.skuId))];
        const skus = new Map((await skusOf(tx, domainId, { ids: skuIds })).map((s) => [s.id, s]));
        input.items.forEach((item, n) => {
          if (!known.has(item.whId)) throw notFoundField('warehouse', `items.${n}.whId`, { id: item.whId });
          const sku = skus.get(item.skuId);
          if (!sku) throw notFoundField('sku', `items.${n}.skuId`, { id: item.skuId });
          if (sku.isCombination) throw new AppError(StockErrors.COMBINATION_NOT_STOCKED, 400, { field: `items.${n}.skuId`, code: sku.code });
        });
        const unique = new Map(input.items.map((i) => [`${i.whId}:${i.skuId}`, { warehouseId: i.whId, skuId: i.skuId, warningQty: input.warningQty }]));
        return applyWarnings(tx, session, [...unique.values()], 'setWarning');
      });
    },

    // ---- production-date lots ----

    async productDates(session: Session, balanceId: number): Promise<InventoryProductDateInfo> {
      return lotInfo(db, domainOf(session), balanceId);
    },

    /** Adds lots to a balance; a date it already has gets the quantity added. */
    async addProductDates(session: Session, input: InventoryProductDateAddInput): Promise<InventoryProductDateInfo> {
      const domainId = domainOf(session);
      return db.transaction(async (tx) => {
        // Locking the balance serialises lot changes with each other and with its movements.
        const balance = await balanceById(tx, domainId, input.id, true);
        if (!balance) throw notFoundField('balance', 'id', { id: input.id });
        const before = (await lotsOfBalances(tx, domainId, [balance.id])).get(balance.id) ?? [];
        const added = new Map<string, number>();
        for (const lot of input.productDate) added.set(lot.productDate, (added.get(lot.productDate) ?? 0) + lot.qty);
        const total = before.reduce((sum, l) => sum + l.qty, 0) + [...added.values()].reduce((a, b) => a + b, 0);
        if (total > balance.onHand) throw lotsExceed(total, balance.onHand, 'productDate');
        await tx.execute(sql`
          insert into stock_lots (domain_id, balance_id, product_date, qty, created_by)
          select ${domainId}, ${balance.id}, k.d::date, k.q, ${session.userId}::bigint
          from json_to_recordset(${JSON.stringify([...added].map(([d, q]) => ({ d, q })))}::json) as k(d text, q int)
          on conflict (domain_id, balance_id, product_date) do update
            set qty = stock_lots.qty + excluded.qty, version = stock_lots.version + 1, updated_at = now()`);
        const after = await lotInfo(tx, domainId, balance.id);
        await writeOperationLog(tx, actorOf(session), { area: AREA, entityType: 'productDate', entityId: balance.id, action: 'addProductDate', before, after: after.productDate });
        return after;
      });
    },

    async updateProductDate(session: Session, input: InventoryProductDateUpdateInput): Promise<InventoryProductDateInfo> {
      const domainId = domainOf(session);
      return db.transaction(async (tx) => {
        const [lot] = await tx.select().from(stockLots).where(and(eq(stockLots.domainId, domainId), eq(stockLots.id, input.id)));
        if (!lot) throw notFoundField('productDate', 'id', { id: input.id });
        const balance = (await balanceById(tx, domainId, lot.balanceId, true))!;
        const before = (await lotsOfBalances(tx, domainId, [balance.id])).get(balance.id) ?? [];
        const current = before.find((l) => l.id === lot.id);
        if (!current || current.version !== input.version) throw versionConflict('productDate');
        if (before.some((l) => l.id !== lot.id && l.productDate === input.productDate))
          throw new AppError(StockErrors.PRODUCT_DATE_TAKEN, 409, { field: 'productDate', productDate: input.productDate });
        const total = before.reduce((sum, l) => sum + (l.id === lot.id ? input.qty : l.qty), 0);
        // Lowering a lot is always allowed, even when shipping has left the lots above on-hand.
        if (input.qty > current.qty && total > balance.onHand) throw lotsExceed(total, balance.onHand, 'qty');
        const updated = await tx
          .update(stockLots)
          .set({ productDate: input.productDate, qty: input.qty, version: current.version + 1, updatedAt: now() })
          .where(and(eq(stockLots.domainId, domainId), eq(stockLots.id, lot.id), eq(stockLots.version, input.version)))
          .returning();
        if (!updated.length) throw versionConflict('productDate');
        const after = await lotInfo(tx, domainId, balance.id);
        await writeOperationLog(tx, actorOf(session), { area: AREA, entityType: 'productDate', entityId: balance.id, action: 'updateProductDate', before: current, after: updated[0] });
        return after;
      });
    },

    /** Clears the chosen lots of a balance. */
    async deleteProductDates(session: Session, input: InventoryProductDateDeleteInput): Promise<InventoryProductDateInfo> {
      const domainId = domainOf(session);
      return db.transaction(async (tx) => {
        const balance = await balanceById(tx, domainId, input.id, true);
        if (!balance) throw notFoundField('balance', 'id', { id: input.id });
        const removed = await tx.execute<{ id: number; product_date: string; qty: number }>(sql`
          delete from stock_lots
          where domain_id = ${domainId} and balance_id = ${balance.id}
            and id = any(${bigintArray(input.idList)})
          returning id, product_date::text as product_date, qty`);
        if (!removed.rows.length) throw notFoundField('productDate', 'idList');
        await writeOperationLog(tx, actorOf(session), {
          area: AREA,
          entityType: 'productDate',
          entityId: balance.id,
          action: 'clearProductDate',
          before: removed.rows.map((r) => ({ id: Number(r.id), productDate: r.product_date, qty: Number(r.qty) })),
        });
        return lotInfo(tx, domainId, balance.id);
      });
    },

    // ---- opening inventory ----

    /** The opening inventory as one call: every row checked first, then all loaded or none. */
    async saveOpening(session: Session, rows: OpeningInventoryRow[], language: Language): Promise<OpeningInventoryResult> {
      return db.transaction(async (tx) => {
        const { problems, resolved } = await resolveOpening(tx, session, rows, language);
        if (problems.length) {
          const fields = problems.map((p) => ({ field: `items.${p.index}.${p.field}`, message: p.message }));
          throw new AppError(ErrorCodes.VALIDATION, 400, { detail: fields.map((f) => `${f.field}: ${f.message}`).join('; '), field: fields[0]!.field }, fields);
        }
        return loadOpening(tx, session, resolved, { now: now(), source: 'save' });
      });
    },

  };
}

export type InventoryService = ReturnType<typeof createInventoryService>;
