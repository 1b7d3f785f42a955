// The carriers a domain ships with, chosen from the system catalogue in packages/core
// (spec 02 §3.6 "Express company option", §7.8).
import { index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, createdBy, domainIdColumn, tenantIdColumn, updatedAt, versionColumn } from '../columns.js';
import { domains } from './accounts.js';

export const domainExpressCompanies = pgTable(
  'domain_express_companies',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    /** A code of the catalogue (EXPRESS_COMPANIES). */
    code: text('code').notNull(),
    /** The seller's note on the carrier (spec field udf4). */
    udf4: text('udf4'),
    sortIndex: integer('sort_index').notNull().default(0),
    version: versionColumn(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('domain_express_companies_key').on(t.domainId, t.code), index('domain_express_companies_sort_idx').on(t.domainId, t.sortIndex, t.id), primaryKey({ columns: [t.domainId, t.id] })],
);
