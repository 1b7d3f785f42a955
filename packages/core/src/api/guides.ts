// The first-run checklist, the help centre's manuals and buyer SMS (issue 17). The spec names the
// unauthenticated /open/manual/tree; the other paths are chosen and listed in
// apps/server/src/modules/guides/README.md.
import { z } from 'zod';
import {
  BuyerSmsCounts,
  BuyerSmsLogRow,
  BuyerSmsLogSearchInput,
  BuyerSmsTemplate,
  BuyerSmsTemplateSaveInput,
  ManualDeleteInput,
  ManualDetail,
  ManualFaqInput,
  ManualIdInput,
  ManualNode,
  ManualSaveInput,
  ManualSearchInput,
  ManualSearchRow,
  ManualSortInput,
  ManualTreeInput,
  SetupChecklist,
} from '../contracts/guides.js';
import { NoAnswer, pageOf, post, voListOf } from './define.js';

/** The home page's first-run checklist, computed from the domain's data. */
export const SetupChecklistCalls = {
  getSetupChecklist: post('/myhome/homepage/getSetupChecklist', 'session', undefined, SetupChecklist),
} as const;

const OPEN = '/open/manual';
const MANUAL = '/cloud/core/manual';

/** The help centre for anyone, signed in or not: enabled entries only. */
export const OpenManualCalls = {
  tree: post(`${OPEN}/tree`, 'public', ManualTreeInput, z.array(ManualNode)),
  get: post(`${OPEN}/get`, 'public', ManualIdInput, ManualDetail),
  search: post(`${OPEN}/searchHelp`, 'public', ManualSearchInput, pageOf(ManualSearchRow)),
  faq: post(`${OPEN}/faq`, 'public', ManualFaqInput, voListOf(ManualDetail)),
} as const;

/** The root account edits the help centre. */
export const ManualCalls = {
  tree: post(`${MANUAL}/tree`, 'root', ManualTreeInput, z.array(ManualNode)),
  get: post(`${MANUAL}/get`, 'root', ManualIdInput, ManualDetail),
  save: post(`${MANUAL}/save`, 'root', ManualSaveInput, ManualDetail),
  delete: post(`${MANUAL}/delete`, 'root', ManualDeleteInput, NoAnswer),
  updateSort: post(`${MANUAL}/updateSort`, 'root', ManualSortInput, NoAnswer),
} as const;

/** Buyer notifications by SMS: main accounts only (spec 01 §6). */
export const BuyerSmsCalls = {
  templates: post('/cloud/core/smsTemplate/list', 'main', undefined, voListOf(BuyerSmsTemplate)),
  saveTemplate: post('/cloud/core/smsTemplate/save', 'main', BuyerSmsTemplateSaveInput, BuyerSmsTemplate),
  searchLog: post('/cloud/core/smsLog/searchPageList', 'main', BuyerSmsLogSearchInput, pageOf(BuyerSmsLogRow)),
  counts: post('/cloud/core/smsLog/counts', 'main', undefined, BuyerSmsCounts),
} as const;

export const GUIDES_CALL_MAPS = { setupChecklist: SetupChecklistCalls, openManual: OpenManualCalls, manual: ManualCalls, buyerSms: BuyerSmsCalls };
