// Stores (spec 02 §3.4, §7.7): marketplace stores, offline stores and self-defined stores, their
// authorization with the marketplace, their sync settings, the online-goods sync runs, and the
// console of the sandbox marketplace.
import { z } from 'zod';
import type { PlatformDefinition } from '../catalogues/platforms.js';
import { decimalPlaces, isDecimalText } from '../rules/decimal.js';
import { isMobile } from '../rules/masks.js';
import { DateTimeText, Id, OptionalText, PageQuery, Text, Version, type PageResult } from './common.js';

export const StoreErrors = {
  /** Another store of the domain already has this name (compared trimmed, case-insensitive). */
  NAME_TAKEN: 'ERR_STORES_NAME_TAKEN',
  UNKNOWN_PLATFORM: 'ERR_STORES_UNKNOWN_PLATFORM',
  /** The platform does not fit the store type (an offline platform for a marketplace store…). */
  PLATFORM_TYPE_MISMATCH: 'ERR_STORES_PLATFORM_TYPE_MISMATCH',
  /** Delete refused: orders, stock or mappings still reference the store. */
  IN_USE: 'ERR_STORES_IN_USE',
  /** A LITE (single store) domain may have one marketplace store. */
  LITE_ONE_ONLINE_STORE: 'ERR_STORES_LITE_ONE_ONLINE_STORE',
  /** Two equal names in one batch of offline stores. */
  BATCH_DUPLICATE: 'ERR_STORES_BATCH_DUPLICATE',
  NOT_SELF_DEFINED: 'ERR_STORES_NOT_SELF_DEFINED',
  /** The action needs a marketplace store (authorization, goods sync). */
  NOT_ONLINE: 'ERR_STORES_NOT_ONLINE',
  NOT_SANDBOX: 'ERR_STORES_NOT_SANDBOX',
  DISABLED: 'ERR_STORES_DISABLED',
  NOT_AUTHORIZED: 'ERR_STORES_NOT_AUTHORIZED',
  TOKEN_EXPIRED: 'ERR_STORES_TOKEN_EXPIRED',
  /** The authorization callback's state is unknown, used or older than its 15 minutes. */
  AUTH_STATE_INVALID: 'ERR_STORES_AUTH_STATE_INVALID',
  /** The seller declined on the marketplace's consent page. */
  AUTH_DENIED: 'ERR_STORES_AUTH_DENIED',
  /** The marketplace refused the code or the refresh token. */
  AUTH_FAILED: 'ERR_STORES_AUTH_FAILED',
  /** Real marketplaces' connectors are separate and not part of this build. */
  CONNECTOR_NOT_IN_BUILD: 'ERR_STORES_CONNECTOR_NOT_IN_BUILD',
  /** The installation has no (valid) app key and secret for this platform: the operator sets them (root, /system/connectorApps). */
  APP_CREDENTIALS_MISSING: 'ERR_STORES_APP_CREDENTIALS_MISSING',
  /** Offline and self-defined stores have no marketplace to talk to. */
  NO_CONNECTOR: 'ERR_STORES_NO_CONNECTOR',
  CONNECTOR_TIMEOUT: 'ERR_STORES_CONNECTOR_TIMEOUT',
  CONNECTOR_RATE_LIMITED: 'ERR_STORES_CONNECTOR_RATE_LIMITED',
  CONNECTOR_FAILED: 'ERR_STORES_CONNECTOR_FAILED',
  /** A goods sync of this store is already queued or running. */
  SYNC_RUNNING: 'ERR_STORES_SYNC_RUNNING',
  /** This process runs without the job queue. */
  JOBS_UNAVAILABLE: 'ERR_STORES_JOBS_UNAVAILABLE',
  /** The online-goods (mapping) area is not part of this build. */
  ONLINE_GOODS_UNAVAILABLE: 'ERR_STORES_ONLINE_GOODS_UNAVAILABLE',
  /** Sandbox console: no such item or order in the sandbox shop. */
  SANDBOX_NOT_FOUND: 'ERR_STORES_SANDBOX_NOT_FOUND',
  SANDBOX_ITEM_EXISTS: 'ERR_STORES_SANDBOX_ITEM_EXISTS',
  SANDBOX_EMPTY_CATALOGUE: 'ERR_STORES_SANDBOX_EMPTY_CATALOGUE',
  /** Sandbox console: the order is not in a status that allows this (close a shipped order…). */
  SANDBOX_ORDER_STATE: 'ERR_STORES_SANDBOX_ORDER_STATE',
} as const;

/** 1 marketplace (online) store, 2 offline store, 3 self-defined store (spec 02 §3.4). */
export const STORE_TYPES = { ONLINE: 1, OFFLINE: 2, SELF_DEFINED: 3 } as const;
export type StoreType = (typeof STORE_TYPES)[keyof typeof STORE_TYPES];
export const StoreTypeInput = z.union([z.literal(1), z.literal(2), z.literal(3)]);

/** Sender name and address on the waybill: whose sender, whose address (spec 02 §3.4). */
export const SENDER_ADDRESS_MODES = ['STORE_STORE', 'WAREHOUSE_WAREHOUSE', 'STORE_WAREHOUSE', 'WAREHOUSE_STORE'] as const;
export type SenderAddressMode = (typeof SENDER_ADDRESS_MODES)[number];

/**
 * Authorization as a person sees it: NOT_REQUIRED (offline, self-defined), NONE (never
 * authorized), AUTHORIZED, EXPIRING (within STORE_EXPIRY_WARNING_DAYS), EXPIRED.
 */
export const STORE_AUTH_STATES = ['NOT_REQUIRED', 'NONE', 'AUTHORIZED', 'EXPIRING', 'EXPIRED'] as const;
export type StoreAuthState = (typeof STORE_AUTH_STATES)[number];

/** A token that ends within this many days counts as about to expire (the expiry notice). */
export const STORE_EXPIRY_WARNING_DAYS = 7;

/** The ends of a store's authorization as stored: the access token's, and the authorization's itself where the marketplace said. */
export interface StoreAuthorizationEnds {
  tokenExpiresAt: Date | string | null;
  /**
   * When the authorization itself ends (the refresh token's end) where the marketplace refreshes
   * access tokens without the seller and said when that stops (Kuaishou: access 48 h, refresh 180 days).
   */
  authorizationExpiresAt?: Date | string | null;
}

/**
 * When the store needs the seller to authorize again — one rule for every platform: the
 * authorization's own end where the marketplace said it (its access tokens are refreshed without the
 * seller until then), otherwise the access token's end. Null: no known end.
 */
export function authorizationEndOf(store: StoreAuthorizationEnds): Date | null {
  const end = store.authorizationExpiresAt ?? store.tokenExpiresAt;
  return end ? new Date(end) : null;
}

export function storeAuthState(
  store: { requiresAuthorization: boolean; authStatus: string } & StoreAuthorizationEnds,
  now: Date | number = Date.now(),
): StoreAuthState {
  if (!store.requiresAuthorization) return 'NOT_REQUIRED';
  if (store.authStatus === 'NONE') return 'NONE';
  if (store.authStatus === 'EXPIRED') return 'EXPIRED';
  const end = authorizationEndOf(store);
  if (!end) return 'AUTHORIZED';
  const ends = end.getTime();
  const at = typeof now === 'number' ? now : now.getTime();
  if (ends <= at) return 'EXPIRED';
  if (ends - at <= STORE_EXPIRY_WARNING_DAYS * 86_400_000) return 'EXPIRING';
  return 'AUTHORIZED';
}

const Phone = z
  .string()
  .trim()
  .max(20)
  .optional()
  .nullable()
  .refine((v) => !v || isMobile(v), 'Invalid mobile number')
  .transform((v) => (v ? v : undefined));
const Tel = z
  .string()
  .trim()
  .max(30)
  .optional()
  .nullable()
  .refine((v) => !v || /^[0-9+\-() ]{5,30}$/.test(v), 'Invalid telephone number')
  .transform((v) => (v ? v : undefined));

export const BranchStore = z.object({ branchId: Text(64), name: Text(60) });
export type BranchStore = z.infer<typeof BranchStore>;

/** The fields a person edits on any store. */
const StoreFields = z.object({
  name: Text(60),
  shortName: OptionalText(30),
  maskName: OptionalText(60),
  website: OptionalText(300),
  contact: OptionalText(50),
  tel: Tel,
  phone: Phone,
  country: OptionalText(50),
  province: OptionalText(50),
  city: OptionalText(50),
  county: OptionalText(50),
  street: OptionalText(200),
  mallAppId: OptionalText(64),
  storeLogo: OptionalText(1000),
  platformSupplierId: OptionalText(64),
  branchStoreList: z.array(BranchStore).max(200).default([]),
});

const StoreConfigFields = z.object({
  senderAddressMode: z.enum(SENDER_ADDRESS_MODES).default('STORE_STORE'),
  deliverNotification: z.boolean().default(false),
});

/**
 * Creates a store. Type 1 needs a marketplace platformCode; type 2 is always CI_PLATFORM_OFFLINE
 * and type 3 always SELF_BUILD (a platformCode sent with them must be that one).
 */
export const StoreCreateInput = StoreFields.extend(StoreConfigFields.shape).extend({
  storeType: StoreTypeInput.default(1),
  platformCode: z.string().trim().max(40).optional(),
});
export type StoreCreateInput = z.infer<typeof StoreCreateInput>;

export const StoreModifyInput = StoreFields.extend({ id: Id, version: Version });
export type StoreModifyInput = z.infer<typeof StoreModifyInput>;

/** Several offline stores at once: all are created or none. */
export const OfflineStoreBatchInput = z.object({
  names: z.array(Text(60)).min(1).max(50),
  contact: OptionalText(50),
  tel: Tel,
  phone: Phone,
  province: OptionalText(50),
  city: OptionalText(50),
  county: OptionalText(50),
  street: OptionalText(200),
  senderAddressMode: z.enum(SENDER_ADDRESS_MODES).default('STORE_STORE'),
});
export type OfflineStoreBatchInput = z.infer<typeof OfflineStoreBatchInput>;

export const StoreIdInput = z.object({ id: Id });
export type StoreIdInput = z.infer<typeof StoreIdInput>;

export const StoreDeleteInput = z.object({ id: Id, version: Version.optional() });
export type StoreDeleteInput = z.infer<typeof StoreDeleteInput>;

export const StoreVersionInput = z.object({ id: Id, version: Version });
export type StoreVersionInput = z.infer<typeof StoreVersionInput>;

export const EnableStoreInput = z.object({ id: Id, version: Version, usable: z.boolean() });
export type EnableStoreInput = z.infer<typeof EnableStoreInput>;

export const UpdateStoreConfigInput = StoreConfigFields.extend({ id: Id, version: Version });
export type UpdateStoreConfigInput = z.infer<typeof UpdateStoreConfigInput>;

/** What a store syncs automatically with its marketplace. */
export const StoreSyncConfig = z.object({
  autoSyncOrders: z.boolean().default(true),
  autoSyncStock: z.boolean().default(false),
  autoFeedback: z.boolean().default(true),
  syncAfterSales: z.boolean().default(true),
});
export type StoreSyncConfig = z.infer<typeof StoreSyncConfig>;
export const DEFAULT_STORE_SYNC_CONFIG: StoreSyncConfig = { autoSyncOrders: true, autoSyncStock: false, autoFeedback: true, syncAfterSales: true };

export const ConfigStoreSyncDataInput = StoreSyncConfig.extend({ id: Id, version: Version });
export type ConfigStoreSyncDataInput = z.infer<typeof ConfigStoreSyncDataInput>;

const StoreFilters = z.object({
  /** Name, short name or the marketplace's shop id. */
  keyword: OptionalText(60),
  platformCode: OptionalText(40),
  storeType: StoreTypeInput.optional(),
  usable: z.boolean().optional(),
});

export const StoreSearchInput = PageQuery.extend(StoreFilters.shape).extend({
  authState: z.enum(STORE_AUTH_STATES).optional(),
});
export type StoreSearchInput = z.infer<typeof StoreSearchInput>;

/** The store pickers of other areas: every store matching the filters, not paged. */
export const StoreListInput = StoreFilters;
export type StoreListInput = z.infer<typeof StoreListInput>;

export const CheckUsableStoreInput = z.object({ storeId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
export type CheckUsableStoreInput = z.infer<typeof CheckUsableStoreInput>;

export const PlatformListInput = z.object({ includeSelfBuild: z.boolean().default(false) });
export type PlatformListInput = z.infer<typeof PlatformListInput>;

export const AuthorizationCallbackInput = z.object({
  state: z.string().trim().min(16).max(128),
  code: z.string().trim().max(512).optional(),
  /** The marketplace's refusal, e.g. access_denied when the seller declined. */
  error: z.string().trim().max(100).optional(),
});
export type AuthorizationCallbackInput = z.infer<typeof AuthorizationCallbackInput>;

export const SyncRunSearchInput = PageQuery.extend({ storeId: Id });
export type SyncRunSearchInput = z.infer<typeof SyncRunSearchInput>;

// ---- answers ---------------------------------------------------------------------------------

/**
 * A registry entry, with whether this build has its connector and, for a real marketplace's
 * connector, whether the installation has its app key and secret (null: the connector needs none,
 * or there is no connector).
 */
export type PlatformRow = PlatformDefinition & { connectorAvailable: boolean; appCredentialsSet: boolean | null };

export const SYNC_RUN_STATUSES = ['QUEUED', 'RUNNING', 'SUCCESS', 'FAILED'] as const;
export type SyncRunStatus = (typeof SYNC_RUN_STATUSES)[number];

export const SyncRunRow = z.object({
  id: z.number(),
  storeId: z.number(),
  kind: z.literal('ONLINE_GOODS'),
  status: z.enum(SYNC_RUN_STATUSES),
  pages: z.number(),
  itemCount: z.number(),
  itemsCreated: z.number(),
  itemsUpdated: z.number(),
  skusCreated: z.number(),
  skusUpdated: z.number(),
  attempts: z.number(),
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
  requestedBy: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type SyncRunRow = z.infer<typeof SyncRunRow>;

export const StoreRow = z.object({
  id: z.number(),
  version: z.number(),
  name: z.string(),
  shortName: z.string().nullable(),
  maskName: z.string().nullable(),
  storeType: StoreTypeInput,
  platformCode: z.string(),
  /** The spec's platform code (SPH for both video shops). */
  shortPlatformCode: z.string().nullable(),
  platformShopId: z.string().nullable(),
  website: z.string().nullable(),
  contact: z.string().nullable(),
  tel: z.string().nullable(),
  phone: z.string().nullable(),
  country: z.string().nullable(),
  province: z.string().nullable(),
  city: z.string().nullable(),
  county: z.string().nullable(),
  street: z.string().nullable(),
  mallAppId: z.string().nullable(),
  storeLogo: z.string().nullable(),
  platformSupplierId: z.string().nullable(),
  branchStoreList: z.array(z.object({ branchId: z.string(), name: z.string() })),
  storeSource: z.string().nullable(),
  originalStoreSource: z.string().nullable(),
  senderAddressMode: z.enum(SENDER_ADDRESS_MODES),
  deliverNotification: z.boolean(),
  syncConfig: z.object({ autoSyncOrders: z.boolean(), autoSyncStock: z.boolean(), autoFeedback: z.boolean(), syncAfterSales: z.boolean() }),
  usable: z.boolean(),
  authState: z.enum(STORE_AUTH_STATES),
  /** When the authorization needs the seller again (authorizationEndOf): not the access token's end where the marketplace refreshes it. */
  tokenExpiresAt: z.string().nullable(),
  authorizedAt: z.string().nullable(),
  /** Self-defined stores: the secret masked (stars but the last 4); reveal it separately. */
  maskedSecret: z.string().nullable(),
  lastSync: SyncRunRow.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StoreRow = z.infer<typeof StoreRow>;

/** One store in a picker (findAllStore, searchStoreList). */
export const StoreOption = z.object({
  id: z.number(),
  name: z.string(),
  shortName: z.string().nullable(),
  storeType: StoreTypeInput,
  platformCode: z.string(),
  usable: z.boolean(),
});
export type StoreOption = z.infer<typeof StoreOption>;

export const ExpiringStoreRow = z.object({
  id: z.number(),
  name: z.string(),
  platformCode: z.string(),
  authState: z.enum(['EXPIRING', 'EXPIRED']),
  /** When the authorization needs the seller again (authorizationEndOf). */
  tokenExpiresAt: z.string().nullable(),
});
export type ExpiringStoreRow = z.infer<typeof ExpiringStoreRow>;

export const StoreUsability = z.object({
  storeId: z.number(),
  usable: z.boolean(),
  /** Why not: DISABLED, NOT_AUTHORIZED, EXPIRED. */
  reason: z.enum(['DISABLED', 'NOT_AUTHORIZED', 'EXPIRED']).nullable(),
});
export type StoreUsability = z.infer<typeof StoreUsability>;

/** One reason a store cannot be deleted: a checker of another area and its count. */
export interface StoreReference {
  reason: string;
  count: number;
}

export const AuthorizationStart = z.object({
  authorizationUrl: z.string(),
  expiresAt: z.string(),
});
export type AuthorizationStart = z.infer<typeof AuthorizationStart>;

export const AuthorizationResult = z.object({
  storeId: z.number(),
  storeName: z.string(),
  platformCode: z.string(),
  tokenExpiresAt: z.string().nullable(),
});
export type AuthorizationResult = z.infer<typeof AuthorizationResult>;

/** A platform of the registry (getAllPlatform), with whether this build has its connector. */
export const PlatformRow = z.object({
  key: z.string(),
  code: z.string(),
  kind: z.enum(['marketplace', 'offline', 'selfDefined', 'sandbox']),
  nameZh: z.string(),
  nameEn: z.string(),
  authorizationUrl: z.string().nullable(),
  purchaseUrl: z.string().nullable(),
  supportsReturnOrders: z.boolean(),
  supportsSplitShipping: z.boolean(),
  supportsMultiplePackages: z.boolean(),
  edi: z.boolean(),
  requiresAuthorization: z.boolean(),
  connectorAvailable: z.boolean(),
  appCredentialsSet: z.boolean().nullable(),
});
// The answer schema restates PlatformDefinition's fields; the type stays the registry's own.

export type StorePage = PageResult<StoreRow>;

// ---- the sandbox marketplace's console --------------------------------------------------------

export const SANDBOX_OPERATIONS = [
  'exchangeCode',
  'refreshToken',
  'listOnlineGoods',
  'pullOrders',
  'pushShippingFeedback',
  'pushStock',
  'pullAfterSales',
  'pushAfterSaleDecisions',
  'pullSettlementBills',
  'requestExportFile',
  'downloadExportFile',
] as const;
export type SandboxOperation = (typeof SANDBOX_OPERATIONS)[number];

/** The failures the sandbox can be told to produce on its next calls. */
export const SANDBOX_FAILURE_KINDS = ['TIMEOUT', 'RATE_LIMITED', 'TOKEN_EXPIRED', 'ERROR'] as const;
export type SandboxFailureKind = (typeof SANDBOX_FAILURE_KINDS)[number];

/** Faults of the sandbox's next order-message pushes: sent twice, held back and sent after later ones, signed with a wrong secret. */
export const SANDBOX_PUSH_FAILURES = ['DUPLICATE', 'OUT_OF_ORDER', 'WRONG_SIGNATURE'] as const;
export type SandboxPushFailure = (typeof SANDBOX_PUSH_FAILURES)[number];

export const SANDBOX_ORDER_STATUSES = ['WAIT_SELLER_SEND_GOODS', 'WAIT_BUYER_CONFIRM_GOODS', 'TRADE_FINISHED', 'TRADE_CLOSED'] as const;
export type SandboxOrderStatus = (typeof SANDBOX_ORDER_STATUSES)[number];

export const SandboxStoreInput = z.object({ storeId: Id });
export type SandboxStoreInput = z.infer<typeof SandboxStoreInput>;

/** Hours from payment to the latest ship time of a generated order, up to 30 days. */
export const SandboxShipByHours = z.number().int().min(1).max(720);

export const SandboxSettingsInput = z.object({
  storeId: Id,
  version: Version,
  /** Share of calls that fail at random (deterministically per call number), 0 to 1. */
  failureRate: z.number().min(0).max(1).multipleOf(0.01),
  latencyMs: z.number().int().min(0).max(10_000),
  /** Lifetime of the access tokens the sandbox issues from now on. */
  tokenLifetimeSeconds: z.number().int().min(1).max(365 * 86_400),
  /** Calls allowed per minute; null for no limit. */
  rateLimitPerMinute: z.number().int().min(1).max(100_000).nullable(),
  /** Orders generated from now on must ship within this many hours of payment; kept when absent. */
  shipByHours: SandboxShipByHours.optional(),
  /** Whether the sandbox pushes signed order-change messages to this installation; kept when absent. */
  pushMessages: z.boolean().optional(),
  /** Faults for the next pushes, in order (replaces the queue); kept when absent. */
  pushFailures: z.array(z.enum(SANDBOX_PUSH_FAILURES)).max(20).optional(),
});
export type SandboxSettingsInput = z.infer<typeof SandboxSettingsInput>;

export const SandboxForcedFailure = z.object({
  kind: z.enum(SANDBOX_FAILURE_KINDS),
  /** Only a call of this operation consumes it; any call when absent. */
  operation: z.enum(SANDBOX_OPERATIONS).optional(),
});
export type SandboxForcedFailure = z.infer<typeof SandboxForcedFailure>;

export const SandboxForceFailuresInput = z.object({ storeId: Id, failures: z.array(SandboxForcedFailure).min(1).max(20) });
export type SandboxForceFailuresInput = z.infer<typeof SandboxForceFailuresInput>;

const SandboxPrice = z
  .union([z.string().trim(), z.number()])
  .transform((v) => String(v).trim())
  .refine((v) => isDecimalText(v) && !v.startsWith('-'), 'Not a price')
  .refine((v) => decimalPlaces(v) <= 4, 'At most 4 decimals')
  .refine((v) => Number(v) < 1e10, 'Too large');

export const SandboxSkuInput = z.object({
  skuId: OptionalText(64),
  properties: OptionalText(200),
  outerSkuId: OptionalText(100),
  price: SandboxPrice,
  quantity: z.number().int().min(0).max(1_000_000),
});
export type SandboxSkuInput = z.input<typeof SandboxSkuInput>;

export const SandboxItemInput = z.object({
  storeId: Id,
  /** The item id on the sandbox; generated when absent. */
  itemId: OptionalText(64),
  title: Text(200),
  outerId: OptionalText(100),
  picUrl: OptionalText(1000),
  status: z.enum(['onsale', 'instock']).default('onsale'),
  skus: z.array(SandboxSkuInput).min(1).max(50),
});
export type SandboxItemInput = z.input<typeof SandboxItemInput>;

export const SandboxItemRefInput = z.object({ storeId: Id, itemId: Text(64) });
export type SandboxItemRefInput = z.infer<typeof SandboxItemRefInput>;

export const SandboxGenerateOrdersInput = z.object({
  storeId: Id,
  count: z.number().int().min(1).max(100),
  /**
   * Hours from payment to these orders' latest ship time, instead of the shop's; a negative number
   * makes them already past it (the overdue warning at once, for tests).
   */
  shipByHours: z.number().int().min(-720).max(720).optional(),
});
export type SandboxGenerateOrdersInput = z.infer<typeof SandboxGenerateOrdersInput>;

export const SandboxOrderRefInput = z.object({ storeId: Id, orderNo: Text(64) });
export type SandboxOrderRefInput = z.infer<typeof SandboxOrderRefInput>;

/** The marketplace moves an unshipped order's latest ship time. */
export const SandboxLastShipTimeInput = SandboxOrderRefInput.extend({ lastShipTime: DateTimeText });
export type SandboxLastShipTimeInput = z.infer<typeof SandboxLastShipTimeInput>;

/** What a buyer asks for on the sandbox: a refund only, a return and refund, an exchange. */
export const SANDBOX_REFUND_TYPES = ['REFUND_ONLY', 'RETURN_REFUND', 'EXCHANGE'] as const;
export type SandboxRefundType = (typeof SANDBOX_REFUND_TYPES)[number];

/**
 * The sandbox's refund states: waiting for the seller, waiting for the buyer's parcel (a return
 * or exchange agreed), the parcel sent back, refused by the seller, done, closed by the buyer.
 * A request the seller leaves unanswered for SANDBOX_AUTO_AGREE_HOURS is agreed by the sandbox.
 */
export const SANDBOX_REFUND_STATUSES = ['WAIT_SELLER_AGREE', 'WAIT_BUYER_RETURN_GOODS', 'WAIT_SELLER_CONFIRM_GOODS', 'SELLER_REFUSE_BUYER', 'SUCCESS', 'CLOSED'] as const;
export type SandboxRefundStatus = (typeof SANDBOX_REFUND_STATUSES)[number];
export const SANDBOX_AUTO_AGREE_HOURS = 48;

export const SandboxRefundInput = z.object({ storeId: Id, orderNo: Text(64), reason: OptionalText(200), type: z.enum(SANDBOX_REFUND_TYPES).default('REFUND_ONLY') });
export const SandboxRefundRefInput = z.object({ storeId: Id, refundId: Text(80) });
export type SandboxRefundRefInput = z.infer<typeof SandboxRefundRefInput>;
export const SandboxReturnGoodsInput = SandboxRefundRefInput.extend({ expressCompanyCode: OptionalText(40), expressNo: z.string().trim().regex(/^[A-Za-z0-9-]{6,40}$/, 'Not a tracking number') });
export type SandboxReturnGoodsInput = z.infer<typeof SandboxReturnGoodsInput>;
export type SandboxRefundInput = z.infer<typeof SandboxRefundInput>;

export const SandboxPageInput = PageQuery.extend({ storeId: Id });
export type SandboxPageInput = z.infer<typeof SandboxPageInput>;

export const SandboxCallSearchInput = PageQuery.extend({
  storeId: Id,
  operation: z.enum(SANDBOX_OPERATIONS).optional(),
  /** Only the pushes the sandbox received (stock and shipping feedback). */
  receivedOnly: z.boolean().default(false),
});
export type SandboxCallSearchInput = z.infer<typeof SandboxCallSearchInput>;

export const SandboxShopView = z.object({
  storeId: z.number(),
  shopKey: z.string(),
  version: z.number(),
  failureRate: z.number(),
  latencyMs: z.number(),
  tokenLifetimeSeconds: z.number(),
  rateLimitPerMinute: z.number().nullable(),
  shipByHours: z.number(),
  forcedFailures: z.array(z.object({ kind: z.enum(SANDBOX_FAILURE_KINDS), operation: z.enum(SANDBOX_OPERATIONS).optional() })),
  pushMessages: z.boolean(),
  pushFailures: z.array(z.enum(SANDBOX_PUSH_FAILURES)),
  callCount: z.number(),
  tokenExpiresAt: z.string().nullable(),
  itemCount: z.number(),
  orderCount: z.number(),
  refundCount: z.number(),
});
export type SandboxShopView = z.infer<typeof SandboxShopView>;

export const SandboxSkuRow = z.object({
  skuId: z.string(),
  properties: z.string().nullable(),
  outerSkuId: z.string().nullable(),
  price: z.string(),
  quantity: z.number(),
});
export type SandboxSkuRow = z.infer<typeof SandboxSkuRow>;

export const SandboxItemRow = z.object({
  itemId: z.string(),
  title: z.string(),
  outerId: z.string().nullable(),
  picUrl: z.string().nullable(),
  status: z.string(),
  skus: z.array(SandboxSkuRow),
  updatedAt: z.string(),
});
export type SandboxItemRow = z.infer<typeof SandboxItemRow>;

export const SandboxOrderLine = z.object({
  itemId: z.string(),
  skuId: z.string(),
  outerSkuId: z.string().nullable(),
  title: z.string(),
  properties: z.string().nullable(),
  qty: z.number(),
  price: z.string(),
});
export type SandboxOrderLine = z.infer<typeof SandboxOrderLine>;

export const SandboxOrderRow = z.object({
  orderNo: z.string(),
  status: z.enum(SANDBOX_ORDER_STATUSES),
  buyerNick: z.string(),
  receiverName: z.string(),
  receiverPhone: z.string(),
  receiverProvince: z.string(),
  receiverCity: z.string(),
  receiverDistrict: z.string(),
  receiverAddress: z.string(),
  amount: z.string(),
  postFee: z.string(),
  lines: z.array(SandboxOrderLine),
  payTime: z.string(),
  expressCompanyCode: z.string().nullable(),
  expressNo: z.string().nullable(),
  shippedAt: z.string().nullable(),
  lastShipTime: z.string().nullable(),
  riskControlled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SandboxOrderRow = z.infer<typeof SandboxOrderRow>;

export const SandboxRefundRow = z.object({
  refundId: z.string(),
  orderNo: z.string(),
  type: z.enum(SANDBOX_REFUND_TYPES),
  status: z.string(),
  buyerExpressNo: z.string().nullable(),
  reason: z.string().nullable(),
  refundFee: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SandboxRefundRow = z.infer<typeof SandboxRefundRow>;

/** What the sandbox's call log holds: the calls it answered, and the order messages it pushed (pushMessage). */
export const SANDBOX_LOGGED_OPERATIONS = [...SANDBOX_OPERATIONS, 'pushMessage'] as const;

export const SandboxCallRow = z.object({
  id: z.number(),
  operation: z.enum(SANDBOX_LOGGED_OPERATIONS),
  outcome: z.union([z.literal('OK'), z.enum(SANDBOX_FAILURE_KINDS), z.literal('REJECTED')]),
  message: z.string().nullable(),
  payload: z.unknown(),
  createdAt: z.string(),
});
export type SandboxCallRow = z.infer<typeof SandboxCallRow>;

// ---- payment and after-sales authorisation of stores (spec 02 §7.7; issue #21 must-have 8) ----

/** payAuth/searchPayAuth: the marketplace stores and whether their authorisation covers payment and bill data. */
export const PayAuthSearchInput = PageQuery.extend({
  storeIdList: z.array(Id).max(500).optional(),
  platformCode: z.string().trim().max(40).optional(),
  authState: z.enum(STORE_AUTH_STATES).optional(),
});
export type PayAuthSearchInput = z.infer<typeof PayAuthSearchInput>;

export const PayAuthRow = z.object({
  storeId: z.number(),
  storeName: z.string(),
  platformCode: z.string(),
  authState: z.enum(STORE_AUTH_STATES),
  authorizedAt: z.string().nullable(),
  tokenExpiresAt: z.string().nullable(),
  /** The platform has a connector in this build (the sandbox marketplace today). */
  connectorAvailable: z.boolean(),
  /** Payment and bill data can be read now: the store is usable, authorised and not expired, and has a connector. */
  payAuthorized: z.boolean(),
});
export type PayAuthRow = z.infer<typeof PayAuthRow>;

/** afterSaleAuth/getByStoreIds: whether after-sales can be pulled and decided for each store. */
export const AfterSaleAuthInput = z.object({ storeIds: z.array(Id).min(1).max(500) });
export type AfterSaleAuthInput = z.infer<typeof AfterSaleAuthInput>;

export const AfterSaleAuthRow = z.object({
  storeId: z.number(),
  storeName: z.string(),
  platformCode: z.string(),
  storeType: z.number(),
  authState: z.enum(STORE_AUTH_STATES),
  /** The store's own setting (configStoreSyncData). */
  syncAfterSales: z.boolean(),
  /** Whether the platform takes return orders (spec 01 §5). */
  supportsReturnOrders: z.boolean(),
  /** After-sales of this store arrive by the sync: an authorised marketplace store with a connector and the setting on. */
  afterSalesAuthorized: z.boolean(),
  /** Why not, when not: OFFLINE_STORE, NO_CONNECTOR, NOT_AUTHORIZED, SYNC_OFF, STORE_DISABLED. */
  reason: z.string().nullable(),
});
export type AfterSaleAuthRow = z.infer<typeof AfterSaleAuthRow>;
