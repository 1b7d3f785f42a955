// The settings area's calls (business rule configuration, /config/configuration): the spec's
// sysconfig calls (/cloud/core/sysconfig), from the route catalogue. Calls are quiet: the page
// words failures itself.
import { SysConfigCalls, type CallInput } from '@openseller/core';
import { callApi, type RequestOptions } from '../../app/request';

const quiet: RequestOptions = { quiet: true };

/** What the page sends: values as the contract takes them (booleans, numbers or texts). */
export type DomainSettingsSave = CallInput<typeof SysConfigCalls.updateSysConfig>;

export const settingsApi = {
  /** Every setting of the business rules page (code USER_CONFIG). */
  get: () => callApi(SysConfigCalls.getConfigByCode, { code: 'USER_CONFIG' }, quiet),
  save: (input: DomainSettingsSave) => callApi(SysConfigCalls.updateSysConfig, input, quiet),
};
