import { z } from 'zod';
import { ALL_MENUS, USER_FIELD_KEYS, type AccountType } from '../catalogues/permissions.js';
import { DOMAIN_LEVELS, type DomainLevel } from '../catalogues/levels.js';
import { EncryptedPassword, Mobile, Username } from './auth.js';
import { Id, PageQuery, Text, Version } from './common.js';

/** The signed-in account, as the shell keeps it (spec 01 §3). */
export interface Account {
  userId: number;
  loginName: string;
  userName: string;
  accountType: AccountType;
  domainId: number | null;
  domainCode: string | null;
  contactName: string | null;
  contactEmail: string | null;
  contactAddress: string | null;
  phone: string | null;
  roles: string[];
  permissions: string[];
  storeIdList: number[];
  whIdList: number[];
}

export interface DomainInfo {
  domainId: number;
  domainCode: string;
  name: string;
  level: DomainLevel;
  trialLevel: DomainLevel | null;
  trialExpireTime: string | null;
  expireTime: string | null;
  byStore: boolean;
  userFieldList: string[];
}

export interface MenuEntry {
  menuName: string;
  menuDescr: string;
  menuType: 'DIR' | 'MENU' | 'BUTTON';
  enable: boolean;
}

export interface DomainConfigItem {
  itemCode: string;
  value: string;
}

export const MenuKey = z.string().refine((v) => ALL_MENUS.includes(v), { message: 'Unknown menu' });
export const FieldKey = z.string().refine((v) => USER_FIELD_KEYS.includes(v), { message: 'Unknown field' });

export const SUB_USER_STATUSES = ['OPEN', 'STOP'] as const;
export type SubUserStatus = (typeof SUB_USER_STATUSES)[number];

export const SubUserCreateInput = z.object({
  loginName: Username.regex(/^[A-Za-z0-9_.@:-]+$/, 'Letters, digits and _ . @ : - only'),
  userName: Text(50),
  password: EncryptedPassword,
  phone: z.union([Mobile, z.literal('')]).optional(),
  email: z.union([z.email().max(100), z.literal('')]).optional(),
  roleIds: z.array(Id).max(50).default([]),
  remark: z.string().trim().max(200).optional(),
});
export type SubUserCreateInput = z.infer<typeof SubUserCreateInput>;

export const SubUserUpdateInput = z.object({
  id: Id,
  version: Version,
  userName: Text(50),
  phone: z.union([Mobile, z.literal('')]).optional(),
  email: z.union([z.email().max(100), z.literal('')]).optional(),
  roleIds: z.array(Id).max(50).default([]),
  remark: z.string().trim().max(200).optional(),
});
export type SubUserUpdateInput = z.infer<typeof SubUserUpdateInput>;

export const SubUserSearchInput = PageQuery.extend({
  keyword: z.string().trim().max(64).optional(),
  status: z.enum(SUB_USER_STATUSES).optional(),
});
export type SubUserSearchInput = z.infer<typeof SubUserSearchInput>;

export const ChangePassSubUserInput = z.object({ userId: Id, password: EncryptedPassword });
export type ChangePassSubUserInput = z.infer<typeof ChangePassSubUserInput>;

export const UserIdInput = z.object({ userId: Id });
export type UserIdInput = z.infer<typeof UserIdInput>;

export interface SubUserRow {
  id: number;
  version: number;
  loginName: string;
  userName: string;
  phone: string | null;
  email: string | null;
  remark: string | null;
  status: SubUserStatus;
  locked: boolean;
  roleIds: number[];
  roleNames: string[];
  lastLoginTime: string | null;
  createdAt: string;
}

export const RoleCreateInput = z.object({
  roleName: Text(50),
  remark: z.string().trim().max(200).optional(),
  menus: z.array(MenuKey).max(200).default([]),
  fields: z.array(FieldKey).max(50).default([]),
});
export type RoleCreateInput = z.infer<typeof RoleCreateInput>;

export const RoleUpdateInput = RoleCreateInput.extend({ id: Id, version: Version });
export type RoleUpdateInput = z.infer<typeof RoleUpdateInput>;

export const RoleSearchInput = PageQuery.extend({ keyword: z.string().trim().max(64).optional() });
export type RoleSearchInput = z.infer<typeof RoleSearchInput>;

export interface RoleRow {
  id: number;
  version: number;
  roleName: string;
  remark: string | null;
  menus: string[];
  fields: string[];
  userCount: number;
  createdAt: string;
}

export const UserConfigGetInput = z.object({ configType: z.string().trim().min(1).max(64) });
export const UserConfigUpdateInput = z.object({
  configType: z.string().trim().min(1).max(64),
  code: z.string().trim().min(1).max(64),
  value: z.string().max(10_000),
});
export type UserConfigUpdateInput = z.infer<typeof UserConfigUpdateInput>;

export const USERCONFIG_TYPE_NOVICE_GUIDANCE = 'USERCONFIG_TYPE_NOVICE_GUIDANCE';
export const NOVICE_GUIDANCE_KEYS = [
  'ONLINE_GOODS_MAPPING_INTRO',
  'STORE_MANAGE_INTRO',
  'MAINTAINING_INVENTORY_INTRO',
  'ACCOUNT_SETTING_INTRO',
  'NOT_TIPS',
] as const;

export const DomainLevelInput = z.enum(DOMAIN_LEVELS);
