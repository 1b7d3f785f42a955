// The spec's paths of the accounts area (spec 01 §7, spec 02 §7.1). Handlers only translate.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  BindPhoneInput,
  ChangePassSubUserInput,
  ChangePasswordByAuthCodeInput,
  ChangePasswordInput,
  ForgetPasswordCheckInput,
  IdInput,
  LoginByValidateCodeInput,
  LoginInput,
  LoginLogSearchInput,
  RegisterInput,
  RoleCreateInput,
  RoleSearchInput,
  RoleUpdateInput,
  SendValidateCodeInput,
  SubUserCreateInput,
  SubUserSearchInput,
  SubUserUpdateInput,
  TokenRefreshInput,
  UserConfigGetInput,
  UserConfigUpdateInput,
  UserIdInput,
} from '@openseller/core';
import type { CaptchaService } from '../../platform/captcha.js';
import type { Http } from '../../platform/http.js';
import type { AuthService } from './auth.service.js';
import type { LoginLogService } from './login-log.service.js';
import type { UsersService } from './users.service.js';

const MANAGE_USERS = { menu: 'MENU_USER_MANAGER' } as const;
const QueryId = (name: string) => z.object({ [name]: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const CaptchaQuery = z.object({ uniqueCode: z.string().trim().min(8).max(64) });

export function registerAccountsRoutes(
  app: FastifyInstance,
  http: Http,
  deps: { auth: AuthService; users: UsersService; loginLog: LoginLogService; captcha: CaptchaService },
): void {
  const { auth, users, loginLog, captcha } = deps;
  const meta = (ctx: { ip: string; userAgent: string }) => ({ ip: ctx.ip, userAgent: ctx.userAgent });

  // ---- sign-in and session ---------------------------------------------------------------
  http.route(app, { method: 'GET', url: '/cloud/domain/security/publicKey', access: 'public', handler: () => auth.publicKey() });
  http.route(app, {
    url: '/cloud/domain/security/login',
    access: 'public',
    input: LoginInput,
    onRefused: (r) => auth.countRefusedLogin(r.payload, meta(r)),
    handler: (c) => auth.login(c.input, meta(c)),
  });
  http.route(app, {
    url: '/cloud/domain/login/byValidateCode',
    access: 'public',
    input: LoginByValidateCodeInput,
    handler: (c) => auth.loginByValidateCode(c.input, meta(c)),
  });
  http.route(app, {
    url: '/cloud/domain/security/tokenRefresh',
    access: 'public',
    input: TokenRefreshInput,
    handler: (c) => auth.refresh(c.input.refreshToken, meta(c)),
  });
  http.route(app, { method: 'GET', url: '/cloud/domain/security/logout', access: 'session', handler: (c) => auth.logout(c.session) });
  http.route(app, {
    method: 'GET',
    url: '/cloud/domain/login/validate',
    access: 'public',
    input: CaptchaQuery,
    raw: true,
    handler: async (c) => {
      const svg = await captcha.image(c.input.uniqueCode);
      c.reply.header('content-type', 'image/svg+xml; charset=utf-8').header('cache-control', 'no-store').send(svg);
    },
  });
  http.route(app, {
    url: '/cloud/domain/login/sendValidateCode',
    access: 'public',
    input: SendValidateCodeInput,
    handler: (c) => auth.sendValidateCode(c.input, meta(c)),
  });
  http.route(app, { url: '/cloud/domain/registerUser', access: 'public', input: RegisterInput, handler: (c) => auth.register(c.input, meta(c)) });
  http.route(app, {
    url: '/cloud/domain/forgetPassword/checkUsernameAndPhone',
    access: 'public',
    input: ForgetPasswordCheckInput,
    handler: (c) => auth.forgetPasswordCheck(c.input, meta(c)),
  });
  http.route(app, {
    url: '/cloud/domain/forgetPassword/changePasswordByAuthCode',
    access: 'public',
    input: ChangePasswordByAuthCodeInput,
    handler: (c) => auth.changePasswordByAuthCode(c.input),
  });
  http.route(app, {
    url: '/cloud/domain/user/changePassWord',
    access: 'session',
    input: ChangePasswordInput,
    handler: (c) => auth.changePassword(c.session, c.input),
  });
  http.route(app, {
    url: '/cloud/domain/user/bindingPhone',
    access: 'session',
    input: BindPhoneInput,
    handler: (c) => auth.bindPhone(c.session, c.input),
  });

  // ---- what the shell loads after sign-in (spec 01 §4.1 step 8) --------------------------
  http.route(app, { url: '/cloud/domain/login/getUserInfo', access: 'session', handler: (c) => users.currentAccount(c.session) });
  http.route(app, { method: 'GET', url: '/cloud/domain/user/getCurrUser', access: 'session', handler: (c) => users.currentAccount(c.session) });
  http.route(app, { method: 'GET', url: '/cloud/domain/menu/getUserMenu', access: 'session', handler: (c) => users.userMenus(c.session) });
  http.route(app, { method: 'GET', url: '/cloud/domain/field/getUserField', access: 'session', handler: (c) => users.visibleFields(c.session) });
  http.route(app, {
    method: 'GET',
    url: '/cloud/domain/menu/getDomainExtraMenu',
    access: 'session',
    handler: (c) => users.domainExtraMenus(c.session),
  });
  http.route(app, { method: 'GET', url: '/cloud/domain/domain/getUserDomain', access: 'session', handler: (c) => users.domainInfo(c.session) });
  http.route(app, {
    method: 'GET',
    url: '/cloud/domain/domain/getUserDomainConfig',
    access: 'session',
    handler: (c) => users.domainConfig(c.session),
  });
  http.route(app, {
    url: '/cloud/domain/userConfig/get',
    access: 'session',
    input: UserConfigGetInput,
    handler: (c) => users.userConfig(c.session, c.input.configType),
  });
  http.route(app, {
    url: '/cloud/domain/userConfig/update',
    access: 'session',
    input: UserConfigUpdateInput,
    handler: (c) => users.updateUserConfig(c.session, c.input),
  });
  http.route(app, {
    url: '/cloud/domain/loginLog/search',
    access: { menu: 'MENU_LOGIN_RECOR' },
    input: LoginLogSearchInput,
    handler: (c) => loginLog.search(c.session, c.input),
  });

  // ---- sub-accounts ----------------------------------------------------------------------
  http.route(app, { url: '/cloud/domain/user/search', access: MANAGE_USERS, input: SubUserSearchInput, handler: (c) => users.searchSubUsers(c.session, c.input) });
  http.route(app, {
    method: 'GET',
    url: '/cloud/domain/user/getUserById',
    access: MANAGE_USERS,
    input: QueryId('userId'),
    handler: (c) => users.getSubUser(c.session, c.input.userId as number),
  });
  http.route(app, { url: '/cloud/domain/user/createSubUser', access: MANAGE_USERS, input: SubUserCreateInput, handler: (c) => users.createSubUser(c.session, c.input) });
  http.route(app, { url: '/cloud/domain/user/updateSubUser', access: MANAGE_USERS, input: SubUserUpdateInput, handler: (c) => users.updateSubUser(c.session, c.input) });
  http.route(app, { url: '/cloud/domain/user/deleteSubUser', access: MANAGE_USERS, input: UserIdInput, handler: (c) => users.deleteSubUser(c.session, c.input.userId) });
  http.route(app, {
    url: '/cloud/domain/user/openSubUser',
    access: MANAGE_USERS,
    input: UserIdInput,
    handler: (c) => users.setSubUserStatus(c.session, c.input.userId, 'OPEN'),
  });
  http.route(app, {
    url: '/cloud/domain/user/stopSubUser',
    access: MANAGE_USERS,
    input: UserIdInput,
    handler: (c) => users.setSubUserStatus(c.session, c.input.userId, 'STOP'),
  });
  http.route(app, {
    url: '/cloud/domain/user/unlockAccount',
    access: MANAGE_USERS,
    // The spec passes userId in the query string.
    inputFrom: 'query',
    input: QueryId('userId'),
    handler: (c) => users.unlockSubUser(c.session, c.input.userId as number),
  });
  http.route(app, {
    url: '/cloud/domain/user/changePassSubUser',
    access: MANAGE_USERS,
    input: ChangePassSubUserInput,
    handler: (c) => users.changeSubUserPassword(c.session, c.input),
  });

  // ---- roles, menus, fields --------------------------------------------------------------
  http.route(app, { method: 'GET', url: '/cloud/domain/role/getRoleList', access: MANAGE_USERS, handler: (c) => users.listRoles(c.session) });
  http.route(app, { url: '/cloud/domain/role/search', access: MANAGE_USERS, input: RoleSearchInput, handler: (c) => users.searchRoles(c.session, c.input) });
  http.route(app, { url: '/cloud/domain/role/create', access: MANAGE_USERS, input: RoleCreateInput, handler: (c) => users.createRole(c.session, c.input) });
  http.route(app, { url: '/cloud/domain/role/update', access: MANAGE_USERS, input: RoleUpdateInput, handler: (c) => users.updateRole(c.session, c.input) });
  http.route(app, { url: '/cloud/domain/role/delete', access: MANAGE_USERS, input: IdInput, handler: (c) => users.deleteRole(c.session, c.input.id) });
  http.route(app, {
    method: 'GET',
    url: '/cloud/domain/menu/searchSysMenuByDomain',
    access: MANAGE_USERS,
    handler: (c) => users.grantableMenus(c.session).groups,
  });
  http.route(app, {
    url: '/cloud/domain/menu/searchByRoleId',
    access: MANAGE_USERS,
    input: z.object({ roleId: z.number().int().positive() }),
    handler: async (c) => (await users.getRole(c.session, c.input.roleId)).menus,
  });
  http.route(app, {
    method: 'GET',
    url: '/cloud/domain/field/searchSysField',
    access: MANAGE_USERS,
    handler: (c) => users.grantableMenus(c.session).fields,
  });
  http.route(app, {
    method: 'GET',
    url: '/cloud/domain/field/searchByRoleId',
    access: MANAGE_USERS,
    input: QueryId('roleId'),
    handler: async (c) => (await users.getRole(c.session, c.input.roleId as number)).fields,
  });
}
