// Sales orders, part "tracking" (spec 02 §4.1 express tracking, spec 01 §2.2 /order tab 7): the
// carrier's tracking state of each sent order, refreshed in the background and on demand, counted
// per state, and orders the user no longer wants checked (ignored).
import { z } from 'zod';
import { Id, PageQuery } from './common.js';
import { TRACKING_STATES, type TrackingState } from './waybills.js';

/** States that mean the parcel has not been collected yet (spec 02 §4.1). */
export const TRACKING_NOT_COLLECTED: readonly TrackingState[] = ['NO', 'NOT_TRANSIT', 'REGISTER'];
/** A parcel in this state is not checked again. */
export const TRACKING_FINAL: readonly TrackingState[] = ['SIGNED'];
/** Orders per carrier round (the job and a refresh work in batches of this size). */
export const TRACKING_BATCH = 50;

const dateTime = (field: string) => z.coerce.date({ message: `${field}: a date and time` });
const idList = (max: number) =>
  z.array(Id, { message: 'idList: order ids' }).min(1, 'idList: choose at least one order').max(max, `idList: at most ${max} orders`);

/** The stores and couriers the order list above is narrowed to: the tracking tab counts and lists within them. */
const trackingScope = {
  storeIdList: z.array(Id, { message: 'storeIdList: store ids' }).max(500, 'storeIdList: at most 500 stores').optional(),
  expressCompanyCodeList: z
    .array(z.string().min(1, 'expressCompanyCodeList: express company codes').max(50, 'expressCompanyCodeList: codes of at most 50 characters'), {
      message: 'expressCompanyCodeList: express company codes',
    })
    .max(100, 'expressCompanyCodeList: at most 100 couriers')
    .optional(),
};

/** Search of sent orders with their tracking: state, keywords (order code, express no, platform no), shipping time range. */
export const TrackingSearch = PageQuery.extend({
  state: z.enum(TRACKING_STATES, { message: `state: one of ${TRACKING_STATES.join(', ')}` }).optional(),
  /** Ignored orders only (true), not ignored only (false), both (absent). */
  ignored: z.boolean({ message: 'ignored: true or false' }).optional(),
  keywords: z.string().max(2000, 'keywords: at most 2000 characters').optional(),
  timeFrom: dateTime('timeFrom').optional(),
  timeTo: dateTime('timeTo').optional(),
  /** Only these orders (the selected rows of the order list). */
  idList: z.array(Id, { message: 'idList: order ids' }).max(500, 'idList: at most 500 orders').optional(),
  ...trackingScope,
});
export type TrackingSearch = z.infer<typeof TrackingSearch>;

export const TrackingStatisticsInput = TrackingSearch.omit({ currentPage: true, pageSize: true, state: true, idList: true });
export type TrackingStatisticsInput = z.infer<typeof TrackingStatisticsInput>;

export const TrackingRow = z.object({
  /** The order id. */
  id: Id,
  code: z.string(),
  storeId: Id,
  expressCompanyCode: z.string().nullable(),
  expressNo: z.string().nullable(),
  deliveryTime: z.string().nullable(),
  /** NO until the carrier has been asked. */
  state: z.enum(TRACKING_STATES),
  lastEventText: z.string().nullable(),
  lastEventAt: z.string().nullable(),
  ignored: z.boolean(),
  checkedAt: z.string().nullable(),
});
export type TrackingRow = z.infer<typeof TrackingRow>;

/** Sent orders per state (ignored orders counted apart, not in the states). */
export const TrackingStatistics = z.object({
  total: z.number().int(),
  ignored: z.number().int(),
  states: z.record(z.enum(TRACKING_STATES), z.number().int()),
});
export type TrackingStatistics = z.infer<typeof TrackingStatistics>;

/** Without idList: the pending (not signed, not ignored) orders within the stores and couriers given, if any. */
export const TrackingRefreshInput = z.object({ idList: idList(500).optional(), ...trackingScope });
export type TrackingRefreshInput = z.infer<typeof TrackingRefreshInput>;

export const TrackingRefreshResult = z.object({
  /** Orders asked. */
  checked: z.number().int(),
  /** Orders whose state changed. */
  changed: z.number().int(),
  /** Orders the carrier could not answer for (the reason of the first). */
  failed: z.number().int(),
  failure: z.string().nullable(),
});
export type TrackingRefreshResult = z.infer<typeof TrackingRefreshResult>;

export const TrackingIdListInput = z.object({ idList: idList(500) });
export type TrackingIdListInput = z.infer<typeof TrackingIdListInput>;

export const TrackingIgnoreResult = z.object({ count: z.number().int() });
export type TrackingIgnoreResult = z.infer<typeof TrackingIgnoreResult>;

/**
 * expressTracking getConfig / updateConfig: whether the scheduled job checks the domain's sent
 * orders (autoTrack, on by default; a refresh on the page works either way). Kept as the domain
 * configuration item EXPRESS_TRACKING_AUTO.
 */
export const TRACKING_AUTO_CONFIG = 'EXPRESS_TRACKING_AUTO';
export const TrackingConfig = z.object({ autoTrack: z.boolean({ message: 'autoTrack: true or false' }) });
export type TrackingConfig = z.infer<typeof TrackingConfig>;
