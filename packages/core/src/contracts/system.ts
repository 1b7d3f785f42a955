import { z } from 'zod';
import { DOMAIN_LEVELS, type DomainLevel } from '../catalogues/levels.js';
import { DateTimeText, Id, PageQuery, Version } from './common.js';

/** The home counters of spec 01 §3 (all default 0). */
export interface HomePageData {
  countDaysLE1: number;
  countbelowWarning: number;
  noTbSpuCount: number;
  countOrderSynFailed: number;
  countSyncException: number;
  countFeedbackFailed: number;
  countNoVerify: number;
  countToPrintExp: number;
  countToSend: number;
  countToSend4Wms: number;
  asnHeaderCount: number;
  rmaCount: number;
  wdoHeaderCount: number;
  whbelowWarning: { whId: number; whName: string; count: number }[];
}

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

export interface SiteInfo {
  siteTitle: string;
  version: string;
}

export const DomainSearchInput = PageQuery.extend({
  keyword: z.string().trim().max(100).optional(),
  level: z.enum(DOMAIN_LEVELS).optional(),
});
export type DomainSearchInput = z.infer<typeof DomainSearchInput>;

export interface DomainRow {
  id: number;
  version: number;
  domainCode: string;
  name: string;
  level: DomainLevel;
  trialLevel: DomainLevel | null;
  trialExpireTime: string | null;
  expireTime: string | null;
  byStore: boolean;
  extraMenus: string[];
  mainLoginName: string | null;
  userCount: number;
  createdAt: string;
}

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

export interface SmsOutboxRow {
  id: number;
  mobile: string;
  purpose: string;
  content: string;
  sender: string;
  createdAt: string;
}
