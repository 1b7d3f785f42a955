// The calls of checking and weighing (spec 02 §7.10 /myhome/sendsoh), from the route catalogue
// (OrderCheckingCalls).
import { OrderCheckingCalls as C, type CallInput } from '@openseller/core';
import { callApi, type RequestOptions } from '../../../app/request';

const quiet: RequestOptions = { quiet: true };

export const checkingApi = {
  find: (expressNo: string) => callApi(C.checkErpSoH, { expressNo }, quiet),
  sendChecked: (input: CallInput<typeof C.sendErpSoH4Check>) => callApi(C.sendErpSoH4Check, input, quiet),
  sendWeighed: (input: CallInput<typeof C.sendErpSoH4Weigh>) => callApi(C.sendErpSoH4Weigh, input, quiet),
};
