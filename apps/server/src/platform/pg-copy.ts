// COPY … FROM STDIN on the connection of a transaction (pg-copy-streams): the way to hand
// PostgreSQL a million rows without a million parameters or statements. Rows are written in COPY's
// text format; `copyText` escapes a value for it.
import { finished } from 'node:stream/promises';
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

/** A COPY left open while its rows are produced (see `openCopy`). */
export interface OpenCopy {
  /** Sends text rows; waits only for what an earlier call sent to be taken by the server. */
  write(chunks: Iterable<string>): Promise<void>;
  /** Ends the COPY; answers the rows copied. */
  end(): Promise<number>;
  /** Ends the COPY after a failure elsewhere (the transaction is to be rolled back); never throws. */
  abort(): Promise<void>;
}

/**
 * Starts `statement` (a `COPY … FROM STDIN`) in the transaction and leaves it open: the caller
 * produces its rows a batch at a time while the server takes the previous batch (the two
 * processes work at once). No other statement may run in the transaction until it is ended.
 */
export function openCopy(tx: Tx, statement: string): OpenCopy {
  const stream = connectionOf(tx).query(copyFromStdin(statement));
  let failure: Error | null = null;
  stream.on('error', (error: Error) => {
    failure ??= error;
  });
  let drained: Promise<void> = Promise.resolve();
  const waitDrain = () =>
    new Promise<void>((resolve, reject) => {
      const done = (error?: Error) => {
        stream.off('drain', done);
        stream.off('error', done);
        if (error) reject(error);
        else resolve();
      };
      stream.on('drain', done);
      stream.on('error', done);
    });
  return {
    async write(chunks) {
      await drained;
      if (failure) throw failure;
      let room = true;
      for (const chunk of chunks) room = stream.write(chunk);
      drained = room ? Promise.resolve() : waitDrain();
      // A failure while nobody waits is seen by the next call.
      drained.catch(() => undefined);
    },
    async end() {
      await drained;
      if (failure) throw failure;
      stream.end();
      await finished(stream);
      return stream.rowCount;
    },
    async abort() {
      if (!stream.writableEnded) stream.end();
      await finished(stream).catch(() => undefined);
    },
  };
}
