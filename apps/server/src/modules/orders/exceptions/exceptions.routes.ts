// Tab 5 calls under /myhome/erpsoh (spec 02 §7.10; menu MENU_ERPSO), from the route catalogue
// (OrderExceptionCalls): rematch, and the sync failures (getSyncFailCount, searchSyncFailPageList,
// reSync4SyncFail, closeSyncFailAlert).
import { OrderExceptionCalls } from '@openseller/core';
import type { FastifyInstance } from 'fastify';
import type { Http } from '../../../platform/http.js';
import type { OrderExceptionsService } from './exceptions.service.js';

export const ORDER_EXCEPTIONS_ACCESS = OrderExceptionCalls.rematch.access;

export function registerOrderExceptionRoutes(app: FastifyInstance, http: Http, service: OrderExceptionsService): void {
  http.serve(app, OrderExceptionCalls, {
    rematch: (c) => service.rematch(c.session, c.language, c.input),
    getSyncFailCount: (c) => service.getSyncFailCount(c.session),
    searchSyncFailPageList: (c) => service.searchSyncFailPageList(c.session, c.input),
    reSync4SyncFail: (c) => service.reSync(c.session, c.language, c.input.idList),
    closeSyncFailAlert: (c) => service.closeSyncFailAlert(c.session, c.input.idList),
  });
}
