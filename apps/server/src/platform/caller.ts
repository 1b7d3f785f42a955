// Who is calling: the seller domain a call acts in and the actor the operation log names. Route
// handlers read both from their context (ctx.domainId, ctx.actor); services that take a session
// use these two functions, never their own copies.
import { ErrorCodes } from '@openseller/core';
import { AppError } from './errors.js';
import type { OperationActor } from './operation-log.js';
import type { Session } from './sessions.js';

/** The caller's seller domain; a session without one (the root account) is refused with 403. */
export function domainOf(session: Session): number {
  if (session.domainId === null) throw new AppError(ErrorCodes.NO_PERMISSION, 403);
  return session.domainId;
}

/** The operation log's actor of a session. */
export function actorOf(session: Session): OperationActor {
  return { userId: session.userId, loginName: session.loginName, domainId: session.domainId };
}
