// The after-sales area (spec 02 §3.7, §4.2, §7.11): after-sale documents made by hand from an
// order or imported, their decisions, the archive and abnormal lists, import and export. An
// agreed return makes the stock area's return-inbound document (its service, 'rma').
import type { AreaModule } from '../../platform/module.js';
import { RMA_SERVICE, type RmaService } from '../stock/index.js';
import { afterSalesExporter } from './aftersales.exporter.js';
import { createAfterSalesImporter } from './aftersales.imports.js';
import { registerAfterSalesMessages } from './aftersales.messages.js';
import { registerAfterSalesRoutes } from './aftersales.routes.js';
import { createAfterSalesService } from './aftersales.service.js';

export const registerAfterSalesModule: AreaModule = (ctx) => {
  registerAfterSalesMessages();
  const service = createAfterSalesService({
    database: ctx.database,
    rma: () => ctx.registry.get<{ service: RmaService }>(RMA_SERVICE).service,
    ...(ctx.now ? { now: ctx.now } : {}),
  });
  registerAfterSalesRoutes(ctx.app, ctx.http, service, { imports: ctx.imports, exports: ctx.exports });
  ctx.imports.register(createAfterSalesImporter(() => service));
  ctx.exports.register(afterSalesExporter);
  ctx.registry.provide('afterSales', { service });
};

export type { AfterSalesService } from './aftersales.service.js';
