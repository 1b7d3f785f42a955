// The express area's calls (spec 02 §7.8: /myhome/expressCompany), from the route catalogue
// (ExpressCompanyCalls). Calls are quiet: the pages word failures themselves.
import { ExpressCompanyCalls, type CallInput } from '@openseller/core';
import { callApi, type RequestOptions } from '../../app/request';

const quiet: RequestOptions = { quiet: true };

export const expressApi = {
  userCompanies: () => callApi(ExpressCompanyCalls.userCompanies, undefined, quiet),
  userCompaniesWithNull: () => callApi(ExpressCompanyCalls.userCompaniesWithNull, undefined, quiet),
  systemCompanies: () => callApi(ExpressCompanyCalls.systemCompanies, undefined, quiet),
  add: (codes: string[]) => callApi(ExpressCompanyCalls.add, { codes }, quiet),
  remove: (idList: number[]) => callApi(ExpressCompanyCalls.remove, { idList }, quiet),
  update: (input: CallInput<typeof ExpressCompanyCalls.update>) => callApi(ExpressCompanyCalls.update, input, quiet),
};
