// The settings area: the domain's business rule configuration (spec 01 §2.2 /config/configuration).
import type { AreaModule } from '../../platform/module.js';
import { registerSettingsRoutes } from './settings.routes.js';
import { createSettingsService, DOMAIN_SETTING_LISTENERS, type DomainSettingListener } from './settings.service.js';

export { DOMAIN_SETTING_LISTENERS, type DomainSettingListener } from './settings.service.js';

export const registerSettingsModule: AreaModule = (ctx) => {
  const service = createSettingsService({
    database: ctx.database,
    ...(ctx.now ? { now: ctx.now } : {}),
    // Read at each save, so areas registered after this one are included.
    listeners: () => ctx.registry.list<DomainSettingListener>(DOMAIN_SETTING_LISTENERS),
  });
  registerSettingsRoutes(ctx.app, ctx.http, service);
};
