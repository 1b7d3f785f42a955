// Transfers between warehouses: CREATED (edit, cancel) → SHIPPED (TRANSFER_OUT: on-hand leaves
// the source, refused when the source lacks available stock) → RECEIVED (TRANSFER_IN into the
// target's locations, chosen at receipt). Each command checks version and status, runs in one
// transaction and writes the operation log (area 'transfer'). Stock moves only through the engine.
import { and, eq } from 'drizzle-orm';
import {
  ErrorCodes,
  OutboundErrors,
  transferAllows,
  type PageResult,
  type TransferAction,
  type TransferCommandInput,
  type TransferCreateInput,
  type TransferReceiveInput,
  type TransferRow,
  type TransferSearchInput,
  type TransferStatus,
  type TransferUpdateInput,
  type TransferWithDetails,
} from '@openseller/core';
import type { OperationLogAction } from '@openseller/core';
import type { Database, Tx } from '../../../db/client.js';
import { transferDetails, transferOrders } from '../../../db/schema/index.js';
import { AppError, notFound, versionConflict } from '../../../platform/errors.js';
import type { ServiceRegistry } from '../../../platform/module.js';
import { writeOperationLog, type OperationActor } from '../../../platform/operation-log.js';
import type { Session } from '../../../platform/sessions.js';
import { actorOf, domainOf } from '../../../platform/caller.js';
import { applyMovements, lockAvailableByLocation, StockShortageError, type Movement } from '../stock.engine.js';
import { checkedSkus, keepsLocations, locationsInWarehouse, nextDayCode, requireLocationOf, usableWarehouse } from '../outbound/documents.js';
import { pageAnswer } from '../../../platform/paging.js';
import { lockTransfer, searchTransfers, transferDetailRows, transferDetailsOf, transferRowById, type TransferRecord } from './transfer.queries.js';

export const TRANSFER_AREA = 'transfer';
export const TRANSFER_DOC_TYPE = 'TRANSFER';
const ENTITY = 'transfer';

export function createTransferService(deps: { database: Database; registry: ServiceRegistry; now?: () => Date }) {
  const { db } = deps.database;
  const { registry } = deps;
  const now = deps.now ?? (() => new Date());

  async function withDetails(tx: Tx, domainId: number, id: number): Promise<TransferWithDetails> {
    const row = await transferRowById(tx, domainId, id);
    if (!row) throw notFound(ENTITY);
    return { ...row, details: await transferDetailRows(tx, domainId, id) };
  }

  async function lockForCommand(tx: Tx, domainId: number, input: TransferCommandInput, action: TransferAction): Promise<TransferRecord> {
    const t = await lockTransfer(tx, domainId, input.id);
    if (!t) throw notFound(ENTITY);
    if (t.version !== input.version) throw versionConflict(ENTITY);
    if (!transferAllows(t.transferStatus as TransferStatus, action)) throw new AppError(OutboundErrors.TRANSFER_STATUS, 409, { code: t.code, status: t.transferStatus, action });
    return t;
  }

  async function saveHeader(tx: Tx, t: TransferRecord, values: Partial<typeof transferOrders.$inferInsert>): Promise<TransferRecord> {
    const [after] = await tx
      .update(transferOrders)
      .set({ ...values, version: t.version + 1, updatedAt: now() })
      .where(and(eq(transferOrders.domainId, t.domainId), eq(transferOrders.id, t.id), eq(transferOrders.version, t.version)))
      .returning();
    if (!after) throw versionConflict(ENTITY);
    return after;
  }

  const brief = (t: TransferRecord) => ({ code: t.code, transferStatus: t.transferStatus, outWarehouseId: t.outWarehouseId, inWarehouseId: t.inWarehouseId, version: t.version });

  async function log(tx: Tx, actor: OperationActor, t: TransferRecord, action: OperationLogAction, before: unknown, after: unknown) {
    await writeOperationLog(tx, actor, { area: TRANSFER_AREA, entityType: ENTITY, entityId: t.id, action, before, after });
  }

  /** Two different warehouses of the domain in use, plain SKUs once each, locations of the right warehouse. */
  async function checkFields(tx: Tx, domainId: number, input: TransferCreateInput): Promise<void> {
    if (input.outWarehouseId === input.inWarehouseId) throw new AppError(OutboundErrors.TRANSFER_SAME_WAREHOUSE, 400, { field: 'inWarehouseId' });
    await usableWarehouse(registry, tx, domainId, input.outWarehouseId, 'outWarehouseId');
    await usableWarehouse(registry, tx, domainId, input.inWarehouseId, 'inWarehouseId');
    await checkedSkus(
      registry,
      tx,
      domainId,
      input.details.map((d) => d.skuId),
      (i) => `details.${i}.skuId`,
    );
    const outLocations = await locationsInWarehouse(tx, domainId, input.outWarehouseId, input.details.flatMap((d) => (d.outLocationId ? [d.outLocationId] : [])));
    const inLocations = await locationsInWarehouse(tx, domainId, input.inWarehouseId, input.details.flatMap((d) => (d.inLocationId ? [d.inLocationId] : [])));
    input.details.forEach((d, i) => {
      requireLocationOf(outLocations, d.outLocationId, `details.${i}.outLocationId`);
      requireLocationOf(inLocations, d.inLocationId, `details.${i}.inLocationId`);
    });
  }

  const headerValues = (input: TransferCreateInput) => ({
    outWarehouseId: input.outWarehouseId,
    inWarehouseId: input.inWarehouseId,
    remark: input.remark ?? null,
    qtyTotal: input.details.reduce((sum, d) => sum + d.qty, 0),
    skuTotal: input.details.length,
  });

  async function insertDetails(tx: Tx, domainId: number, transferId: number, input: TransferCreateInput) {
    await tx.insert(transferDetails).values(
      input.details.map((d) => ({ domainId, transferId, skuId: d.skuId, qty: d.qty, outLocationId: d.outLocationId ?? null, inLocationId: d.inLocationId ?? null })),
    );
  }

  const linesOf = (details: { skuId: number; qty: number; outLocationId?: number | null; inLocationId?: number | null }[]) =>
    details.map((d) => ({ skuId: d.skuId, qty: d.qty, outLocationId: d.outLocationId ?? null, inLocationId: d.inLocationId ?? null }));

  return {
    /** /myhome/transfer/createTransferOrderByHand. */
    async create(session: Session, input: TransferCreateInput): Promise<TransferWithDetails> {
      const domainId = domainOf(session);
      return db.transaction(async (tx) => {
        await checkFields(tx, domainId, input);
        let created: TransferRecord | undefined;
        for (let attempt = 0; !created; attempt++) {
          if (attempt > 20) throw new Error('no free transfer code');
          const code = await nextDayCode(tx, 'transfer_orders', domainId, 'TF', now());
          [created] = await tx
            .insert(transferOrders)
            .values({ domainId, code, ...headerValues(input), createdBy: session.userId })
            .onConflictDoNothing()
            .returning();
        }
        await insertDetails(tx, domainId, created.id, input);
        await log(tx, actorOf(session), created, 'create', null, { ...brief(created), lines: linesOf(input.details) });
        return withDetails(tx, domainId, created.id);
      });
    },

    async update(session: Session, input: TransferUpdateInput): Promise<TransferWithDetails> {
      const domainId = domainOf(session);
      return db.transaction(async (tx) => {
        const t = await lockForCommand(tx, domainId, input, 'update');
        const before = await transferDetailsOf(tx, domainId, t.id);
        await checkFields(tx, domainId, input);
        await tx.delete(transferDetails).where(and(eq(transferDetails.domainId, domainId), eq(transferDetails.transferId, t.id)));
        await insertDetails(tx, domainId, t.id, input);
        const after = await saveHeader(tx, t, headerValues(input));
        await log(tx, actorOf(session), after, 'update', { ...brief(t), remark: t.remark, lines: linesOf(before) }, { ...brief(after), remark: after.remark, lines: linesOf(input.details) });
        return withDetails(tx, domainId, t.id);
      });
    },

    /**
     * Ships: every line leaves the source (its location, or the locations with most available
     * first), all lines or none. Allocated stock stays: only available pieces are moved.
     */
    async ship(session: Session, input: TransferCommandInput): Promise<TransferWithDetails> {
      const domainId = domainOf(session);
      return db.transaction(async (tx) => {
        const t = await lockForCommand(tx, domainId, input, 'ship');
        const lines = await transferDetailRows(tx, domainId, t.id);
        const doc = { type: TRANSFER_DOC_TYPE, id: t.id, code: t.code };
        const movements: Movement[] = [];
        const ordered = lines.map((line, index) => ({ line, index })).sort((a, b) => a.line.skuId - b.line.skuId);
        const shortage = (index: number, available: number) =>
          new AppError(OutboundErrors.TRANSFER_SHORTAGE, 409, { field: `details.${index}.qty`, code: t.code, skuCode: lines[index]!.skuCode, available: Math.max(0, available), needed: lines[index]!.qty });
        for (const { line, index } of ordered) {
          if (line.outLocationId) {
            movements.push({ warehouseId: t.outWarehouseId, locationId: line.outLocationId, skuId: line.skuId, onHandDelta: -line.qty, movement: 'TRANSFER_OUT', doc });
            continue;
          }
          const parts = await lockAvailableByLocation(tx, domainId, t.outWarehouseId, line.skuId);
          const total = parts.reduce((sum, p) => sum + Math.max(0, p.available), 0);
          if (total < line.qty) throw shortage(index, total);
          let left = line.qty;
          for (const p of parts) {
            const take = Math.min(left, p.available);
            if (take <= 0) continue;
            movements.push({ warehouseId: t.outWarehouseId, locationId: p.locationId, skuId: line.skuId, onHandDelta: -take, movement: 'TRANSFER_OUT', doc });
            left -= take;
          }
        }
        try {
          await applyMovements(tx, domainId, session.userId, movements);
        } catch (error) {
          if (!(error instanceof StockShortageError)) throw error;
          const first = error.shortages[0]!;
          throw shortage(
            lines.findIndex((l) => l.skuId === first.skuId),
            first.available,
          );
        }
        const after = await saveHeader(tx, t, { transferStatus: 'SHIPPED', shippedAt: now() });
        await log(tx, actorOf(session), after, 'ship', brief(t), {
          ...brief(after),
          moved: movements.map((m) => ({ skuId: m.skuId, locationId: m.locationId ?? 0, qty: -(m.onHandDelta ?? 0) })),
        });
        return withDetails(tx, domainId, t.id);
      });
    },

    /**
     * Receives a shipped transfer whole into the target warehouse: each line into the location
     * chosen now, else the one chosen at creation. A warehouse with locations needs one per line.
     */
    async receive(session: Session, input: TransferReceiveInput): Promise<TransferWithDetails> {
      const domainId = domainOf(session);
      return db.transaction(async (tx) => {
        const t = await lockForCommand(tx, domainId, input, 'receive');
        const details = await transferDetailsOf(tx, domainId, t.id);
        const chosen = new Map<number, number | null>(details.map((d) => [d.id, d.inLocationId]));
        (input.details ?? []).forEach((line, i) => {
          if (!chosen.has(line.detailId)) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'transferDetail', field: `details.${i}.detailId` });
          chosen.set(line.detailId, line.inLocationId);
        });
        const locations = await locationsInWarehouse(
          tx,
          domainId,
          t.inWarehouseId,
          [...chosen.values()].filter((id): id is number => id !== null),
        );
        const byLocation = await keepsLocations(tx, domainId, t.inWarehouseId);
        const doc = { type: TRANSFER_DOC_TYPE, id: t.id, code: t.code };
        const movements: Movement[] = details.map((d, i) => {
          const locationId = chosen.get(d.id) ?? null;
          requireLocationOf(locations, locationId, `details.${i}.inLocationId`);
          if (locationId === null && byLocation) throw new AppError(OutboundErrors.LOCATION_REQUIRED, 400, { field: `details.${i}.inLocationId` });
          return { warehouseId: t.inWarehouseId, locationId: locationId ?? 0, skuId: d.skuId, onHandDelta: d.qty, movement: 'TRANSFER_IN' as const, doc };
        });
        await applyMovements(tx, domainId, session.userId, movements);
        for (const d of details) {
          const locationId = chosen.get(d.id) ?? null;
          if (locationId === d.inLocationId) continue;
          await tx
            .update(transferDetails)
            .set({ inLocationId: locationId, version: d.version + 1, updatedAt: now() })
            .where(and(eq(transferDetails.domainId, domainId), eq(transferDetails.id, d.id)));
        }
        const after = await saveHeader(tx, t, { transferStatus: 'RECEIVED', receivedAt: now() });
        await log(tx, actorOf(session), after, 'receive', brief(t), {
          ...brief(after),
          received: details.map((d) => ({ skuId: d.skuId, qty: d.qty, inLocationId: chosen.get(d.id) ?? null })),
        });
        return withDetails(tx, domainId, t.id);
      });
    },

    /** Cancels a transfer not yet shipped (it holds no stock). */
    async cancel(session: Session, input: TransferCommandInput): Promise<TransferWithDetails> {
      const domainId = domainOf(session);
      return db.transaction(async (tx) => {
        const t = await lockForCommand(tx, domainId, input, 'cancel');
        const after = await saveHeader(tx, t, { transferStatus: 'CANCELLED', cancelledAt: now() });
        await log(tx, actorOf(session), after, 'cancel', brief(t), brief(after));
        return withDetails(tx, domainId, t.id);
      });
    },

    async get(session: Session, id: number): Promise<TransferWithDetails> {
      return withDetails(db, domainOf(session), id);
    },

    async search(session: Session, input: TransferSearchInput): Promise<PageResult<TransferRow>> {
      const { rows, total } = await searchTransfers(db, domainOf(session), input);
      return pageAnswer(rows, total, input);
    },
  };
}

export type TransferService = ReturnType<typeof createTransferService>;
