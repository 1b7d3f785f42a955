// Orders area, part "printing": print templates (system and custom, a default per courier), the
// label data of reviewed orders with waybill numbers, and the print log (spec 02 §3.9, §4.3, §7.13).
import type { ModuleContext } from '../../../platform/module.js';
import { registerPrintingMessages } from './printing.messages.js';
import { registerPrintingRoutes } from './printing.routes.js';
import { createPrintingService } from './printing.service.js';

export { createPrintingService, type PrintingService } from './printing.service.js';

export function registerPrinting(ctx: ModuleContext): void {
  const service = createPrintingService({ database: ctx.database, ...(ctx.now ? { now: ctx.now } : {}) });
  registerPrintingMessages();
  registerPrintingRoutes(ctx.app, ctx.http, service);
}
