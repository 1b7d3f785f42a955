// The only place that names the goods area's server paths (spec 02 §7.3).
import type {
  AddOneSkuToSpuInput,
  CheckCodeInput,
  CheckCodeResult,
  MarkSpusInput,
  MoveSpusToClassInput,
  PageResult,
  ProductDateInfo,
  SetSpuStatusInput,
  SkuClassCreateInput,
  SkuClassTree,
  SkuClassUpdateInput,
  SkuPick,
  SkuSearchInput,
  SpuCreateInputRaw,
  SpuRow,
  SpuSearchInput,
  UpdateCombinationInput,
} from '@openseller/core';
import { request, type RequestOptions } from '../../app/request';
import type { ExportFileRow } from '../exports/api';

const quiet: RequestOptions = { quiet: true };

/** List filters as the page sends them: keyword lists are the typed text. */
export type SpuSearchParams = Partial<Omit<SpuSearchInput, 'codeKeywords' | 'nameKeywords' | 'barCodeKeywords'>> & {
  codeKeywords?: string;
  nameKeywords?: string;
  barCodeKeywords?: string;
};

export type SpuUpdateRaw = SpuCreateInputRaw & { id: number; version: number };

export interface GoodsCounts {
  spuCount: number;
  skuCount: number;
  combinationCount: number;
}

export const goodsApi = {
  searchSpus: (input: SpuSearchParams) => request<PageResult<SpuRow>>('/myhome/spu/searchSpuPageList', input),
  getSpu: (id: number) => request<SpuRow>('/myhome/spu/getSpuById', { id }),
  counts: () => request<GoodsCounts>('/myhome/spu/searchAllSkuCount', {}),
  createSpu: (input: SpuCreateInputRaw) => request<SpuRow>('/myhome/spu/createSpuByHand', input, quiet),
  updateSpu: (input: SpuUpdateRaw) => request<SpuRow>('/myhome/spu/updateSpuByhand', input, quiet),
  deleteSpus: (idList: number[]) => request<{ deleted: number }>('/myhome/spu/deleteSpuListByHand', { idList }),
  checkCode: (input: Partial<CheckCodeInput> & { code: string }) => request<CheckCodeResult>('/myhome/spu/checkCode', input, quiet),
  addOneSku: (input: AddOneSkuToSpuInput | (Omit<AddOneSkuToSpuInput, 'sku'> & { sku: Record<string, unknown> })) => request<SpuRow>('/myhome/spu/addOneSkuToSpu', input, quiet),
  updateCombination: (input: UpdateCombinationInput) => request<SpuRow>('/myhome/spu/updateSpuList4Combination', input, quiet),
  mark: (input: Partial<MarkSpusInput> & { idList: number[] }) => request<{ updated: number }>('/myhome/spu/madeMarkBySpuIdList', input),
  setStatus: (input: SetSpuStatusInput) => request<{ updated: number }>('/myhome/spu/updateSpuStatus', input),
  moveToClass: (input: MoveSpusToClassInput) => request<{ moved: number }>('/myhome/spu/updateSpuSysClassifyList', input),
  exportSpus: (input: SpuSearchParams & { idList?: number[] }) => request<ExportFileRow>('/myhome/spu/exportSpu', input),

  searchSkus: (input: Partial<SkuSearchInput>) => request<PageResult<SkuPick>>('/myhome/sku/searchSkuPageList', input),
  skusByIds: (idList: number[]) => request<SkuPick[]>('/myhome/spu/getBySkuIdList', { idList }),

  classTree: (isAll = true) => request<SkuClassTree>('/myhome/spuSysClassify/getSkuSysClassifyByType', { isAll }),
  createClass: (input: Partial<SkuClassCreateInput> & { code: string; name: string }) => request<unknown>('/myhome/spuSysClassify/create', input, quiet),
  updateClass: (input: Partial<SkuClassUpdateInput> & { id: number; version: number; code: string; name: string }) => request<unknown>('/myhome/spuSysClassify/update', input, quiet),
  deleteClass: (id: number) => request<void>('/myhome/spuSysClassify/delete', { id }),

  productDates: (skuId: number) => request<ProductDateInfo>('/myhome/sku/getProductDateInfo', { skuId }),
  addProductDates: (skuId: number, productDateList: { productDate: string; qty: number }[]) =>
    request<ProductDateInfo>('/myhome/sku/addProductDateInfo', { skuId, productDateList }, quiet),
  deleteProductDates: (skuId: number, idList: number[]) => request<ProductDateInfo>('/myhome/sku/delProductDateInfo', { skuId, idList }),
};
