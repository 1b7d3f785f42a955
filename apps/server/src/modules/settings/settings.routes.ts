// The business rule configuration calls (spec 01 §2.2 /config/configuration, MENU_USER_CONFIG).
// The spec does not name them; they sit beside getUserDomainConfig, which every signed-in page
// reads (the raw items), while these answer the known items with defaults and save them.
import type { FastifyInstance } from 'fastify';
import { DomainSettingsSaveInput } from '@openseller/core';
import type { Http } from '../../platform/http.js';
import type { SettingsService } from './settings.service.js';

const CONFIGURE = { menu: 'MENU_USER_CONFIG' } as const;

export function registerSettingsRoutes(app: FastifyInstance, http: Http, service: SettingsService): void {
  const base = '/cloud/domain/domain';
  http.route(app, { url: `${base}/getDomainSettings`, access: CONFIGURE, handler: (c) => service.get(c.session) });
  http.route(app, { url: `${base}/saveDomainSettings`, access: CONFIGURE, input: DomainSettingsSaveInput, handler: (c) => service.save(c.session, c.input) });
}
