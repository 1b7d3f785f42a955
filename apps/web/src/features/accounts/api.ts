// The only place that names the accounts area's server paths.
import type {
  LoginLogRow,
  LoginLogSearchInput,
  LoginResult,
  MenuGroup,
  PageResult,
  RoleCreateInput,
  RoleRow,
  RoleUpdateInput,
  SmsPurpose,
  SubUserRow,
  SubUserSearchInput,
} from '@openseller/core';
import { encryptPassword } from '../../app/crypto';
import { get, request, type RequestOptions } from '../../app/request';

const quiet: RequestOptions = { quiet: true };

export const accountsApi = {
  async login(input: { username: string; password: string; rememberMe: boolean; uniqueCode?: string; validateCode?: string }) {
    return request<LoginResult>('/cloud/domain/security/login', { ...input, password: await encryptPassword(input.password), loginEnv: 'WC' }, quiet);
  },
  loginBySms: (input: { mobile: string; validateCode: string; rememberMe: boolean }) => request<LoginResult>('/cloud/domain/login/byValidateCode', input, quiet),
  captchaUrl: (uniqueCode: string, nonce: number) => `/cloud/domain/login/validate?uniqueCode=${encodeURIComponent(uniqueCode)}&_=${nonce}`,
  sendSmsCode: (mobile: string, purpose: SmsPurpose) => request<{ resendAfter: number }>('/cloud/domain/login/sendValidateCode', { mobile, purpose }),
  async register(input: { username: string; password: string; mobile: string; smsCode: string; companyName: string; contactName?: string; contactEmail?: string }) {
    return request<LoginResult>('/cloud/domain/registerUser', { ...input, password: await encryptPassword(input.password), source: 'web', loginEnv: 'WC' }, quiet);
  },
  forgetPasswordCheck: (username: string, mobile: string) => request<{ resendAfter: number }>('/cloud/domain/forgetPassword/checkUsernameAndPhone', { username, mobile }),
  async resetPassword(input: { username: string; mobile: string; password: string; authCode: string }) {
    return request<void>('/cloud/domain/forgetPassword/changePasswordByAuthCode', { ...input, password: await encryptPassword(input.password), loginEnv: 'WC' }, quiet);
  },
  async changePassword(from: string, to: string) {
    return request<void>('/cloud/domain/user/changePassWord', { fromPassWord: await encryptPassword(from), toPassWord: await encryptPassword(to) }, quiet);
  },
  bindPhone: (mobile: string, smsCode: string) => request<void>('/cloud/domain/user/bindingPhone', { mobile, smsCode }, quiet),
  searchLoginLog: (input: Partial<LoginLogSearchInput>) => request<PageResult<LoginLogRow>>('/cloud/domain/loginLog/search', input),

  searchSubUsers: (input: Partial<SubUserSearchInput>) => request<PageResult<SubUserRow>>('/cloud/domain/user/search', input),
  getSubUser: (userId: number) => get<SubUserRow>(`/cloud/domain/user/getUserById?userId=${userId}`),
  async createSubUser(input: { loginName: string; userName: string; password: string; phone?: string; email?: string; roleIds: number[]; remark?: string }) {
    return request<SubUserRow>('/cloud/domain/user/createSubUser', { ...input, password: await encryptPassword(input.password) }, quiet);
  },
  updateSubUser: (input: { id: number; version: number; userName: string; phone?: string; email?: string; roleIds: number[]; remark?: string }) =>
    request<SubUserRow>('/cloud/domain/user/updateSubUser', input, quiet),
  deleteSubUser: (userId: number) => request<void>('/cloud/domain/user/deleteSubUser', { userId }),
  openSubUser: (userId: number) => request<void>('/cloud/domain/user/openSubUser', { userId }),
  stopSubUser: (userId: number) => request<void>('/cloud/domain/user/stopSubUser', { userId }),
  unlockSubUser: (userId: number) => request<void>(`/cloud/domain/user/unlockAccount?userId=${userId}`, {}),
  async changeSubUserPassword(userId: number, password: string) {
    return request<void>('/cloud/domain/user/changePassSubUser', { userId, password: await encryptPassword(password) }, quiet);
  },

  listRoles: () => get<RoleRow[]>('/cloud/domain/role/getRoleList'),
  createRole: (input: RoleCreateInput) => request<RoleRow>('/cloud/domain/role/create', input, quiet),
  updateRole: (input: RoleUpdateInput) => request<RoleRow>('/cloud/domain/role/update', input, quiet),
  deleteRole: (id: number) => request<void>('/cloud/domain/role/delete', { id }),
  grantableMenus: () => get<MenuGroup[]>('/cloud/domain/menu/searchSysMenuByDomain'),
  grantableFields: () => get<string[]>('/cloud/domain/field/searchSysField'),
};
