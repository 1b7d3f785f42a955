// The mapping area's calls (/myhome/tbspu, spec 02 §7.4), from the route catalogue. Every call is
// quiet: the page words failures itself (mappingErrorMessage) so the area's nouns read right.
import { MappingCalls, type CallInput } from '@openseller/core';
import { callApi, type RequestOptions } from '../../app/request';

const quiet: RequestOptions = { quiet: true };

/** Which list: the waiting tab, the confirmed tab or the recycle bin. */
export type TbSkuScope = 'wait' | 'already' | 'deleted';

/** The list filters (the same for the three lists). */
export type TbSkuFilter = CallInput<typeof MappingCalls.searchWaiting>;

const LISTS = { wait: MappingCalls.searchWaiting, already: MappingCalls.searchConfirmed, deleted: MappingCalls.searchRecycleBin } as const;

/** The hand-made online SKU as the form sends it. */
export type CreateTbSkuByHandValues = CallInput<typeof MappingCalls.createByHand>;

export const mappingApi = {
  search: (scope: TbSkuScope, filter: TbSkuFilter) => callApi(LISTS[scope], filter, quiet),
  storeOptions: () => callApi(MappingCalls.storeOptions, undefined, quiet),
  confirm: (input: CallInput<typeof MappingCalls.confirm>) => callApi(MappingCalls.confirm, input, quiet),
  confirmList: (idList: number[]) => callApi(MappingCalls.confirmList, { idList }, quiet),
  matchAll: (storeId?: number) => callApi(MappingCalls.matchAll, storeId ? { storeId } : {}, quiet),
  /** tbSkuId is the platform SKU id; storeId names its store. */
  replace: (input: CallInput<typeof MappingCalls.replace>) => callApi(MappingCalls.replace, input, quiet),
  unbind: (id: number, version?: number) => callApi(MappingCalls.unbind, { id, version }, quiet),
  unbindItems: (tbSpuRowIds: number[]) => callApi(MappingCalls.unbindItems, { idList: tbSpuRowIds }, quiet),
  remove: (id: number, version?: number) => callApi(MappingCalls.remove, { id, version }, quiet),
  removeList: (idList: number[]) => callApi(MappingCalls.removeList, { idList }, quiet),
  restoreList: (idList: number[]) => callApi(MappingCalls.restoreList, { idList }, quiet),
  copyNames: (tbSpuRowIds: number[]) => callApi(MappingCalls.copyNames, { idList: tbSpuRowIds }, quiet),
  copyPictures: (tbSpuRowIds: number[]) => callApi(MappingCalls.copyPictures, { idList: tbSpuRowIds }, quiet),
  createByHand: (input: CreateTbSkuByHandValues) => callApi(MappingCalls.createByHand, input, quiet),
  createSpu: (input: CallInput<typeof MappingCalls.createSpu>) => callApi(MappingCalls.createSpu, input, quiet),
};
