// The inventory part of the stock area: the business inventory (activeKey 1), warning levels and
// the home counters, production-date lots, opening inventory, the export, average-cost
// adjustments (/stocks/create-adjust) and the inventory log (logs activeKey 2). See README.md.
import type { Tx } from '../../../db/client.js';
import type { AreaModule } from '../../../platform/module.js';
import { registerStockMessages } from '../stock.messages.js';
import { createAverageCostService } from './average-cost.service.js';
import { inventoryExporter } from './inventory.exporter.js';
import { openingInventoryImporter, stockWarningImporter } from './inventory.importer.js';
import { stockedBalanceCount } from './inventory.queries.js';
import { registerInventoryRoutes } from './inventory.routes.js';
import { createInventoryService } from './inventory.service.js';

export const registerStockInventoryModule: AreaModule = (ctx) => {
  registerStockMessages();
  const options = ctx.now ? { now: ctx.now } : {};
  const inventory = createInventoryService({ database: ctx.database, ...options });
  const averageCost = createAverageCostService({ database: ctx.database, ...options });
  registerInventoryRoutes(ctx.app, ctx.http, { inventory, averageCost, exports: ctx.exports });
  ctx.imports.register(openingInventoryImporter);
  ctx.imports.register(stockWarningImporter);
  ctx.exports.register(inventoryExporter);

  // Home counters (spec 01 §3): warehouses with SKUs below their warning level, and how many.
  ctx.system.addHomeCounterProvider(async (domainId, session) => (session.menus.has('MENU_INV') ? inventory.homeCounters(domainId) : {}));

  // Stock on hand keeps a warehouse from being stopped, a location from being deleted and a SKU
  // from being deleted (the warehouses area words the reason 'stock').
  ctx.registry.add('warehouse-references', async (tx: Tx, domainId: number, ids: number[]) => [{ reason: 'stock', count: await stockedBalanceCount(tx, domainId, 'warehouse_id', ids) }]);
  ctx.registry.add('location-references', async (tx: Tx, domainId: number, ids: number[]) => [{ reason: 'stock', count: await stockedBalanceCount(tx, domainId, 'location_id', ids) }]);
  ctx.registry.add('sku-references', async (tx: Tx, domainId: number, ids: number[]) => [{ reason: 'stock on hand', count: await stockedBalanceCount(tx, domainId, 'sku_id', ids) }]);
};
