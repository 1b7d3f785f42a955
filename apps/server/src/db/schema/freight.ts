// Freight templates with their price periods, courier bill column templates and bill lines, and
// the express setup of third-party warehouses (issue 19; modules/freight/README.md).
import { sql } from 'drizzle-orm';
import { bigint, boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, createdBy, domainIdColumn, tenantIdColumn, timestamptz, updatedAt, versionColumn, weight } from '../columns.js';
import { domains } from './accounts.js';
import { warehouses } from './warehouses.js';

export interface FreightAreaDefinition {
  province: string;
  city: string | null;
  firstWeight: number;
  firstFee: number;
  additionalWeight: number;
  additionalFee: number;
}

/** A freight template: its current definition. Deleted templates stay (their periods price old parcels). */
export const freightTemplates = pgTable(
  'freight_templates',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    name: text('name').notNull(),
    expressCompanyCode: text('express_company_code').notNull(),
    /** Spec 02 §4.1: 1 road, 2 air. */
    deliveryMethod: integer('delivery_method').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** The price version: raised by every change of prices or enablement. */
    versionNo: integer('version_no').notNull().default(1),
    areas: jsonb('areas').$type<FreightAreaDefinition[]>().notNull(),
    deletedAt: timestamptz('deleted_at'),
    version: versionColumn(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('freight_templates_name_key').on(t.domainId, t.name).where(sql`deleted_at is null`),
    index('freight_templates_carrier_idx').on(t.domainId, t.expressCompanyCode),
    primaryKey({ columns: [t.domainId, t.id] }),
  ],
);

/**
 * The period a template version's price of one area was in force: [valid_from, valid_to). A parcel
 * is priced by the period of its carrier and area that held when it shipped; city '' is the whole
 * province, and a city's row wins over it.
 */
export const freightTemplatePrices = pgTable(
  'freight_template_prices',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    templateId: bigint('template_id', { mode: 'number' }).notNull(),
    versionNo: integer('version_no').notNull(),
    expressCompanyCode: text('express_company_code').notNull(),
    province: text('province').notNull(),
    city: text('city').notNull().default(''),
    firstWeight: integer('first_weight').notNull(),
    firstFee: bigint('first_fee', { mode: 'number' }).notNull(),
    additionalWeight: integer('additional_weight').notNull(),
    additionalFee: bigint('additional_fee', { mode: 'number' }).notNull(),
    validFrom: timestamptz('valid_from').notNull(),
    validTo: timestamptz('valid_to'),
  },
  (t) => [
    index('freight_template_prices_area_idx').on(t.domainId, t.expressCompanyCode, t.province, t.city, t.validFrom),
    index('freight_template_prices_template_idx').on(t.domainId, t.templateId),
    primaryKey({ columns: [t.domainId, t.id] }),
    foreignKey({ name: 'freight_template_prices_template_fk', columns: [t.domainId, t.templateId], foreignColumns: [freightTemplates.domainId, freightTemplates.id] }),
  ],
);

/** How a carrier's bill is read (its column headers and units) and the tolerances it is judged by. */
export const expressReconciliations = pgTable(
  'express_reconciliations',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    name: text('name').notNull(),
    expressCompanyCode: text('express_company_code').notNull(),
    waybillNoColumn: text('waybill_no_column').notNull(),
    weightColumn: text('weight_column').notNull(),
    feeColumn: text('fee_column').notNull(),
    timeColumn: text('time_column'),
    /** KG or G. */
    weightUnit: text('weight_unit').notNull(),
    /** YUAN or FEN. */
    feeUnit: text('fee_unit').notNull(),
    weightTolerance: integer('weight_tolerance').notNull(),
    feeTolerance: integer('fee_tolerance').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    version: versionColumn(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('express_reconciliations_carrier_key').on(t.domainId, t.expressCompanyCode), primaryKey({ columns: [t.domainId, t.id] })],
);

/** A courier bill line: one waybill a carrier charged, and how it compares with our parcel. */
export const expressBillLines = pgTable(
  'express_bill_lines',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    importTaskId: bigint('import_task_id', { mode: 'number' }),
    expressCompanyCode: text('express_company_code').notNull(),
    expressNo: text('express_no').notNull(),
    /** YYYY-MM of the line's time (or of the import when the bill has no time column). */
    billMonth: text('bill_month').notNull(),
    billTime: timestamptz('bill_time'),
    billedWeight: weight('billed_weight').notNull(),
    billedFee: bigint('billed_fee', { mode: 'number' }).notNull(),
    orderId: bigint('order_id', { mode: 'number' }),
    ourWeight: weight('our_weight'),
    templateFee: bigint('template_fee', { mode: 'number' }),
    overWeight: integer('over_weight'),
    overCharge: bigint('over_charge', { mode: 'number' }),
    /** NONE, SUCCESS, FAILURE (spec 02 §4.1). */
    status: text('status').notNull().default('NONE'),
    /** OVER_WEIGHT, OVER_CHARGE, UNMATCHED, NO_PRICE. */
    flags: text('flags').array().notNull().default(sql`'{}'::text[]`),
    rawLine: jsonb('raw_line').$type<Record<string, string>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('express_bill_lines_no_key').on(t.domainId, t.expressCompanyCode, t.expressNo),
    index('express_bill_lines_month_idx').on(t.domainId, t.billMonth, t.expressCompanyCode),
    index('express_bill_lines_status_idx').on(t.domainId, t.status),
    primaryKey({ columns: [t.domainId, t.id] }),
  ],
);

/** Which carriers (and waybill accounts) a third-party warehouse ships with. */
export const whExpressSettings = pgTable(
  'wh_express_settings',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    warehouseId: bigint('warehouse_id', { mode: 'number' }).notNull(),
    expressCompanyCode: text('express_company_code').notNull(),
    waybillAccountId: bigint('waybill_account_id', { mode: 'number' }),
    isDefault: boolean('is_default').notNull().default(false),
    createdBy: createdBy(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('wh_express_settings_key').on(t.domainId, t.warehouseId, t.expressCompanyCode),
    primaryKey({ columns: [t.domainId, t.id] }),
    foreignKey({ name: 'wh_express_settings_warehouse_fk', columns: [t.domainId, t.warehouseId], foreignColumns: [warehouses.domainId, warehouses.id] }).onDelete('cascade'),
  ],
);
