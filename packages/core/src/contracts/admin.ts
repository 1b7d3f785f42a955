// Platform administration (spec 02 §7.15; issue 17 must-have 5): job control, queue consumers,
// environment settings, feature domains (domainFuture), and the home page's shortcut menus and
// best sellers. Times are ISO texts.
import { z } from 'zod';
import { Id, PageQuery } from './common.js';

export const AdminErrors = {
  JOB_NOT_FOUND: 'ERR_JOB_NOT_FOUND',
  JOB_RUNNING: 'ERR_JOB_RUNNING',
  FEATURE_DOMAIN_EXISTS: 'ERR_FEATURE_DOMAIN_EXISTS',
  DOMAIN_NOT_FOUND: 'ERR_ADMIN_DOMAIN_NOT_FOUND',
  MENU_NOT_ALLOWED: 'ERR_HOME_MENU_NOT_ALLOWED',
} as const;

/** Failures in a row after which the job queue pauses a job. */
export const JOB_PAUSE_AFTER_FAILURES = 5;

const JobName = z.string().trim().min(1).max(100);
const Time = z.string().nullable();

/** A five-field cron expression (minute hour day month weekday); the server parses it. */
export const CronText = z
  .string()
  .trim()
  .min(1)
  .max(120)
  .refine((v) => v.split(/\s+/).length === 5, 'a cron expression has five fields: minute hour day-of-month month day-of-week');

export const JobInfo = z.object({
  jobName: z.string(),
  /** The schedule in force (root's, else the default); null: runs on demand only. */
  cron: z.string().nullable(),
  defaultCron: z.string().nullable(),
  paused: z.boolean(),
  /** MANUAL or FAILURES (paused by the queue after too many failures in a row). */
  pausedReason: z.enum(['MANUAL', 'FAILURES']).nullable(),
  pausedAt: Time,
  consecutiveFailures: z.number().int(),
  running: z.boolean(),
  runningSince: Time,
  lastStartedAt: Time,
  lastSuccessAt: Time,
  lastFailureAt: Time,
  lastError: z.string().nullable(),
  lastDurationMs: z.number().int().nullable(),
  lastItems: z.number().int().nullable(),
  /** When the schedule fires next; null when paused or unscheduled. */
  nextRunTime: Time,
  /** Jobs waiting in its queue (created or retry). */
  queued: z.number().int(),
});
export type JobInfo = z.infer<typeof JobInfo>;

export const JobInfoList = z.object({ voList: z.array(JobInfo), pauseAfterFailures: z.number().int() });

export const ControlAllJobsInput = z.object({ flagStart: z.boolean() });
export const ControlJobsInput = z.object({ jobNameList: z.array(JobName).min(1).max(200), flagStart: z.boolean() });
export const ControlJobsAnswer = z.object({ changed: z.array(z.string()) });
export const ChangeCronInput = z.object({ jobName: JobName, timeStr: CronText });
export const CronPreviewInput = z.object({ timeStr: CronText });
export const CronPreview = z.object({ timeStr: z.string(), nextFireTimes: z.array(z.string()) });
export const JobNameInput = z.object({ jobName: JobName });

export const JobRunSearchInput = PageQuery.extend({
  jobName: JobName.optional(),
  status: z.enum(['RUNNING', 'SUCCESS', 'FAILURE']).optional(),
});
export const JobRunRow = z.object({
  id: z.number().int(),
  jobName: z.string(),
  trigger: z.string(),
  status: z.string(),
  startedAt: z.string(),
  endedAt: Time,
  durationMs: z.number().int().nullable(),
  items: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type JobRunRow = z.infer<typeof JobRunRow>;

export const AdminLogSearchInput = PageQuery.extend({
  entityType: z.enum(['job', 'consumer', 'feature']).optional(),
  entityId: z.string().trim().max(100).optional(),
});
export const AdminLogRow = z.object({
  id: z.number().int(),
  loginName: z.string().nullable(),
  entityType: z.string(),
  entityId: z.string(),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AdminLogRow = z.infer<typeof AdminLogRow>;

// Queue consumers (ons/consumerserver): the job queue's workers.
export const ConsumerSearchInput = PageQuery.extend({ keyword: z.string().trim().max(100).optional() });
export const ConsumerRow = z.object({
  consumerName: z.string(),
  /** RUNNING or PAUSED. */
  state: z.enum(['RUNNING', 'PAUSED']),
  /** Whether the process answering runs this consumer's worker (a web-only process does not). */
  workedHere: z.boolean(),
  created: z.number().int(),
  retry: z.number().int(),
  active: z.number().int(),
  completed: z.number().int(),
  failed: z.number().int(),
});
export type ConsumerRow = z.infer<typeof ConsumerRow>;
export const ConsumerControlInput = z.object({ consumerName: JobName, flagStart: z.boolean() });

// Environment settings (envConfig/getDataList).
export const EnvConfigRow = z.object({
  name: z.string(),
  value: z.string().nullable(),
  /** The value was replaced by a mask (a password, a key, a password inside a URL). */
  masked: z.boolean(),
  /** Set in the environment; false: the default applies. */
  set: z.boolean(),
  defaultValue: z.string().nullable(),
  description: z.string(),
});
export type EnvConfigRow = z.infer<typeof EnvConfigRow>;

// Feature domains (domainFuture).
export const FeatureCode = z
  .string()
  .trim()
  .regex(/^[A-Z][A-Z0-9_]{1,49}$/, 'a feature code is 2–50 capital letters, digits and underscores, starting with a letter');
export const DomainFeatureSearchInput = PageQuery.extend({
  featureCode: z.string().trim().max(50).optional(),
  keyword: z.string().trim().max(100).optional(),
});
export const DomainFeatureRow = z.object({
  id: z.number().int(),
  domainId: z.number().int(),
  domainCode: z.string(),
  domainName: z.string().nullable(),
  featureCode: z.string(),
  enabled: z.boolean(),
  remark: z.string().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DomainFeatureRow = z.infer<typeof DomainFeatureRow>;
export const DomainFeatureCreateInput = z.object({
  featureCode: FeatureCode,
  domainIdList: z.array(Id).min(1).max(500),
  remark: z.string().trim().max(200).optional(),
});
export const DomainFeatureUpdateInput = z.object({
  id: Id,
  version: z.number().int().nonnegative(),
  enabled: z.boolean(),
  remark: z.string().trim().max(200).nullable().optional(),
});
export const DomainFeatureDeleteInput = z.object({ idList: z.array(Id).min(1).max(500) });
export const NotInFeatureInput = PageQuery.extend({ featureCode: FeatureCode, keyword: z.string().trim().max(100).optional() });
export const NotInFeatureRow = z.object({ domainId: z.number().int(), domainCode: z.string(), domainName: z.string().nullable(), level: z.string() });
export const FeatureChangeAnswer = z.object({ count: z.number().int() });
export const MyFeatures = z.object({ featureCodes: z.array(z.string()) });

// Per-store sync health (for the seller's store management page).
export const StoreSyncHealthRow = z.object({
  storeId: z.number().int(),
  lastOrderSyncSuccessAt: Time,
  /** Refunds are pulled in the same run as orders: the last run that finished both. */
  lastRefundSyncSuccessAt: Time,
  lastOrderSyncFailureAt: Time,
  lastOrderSyncError: z.string().nullable(),
  /** Order pulls failed in a row since the last success. */
  orderSyncFailures: z.number().int(),
  lastStockSyncSuccessAt: Time,
  lastStockSyncFailureAt: Time,
  lastStockSyncError: z.string().nullable(),
  /** The order pull's watermark: orders changed up to here are in (the end of the last complete window). */
  ordersPulledUntil: Time,
  /** An order pull stopped between pages: the next one resumes from the page cursor it kept. */
  resumingPull: z.boolean(),
  /** A store backed off after failures: its next scheduled pull, if later than now. */
  nextPullAt: Time,
  /** The last order pull, finished or not. */
  lastOrderRun: z
    .object({ trigger: z.string(), status: z.string(), pulled: z.number().int(), pages: z.number().int(), created: z.number().int(), updated: z.number().int(), finishedAt: Time })
    .nullable(),
  /** The last order message the marketplace pushed for this store (kept, processed or not). */
  lastMessageAt: Time,
});
export type StoreSyncHealthRow = z.infer<typeof StoreSyncHealthRow>;

// Home: shortcut menus and best sellers.
export const HOME_MENU_MAX = 12;
export const DomainMenuInput = z.object({ menuName: z.array(z.string().trim().min(1).max(100)).max(HOME_MENU_MAX) });
export const DomainMenuAnswer = z.object({ menuName: z.array(z.string()) });
export const HotSaleInput = z.object({
  days: z.number().int().min(1).max(90).default(7),
  limit: z.number().int().min(1).max(50).default(10),
});
export const HotSaleRow = z.object({
  skuId: z.number().int(),
  skuCode: z.string(),
  skuName: z.string().nullable(),
  qty: z.number().int(),
  orderCount: z.number().int(),
});
export type HotSaleRow = z.infer<typeof HotSaleRow>;
export const HotSaleAnswer = z.object({ days: z.number().int(), voList: z.array(HotSaleRow) });
