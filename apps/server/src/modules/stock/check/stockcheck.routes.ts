// The stock-check calls under /myhome/invAdjust (spec 02 §7.9 names the prefix; the paths
// below it are ours, listed in README.md). Every call needs MENU_INV_ADJUST. Handlers only
// translate.
import type { FastifyInstance } from 'fastify';
import {
  IdInput,
  StockCheckCommandInput,
  StockCheckCountInput,
  StockCheckCreateInput,
  StockCheckDifferencesInput,
  StockCheckLinesInput,
  StockCheckSearchInput,
} from '@openseller/core';
import type { Http } from '../../../platform/http.js';
import type { StockCheckService } from './stockcheck.service.js';

export const STOCK_CHECK_ACCESS = { menu: 'MENU_INV_ADJUST' } as const;
const P = '/myhome/invAdjust';

export function registerStockCheckRoutes(app: FastifyInstance, http: Http, service: StockCheckService): void {
  const access = STOCK_CHECK_ACCESS;
  http.route(app, { url: `${P}/create`, access, input: StockCheckCreateInput, handler: (c) => service.create(c.session, c.input) });
  http.route(app, { url: `${P}/search`, access, input: StockCheckSearchInput, handler: (c) => service.search(c.session, c.input) });
  http.route(app, { url: `${P}/get`, access, input: IdInput, handler: (c) => service.get(c.session, c.input.id) });
  http.route(app, { url: `${P}/lines`, access, input: StockCheckLinesInput, handler: (c) => service.lines(c.session, c.input) });
  http.route(app, { url: `${P}/count`, access, input: StockCheckCountInput, handler: (c) => service.count(c.session, c.input) });
  http.route(app, { url: `${P}/differences`, access, input: StockCheckDifferencesInput, handler: (c) => service.differences(c.session, c.input) });
  http.route(app, { url: `${P}/confirm`, access, input: StockCheckCommandInput, handler: (c) => service.confirm(c.session, c.input) });
  http.route(app, { url: `${P}/cancel`, access, input: StockCheckCommandInput, handler: (c) => service.cancel(c.session, c.input) });
}
