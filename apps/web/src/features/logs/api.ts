// The log centre's calls (/myhome/docLog/search, /myhome/configLog/searchPageList), from the route
// catalogue (LogCalls).
import { LogCalls, type CallInput } from '@openseller/core';
import { callApi } from '../../app/request';

export const logsApi = {
  documents: (input: CallInput<typeof LogCalls.docLogSearch>) => callApi(LogCalls.docLogSearch, input),
  configuration: (input: CallInput<typeof LogCalls.configLogSearch>) => callApi(LogCalls.configLogSearch, input),
};
