import { z } from 'zod';
import { WAREHOUSE_TYPES, WAREHOUSE_TYPES_NEEDING_EXTERNAL_CODE, type WarehouseType } from '../catalogues/warehouses.js';
import { LANDLINE_PATTERN, MOBILE_PATTERN } from '../rules/masks.js';
import { Id, OptionalText, PageQuery, Text, Version } from './common.js';

export const WarehouseErrors = {
  CODE_TAKEN: 'ERR_WAREHOUSE_CODE_TAKEN',
  NAME_TAKEN: 'ERR_WAREHOUSE_NAME_TAKEN',
  /** A warehouse in use elsewhere (bound stores, stock, documents) cannot be stopped. */
  IN_USE: 'ERR_WAREHOUSE_IN_USE',
  /** A stopped warehouse takes no new locations or store bindings. */
  STOPPED: 'ERR_WAREHOUSE_STOPPED',
  /** A store named in a binding is not a store of the domain. */
  STORE_NOT_FOUND: 'ERR_WAREHOUSE_STORE_NOT_FOUND',
  LOCATION_CODE_TAKEN: 'ERR_LOCATION_CODE_TAKEN',
  LOCATION_IN_USE: 'ERR_LOCATION_IN_USE',
} as const;

/** Codes: every whitespace is stripped (spec 01 §5); visible ASCII only. */
export const WarehouseCode = z
  .string()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1)
      .max(32)
      .regex(/^[\x21-\x7E]*$/, 'Letters, digits and ASCII symbols only'),
  );

/** A mobile (11 digits starting with 1) or a landline with area code and optional extension. */
export const ContactPhone = z
  .string()
  .trim()
  .refine((v) => MOBILE_PATTERN.test(v) || LANDLINE_PATTERN.test(v), { message: 'Enter a mobile number or a landline such as 0571-12345678' });

const WarehouseFields = z.object({
  code: WarehouseCode,
  name: Text(50),
  type: z.enum(WAREHOUSE_TYPES),
  /** The sender of parcels leaving this warehouse. */
  contact: Text(30),
  phone: ContactPhone,
  province: Text(30),
  city: Text(30),
  county: OptionalText(30),
  street: Text(200),
  /** The warehouse's code in the other system (WMS, Qimen, Byte). */
  externalCode: OptionalText(64),
  /** The seller's owner (customer) code in that system. */
  ownerCode: OptionalText(64),
  /** Qimen warehouses: the customerId the Qimen router knows the seller by, when it is not the owner code. */
  qimenCustomerId: OptionalText(64),
  remark: OptionalText(200),
});

function needsExternalCode(value: { type: WarehouseType; externalCode?: string | undefined }, ctx: z.RefinementCtx) {
  if (WAREHOUSE_TYPES_NEEDING_EXTERNAL_CODE.includes(value.type) && !value.externalCode) {
    ctx.addIssue({ code: 'custom', path: ['externalCode'], message: 'Required for a warehouse run by another system' });
  }
}

export const WarehouseCreateInput = WarehouseFields.superRefine(needsExternalCode);
export type WarehouseCreateInput = z.infer<typeof WarehouseCreateInput>;

export const WarehouseUpdateInput = WarehouseFields.extend({ id: Id, version: Version }).superRefine(needsExternalCode);
export type WarehouseUpdateInput = z.infer<typeof WarehouseUpdateInput>;

export const StopUsingFlag = z.union([z.literal(0), z.literal(1)]);
export type StopUsingFlag = z.infer<typeof StopUsingFlag>;

/** Search defaults: page 1, size 10, stopUsing 0 (spec 02 §7.9); stopUsing null lists both. */
export const WarehouseSearchInput = PageQuery.extend({
  keyword: z.string().trim().max(64).optional(),
  type: z.enum(WAREHOUSE_TYPES).optional(),
  stopUsing: StopUsingFlag.nullable().default(0),
});
export type WarehouseSearchInput = z.infer<typeof WarehouseSearchInput>;

export const WarehouseStopUsingInput = z.object({ id: Id, version: Version, stopUsing: StopUsingFlag });
export type WarehouseStopUsingInput = z.infer<typeof WarehouseStopUsingInput>;

/** The warehouses a select offers; stopped ones only when asked (to show a past choice). */
export const WarehouseListAllInput = z.object({ includeStopped: z.boolean().default(false) });
export type WarehouseListAllInput = z.infer<typeof WarehouseListAllInput>;

/** Stores that ship from a warehouse; onlineWarehouseCode is the marketplace's own warehouse code. */
export const WarehouseBindInput = z.object({
  warehouseId: Id,
  storeIds: z.array(Id).min(1).max(500),
  onlineWarehouseCode: OptionalText(64),
});
export type WarehouseBindInput = z.infer<typeof WarehouseBindInput>;

export const WarehouseUnbindInput = z.object({ warehouseId: Id, storeIds: z.array(Id).min(1).max(500) });
export type WarehouseUnbindInput = z.infer<typeof WarehouseUnbindInput>;

export const WarehouseAssignmentsInput = z.object({
  keyword: z.string().trim().max(64).optional(),
  /** Only the stores bound to this warehouse; -1 or absent for all. */
  warehouseId: z.number().int().min(-1).optional(),
});
export type WarehouseAssignmentsInput = z.infer<typeof WarehouseAssignmentsInput>;

export const WarehouseRow = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  type: z.enum(WAREHOUSE_TYPES),
  stopUsing: StopUsingFlag,
  contact: z.string(),
  phone: z.string(),
  province: z.string(),
  city: z.string(),
  county: z.string().nullable(),
  street: z.string(),
  externalCode: z.string().nullable(),
  ownerCode: z.string().nullable(),
  qimenCustomerId: z.string().nullable(),
  remark: z.string().nullable(),
  storeCount: z.number(),
  locationCount: z.number(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WarehouseRow = z.infer<typeof WarehouseRow>;

/** A warehouse as selects show it. */
export const WarehouseOption = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  type: z.enum(WAREHOUSE_TYPES),
  stopUsing: StopUsingFlag,
});
export type WarehouseOption = z.infer<typeof WarehouseOption>;

export const WarehouseBinding = z.object({
  warehouseId: z.number(),
  warehouseCode: z.string(),
  warehouseName: z.string(),
  warehouseType: z.enum(WAREHOUSE_TYPES),
  stopUsing: StopUsingFlag,
  onlineWarehouseCode: z.string().nullable(),
});
export type WarehouseBinding = z.infer<typeof WarehouseBinding>;

/** A store with the warehouses it ships from (the correspondence page). */
export const StoreWarehouseAssignment = z.object({
  storeId: z.number(),
  storeName: z.string(),
  platformCode: z.string(),
  usable: z.boolean(),
  warehouses: z.array(WarehouseBinding),
});
export type StoreWarehouseAssignment = z.infer<typeof StoreWarehouseAssignment>;

// ---- locations ---------------------------------------------------------------------------

export const LocationCode = WarehouseCode;

export const LocationCreateInput = z.object({
  warehouseId: Id,
  code: LocationCode,
  zone: OptionalText(30),
  remark: OptionalText(200),
});
export type LocationCreateInput = z.infer<typeof LocationCreateInput>;

export const LocationUpdateInput = z.object({
  id: Id,
  version: Version,
  code: LocationCode,
  zone: OptionalText(30),
  remark: OptionalText(200),
});
export type LocationUpdateInput = z.infer<typeof LocationUpdateInput>;

export const LocationDeleteInput = z.object({ idList: z.array(Id).min(1).max(1000) });
export type LocationDeleteInput = z.infer<typeof LocationDeleteInput>;

export const LocationSearchInput = PageQuery.extend({
  /** -1 (or absent) for every warehouse. */
  warehouseId: z.number().int().min(-1).optional(),
  keyword: z.string().trim().max(64).optional(),
});
export type LocationSearchInput = z.infer<typeof LocationSearchInput>;

export const LocationRow = z.object({
  id: z.number(),
  warehouseId: z.number(),
  warehouseCode: z.string(),
  warehouseName: z.string(),
  code: z.string(),
  zone: z.string().nullable(),
  remark: z.string().nullable(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LocationRow = z.infer<typeof LocationRow>;

/** A row of the location import (kind LOCATIONS). */
export const LocationImportRow = z.object({
  warehouseCode: WarehouseCode,
  code: LocationCode,
  zone: OptionalText(30),
  remark: OptionalText(200),
});
export type LocationImportRow = z.infer<typeof LocationImportRow>;
