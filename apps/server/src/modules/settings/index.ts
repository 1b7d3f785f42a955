// The settings area: the domain's business rule configuration (spec 01 §2.2 /config/configuration).
import type { AreaModule } from '../../platform/module.js';
import { registerSettingsRoutes } from './settings.routes.js';
import { createSettingsService } from './settings.service.js';

export const registerSettingsModule: AreaModule = (ctx) => {
  const service = createSettingsService({ database: ctx.database, ...(ctx.now ? { now: ctx.now } : {}) });
  registerSettingsRoutes(ctx.app, ctx.http, service);
};
