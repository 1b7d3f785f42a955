// Waybill calls (spec 02 §7.13): accounts myhome/etrackaccount (menu MENU_ETRACK_ACCOUNT); numbers
// for orders myhome/erpsoh/takeWaybillNo and takePaperWaybillNo, paper counters
// myhome/lastexpressno (menu MENU_ERPSO).
import { IdListInput, WaybillShareCreate, WaybillShareIdInput, WaybillShareLogQuery, WaybillShareNumberUpdate, LastExpressNoQuery, TakeWaybillNoInput, UpdateLastExpressNoInput, WaybillAccountSave, WaybillAccountSearch, WaybillAccountUpdate } from '@openseller/core';
import type { FastifyInstance } from 'fastify';
import type { Http } from '../../../platform/http.js';
import type { WaybillSharesService } from './waybill-shares.service.js';
import type { WaybillsService } from './waybills.service.js';

export const WAYBILL_ACCOUNT_ACCESS = { menu: 'MENU_ETRACK_ACCOUNT' } as const;
export const ORDER_ACCESS = { menu: 'MENU_ERPSO' } as const;

export function registerWaybillRoutes(app: FastifyInstance, http: Http, service: WaybillsService, shares: WaybillSharesService): void {
  const acc = '/myhome/etrackaccount';
  http.route(app, { url: `${acc}/search`, access: WAYBILL_ACCOUNT_ACCESS, input: WaybillAccountSearch, handler: (c) => service.search(c.session, c.input) });
  http.route(app, { url: `${acc}/create`, access: WAYBILL_ACCOUNT_ACCESS, input: WaybillAccountSave, handler: (c) => service.create(c.session, c.input) });
  http.route(app, { url: `${acc}/update`, access: WAYBILL_ACCOUNT_ACCESS, input: WaybillAccountUpdate, handler: (c) => service.update(c.session, c.input) });
  http.route(app, { url: `${acc}/delete`, access: WAYBILL_ACCOUNT_ACCESS, input: IdListInput, handler: (c) => service.remove(c.session, c.input.idList) });

  // Shares of my accounts to other domains (spec 02 §4.2, §7.13 etrackaccountshare).
  const sh = `${acc}/share`;
  http.route(app, { url: `${sh}/create`, access: WAYBILL_ACCOUNT_ACCESS, input: WaybillShareCreate, handler: (c) => shares.create(c.session, c.input) });
  http.route(app, { url: `${sh}/updateShareNumber`, access: WAYBILL_ACCOUNT_ACCESS, input: WaybillShareNumberUpdate, handler: (c) => shares.updateNumber(c.session, c.input) });
  http.route(app, { url: `${sh}/start`, access: WAYBILL_ACCOUNT_ACCESS, input: WaybillShareIdInput, handler: (c) => shares.start(c.session, c.input.id) });
  http.route(app, { url: `${sh}/stop`, access: WAYBILL_ACCOUNT_ACCESS, input: WaybillShareIdInput, handler: (c) => shares.stop(c.session, c.input.id) });
  http.route(app, { url: `${sh}/delete`, access: WAYBILL_ACCOUNT_ACCESS, input: WaybillShareIdInput, handler: (c) => shares.remove(c.session, c.input.id) });
  http.route(app, { url: `${sh}/list`, access: WAYBILL_ACCOUNT_ACCESS, handler: (c) => shares.list(c.session) });
  http.route(app, { url: `${sh}/log`, access: WAYBILL_ACCOUNT_ACCESS, input: WaybillShareLogQuery, handler: (c) => shares.log(c.session, c.input) });

  http.route(app, { url: '/myhome/erpsoh/takeWaybillNo', access: ORDER_ACCESS, input: TakeWaybillNoInput, handler: (c) => service.takeWaybillNumbers(c.session, c.input.idList, c.language) });
  http.route(app, { url: '/myhome/erpsoh/takePaperWaybillNo', access: ORDER_ACCESS, input: TakeWaybillNoInput, handler: (c) => service.takePaperNumbers(c.session, c.input.idList, c.language) });

  const last = '/myhome/lastexpressno';
  http.route(app, { url: `${last}/getLastNoByExpress`, access: ORDER_ACCESS, input: LastExpressNoQuery, handler: (c) => service.lastNo(c.session, c.input.expressCompanyCode) });
  http.route(app, { url: `${last}/updateLastNo`, access: ORDER_ACCESS, input: UpdateLastExpressNoInput, handler: (c) => service.updateLastNo(c.session, c.input) });
}
