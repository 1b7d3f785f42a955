// Queries of the accounts area. Each takes the domain first: no query here can read or change
// another domain's rows.
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { RoleRow, SubUserRow, SubUserStatus } from '@openseller/core';
import type { Tx } from '../../db/client.js';
import { qualified } from '../../db/columns.js';
import { loginGuards, roles, userRoles, users } from '../../db/schema/index.js';
import { pageOffset } from '../../platform/paging.js';
import { idsIn } from '../../platform/sql.js';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** Escapes LIKE wildcards in user text. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => '\\' + c)}%`;

export function inDomain(column: typeof users.domainId | typeof roles.domainId | typeof userRoles.domainId, domainId: number): SQL {
  return eq(column, domainId);
}

export async function findSubUser(tx: Tx, domainId: number, userId: number) {
  const rows = await tx
    .select()
    .from(users)
    .where(and(inDomain(users.domainId, domainId), eq(users.id, userId), eq(users.accountType, 'SUB_ACCOUNT_TYPE')))
    .limit(1);
  return rows[0];
}

export async function searchSubUsers(
  tx: Tx,
  domainId: number,
  filter: { keyword?: string | undefined; status?: SubUserStatus | undefined; currentPage: number; pageSize: number },
  now: Date,
): Promise<{ rows: SubUserRow[]; total: number }> {
  const conditions = [inDomain(users.domainId, domainId), eq(users.accountType, 'SUB_ACCOUNT_TYPE')];
  if (filter.keyword) {
    const p = likePattern(filter.keyword);
    conditions.push(sql`(${users.loginName} ilike ${p} or ${users.userName} ilike ${p} or ${users.phone} ilike ${p})`);
  }
  if (filter.status) conditions.push(eq(users.status, filter.status));
  const where = and(...conditions);
  const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(users).where(where);
  const rows = await tx
    .select({
      user: users,
      roleIds: sql<number[]>`coalesce((select array_agg(r.id order by r.id) from user_roles ur join roles r on r.id = ur.role_id and r.domain_id = ur.domain_id where ur.domain_id = ${qualified(users.domainId)} and ur.user_id = ${qualified(users.id)}), '{}')`,
      roleNames: sql<string[]>`coalesce((select array_agg(r.role_name order by r.id) from user_roles ur join roles r on r.id = ur.role_id and r.domain_id = ur.domain_id where ur.domain_id = ${qualified(users.domainId)} and ur.user_id = ${qualified(users.id)}), '{}')`,
      lockedUntil: loginGuards.lockedUntil,
    })
    .from(users)
    .leftJoin(loginGuards, eq(loginGuards.loginName, sql`lower(${users.loginName})`))
    .where(where)
    .orderBy(desc(users.id))
    .limit(filter.pageSize)
    .offset(pageOffset(filter));
  return {
    total: count?.n ?? 0,
    rows: rows.map(({ user, roleIds, roleNames, lockedUntil }) => ({
      id: user.id,
      version: user.version,
      loginName: user.loginName,
      userName: user.userName,
      phone: user.phone,
      email: user.email,
      remark: user.remark,
      status: user.status as SubUserStatus,
      locked: !!lockedUntil && lockedUntil.getTime() > now.getTime(),
      roleIds: roleIds.map(Number),
      roleNames,
      lastLoginTime: iso(user.lastLoginAt),
      createdAt: user.createdAt.toISOString(),
    })),
  };
}

export async function rolesOfDomain(tx: Tx, domainId: number, roleIds: number[]) {
  if (!roleIds.length) return [];
  return tx
    .select()
    .from(roles)
    .where(and(inDomain(roles.domainId, domainId), idsIn(roles.id, roleIds)));
}

export async function replaceUserRoles(tx: Tx, domainId: number, userId: number, roleIds: number[]): Promise<void> {
  await tx.delete(userRoles).where(and(inDomain(userRoles.domainId, domainId), eq(userRoles.userId, userId)));
  if (roleIds.length) await tx.insert(userRoles).values(roleIds.map((roleId) => ({ domainId, userId, roleId })));
}

export async function roleIdsOfUser(tx: Tx, domainId: number, userId: number): Promise<number[]> {
  const rows = await tx
    .select({ roleId: userRoles.roleId })
    .from(userRoles)
    .where(and(inDomain(userRoles.domainId, domainId), eq(userRoles.userId, userId)))
    .orderBy(asc(userRoles.roleId));
  return rows.map((r) => r.roleId);
}

export async function searchRoles(
  tx: Tx,
  domainId: number,
  filter: { keyword?: string | undefined; currentPage: number; pageSize: number },
): Promise<{ rows: RoleRow[]; total: number }> {
  const conditions = [inDomain(roles.domainId, domainId)];
  if (filter.keyword) conditions.push(sql`${roles.roleName} ilike ${likePattern(filter.keyword)}`);
  const where = and(...conditions);
  const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(roles).where(where);
  const rows = await tx
    .select({ role: roles, userCount: sql<number>`(select count(*)::int from user_roles ur where ur.role_id = ${qualified(roles.id)} and ur.domain_id = ${qualified(roles.domainId)})` })
    .from(roles)
    .where(where)
    .orderBy(asc(roles.id))
    .limit(filter.pageSize)
    .offset(pageOffset(filter));
  return { total: count?.n ?? 0, rows: rows.map(({ role, userCount }) => toRoleRow(role, userCount)) };
}

export function toRoleRow(role: typeof roles.$inferSelect, userCount: number): RoleRow {
  return {
    id: role.id,
    version: role.version,
    roleName: role.roleName,
    remark: role.remark,
    menus: role.menus,
    fields: role.fields,
    userCount,
    createdAt: role.createdAt.toISOString(),
  };
}

export async function findRole(tx: Tx, domainId: number, roleId: number) {
  const rows = await tx
    .select()
    .from(roles)
    .where(and(inDomain(roles.domainId, domainId), eq(roles.id, roleId)))
    .limit(1);
  return rows[0];
}

export async function countRoleUsers(tx: Tx, domainId: number, roleId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(userRoles)
    .where(and(inDomain(userRoles.domainId, domainId), eq(userRoles.roleId, roleId)));
  return row?.n ?? 0;
}

/** The menus and fields each account holds through its roles (as stored; the caller filters to the catalogues). */
export async function grantsOfUsers(tx: Tx, domainId: number, userIds: readonly number[]): Promise<{ userId: number; loginName: string; menus: string[]; fields: string[] }[]> {
  if (!userIds.length) return [];
  const rows = await tx
    .select({
      userId: users.id,
      loginName: users.loginName,
      menus: sql<string[]>`coalesce((select array_agg(distinct m) from user_roles ur join roles r on r.id = ur.role_id and r.domain_id = ur.domain_id
                cross join lateral unnest(r.menus) m where ur.domain_id = ${domainId} and ur.user_id = ${qualified(users.id)}), '{}')`,
      fields: sql<string[]>`coalesce((select array_agg(distinct f) from user_roles ur join roles r on r.id = ur.role_id and r.domain_id = ur.domain_id
                cross join lateral unnest(r.fields) f where ur.domain_id = ${domainId} and ur.user_id = ${qualified(users.id)}), '{}')`,
    })
    .from(users)
    .where(and(inDomain(users.domainId, domainId), idsIn(users.id, [...userIds])));
  return rows;
}

/** The accounts that hold a role. */
export async function roleHolderIds(tx: Tx, domainId: number, roleId: number): Promise<number[]> {
  const rows = await tx
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(and(inDomain(userRoles.domainId, domainId), eq(userRoles.roleId, roleId)));
  return rows.map((r) => r.userId);
}
