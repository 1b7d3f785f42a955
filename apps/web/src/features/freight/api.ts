// The freight area's calls: freight templates and express reconciliation (spec 02 §7.12) and the
// third-party warehouse express setup, from the route catalogue. Calls are quiet: the pages word failures.
import { EXPRESS_BILL_IMPORT_KIND, ExpressReconciliationCalls as ER, FreightTemplateCalls as FT, ImportCalls, WhExpressCalls as WH, type CallInput } from '@openseller/core';
import { callApi, callForm, type RequestOptions } from '../../app/request';

const quiet: RequestOptions = { quiet: true };

export const freightApi = {
  searchTemplates: (input: CallInput<typeof FT.search>) => callApi(FT.search, input, quiet),
  checkTemplate: (input: CallInput<typeof FT.check>) => callApi(FT.check, input, quiet),
  createTemplate: (input: CallInput<typeof FT.create>) => callApi(FT.create, input, quiet),
  updateTemplate: (input: CallInput<typeof FT.update>) => callApi(FT.update, input, quiet),
  deleteTemplates: (idList: number[]) => callApi(FT.delete, { idList }, quiet),
  enableTemplate: (input: CallInput<typeof FT.enable>) => callApi(FT.enable, input, quiet),
  parcelCosts: (input: CallInput<typeof FT.parcelCosts>) => callApi(FT.parcelCosts, input, quiet),
  searchBillTemplates: (input: CallInput<typeof ER.search>) => callApi(ER.search, input, quiet),
  checkBillTemplate: (input: CallInput<typeof ER.check>) => callApi(ER.check, input, quiet),
  createBillTemplate: (input: CallInput<typeof ER.create>) => callApi(ER.create, input, quiet),
  updateBillTemplate: (input: CallInput<typeof ER.update>) => callApi(ER.update, input, quiet),
  deleteBillTemplates: (idList: number[]) => callApi(ER.delete, { idList }, quiet),
  enableBillTemplate: (input: CallInput<typeof ER.enable>) => callApi(ER.enable, input, quiet),
  billLines: (input: CallInput<typeof ER.billLines>) => callApi(ER.billLines, input, quiet),
  billSummary: (month?: string) => callApi(ER.billSummary, month ? { month } : {}, quiet),
  rematch: () => callApi(ER.rematch, undefined, quiet),
  /** A courier bill through the common import, read by the carrier's column template. */
  importBill: (file: File, reconciliationId: number) => {
    const form = new FormData();
    form.append('uploadExcel', file, file.name);
    form.append('kind', EXPRESS_BILL_IMPORT_KIND);
    form.append('options', JSON.stringify({ reconciliationId }));
    return callForm(ImportCalls.upload, form, quiet);
  },
  whExpress: () => callApi(WH.search, undefined, quiet),
  saveWhExpress: (input: CallInput<typeof WH.save>) => callApi(WH.save, input, quiet),
};
