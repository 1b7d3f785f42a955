// Platform administration (spec 02 §7.15, issue 17 must-have 5): the job registry and its run
// history (written by the job queue's wrapper around every handler, platform/jobs.ts), the log of
// the root account's platform changes, feature domains (domainFuture) and the home shortcut menus.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, createdBy, domainIdColumn, idColumn, tenantIdColumn, timestamptz, updatedAt, versionColumn } from '../columns.js';
import { domains } from './accounts.js';

/** Every job the queue defines: its schedule, whether it is paused, and the last outcome. */
export const jobRegistry = pgTable(
  'job_registry',
  {
    name: text('name').primaryKey(),
    /** The schedule the code defines (null: run on demand only). */
    defaultCron: text('default_cron'),
    /** The schedule root set (changeJobCronExpression); null: the default. */
    cron: text('cron'),
    paused: boolean('paused').notNull().default(false),
    /** MANUAL (root paused it) or FAILURES (paused after too many failures in a row). */
    pausedReason: text('paused_reason'),
    pausedAt: timestamptz('paused_at'),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    lastStartedAt: timestamptz('last_started_at'),
    lastSuccessAt: timestamptz('last_success_at'),
    lastFailureAt: timestamptz('last_failure_at'),
    lastError: text('last_error'),
    lastDurationMs: integer('last_duration_ms'),
    lastItems: integer('last_items'),
    /** Set while a run holds the job (with the run's id); cleared when it ends. */
    runningSince: timestamptz('running_since'),
    runningRunId: bigint('running_run_id', { mode: 'number' }),
    updatedAt: updatedAt(),
  },
  (t) => [check('job_registry_paused_reason', sql`${t.pausedReason} is null or ${t.pausedReason} in ('MANUAL', 'FAILURES')`)],
);

/** One run of a job: when, how long, how many items, and how it ended. */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: idColumn(),
    jobName: text('job_name').notNull(),
    /** SCHEDULE, MANUAL (run now) or QUEUE (sent by the product). */
    trigger: text('trigger').notNull(),
    /** RUNNING, SUCCESS, FAILURE. */
    status: text('status').notNull().default('RUNNING'),
    startedAt: timestamptz('started_at').notNull().defaultNow(),
    endedAt: timestamptz('ended_at'),
    durationMs: integer('duration_ms'),
    items: integer('items'),
    error: text('error'),
  },
  (t) => [index('job_runs_job_idx').on(t.jobName, t.id.desc()), index('job_runs_started_idx').on(t.startedAt)],
);

/** The root account's platform changes (jobs, consumers, feature domains) and the alerts of the job queue. */
export const adminLogs = pgTable(
  'admin_logs',
  {
    id: idColumn(),
    userId: bigint('user_id', { mode: 'number' }),
    /** null: written by the system itself (a job paused after failures). */
    loginName: text('login_name'),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [index('admin_logs_time_idx').on(t.createdAt.desc()), index('admin_logs_entity_idx').on(t.entityType, t.entityId)],
);

/** A feature turned on for a domain ahead of everyone (domainFuture). */
export const domainFeatures = pgTable(
  'domain_features',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    featureCode: text('feature_code').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark'),
    createdBy: createdBy(),
    version: versionColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('domain_features_key').on(t.domainId, t.featureCode), index('domain_features_code_idx').on(t.domainId, t.featureCode, t.enabled), primaryKey({ columns: [t.domainId, t.id] })],
);

/** A user's shortcut menus on the home page (homepage getDomainMenu / createOrupdateDomainMenu). */
export const homeMenus = pgTable(
  'home_menus',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** Menu keys in the order the user placed them. */
    menuNames: jsonb('menu_names').$type<string[]>().notNull(),
    version: versionColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('home_menus_user_key').on(t.domainId, t.userId), primaryKey({ columns: [t.domainId, t.id] })],
);
