// Goods and SKU mappings dispatched to warehouse systems (spec 02 §3.1 sync statuses, §7.3
// sendToWMS / searchSpuSyncStatus, §7.4 sendToWmsSkuMapping / searchSyncStatus, §7.9
// warehouse/sync). One sync row per (warehouse, SKU) for goods and per (warehouse, online SKU)
// for mappings, in the statuses of SKU_SYNC_STATUSES; a REQUEST filter includes SENDING.
import { z } from 'zod';
import { Id, PageQuery } from './common.js';
import { SKU_SYNC_STATUSES } from './goods.js';

/** What is registered at a warehouse system: an item (a SKU) or the mapping of an online SKU to one. */
export const GOODS_SYNC_KINDS = ['ITEM', 'MAPPING'] as const;
export type GoodsSyncKind = (typeof GOODS_SYNC_KINDS)[number];

/** Sync rows a sync status other than NONE can have (NONE is "no row"). */
export const GOODS_SYNC_ROW_STATUSES = ['REQUEST', 'SENDING', 'SUCCESS', 'FAILURE'] as const;

/** Retryable failures (timeouts, transient errors) are tried again this many times, then FAILURE. */
export const GOODS_SYNC_MAX_ATTEMPTS = 5;
/** Goods or online SKUs one request may dispatch. */
export const GOODS_SYNC_MAX_IDS = 500;

export const GoodsWmsErrors = {
  /** The domain has no warehouse run by a warehouse system (or none of those chosen is). */
  NO_WAREHOUSE_SYSTEM: 'ERR_GOODS_WMS_NO_WAREHOUSE_SYSTEM',
  /** A chosen warehouse is run by the seller: there is nothing to send goods to. */
  SELF_WAREHOUSE: 'ERR_GOODS_WMS_SELF_WAREHOUSE',
  WAREHOUSE_STOPPED: 'ERR_GOODS_WMS_WAREHOUSE_STOPPED',
  /** The chosen goods have no SKU a warehouse stocks (only combinations). */
  NOTHING_TO_SEND: 'ERR_GOODS_WMS_NOTHING_TO_SEND',
  /** An online SKU not matched to a system SKU has no mapping to send. */
  NOT_MAPPED: 'ERR_GOODS_WMS_NOT_MAPPED',
} as const;

const WarehouseIds = z.array(Id).min(1).max(100);

/** sendToWMS: goods (SPU ids) to the warehouse systems of the chosen warehouses (all of them when none is chosen). */
export const SendGoodsToWmsInput = z.object({
  idList: z.array(Id).min(1).max(GOODS_SYNC_MAX_IDS),
  whIds: WarehouseIds.optional(),
});
export type SendGoodsToWmsInput = z.infer<typeof SendGoodsToWmsInput>;

/** sendToWmsSkuMapping: online SKUs (their row ids) whose mapping to a system SKU the warehouses should know. */
export const SendMappingsToWmsInput = z.object({
  idList: z.array(Id).min(1).max(GOODS_SYNC_MAX_IDS),
  whIds: WarehouseIds.optional(),
});
export type SendMappingsToWmsInput = z.infer<typeof SendMappingsToWmsInput>;

/** warehouse/sync: every live SKU not yet registered at the warehouse's system is sent to it. */
export const WarehouseGoodsSyncInput = z.object({ id: Id });
export type WarehouseGoodsSyncInput = z.infer<typeof WarehouseGoodsSyncInput>;

/**
 * What a dispatch request did: rows set to REQUEST (new, or sent again), and rows left as they
 * are (already on their way; for warehouse/sync also those already registered).
 */
export const GoodsSyncRequested = z.object({
  requested: z.number().int(),
  skipped: z.number().int(),
  warehouseIds: z.array(z.number()),
});
export type GoodsSyncRequested = z.infer<typeof GoodsSyncRequested>;

/** proxy/doSyncSkuBySpuId: the SKUs of one goods sent again to its warehouse systems. */
export const SyncSkuBySpuIdInput = z.object({ spuId: Id });
export type SyncSkuBySpuIdInput = z.infer<typeof SyncSkuBySpuIdInput>;

/** rebuildSpu: goods whose derived values are made again from their SKUs (at most 200). */
export const RebuildSpuInput = z.object({ idList: z.array(Id).min(1).max(200) });
export type RebuildSpuInput = z.infer<typeof RebuildSpuInput>;

export const RebuiltSpu = z.object({
  id: z.number(),
  code: z.string(),
  /** Live SKUs of the goods. */
  skuCount: z.number().int(),
  /** SKUs whose values were put right (mirrored from goods without variants, or taken from the goods). */
  skusChanged: z.number().int(),
  /** The goods' sync status rolled up again from its warehouse-system rows. */
  syncStatus: z.string(),
});
export type RebuiltSpu = z.infer<typeof RebuiltSpu>;
export const RebuildSpuResult = z.object({ voList: z.array(RebuiltSpu) });
export type RebuildSpuResult = z.infer<typeof RebuildSpuResult>;

/** searchSpuSyncStatus: the goods' sync rows (one per warehouse and SKU). */
export const SpuSyncStatusSearchInput = PageQuery.extend({
  spuId: Id.optional(),
  skuId: Id.optional(),
  whId: Id.optional(),
  /** REQUEST includes SENDING; NONE lists nothing (no row means not dispatched). */
  syncStatus: z.enum(SKU_SYNC_STATUSES).optional(),
});
export type SpuSyncStatusSearchInput = z.infer<typeof SpuSyncStatusSearchInput>;

/** tbspu/searchSyncStatus: the online SKUs' mapping sync rows. */
export const MappingSyncStatusSearchInput = PageQuery.extend({
  /** The online SKU's row id. */
  id: Id.optional(),
  skuId: Id.optional(),
  whId: Id.optional(),
  syncStatus: z.enum(SKU_SYNC_STATUSES).optional(),
});
export type MappingSyncStatusSearchInput = z.infer<typeof MappingSyncStatusSearchInput>;

export const GoodsSyncRow = z.object({
  id: z.number(),
  kind: z.enum(GOODS_SYNC_KINDS),
  warehouseId: z.number(),
  warehouseCode: z.string(),
  warehouseName: z.string(),
  spuId: z.number(),
  spuCode: z.string(),
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string().nullable(),
  /** MAPPING: the online SKU (row id, platform, store, item and SKU ids). */
  tbSkuRowId: z.number().nullable(),
  platformCode: z.string().nullable(),
  storeId: z.number().nullable(),
  tbSpuId: z.string().nullable(),
  tbSkuId: z.string().nullable(),
  syncStatus: z.enum(SKU_SYNC_STATUSES),
  /** Why it failed (or the last retryable failure while it waits for another try). */
  message: z.string().nullable(),
  attempts: z.number(),
  /** The warehouse system's code of what it registered. */
  externalCode: z.string().nullable(),
  requestTime: z.string(),
  updateTime: z.string(),
});
export type GoodsSyncRow = z.infer<typeof GoodsSyncRow>;

// ---- live-broadcast codes (spec 02 §3.1 livestream columns; /goods/livestreamGoods) ----------

/** A live code: L and a number the domain has not used, put by the seller in an online listing's name. */
export const LIVE_CODE_PATTERN = /^L\d{4,}$/;
export const LIVE_CODE_FIRST = 1001;

export const LiveSpuSearchInput = PageQuery.extend({
  /** Matches the goods or SKU code, the name or the live code, by contains. */
  keyword: z.string().trim().max(100).optional(),
  /** true: only SKUs with a live code; false: only those without. */
  hasLiveCode: z.boolean().optional(),
});
export type LiveSpuSearchInput = z.infer<typeof LiveSpuSearchInput>;

export const LiveSpuRow = z.object({
  skuId: z.number(),
  spuId: z.number(),
  spuCode: z.string(),
  code: z.string(),
  name: z.string().nullable(),
  specifications: z.string().nullable(),
  picUrl: z.string().nullable(),
  liveCode: z.string().nullable(),
});
export type LiveSpuRow = z.infer<typeof LiveSpuRow>;

/** createLiveCode: SKUs (ids) to give a live code; those that have one keep it. */
export const CreateLiveCodeInput = z.object({ idList: z.array(Id).min(1).max(GOODS_SYNC_MAX_IDS) });
export type CreateLiveCodeInput = z.infer<typeof CreateLiveCodeInput>;

export const CreateLiveCodeResult = z.object({ created: z.number().int(), voList: z.array(LiveSpuRow) });
export type CreateLiveCodeResult = z.infer<typeof CreateLiveCodeResult>;
