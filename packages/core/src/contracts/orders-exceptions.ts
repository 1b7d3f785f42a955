// Orders, part "exceptions" (tab 5; spec 02 §3.5, §7.10; spec 01 §2.4): what resolves each
// exception kind. Rematch re-runs pipeline stages on pending orders; the sync failures are the
// platform orders whose ingest failed, synced again or their alert closed.
import { z } from 'zod';
import { splitOrderCodeKeywords } from '../rules/order-list.js';
import { DateTimeText, Id, PageQuery, Text } from './common.js';
import { OrderIdList } from './orders.js';
import { PlatformSyncRow } from './orders-ingest.js';

/** The pipeline stages rematch can re-run, always in this order (the courier depends on the others). */
export const REMATCH_STAGES = ['sku', 'warehouse', 'express'] as const;
export type RematchStage = (typeof REMATCH_STAGES)[number];

export const RematchOrdersInput = OrderIdList.extend({
  stages: z
    .array(z.enum(REMATCH_STAGES, { message: `stages: each one of ${REMATCH_STAGES.join(', ')}` }))
    .min(1, 'stages: at least one stage')
    .max(REMATCH_STAGES.length),
});
export type RematchOrdersInput = z.infer<typeof RematchOrdersInput>;

/**
 * The alert state of a sync failure (our reading of soSyncStatusList): OPEN = the error is shown,
 * CLOSED = its alert was closed.
 */
export const SYNC_FAIL_STATUSES = ['OPEN', 'CLOSED'] as const;

const time = DateTimeText.optional().nullable().transform((v) => v || undefined);

/** Sync-failure filters (spec 02 §3.5), as far as the data exists. */
export const SyncFailSearchInput = PageQuery.extend({
  /** Platform order numbers or ERP order codes, comma separated, at most 15. */
  codeKeywords: z
    .string()
    .max(20_000)
    .optional()
    .nullable()
    .transform((text, ctx) => {
      const { items, overCap } = splitOrderCodeKeywords(text ?? undefined);
      if (overCap) {
        ctx.addIssue({ code: 'custom', message: 'codeKeywords: at most 15 keywords at once' });
        return z.NEVER;
      }
      return items;
    }),
  /** The time of the failed attempt (when the record was last written), from / to. */
  verifyTimeFrom: time,
  verifyTimeTo: time,
  /** OPEN and/or CLOSED; absent = OPEN only. */
  soSyncStatusList: z.array(z.enum(SYNC_FAIL_STATUSES, { message: 'soSyncStatusList: OPEN or CLOSED' })).max(2).optional(),
  /** Platform status words (e.g. TRADE_CLOSED) of the platform order. */
  soCancelStatusList: z.array(Text(64)).max(20).optional(),
  storeId: Id.optional().nullable().transform((v) => v ?? undefined),
});
export type SyncFailSearchInput = z.input<typeof SyncFailSearchInput>;
/** The filters as the server reads them (keywords split). */
export type SyncFailSearch = z.output<typeof SyncFailSearchInput>;

/** One platform order whose ingest failed: a platform sync record that always has its error. */
export const SyncFailRow = PlatformSyncRow.extend({ errorMsg: z.string() });
export type SyncFailRow = z.infer<typeof SyncFailRow>;

/** reSync4SyncFail / closeSyncFailAlert: platform order ids (the rows of the sync-failure list). */
export const SyncFailIdList = z.object({ idList: z.array(Id).min(1, 'idList: at least one record').max(200, 'idList: at most 200 records') });
export type SyncFailIdList = z.infer<typeof SyncFailIdList>;

export const OrderExceptionErrors = {
  /** Rematch left a line without a system SKU (params: code, count). */
  STILL_UNMAPPED: 'ERR_ORDER_EXC_STILL_UNMAPPED',
  /** No warehouse is bound to the store and the domain has more than one (or none). */
  NO_WAREHOUSE_MATCH: 'ERR_ORDER_EXC_NO_WAREHOUSE_MATCH',
  /** No express rule chose a courier (params: code). */
  NO_COURIER_MATCH: 'ERR_ORDER_EXC_NO_COURIER_MATCH',
  /** The chosen courier does not ship to the receiver's area (params: code, expressCompanyCode). */
  COURIER_PROHIBITED: 'ERR_ORDER_EXC_COURIER_PROHIBITED',
  /** The stored platform order is still malformed (params: errorMsg). */
  RESYNC_INVALID: 'ERR_ORDER_EXC_RESYNC_INVALID',
  /** The platform order has no open sync error (params: platformNo). */
  NO_SYNC_ERROR: 'ERR_ORDER_EXC_NO_SYNC_ERROR',
} as const;
