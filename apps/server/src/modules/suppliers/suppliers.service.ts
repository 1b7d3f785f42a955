// Suppliers and their supply goods: commands in transactions, each writing the operation log.
// The purchase price is a sensitive field (PURCHASE_PRICE): an account that may not see it
// neither receives it nor sets it.
import { and, eq } from 'drizzle-orm';
import {
  ErrorCodes,
  SupplierErrors,
  toleranceRatioOfPercent,
  type PageResult,
  type SupplierCreateInput,
  type SupplierOption,
  type SupplierRow,
  type SupplierSearchInput,
  type SupplierUpdateInput,
  type SupplyGoodsRow,
  type SupplyGoodsSaveInput,
  type SupplyGoodsSearchInput,
  type SupplyGoodsUpdateInput,
} from '@openseller/core';
import type { Database, Tx } from '../../db/client.js';
import { suppliers, supplyGoods } from '../../db/schema/index.js';
import { AppError, notFound, versionConflict } from '../../platform/errors.js';
import { fieldVisibility, redactFields } from '../../platform/field-permissions.js';
import type { ServiceRegistry } from '../../platform/module.js';
import { writeOperationLog } from '../../platform/operation-log.js';
import type { Session } from '../../platform/sessions.js';
import {
  findSupplier,
  findSuppliersByIds,
  listSupplierOptions,
  searchSuppliers,
  searchSupplyGoods,
  skusOfDomain,
  supplierHoldingCode,
  supplierRowById,
  supplyGoodsByIds,
  supplyGoodsOfSupplier,
} from './suppliers.queries.js';
import { findReferences, type ReferenceChecker } from '../../platform/references.js';
import { idsIn, uniqueViolation } from '../../platform/sql.js';
import { actorOf, domainOf as sellerDomain } from '../../platform/caller.js';

const AREA = 'suppliers';

/** Registry list: purchase orders, payables and other documents say where a supplier is named. */
export const SUPPLIER_REFERENCES = 'supplier-references';

export const PURCHASE_PRICE_FIELDS = { purchasePrice: 'PURCHASE_PRICE' };

export function canSeePurchasePrice(session: Session, now?: Date): boolean {
  return fieldVisibility(session, now)('PURCHASE_PRICE');
}

export function createSuppliersService(deps: { database: Database; registry: ServiceRegistry; now?: () => Date }) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());

  const codeTaken = (code: string) => new AppError(SupplierErrors.CODE_TAKEN, 409, { field: 'code', code });

  async function supplierOrFail(tx: Tx, domainId: number, id: number, field = 'id', forUpdate = false) {
    const found = await findSupplier(tx, domainId, id, forUpdate);
    if (!found) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'supplier', field });
    return found;
  }

  const fieldsOf = (input: SupplierCreateInput) => ({
    code: input.code,
    name: input.name,
    contact: input.contact ?? null,
    phone: input.phone ?? null,
    address: input.address ?? null,
    remark: input.remark ?? null,
    status: input.status,
    // Absent: the column default on create, the old value on update.
    ...(input.receiptTolerancePercent !== undefined ? { receiptTolerance: toleranceRatioOfPercent(input.receiptTolerancePercent) } : {}),
  });

  function refuseHiddenPrice(session: Session, prices: (string | null | undefined)[], field: string) {
    if (prices.some((p) => p !== undefined) && !canSeePurchasePrice(session, now())) throw new AppError(SupplierErrors.PRICE_HIDDEN, 403, { field });
  }

  const visible = (session: Session, rows: SupplyGoodsRow[]) => redactFields(rows, PURCHASE_PRICE_FIELDS, session, now());

  return {
    // ---- suppliers -----------------------------------------------------------------------

    async create(session: Session, input: SupplierCreateInput): Promise<SupplierRow> {
      const domainId = sellerDomain(session);
      try {
        return await db.transaction(async (tx) => {
          if (await supplierHoldingCode(tx, domainId, input.code)) throw codeTaken(input.code);
          const [created] = await tx
            .insert(suppliers)
            .values({ domainId, ...fieldsOf(input), createdBy: session.userId })
            .returning();
          await writeOperationLog(tx, actorOf(session), { area: AREA, entityType: 'supplier', entityId: created!.id, action: 'create', after: created });
          return (await supplierRowById(tx, domainId, created!.id))!;
        });
      } catch (error) {
        if (uniqueViolation(error) === 'suppliers_domain_code_key') throw codeTaken(input.code);
        throw error;
      }
    },

    async update(session: Session, input: SupplierUpdateInput): Promise<SupplierRow> {
      const domainId = sellerDomain(session);
      try {
        return await db.transaction(async (tx) => {
          const before = await supplierOrFail(tx, domainId, input.id);
          if (await supplierHoldingCode(tx, domainId, input.code, input.id)) throw codeTaken(input.code);
          const [after] = await tx
            .update(suppliers)
            .set({ ...fieldsOf(input), version: input.version + 1, updatedAt: now() })
            .where(and(eq(suppliers.domainId, domainId), eq(suppliers.id, input.id), eq(suppliers.version, input.version)))
            .returning();
          if (!after) throw versionConflict('supplier');
          await writeOperationLog(tx, actorOf(session), { area: AREA, entityType: 'supplier', entityId: input.id, action: 'update', before, after });
          return (await supplierRowById(tx, domainId, input.id))!;
        });
      } catch (error) {
        if (uniqueViolation(error) === 'suppliers_domain_code_key') throw codeTaken(input.code);
        throw error;
      }
    },

    /** Deletes suppliers with their supply-goods lists; all or none, none that documents name. */
    async remove(session: Session, idList: number[]): Promise<{ deleted: number }> {
      const domainId = sellerDomain(session);
      const ids = [...new Set(idList)];
      return db.transaction(async (tx) => {
        const found = await findSuppliersByIds(tx, domainId, ids);
        const missing = ids.find((id) => !found.some((s) => s.id === id));
        if (missing !== undefined) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'supplier', field: 'idList', id: missing });
        for (const supplier of found) {
          const uses = await findReferences(deps.registry.list<ReferenceChecker>(SUPPLIER_REFERENCES), tx, domainId, [supplier.id]);
          if (uses.length) throw new AppError(SupplierErrors.IN_USE, 409, { field: 'idList', code: supplier.code, reason: uses[0]!.reason, count: uses[0]!.count });
        }
        const goods = await tx
          .delete(supplyGoods)
          .where(and(eq(supplyGoods.domainId, domainId), idsIn(supplyGoods.supplierId, ids)))
          .returning({ id: supplyGoods.id, supplierId: supplyGoods.supplierId, skuId: supplyGoods.skuId });
        await tx.delete(suppliers).where(and(eq(suppliers.domainId, domainId), idsIn(suppliers.id, ids)));
        for (const supplier of found) {
          await writeOperationLog(tx, actorOf(session), {
            area: AREA,
            entityType: 'supplier',
            entityId: supplier.id,
            action: 'delete',
            before: { ...supplier, supplyGoodsSkuIds: goods.filter((g) => g.supplierId === supplier.id).map((g) => g.skuId) },
          });
        }
        return { deleted: found.length };
      });
    },

    async get(session: Session, id: number): Promise<SupplierRow> {
      const row = await supplierRowById(db, sellerDomain(session), id);
      if (!row) throw notFound('supplier');
      return row;
    },

    async search(session: Session, input: SupplierSearchInput): Promise<PageResult<SupplierRow>> {
      const { rows, total } = await searchSuppliers(db, sellerDomain(session), input);
      return { voList: rows, total, currentPage: input.currentPage, pageSize: input.pageSize };
    },

    listAll(session: Session, includeDisabled: boolean): Promise<SupplierOption[]> {
      return listSupplierOptions(db, sellerDomain(session), includeDisabled);
    },

    // ---- supply goods --------------------------------------------------------------------

    async searchSupplyGoods(session: Session, input: SupplyGoodsSearchInput): Promise<PageResult<SupplyGoodsRow>> {
      const { rows, total } = await searchSupplyGoods(db, sellerDomain(session), input);
      return { voList: visible(session, rows), total, currentPage: input.currentPage, pageSize: input.pageSize };
    },

    /**
     * Puts SKUs on a supplier's list. A SKU already on it keeps its row; a price given replaces
     * its price (null clears it), no price leaves it as it was. All rows or none.
     */
    async saveSupplyGoods(session: Session, input: SupplyGoodsSaveInput): Promise<SupplyGoodsRow[]> {
      const domainId = sellerDomain(session);
      refuseHiddenPrice(
        session,
        input.items.map((i) => i.purchasePrice),
        'purchasePrice',
      );
      return db.transaction(async (tx) => {
        const supplier = await supplierOrFail(tx, domainId, input.supplierId, 'supplierId', true);
        if (supplier.status !== 'ENABLED') throw new AppError(SupplierErrors.DISABLED, 409, { field: 'supplierId', code: supplier.code });
        const skuIds = input.items.map((i) => i.skuId);
        const found = await skusOfDomain(tx, domainId, { ids: skuIds });
        for (const [index, item] of input.items.entries()) {
          const sku = found.find((s) => s.id === item.skuId);
          if (!sku) throw new AppError(SupplierErrors.SKU_NOT_FOUND, 404, { field: `items.${index}.skuId`, skuId: item.skuId });
          if (sku.isCombination) throw new AppError(SupplierErrors.COMBINATION_SKU, 409, { field: `items.${index}.skuId`, skuCode: sku.code });
        }
        const existing = await supplyGoodsOfSupplier(tx, domainId, supplier.id, skuIds);
        const ids: number[] = [];
        for (const item of input.items) {
          const current = existing.find((e) => e.skuId === item.skuId);
          if (!current) {
            const [created] = await tx
              .insert(supplyGoods)
              .values({ domainId, supplierId: supplier.id, skuId: item.skuId, purchasePrice: item.purchasePrice ?? null, createdBy: session.userId })
              .returning();
            await writeOperationLog(tx, actorOf(session), { area: AREA, entityType: 'supplyGoods', entityId: created!.id, action: 'create', after: created });
            ids.push(created!.id);
          } else {
            ids.push(current.id);
            if (item.purchasePrice === undefined) continue;
            const [after] = await tx
              .update(supplyGoods)
              .set({ purchasePrice: item.purchasePrice, version: current.version + 1, updatedAt: now() })
              .where(and(eq(supplyGoods.domainId, domainId), eq(supplyGoods.id, current.id)))
              .returning();
            await writeOperationLog(tx, actorOf(session), {
              area: AREA,
              entityType: 'supplyGoods',
              entityId: current.id,
              action: 'update',
              before: { purchasePrice: current.purchasePrice },
              after: { purchasePrice: after!.purchasePrice },
            });
          }
        }
        return visible(session, await supplyGoodsByIds(tx, domainId, ids));
      });
    },

    async updateSupplyGoods(session: Session, input: SupplyGoodsUpdateInput): Promise<SupplyGoodsRow> {
      const domainId = sellerDomain(session);
      refuseHiddenPrice(session, [input.purchasePrice], 'purchasePrice');
      return db.transaction(async (tx) => {
        const [before] = await supplyGoodsByIds(tx, domainId, [input.id]);
        if (!before) throw notFound('supplyGoods');
        const [after] = await tx
          .update(supplyGoods)
          .set({
            ...(input.purchasePrice !== undefined ? { purchasePrice: input.purchasePrice } : {}),
            remark: input.remark ?? null,
            version: input.version + 1,
            updatedAt: now(),
          })
          .where(and(eq(supplyGoods.domainId, domainId), eq(supplyGoods.id, input.id), eq(supplyGoods.version, input.version)))
          .returning();
        if (!after) throw versionConflict('supplyGoods');
        await writeOperationLog(tx, actorOf(session), {
          area: AREA,
          entityType: 'supplyGoods',
          entityId: input.id,
          action: 'update',
          before: { purchasePrice: before.purchasePrice, remark: before.remark },
          after: { purchasePrice: after.purchasePrice, remark: after.remark },
        });
        return visible(session, await supplyGoodsByIds(tx, domainId, [input.id]))[0]!;
      });
    },

    async deleteSupplyGoods(session: Session, idList: number[]): Promise<{ deleted: number }> {
      const domainId = sellerDomain(session);
      const ids = [...new Set(idList)];
      return db.transaction(async (tx) => {
        const found = await supplyGoodsByIds(tx, domainId, ids);
        const missing = ids.find((id) => !found.some((g) => g.id === id));
        if (missing !== undefined) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'supplyGoods', field: 'idList', id: missing });
        await tx.delete(supplyGoods).where(and(eq(supplyGoods.domainId, domainId), idsIn(supplyGoods.id, ids)));
        for (const row of found) await writeOperationLog(tx, actorOf(session), { area: AREA, entityType: 'supplyGoods', entityId: row.id, action: 'delete', before: row });
        return { deleted: found.length };
      });
    },
  };
}

export type SuppliersService = ReturnType<typeof createSuppliersService>;
