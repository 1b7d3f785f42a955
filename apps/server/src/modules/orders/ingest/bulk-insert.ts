// Multi-row inserts as one array parameter per column (`insert … select from unnest(…)`): a batch
// of 1,500 lines is 21 parameters, not 31,500, so neither drizzle (building the statement) nor
// PostgreSQL (parsing and planning a VALUES list that long) spends time per value. Columns left out
// take their defaults, as with drizzle's insert.
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';

export type BulkType = 'bigint' | 'int' | 'text' | 'numeric' | 'boolean' | 'timestamptz' | 'text[]' | 'jsonb';

export interface BulkColumn {
  name: string;
  type: BulkType;
  values: readonly unknown[];
}

const quote = (s: string) => `"${s.replace(/["\\]/g, (c) => '\\' + c)}"`;

/** One element of a PostgreSQL array literal of the column's type (arrays and json travel as text). */
function element(v: unknown, type: BulkType): string {
  if (v === null || v === undefined) return 'NULL';
  switch (type) {
    case 'bigint':
    case 'int': {
      const n = Number(v);
      if (!Number.isSafeInteger(n)) throw new Error(`bulk insert: ${String(v)} is not an integer`);
      return String(n);
    }
    case 'boolean':
      return v ? 't' : 'f';
    case 'timestamptz':
      return quote((v instanceof Date ? v : new Date(String(v))).toISOString());
    case 'text[]':
      return quote(`{${(v as readonly (string | null)[]).map((x) => (x == null ? 'NULL' : quote(x))).join(',')}}`);
    case 'jsonb':
      return quote(JSON.stringify(v));
    default:
      return quote(String(v));
  }
}

/** The unnest type of a column: array and json columns travel as text and are cast per row. */
const carrier = (type: BulkType) => (type === 'text[]' || type === 'jsonb' ? 'text' : type);

/**
 * The SQL inserting rows (given column by column, all of one length) into table; `tail` is
 * appended (on conflict …, returning …).
 */
export function bulkInsertSql(table: string, columns: BulkColumn[], tail: SQL = sql``): SQL {
  const rows = columns[0]?.values.length ?? 0;
  for (const c of columns) if (c.values.length !== rows) throw new Error(`bulk insert: column ${c.name} has ${c.values.length} values, not ${rows}`);
  const names = sql.raw(columns.map((c) => `"${c.name}"`).join(', '));
  const selects = sql.raw(columns.map((c, i) => (c.type === 'text[]' || c.type === 'jsonb' ? `u.c${i}::${c.type}` : `u.c${i}`)).join(', '));
  const arrays = sql.join(
    columns.map((c) => sql`${`{${c.values.map((v) => element(v, c.type)).join(',')}}`}::${sql.raw(carrier(c.type))}[]`),
    sql`, `,
  );
  const aliases = sql.raw(columns.map((_, i) => `c${i}`).join(', '));
  return sql`insert into ${sql.raw(`"${table}"`)} (${names}) select ${selects} from unnest(${arrays}) as u(${aliases}) ${tail}`;
}

/** Runs bulkInsertSql (nothing when there are no rows). */
export async function bulkInsert<R extends Record<string, unknown> = Record<string, unknown>>(tx: Tx, table: string, columns: BulkColumn[], tail?: SQL): Promise<R[]> {
  if (!columns[0]?.values.length) return [];
  const result = await tx.execute<R>(bulkInsertSql(table, columns, tail));
  return result.rows as R[];
}
