// What every service of the orders area takes from the caller's session: the domain its calls are
// scoped to, and the actor its operation logs name.
import { ErrorCodes } from '@openseller/core';
import { AppError } from '../../platform/errors.js';
import type { OperationActor } from '../../platform/operation-log.js';
import type { Session } from '../../platform/sessions.js';

/** The session's domain; an account without one (root) is refused. */
export function domainOf(session: Session): number {
  if (session.domainId === null) throw new AppError(ErrorCodes.NO_PERMISSION, 403);
  return session.domainId;
}

export const actorOf = (s: Session): OperationActor => ({ userId: s.userId, loginName: s.loginName, domainId: s.domainId });
