// The accounts area's calls (spec 01 §7, spec 02 §7.1), from the route catalogue (AuthCalls,
// SessionCalls, SubAccountCalls in packages/core/src/api/accounts.ts). Handlers only translate.
import type { FastifyInstance } from 'fastify';
import { AccessCalls, AuthCalls, SessionCalls, SubAccountCalls, type CallParsed } from '@openseller/core';
import type { CaptchaService } from '../../platform/captcha.js';
import type { Http } from '../../platform/http.js';
import type { AccessService } from './access.service.js';
import type { AuthService } from './auth.service.js';
import type { LoginLogService } from './login-log.service.js';
import type { UsersService } from './users.service.js';

/** A call that answers nothing: its data is null once the work is done. */
const done = async (work: Promise<unknown>): Promise<null> => {
  await work;
  return null;
};

export function registerAccountsRoutes(
  app: FastifyInstance,
  http: Http,
  deps: { auth: AuthService; access: AccessService; users: UsersService; loginLog: LoginLogService; captcha: CaptchaService },
): void {
  const { auth, access, users, loginLog, captcha } = deps;
  const meta = (ctx: { ip: string; userAgent: string }) => ({ ip: ctx.ip, userAgent: ctx.userAgent });
  const byValidateCode = (c: { input: CallParsed<typeof AuthCalls.loginByValidateCode>; ip: string; userAgent: string }) =>
    auth.loginByValidateCode(c.input, meta(c));

  // ---- sign-in and session ---------------------------------------------------------------
  http.serve(app, AuthCalls, {
    publicKey: () => auth.publicKey(),
    login: {
      handler: (c) => auth.login(c.input, meta(c)),
      onRefused: (r) => auth.countRefusedLogin(r.payload, meta(r)),
    },
    loginByValidateCode: byValidateCode,
    loginByValidateCodeShort: byValidateCode,
    tokenRefresh: (c) => auth.refresh(c.input.refreshToken, meta(c)),
    logout: (c) => done(auth.logout(c.session)),
    captchaImage: async (c) => {
      const svg = await captcha.image(c.input.uniqueCode);
      c.reply.header('content-type', 'image/svg+xml; charset=utf-8').header('cache-control', 'no-store').send(svg);
    },
    sendValidateCode: (c) => auth.sendValidateCode(c.input, meta(c)),
    register: (c) => auth.register(c.input, meta(c)),
    forgetPasswordCheck: (c) => auth.forgetPasswordCheck(c.input, meta(c)),
    changePasswordByAuthCode: (c) => done(auth.changePasswordByAuthCode(c.input)),
    changePassword: (c) => done(auth.changePassword(c.session, c.input)),
    bindPhone: (c) => done(auth.bindPhone(c.session, c.input)),
  });

  // ---- what the shell loads after sign-in (spec 01 §4.1 step 8) --------------------------
  http.serve(app, SessionCalls, {
    userInfo: (c) => users.currentAccount(c.session),
    currentUser: (c) => users.currentAccount(c.session),
    userMenus: (c) => users.userMenus(c.session),
    userFields: (c) => users.visibleFields(c.session),
    domainExtraMenus: (c) => users.domainExtraMenus(c.session),
    userDomain: (c) => users.domainInfo(c.session),
    userDomainConfig: (c) => users.domainConfig(c.session),
    userConfig: (c) => users.userConfig(c.session, c.input.configType),
    updateUserConfig: (c) => done(users.updateUserConfig(c.session, c.input)),
    loginLog: (c) => loginLog.search(c.session, c.input),
  });

  // ---- sub-accounts, roles, menus, fields ------------------------------------------------
  http.serve(app, SubAccountCalls, {
    search: (c) => users.searchSubUsers(c.session, c.input),
    getById: (c) => users.getSubUser(c.session, c.input.userId),
    create: (c) => users.createSubUser(c.session, c.input),
    update: (c) => users.updateSubUser(c.session, c.input),
    delete: (c) => done(users.deleteSubUser(c.session, c.input.userId)),
    open: (c) => done(users.setSubUserStatus(c.session, c.input.userId, 'OPEN')),
    stop: (c) => done(users.setSubUserStatus(c.session, c.input.userId, 'STOP')),
    unlock: (c) => done(users.unlockSubUser(c.session, c.input.userId)),
    changePassword: (c) => done(users.changeSubUserPassword(c.session, c.input)),
    roleList: (c) => users.listRoles(c.session),
    roleSearch: (c) => users.searchRoles(c.session, c.input),
    roleCreate: (c) => users.createRole(c.session, c.input),
    roleUpdate: (c) => users.updateRole(c.session, c.input),
    roleDelete: (c) => done(users.deleteRole(c.session, c.input.id)),
    grantableMenus: (c) => users.grantableMenus(c.session).groups,
    roleMenus: async (c) => (await users.getRole(c.session, c.input.roleId)).menus,
    grantableFields: (c) => users.grantableMenus(c.session).fields,
    roleFields: async (c) => (await users.getRole(c.session, c.input.roleId)).fields,
  });

  // ---- one-time codes, platform and support sign-in, account centre, phone change -----------
  const byCode = (c: { input: { code: string }; ip: string; userAgent: string }) => access.loginByCode(c.input.code, meta(c));
  http.serve(app, AccessCalls, {
    createLoginCode: (c) => access.createLoginCode(c.session),
    loginByCode: byCode,
    loginByCodeShort: byCode,
    coreLogin: {
      handler: (c) => auth.login(c.input, meta(c)),
      onRefused: (r) => auth.countRefusedLogin(r.payload, meta(r)),
    },
    coreLoginByCode: byCode,
    loginByPlatformToken: (c) => access.loginByPlatformToken(c.input, meta(c)),
    loginByCodeAndCs: (c) => access.loginByCodeAndCs(c.input, meta(c)),
    makeAuthCode4Cs: (c) => access.makeAuthCode(c.session, c.input),
    searchAuthCode4Cs: (c) => access.listAuthCodes(c.session),
    revokeAuthCode4Cs: (c) => done(access.revokeAuthCode(c.session, c.input.id)),
    checkEnv: (c) => access.checkEnv(c.input),
    verifyPass: (c) => access.verifyPass(c.input),
    domainNumber: (c) => access.domainNumber(c.session),
    userCenterInfo: (c) => access.userCenterInfo(c.session, c.input.id),
    checkPassword: (c) => access.checkPassword(c.session, c.input.password, meta(c)),
    currUserSendValidateCode: (c) => access.sendCurrentPhoneCode(c.session, meta(c)),
    currUserCheckValidateCode: (c) => access.checkCurrentPhoneCode(c.session, c.input.validateCode),
    newPhoneSendValidateCode: (c) => access.sendNewPhoneCode(c.session, c.input.mobile, meta(c)),
    changeAdminUserPhone: (c) => done(access.changePhone(c.session, c.input)),
    csToken: (c) => access.chatToken(c.session),
    verifyCsToken: (c) => access.checkChatToken(c.input.token, meta(c)),
  });
}
