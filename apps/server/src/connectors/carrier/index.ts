// Carrier connectors (types.ts), the registry that picks one per waybill account, and the sandbox
// carrier's console calls: its settings (latency, tracking speed) and "fail the next calls".
import { ErrorCodes, SandboxCarrierConsoleCalls } from '@openseller/core';
import { AppError } from '../../platform/errors.js';
import type { ModuleContext } from '../../platform/module.js';
import type { StoresAreaService } from '../../modules/stores/index.js';
import { createCarrierRegistry } from './registry.js';
import { domainOf as sellerDomain } from '../../platform/caller.js';

export * from './types.js';
export { createCarrierRegistry, notInBuildCarrier } from './registry.js';
export { SANDBOX_CARRIER_SYSTEM, sandboxPrefix } from './sandbox/sandbox-carrier.js';
export { CAINIAO_WAYBILL_SYSTEM, cainiaoRoute } from './cainiao/cainiao-waybill.connector.js';

export const CARRIER_REGISTRY = 'carriers';

/** Creates the registry, offers it as 'carriers', and adds the sandbox console calls. */
export function registerCarriers(ctx: ModuleContext) {
  const registry = createCarrierRegistry({
    db: ctx.database.db,
    ...(ctx.now ? { now: ctx.now } : {}),
    // A Taobao store's ended session (Cainiao waybills through TOP) is refreshed as its connection would.
    refreshStore: (domainId, storeId, used) => ctx.registry.get<StoresAreaService>('stores').refreshAuthorization(domainId, storeId, used),
  });
  ctx.registry.provide(CARRIER_REGISTRY, registry);
  ctx.http.serve(ctx.app, SandboxCarrierConsoleCalls, {
    view: (c) => registry.sandbox.console.view(sellerDomain(c.session)),
    settings: (c) => {
      if (c.input.advanceClockSeconds !== undefined) {
        if (!registry.sandbox.console.clockMovable) {
          throw new AppError(ErrorCodes.VALIDATION, 400, { field: 'advanceClockSeconds', detail: 'advanceClockSeconds: the server keeps the real time (start it with CARRIER_SANDBOX_CLOCK=console)' });
        }
        registry.sandbox.console.advanceClock(sellerDomain(c.session), c.input.advanceClockSeconds);
      }
      return registry.sandbox.console.update(sellerDomain(c.session), {
        ...(c.input.latencyMs !== undefined ? { latencyMs: c.input.latencyMs } : {}),
        ...(c.input.trackingStepSeconds !== undefined ? { trackingStepSeconds: c.input.trackingStepSeconds } : {}),
      });
    },
    failNext: (c) => registry.sandbox.console.update(sellerDomain(c.session), { failNext: c.input.count, failReason: c.input.reason || null }),
  });
  return registry;
}
