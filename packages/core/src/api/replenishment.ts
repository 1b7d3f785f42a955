// Replenishment suggestions and the Excel import of purchase order lines (issue 15 must-have 6).
// The spec names neither: chosen paths under /cloud/purchase (purchasing README "Calls").
import { ReplenishmentRow, ReplenishmentSearchInput, PurchaseLinesImportResult } from '../contracts/replenishment.js';
import { get, pageOf, post, RawAnswer } from './define.js';
import { PURCHASE_ACCESS } from './purchasing.js';

export const ReplenishmentCalls = {
  /** Suggestions per SKU and warehouse, the largest first. */
  search: post('/cloud/purchase/replenishment/search', PURCHASE_ACCESS, ReplenishmentSearchInput, pageOf(ReplenishmentRow)),
  /** The purchase-lines template (.xlsx): SKU code, quantity, price, remark. */
  linesTemplate: get('/cloud/purchase/purchase/importLinesTemplate', PURCHASE_ACCESS, undefined, RawAnswer, { raw: true }),
  /** Multipart: uploadExcel. Reads and checks the file; answers its lines or every row's problems. Nothing is saved. */
  importLines: post('/cloud/purchase/purchase/importLines', PURCHASE_ACCESS, undefined, PurchaseLinesImportResult, { multipart: true }),
} as const;
