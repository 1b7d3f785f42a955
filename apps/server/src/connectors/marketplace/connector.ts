// The one interface every marketplace connector implements: authorization (URL, code exchange,
// token refresh), the store's online goods, orders and after-sales pulled by time window with a
// watermark, and shipping feedback and stock pushed back. Callers see failures as
// ConnectorError with a kind (timeout, rate limit, expired token…) so retries can be decided
// without knowing the marketplace.
import { pauseUnlessAborted, runWithDeadline } from '../deadline.js';
import { StoreErrors, type OnlineItemInput } from '@openseller/core';
import { AppError } from '../../platform/errors.js';

/** What a connector needs to know of a store to act for it. */
export interface StoreCredentials {
  domainId: number;
  storeId: number;
  platformCode: string;
  /** The shop's id on the marketplace (known after the first authorization, or set up front). */
  platformShopId: string | null;
  accessToken: string | null;
  refreshToken: string | null;
  tokenExpiresAt: Date | null;
}

export interface CallOptions {
  /** Give up after this long (default DEFAULT_CALL_TIMEOUT_MS): the call fails with TIMEOUT. */
  timeoutMs?: number;
}

export interface AuthorizationRequest {
  store: StoreCredentials;
  /** Opaque value the marketplace sends back with the code; binds the answer to this request. */
  state: string;
  /** Where the marketplace sends the seller back (our /#/authorization page). */
  redirectUri: string;
}

export interface TokenGrant {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
  /**
   * When the authorization itself ends (the refresh token's end) where the marketplace says: its
   * access tokens are refreshed without the seller until then. Absent: the marketplace did not say
   * (a refresh keeps what was stored).
   */
  authorizationExpiresAt?: Date | null;
  /** The marketplace's id of the shop that granted access. */
  shopId: string;
}

export interface PageRequest {
  /** 1-based. */
  page: number;
  pageSize: number;
}

export interface OnlineGoodsPage {
  items: OnlineItemInput[];
  page: number;
  total: number;
  hasMore: boolean;
}

/**
 * A pull by time window: records changed (updated on the marketplace) at or after `from` and
 * before `to`, in (update time, id) order, after `watermark` when given. The answer's watermark
 * is where the next pull continues; an interrupted pull resumes from the last watermark without
 * losing or repeating a record.
 */
export interface TimeWindow {
  from: Date;
  to: Date;
  watermark?: string | null;
  pageSize?: number;
}

export interface PlatformOrderLine {
  tbSpuId: string;
  tbSkuId: string;
  outerSkuId: string | null;
  title: string;
  properties: string | null;
  qty: number;
  /** Unit price, 4 decimals. */
  price: string;
}

export interface PlatformOrder {
  platformNo: string;
  /** The marketplace's status word, e.g. WAIT_SELLER_SEND_GOODS, TRADE_CLOSED. */
  status: string;
  buyerNick: string;
  receiver: { name: string; phone: string; province: string; city: string; district: string; address: string };
  amount: string;
  postFee: string;
  payTime: Date;
  createdAt: Date;
  updatedAt: Date;
  lines: PlatformOrderLine[];
  shipping: { expressCompanyCode: string; expressNo: string; shippedAt: Date } | null;
  /** The latest time the seller may ship (the overdue warning counts down to it); null when the marketplace sets none. */
  lastShipTime?: Date | null;
  /** The marketplace's promise times (spec 02 §3.5), each null when it makes no such promise. */
  promiseTimes?: PlatformPromiseTimes;
  /** Held by the marketplace's risk control: the order must not be reviewed or shipped until released. */
  riskControlled?: boolean;
  /**
   * The marketplace's handle of the encrypted receiver (Taobao `oaid`), kept for the decrypt step;
   * the receiver fields then hold what the marketplace gave (masked). Kept in the order's payload.
   */
  receiverRef?: string | null;
}

/** An order's encrypted receiver as the marketplace knows it: its order number and handle (Taobao `oaid`). */
export interface PlatformReceiverRef {
  platformNo: string;
  receiverRef: string;
}

/** A receiver decrypted by the marketplace for the decrypt step: answered, never stored. */
export interface PlatformReceiver {
  platformNo: string;
  name: string;
  phone: string;
  tel: string | null;
  /** Null where the marketplace keeps the division in clear (Pinduoduo): the stored one stands. */
  province: string | null;
  city: string | null;
  district: string | null;
  address: string;
}

export interface PlatformPromiseTimes {
  promisedDeliveryTime: Date | null;
  promiseSignTime: Date | null;
  promiseOutboundTime: Date | null;
  promiseDeliveryTime: Date | null;
}

export interface OrderPage {
  orders: PlatformOrder[];
  watermark: string | null;
  hasMore: boolean;
}

/** What a buyer asks for on the marketplace. */
export type PlatformAfterSaleType = 'REFUND_ONLY' | 'RETURN_REFUND' | 'EXCHANGE';

export interface PlatformAfterSale {
  refundId: string;
  platformNo: string;
  type: PlatformAfterSaleType;
  /** The marketplace's status word, e.g. WAIT_SELLER_AGREE, WAIT_BUYER_RETURN_GOODS, SUCCESS, CLOSED. */
  status: string;
  reason: string | null;
  refundFee: string;
  lines: PlatformOrderLine[];
  /** The parcel the buyer sent back, once sent. */
  buyerExpressCompanyCode: string | null;
  buyerExpressNo: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * The seller's decision on a marketplace refund, as the document's states after it: the
 * marketplace moves its own state accordingly (agreed refund paid, return agreed, refused).
 */
export interface AfterSaleDecisionPush {
  refundId: string;
  checkStatus: string;
  refundStatus: string | null;
  receiptStatus: string;
  refundFee: string;
  /** The marketplace's order of the refund (Pinduoduo's decision calls name it); absent or null when unknown. */
  platformNo?: string | null;
  /** The request's type and the marketplace's state as last pulled (the document's mirror), for connectors that cannot read the refund again. */
  type?: string;
  platformStatus?: string | null;
}

/** What a seller's decision asks of the marketplace: one rule for every connector. */
export type AfterSaleDecisionIntent = 'REFUSE' | 'PAY' | 'AGREE_RETURN' | 'NONE';

/** Marketplace refund states (Taobao's words, which the sandbox and the mappings share) after which nothing can be decided. */
export const FINAL_REFUND_STATES = new Set(['CLOSED', 'SUCCESS', 'SELLER_REFUSE_BUYER']);

/**
 * The intent of a decision on a refund of this type (REFUND_ONLY, RETURN_REFUND, …) whose
 * marketplace state is `platformStatus`: refused (refund rejected or the document closed), paid
 * (refund done, or a refund-only agreed: the marketplace pays it), a return agreed (the buyer is
 * to send the goods back), or nothing the marketplace needs to hear.
 */
export function afterSaleDecisionIntent(type: string, platformStatus: string, d: Pick<AfterSaleDecisionPush, 'checkStatus' | 'refundStatus' | 'receiptStatus'>): AfterSaleDecisionIntent {
  if (d.refundStatus === 'REJECT' || d.checkStatus === 'CLOSED') return 'REFUSE';
  if (d.refundStatus === 'SUCCESS' || d.checkStatus === 'COMPLETED' || (type === 'REFUND_ONLY' && d.refundStatus === 'WAIT')) return 'PAY';
  if (platformStatus === 'WAIT_SELLER_AGREE' && d.receiptStatus !== 'NONE') return 'AGREE_RETURN';
  return 'NONE';
}

/** The marketplace state an intent leads to (Taobao's words); NONE leaves it. */
export function refundStatusAfterIntent(intent: AfterSaleDecisionIntent, platformStatus: string): string {
  return intent === 'REFUSE' ? 'SELLER_REFUSE_BUYER' : intent === 'PAY' ? 'SUCCESS' : intent === 'AGREE_RETURN' ? 'WAIT_BUYER_RETURN_GOODS' : platformStatus;
}

export interface AfterSalePage {
  afterSales: PlatformAfterSale[];
  watermark: string | null;
  hasMore: boolean;
}

export interface ShippingFeedback {
  platformNo: string;
  expressCompanyCode: string;
  expressNo: string;
  /** Split shipping: the online SKUs this parcel carries; the whole order when absent. */
  tbSkuIds?: string[];
}

/** Why a stock quantity cannot be pushed to any marketplace (null: it can): one rule for every connector. */
export function stockQuantityRefusal(quantity: number): string | null {
  return Number.isInteger(quantity) && quantity >= 0 ? null : `quantity ${quantity} is not a whole number of 0 or more`;
}

export interface StockUpdate {
  tbSkuId: string;
  quantity: number;
  /** The online item of the SKU, when known: marketplaces whose stock call needs it (Pinduoduo's goods_id) use it. */
  tbSpuId?: string;
}

/** Per-record answer of a push: a push may partly succeed. */
export interface PushResult {
  key: string;
  ok: boolean;
  message: string | null;
}

/** One line of a marketplace's settlement bill: money in (+) or out (−) of the seller's account, in fen. */
export interface SettlementBillLine {
  /** The marketplace's own id of the line (unique in its shop). */
  lineId: string;
  orderNo: string | null;
  subOrderNo: string | null;
  afterSaleNo: string | null;
  /** sale, refund, fee:<kind>, subsidy:<kind>, adjustment. */
  eventType: string;
  amountFen: number;
  occurredAt: Date | null;
  settledAt: Date;
}

export interface MarketplaceConnector {
  readonly platformCode: string;
  /**
   * How far the marketplace's own order data may lag behind its clock (its documented data delay):
   * an order pull's window ends this long before now, so a record stored late is not passed over.
   * Absent: no delay.
   */
  readonly dataDelayMs?: number;
  /**
   * A real marketplace's connector: whether the installation has its app credentials, and the
   * callback address registered with the platform (null: the site the seller uses). Absent: the
   * connector needs no app credentials (the sandbox).
   */
  appStatus?(): Promise<{ configured: boolean; callbackUrl: string | null }>;
  /** Where to send the seller to grant access. */
  authorizationUrl(request: AuthorizationRequest): Promise<string>;
  exchangeCode(input: { store: StoreCredentials; code: string; redirectUri: string }, options?: CallOptions): Promise<TokenGrant>;
  /**
   * Opens the marketplace's message service for a store just authorised (Taobao: taobao.tmc.user.permit),
   * where the app fetches the messages rather than receiving pushes. Absent: nothing to open.
   */
  subscribeMessages?(store: StoreCredentials, options?: CallOptions): Promise<void>;
  refreshToken(store: StoreCredentials, options?: CallOptions): Promise<TokenGrant>;
  listOnlineGoods(store: StoreCredentials, page: PageRequest, options?: CallOptions): Promise<OnlineGoodsPage>;
  pullOrders(store: StoreCredentials, window: TimeWindow, options?: CallOptions): Promise<OrderPage>;
  pushShippingFeedback(store: StoreCredentials, feedback: ShippingFeedback[], options?: CallOptions): Promise<PushResult[]>;
  pushStock(store: StoreCredentials, updates: StockUpdate[], options?: CallOptions): Promise<PushResult[]>;
  pullAfterSales(store: StoreCredentials, window: TimeWindow, options?: CallOptions): Promise<AfterSalePage>;
  /** Writes the seller's after-sale decisions back; answers per refund id. */
  pushAfterSaleDecisions(store: StoreCredentials, decisions: AfterSaleDecisionPush[], options?: CallOptions): Promise<PushResult[]>;
  /**
   * Receivers in full, decrypted by the marketplace (Taobao's oaid decryption), for the decrypt step
   * of accounts that may see them; absent: the marketplace's receivers are stored as given. Answers
   * the receivers it could decrypt (an order the marketplace no longer matches is left out).
   */
  decryptReceivers?(store: StoreCredentials, refs: PlatformReceiverRef[], options?: CallOptions): Promise<PlatformReceiver[]>;
  /** The settlement bill lines settled in [from, to) (absent: the marketplace gives none through this build). */
  pullSettlementBills?(store: StoreCredentials, window: { from: Date; to: Date }, options?: CallOptions): Promise<SettlementBillLine[]>;
  /**
   * The decryption flow of exports (spec 01 §3 platform file, §4.5): the marketplace makes its own
   * file of these orders, receivers in full, and answers how to fetch it (absent: it makes none).
   */
  requestExportFile?(store: StoreCredentials, request: { exportType: string; platformNos: string[] }, options?: CallOptions): Promise<PlatformExportFile>;
  /**
   * Fetches a file requestExportFile answered (the platform's GET with encryptKey, exportType,
   * timestamp and sign). The answer is whatever the marketplace sends: a file, or an error page.
   */
  downloadExportFile?(store: StoreCredentials, request: PlatformExportFile, options?: CallOptions): Promise<{ contentType: string; data: Buffer }>;
}

/** How to fetch a marketplace's export file (01 §3: fileKey, exportType, timestamp, sign). */
export interface PlatformExportFile {
  fileKey: string;
  exportType: string;
  timestamp: number;
  sign: string;
}

// ---- failures ------------------------------------------------------------------------------

export type ConnectorFailureKind =
  /** The marketplace did not answer in time. Retry later. */
  | 'TIMEOUT'
  /** Too many calls; retryAfterMs says when to try again. */
  | 'RATE_LIMITED'
  /** The access token ended: refresh it, or authorize again. */
  | 'TOKEN_EXPIRED'
  /** The marketplace refused the code, the refresh token or the shop. Authorize again. */
  | 'AUTH_FAILED'
  /** A transient failure on the marketplace's side. Retry later. */
  | 'PLATFORM_ERROR'
  /** This marketplace's connector is not part of this build. */
  | 'NOT_IN_BUILD'
  /** The store has no marketplace (offline, self-defined). */
  | 'NO_CONNECTOR'
  /** The installation has no app key and secret for the platform, or the platform refuses them (signature, app key). */
  | 'NO_APP_CREDENTIALS';

const CODES: Record<ConnectorFailureKind, { code: string; status: number }> = {
  TIMEOUT: { code: StoreErrors.CONNECTOR_TIMEOUT, status: 502 },
  RATE_LIMITED: { code: StoreErrors.CONNECTOR_RATE_LIMITED, status: 429 },
  // Not 401: the web app reads a 401 as its own session ending.
  TOKEN_EXPIRED: { code: StoreErrors.TOKEN_EXPIRED, status: 409 },
  AUTH_FAILED: { code: StoreErrors.AUTH_FAILED, status: 400 },
  PLATFORM_ERROR: { code: StoreErrors.CONNECTOR_FAILED, status: 502 },
  NOT_IN_BUILD: { code: StoreErrors.CONNECTOR_NOT_IN_BUILD, status: 501 },
  NO_CONNECTOR: { code: StoreErrors.NO_CONNECTOR, status: 400 },
  NO_APP_CREDENTIALS: { code: StoreErrors.APP_CREDENTIALS_MISSING, status: 409 },
};

export class ConnectorError extends AppError {
  constructor(
    readonly kind: ConnectorFailureKind,
    readonly detail: string,
    readonly retryAfterMs: number | null = null,
    params: Record<string, string | number> = {},
  ) {
    super(CODES[kind].code, CODES[kind].status, { detail, ...params });
    this.name = 'ConnectorError';
  }

  /** Worth trying again as it is (after a pause). */
  get retryable(): boolean {
    return this.kind === 'TIMEOUT' || this.kind === 'RATE_LIMITED' || this.kind === 'PLATFORM_ERROR';
  }
}

export const DEFAULT_CALL_TIMEOUT_MS = 15_000;

/**
 * Runs a connector call with a deadline. The call gets an AbortSignal that fires at the deadline;
 * whatever it is doing, the caller gets TIMEOUT then.
 */
export const withDeadline = <T>(timeoutMs: number, run: (signal: AbortSignal) => Promise<T>): Promise<T> =>
  runWithDeadline(timeoutMs, run, (message) => new ConnectorError('TIMEOUT', message));

/** Waits, or stops early (rejecting) when the signal fires. */
export const sleep = (ms: number, signal?: AbortSignal): Promise<void> => pauseUnlessAborted(ms, signal, (message) => new ConnectorError('TIMEOUT', message));
