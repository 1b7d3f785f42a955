// Stock sync calls (spec 02 §7.9 /myhome/bizinventory: sync rules, auto sync, manual sync, under
// MENU_INV_SYNC; §7.14 the inventory-sync log /myhome/bizInvSynLog, read with MENU_BIZ_LOG).
// Handlers only translate.
import type { FastifyInstance } from 'fastify';
import {
  StockSyncAutoInput,
  StockSyncFailuresInput,
  StockSyncLogSearchInput,
  StockSyncManualInput,
  StockSyncPreviewInput,
  StockSyncRetryInput,
  StockSyncRuleCreateInput,
  StockSyncRuleDeleteInput,
  StockSyncRuleUpdateInput,
} from '@openseller/core';
import type { Http } from '../../../platform/http.js';
import type { StockSyncService } from './stocksync.service.js';

export const SYNC_MENU = 'MENU_INV_SYNC';
export const LOG_MENU = 'MENU_BIZ_LOG';
const access = { menu: SYNC_MENU } as const;
const BASE = '/myhome/bizinventory';

export function registerStockSyncRoutes(app: FastifyInstance, http: Http, sync: StockSyncService): void {
  http.route(app, { url: `${BASE}/syncStores`, access, handler: (c) => sync.listStores(c.session) });
  http.route(app, { url: `${BASE}/syncRule/create`, access, input: StockSyncRuleCreateInput, handler: (c) => sync.createRule(c.session, c.input) });
  http.route(app, { url: `${BASE}/syncRule/update`, access, input: StockSyncRuleUpdateInput, handler: (c) => sync.updateRule(c.session, c.input) });
  http.route(app, { url: `${BASE}/syncRule/delete`, access, input: StockSyncRuleDeleteInput, handler: (c) => sync.deleteRule(c.session, c.input) });
  http.route(app, { url: `${BASE}/autoSync`, access, input: StockSyncAutoInput, handler: (c) => sync.setAutoSync(c.session, c.input) });
  http.route(app, { url: `${BASE}/syncPreview`, access, input: StockSyncPreviewInput, handler: (c) => sync.preview(c.session, c.input) });
  http.route(app, { url: `${BASE}/manualSync`, access, input: StockSyncManualInput, handler: (c) => sync.manualSync(c.session, c.input) });
  http.route(app, {
    url: `${BASE}/syncFailures`,
    access,
    input: StockSyncFailuresInput,
    handler: (c) => sync.searchLog(c.session, { ...c.input, status: 'FAILURE' }),
  });
  http.route(app, { url: `${BASE}/retrySync`, access, input: StockSyncRetryInput, handler: (c) => sync.retry(c.session, c.input) });

  // The log is read with the log centre's menu; retrying from it needs MENU_INV_SYNC (retrySync).
  http.route(app, { url: '/myhome/bizInvSynLog/searchPageList', access: { menu: LOG_MENU }, input: StockSyncLogSearchInput, handler: (c) => sync.searchLog(c.session, c.input) });
}
