// The only place that names the inventory part's server paths (spec 02 §7.9). Calls are quiet:
// the pages word refusals themselves (stockErrorMessage) and put field problems by their field.
import type {
  AverageCostCommandInput,
  AverageCostDetail,
  AverageCostRow,
  AverageCostSearchInput,
  BizInventoryRow,
  BizInventorySearchInput,
  InventoryBalanceRow,
  InventoryExportInput,
  InventoryLedgerInput,
  InventoryLedgerResult,
  InventoryLogRow,
  InventoryLogSearchInput,
  InventoryProductDateInfo,
  InventorySearchInput,
  PageResult,
} from '@openseller/core';
import { request, type RequestOptions } from '../../../app/request';

const quiet: RequestOptions = { quiet: true };
const BIZ = '/myhome/bizinventory';
const INV = '/cloud/core/inventory';
const AC = '/cloud/core/averagecost';

/** Filters as the pages send them: everything optional, the server fills defaults. */
type Filter<T> = Partial<T>;

export interface AverageCostFormValues {
  remark?: string | null;
  details: { skuCode: string; averageCostPriceAfter: string; remark?: string | null }[];
}

export const inventoryApi = {
  search: (input: Filter<BizInventorySearchInput>) => request<PageResult<BizInventoryRow>>(`${BIZ}/search`, input, quiet),
  updateWarning: (input: { whId: number; skuId: number; warningQty: number | null; version: number | null }) =>
    request<{ warningQty: number | null; version: number | null }>(`${BIZ}/updateWarning`, input, quiet),
  batchUpdateWarning: (input: { items: { whId: number; skuId: number }[]; warningQty: number | null }) => request<{ set: number; cleared: number }>(`${BIZ}/batchUpdateWarning`, input, quiet),

  balances: (input: Filter<InventorySearchInput>) => request<PageResult<InventoryBalanceRow>>(`${INV}/searchByPage`, input, quiet),
  ledger: (input: Filter<InventoryLedgerInput>) => request<InventoryLedgerResult>(`${INV}/ledger`, input, quiet),
  productDates: (balanceId: number) => request<InventoryProductDateInfo>(`${INV}/getProductDateInfo`, { balanceId }, quiet),
  addProductDates: (balanceId: number, productDateList: { productDate: string; qty: number }[]) =>
    request<InventoryProductDateInfo>(`${INV}/addProductDateInfo`, { balanceId, productDateList }, quiet),
  updateProductDate: (input: { id: number; version: number; productDate: string; qty: number }) => request<InventoryProductDateInfo>(`${INV}/updateProductDateInfo`, input, quiet),
  deleteProductDates: (balanceId: number, idList: number[]) => request<InventoryProductDateInfo>(`${INV}/delProductDateInfo`, { balanceId, idList }, quiet),
  exportList: (input: Filter<InventoryExportInput>) => request<{ id: number }>(`${INV}/export`, input, quiet),

  inventoryLog: (input: Filter<InventoryLogSearchInput>) => request<PageResult<InventoryLogRow>>('/myhome/invLog/searchPageList', input, quiet),

  averageCosts: (input: Filter<AverageCostSearchInput>) => request<PageResult<AverageCostRow>>(`${AC}/search`, input, quiet),
  averageCost: (id: number) => request<AverageCostDetail>(`${AC}/searchDetail`, { id }, quiet),
  createAverageCost: (input: AverageCostFormValues) => request<AverageCostDetail>(`${AC}/create`, input, quiet),
  updateAverageCost: (input: AverageCostFormValues & { id: number; version: number }) => request<AverageCostDetail>(`${AC}/update`, input, quiet),
  confirmAverageCost: (input: AverageCostCommandInput) => request<AverageCostDetail>(`${AC}/confirm`, input, quiet),
  deleteAverageCost: (input: AverageCostCommandInput) => request<{ deleted: number }>(`${AC}/delete`, input, quiet),
};
