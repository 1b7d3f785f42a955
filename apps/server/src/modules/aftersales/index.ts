// The after-sales area (spec 02 §3.7, §4.2, §7.11): after-sale documents made by hand from an
// order or imported, their decisions, the archive and abnormal lists, import and export. An
// agreed return makes the stock area's return-inbound document (its service, 'rma').
import type { Tx } from '../../db/client.js';
import type { AreaModule } from '../../platform/module.js';
import { ORDER_INGEST_SERVICE, PLATFORM_AFTER_SALES_SERVICE, type IngestService, type PlatformAfterSalesService } from '../orders/index.js';
import { RMA_SERVICE, type RmaService } from '../stock/index.js';
import type { StoresAreaService } from '../stores/index.js';
import { createAfterSalesPlatform } from './aftersales.platform.js';
import { afterSalesExporter } from './aftersales.exporter.js';
import { createAfterSalesImporter } from './aftersales.imports.js';
import { registerAfterSalesMessages } from './aftersales.messages.js';
import { createReturnRateReport } from './aftersales.report.js';
import { registerAfterSalesRoutes } from './aftersales.routes.js';
import { createAfterSalesService } from './aftersales.service.js';

/** Writes the decisions on platform documents back (after decisions, and every minute for what is left waiting). */
export const AFTER_SALES_WRITE_BACK_JOB = 'aftersales.write-back';
/** Called in the decision's transaction when a document's refund becomes done: (tx, domainId, afterSaleId). */
export const REFUND_DONE_LISTENERS = 'refund-done-listeners';

export const registerAfterSalesModule: AreaModule = (ctx) => {
  registerAfterSalesMessages();
  const now = ctx.now ?? (() => new Date());
  const platform = createAfterSalesPlatform({ database: ctx.database, stores: () => ctx.registry.get<StoresAreaService>('stores'), now });
  const service = createAfterSalesService({
    database: ctx.database,
    rma: () => ctx.registry.get<{ service: RmaService }>(RMA_SERVICE).service,
    orders: () => ctx.registry.get<IngestService>(ORDER_INGEST_SERVICE),
    writeBackQueued: (domainId) => {
      ctx.jobs?.send(AFTER_SALES_WRITE_BACK_JOB, { domainId }).catch(() => {
        // The scheduled run sends what is left waiting.
      });
    },
    refundDone: () => ctx.registry.list<(tx: Tx, domainId: number, afterSaleId: number) => Promise<unknown>>(REFUND_DONE_LISTENERS),
    now,
  });
  ctx.jobs?.define({
    name: AFTER_SALES_WRITE_BACK_JOB,
    cron: process.env.AFTER_SALES_WRITE_BACK_CRON || '* * * * *',
    handler: (data) => platform.writeBackDue(data.domainId ? Number(data.domainId) : undefined),
  });
  ctx.registry.provide(PLATFORM_AFTER_SALES_SERVICE, platform satisfies PlatformAfterSalesService);
  registerAfterSalesRoutes(ctx.app, ctx.http, service, { imports: ctx.imports, exports: ctx.exports, report: createReturnRateReport({ database: ctx.database }) });
  ctx.imports.register(createAfterSalesImporter(() => service));
  ctx.exports.register(afterSalesExporter);
  ctx.registry.provide('afterSales', { service });
};

export type { AfterSalesService } from './aftersales.service.js';
export type { AfterSalesPlatform } from './aftersales.platform.js';
