// The only place naming the server paths of checking and weighing (spec 02 §7.10 /myhome/sendsoh).
import type { CheckOrderView, SendCheckedResult, SendForCheckInput, SendForWeighInput } from '@openseller/core';
import { request, type RequestOptions } from '../../../app/request';

const quiet: RequestOptions = { quiet: true };

export const checkingApi = {
  find: (expressNo: string) => request<CheckOrderView>('/myhome/sendsoh/checkErpSoH', { expressNo }, quiet),
  sendChecked: (input: SendForCheckInput) => request<SendCheckedResult>('/myhome/sendsoh/sendErpSoH4Check', input, quiet),
  sendWeighed: (input: SendForWeighInput) => request<SendCheckedResult>('/myhome/sendsoh/sendErpSoH4Weigh', input, quiet),
};
