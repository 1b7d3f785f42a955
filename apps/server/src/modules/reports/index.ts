// The reports area, part A (issue 16): the sales aggregates (README "Definitions"), kept current
// by a job from the orders the database marks dirty, and the sales reports of /reports tabs 1–4.
// (The shipping reports, tabs 5–7, are the sub-module in ./shipping with an index of its own.)
import type { AreaModule } from '../../platform/module.js';
import { rebuildDomain, refreshAll, REPORT_TIME_ZONE_CONFIG } from './reports.aggregates.js';
import type { ShippingAggregates } from './shipping/shipping.aggregates.js';
import { DOMAIN_SETTING_LISTENERS, type DomainSettingListener } from '../settings/index.js';
import { createSalesReportExporter } from './reports.exporter.js';
import { registerSalesReportRoutes } from './reports.routes.js';
import { createSalesReports } from './reports.service.js';

export { rebuildDomain as rebuildSalesAggregates, refreshAll as refreshSalesAggregates, REPORT_TIME_ZONE_CONFIG } from './reports.aggregates.js';
export type { SalesReports } from './reports.service.js';

export const SALES_AGGREGATES_JOB = 'reports.sales-aggregates';

export const registerReportsModule: AreaModule = (ctx) => {
  const reports = createSalesReports({ database: ctx.database });
  registerSalesReportRoutes(ctx.app, ctx.http, reports, ctx.exports);
  ctx.exports.register(createSalesReportExporter(reports));
  // Every minute: the orders changed since the last run (figures at most a couple of minutes behind).
  ctx.jobs?.define({
    name: SALES_AGGREGATES_JOB,
    cron: process.env.REPORT_AGGREGATES_CRON || '* * * * *',
    expireInSeconds: 900,
    handler: async () => {
      await refreshAll(ctx.database);
    },
  });
  ctx.registry.provide('reports', reports);
  // A new shop time zone moves every order to another day: both aggregates are recomputed in it
  // (on the save, so the reports answer in the new day as soon as the setting page says saved).
  ctx.registry.add<DomainSettingListener>(DOMAIN_SETTING_LISTENERS, {
    codes: [REPORT_TIME_ZONE_CONFIG],
    async changed(domainId) {
      await rebuildDomain(ctx.database, domainId);
      await ctx.registry.find<{ aggregates: ShippingAggregates }>('reports.shipping')?.aggregates.rebuild(domainId);
    },
  });
};
