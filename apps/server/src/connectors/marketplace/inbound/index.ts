// Signed inbound marketplace messages (README.md): the receiving addresses
// POST /open/marketplace/messages/<platform>, the verifiers per platform, Taobao's message service
// consumed by a job (../taobao/taobao.tmc.ts), the job that refreshes the named store's orders
// through the orders area's pull, and the sweep that sends it again for messages left waiting.
import { MarketplaceInboundCalls } from '@openseller/core';
import type { AppCredentialsLookup } from '../../app-credentials.js';
import type { ModuleContext } from '../../../platform/module.js';
import { createTaobaoTmcConsumer } from '../taobao/taobao.tmc.js';
import { createInboundProcessor, DEFAULT_PROCESSING_TIMEOUT_MS } from './inbound.processor.js';
import { createInboundReceiver, INBOUND_PROCESS_JOB } from './inbound.receiver.js';
import { createInboundVerifiers } from './verifiers.js';

export { INBOUND_PROCESS_JOB } from './inbound.receiver.js';
export const INBOUND_SWEEP_JOB = 'marketplace-inbound.sweep';
export const TAOBAO_TMC_JOB = 'marketplace-inbound.taobao-tmc';

const envNumber = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

export function registerMarketplaceInbound(ctx: ModuleContext, credentials: AppCredentialsLookup): void {
  const now = ctx.now ?? (() => new Date());
  const { db } = ctx.database;
  const log = (m: string) => ctx.app.log.warn(m);
  const receiver = createInboundReceiver({ db, verifiers: createInboundVerifiers(credentials), jobs: ctx.jobs, now, log });
  const processingTimeoutMs = envNumber('INBOUND_PROCESSING_TIMEOUT_MINUTES', DEFAULT_PROCESSING_TIMEOUT_MS / 60_000) * 60_000;
  const processor = createInboundProcessor({ db, registry: ctx.registry, jobs: ctx.jobs, now, processingTimeoutMs });
  const tmc = createTaobaoTmcConsumer({
    credentials,
    keep: receiver.keepMessages,
    now,
    groupName: process.env.TAOBAO_TMC_GROUP?.trim() || null,
    backoffMs: envNumber('MARKETPLACE_RETRY_BASE_MS', 500),
    log,
  });

  ctx.jobs?.define({
    name: INBOUND_PROCESS_JOB,
    // The pull records its own failures (sync record, back-off); the sweep and the scheduled pull catch up.
    retryLimit: 0,
    expireInSeconds: 600,
    handler: (data) => processor.processStore(Number(data.domainId), Number(data.storeId)),
  });
  const sweepCron = process.env.INBOUND_SWEEP_CRON || '* * * * *';
  ctx.jobs?.define({
    name: INBOUND_SWEEP_JOB,
    ...(sweepCron === 'off' ? {} : { cron: sweepCron }),
    retryLimit: 0,
    // Recorded as the run's items: the stores whose messages were sent to be processed.
    handler: () => processor.sweep(),
  });
  const tmcCron = process.env.TAOBAO_TMC_CRON || '* * * * *';
  ctx.jobs?.define({
    name: TAOBAO_TMC_JOB,
    ...(tmcCron === 'off' ? {} : { cron: tmcCron }),
    // A failed run leaves the messages unconfirmed: the next run takes them again.
    retryLimit: 0,
    handler: async () => ({ items: (await tmc.consume()).consumed }),
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
