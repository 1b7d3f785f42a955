// Sign-in, tokens, registration, forgotten passwords, password change and phone binding.
import { createHash, randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  checkPassword,
  CS_LOGIN_SUFFIX,
  ErrorCodes,
  type BindPhoneInput,
  type ChangePasswordByAuthCodeInput,
  type ChangePasswordInput,
  type ForgetPasswordCheckInput,
  type LoginByValidateCodeInput,
  type LoginInput,
  type LoginResult,
  type LoginResultCode,
  type RegisterInput,
  type SendValidateCodeInput,
  type SmsPurpose,
} from '@openseller/core';
import type { Database, Tx } from '../../db/client.js';
import { domains, loginGuards, loginLogs, smsCodes, users } from '../../db/schema/index.js';
import type { CaptchaService } from '../../platform/captcha.js';
import { AppError } from '../../platform/errors.js';
import { storableText } from '../../platform/http.js';
import { writeOperationLog } from '../../platform/operation-log.js';
import { hashPassword, verifyAgainstNothing, verifyPassword } from '../../platform/password-hash.js';
import type { PasswordTransport } from '../../platform/password-transport.js';
import type { Session, SessionStore } from '../../platform/sessions.js';
import type { SmsSender } from '../../platform/sms.js';
import {
  captchaRequired,
  failureLocks,
  IP_ATTEMPT_LIMIT,
  IP_FAILURE_LIMIT,
  LOCK_MINUTES,
  LOGIN_WINDOW_MINUTES,
  minutesUntil,
  SMS_CODE_TTL_SECONDS,
  SMS_MAX_ATTEMPTS,
  SMS_MAX_PER_IP_PER_HOUR,
  SMS_MAX_PER_MOBILE_PER_DAY,
  SMS_RESEND_SECONDS,
  smsCodeText,
} from './accounts.rules.js';

export interface RequestMeta {
  ip: string;
  userAgent: string;
}

export interface AuthServiceDeps {
  database: Database;
  sessions: SessionStore;
  transport: PasswordTransport;
  captcha: CaptchaService;
  sms: SmsSender;
  now?: () => Date;
}

type UserRow = typeof users.$inferSelect;

/** SMS purposes only a signed-in account's own calls send (never login/sendValidateCode). */
export type AccountSmsPurpose = 'CHANGE_PHONE_OLD' | 'CHANGE_PHONE_NEW';

const smsHash = (mobile: string, purpose: string, code: string) => createHash('sha256').update(`${mobile}:${purpose}:${code}`).digest('hex');

export function passwordPolicyError(password: string, username: string): AppError | null {
  const rule = checkPassword(password, username);
  return rule ? new AppError(ErrorCodes.PASSWORD_POLICY, 400, { rule, field: 'password' }) : null;
}

export function createAuthService(deps: AuthServiceDeps) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());
  const minutesAgo = (m: number) => new Date(now().getTime() - m * 60_000);

  async function findUserByLoginName(loginName: string): Promise<UserRow | undefined> {
    const rows = await db
      .select()
      .from(users)
      .where(sql`lower(${users.loginName}) = lower(${loginName})`)
      .limit(1);
    return rows[0];
  }

  async function recordLogin(entry: {
    loginName: string;
    user?: UserRow | undefined;
    result: LoginResultCode;
    meta: RequestMeta;
    loginType?: string;
  }): Promise<void> {
    await db.insert(loginLogs).values({
      loginName: entry.loginName,
      userId: entry.user?.id ?? null,
      domainId: entry.user?.domainId ?? null,
      ip: entry.meta.ip,
      userAgent: entry.meta.userAgent,
      result: entry.result,
      loginType: entry.loginType ?? 'common',
    });
  }

  async function guardOf(loginName: string) {
    const rows = await db.select().from(loginGuards).where(eq(loginGuards.loginName, loginName.toLowerCase()));
    return rows[0];
  }

  async function setGuard(loginName: string, values: { lockedUntil: Date | null; counterResetAt: Date }) {
    await db
      .insert(loginGuards)
      .values({ loginName: loginName.toLowerCase(), ...values })
      .onConflictDoUpdate({ target: loginGuards.loginName, set: values });
  }

  async function countFailures(loginName: string, since: Date): Promise<number> {
    const rows = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(loginLogs)
      .where(
        and(
          sql`lower(${loginLogs.loginName}) = lower(${loginName})`,
          eq(loginLogs.result, 'BAD_CREDENTIALS'),
          gt(loginLogs.createdAt, since),
        ),
      );
    return rows[0]?.n ?? 0;
  }

  async function checkIpLimits(meta: RequestMeta, loginName: string): Promise<void> {
    const since = minutesAgo(LOGIN_WINDOW_MINUTES);
    const rows = await db
      .select({
        attempts: sql<number>`count(*)::int`,
        failures: sql<number>`count(*) filter (where ${loginLogs.result} <> 'SUCCESS')::int`,
      })
      .from(loginLogs)
      .where(and(eq(loginLogs.ip, meta.ip), gt(loginLogs.createdAt, since)));
    const { attempts = 0, failures = 0 } = rows[0] ?? {};
    if (failures >= IP_FAILURE_LIMIT || attempts >= IP_ATTEMPT_LIMIT) {
      await recordLogin({ loginName, result: 'RATE_LIMITED', meta });
      throw new AppError(ErrorCodes.TOO_MANY_ATTEMPTS, 429, { minutes: LOGIN_WINDOW_MINUTES });
    }
  }

  function loginResult(user: UserRow, domainCode: string | null, tokens: { accessToken: string; refreshToken: string; expiresIn: number }): LoginResult {
    return {
      oauthToken: { token_type: 'bearer', access_token: tokens.accessToken, refresh_token: tokens.refreshToken, expires_in: tokens.expiresIn },
      domainCode,
      roles: user.systemRoles.length ? user.systemRoles : [user.accountType === 'MAIN_ACCOUNT_TYPE' ? 'MAIN_ACCOUNT' : 'SUB_ACCOUNT'],
      userId: user.id,
      loginName: user.loginName,
      needBindingPhone: user.accountType === 'MAIN_ACCOUNT_TYPE' && !user.phone,
    };
  }

  async function signIn(user: UserRow, meta: RequestMeta, loginType = 'common', loginCodeId: number | null = null): Promise<LoginResult> {
    const domainCode = user.domainId
      ? ((await db.select({ code: domains.code }).from(domains).where(eq(domains.id, user.domainId)))[0]?.code ?? null)
      : null;
    const tokens = await db.transaction(async (tx) => {
      await tx.update(users).set({ lastLoginAt: now() }).where(eq(users.id, user.id));
      return deps.sessions.issue(tx, { userId: user.id, loginCodeId, ...meta });
    });
    // A support sign-in proves nothing about the account's own password: its lock stays as it is.
    if (loginCodeId === null) await setGuard(user.loginName, { lockedUntil: null, counterResetAt: now() });
    await recordLogin({ loginName: loginCodeId === null ? user.loginName : user.loginName + CS_LOGIN_SUFFIX, user, result: 'SUCCESS', meta, loginType });
    return loginResult(user, domainCode, tokens);
  }

  // ---- SMS codes ---------------------------------------------------------------------------

  async function issueSmsCode(mobile: string, purpose: SmsPurpose | AccountSmsPurpose, meta: RequestMeta): Promise<{ resendAfter: number }> {
    const recent = await db
      .select({ createdAt: smsCodes.createdAt })
      .from(smsCodes)
      .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.purpose, purpose)))
      .orderBy(desc(smsCodes.createdAt))
      .limit(1);
    const last = recent[0]?.createdAt;
    if (last) {
      const wait = SMS_RESEND_SECONDS - Math.floor((now().getTime() - last.getTime()) / 1000);
      if (wait > 0) throw new AppError(ErrorCodes.SMS_TOO_FREQUENT, 429, { seconds: wait });
    }
    const [perMobile] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(smsCodes)
      .where(and(eq(smsCodes.mobile, mobile), gt(smsCodes.createdAt, minutesAgo(24 * 60))));
    const [perIp] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(smsCodes)
      .where(and(eq(smsCodes.ip, meta.ip), gt(smsCodes.createdAt, minutesAgo(60))));
    if ((perMobile?.n ?? 0) >= SMS_MAX_PER_MOBILE_PER_DAY || (perIp?.n ?? 0) >= SMS_MAX_PER_IP_PER_HOUR) {
      throw new AppError(ErrorCodes.TOO_MANY_ATTEMPTS, 429, { minutes: 60 });
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await db.transaction(async (tx) => {
      await tx.insert(smsCodes).values({
        mobile,
        purpose,
        codeHash: smsHash(mobile, purpose, code),
        expiresAt: new Date(now().getTime() + SMS_CODE_TTL_SECONDS * 1000),
        ip: meta.ip,
      });
      await deps.sms.send(tx, { mobile, purpose, content: smsCodeText(code) });
    });
    return { resendAfter: SMS_RESEND_SECONDS };
  }

  /** Checks and consumes the latest code; a wrong code counts an attempt, committed at once. */
  async function consumeSmsCode(mobile: string, purpose: SmsPurpose | AccountSmsPurpose, code: string, field = 'smsCode'): Promise<void> {
    const rows = await db
      .select()
      .from(smsCodes)
      .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.purpose, purpose), isNull(smsCodes.consumedAt), gt(smsCodes.expiresAt, now())))
      .orderBy(desc(smsCodes.createdAt))
      .limit(1);
    const row = rows[0];
    const invalid = () => new AppError(ErrorCodes.SMS_CODE_INVALID, 400, { field });
    if (!row || row.attempts >= SMS_MAX_ATTEMPTS) throw invalid();
    if (row.codeHash !== smsHash(mobile, purpose, code)) {
      await db.update(smsCodes).set({ attempts: sql`${smsCodes.attempts} + 1` }).where(eq(smsCodes.id, row.id));
      throw invalid();
    }
    const consumed = await db
      .update(smsCodes)
      .set({ consumedAt: now() })
      .where(and(eq(smsCodes.id, row.id), isNull(smsCodes.consumedAt)))
      .returning({ id: smsCodes.id });
    if (!consumed.length) throw invalid();
  }

  async function mainAccountWithPhone(mobile: string, exceptUserId?: number): Promise<UserRow | undefined> {
    const rows = await db
      .select()
      .from(users)
      .where(
        and(
          eq(users.phone, mobile),
          eq(users.accountType, 'MAIN_ACCOUNT_TYPE'),
          exceptUserId ? sql`${users.id} <> ${exceptUserId}` : undefined,
        ),
      )
      .limit(1);
    return rows[0];
  }

  async function setPassword(tx: Tx, userId: number, password: string): Promise<void> {
    await tx
      .update(users)
      .set({ passwordHash: await hashPassword(password), passwordChangedAt: now(), updatedAt: now(), version: sql`${users.version} + 1` })
      .where(eq(users.id, userId));
  }

  return {
    /** The sign-in machinery the other sign-in variants share (access.service.ts). */
    kit: { signIn, checkIpLimits, recordLogin, countFailures, guardOf, issueSmsCode, consumeSmsCode, mainAccountWithPhone, findUserByLoginName, setGuard },

    publicKey: () => deps.transport.publicKey(),

    async login(input: LoginInput, meta: RequestMeta): Promise<LoginResult> {
      const loginName = input.username;
      await checkIpLimits(meta, loginName);

      const guard = await guardOf(loginName);
      if (guard?.lockedUntil && guard.lockedUntil.getTime() > now().getTime()) {
        await recordLogin({ loginName, result: 'LOCKED', meta });
        throw new AppError(ErrorCodes.LOCK_ACCOUNT, 423, { minutes: minutesUntil(guard.lockedUntil, now()) });
      }
      const windowStart = minutesAgo(LOGIN_WINDOW_MINUTES);
      const since = guard?.counterResetAt && guard.counterResetAt > windowStart ? guard.counterResetAt : windowStart;
      const failures = await countFailures(loginName, since);

      if (captchaRequired(failures)) {
        try {
          await deps.captcha.verify(input.uniqueCode, input.validateCode);
        } catch (error) {
          await recordLogin({ loginName, result: input.validateCode ? 'CAPTCHA_WRONG' : 'CAPTCHA_REQUIRED', meta });
          throw error;
        }
      }

      const password = await deps.transport.decrypt(input.password);
      const user = await findUserByLoginName(loginName);
      const ok = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstNothing(password);
      if (!user || !ok) {
        await recordLogin({ loginName, user, result: 'BAD_CREDENTIALS', meta });
        const failuresNow = failures + 1;
        if (failureLocks(failuresNow)) {
          const lockedUntil = new Date(now().getTime() + LOCK_MINUTES * 60_000);
          await setGuard(loginName, { lockedUntil, counterResetAt: now() });
          throw new AppError(ErrorCodes.LOCK_ACCOUNT, 423, { minutes: LOCK_MINUTES });
        }
        throw new AppError(ErrorCodes.BAD_CREDENTIALS, 400, { needCaptcha: captchaRequired(failuresNow) ? 1 : 0 });
      }
      if (user.status !== 'OPEN') {
        await recordLogin({ loginName, user, result: 'STOPPED', meta });
        throw new AppError(ErrorCodes.ACCOUNT_STOPPED, 403);
      }
      return signIn(user, meta);
    },

    /**
     * A sign-in refused at the edge (a field the database cannot hold, a malformed payload) still
     * counts as a failed attempt of the name it tried, from its address, so such requests cannot
     * probe without limit. Over the address's limit it answers TOO_MANY_ATTEMPTS instead.
     */
    async countRefusedLogin(payload: unknown, meta: RequestMeta): Promise<void> {
      const tried = payload && typeof payload === 'object' ? (payload as { username?: unknown }).username : undefined;
      const loginName = storableText(typeof tried === 'string' ? tried : '').trim().slice(0, 64);
      await checkIpLimits(meta, loginName);
      await recordLogin({ loginName, result: 'BAD_CREDENTIALS', meta });
    },

    async loginByValidateCode(input: LoginByValidateCodeInput, meta: RequestMeta): Promise<LoginResult> {
      await checkIpLimits(meta, input.mobile);
      const user = await mainAccountWithPhone(input.mobile);
      await consumeSmsCode(input.mobile, 'LOGIN', input.validateCode, 'validateCode');
      if (!user) {
        await recordLogin({ loginName: input.mobile, result: 'BAD_CREDENTIALS', meta, loginType: 'sms' });
        throw new AppError(ErrorCodes.BAD_CREDENTIALS, 400);
      }
      if (user.status !== 'OPEN') {
        await recordLogin({ loginName: user.loginName, user, result: 'STOPPED', meta, loginType: 'sms' });
        throw new AppError(ErrorCodes.ACCOUNT_STOPPED, 403);
      }
      return signIn(user, meta, 'sms');
    },

    async refresh(refreshToken: string, meta: RequestMeta): Promise<{ oauthToken: LoginResult['oauthToken'] }> {
      const tokens = await deps.sessions.refresh(refreshToken, meta);
      return {
        oauthToken: { token_type: 'bearer', access_token: tokens.accessToken, refresh_token: tokens.refreshToken, expires_in: tokens.expiresIn },
      };
    },

    async logout(session: Session): Promise<void> {
      await deps.sessions.revokeFamily(session.familyId);
    },

    sendValidateCode(input: SendValidateCodeInput, meta: RequestMeta) {
      if (input.purpose === 'RESET_PASSWORD') {
        // A reset code goes out only through checkUsernameAndPhone, which matches the account.
        throw new AppError(ErrorCodes.VALIDATION, 400, { detail: 'purpose: use forgetPassword/checkUsernameAndPhone', field: 'purpose' });
      }
      return issueSmsCode(input.mobile, input.purpose, meta);
    },

    async register(input: RegisterInput, meta: RequestMeta): Promise<LoginResult> {
      const password = await deps.transport.decrypt(input.password);
      const policy = passwordPolicyError(password, input.username);
      if (policy) throw policy;
      if (await findUserByLoginName(input.username)) throw new AppError(ErrorCodes.USERNAME_TAKEN, 409, { field: 'username' });
      if (await mainAccountWithPhone(input.mobile)) throw new AppError(ErrorCodes.PHONE_TAKEN, 409, { field: 'mobile' });
      await consumeSmsCode(input.mobile, 'REGISTER', input.smsCode);
      const passwordHash = await hashPassword(password);
      const user = await db.transaction(async (tx) => {
        const [domain] = await tx
          .insert(domains)
          .values({
            name: input.companyName,
            level: 'LITE',
            contactName: input.contactName ?? null,
            contactPhone: input.mobile,
            contactEmail: input.contactEmail || null,
          })
          .returning();
        const [created] = await tx
          .insert(users)
          .values({
            domainId: domain!.id,
            loginName: input.username,
            userName: input.contactName || input.username,
            accountType: 'MAIN_ACCOUNT_TYPE',
            phone: input.mobile,
            email: input.contactEmail || null,
            passwordHash,
            passwordChangedAt: now(),
          })
          .returning();
        await writeOperationLog(
          tx,
          { userId: created!.id, loginName: created!.loginName, domainId: domain!.id },
          { area: 'accounts', entityType: 'domain', entityId: domain!.id, action: 'REGISTER', after: { code: domain!.code, level: domain!.level, source: input.source ?? null } },
        );
        return created!;
      });
      return signIn(user, meta, 'register');
    },

    async forgetPasswordCheck(input: ForgetPasswordCheckInput, meta: RequestMeta): Promise<{ resendAfter: number }> {
      const user = await findUserByLoginName(input.username);
      if (!user || user.phone !== input.mobile) throw new AppError(ErrorCodes.USER_PHONE_MISMATCH, 400, { field: 'mobile' });
      return issueSmsCode(input.mobile, 'RESET_PASSWORD', meta);
    },

    async changePasswordByAuthCode(input: ChangePasswordByAuthCodeInput): Promise<void> {
      const user = await findUserByLoginName(input.username);
      if (!user || user.phone !== input.mobile) throw new AppError(ErrorCodes.USER_PHONE_MISMATCH, 400, { field: 'mobile' });
      const password = await deps.transport.decrypt(input.password);
      const policy = passwordPolicyError(password, user.loginName);
      if (policy) throw policy;
      await consumeSmsCode(input.mobile, 'RESET_PASSWORD', input.authCode, 'authCode');
      await db.transaction(async (tx) => {
        await setPassword(tx, user.id, password);
        await deps.sessions.revokeUserSessions(tx, user.id);
        await writeOperationLog(
          tx,
          { userId: user.id, loginName: user.loginName, domainId: user.domainId },
          { area: 'accounts', entityType: 'user', entityId: user.id, action: 'RESET_PASSWORD_BY_SMS' },
        );
      });
      // A reset also lifts a lock: the owner proved who they are.
      await setGuard(user.loginName, { lockedUntil: null, counterResetAt: now() });
    },

    async changePassword(session: Session, input: ChangePasswordInput): Promise<void> {
      const [user] = await db.select().from(users).where(eq(users.id, session.userId));
      if (!user) throw new AppError(ErrorCodes.SESSION_INFO_NOT_EXIST, 401);
      const from = await deps.transport.decrypt(input.fromPassWord);
      const to = await deps.transport.decrypt(input.toPassWord);
      if (!(await verifyPassword(user.passwordHash, from))) throw new AppError(ErrorCodes.WRONG_PASSWORD, 400, { field: 'fromPassWord' });
      const policy = passwordPolicyError(to, user.loginName);
      if (policy) throw new AppError(ErrorCodes.PASSWORD_POLICY, 400, { ...policy.params, field: 'toPassWord' });
      await db.transaction(async (tx) => {
        await setPassword(tx, user.id, to);
        // Other sign-ins of this account end; this one stays.
        await deps.sessions.revokeUserSessions(tx, user.id, session.familyId);
        await writeOperationLog(
          tx,
          { userId: user.id, loginName: user.loginName, domainId: user.domainId },
          { area: 'accounts', entityType: 'user', entityId: user.id, action: 'CHANGE_PASSWORD' },
        );
      });
    },

    async bindPhone(session: Session, input: BindPhoneInput): Promise<void> {
      if (session.isMain && (await mainAccountWithPhone(input.mobile, session.userId))) {
        throw new AppError(ErrorCodes.PHONE_TAKEN, 409, { field: 'mobile' });
      }
      await consumeSmsCode(input.mobile, 'BIND_PHONE', input.smsCode);
      await db.transaction(async (tx) => {
        const [before] = await tx.select({ phone: users.phone }).from(users).where(eq(users.id, session.userId));
        await tx.update(users).set({ phone: input.mobile, updatedAt: now(), version: sql`${users.version} + 1` }).where(eq(users.id, session.userId));
        await writeOperationLog(
          tx,
          { userId: session.userId, loginName: session.loginName, domainId: session.domainId },
          { area: 'accounts', entityType: 'user', entityId: session.userId, action: 'BIND_PHONE', before, after: { phone: input.mobile } },
        );
      });
    },

    /** Lifts a sign-in lock (unlockAccount). */
    async unlockLoginName(loginName: string): Promise<void> {
      await setGuard(loginName, { lockedUntil: null, counterResetAt: now() });
    },

    async isLocked(loginName: string): Promise<boolean> {
      const guard = await guardOf(loginName);
      return !!guard?.lockedUntil && guard.lockedUntil.getTime() > now().getTime();
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
