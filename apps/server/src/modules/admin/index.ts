// The admin area: platform administration for the root account (job control, queue consumers,
// environment settings, feature domains: spec 02 §7.15, issue 17 must-have 5), the home page's
// shortcut menus and best sellers, and each store's sync health for the seller.
import type { AreaModule } from '../../platform/module.js';
import { registerAdminMessages } from './admin.messages.js';
import { registerAdminRoutes } from './admin.routes.js';
import { createConnectorAppsService } from './connector-apps.service.js';
import { createFeaturesService, DOMAIN_FEATURES_SERVICE, type DomainFeaturesReader } from './features.service.js';
import { createHomeService } from './home.service.js';
import { createJobsService } from './jobs.service.js';

export { DOMAIN_FEATURES_SERVICE, type DomainFeaturesReader };

export const registerAdminModule: AreaModule = (ctx) => {
  registerAdminMessages();
  const clock = ctx.now ? { now: ctx.now } : {};
  const jobs = createJobsService({ database: ctx.database, jobs: ctx.jobs, ...clock });
  const features = createFeaturesService({ database: ctx.database });
  const home = createHomeService({ database: ctx.database, ...clock });
  ctx.registry.provide<DomainFeaturesReader>(DOMAIN_FEATURES_SERVICE, { isOn: (domainId, code) => features.isOn(domainId, code) });
  const connectorApps = createConnectorAppsService({ database: ctx.database, ...clock });
  registerAdminRoutes(ctx.app, ctx.http, jobs, features, home, connectorApps);
  // The run history keeps 30 days (every job run writes a row).
  ctx.jobs?.define({ name: 'admin.job-runs-cleanup', cron: '41 3 * * *', handler: () => jobs.pruneRuns(30) });
};
