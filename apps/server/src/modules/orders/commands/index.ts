// Orders area, part "commands": verify, lock, close, merge, split, split out-of-stock, refresh
// out-of-stock, convert and the edits of an order (spec 02 §4.2, §4.3), header labels, the forced
// close of orders the platform cancelled, the check log, the syscode lists, and the automatic
// review (auto-verify.ts, its job and calls). See commands.service.ts.
import { OrderAutoVerifyCalls, OrderLabelCalls, OrderMiscCalls, PLATFORM_ORDER_STATUS_CODES, SYNC_SOH_STATUS_CODES } from '@openseller/core';
import type { ModuleContext } from '../../../platform/module.js';
import { createAutoVerifyService } from './auto-verify.js';
import { registerOrderCommandMessages } from './commands.messages.js';
import { registerOrderCommandRoutes } from './commands.routes.js';
import { createOrderCommandsService } from './commands.service.js';

/** The scheduled automatic review of every domain whose rule is on. */
export const AUTO_VERIFY_JOB = 'orders.auto-verify';

export function registerOrderCommands(ctx: ModuleContext): void {
  registerOrderCommandMessages();
  const service = createOrderCommandsService({ database: ctx.database, ...(ctx.now ? { now: ctx.now } : {}) });
  registerOrderCommandRoutes(ctx.app, ctx.http, service);

  ctx.http.serve(ctx.app, OrderLabelCalls, {
    addLabel: (c) => service.addLabel(c.session, c.language, c.input),
    removeLabel: (c) => service.removeLabel(c.session, c.language, c.input),
  });
  ctx.http.serve(ctx.app, OrderMiscCalls, {
    getPlatformStatusList: () => Promise.resolve([...PLATFORM_ORDER_STATUS_CODES]),
    getSyncSohStatusList: () => Promise.resolve([...SYNC_SOH_STATUS_CODES]),
    forceCloseCancelFailedOrder: (c) => service.forceCloseCancelled(c.session, c.language, c.input),
    writeErpSohCheckLog: (c) => service.writeCheckLog(c.session, c.input),
  });

  const autoVerify = createAutoVerifyService({ database: ctx.database, commands: service, now: ctx.now ?? (() => new Date()) });
  ctx.http.serve(ctx.app, OrderAutoVerifyCalls, {
    run: (c) => autoVerify.run(c.session, c.language),
    getRule: (c) => autoVerify.getRule(c.session),
    saveRule: (c) => autoVerify.saveRule(c.session, c.input),
  });
  ctx.jobs?.define({
    name: AUTO_VERIFY_JOB,
    cron: process.env.ORDER_AUTO_VERIFY_CRON || '*/5 * * * *',
    handler: async () => {
      await autoVerify.runDue();
    },
  });
}
