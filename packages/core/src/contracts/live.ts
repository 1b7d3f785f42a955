// Live-broadcast sessions and anchors (spec 02 §7.18 "core/live list, create, update, delete,
// disable, liver create and update"; the order's erpSoLiveList of §3.5). The spec names the calls
// only; their fields are chosen here (apps/server/src/modules/orders/live/README.md).
import { z } from 'zod';
import { DateTimeText, Id, IdListInput, OptionalText, PageQuery, Text, Version } from './common.js';

export const LiveErrors = {
  /** The end of a session is not after its start. */
  END_BEFORE_START: 'ERR_LIVE_END_BEFORE_START',
  /** A session longer than LIVE_MAX_HOURS. */
  TOO_LONG: 'ERR_LIVE_TOO_LONG',
  STORE_NOT_FOUND: 'ERR_LIVE_STORE_NOT_FOUND',
  ANCHOR_NOT_FOUND: 'ERR_LIVE_ANCHOR_NOT_FOUND',
  ANCHOR_DISABLED: 'ERR_LIVE_ANCHOR_DISABLED',
  ANCHOR_NAME_TAKEN: 'ERR_LIVE_ANCHOR_NAME_TAKEN',
} as const;

/** The longest session a seller may enter: two days (a marathon broadcast), so a typo of a month is caught. */
export const LIVE_MAX_HOURS = 48;

export const LiveSearchInput = PageQuery.extend({
  liveName: OptionalText(60),
  storeId: Id.optional(),
  anchorId: Id.optional(),
  enabled: z.boolean().optional(),
  /** Sessions on air at some time between these two. */
  startTime: DateTimeText.optional(),
  endTime: DateTimeText.optional(),
});
export type LiveSearchInput = z.infer<typeof LiveSearchInput>;

const LiveFields = {
  liveName: Text(60),
  storeId: Id,
  anchorId: Id.nullish(),
  startTime: DateTimeText,
  endTime: DateTimeText,
  remark: OptionalText(200),
};

export const LiveCreateInput = z.object(LiveFields);
export type LiveCreateInput = z.infer<typeof LiveCreateInput>;

export const LiveUpdateInput = z.object({ id: Id, version: Version, ...LiveFields });
export type LiveUpdateInput = z.infer<typeof LiveUpdateInput>;

/** Turns sessions off (their orders no longer carry them) or, with enabled: true, on again. */
export const LiveDisableInput = IdListInput.extend({ enabled: z.boolean().default(false) });
export type LiveDisableInput = z.infer<typeof LiveDisableInput>;

export const LiveRow = z.object({
  id: z.number(),
  liveName: z.string(),
  storeId: z.number(),
  storeName: z.string().nullable(),
  anchorId: z.number().nullable(),
  anchormanName: z.string().nullable(),
  startTime: z.string(),
  endTime: z.string(),
  enabled: z.boolean(),
  remark: z.string().nullable(),
  /** Orders of the store paid while the session was on air (cancelled ones left out). */
  orderCount: z.number(),
  /** Their amount, in yuan with 2 decimals. */
  orderAmount: z.string(),
  version: z.number(),
  createdAt: z.string(),
});
export type LiveRow = z.infer<typeof LiveRow>;

export const LiverCreateInput = z.object({
  name: Text(40),
  phone: OptionalText(20),
  remark: OptionalText(200),
});
export type LiverCreateInput = z.infer<typeof LiverCreateInput>;

export const LiverUpdateInput = LiverCreateInput.extend({ id: Id, version: Version, enabled: z.boolean().optional() });
export type LiverUpdateInput = z.infer<typeof LiverUpdateInput>;

export const LiverSearchInput = z.object({ includeDisabled: z.boolean().default(false) });

export const LiverRow = z.object({
  id: z.number(),
  name: z.string(),
  phone: z.string().nullable(),
  remark: z.string().nullable(),
  enabled: z.boolean(),
  /** How many sessions name the anchor. */
  sessionCount: z.number(),
  version: z.number(),
});
export type LiverRow = z.infer<typeof LiverRow>;
