// Outbound-order and sales-outbound calls (spec 02 §7.9: /myhome/wdoHeader create, update,
// delete, search, sync, cancel, verify, inventory update, force cancel; /cloud/core/wdoDetail),
// from the route catalogue (OutboundCalls). Handlers only translate.
import type { FastifyInstance } from 'fastify';
import { OutboundCalls } from '@openseller/core';
import type { Database } from '../../../db/client.js';
import type { Exports } from '../../../platform/exports.js';
import type { Http } from '../../../platform/http.js';
import type { OutboundService } from './outbound.service.js';
import { SALES_OUTBOUND_EXPORT, salesOutboundTitle, searchSalesOutbound } from './sales-outbound.js';

export function registerOutboundRoutes(app: FastifyInstance, http: Http, deps: { service: OutboundService; database: Database; exports: Exports }): void {
  const { service } = deps;
  http.serve(app, OutboundCalls, {
    create: (c) => service.create(c.session, c.input),
    update: (c) => service.update(c.session, c.input),
    delete: (c) => service.remove(c.session, c.input),
    search: (c) => service.search(c.session, c.input),
    get: (c) => service.get(c.session, c.input.id),
    verify: (c) => service.verify(c.session, c.input),
    sync: (c) => service.sync(c.session, c.input),
    updateInventory: (c) => service.deliver(c.session, c.input),
    cancel: (c) => service.cancel(c.session, c.input),
    forceCancel: (c) => service.forceCancel(c.session, c.input),
    details: (c) => service.details(c.session, c.input.wdoId),
    salesOutbound: (c) => searchSalesOutbound(deps.database.db, c.domainId, c.input),
    exportSalesOutbound: (c) => {
      const { currentPage: _page, pageSize: _size, ...filter } = c.input;
      return deps.exports.request(c.session, { type: SALES_OUTBOUND_EXPORT, title: salesOutboundTitle(c.language), params: filter as Record<string, unknown>, language: c.language });
    },
  });
}
