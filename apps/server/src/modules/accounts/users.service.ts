// The signed-in account's own view (account, menus, fields, domain) and the management of
// sub-accounts and roles by the main account or a sub-account holding MENU_USER_MANAGER.
import { and, eq, sql } from 'drizzle-orm';
import {
  CS_LOGIN_SUFFIX,
  canSeeField,
  domainExtraMenus,
  ErrorCodes,
  SELLER_MENU_GROUPS,
  SELLER_MENUS,
  USER_FIELD_KEYS,
  USER_FIELDS,
  type Account,
  type ChangePassSubUserInput,
  type DomainConfigItem,
  type DomainInfo,
  type MenuEntry,
  type MenuGroup,
  type PageResult,
  type RoleCreateInput,
  type RoleRow,
  type RoleSearchInput,
  type RoleUpdateInput,
  type SubUserCreateInput,
  type SubUserRow,
  type SubUserSearchInput,
  type SubUserUpdateInput,
} from '@openseller/core';
import type { Database, Tx } from '../../db/client.js';
import { domainConfigs, roles, userConfigs, users } from '../../db/schema/index.js';
import { AppError, notFound, versionConflict } from '../../platform/errors.js';
import { writeOperationLog } from '../../platform/operation-log.js';
import { hashPassword } from '../../platform/password-hash.js';
import type { PasswordTransport } from '../../platform/password-transport.js';
import type { Session, SessionStore } from '../../platform/sessions.js';
import { countRoleUsers, findRole, findSubUser, grantsOfUsers, replaceUserRoles, roleHolderIds, roleIdsOfUser, rolesOfDomain, searchRoles, searchSubUsers, toRoleRow } from './accounts.queries.js';
import { passwordPolicyError, type AuthService } from './auth.service.js';
import { actorOf, domainOf as sellerDomain } from '../../platform/caller.js';

export interface UsersServiceDeps {
  database: Database;
  sessions: SessionStore;
  transport: PasswordTransport;
  auth: AuthService;
  now?: () => Date;
}



/** Whether menus and fields go beyond what the signed-in manager holds (never for the main account). */
function exceedsOwnGrants(session: Session, menus: readonly string[], fields: readonly string[]): boolean {
  if (session.isMain) return false;
  return menus.some((m) => !session.menus.has(m)) || fields.some((f) => !session.fields.includes(f));
}

/** A sub-account manager cannot hand out menus or fields beyond its own. */
function checkGrantCeiling(session: Session, menus: readonly string[], fields: readonly string[]): void {
  if (exceedsOwnGrants(session, menus, fields)) throw new AppError(ErrorCodes.GRANT_EXCEEDS_OWN, 403);
}

export function createUsersService(deps: UsersServiceDeps) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());

  async function assignableRoles(tx: Tx, session: Session, domainId: number, roleIds: number[]) {
    const unique = [...new Set(roleIds)];
    const found = await rolesOfDomain(tx, domainId, unique);
    if (found.length !== unique.length) throw new AppError(ErrorCodes.VALIDATION, 400, { detail: 'roleIds: unknown role', field: 'roleIds' });
    for (const role of found) checkGrantCeiling(session, role.menus, role.fields);
    return unique;
  }

  /**
   * The one check of every operation on an account (edit, stop, open, delete, unlock, change its
   * password, change a role it holds): a sub-account manager acts only on accounts whose menus and
   * fields it holds itself, or it could take over a stronger account (set its password and sign
   * in as it). The main account manages every sub-account.
   */
  async function checkAccountsWithinOwnGrants(tx: Tx, session: Session, domainId: number, userIds: readonly number[]): Promise<void> {
    if (session.isMain || !userIds.length) return;
    for (const held of await grantsOfUsers(tx, domainId, userIds)) {
      const menus = held.menus.filter((m) => SELLER_MENUS.includes(m));
      const fields = held.fields.filter((f) => USER_FIELD_KEYS.includes(f));
      if (exceedsOwnGrants(session, menus, fields)) throw new AppError(ErrorCodes.ACCOUNT_EXCEEDS_OWN, 403, { loginName: held.loginName });
    }
  }

  /** A sub-account of the caller's domain that the caller may manage. */
  async function manageableSubUser(tx: Tx, session: Session, userId: number) {
    const domainId = sellerDomain(session);
    const user = await findSubUser(tx, domainId, userId);
    if (!user) throw notFound('user');
    await checkAccountsWithinOwnGrants(tx, session, domainId, [user.id]);
    return user;
  }

  function notSelf(session: Session, userId: number) {
    if (session.userId === userId) throw new AppError(ErrorCodes.CANNOT_ACT_ON_SELF, 400);
  }

  async function subUserRowById(tx: Tx, domainId: number, userId: number): Promise<SubUserRow> {
    const user = await findSubUser(tx, domainId, userId);
    if (!user) throw notFound('user');
    const result = await searchSubUsers(tx, domainId, { keyword: user.loginName, currentPage: 1, pageSize: 1000 }, now());
    const row = result.rows.find((r) => r.id === userId);
    if (!row) throw notFound('user');
    return row;
  }

  return {
    // ---- the signed-in account -----------------------------------------------------------

    async currentAccount(session: Session): Promise<Account> {
      const [user] = await db.select().from(users).where(eq(users.id, session.userId));
      if (!user) throw new AppError(ErrorCodes.SESSION_INFO_NOT_EXIST, 401);
      const roleNames = session.domainId
        ? (await rolesOfDomain(db, session.domainId, await roleIdsOfUser(db, session.domainId, user.id))).map((r) => r.roleName)
        : [];
      return {
        userId: user.id,
        loginName: user.loginName,
        // A customer-service sign-in shows the suffix on the displayed name (spec 01 §6).
        userName: session.support ? user.userName + CS_LOGIN_SUFFIX : user.userName,
        csLogin: !!session.support,
        accountType: session.accountType,
        domainId: session.domainId,
        domainCode: session.domain?.code ?? null,
        contactName: user.userName,
        contactEmail: user.email,
        contactAddress: user.contactAddress,
        phone: user.phone,
        roles: [...session.systemRoles, ...(session.isMain ? ['MAIN_ACCOUNT'] : []), ...roleNames],
        permissions: [...session.menus],
        storeIdList: [],
        whIdList: [],
      };
    },

    userMenus(session: Session): MenuEntry[] {
      return [...session.menus].map((menuName) => ({ menuName, menuDescr: menuName, menuType: 'MENU', enable: true }));
    },

    visibleFields(session: Session): string[] {
      if (!session.domain) return [];
      return session.fields.filter((f) => canSeeField(f, session.fields, session.domain!, now()));
    },

    domainExtraMenus(session: Session): string[] {
      if (!session.domain) return [];
      return domainExtraMenus(session.domain, session.domain.extraMenus, now());
    },

    domainInfo(session: Session): DomainInfo | null {
      const d = session.domain;
      if (!d) return null;
      return {
        domainId: d.id,
        domainCode: d.code,
        name: d.name,
        level: d.level,
        trialLevel: d.trialLevel,
        trialExpireTime: d.trialExpireTime?.toISOString() ?? null,
        expireTime: d.expireTime?.toISOString() ?? null,
        byStore: d.byStore,
        userFieldList: this.visibleFields(session),
      };
    },

    async domainConfig(session: Session): Promise<DomainConfigItem[]> {
      if (!session.domainId) return [];
      const rows = await db.select().from(domainConfigs).where(eq(domainConfigs.domainId, session.domainId));
      return rows.map((r) => ({ itemCode: r.itemCode, value: r.value }));
    },

    async userConfig(session: Session, configType: string): Promise<{ code: string; value: string }[]> {
      const rows = await db
        .select({ code: userConfigs.code, value: userConfigs.value })
        .from(userConfigs)
        .where(and(eq(userConfigs.userId, session.userId), eq(userConfigs.configType, configType)));
      return rows;
    },

    async updateUserConfig(session: Session, input: { configType: string; code: string; value: string }): Promise<void> {
      await db
        .insert(userConfigs)
        .values({ userId: session.userId, ...input })
        .onConflictDoUpdate({
          target: [userConfigs.userId, userConfigs.configType, userConfigs.code],
          set: { value: input.value, updatedAt: now() },
        });
    },

    /** The menus and fields a role editor may offer: the caller's own (all for the main account). */
    grantableMenus(session: Session): { groups: MenuGroup[]; fields: string[] } {
      const groups = SELLER_MENU_GROUPS.map((g) => ({ ...g, menus: g.menus.filter((m) => session.isMain || session.menus.has(m.key)) })).filter(
        (g) => g.menus.length > 0,
      );
      const fields = USER_FIELDS.map((f) => f.key).filter((f) => session.isMain || session.fields.includes(f));
      return { groups, fields };
    },

    // ---- sub-accounts --------------------------------------------------------------------

    async searchSubUsers(session: Session, input: SubUserSearchInput): Promise<PageResult<SubUserRow>> {
      const result = await searchSubUsers(db, sellerDomain(session), input, now());
      return { voList: result.rows, total: result.total, currentPage: input.currentPage, pageSize: input.pageSize };
    },

    async getSubUser(session: Session, userId: number): Promise<SubUserRow> {
      return subUserRowById(db, sellerDomain(session), userId);
    },

    async createSubUser(session: Session, input: SubUserCreateInput): Promise<SubUserRow> {
      const domainId = sellerDomain(session);
      const password = await deps.transport.decrypt(input.password);
      const policy = passwordPolicyError(password, input.loginName);
      if (policy) throw policy;
      const passwordHash = await hashPassword(password);
      const id = await db.transaction(async (tx) => {
        const taken = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.loginName}) = lower(${input.loginName})`);
        if (taken.length) throw new AppError(ErrorCodes.USERNAME_TAKEN, 409, { field: 'loginName' });
        const roleIds = await assignableRoles(tx, session, domainId, input.roleIds);
        const [created] = await tx
          .insert(users)
          .values({
            domainId,
            loginName: input.loginName,
            userName: input.userName,
            accountType: 'SUB_ACCOUNT_TYPE',
            phone: input.phone || null,
            email: input.email || null,
            remark: input.remark || null,
            passwordHash,
            passwordChangedAt: now(),
            createdBy: session.userId,
          })
          .returning();
        await replaceUserRoles(tx, domainId, created!.id, roleIds);
        await writeOperationLog(tx, actorOf(session), {
          area: 'accounts',
          entityType: 'user',
          entityId: created!.id,
          action: 'CREATE_SUB_USER',
          after: { loginName: created!.loginName, userName: created!.userName, roleIds },
        });
        return created!.id;
      });
      return subUserRowById(db, domainId, id);
    },

    async updateSubUser(session: Session, input: SubUserUpdateInput): Promise<SubUserRow> {
      const domainId = sellerDomain(session);
      await db.transaction(async (tx) => {
        const user = await manageableSubUser(tx, session, input.id);
        const roleIds = await assignableRoles(tx, session, domainId, input.roleIds);
        const beforeRoles = await roleIdsOfUser(tx, domainId, user.id);
        const updated = await tx
          .update(users)
          .set({
            userName: input.userName,
            phone: input.phone || null,
            email: input.email || null,
            remark: input.remark || null,
            updatedAt: now(),
            version: sql`${users.version} + 1`,
          })
          .where(and(eq(users.id, user.id), eq(users.domainId, domainId), eq(users.version, input.version)))
          .returning({ id: users.id });
        if (!updated.length) throw versionConflict('user');
        await replaceUserRoles(tx, domainId, user.id, roleIds);
        await writeOperationLog(tx, actorOf(session), {
          area: 'accounts',
          entityType: 'user',
          entityId: user.id,
          action: 'UPDATE_SUB_USER',
          before: { userName: user.userName, phone: user.phone, email: user.email, remark: user.remark, roleIds: beforeRoles },
          after: { userName: input.userName, phone: input.phone || null, email: input.email || null, remark: input.remark || null, roleIds },
        });
      });
      return subUserRowById(db, domainId, input.id);
    },

    async deleteSubUser(session: Session, userId: number): Promise<void> {
      notSelf(session, userId);
      await db.transaction(async (tx) => {
        const user = await manageableSubUser(tx, session, userId);
        await tx.delete(users).where(and(eq(users.id, user.id), eq(users.domainId, user.domainId!)));
        await writeOperationLog(tx, actorOf(session), {
          area: 'accounts',
          entityType: 'user',
          entityId: user.id,
          action: 'DELETE_SUB_USER',
          before: { loginName: user.loginName, userName: user.userName },
        });
      });
    },

    async setSubUserStatus(session: Session, userId: number, status: 'OPEN' | 'STOP'): Promise<void> {
      notSelf(session, userId);
      await db.transaction(async (tx) => {
        const user = await manageableSubUser(tx, session, userId);
        if (user.status === status) return;
        await tx
          .update(users)
          .set({ status, updatedAt: now(), version: sql`${users.version} + 1` })
          .where(and(eq(users.id, user.id), eq(users.domainId, user.domainId!)));
        // A stopped account is signed out at once.
        if (status === 'STOP') await deps.sessions.revokeUserSessions(tx, user.id);
        await writeOperationLog(tx, actorOf(session), {
          area: 'accounts',
          entityType: 'user',
          entityId: user.id,
          action: status === 'STOP' ? 'STOP_SUB_USER' : 'OPEN_SUB_USER',
          before: { status: user.status },
          after: { status },
        });
      });
    },

    async unlockSubUser(session: Session, userId: number): Promise<void> {
      const user = await manageableSubUser(db, session, userId);
      await deps.auth.unlockLoginName(user.loginName);
      await db.transaction((tx) =>
        writeOperationLog(tx, actorOf(session), { area: 'accounts', entityType: 'user', entityId: user.id, action: 'UNLOCK_SUB_USER' }),
      );
    },

    async changeSubUserPassword(session: Session, input: ChangePassSubUserInput): Promise<void> {
      const user = await manageableSubUser(db, session, input.userId);
      const password = await deps.transport.decrypt(input.password);
      const policy = passwordPolicyError(password, user.loginName);
      if (policy) throw policy;
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ passwordHash, passwordChangedAt: now(), updatedAt: now(), version: sql`${users.version} + 1` })
          .where(and(eq(users.id, user.id), eq(users.domainId, user.domainId!)));
        await deps.sessions.revokeUserSessions(tx, user.id);
        await writeOperationLog(tx, actorOf(session), { area: 'accounts', entityType: 'user', entityId: user.id, action: 'CHANGE_SUB_USER_PASSWORD' });
      });
    },

    // ---- roles ---------------------------------------------------------------------------

    async listRoles(session: Session): Promise<RoleRow[]> {
      return (await searchRoles(db, sellerDomain(session), { currentPage: 1, pageSize: 1000 })).rows;
    },

    async searchRoles(session: Session, input: RoleSearchInput): Promise<PageResult<RoleRow>> {
      const result = await searchRoles(db, sellerDomain(session), input);
      return { voList: result.rows, total: result.total, currentPage: input.currentPage, pageSize: input.pageSize };
    },

    async getRole(session: Session, roleId: number): Promise<RoleRow> {
      const domainId = sellerDomain(session);
      const role = await findRole(db, domainId, roleId);
      if (!role) throw notFound('role');
      return toRoleRow(role, await countRoleUsers(db, domainId, roleId));
    },

    async createRole(session: Session, input: RoleCreateInput): Promise<RoleRow> {
      const domainId = sellerDomain(session);
      const menus = [...new Set(input.menus)];
      const fields = [...new Set(input.fields)];
      checkGrantCeiling(session, menus, fields);
      const role = await db.transaction(async (tx) => {
        const clash = await tx
          .select({ id: roles.id })
          .from(roles)
          .where(and(eq(roles.domainId, domainId), eq(roles.roleName, input.roleName)));
        if (clash.length) throw new AppError(ErrorCodes.ROLE_NAME_TAKEN, 409, { field: 'roleName' });
        const [created] = await tx
          .insert(roles)
          .values({ domainId, roleName: input.roleName, remark: input.remark || null, menus, fields, createdBy: session.userId })
          .returning();
        await writeOperationLog(tx, actorOf(session), {
          area: 'accounts',
          entityType: 'role',
          entityId: created!.id,
          action: 'CREATE_ROLE',
          after: { roleName: created!.roleName, menus, fields },
        });
        return created!;
      });
      return toRoleRow(role, 0);
    },

    async updateRole(session: Session, input: RoleUpdateInput): Promise<RoleRow> {
      const domainId = sellerDomain(session);
      const menus = [...new Set(input.menus)];
      const fields = [...new Set(input.fields)];
      checkGrantCeiling(session, menus, fields);
      await db.transaction(async (tx) => {
        const role = await findRole(tx, domainId, input.id);
        if (!role) throw notFound('role');
        const clash = await tx
          .select({ id: roles.id })
          .from(roles)
          .where(and(eq(roles.domainId, domainId), eq(roles.roleName, input.roleName), sql`${roles.id} <> ${role.id}`));
        if (clash.length) throw new AppError(ErrorCodes.ROLE_NAME_TAKEN, 409, { field: 'roleName' });
        // A manager may not edit a role that already holds more than it may grant, nor change
        // the rights of an account stronger than itself through a role that account holds.
        checkGrantCeiling(session, role.menus, role.fields);
        await checkAccountsWithinOwnGrants(tx, session, domainId, await roleHolderIds(tx, domainId, role.id));
        const updated = await tx
          .update(roles)
          .set({ roleName: input.roleName, remark: input.remark || null, menus, fields, updatedAt: now(), version: sql`${roles.version} + 1` })
          .where(and(eq(roles.id, role.id), eq(roles.domainId, domainId), eq(roles.version, input.version)))
          .returning({ id: roles.id });
        if (!updated.length) throw versionConflict('role');
        await writeOperationLog(tx, actorOf(session), {
          area: 'accounts',
          entityType: 'role',
          entityId: role.id,
          action: 'UPDATE_ROLE',
          before: { roleName: role.roleName, menus: role.menus, fields: role.fields },
          after: { roleName: input.roleName, menus, fields },
        });
      });
      return this.getRole(session, input.id);
    },

    async deleteRole(session: Session, roleId: number): Promise<void> {
      const domainId = sellerDomain(session);
      await db.transaction(async (tx) => {
        const role = await findRole(tx, domainId, roleId);
        if (!role) throw notFound('role');
        checkGrantCeiling(session, role.menus, role.fields);
        const count = await countRoleUsers(tx, domainId, roleId);
        if (count > 0) throw new AppError(ErrorCodes.ROLE_IN_USE, 409, { count });
        await tx.delete(roles).where(and(eq(roles.id, roleId), eq(roles.domainId, domainId)));
        await writeOperationLog(tx, actorOf(session), {
          area: 'accounts',
          entityType: 'role',
          entityId: roleId,
          action: 'DELETE_ROLE',
          before: { roleName: role.roleName, menus: role.menus, fields: role.fields },
        });
      });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
