// The archive of orders (spec 02 §3.5 archive search, §7.10 core/archiveSo, erpsolr; issue 21).
// An archived order is one that is over: sent (shipped) or closed, ARCHIVE_AFTER_DAYS or more days
// ago (by its delivery time, else its close time). Archived orders are not moved: the archive is a
// view of the same table, read with the archive's own filters and answered masked like the list.
import { z } from 'zod';
import { splitOrderCodeKeywords, splitReceiverKeywords, splitSkuKeywords } from '../rules/order-list.js';
import type { SplitKeywordsResult } from '../rules/keywords.js';
import { DateTimeText, Id, PageQuery } from './common.js';

/** Days after which a sent or closed order is in the archive. */
export const ARCHIVE_AFTER_DAYS = 90;

const keywordList = (split: (text: string | undefined) => SplitKeywordsResult, field: string, cap: number) =>
  z
    .string()
    .max(20_000)
    .optional()
    .nullable()
    .transform((text, ctx) => {
      const { items, overCap } = split(text ?? undefined);
      if (overCap) {
        ctx.addIssue({ code: 'custom', message: `${field}: at most ${cap} keywords at once` });
        return z.NEVER;
      }
      return items;
    });
const time = DateTimeText.optional().nullable().transform((v) => v || undefined);

/** Which receiver field receiverCodeValue is matched against (exactly). */
export const ARCHIVE_RECEIVER_KEYS = ['receiverName', 'receiverPhone', 'buyerNick'] as const;
/** threePlTiming: sent before the platform's latest ship time, or after it. */
export const THREE_PL_TIMINGS = ['ON_TIME', 'LATE'] as const;

export const ArchiveFilters = z.object({
  codeKeywords: keywordList(splitOrderCodeKeywords, 'codeKeywords', 15),
  skuKeywords: keywordList(splitSkuKeywords, 'skuKeywords', 50),
  receiverKeywords: keywordList(splitReceiverKeywords, 'receiverKeywords', 15),
  receiverCodeKey: z.enum(ARCHIVE_RECEIVER_KEYS, { message: `receiverCodeKey: one of ${ARCHIVE_RECEIVER_KEYS.join(', ')}` }).optional().nullable().transform((v) => v ?? undefined),
  receiverCodeValue: z.string().trim().max(100).optional().nullable().transform((v) => v || undefined),
  sellerFlagList: z.array(z.number().int().min(0).max(99)).max(20).optional(),
  createTimeFrom: time,
  createTimeTo: time,
  shippingTimeFrom: time,
  shippingTimeTo: time,
  storeIdList: z.array(Id).max(1000).optional(),
  threePlTiming: z.enum(THREE_PL_TIMINGS, { message: `threePlTiming: one of ${THREE_PL_TIMINGS.join(', ')}` }).optional().nullable().transform((v) => v ?? undefined),
  /** Found in the buyer message or the seller remark. */
  messageKeywords: z.string().trim().max(100).optional().nullable().transform((v) => v || undefined),
});
export type ArchiveFilters = z.output<typeof ArchiveFilters>;
/**
 * exportArchiveSoh: the archive's filters and what the file holds — history orders (BY_CODE, one
 * row per order) or history data (BY_SKU, one row per order line), spec 01 §3.
 */
export const ArchiveExportInput = ArchiveFilters.extend({ exportType: z.enum(['BY_CODE', 'BY_SKU']).default('BY_CODE') });
export type ArchiveExportInput = z.output<typeof ArchiveExportInput>;
export const ArchiveSearchInput = PageQuery.extend(ArchiveFilters.shape);
export type ArchiveSearchInput = z.input<typeof ArchiveSearchInput>;

// ---- syscode lists -----------------------------------------------------------------------------

/** A code and what it means (syscode lists; the web translates by code, name is the Chinese word). */
export const SysCodeRow = z.object({ code: z.string(), name: z.string() });
export type SysCodeRow = z.infer<typeof SysCodeRow>;

/** Platform order status words the marketplaces send (getPlatformStatusList). */
export const PLATFORM_ORDER_STATUS_CODES: readonly SysCodeRow[] = [
  { code: 'WAIT_BUYER_PAY', name: '等待买家付款' },
  { code: 'WAIT_SELLER_SEND_GOODS', name: '等待卖家发货' },
  { code: 'SELLER_CONSIGNED_PART', name: '卖家部分发货' },
  { code: 'WAIT_BUYER_CONFIRM_GOODS', name: '等待买家确认收货' },
  { code: 'TRADE_BUYER_SIGNED', name: '买家已签收' },
  { code: 'TRADE_FINISHED', name: '交易成功' },
  { code: 'TRADE_CLOSED', name: '交易关闭' },
  { code: 'TRADE_CLOSED_BY_TAOBAO', name: '交易被平台关闭' },
];

/** The alert states of a sync failure (getSyncSohStatusList; soSyncStatusList of the search). */
export const SYNC_SOH_STATUS_CODES: readonly SysCodeRow[] = [
  { code: 'OPEN', name: '未处理' },
  { code: 'CLOSED', name: '已关闭' },
];

// ---- check log ---------------------------------------------------------------------------------

/** What a check at the packing desk found (writeErpSohCheckLog). */
export const CHECK_LOG_RESULTS = ['PASS', 'WRONG_ITEM', 'MISSING_ITEM', 'EXTRA_ITEM', 'OTHER'] as const;
export const CheckLogInput = z.object({
  id: Id,
  result: z.enum(CHECK_LOG_RESULTS, { message: `result: one of ${CHECK_LOG_RESULTS.join(', ')}` }),
  content: z.string().trim().max(500).optional().nullable().transform((v) => v || undefined),
});
export type CheckLogInput = z.input<typeof CheckLogInput>;

// ---- promotions --------------------------------------------------------------------------------

/** doNewPromotion: one open promotion matched again over pending orders (all, or the ids given). */
export const DoNewPromotionInput = z.object({ id: Id, idList: z.array(Id).min(1).max(500).optional() });
export type DoNewPromotionInput = z.infer<typeof DoNewPromotionInput>;
export const PromotionRematchResult = z.object({
  checked: z.number().int().nonnegative(),
  /** Orders whose gift lines changed. */
  changedIds: z.array(Id),
  giftLinesAdded: z.number().int().nonnegative(),
  giftLinesRemoved: z.number().int().nonnegative(),
  failures: z.array(z.object({ id: Id, code: z.string().nullable(), errorCode: z.string(), message: z.string() })),
});
export type PromotionRematchResult = z.infer<typeof PromotionRematchResult>;

export const OrderMiscErrors = {
  /** forceCloseCancelFailedOrder: the order is not one the platform cancelled (intercepted CANCELLED). */
  NOT_PLATFORM_CANCELLED: 'ERR_ORDER_NOT_PLATFORM_CANCELLED',
  /** getErpSoHArchiveById: the order is not (yet) in the archive. */
  NOT_ARCHIVED: 'ERR_ORDER_NOT_ARCHIVED',
  /** doNewPromotion: the promotion is not open (not found, ended, or not started). */
  PROMOTION_NOT_OPEN: 'ERR_ORDER_PROMOTION_NOT_OPEN',
} as const;
