// The billing area: editions and store packs bought in the product (spec 02 §7.17), paid through
// the payment connector (apps/server/src/connectors/payment; the sandbox provider in this build).
import { createSandboxPayment, DEFAULT_SANDBOX_PAYMENT_KEY } from '../../connectors/payment/index.js';
import type { AreaModule } from '../../platform/module.js';
import { registerBillingMessages } from './billing.messages.js';
import { registerBillingRoutes } from './billing.routes.js';
import { createBillingService } from './billing.service.js';

export type { BillingService } from './billing.service.js';

/** The sandbox provider's signing key: env PAYMENT_SANDBOX_KEY, or the published sandbox key. */
export const paymentSandboxKey = () => process.env.PAYMENT_SANDBOX_KEY || DEFAULT_SANDBOX_PAYMENT_KEY;

export const registerBillingModule: AreaModule = (ctx) => {
  registerBillingMessages();
  const sandbox = createSandboxPayment({ db: ctx.database.db, key: paymentSandboxKey(), ...(ctx.now ? { now: ctx.now } : {}) });
  const billing = createBillingService({ database: ctx.database, payments: sandbox.connector, ...(ctx.now ? { now: ctx.now } : {}) });
  registerBillingRoutes(ctx.app, ctx.http, billing, sandbox);
  ctx.registry.provide('billing', billing);
};
