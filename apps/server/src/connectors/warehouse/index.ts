// Warehouse systems: the connectors of third-party warehouses (types.ts), the registry service
// 'warehouse-systems' other areas issue documents through, the polling job that brings their
// results back, a "fetch results" call, the sandbox warehouse system's console, and the endpoint
// of Qimen's signed confirmation callbacks (qimen/README.md).
import { WarehouseSystemCalls } from '@openseller/core';
import type { AreaModule } from '../../platform/module.js';
import { createWarehouseSystems } from './registry.js';
import { createQimenCallbacks } from './qimen/qimen.callbacks.js';
import { qimenResponseXml } from './qimen/qimen.protocol.js';
import { createSandboxWmsConsole } from './sandbox/sandbox-wms.console.js';
import { registerWarehouseSystemsMessages } from './warehouse-systems.messages.js';

export type { WarehouseSystemsService } from './types.js';

export const registerWarehouseSystemsModule: AreaModule = (ctx) => {
  registerWarehouseSystemsMessages();
  const { db } = ctx.database;
  const systems = createWarehouseSystems({ database: ctx.database, jobs: ctx.jobs, ...(ctx.now ? { now: ctx.now } : {}), log: (m) => ctx.app.log.warn(m) });
  ctx.registry.provide('warehouse-systems', systems);
  const sandbox = createSandboxWmsConsole({ db, ...(ctx.now ? { now: ctx.now } : {}) });
  const { app, http } = ctx;

  // Access (catalogue): stock and warehouse staff see the console and fetch results; driving the
  // sandbox (settings, failures, receiving, shipping, confirming cancels) configures a warehouse.
  const { qimenCallback, ...consoleCalls } = WarehouseSystemCalls;
  http.serve(app, consoleCalls, {
    fetchResults: (c) => systems.pollResults(c.domainId, c.input.whId),
    sandboxWarehouses: (c) => sandbox.warehouses(c.domainId),
    sandboxView: (c) => sandbox.view(c.domainId, c.input.warehouseId),
    sandboxSettings: async (c) => {
      await sandbox.updateSettings(c.domainId, c.input);
      return null;
    },
    sandboxFailNext: async (c) => {
      await sandbox.failNext(c.domainId, c.input);
      return null;
    },
    sandboxFulfil: (c) => sandbox.fulfil(c.domainId, c.input),
    sandboxConfirmCancel: (c) => sandbox.confirmCancel(c.domainId, c.input),
  });

  // Qimen's confirmation callbacks: public (the signature is the check), XML in and out; the body
  // is kept as text because the signature covers it byte for byte.
  const callbacks = createQimenCallbacks({ db, credentials: systems.credentials, bookResult: systems.bookResult, ...(ctx.now ? { now: ctx.now } : {}), log: (m) => ctx.app.log.warn(m) });
  void app.register(async (scope) => {
    scope.addContentTypeParser(['text/xml', 'application/xml'], { parseAs: 'string', bodyLimit: 2 * 1024 * 1024 }, (_request, body, done) => done(null, String(body)));
    http.serveCall(scope, qimenCallback, async (c) => {
      const answer = await callbacks.handle(c.request.query as Record<string, unknown>, typeof c.request.body === 'string' ? c.request.body : '');
      return c.reply.code(200).type('text/xml; charset=utf-8').header('cache-control', 'no-store').send(qimenResponseXml(answer.flag, answer.code, answer.message));
    });
  });
};
