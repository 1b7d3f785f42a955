// Online goods mapping (spec 02 §3.2, §7.4): the items a store lists on its marketplace
// (tbSpu, with its variants tbSku), each variant mapped to one system SKU. A mapping is `wait`
// (not confirmed; it may carry a proposed SKU) or `already` (confirmed: orders use it).
import { z } from 'zod';
import { decimalPlaces, isDecimalText } from '../rules/decimal.js';
import { Id, OptionalText, PageQuery, Text, Version, type PageResult } from './common.js';

const NullText = z.string().nullable();

export const MAPPING_STATUSES = ['wait', 'already'] as const;
export type MappingStatus = (typeof MAPPING_STATUSES)[number];

/** Item states as the store lists them (same words as the goods status). */
export const ONLINE_ITEM_STATUSES = ['onsale', 'instock'] as const;
export type OnlineItemStatus = (typeof ONLINE_ITEM_STATUSES)[number];

/** Where an online SKU row came from. */
export const ONLINE_SKU_SOURCES = ['SYNC', 'IMPORT', 'HAND'] as const;
export type OnlineSkuSource = (typeof ONLINE_SKU_SOURCES)[number];

export const MappingErrors = {
  /** Confirming an online SKU that has no system SKU chosen. */
  SKU_REQUIRED: 'ERR_MAPPING_SKU_REQUIRED',
  /** The system SKU does not exist in the caller's domain. */
  SKU_NOT_FOUND: 'ERR_MAPPING_SKU_NOT_FOUND',
  /** The system SKU (or its product) was deleted. */
  SKU_DELETED: 'ERR_MAPPING_SKU_DELETED',
  /** A combination SKU without components cannot be shipped, so it cannot be mapped. */
  SKU_COMBINATION_EMPTY: 'ERR_MAPPING_SKU_COMBINATION_EMPTY',
  ALREADY_CONFIRMED: 'ERR_MAPPING_ALREADY_CONFIRMED',
  NOT_MAPPED: 'ERR_MAPPING_NOT_MAPPED',
  /** The online SKU is in the recycle bin; restore it first. */
  IN_RECYCLE_BIN: 'ERR_MAPPING_IN_RECYCLE_BIN',
  /** Restoring an online SKU that is not in the recycle bin. */
  NOT_DELETED: 'ERR_MAPPING_NOT_DELETED',
  STORE_NOT_FOUND: 'ERR_MAPPING_STORE_NOT_FOUND',
  /** createTbSkuByHand with a platform SKU id the store already has. */
  TB_SKU_EXISTS: 'ERR_MAPPING_TB_SKU_EXISTS',
  /** replaceTbSku with a platform SKU id two stores of the domain list, and no storeId. */
  TB_SKU_AMBIGUOUS: 'ERR_MAPPING_TB_SKU_AMBIGUOUS',
  /** Creating system goods from an online item some of whose SKUs are already mapped. */
  ITEM_ALREADY_MAPPED: 'ERR_MAPPING_ITEM_ALREADY_MAPPED',
  /** Copying pictures from online items that have none. */
  NO_PICTURES: 'ERR_MAPPING_NO_PICTURES',
  /** The goods area is not part of this build. */
  GOODS_UNAVAILABLE: 'ERR_MAPPING_GOODS_UNAVAILABLE',
} as const;

/** A price of up to 4 decimals, not negative, sent as a number or a decimal text. */
export const OnlinePrice = z
  .union([z.string().trim(), z.number()])
  .transform((v) => String(v).trim())
  .refine((v) => v === '' || isDecimalText(v), 'Not a number')
  .refine((v) => v === '' || !v.startsWith('-'), 'Must not be negative')
  .refine((v) => v === '' || decimalPlaces(v) <= 4, 'At most 4 decimals')
  .refine((v) => v === '' || Number(v) < 1e14, 'Too large')
  .transform((v) => (v === '' ? undefined : v));

const PictureUrl = OptionalText(1000);

// ---- what the store connector (and the import) hands over ----------------------------------

export const OnlineSkuInput = z.object({
  /** The variant's id on the marketplace. */
  tbSkuId: Text(64),
  title: OptionalText(300),
  /** The variant's properties as the marketplace words them, e.g. "颜色:红色;尺码:M". */
  properties: OptionalText(500),
  /** The seller's own code for the variant (outer SKU id): auto-matching compares it. */
  outerSkuId: OptionalText(100),
  price: OnlinePrice.optional().nullable().transform((v) => v ?? undefined),
  skuPicUrl: PictureUrl,
});
export type OnlineSkuInput = z.infer<typeof OnlineSkuInput>;

/**
 * One listing of a store. An item without variants may send no SKUs: it then gets one online
 * SKU whose platform id is the item's id and whose outer code is the item's outer code.
 */
export const OnlineItemInput = z.object({
  tbSpuId: Text(64),
  title: Text(300),
  outerId: OptionalText(100),
  picUrl: PictureUrl,
  status: z.enum(ONLINE_ITEM_STATUSES).optional(),
  skus: z.array(OnlineSkuInput).max(1000).default([]),
});
export type OnlineItemInput = z.input<typeof OnlineItemInput>;
export type OnlineItem = z.output<typeof OnlineItemInput>;

export const OnlineItemList = z.array(OnlineItemInput).max(5000);

/** What upsertOnlineItems answers: rows added and rows refreshed. */
export interface OnlineItemsUpsertResult {
  itemsCreated: number;
  itemsUpdated: number;
  skusCreated: number;
  skusUpdated: number;
  /** New online SKUs that got a proposed system SKU because their outer code equals its code. */
  skusProposed: number;
}

// ---- lists -----------------------------------------------------------------------------------

export const TbSkuSearchInput = PageQuery.extend({
  storeId: Id.optional(),
  platformCode: OptionalText(40),
  /** Online title, outer codes, platform item or SKU id. */
  keyword: OptionalText(100),
  /** System SKU code or name. */
  skuKeyword: OptionalText(100),
  /** Waiting tab: only rows with (true) or without (false) a proposed SKU. */
  hasSku: z.boolean().optional(),
});
export type TbSkuSearchInput = z.infer<typeof TbSkuSearchInput>;

export const MappedSkuView = z.object({
  id: z.number(),
  spuId: z.number(),
  code: z.string(),
  name: NullText,
  spuName: z.string(),
  specifications: NullText,
  picUrl: NullText,
  isCombination: z.boolean(),
});
export type MappedSkuView = z.infer<typeof MappedSkuView>;

/** One online SKU with its item and its mapped system SKU. */
export const TbSkuRow = z.object({
  id: z.number(),
  version: z.number(),
  storeId: z.number(),
  storeName: z.string(),
  platformCode: z.string(),
  tbSpuRowId: z.number(),
  tbSpuId: z.string(),
  tbSkuId: z.string(),
  itemTitle: z.string(),
  title: z.string(),
  properties: NullText,
  outerId: NullText,
  outerSkuId: NullText,
  price: NullText,
  picUrl: NullText,
  skuPicUrl: NullText,
  itemStatus: z.string(),
  source: z.enum(ONLINE_SKU_SOURCES),
  mappingStatus: z.enum(MAPPING_STATUSES),
  skuId: z.number().nullable(),
  sku: MappedSkuView.nullable(),
  confirmedAt: NullText,
  deleted: z.boolean(),
  deletedAt: NullText,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TbSkuRow = z.infer<typeof TbSkuRow>;

export type TbSkuPage = PageResult<TbSkuRow>;

/** A store of the domain, for the store filter and the hand-made online SKU. */
export const MappingStoreOption = z.object({
  id: z.number(),
  name: z.string(),
  shortName: NullText,
  platformCode: z.string(),
  usable: z.boolean(),
});
export type MappingStoreOption = z.infer<typeof MappingStoreOption>;

export const MatchAllInput = z.object({ storeId: Id.optional() });
export type MatchAllInput = z.infer<typeof MatchAllInput>;

// ---- commands ------------------------------------------------------------------------------

/** Confirm one online SKU, with the SKU it proposes or the one given here. */
export const ConfirmTbSkuInput = z.object({
  id: Id,
  skuId: Id.optional(),
  version: Version.optional(),
});
export type ConfirmTbSkuInput = z.infer<typeof ConfirmTbSkuInput>;

export const TbSkuIdListInput = z.object({ idList: z.array(Id).min(1).max(1000) });
export type TbSkuIdListInput = z.infer<typeof TbSkuIdListInput>;

/** One online SKU by its row id; version checked when sent. */
export const TbSkuRowInput = z.object({ id: Id, version: Version.optional() });
export type TbSkuRowInput = z.infer<typeof TbSkuRowInput>;

/**
 * replaceTbSku {tbSkuId, skuId, isUpdateNormalOrderDetail} (spec 02 §7.4): map an online SKU, named
 * by its platform SKU id, to a system SKU. `storeId` tells the store when two stores of the domain
 * list the same platform SKU id. With isUpdateNormalOrderDetail, unshipped order lines of the
 * online SKU move to the new SKU.
 */
export const ReplaceTbSkuInput = z.object({
  tbSkuId: z.union([z.string(), z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)]).transform(String).pipe(Text(64)),
  storeId: Id.optional(),
  skuId: Id,
  isUpdateNormalOrderDetail: z.boolean().default(false),
  version: Version.optional(),
});
export type ReplaceTbSkuInput = z.infer<typeof ReplaceTbSkuInput>;

export const ReplaceTbSkuResult = z.object({
  row: TbSkuRow,
  /** Order lines moved to the new SKU (0 when not asked or when no orders area is present). */
  updatedOrderCount: z.number(),
});
export type ReplaceTbSkuResult = z.infer<typeof ReplaceTbSkuResult>;

/** Online items (tb_spus row ids): unbind all their SKUs, or copy names or pictures. */
export const TbSpuIdListInput = z.object({ idList: z.array(Id).min(1).max(1000) });
export type TbSpuIdListInput = z.infer<typeof TbSpuIdListInput>;

export const MatchAllResult = z.object({
  /** Waiting online SKUs now confirmed to the system SKU with their outer code. */
  matched: z.number(),
  /** Waiting online SKUs (not in the recycle bin) still without a match. */
  unmatched: z.number(),
});
export type MatchAllResult = z.infer<typeof MatchAllResult>;

export const BatchCountResult = z.object({ count: z.number() });
export type BatchCountResult = z.infer<typeof BatchCountResult>;

export const CopyToGoodsResult = z.object({ spuCount: z.number(), skuCount: z.number() });
export type CopyToGoodsResult = z.infer<typeof CopyToGoodsResult>;

/** Type in an online SKU the store does not report (an offline store, a missing listing). */
export const CreateTbSkuByHandInput = z.object({
  storeId: Id,
  tbSpuId: Text(64),
  itemTitle: Text(300),
  outerId: OptionalText(100),
  picUrl: PictureUrl,
  tbSkuId: Text(64),
  title: OptionalText(300),
  properties: OptionalText(500),
  outerSkuId: OptionalText(100),
  price: OnlinePrice.optional().nullable().transform((v) => v ?? undefined),
  skuPicUrl: PictureUrl,
  /** Map (and confirm) it to this system SKU at once. */
  skuId: Id.optional(),
});
export type CreateTbSkuByHandInput = z.infer<typeof CreateTbSkuByHandInput>;

/** Create system goods (an SPU with one SKU per online SKU) from an online item, and map them. */
export const CreateSpuFromTbSpuInput = z.object({
  /** The online item (tb_spus row id). */
  id: Id,
  /** The SPU code; by default the item's outer code, else its platform id. */
  code: OptionalText(64),
  /** The SPU name; by default the item's title. */
  name: OptionalText(200),
});
export type CreateSpuFromTbSpuInput = z.infer<typeof CreateSpuFromTbSpuInput>;

export const CreateSpuFromTbSpuResult = z.object({
  spuId: z.number(),
  /** Online SKUs now confirmed to the new system SKUs. */
  mapped: z.number(),
});
export type CreateSpuFromTbSpuResult = z.infer<typeof CreateSpuFromTbSpuResult>;
