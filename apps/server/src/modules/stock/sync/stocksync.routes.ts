// Stock sync calls (spec 02 §7.9 /myhome/bizinventory: sync rules, auto sync, manual sync, under
// MENU_INV_SYNC; §7.14 the inventory-sync log /myhome/bizInvSynLog, read with MENU_BIZ_LOG), from
// the route catalogue (StockSyncCalls). Handlers only translate.
import type { FastifyInstance } from 'fastify';
import { StockSyncCalls } from '@openseller/core';
import type { Http } from '../../../platform/http.js';
import type { StockSyncService } from './stocksync.service.js';

export function registerStockSyncRoutes(app: FastifyInstance, http: Http, sync: StockSyncService): void {
  http.serve(app, StockSyncCalls, {
    stores: (c) => sync.listStores(c.session),
    createRule: (c) => sync.createRule(c.session, c.input),
    updateRule: (c) => sync.updateRule(c.session, c.input),
    deleteRule: async (c) => {
      await sync.deleteRule(c.session, c.input);
      return null;
    },
    autoSync: (c) => sync.setAutoSync(c.session, c.input),
    preview: (c) => sync.preview(c.session, c.input),
    manualSync: (c) => sync.manualSync(c.session, c.input),
    failures: (c) => sync.searchLog(c.session, { ...c.input, status: 'FAILURE' }),
    retry: (c) => sync.retry(c.session, c.input),
    log: (c) => sync.searchLog(c.session, c.input),
  });
}
