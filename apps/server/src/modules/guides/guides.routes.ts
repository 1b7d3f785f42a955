// The checklist, help centre and buyer SMS calls (packages/core/src/api/guides.ts). Handlers only translate.
import type { FastifyInstance } from 'fastify';
import { BuyerSmsCalls, ManualCalls, OpenManualCalls, SetupChecklistCalls } from '@openseller/core';
import type { Http } from '../../platform/http.js';
import type { BuyerSmsService } from './buyer-sms.service.js';
import type { ChecklistService } from './checklist.service.js';
import type { ManualsService } from './manuals.service.js';

export function registerGuidesRoutes(app: FastifyInstance, http: Http, services: { checklist: ChecklistService; manuals: ManualsService; buyerSms: BuyerSmsService }): void {
  const { checklist, manuals, buyerSms } = services;
  http.serve(app, SetupChecklistCalls, {
    getSetupChecklist: (c) => checklist.checklist(c.domainId),
  });
  http.serve(app, OpenManualCalls, {
    tree: (c) => manuals.tree(c.input, false),
    get: (c) => manuals.get(c.input.id, false),
    search: (c) => manuals.search(c.input),
    faq: (c) => manuals.faq(c.input.lang),
  });
  http.serve(app, ManualCalls, {
    tree: (c) => manuals.tree(c.input, true),
    get: (c) => manuals.get(c.input.id, true),
    save: (c) => manuals.save(c.session, c.input),
    delete: async (c) => {
      await manuals.remove(c.input);
      return null;
    },
    updateSort: async (c) => {
      await manuals.updateSort(c.input);
      return null;
    },
  });
  http.serve(app, BuyerSmsCalls, {
    templates: (c) => buyerSms.templates(c.domainId),
    saveTemplate: (c) => buyerSms.saveTemplate(c.domainId, c.actor, c.input),
    searchLog: (c) => buyerSms.searchLog(c.domainId, c.input),
    counts: (c) => buyerSms.counts(c.domainId),
  });
}
