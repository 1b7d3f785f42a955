// The calls of sending and shipping feedback (spec 02 §7.10: /myhome/sendsoh,
// /myhome/taobaoSoHFeedback, /myhome/erpsoh feedback progress), from the route catalogue
// (api/print.ts ShippingCalls).
import { ShippingCalls, type CallInput } from '@openseller/core';
import { callApi, type RequestOptions } from '../../../app/request';

const quiet: RequestOptions = { quiet: true };

export const shippingApi = {
  send: (input: CallInput<typeof ShippingCalls.sendErpSoHList>) => callApi(ShippingCalls.sendErpSoHList, input, quiet),
  forceSend: (input: CallInput<typeof ShippingCalls.syncSendErpSoHListForce>) => callApi(ShippingCalls.syncSendErpSoHListForce, input, quiet),
  /** Every feedback record of the domain not yet closed (vo.feedbackProgressItems). */
  progress: () => callApi(ShippingCalls.queryFeedbackProgress, undefined, quiet),
  removeRecord: (recordKey: string) => callApi(ShippingCalls.removeQuickFeedbackRecord, { recordKey }, quiet),
  failureCount: (input: CallInput<typeof ShippingCalls.getFeedbackCount>) => callApi(ShippingCalls.getFeedbackCount, input),
  failures: (input: CallInput<typeof ShippingCalls.searchFeedbackPageList>) => callApi(ShippingCalls.searchFeedbackPageList, input),
  retry: (idList: number[]) => callApi(ShippingCalls.batchFeedBack4Taobao, { idList }),
  close: (idList: number[]) => callApi(ShippingCalls.batchCloseFeedbackError, { idList }),
  /** Issues reviewed orders to their warehouse systems now (re-sends failed issues). */
  issueToWarehouse: (idList: number[]) => callApi(ShippingCalls.forceSendWmsErpSoByHand, { idList }, quiet),
  /** Pushes shipped orders' tracking numbers to their stores again. */
  resendFeedback: (idList: number[]) => callApi(ShippingCalls.batchReSendToTaobao, { idList }, quiet),
};
