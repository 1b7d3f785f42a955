// Ingest calls (spec 02 §7.10): /myhome/platformSo (pulls, sync records, order-sync log, menu
// MENU_ERPSO), /myhome/taobaoSoh/createTaobaoSoByHand and its dry run dryRunSoByHand (MENU_ERPSO_CREATE), the dry run
// /myhome/erpsoh/dryRunPipeline, and the self-defined stores' POST /open/orders/ingest (public,
// signed). See ../README.md.
import type { FastifyInstance } from 'fastify';
import { DryRunInput, IdListInput, ManualOrderInput, OrderPullInput, PlatformSyncSearchInput, SyncSoMsgCalls } from '@openseller/core';
import type { Http } from '../../../platform/http.js';
import type { IngestService } from './ingest.service.js';

export const ORDERS_ACCESS = { menu: 'MENU_ERPSO' } as const;
export const CREATE_ORDER_ACCESS = { menu: 'MENU_ERPSO_CREATE' } as const;
/** The order-sync log is also a tab of /logs (MENU_BIZ_LOG). */
export const SYNC_LOG_ACCESS = { menu: ['MENU_ERPSO', 'MENU_BIZ_LOG'] } as const;

export function registerIngestRoutes(app: FastifyInstance, http: Http, service: IngestService): void {
  const so = '/myhome/platformSo';
  http.route(app, { url: `${so}/syncStoreOrders`, access: ORDERS_ACCESS, input: OrderPullInput, handler: (c) => service.syncStoreOrders(c.session, c.input.storeId) });
  http.route(app, { url: `${so}/searchTaobaoSyncPageList`, access: ORDERS_ACCESS, input: PlatformSyncSearchInput, handler: (c) => service.searchPlatformOrders(c.session, c.input) });
  http.route(app, { url: `${so}/closePlatformsohError`, access: ORDERS_ACCESS, input: IdListInput, handler: (c) => service.closeErrors(c.session, c.input.idList) });
  http.route(app, { url: `${so}/getTaobaoSyncCount`, access: ORDERS_ACCESS, handler: (c) => service.countErrors(c.session) });
  // The order-sync log at the spec's syncSoMsg paths (route catalogue SyncSoMsgCalls; platformSo/searchSyncRuns went).
  http.serve(app, SyncSoMsgCalls, {
    searchPageList: (c) => service.searchSyncRuns(c.session, c.input),
    getBizDataById: (c) => service.getSyncRun(c.session, c.input.id),
  });
  http.route(app, { url: '/myhome/erpsoh/dryRunPipeline', access: ORDERS_ACCESS, input: DryRunInput, handler: (c) => service.dryRun(c.session, c.input) });
  http.route(app, { url: '/myhome/taobaoSoh/createTaobaoSoByHand', access: CREATE_ORDER_ACCESS, input: ManualOrderInput, handler: (c) => service.createByHand(c.session, c.input) });
  // What the rules would choose for the order being entered, before it is created (nothing is written).
  http.route(app, { url: '/myhome/taobaoSoh/dryRunSoByHand', access: CREATE_ORDER_ACCESS, input: ManualOrderInput, handler: (c) => service.dryRunManual(c.session, c.input) });

  // The signature covers the body byte for byte, so this route keeps the raw text.
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 5 * 1024 * 1024 }, (_request, body, done) => done(null, String(body)));
    http.route(scope, {
      url: '/open/orders/ingest',
      access: 'public',
      rawBody: true,
      handler: (c) => service.httpIngest(c.request.headers, typeof c.request.body === 'string' ? c.request.body : '', c.language),
    });
  });
}
