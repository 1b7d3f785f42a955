// Checking calls (spec 02 §7.10 /myhome/sendsoh): checkErpSoH, sendErpSoH4Check, sendErpSoH4Weigh.
// Menu MENU_ERPSO. Handlers only translate.
import { CheckOrderInput, SendForCheckInput, SendForWeighInput } from '@openseller/core';
import type { FastifyInstance } from 'fastify';
import type { Http } from '../../../platform/http.js';
import type { CheckingService } from './checking.service.js';

export function registerCheckingRoutes(app: FastifyInstance, http: Http, service: CheckingService): void {
  const access = { menu: 'MENU_ERPSO' } as const;
  http.route(app, { url: '/myhome/sendsoh/checkErpSoH', access, input: CheckOrderInput, handler: (c) => service.checkErpSoH(c.session, c.input.expressNo) });
  http.route(app, { url: '/myhome/sendsoh/sendErpSoH4Check', access, input: SendForCheckInput, handler: (c) => service.sendErpSoH4Check(c.session, c.language, c.input) });
  http.route(app, { url: '/myhome/sendsoh/sendErpSoH4Weigh', access, input: SendForWeighInput, handler: (c) => service.sendErpSoH4Weigh(c.session, c.language, c.input) });
}
