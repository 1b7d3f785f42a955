// The promotions area's calls, from the route catalogue.
import { PromotionCalls, StoreCalls, type CallInput } from '@openseller/core';
import { callApi, type RequestOptions } from '../../app/request';

const quiet: RequestOptions = { quiet: true };

export const promotionsApi = {
  search: (input: CallInput<typeof PromotionCalls.search>) => callApi(PromotionCalls.search, input),
  get: (id: number) => callApi(PromotionCalls.getById, { id }),
  create: (input: CallInput<typeof PromotionCalls.create>) => callApi(PromotionCalls.create, input, quiet),
  update: (input: CallInput<typeof PromotionCalls.update>) => callApi(PromotionCalls.update, input, quiet),
  /** The open flag is switched by an update carrying only { id, version, open }. */
  switchOpen: (id: number, version: number, open: boolean) => callApi(PromotionCalls.update, { id, version, open }),
  remove: (idList: number[]) => callApi(PromotionCalls.delete, { idList }),
  searchOpen: (input: CallInput<typeof PromotionCalls.searchOpen>) => callApi(PromotionCalls.searchOpen, input),
  onlineSkuOptions: (input: CallInput<typeof PromotionCalls.onlineSkuOptions>) => callApi(PromotionCalls.onlineSkuOptions, input),
  /** The stores area's picker list (any signed-in account of the domain). */
  stores: () => callApi(StoreCalls.findAllStore),
};
