// The intercept-task calls (OrderInterceptCalls, /cloud/advance/interceptTask/*). Quiet: the panel words refusals itself.
import { OrderInterceptCalls as C, type CallInput } from '@openseller/core';
import { callApi, type RequestOptions } from '../../../app/request';

const quiet: RequestOptions = { quiet: true };

export const interceptTasksApi = {
  search: (input: CallInput<typeof C.search>) => callApi(C.search, input, quiet),
  confirm: (input: CallInput<typeof C.confirm>) => callApi(C.confirm, input, quiet),
  release: (input: CallInput<typeof C.release>) => callApi(C.release, input, quiet),
};
