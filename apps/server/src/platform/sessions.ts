// Sessions: opaque bearer tokens stored as hashes, so any process can serve any request and a
// stolen database dump holds no usable token.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { CS_LOGIN_SUFFIX, ErrorCodes, ROOT_MENUS, SELLER_MENUS, USER_FIELD_KEYS, type AccountType, type DomainLevel } from '@openseller/core';
import type { Db, Tx } from '../db/client.js';
import { authTokens } from '../db/schema/index.js';
import { AppError } from './errors.js';

export const ACCESS_TOKEN_TTL_SECONDS = 2 * 60 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

export interface SessionDomain {
  id: number;
  code: string;
  name: string;
  level: DomainLevel;
  trialLevel: DomainLevel | null;
  trialExpireTime: Date | null;
  expireTime: Date | null;
  byStore: boolean;
  extraMenus: string[];
}

export interface Session {
  tokenId: number;
  familyId: string;
  userId: number;
  loginName: string;
  userName: string;
  accountType: AccountType;
  systemRoles: string[];
  domainId: number | null;
  domain: SessionDomain | null;
  menus: ReadonlySet<string>;
  fields: string[];
  isRoot: boolean;
  isMain: boolean;
  /**
   * A customer-service sign-in on the seller's behalf (login/byCodeAndCs): the authorisation code
   * it used and the support person's name. Its loginName and userName carry CS_LOGIN_SUFFIX, so
   * the operation log and every "created by" name show the change was made by support.
   */
  support?: { codeId: number; csName: string | null } | null;
}

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  familyId: string;
}

// Raw queries answer timestamps as text.
const toDate = (v: Date | string | null) => (v === null ? null : new Date(v));

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

interface SessionRow extends Record<string, unknown> {
  token_id: number | null;
  family_id: string | null;
  user_id: number;
  login_name: string;
  user_name: string;
  account_type: AccountType;
  system_roles: string[];
  domain_id: number | null;
  domain_code: string | null;
  domain_name: string | null;
  level: DomainLevel | null;
  trial_level: DomainLevel | null;
  trial_expire_time: Date | string | null;
  expire_time: Date | string | null;
  by_store: boolean | null;
  extra_menus: string[] | null;
  role_menus: string[];
  role_fields: string[];
  login_code_id?: number | string | null;
  cs_name?: string | null;
}

export interface SessionStore {
  resolve(accessToken: string): Promise<Session | null>;
  /** The same view of an account without a token: for background jobs acting for a user. */
  forUser(userId: number): Promise<Session | null>;
  issue(tx: Tx, input: { userId: number; familyId?: string; ip: string; userAgent: string; loginCodeId?: number | null }): Promise<IssuedTokens>;
  refresh(refreshToken: string, meta: { ip: string; userAgent: string }): Promise<IssuedTokens & { userId: number }>;
  revokeFamily(familyId: string): Promise<void>;
  revokeUserSessions(tx: Tx, userId: number, exceptFamilyId?: string): Promise<void>;
}

const SESSION_SELECT = sql`
  select t.id as token_id, t.family_id, u.id as user_id, u.login_name, u.user_name, u.account_type,
         u.system_roles, u.domain_id, d.code as domain_code, d.name as domain_name, d.level, d.trial_level,
         d.trial_expire_time, d.expire_time, d.by_store, d.extra_menus,
         coalesce((select array_agg(distinct m) from user_roles ur join roles r on r.id = ur.role_id and r.domain_id = ur.domain_id
                   cross join lateral unnest(r.menus) m where ur.domain_id = u.domain_id and ur.user_id = u.id), '{}') as role_menus,
         coalesce((select array_agg(distinct f) from user_roles ur join roles r on r.id = ur.role_id and r.domain_id = ur.domain_id
                   cross join lateral unnest(r.fields) f where ur.domain_id = u.domain_id and ur.user_id = u.id), '{}') as role_fields
`;

const RESOLVE_TEXT = new PgDialect().sqlToQuery(sql`
  ${SESSION_SELECT}
  , t.login_code_id, lc.cs_name
  from auth_tokens t
  join users u on u.id = t.user_id
  left join domains d on d.id = u.domain_id
  left join login_codes lc on lc.id = t.login_code_id
  where t.access_hash = $1
    and t.revoked_at is null
    and t.access_expires_at > $2
    and u.status = 'OPEN'
    and (t.login_code_id is null or (lc.revoked_at is null and lc.expires_at > $2))
`).sql;

function toSession(row: SessionRow): Session {
  const isRoot = row.account_type === 'ROOT_ACCOUNT_TYPE';
  const isMain = row.account_type === 'MAIN_ACCOUNT_TYPE';
  const menus = isRoot ? new Set(ROOT_MENUS) : isMain ? new Set(SELLER_MENUS) : new Set(row.role_menus.filter((m) => SELLER_MENUS.includes(m)));
  const support = row.login_code_id != null ? { codeId: Number(row.login_code_id), csName: row.cs_name ?? null } : null;
  const suffix = support ? CS_LOGIN_SUFFIX : '';
  return {
    tokenId: row.token_id ?? 0,
    familyId: row.family_id ?? '',
    userId: row.user_id,
    loginName: row.login_name + suffix,
    userName: row.user_name + suffix,
    accountType: row.account_type,
    systemRoles: row.system_roles,
    domainId: row.domain_id,
    domain:
      row.domain_id === null
        ? null
        : {
            id: row.domain_id,
            code: row.domain_code!,
            name: row.domain_name!,
            level: row.level!,
            trialLevel: row.trial_level,
            trialExpireTime: toDate(row.trial_expire_time),
            expireTime: toDate(row.expire_time),
            byStore: row.by_store ?? false,
            extraMenus: row.extra_menus ?? [],
          },
    menus,
    fields: isRoot ? [] : isMain ? [...USER_FIELD_KEYS] : row.role_fields.filter((f) => USER_FIELD_KEYS.includes(f)),
    isRoot,
    isMain,
    support,
  };
}

export function createSessionStore(deps: { db: Db; pool: pg.Pool; now?: () => Date }): SessionStore {
  const { db, pool } = deps;
  const now = deps.now ?? (() => new Date());

  async function issue(tx: Tx, input: { userId: number; familyId?: string; ip: string; userAgent: string; loginCodeId?: number | null }): Promise<IssuedTokens> {
    const accessToken = newToken();
    const refreshToken = newToken();
    const familyId = input.familyId ?? randomUUID();
    const issuedAt = now().getTime();
    await tx.insert(authTokens).values({
      userId: input.userId,
      familyId,
      accessHash: hashToken(accessToken),
      refreshHash: hashToken(refreshToken),
      accessExpiresAt: new Date(issuedAt + ACCESS_TOKEN_TTL_SECONDS * 1000),
      refreshExpiresAt: new Date(issuedAt + REFRESH_TOKEN_TTL_SECONDS * 1000),
      ip: input.ip,
      userAgent: input.userAgent,
      loginCodeId: input.loginCodeId ?? null,
    });
    return { accessToken, refreshToken, expiresIn: ACCESS_TOKEN_TTL_SECONDS, familyId };
  }

  return {
    issue,

    async resolve(accessToken) {
      // Every call resolves its session: a named statement is planned once per connection
      // (planning this join with its two role subqueries costs more than running it).
      const result = await pool.query<SessionRow>({ name: 'openseller_session_resolve', text: RESOLVE_TEXT, values: [hashToken(accessToken), now()] });
      return result.rows[0] ? toSession(result.rows[0]) : null;
    },

    async forUser(userId) {
      const result = await db.execute<SessionRow>(sql`
        ${SESSION_SELECT}
        from users u
        left join auth_tokens t on false
        left join domains d on d.id = u.domain_id
        where u.id = ${userId} and u.status = 'OPEN'
      `);
      return result.rows[0] ? toSession(result.rows[0]) : null;
    },

    async refresh(refreshToken, meta) {
      const outcome = await db.transaction(async (tx) => {
        const found = await tx.execute<{
          id: number;
          user_id: number;
          family_id: string;
          refresh_used_at: Date | null;
          revoked_at: Date | null;
          refresh_expires_at: Date | string;
          status: string;
          login_code_id: number | string | null;
          code_valid: boolean | null;
        }>(sql`
          select t.id, t.user_id, t.family_id, t.refresh_used_at, t.revoked_at, t.refresh_expires_at, u.status, t.login_code_id,
                 (lc.revoked_at is null and lc.expires_at > ${now()}) as code_valid
          from auth_tokens t join users u on u.id = t.user_id
          left join login_codes lc on lc.id = t.login_code_id
          where t.refresh_hash = ${hashToken(refreshToken)}
          for update of t
        `);
        const row = found.rows[0];
        if (!row) return { ok: false as const };
        if (row.refresh_used_at) {
          // A refresh token presented a second time: someone holds a copy. End the family.
          await tx.execute(sql`update auth_tokens set revoked_at = ${now()} where family_id = ${row.family_id} and revoked_at is null`);
          return { ok: false as const };
        }
        if (row.revoked_at || new Date(row.refresh_expires_at).getTime() <= now().getTime() || row.status !== 'OPEN') return { ok: false as const };
        // A support sign-in lives no longer than its authorisation code.
        if (row.login_code_id != null && !row.code_valid) return { ok: false as const };
        await tx.execute(sql`update auth_tokens set refresh_used_at = ${now()}, revoked_at = ${now()} where id = ${row.id}`);
        const loginCodeId = row.login_code_id == null ? null : Number(row.login_code_id);
        const tokens = await issue(tx, { userId: row.user_id, familyId: row.family_id, loginCodeId, ...meta });
        return { ok: true as const, tokens: { ...tokens, userId: row.user_id } };
      });
      if (!outcome.ok) throw new AppError(ErrorCodes.REFRESH_TOKEN_INVALID, 401);
      return outcome.tokens;
    },

    async revokeFamily(familyId) {
      await db.execute(sql`update auth_tokens set revoked_at = ${now()} where family_id = ${familyId} and revoked_at is null`);
    },

    async revokeUserSessions(tx, userId, exceptFamilyId) {
      await tx.execute(sql`
        update auth_tokens set revoked_at = ${now()}
        where user_id = ${userId} and revoked_at is null
          ${exceptFamilyId ? sql`and family_id <> ${exceptFamilyId}` : sql``}
      `);
    },
  };
}
