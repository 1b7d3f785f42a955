// Orders area, part "shipping": send reviewed orders (SHIP movements take their allocation out
// of stock) and push the tracking numbers to the stores in the background (spec 02 §7.10,
// spec 01 §4.6). See shipping.service.ts.
import type { ModuleContext } from '../../../platform/module.js';
import { registerShippingMessages } from './shipping.messages.js';
import { registerShippingRoutes, SHIPPING_ACCESS } from './shipping.routes.js';
import { createShippingService, SHIPPING_FEEDBACK_JOB } from './shipping.service.js';
import { createWarehouseIssue, WAREHOUSE_ISSUE_JOB } from './warehouse-issue.js';
import type { WarehouseSystemsService } from '../../../connectors/warehouse/types.js';

export { ORDERS_SHIPPED_LISTENERS, SHIPPING_FEEDBACK_JOB, type OrdersShippedListener, type ShippingService } from './shipping.service.js';
export { WAREHOUSE_ISSUE_JOB, type WarehouseIssue } from './warehouse-issue.js';

export function registerOrderShipping(ctx: ModuleContext): void {
  registerShippingMessages();
  const service = createShippingService({ database: ctx.database, registry: ctx.registry, jobs: ctx.jobs, ...(ctx.now ? { now: ctx.now } : {}) });
  ctx.registry.provide('order-shipping', service);
  const issue = createWarehouseIssue({
    database: ctx.database,
    registry: ctx.registry,
    jobs: ctx.jobs,
    ...(ctx.now ? { now: ctx.now } : {}),
    shipSynced: service.shipSynced,
    queueFeedbackIn: service.queueFeedbackIn,
  });
  ctx.registry.provide('order-warehouse-issue', issue);
  registerShippingRoutes(ctx.app, ctx.http, service, issue);
  ctx.system.addHomeCounterProvider(async (domainId, session) =>
    session.menus.has(SHIPPING_ACCESS.menu) ? { countFeedbackFailed: await service.failedFeedbackCount(domainId), countSyncException: await issue.failedCount(domainId) } : {},
  );
  // Reviewed orders of WMS/Qimen warehouses are issued by this job (WMS_ISSUE_CRON; 'off' leaves it to the by-hand call).
  const cron = process.env.WMS_ISSUE_CRON || '* * * * *';
  ctx.jobs?.define({ name: WAREHOUSE_ISSUE_JOB, ...(cron === 'off' ? {} : { cron }), handler: async () => void (await issue.issuePending()) });
  // The warehouse systems' shipment confirmations of sales orders; looked up once every area is registered.
  ctx.app.addHook('onReady', async () => {
    ctx.registry.find<WarehouseSystemsService>('warehouse-systems')?.onResults('SO', issue.resultHandler);
  });
  ctx.jobs?.define({
    name: SHIPPING_FEEDBACK_JOB,
    handler: async (data) => service.runFeedback(Number(data.domainId), String(data.recordKey)),
  });
}
