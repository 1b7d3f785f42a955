// The suppliers area: suppliers and the goods they supply at a purchase price (spec 02 §7.12).
import type { SupplierOption } from '@openseller/core';
import type { Tx } from '../../db/client.js';
import type { AreaModule } from '../../platform/module.js';
import { supplierImporter, supplyGoodsImporter } from './suppliers.importer.js';
import { registerSuppliersMessages } from './suppliers.messages.js';
import { findSuppliersByCodes, findSuppliersByIds, supplyGoodsCountOfSkus, supplyGoodsOfSupplier, toSupplierOption } from './suppliers.queries.js';
import { registerSuppliersRoutes } from './suppliers.routes.js';
import { createSuppliersService } from './suppliers.service.js';
import { type ReferenceChecker } from '../../platform/references.js';

export { SUPPLIER_REFERENCES } from './suppliers.service.js';

/** What other areas (purchasing, payables) get from ctx.registry.get('suppliers'). */
export interface SuppliersRegistryService {
  findSuppliers(domainId: number, filter: { ids?: number[]; codes?: string[] }, tx?: Tx): Promise<SupplierOption[]>;
  /**
   * The purchase prices a supplier offers for SKUs (skuId → price text or null). The caller
   * redacts them (PURCHASE_PRICE) before answering an account.
   */
  purchasePrices(domainId: number, supplierId: number, skuIds: number[], tx?: Tx): Promise<Map<number, string | null>>;
}

export const registerSuppliersModule: AreaModule = (ctx) => {
  registerSuppliersMessages();
  const db = ctx.database.db;
  const service = createSuppliersService({ database: ctx.database, registry: ctx.registry, ...(ctx.now ? { now: ctx.now } : {}) });
  registerSuppliersRoutes(ctx.app, ctx.http, service);
  ctx.imports.register(supplierImporter);
  ctx.imports.register(supplyGoodsImporter);

  const registryService: SuppliersRegistryService = {
    async findSuppliers(domainId, filter, tx = db) {
      const byIds = filter.ids ? await findSuppliersByIds(tx, domainId, filter.ids) : [];
      const byCodes = filter.codes ? await findSuppliersByCodes(tx, domainId, filter.codes) : [];
      const all = new Map([...byIds, ...byCodes].map((s) => [s.id, s]));
      return [...all.values()].map(toSupplierOption);
    },
    async purchasePrices(domainId, supplierId, skuIds, tx = db) {
      const rows = await supplyGoodsOfSupplier(tx, domainId, supplierId, skuIds);
      return new Map(rows.map((r) => [r.skuId, r.purchasePrice ?? null]));
    },
  };
  ctx.registry.provide('suppliers', registryService);

  // A SKU a supplier supplies is not deleted while it is on a supplier's list.
  const supplied: ReferenceChecker = async (tx, domainId, skuIds) => {
    const count = await supplyGoodsCountOfSkus(tx, domainId, skuIds);
    return count ? [{ reason: 'supply goods', count }] : [];
  };
  ctx.registry.add('sku-references', supplied);
};
