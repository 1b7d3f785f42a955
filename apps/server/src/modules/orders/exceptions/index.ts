// Orders area, part "exceptions" (see ../README.md): what resolves each exception of tab 5 —
// rematch of the pipeline stages, the automatic re-map when a mapping is confirmed or replaced,
// and the sync failures (synced again, alert closed).
import type { ModuleContext } from '../../../platform/module.js';
import type { SkuMappingConfirmedHandler, SkuMappingReplacedHandler } from '../../mapping/index.js';
import { registerOrderExceptionMessages } from './exceptions.messages.js';
import { registerOrderExceptionRoutes } from './exceptions.routes.js';
import { createOrderExceptionsService } from './exceptions.service.js';

export type { OrderExceptionsService } from './exceptions.service.js';

export function registerOrderExceptions(ctx: ModuleContext): void {
  registerOrderExceptionMessages();
  const service = createOrderExceptionsService({ database: ctx.database, registry: ctx.registry, now: ctx.now ?? (() => new Date()) });
  registerOrderExceptionRoutes(ctx.app, ctx.http, service);
  const confirmed: SkuMappingConfirmedHandler = (tx, domainId, actor, list) => service.remapConfirmed(tx, domainId, actor, list);
  ctx.registry.add('sku-mapping-confirmed', confirmed);
  const replaced: SkuMappingReplacedHandler = (tx, domainId, change) => service.remapReplaced(tx, domainId, change);
  ctx.registry.add('sku-mapping-replaced', replaced);
}
