// Saved order import templates (spec 02 §3.9 import template, §7.13 myhome/sohTemplate): how the
// columns of a seller's own spreadsheet map to order fields (header text → field).
import type { OrderImportFieldMap } from '@openseller/core';
import { sql } from 'drizzle-orm';
import { jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, createdBy, domainIdColumn, tenantIdColumn, updatedAt, versionColumn } from '../columns.js';
import { domains } from './accounts.js';

export const orderImportTemplates = pgTable(
  'order_import_templates',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    name: text('name').notNull(),
    /** The kind of file the template reads (ERP_ORDER). */
    type: text('type').notNull().default('ERP_ORDER'),
    fields: jsonb('fields').$type<OrderImportFieldMap[]>().notNull(),
    version: versionColumn(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Names are unique per domain, compared trimmed and case-insensitive.
  (t) => [uniqueIndex('order_import_templates_domain_name_key').on(t.domainId, sql`lower(${t.name})`), primaryKey({ columns: [t.domainId, t.id] })],
);
