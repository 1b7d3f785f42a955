// The help centre's manuals (a platform table: the root account writes them for every seller and
// anyone may read them signed out) and buyer SMS: a domain's templates per event and the log of
// every text sent to a buyer (tenant tables).
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ManualAttachment } from '@openseller/core';
import { createdAt, createdBy, domainIdColumn, idColumn, tenantIdColumn, updatedAt, versionColumn } from '../columns.js';
import { domains } from './accounts.js';

export const helpManuals = pgTable(
  'help_manuals',
  {
    id: idColumn(),
    /** The DIR entry this one sits under; null at the top of its section. */
    parentId: bigint('parent_id', { mode: 'number' }),
    /** GETTING_STARTED, TUTORIAL, VIDEO, ISSUES, CHANGELOG (the /docs sub-routes). */
    section: text('section').notNull(),
    lang: text('lang').notNull(),
    /** DIR, ARTICLE, FAQ, VIDEO. */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    /** Sanitised HTML. */
    content: text('content').notNull().default(''),
    videoUrl: text('video_url'),
    attachments: jsonb('attachments').$type<ManualAttachment[]>().notNull().default(sql`'[]'::jsonb`),
    sortIndex: integer('sort_index').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    version: versionColumn(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('help_manuals_section_check', sql`${t.section} in ('GETTING_STARTED', 'TUTORIAL', 'VIDEO', 'ISSUES', 'CHANGELOG')`),
    check('help_manuals_kind_check', sql`${t.kind} in ('DIR', 'ARTICLE', 'FAQ', 'VIDEO')`),
    check('help_manuals_lang_check', sql`${t.lang} in ('zh', 'en')`),
    index('help_manuals_tree_idx').on(t.lang, t.section, t.parentId, t.sortIndex),
  ],
);

export const buyerSmsTemplates = pgTable(
  'buyer_sms_templates',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    /** SHIPPED, OUT_FOR_DELIVERY, REFUND_DONE. */
    event: text('event').notNull(),
    content: text('content').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    version: versionColumn(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('buyer_sms_templates_event_key').on(t.domainId, t.event), primaryKey({ columns: [t.domainId, t.id] })],
);

export const buyerSmsLogs = pgTable(
  'buyer_sms_logs',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    event: text('event').notNull(),
    templateId: bigint('template_id', { mode: 'number' }).notNull(),
    orderId: bigint('order_id', { mode: 'number' }),
    orderCode: text('order_code'),
    /** The after-sale document of a refund, so one refund texts its buyer once. */
    sourceKey: text('source_key').notNull(),
    mobile: text('mobile').notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // One text per event and source: a retried ship or a second refund notice sends nothing more.
    uniqueIndex('buyer_sms_logs_source_key').on(t.domainId, t.event, t.sourceKey),
    index('buyer_sms_logs_time_idx').on(t.domainId, t.createdAt.desc().nullsFirst(), t.id),
    primaryKey({ columns: [t.domainId, t.id] }),
  ],
);
