// Courier (express) rules, their priority order, and stop-shipping templates (spec 02 §3.10, §7.8).
import type { ExpressRuleCondition, StopArea } from '@openseller/core';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, createdBy, domainIdColumn, tenantIdColumn, updatedAt, versionColumn } from '../columns.js';
import { domains } from './accounts.js';

export const expressRules = pgTable(
  'express_rules',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    /** BY_AREA, BY_WEIGHT, BY_STORE, BY_CUSTOM, BY_SKU. */
    type: text('type').notNull(),
    usable: boolean('usable').notNull().default(true),
    /** Higher first; list length − position when the list is saved. */
    sortIndex: integer('sort_index').notNull().default(0),
    /** The carrier (also inside rule_condition), kept as a column for the carrier-in-use check. */
    expressCompanyCode: text('express_company_code').notNull(),
    ruleCondition: jsonb('rule_condition').$type<ExpressRuleCondition>().notNull(),
    version: versionColumn(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('express_rules_type_idx').on(t.domainId, t.type, t.sortIndex), index('express_rules_carrier_idx').on(t.domainId, t.expressCompanyCode), primaryKey({ columns: [t.domainId, t.id] })],
);

/** The order rule types are tried in, one row per domain (absent: the default order). */
export const expressRulePriorities = pgTable(
  'express_rule_priorities',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    types: jsonb('types').$type<string[]>().notNull(),
    version: versionColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('express_rule_priorities_domain_key').on(t.domainId), primaryKey({ columns: [t.domainId, t.id] })],
);

/** A carrier's stop-shipping areas (spec "expressProhibited"). */
export const expressStopTemplates = pgTable(
  'express_stop_templates',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    name: text('name').notNull(),
    expressCompanyCode: text('express_company_code').notNull(),
    areas: jsonb('areas').$type<StopArea[]>().notNull(),
    usable: boolean('usable').notNull().default(true),
    version: versionColumn(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('express_stop_templates_name_key').on(t.domainId, t.name), index('express_stop_templates_carrier_idx').on(t.domainId, t.expressCompanyCode), primaryKey({ columns: [t.domainId, t.id] })],
);
