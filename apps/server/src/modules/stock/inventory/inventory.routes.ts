// The spec's paths of the inventory part (spec 02 §7.9): /myhome/bizinventory, /cloud/core/inventory,
// /cloud/core/averagecost and /myhome/invLog. Handlers only translate.
import type { FastifyInstance } from 'fastify';
import {
  AverageCostCommandInput,
  AverageCostCreateInput,
  AverageCostSearchInput,
  AverageCostUpdateInput,
  BizInventorySearchInput,
  IdInput,
  InventoryExportInput,
  InventoryLedgerInput,
  InventoryLogSearchInput,
  InventoryProductDateAddInput,
  InventoryProductDateDeleteInput,
  InventoryProductDateListInput,
  InventoryProductDateUpdateInput,
  InventorySearchInput,
  OpeningInventorySaveInput,
  StockWarningBatchInput,
  StockWarningUpdateInput,
} from '@openseller/core';
import { assertCanDownload, type Exports } from '../../../platform/exports.js';
import type { Http } from '../../../platform/http.js';
import type { AverageCostService } from './average-cost.service.js';
import { INVENTORY_EXPORT, inventoryExportTitle } from './inventory.exporter.js';
import type { InventoryService } from './inventory.service.js';

const INVENTORY = { menu: 'MENU_INV' } as const;
const LOGS = { menu: 'MENU_BIZ_LOG' } as const;

export function registerInventoryRoutes(app: FastifyInstance, http: Http, deps: { inventory: InventoryService; averageCost: AverageCostService; exports: Exports }): void {
  const { inventory, averageCost } = deps;

  // The business inventory (activeKey 1) and its warning levels.
  http.route(app, { url: '/myhome/bizinventory/search', access: INVENTORY, input: BizInventorySearchInput, handler: (c) => inventory.search(c.session, c.input) });
  http.route(app, { url: '/myhome/bizinventory/updateWarning', access: INVENTORY, input: StockWarningUpdateInput, handler: (c) => inventory.updateWarning(c.session, c.input) });
  http.route(app, { url: '/myhome/bizinventory/batchUpdateWarning', access: INVENTORY, input: StockWarningBatchInput, handler: (c) => inventory.batchUpdateWarning(c.session, c.input) });

  // Balances by location, their production-date lots and ledger, the opening inventory, the export.
  http.route(app, { url: '/cloud/core/inventory/searchByPage', access: INVENTORY, input: InventorySearchInput, handler: (c) => inventory.searchBalances(c.session, c.input) });
  http.route(app, { url: '/cloud/core/inventory/ledger', access: INVENTORY, input: InventoryLedgerInput, handler: (c) => inventory.ledger(c.session, c.input) });
  http.route(app, {
    url: '/cloud/core/inventory/getProductDateInfo',
    access: INVENTORY,
    input: InventoryProductDateListInput,
    handler: (c) => inventory.productDates(c.session, c.input.balanceId),
  });
  http.route(app, { url: '/cloud/core/inventory/addProductDateInfo', access: INVENTORY, input: InventoryProductDateAddInput, handler: (c) => inventory.addProductDates(c.session, c.input) });
  http.route(app, {
    url: '/cloud/core/inventory/updateProductDateInfo',
    access: INVENTORY,
    input: InventoryProductDateUpdateInput,
    handler: (c) => inventory.updateProductDate(c.session, c.input),
  });
  http.route(app, { url: '/cloud/core/inventory/delProductDateInfo', access: INVENTORY, input: InventoryProductDateDeleteInput, handler: (c) => inventory.deleteProductDates(c.session, c.input) });
  http.route(app, { url: '/cloud/core/inventory/saveOpening', access: INVENTORY, input: OpeningInventorySaveInput, handler: (c) => inventory.saveOpening(c.session, c.input.items, c.language) });
  http.route(app, {
    url: '/cloud/core/inventory/export',
    access: INVENTORY,
    input: InventoryExportInput,
    handler: async (c) => {
      assertCanDownload(c.session);
      await inventory.assertFilter(c.session, c.input.whId, c.input.locationId);
      return deps.exports.request(c.session, { type: INVENTORY_EXPORT, title: inventoryExportTitle(c.language), params: c.input, language: c.language });
    },
  });

  // Average-cost adjustments (/stocks/create-adjust).
  http.route(app, { url: '/cloud/core/averagecost/search', access: INVENTORY, input: AverageCostSearchInput, handler: (c) => averageCost.search(c.session, c.input) });
  http.route(app, { url: '/cloud/core/averagecost/searchDetail', access: INVENTORY, input: IdInput, handler: (c) => averageCost.searchDetail(c.session, c.input.id) });
  http.route(app, { url: '/cloud/core/averagecost/create', access: INVENTORY, input: AverageCostCreateInput, handler: (c) => averageCost.create(c.session, c.input) });
  http.route(app, { url: '/cloud/core/averagecost/update', access: INVENTORY, input: AverageCostUpdateInput, handler: (c) => averageCost.update(c.session, c.input) });
  http.route(app, { url: '/cloud/core/averagecost/confirm', access: INVENTORY, input: AverageCostCommandInput, handler: (c) => averageCost.confirm(c.session, c.input) });
  http.route(app, { url: '/cloud/core/averagecost/delete', access: INVENTORY, input: AverageCostCommandInput, handler: (c) => averageCost.remove(c.session, c.input) });

  // The inventory log (logs activeKey 2).
  http.route(app, { url: '/myhome/invLog/searchPageList', access: LOGS, input: InventoryLogSearchInput, handler: (c) => inventory.inventoryLog(c.session, c.input) });
}
