// Signed inbound marketplace messages (README.md): the receiving addresses
// POST /open/marketplace/messages/<platform>, the verifiers per platform, and the job that
// refreshes the named store's orders through the orders area's pull.
import { MarketplaceInboundCalls } from '@openseller/core';
import type { AppCredentialsLookup } from '../../app-credentials.js';
import type { ModuleContext } from '../../../platform/module.js';
import { createInboundProcessor } from './inbound.processor.js';
import { createInboundReceiver, INBOUND_PROCESS_JOB } from './inbound.receiver.js';
import { createInboundVerifiers } from './verifiers.js';

export { INBOUND_PROCESS_JOB } from './inbound.receiver.js';

export function registerMarketplaceInbound(ctx: ModuleContext, credentials: AppCredentialsLookup): void {
  const now = ctx.now ?? (() => new Date());
  const { db } = ctx.database;
  const receiver = createInboundReceiver({ db, verifiers: createInboundVerifiers(credentials), jobs: ctx.jobs, now, log: (m) => ctx.app.log.warn(m) });
  const processor = createInboundProcessor({ db, registry: ctx.registry, now });

  ctx.jobs?.define({
    name: INBOUND_PROCESS_JOB,
    // The pull records its own failures (sync record, back-off); the scheduled pull catches up.
    retryLimit: 0,
    handler: (data) => processor.processStore(Number(data.domainId), Number(data.storeId)),
  });

  // Public: the platform's signature is the check. The body stays text: signatures cover it byte for byte.
  void ctx.app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, String(body)));
    for (const [key, call] of Object.entries(MarketplaceInboundCalls)) {
      ctx.http.serveCall(scope, call, async (c) => {
        const body = typeof c.request.body === 'string' ? c.request.body : '';
        const answer = await receiver.receive(key, { headers: c.request.headers, body });
        return c.reply.code(answer.status).type(answer.contentType).header('cache-control', 'no-store').send(answer.body);
      });
    }
  });
}
