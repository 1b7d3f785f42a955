// Reports, shipping part (issue 16 part B; README.md): shipping by order and by express from the
// daily shipping aggregates (kept current by the job reports.shipping-refresh), to-ship SKU from the
// open orders' demand rows (folded in before every read), their drill-downs and their exports.
import type { AreaModule } from '../../../platform/module.js';
import { createShippingAggregates, SHIPPING_REFRESH_JOB } from './shipping.aggregates.js';
import { shippingExporters } from './shipping.exporters.js';
import { createShippingQueries } from './shipping.queries.js';
import { registerShippingReportRoutes } from './shipping.routes.js';
import { createToShipQueries } from './to-ship.queries.js';

export { shopTimeZone, SHIPPING_REFRESH_JOB, type ShippingAggregates } from './shipping.aggregates.js';

export const registerShippingReportsModule: AreaModule = (ctx) => {
  const aggregates = createShippingAggregates(ctx.database);
  const ship = createShippingQueries(ctx.database);
  const toShip = createToShipQueries(ctx.database);
  registerShippingReportRoutes(ctx.app, ctx.http, { database: ctx.database, aggregates, ship, toShip, exports: ctx.exports });
  for (const exporter of shippingExporters(aggregates, ship, toShip)) ctx.exports.register(exporter);
  ctx.registry.provide('reports.shipping', { aggregates });
  // Every minute: the orders marked dirty since, folded into the aggregates (issue 16: within 5 minutes).
  ctx.jobs?.define({ name: SHIPPING_REFRESH_JOB, cron: '* * * * *', retryLimit: 0, expireInSeconds: 600, handler: async () => {
      await aggregates.refreshAll();
      // Between reads, the to-ship demand of the orders marked since (a read folds in what is left).
      await toShip.demand.refreshAll();
    },
  });
};
