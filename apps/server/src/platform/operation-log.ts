// The operation log: who did what to which record, with the values before and after. Kinds and
// actions come from the catalogue in packages/core, so each has a label in every language.
import type { OperationLogAction, OperationLogEntityKind } from '@openseller/core';
import type { Tx } from '../db/client.js';
import { operationLogs } from '../db/schema/index.js';

export interface OperationActor {
  userId: number | null;
  loginName: string | null;
  domainId: number | null;
}

export interface OperationEntry {
  area: string;
  entityType: OperationLogEntityKind;
  entityId: string | number;
  action: OperationLogAction;
  before?: unknown;
  after?: unknown;
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
        domainId: actor.domainId,
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
