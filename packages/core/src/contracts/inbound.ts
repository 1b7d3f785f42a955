// Inbound notices (ASN, spec 02 §3.6, §4.1, §4.2, §7.9) and the sandbox warehouse system's
// console. A notice names a warehouse, a type, an optional supplier and its lines (SKU, noticed
// quantity, unit price, planned location); receipts book what arrived, per location, until every
// line is in.
import { z } from 'zod';
import { ASN_STATUSES, ASN_TYPES, SANDBOX_WMS_CANCEL_MODES, SANDBOX_WMS_FAILURE_KINDS, SANDBOX_WMS_OPERATIONS, SYNC_STATUSES, asnStatusCode } from '../catalogues/inbound.js';
import type { AsnReceiptSource, AsnStatus, AsnType, SandboxWmsCancelMode, SandboxWmsFailureKind, SandboxWmsOperation, SyncStatus, ThirdPartyStatus } from '../catalogues/inbound.js';
import type { WarehouseType } from '../catalogues/warehouses.js';
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

export interface AsnRow {
  id: number;
  code: string;
  asnType: AsnType;
  whId: number;
  warehouseCode: string;
  warehouseName: string;
  warehouseType: WarehouseType;
  supplierId: number | null;
  supplierCode: string | null;
  supplierName: string | null;
  /** CI_ASN_STATUS_… (statusId in the spec's words). */
  statusId: AsnStatus;
  purchaseCode: string | null;
  expectedTime: string | null;
  remark: string | null;
  skuTotal: number;
  qtyTotal: number;
  receivedQtyTotal: number;
  /** Sum of qty × price (PURCHASE_PRICE field; not sent to accounts that may not see it). */
  amountTotal?: string;
  /** Null for a seller-run warehouse. */
  syncStatus: SyncStatus | null;
  syncError: string | null;
  /** The code of the last failed send (ERR_WMS_TIMEOUT…). */
  syncErrorCode: string | null;
  syncAttempts: number;
  /** The document's status in the warehouse system. */
  wmsStatus: ThirdPartyStatus | null;
  /** The warehouse system's code of the notice. */
  externalCode: string | null;
  /** A cancel asked of the warehouse system: REQUEST, SENDING, SUCCESS, FAILURE; null when none. */
  cancelSyncStatus: SyncStatus | null;
  /** Whether the warehouse is served by the sandbox warehouse system. */
  sandbox: boolean;
  cancelReason: string | null;
  createdByName: string | null;
  createdAt: string;
  completedAt: string | null;
  closedAt: string | null;
  version: number;
}

export interface AsnDetailRow {
  id: number;
  lineNo: number;
  skuId: number;
  skuCode: string;
  skuName: string | null;
  specifications: string | null;
  skuBarCode: string | null;
  qty: number;
  receivedQty: number;
  price?: string | null;
  amount?: string | null;
  locationId: number | null;
  locationCode: string | null;
  lotAttNO: string | null;
  remark: string | null;
}

export interface AsnReceiptLineRow {
  asnDetailId: number;
  skuId: number;
  skuCode: string;
  locationId: number | null;
  locationCode: string | null;
  qty: number;
}

export interface AsnReceiptRow {
  id: number;
  source: AsnReceiptSource;
  /** The warehouse system's result id, for receipts it reported. */
  externalResultId: string | null;
  qtyTotal: number;
  remark: string | null;
  receivedByName: string | null;
  receivedAt: string;
  lines: AsnReceiptLineRow[];
}

/** A warehouse-system result that could not be booked (kept with the reason). */
export interface AsnRefusedResultRow {
  resultId: string;
  type: string;
  message: string;
  createdAt: string;
}

export interface AsnView extends AsnRow {
  asnDetails: AsnDetailRow[];
  receipts: AsnReceiptRow[];
  refusedResults: AsnRefusedResultRow[];
}

export interface AsnStatusOption {
  statusId: AsnStatus;
  count: number;
}

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
export type SandboxWmsForcedFailure = { kind: SandboxWmsFailureKind; operation?: SandboxWmsOperation | null };

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

export interface SandboxWmsDocumentLine {
  lineId: number;
  skuId: number;
  skuCode: string;
  skuName: string | null;
  qty: number;
  doneQty: number;
}

export interface SandboxWmsDocumentRow {
  id: number;
  kind: 'ASN' | 'WDO';
  docCode: string;
  docType: string;
  externalCode: string;
  status: ThirdPartyStatus;
  lines: SandboxWmsDocumentLine[];
  createdAt: string;
  updatedAt: string;
}

export interface SandboxWmsCallRow {
  id: number;
  operation: SandboxWmsOperation;
  outcome: string;
  message: string | null;
  docCode: string | null;
  createdAt: string;
}

export interface SandboxWmsResultRow {
  resultId: string;
  kind: 'ASN' | 'WDO';
  type: string;
  docCode: string;
  qty: number;
  acknowledged: boolean;
  createdAt: string;
}

export interface SandboxWmsView {
  warehouseId: number;
  warehouseCode: string;
  warehouseName: string;
  externalCode: string | null;
  version: number;
  failureRate: number;
  latencyMs: number;
  cancelMode: SandboxWmsCancelMode;
  rejectSkuCodes: string[];
  forcedFailures: SandboxWmsForcedFailure[];
  callCount: number;
  documents: SandboxWmsDocumentRow[];
  results: SandboxWmsResultRow[];
  calls: SandboxWmsCallRow[];
}

/** "Fetch results" on a warehouse: what came back from its warehouse system. */
export interface WarehousePollSummary {
  warehouseId: number;
  fetched: number;
  booked: number;
  refused: number;
  repeated: number;
  failed: { resultId: string; message: string }[];
}

export const FetchResultsInput = z.object({ whId: Id });
export type FetchResultsInput = z.infer<typeof FetchResultsInput>;
