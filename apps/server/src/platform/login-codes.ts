// Single-use codes an account hands out (login_codes): one-time sign-in codes, customer-service
// authorisation codes, chat tokens, platform sign-in tokens and the phone-change proof. Only the
// SHA-256 of a code is stored; a code is taken once, by an UPDATE that sets used_at where it is
// still unset, so two requests racing with one code cannot both succeed.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { SUPPORT_CODE_ALPHABET, SUPPORT_CODE_LENGTH } from '@openseller/core';
import type { Db, Tx } from '../db/client.js';
import { loginCodes } from '../db/schema/index.js';

export type LoginCodeKind = 'LOGIN' | 'SUPPORT' | 'CHAT' | 'PHONE_CHANGE' | 'PLATFORM';

export const hashLoginCode = (kind: LoginCodeKind, code: string) => createHash('sha256').update(`${kind}:${code}`).digest('hex');

/** A long random code (256 bits, url-safe): not guessable, so it needs no attempt counter of its own. */
export const newLongCode = () => randomBytes(32).toString('base64url');

/** An 8-character authorisation code a person can read out (31 characters, about 2^40 codes). */
export function newSupportCode(): string {
  let code = '';
  for (let i = 0; i < SUPPORT_CODE_LENGTH; i += 1) code += SUPPORT_CODE_ALPHABET[randomInt(0, SUPPORT_CODE_ALPHABET.length)];
  return code;
}

export interface IssueLoginCode {
  kind: LoginCodeKind;
  code: string;
  userId: number;
  domainId: number | null;
  expiresAt: Date;
  createdBy: number | null;
  note?: string | null;
}

export async function issueLoginCode(tx: Tx | Db, input: IssueLoginCode): Promise<{ id: number }> {
  const [row] = await tx
    .insert(loginCodes)
    .values({
      kind: input.kind,
      codeHash: hashLoginCode(input.kind, input.code),
      codeTail: input.code.slice(-2),
      userId: input.userId,
      domainId: input.domainId,
      expiresAt: input.expiresAt,
      createdBy: input.createdBy,
      note: input.note ?? null,
    })
    .returning({ id: loginCodes.id });
  return row!;
}

export type LoginCodeRow = typeof loginCodes.$inferSelect;

/** The live (unused, unrevoked, unexpired) code of a kind, without taking it. */
export async function findLiveCode(db: Db | Tx, kind: LoginCodeKind, code: string, now: Date): Promise<LoginCodeRow | undefined> {
  const rows = await db
    .select()
    .from(loginCodes)
    .where(and(eq(loginCodes.codeHash, hashLoginCode(kind, code)), eq(loginCodes.kind, kind), isNull(loginCodes.usedAt), isNull(loginCodes.revokedAt), gt(loginCodes.expiresAt, now)));
  return rows[0];
}

/** Takes a live code once: the row when this call took it, undefined when it was not live. */
export async function takeLiveCode(db: Db | Tx, id: number, now: Date, set: { csName?: string } = {}): Promise<LoginCodeRow | undefined> {
  const rows = await db
    .update(loginCodes)
    .set({ usedAt: now, ...(set.csName !== undefined ? { csName: set.csName } : {}) })
    .where(and(eq(loginCodes.id, id), isNull(loginCodes.usedAt), isNull(loginCodes.revokedAt), gt(loginCodes.expiresAt, now)))
    .returning();
  return rows[0];
}

/** Ends the live codes of an account of one kind (a new phone-change proof replaces the old one). */
export async function revokeLiveCodes(db: Db | Tx, userId: number, kind: LoginCodeKind, now: Date): Promise<void> {
  await db
    .update(loginCodes)
    .set({ revokedAt: now })
    .where(and(eq(loginCodes.userId, userId), eq(loginCodes.kind, kind), isNull(loginCodes.usedAt), isNull(loginCodes.revokedAt), sql`${loginCodes.expiresAt} > ${now}`));
}
