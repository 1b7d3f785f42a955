// The one interface every warehouse-system connector implements (a WMS, a Qimen 3PL, an SP box,
// a Byte cloud warehouse): issue an inbound notice (ASN) or an outbound order (WDO), cancel
// either, and read back what the warehouse did — receipts of ASNs, shipments of WDOs, confirmed
// cancellations — as results the caller acknowledges once booked. Failures come as
// WarehouseConnectorError with a kind, so callers decide on retries without knowing the system.
//
// Use it through the registry service 'warehouse-systems' (WarehouseSystemsService below):
//   const wms = ctx.registry.get<WarehouseSystemsService>('warehouse-systems');
//   const target = await wms.target(domainId, warehouseId);
//   if (wms.connectorFor(target)) await wms.issueDocument(target, { kind: 'WDO', ... });
//   wms.onResults('WDO', async (tx, target, result) => { ...book the shipment in tx... });
import type { ThirdPartyStatus, WarehouseType } from '@openseller/core';
import { WarehouseSystemErrors } from '@openseller/core';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';

/** The documents a warehouse system takes: inbound notices and outbound orders. */
/** Inbound notices, outbound orders, return inbounds (RMA), sales orders (SO): a return is received like a notice, a sales order shipped like an outbound order. */
/**
 * ITEM and MAPPING register goods at the warehouse (a SKU; an online SKU's mapping to one): no
 * stock moves; the warehouse accepts or refuses at issue and confirms with a SYNCED result.
 */
export type WarehouseDocumentKind = 'ASN' | 'WDO' | 'RMA' | 'SO' | 'ITEM' | 'MAPPING';
/** Whether the kind registers goods rather than moving stock. */
export const isRegistration = (kind: WarehouseDocumentKind) => kind === 'ITEM' || kind === 'MAPPING';
/** Whether the warehouse receives the kind (ASN, RMA) rather than ships it (WDO). */
export const isReceived = (kind: WarehouseDocumentKind) => kind === 'ASN' || kind === 'RMA';

/** What a connector needs to know of a warehouse to act for it. */
export interface WarehouseTarget {
  domainId: number;
  warehouseId: number;
  code: string;
  name: string;
  type: WarehouseType;
  stopUsing: boolean;
  /** The warehouse's code in the other system. */
  externalCode: string | null;
  /** The seller's owner (cargo owner) code in the other system. */
  ownerCode: string | null;
  /** Qimen warehouses: the customerId of the seller in Qimen when it is not the owner code (absent/null: the owner code). */
  qimenCustomerId?: string | null;
}

export interface WarehouseDocumentLine {
  /** Our line id (asn_details.id, wdo line id); results name it back. */
  lineId: number;
  skuId: number;
  skuCode: string;
  skuName: string | null;
  barCode: string | null;
  /** Pieces; a registration (ITEM, MAPPING) sends 1. */
  qty: number;
  /** MAPPING: the online SKU mapped to skuId. */
  mapping?: { platformCode: string; storeId: number; tbSpuId: string; tbSkuId: string } | null;
}

/** A WDO's consignee, an ASN's supplier. */
export interface WarehouseParty {
  name: string;
  phone?: string | null;
  province?: string | null;
  city?: string | null;
  county?: string | null;
  street?: string | null;
}

export interface IssueDocumentRequest {
  kind: WarehouseDocumentKind;
  /** Our id of the document. */
  docId: number;
  /**
   * Our code of the document: the warehouse system's key for it. Issuing the same code again
   * (a retry after a timeout) answers the document already there instead of making a second.
   */
  docCode: string;
  /** ASN_PURCHASE, ASN_AFTERSALE…, WDO_SALE, WDO_OTHER… */
  docType: string;
  lines: WarehouseDocumentLine[];
  party?: WarehouseParty | null;
  /** A sales order's express company (our code, e.g. SF, JDKD): the carrier the warehouse ships with. */
  carrierCode?: string | null;
  expectedAt?: Date | null;
  remark?: string | null;
}

export interface CancelDocumentRequest {
  kind: WarehouseDocumentKind;
  docCode: string;
  reason?: string | null;
}

/** The warehouse system's copy of a document, as it answers. */
export interface WarehouseDocumentState {
  kind: WarehouseDocumentKind;
  docCode: string;
  /** The warehouse system's own code of the document. */
  externalCode: string;
  /**
   * SENTED once accepted; after a cancel CANCEL or CLOSED when done at once, CANCELING when the
   * warehouse confirms later (then a CANCELLED result follows).
   */
  status: ThirdPartyStatus;
}

/** RECEIPT (of an ASN), SHIPMENT (of a WDO), CANCELLED (a cancel the warehouse confirmed), SYNCED (a registration confirmed). */
export type WarehouseResultType = 'RECEIPT' | 'SHIPMENT' | 'CANCELLED' | 'SYNCED';

export interface WarehouseResultLine {
  /** Our line id as issued. */
  lineId: number;
  skuId: number;
  skuCode: string;
  /** Pieces received or shipped by this result (not the running total). */
  qty: number;
}

export interface WarehouseResult {
  /**
   * Unique within the warehouse system. A result stays in fetchResults' answer until it is
   * acknowledged, so a result may be seen twice; book it once (the registry service does).
   */
  resultId: string;
  kind: WarehouseDocumentKind;
  type: WarehouseResultType;
  docCode: string;
  externalCode: string;
  /** The document's status in the warehouse system after this result. */
  status: ThirdPartyStatus;
  lines: WarehouseResultLine[];
  occurredAt: Date;
  /** SHIPMENT: the carrier and tracking number, when the warehouse tells them. */
  expressCompanyCode?: string | null;
  expressNo?: string | null;
}

export interface WarehouseCallOptions {
  /** Give up after this long (default DEFAULT_WAREHOUSE_CALL_TIMEOUT_MS): the call fails with TIMEOUT. */
  timeoutMs?: number;
}

export interface WarehouseConnector {
  /** The system: SANDBOX, or the real system's name. */
  readonly system: string;
  issueDocument(target: WarehouseTarget, request: IssueDocumentRequest, options?: WarehouseCallOptions): Promise<WarehouseDocumentState>;
  cancelDocument(target: WarehouseTarget, request: CancelDocumentRequest, options?: WarehouseCallOptions): Promise<WarehouseDocumentState>;
  /** Results not yet acknowledged, oldest first. */
  fetchResults(target: WarehouseTarget, query: { kind: WarehouseDocumentKind; limit?: number }, options?: WarehouseCallOptions): Promise<WarehouseResult[]>;
  acknowledgeResults(target: WarehouseTarget, resultIds: string[], options?: WarehouseCallOptions): Promise<void>;
}

// ---- failures ------------------------------------------------------------------------------

export type WarehouseFailureKind =
  /** No answer in time. The document may or may not have arrived: retry (issuing is idempotent by code). */
  | 'TIMEOUT'
  /** The warehouse system refused the request (unknown SKU, document already shipped…). Do not retry as is. */
  | 'REJECTED'
  /** A transient failure on the warehouse system's side. Retry later. */
  | 'SYSTEM_ERROR'
  /** This warehouse system's connector is not part of this build. */
  | 'NOT_IN_BUILD'
  /** The warehouse is run by the seller: there is no system to talk to. */
  | 'NO_CONNECTOR';

const CODES: Record<WarehouseFailureKind, { code: string; status: number }> = {
  TIMEOUT: { code: WarehouseSystemErrors.TIMEOUT, status: 502 },
  REJECTED: { code: WarehouseSystemErrors.REJECTED, status: 409 },
  SYSTEM_ERROR: { code: WarehouseSystemErrors.FAILED, status: 502 },
  NOT_IN_BUILD: { code: WarehouseSystemErrors.NOT_IN_BUILD, status: 501 },
  NO_CONNECTOR: { code: WarehouseSystemErrors.NO_CONNECTOR, status: 400 },
};

export class WarehouseConnectorError extends AppError {
  constructor(
    readonly kind: WarehouseFailureKind,
    readonly detail: string,
    params: Record<string, string | number> = {},
  ) {
    super(CODES[kind].code, CODES[kind].status, { detail, ...params });
    this.name = 'WarehouseConnectorError';
  }

  /** Worth trying again as it is (later). */
  get retryable(): boolean {
    return this.kind === 'TIMEOUT' || this.kind === 'SYSTEM_ERROR';
  }
}

export const DEFAULT_WAREHOUSE_CALL_TIMEOUT_MS = 15_000;

// ---- the registry service ------------------------------------------------------------------

/**
 * Books one result in the caller's transaction (ASN: the inbound area; WDO: the outbound area).
 * Answer 'BOOKED', or 'REFUSED' with a reason when the result cannot be booked (more than was
 * noticed, an unknown document): either way it is recorded and acknowledged. Throw only for a
 * failure worth retrying: the result is then left for the next fetch.
 */
export type WarehouseResultHandler = (tx: Tx, target: WarehouseTarget, result: WarehouseResult) => Promise<{ outcome: 'BOOKED' } | { outcome: 'REFUSED'; message: string }>;

export interface PollSummary {
  warehouseId: number;
  fetched: number;
  booked: number;
  refused: number;
  /** Results seen before (booked already, acknowledged now). */
  repeated: number;
  /** Handlers that threw: left for the next fetch. */
  failed: { resultId: string; message: string }[];
}

/** ctx.registry.get<WarehouseSystemsService>('warehouse-systems'). */
export interface WarehouseSystemsService {
  /** The warehouse as a connector sees it; throws not-found for another domain's warehouse. */
  target(domainId: number, warehouseId: number, tx?: Tx): Promise<WarehouseTarget>;
  /**
   * The connector of a warehouse: null for a seller-run warehouse (SELF_WAREHOUSE), the
   * sandbox for a WMS/Qimen warehouse whose externalCode starts with SANDBOX, the Qimen connector
   * for another Qimen warehouse, and otherwise the real system's connector, which this build does
   * not have: its every call throws WarehouseConnectorError NOT_IN_BUILD (not retryable).
   */
  connectorFor(target: WarehouseTarget): WarehouseConnector | null;
  /** Whether the warehouse's documents go to a warehouse system (any type but SELF_WAREHOUSE). */
  usesWarehouseSystem(target: Pick<WarehouseTarget, 'type'>): boolean;
  /** Issues a document with the standard deadline; throws WarehouseConnectorError. */
  issueDocument(target: WarehouseTarget, request: IssueDocumentRequest, options?: WarehouseCallOptions): Promise<WarehouseDocumentState>;
  cancelDocument(target: WarehouseTarget, request: CancelDocumentRequest, options?: WarehouseCallOptions): Promise<WarehouseDocumentState>;
  /** Registers the handler of a kind's results; the polling job feeds it. */
  onResults(kind: WarehouseDocumentKind, handler: WarehouseResultHandler): void;
  /**
   * Fetches a warehouse's results of a kind (every registered kind when none is given), hands
   * each to its handler in its own transaction (once per result id, however often it is seen),
   * and acknowledges what was booked or refused. The polling job and "fetch results" call it.
   */
  pollResults(domainId: number, warehouseId: number, kind?: WarehouseDocumentKind): Promise<PollSummary>;
}
