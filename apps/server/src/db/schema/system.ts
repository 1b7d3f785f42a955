import { bigint, index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, domainIdColumn, tenantIdColumn, updatedAt } from '../columns.js';
import type { OperationLogAction, OperationLogEntityKind } from '@openseller/core';

/** Platform-wide settings (site title and the like). */
export const systemConfigs = pgTable('system_configs', {
  itemCode: text('item_code').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});

/**
 * The operation log: every command on a document or setting writes who, when, what, and the
 * values before and after. The log screens read it.
 */
export const operationLogs = pgTable(
  'operation_logs',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn(),
    userId: bigint('user_id', { mode: 'number' }),
    loginName: text('login_name'),
    area: text('area').notNull(),
    /** One of OPERATION_LOG_ENTITY_KINDS: every read of one record's history names it. */
    entityType: text('entity_type').$type<OperationLogEntityKind>().notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').$type<OperationLogAction>().notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [
    index('operation_logs_domain_time_idx').on(t.domainId, t.createdAt.desc().nullsFirst()),
    index('operation_logs_entity_idx').on(t.domainId, t.entityType, t.entityId),
    primaryKey({ columns: [t.domainId, t.id] }),
  ],
);
