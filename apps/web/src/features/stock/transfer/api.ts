// The transfer calls (spec 02 §7.9: /myhome/transfer/createTransferOrderByHand; the others are
// listed in the server's README), from the route catalogue. Calls are quiet: the pages word
// refusals themselves.
import { TransferCalls, type CallInput } from '@openseller/core';
import { callApi, type RequestOptions } from '../../../app/request';

const quiet: RequestOptions = { quiet: true };

export const transferApi = {
  search: (input: CallInput<typeof TransferCalls.search>) => callApi(TransferCalls.search, input, quiet),
  get: (id: number) => callApi(TransferCalls.get, { id }, quiet),
  create: (input: CallInput<typeof TransferCalls.create>) => callApi(TransferCalls.create, input, quiet),
  update: (input: CallInput<typeof TransferCalls.update>) => callApi(TransferCalls.update, input, quiet),
  ship: (input: CallInput<typeof TransferCalls.ship>) => callApi(TransferCalls.ship, input, quiet),
  receive: (input: CallInput<typeof TransferCalls.receive>) => callApi(TransferCalls.receive, input, quiet),
  cancel: (input: CallInput<typeof TransferCalls.cancel>) => callApi(TransferCalls.cancel, input, quiet),
};
