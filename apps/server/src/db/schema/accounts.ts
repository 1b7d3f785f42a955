import { sql } from 'drizzle-orm';
import { bigint, boolean, foreignKey, index, integer, pgSequence, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, createdBy, domainIdColumn, idColumn, tenantIdColumn, timestamptz, updatedAt, versionColumn } from '../columns.js';

/** Domain codes are numbers from 100001 up, shown to users. */
export const domainCodeSeq = pgSequence('domain_code_seq', { startWith: 100001 });

/** A seller's tenant. */
export const domains = pgTable(
  'domains',
  {
    id: idColumn(),
    code: text('code').notNull().default(sql`nextval('domain_code_seq')::text`),
    name: text('name').notNull(),
    level: text('level').notNull().default('LITE'),
    trialLevel: text('trial_level'),
    trialExpireTime: timestamptz('trial_expire_time'),
    expireTime: timestamptz('expire_time'),
    byStore: boolean('by_store').notNull().default(false),
    /** Store slots bought in store packs (billing module, spec 02 §7.17). */
    storeQuota: integer('store_quota').notNull().default(0),
    /** Extra menus granted to the domain by the platform (DISTRIBUTION is also derived from the level). */
    extraMenus: text('extra_menus').array().notNull().default(sql`'{}'::text[]`),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    contactEmail: text('contact_email'),
    version: versionColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('domains_code_key').on(t.code)],
);

/** Accounts: the root account (no domain), main accounts and sub-accounts. */
export const users = pgTable(
  'users',
  {
    id: idColumn(),
    domainId: bigint('domain_id', { mode: 'number' }).references(() => domains.id),
    loginName: text('login_name').notNull(),
    userName: text('user_name').notNull(),
    accountType: text('account_type').notNull(),
    /** System roles (SUPER_ADMIN, WMS_ADMIN); business roles are in user_roles. */
    systemRoles: text('system_roles').array().notNull().default(sql`'{}'::text[]`),
    phone: text('phone'),
    email: text('email'),
    contactAddress: text('contact_address'),
    remark: text('remark'),
    passwordHash: text('password_hash').notNull(),
    status: text('status').notNull().default('OPEN'),
    passwordChangedAt: timestamptz('password_changed_at'),
    lastLoginAt: timestamptz('last_login_at'),
    version: versionColumn(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_login_name_key').on(sql`lower(${t.loginName})`),
    index('users_domain_idx').on(t.domainId, t.id),
    index('users_phone_idx').on(t.phone),
  ],
);

export const roles = pgTable(
  'roles',
  {
    id: tenantIdColumn(),
    domainId: domainIdColumn().references(() => domains.id),
    roleName: text('role_name').notNull(),
    remark: text('remark'),
    menus: text('menus').array().notNull().default(sql`'{}'::text[]`),
    fields: text('fields').array().notNull().default(sql`'{}'::text[]`),
    version: versionColumn(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('roles_domain_name_key').on(t.domainId, t.roleName), primaryKey({ columns: [t.domainId, t.id] })],
);

export const userRoles = pgTable(
  'user_roles',
  {
    domainId: domainIdColumn().references(() => domains.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: bigint('role_id', { mode: 'number' })
      .notNull(),
  },
  (t) => [primaryKey({ columns: [t.domainId, t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId), foreignKey({ name: 'user_roles_role_id_fk', columns: [t.domainId, t.roleId], foreignColumns: [roles.domainId, roles.id] })],
);

/**
 * One row per issued token pair. Tokens are stored as SHA-256 hashes. A refresh rotates the pair
 * inside the same family; a refresh token presented twice revokes the whole family.
 */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: idColumn(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    accessHash: text('access_hash').notNull(),
    refreshHash: text('refresh_hash').notNull(),
    accessExpiresAt: timestamptz('access_expires_at').notNull(),
    refreshExpiresAt: timestamptz('refresh_expires_at').notNull(),
    refreshUsedAt: timestamptz('refresh_used_at'),
    revokedAt: timestamptz('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /**
     * The customer-service authorisation code a support sign-in used (login_codes, kind SUPPORT);
     * null for the account's own sign-ins. Such a session ends when its code expires or is revoked.
     */
    loginCodeId: bigint('login_code_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('auth_tokens_access_key').on(t.accessHash),
    uniqueIndex('auth_tokens_refresh_key').on(t.refreshHash),
    index('auth_tokens_family_idx').on(t.familyId),
    index('auth_tokens_user_idx').on(t.userId),
  ],
);

/** Every sign-in attempt: the login records page and the captcha/lock/rate rules read it. */
export const loginLogs = pgTable(
  'login_logs',
  {
    id: idColumn(),
    domainId: bigint('domain_id', { mode: 'number' }),
    userId: bigint('user_id', { mode: 'number' }),
    loginName: text('login_name').notNull(),
    loginType: text('login_type').notNull().default('common'),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    result: text('result').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_logs_name_time_idx').on(sql`lower(${t.loginName})`, t.createdAt),
    index('login_logs_ip_time_idx').on(t.ip, t.createdAt),
    index('login_logs_domain_time_idx').on(t.domainId, t.createdAt.desc().nullsFirst()),
  ],
);

/** Lock state per login name (existing or not, so a lock says nothing about existence). */
export const loginGuards = pgTable('login_guards', {
  loginName: text('login_name').primaryKey(),
  lockedUntil: timestamptz('locked_until'),
  /** Failures before this time no longer count (set by a success, a lock or an unlock). */
  counterResetAt: timestamptz('counter_reset_at'),
});

export const captchas = pgTable('captchas', {
  uniqueCode: text('unique_code').primaryKey(),
  code: text('code').notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
  createdAt: createdAt(),
});

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: idColumn(),
    mobile: text('mobile').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamptz('expires_at').notNull(),
    consumedAt: timestamptz('consumed_at'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('sms_codes_mobile_idx').on(t.mobile, t.purpose, t.createdAt)],
);

/** The default SMS sender writes here; the root account reads it in the admin area. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: idColumn(),
    mobile: text('mobile').notNull(),
    purpose: text('purpose').notNull(),
    content: text('content').notNull(),
    sender: text('sender').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sms_outbox_time_idx').on(t.createdAt.desc().nullsFirst())],
);

/** The RSA key pair for password transport, made on first start. */
export const securityKeys = pgTable('security_keys', {
  keyId: text('key_id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: createdAt(),
});

export const userConfigs = pgTable(
  'user_configs',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    configType: text('config_type').notNull(),
    code: text('code').notNull(),
    value: text('value').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.configType, t.code] })],
);

export const domainConfigs = pgTable(
  'domain_configs',
  {
    domainId: domainIdColumn().references(() => domains.id),
    itemCode: text('item_code').notNull(),
    value: text('value').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.domainId, t.itemCode] })],
);

/**
 * Single-use codes an account hands out: a one-time sign-in code (LOGIN, createLoginCode → login/byCode),
 * a customer-service authorisation code (SUPPORT, makeAuthCode4Cs → login/byCodeAndCs), a chat
 * token (CHAT, getCSToken) and the proof that the current phone received its code during a phone
 * change (PHONE_CHANGE). Only the SHA-256 of a code is stored.
 */
export const loginCodes = pgTable(
  'login_codes',
  {
    id: idColumn(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    domainId: bigint('domain_id', { mode: 'number' }).references(() => domains.id),
    kind: text('kind').$type<'LOGIN' | 'SUPPORT' | 'CHAT' | 'PHONE_CHANGE' | 'PLATFORM'>().notNull(),
    codeHash: text('code_hash').notNull(),
    /** The last characters of the code, so a list can tell codes apart without holding them. */
    codeTail: text('code_tail').notNull().default(''),
    /** SUPPORT: what the main account noted (whom the code is for); the support person's name once used. */
    note: text('note'),
    csName: text('cs_name'),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    revokedAt: timestamptz('revoked_at'),
    createdBy: createdBy(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('login_codes_hash_key').on(t.codeHash), index('login_codes_user_idx').on(t.userId, t.kind, t.createdAt)],
);
