// The only place that names the settings area's server paths (business rule configuration,
// /config/configuration). Calls are quiet: the page words failures itself.
import type { DomainSettingsSaveResult, DomainSettingView } from '@openseller/core';
import { request, type RequestOptions } from '../../app/request';

const quiet: RequestOptions = { quiet: true };
const D = '/cloud/domain/domain';

/** What the page sends: values as the contract takes them (booleans, numbers or texts). */
export interface DomainSettingsSave {
  items: { itemCode: string; value: string | number | boolean }[];
}

export const settingsApi = {
  get: () => request<DomainSettingView[]>(`${D}/getDomainSettings`, {}, quiet),
  save: (input: DomainSettingsSave) => request<DomainSettingsSaveResult>(`${D}/saveDomainSettings`, input, quiet),
};
