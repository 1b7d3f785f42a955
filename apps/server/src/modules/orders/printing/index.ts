// Orders area, part "printing": print templates (system and custom, a default per courier), the
// delivery-slip templates, the label data of reviewed orders with waybill numbers (several
// packages, insured value), delivery slips, batch plans, template links, and the print log with
// its export (spec 02 §3.9, §4.3, §7.13, §7.14).
import type { ModuleContext } from '../../../platform/module.js';
import { printLogExporter } from './printing.export.js';
import { registerPrintingMessages } from './printing.messages.js';
import { registerPrintingRoutes } from './printing.routes.js';
import { createPrintingService } from './printing.service.js';

export { createPrintingService, type PrintingService } from './printing.service.js';

export function registerPrinting(ctx: ModuleContext): void {
  const service = createPrintingService({ database: ctx.database, ...(ctx.now ? { now: ctx.now } : {}) });
  registerPrintingMessages();
  ctx.exports.register(printLogExporter);
  registerPrintingRoutes(ctx.app, ctx.http, service, { exports: ctx.exports, files: ctx.files, sessions: ctx.sessions });
}
