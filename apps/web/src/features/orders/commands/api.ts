// The only place naming the server paths of the order commands (/myhome/erpsoh, spec 02 §7.10).
// Calls are quiet: the command bar words failures itself.
import type {
  AddOrderSkuInput,
  ConvertOrdersInput,
  DeleteOrderSkuInput,
  OrderCommandInput,
  OrderRow,
  ReplaceOrderSkuInput,
  UpdateOrderReceiverInput,
  MergeOrdersResult,
  OrderBatchInput,
  OrderBatchResult,
  RefreshStockOutInput,
  RefreshStockOutResult,
  SplitOrderInput,
  SplitOrderResult,
  SplitOutOfStockInput,
  UpdateOrderExpressInput,
  UpdateOrderWarehouseInput,
  UpdateSellerFlagInput,
  VerifyOrdersInput,
} from '@openseller/core';
import { request, type RequestOptions } from '../../../app/request';

const quiet: RequestOptions = { quiet: true };
const P = '/myhome/erpsoh';

export const orderCommandsApi = {
  verify: (input: VerifyOrdersInput) => request<OrderBatchResult>(`${P}/verify`, input, quiet),
  cancelVerify: (input: OrderBatchInput) => request<OrderBatchResult>(`${P}/cancelVerify`, input, quiet),
  lock: (input: OrderBatchInput) => request<OrderBatchResult>(`${P}/lock`, input, quiet),
  unlock: (input: OrderBatchInput) => request<OrderBatchResult>(`${P}/unlock`, input, quiet),
  close: (input: OrderBatchInput) => request<OrderBatchResult>(`${P}/close`, input, quiet),
  cancelClose: (input: OrderBatchInput) => request<OrderBatchResult>(`${P}/cancelClose`, input, quiet),
  merge: (input: { idList: number[] }) => request<MergeOrdersResult>(`${P}/merge`, input, quiet),
  split: (input: SplitOrderInput) => request<SplitOrderResult>(`${P}/split`, input, quiet),
  splitOutOfStock: (input: SplitOutOfStockInput) => request<SplitOrderResult>(`${P}/splitOutOfStock`, input, quiet),
  refreshStockOut: (input: RefreshStockOutInput) => request<RefreshStockOutResult>(`${P}/refreshStockOut`, input, quiet),
  convert: (input: ConvertOrdersInput) => request<OrderBatchResult>(`${P}/convert`, input, quiet),
  updateExpress: (input: UpdateOrderExpressInput) => request<OrderBatchResult>(`${P}/updateExpress`, input, quiet),
  updateWarehouse: (input: UpdateOrderWarehouseInput) => request<OrderBatchResult>(`${P}/updateWarehouse`, input, quiet),
  updateSellerFlag: (input: UpdateSellerFlagInput) => request<OrderBatchResult>(`${P}/updateSellerFlag`, input, quiet),
  recycleExpressNo: (input: OrderBatchInput) => request<OrderBatchResult>(`${P}/recycleExpressNo`, input, quiet),
  releaseRisk: (input: OrderBatchInput) => request<OrderBatchResult>(`${P}/releaseRisk`, input, quiet),
  cancelMerge: (input: OrderCommandInput) => request<{ sourceIds: number[] }>(`${P}/cancelMerge`, input, quiet),
  cancelSplit: (input: OrderCommandInput) => request<{ id: number; childIds: number[] }>(`${P}/cancelSplit`, input, quiet),
  mergeCandidates: (id: number) => request<OrderRow[]>(`${P}/getMergeSoList`, { id }, quiet),
  updateReceiver: (input: UpdateOrderReceiverInput) => request<OrderRow>(`${P}/updateReceiver`, input, quiet),
  addSku: (input: AddOrderSkuInput) => request<OrderRow>(`${P}/addSku`, input, quiet),
  deleteSku: (input: DeleteOrderSkuInput) => request<OrderRow>(`${P}/deleteSku`, input, quiet),
  replaceSku: (input: ReplaceOrderSkuInput) => request<OrderRow>(`${P}/replaceSku`, input, quiet),
};
