// The express area: the carriers a domain ships with (spec 02 §3.6, §7.8).
import type { Language } from '@openseller/core';
import type { Tx } from '../../db/client.js';
import type { AreaModule } from '../../platform/module.js';
import { registerExpressMessages } from './express.messages.js';
import { registerExpressRoutes } from './express.routes.js';
import { chosenRows, createExpressService, toUserExpressCompanyRow } from './express.service.js';

export { EXPRESS_COMPANY_REFERENCES, type ExpressReferenceChecker } from './express.service.js';

/** What other areas get from ctx.registry.get('express'). */
export interface ExpressRegistryService {
  /** The domain's carriers, in their order (names in the given language, Chinese by default). */
  chosenCompanies(domainId: number, language?: Language, tx?: Tx): Promise<ReturnType<typeof toUserExpressCompanyRow>[]>;
  /** The domain's carriers of these ids or codes; unknown ones are left out. */
  findChosen(domainId: number, filter: { ids?: number[]; codes?: string[] }, language?: Language, tx?: Tx): Promise<ReturnType<typeof toUserExpressCompanyRow>[]>;
}

export const registerExpressModule: AreaModule = (ctx) => {
  registerExpressMessages();
  const db = ctx.database.db;
  const service = createExpressService({ database: ctx.database, registry: ctx.registry, ...(ctx.now ? { now: ctx.now } : {}) });
  registerExpressRoutes(ctx.app, ctx.http, service);
  const registryService: ExpressRegistryService = {
    chosenCompanies: async (domainId, language = 'zh', tx = db) => (await chosenRows(tx, domainId)).map((r) => toUserExpressCompanyRow(r, language)),
    findChosen: async (domainId, filter, language = 'zh', tx = db) => (await chosenRows(tx, domainId, filter)).map((r) => toUserExpressCompanyRow(r, language)),
  };
  ctx.registry.provide('express', registryService);
};
