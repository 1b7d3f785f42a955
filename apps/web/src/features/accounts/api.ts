// The accounts area's calls (spec 01 §7, 02 §7.1), from the route catalogue. Passwords are
// encrypted here, before they leave the browser.
import { AccessCalls, AuthCalls, SessionCalls, SubAccountCalls, type CallInput, type SmsPurpose } from '@openseller/core';
import { encryptPassword } from '../../app/crypto';
import { callApi, type RequestOptions } from '../../app/request';

const quiet: RequestOptions = { quiet: true };

/** What a form sends: the call's input with the password still in clear text. */
type WithClearPassword<C extends { password: string }> = Omit<C, 'password' | 'loginEnv' | 'source'> & { password: string };

export type LoginLogFilter = CallInput<typeof SessionCalls.loginLog>;
export type SubUserFilter = CallInput<typeof SubAccountCalls.search>;

export const accountsApi = {
  async login(input: WithClearPassword<CallInput<typeof AuthCalls.login>>) {
    return callApi(AuthCalls.login, { ...input, password: await encryptPassword(input.password), loginEnv: 'WC' }, quiet);
  },
  loginBySms: (input: CallInput<typeof AuthCalls.loginByValidateCode>) => callApi(AuthCalls.loginByValidateCode, { ...input, loginEnv: 'WC' }, quiet),
  /** The image captcha of a uniqueCode (POST login/validate answers SVG), as an object URL the caller revokes. */
  async captchaImage(uniqueCode: string): Promise<string> {
    const response = await fetch(AuthCalls.captchaImage.path, {
      method: AuthCalls.captchaImage.method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ uniqueCode } satisfies CallInput<typeof AuthCalls.captchaImage>),
    });
    if (!response.ok) throw new Error(`captcha ${response.status}`);
    return URL.createObjectURL(await response.blob());
  },
  sendSmsCode: (mobile: string, purpose: SmsPurpose) => callApi(AuthCalls.sendValidateCode, { mobile, purpose }),
  async register(input: WithClearPassword<CallInput<typeof AuthCalls.register>>) {
    return callApi(AuthCalls.register, { ...input, password: await encryptPassword(input.password), source: 'web', loginEnv: 'WC' }, quiet);
  },
  forgetPasswordCheck: (username: string, mobile: string) => callApi(AuthCalls.forgetPasswordCheck, { username, mobile }),
  async resetPassword(input: WithClearPassword<CallInput<typeof AuthCalls.changePasswordByAuthCode>>) {
    return callApi(AuthCalls.changePasswordByAuthCode, { ...input, password: await encryptPassword(input.password), loginEnv: 'WC' }, quiet);
  },
  async changePassword(from: string, to: string) {
    return callApi(AuthCalls.changePassword, { fromPassWord: await encryptPassword(from), toPassWord: await encryptPassword(to) }, quiet);
  },
  bindPhone: (mobile: string, smsCode: string) => callApi(AuthCalls.bindPhone, { mobile, smsCode }, quiet),
  searchLoginLog: (input: LoginLogFilter) => callApi(SessionCalls.loginLog, input),

  searchSubUsers: (input: SubUserFilter) => callApi(SubAccountCalls.search, input),
  getSubUser: (userId: number) => callApi(SubAccountCalls.getById, { userId }),
  async createSubUser(input: CallInput<typeof SubAccountCalls.create>) {
    return callApi(SubAccountCalls.create, { ...input, password: await encryptPassword(input.password) }, quiet);
  },
  updateSubUser: (input: CallInput<typeof SubAccountCalls.update>) => callApi(SubAccountCalls.update, input, quiet),
  deleteSubUser: (userId: number) => callApi(SubAccountCalls.delete, { userId }),
  openSubUser: (userId: number) => callApi(SubAccountCalls.open, { userId }),
  stopSubUser: (userId: number) => callApi(SubAccountCalls.stop, { userId }),
  unlockSubUser: (userId: number) => callApi(SubAccountCalls.unlock, { userId }),
  async changeSubUserPassword(userId: number, password: string) {
    return callApi(SubAccountCalls.changePassword, { userId, password: await encryptPassword(password) }, quiet);
  },

  listRoles: () => callApi(SubAccountCalls.roleList),
  createRole: (input: CallInput<typeof SubAccountCalls.roleCreate>) => callApi(SubAccountCalls.roleCreate, input, quiet),
  updateRole: (input: CallInput<typeof SubAccountCalls.roleUpdate>) => callApi(SubAccountCalls.roleUpdate, input, quiet),
  deleteRole: (id: number) => callApi(SubAccountCalls.roleDelete, { id }),
  grantableMenus: () => callApi(SubAccountCalls.grantableMenus),
  grantableFields: () => callApi(SubAccountCalls.grantableFields),

  loginByPlatformToken: (platformToken: string, platformType: string) => callApi(AccessCalls.loginByPlatformToken, { platformToken, platformType }, quiet),
  // Customer-service authorisation codes (the header's "generate authorisation code").
  makeAuthCode: (input: CallInput<typeof AccessCalls.makeAuthCode4Cs>) => callApi(AccessCalls.makeAuthCode4Cs, input, quiet),
  listAuthCodes: () => callApi(AccessCalls.searchAuthCode4Cs),
  revokeAuthCode: (id: number) => callApi(AccessCalls.revokeAuthCode4Cs, { id }),
  // The admin's change of phone: the current phone's code, then the new phone's code.
  sendCurrentPhoneCode: () => callApi(AccessCalls.currUserSendValidateCode),
  checkCurrentPhoneCode: (validateCode: string) => callApi(AccessCalls.currUserCheckValidateCode, { validateCode }, quiet),
  sendNewPhoneCode: (mobile: string) => callApi(AccessCalls.newPhoneSendValidateCode, { mobile }),
  changePhone: (input: CallInput<typeof AccessCalls.changeAdminUserPhone>) => callApi(AccessCalls.changeAdminUserPhone, input, quiet),
};
