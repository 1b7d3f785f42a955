// Ingest calls (spec 02 §7.10), from the route catalogue (OrderIngestCalls, OrderOpenIngestCalls):
// /myhome/platformSo (pulls, sync records, menu MENU_ERPSO), the order-sync log
// /myhome/syncSoMsg/searchPageList and getBizDataById (spec 02 §7.14; MENU_ERPSO or MENU_BIZ_LOG),
// /myhome/taobaoSoh/createTaobaoSoByHand and its dry run dryRunSoByHand (MENU_ERPSO_CREATE), the
// dry run /myhome/erpsoh/dryRunPipeline, and the self-defined stores' POST /open/orders/ingest
// (public, signed). See ../README.md.
import type { FastifyInstance } from 'fastify';
import { OrderIngestCalls, OrderOpenIngestCalls } from '@openseller/core';
import type { Http } from '../../../platform/http.js';
import type { IngestService } from './ingest.service.js';

export const ORDERS_ACCESS = OrderIngestCalls.syncStoreOrders.access;
export const CREATE_ORDER_ACCESS = OrderIngestCalls.createByHand.access;
/** The order-sync log is also a tab of /logs (MENU_BIZ_LOG). */
export const SYNC_LOG_ACCESS = OrderIngestCalls.searchSyncRuns.access;

export function registerIngestRoutes(app: FastifyInstance, http: Http, service: IngestService): void {
  http.serve(app, OrderIngestCalls, {
    syncStoreOrders: (c) => service.syncStoreOrders(c.session, c.input.storeId),
    searchPlatformOrders: (c) => service.searchPlatformOrders(c.session, c.input),
    closeErrors: (c) => service.closeErrors(c.session, c.input.idList),
    countErrors: (c) => service.countErrors(c.session),
    searchSyncRuns: (c) => service.searchSyncRuns(c.session, c.input),
    getSyncRun: (c) => service.getSyncRun(c.session, c.input.id),
    dryRun: (c) => service.dryRun(c.session, c.input),
    createByHand: (c) => service.createByHand(c.session, c.input),
    dryRunManual: (c) => service.dryRunManual(c.session, c.input),
  });

  // The signature covers the body byte for byte, so this route keeps the raw text.
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 5 * 1024 * 1024 }, (_request, body, done) => done(null, String(body)));
    http.serve(scope, OrderOpenIngestCalls, {
      ingest: (c) => service.httpIngest(c.request.headers, typeof c.request.body === 'string' ? c.request.body : '', c.language),
    });
  });
}
