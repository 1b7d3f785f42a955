// The accounts area's calls (spec 01 §7, spec 02 §7.1; 03-calls.md): sign-in and session
// (/cloud/domain/security, /cloud/domain/login), registration and passwords, what the shell loads
// after sign-in (menus, fields, domain, configs), the login log, sub-accounts, roles and their
// grants. Paths the spec does not show (publicKey, user/bindingPhone, userConfig/*) are listed in
// apps/server/src/modules/accounts/README.md.
import { z } from 'zod';
import { IdInput } from '../contracts/common.js';
import {
  Account,
  ChangePassSubUserInput,
  DomainConfigItem,
  DomainInfo,
  MenuEntry,
  MenuGroupAnswer,
  RoleCreateInput,
  RoleRow,
  RoleSearchInput,
  RoleUpdateInput,
  SubUserCreateInput,
  SubUserRow,
  SubUserSearchInput,
  SubUserUpdateInput,
  UserConfigGetInput,
  UserConfigItem,
  UserConfigUpdateInput,
  UserIdInput,
} from '../contracts/accounts.js';
import {
  AuthCodeCreated,
  AuthCodeRow,
  ChangeAdminPhoneInput,
  ChatTokenCheckInput,
  ChatTokenOwner,
  CheckEnvInput,
  CheckEnvResult,
  CheckPasswordInput,
  CurrUserCheckCodeInput,
  LoginByCodeAndCsInput,
  LoginByCodeInput,
  LoginCodeCreated,
  MakeAuthCodeInput,
  NewPhoneSendInput,
  PhoneChangeProof,
  PlatformTokenLoginInput,
  UserCenterInfo,
  UserCenterInput,
  VerifyPassInput,
  VerifyPassResult,
  BindPhoneInput,
  ChangePasswordByAuthCodeInput,
  ChangePasswordInput,
  ForgetPasswordCheckInput,
  LoginByValidateCodeInput,
  LoginInput,
  LoginLogRow,
  LoginLogSearchInput,
  LoginResult,
  PublicKeyResult,
  RegisterInput,
  SendValidateCodeInput,
  SmsSent,
  TokenRefreshInput,
  TokenRefreshResult,
} from '../contracts/auth.js';
import { get, NoAnswer, pageOf, post, RawAnswer } from './define.js';

const MANAGE_USERS = { menu: 'MENU_USER_MANAGER' } as const;
const QueryNumber = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const UserIdQuery = z.object({ userId: QueryNumber });
const RoleIdQuery = z.object({ roleId: QueryNumber });
/** The client's key of an image captcha: it names the image and is sent back with the text read. */
export const CaptchaInput = z.object({ uniqueCode: z.string().trim().min(8).max(64) });

const SEC = '/cloud/domain/security';
const LOGIN = '/cloud/domain/login';
const USER = '/cloud/domain/user';

/** Sign-in, session, registration and passwords. */
export const AuthCalls = {
  publicKey: get(`${SEC}/publicKey`, 'public', undefined, PublicKeyResult),
  login: post(`${SEC}/login`, 'public', LoginInput, LoginResult),
  /** Sign-in by mobile and SMS code, in the login's payload shape (01 §7). */
  loginByValidateCode: post(`${SEC}/login/byValidateCode`, 'public', LoginByValidateCodeInput, LoginResult),
  /** The same call at the path of 02 §7.1's shorthand (login/byValidateCode under /cloud/domain). */
  loginByValidateCodeShort: post(`${LOGIN}/byValidateCode`, 'public', LoginByValidateCodeInput, LoginResult),
  tokenRefresh: post(`${SEC}/tokenRefresh`, 'public', TokenRefreshInput, TokenRefreshResult),
  logout: get(`${SEC}/logout`, 'session', undefined, NoAnswer),
  /** The image captcha (SVG) for a uniqueCode, made afresh at each call. */
  captchaImage: post(`${LOGIN}/validate`, 'public', CaptchaInput, RawAnswer, { raw: true }),
  sendValidateCode: post(`${LOGIN}/sendValidateCode`, 'public', SendValidateCodeInput, SmsSent),
  register: post('/cloud/domain/registerUser', 'public', RegisterInput, LoginResult),
  forgetPasswordCheck: post('/cloud/domain/forgetPassword/checkUsernameAndPhone', 'public', ForgetPasswordCheckInput, SmsSent),
  changePasswordByAuthCode: post('/cloud/domain/forgetPassword/changePasswordByAuthCode', 'public', ChangePasswordByAuthCodeInput, NoAnswer),
  changePassword: post(`${USER}/changePassWord`, 'session', ChangePasswordInput, NoAnswer),
  bindPhone: post(`${USER}/bindingPhone`, 'session', BindPhoneInput, NoAnswer),
};

/** What the shell loads after sign-in (01 §4.1 step 8), the user's own settings and the login log. */
export const SessionCalls = {
  userInfo: post(`${LOGIN}/getUserInfo`, 'session', undefined, Account),
  currentUser: get(`${USER}/getCurrUser`, 'session', undefined, Account),
  userMenus: get('/cloud/domain/menu/getUserMenu', 'session', undefined, z.array(MenuEntry)),
  userFields: get('/cloud/domain/field/getUserField', 'session', undefined, z.array(z.string())),
  domainExtraMenus: get('/cloud/domain/menu/getDomainExtraMenu', 'session', undefined, z.array(z.string())),
  userDomain: get('/cloud/domain/domain/getUserDomain', 'session', undefined, DomainInfo.nullable()),
  userDomainConfig: get('/cloud/domain/domain/getUserDomainConfig', 'session', undefined, z.array(DomainConfigItem)),
  userConfig: post('/cloud/domain/userConfig/get', 'session', UserConfigGetInput, z.array(UserConfigItem)),
  updateUserConfig: post('/cloud/domain/userConfig/update', 'session', UserConfigUpdateInput, NoAnswer),
  loginLog: post('/cloud/domain/loginLog/search', { menu: 'MENU_LOGIN_RECOR' }, LoginLogSearchInput, pageOf(LoginLogRow)),
};

/** Sub-accounts, roles and the menus and fields they grant; all under MENU_USER_MANAGER. */
export const SubAccountCalls = {
  search: post(`${USER}/search`, MANAGE_USERS, SubUserSearchInput, pageOf(SubUserRow)),
  getById: get(`${USER}/getUserById`, MANAGE_USERS, UserIdQuery, SubUserRow),
  create: post(`${USER}/createSubUser`, MANAGE_USERS, SubUserCreateInput, SubUserRow),
  update: post(`${USER}/updateSubUser`, MANAGE_USERS, SubUserUpdateInput, SubUserRow),
  delete: post(`${USER}/deleteSubUser`, MANAGE_USERS, UserIdInput, NoAnswer),
  open: post(`${USER}/openSubUser`, MANAGE_USERS, UserIdInput, NoAnswer),
  stop: post(`${USER}/stopSubUser`, MANAGE_USERS, UserIdInput, NoAnswer),
  /** The spec passes userId in the query string. */
  unlock: post(`${USER}/unlockAccount`, MANAGE_USERS, UserIdQuery, NoAnswer, { inputFrom: 'query' }),
  changePassword: post(`${USER}/changePassSubUser`, MANAGE_USERS, ChangePassSubUserInput, NoAnswer),
  roleList: get('/cloud/domain/role/getRoleList', MANAGE_USERS, undefined, z.array(RoleRow)),
  roleSearch: post('/cloud/domain/role/search', MANAGE_USERS, RoleSearchInput, pageOf(RoleRow)),
  roleCreate: post('/cloud/domain/role/create', MANAGE_USERS, RoleCreateInput, RoleRow),
  roleUpdate: post('/cloud/domain/role/update', MANAGE_USERS, RoleUpdateInput, RoleRow),
  roleDelete: post('/cloud/domain/role/delete', MANAGE_USERS, IdInput, NoAnswer),
  grantableMenus: get('/cloud/domain/menu/searchSysMenuByDomain', MANAGE_USERS, undefined, z.array(MenuGroupAnswer)),
  roleMenus: post('/cloud/domain/menu/searchByRoleId', MANAGE_USERS, z.object({ roleId: z.number().int().positive() }), z.array(z.string())),
  grantableFields: get('/cloud/domain/field/searchSysField', MANAGE_USERS, undefined, z.array(z.string())),
  roleFields: get('/cloud/domain/field/searchByRoleId', MANAGE_USERS, RoleIdQuery, z.array(z.string())),
};

/**
 * One-time sign-in codes, platform sign-in, customer-service access, the account centre's checks
 * and the admin's change of phone (spec 01 §7, 02 §7.1; issue #21 must-have 7).
 */
export const AccessCalls = {
  /** A single-use sign-in code for the same account (the embedded app opens with it). */
  createLoginCode: post(`${SEC}/createLoginCode`, 'session', undefined, LoginCodeCreated),
  loginByCode: post(`${SEC}/login/byCode`, 'public', LoginByCodeInput, LoginResult),
  /** The same call at 02 §7.1's shorthand path. */
  loginByCodeShort: post(`${LOGIN}/byCode`, 'public', LoginByCodeInput, LoginResult),
  /** Root-level copies (02 §7.1: core/login, core/login/byCode without a prefix). */
  coreLogin: post('/core/login', 'public', LoginInput, LoginResult),
  coreLoginByCode: post('/core/login/byCode', 'public', LoginByCodeInput, LoginResult),
  loginByPlatformToken: post(`${LOGIN}/byPlatformToken`, 'public', PlatformTokenLoginInput, LoginResult),
  loginByCodeAndCs: post(`${LOGIN}/byCodeAndCs`, 'public', LoginByCodeAndCsInput, LoginResult),
  /** The header's "generate authorisation code": main account only. */
  makeAuthCode4Cs: post('/cloud/domain/permission/makeAuthCode4Cs', 'main', MakeAuthCodeInput, AuthCodeCreated),
  /** Chosen paths: the domain's authorisation codes and their revocation. */
  searchAuthCode4Cs: post('/cloud/domain/permission/searchAuthCode4Cs', 'main', undefined, z.array(AuthCodeRow)),
  revokeAuthCode4Cs: post('/cloud/domain/permission/revokeAuthCode4Cs', 'main', IdInput, NoAnswer),
  checkEnv: post('/cloud/domain/checkEnv', 'public', CheckEnvInput, CheckEnvResult),
  verifyPass: post('/cloud/domain/verifyPass', 'public', VerifyPassInput, VerifyPassResult),
  domainNumber: get('/cloud/domain/domain/getDomainNumber', 'session', undefined, z.string().nullable()),
  userCenterInfo: post(`${USER}/getUserInfo4UserCenterById`, 'session', UserCenterInput, UserCenterInfo),
  checkPassword: post(`${USER}/checkPassword`, 'session', CheckPasswordInput, z.boolean()),
  currUserSendValidateCode: post(`${USER}/currUserSendValidateCode`, 'main', undefined, SmsSent),
  currUserCheckValidateCode: post(`${USER}/currUserCheckValidateCode`, 'main', CurrUserCheckCodeInput, PhoneChangeProof),
  newPhoneSendValidateCode: post(`${USER}/newPhoneSendValidateCode`, 'main', NewPhoneSendInput, SmsSent),
  changeAdminUserPhone: post(`${USER}/changeAdminUserPhone`, 'main', ChangeAdminPhoneInput, NoAnswer),
  csToken: post(`${USER}/getCSToken`, 'session', undefined, z.string()),
  /** Chosen path: the chat side checks a chat token and learns whose it is. */
  verifyCsToken: post(`${USER}/verifyCSToken`, 'public', ChatTokenCheckInput, ChatTokenOwner),
};

export const ACCOUNTS_CALL_MAPS = { auth: AuthCalls, session: SessionCalls, subAccounts: SubAccountCalls, access: AccessCalls };
