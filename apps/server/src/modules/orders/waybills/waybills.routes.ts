// Waybill calls (spec 02 §7.13) from the route catalogue (api/print.ts): accounts
// myhome/etrackaccount (WaybillAccountCalls), their shares myhome/etrackaccountshare
// (WaybillShareCalls), numbers for orders myhome/print/eTrackGetNoAndPrint and paperyPrint and the
// paper counters myhome/lastexpressno (WaybillNumberCalls). Handlers only translate.
import { WaybillAccountCalls, WaybillNumberCalls, WaybillShareCalls } from '@openseller/core';
import type { FastifyInstance } from 'fastify';
import type { Http } from '../../../platform/http.js';
import type { WaybillSharesService } from './waybill-shares.service.js';
import type { WaybillsService } from './waybills.service.js';

export function registerWaybillRoutes(app: FastifyInstance, http: Http, service: WaybillsService, shares: WaybillSharesService): void {
  http.serve(app, WaybillAccountCalls, {
    list: (c) => service.search(c.session, c.input),
    create: (c) => service.create(c.session, c.input),
    update: (c) => service.update(c.session, c.input),
    delete: (c) => service.remove(c.session, c.input.idList),
  });

  http.serve(app, WaybillShareCalls, {
    search: (c) => shares.list(c.session),
    save: (c) => shares.create(c.session, c.input),
    updateShareNumber: (c) => shares.updateNumber(c.session, c.input),
    start: (c) => shares.start(c.session, c.input.id),
    stop: (c) => shares.stop(c.session, c.input.id),
    delete: (c) => shares.remove(c.session, c.input.id),
    searchPrintLog: (c) => shares.log(c.session, c.input),
  });

  http.serve(app, WaybillNumberCalls, {
    eTrackGetNoAndPrint: (c) => service.takeWaybillNumbers(c.session, c.input.idList, c.language),
    paperyPrint: (c) => service.takePaperNumbers(c.session, c.input.idList, c.language),
    getLastNoByExpress: (c) => service.lastNo(c.session, c.input.expressCompanyCode),
    updateLastNo: (c) => service.updateLastNo(c.session, c.input),
  });
}
