// The only place that names the promotions area's server paths.
import type {
  PageResult,
  PromotionCreateInput,
  PromotionOpenSearchInput,
  PromotionRow,
  PromotionSearchInput,
  PromotionSkuOption,
  PromotionSkuOptionsInput,
  PromotionView,
  StoreOption,
} from '@openseller/core';
import { request, type RequestOptions } from '../../app/request';

const P = '/myhome/promotion';
const quiet: RequestOptions = { quiet: true };

export const promotionsApi = {
  search: (input: Partial<PromotionSearchInput>) => request<PageResult<PromotionRow>>(`${P}/searchPageList`, input),
  get: (id: number) => request<PromotionView>(`${P}/getById`, { id }),
  create: (input: PromotionCreateInput) => request<PromotionView>(`${P}/createNewPromotion`, input, quiet),
  update: (input: PromotionCreateInput & { id: number; version: number }) => request<PromotionView>(`${P}/updateNewPromotion`, input, quiet),
  /** The open flag is switched by an update carrying only { id, version, open }. */
  switchOpen: (id: number, version: number, open: boolean) => request<PromotionView>(`${P}/updateNewPromotion`, { id, version, open }),
  remove: (idList: number[]) => request<{ deleted: number }>(`${P}/delete`, { idList }),
  searchOpen: (input: Partial<PromotionOpenSearchInput>) => request<PromotionView[]>(`${P}/searchOpenNewPromotion`, input),
  onlineSkuOptions: (input: Partial<PromotionSkuOptionsInput>) => request<PromotionSkuOption[]>(`${P}/onlineSkuOptions`, input),
  /** The stores area's picker list (any signed-in account of the domain). */
  stores: () => request<StoreOption[]>('/cloud/domain/store/findAllStore', {}),
};
