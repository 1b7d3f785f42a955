// Loading bill lines into the ledger through a staging table (issue #19 must-have 6). The drafts
// of a file (or a pull) are COPYed, a chunk at a time, into a temporary table of the transaction
// (`bill_stage`, dropped at its end: not written to the WAL); the lines of orders OpenSeller does
// not have are found by one anti-join over it; one INSERT … SELECT … ON CONFLICT DO NOTHING moves
// them into `money_events` (a line already there is left alone, so a file imported again inserts
// nothing), and records the orders whose lines were new in `bill_touched`: the orders the
// reconciliation then recomputes.
import { sql, type SQL } from 'drizzle-orm';
import { ReconciliationErrors, type BillProblem, type BillSource } from '@openseller/core';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { copyText, openCopy, type OpenCopy } from '../../platform/pg-copy.js';
import { uniqueViolation } from '../../platform/sql.js';
import { RawLine, type MoneyEventDraft } from './bill-formats.js';

/** Rows per COPY data chunk handed to the stream. */
const COPY_CHUNK_ROWS = 5_000;

/** Creates the transaction's staging table (and the table of touched orders). */
export async function openStage(tx: Tx): Promise<void> {
  // A file's line: raw_seq on each of its events, its number and text on the first one only (the
  // text is stored once per line, in bill_lines); a pull's line: its fields as JSON on each event.
  await tx.execute(sql`
    create temporary table bill_stage (
      line integer, source_line_id text not null, order_no text, sub_order_no text, after_sale_no text,
      event_type text not null, amount_fen bigint not null, occurred_at timestamptz, settled_at timestamptz not null,
      raw_seq integer, raw_line integer, raw_text text, raw_json text
    ) on commit drop`);
  await tx.execute(sql`create temporary table bill_touched (order_no text primary key) on commit drop`);
}

const STAGE_COLUMNS = 'line, source_line_id, order_no, sub_order_no, after_sale_no, event_type, amount_fen, occurred_at, settled_at, raw_seq, raw_line, raw_text, raw_json';

/**
 * The COPY text of drafts, a chunk of rows at a time. A file's raw line goes once, with the first
 * event of the line (the drafts of a line come together); a pull's as JSON. A line's times are
 * usually the same Date objects as the line before's (chinaTime): each is formatted once.
 */
export function* copyRows(drafts: MoneyEventDraft[]): Generator<string> {
  let rows: string[] = [];
  let lastRaw: unknown = null;
  let lastAt: Date | null = null;
  let lastIso = '';
  const iso = (at: Date) => {
    if (at !== lastAt) {
      lastAt = at;
      lastIso = at.toISOString();
    }
    return lastIso;
  };
  for (const d of drafts) {
    const raw = d.raw;
    let rawCells: string;
    if (raw instanceof RawLine) {
      rawCells = raw === lastRaw ? `${raw.seq}\t\\N\t\\N\t\\N` : `${raw.seq}\t${raw.line}\t${copyText(raw.text)}\t\\N`;
      lastRaw = raw;
    } else rawCells = `\\N\t\\N\t\\N\t${copyText(JSON.stringify(raw))}`;
    rows.push(
      `${d.line ?? '\\N'}\t${copyText(d.sourceLineId)}\t${copyText(d.orderNo)}\t${copyText(d.subOrderNo)}\t${copyText(d.afterSaleNo)}\t${copyText(d.eventType)}\t${d.amountFen}\t${
        d.occurredAt ? iso(d.occurredAt) : '\\N'
      }\t${iso(d.settledAt)}\t${rawCells}\n`,
    );
    if (rows.length >= COPY_CHUNK_ROWS) {
      yield rows.join('');
      rows = [];
    }
  }
  if (rows.length) yield rows.join('');
}

/**
 * A COPY into the staging table left open while the file is read: `add` hands it a chunk of
 * drafts and returns once the server has taken the chunk before (reading the next chunk and
 * storing this one go on at once). `end` before any other statement of the transaction; `abort`
 * when reading failed.
 */
export function stageWriter(tx: Tx): { add(drafts: MoneyEventDraft[]): Promise<void>; end(): Promise<number>; abort(): Promise<void> } {
  let copy: OpenCopy | null = null;
  return {
    async add(drafts) {
      if (!drafts.length) return;
      copy ??= openCopy(tx, `copy bill_stage (${STAGE_COLUMNS}) from stdin`);
      await copy.write(copyRows(drafts));
    },
    end: async () => (copy ? copy.end() : 0),
    abort: async () => copy?.abort(),
  };
}

/** Adds drafts to the staging table at once. */
export async function stageDrafts(tx: Tx, drafts: MoneyEventDraft[]): Promise<void> {
  const writer = stageWriter(tx);
  try {
    await writer.add(drafts);
  } catch (error) {
    await writer.abort();
    throw error;
  }
  await writer.end();
}

/**
 * Every staged line of an order that is not a platform order of the store (linked to an ERP
 * order), as a problem of the file: one anti-join of the staged lines against the store's orders.
 */
export async function stagedUnknownOrders(tx: Tx, domainId: number, storeId: number, orderColumn: string): Promise<BillProblem[]> {
  await tx.execute(sql`analyze bill_stage`);
  const result = await tx.execute<{ line: number; order_no: string }>(sql`
    select s.line, min(s.order_no) as order_no
    from bill_stage s
    where s.order_no is not null
      and not exists (
        select 1 from platform_orders p
        where p.domain_id = ${domainId} and p.store_id = ${storeId} and p.platform_no = s.order_no and p.erp_order_id is not null)
    group by s.line
    order by s.line`);
  return result.rows.map((r) => ({ line: Number(r.line ?? 0), field: orderColumn, code: 'UNKNOWN_ORDER', message: `${orderColumn}: the order "${r.order_no}" is not in OpenSeller for this store` }));
}

/**
 * Whether the staged lines are about as many as the store's orders: then the whole store is
 * reconciled (as "Reconcile now" does) rather than the orders the lines touched — recomputing most
 * of the store through a list of its orders costs more (semi-joins, the list itself) than
 * recomputing all of it.
 */
export async function stageCoversStore(tx: Tx, domainId: number, storeId: number, stagedLines: number): Promise<boolean> {
  const result = await tx.execute<{ orders: number }>(sql`select count(*)::int as orders from platform_orders p where p.domain_id = ${domainId} and p.store_id = ${storeId}`);
  return stagedLines > 0 && stagedLines >= Number(result.rows[0]?.orders ?? 0);
}

/**
 * Holds the row of the store (or of every store of the domain) whose ledger or reconciliations the
 * transaction writes, FOR KEY SHARE until it ends: the lock a foreign key to stores would take for
 * each row written, taken once (money_events and reconciliations have no such key: it cost a quarter
 * of a million-line insert). A store's delete locks its row FOR UPDATE and then counts these rows
 * among its references (index.ts), so it waits for a writer and then refuses; a writer that comes
 * after a delete finds no store.
 */
export async function lockLedgerStores(tx: Tx, domainId: number, storeId: number | null): Promise<void> {
  const result = await tx.execute(
    sql`select s.id from stores s where s.domain_id = ${domainId}${storeId === null ? sql`` : sql` and s.id = ${storeId}`} order by s.id for key share`,
  );
  if (storeId !== null && !result.rows.length) throw new AppError(ReconciliationErrors.STORE_NOT_FOUND, 404, { field: 'storeId', storeId });
}

/**
 * Runs a statement that writes rows under a unique key without `ON CONFLICT` (a plain insert costs a
 * fifth less at a million rows) in a savepoint; when a row was there after all (`constraint` violated:
 * a line imported before, or another transaction's row), runs it again with `ON CONFLICT DO NOTHING`.
 */
export async function insertOrSkipTaken<T>(tx: Tx, constraint: string, run: (db: Tx, skipTaken: boolean) => Promise<T>, skipTaken = false): Promise<T> {
  if (skipTaken) return run(tx, true);
  try {
    return await tx.transaction((savepoint) => run(savepoint, false));
  } catch (error) {
    if (uniqueViolation(error) !== constraint) throw error;
    return run(tx, true);
  }
}

/** Staged lines probed first for a line the ledger does not have: a new file shows one at once. */
const PROBE_SAMPLE = 1_000;

/** Whether the ledger has a staged line (`line`: its source line id) of this store and source. */
const inLedger = (domainId: number, storeId: number, source: BillSource, line: SQL) => sql`exists (
      select 1 from money_events e
      where e.domain_id = ${domainId} and e.store_id = ${storeId} and e.source = ${source} and e.source_line_id = ${line})`;

/** Of the first staged lines (up to PROBE_SAMPLE), how many there are and how many the ledger has already. */
async function sampleInLedger(tx: Tx, domainId: number, storeId: number, source: BillSource): Promise<{ sampled: number; known: number }> {
  const result = await tx.execute<{ sampled: number; known: number }>(sql`
    select count(*)::int as sampled, (count(*) filter (where ${inLedger(domainId, storeId, source, sql`s.source_line_id`)}))::int as known
    from (select source_line_id from bill_stage limit ${PROBE_SAMPLE}) s`);
  return { sampled: Number(result.rows[0]?.sampled ?? 0), known: Number(result.rows[0]?.known ?? 0) };
}

/**
 * Whether every staged line is in the ledger already (the same file imported again): then there
 * is nothing to insert, and the insert — a conflict checked and a row built for each event — is left
 * out. The first lines are probed first; only when all of them are known are all lines probed (one
 * index look-up each, stopping at the first new one).
 */
export async function stagedAllInLedger(tx: Tx, domainId: number, storeId: number, source: BillSource): Promise<boolean> {
  const sample = await sampleInLedger(tx, domainId, storeId, source);
  if (sample.known < sample.sampled) return false;
  const all = await tx.execute<{ known: boolean }>(
    sql`select not exists (select 1 from bill_stage s where not ${inLedger(domainId, storeId, source, sql`s.source_line_id`)}) as known`,
  );
  return all.rows[0]?.known === true;
}

/**
 * Moves the staged lines into the ledger, leaving alone the lines it already has; answers how many
 * were new. The text of each file line that gave a new event goes once into `bill_lines` (the
 * events name it by import and `bill_line`): every staged line is written first, and — only when
 * some events were in the ledger already — the lines none of whose events is of this import are
 * taken out again (a RETURNING of every new event, joined back to the lines, cost more than the
 * insert itself at a million events). With `touched`, the orders of the new lines are added to
 * `bill_touched` (for a reconcile of those orders only). `staged`: the rows staged.
 */
export async function loadStaged(tx: Tx, domainId: number, store: { id: number; platformCode: string }, source: BillSource, importId: number | null, staged: number, touched = true): Promise<number> {
  await lockLedgerStores(tx, domainId, store.id);
  const lines = importId === null ? 0 : Number((await tx.execute(sql`
    insert into bill_lines (domain_id, import_id, seq, line, text)
    select ${domainId}, ${importId}::bigint, s.raw_seq, s.raw_line, s.raw_text from bill_stage s where s.raw_text is not null`)).rowCount ?? 0);
  // In the order of the line key: each new key lands beside the one before (the index's pages stay
  // in memory) instead of anywhere in an index larger than the buffer cache.
  const insert = (skipTaken: boolean) => sql`
      insert into money_events (domain_id, platform, store_id, source, source_line_id, import_id, order_no, sub_order_no, after_sale_no, event_type, amount_fen, occurred_at, settled_at, raw, bill_line)
      select ${domainId}, ${store.platformCode}, ${store.id}, ${source}, s.source_line_id, ${importId}::bigint, s.order_no, s.sub_order_no, s.after_sale_no, s.event_type, s.amount_fen, s.occurred_at, s.settled_at,
             s.raw_json::jsonb, s.raw_seq
      from bill_stage s
      order by s.source_line_id
      ${skipTaken ? sql`on conflict (domain_id, store_id, source, source_line_id) do nothing` : sql``}`;
  // A plain insert when none of the first lines is in the ledger (a new file), in a savepoint: a line
  // further on that is there after all sends it to the insert that skips such lines.
  const result = await insertOrSkipTaken(
    tx,
    'money_events_line_key',
    (db, skipTaken) =>
      touched
        ? db.execute<{ inserted: number }>(sql`
    with inserted as (${insert(skipTaken)}
      returning order_no
    ),
    touched as (
      insert into bill_touched (order_no)
      select distinct i.order_no from inserted i where i.order_no is not null
      on conflict do nothing
    )
    select count(*)::int as inserted from inserted`)
        : db.execute(insert(skipTaken)),
    (await sampleInLedger(tx, domainId, store.id, source)).known > 0,
  );
  const inserted = touched ? Number(result.rows[0]?.inserted ?? 0) : Number(result.rowCount ?? 0);
  if (lines > 0) {
    if (inserted < staged) {
      // Some events were there already: a line none of whose events this import wrote is not kept.
      await tx.execute(sql`
        delete from bill_lines l
        where l.domain_id = ${domainId} and l.import_id = ${importId}::bigint
          and l.seq in (
            select s.raw_seq from bill_stage s
            where s.raw_seq is not null
            group by s.raw_seq
            having not bool_or(exists (
              select 1 from money_events e
              where e.domain_id = ${domainId} and e.store_id = ${store.id} and e.source = ${source} and e.source_line_id = s.source_line_id
                and e.import_id = ${importId}::bigint)))`);
    }
  }
  return inserted;
}
