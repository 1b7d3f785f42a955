// Sales orders: the shared part (spec 02 §3.5, §4.1–§4.3; spec 01 §2.2 /order tabs). The
// catalogue of statuses, tabs and labels, the order and line rows every order call answers, the
// batch result of the commands, and the area's error codes. The list's search input, the ingest
// inputs and the command inputs live in orders-*.ts beside this file.
import { z } from 'zod';
import { Id } from './common.js';

// ---- catalogues --------------------------------------------------------------------------------

/** ERP order statuses (spec 02 §4.1). */
export const ORDER_STATUSES = [
  'CI_ERPSOH_STATUS_NORMAL',
  'CI_ERPSOH_STATUS_VERIFIED',
  'CI_ERPSOH_STATUS_SEND',
  'CI_ERPSOH_STATUS_SYNCED',
  'CI_ERPSOH_STATUS_CANCEL',
  'CI_ERPSOH_STATUS_CLOSE',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS = {
  /** Pending review. */
  NORMAL: 'CI_ERPSOH_STATUS_NORMAL',
  /** Reviewed: stock allocated, in the print tab. */
  VERIFIED: 'CI_ERPSOH_STATUS_VERIFIED',
  /** Shipped. */
  SEND: 'CI_ERPSOH_STATUS_SEND',
  /** Issued to a third-party warehouse. */
  SYNCED: 'CI_ERPSOH_STATUS_SYNCED',
  /** Replaced by a merge or a split (the sources of a merged or split order). */
  CANCEL: 'CI_ERPSOH_STATUS_CANCEL',
  CLOSE: 'CI_ERPSOH_STATUS_CLOSE',
} as const satisfies Record<string, OrderStatus>;

/** The /order tabs (spec 01 §2.2 activeKey). */
export const ORDER_TABS = ['1', '2', '3', '4', '5', '6', '7', '8'] as const;
export type OrderTab = (typeof ORDER_TABS)[number];
/**
 * The statuses each tab lists. 1 review: pending; 2 print and 3 check-and-send: reviewed (and
 * issued to a warehouse); 4 sent; 5 exceptions: pending or reviewed orders with an exception
 * label, a sync failure or an intercept (the tab narrows further by `type`); 6 all; 7 express
 * tracking: sent; 8 weigh and send: reviewed.
 */
export const ORDER_TAB_STATUSES: Record<OrderTab, readonly OrderStatus[]> = {
  '1': ['CI_ERPSOH_STATUS_NORMAL'],
  '2': ['CI_ERPSOH_STATUS_VERIFIED', 'CI_ERPSOH_STATUS_SYNCED'],
  '3': ['CI_ERPSOH_STATUS_VERIFIED', 'CI_ERPSOH_STATUS_SYNCED'],
  '4': ['CI_ERPSOH_STATUS_SEND'],
  '5': ['CI_ERPSOH_STATUS_NORMAL', 'CI_ERPSOH_STATUS_VERIFIED'],
  '6': ['CI_ERPSOH_STATUS_NORMAL', 'CI_ERPSOH_STATUS_VERIFIED', 'CI_ERPSOH_STATUS_SEND', 'CI_ERPSOH_STATUS_SYNCED', 'CI_ERPSOH_STATUS_CLOSE'],
  '7': ['CI_ERPSOH_STATUS_SEND'],
  '8': ['CI_ERPSOH_STATUS_VERIFIED'],
};

/** Header label types (spec 02 §3.5). */
export const ORDER_LABELS = [
  'PDD_ASSIGN_EXPRESS',
  'PDD_TRANSIT_ORDER',
  'TB_LOGISTICE_UPGRADE',
  'ALIBABA_FREE',
  'ALIBABA_PAY',
  'N_PRICE_M_ITEM',
  'JD_HOME_DELIVERY_LARGE',
  'JD_HOME_DELIVERY_LITTLE',
  'NORMAL_PERFORMANCE',
  'SPECIFIED_LOGISTICS',
  'MULTI_WAREHOUSE_SHIPMENT',
  'ORDER_TBSKU_EXCEPTION',
  'LACK_OF_STACK',
  'WAREHOUSE_MATCH_FAIL',
  'EXPRESS_MATCH_FAIL',
  'ORDER_ERP',
  'EXPRESS_PROHIBITED',
] as const;
export type OrderLabel = (typeof ORDER_LABELS)[number];

/** The exception labels of tab 5, each resolved by an action (spec 01 §2.4). */
export const ORDER_EXCEPTION_LABELS = ['ORDER_TBSKU_EXCEPTION', 'WAREHOUSE_MATCH_FAIL', 'EXPRESS_MATCH_FAIL'] as const satisfies readonly OrderLabel[];

/** Line labels (spec 02 §3.5). */
export const ORDER_LINE_LABELS = ['PRESALE', 'SPECIAL_SHAPE', 'GIFT', 'GIFT_NOT_SPLIT'] as const;

export const ORDER_SOURCES = ['PLATFORM', 'MANUAL', 'IMPORT', 'HTTP'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

export const ORDER_TYPES = ['NORMAL', 'DISTRIBUTION', 'SUPPLY', 'SUPPLY_DISTRIBUTION'] as const;

// ---- rows --------------------------------------------------------------------------------------

export const OrderLineRow = z.object({
  id: Id,
  lineSeq: z.number().int(),
  skuId: Id.nullable(),
  skuCode: z.string().nullable(),
  skuName: z.string().nullable(),
  skuSpecifications: z.string().nullable(),
  picUrl: z.string().nullable(),
  qty: z.number().int(),
  price: z.string(),
  amount: z.string(),
  skuWeight: z.string().nullable(),
  isGift: z.boolean(),
  isCombination: z.boolean(),
  labels: z.array(z.string()),
  cancelTag: z.number().int(),
  stockOut: z.boolean(),
  platformNo: z.string().nullable(),
  tbSkuId: z.string().nullable(),
  outerSkuId: z.string().nullable(),
  title: z.string().nullable(),
  properties: z.string().nullable(),
  // The line fields of spec 02 §3.5 by the spec's names (null where this build does not know them).
  /** The system SKU's colour and size. */
  skuColor: z.string().nullable(),
  skuSize: z.string().nullable(),
  /** A line has no status of its own: null. */
  statusCode: z.string().nullable(),
  /** The combination SKU of a combination line (its skuId), else null. */
  comId: Id.nullable(),
  comSkuDesc: z.string().nullable(),
  skus: z.string().nullable(),
  combinationNum: z.number().int().nullable(),
  imei1: z.string().nullable(),
  imei2: z.string().nullable(),
  /** The goods (SPU) name, short name and code of the line's SKU. */
  name: z.string().nullable(),
  shortName: z.string().nullable(),
  skuShortName: z.string().nullable(),
  code: z.string().nullable(),
});
export type OrderLineRow = z.infer<typeof OrderLineRow>;

/** An order as the list and the detail show it. Receiver fields are masked unless decrypted. */
export const OrderRow = z.object({
  id: Id,
  code: z.string(),
  version: z.number().int(),
  orderType: z.string(),
  statusCode: z.enum(ORDER_STATUSES),
  soExtendStatus: z.string().nullable(),
  source: z.enum(ORDER_SOURCES),
  storeId: Id,
  storeName: z.string().nullable(),
  platformCode: z.string(),
  platformNos: z.array(z.string()),
  buyerNick: z.string().nullable(),
  receiverName: z.string().nullable(),
  receiverPhone: z.string().nullable(),
  receiverProvince: z.string().nullable(),
  receiverCity: z.string().nullable(),
  receiverDistrict: z.string().nullable(),
  receiverAddress: z.string().nullable(),
  addressException: z.boolean(),
  warehouseId: Id.nullable(),
  warehouseName: z.string().nullable(),
  expressCompanyCode: z.string().nullable(),
  expressNo: z.string().nullable(),
  riskControlStatus: z.string(),
  haveRefund: z.boolean(),
  intercepted: z.boolean(),
  interceptReason: z.string().nullable(),
  locked: z.boolean(),
  preSale: z.boolean(),
  stockOut: z.boolean(),
  mergeLevel: z.number().int(),
  splitLevel: z.number().int(),
  sellerFlag: z.number().int(),
  sellerRemark: z.string().nullable(),
  buyerMessage: z.string().nullable(),
  amountTotal: z.string(),
  postFee: z.string(),
  qtyTotal: z.number().int(),
  skuTotal: z.number().int(),
  weightTotal: z.string(),
  labels: z.array(z.string()),
  payTime: z.string().nullable(),
  lastShipTime: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  /** When the express label was last printed; null while it was not (tab 2: to print or printed). */
  expressPrintTime: z.string().nullable(),
  createdAt: z.string(),
  // The header fields of spec 02 §3.5 by the spec's names (null where this build does not know them).
  /** The platform order numbers as the spec's bracketed list, e.g. "[P1,P2]". */
  platformNo: z.string(),
  originalPlatformCode: z.string().nullable(),
  platformName: z.string().nullable(),
  isSopShipment: z.boolean().nullable(),
  /** COD for cash on delivery, else null. */
  codType: z.string().nullable(),
  haveInvoice: z.boolean(),
  erpSoLiveList: z.array(z.object({ liveName: z.string().nullable(), anchormanName: z.string().nullable() })),
  cnService: z.string().nullable(),
  reviewPoint: z.string().nullable(),
  tradingTime: z.string().nullable(),
  sendPrintTime: z.string().nullable(),
  batchNo: z.string().nullable(),
  esTimeName: z.string().nullable(),
  deliveryTime: z.string().nullable(),
  pushTime: z.string().nullable(),
  signTime: z.string().nullable(),
  promisedDeliveryTime: z.string().nullable(),
  promiseSignTime: z.string().nullable(),
  promiseOutboundTime: z.string().nullable(),
  promiseDeliveryTime: z.string().nullable(),
  tmallDelivery: z.boolean().nullable(),
  /** A warehouse / a courier was matched (no WAREHOUSE_MATCH_FAIL / EXPRESS_MATCH_FAIL label). */
  wareHouseMatch: z.boolean(),
  expressMatch: z.boolean(),
  distributorTbCode: z.string().nullable(),
  /** The header labels as the spec's label objects (labelValue: null, this build keeps none). */
  erpSoHeaderLabelVos: z.array(z.object({ labelType: z.string(), labelValue: z.string().nullable() })),
  /** Phone-bearing fields, masked like receiverPhone (spec 02 §3.5 mask rules). */
  encryptReceiverPhone: z.string().nullable(),
  encryptReceiverTel: z.string().nullable(),
  /** The platform's encrypted phone and telephone: null (this build stores none). */
  receiverEnPhone: z.string().nullable(),
  receiverEnTel: z.string().nullable(),
  /** Why the automatic review kept this pending order for a person (AUTO_VERIFY_* or a review refusal code), else null. */
  autoVerifyHold: z.string().nullable(),
  lines: z.array(OrderLineRow),
});
export type OrderRow = z.infer<typeof OrderRow>;

// ---- commands ----------------------------------------------------------------------------------

export const OrderIdList = z.object({ idList: z.array(Id).min(1).max(1000) });
export type OrderIdList = z.infer<typeof OrderIdList>;

/** One order a batch command refused, with the reason (an error code and its params). */
export const OrderFailure = z.object({
  id: Id,
  code: z.string().nullable(),
  errorCode: z.string(),
  params: z.record(z.string(), z.unknown()).optional(),
  message: z.string(),
});
export type OrderFailure = z.infer<typeof OrderFailure>;

/** The answer of a batch command: what went through and, per order, what was refused. */
export const OrderBatchResult = z.object({
  successIds: z.array(Id),
  failures: z.array(OrderFailure),
});
export type OrderBatchResult = z.infer<typeof OrderBatchResult>;

// ---- errors ------------------------------------------------------------------------------------

export const OrderErrors = {
  /** The command is not allowed in the order's status (params: code, status, action). */
  STATUS: 'ERR_ORDER_STATUS',
  LOCKED: 'ERR_ORDER_LOCKED',
  RISK_CONTROLLED: 'ERR_ORDER_RISK_CONTROLLED',
  INTERCEPTED: 'ERR_ORDER_INTERCEPTED',
  WAVE_ORDER: 'ERR_ORDER_WAVE_ORDER',
  /** An order with an unmapped line, or without a warehouse, cannot be reviewed. */
  UNMAPPED: 'ERR_ORDER_UNMAPPED',
  NO_WAREHOUSE: 'ERR_ORDER_NO_WAREHOUSE',
  NO_EXPRESS: 'ERR_ORDER_NO_EXPRESS',
  /** Not enough available stock to review (params: skuCode, available, needed). */
  SHORTAGE: 'ERR_ORDER_SHORTAGE',
  MERGE_DIFFERENT: 'ERR_ORDER_MERGE_DIFFERENT',
  /** Two parts of one split: cancel the split to put them back together (the 待合 tag skips them too). */
  MERGE_SAME_SPLIT: 'ERR_ORDER_MERGE_SAME_SPLIT',
  MERGE_LIMIT: 'ERR_ORDER_MERGE_LIMIT',
  MERGE_TOO_FEW: 'ERR_ORDER_MERGE_TOO_FEW',
  SPLIT_TOO_MUCH: 'ERR_ORDER_SPLIT_TOO_MUCH',
  SPLIT_NOTHING_LEFT: 'ERR_ORDER_SPLIT_NOTHING_LEFT',
  NOT_MERGED: 'ERR_ORDER_NOT_MERGED',
  NOT_SPLIT: 'ERR_ORDER_NOT_SPLIT',
  /** A self-defined store's ingest: bad or missing signature, a replayed nonce, a stale timestamp. */
  BAD_SIGNATURE: 'ERR_ORDER_BAD_SIGNATURE',
  REPLAYED: 'ERR_ORDER_REPLAYED',
} as const;
