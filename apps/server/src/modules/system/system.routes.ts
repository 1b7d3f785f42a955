import type { FastifyInstance } from 'fastify';
import { SystemCalls } from '@openseller/core';
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

  http.serve(app, SystemCalls, {
    siteInfo: () => system.siteInfo(),
    allConfigs: () => system.allConfigs(),
    homePageData: (c) => system.homePageData(c.session),
    searchDomains: (c) => system.searchDomains(c.input),
    updateDomain: async (c) => {
      await system.updateDomain(c.session, c.input);
      return null;
    },
    searchSmsOutbox: (c) => system.searchSmsOutbox(c.input),
  });
}
