// Purchase orders (spec 03-calls §7.12: /cloud/purchase/purchase/…), plus closeShort and export (chosen paths).
import { z } from 'zod';
import {
  PurchaseCloseShortInput,
  PurchaseCreateInput,
  PurchaseDeleteAnswer,
  PurchaseExportInput,
  PurchaseExtraInfo,
  PurchaseIdInput,
  PurchaseLineRow,
  PurchaseRejectInput,
  PurchaseRow,
  PurchaseSearchInput,
  PurchaseUpdateInput,
  PurchaseVersionInput,
  PurchaseView,
} from '../contracts/purchasing.js';
import { ExportRequested } from '../contracts/exports.js';
import { pageOf, post } from './define.js';

export const PURCHASE_ACCESS = { menu: 'MENU_PURCHASE' } as const;
const P = '/cloud/purchase/purchase';

export const PurchaseCalls = {
  search: post(`${P}/search`, PURCHASE_ACCESS, PurchaseSearchInput, pageOf(PurchaseRow)),
  getExtraInfo: post(`${P}/getExtraInfo`, PURCHASE_ACCESS, PurchaseSearchInput, PurchaseExtraInfo),
  create: post(`${P}/create`, PURCHASE_ACCESS, PurchaseCreateInput, PurchaseView),
  createAndSubmit: post(`${P}/createAndSubmit`, PURCHASE_ACCESS, PurchaseCreateInput, PurchaseView),
  update: post(`${P}/update`, PURCHASE_ACCESS, PurchaseUpdateInput, PurchaseView),
  searchDetail: post(`${P}/searchDetail`, PURCHASE_ACCESS, PurchaseIdInput, z.array(PurchaseLineRow)),
  searchInfo: post(`${P}/searchInfo`, PURCHASE_ACCESS, PurchaseIdInput, PurchaseView),
  submit: post(`${P}/submit`, PURCHASE_ACCESS, PurchaseVersionInput, PurchaseView),
  invalid: post(`${P}/invalid`, PURCHASE_ACCESS, PurchaseVersionInput, PurchaseView),
  delete: post(`${P}/delete`, PURCHASE_ACCESS, PurchaseVersionInput, PurchaseDeleteAnswer),
  retract: post(`${P}/retract`, PURCHASE_ACCESS, PurchaseVersionInput, PurchaseView),
  verify: post(`${P}/verify`, PURCHASE_ACCESS, PurchaseVersionInput, PurchaseView),
  reject: post(`${P}/reject`, PURCHASE_ACCESS, PurchaseRejectInput, PurchaseView),
  closeShort: post(`${P}/closeShort`, PURCHASE_ACCESS, PurchaseCloseShortInput, PurchaseView),
  /** Starts an export in the download centre (chosen path). */
  export: post(`${P}/export`, PURCHASE_ACCESS, PurchaseExportInput, ExportRequested),
} as const;
