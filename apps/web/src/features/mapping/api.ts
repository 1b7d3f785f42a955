// The only place that names the mapping area's server paths (spec 02 §7.4). Every call is quiet:
// the page words failures itself (mappingErrorMessage) so the area's nouns read right.
import type {
  BatchCountResult,
  ConfirmTbSkuInput,
  CopyToGoodsResult,
  CreateSpuFromTbSpuInput,
  CreateSpuFromTbSpuResult,
  MappingStoreOption,
  MatchAllResult,
  ReplaceTbSkuResult,
  TbSkuPage,
  TbSkuRow,
  TbSkuSearchInput,
} from '@openseller/core';
import { request, type RequestOptions } from '../../app/request';

const quiet: RequestOptions = { quiet: true };
const P = '/myhome/tbspu';

/** Which list: the waiting tab, the confirmed tab or the recycle bin. */
export type TbSkuScope = 'wait' | 'already' | 'deleted';

const LIST_PATHS: Record<TbSkuScope, string> = {
  wait: `${P}/searchPageList/notComfired`,
  already: `${P}/searchPageList/hasComfired`,
  deleted: `${P}/searchPageList/recycleBin`,
};

/** The hand-made online SKU as the form sends it (price as typed). */
export interface CreateTbSkuByHandValues {
  storeId: number;
  tbSpuId: string;
  itemTitle: string;
  outerId?: string;
  picUrl?: string;
  tbSkuId: string;
  title?: string;
  properties?: string;
  outerSkuId?: string;
  price?: string;
  skuPicUrl?: string;
  skuId?: number;
}

export const mappingApi = {
  search: (scope: TbSkuScope, filter: Partial<TbSkuSearchInput>) => request<TbSkuPage>(LIST_PATHS[scope], filter, quiet),
  storeOptions: () => request<MappingStoreOption[]>(`${P}/storeOptions`, {}, quiet),
  confirm: (input: ConfirmTbSkuInput) => request<TbSkuRow>(`${P}/comfireTbSku`, input, quiet),
  confirmList: (idList: number[]) => request<BatchCountResult>(`${P}/comfireTbSkuList`, { idList }, quiet),
  matchAll: (storeId?: number) => request<MatchAllResult>(`${P}/matchAll`, storeId ? { storeId } : {}, quiet),
  replace: (input: { tbSkuId: number; skuId: number; isUpdateNormalOrderDetail: boolean; version?: number }) =>
    request<ReplaceTbSkuResult>(`${P}/replaceTbSku`, input, quiet),
  unbind: (id: number, version?: number) => request<TbSkuRow>(`${P}/unbundTbSku`, { id, version }, quiet),
  unbindItems: (tbSpuRowIds: number[]) => request<BatchCountResult>(`${P}/batchUnbund4TbSpu`, { idList: tbSpuRowIds }, quiet),
  remove: (id: number, version?: number) => request<BatchCountResult>(`${P}/deleteTbSku`, { id, version }, quiet),
  removeList: (idList: number[]) => request<BatchCountResult>(`${P}/deleteTbSkuList`, { idList }, quiet),
  restoreList: (idList: number[]) => request<BatchCountResult>(`${P}/restoreTbSkuList`, { idList }, quiet),
  copyNames: (tbSpuRowIds: number[]) => request<CopyToGoodsResult>(`${P}/batchModifySpuFromTbSpu`, { idList: tbSpuRowIds }, quiet),
  copyPictures: (tbSpuRowIds: number[]) => request<CopyToGoodsResult>(`${P}/batchModifySpuPicFromTbSpu`, { idList: tbSpuRowIds }, quiet),
  createByHand: (input: CreateTbSkuByHandValues) => request<TbSkuRow>(`${P}/createTbSkuByHand`, input, quiet),
  createSpu: (input: CreateSpuFromTbSpuInput) => request<CreateSpuFromTbSpuResult>(`${P}/createSpuFromTbSpu`, input, quiet),
};
