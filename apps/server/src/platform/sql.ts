// SQL helpers every area uses: user text inside a LIKE pattern, lists of ids or codes as one array
// parameter, and the constraint a unique-index violation names (to say which field repeats a value).
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** Escapes LIKE wildcards in user text and wraps it for a contains match. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => '\\' + c)}%`;

/** The constraint a unique-index violation names, or undefined for any other error. */
export function uniqueViolation(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const pg = e as { code?: string; constraint?: string };
    if (pg.code === '23505') return pg.constraint ?? '';
  }
  return undefined;
}

// Lists go to SQL one way: the whole list as one array parameter, compared with `= any(…)`. One
// parameter however long the list (no `in ($1, $2, …)` with one parameter an element), escaped by the
// driver, and an empty list simply matches nothing. Bound as one value, the planner sees its real
// length (50,000 codes: a hash or array scan, not 50,000 index probes of a guessed 100).

/** A list of ids as one bigint[] parameter, for raw SQL: `o.id = any(${bigintArray(ids)})`. */
export const bigintArray = (values: readonly number[]): SQL => sql`${sql.param([...values])}::bigint[]`;
/** A list of texts as one text[] parameter, for raw SQL: `o.code = any(${textArray(codes)})`. */
export const textArray = (values: readonly string[]): SQL => sql`${sql.param([...values])}::text[]`;
/** A list of integers as one int[] parameter, for raw SQL. */
export const intArray = (values: readonly number[]): SQL => sql`${sql.param([...values])}::int[]`;
/** A list of booleans as one boolean[] parameter, for raw SQL. */
export const booleanArray = (values: readonly boolean[]): SQL => sql`${sql.param([...values])}::boolean[]`;

/** `column = any(ids)`: the rows whose id column is one of the ids (none for an empty list). */
export const idsIn = (column: SQLWrapper, ids: readonly number[]): SQL => sql`${column} = any(${bigintArray(ids)})`;
/** `column = any(values)`: the rows whose text column is one of the values (none for an empty list). */
export const textsIn = (column: SQLWrapper, values: readonly string[]): SQL => sql`${column} = any(${textArray(values)})`;

/**
 * Turns JIT compilation off for the rest of the caller's transaction. The report aggregates' folds and
 * rebuilds are statements of many CTEs whose estimates (generate_series, upserts) cross the JIT cost
 * threshold: compiling one took 28 of its 32 s on the bench (bench/RESULTS.md, "Reports: the incremental
 * drain without JIT"), running it under 2 s. The reads of large report plans do the same.
 */
export const jitOffInTransaction = (tx: { execute: (query: SQL) => Promise<unknown> }) => tx.execute(sql`set local jit = off`);
