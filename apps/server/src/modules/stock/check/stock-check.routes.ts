// The stock-check calls under /myhome/invAdjust (spec 02 §7.9 names the prefix; the paths below
// it are ours, listed in README.md), from the route catalogue (StockCheckCalls). Every call needs
// MENU_INV_ADJUST. Handlers only translate.
import type { FastifyInstance } from 'fastify';
import { StockCheckCalls } from '@openseller/core';
import type { Http } from '../../../platform/http.js';
import type { StockCheckService } from './stock-check.service.js';

export function registerStockCheckRoutes(app: FastifyInstance, http: Http, service: StockCheckService): void {
  http.serve(app, StockCheckCalls, {
    create: (c) => service.create(c.session, c.input),
    search: (c) => service.search(c.session, c.input),
    get: (c) => service.get(c.session, c.input.id),
    lines: (c) => service.lines(c.session, c.input),
    count: (c) => service.count(c.session, c.input),
    differences: (c) => service.differences(c.session, c.input),
    confirm: (c) => service.confirm(c.session, c.input),
    cancel: (c) => service.cancel(c.session, c.input),
  });
}
