// Return inbound (RMA, spec 02 §7.9; 03-calls.md /myhome/rma): returns made from shipped orders
// or free, received with good and defective quantities apart, and the return reasons. All of it
// needs the return-management menu (01-shell §6 MENU_RMA_MANAGE). The *Old variants take and
// answer the same as their namesakes (the spec shows no difference). A return whose warehouse is
// run by a warehouse system is issued to it (syncRmaToWms) and cancelled there (cancelRmaToWms);
// the system's receipts come back through its results.
import { z } from 'zod';
import { IdInput } from '../contracts/common.js';
import {
  RmaBatchResult,
  RmaByExtCodesInput,
  RmaByOrderInput,
  RmaCreateAndReceiveInput,
  RmaCreateInput,
  RmaDeleteInput,
  RmaIdListInput,
  RmaParcelCreateInput,
  RmaParcelLinkInput,
  RmaParcelRow,
  RmaParcelSearchInput,
  RmaReason,
  RmaReasonCreateInput,
  RmaReceiveInput,
  RmaRow,
  RmaScanInput,
  RmaScanResult,
  RmaSearchInput,
  RmaStatusOption,
  RmaUpdateAndReceiveInput,
  RmaUpdateInput,
  RmaView,
} from '../contracts/rma.js';
import { pageOf, post } from './define.js';

const rma = { menu: 'MENU_RMA_MANAGE' } as const;
const RMA = '/myhome/rma';
const Deleted = z.object({ deleted: z.number().int() });

export const RmaCalls = {
  create: post(`${RMA}/create`, rma, RmaCreateInput, RmaView),
  createOld: post(`${RMA}/createRmaOld`, rma, RmaCreateInput, RmaView),
  createAndReceive: post(`${RMA}/createRmaAndUpdateInv`, rma, RmaCreateAndReceiveInput, RmaView),
  createAndReceiveOld: post(`${RMA}/createRmaAndUpdateInvOld`, rma, RmaCreateAndReceiveInput, RmaView),
  update: post(`${RMA}/update`, rma, RmaUpdateInput, RmaView),
  updateOld: post(`${RMA}/updateOld`, rma, RmaUpdateInput, RmaView),
  updateAndReceive: post(`${RMA}/updateRmaAndUpdateInv`, rma, RmaUpdateAndReceiveInput, RmaView),
  updateAndReceiveOld: post(`${RMA}/updateRmaAndUpdateInvOld`, rma, RmaUpdateAndReceiveInput, RmaView),
  /** A receipt: good and defective quantities per line. */
  receive: post(`${RMA}/updateRmaInventory`, rma, RmaReceiveInput, RmaView),
  /** Receives what each return still expects, as good; per-return refusals. */
  receiveList: post(`${RMA}/updateRmaListInventory`, rma, RmaIdListInput, RmaBatchResult),
  delete: post(`${RMA}/deleteRma`, rma, RmaDeleteInput, Deleted),
  deleteList: post(`${RMA}/deleteRmaList`, rma, RmaIdListInput, RmaBatchResult),
  getById: post(`${RMA}/getRmaById`, rma, IdInput, RmaView),
  statusList: post(`${RMA}/getRmaStatusList`, rma, undefined, z.array(RmaStatusOption)),
  search: post(`${RMA}/searchPageList`, rma, RmaSearchInput, pageOf(RmaRow)),
  createReason: post(`${RMA}/createRmaReason`, rma, RmaReasonCreateInput, RmaReason),
  reasonList: post(`${RMA}/getRmaReasonList`, rma, undefined, z.array(RmaReason)),
  deleteReason: post(`${RMA}/deleteRmaReason`, rma, IdInput, Deleted),
  /** Issues a return to its warehouse's system (CREATED, nothing received): SYNCED, or the system's refusal. */
  syncToWms: post(`${RMA}/syncRmaToWms`, rma, IdInput, RmaView),
  syncListToWms: post(`${RMA}/syncRmaListToWms`, rma, RmaIdListInput, RmaBatchResult),
  /** Cancels an issued return in the warehouse system: CLOSED when it confirms, CANCEL_SENDING while it has not. */
  cancelToWms: post(`${RMA}/cancelRmaToWms`, rma, IdInput, RmaView),
  cancelListToWms: post(`${RMA}/cancelRmaListToWms`, rma, RmaIdListInput, RmaBatchResult),
  /** Open (not cancelled) returns of an order; erpSoHId in the query string (the spec). */
  openByOrder: post(`${RMA}/getNoClosedRmaByErpSoHId`, rma, RmaByOrderInput, z.array(RmaRow), { inputFrom: 'query' }),
  /** Open returns of the orders carrying these platform order numbers. */
  openByExtCodes: post(`${RMA}/getNoClosedRmaByExtCodes`, rma, RmaByExtCodesInput, z.array(RmaRow)),
  // Chosen paths (the spec names none): a scan at the return desk and the 'no information' parcels.
  /** A scanned parcel: the one return awaiting entry, several, an order without a return yet, or a recorded 'no information' parcel. */
  scan: post(`${RMA}/scan`, rma, RmaScanInput, RmaScanResult),
  parcelSearch: post(`${RMA}/parcel/searchPageList`, rma, RmaParcelSearchInput, pageOf(RmaParcelRow)),
  parcelCreate: post(`${RMA}/parcel/create`, rma, RmaParcelCreateInput, RmaParcelRow),
  /** Links an open parcel to a return awaiting entry (or the return of an after-sale); then it is received through that return. */
  parcelLink: post(`${RMA}/parcel/link`, rma, RmaParcelLinkInput, RmaParcelRow),
};
