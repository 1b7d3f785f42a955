import { ErrorCodes, type FieldProblem } from '@openseller/core';

/**
 * An error with a stable code. The server words it in the caller's language (messages.ts); the
 * web app may word it itself from the code and params.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly httpStatus: number = 400,
    readonly params: Record<string, string | number> = {},
    readonly fields?: FieldProblem[],
  ) {
    super(code);
    this.name = 'AppError';
  }
}

export const unauthorized = () => new AppError(ErrorCodes.SESSION_INFO_NOT_EXIST, 401);
export const forbidden = () => new AppError(ErrorCodes.NO_PERMISSION, 403);
export const notFound = (what: string) => new AppError(ErrorCodes.NOT_FOUND, 404, { what });
export const versionConflict = (what: string) => new AppError(ErrorCodes.VERSION_CONFLICT, 409, { what });
