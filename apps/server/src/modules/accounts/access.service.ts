// Sign-in variants and support access (spec 01 §4.1, §4.9, §6, §7; 02 §7.1; issue #21 must-have 7):
// one-time sign-in codes, platform sign-in tokens, the customer-service authorisation code, the
// account centre's checks and the admin's change of phone by codes to the current and new phone.
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import {
  CS_CHAT_USER_PREFIX,
  CS_LOGIN_SUFFIX,
  ErrorCodes,
  maskPhone,
  type AuthCodeCreated,
  type AuthCodeRow,
  type ChangeAdminPhoneInput,
  type CheckEnvInput,
  type CheckEnvResult,
  type LoginByCodeAndCsInput,
  type LoginCodeCreated,
  type LoginResult,
  type MakeAuthCodeInput,
  type PlatformTokenLoginInput,
  type UserCenterInfo,
} from '@openseller/core';
import type { Database } from '../../db/client.js';
import { authTokens, domains, loginCodes, users } from '../../db/schema/index.js';
import { domainOf } from '../../platform/caller.js';
import { AppError, forbidden, notFound } from '../../platform/errors.js';
import { findLiveCode, issueLoginCode, newLongCode, newSupportCode, revokeLiveCodes, takeLiveCode, type LoginCodeKind } from '../../platform/login-codes.js';
import { writeOperationLog } from '../../platform/operation-log.js';
import { verifyPassword } from '../../platform/password-hash.js';
import type { PasswordTransport } from '../../platform/password-transport.js';
import type { Session } from '../../platform/sessions.js';
import { passwordPolicyError, type AuthService, type RequestMeta } from './auth.service.js';
import { captchaRequired, failureLocks, LOCK_MINUTES, LOGIN_WINDOW_MINUTES, minutesUntil } from './accounts.rules.js';

/** A one-time sign-in code lives 5 minutes; a chat token 30; the phone-change proof 10. */
export const LOGIN_CODE_TTL_SECONDS = 300;
export const CHAT_TOKEN_TTL_SECONDS = 1800;
export const PHONE_CHANGE_TTL_SECONDS = 600;
/** Wrong authorisation codes tried against one domain within LOGIN_WINDOW_MINUTES before support sign-in pauses. */
export const CS_CODE_MAX_FAILURES = 5;

type UserRow = typeof users.$inferSelect;

const codeInvalid = (field: string) => new AppError(ErrorCodes.CODE_INVALID, 400, { field });
/** The login-log name of support attempts against a domain: failures are counted per domain. */
const csAttemptName = (domainCode: string) => `cs@${domainCode}`;

export function createAccessService(deps: { database: Database; auth: AuthService; transport: PasswordTransport; now?: () => Date }) {
  const { db } = deps.database;
  const { kit } = deps.auth;
  const now = deps.now ?? (() => new Date());
  const after = (seconds: number) => new Date(now().getTime() + seconds * 1000);

  /** Support acts for the seller but may not hand out access, change the phone or test the password. */
  const refuseSupport = (session: Session) => {
    if (session.support) throw forbidden();
  };

  async function userById(id: number): Promise<UserRow | undefined> {
    return (await db.select().from(users).where(eq(users.id, id)))[0];
  }

  async function ownUser(session: Session): Promise<UserRow> {
    const user = await userById(session.userId);
    if (!user) throw new AppError(ErrorCodes.SESSION_INFO_NOT_EXIST, 401);
    return user;
  }

  /** Signs in the owner of a code taken just now (it must still be an open account). */
  async function signInCodeOwner(userId: number, meta: RequestMeta, loginType: string, loginCodeId: number | null = null): Promise<LoginResult> {
    const user = await userById(userId);
    if (!user) throw codeInvalid('code');
    if (user.status !== 'OPEN') {
      await kit.recordLogin({ loginName: user.loginName, user, result: 'STOPPED', meta, loginType });
      throw new AppError(ErrorCodes.ACCOUNT_STOPPED, 403);
    }
    return kit.signIn(user, meta, loginType, loginCodeId);
  }

  /** A long single-use code of a kind: found, taken once, or refused (and the refusal logged). */
  async function takeLongCode(kind: LoginCodeKind, code: string, meta: RequestMeta, attemptName: string, field: string, check?: (row: typeof loginCodes.$inferSelect) => boolean) {
    await kit.checkIpLimits(meta, attemptName);
    const found = await findLiveCode(db, kind, code, now());
    const taken = found && (!check || check(found)) ? await takeLiveCode(db, found.id, now()) : undefined;
    if (!taken) {
      await kit.recordLogin({ loginName: attemptName, result: 'BAD_CREDENTIALS', meta, loginType: attemptName });
      throw codeInvalid(field);
    }
    return taken;
  }

  function codeState(row: typeof loginCodes.$inferSelect, at: Date): AuthCodeRow['state'] {
    if (row.revokedAt) return 'REVOKED';
    if (row.expiresAt.getTime() <= at.getTime()) return 'EXPIRED';
    return row.usedAt ? 'IN_USE' : 'ACTIVE';
  }

  return {
    // ---- one-time sign-in codes --------------------------------------------------------------

    async createLoginCode(session: Session): Promise<LoginCodeCreated> {
      refuseSupport(session);
      const code = newLongCode();
      const expiresAt = after(LOGIN_CODE_TTL_SECONDS);
      await issueLoginCode(db, { kind: 'LOGIN', code, userId: session.userId, domainId: session.domainId, expiresAt, createdBy: session.userId });
      return { code, expiresAt: expiresAt.toISOString(), expiresIn: LOGIN_CODE_TTL_SECONDS };
    },

    async loginByCode(code: string, meta: RequestMeta): Promise<LoginResult> {
      const taken = await takeLongCode('LOGIN', code, meta, 'login-code', 'code');
      return signInCodeOwner(taken.userId, meta, 'code');
    },

    /** A token the store's platform handed over (the sandbox marketplace's "open in OpenSeller"). */
    async loginByPlatformToken(input: PlatformTokenLoginInput, meta: RequestMeta): Promise<LoginResult> {
      const platform = input.platformType.toUpperCase();
      const taken = await takeLongCode('PLATFORM', input.platformToken, meta, 'platform-token', 'platformToken', (row) => (row.note ?? '').split(':')[0] === platform);
      return signInCodeOwner(taken.userId, meta, 'platform');
    },

    // ---- customer-service authorisation code -------------------------------------------------

    async makeAuthCode(session: Session, input: MakeAuthCodeInput): Promise<AuthCodeCreated> {
      refuseSupport(session);
      const domainId = domainOf(session);
      const code = newSupportCode();
      const expiresAt = after(input.validHours * 3600);
      return db.transaction(async (tx) => {
        const { id } = await issueLoginCode(tx, { kind: 'SUPPORT', code, userId: session.userId, domainId, expiresAt, createdBy: session.userId, note: input.note ?? null });
        await writeOperationLog(
          tx,
          { userId: session.userId, loginName: session.loginName, domainId },
          { area: 'accounts', entityType: 'user', entityId: session.userId, action: 'MAKE_CS_AUTH_CODE', after: { codeId: id, codeTail: code.slice(-2), expiresAt: expiresAt.toISOString(), note: input.note ?? null } },
        );
        return { id, code, domainCode: session.domain!.code, expiresAt: expiresAt.toISOString() };
      });
    },

    /** The domain's authorisation codes of the last 30 days, newest first. */
    async listAuthCodes(session: Session): Promise<AuthCodeRow[]> {
      const domainId = domainOf(session);
      const at = now();
      const rows = await db
        .select()
        .from(loginCodes)
        .where(and(eq(loginCodes.domainId, domainId), eq(loginCodes.kind, 'SUPPORT'), gt(loginCodes.createdAt, new Date(at.getTime() - 30 * 86_400_000))))
        .orderBy(desc(loginCodes.createdAt), desc(loginCodes.id))
        .limit(100);
      return rows.map((r) => ({
        id: r.id,
        codeTail: r.codeTail,
        note: r.note,
        csName: r.csName,
        state: codeState(r, at),
        createdAt: r.createdAt.toISOString(),
        expiresAt: r.expiresAt.toISOString(),
        usedAt: r.usedAt?.toISOString() ?? null,
        revokedAt: r.revokedAt?.toISOString() ?? null,
      }));
    },

    /** Revokes a code: it can no longer sign in, and a support session made with it ends now. */
    async revokeAuthCode(session: Session, id: number): Promise<void> {
      refuseSupport(session);
      const domainId = domainOf(session);
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(loginCodes)
          .where(and(eq(loginCodes.id, id), eq(loginCodes.domainId, domainId), eq(loginCodes.kind, 'SUPPORT')))
          .for('update');
        if (!row) throw notFound('authCode');
        if (row.revokedAt) return;
        await tx.update(loginCodes).set({ revokedAt: now() }).where(eq(loginCodes.id, id));
        await tx.update(authTokens).set({ revokedAt: now() }).where(and(eq(authTokens.loginCodeId, id), sql`${authTokens.revokedAt} is null`));
        await writeOperationLog(
          tx,
          { userId: session.userId, loginName: session.loginName, domainId },
          { area: 'accounts', entityType: 'user', entityId: row.userId, action: 'REVOKE_CS_AUTH_CODE', after: { codeId: id, codeTail: row.codeTail, csName: row.csName } },
        );
      });
    },

    /** Support signs in to the domain with its number and the code; wrong codes per domain are limited. */
    async loginByCodeAndCs(input: LoginByCodeAndCsInput, meta: RequestMeta): Promise<LoginResult> {
      const attemptName = csAttemptName(input.domainCode);
      await kit.checkIpLimits(meta, attemptName);
      const since = new Date(now().getTime() - LOGIN_WINDOW_MINUTES * 60_000);
      if ((await kit.countFailures(attemptName, since)) >= CS_CODE_MAX_FAILURES) {
        await kit.recordLogin({ loginName: attemptName, result: 'RATE_LIMITED', meta, loginType: 'cs' });
        throw new AppError(ErrorCodes.TOO_MANY_ATTEMPTS, 429, { minutes: LOGIN_WINDOW_MINUTES });
      }
      const [domain] = await db.select({ id: domains.id }).from(domains).where(eq(domains.code, input.domainCode));
      const found = domain ? await findLiveCode(db, 'SUPPORT', input.code, now()) : undefined;
      const taken = found && found.domainId === domain!.id ? await takeLiveCode(db, found.id, now(), { csName: input.csName }) : undefined;
      if (!taken) {
        await kit.recordLogin({ loginName: attemptName, result: 'BAD_CREDENTIALS', meta, loginType: 'cs' });
        throw codeInvalid('code');
      }
      const result = await signInCodeOwner(taken.userId, meta, 'cs', taken.id);
      await db.transaction((tx) =>
        writeOperationLog(
          tx,
          { userId: taken.userId, loginName: result.loginName + CS_LOGIN_SUFFIX, domainId: domain!.id },
          { area: 'accounts', entityType: 'user', entityId: taken.userId, action: 'CS_SIGN_IN', after: { codeId: taken.id, codeTail: taken.codeTail, csName: input.csName, ip: meta.ip } },
        ),
      );
      return result;
    },

    // ---- chat token (01 §2.4, §4.9: the chat window gets a token for the signed-in user) ------

    async chatToken(session: Session): Promise<string> {
      const token = newLongCode();
      await issueLoginCode(db, { kind: 'CHAT', code: token, userId: session.userId, domainId: session.domainId, expiresAt: after(CHAT_TOKEN_TTL_SECONDS), createdBy: session.userId, note: session.support ? 'SUPPORT' : null });
      return token;
    },

    async checkChatToken(token: string, meta: RequestMeta) {
      const taken = await takeLongCode('CHAT', token, meta, 'chat-token', 'token');
      const user = await userById(taken.userId);
      if (!user) throw codeInvalid('token');
      const [domain] = user.domainId ? await db.select({ code: domains.code }).from(domains).where(eq(domains.id, user.domainId)) : [];
      return { chatUserId: `${CS_CHAT_USER_PREFIX}${user.id}`, userName: user.userName, domainCode: domain?.code ?? null };
    },

    // ---- sign-in form checks and account centre ----------------------------------------------

    async checkEnv(input: CheckEnvInput): Promise<CheckEnvResult> {
      const loginEnv = input.loginEnv ?? 'WC';
      if (!input.username) return { loginEnv, needCaptcha: false, locked: false };
      const guard = await kit.guardOf(input.username);
      const locked = !!guard?.lockedUntil && guard.lockedUntil.getTime() > now().getTime();
      const windowStart = new Date(now().getTime() - LOGIN_WINDOW_MINUTES * 60_000);
      const since = guard?.counterResetAt && guard.counterResetAt > windowStart ? guard.counterResetAt : windowStart;
      return { loginEnv, needCaptcha: captchaRequired(await kit.countFailures(input.username, since)), locked };
    },

    async verifyPass(input: { username: string; password: string }): Promise<{ valid: boolean; rule: string | null }> {
      const password = await deps.transport.decrypt(input.password);
      const refusal = passwordPolicyError(password, input.username);
      return { valid: !refusal, rule: refusal ? String(refusal.params.rule) : null };
    },

    /** The current account's password; wrong ones count toward the account's sign-in lock. */
    async checkPassword(session: Session, encrypted: string, meta: RequestMeta): Promise<boolean> {
      refuseSupport(session);
      const user = await ownUser(session);
      const guard = await kit.guardOf(user.loginName);
      if (guard?.lockedUntil && guard.lockedUntil.getTime() > now().getTime()) {
        throw new AppError(ErrorCodes.LOCK_ACCOUNT, 423, { minutes: minutesUntil(guard.lockedUntil, now()) });
      }
      const password = await deps.transport.decrypt(encrypted);
      if (await verifyPassword(user.passwordHash, password)) return true;
      await kit.recordLogin({ loginName: user.loginName, user, result: 'BAD_CREDENTIALS', meta, loginType: 'checkPassword' });
      const windowStart = new Date(now().getTime() - LOGIN_WINDOW_MINUTES * 60_000);
      const since = guard?.counterResetAt && guard.counterResetAt > windowStart ? guard.counterResetAt : windowStart;
      if (failureLocks(await kit.countFailures(user.loginName, since))) {
        await kit.setGuard(user.loginName, { lockedUntil: new Date(now().getTime() + LOCK_MINUTES * 60_000), counterResetAt: now() });
        throw new AppError(ErrorCodes.LOCK_ACCOUNT, 423, { minutes: LOCK_MINUTES });
      }
      throw new AppError(ErrorCodes.WRONG_PASSWORD, 400, { field: 'password' });
    },

    domainNumber(session: Session): string | null {
      return session.domain?.code ?? null;
    },

    /** The account centre's view: one's own account, or (a main account) a sub-account of the domain. */
    async userCenterInfo(session: Session, id: number | undefined): Promise<UserCenterInfo> {
      const targetId = id ?? session.userId;
      const user = await userById(targetId);
      const visible = user && (targetId === session.userId || (session.isMain && session.domainId !== null && user.domainId === session.domainId));
      if (!user || !visible) throw notFound('user');
      const [domain] = user.domainId ? await db.select({ code: domains.code, name: domains.name }).from(domains).where(eq(domains.id, user.domainId)) : [];
      const self = targetId === session.userId;
      return {
        userId: user.id,
        loginName: user.loginName,
        userName: self && session.support ? user.userName + CS_LOGIN_SUFFIX : user.userName,
        accountType: user.accountType,
        phoneMasked: user.phone ? maskPhone(user.phone) : null,
        hasPhone: !!user.phone,
        email: user.email,
        contactAddress: user.contactAddress,
        domainCode: domain?.code ?? null,
        domainName: domain?.name ?? null,
        lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
        passwordChangedAt: user.passwordChangedAt?.toISOString() ?? null,
        csLogin: self && !!session.support,
      };
    },

    // ---- the admin's change of phone ---------------------------------------------------------

    async sendCurrentPhoneCode(session: Session, meta: RequestMeta) {
      refuseSupport(session);
      const user = await ownUser(session);
      if (!user.phone) throw new AppError(ErrorCodes.VALIDATION, 400, { detail: 'the account has no phone number yet: bind one instead', field: 'mobile' });
      return kit.issueSmsCode(user.phone, 'CHANGE_PHONE_OLD', meta);
    },

    /** The current phone's code, checked: answers the proof the change itself needs (10 minutes). */
    async checkCurrentPhoneCode(session: Session, validateCode: string) {
      refuseSupport(session);
      const user = await ownUser(session);
      if (!user.phone) throw new AppError(ErrorCodes.VALIDATION, 400, { detail: 'the account has no phone number yet: bind one instead', field: 'mobile' });
      await kit.consumeSmsCode(user.phone, 'CHANGE_PHONE_OLD', validateCode, 'validateCode');
      const changeToken = newLongCode();
      await db.transaction(async (tx) => {
        await revokeLiveCodes(tx, user.id, 'PHONE_CHANGE', now());
        await issueLoginCode(tx, { kind: 'PHONE_CHANGE', code: changeToken, userId: user.id, domainId: user.domainId, expiresAt: after(PHONE_CHANGE_TTL_SECONDS), createdBy: user.id });
      });
      return { changeToken, expiresIn: PHONE_CHANGE_TTL_SECONDS };
    },

    async sendNewPhoneCode(session: Session, mobile: string, meta: RequestMeta) {
      refuseSupport(session);
      const user = await ownUser(session);
      if (user.phone === mobile) throw new AppError(ErrorCodes.VALIDATION, 400, { detail: 'the new number is the current one', field: 'mobile' });
      if (await kit.mainAccountWithPhone(mobile, user.id)) throw new AppError(ErrorCodes.PHONE_TAKEN, 409, { field: 'mobile' });
      return kit.issueSmsCode(mobile, 'CHANGE_PHONE_NEW', meta);
    },

    async changePhone(session: Session, input: ChangeAdminPhoneInput): Promise<void> {
      refuseSupport(session);
      const user = await ownUser(session);
      const proof = await findLiveCode(db, 'PHONE_CHANGE', input.changeToken, now());
      if (!proof || proof.userId !== user.id) throw codeInvalid('changeToken');
      if (user.phone === input.mobile) throw new AppError(ErrorCodes.VALIDATION, 400, { detail: 'the new number is the current one', field: 'mobile' });
      if (await kit.mainAccountWithPhone(input.mobile, user.id)) throw new AppError(ErrorCodes.PHONE_TAKEN, 409, { field: 'mobile' });
      await kit.consumeSmsCode(input.mobile, 'CHANGE_PHONE_NEW', input.validateCode, 'validateCode');
      await db.transaction(async (tx) => {
        if (!(await takeLiveCode(tx, proof.id, now()))) throw codeInvalid('changeToken');
        await tx.update(users).set({ phone: input.mobile, updatedAt: now(), version: sql`${users.version} + 1` }).where(eq(users.id, user.id));
        await writeOperationLog(
          tx,
          { userId: user.id, loginName: session.loginName, domainId: session.domainId },
          { area: 'accounts', entityType: 'user', entityId: user.id, action: 'CHANGE_PHONE', before: { phone: maskPhone(user.phone) }, after: { phone: maskPhone(input.mobile) } },
        );
      });
    },
  };
}

export type AccessService = ReturnType<typeof createAccessService>;
