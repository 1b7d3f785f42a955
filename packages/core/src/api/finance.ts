// Payables and payments (spec 03-calls §7.12: /cloud/advance/finance/payable/…, /payment/…), plus
// the searches the spec does not name (chosen paths, listed in the finance module README).
import {
  BillRow,
  BillSearchInput,
  FinanceDeleteAnswer,
  FinanceIdInput,
  FinanceRejectInput,
  FinanceVersionInput,
  OtherPayableCreateInput,
  OtherPayableUpdateInput,
  PayableRecordAnswer,
  PayableRecordInput,
  PayableRow,
  PayableSearchInput,
  PayableView,
  PaymentByBillInput,
  PaymentCreateInput,
  PaymentRow,
  PaymentSearchInput,
  PaymentView,
  PrepaidBalance,
  PrepaidBalanceInput,
  PrepaidCreateInput,
  PurchasePayableCreateInput,
  PurchasePayableUpdateInput,
} from '../contracts/finance.js';
import { pageOf, post } from './define.js';

export const FINANCE_ACCESS = { menu: 'MENU_PAYABLE_MANAGE' } as const;
const F = '/cloud/advance/finance';

export const PayableCalls = {
  createPurchasePayable: post(`${F}/payable/createPurchasePayable`, FINANCE_ACCESS, PurchasePayableCreateInput, PayableView),
  updatePurchasePayable: post(`${F}/payable/updatePurchasePayable`, FINANCE_ACCESS, PurchasePayableUpdateInput, PayableView),
  createOtherPayable: post(`${F}/payable/createOtherPayable`, FINANCE_ACCESS, OtherPayableCreateInput, PayableView),
  updateOtherPayable: post(`${F}/payable/updateOtherPayable`, FINANCE_ACCESS, OtherPayableUpdateInput, PayableView),
  createPurchasePayableAndSubmit: post(`${F}/payable/createPurchasePayableAndSubmit`, FINANCE_ACCESS, PurchasePayableCreateInput, PayableView),
  updatePurchasePayableAndSubmit: post(`${F}/payable/updatePurchasePayableAndSubmit`, FINANCE_ACCESS, PurchasePayableUpdateInput, PayableView),
  createOtherPayableAndSubmit: post(`${F}/payable/createOtherPayableAndSubmit`, FINANCE_ACCESS, OtherPayableCreateInput, PayableView),
  updateOtherPayableAndSubmit: post(`${F}/payable/updateOtherPayableAndSubmit`, FINANCE_ACCESS, OtherPayableUpdateInput, PayableView),
  record: post(`${F}/payable/record`, FINANCE_ACCESS, PayableRecordInput, PayableRecordAnswer),
  submit: post(`${F}/payable/submit`, FINANCE_ACCESS, FinanceVersionInput, PayableView),
  invalid: post(`${F}/payable/invalid`, FINANCE_ACCESS, FinanceVersionInput, PayableView),
  verify: post(`${F}/payable/verify`, FINANCE_ACCESS, FinanceVersionInput, PayableView),
  reject: post(`${F}/payable/reject`, FINANCE_ACCESS, FinanceRejectInput, PayableView),
  delete: post(`${F}/payable/delete`, FINANCE_ACCESS, FinanceVersionInput, FinanceDeleteAnswer),
  retract: post(`${F}/payable/retract`, FINANCE_ACCESS, FinanceVersionInput, PayableView),
  /** Chosen paths: the list and one payable. */
  search: post(`${F}/payable/search`, FINANCE_ACCESS, PayableSearchInput, pageOf(PayableRow)),
  searchInfo: post(`${F}/payable/searchInfo`, FINANCE_ACCESS, FinanceIdInput, PayableView),
} as const;

export const PaymentCalls = {
  create: post(`${F}/payment/create`, FINANCE_ACCESS, PaymentCreateInput, PaymentView),
  createByBill: post(`${F}/payment/createByBill`, FINANCE_ACCESS, PaymentByBillInput, PaymentView),
  createPrepaid: post(`${F}/payment/createPrepaid`, FINANCE_ACCESS, PrepaidCreateInput, PaymentView),
  submit: post(`${F}/payment/submit`, FINANCE_ACCESS, FinanceVersionInput, PaymentView),
  delete: post(`${F}/payment/delete`, FINANCE_ACCESS, FinanceVersionInput, FinanceDeleteAnswer),
  retract: post(`${F}/payment/retract`, FINANCE_ACCESS, FinanceVersionInput, PaymentView),
  invalid: post(`${F}/payment/invalid`, FINANCE_ACCESS, FinanceVersionInput, PaymentView),
  verify: post(`${F}/payment/verify`, FINANCE_ACCESS, FinanceVersionInput, PaymentView),
  reject: post(`${F}/payment/reject`, FINANCE_ACCESS, FinanceRejectInput, PaymentView),
  /** Chosen paths: the list, one payment, a supplier's prepayment balance. */
  search: post(`${F}/payment/search`, FINANCE_ACCESS, PaymentSearchInput, pageOf(PaymentRow)),
  searchInfo: post(`${F}/payment/searchInfo`, FINANCE_ACCESS, FinanceIdInput, PaymentView),
  prepaidBalance: post(`${F}/payment/prepaidBalance`, FINANCE_ACCESS, PrepaidBalanceInput, PrepaidBalance),
} as const;

/** The financeBill tab: purchase receipt lines to record (chosen path; the spec names "bill" without one). */
export const BillCalls = {
  search: post(`${F}/bill/search`, FINANCE_ACCESS, BillSearchInput, pageOf(BillRow)),
} as const;

export const FINANCE_CALL_MAPS = { payables: PayableCalls, payments: PaymentCalls, bills: BillCalls };
