// The spec's sysconfig calls (spec 02 §7.14: /cloud/core/sysconfig), from the route catalogue
// (SysConfigCalls): the business rule configuration (spec 01 §2.2 /config/configuration,
// MENU_USER_CONFIG). getUserDomainConfig, which every signed-in page reads, hands the raw items to
// the readers; these answer the known items with defaults and save them.
import type { FastifyInstance } from 'fastify';
import { SysConfigCalls, sysConfigItems } from '@openseller/core';
import type { Http } from '../../platform/http.js';
import type { SettingsService } from './settings.service.js';

export function registerSettingsRoutes(app: FastifyInstance, http: Http, service: SettingsService): void {
  http.serve(app, SysConfigCalls, {
    getConfigByCode: (c) => service.get(c.session, sysConfigItems(c.input.code) ?? []),
    updateSysConfig: (c) => service.save(c.session, c.input),
    updateSysConfigByJSON: (c) => service.save(c.session, { items: c.input.value }),
    updateOverTimeWaringSysConfig: (c) => service.save(c.session, c.input),
    updatePrintConfig: (c) => service.save(c.session, c.input),
  });
}
