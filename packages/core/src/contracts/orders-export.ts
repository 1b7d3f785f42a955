// Order exports of the order list (spec 01 §3 export codes, §4.5; spec 02 §7.2; issue 21 must-have
// 10): by order, by express number, by item detail with and without the components of
// combination goods, from the list's current filters and tab (or the rows chosen), made in the
// background for the download centre. And the platform files of the decryption flow
// (/cloud/core/exportFile/getPlatformFile).
import { z } from 'zod';
import { Id } from './common.js';
import { OrderSearchFilters } from './orders-list.js';

/**
 * The order export codes (01 §3 "export codes that require decryption"): BY_CODE one row per
 * order, BY_EXPRESSNO one row per express number (orders sharing a parcel together), BY_SKU one row
 * per order line, BY_COMSKU one row per line with combination goods replaced by their components.
 */
export const ORDER_EXPORT_TYPES = ['BY_CODE', 'BY_EXPRESSNO', 'BY_SKU', 'BY_COMSKU'] as const;
export type OrderExportType = (typeof ORDER_EXPORT_TYPES)[number];
/** The export codes whose receivers the marketplace decrypts in its own files (01 §3, §4.5). */
export const DECRYPT_EXPORT_TYPES: readonly string[] = ORDER_EXPORT_TYPES;

/** An order export: the list's filters and tab, or the chosen orders (idList, within the tab). */
export const OrderExportInput = OrderSearchFilters.extend({
  exportType: z.enum(ORDER_EXPORT_TYPES),
  /** The rows chosen on the list; absent: every order under the filters. */
  idList: z.array(Id).min(1).max(1000).optional(),
});
export type OrderExportInput = z.infer<typeof OrderExportInput>;
export type OrderExportParams = z.input<typeof OrderExportInput>;

/**
 * A platform file (01 §3: platformCode, fileKey, exportType, timestamp, sign): the marketplace's own
 * file of an export's orders of one store, receivers decrypted on its side.
 */
export const PlatformFileRef = z.object({
  platformCode: z.string(),
  storeId: z.number().int(),
  fileKey: z.string(),
  exportType: z.string(),
  timestamp: z.number().int(),
  sign: z.string(),
});
export type PlatformFileRef = z.infer<typeof PlatformFileRef>;

/** getPlatformFile {fileId}: the download centre's file id. */
export const PlatformFileInput = z.object({ fileId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
export type PlatformFileInput = z.infer<typeof PlatformFileInput>;

export const OrderExportErrors = {
  /** A platform's answer was not a file (an error page): the zip of several is abandoned. */
  PLATFORM_FILE_NOT_BINARY: 'ERR_PLATFORM_FILE_NOT_BINARY',
  /** The platform could not be reached for its file. */
  PLATFORM_FILE_UNREACHABLE: 'ERR_PLATFORM_FILE_UNREACHABLE',
} as const;

/** proxy/asyncGetExpOrder: the orders issued to warehouse systems whose shipments to fetch (absent: all of them). */
export const AsyncGetExpOrderInput = z.object({ idList: z.array(Id).min(1).max(200).optional() });
export type AsyncGetExpOrderInput = z.infer<typeof AsyncGetExpOrderInput>;

export const AsyncGetExpOrderResult = z.object({
  /** Orders issued to a warehouse system (SYNCED) whose shipment is awaited. */
  orderCount: z.number().int(),
  /** The warehouses asked for their shipments, in the background. */
  warehouseIds: z.array(z.number()),
  /** Whether a fetch was queued (nothing awaited: none). */
  queued: z.boolean(),
});
export type AsyncGetExpOrderResult = z.infer<typeof AsyncGetExpOrderResult>;
