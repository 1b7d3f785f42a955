// System notices (spec 02 §3.12): the root account's board, directional and news notices
// (a platform table: notices belong to no domain), the domains a directional notice is meant for
// and the accounts that have read a notice (tenant tables: a row belongs to the reading or the
// chosen domain), and the emergency notice page (one row).
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, createdBy, domainIdColumn, idColumn, timestamptz, updatedAt, versionColumn } from '../columns.js';
import { domains, users } from './accounts.js';

export const systemNotices = pgTable(
  'system_notices',
  {
    id: idColumn(),
    /** BOARD, DIRECTIONAL or NEWS. */
    type: text('type').notNull(),
    title: text('title').notNull(),
    /** Sanitised on the server before it is stored. */
    content: text('content').notNull(),
    playFrequency: text('play_frequency').notNull().default('ONCE'),
    playStartTime: timestamptz('play_start_time').notNull(),
    playEndTime: timestamptz('play_end_time').notNull(),
    /** DRAFT, PUBLISHED or STOPPED. */
    status: text('status').notNull(),
    /** A directional notice is also meant for every domain of these tiers. */
    directLevels: text('direct_levels').array().notNull().default(sql`'{}'::text[]`),
    publishedAt: timestamptz('published_at'),
    stoppedAt: timestamptz('stopped_at'),
    version: versionColumn(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('system_notices_type_check', sql`${t.type} in ('BOARD', 'DIRECTIONAL', 'NEWS')`),
    check('system_notices_status_check', sql`${t.status} in ('DRAFT', 'PUBLISHED', 'STOPPED')`),
    check('system_notices_frequency_check', sql`${t.playFrequency} in ('ONCE', 'DAILY')`),
    check('system_notices_window_check', sql`${t.playEndTime} > ${t.playStartTime}`),
    index('system_notices_play_idx').on(t.status, t.playStartTime, t.playEndTime),
    index('system_notices_created_idx').on(t.createdAt.desc().nullsFirst()),
  ],
);

/** The domains chosen for a directional notice. */
export const systemNoticeTargets = pgTable(
  'system_notice_targets',
  {
    domainId: domainIdColumn().references(() => domains.id, { onDelete: 'cascade' }),
    noticeId: bigint('notice_id', { mode: 'number' })
      .notNull()
      .references(() => systemNotices.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.domainId, t.noticeId] })],
);

/** Read receipts: an account reads a notice once (the key); a DAILY notice records its last read. */
export const systemNoticeReads = pgTable(
  'system_notice_reads',
  {
    domainId: domainIdColumn().references(() => domains.id, { onDelete: 'cascade' }),
    noticeId: bigint('notice_id', { mode: 'number' })
      .notNull()
      .references(() => systemNotices.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamptz('read_at').notNull().defaultNow(),
    lastReadAt: timestamptz('last_read_at').notNull().defaultNow(),
    readCount: integer('read_count').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.domainId, t.noticeId, t.userId] })],
);

/** The emergency notice page (GET /html/emergencyNotice.html): a single row, id 1. */
export const emergencyNotices = pgTable(
  'emergency_notices',
  {
    id: integer('id').primaryKey(),
    enabled: boolean('enabled').notNull().default(false),
    content: text('content').notNull().default(''),
    version: versionColumn(),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    updatedAt: updatedAt(),
  },
  (t) => [check('emergency_notices_single_row', sql`${t.id} = 1`)],
);
