// The notices area: the root account's system notices, sellers' messages and read receipts, and
// the emergency notice page (spec 01 §2.4, §3, §4.2; 02 §3.12, §7.15).
import type { AreaModule } from '../../platform/module.js';
import { registerNoticesMessages } from './notices.messages.js';
import { registerNoticesRoutes } from './notices.routes.js';
import { createNoticesService, type NoticesService } from './notices.service.js';

export type { NoticesService };
export { sanitizeNoticeHtml } from './notices.sanitize.js';

export const registerNoticesModule: AreaModule = (ctx) => {
  registerNoticesMessages();
  const notices = createNoticesService({ database: ctx.database, ...(ctx.now ? { now: ctx.now } : {}) });
  registerNoticesRoutes(ctx.app, ctx.http, notices);
};
