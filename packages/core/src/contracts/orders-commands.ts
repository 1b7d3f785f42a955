// Sales orders, part "commands" (spec 02 §4.2, §4.3, §5, §9): the inputs of verify, lock,
// close, merge, split, split out-of-stock, refresh out-of-stock, convert and the edits of an
// order (courier, receiver, warehouse, lines, seller flag). Every batch command answers
// OrderBatchResult (orders.ts): one order's refusal never stops the others.
import { z } from 'zod';
import { Id, Version } from './common.js';

/** Verify goes out in batches of 100 ids (10 in the embedded app), spec 02 §5 and §9. */
export const ORDER_VERIFY_BATCH = 100;
export const ORDER_VERIFY_BATCH_EMBEDDED = 10;

/** The versions the caller saw, per order; an order changed since is refused (version conflict). */
export const OrderVersions = z.array(z.object({ id: Id, version: Version })).max(1000);

const idList = (max: number) => z.array(Id).min(1).max(max);

/** A batch command on orders: ids, and optionally the versions the caller saw. */
export const OrderBatchInput = z.object({ idList: idList(1000), versions: OrderVersions.optional() });
export type OrderBatchInput = z.infer<typeof OrderBatchInput>;

export const VerifyOrdersInput = z.object({ idList: idList(ORDER_VERIFY_BATCH), versions: OrderVersions.optional() });
export type VerifyOrdersInput = z.infer<typeof VerifyOrdersInput>;

/** One order by id, with the version the caller saw (optional). */
export const OrderCommandInput = z.object({ id: Id, version: Version.optional() });
export type OrderCommandInput = z.infer<typeof OrderCommandInput>;

export const MergeOrdersInput = z.object({ idList: idList(100), versions: OrderVersions.optional() });
export type MergeOrdersInput = z.infer<typeof MergeOrdersInput>;

export const SplitOrderInput = z.object({
  id: Id,
  version: Version.optional(),
  lines: z
    .array(z.object({ lineId: Id, qty: z.number().int().positive() }))
    .min(1)
    .max(500),
});
export type SplitOrderInput = z.infer<typeof SplitOrderInput>;

export const SPLIT_OUT_OF_STOCK_MODES = ['all', 'part'] as const;
export type SplitOutOfStockMode = (typeof SPLIT_OUT_OF_STOCK_MODES)[number];
export const SplitOutOfStockInput = z.object({ id: Id, version: Version.optional(), mode: z.enum(SPLIT_OUT_OF_STOCK_MODES) });
export type SplitOutOfStockInput = z.infer<typeof SplitOutOfStockInput>;

/** The answer of split and split out-of-stock: the parent and the new child. */
export const SplitOrderResult = z.object({ id: Id, childId: Id, childCode: z.string() });
export type SplitOrderResult = z.infer<typeof SplitOrderResult>;

/** The answer of merge: the new merged order. */
export const MergeOrdersResult = z.object({ id: Id, code: z.string(), sourceIds: z.array(Id) });
export type MergeOrdersResult = z.infer<typeof MergeOrdersResult>;

export const RefreshStockOutInput = z.object({ storeIdList: z.array(Id).max(1000).optional() });
export type RefreshStockOutInput = z.infer<typeof RefreshStockOutInput>;
export const RefreshStockOutResult = z.object({ total: z.number().int(), stockOut: z.number().int(), inStock: z.number().int() });
export type RefreshStockOutResult = z.infer<typeof RefreshStockOutResult>;

export const ORDER_CONVERT_TARGETS = ['PRESALE', 'NORMAL', 'STOCK_OUT', 'LOCKED'] as const;
export type OrderConvertTarget = (typeof ORDER_CONVERT_TARGETS)[number];
export const ConvertOrdersInput = OrderBatchInput.extend({ to: z.enum(ORDER_CONVERT_TARGETS) });
export type ConvertOrdersInput = z.infer<typeof ConvertOrdersInput>;

export const UpdateOrderExpressInput = OrderBatchInput.extend({ expressCompanyCode: z.string().trim().min(1).max(64) });
export type UpdateOrderExpressInput = z.infer<typeof UpdateOrderExpressInput>;

export const UpdateOrderWarehouseInput = OrderBatchInput.extend({ warehouseId: Id });
export type UpdateOrderWarehouseInput = z.infer<typeof UpdateOrderWarehouseInput>;

export const UpdateOrderReceiverInput = z.object({
  id: Id,
  version: Version,
  receiverName: z.string().trim().min(1).max(100),
  receiverPhone: z.string().trim().min(1).max(50),
  receiverTel: z.string().trim().max(50).nullish(),
  receiverProvince: z.string().trim().min(1).max(50),
  receiverCity: z.string().trim().min(1).max(50),
  receiverDistrict: z.string().trim().max(50).nullish(),
  receiverAddress: z.string().trim().min(1).max(500),
  receiverZip: z.string().trim().max(20).nullish(),
});
export type UpdateOrderReceiverInput = z.infer<typeof UpdateOrderReceiverInput>;

export const UpdateSellerFlagInput = OrderBatchInput.extend({
  sellerFlag: z.number().int().min(0).max(10),
  sellerRemark: z.string().max(500).nullish(),
});
export type UpdateSellerFlagInput = z.infer<typeof UpdateSellerFlagInput>;

export const AddOrderSkuInput = z.object({
  id: Id,
  version: Version.optional(),
  skuId: Id,
  qty: z.number().int().positive().max(1_000_000),
  price: z.string().regex(/^\d{1,14}(\.\d{1,4})?$/).optional(),
  isGift: z.boolean().optional(),
});
export type AddOrderSkuInput = z.infer<typeof AddOrderSkuInput>;

export const DeleteOrderSkuInput = z.object({ id: Id, version: Version.optional(), lineIdList: z.array(Id).min(1).max(500) });
export type DeleteOrderSkuInput = z.infer<typeof DeleteOrderSkuInput>;

export const ReplaceOrderSkuInput = z.object({ id: Id, version: Version.optional(), lineId: Id, skuId: Id });
export type ReplaceOrderSkuInput = z.infer<typeof ReplaceOrderSkuInput>;

export const CancelMergeResult = z.object({ sourceIds: z.array(Id) });
export type CancelMergeResult = z.infer<typeof CancelMergeResult>;
export const CancelSplitResult = z.object({ id: Id, childIds: z.array(Id) });
export type CancelSplitResult = z.infer<typeof CancelSplitResult>;

/**
 * Merge status codes (spec 01 §7 getMergeSoList, §2.5): normal, the order is in the review screen
 * (pending review, mergeable now); verified, it is in the print screen (reviewed; cancel the
 * review to merge it).
 */
export const MERGE_SO_STATUSES = ['normal', 'verified'] as const;
export type MergeSoStatus = (typeof MERGE_SO_STATUSES)[number];

/** One order another can be merged with (getMergeSoList voList[]). */
export const MergeSoRow = z.object({
  id: Id,
  code: z.string(),
  version: z.number().int(),
  statusCode: z.enum(MERGE_SO_STATUSES),
  platformNos: z.array(z.string()),
  qtyTotal: z.number().int(),
  amountTotal: z.string(),
  createdAt: z.string(),
});
export type MergeSoRow = z.infer<typeof MergeSoRow>;

/** Error codes of the commands beyond the shared OrderErrors. */
export const OrderCommandErrors = {
  /** The SKU is not one of the domain's (params: skuId). */
  SKU_NOT_FOUND: 'ERR_ORDER_SKU_NOT_FOUND',
  /** The line is not on the order (params: lineId). */
  LINE_NOT_FOUND: 'ERR_ORDER_LINE_NOT_FOUND',
  /** Deleting every line of an order. */
  LAST_LINE: 'ERR_ORDER_LAST_LINE',
  /** The warehouse or the courier is not the domain's. */
  WAREHOUSE_NOT_FOUND: 'ERR_ORDER_WAREHOUSE_NOT_FOUND',
  EXPRESS_NOT_FOUND: 'ERR_ORDER_EXPRESS_NOT_FOUND',
  /** Split out-of-stock found nothing short (params: code). */
  NOTHING_SHORT: 'ERR_ORDER_NOTHING_SHORT',
} as const;
