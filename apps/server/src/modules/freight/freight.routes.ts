// The spec's paths of freight templates and express reconciliation (spec 02 §7.12, 03-calls.md),
// the calls the spec does not name, and the third-party warehouse express setup. Handlers only translate.
import type { FastifyInstance } from 'fastify';
import { ExpressReconciliationCalls, FreightTemplateCalls, WhExpressCalls } from '@openseller/core';
import type { Http } from '../../platform/http.js';
import type { FreightService } from './freight.service.js';

export function registerFreightRoutes(app: FastifyInstance, http: Http, service: FreightService): void {
  http.serve(app, FreightTemplateCalls, {
    search: (c) => service.searchTemplates(c.domainId, c.input),
    check: (c) => service.checkTemplate(c.domainId, c.input, c.language),
    create: (c) => service.createTemplate(c.domainId, c.actor, c.input, c.language),
    update: (c) => service.updateTemplate(c.domainId, c.actor, c.input, c.language),
    delete: (c) => service.deleteTemplates(c.domainId, c.actor, c.input.idList),
    enable: (c) => service.enableTemplate(c.domainId, c.actor, c.input, c.language),
    parcelCosts: (c) => service.parcelCosts(c.domainId, c.input),
  });
  http.serve(app, ExpressReconciliationCalls, {
    search: (c) => service.searchReconciliations(c.domainId, c.input),
    check: (c) => service.checkReconciliation(c.domainId, c.input, c.language),
    create: (c) => service.createReconciliation(c.domainId, c.actor, c.input, c.language),
    update: (c) => service.updateReconciliation(c.domainId, c.actor, c.input, c.language),
    delete: (c) => service.deleteReconciliations(c.domainId, c.actor, c.input.idList),
    enable: (c) => service.enableReconciliation(c.domainId, c.actor, c.input),
    billLines: (c) => service.billLines(c.domainId, c.input),
    billSummary: (c) => service.billSummary(c.domainId, c.input.month),
    rematch: (c) => service.rematch(c.domainId),
  });
  http.serve(app, WhExpressCalls, {
    search: (c) => service.whExpressList(c.domainId),
    save: (c) => service.saveWhExpress(c.domainId, c.actor, c.input),
  });
}
