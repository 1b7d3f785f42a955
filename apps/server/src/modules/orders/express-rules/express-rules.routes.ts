// Express-rule calls (spec 02 §7.8: /cloud/core/expressRule, menu MENU_EXPRESS_RULE), stop-shipping
// templates (/myhome/expressCompany/expressProhibited, menu MENU_EXPRESS_STOP) and the address
// calls (§7.6: /myhome/address, any signed-in account), from the route catalogue (api/print.ts).
import type { FastifyInstance } from 'fastify';
import { AddressCalls, ExpressRuleCalls, parseContactAddress, REGIONS, regionTree, StopTemplateCalls, type AddressSearchHit } from '@openseller/core';
import type { Http } from '../../../platform/http.js';
import type { ExpressRulesAreaService } from './express-rules.service.js';

export function registerExpressRuleRoutes(app: FastifyInstance, http: Http, service: ExpressRulesAreaService): void {
  http.serve(app, ExpressRuleCalls, {
    getExpressRuleList: (c) => service.ruleList(c.session, c.input.type),
    getExpressRuleListByGet: (c) => service.ruleList(c.session, c.input.type),
    updateExpressRuleList: (c) => service.updateRuleList(c.session, c.input),
    deleteExpressRuleList: (c) => service.deleteRules(c.session, c.input.idList),
    getExpressRulePriorityList: (c) => service.priority(c.session),
    getExpressRulePriorityListByGet: (c) => service.priority(c.session),
    updateExpressRulePriorityList: (c) => service.updatePriority(c.session, c.input),
  });

  http.serve(app, StopTemplateCalls, {
    search: (c) => service.searchStops(c.session, c.input, c.language),
    get: (c) => service.getStop(c.session, c.input.id, c.language),
    create: (c) => service.createStop(c.session, c.input, c.language),
    update: (c) => service.updateStop(c.session, c.input, c.language),
    delete: (c) => service.deleteStops(c.session, c.input.idList),
  });

  http.serve(app, AddressCalls, {
    searchAddress: (c) => searchAddress(c.input.keyword),
    addressAnalysis: (c) => parseContactAddress(c.input.text),
    searchAddressAsTree: () => regionTree(),
    findAllAddressTree: () => regionTree(),
  });
}

/** Provinces and cities whose name (Chinese or English) contains the keyword, at most 50. */
function searchAddress(keyword: string): AddressSearchHit[] {
  const k = keyword.replace(/\s+/g, '').toLowerCase();
  const hits: AddressSearchHit[] = [];
  for (const p of REGIONS) {
    if (p.name.includes(k) || p.nameEn.toLowerCase().includes(k)) hits.push({ province: p.name, city: null, label: p.name });
    for (const city of p.cities) if (city.name.includes(k) && city.name !== p.name) hits.push({ province: p.name, city: city.name, label: `${p.name} ${city.name}` });
  }
  return hits.slice(0, 50);
}
