// Courier-rule calls (spec 02 §7.8: /cloud/core/expressRule, menu MENU_EXPRESS_RULE), stop-shipping
// templates (/myhome/expressCompany/expressProhibited, menu MENU_EXPRESS_STOP) and the address
// calls (§7.6: /myhome/address, any signed-in account).
import type { FastifyInstance } from 'fastify';
import {
  AddressCalls,
  DeleteExpressRuleListInput,
  ExpressRuleListQuery,
  IdInput,
  IdListInput,
  parseAddress,
  REGIONS,
  regionTree,
  StopTemplateCreateInput,
  StopTemplateSearchInput,
  StopTemplateUpdateInput,
  UpdateExpressRuleListInput,
  UpdateExpressRulePriorityInput,
  type AddressSearchHit,
} from '@openseller/core';
import type { Http } from '../../../platform/http.js';
import type { CourierRulesAreaService } from './courier-rules.service.js';

export const EXPRESS_RULE_ACCESS = { menu: 'MENU_EXPRESS_RULE' } as const;
export const EXPRESS_STOP_ACCESS = { menu: 'MENU_EXPRESS_STOP' } as const;

export function registerCourierRuleRoutes(app: FastifyInstance, http: Http, service: CourierRulesAreaService): void {
  const rule = '/cloud/core/expressRule';
  // getExpressRuleList?type=… : the query string (GET, as the spec writes it) or a POST body.
  http.route(app, { method: 'GET', url: `${rule}/getExpressRuleList`, access: EXPRESS_RULE_ACCESS, input: ExpressRuleListQuery, handler: (c) => service.ruleList(c.session, c.input.type) });
  http.route(app, {
    url: `${rule}/getExpressRuleList`,
    access: EXPRESS_RULE_ACCESS,
    input: ExpressRuleListQuery,
    inputFrom: 'body',
    handler: (c) => service.ruleList(c.session, c.input.type),
  });
  http.route(app, { url: `${rule}/updateExpressRuleList`, access: EXPRESS_RULE_ACCESS, input: UpdateExpressRuleListInput, handler: (c) => service.updateRuleList(c.session, c.input) });
  http.route(app, { url: `${rule}/deleteExpressRuleList`, access: EXPRESS_RULE_ACCESS, input: DeleteExpressRuleListInput, handler: (c) => service.deleteRules(c.session, c.input.idList) });
  http.route(app, { method: 'GET', url: `${rule}/getExpressRulePriorityList`, access: EXPRESS_RULE_ACCESS, handler: (c) => service.priority(c.session) });
  http.route(app, { url: `${rule}/getExpressRulePriorityList`, access: EXPRESS_RULE_ACCESS, handler: (c) => service.priority(c.session) });
  http.route(app, { url: `${rule}/updateExpressRulePriorityList`, access: EXPRESS_RULE_ACCESS, input: UpdateExpressRulePriorityInput, handler: (c) => service.updatePriority(c.session, c.input) });

  const stop = '/myhome/expressCompany/expressProhibited';
  http.route(app, { url: `${stop}/search`, access: EXPRESS_STOP_ACCESS, input: StopTemplateSearchInput, handler: (c) => service.searchStops(c.session, c.input, c.language) });
  http.route(app, { url: `${stop}/get`, access: EXPRESS_STOP_ACCESS, input: IdInput, handler: (c) => service.getStop(c.session, c.input.id, c.language) });
  http.route(app, { url: `${stop}/create`, access: EXPRESS_STOP_ACCESS, input: StopTemplateCreateInput, handler: (c) => service.createStop(c.session, c.input, c.language) });
  http.route(app, { url: `${stop}/update`, access: EXPRESS_STOP_ACCESS, input: StopTemplateUpdateInput, handler: (c) => service.updateStop(c.session, c.input, c.language) });
  http.route(app, { url: `${stop}/delete`, access: EXPRESS_STOP_ACCESS, input: IdListInput, handler: (c) => service.deleteStops(c.session, c.input.idList) });

  // The address calls, from the route catalogue (AddressCalls).
  http.serve(app, AddressCalls, {
    searchAddress: (c) => searchAddress(c.input.keyword),
    addressAnalysis: (c) => parseAddress(c.input.text),
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
