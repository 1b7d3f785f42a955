// The guides area's calls, from the route catalogue: the home checklist, the help centre (signed
// out and the root account's editing), buyer SMS, and the user guidance config (accounts area).
import {
  AccessCalls,
  BuyerSmsCalls,
  ManualCalls,
  OpenManualCalls,
  SessionCalls,
  SetupChecklistCalls,
  USERCONFIG_TYPE_NOVICE_GUIDANCE,
  type CallInput,
  type ManualLang,
  type ManualSection,
} from '@openseller/core';
import { callApi } from '../../app/request';

export type SmsLogFilter = CallInput<typeof BuyerSmsCalls.searchLog>;

export const guidesApi = {
  checklist: () => callApi(SetupChecklistCalls.getSetupChecklist, undefined, { quiet: true }),
  guidance: () => callApi(SessionCalls.userConfig, { configType: USERCONFIG_TYPE_NOVICE_GUIDANCE }, { quiet: true }),
  setGuidance: (code: string, value: string) => callApi(SessionCalls.updateUserConfig, { configType: USERCONFIG_TYPE_NOVICE_GUIDANCE, code, value }, { quiet: true }),
  csToken: () => callApi(AccessCalls.csToken, undefined, { quiet: true }),

  openTree: (lang: ManualLang, section?: ManualSection) => callApi(OpenManualCalls.tree, { lang, ...(section ? { section } : {}) }),
  openGet: (id: number) => callApi(OpenManualCalls.get, { id }),
  openSearch: (lang: ManualLang, keyword: string, currentPage: number) => callApi(OpenManualCalls.search, { lang, keyword, currentPage, pageSize: 20 }),
  openFaq: (lang: ManualLang) => callApi(OpenManualCalls.faq, { lang }),

  tree: (lang: ManualLang, section: ManualSection) => callApi(ManualCalls.tree, { lang, section }),
  get: (id: number) => callApi(ManualCalls.get, { id }),
  save: (input: CallInput<typeof ManualCalls.save>) => callApi(ManualCalls.save, input, { quiet: true }),
  remove: (id: number, version: number) => callApi(ManualCalls.delete, { id, version }),
  sort: (parentId: number | null, idList: number[]) => callApi(ManualCalls.updateSort, { parentId, idList }),

  smsTemplates: () => callApi(BuyerSmsCalls.templates),
  saveSmsTemplate: (input: CallInput<typeof BuyerSmsCalls.saveTemplate>) => callApi(BuyerSmsCalls.saveTemplate, input, { quiet: true }),
  smsLog: (input: SmsLogFilter) => callApi(BuyerSmsCalls.searchLog, input),
  smsCounts: () => callApi(BuyerSmsCalls.counts),
};

export const guideKeys = {
  checklist: ['guides', 'checklist'] as const,
  guidance: ['guides', 'guidance'] as const,
  openTree: (lang: ManualLang, section?: ManualSection) => ['guides', 'open-tree', lang, section ?? 'all'] as const,
  openEntry: (id: number) => ['guides', 'open-entry', id] as const,
  openSearch: (lang: ManualLang, keyword: string, page: number) => ['guides', 'open-search', lang, keyword, page] as const,
  openFaq: (lang: ManualLang) => ['guides', 'open-faq', lang] as const,
  manuals: ['guides', 'manuals'] as const,
  tree: (lang: ManualLang, section: ManualSection) => ['guides', 'manuals', 'tree', lang, section] as const,
  sms: ['guides', 'sms'] as const,
  smsLog: (filter: SmsLogFilter) => ['guides', 'sms', 'log', filter] as const,
};

/** The manuals' language for the UI language: Chinese for zh and zh_TW, English for every other. */
export const manualLangOf = (language: string): ManualLang => (language === 'zh' || language === 'zh_TW' ? 'zh' : 'en');
