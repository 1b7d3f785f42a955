// The suppliers area's calls, from the route catalogue (SupplierCalls, SupplyGoodsCalls). The spec
// names them only as supplier and supply-goods endpoints under cloud/purchase (spec 02 §7.12); see
// the server module's README for the paths chosen. Calls are quiet: the pages word failures
// themselves.
import { SupplierCalls, SupplyGoodsCalls, type CallInput } from '@openseller/core';
import { callApi, type RequestOptions } from '../../app/request';

const quiet: RequestOptions = { quiet: true };

export type SupplierFormValues = CallInput<typeof SupplierCalls.create>;
type SupplyGoodsItems = CallInput<typeof SupplyGoodsCalls.save>['items'];

export const suppliersApi = {
  search: (input: CallInput<typeof SupplierCalls.search>) => callApi(SupplierCalls.search, input, quiet),
  listAll: (includeDisabled = false) => callApi(SupplierCalls.listAll, { includeDisabled }, quiet),
  create: (input: SupplierFormValues) => callApi(SupplierCalls.create, input, quiet),
  update: (input: CallInput<typeof SupplierCalls.update>) => callApi(SupplierCalls.update, input, quiet),
  remove: (idList: number[]) => callApi(SupplierCalls.delete, { idList }, quiet),

  searchGoods: (input: CallInput<typeof SupplyGoodsCalls.search>) => callApi(SupplyGoodsCalls.search, input, quiet),
  saveGoods: (supplierId: number, items: SupplyGoodsItems) => callApi(SupplyGoodsCalls.save, { supplierId, items }, quiet),
  updateGoods: (input: CallInput<typeof SupplyGoodsCalls.update>) => callApi(SupplyGoodsCalls.update, input, quiet),
  removeGoods: (idList: number[]) => callApi(SupplyGoodsCalls.delete, { idList }, quiet),
};
