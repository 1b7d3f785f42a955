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
  await tx.insert(operationLogs).values({
    domainId: actor.domainId,
    userId: actor.userId,
    loginName: actor.loginName,
    area: entry.area,
    entityType: entry.entityType,
    entityId: String(entry.entityId),
    action: entry.action,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
