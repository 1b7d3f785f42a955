// Inbound notices (ASN, spec 02 §3.6, §4.1, §4.2, §7.9) and the sandbox warehouse system's
// console. A notice names a warehouse, a type, an optional supplier and its lines (SKU, noticed
// quantity, unit price, planned location); receipts book what arrived, per location, until every
// line is in.
import { z } from 'zod';
import {
  ASN_RECEIPT_SOURCES,
  ASN_STATUSES,
  ASN_TYPES,
  SANDBOX_WMS_CANCEL_MODES,
  SANDBOX_WMS_FAILURE_KINDS,
  SANDBOX_WMS_OPERATIONS,
  SYNC_STATUSES,
  THIRD_PARTY_STATUSES,
  asnStatusCode,
} from '../catalogues/inbound.js';
import type { AsnType } from '../catalogues/inbound.js';
import { WAREHOUSE_TYPES } from '../catalogues/warehouses.js';
import { DEFAULT_KEYWORD_CAP, splitKeywords } from '../rules/keywords.js';
import { DateTimeText, Id, IdListInput, OptionalText, PageQuery, Text, Version } from './common.js';
import { Price } from './goods.js';

export const InboundErrors = {
  /** The command does not fit the notice's status (edit a COMPLETED notice, receive a CLOSED one…). */
  WRONG_STATUS: 'ERR_INBOUND_WRONG_STATUS',
  /** A receipt would bring in more than the line noticed. */
  OVER_RECEIPT: 'ERR_INBOUND_OVER_RECEIPT',
  /** The location is not a location of the notice's warehouse. */
  LOCATION_NOT_IN_WAREHOUSE: 'ERR_INBOUND_LOCATION_NOT_IN_WAREHOUSE',
  /** The warehouse keeps stock by location: each receipt line names one. */
  LOCATION_REQUIRED: 'ERR_INBOUND_LOCATION_REQUIRED',
  WAREHOUSE_STOPPED: 'ERR_INBOUND_WAREHOUSE_STOPPED',
  WAREHOUSE_NOT_FOUND: 'ERR_INBOUND_WAREHOUSE_NOT_FOUND',
  SKU_NOT_FOUND: 'ERR_INBOUND_SKU_NOT_FOUND',
  /** A combination SKU has no stock of its own: notice its components. */
  COMBINATION_SKU: 'ERR_INBOUND_COMBINATION_SKU',
  SUPPLIER_NOT_FOUND: 'ERR_INBOUND_SUPPLIER_NOT_FOUND',
  SUPPLIER_DISABLED: 'ERR_INBOUND_SUPPLIER_DISABLED',
  /** A receipt line names a line of another notice. */
  DETAIL_NOT_FOUND: 'ERR_INBOUND_DETAIL_NOT_FOUND',
  /** A scanned barcode or SKU code is on no line of the notice. */
  SCAN_NOT_ON_NOTICE: 'ERR_INBOUND_SCAN_NOT_ON_NOTICE',
  /** Received goods cannot be deleted or cancelled plainly: force cancel keeps what came in. */
  HAS_RECEIPTS: 'ERR_INBOUND_HAS_RECEIPTS',
  /** Notices of a warehouse run by a warehouse system are received by that system's reports. */
  RECEIVED_BY_WAREHOUSE_SYSTEM: 'ERR_INBOUND_RECEIVED_BY_WAREHOUSE_SYSTEM',
  /** Sync applies to notices of warehouses run by a warehouse system only. */
  NOT_A_WAREHOUSE_SYSTEM: 'ERR_INBOUND_NOT_A_WAREHOUSE_SYSTEM',
  /** A sync is already under way (or done) for the notice. */
  SYNC_NOT_ALLOWED: 'ERR_INBOUND_SYNC_NOT_ALLOWED',
  /** The account may not see purchase prices, so it cannot set them. */
  PRICE_HIDDEN: 'ERR_INBOUND_PRICE_HIDDEN',
  /** This process runs without the job queue. */
  JOBS_UNAVAILABLE: 'ERR_INBOUND_JOBS_UNAVAILABLE',
  /** The last issue timed out: the warehouse system may hold the notice, so it is not edited or deleted. */
  MAY_BE_IN_WAREHOUSE: 'ERR_INBOUND_MAY_BE_IN_WAREHOUSE',
} as const;

export const WarehouseSystemErrors = {
  TIMEOUT: 'ERR_WMS_TIMEOUT',
  REJECTED: 'ERR_WMS_REJECTED',
  FAILED: 'ERR_WMS_FAILED',
  /** A real warehouse system's connector is not part of this build. */
  NOT_IN_BUILD: 'ERR_WMS_NOT_IN_BUILD',
  /** The warehouse is run by the seller: no system to talk to. */
  NO_CONNECTOR: 'ERR_WMS_NO_CONNECTOR',
  /** The sandbox console acts only on sandbox-connected warehouses. */
  NOT_SANDBOX: 'ERR_WMS_NOT_SANDBOX',
  /** Sandbox console: no such document, or it cannot do that in its state. */
  SANDBOX_DOCUMENT: 'ERR_WMS_SANDBOX_DOCUMENT',
} as const;

/** Most lines on one notice. */
export const ASN_MAX_LINES = 1000;
/** Most pieces on one line (a whole number). */
export const ASN_MAX_QTY = 10_000_000;

const Qty = z.number().int('Enter a whole number of pieces').min(1, 'Enter a quantity of at least 1').max(ASN_MAX_QTY);

// ---- notices --------------------------------------------------------------------------------

export const AsnDetailInput = z.object({
  skuId: Id,
  qty: Qty,
  /** Unit price (4 decimals); moves the moving-average cost on receipt. Empty: no cost. */
  price: Price.optional(),
  /** The planned location (the receipt's default). */
  locationId: Id.nullish(),
  lotAttNO: OptionalText(50),
  remark: OptionalText(200),
});
export type AsnDetailInput = z.infer<typeof AsnDetailInput>;

const AsnHeaderFields = z.object({
  whId: Id,
  asnType: z.enum(ASN_TYPES).default('ASN_PURCHASE'),
  supplierId: Id.nullish(),
  /** The purchase order (or other source) it comes from. */
  purchaseCode: OptionalText(64),
  /** When the goods are expected. */
  expectedTime: DateTimeText.nullish(),
  remark: OptionalText(500),
  asnDetails: z.array(AsnDetailInput).min(1, 'Add at least one SKU').max(ASN_MAX_LINES),
});

function oneLinePerSku(value: { asnDetails: { skuId: number }[] }, ctx: z.RefinementCtx) {
  const seen = new Set<number>();
  value.asnDetails.forEach((d, index) => {
    if (seen.has(d.skuId)) ctx.addIssue({ code: 'custom', path: ['asnDetails', index, 'skuId'], message: 'The same SKU is on two lines' });
    seen.add(d.skuId);
  });
}

export const AsnCreateInput = AsnHeaderFields.superRefine(oneLinePerSku);
export type AsnCreateInput = z.infer<typeof AsnCreateInput>;

export const AsnEditInput = AsnHeaderFields.extend({ id: Id, version: Version }).superRefine(oneLinePerSku);
export type AsnEditInput = z.infer<typeof AsnEditInput>;

/** Creates a notice and receives every line in full at its planned location. */
export const AsnCreateAndReceiptInput = AsnCreateInput;
export type AsnCreateAndReceiptInput = z.infer<typeof AsnCreateAndReceiptInput>;

export const AsnReceiptLineInput = z.object({
  asnDetailId: Id,
  /** Where the pieces go; none only in a warehouse without locations. */
  locationId: Id.nullish(),
  qty: Qty,
});
export type AsnReceiptLineInput = z.infer<typeof AsnReceiptLineInput>;

/** A receipt: part or all of what is still expected; a line may be split over locations. */
export const AsnReceiptInput = z.object({
  id: Id,
  version: Version,
  lines: z.array(AsnReceiptLineInput).min(1, 'Receive at least one line').max(ASN_MAX_LINES * 5),
  remark: OptionalText(200),
});
export type AsnReceiptInput = z.infer<typeof AsnReceiptInput>;

/**
 * One scan of the receiving station (not in the spec; README): a barcode or SKU code, the pieces
 * (one by default) and, in a warehouse with locations, where they go (the line's planned location
 * by default). The version is optional: several scanners may receive one notice at once; what is
 * left on each line is checked under the notice's row lock either way.
 */
export const AsnScanReceiptInput = z.object({
  id: Id,
  version: Version.optional(),
  code: z.string().trim().min(1, 'Scan a barcode or SKU code').max(64),
  qty: Qty.default(1),
  locationId: Id.nullish(),
});
export type AsnScanReceiptInput = z.infer<typeof AsnScanReceiptInput>;

/** What a scanning station needs after a scan: the line it booked and the notice's new totals. */
export const AsnScanReceiptAnswer = z.object({
  id: z.number(),
  code: z.string(),
  version: z.number(),
  statusId: z.enum(ASN_STATUSES),
  statusName: z.string(),
  qtyTotal: z.number(),
  receivedQtyTotal: z.number(),
  line: z.object({
    id: z.number(),
    lineNo: z.number(),
    skuId: z.number(),
    skuCode: z.string(),
    skuName: z.string().nullable(),
    skuBarCode: z.string().nullable(),
    qty: z.number(),
    receivedQty: z.number(),
    locationId: z.number().nullable(),
    received: z.number(),
  }),
});
export type AsnScanReceiptAnswer = z.infer<typeof AsnScanReceiptAnswer>;

export const AsnVersionInput = z.object({ id: Id, version: Version });
export type AsnVersionInput = z.infer<typeof AsnVersionInput>;

export const AsnForceCancelInput = z.object({ id: Id, version: Version, reason: Text(200) });
export type AsnForceCancelInput = z.infer<typeof AsnForceCancelInput>;

export const AsnIdListInput = IdListInput;
export type AsnIdListInput = z.infer<typeof AsnIdListInput>;

/** A status filter as the list or a jump sends it: the code (CI_ASN_STATUS_CREATED) or CREATED. */
const StatusFilter = z
  .string()
  .trim()
  .transform((v, ctx) => {
    if (!v) return undefined;
    const code = asnStatusCode(v);
    if (!code) {
      ctx.addIssue({ code: 'custom', message: `Unknown status ${v}` });
      return z.NEVER;
    }
    return code;
  });

export const ASN_TIME_TYPES = ['CREATED', 'EXPECTED', 'COMPLETED'] as const;
export type AsnTimeType = (typeof ASN_TIME_TYPES)[number];

export const AsnSearchInput = PageQuery.extend({
  /** Notice codes or purchase codes, split on commas; fuzzy when one is given. */
  codeKeywords: z
    .string()
    .max(2000)
    .nullish()
    .transform((v) => splitKeywords(v ?? '', DEFAULT_KEYWORD_CAP).items),
  status: StatusFilter.nullish(),
  statusList: z.array(z.enum(ASN_STATUSES)).max(ASN_STATUSES.length).nullish(),
  asnType: z.enum(ASN_TYPES).nullish(),
  /** -1 or absent: every warehouse. */
  whId: z.number().int().min(-1).nullish(),
  supplierId: Id.nullish(),
  syncStatus: z.enum(SYNC_STATUSES).nullish(),
  timeType: z.enum(ASN_TIME_TYPES).default('CREATED'),
  startTime: DateTimeText.nullish(),
  endTime: DateTimeText.nullish(),
});
export type AsnSearchInput = z.infer<typeof AsnSearchInput>;

const AsnRowFields = {
  id: z.number(),
  code: z.string(),
  asnType: z.enum(ASN_TYPES),
  whId: z.number(),
  warehouseCode: z.string(),
  warehouseName: z.string(),
  warehouseType: z.enum(WAREHOUSE_TYPES),
  supplierId: z.number().nullable(),
  supplierCode: z.string().nullable(),
  supplierName: z.string().nullable(),
  /** CI_ASN_STATUS_… (statusId in the spec's words). */
  statusId: z.enum(ASN_STATUSES),
  /** The status's name in the caller's language (spec 02 §3.6 statusName). */
  statusName: z.string(),
  purchaseCode: z.string().nullable(),
  expectedTime: z.string().nullable(),
  remark: z.string().nullable(),
  skuTotal: z.number(),
  qtyTotal: z.number(),
  receivedQtyTotal: z.number(),
  /** Sum of qty × price (PURCHASE_PRICE field; not sent to accounts that may not see it). */
  amountTotal: z.string().optional(),
  /** Null for a seller-run warehouse. */
  syncStatus: z.enum(SYNC_STATUSES).nullable(),
  syncError: z.string().nullable(),
  /** The code of the last failed send (ERR_WMS_TIMEOUT…). */
  syncErrorCode: z.string().nullable(),
  syncAttempts: z.number(),
  /** The document's status in the warehouse system. */
  wmsStatus: z.enum(THIRD_PARTY_STATUSES).nullable(),
  /** The warehouse system's code of the notice. */
  externalCode: z.string().nullable(),
  /** A cancel asked of the warehouse system: REQUEST, SENDING, SUCCESS, FAILURE; null when none. */
  cancelSyncStatus: z.enum(SYNC_STATUSES).nullable(),
  /** Whether the warehouse is served by the sandbox warehouse system. */
  sandbox: z.boolean(),
  cancelReason: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  version: z.number(),
};
export const AsnRow = z.object(AsnRowFields);
export type AsnRow = z.infer<typeof AsnRow>;

export const AsnDetailRow = z.object({
  id: z.number(),
  lineNo: z.number(),
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string().nullable(),
  specifications: z.string().nullable(),
  skuBarCode: z.string().nullable(),
  qty: z.number(),
  receivedQty: z.number(),
  /** Unit price and line amount: PURCHASE_PRICE field only. */
  price: z.string().nullable().optional(),
  amount: z.string().nullable().optional(),
  locationId: z.number().nullable(),
  locationCode: z.string().nullable(),
  lotAttNO: z.string().nullable(),
  remark: z.string().nullable(),
});
export type AsnDetailRow = z.infer<typeof AsnDetailRow>;

export const AsnReceiptLineRow = z.object({
  asnDetailId: z.number(),
  skuId: z.number(),
  skuCode: z.string(),
  locationId: z.number().nullable(),
  locationCode: z.string().nullable(),
  qty: z.number(),
});
export type AsnReceiptLineRow = z.infer<typeof AsnReceiptLineRow>;

export const AsnReceiptRow = z.object({
  id: z.number(),
  source: z.enum(ASN_RECEIPT_SOURCES),
  /** The warehouse system's result id, for receipts it reported. */
  externalResultId: z.string().nullable(),
  qtyTotal: z.number(),
  remark: z.string().nullable(),
  receivedByName: z.string().nullable(),
  receivedAt: z.string(),
  lines: z.array(AsnReceiptLineRow),
});
export type AsnReceiptRow = z.infer<typeof AsnReceiptRow>;

/** A warehouse-system result that could not be booked (kept with the reason). */
export const AsnRefusedResultRow = z.object({
  resultId: z.string(),
  type: z.string(),
  message: z.string(),
  createdAt: z.string(),
});
export type AsnRefusedResultRow = z.infer<typeof AsnRefusedResultRow>;

export const AsnView = z.object({
  ...AsnRowFields,
  asnDetails: z.array(AsnDetailRow),
  receipts: z.array(AsnReceiptRow),
  refusedResults: z.array(AsnRefusedResultRow),
});
export type AsnView = z.infer<typeof AsnView>;

export const AsnStatusOption = z.object({
  statusId: z.enum(ASN_STATUSES),
  statusName: z.string(),
  count: z.number(),
});
export type AsnStatusOption = z.infer<typeof AsnStatusOption>;

/** An enabled supplier a notice may name (the notice form's select). */
export const AsnSupplierOption = z.object({ id: z.number(), code: z.string(), name: z.string() });
export type AsnSupplierOption = z.infer<typeof AsnSupplierOption>;

/** The import (kind ASN): one notice per notice key; the file without keys makes one notice. */
export const AsnImportRow = z.object({
  noticeKey: OptionalText(64),
  warehouseCode: Text(32),
  asnType: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return 'ASN_PURCHASE' as AsnType;
      const upper = v.toUpperCase();
      const code = upper.startsWith('ASN_') ? upper : `ASN_${upper}`;
      if (!(ASN_TYPES as readonly string[]).includes(code)) {
        ctx.addIssue({ code: 'custom', message: `Unknown inbound type ${v}` });
        return z.NEVER;
      }
      return code as AsnType;
    }),
  supplierCode: OptionalText(32),
  purchaseCode: OptionalText(64),
  skuCode: Text(64),
  qty: z
    .string()
    .trim()
    .refine((v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= ASN_MAX_QTY, 'Enter a whole number of pieces of at least 1')
    .transform(Number),
  price: Price.optional(),
  locationCode: OptionalText(32),
  remark: OptionalText(500),
});
export type AsnImportRow = z.infer<typeof AsnImportRow>;

// ---- the sandbox warehouse system's console ------------------------------------------------------

export const SandboxWmsForcedFailure = z.object({
  kind: z.enum(SANDBOX_WMS_FAILURE_KINDS),
  /** Only calls of this operation; any call when absent. */
  operation: z.enum(SANDBOX_WMS_OPERATIONS).nullish(),
});
export type SandboxWmsForcedFailure = z.infer<typeof SandboxWmsForcedFailure>;

export const SandboxWmsWarehouseInput = z.object({ warehouseId: Id });
export type SandboxWmsWarehouseInput = z.infer<typeof SandboxWmsWarehouseInput>;

export const SandboxWmsSettingsInput = z.object({
  warehouseId: Id,
  version: Version,
  /** Share of calls failing at random (drawn from the warehouse and call number: replays exactly). */
  failureRate: z.number().min(0).max(1),
  latencyMs: z.number().int().min(0).max(60_000),
  cancelMode: z.enum(SANDBOX_WMS_CANCEL_MODES),
  /** A REJECTED answer to every issue of a document naming one of these SKU codes. */
  rejectSkuCodes: z.array(z.string().trim().min(1).max(64)).max(100).default([]),
});
export type SandboxWmsSettingsInput = z.infer<typeof SandboxWmsSettingsInput>;

export const SandboxWmsFailNextInput = z.object({
  warehouseId: Id,
  failures: z.array(SandboxWmsForcedFailure).max(20),
});
export type SandboxWmsFailNextInput = z.infer<typeof SandboxWmsFailNextInput>;

/** Receive (ASN) or ship (WDO) a document: each line's pieces, or everything left when none are given. */
export const SandboxWmsFulfilInput = z.object({
  warehouseId: Id,
  documentId: Id,
  lines: z
    .array(z.object({ lineId: Id, qty: z.number().int().min(0).max(ASN_MAX_QTY) }))
    .max(ASN_MAX_LINES)
    .nullish(),
  expressCompanyCode: OptionalText(32),
  expressNo: OptionalText(64),
});
export type SandboxWmsFulfilInput = z.infer<typeof SandboxWmsFulfilInput>;

export const SandboxWmsDocumentInput = z.object({ warehouseId: Id, documentId: Id });
export type SandboxWmsDocumentInput = z.infer<typeof SandboxWmsDocumentInput>;

export const SandboxWmsDocumentLine = z.object({
  lineId: z.number(),
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string().nullable(),
  qty: z.number(),
  doneQty: z.number(),
});
export type SandboxWmsDocumentLine = z.infer<typeof SandboxWmsDocumentLine>;

/** ITEM and MAPPING: goods and online-SKU mappings registered at the warehouse (no lines to fulfil). */
const SandboxWmsKind = z.enum(['ASN', 'WDO', 'RMA', 'SO', 'ITEM', 'MAPPING']);

export const SandboxWmsDocumentRow = z.object({
  id: z.number(),
  kind: SandboxWmsKind,
  docCode: z.string(),
  docType: z.string(),
  externalCode: z.string(),
  status: z.enum(THIRD_PARTY_STATUSES),
  lines: z.array(SandboxWmsDocumentLine),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SandboxWmsDocumentRow = z.infer<typeof SandboxWmsDocumentRow>;

export const SandboxWmsCallRow = z.object({
  id: z.number(),
  /** A call the connector made, or 'console' for what a person did in the console. */
  operation: z.enum([...SANDBOX_WMS_OPERATIONS, 'console']),
  outcome: z.string(),
  message: z.string().nullable(),
  docCode: z.string().nullable(),
  createdAt: z.string(),
});
export type SandboxWmsCallRow = z.infer<typeof SandboxWmsCallRow>;

export const SandboxWmsResultRow = z.object({
  resultId: z.string(),
  kind: SandboxWmsKind,
  type: z.string(),
  docCode: z.string(),
  qty: z.number(),
  acknowledged: z.boolean(),
  createdAt: z.string(),
});
export type SandboxWmsResultRow = z.infer<typeof SandboxWmsResultRow>;

export const SandboxWmsView = z.object({
  warehouseId: z.number(),
  warehouseCode: z.string(),
  warehouseName: z.string(),
  externalCode: z.string().nullable(),
  version: z.number(),
  failureRate: z.number(),
  latencyMs: z.number(),
  cancelMode: z.enum(SANDBOX_WMS_CANCEL_MODES),
  rejectSkuCodes: z.array(z.string()),
  forcedFailures: z.array(SandboxWmsForcedFailure),
  callCount: z.number(),
  documents: z.array(SandboxWmsDocumentRow),
  results: z.array(SandboxWmsResultRow),
  calls: z.array(SandboxWmsCallRow),
});
export type SandboxWmsView = z.infer<typeof SandboxWmsView>;

/** A sandbox-served warehouse of the domain, for the console's choice. */
export const SandboxWmsWarehouseOption = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  type: z.enum(WAREHOUSE_TYPES),
  stopUsing: z.union([z.literal(0), z.literal(1)]),
});
export type SandboxWmsWarehouseOption = z.infer<typeof SandboxWmsWarehouseOption>;

/** What the console's receive, ship or confirm-cancel reported: the result and the document's status. */
export const SandboxWmsResultAnswer = z.object({ resultId: z.string(), status: z.enum(THIRD_PARTY_STATUSES) });
export type SandboxWmsResultAnswer = z.infer<typeof SandboxWmsResultAnswer>;

/** "Fetch results" on a warehouse: what came back from its warehouse system. */
export const WarehousePollSummary = z.object({
  warehouseId: z.number(),
  fetched: z.number(),
  booked: z.number(),
  refused: z.number(),
  repeated: z.number(),
  failed: z.array(z.object({ resultId: z.string(), message: z.string() })),
});
export type WarehousePollSummary = z.infer<typeof WarehousePollSummary>;

export const FetchResultsInput = z.object({ whId: Id });
export type FetchResultsInput = z.infer<typeof FetchResultsInput>;
