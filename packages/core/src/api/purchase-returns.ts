// Purchase returns (spec 03-calls §7.12: /cloud/purchaseReturn/…).
import { z } from 'zod';
import {
  PurchaseReturnAsnLine,
  PurchaseReturnAsnSearchInput,
  PurchaseReturnBatchAnswer,
  PurchaseReturnBatchInput,
  PurchaseReturnCreateInput,
  PurchaseReturnDeleteAnswer,
  PurchaseReturnExtraInfo,
  PurchaseReturnIdInput,
  PurchaseReturnLineRow,
  PurchaseReturnRejectInput,
  PurchaseReturnRow,
  PurchaseReturnSearchInput,
  PurchaseReturnUpdateInput,
  PurchaseReturnVersionInput,
  PurchaseReturnView,
} from '../contracts/purchase-returns.js';
import { pageOf, post } from './define.js';
import { PURCHASE_ACCESS } from './purchasing.js';

const P = '/cloud/purchaseReturn';

export const PurchaseReturnCalls = {
  search: post(`${P}/search`, PURCHASE_ACCESS, PurchaseReturnSearchInput, pageOf(PurchaseReturnRow)),
  getExtraInfo: post(`${P}/getExtraInfo`, PURCHASE_ACCESS, PurchaseReturnSearchInput, PurchaseReturnExtraInfo),
  create: post(`${P}/create`, PURCHASE_ACCESS, PurchaseReturnCreateInput, PurchaseReturnView),
  createAndSubmit: post(`${P}/createAndSubmit`, PURCHASE_ACCESS, PurchaseReturnCreateInput, PurchaseReturnView),
  update: post(`${P}/update`, PURCHASE_ACCESS, PurchaseReturnUpdateInput, PurchaseReturnView),
  searchDetail: post(`${P}/searchDetail`, PURCHASE_ACCESS, PurchaseReturnIdInput, z.array(PurchaseReturnLineRow)),
  searchInfo: post(`${P}/searchInfo`, PURCHASE_ACCESS, PurchaseReturnIdInput, PurchaseReturnView),
  submit: post(`${P}/submit`, PURCHASE_ACCESS, PurchaseReturnVersionInput, PurchaseReturnView),
  invalid: post(`${P}/invalid`, PURCHASE_ACCESS, PurchaseReturnVersionInput, PurchaseReturnView),
  delete: post(`${P}/delete`, PURCHASE_ACCESS, PurchaseReturnVersionInput, PurchaseReturnDeleteAnswer),
  retract: post(`${P}/retract`, PURCHASE_ACCESS, PurchaseReturnVersionInput, PurchaseReturnView),
  verify: post(`${P}/verify`, PURCHASE_ACCESS, PurchaseReturnVersionInput, PurchaseReturnView),
  reject: post(`${P}/reject`, PURCHASE_ACCESS, PurchaseReturnRejectInput, PurchaseReturnView),
  asnSearch: post(`${P}/asnSearch`, PURCHASE_ACCESS, PurchaseReturnAsnSearchInput, pageOf(PurchaseReturnAsnLine)),
  batchVerify: post(`${P}/batchVerify`, PURCHASE_ACCESS, PurchaseReturnBatchInput, PurchaseReturnBatchAnswer),
  batchReject: post(`${P}/batchReject`, PURCHASE_ACCESS, PurchaseReturnBatchInput, PurchaseReturnBatchAnswer),
} as const;
