// Checking calls (spec 02 §7.10 /myhome/sendsoh): checkErpSoH, sendErpSoH4Check, sendErpSoH4Weigh,
// from the route catalogue (OrderCheckingCalls). Menu MENU_ERPSO. Handlers only translate.
import { OrderCheckingCalls } from '@openseller/core';
import type { FastifyInstance } from 'fastify';
import type { Http } from '../../../platform/http.js';
import type { CheckingService } from './checking.service.js';

export function registerCheckingRoutes(app: FastifyInstance, http: Http, service: CheckingService): void {
  http.serve(app, OrderCheckingCalls, {
    checkErpSoH: (c) => service.checkErpSoH(c.session, c.input.expressNo),
    sendErpSoH4Check: (c) => service.sendErpSoH4Check(c.session, c.language, c.input),
    sendErpSoH4Weigh: (c) => service.sendErpSoH4Weigh(c.session, c.language, c.input),
  });
}
