// Stock sync to stores (spec 02 §4.1 sync statuses, §7.9 /myhome/bizinventory sync rules, auto
// sync and manual sync, §7.14 the inventory-sync log bizInvSynLog; spec 01 §2.2 /stocks/sync,
// /logs activeKey 3).
import { z } from 'zod';
import { formatDecimal } from '../rules/decimal.js';
import { isSyncRatio, SYNC_RATIO_DECIMALS } from '../rules/stocksync.js';
import { DateTimeText, Id, PageQuery, Version } from './common.js';
import { STORE_AUTH_STATES } from './stores.js';

export const StockSyncErrors = {
  /** No store of the caller's domain has this id. */
  STORE_NOT_FOUND: 'ERR_STOCKSYNC_STORE_NOT_FOUND',
  /** Offline and self-defined stores have no marketplace to push stock to. */
  STORE_NOT_ONLINE: 'ERR_STOCKSYNC_STORE_NOT_ONLINE',
  STORE_DISABLED: 'ERR_STOCKSYNC_STORE_DISABLED',
  STORE_NOT_AUTHORIZED: 'ERR_STOCKSYNC_STORE_NOT_AUTHORIZED',
  /** The authorization ended and cannot be refreshed: authorize the store again. */
  STORE_AUTH_EXPIRED: 'ERR_STOCKSYNC_STORE_AUTH_EXPIRED',
  /** No warehouse of the caller's domain has this id. */
  WAREHOUSE_NOT_FOUND: 'ERR_STOCKSYNC_WAREHOUSE_NOT_FOUND',
  WAREHOUSE_STOPPED: 'ERR_STOCKSYNC_WAREHOUSE_STOPPED',
  /** The store already draws on this warehouse. */
  RULE_EXISTS: 'ERR_STOCKSYNC_RULE_EXISTS',
  RULE_NOT_FOUND: 'ERR_STOCKSYNC_RULE_NOT_FOUND',
  /** The rule was changed by someone else (stale version). */
  RULE_CHANGED: 'ERR_STOCKSYNC_RULE_CHANGED',
  /** The store has no sync rule (no warehouse to draw on). */
  NO_RULES: 'ERR_STOCKSYNC_NO_RULES',
  /** The store has no online SKU mapped to a system SKU. */
  NOTHING_TO_SYNC: 'ERR_STOCKSYNC_NOTHING_TO_SYNC',
  /** A chosen online SKU is not a mapped online SKU of the store. */
  TB_SKU_NOT_MAPPED: 'ERR_STOCKSYNC_TB_SKU_NOT_MAPPED',
  RECORD_NOT_FOUND: 'ERR_STOCKSYNC_RECORD_NOT_FOUND',
  /** Only a FAILURE record can be retried. */
  NOT_RETRYABLE: 'ERR_STOCKSYNC_NOT_RETRYABLE',
  /** The marketplace refused this SKU's quantity (its message says why). */
  REJECTED: 'ERR_STOCKSYNC_REJECTED',
  /** The push was cut off (the process stopped) before the marketplace answered. */
  INTERRUPTED: 'ERR_STOCKSYNC_INTERRUPTED',
  /** At push time the online SKU was no longer mapped (or was in the recycle bin). */
  UNMAPPED: 'ERR_STOCKSYNC_UNMAPPED',
} as const;

/** Sync statuses (spec 02 §4.1): to sync, sending, failed, succeeded, stopped. */
export const STOCK_SYNC_STATUSES = ['REQUEST', 'SENDING', 'FAILURE', 'SUCCESS', 'STOP'] as const;
export type StockSyncStatus = (typeof STOCK_SYNC_STATUSES)[number];

/** What started a push: the background job, a person, or a retry of a failure. */
export const STOCK_SYNC_TRIGGERS = ['AUTO', 'MANUAL', 'RETRY'] as const;
export type StockSyncTrigger = (typeof STOCK_SYNC_TRIGGERS)[number];

/** Why a record is STOP: retried, superseded by a later push, or its online SKU is no longer mapped. */
export const STOCK_SYNC_STOP_REASONS = ['RETRIED', 'SUPERSEDED', 'UNMAPPED'] as const;
export type StockSyncStopReason = (typeof STOCK_SYNC_STOP_REASONS)[number];

/** A ratio from 0 to 1 with at most 4 decimals; answered as text with 4 decimals ('0.8000'). */
export const SyncRatio = z
  .union([z.number(), z.string()])
  .refine((v) => isSyncRatio(v), 'The ratio must be a number from 0 to 1 with at most 4 decimals')
  .transform((v) => formatDecimal(v, SYNC_RATIO_DECIMALS));

/** Pieces kept back from the store: a whole number, 0 or more. */
export const SafetyStock = z.number().int('The safety stock must be a whole number').min(0, 'The safety stock cannot be negative').max(1_000_000_000);

export const StockSyncRuleCreateInput = z.object({
  storeId: Id,
  warehouseId: Id,
  ratio: SyncRatio,
  safetyStock: SafetyStock.default(0),
});
export type StockSyncRuleCreateInput = z.input<typeof StockSyncRuleCreateInput>;

export const StockSyncRuleUpdateInput = z.object({
  id: Id,
  version: Version,
  ratio: SyncRatio,
  safetyStock: SafetyStock,
});
export type StockSyncRuleUpdateInput = z.input<typeof StockSyncRuleUpdateInput>;

export const StockSyncRuleDeleteInput = z.object({ id: Id, version: Version });
export type StockSyncRuleDeleteInput = z.infer<typeof StockSyncRuleDeleteInput>;

/** The store's auto-sync switch; `version` is the store's (the switch is the store's autoSyncStock). */
export const StockSyncAutoInput = z.object({ storeId: Id, version: Version, autoSync: z.boolean() });
export type StockSyncAutoInput = z.infer<typeof StockSyncAutoInput>;

export const StockSyncPreviewInput = PageQuery.extend({
  storeId: Id,
  /** Online SKU id, outer SKU code, system SKU code or title. */
  keyword: z.string().trim().max(100).optional(),
  /** Only SKUs whose quantity to push differs from the last pushed one (or never pushed). */
  onlyChanged: z.boolean().optional(),
});
export type StockSyncPreviewInput = z.input<typeof StockSyncPreviewInput>;

/** Sync now: every mapped online SKU of the store, or the chosen ones (online SKU row ids). */
export const StockSyncManualInput = z.object({
  storeId: Id,
  tbSkuRowIds: z.array(Id).min(1).max(1000).optional(),
});
export type StockSyncManualInput = z.infer<typeof StockSyncManualInput>;

/** Retry failures: the chosen records, or every failure of a store. */
export const StockSyncRetryInput = z
  .object({
    idList: z.array(Id).min(1).max(1000).optional(),
    storeId: Id.optional(),
  })
  .refine((v) => !!v.idList || !!v.storeId, { message: 'Choose the failures to retry (idList) or a store (storeId)', path: ['idList'] });
export type StockSyncRetryInput = z.infer<typeof StockSyncRetryInput>;

/** The open failures of a store, for the stock sync page (MENU_INV_SYNC). */
export const StockSyncFailuresInput = PageQuery.extend({ storeId: Id });
export type StockSyncFailuresInput = z.input<typeof StockSyncFailuresInput>;

export const StockSyncLogSearchInput = PageQuery.extend({
  storeId: Id.optional(),
  /** Online SKU id, outer SKU code or system SKU code. */
  keyword: z.string().trim().max(100).optional(),
  status: z.enum(STOCK_SYNC_STATUSES).optional(),
  trigger: z.enum(STOCK_SYNC_TRIGGERS).optional(),
  timeFrom: DateTimeText.optional(),
  timeTo: DateTimeText.optional(),
});
export type StockSyncLogSearchInput = z.input<typeof StockSyncLogSearchInput>;

export const StockSyncRuleRow = z.object({
  id: z.number(),
  version: z.number(),
  storeId: z.number(),
  warehouseId: z.number(),
  warehouseCode: z.string(),
  warehouseName: z.string(),
  warehouseType: z.string(),
  /** A stopped warehouse adds nothing to what the store is told. */
  warehouseStopped: z.boolean(),
  /** 4 decimals, '0.8000'. */
  ratio: z.string(),
  safetyStock: z.number(),
  updatedAt: z.string(),
});
export type StockSyncRuleRow = z.infer<typeof StockSyncRuleRow>;

/** A marketplace store on the stock sync page. */
export const StockSyncStoreRow = z.object({
  storeId: z.number(),
  /** The store's version (the auto-sync switch is the store's autoSyncStock). */
  storeVersion: z.number(),
  name: z.string(),
  platformCode: z.string(),
  usable: z.boolean(),
  authState: z.enum(STORE_AUTH_STATES),
  autoSync: z.boolean(),
  rules: z.array(StockSyncRuleRow),
  /** Online SKUs of the store mapped to a system SKU (what a sync pushes). */
  mappedCount: z.number(),
  /** Records waiting or being sent. */
  pendingCount: z.number(),
  /** Open failures (not yet retried or superseded). */
  failureCount: z.number(),
  lastPushedAt: z.string().nullable(),
});
export type StockSyncStoreRow = z.infer<typeof StockSyncStoreRow>;

export const StockSyncWarehousePart = z.object({
  warehouseId: z.number(),
  available: z.number(),
  ratio: z.string(),
  safetyStock: z.number(),
  quantity: z.number(),
});
export type StockSyncWarehousePart = z.infer<typeof StockSyncWarehousePart>;

export const StockSyncPreviewRow = z.object({
  tbSkuRowId: z.number(),
  tbSkuId: z.string(),
  tbSpuId: z.string(),
  title: z.string(),
  properties: z.string().nullable(),
  outerSkuId: z.string().nullable(),
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string(),
  isCombination: z.boolean(),
  /** Sum of the rule warehouses' available (stopped warehouses left out). */
  available: z.number(),
  /** What a push would send now. */
  quantity: z.number(),
  parts: z.array(StockSyncWarehousePart),
  lastQuantity: z.number().nullable(),
  lastPushedAt: z.string().nullable(),
  /** The quantity differs from the last pushed one, or it was never pushed. */
  changed: z.boolean(),
  /** The status of the online SKU's latest push record. */
  lastStatus: z.enum(STOCK_SYNC_STATUSES).nullable(),
});
export type StockSyncPreviewRow = z.infer<typeof StockSyncPreviewRow>;

export const StockSyncRecordRow = z.object({
  id: z.number(),
  storeId: z.number(),
  storeName: z.string(),
  platformCode: z.string(),
  tbSkuRowId: z.number(),
  tbSkuId: z.string(),
  tbSpuId: z.string().nullable(),
  title: z.string().nullable(),
  properties: z.string().nullable(),
  outerSkuId: z.string().nullable(),
  skuId: z.number(),
  skuCode: z.string(),
  /** Available across the rule warehouses when it was pushed. */
  available: z.number().nullable(),
  quantity: z.number().nullable(),
  status: z.enum(STOCK_SYNC_STATUSES),
  trigger: z.enum(STOCK_SYNC_TRIGGERS),
  /** 1 for the first push of a change; +1 for each push after a failure of the same online SKU. */
  attempt: z.number(),
  retryOfId: z.number().nullable(),
  stopReason: z.enum(STOCK_SYNC_STOP_REASONS).nullable(),
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
  requestedByName: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type StockSyncRecordRow = z.infer<typeof StockSyncRecordRow>;

export const StockSyncRequestResult = z.object({
  /** New records waiting to be pushed. */
  requested: z.number(),
  /** Online SKUs that already had a push waiting (not requested twice). */
  alreadyPending: z.number(),
});
export type StockSyncRequestResult = z.infer<typeof StockSyncRequestResult>;
