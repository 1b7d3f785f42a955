// Live-broadcast sessions and anchors (spec 02 §7.18: /cloud/core/live/*), from the route catalogue.
import { LiveCalls, type CallInput } from '@openseller/core';
import { callApi, type RequestOptions } from '../../../app/request';

const quiet: RequestOptions = { quiet: true };

export type LiveFormValues = CallInput<typeof LiveCalls.create>;
export type LiverFormValues = CallInput<typeof LiveCalls.liverCreate>;

export const liveApi = {
  list: (input: CallInput<typeof LiveCalls.list>) => callApi(LiveCalls.list, input, quiet),
  create: (input: LiveFormValues) => callApi(LiveCalls.create, input, quiet),
  update: (input: CallInput<typeof LiveCalls.update>) => callApi(LiveCalls.update, input, quiet),
  remove: (idList: number[]) => callApi(LiveCalls.delete, { idList }, quiet),
  setEnabled: (idList: number[], enabled: boolean) => callApi(LiveCalls.disable, { idList, enabled }, quiet),
  anchors: (includeDisabled: boolean) => callApi(LiveCalls.liverList, { includeDisabled }, quiet),
  createAnchor: (input: LiverFormValues) => callApi(LiveCalls.liverCreate, input, quiet),
  updateAnchor: (input: CallInput<typeof LiveCalls.liverUpdate>) => callApi(LiveCalls.liverUpdate, input, quiet),
};
