// The spec's paths of the express companies (spec 02 §7.8): /myhome/expressCompany, from the route
// catalogue (ExpressCompanyCalls). Handlers only translate.
import type { FastifyInstance } from 'fastify';
import { ExpressCompanyCalls } from '@openseller/core';
import type { Http } from '../../platform/http.js';
import type { ExpressService } from './express.service.js';

/** Pages of other areas offer the domain's carriers; the list lives with the calls in core. */
export { EXPRESS_READERS } from '@openseller/core';

export function registerExpressRoutes(app: FastifyInstance, http: Http, service: ExpressService): void {
  http.serve(app, ExpressCompanyCalls, {
    userCompanies: (c) => service.userCompanies(c.session, c.language),
    userCompaniesWithNull: (c) => service.userCompaniesWithNull(c.session, c.language),
    systemCompanies: (c) => service.systemCompanies(c.session, c.language),
    add: (c) => service.add(c.session, c.input.codes, c.language),
    remove: (c) => service.remove(c.session, c.input.idList),
    update: (c) => service.update(c.session, c.input, c.language),
    splitRule: (c) => service.splitRule(c.session, c.input.codes, c.language),
  });
}
