// The orders calls of issue 21 must-haves 3 and 4 (spec 02 §7.10, §7.5; 01 §7 sensitive paths):
// receivers revealed behind the reveal permission, automatic review, order lines (/myhome/erpsod),
// header labels, the archive, re-matching promotions, the syscode lists, the forced close of an
// order the platform cancelled, and the check log. Paths the spec does not show are listed in
// apps/server/src/modules/orders/README.md.
import { z } from 'zod';
import { IdInput, IdListInput } from '../contracts/common.js';
import { ExportRequested } from '../contracts/exports.js';
import { OrderBatchResult, OrderRow } from '../contracts/orders.js';
import { OrderDetail } from '../contracts/orders-list.js';
import { DecryptInput, DecryptResult, PrepareDecryptInput, PrepareDecryptResult, VerifyForPrintInput } from '../contracts/orders-reveal.js';
import { AutoVerifyResult, AutoVerifyRule, AutoVerifyRuleInput } from '../contracts/orders-auto-verify.js';
import {
  ComboLineRow,
  ComSodCheck,
  FillProductDateInput,
  FillProductDateResult,
  OrderLabelInput,
  OrderLineWithDates,
  SameLineRow,
  SodIdInput,
  SodIdQuery,
  SohIdInput,
} from '../contracts/orders-lines.js';
import { AsyncGetExpOrderInput, AsyncGetExpOrderResult, OrderExportInput } from '../contracts/orders-export.js';
import { ArchiveExportInput, ArchiveSearchInput, CheckLogInput, DoNewPromotionInput, PromotionRematchResult, SysCodeRow } from '../contracts/orders-archive.js';
import { NoAnswer, get, pageOf, post, voListOf, type CallMap } from './define.js';

const ERPSOH = '/myhome/erpsoh';
const ERPSOD = '/myhome/erpsod';
const ORDERS = { menu: 'MENU_ERPSO' } as const;

/** Receivers in full (01 §7 sensitive paths; the permission is the user field RECEIVER_DECRYPT). */
export const OrderRevealCalls = {
  /** Whether the account may reveal these orders' receivers; reveals nothing. */
  prepareDecrypt: post(`${ERPSOH}/prepareDecrypt`, ORDERS, PrepareDecryptInput, PrepareDecryptResult),
  /** The receivers in full, logged (refused and logged without the permission). */
  decrypt: post('/cloud/core/decrypt', ORDERS, DecryptInput, DecryptResult),
  /** The print-time reveal of reviewed or sent orders (scene PRINT), logged. */
  verifyForPrint: post(`${ERPSOH}/verifySoHDividualByHand`, ORDERS, VerifyForPrintInput, DecryptResult),
} satisfies CallMap;

/** Automatic review (GET autoVerify runs it now; the rule's own calls are our paths). */
export const OrderAutoVerifyCalls = {
  run: get(`${ERPSOH}/autoVerify`, ORDERS, undefined, AutoVerifyResult),
  getRule: post(`${ERPSOH}/getAutoVerifyRule`, { menu: ['MENU_ERPSO', 'MENU_USER_CONFIG'] }, undefined, AutoVerifyRule),
  saveRule: post(`${ERPSOH}/saveAutoVerifyRule`, { menu: 'MENU_USER_CONFIG' }, AutoVerifyRuleInput, AutoVerifyRule),
} satisfies CallMap;

/** Order lines (spec 02 §7.10 /myhome/erpsod; handleDelProductDateInfo 02 §7.3). */
export const OrderLineCalls = {
  searchErpSoDList: post(`${ERPSOD}/searchErpSoDList`, ORDERS, SohIdInput, voListOf(OrderLineWithDates)),
  searchErpSoD4ComList: post(`${ERPSOD}/searchErpSoD4ComList`, ORDERS, SohIdInput, voListOf(ComboLineRow)),
  getSameErpSoDVo4BatchSplit: post(`${ERPSOD}/getSameErpSoDVo4BatchSplit`, ORDERS, SodIdInput, voListOf(SameLineRow)),
  checkComSods: post(`${ERPSOD}/checkComSods`, ORDERS, IdListInput, voListOf(ComSodCheck)),
  fillProductDateInfo: post(`${ERPSOD}/fillProductDateInfo`, ORDERS, FillProductDateInput, FillProductDateResult),
  handleDelProductDateInfo: get(`${ERPSOD}/handleDelProductDateInfo`, ORDERS, SodIdQuery, z.object({ removed: z.number().int().nonnegative() })),
} satisfies CallMap;

/** Header labels set and removed by a person (spec 02 §7.10 "labels"; our paths). */
export const OrderLabelCalls = {
  addLabel: post(`${ERPSOH}/addLabel`, ORDERS, OrderLabelInput, OrderBatchResult),
  removeLabel: post(`${ERPSOH}/removeLabel`, ORDERS, OrderLabelInput, OrderBatchResult),
} satisfies CallMap;

/** The archive (spec 02 §3.5, §7.10). */
export const OrderArchiveCalls = {
  search: post('/cloud/core/archiveSo/searchPageList', ORDERS, ArchiveSearchInput, pageOf(OrderRow)),
  get: post('/myhome/erpsolr/getErpSoHArchiveById', ORDERS, IdInput, OrderDetail),
  export: post('/cloud/core/archiveSo/exportArchiveSoh', ORDERS, ArchiveExportInput, ExportRequested),
} satisfies CallMap;

/**
 * The order list's exports (01 §3 export codes, 02 §7.2; the spec names them without a path): by
 * order, express number, item detail (with or without combination components), under the list's
 * filters and tab or the chosen orders.
 */
export const OrderExportCalls = {
  exportOrders: post('/myhome/export/exportErpSoH', ORDERS, OrderExportInput, ExportRequested),
  /** Asks the warehouse systems of issued orders for their shipments (express numbers) in the background. */
  asyncGetExpOrder: post('/myhome/proxy/asyncGetExpOrder', ORDERS, AsyncGetExpOrderInput, AsyncGetExpOrderResult),
} satisfies CallMap;

/** Orders matched again to gift promotions (spec 02 §7.5). */
export const OrderPromotionCalls = {
  doPromotion: post(`${ERPSOH}/doPromotion`, ORDERS, IdListInput, PromotionRematchResult),
  doNewPromotion: post('/myhome/promotion/doNewPromotion', { menu: 'MENU_NEW_PROMOTION_MANAGE' }, DoNewPromotionInput, PromotionRematchResult),
} satisfies CallMap;

/** The rest of tab 5 and of the packing desk (spec 02 §7.10). */
export const OrderMiscCalls = {
  getPlatformStatusList: post('/myhome/syscode/getPlatformStatusList', ORDERS, undefined, z.array(SysCodeRow)),
  getSyncSohStatusList: post('/myhome/syscode/getSyncSohStatusList', ORDERS, undefined, z.array(SysCodeRow)),
  /** Closes orders the platform cancelled (intercepted CANCELLED), releasing what a review took. */
  forceCloseCancelFailedOrder: post(`${ERPSOH}/forceCloseCancelFailedOrder`, ORDERS, IdListInput, OrderBatchResult),
  /** Writes what a check at the packing desk found into the order's history. */
  writeErpSohCheckLog: post(`${ERPSOH}/writeErpSohCheckLog`, ORDERS, CheckLogInput, NoAnswer),
} satisfies CallMap;

export const ORDER_EXTRA_CALL_MAPS: Record<string, CallMap> = {
  orderReveal: OrderRevealCalls,
  orderAutoVerify: OrderAutoVerifyCalls,
  orderLines: OrderLineCalls,
  orderLabels: OrderLabelCalls,
  orderArchive: OrderArchiveCalls,
  orderExport: OrderExportCalls,
  orderPromotions: OrderPromotionCalls,
  orderMisc: OrderMiscCalls,
};
