// The operation log: who did what to which record, with the values before and after. Kinds and
// actions come from the catalogue in packages/core, so each has a label in every language.
import type { OperationLogAction, OperationLogArea, OperationLogEntityKind } from '@openseller/core';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { operationLogs } from '../db/schema/index.js';

export interface OperationActor {
  userId: number | null;
  loginName: string | null;
  domainId: number | null;
}

export interface OperationEntry {
  area: OperationLogArea;
  entityType: OperationLogEntityKind;
  entityId: string | number;
  action: OperationLogAction;
  before?: unknown;
  after?: unknown;
}

/**
 * The domain an entry is written under. The log is a tenant table (distributed by domain_id,
 * db/tenancy.ts), so every entry names one: a seller's own, or for the root account's change to a
 * domain, that domain.
 */
export function logDomainOf(actor: { domainId: number | null }): number {
  if (actor.domainId === null) throw new Error('an operation-log entry needs the domain it belongs to');
  return actor.domainId;
}

export async function writeOperationLog(tx: Tx, actor: OperationActor, entry: OperationEntry): Promise<void> {
  await writeOperationLogs(tx, actor, [entry]);
}

/** Rows per INSERT statement: nine parameters a row stays well under PostgreSQL's 65535. */
const LOG_ROWS_PER_STATEMENT = 500;

/** Several operation-log entries of one actor, inserted together (500 rows a statement). */
export async function writeOperationLogs(tx: Tx, actor: OperationActor, entries: readonly OperationEntry[]): Promise<void> {
  for (let i = 0; i < entries.length; i += LOG_ROWS_PER_STATEMENT) {
    await tx.insert(operationLogs).values(
      entries.slice(i, i + LOG_ROWS_PER_STATEMENT).map((entry) => ({
        domainId: logDomainOf(actor),
        userId: actor.userId,
        loginName: actor.loginName,
        area: entry.area,
        entityType: entry.entityType,
        entityId: String(entry.entityId),
        action: entry.action,
        before: entry.before ?? null,
        after: entry.after ?? null,
      })),
    );
  }
}

/**
 * One entry per record, alike but for the record's id (a reveal of a thousand orders): a single
 * statement whose ids are one array parameter, instead of nine parameters a row.
 */
export async function writeOperationLogsForIds(tx: Tx, actor: OperationActor, entry: Omit<OperationEntry, 'entityId'>, ids: readonly (string | number)[]): Promise<void> {
  if (!ids.length) return;
  const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));
  await tx.execute(sql`
    insert into operation_logs (domain_id, user_id, login_name, area, entity_type, entity_id, action, before, after)
    select ${logDomainOf(actor)}, ${actor.userId}, ${actor.loginName}, ${entry.area}, ${entry.entityType}, x, ${entry.action}, ${json(entry.before)}::jsonb, ${json(entry.after)}::jsonb
    from unnest(${sql.param(ids.map(String))}::text[]) as x`);
}
