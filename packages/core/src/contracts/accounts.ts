import { z } from 'zod';
import { ACCOUNT_TYPES, ALL_MENUS, USER_FIELD_KEYS } from '../catalogues/permissions.js';
import { DOMAIN_LEVELS } from '../catalogues/levels.js';
import { EncryptedPassword, Mobile, Username } from './auth.js';
import { Id, PageQuery, Text, Version } from './common.js';

/** The signed-in account, as the shell keeps it (spec 01 §3). */
export const Account = z.object({
  userId: z.number().int(),
  loginName: z.string(),
  userName: z.string(),
  accountType: z.enum(ACCOUNT_TYPES),
  domainId: z.number().int().nullable(),
  domainCode: z.string().nullable(),
  contactName: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactAddress: z.string().nullable(),
  phone: z.string().nullable(),
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
  storeIdList: z.array(z.number().int()),
  whIdList: z.array(z.number().int()),
  /** A customer-service sign-in on the seller's behalf (login/byCodeAndCs). */
  csLogin: z.boolean().optional(),
});
export type Account = z.infer<typeof Account>;

/** What every answer about a seller domain carries: its code, name, level, trial and expiry. */
export const DomainBasics = z.object({
  domainCode: z.string(),
  name: z.string(),
  level: z.enum(DOMAIN_LEVELS),
  trialLevel: z.enum(DOMAIN_LEVELS).nullable(),
  trialExpireTime: z.string().nullable(),
  expireTime: z.string().nullable(),
  byStore: z.boolean(),
});

export const DomainInfo = DomainBasics.extend({
  domainId: z.number().int(),
  userFieldList: z.array(z.string()),
});
export type DomainInfo = z.infer<typeof DomainInfo>;

export const MenuEntry = z.object({
  menuName: z.string(),
  menuDescr: z.string(),
  menuType: z.enum(['DIR', 'MENU', 'BUTTON']),
  enable: z.boolean(),
});
export type MenuEntry = z.infer<typeof MenuEntry>;

/** A configuration item: the domain's (getUserDomainConfig) and the system's (findAllConfigs). */
export const DomainConfigItem = z.object({ itemCode: z.string(), value: z.string() });
export type DomainConfigItem = z.infer<typeof DomainConfigItem>;

/** One group of the menus a role editor may grant (menu/searchSysMenuByDomain). */
export const MenuGroupAnswer = z.object({
  key: z.string(),
  label: z.string(),
  menus: z.array(z.object({ key: z.string(), label: z.string() })),
});

/** One of the signed-in user's own settings (userConfig/get). */
export const UserConfigItem = z.object({ code: z.string(), value: z.string() });

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

export const SubUserRow = z.object({
  id: z.number().int(),
  version: z.number().int(),
  loginName: z.string(),
  userName: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  remark: z.string().nullable(),
  status: z.enum(SUB_USER_STATUSES),
  locked: z.boolean(),
  roleIds: z.array(z.number().int()),
  roleNames: z.array(z.string()),
  lastLoginTime: z.string().nullable(),
  createdAt: z.string(),
});
export type SubUserRow = z.infer<typeof SubUserRow>;

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

export const RoleRow = z.object({
  id: z.number().int(),
  version: z.number().int(),
  roleName: z.string(),
  remark: z.string().nullable(),
  menus: z.array(z.string()),
  fields: z.array(z.string()),
  userCount: z.number().int(),
  createdAt: z.string(),
});
export type RoleRow = z.infer<typeof RoleRow>;

export const UserConfigGetInput = z.object({ configType: z.string().trim().min(1).max(64) });
/** The account's table density (issue 20): one item per list, code = the list's key, value one of LIST_DENSITIES. */
export const USERCONFIG_TYPE_LIST_DENSITY = 'USERCONFIG_TYPE_LIST_DENSITY';
export const LIST_DENSITIES = ['compact', 'comfortable'] as const;
export type ListDensity = (typeof LIST_DENSITIES)[number];

export const UserConfigUpdateInput = z
  .object({
    configType: z.string().trim().min(1).max(64),
    code: z.string().trim().min(1).max(64),
    value: z.string().max(10_000),
  })
  .superRefine((v, ctx) => {
    if (v.configType === USERCONFIG_TYPE_LIST_DENSITY && !(LIST_DENSITIES as readonly string[]).includes(v.value))
      ctx.addIssue({ code: 'custom', path: ['value'], message: `A list density is one of ${LIST_DENSITIES.join(', ')}` });
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
