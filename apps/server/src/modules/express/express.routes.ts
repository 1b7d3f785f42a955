// The spec's paths of the express companies (spec 02 §7.8): /myhome/expressCompany.
import type { FastifyInstance } from 'fastify';
import { AddUserExpressCompanyInput, RemoveUserExpressCompanyInput, UpdateUserExpressCompanyInput } from '@openseller/core';
import type { Http } from '../../platform/http.js';
import type { ExpressService } from './express.service.js';

const MANAGE = { menu: 'MENU_ETRACK_ACCOUNT' } as const;

/** Pages of other areas offer the domain's carriers (orders, rules, printing, after-sales, stock). */
export const EXPRESS_READERS = {
  menu: [
    'MENU_ETRACK_ACCOUNT',
    'MENU_ERPSO',
    'MENU_ERPSO_CREATE',
    'MENU_EXPRESS_RULE',
    'MENU_PRINT_TEMPLATE',
    'MENU_WH_EXPRESS',
    'MENU_EXPRESS_RECONCILIATION',
    'MENU_EXPRESS_STOP',
    'MENU_FREIGHT_TEMPLATE',
    'MENU_AFTER_SALES',
    'MENU_RMA_MANAGE',
    'MENU_INV',
    'MENU_WDO_CREATE',
    'MENU_STORE',
    'MENU_REPORT',
  ],
} as const;

export function registerExpressRoutes(app: FastifyInstance, http: Http, service: ExpressService): void {
  const base = '/myhome/expressCompany';
  http.route(app, { url: `${base}/getAllUserExpressCompany`, access: EXPRESS_READERS, handler: (c) => service.userCompanies(c.session, c.language) });
  http.route(app, { url: `${base}/getAllUserExpressCompanyWithNull`, access: EXPRESS_READERS, handler: (c) => service.userCompaniesWithNull(c.session, c.language) });
  http.route(app, { url: `${base}/getAllSystemExpressCompany`, access: EXPRESS_READERS, handler: (c) => service.systemCompanies(c.session, c.language) });
  http.route(app, {
    url: `${base}/addUserExpressCompany`,
    access: MANAGE,
    input: AddUserExpressCompanyInput,
    handler: (c) => service.add(c.session, c.input.codes, c.language),
  });
  http.route(app, {
    url: `${base}/removeUserExpressCompany`,
    access: MANAGE,
    input: RemoveUserExpressCompanyInput,
    handler: (c) => service.remove(c.session, c.input.idList),
  });
  http.route(app, {
    url: `${base}/updateUserExpressCompany`,
    access: MANAGE,
    input: UpdateUserExpressCompanyInput,
    handler: (c) => service.update(c.session, c.input, c.language),
  });
}
