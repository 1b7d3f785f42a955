// The order list (spec 02 §3.5, §5; spec 01 §2.2 /order): the search input of every tab, the tab
// counts, the detail with its operation log, saved search tabs and the row tags.
import { z } from 'zod';
import { DEFAULT_OVERDUE_WARNING, splitOrderCodeKeywords, splitReceiverKeywords, splitSkuKeywords } from '../rules/order-list.js';
import type { SplitKeywordsResult } from '../rules/keywords.js';
import { DateTimeText, Id, PageQuery, Text } from './common.js';
import { ORDER_STATUSES, ORDER_TABS, OrderRow } from './orders.js';

/** The exception kinds of tab 5 (the segmented filter; spec 01 §2.4 type=…). */
export const ORDER_EXCEPTION_TYPES = ['sync', 'unmapped', 'warehouse', 'express', 'intercepted', 'issued'] as const;
export type OrderExceptionType = (typeof ORDER_EXCEPTION_TYPES)[number];

export const ORDER_SORTS = ['id_desc', 'payTime_desc', 'payTime_asc', 'lastShipTime_asc'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

/** Domain configuration items of the 'about to time out' warning (spec 01 §9). */
export const ORDER_OVERDUE_CONFIG = { enabled: 'ORDER_OVERDUE_WARNING_ENABLED', hours: 'ORDER_OVERDUE_WARNING_HOURS' } as const;
export const ORDER_OVERDUE_DEFAULT = DEFAULT_OVERDUE_WARNING;

const keywordList = (split: (text: string | undefined) => SplitKeywordsResult, cap: number) =>
  z
    .string()
    .max(20_000)
    .optional()
    .nullable()
    .transform((text, ctx) => {
      const { items, overCap } = split(text ?? undefined);
      if (overCap) {
        ctx.addIssue({ code: 'custom', message: `At most ${cap} keywords at once` });
        return z.NEVER;
      }
      return items;
    });

const idList = z.array(Id).max(1000).optional();
const codeList = z.array(z.string().trim().min(1).max(64)).max(200).optional();
const flag = z.boolean().optional().nullable().transform((v) => v ?? undefined);
const time = DateTimeText.optional().nullable().transform((v) => v || undefined);

/** The filters of the list (also what a saved search tab keeps). */
export const OrderSearchFilters = z.object({
  /** The tab (spec 01 §2.2 activeKey); its statuses are ORDER_TAB_STATUSES. */
  activeKey: z.enum(ORDER_TABS).default('1'),
  /** Narrows the tab to one of its statuses. */
  statusCode: z.enum(ORDER_STATUSES).optional().nullable().transform((v) => v ?? undefined),
  /** Order codes or platform order numbers, comma separated, at most 15. */
  codeKeywords: keywordList(splitOrderCodeKeywords, 15),
  /** SKU codes, comma or semicolon separated, at most 50; one keyword matches code or name by contains. */
  skuKeywords: keywordList(splitSkuKeywords, 50),
  /** Receiver names or phones, comma separated, at most 15. */
  receiverKeywords: keywordList(splitReceiverKeywords, 15),
  buyerNick: z.string().trim().max(100).optional().nullable().transform((v) => v || undefined),
  storeIdList: idList,
  warehouseIdList: idList,
  expressCompanyCodeList: codeList,
  platformCodeList: codeList,
  /** Orders carrying any of these header labels. */
  labelList: codeList,
  sellerFlagList: z.array(z.number().int().min(0).max(99)).max(20).optional(),
  locked: flag,
  haveRefund: flag,
  intercepted: flag,
  preSale: flag,
  /** Set by 'refresh out-of-stock' only: orders are found as out of stock after a refresh. */
  stockOut: flag,
  riskControlled: flag,
  /** The express label was printed (home jumps: to print / to send). */
  expressPrinted: flag,
  /** The warehouse type, e.g. SELF_WAREHOUSE. */
  whType: z.string().trim().max(40).optional().nullable().transform((v) => v || undefined),
  /** Tab 5 only: one kind of exception. */
  exceptionType: z.enum(ORDER_EXCEPTION_TYPES).optional().nullable().transform((v) => v ?? undefined),
  createTimeFrom: time,
  createTimeTo: time,
  payTimeFrom: time,
  payTimeTo: time,
  sort: z.enum(ORDER_SORTS).default('id_desc'),
});
export type OrderSearchFilters = z.infer<typeof OrderSearchFilters>;

export const OrderSearchInput = PageQuery.extend(OrderSearchFilters.shape);
export type OrderSearchInput = z.infer<typeof OrderSearchInput>;
/** The input as the web sends it (keywords as typed). */
export type OrderSearchParams = z.input<typeof OrderSearchInput>;

/** Counts per tab and, for tab 5, per exception kind, under the same filters. */
export const OrderTabCounts = z.object({
  tabs: z.record(z.enum(ORDER_TABS), z.number().int().nonnegative()),
  exceptions: z.record(z.enum(ORDER_EXCEPTION_TYPES), z.number().int().nonnegative()),
});
export type OrderTabCounts = z.infer<typeof OrderTabCounts>;

export const OrderLogRow = z.object({
  id: Id,
  action: z.string(),
  loginName: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type OrderLogRow = z.infer<typeof OrderLogRow>;

export const OrderDetail = OrderRow.extend({ logs: z.array(OrderLogRow) });
export type OrderDetail = z.infer<typeof OrderDetail>;

// ---- saved search tabs -------------------------------------------------------------------------

export const OrderSearchTabCreateInput = z.object({
  name: Text(30),
  /** The list's query as typed (the search input without paging). */
  params: z.record(z.string(), z.unknown()).refine((p) => JSON.stringify(p).length <= 20_000, 'Too large'),
});
export type OrderSearchTabCreateInput = z.infer<typeof OrderSearchTabCreateInput>;

export const OrderSearchTabIndexInput = z.object({ idList: z.array(Id).min(1).max(200) });
export type OrderSearchTabIndexInput = z.infer<typeof OrderSearchTabIndexInput>;

export const OrderSearchTabRow = z.object({
  id: Id,
  name: z.string(),
  params: z.record(z.string(), z.unknown()),
  sortIndex: z.number().int(),
});
export type OrderSearchTabRow = z.infer<typeof OrderSearchTabRow>;

// ---- row tags (spec 01 §7 getMergeFlagByIdList, returnStockOutErpSohId) -------------------------

/** One asked order of the account's domain and whether it has a merge candidate (待合). */
export const OrderMergeFlag = z.object({ id: Id, canbeMergedTag: z.boolean() });
export type OrderMergeFlag = z.infer<typeof OrderMergeFlag>;

export const OrderListErrors = {
  /** At most this many saved search tabs per user (params: max). */
  SEARCH_TAB_LIMIT: 'ERR_ORDER_SEARCH_TAB_LIMIT',
  SEARCH_TAB_NAME_TAKEN: 'ERR_ORDER_SEARCH_TAB_NAME_TAKEN',
} as const;

export const ORDER_SEARCH_TAB_MAX = 20;
