// Column helpers shared by every business table (ARCHITECTURE.md, Data rules).
import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { bigint, integer, numeric, timestamp } from 'drizzle-orm/pg-core';

/** The id of a platform (reference) table row: its primary key. */
export const idColumn = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

/**
 * The id of a tenant table row: globally unique (one identity sequence per table), but the
 * primary key is (domain_id, id), declared by the table, so that the table can be distributed
 * by domain_id on Citus (docs/scale-out.md, db/tenancy.ts).
 */
export const tenantIdColumn = () => bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity();

/** The tenant of the row. Every business query filters on it. */
export const domainIdColumn = () => bigint('domain_id', { mode: 'number' }).notNull();

export const versionColumn = () => integer('version').notNull().default(0);

export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const createdBy = () => bigint('created_by', { mode: 'number' });

export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Money: numeric(18,4). */
export const money = (name: string) => numeric(name, { precision: 18, scale: 4 });
/** Weight in kg: numeric(12,3). */
export const weight = (name: string) => numeric(name, { precision: 12, scale: 3 });

/**
 * A column written with its table name. Drizzle writes columns inside select-list SQL without
 * the table, where a subquery's own columns of the same name would capture them.
 */
export function qualified(column: AnyPgColumn): SQL {
  return sql.raw(`"${getTableName(column.table)}"."${column.name}"`);
}

/** A size in cm: numeric(10,2). */
export const size = (name: string) => numeric(name, { precision: 10, scale: 2 });
