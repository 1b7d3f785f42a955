// The purchasing area: purchase orders (spec 02 §3.8, §4.1, §4.2, §7.12) and their receipt
// through the purchase inbound notice made on verify.
import type { Tx } from '../../db/client.js';
import type { AreaModule } from '../../platform/module.js';
import { ASN_RECEIPT_LISTENERS, WDO_LISTENERS, type AsnReceiptListener, type WdoListener } from '../stock/index.js';
import { registerPurchaseReturnMessages } from './purchase-returns.messages.js';
import { countReturnsOfSuppliers } from './purchase-returns.queries.js';
import { registerPurchaseReturnRoutes } from './purchase-returns.routes.js';
import { createPurchaseReturnsService } from './purchase-returns.service.js';
import { purchaseOrdersExporter } from './purchasing.exporter.js';
import { registerPurchasingMessages } from './purchasing.messages.js';
import { countLinesOfSkus, countOpenOrdersOfWarehouses, countOrdersOfSuppliers } from './purchasing.queries.js';
import { registerPurchasingRoutes } from './purchasing.routes.js';
import { createPurchasingService } from './purchasing.service.js';
import { registerReplenishmentRoutes } from './replenishment.routes.js';
import { createReplenishmentService } from './replenishment.service.js';

export type { PurchasingService } from './purchasing.service.js';
export type { PurchaseReturnsService } from './purchase-returns.service.js';
export { PURCHASE_RETURN_DELIVERED_LISTENERS, type PurchaseReturnDeliveredEvent, type PurchaseReturnDeliveredListener } from './purchase-returns.listeners.js';
/** Settled quantity on purchase order lines, moved by the finance area's payables (verify / invalid). */
export { settleLines as settlePurchaseLinesInTx } from './purchasing.queries.js';
/** The registry service through which the finance area answers an order's payables and payments (purchase detail). */
export { PURCHASE_ORDER_FINANCE, type PurchaseOrderFinanceReader } from './purchasing.service.js';

export const registerPurchasingModule: AreaModule = (ctx) => {
  registerPurchasingMessages();
  const service = createPurchasingService({ database: ctx.database, registry: ctx.registry, ...(ctx.now ? { now: ctx.now } : {}) });
  registerPurchasingRoutes(ctx.app, ctx.http, service, ctx.exports);
  ctx.exports.register(purchaseOrdersExporter);
  // Replenishment suggestions and the purchase-lines import (reads only).
  registerReplenishmentRoutes(ctx.app, ctx.http, createReplenishmentService({ database: ctx.database, ...(ctx.now ? { now: ctx.now } : {}) }));

  // Receipts of an order's inbound notice count on its lines, in the receipt's transaction.
  const listener: AsnReceiptListener = (event) => service.onAsnReceipt(event);
  ctx.registry.add(ASN_RECEIPT_LISTENERS, listener);

  // A supplier named by an order is not deleted; a warehouse with open orders is not stopped or
  // deleted; a SKU on any order is not deleted.
  ctx.registry.add('supplier-references', async (tx: Tx, domainId: number, ids: number[]) => [{ reason: 'purchase orders', count: await countOrdersOfSuppliers(tx, domainId, ids) }]);
  ctx.registry.add('warehouse-references', async (tx: Tx, domainId: number, ids: number[]) => [{ reason: 'open purchase orders', count: await countOpenOrdersOfWarehouses(tx, domainId, ids) }]);
  ctx.registry.add('sku-references', async (tx: Tx, domainId: number, ids: number[]) => [{ reason: 'purchase orders', count: await countLinesOfSkus(tx, domainId, ids) }]);

  ctx.registry.provide('purchasing', service);

  // Purchase returns: their outbound orders' deliveries and cancels come back in those transactions.
  registerPurchaseReturnMessages();
  const returns = createPurchaseReturnsService({ database: ctx.database, registry: ctx.registry, ...(ctx.now ? { now: ctx.now } : {}) });
  registerPurchaseReturnRoutes(ctx.app, ctx.http, returns);
  const wdoListener: WdoListener = (event) => returns.onWdo(event);
  ctx.registry.add(WDO_LISTENERS, wdoListener);
  ctx.registry.add('supplier-references', async (tx: Tx, domainId: number, ids: number[]) => [{ reason: 'purchase returns', count: await countReturnsOfSuppliers(tx, domainId, ids) }]);
  ctx.registry.provide('purchase-returns', returns);
};
