// Live-broadcast sessions and their anchors (spec 02 §7.18 "core/live"; the order's erpSoLiveList):
// an order of a store paid while one of the store's sessions was on air carries that session.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, foreignKey, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, createdBy, domainIdColumn, tenantIdColumn, timestamptz, updatedAt, versionColumn } from '../columns.js';
import { domains } from './accounts.js';
import { stores } from './stores.js';

/** An anchor (the spec's "liver"): the person presenting a session. */
export const liveAnchors = pgTable(
  'live_anchors',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    name: text('name').notNull(),
    phone: text('phone'),
    remark: text('remark'),
    enabled: boolean('enabled').notNull().default(true),
    version: versionColumn(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('live_anchors_domain_name_key').on(t.domainId, t.name), primaryKey({ columns: [t.domainId, t.id] })],
);

/** A session on air in one store from start to end (end excluded). */
export const liveSessions = pgTable(
  'live_sessions',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    liveName: text('live_name').notNull(),
    storeId: bigint('store_id', { mode: 'number' }).notNull(),
    anchorId: bigint('anchor_id', { mode: 'number' }),
    startTime: timestamptz('start_time').notNull(),
    endTime: timestamptz('end_time').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark'),
    version: versionColumn(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('live_sessions_domain_store_time_idx').on(t.domainId, t.storeId, t.startTime),
    index('live_sessions_domain_time_idx').on(t.domainId, t.startTime.desc(), t.id),
    check('live_sessions_end_after_start', sql`${t.endTime} > ${t.startTime}`),
    primaryKey({ columns: [t.domainId, t.id] }),
    foreignKey({ name: 'live_sessions_store_id_fk', columns: [t.domainId, t.storeId], foreignColumns: [stores.domainId, stores.id] }),
    foreignKey({ name: 'live_sessions_anchor_id_fk', columns: [t.domainId, t.anchorId], foreignColumns: [liveAnchors.domainId, liveAnchors.id] }),
  ],
);
