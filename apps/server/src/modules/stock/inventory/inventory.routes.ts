// The inventory part's calls (spec 02 §7.9): /myhome/bizinventory, /cloud/core/inventory,
// /cloud/core/averagecost and /myhome/invLog, from the route catalogue (InventoryCalls,
// AverageCostCalls). Handlers only translate.
import type { FastifyInstance } from 'fastify';
import { AverageCostCalls, InventoryCalls } from '@openseller/core';
import { assertCanDownload, type Exports } from '../../../platform/exports.js';
import type { Http } from '../../../platform/http.js';
import type { AverageCostService } from './average-cost.service.js';
import { INVENTORY_EXPORT, inventoryExportTitle } from './inventory.exporter.js';
import type { InventoryService } from './inventory.service.js';

export function registerInventoryRoutes(app: FastifyInstance, http: Http, deps: { inventory: InventoryService; averageCost: AverageCostService; exports: Exports }): void {
  const { inventory, averageCost } = deps;

  http.serve(app, InventoryCalls, {
    search: (c) => inventory.search(c.session, c.input),
    updateWarning: (c) => inventory.updateWarning(c.session, c.input),
    batchUpdateWarning: (c) => inventory.batchUpdateWarning(c.session, c.input),
    searchByPage: (c) => inventory.searchBalances(c.session, c.input),
    ledger: (c) => inventory.ledger(c.session, c.input),
    getProductDateInfo: (c) => inventory.productDates(c.session, c.input.id),
    addProductDateInfo: (c) => inventory.addProductDates(c.session, c.input),
    updateProductDateInfo: (c) => inventory.updateProductDate(c.session, c.input),
    delProductDateInfo: (c) => inventory.deleteProductDates(c.session, c.input),
    saveOpening: (c) => inventory.saveOpening(c.session, c.input.items, c.language),
    export: async (c) => {
      assertCanDownload(c.session);
      await inventory.assertFilter(c.session, c.input.whId, c.input.locationId);
      return deps.exports.request(c.session, { type: INVENTORY_EXPORT, title: inventoryExportTitle(c.language), params: c.input, language: c.language });
    },
    inventoryLog: (c) => inventory.inventoryLog(c.session, c.input),
  });

  // Average-cost adjustments (/stocks/create-adjust).
  http.serve(app, AverageCostCalls, {
    search: (c) => averageCost.search(c.session, c.input),
    searchDetail: (c) => averageCost.searchDetail(c.session, c.input.id),
    create: (c) => averageCost.create(c.session, c.input),
    update: (c) => averageCost.update(c.session, c.input),
    confirm: (c) => averageCost.confirm(c.session, c.input),
    delete: (c) => averageCost.remove(c.session, c.input),
    updateConfig: (c) => averageCost.updateConfig(c.session, c.input),
    getConfig: (c) => averageCost.getConfig(c.session),
  });
}
