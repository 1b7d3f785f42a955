// Outbound-order and sales-outbound calls (spec 02 §7.9: /myhome/wdoHeader create, update,
// delete, search, sync, cancel, verify, inventory update, force cancel; /cloud/core/wdoDetail).
import type { FastifyInstance } from 'fastify';
import { IdInput, SalesOutboundSearchInput, WdoCancelInput, WdoCommandInput, WdoCreateInput, WdoDeliverInput, WdoDetailListInput, WdoForceCancelInput, WdoSearchInput, WdoUpdateInput } from '@openseller/core';
import type { Database } from '../../../db/client.js';
import type { Exports } from '../../../platform/exports.js';
import type { Http } from '../../../platform/http.js';
import { sellerDomain } from '../../warehouses/warehouses.service.js';
import type { OutboundService } from './outbound.service.js';
import { SALES_OUTBOUND_ACCESS, SALES_OUTBOUND_EXPORT, salesOutboundTitle, searchSalesOutbound } from './sales-outbound.js';

/** The list lives on /stocks (MENU_INV); the create page is /stocks/createstocksout (MENU_WDO_CREATE). */
export const WDO_READ = { menu: ['MENU_INV', 'MENU_WDO_CREATE'] } as const;
/** Writing an order: the create page's menu. */
export const WDO_WRITE = { menu: 'MENU_WDO_CREATE' } as const;
/** Working an order through its statuses: the list's menu. */
export const WDO_PROCESS = { menu: 'MENU_INV' } as const;

export function registerOutboundRoutes(app: FastifyInstance, http: Http, deps: { service: OutboundService; database: Database; exports: Exports }): void {
  const { service } = deps;
  const base = '/myhome/wdoHeader';
  http.route(app, { url: `${base}/create`, access: WDO_WRITE, input: WdoCreateInput, handler: (c) => service.create(c.session, c.input) });
  http.route(app, { url: `${base}/update`, access: WDO_WRITE, input: WdoUpdateInput, handler: (c) => service.update(c.session, c.input) });
  http.route(app, { url: `${base}/delete`, access: WDO_WRITE, input: WdoCommandInput, handler: (c) => service.remove(c.session, c.input) });
  http.route(app, { url: `${base}/search`, access: WDO_READ, input: WdoSearchInput, handler: (c) => service.search(c.session, c.input) });
  http.route(app, { url: `${base}/get`, access: WDO_READ, input: IdInput, handler: (c) => service.get(c.session, c.input.id) });
  http.route(app, { url: `${base}/verify`, access: WDO_PROCESS, input: WdoCommandInput, handler: (c) => service.verify(c.session, c.input) });
  http.route(app, { url: `${base}/sync`, access: WDO_PROCESS, input: WdoCommandInput, handler: (c) => service.sync(c.session, c.input) });
  /** The spec's "inventory update": books the delivery. */
  http.route(app, { url: `${base}/updateInventory`, access: WDO_PROCESS, input: WdoDeliverInput, handler: (c) => service.deliver(c.session, c.input) });
  http.route(app, { url: `${base}/cancel`, access: WDO_PROCESS, input: WdoCancelInput, handler: (c) => service.cancel(c.session, c.input) });
  http.route(app, { url: `${base}/forceCancel`, access: WDO_PROCESS, input: WdoForceCancelInput, handler: (c) => service.forceCancel(c.session, c.input) });
  http.route(app, { url: '/cloud/core/wdoDetail/list', access: WDO_READ, input: WdoDetailListInput, handler: (c) => service.details(c.session, c.input.wdoId) });

  http.route(app, {
    url: '/myhome/salesOutbound/search',
    access: SALES_OUTBOUND_ACCESS,
    input: SalesOutboundSearchInput,
    handler: (c) => searchSalesOutbound(deps.database.db, sellerDomain(c.session), c.input),
  });
  http.route(app, {
    url: '/myhome/salesOutbound/export',
    access: SALES_OUTBOUND_ACCESS,
    input: SalesOutboundSearchInput,
    handler: (c) => {
      const { currentPage: _page, pageSize: _size, ...filter } = c.input;
      return deps.exports.request(c.session, { type: SALES_OUTBOUND_EXPORT, title: salesOutboundTitle(c.language), params: filter as Record<string, unknown>, language: c.language });
    },
  });
}
