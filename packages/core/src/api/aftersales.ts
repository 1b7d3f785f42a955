// After-sale documents (spec 02 §7.11; 03-calls /cloud/advance/afterSales): the six calls the spec
// names at their paths, and the decisions of spec 02 §4.2 and the archive and abnormal lists,
// whose paths the spec does not show: chosen as /cloud/advance/afterSales/<verb> (see
// apps/server/src/modules/aftersales/README.md). All of it needs MENU_AFTER_SALES (01-shell §6).
import { IdInput } from '../contracts/common.js';
import {
  AfterSaleAgreeReturnInput,
  AfterSaleBatchResult,
  AfterSaleBatchUpdateInput,
  AfterSaleCreateInput,
  AfterSaleDecisionInput,
  AfterSaleDeleteInput,
  AfterSaleExportInput,
  AfterSaleRefundFinishInput,
  AfterSaleReplacementInput,
  AfterSaleRow,
  AfterSaleSearchInput,
  AfterSaleTimelineEntry,
  ReturnRateReport,
  ReturnRateReportInput,
  AfterSaleUploadLogisticsInput,
} from '../contracts/aftersales.js';
import { ExportRequested } from '../contracts/exports.js';
import { ImportTaskView } from '../contracts/imports.js';
import { z } from 'zod';
import { pageOf, post } from './define.js';

const afterSales = { menu: 'MENU_AFTER_SALES' } as const;
const A = '/cloud/advance/afterSales';

export const AfterSalesCalls = {
  search: post(`${A}/search`, afterSales, AfterSaleSearchInput, pageOf(AfterSaleRow)),
  create: post(`${A}/create`, afterSales, AfterSaleCreateInput, AfterSaleRow),
  /** Deletes documents nobody has acted on; per-document refusals. */
  delete: post(`${A}/delete`, afterSales, AfterSaleDeleteInput, AfterSaleBatchResult),
  /** Edits the fields of several documents, each at its version; per-document refusals. */
  batchUpdate: post(`${A}/batchUpdate`, afterSales, AfterSaleBatchUpdateInput, AfterSaleBatchResult),
  /** Multipart: uploadExcel (the .xlsx of the template). Answers the import task of the import engine. */
  import: post(`${A}/import`, afterSales, undefined, ImportTaskView, { multipart: true }),
  /** Starts an export in the download centre. */
  export: post(`${A}/export`, afterSales, AfterSaleExportInput, ExportRequested),
  /** One document with its lines (our path). */
  get: post(`${A}/get`, afterSales, IdInput, AfterSaleRow),
  agreeRefund: post(`${A}/agreeRefund`, afterSales, AfterSaleDecisionInput, AfterSaleBatchResult),
  refuseRefund: post(`${A}/refuseRefund`, afterSales, AfterSaleDecisionInput, AfterSaleBatchResult),
  /** Agrees the return: the goods are expected back at returnWhId; a return-inbound document is made. */
  agreeReturn: post(`${A}/agreeReturn`, afterSales, AfterSaleAgreeReturnInput, AfterSaleBatchResult),
  refuseReturn: post(`${A}/refuseReturn`, afterSales, AfterSaleDecisionInput, AfterSaleBatchResult),
  refundFinish: post(`${A}/refundFinish`, afterSales, AfterSaleRefundFinishInput, AfterSaleBatchResult),
  uploadLogistics: post(`${A}/uploadLogistics`, afterSales, AfterSaleUploadLogisticsInput, AfterSaleBatchResult),
  /** Reads the return inbound's receipt into the receipt state; queues the write-back of platform documents. */
  sync: post(`${A}/sync`, afterSales, AfterSaleDecisionInput, AfterSaleBatchResult),
  /**
   * Exchanges and reissues: NOW makes the replacement order through the orders pipeline at once;
   * AFTER_RECEIPT records the choice, and `sync` makes it once the returned goods are all in.
   */
  replacement: post(`${A}/replacement`, afterSales, AfterSaleReplacementInput, AfterSaleBatchResult),
  /** Completed and closed documents. */
  searchArchive: post(`${A}/searchArchive`, afterSales, AfterSaleSearchInput, pageOf(AfterSaleRow)),
  /** Documents whose refund or write-back failed. */
  searchAbnormal: post(`${A}/searchAbnormal`, afterSales, AfterSaleSearchInput, pageOf(AfterSaleRow)),
  /** The document's timeline (our path): its operation log and its return inbound's, oldest first. */
  timeline: post(`${A}/timeline`, afterSales, IdInput, z.array(AfterSaleTimelineEntry)),
  /** The reasons report (our path): return rate by SKU and by reason in a window. */
  returnRateReport: post(`${A}/returnRateReport`, afterSales, ReturnRateReportInput, ReturnRateReport),
};
