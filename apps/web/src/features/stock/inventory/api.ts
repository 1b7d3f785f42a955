// The inventory part's calls (spec 02 §7.9), from the route catalogue. Calls are quiet: the
// pages word refusals themselves (stockErrorMessage) and put field problems by their field.
import { AverageCostCalls, InventoryCalls, type CallInput } from '@openseller/core';
import { callApi, type RequestOptions } from '../../../app/request';

const quiet: RequestOptions = { quiet: true };

/** The average-cost form's values as sent (create; an update adds id and version). */
export type AverageCostFormValues = CallInput<typeof AverageCostCalls.create>;

export const inventoryApi = {
  search: (input: CallInput<typeof InventoryCalls.search>) => callApi(InventoryCalls.search, input, quiet),
  updateWarning: (input: CallInput<typeof InventoryCalls.updateWarning>) => callApi(InventoryCalls.updateWarning, input, quiet),
  batchUpdateWarning: (input: CallInput<typeof InventoryCalls.batchUpdateWarning>) => callApi(InventoryCalls.batchUpdateWarning, input, quiet),

  balances: (input: CallInput<typeof InventoryCalls.searchByPage>) => callApi(InventoryCalls.searchByPage, input, quiet),
  ledger: (input: CallInput<typeof InventoryCalls.ledger>) => callApi(InventoryCalls.ledger, input, quiet),
  /** The product-date record of a balance (spec 02 §3.1: id, and its productDate list). */
  productDates: (id: number) => callApi(InventoryCalls.getProductDateInfo, { id }, quiet),
  addProductDates: (id: number, productDate: CallInput<typeof InventoryCalls.addProductDateInfo>['productDate']) =>
    callApi(InventoryCalls.addProductDateInfo, { id, productDate }, quiet),
  updateProductDate: (input: CallInput<typeof InventoryCalls.updateProductDateInfo>) => callApi(InventoryCalls.updateProductDateInfo, input, quiet),
  deleteProductDates: (id: number, idList: number[]) => callApi(InventoryCalls.delProductDateInfo, { id, idList }, quiet),
  exportList: (input: CallInput<typeof InventoryCalls.export>) => callApi(InventoryCalls.export, input, quiet),

  inventoryLog: (input: CallInput<typeof InventoryCalls.inventoryLog>) => callApi(InventoryCalls.inventoryLog, input, quiet),

  averageCosts: (input: CallInput<typeof AverageCostCalls.search>) => callApi(AverageCostCalls.search, input, quiet),
  averageCost: (id: number) => callApi(AverageCostCalls.searchDetail, { id }, quiet),
  createAverageCost: (input: CallInput<typeof AverageCostCalls.create>) => callApi(AverageCostCalls.create, input, quiet),
  updateAverageCost: (input: CallInput<typeof AverageCostCalls.update>) => callApi(AverageCostCalls.update, input, quiet),
  confirmAverageCost: (input: CallInput<typeof AverageCostCalls.confirm>) => callApi(AverageCostCalls.confirm, input, quiet),
  deleteAverageCost: (input: CallInput<typeof AverageCostCalls.delete>) => callApi(AverageCostCalls.delete, input, quiet),
};
