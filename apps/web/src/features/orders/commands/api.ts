// The order commands' calls (/myhome/erpsoh, spec 02 §7.10), from the route catalogue. Calls are
// quiet: the command bar words failures itself.
import { OrderCommandCalls as C, type CallInput } from '@openseller/core';
import { callApi, type RequestOptions } from '../../../app/request';

const quiet: RequestOptions = { quiet: true };

export const orderCommandsApi = {
  verify: (input: CallInput<typeof C.verify>) => callApi(C.verify, input, quiet),
  cancelVerify: (input: CallInput<typeof C.cancelVerify>) => callApi(C.cancelVerify, input, quiet),
  lock: (input: CallInput<typeof C.lock>) => callApi(C.lock, input, quiet),
  unlock: (input: CallInput<typeof C.unlock>) => callApi(C.unlock, input, quiet),
  close: (input: CallInput<typeof C.close>) => callApi(C.close, input, quiet),
  cancelClose: (input: CallInput<typeof C.cancelClose>) => callApi(C.cancelClose, input, quiet),
  merge: (input: CallInput<typeof C.merge>) => callApi(C.merge, input, quiet),
  split: (input: CallInput<typeof C.split>) => callApi(C.split, input, quiet),
  splitOutOfStock: (input: CallInput<typeof C.splitOutOfStock>) => callApi(C.splitOutOfStock, input, quiet),
  refreshStockOut: (input: CallInput<typeof C.refreshStockOut>) => callApi(C.refreshStockOut, input, quiet),
  convert: (input: CallInput<typeof C.convert>) => callApi(C.convert, input, quiet),
  updateExpress: (input: CallInput<typeof C.updateExpress>) => callApi(C.updateExpress, input, quiet),
  updateWarehouse: (input: CallInput<typeof C.updateWarehouse>) => callApi(C.updateWarehouse, input, quiet),
  updateSellerFlag: (input: CallInput<typeof C.updateSellerFlag>) => callApi(C.updateSellerFlag, input, quiet),
  recycleExpressNo: (input: CallInput<typeof C.recycleExpressNo>) => callApi(C.recycleExpressNo, input, quiet),
  releaseRisk: (input: CallInput<typeof C.releaseRisk>) => callApi(C.releaseRisk, input, quiet),
  cancelMerge: (input: CallInput<typeof C.cancelMerge>) => callApi(C.cancelMerge, input, quiet),
  cancelSplit: (input: CallInput<typeof C.cancelSplit>) => callApi(C.cancelSplit, input, quiet),
  /** The orders this one can be merged with, each normal (pending review) or verified (reviewed). */
  mergeCandidates: (id: number) => callApi(C.getMergeSoList, { id }, quiet),
  updateReceiver: (input: CallInput<typeof C.updateReceiver>) => callApi(C.updateReceiver, input, quiet),
  addSku: (input: CallInput<typeof C.addSku>) => callApi(C.addSku, input, quiet),
  deleteSku: (input: CallInput<typeof C.deleteSku>) => callApi(C.deleteSku, input, quiet),
  replaceSku: (input: CallInput<typeof C.replaceSku>) => callApi(C.replaceSku, input, quiet),
};
