// The freight area: freight templates, courier bill reconciliation and the express setup of
// third-party warehouses (issue 19; README.md).
import type { AreaModule } from '../../platform/module.js';
import { createExpressBillImporter } from './freight.importer.js';
import { registerFreightMessages } from './freight.messages.js';
import { registerFreightRoutes } from './freight.routes.js';
import { createFreightService } from './freight.service.js';

export const registerFreightModule: AreaModule = (ctx) => {
  registerFreightMessages();
  const service = createFreightService({ database: ctx.database, ...(ctx.now ? { now: ctx.now } : {}) });
  registerFreightRoutes(ctx.app, ctx.http, service);
  ctx.imports.register(createExpressBillImporter(() => service));
};
