// The only place that names the suppliers area's server paths. The spec names them only as
// supplier and supply-goods endpoints under cloud/purchase (spec 02 §7.12); see the server
// module's README for the paths chosen. Calls are quiet: the pages word failures themselves.
import type {
  PageResult,
  SupplierOption,
  SupplierRow,
  SupplierSearchInput,
  SupplierStatus,
  SupplyGoodsRow,
  SupplyGoodsSearchInput,
} from '@openseller/core';
import { request, type RequestOptions } from '../../app/request';

const quiet: RequestOptions = { quiet: true };
const S = '/cloud/purchase/supplier';
const G = '/cloud/purchase/supplyGoods';

export interface SupplierFormValues {
  code: string;
  name: string;
  contact?: string | null;
  phone?: string | null;
  address?: string | null;
  remark?: string | null;
  status: SupplierStatus;
}

export const suppliersApi = {
  search: (input: Partial<SupplierSearchInput>) => request<PageResult<SupplierRow>>(`${S}/search`, input, quiet),
  listAll: (includeDisabled = false) => request<SupplierOption[]>(`${S}/listAll`, { includeDisabled }, quiet),
  create: (input: SupplierFormValues) => request<SupplierRow>(`${S}/create`, input, quiet),
  update: (input: SupplierFormValues & { id: number; version: number }) => request<SupplierRow>(`${S}/update`, input, quiet),
  remove: (idList: number[]) => request<{ deleted: number }>(`${S}/delete`, { idList }, quiet),

  searchGoods: (input: Partial<SupplyGoodsSearchInput>) => request<PageResult<SupplyGoodsRow>>(`${G}/search`, input, quiet),
  saveGoods: (supplierId: number, items: { skuId: number; purchasePrice?: string | null }[]) => request<SupplyGoodsRow[]>(`${G}/save`, { supplierId, items }, quiet),
  updateGoods: (input: { id: number; version: number; purchasePrice?: string | null; remark?: string | null }) => request<SupplyGoodsRow>(`${G}/update`, input, quiet),
  removeGoods: (idList: number[]) => request<{ deleted: number }>(`${G}/delete`, { idList }, quiet),
};
