// The only place that names the courier-rule paths (spec 02 §7.8 /cloud/core/expressRule,
// /myhome/expressCompany/expressProhibited; §7.6 /myhome/address).
import type {
  ExpressRulePriority,
  ExpressRuleRow,
  ExpressRuleType,
  PageResult,
  StopTemplateCreateInput,
  StopTemplateRow,
  StopTemplateSearchInput,
  StopTemplateUpdateInput,
  UpdateExpressRuleListInput,
  UpdateExpressRulePriorityInput,
} from '@openseller/core';
import { AddressCalls } from '@openseller/core';
import { callApi, request, type RequestOptions } from '../../../app/request';

const quiet: RequestOptions = { quiet: true };
const R = '/cloud/core/expressRule';
const S = '/myhome/expressCompany/expressProhibited';

export const courierRulesApi = {
  list: (type: ExpressRuleType) => request<ExpressRuleRow[]>(`${R}/getExpressRuleList`, { type }, quiet),
  saveList: (input: UpdateExpressRuleListInput) => request<ExpressRuleRow[]>(`${R}/updateExpressRuleList`, input, quiet),
  remove: (idList: number[]) => request<{ deleted: number }>(`${R}/deleteExpressRuleList`, { idList }, quiet),
  priority: () => request<ExpressRulePriority>(`${R}/getExpressRulePriorityList`, {}, quiet),
  savePriority: (input: UpdateExpressRulePriorityInput) => request<ExpressRulePriority>(`${R}/updateExpressRulePriorityList`, input, quiet),
};

export const stopTemplatesApi = {
  search: (input: Partial<StopTemplateSearchInput>) => request<PageResult<StopTemplateRow>>(`${S}/search`, input, quiet),
  get: (id: number) => request<StopTemplateRow>(`${S}/get`, { id }, quiet),
  create: (input: StopTemplateCreateInput) => request<StopTemplateRow>(`${S}/create`, input, quiet),
  update: (input: StopTemplateUpdateInput) => request<StopTemplateRow>(`${S}/update`, input, quiet),
  remove: (idList: number[]) => request<{ deleted: number }>(`${S}/delete`, { idList }, quiet),
};

export const addressApi = {
  tree: () => callApi(AddressCalls.findAllAddressTree, undefined, quiet),
  analyse: (text: string) => callApi(AddressCalls.addressAnalysis, { text }, quiet),
};
