// Order-list calls under /myhome/erpsoh (spec 02 §7.10; the page /order, menu MENU_ERPSO), from
// the route catalogue (OrderListCalls). Handlers only translate.
import type { FastifyInstance } from 'fastify';
import { OrderListCalls } from '@openseller/core';
import type { Http } from '../../../platform/http.js';
import type { OrderListService } from './list.service.js';

export const ORDER_LIST_ACCESS = OrderListCalls.search.access;

export function registerOrderListRoutes(app: FastifyInstance, http: Http, service: OrderListService): void {
  http.serve(app, OrderListCalls, {
    search: (c) => service.search(c.session, c.input),
    counts: (c) => service.counts(c.session, c.input),
    get: (c) => service.get(c.session, c.input.id),
    mergeFlags: async (c) => ({ voList: await service.mergeFlags(c.session, c.input.idList) }),
    stockOutFlags: async (c) => ({ voList: await service.stockOutFlags(c.session, c.input.idList) }),
    createSearchTab: (c) => service.createSearchTab(c.session, c.input),
    deleteSearchTab: async (c) => {
      await service.deleteSearchTab(c.session, c.input.id);
      return null;
    },
    searchTabs: (c) => service.searchTabs(c.session),
    reorderSearchTabs: (c) => service.reorderSearchTabs(c.session, c.input.idList),
  });
}
