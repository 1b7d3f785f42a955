// COPY … FROM STDIN on the connection of a transaction (pg-copy-streams): the way to hand
// PostgreSQL a million rows without a million parameters or statements. Rows are written in COPY's
// text format; `copyText` escapes a value for it.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFromStdin } from 'pg-copy-streams';
import type { Tx } from '../db/client.js';

/** The connection a drizzle transaction runs on (COPY needs one connection, not the pool). */
function connectionOf(tx: Tx): pg.PoolClient {
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client as (pg.PoolClient & { totalCount?: unknown }) | undefined;
  // A pool has counts of its clients; a client of it has none.
  if (!client || typeof client.query !== 'function' || client.totalCount !== undefined) throw new Error('COPY runs inside a transaction');
  return client;
}

const COPY_SPECIAL = /[\\\t\n\r]/;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** A value in COPY's text format: null as \N, backslash, tab and line breaks escaped. */
export function copyText(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'number') return String(value);
  return COPY_SPECIAL.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]!) : value;
}

/**
 * Runs `statement` (a `COPY … FROM STDIN`) in the transaction, streaming `data` (text chunks of
 * whole rows, each ending with a line break); answers the rows copied.
 */
export async function copyIn(tx: Tx, statement: string, data: Iterable<string> | AsyncIterable<string>): Promise<number> {
  const stream = connectionOf(tx).query(copyFromStdin(statement));
  await pipeline(Readable.from(data, { objectMode: false }), stream);
  return stream.rowCount;
}
