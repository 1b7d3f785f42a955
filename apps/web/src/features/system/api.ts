// The system area's calls (home counters, the root account's console), from the route catalogue.
import { SystemCalls, type CallInput } from '@openseller/core';
import { callApi } from '../../app/request';

export type DomainFilter = CallInput<typeof SystemCalls.searchDomains>;
export type SmsOutboxFilter = CallInput<typeof SystemCalls.searchSmsOutbox>;

export const systemApi = {
  homePageData: () => callApi(SystemCalls.homePageData),
  searchDomains: (input: DomainFilter) => callApi(SystemCalls.searchDomains, input),
  updateDomain: (input: CallInput<typeof SystemCalls.updateDomain>) => callApi(SystemCalls.updateDomain, input, { quiet: true }),
  searchSmsOutbox: (input: SmsOutboxFilter) => callApi(SystemCalls.searchSmsOutbox, input),
};
