// Outbound orders (WDO), transfers between warehouses and the sales-outbound list (spec 02 §3.6,
// §4.1, §4.2, §7.9; spec 01 §2.2 /stocks activeKey 3 and 5, /stocks/createstocksout,
// /stocks/transfer). Every quantity is a whole number of pieces.
import { z } from 'zod';
import { DateTimeText, Id, OptionalText, PageQuery, Text, Version } from './common.js';

// ---- catalogues --------------------------------------------------------------------------------

/** Outbound types (spec 02 §4.1). */
export const WDO_TYPES = ['WDO_SALE', 'WDO_ALLOCATED', 'WDO_OTHER', 'WDO_JIT', 'WDO_PURCHASE_RETURN'] as const;
export type WdoType = (typeof WDO_TYPES)[number];
/**
 * Outbound types that may take stock from a non-sellable location (defective returns): goods sent
 * back to the supplier and other issues (scrapping). Sales, allocations and JIT take sellable stock
 * only, as orders do.
 */
export const WDO_TYPES_TAKING_NON_SELLABLE: readonly WdoType[] = ['WDO_PURCHASE_RETURN', 'WDO_OTHER'];

/**
 * Outbound-order statuses. The spec's notice jump names CI_WDO_STATUS_CREATED; the others follow
 * its pattern: CREATED (waiting for verification), VERIFIED (stock allocated), SYNCED (issued to
 * the warehouse's own system), DELIVERED (left the warehouse), CANCELLED.
 */
export const WDO_STATUSES = ['CI_WDO_STATUS_CREATED', 'CI_WDO_STATUS_VERIFIED', 'CI_WDO_STATUS_SYNCED', 'CI_WDO_STATUS_DELIVERED', 'CI_WDO_STATUS_CANCELLED'] as const;
export type WdoStatus = (typeof WDO_STATUSES)[number];
export const WDO_STATUS = {
  CREATED: 'CI_WDO_STATUS_CREATED',
  VERIFIED: 'CI_WDO_STATUS_VERIFIED',
  SYNCED: 'CI_WDO_STATUS_SYNCED',
  DELIVERED: 'CI_WDO_STATUS_DELIVERED',
  CANCELLED: 'CI_WDO_STATUS_CANCELLED',
} as const satisfies Record<string, WdoStatus>;

/** Issue to a third-party warehouse (spec 02 §4.1 sync codes); NONE for a warehouse run here. */
export const WDO_SYNC_STATUSES = ['NONE', 'REQUEST', 'SENDING', 'SUCCESS', 'FAILURE'] as const;
export type WdoSyncStatus = (typeof WDO_SYNC_STATUSES)[number];

/** Transfer statuses: CREATED (may be edited or cancelled) → SHIPPED (left the source) → RECEIVED. */
export const TRANSFER_STATUSES = ['CREATED', 'SHIPPED', 'RECEIVED', 'CANCELLED'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/** What a WDO may do in each status (the buttons shown and the server's check agree). */
export const WDO_ACTIONS_BY_STATUS: Record<WdoStatus, readonly WdoAction[]> = {
  CI_WDO_STATUS_CREATED: ['update', 'verify', 'cancel', 'forceCancel', 'delete'],
  CI_WDO_STATUS_VERIFIED: ['deliver', 'sync', 'cancel', 'forceCancel'],
  CI_WDO_STATUS_SYNCED: ['cancel', 'forceCancel'],
  CI_WDO_STATUS_DELIVERED: [],
  CI_WDO_STATUS_CANCELLED: [],
};
export type WdoAction = 'update' | 'verify' | 'sync' | 'deliver' | 'cancel' | 'forceCancel' | 'delete';

export function wdoAllows(status: WdoStatus, action: WdoAction): boolean {
  return WDO_ACTIONS_BY_STATUS[status].includes(action);
}

export const TRANSFER_ACTIONS_BY_STATUS: Record<TransferStatus, readonly TransferAction[]> = {
  CREATED: ['update', 'ship', 'cancel'],
  SHIPPED: ['receive'],
  RECEIVED: [],
  CANCELLED: [],
};
export type TransferAction = 'update' | 'ship' | 'receive' | 'cancel';

export function transferAllows(status: TransferStatus, action: TransferAction): boolean {
  return TRANSFER_ACTIONS_BY_STATUS[status].includes(action);
}

export const OutboundErrors = {
  /** The command is not allowed in the document's status (params: code, status, action). */
  WDO_STATUS: 'ERR_WDO_STATUS',
  /** Verification wants more than the warehouse has available (params: skuCode, available, needed). */
  WDO_SHORTAGE: 'ERR_WDO_SHORTAGE',
  WDO_CODE_TAKEN: 'ERR_WDO_CODE_TAKEN',
  /** A delivered quantity above what the line asks for. */
  WDO_DELIVER_TOO_MUCH: 'ERR_WDO_DELIVER_TOO_MUCH',
  /** A delivery of nothing at all (cancel instead). */
  WDO_DELIVER_NOTHING: 'ERR_WDO_DELIVER_NOTHING',
  /** The order was issued to the warehouse's system; that system books the delivery. */
  WDO_AWAITS_WAREHOUSE: 'ERR_WDO_AWAITS_WAREHOUSE',
  /** Only an order of a warehouse run by another system is issued to it. */
  WDO_NOT_ISSUED: 'ERR_WDO_NOT_ISSUED',
  /** The warehouse's system refused (params: message). */
  WDO_WAREHOUSE_REFUSED: 'ERR_WDO_WAREHOUSE_REFUSED',
  TRANSFER_STATUS: 'ERR_TRANSFER_STATUS',
  TRANSFER_SAME_WAREHOUSE: 'ERR_TRANSFER_SAME_WAREHOUSE',
  /** Shipping wants more than the source (location) has available. */
  TRANSFER_SHORTAGE: 'ERR_TRANSFER_SHORTAGE',
  /** A warehouse of a document is not a warehouse of the domain (params: field). */
  WAREHOUSE_NOT_FOUND: 'ERR_OUTBOUND_WAREHOUSE_NOT_FOUND',
  WAREHOUSE_STOPPED: 'ERR_OUTBOUND_WAREHOUSE_STOPPED',
  SKU_NOT_FOUND: 'ERR_OUTBOUND_SKU_NOT_FOUND',
  /** A combination is a bundle, not pieces on a shelf: name its components. */
  COMBINATION_SKU: 'ERR_OUTBOUND_COMBINATION_SKU',
  DUPLICATE_SKU: 'ERR_OUTBOUND_DUPLICATE_SKU',
  /** A location that is not a location of the document's warehouse. */
  LOCATION_NOT_IN_WAREHOUSE: 'ERR_OUTBOUND_LOCATION_NOT_IN_WAREHOUSE',
  /** The warehouse keeps stock by location (it has locations): a receipt line names one. */
  LOCATION_REQUIRED: 'ERR_OUTBOUND_LOCATION_REQUIRED',
} as const;

// ---- inputs ------------------------------------------------------------------------------------

/** A quantity of pieces: a whole number of at least 1. */
export const PieceQty = z.number().int().min(1).max(1_000_000);

/** Document codes: whitespace stripped, visible ASCII, at most 32. */
export const DocumentCode = z
  .string()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1)
      .max(32)
      .regex(/^[\x21-\x7E]*$/, 'Letters, digits and ASCII symbols only'),
  );

export const WdoDetailInput = z.object({
  skuId: Id,
  qty: PieceQty,
  remark: OptionalText(200),
});
export type WdoDetailInput = z.infer<typeof WdoDetailInput>;

const WdoFields = z.object({
  /** The warehouse the goods leave. */
  whId: Id,
  wdoType: z.enum(WDO_TYPES),
  /** The document this outbound serves (purchase return, JIT pick list, …). */
  relatedCode: OptionalText(64),
  receiverName: OptionalText(50),
  receiverPhone: OptionalText(30),
  receiverAddress: OptionalText(200),
  remark: OptionalText(500),
  wdoDetails: z.array(WdoDetailInput).min(1).max(1000),
});

export const WdoCreateInput = WdoFields.extend({
  /** Given, or made as WDO + date + number. */
  code: z.preprocess((v) => (typeof v === 'string' && !v.trim() ? undefined : v), DocumentCode.optional().nullable()),
});
export type WdoCreateInput = z.infer<typeof WdoCreateInput>;

export const WdoUpdateInput = WdoFields.extend({ id: Id, version: Version });
export type WdoUpdateInput = z.infer<typeof WdoUpdateInput>;

/** verify, sync, cancel, delete: the order as the person saw it. */
export const WdoCommandInput = z.object({ id: Id, version: Version });
export type WdoCommandInput = z.infer<typeof WdoCommandInput>;

export const WdoCancelInput = WdoCommandInput.extend({ reason: OptionalText(200) });
export type WdoCancelInput = z.infer<typeof WdoCancelInput>;

export const WdoForceCancelInput = WdoCommandInput.extend({ reason: Text(200) });
export type WdoForceCancelInput = z.infer<typeof WdoForceCancelInput>;

/**
 * Books the delivery (the spec's "inventory update"). Without lines every line leaves whole; with
 * lines, the quantities that left: a line given less is short-shipped and the rest is released.
 */
export const WdoDeliverInput = WdoCommandInput.extend({
  lines: z
    .array(z.object({ detailId: Id, qty: z.number().int().min(0).max(1_000_000) }))
    .min(1)
    .max(1000)
    .optional(),
});
export type WdoDeliverInput = z.infer<typeof WdoDeliverInput>;

export const WdoSearchInput = PageQuery.extend({
  /** -1 (or absent) for every warehouse. */
  whId: z.number().int().min(-1).optional(),
  status: z.enum(WDO_STATUSES).optional(),
  wdoType: z.enum(WDO_TYPES).optional(),
  /** Order codes or related codes, comma separated (at most 15). */
  code: z.string().trim().max(500).optional(),
  /** A SKU code or name the order carries. */
  skuKeyword: z.string().trim().max(100).optional(),
  timeFrom: DateTimeText.optional(),
  timeTo: DateTimeText.optional(),
});
export type WdoSearchInput = z.infer<typeof WdoSearchInput>;

export const WdoDetailListInput = z.object({ wdoId: Id });
export type WdoDetailListInput = z.infer<typeof WdoDetailListInput>;

/** A row of the WDO import: rows with the same outbound code make one order. */
export const WdoImportRow = z.object({
  code: DocumentCode,
  warehouseCode: z.string().trim().min(1).max(32),
  wdoType: z.string().trim().min(1).max(40),
  skuCode: z.string().trim().min(1).max(64),
  qty: z.coerce.number().int().min(1).max(1_000_000),
  relatedCode: OptionalText(64),
  receiverName: OptionalText(50),
  receiverPhone: OptionalText(30),
  receiverAddress: OptionalText(200),
  remark: OptionalText(500),
});
export type WdoImportRow = z.infer<typeof WdoImportRow>;

export const TransferDetailInput = z.object({
  skuId: Id,
  qty: PieceQty,
  /** The source location (the spec's locationId); absent to take from any location. */
  outLocationId: Id.optional().nullable(),
  /** The target location; may be chosen at receipt instead. */
  inLocationId: Id.optional().nullable(),
});
export type TransferDetailInput = z.infer<typeof TransferDetailInput>;

const TransferFields = z.object({
  outWarehouseId: Id,
  inWarehouseId: Id,
  remark: OptionalText(500),
  details: z.array(TransferDetailInput).min(1).max(1000),
});

export const TransferCreateInput = TransferFields;
export type TransferCreateInput = z.infer<typeof TransferCreateInput>;

export const TransferUpdateInput = TransferFields.extend({ id: Id, version: Version });
export type TransferUpdateInput = z.infer<typeof TransferUpdateInput>;

export const TransferCommandInput = z.object({ id: Id, version: Version });
export type TransferCommandInput = z.infer<typeof TransferCommandInput>;

/** Receipt: each line may name its target location (else the one chosen at creation, or none). */
export const TransferReceiveInput = TransferCommandInput.extend({
  details: z
    .array(z.object({ detailId: Id, inLocationId: Id.nullable() }))
    .max(1000)
    .optional(),
});
export type TransferReceiveInput = z.infer<typeof TransferReceiveInput>;

export const TransferSearchInput = PageQuery.extend({
  outWarehouseId: z.number().int().min(-1).optional(),
  inWarehouseId: z.number().int().min(-1).optional(),
  transferStatus: z.enum(TRANSFER_STATUSES).optional(),
  code: z.string().trim().max(500).optional(),
  skuKeyword: z.string().trim().max(100).optional(),
  timeFrom: DateTimeText.optional(),
  timeTo: DateTimeText.optional(),
});
export type TransferSearchInput = z.infer<typeof TransferSearchInput>;

/** The sales-outbound list: what shipped orders took out of the warehouses. */
export const SalesOutboundSearchInput = PageQuery.extend({
  whId: z.number().int().min(-1).optional(),
  /** A SKU code or name, contains. */
  skuKeyword: z.string().trim().max(100).optional(),
  /** Order codes, comma separated (at most 15). */
  orderCode: z.string().trim().max(500).optional(),
  timeFrom: DateTimeText.optional(),
  timeTo: DateTimeText.optional(),
});
export type SalesOutboundSearchInput = z.infer<typeof SalesOutboundSearchInput>;

// ---- answers -----------------------------------------------------------------------------------

export const WdoDetailRow = z.object({
  id: z.number(),
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string().nullable(),
  specifications: z.string().nullable(),
  barCode: z.string().nullable(),
  qty: z.number(),
  /** What left the warehouse (0 until delivered). */
  deliveredQty: z.number(),
  remark: z.string().nullable(),
});
export type WdoDetailRow = z.infer<typeof WdoDetailRow>;

const WdoRowFields = {
  id: z.number(),
  code: z.string(),
  whId: z.number(),
  warehouseCode: z.string(),
  warehouseName: z.string(),
  warehouseType: z.string(),
  wdoType: z.enum(WDO_TYPES),
  status: z.enum(WDO_STATUSES),
  syncStatus: z.enum(WDO_SYNC_STATUSES),
  syncMessage: z.string().nullable(),
  /** The order's number in the warehouse's own system, once issued. */
  externalCode: z.string().nullable(),
  relatedCode: z.string().nullable(),
  receiverName: z.string().nullable(),
  receiverPhone: z.string().nullable(),
  receiverAddress: z.string().nullable(),
  remark: z.string().nullable(),
  cancelReason: z.string().nullable(),
  qtyTotal: z.number(),
  skuTotal: z.number(),
  deliveredQtyTotal: z.number(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  verifiedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** A cancel the warehouse's system accepted and has still to confirm. */
  cancelRequestedAt: z.string().nullable(),
  expressCompanyCode: z.string().nullable(),
  expressNo: z.string().nullable(),
  updatedAt: z.string(),
  version: z.number(),
};
export const WdoRow = z.object(WdoRowFields);
export type WdoRow = z.infer<typeof WdoRow>;

export const WdoWithDetails = z.object({ ...WdoRowFields, wdoDetails: z.array(WdoDetailRow) });
export type WdoWithDetails = z.infer<typeof WdoWithDetails>;

export const TransferDetailRow = z.object({
  id: z.number(),
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string().nullable(),
  specifications: z.string().nullable(),
  qty: z.number(),
  outLocationId: z.number().nullable(),
  outLocationCode: z.string().nullable(),
  inLocationId: z.number().nullable(),
  inLocationCode: z.string().nullable(),
});
export type TransferDetailRow = z.infer<typeof TransferDetailRow>;

const TransferRowFields = {
  id: z.number(),
  code: z.string(),
  outWarehouseId: z.number(),
  outWarehouseCode: z.string(),
  outWarehouseName: z.string(),
  inWarehouseId: z.number(),
  inWarehouseCode: z.string(),
  inWarehouseName: z.string(),
  transferStatus: z.enum(TRANSFER_STATUSES),
  remark: z.string().nullable(),
  qtyTotal: z.number(),
  skuTotal: z.number(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  shippedAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  updatedAt: z.string(),
  version: z.number(),
};
export const TransferRow = z.object(TransferRowFields);
export type TransferRow = z.infer<typeof TransferRow>;

export const TransferWithDetails = z.object({ ...TransferRowFields, details: z.array(TransferDetailRow) });
export type TransferWithDetails = z.infer<typeof TransferWithDetails>;

export const SalesOutboundRow = z.object({
  /** The ledger row. */
  id: z.number(),
  createdAt: z.string(),
  orderId: z.number().nullable(),
  orderCode: z.string().nullable(),
  whId: z.number(),
  warehouseName: z.string(),
  locationId: z.number(),
  locationCode: z.string().nullable(),
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string().nullable(),
  specifications: z.string().nullable(),
  /** Pieces that left. */
  qty: z.number(),
  onHandAfter: z.number(),
});
export type SalesOutboundRow = z.infer<typeof SalesOutboundRow>;
