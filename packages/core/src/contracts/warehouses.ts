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

export interface WarehouseRow {
  id: number;
  code: string;
  name: string;
  type: WarehouseType;
  stopUsing: StopUsingFlag;
  contact: string;
  phone: string;
  province: string;
  city: string;
  county: string | null;
  street: string;
  externalCode: string | null;
  ownerCode: string | null;
  remark: string | null;
  storeCount: number;
  locationCount: number;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** A warehouse as selects show it. */
export interface WarehouseOption {
  id: number;
  code: string;
  name: string;
  type: WarehouseType;
  stopUsing: StopUsingFlag;
}

export interface WarehouseBinding {
  warehouseId: number;
  warehouseCode: string;
  warehouseName: string;
  warehouseType: WarehouseType;
  stopUsing: StopUsingFlag;
  onlineWarehouseCode: string | null;
}

/** A store with the warehouses it ships from (the correspondence page). */
export interface StoreWarehouseAssignment {
  storeId: number;
  storeName: string;
  platformCode: string;
  usable: boolean;
  warehouses: WarehouseBinding[];
}

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

export interface LocationRow {
  id: number;
  warehouseId: number;
  warehouseCode: string;
  warehouseName: string;
  code: string;
  zone: string | null;
  remark: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** A row of the location import (kind LOCATIONS). */
export const LocationImportRow = z.object({
  warehouseCode: WarehouseCode,
  code: LocationCode,
  zone: OptionalText(30),
  remark: OptionalText(200),
});
export type LocationImportRow = z.infer<typeof LocationImportRow>;
