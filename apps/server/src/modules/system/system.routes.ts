import type { FastifyInstance } from 'fastify';
import { DomainSearchInput, DomainUpdateInput, SmsOutboxSearchInput } from '@openseller/core';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Http } from '../../platform/http.js';
import type { JobQueue } from '../../platform/jobs.js';
import type { SystemService } from './system.service.js';

export function registerSystemRoutes(app: FastifyInstance, http: Http, deps: { system: SystemService; jobs: JobQueue | null; database: Database }): void {
  const { system } = deps;
  const { db } = deps.database;

  // Hourly: drop sessions, SMS codes and captchas long past their end.
  deps.jobs?.define({
    name: 'session-cleanup',
    cron: '17 * * * *',
    handler: async () => {
      await db.execute(sql`delete from auth_tokens where refresh_expires_at < now() - interval '1 day'`);
      await db.execute(sql`delete from sms_codes where created_at < now() - interval '2 days'`);
      await db.execute(sql`delete from captchas where expires_at < now() - interval '1 hour'`);
    },
  });

  app.get('/healthz', async (_request, reply) => {
    const ok = await system.healthy().catch(() => false);
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable', database: ok });
  });

  http.route(app, { method: 'GET', url: '/cloud/core/site/info', access: 'public', handler: () => system.siteInfo() });
  http.route(app, { url: '/cloud/core/sysconfig/findAllConfigs', access: 'session', handler: () => system.allConfigs() });
  http.route(app, { url: '/myhome/homepage/getHomePageData', access: 'session', handler: (c) => system.homePageData(c.session) });

  http.route(app, { url: '/cloud/admin/domain/search', access: 'root', input: DomainSearchInput, handler: (c) => system.searchDomains(c.input) });
  http.route(app, { url: '/cloud/admin/domain/update', access: 'root', input: DomainUpdateInput, handler: (c) => system.updateDomain(c.session, c.input) });
  http.route(app, { url: '/cloud/admin/smsOutbox/search', access: 'root', input: SmsOutboxSearchInput, handler: (c) => system.searchSmsOutbox(c.input) });
}
