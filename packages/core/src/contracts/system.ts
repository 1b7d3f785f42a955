import { z } from 'zod';
import { DOMAIN_LEVELS } from '../catalogues/levels.js';
import { DomainBasics } from './accounts.js';
import { DateTimeText, Id, PageQuery, Version } from './common.js';

/** The home counters of spec 01 §3 (all default 0). */
const Count = z.number().int().nonnegative();
export const HomePageData = z.object({
  countDaysLE1: Count,
  countbelowWarning: Count,
  noTbSpuCount: Count,
  countOrderSynFailed: Count,
  countSyncException: Count,
  countFeedbackFailed: Count,
  countNoVerify: Count,
  countToPrintExp: Count,
  countToSend: Count,
  countToSend4Wms: Count,
  asnHeaderCount: Count,
  rmaCount: Count,
  wdoHeaderCount: Count,
  whbelowWarning: z.array(z.object({ whId: z.number().int(), whName: z.string(), count: Count })),
});
export type HomePageData = z.infer<typeof HomePageData>;

export const EMPTY_HOME_PAGE_DATA: HomePageData = {
  countDaysLE1: 0,
  countbelowWarning: 0,
  noTbSpuCount: 0,
  countOrderSynFailed: 0,
  countSyncException: 0,
  countFeedbackFailed: 0,
  countNoVerify: 0,
  countToPrintExp: 0,
  countToSend: 0,
  countToSend4Wms: 0,
  asnHeaderCount: 0,
  rmaCount: 0,
  wdoHeaderCount: 0,
  whbelowWarning: [],
};

export const SiteInfo = z.object({ siteTitle: z.string(), version: z.string() });
export type SiteInfo = z.infer<typeof SiteInfo>;

export const DomainSearchInput = PageQuery.extend({
  keyword: z.string().trim().max(100).optional(),
  level: z.enum(DOMAIN_LEVELS).optional(),
});
export type DomainSearchInput = z.infer<typeof DomainSearchInput>;

export const DomainRow = DomainBasics.extend({
  id: z.number().int(),
  version: z.number().int(),
  extraMenus: z.array(z.string()),
  mainLoginName: z.string().nullable(),
  userCount: z.number().int(),
  createdAt: z.string(),
});
export type DomainRow = z.infer<typeof DomainRow>;

export const DomainUpdateInput = z.object({
  id: Id,
  version: Version,
  level: z.enum(DOMAIN_LEVELS),
  trialLevel: z.enum(DOMAIN_LEVELS).nullable().optional(),
  trialExpireTime: DateTimeText.nullable().optional(),
  expireTime: DateTimeText.nullable().optional(),
  byStore: z.boolean().default(false),
});
export type DomainUpdateInput = z.infer<typeof DomainUpdateInput>;

export const SmsOutboxSearchInput = PageQuery.extend({ mobile: z.string().trim().max(20).optional() });
export type SmsOutboxSearchInput = z.infer<typeof SmsOutboxSearchInput>;

export const SmsOutboxRow = z.object({
  id: z.number().int(),
  mobile: z.string(),
  purpose: z.string(),
  content: z.string(),
  sender: z.string(),
  createdAt: z.string(),
});
export type SmsOutboxRow = z.infer<typeof SmsOutboxRow>;
