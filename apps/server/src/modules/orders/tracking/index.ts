// Orders area, part "tracking": the courier tracking state of sent orders (tab 7), checked through
// the carrier connector by a scheduled job (env TRACKING_CRON, default every 10 minutes; 'off'
// stops it) and on demand. See tracking.service.ts.
import type { ModuleContext } from '../../../platform/module.js';
import { registerTrackingRoutes } from './tracking.routes.js';
import { createTrackingService } from './tracking.service.js';

export { createTrackingService, ORDERS_OUT_FOR_DELIVERY_LISTENERS, type OrdersOutForDeliveryListener, type TrackingService } from './tracking.service.js';
export const TRACKING_JOB = 'orders.express-tracking';

export function registerOrderTracking(ctx: ModuleContext): void {
  const service = createTrackingService({ database: ctx.database, registry: ctx.registry, ...(ctx.now ? { now: ctx.now } : {}) });
  ctx.registry.provide('order-tracking', service);
  registerTrackingRoutes(ctx.app, ctx.http, service);
  const cron = process.env.TRACKING_CRON || '*/10 * * * *';
  ctx.jobs?.define({ name: TRACKING_JOB, ...(cron === 'off' ? {} : { cron }), handler: () => service.runJob() });
}
