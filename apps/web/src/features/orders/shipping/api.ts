// The only place naming the server paths of sending and shipping feedback (spec 02 §7.10:
// /myhome/sendsoh, /myhome/taobaoSoHFeedback, /myhome/erpsoh feedback progress).
import type {
  FeedbackCountInput,
  FeedbackFailureRow,
  FeedbackFailureSearch,
  FeedbackProgress,
  FeedbackRetryResult,
  PageResult,
  SendOrdersInput,
  SendOrdersResult,
} from '@openseller/core';
import { request, type RequestOptions } from '../../../app/request';

const quiet: RequestOptions = { quiet: true };
const FB = '/myhome/taobaoSoHFeedback';

export const shippingApi = {
  send: (input: SendOrdersInput) => request<SendOrdersResult>('/myhome/sendsoh/sendErpSoHList', input, quiet),
  forceSend: (input: SendOrdersInput) => request<SendOrdersResult>('/myhome/sendsoh/syncSendErpSoHListForce', input, quiet),
  progress: (recordKey: string) => request<FeedbackProgress>('/myhome/erpsoh/queryFeedbackProgress', { recordKey }, quiet),
  removeRecord: (recordKey: string) => request<null>('/myhome/erpsoh/removeQuickFeedbackRecord', { recordKey }, quiet),
  failureCount: (input: FeedbackCountInput) => request<{ count: number }>(`${FB}/getFeedbackCount`, input),
  failures: (input: FeedbackFailureSearch) => request<PageResult<FeedbackFailureRow>>(`${FB}/searchFeedbackPageList`, input),
  retry: (idList: number[]) => request<FeedbackRetryResult>(`${FB}/batchFeedBack4Taobao`, { idList }),
  close: (idList: number[]) => request<{ count: number }>(`${FB}/batchCloseFeedbackError`, { idList }),
};
