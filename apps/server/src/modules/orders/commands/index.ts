// Orders area, part "commands": verify, lock, close, merge, split, split out-of-stock, refresh
// out-of-stock, convert and the edits of an order (spec 02 §4.2, §4.3). See commands.service.ts.
import type { ModuleContext } from '../../../platform/module.js';
import { registerOrderCommandMessages } from './commands.messages.js';
import { registerOrderCommandRoutes } from './commands.routes.js';
import { createOrderCommandsService } from './commands.service.js';

export function registerOrderCommands(ctx: ModuleContext): void {
  registerOrderCommandMessages();
  const service = createOrderCommandsService({ database: ctx.database, ...(ctx.now ? { now: ctx.now } : {}) });
  registerOrderCommandRoutes(ctx.app, ctx.http, service);
}
