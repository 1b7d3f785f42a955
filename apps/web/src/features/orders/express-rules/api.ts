// The express-rule calls (spec 02 §7.8 /cloud/core/expressRule,
// /myhome/expressCompany/expressProhibited; §7.6 /myhome/address), from the route catalogue
// (api/print.ts ExpressRuleCalls, StopTemplateCalls, AddressCalls).
import { AddressCalls, ExpressRuleCalls, StopTemplateCalls, type CallInput, type ExpressRuleType } from '@openseller/core';
import { callApi, type RequestOptions } from '../../../app/request';

const quiet: RequestOptions = { quiet: true };

/** What a stop-template search sends. */
export type StopTemplateFilter = CallInput<typeof StopTemplateCalls.search>;

export const expressRulesApi = {
  /** getExpressRuleList?type=… (the type goes in the query string). */
  list: (type: ExpressRuleType) => callApi(ExpressRuleCalls.getExpressRuleList, { type }, quiet),
  saveList: (input: CallInput<typeof ExpressRuleCalls.updateExpressRuleList>) => callApi(ExpressRuleCalls.updateExpressRuleList, input, quiet),
  remove: (idList: number[]) => callApi(ExpressRuleCalls.deleteExpressRuleList, { idList }, quiet),
  priority: () => callApi(ExpressRuleCalls.getExpressRulePriorityList, undefined, quiet),
  savePriority: (input: CallInput<typeof ExpressRuleCalls.updateExpressRulePriorityList>) => callApi(ExpressRuleCalls.updateExpressRulePriorityList, input, quiet),
};

export const stopTemplatesApi = {
  search: (input: StopTemplateFilter) => callApi(StopTemplateCalls.search, input, quiet),
  get: (id: number) => callApi(StopTemplateCalls.get, { id }, quiet),
  create: (input: CallInput<typeof StopTemplateCalls.create>) => callApi(StopTemplateCalls.create, input, quiet),
  update: (input: CallInput<typeof StopTemplateCalls.update>) => callApi(StopTemplateCalls.update, input, quiet),
  remove: (idList: number[]) => callApi(StopTemplateCalls.delete, { idList }, quiet),
};

export const addressApi = {
  tree: () => callApi(AddressCalls.findAllAddressTree, undefined, quiet),
  analyse: (text: string) => callApi(AddressCalls.addressAnalysis, { text }, quiet),
};
