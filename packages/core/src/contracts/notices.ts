// System notices (spec 01 §3 Message and Announcement, §4.2; spec 02 §3.12, §7.15): the root
// account writes board, directional and news notices; sellers' accounts read the ones meant for
// their domain while they play.
import { z } from 'zod';
import { DOMAIN_LEVELS } from '../catalogues/levels.js';
import { DateTimeText, Id, PageQuery, parseDateTimeText, Text, Version } from './common.js';

/** BOARD and DIRECTIONAL play in the announcement modal; anything else is news (spec 01 §3). */
export const NOTICE_TYPES = ['BOARD', 'DIRECTIONAL', 'NEWS'] as const;
export type NoticeType = (typeof NOTICE_TYPES)[number];

/** ONCE: plays until the account has read it. DAILY: plays again once 24 hours have passed since it was last read. */
export const NOTICE_PLAY_FREQUENCIES = ['ONCE', 'DAILY'] as const;
export type NoticePlayFrequency = (typeof NOTICE_PLAY_FREQUENCIES)[number];

/** What the root account did with a notice: saved as a draft, published, stopped playing. */
export const NOTICE_STATUSES = ['DRAFT', 'PUBLISHED', 'STOPPED'] as const;
export type NoticeStatus = (typeof NOTICE_STATUSES)[number];

/** Where a notice is in its life, from its status and its play window (rules/notices.ts). */
export const NOTICE_PLAY_STATUSES = ['DRAFT', 'WAITING', 'PLAYING', 'ENDED', 'STOPPED'] as const;
export type NoticePlayStatus = (typeof NOTICE_PLAY_STATUSES)[number];

/** The largest notice content accepted, in characters of HTML. */
export const NOTICE_CONTENT_MAX = 100_000;
/** Spec 01 §9: the messages list is asked for with a page size of 1000. */
export const MESSAGE_PAGE_SIZE = 1000;

const NoticeContent = z.string().trim().min(1).max(NOTICE_CONTENT_MAX);

const NoticeFields = z.object({
  /** Absent: a new notice. Present: the notice to change, with the version last read. */
  id: Id.optional(),
  version: Version.optional(),
  title: Text(100),
  content: NoticeContent,
  playFrequency: z.enum(NOTICE_PLAY_FREQUENCIES).default('ONCE'),
  playStartTime: DateTimeText,
  playEndTime: DateTimeText,
  /** false: keep it as a draft (nobody sees it); true (default): publish it. */
  publish: z.boolean().default(true),
});

type WindowFields = { playStartTime: string; playEndTime: string; id?: number | undefined; version?: number | undefined };

// A play window that ends at or before its start is refused on playEndTime; a change names the
// version it read.
function checkNoticeFields(value: WindowFields, ctx: z.RefinementCtx): void {
  if (parseDateTimeText(value.playEndTime).getTime() <= parseDateTimeText(value.playStartTime).getTime()) {
    ctx.addIssue({ code: 'custom', path: ['playEndTime'], message: 'playEndTime must be after playStartTime' });
  }
  if (value.id !== undefined && value.version === undefined) ctx.addIssue({ code: 'custom', path: ['version'], message: 'version is required to change a notice' });
}

/** systemNotice/publishMessage: a board or news notice for every seller. */
export const PublishMessageInput = NoticeFields.extend({ type: z.enum(['BOARD', 'NEWS']) }).superRefine(checkNoticeFields);
export type PublishMessageInput = z.infer<typeof PublishMessageInput>;

/** systemNotice/publishDirectNotice: a notice for chosen domains and/or every domain of chosen tiers. */
export const PublishDirectNoticeInput = NoticeFields.extend({
  directDomainIds: z.array(Id).max(1000).default([]),
  directLevels: z.array(z.enum(DOMAIN_LEVELS)).max(DOMAIN_LEVELS.length).default([]),
}).superRefine((value, ctx) => {
  checkNoticeFields(value, ctx);
  if (!value.directDomainIds.length && !value.directLevels.length) {
    ctx.addIssue({ code: 'custom', path: ['directDomainIds'], message: 'choose at least one domain or tier' });
  }
});
export type PublishDirectNoticeInput = z.infer<typeof PublishDirectNoticeInput>;

export const NoticeSearchInput = PageQuery.extend({
  keyword: z.string().trim().max(100).optional(),
  type: z.enum(NOTICE_TYPES).optional(),
  playStatus: z.enum(NOTICE_PLAY_STATUSES).optional(),
});
export type NoticeSearchInput = z.infer<typeof NoticeSearchInput>;

export const NoticeVersionInput = z.object({ id: Id, version: Version });
export type NoticeVersionInput = z.infer<typeof NoticeVersionInput>;

/** systemNotice/delete takes the id in the query string (spec 02 §7.15). */
export const NoticeDeleteInput = z.object({ id: z.coerce.number().pipe(Id) });
export type NoticeDeleteInput = z.infer<typeof NoticeDeleteInput>;

export const NoticeDomainRef = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type NoticeDomainRef = z.infer<typeof NoticeDomainRef>;

/** One notice in the root account's list, with how many accounts have read it. */
export const NoticeRow = z.object({
  id: z.number().int(),
  version: z.number().int(),
  type: z.enum(NOTICE_TYPES),
  title: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  playFrequency: z.enum(NOTICE_PLAY_FREQUENCIES),
  playStartTime: z.string(),
  playEndTime: z.string(),
  status: z.enum(NOTICE_STATUSES),
  playStatus: z.enum(NOTICE_PLAY_STATUSES),
  directDomainIds: z.array(z.number().int()),
  directDomains: z.array(NoticeDomainRef),
  directLevels: z.array(z.enum(DOMAIN_LEVELS)),
  readCount: z.number().int().nonnegative(),
  createTime: z.string(),
  publishTime: z.string().nullable(),
  stopTime: z.string().nullable(),
  creatorName: z.string().nullable(),
});
export type NoticeRow = z.infer<typeof NoticeRow>;

export const NoticeContentInput = z.object({ content: z.string().max(NOTICE_CONTENT_MAX) });
export type NoticeContentInput = z.infer<typeof NoticeContentInput>;
export const NoticeContentAnswer = z.object({ content: z.string() });

/** A message as a seller's account sees it (spec 01 §3 Message, with the announcement's content). */
export const UserMessage = z.object({
  id: z.number().int(),
  title: z.string(),
  type: z.enum(NOTICE_TYPES),
  unread: z.boolean(),
  /** Sanitised HTML. */
  content: z.string(),
  playStartTime: z.string(),
  playEndTime: z.string(),
  createTime: z.string(),
});
export type UserMessage = z.infer<typeof UserMessage>;

export const UserMessageInput = z.object({
  currentPage: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(MESSAGE_PAGE_SIZE).default(MESSAGE_PAGE_SIZE),
});
export type UserMessageInput = z.infer<typeof UserMessageInput>;

/** userNotice/getUserMessage: the messages playing now, newest first, and how many are unread. */
export const UserMessagePage = z.object({
  voList: z.array(UserMessage),
  total: z.number().int().nonnegative(),
  currentPage: z.number().int(),
  pageSize: z.number().int(),
  unreadCount: z.number().int().nonnegative(),
});
export type UserMessagePage = z.infer<typeof UserMessagePage>;

export const HistoryNoticeInput = PageQuery.extend({
  keyword: z.string().trim().max(100).optional(),
  type: z.enum(NOTICE_TYPES).optional(),
});
export type HistoryNoticeInput = z.infer<typeof HistoryNoticeInput>;

export const HistoryNotice = UserMessage.extend({ readTime: z.string().nullable() });
export type HistoryNotice = z.infer<typeof HistoryNotice>;

export const ReadMessageInput = z.object({ noticeId: Id });
export type ReadMessageInput = z.infer<typeof ReadMessageInput>;

/** The emergency notice page (GET /html/emergencyNotice.html) as the root account edits it. */
export const EmergencyNotice = z.object({
  enabled: z.boolean(),
  /** Sanitised HTML. */
  content: z.string(),
  version: z.number().int(),
  updateTime: z.string().nullable(),
});
export type EmergencyNotice = z.infer<typeof EmergencyNotice>;

export const EmergencyNoticeInput = z
  .object({ enabled: z.boolean(), content: z.string().trim().max(NOTICE_CONTENT_MAX), version: Version })
  .superRefine((value, ctx) => {
    if (value.enabled && !value.content) ctx.addIssue({ code: 'custom', path: ['content'], message: 'an emergency notice that is shown needs content' });
  });
export type EmergencyNoticeInput = z.infer<typeof EmergencyNoticeInput>;

export const NoticeErrors = {
  /** stopPlay of a notice that is not published (a draft, or already stopped). */
  NOT_PLAYING: 'ERR_NOTICE_NOT_PUBLISHED',
  /** A directional notice changed through publishMessage, or a board/news notice through publishDirectNotice. */
  WRONG_CALL_FOR_TYPE: 'ERR_NOTICE_WRONG_CALL_FOR_TYPE',
} as const;
