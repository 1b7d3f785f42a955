// Platform reconciliation (spec 03-calls §7.12: reconciliation search, alipay bill search,
// calculatedSum), plus the chosen paths the spec does not name (modules/reconciliation/README.md).
import {
  BillImportAnswer,
  BillImportTaskInput,
  BillLinePage,
  BillLineSearchInput,
  CalculatedSumAnswer,
  CalculatedSumInput,
  ManualSuccessInput,
  PullPlatformBillInput,
  ReconcileAnswer,
  ReconcileInput,
  ReconciliationPage,
  ReconciliationRow,
  ReconciliationSearchInput,
  ReconciliationVersionInput,
  RecordBillsAnswer,
  RecordBillsInput,
} from '../contracts/reconciliation.js';
import { Id } from '../contracts/common.js';
import { post, RawAnswer } from './define.js';
import { z } from 'zod';

export const RECONCILIATION_ACCESS = { menu: 'MENU_RECONCILIATION' } as const;
export const PLATFORM_BILL_ACCESS = { menu: 'MENU_PLATFORM_BILL' } as const;
export const BILL_SUMMARY_ACCESS = { menu: 'MENU_BILL_SUMMARY' } as const;
const F = '/cloud/advance/finance';

export const ReconciliationCalls = {
  search: post(`${F}/reconciliation/search`, RECONCILIATION_ACCESS, ReconciliationSearchInput, ReconciliationPage),
  /** Chosen paths: recompute, manual success and its undoing. */
  reconcile: post(`${F}/reconciliation/reconcile`, RECONCILIATION_ACCESS, ReconcileInput, ReconcileAnswer),
  manualSuccess: post(`${F}/reconciliation/manualSuccess`, RECONCILIATION_ACCESS, ManualSuccessInput, ReconciliationRow),
  cancelManual: post(`${F}/reconciliation/cancelManual`, RECONCILIATION_ACCESS, ReconciliationVersionInput, ReconciliationRow),
} as const;

export const PlatformBillCalls = {
  search: post(`${F}/alipayBill/search`, PLATFORM_BILL_ACCESS, BillLineSearchInput, BillLinePage),
  /**
   * Chosen paths: a bill file (multipart: file, storeId, loadMissingOrders), answered at once as a
   * queued task; the task's progress and outcome; a pull of the marketplace's bills; record.
   */
  importBill: post(`${F}/alipayBill/import`, PLATFORM_BILL_ACCESS, undefined, BillImportAnswer, { multipart: true }),
  importTask: post(`${F}/alipayBill/importTask`, PLATFORM_BILL_ACCESS, BillImportTaskInput, BillImportAnswer),
  pull: post(`${F}/alipayBill/pull`, PLATFORM_BILL_ACCESS, PullPlatformBillInput, BillImportAnswer),
  record: post(`${F}/alipayBill/record`, PLATFORM_BILL_ACCESS, RecordBillsInput, RecordBillsAnswer),
  /** The result file (CSV of every bad line) of a refused import. */
  importResult: post(`${F}/alipayBill/importResult`, PLATFORM_BILL_ACCESS, z.object({ importId: Id }), RawAnswer, { raw: true }),
} as const;

export const BillSummaryCalls = {
  calculatedSum: post(`${F}/calculatedSum`, BILL_SUMMARY_ACCESS, CalculatedSumInput, CalculatedSumAnswer),
} as const;

export const RECONCILIATION_CALL_MAPS = { reconciliation: ReconciliationCalls, platformBills: PlatformBillCalls, billSummary: BillSummaryCalls };
