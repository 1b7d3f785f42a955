// Orders area, part "checking": find a reviewed order by its waybill number, check its goods by
// scanning (serial numbers where the goods need them) or weigh the parcel, then ship it through
// the shipping part (spec 02 §7.10 checkErpSoH, sendErpSoH4Check, sendErpSoH4Weigh). See README.md.
import type { ModuleContext } from '../../../platform/module.js';
import { registerCheckingMessages } from './checking.messages.js';
import { registerCheckingRoutes } from './checking.routes.js';
import { createCheckingService } from './checking.service.js';

export { type CheckingService } from './checking.service.js';

export function registerOrderChecking(ctx: ModuleContext): void {
  registerCheckingMessages();
  const service = createCheckingService({ database: ctx.database, registry: ctx.registry });
  registerCheckingRoutes(ctx.app, ctx.http, service);
}
