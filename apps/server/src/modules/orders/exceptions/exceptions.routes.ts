// Tab 5 calls under /myhome/erpsoh (spec 02 §7.10; menu MENU_ERPSO): rematch, and the sync
// failures (getSyncFailCount, searchSyncFailPageList, reSync4SyncFail, closeSyncFailAlert).
import { RematchOrdersInput, SyncFailIdList, SyncFailSearchInput } from '@openseller/core';
import type { FastifyInstance } from 'fastify';
import type { Http } from '../../../platform/http.js';
import type { OrderExceptionsService } from './exceptions.service.js';

export const ORDER_EXCEPTIONS_ACCESS = { menu: 'MENU_ERPSO' } as const;

export function registerOrderExceptionRoutes(app: FastifyInstance, http: Http, service: OrderExceptionsService): void {
  const base = '/myhome/erpsoh';
  const access = ORDER_EXCEPTIONS_ACCESS;
  http.route(app, { url: `${base}/rematch`, access, input: RematchOrdersInput, handler: (c) => service.rematch(c.session, c.language, c.input) });
  http.route(app, { url: `${base}/getSyncFailCount`, access, handler: (c) => service.getSyncFailCount(c.session) });
  http.route(app, { url: `${base}/searchSyncFailPageList`, access, input: SyncFailSearchInput, handler: (c) => service.searchSyncFailPageList(c.session, c.input) });
  http.route(app, { url: `${base}/reSync4SyncFail`, access, input: SyncFailIdList, handler: (c) => service.reSync(c.session, c.language, c.input.idList) });
  http.route(app, { url: `${base}/closeSyncFailAlert`, access, input: SyncFailIdList, handler: (c) => service.closeSyncFailAlert(c.session, c.input.idList) });
}
