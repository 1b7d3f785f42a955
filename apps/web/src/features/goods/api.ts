// The goods area's calls (spec 02 §7.3), from the route catalogue.
import { GoodsCalls, GoodsWmsCalls, type CallInput } from '@openseller/core';
import { callApi, type RequestOptions } from '../../app/request';

const quiet: RequestOptions = { quiet: true };

/** List filters as the page sends them: keyword lists are the typed text. */
export type SpuSearchParams = CallInput<typeof GoodsCalls.search>;

export type SpuUpdateRaw = CallInput<typeof GoodsCalls.update>;

export const goodsApi = {
  searchSpus: (input: SpuSearchParams) => callApi(GoodsCalls.search, input),
  getSpu: (id: number) => callApi(GoodsCalls.get, { id }),
  counts: () => callApi(GoodsCalls.counts, undefined),
  createSpu: (input: CallInput<typeof GoodsCalls.create>) => callApi(GoodsCalls.create, input, quiet),
  updateSpu: (input: SpuUpdateRaw) => callApi(GoodsCalls.update, input, quiet),
  deleteSpus: (idList: number[]) => callApi(GoodsCalls.delete, { idList }),
  checkCode: (input: CallInput<typeof GoodsCalls.checkCode>) => callApi(GoodsCalls.checkCode, input, quiet),
  addOneSku: (input: CallInput<typeof GoodsCalls.addOneSku>) => callApi(GoodsCalls.addOneSku, input, quiet),
  updateCombination: (input: CallInput<typeof GoodsCalls.updateCombination>) => callApi(GoodsCalls.updateCombination, input, quiet),
  mark: (input: CallInput<typeof GoodsCalls.mark>) => callApi(GoodsCalls.mark, input),
  setStatus: (input: CallInput<typeof GoodsCalls.setStatus>) => callApi(GoodsCalls.setStatus, input),
  moveToClass: (input: CallInput<typeof GoodsCalls.moveToClass>) => callApi(GoodsCalls.moveToClass, input),
  exportSpus: (input: CallInput<typeof GoodsCalls.export>) => callApi(GoodsCalls.export, input),

  searchSkus: (input: CallInput<typeof GoodsCalls.searchSkus>) => callApi(GoodsCalls.searchSkus, input),
  skusByIds: (idList: number[]) => callApi(GoodsCalls.skusByIds, { idList }),

  classTree: (isAll = true) => callApi(GoodsCalls.classTree, { isAll }),
  createClass: (input: CallInput<typeof GoodsCalls.createClass>) => callApi(GoodsCalls.createClass, input, quiet),
  updateClass: (input: CallInput<typeof GoodsCalls.updateClass>) => callApi(GoodsCalls.updateClass, input, quiet),
  deleteClass: (id: number) => callApi(GoodsCalls.deleteClass, { id }),

  productDates: (skuId: number) => callApi(GoodsCalls.productDates, { skuId }),
  addProductDates: (skuId: number, productDateList: { productDate: string; qty: number }[]) => callApi(GoodsCalls.addProductDates, { skuId, productDateList }, quiet),
  deleteProductDates: (skuId: number, idList: number[]) => callApi(GoodsCalls.deleteProductDates, { skuId, idList }),
};

/** Goods to warehouse systems (spec 02 §3.1, §7.3): send, their per-warehouse sync rows, rebuild. */
export const goodsWmsApi = {
  send: (idList: number[]) => callApi(GoodsWmsCalls.sendGoods, { idList }),
  syncRows: (spuId: number) => callApi(GoodsWmsCalls.goodsSyncStatus, { spuId, currentPage: 1, pageSize: 50 }, quiet),
  syncAgain: (spuId: number) => callApi(GoodsWmsCalls.syncSkuBySpuId, { spuId }),
  rebuild: (idList: number[]) => callApi(GoodsWmsCalls.rebuildSpu, { idList }),
};
