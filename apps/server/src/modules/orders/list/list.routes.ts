// Order-list calls under /myhome/erpsoh (spec 02 §7.10; the page /order, menu MENU_ERPSO).
import type { FastifyInstance } from 'fastify';
import { IdInput, OrderIdList, OrderSearchFilters, OrderSearchInput, OrderSearchTabCreateInput, OrderSearchTabIndexInput } from '@openseller/core';
import { z } from 'zod';
import type { Http } from '../../../platform/http.js';
import type { OrderListService } from './list.service.js';

export const ORDER_LIST_ACCESS = { menu: 'MENU_ERPSO' } as const;

export function registerOrderListRoutes(app: FastifyInstance, http: Http, service: OrderListService): void {
  const base = '/myhome/erpsoh';
  const access = ORDER_LIST_ACCESS;
  http.route(app, { url: `${base}/searchErpSoHPageList`, access, input: OrderSearchInput, handler: (c) => service.search(c.session, c.input) });
  http.route(app, { url: `${base}/searchCount`, access, input: OrderSearchFilters, handler: (c) => service.counts(c.session, c.input) });
  http.route(app, { url: `${base}/getErpSoH`, access, input: IdInput, handler: (c) => service.get(c.session, c.input.id) });
  http.route(app, { url: `${base}/getMergeFlagByIdList`, access, input: OrderIdList, handler: (c) => service.mergeFlags(c.session, c.input.idList) });
  http.route(app, { url: `${base}/returnStockOutErpSohId`, access, input: OrderIdList, handler: (c) => service.stockOutFlags(c.session, c.input.idList) });
  http.route(app, { url: `${base}/createSoHSearchTab`, access, input: OrderSearchTabCreateInput, handler: (c) => service.createSearchTab(c.session, c.input) });
  http.route(app, { url: `${base}/deleteSearchTab`, access, input: IdInput, handler: (c) => service.deleteSearchTab(c.session, c.input.id) });
  http.route(app, { url: `${base}/getSearchTab`, access, input: z.object({}).passthrough(), handler: (c) => service.searchTabs(c.session) });
  http.route(app, { url: `${base}/updateSearchTabIndex`, access, input: OrderSearchTabIndexInput, handler: (c) => service.reorderSearchTabs(c.session, c.input.idList) });
}
