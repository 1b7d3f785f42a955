// Guides, help centre and buyer SMS (issue 17; spec 01 §2.1 /docs, §2.3 help centre, §3 user
// guidance keys, §4.9, §6 SMS entry; 03-calls 02 §7.15 manual calls and /open/manual/tree).
// The first-run checklist says what the order loop still needs; the help centre's manuals are
// platform rows written by the root account and readable signed out; buyer SMS templates are a
// main account's, and nothing reaches a buyer without one it enabled.
import { z } from 'zod';
import { DateTimeText, Id, PageQuery, Text, Version } from './common.js';

// ---- first-run checklist --------------------------------------------------------------------

/** What the order loop needs, in the order a new seller sets it up. */
export const SETUP_STEPS = ['STORE_AUTHORIZED', 'GOODS_MAPPED', 'WAREHOUSE', 'STOCK', 'EXPRESS_COMPANY', 'WAYBILL_ACCOUNT', 'COURIER_RULE'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

/** The page that fixes each step (spec 01 §2.2 routes). */
export const SETUP_STEP_PATHS: Readonly<Record<SetupStep, string>> = {
  STORE_AUTHORIZED: '/config/storemanagement',
  GOODS_MAPPED: '/goods/mapping',
  WAREHOUSE: '/config/warehouse/details',
  STOCK: '/stocks/createstocksin',
  EXPRESS_COMPANY: '/config/expressCompany',
  WAYBILL_ACCOUNT: '/config/accounts',
  COURIER_RULE: '/config/logistics-rules',
};

export const SetupChecklistItem = z.object({
  key: z.enum(SETUP_STEPS),
  done: z.boolean(),
  /** What is there: stores, mapped online SKUs, warehouses, SKUs in stock, carriers, accounts, rules. */
  count: z.number().int().nonnegative(),
  /** What still blocks the step (online SKUs waiting for mapping, stores whose authorisation expired); 0 when nothing. */
  pending: z.number().int().nonnegative(),
  path: z.string(),
});
export type SetupChecklistItem = z.infer<typeof SetupChecklistItem>;

export const SetupChecklist = z.object({
  items: z.array(SetupChecklistItem),
  doneCount: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  complete: z.boolean(),
});
export type SetupChecklist = z.infer<typeof SetupChecklist>;

// ---- help centre ------------------------------------------------------------------------------

/** The help centre's sections, one per /docs sub-route (spec 01 §2.1). */
export const MANUAL_SECTIONS = ['GETTING_STARTED', 'TUTORIAL', 'VIDEO', 'ISSUES', 'CHANGELOG'] as const;
export type ManualSection = (typeof MANUAL_SECTIONS)[number];
/** DIR groups entries; ARTICLE is a page; FAQ a question with its answer; VIDEO a video entry. */
export const MANUAL_KINDS = ['DIR', 'ARTICLE', 'FAQ', 'VIDEO'] as const;
export type ManualKind = (typeof MANUAL_KINDS)[number];
/** Manuals are written in Chinese and English; other languages read the English ones. */
export const MANUAL_LANGS = ['zh', 'en'] as const;
export type ManualLang = (typeof MANUAL_LANGS)[number];
export const MANUAL_CONTENT_MAX = 100_000;

/** A link that may be followed from the help centre: http(s) or a path of this site. */
const LinkUrl = z
  .string()
  .trim()
  .max(1000)
  .refine((v) => /^https?:\/\/[^\s]+$/i.test(v) || /^\/(?!\/)[^\s]*$/.test(v), 'Must be an http(s) address or a path starting with /');

export const ManualAttachment = z.object({ name: Text(100), url: LinkUrl });
export type ManualAttachment = z.infer<typeof ManualAttachment>;

export const ManualNode = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  section: z.enum(MANUAL_SECTIONS),
  lang: z.enum(MANUAL_LANGS),
  kind: z.enum(MANUAL_KINDS),
  title: z.string(),
  sortIndex: z.number().int(),
  enabled: z.boolean(),
  videoUrl: z.string().nullable(),
  attachmentCount: z.number().int().nonnegative(),
  updatedAt: z.string(),
  get children() {
    return z.array(ManualNode);
  },
});
export type ManualNode = z.infer<typeof ManualNode>;

export const ManualDetail = z.object({
  id: z.number().int(),
  version: z.number().int(),
  parentId: z.number().int().nullable(),
  section: z.enum(MANUAL_SECTIONS),
  lang: z.enum(MANUAL_LANGS),
  kind: z.enum(MANUAL_KINDS),
  title: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  videoUrl: z.string().nullable(),
  attachments: z.array(ManualAttachment),
  sortIndex: z.number().int(),
  enabled: z.boolean(),
  updatedAt: z.string(),
});
export type ManualDetail = z.infer<typeof ManualDetail>;

/** manual/tree: the tree of a language, optionally one section. Signed out: enabled entries only. */
export const ManualTreeInput = z.object({
  lang: z.enum(MANUAL_LANGS).default('zh'),
  section: z.enum(MANUAL_SECTIONS).optional(),
});
export type ManualTreeInput = z.infer<typeof ManualTreeInput>;

export const ManualIdInput = z.object({ id: Id });
export type ManualIdInput = z.infer<typeof ManualIdInput>;

export const ManualSearchInput = PageQuery.extend({
  lang: z.enum(MANUAL_LANGS).default('zh'),
  keyword: Text(50),
});
export type ManualSearchInput = z.infer<typeof ManualSearchInput>;

export const ManualSearchRow = z.object({
  id: z.number().int(),
  section: z.enum(MANUAL_SECTIONS),
  kind: z.enum(MANUAL_KINDS),
  title: z.string(),
  /** Plain text around the first match of the keyword. */
  excerpt: z.string(),
});
export type ManualSearchRow = z.infer<typeof ManualSearchRow>;

export const ManualFaqInput = z.object({ lang: z.enum(MANUAL_LANGS).default('zh') });
export type ManualFaqInput = z.infer<typeof ManualFaqInput>;

/** manual/save: a new entry (no id) or a change (id with the version read). */
export const ManualSaveInput = z
  .object({
    id: Id.optional(),
    version: Version.optional(),
    parentId: Id.nullable().default(null),
    section: z.enum(MANUAL_SECTIONS),
    lang: z.enum(MANUAL_LANGS),
    kind: z.enum(MANUAL_KINDS),
    title: Text(100),
    content: z.string().max(MANUAL_CONTENT_MAX).default(''),
    videoUrl: LinkUrl.nullable().default(null),
    attachments: z.array(ManualAttachment).max(20).default([]),
    enabled: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    if (v.id !== undefined && v.version === undefined) ctx.addIssue({ code: 'custom', path: ['version'], message: 'version is required to change an entry' });
    if (v.kind === 'VIDEO' && !v.videoUrl) ctx.addIssue({ code: 'custom', path: ['videoUrl'], message: 'A video entry needs its video address' });
    if ((v.kind === 'ARTICLE' || v.kind === 'FAQ') && !v.content.trim()) ctx.addIssue({ code: 'custom', path: ['content'], message: 'An article or question needs its content' });
  });
export type ManualSaveInput = z.infer<typeof ManualSaveInput>;

export const ManualDeleteInput = z.object({ id: Id, version: Version });
export type ManualDeleteInput = z.infer<typeof ManualDeleteInput>;

/** manual/updateSort: the entries under one parent (null: the top of a section and language) in their new order. */
export const ManualSortInput = z.object({
  parentId: Id.nullable(),
  idList: z
    .array(Id)
    .min(1)
    .max(500)
    .refine((l) => new Set(l).size === l.length, 'An entry appears twice'),
});
export type ManualSortInput = z.infer<typeof ManualSortInput>;

// ---- buyer SMS ----------------------------------------------------------------------------

/** The events that may send a buyer a text. */
export const BUYER_SMS_EVENTS = ['SHIPPED', 'OUT_FOR_DELIVERY', 'REFUND_DONE'] as const;
export type BuyerSmsEvent = (typeof BUYER_SMS_EVENTS)[number];

/** The variables a template may use, written {name}. */
export const BUYER_SMS_VARIABLES = ['storeName', 'receiverName', 'orderCode', 'expressCompany', 'expressNo', 'refundFee'] as const;
export type BuyerSmsVariable = (typeof BUYER_SMS_VARIABLES)[number];
/** Which variables each event can fill. */
export const BUYER_SMS_EVENT_VARIABLES: Readonly<Record<BuyerSmsEvent, readonly BuyerSmsVariable[]>> = {
  SHIPPED: ['storeName', 'receiverName', 'orderCode', 'expressCompany', 'expressNo'],
  OUT_FOR_DELIVERY: ['storeName', 'receiverName', 'orderCode', 'expressCompany', 'expressNo'],
  REFUND_DONE: ['storeName', 'receiverName', 'orderCode', 'refundFee'],
};
export const BUYER_SMS_CONTENT_MAX = 300;

export const BuyerSmsTemplate = z.object({
  /** null: never saved (the suggested text, not enabled). */
  id: z.number().int().nullable(),
  version: z.number().int(),
  event: z.enum(BUYER_SMS_EVENTS),
  content: z.string(),
  enabled: z.boolean(),
  variables: z.array(z.enum(BUYER_SMS_VARIABLES)),
  updatedAt: z.string().nullable(),
});
export type BuyerSmsTemplate = z.infer<typeof BuyerSmsTemplate>;

export const BuyerSmsTemplateSaveInput = z
  .object({
    event: z.enum(BUYER_SMS_EVENTS),
    content: Text(BUYER_SMS_CONTENT_MAX),
    enabled: z.boolean(),
    /** The version read; absent for a template never saved. */
    version: Version.optional(),
  })
  .superRefine((v, ctx) => {
    const allowed: readonly string[] = BUYER_SMS_EVENT_VARIABLES[v.event];
    for (const m of v.content.matchAll(/\{([^{}]*)\}/g)) {
      if (!allowed.includes(m[1]!)) ctx.addIssue({ code: 'custom', path: ['content'], message: `Unknown variable {${m[1]}}; this event can use ${allowed.map((a) => `{${a}}`).join(', ')}` });
    }
  });
export type BuyerSmsTemplateSaveInput = z.infer<typeof BuyerSmsTemplateSaveInput>;

export const BuyerSmsLogSearchInput = PageQuery.extend({
  event: z.enum(BUYER_SMS_EVENTS).optional(),
  mobile: z.string().trim().max(20).optional(),
  orderCode: z.string().trim().max(64).optional(),
  timeFrom: DateTimeText.optional(),
  timeTo: DateTimeText.optional(),
});
export type BuyerSmsLogSearchInput = z.infer<typeof BuyerSmsLogSearchInput>;

export const BuyerSmsLogRow = z.object({
  id: z.number().int(),
  event: z.enum(BUYER_SMS_EVENTS),
  orderId: z.number().int().nullable(),
  orderCode: z.string().nullable(),
  /** Masked: first 3 digits, stars, last 4 (spec 01 §5). */
  mobile: z.string(),
  content: z.string(),
  createdAt: z.string(),
});
export type BuyerSmsLogRow = z.infer<typeof BuyerSmsLogRow>;

export const BuyerSmsCounts = z.object({
  total: z.number().int().nonnegative(),
  today: z.number().int().nonnegative(),
  byEvent: z.array(z.object({ event: z.enum(BUYER_SMS_EVENTS), total: z.number().int().nonnegative(), today: z.number().int().nonnegative() })),
});
export type BuyerSmsCounts = z.infer<typeof BuyerSmsCounts>;

export const GuideErrors = {
  /** A manual entry placed under an entry that is not a directory, or one of another section or language. */
  MANUAL_BAD_PARENT: 'ERR_MANUAL_BAD_PARENT',
  /** A directory deleted while entries are under it. */
  MANUAL_HAS_CHILDREN: 'ERR_MANUAL_HAS_CHILDREN',
  /** updateSort with entries that are not all, and only, the entries under the parent. */
  MANUAL_SORT_MISMATCH: 'ERR_MANUAL_SORT_MISMATCH',
} as const;
