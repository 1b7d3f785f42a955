// Print templates, the default template per courier and the print log (spec 02 §3.9, §4.3, §7.13).
import { bigint, doublePrecision, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PrintElement } from '@openseller/core';
import { createdAt, createdBy, domainIdColumn, tenantIdColumn, timestamptz, updatedAt, versionColumn } from '../columns.js';
import { domains } from './accounts.js';

/** A domain's label templates; the system ones (system_key set) are made on first use and read-only. */
export const printTemplates = pgTable(
  'print_templates',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    name: text('name').notNull(),
    /** WAYBILL or PACKING_LIST. */
    kind: text('kind').notNull(),
    /** normal, oneCopy, PDD_SFKY_1, PDD_POSTB_6, PDD_POSTB_8 for system templates; null for custom ones. */
    systemKey: text('system_key'),
    width: doublePrecision('width').notNull(),
    height: doublePrecision('height').notNull(),
    xOffset: doublePrecision('x_offset').notNull(),
    yOffset: doublePrecision('y_offset').notNull(),
    fontSize: integer('font_size').notNull(),
    expressCompanyCode: text('express_company_code'),
    /** Distinct goods per printed page; more split the order over pages (spec 02 §4.3). */
    goodsPerPage: integer('goods_per_page'),
    elements: jsonb('elements').$type<PrintElement[]>().notNull(),
    version: versionColumn(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('print_templates_name_key').on(t.domainId, t.name), uniqueIndex('print_templates_system_key').on(t.domainId, t.systemKey), primaryKey({ columns: [t.domainId, t.id] })],
);

/** The default template of a courier in a domain. */
export const printTemplateDefaults = pgTable(
  'print_template_defaults',
  {
    domainId: domainIdColumn().references(() => domains.id),
    expressCompanyCode: text('express_company_code').notNull(),
    templateId: bigint('template_id', { mode: 'number' })
      .notNull(),
  },
  (t) => [primaryKey({ columns: [t.domainId, t.expressCompanyCode] }), foreignKey({ name: 'print_template_defaults_template_id_fk', columns: [t.domainId, t.templateId], foreignColumns: [printTemplates.domainId, printTemplates.id] }).onDelete('cascade')],
);

/** Every label printed or reprinted (logs tab 4). */
export const printLogs = pgTable(
  'print_logs',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    orderCode: text('order_code').notNull(),
    expressCompanyCode: text('express_company_code').notNull(),
    expressNo: text('express_no').notNull(),
    templateId: bigint('template_id', { mode: 'number' }),
    templateName: text('template_name').notNull(),
    /** PRINT_SOURCE_SO_PRINT, PRINT_SOURCE_REPRINT, PRINT_SOURCE_ONE_PRINT. */
    source: text('source').notNull(),
    batchSeq: integer('batch_seq').notNull().default(0),
    indexSeq: integer('index_seq').notNull().default(0),
    createdBy: createdBy(),
    createdByName: text('created_by_name'),
    createdAt: createdAt(),
  },
  (t) => [index('print_logs_domain_time_idx').on(t.domainId, t.createdAt), index('print_logs_order_idx').on(t.domainId, t.orderId), primaryKey({ columns: [t.domainId, t.id] })],
);

/** The template an account previews labels (kind WAYBILL) or delivery slips (PACKING_LIST) with. */
export const printTemplatePreviews = pgTable(
  'print_template_previews',
  {
    domainId: domainIdColumn().references(() => domains.id),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    templateId: bigint('template_id', { mode: 'number' }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.domainId, t.userId, t.kind] }), foreignKey({ name: 'print_template_previews_template_id_fk', columns: [t.domainId, t.templateId], foreignColumns: [printTemplates.domainId, printTemplates.id] }).onDelete('cascade')],
);

/**
 * Links a printer component loads a template through (GET /erp/CaiNiaoTemplate/{kind}/{id}?token=…):
 * the token is `<domainId>-<random>`, kept until it expires.
 */
export const printTemplateLinks = pgTable(
  'print_template_links',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    token: text('token').notNull(),
    templateId: bigint('template_id', { mode: 'number' }).notNull(),
    printCode: text('print_code').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    createdBy: createdBy(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('print_template_links_token_key').on(t.domainId, t.token), primaryKey({ columns: [t.domainId, t.id] }), foreignKey({ name: 'print_template_links_template_id_fk', columns: [t.domainId, t.templateId], foreignColumns: [printTemplates.domainId, printTemplates.id] }).onDelete('cascade')],
);
