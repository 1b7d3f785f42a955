// Carrier connectors (types.ts), the registry that picks one per waybill account, and the sandbox
// carrier's console calls: its settings (latency, tracking speed) and "fail the next calls".
import { SandboxCarrierFailNextInput, SandboxCarrierSettingsInput, type SandboxCarrierView } from '@openseller/core';
import type { ModuleContext } from '../../platform/module.js';
import { sellerDomain } from '../../modules/warehouses/warehouses.service.js';
import { createCarrierRegistry } from './registry.js';

export * from './types.js';
export { createCarrierRegistry, notInBuildCarrier } from './registry.js';
export { SANDBOX_CARRIER_SYSTEM, sandboxPrefix } from './sandbox/sandbox-carrier.js';

export const CARRIER_REGISTRY = 'carriers';
const ACCOUNTS_ACCESS = { menu: 'MENU_ETRACK_ACCOUNT' } as const;

/** Creates the registry, offers it as 'carriers', and adds the sandbox console calls. */
export function registerCarriers(ctx: ModuleContext) {
  const registry = createCarrierRegistry({ db: ctx.database.db, ...(ctx.now ? { now: ctx.now } : {}) });
  ctx.registry.provide(CARRIER_REGISTRY, registry);
  const base = '/cloud/carrier/sandbox';
  const { http, app } = ctx;
  http.route(app, { url: `${base}/view`, access: ACCOUNTS_ACCESS, handler: (c): Promise<SandboxCarrierView> => registry.sandbox.console.view(sellerDomain(c.session)) });
  http.route(app, {
    url: `${base}/settings`,
    access: ACCOUNTS_ACCESS,
    input: SandboxCarrierSettingsInput,
    handler: (c) => registry.sandbox.console.update(sellerDomain(c.session), { ...(c.input.latencyMs !== undefined ? { latencyMs: c.input.latencyMs } : {}), ...(c.input.trackingStepSeconds !== undefined ? { trackingStepSeconds: c.input.trackingStepSeconds } : {}) }),
  });
  http.route(app, {
    url: `${base}/failNext`,
    access: ACCOUNTS_ACCESS,
    input: SandboxCarrierFailNextInput,
    handler: (c) => registry.sandbox.console.update(sellerDomain(c.session), { failNext: c.input.count, failReason: c.input.reason || null }),
  });
  return registry;
}
