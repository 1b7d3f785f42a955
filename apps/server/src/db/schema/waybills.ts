// Waybill accounts, the waybill numbers given to orders, paper waybill counters, and the sandbox
// carrier's own tables (spec 02 §3.9, §7.13).
import { bigint, boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, createdBy, domainIdColumn, tenantIdColumn, updatedAt, versionColumn } from '../columns.js';
import { domains } from './accounts.js';

export const waybillAccounts = pgTable(
  'waybill_accounts',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    /** Platform print code: cn, pdd, dy, rm, zm, jd, vip, vipShop, KSXD. */
    printCode: text('print_code').notNull(),
    expressCompanyCode: text('express_company_code').notNull(),
    name: text('name').notNull(),
    /** Served by the sandbox carrier. */
    sandbox: boolean('sandbox').notNull().default(true),
    isDefault: boolean('is_default').notNull().default(false),
    /** The kind's fields (WAYBILL_ACCOUNT_FIELDS), password included (sent to the carrier). */
    fields: jsonb('fields').$type<Record<string, string>>().notNull(),
    version: versionColumn(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('waybill_accounts_carrier_idx').on(t.domainId, t.expressCompanyCode), primaryKey({ columns: [t.domainId, t.id] })],
);

/** Every number given to an order; never deleted, so a number is never given twice. */
export const waybillNumbers = pgTable(
  'waybill_numbers',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    expressCompanyCode: text('express_company_code').notNull(),
    expressNo: text('express_no').notNull(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    /** The account it came from (null for paper waybills). */
    accountId: bigint('account_id', { mode: 'number' }),
    /** CARRIER or PAPER. */
    source: text('source').notNull(),
    routing: jsonb('routing').$type<Record<string, unknown>>(),
    printData: jsonb('print_data').$type<Record<string, unknown>>(),
    createdBy: createdBy(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('waybill_numbers_no_key').on(t.domainId, t.expressCompanyCode, t.expressNo), index('waybill_numbers_order_idx').on(t.domainId, t.orderId), primaryKey({ columns: [t.domainId, t.id] })],
);

/** Paper waybills: the last number used per courier and the step (myhome/lastexpressno). */
export const lastExpressNos = pgTable(
  'last_express_nos',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    expressCompanyCode: text('express_company_code').notNull(),
    lastNo: text('last_no').notNull(),
    increment: integer('increment').notNull().default(1),
    version: versionColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('last_express_nos_key').on(t.domainId, t.expressCompanyCode), primaryKey({ columns: [t.domainId, t.id] })],
);

/** The sandbox carrier's number sequence per carrier code (global: numbers are unique everywhere). */
export const carrierSandboxSequences = pgTable('carrier_sandbox_sequences', {
  carrierCode: text('carrier_code').primaryKey(),
  prefix: text('prefix').notNull(),
  next: bigint('next', { mode: 'number' }).notNull(),
});

/** The sandbox carrier's behaviour per domain (set from its console). */
export const carrierSandboxSettings = pgTable('carrier_sandbox_settings', {
  domainId: domainIdColumn().primaryKey()
    .references(() => domains.id),
  latencyMs: integer('latency_ms'),
  trackingStepSeconds: integer('tracking_step_seconds'),
  failNext: integer('fail_next').notNull().default(0),
  failReason: text('fail_reason'),
  updatedAt: updatedAt(),
});

/** Parcels the sandbox carrier issued numbers for (their tracking runs from issuedAt). */
export const carrierSandboxParcels = pgTable(
  'carrier_sandbox_parcels',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn(),
    carrierCode: text('carrier_code').notNull(),
    expressNo: text('express_no').notNull(),
    orderCode: text('order_code').notNull(),
    routing: jsonb('routing').$type<Record<string, unknown>>().notNull(),
    cancelled: boolean('cancelled').notNull().default(false),
    issuedAt: createdAt(),
  },
  (t) => [uniqueIndex('carrier_sandbox_parcels_no_key').on(t.domainId, t.carrierCode, t.expressNo), index('carrier_sandbox_parcels_no_idx').on(t.expressNo), primaryKey({ columns: [t.domainId, t.id] })],
);

/**
 * A share of one of the owner's waybill accounts to another domain (spec 02 §4.2 "Carrier account
 * share": start, stop, delete): the beneficiary may take up to `count` numbers with the account
 * while the share is started; `remainNum` goes down by one per number, in the same transaction.
 */
export const waybillAccountShares = pgTable(
  'waybill_account_shares',
  {
    id: tenantIdColumn(),
    /** The owner of the account. */
    domainId: domainIdColumn().references(() => domains.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull(),
    beneficiaryDomainId: bigint('beneficiary_domain_id', { mode: 'number' })
      .notNull()
      .references(() => domains.id),
    /** STARTED or STOPPED. */
    status: text('status').notNull().default('STARTED'),
    count: integer('count').notNull(),
    remainNum: integer('remain_num').notNull(),
    usedNum: integer('used_num').notNull().default(0),
    version: versionColumn(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('waybill_account_shares_key').on(t.domainId, t.accountId, t.beneficiaryDomainId),
    index('waybill_account_shares_beneficiary_idx').on(t.beneficiaryDomainId),
    primaryKey({ columns: [t.domainId, t.id] }),
    foreignKey({ name: 'waybill_account_shares_account_id_fk', columns: [t.domainId, t.accountId], foreignColumns: [waybillAccounts.domainId, waybillAccounts.id] }),
  ],
);

/** The share print log: every number taken through a share (read by the owner; domain_id is the owner). */
export const waybillShareLogs = pgTable(
  'waybill_share_logs',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    shareId: bigint('share_id', { mode: 'number' }).notNull(),
    takerDomainId: bigint('taker_domain_id', { mode: 'number' }).notNull(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    orderCode: text('order_code').notNull(),
    expressCompanyCode: text('express_company_code').notNull(),
    expressNo: text('express_no').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('waybill_share_logs_share_idx').on(t.domainId, t.shareId), primaryKey({ columns: [t.domainId, t.id] })],
);
