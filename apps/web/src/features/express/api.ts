// The only place that names the express area's server paths (spec 02 §7.8). Calls are quiet:
// the pages word failures themselves.
import type { ExpressCompanyOption, SystemExpressCompany, UserExpressCompanyRow } from '@openseller/core';
import { request, type RequestOptions } from '../../app/request';

const quiet: RequestOptions = { quiet: true };
const P = '/myhome/expressCompany';

export const expressApi = {
  userCompanies: () => request<UserExpressCompanyRow[]>(`${P}/getAllUserExpressCompany`, {}, quiet),
  userCompaniesWithNull: () => request<ExpressCompanyOption[]>(`${P}/getAllUserExpressCompanyWithNull`, {}, quiet),
  systemCompanies: () => request<SystemExpressCompany[]>(`${P}/getAllSystemExpressCompany`, {}, quiet),
  add: (codes: string[]) => request<UserExpressCompanyRow[]>(`${P}/addUserExpressCompany`, { codes }, quiet),
  remove: (idList: number[]) => request<{ removed: number }>(`${P}/removeUserExpressCompany`, { idList }, quiet),
  update: (input: { id: number; version: number; udf4?: string | null; sortIndex: number }) => request<UserExpressCompanyRow>(`${P}/updateUserExpressCompany`, input, quiet),
};
