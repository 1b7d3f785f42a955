// The print-and-ship area's calls (spec 02 §7.8, §7.10, §7.13, §7.14; 03-calls.md): print
// templates (/myhome/template), label data and batch print (/myhome/print), the print log, waybill
// accounts (/myhome/etrackaccount), their shares (/myhome/etrackaccountshare), paper waybill
// counters (/myhome/lastexpressno), sending and shipping feedback (/myhome/sendsoh,
// /myhome/taobaoSoHFeedback, /myhome/erpsoh feedback progress), express tracking
// (/myhome/expressTracking), express rules (/cloud/core/expressRule), stop-shipping templates and
// the address calls. Paths the spec does not show are listed in the READMEs of
// apps/server/src/modules/orders/{printing,waybills,shipping,tracking,express-rules}.
import { z } from 'zod';
import { IdInput, IdListInput } from '../contracts/common.js';
import {
  AddressAnalysisInput,
  AddressSearchHit,
  ExpressRulesDeleted,
  DeleteExpressRuleListInput,
  ExpressRuleListQuery,
  ExpressRulePriority,
  ExpressRuleRow,
  ParsedAddressAnswer,
  RegionTreeNodeAnswer,
  SearchAddressInput,
  StopTemplateCreateInput,
  StopTemplateRow,
  StopTemplateSearchInput,
  StopTemplateUpdateInput,
  UpdateExpressRuleListInput,
  UpdateExpressRulePriorityInput,
} from '../contracts/express-rules.js';
import {
  FeedbackCount,
  FeedbackCountInput,
  FeedbackFailureRow,
  FeedbackFailureSearch,
  FeedbackIdListInput,
  FeedbackProgressAnswer,
  FeedbackRecordKeyInput,
  FeedbackRetryResult,
  SendOrdersInput,
  SendOrdersResult,
  IssueToWarehouseInput,
  ResendFeedbackInput,
  ResendFeedbackResult,
  SendOneInput,
} from '../contracts/orders-shipping.js';
import { OrderBatchResult } from '../contracts/orders.js';
import {
  TrackingConfig,
  TrackingIdListInput,
  TrackingIgnoreResult,
  TrackingRefreshInput,
  TrackingRefreshResult,
  TrackingRow,
  TrackingSearch,
  TrackingStatistics,
  TrackingStatisticsInput,
} from '../contracts/orders-tracking.js';
import {
  LastExpressNoQuery,
  LastExpressNoRow,
  TakeWaybillNoInput,
  UpdateLastExpressNoInput,
  WaybillAccountRow,
  WaybillAccountSave,
  WaybillAccountSearch,
  WaybillAccountUpdate,
  WaybillBatchResult,
  WaybillRemoved,
  WaybillShareCreate,
  WaybillShareIdInput,
  WaybillShareList,
  WaybillShareLogQuery,
  WaybillShareLogRow,
  WaybillShareNumberUpdate,
  WaybillShareRow,
} from '../contracts/waybills.js';
import {
  CreatePrintTemplateInput,
  PrintInfoInput,
  PrintInfoResult,
  PrintLogRow,
  PrintLogSearch,
  PrintTemplateRow,
  PrintTemplateSearch,
  PrintTemplatesRemoved,
  SetDefaultTemplateInput,
  SysPrintTemplateQuery,
  AkcPrintParamsInput,
  AkcSyncInput,
  BatchSendPrintAnswer,
  BatchSendPrintInput,
  CreateSendTemplateInput,
  CustomTemplateXmlQuery,
  PreviewTemplateAnswer,
  PreviewTemplateInput,
  PrintLogExportInput,
  PrintSendInput,
  PrintSendResult,
  SendTemplateSearch,
  StoreWithAccountsRow,
  TemplateLinkQuery,
  TemplateUrlAnswer,
  TemplateUrlQuery,
  VipPrintTemplateRow,
} from '../contracts/printing.js';
import { ExportRequested } from '../contracts/exports.js';
import { get, NoAnswer, pageOf, post, RawAnswer, voListOf, type CallMap } from './define.js';

/** Templates are kept with MENU_PRINT_TEMPLATE; the order page reads them with MENU_ERPSO. */
export const PRINT_TEMPLATE_ACCESS = { menu: 'MENU_PRINT_TEMPLATE' } as const;
const TEMPLATE_READ_ACCESS = { menu: ['MENU_PRINT_TEMPLATE', 'MENU_ERPSO'] } as const;

const T = '/myhome/template';

/** Print templates (spec 02 §3.9, §7.13 myhome/template). */
export const PrintTemplateCalls = {
  /** The domain's templates, system ones first (unless includeSystem is false). */
  getPrintTemplates: post(`${T}/getPrintTemplates`, TEMPLATE_READ_ACCESS, PrintTemplateSearch, pageOf(PrintTemplateRow)),
  /** The read-only system templates (one per default size of spec 02 §9). */
  getSysPrintTemplates: post(`${T}/getSysPrintTemplates`, TEMPLATE_READ_ACCESS, SysPrintTemplateQuery, voListOf(PrintTemplateRow)),
  /** One template (not in the spec). */
  get: post(`${T}/get`, TEMPLATE_READ_ACCESS, IdInput, PrintTemplateRow),
  /** Makes a template, or with id and version changes it. */
  createPrintTemplate: post(`${T}/createPrintTemplate`, PRINT_TEMPLATE_ACCESS, CreatePrintTemplateInput, PrintTemplateRow),
  deletePrintTemplate: post(`${T}/deletePrintTemplate`, PRINT_TEMPLATE_ACCESS, IdListInput, PrintTemplatesRemoved),
  /** Makes a template the default of a courier (not in the spec). */
  setDefault: post(`${T}/setDefault`, PRINT_TEMPLATE_ACCESS, SetDefaultTemplateInput, PrintTemplateRow),
  /** Delivery-slip (PACKING_LIST) templates: a page, system ones first. */
  getSendTemplates: post(`${T}/getSendTemplates`, TEMPLATE_READ_ACCESS, SendTemplateSearch, pageOf(PrintTemplateRow)),
  getSysSendTemplates: post(`${T}/getSysSendTemplates`, TEMPLATE_READ_ACCESS, undefined, voListOf(PrintTemplateRow)),
  /** The domain's own delivery-slip templates. */
  getUserSendTemplates: post(`${T}/getUserSendTemplates`, TEMPLATE_READ_ACCESS, undefined, voListOf(PrintTemplateRow)),
  /** Makes a delivery-slip template, or with id and version changes it. */
  createSendBatchAsnTemplate: post(`${T}/createSendBatchAsnTemplate`, PRINT_TEMPLATE_ACCESS, CreateSendTemplateInput, PrintTemplateRow),
  deleteSendTemplate: post(`${T}/deleteSendTemplate`, PRINT_TEMPLATE_ACCESS, IdListInput, PrintTemplatesRemoved),
  /** The template this account previews with (one per kind). */
  setPreviewPrintTemplate: post(`${T}/setPreviewPrintTemplate`, TEMPLATE_READ_ACCESS, PreviewTemplateInput, PreviewTemplateAnswer),
  /** A signed link to the courier's default template (GET /erp/CaiNiaoTemplate/{type}/{id}). */
  getTemplateUrlByCodeType: post(`${T}/getTemplateUrlByCodeType`, TEMPLATE_READ_ACCESS, TemplateUrlQuery, TemplateUrlAnswer),
  getVipPrintTemplates: post(`${T}/getVipPrintTemplates`, TEMPLATE_READ_ACCESS, undefined, voListOf(VipPrintTemplateRow)),
  /** AKC's track print templates: AKC's print service is not part of this build (answers so). */
  syncAkcTrackPrintTemplate: post(`${T}/syncAkcTrackPrintTemplate`, PRINT_TEMPLATE_ACCESS, AkcSyncInput, NoAnswer),
  /** The template's layout as XML, through a signed link (no session: printer components load it). */
  templateByLink: get('/erp/CaiNiaoTemplate/:kind/:id', 'public', TemplateLinkQuery, RawAnswer, { raw: true }),
  /** The template's layout filled with the values of `json`, as XML. */
  customTemplateXml: get('/erp/CaiNiaoTemplate/customTemplateXml', TEMPLATE_READ_ACCESS, CustomTemplateXmlQuery, RawAnswer, { raw: true }),
};

/** Printing orders takes the order menu; the print log the log menu or the order menu. */
export const PRINT_ACCESS = { menu: 'MENU_ERPSO' } as const;
const PRINT_LOG_ACCESS = { menu: ['MENU_BIZ_LOG', 'MENU_ERPSO'] } as const;

/** Printing (spec 02 §7.13 myhome/print; the print log §7.14). */
export const PrintCalls = {
  /** The labels of one chunk of a batch print (chunks of 10, indexSeq per chunk), logged as printed. */
  getPrintInfo: post('/myhome/print/getPrintInfo', PRINT_ACCESS, PrintInfoInput, PrintInfoResult),
  searchPrintLog: post('/myhome/printLog/searchPageList', PRINT_LOG_ACCESS, PrintLogSearch, pageOf(PrintLogRow)),
  /** The print log with the list's filters, made in the background for the download centre. */
  exportPrintLog: post('/cloud/core/printLog/export', PRINT_LOG_ACCESS, PrintLogExportInput, ExportRequested),
  /** The plan of a batch print or send: orders, chunks of 10, flags (spec 02 §4.3). */
  getInfoForBatchSendPrint: post('/myhome/print/getInfoForBatchSendPrint', PRINT_ACCESS, BatchSendPrintInput, BatchSendPrintAnswer),
  /** Delivery slips of one chunk, logged; the orders' send print time is set. */
  printSendSoH: post('/myhome/print/printSendSoH', PRINT_ACCESS, PrintSendInput, PrintSendResult),
  /** AKC print parameters: AKC's print service is not part of this build (answers so). */
  getAkcPrintParams: post('/myhome/print/getAkcPrintParams', PRINT_ACCESS, AkcPrintParamsInput, NoAnswer),
  /** A file of the domain (a label PDF, an export) by id, with the session's token as access_token (for links). */
  attachment: get('/erp/pub/attachment/:id', 'public', z.object({ access_token: z.string().min(10).max(4000) }), RawAnswer, { raw: true }),
};

/** Waybill numbers for printing (spec 02 §7.13 myhome/print) and paper counters (myhome/lastexpressno). */
export const WaybillNumberCalls = {
  /** Waybill numbers from the carrier (an own account, else one shared to the domain) for reviewed orders. */
  eTrackGetNoAndPrint: post('/myhome/print/eTrackGetNoAndPrint', PRINT_ACCESS, TakeWaybillNoInput, WaybillBatchResult),
  /** Paper waybill numbers: the courier's last number plus the increment. */
  paperyPrint: post('/myhome/print/paperyPrint', PRINT_ACCESS, TakeWaybillNoInput, WaybillBatchResult),
  getLastNoByExpress: post('/myhome/lastexpressno/getLastNoByExpress', PRINT_ACCESS, LastExpressNoQuery, LastExpressNoRow),
  updateLastNo: post('/myhome/lastexpressno/updateLastNo', PRINT_ACCESS, UpdateLastExpressNoInput, LastExpressNoRow),
};

/** Waybill accounts and their shares take MENU_ETRACK_ACCOUNT. */
export const WAYBILL_ACCOUNT_ACCESS = { menu: 'MENU_ETRACK_ACCOUNT' } as const;
const A = '/myhome/etrackaccount';
const S = '/myhome/etrackaccountshare';

/** Waybill accounts (spec 02 §3.9, §7.13 myhome/etrackaccount). */
export const WaybillAccountCalls = {
  list: post(`${A}/list`, WAYBILL_ACCOUNT_ACCESS, WaybillAccountSearch, pageOf(WaybillAccountRow)),
  create: post(`${A}/create`, WAYBILL_ACCOUNT_ACCESS, WaybillAccountSave, WaybillAccountRow),
  update: post(`${A}/update`, WAYBILL_ACCOUNT_ACCESS, WaybillAccountUpdate, WaybillAccountRow),
  delete: post(`${A}/delete`, WAYBILL_ACCOUNT_ACCESS, IdListInput, WaybillRemoved),
};

/** The stores with their waybill accounts (served by the printing part). */
export const WaybillStoreCalls = {
  /** Every store with the waybill accounts of its platform's print code (cn, pdd, dy, jd…). */
  findAllStoreWithAccount: post(`${A}/findAllStoreWithAccount`, { menu: ['MENU_ETRACK_ACCOUNT', 'MENU_ERPSO'] }, undefined, z.array(StoreWithAccountsRow)),
};

/** Shares of waybill accounts to other domains (spec 02 §3.9, §4.2, §7.13 etrackaccountshare). */
export const WaybillShareCalls = {
  /** My shares to other domains and the accounts other domains share to mine. */
  search: post(`${S}/search`, WAYBILL_ACCOUNT_ACCESS, undefined, WaybillShareList),
  save: post(`${S}/save`, WAYBILL_ACCOUNT_ACCESS, WaybillShareCreate, WaybillShareRow),
  updateShareNumber: post(`${S}/updateShareNumber`, WAYBILL_ACCOUNT_ACCESS, WaybillShareNumberUpdate, WaybillShareRow),
  start: post(`${S}/start`, WAYBILL_ACCOUNT_ACCESS, WaybillShareIdInput, WaybillShareRow),
  stop: post(`${S}/stop`, WAYBILL_ACCOUNT_ACCESS, WaybillShareIdInput, WaybillShareRow),
  delete: post(`${S}/delete`, WAYBILL_ACCOUNT_ACCESS, WaybillShareIdInput, WaybillRemoved),
  /** The numbers taken through one of my shares, newest first. */
  searchPrintLog: post(`${S}/searchPrintLog`, WAYBILL_ACCOUNT_ACCESS, WaybillShareLogQuery, pageOf(WaybillShareLogRow)),
};

/** Sending reviewed orders and the shipping feedback to the stores (spec 02 §7.10, spec 01 §4.6). */
export const ShippingCalls = {
  sendErpSoHList: post('/myhome/sendsoh/sendErpSoHList', PRINT_ACCESS, SendOrdersInput, SendOrdersResult),
  syncSendErpSoHListForce: post('/myhome/sendsoh/syncSendErpSoHListForce', PRINT_ACCESS, SendOrdersInput, SendOrdersResult),
  /** No payload: the progress of every feedback record of the domain not yet closed. */
  queryFeedbackProgress: post('/myhome/erpsoh/queryFeedbackProgress', PRINT_ACCESS, undefined, FeedbackProgressAnswer),
  removeQuickFeedbackRecord: post('/myhome/erpsoh/removeQuickFeedbackRecord', PRINT_ACCESS, FeedbackRecordKeyInput, NoAnswer),
  getFeedbackCount: post('/myhome/taobaoSoHFeedback/getFeedbackCount', PRINT_ACCESS, FeedbackCountInput, FeedbackCount),
  searchFeedbackPageList: post('/myhome/taobaoSoHFeedback/searchFeedbackPageList', PRINT_ACCESS, FeedbackFailureSearch, pageOf(FeedbackFailureRow)),
  batchFeedBack4Taobao: post('/myhome/taobaoSoHFeedback/batchFeedBack4Taobao', PRINT_ACCESS, FeedbackIdListInput, FeedbackRetryResult),
  batchCloseFeedbackError: post('/myhome/taobaoSoHFeedback/batchCloseFeedbackError', PRINT_ACCESS, FeedbackIdListInput, FeedbackCount),
  /** Issues reviewed orders of WMS/Qimen warehouses to the warehouse system now; re-sends failed issues. */
  forceSendWmsErpSoByHand: post('/myhome/sendsoh/forceSendWmsErpSoByHand', PRINT_ACCESS, IssueToWarehouseInput, OrderBatchResult),
  /** Pushes shipped orders' tracking numbers to their stores again. */
  batchReSendToTaobao: post('/myhome/sendsoh/batchReSendToTaobao', PRINT_ACCESS, ResendFeedbackInput, ResendFeedbackResult),
  /** Ships one reviewed order with its note and serial numbers. */
  send: post('/myhome/sendsoh/send', PRINT_ACCESS, SendOneInput, SendOrdersResult),
};

const X = '/myhome/expressTracking';

/** Express tracking of sent orders (spec 02 §4.1, §7.13; spec 01 §2.2 /order tab 7). */
export const TrackingCalls = {
  getConfig: post(`${X}/getConfig`, PRINT_ACCESS, undefined, TrackingConfig),
  updateConfig: post(`${X}/updateConfig`, PRINT_ACCESS, TrackingConfig, TrackingConfig),
  query: post(`${X}/query`, PRINT_ACCESS, TrackingSearch, pageOf(TrackingRow)),
  statistics: post(`${X}/statistics`, PRINT_ACCESS, TrackingStatisticsInput, TrackingStatistics),
  /** Asks the carriers now (not in the spec). */
  refresh: post(`${X}/refresh`, PRINT_ACCESS, TrackingRefreshInput, TrackingRefreshResult),
  /** The spec's spelling: ignore these orders. */
  igore: post(`${X}/igore`, PRINT_ACCESS, TrackingIdListInput, TrackingIgnoreResult),
  /** Checks ignored orders again (not in the spec). */
  unignore: post(`${X}/unignore`, PRINT_ACCESS, TrackingIdListInput, TrackingIgnoreResult),
};

/** Express rules take MENU_EXPRESS_RULE, stop-shipping templates MENU_EXPRESS_STOP. */
export const EXPRESS_RULE_ACCESS = { menu: 'MENU_EXPRESS_RULE' } as const;
export const EXPRESS_STOP_ACCESS = { menu: 'MENU_EXPRESS_STOP' } as const;
const R = '/cloud/core/expressRule';
const P = '/myhome/expressCompany/expressProhibited';
const D = '/myhome/address';

/** Express rules (spec 02 §3.10, §7.8 /cloud/core/expressRule). */
export const ExpressRuleCalls = {
  /** getExpressRuleList?type=… : a POST whose type is in the query string, as the spec writes it. */
  getExpressRuleList: post(`${R}/getExpressRuleList`, EXPRESS_RULE_ACCESS, ExpressRuleListQuery, z.array(ExpressRuleRow), { inputFrom: 'query' }),
  /** The same as a GET (not in the spec). */
  getExpressRuleListByGet: get(`${R}/getExpressRuleList`, EXPRESS_RULE_ACCESS, ExpressRuleListQuery, z.array(ExpressRuleRow)),
  updateExpressRuleList: post(`${R}/updateExpressRuleList`, EXPRESS_RULE_ACCESS, UpdateExpressRuleListInput, z.array(ExpressRuleRow)),
  deleteExpressRuleList: post(`${R}/deleteExpressRuleList`, EXPRESS_RULE_ACCESS, DeleteExpressRuleListInput, ExpressRulesDeleted),
  getExpressRulePriorityList: post(`${R}/getExpressRulePriorityList`, EXPRESS_RULE_ACCESS, undefined, ExpressRulePriority),
  /** The same as a GET (not in the spec). */
  getExpressRulePriorityListByGet: get(`${R}/getExpressRulePriorityList`, EXPRESS_RULE_ACCESS, undefined, ExpressRulePriority),
  updateExpressRulePriorityList: post(`${R}/updateExpressRulePriorityList`, EXPRESS_RULE_ACCESS, UpdateExpressRulePriorityInput, ExpressRulePriority),
};

/** Stop-shipping templates (spec 02 §7.8 expressProhibited; the spec shows no verbs). */
export const StopTemplateCalls = {
  search: post(`${P}/search`, EXPRESS_STOP_ACCESS, StopTemplateSearchInput, pageOf(StopTemplateRow)),
  get: post(`${P}/get`, EXPRESS_STOP_ACCESS, IdInput, StopTemplateRow),
  create: post(`${P}/create`, EXPRESS_STOP_ACCESS, StopTemplateCreateInput, StopTemplateRow),
  update: post(`${P}/update`, EXPRESS_STOP_ACCESS, StopTemplateUpdateInput, StopTemplateRow),
  delete: post(`${P}/delete`, EXPRESS_STOP_ACCESS, IdListInput, ExpressRulesDeleted),
};

/** The address calls (spec 02 §7.6 /myhome/address), for any signed-in account. */
export const AddressCalls = {
  searchAddress: post(`${D}/searchAddress`, 'session', SearchAddressInput, z.array(AddressSearchHit)),
  addressAnalysis: post(`${D}/addressAnalysis`, 'session', AddressAnalysisInput, ParsedAddressAnswer),
  searchAddressAsTree: post(`${D}/searchAddressAsTree`, 'session', undefined, z.array(RegionTreeNodeAnswer)),
  findAllAddressTree: post(`${D}/findAllAddressTree`, 'session', undefined, z.array(RegionTreeNodeAnswer)),
};

/** The area's call maps, by area name. */
export const PRINT_CALL_MAPS: Record<string, CallMap> = {
  printTemplates: PrintTemplateCalls,
  printing: PrintCalls,
  waybillAccounts: WaybillAccountCalls,
  waybillStores: WaybillStoreCalls,
  waybillShares: WaybillShareCalls,
  waybillNumbers: WaybillNumberCalls,
  shipping: ShippingCalls,
  tracking: TrackingCalls,
  expressRules: ExpressRuleCalls,
  stopTemplates: StopTemplateCalls,
  address: AddressCalls,
};
