// Stock checks (spec 02 §7.9 /myhome/invAdjust; page /stocks/check): the calls, the STOCK_CHECK
// import, and what keeps a warehouse, location or SKU in an open check from going away.
import type { Tx } from '../../../db/client.js';
import type { AreaModule } from '../../../platform/module.js';
import { stockCheckImporter } from './stock-check.importer.js';
import { registerStockCheckMessages } from './stock-check.messages.js';
import { openCheckUses } from './stock-check.queries.js';
import { registerStockCheckRoutes } from './stock-check.routes.js';
import { createStockCheckService } from './stock-check.service.js';

export { STOCK_CHECK_DOC } from './stock-check.service.js';

const REASON = 'open stock checks';

export const registerStockCheckModule: AreaModule = (ctx) => {
  registerStockCheckMessages();
  const service = createStockCheckService({ database: ctx.database, ...(ctx.now ? { now: ctx.now } : {}) });
  registerStockCheckRoutes(ctx.app, ctx.http, service);
  ctx.imports.register(stockCheckImporter);

  // A warehouse with an open check is not stopped; a location or SKU on one is not deleted.
  const uses = (kind: 'warehouse' | 'location' | 'sku') => async (tx: Tx, domainId: number, ids: number | number[]) => [
    { reason: REASON, count: await openCheckUses(tx, domainId, kind, Array.isArray(ids) ? ids : [ids]) },
  ];
  ctx.registry.add('warehouse-references', uses('warehouse'));
  ctx.registry.add('location-references', uses('location'));
  ctx.registry.add('sku-references', uses('sku'));
};
