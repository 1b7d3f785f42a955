// Warehouse types (spec 02 §3.6) and the all-warehouse choice.

/**
 * The warehouse types. SELF_WAREHOUSE is run by the seller (stock kept here); the others hand
 * orders to another system: an SP box, an outsourced WMS, a Qimen-connected 3PL, a Byte (Douyin)
 * cloud warehouse. GTWMS_WAREHOUSE belongs to the extended set.
 */
export const WAREHOUSE_TYPES = ['SELF_WAREHOUSE', 'SP_WAREHOUSE', 'WMS_WAREHOUSE', 'QIMEN_WAREHOUSE', 'BYTE_WAREHOUSE', 'GTWMS_WAREHOUSE'] as const;
export type WarehouseType = (typeof WAREHOUSE_TYPES)[number];

/** Types of the extended set, offered only where the extended set is on. */
export const EXTENDED_WAREHOUSE_TYPES: readonly WarehouseType[] = ['GTWMS_WAREHOUSE'];

export function isWarehouseType(value: unknown): value is WarehouseType {
  return typeof value === 'string' && (WAREHOUSE_TYPES as readonly string[]).includes(value);
}

/** The label decoration of a type (spec 02 §3.6: SP box, outsourced, Qimen, Byte). */
export type WarehouseTypeTag = 'spBox' | 'outsourced' | 'qimen' | 'byte';

export interface WarehouseTypeDecoration {
  tag: WarehouseTypeTag;
  /** A prefix goes before the warehouse name, a suffix after it. */
  position: 'prefix' | 'suffix';
}

export const WAREHOUSE_TYPE_DECORATIONS: Record<WarehouseType, WarehouseTypeDecoration | null> = {
  SELF_WAREHOUSE: null,
  SP_WAREHOUSE: { tag: 'spBox', position: 'prefix' },
  WMS_WAREHOUSE: { tag: 'outsourced', position: 'suffix' },
  GTWMS_WAREHOUSE: { tag: 'outsourced', position: 'suffix' },
  QIMEN_WAREHOUSE: { tag: 'qimen', position: 'suffix' },
  BYTE_WAREHOUSE: { tag: 'byte', position: 'suffix' },
};

/** Whether stock and shipping of the warehouse are run by another system. */
export function isThirdPartyWarehouse(type: WarehouseType): boolean {
  return type !== 'SELF_WAREHOUSE';
}

/** Types whose connector needs the warehouse's code in the other system. */
export const WAREHOUSE_TYPES_NEEDING_EXTERNAL_CODE: readonly WarehouseType[] = ['WMS_WAREHOUSE', 'QIMEN_WAREHOUSE', 'BYTE_WAREHOUSE', 'GTWMS_WAREHOUSE'];

/**
 * The warehouse name as lists show it, with its type's decoration: `[SP box] Main`,
 * `Main (Qimen)`. `tagText` gives the decoration in the reader's language.
 */
export function decoratedWarehouseName(name: string, type: WarehouseType, tagText: (tag: WarehouseTypeTag) => string): string {
  const decoration = WAREHOUSE_TYPE_DECORATIONS[type];
  if (!decoration) return name;
  const text = tagText(decoration.tag);
  return decoration.position === 'prefix' ? `[${text}] ${name}` : `${name} (${text})`;
}

/** The all-warehouse choice (spec 02 §3.6, §7.9: a search with no warehouse sends -1). */
export const ALL_WAREHOUSES_ID = -1;

export function isAllWarehouses(id: number | null | undefined): boolean {
  return id === undefined || id === null || id === ALL_WAREHOUSES_ID;
}

/** The warehouse a filter names, or undefined for the all-warehouse choice. */
export function warehouseFilterId(id: number | null | undefined): number | undefined {
  return isAllWarehouses(id) ? undefined : (id as number);
}

/** Stop-using state of a warehouse as the search sends it: 0 in use, 1 stopped. */
export const WAREHOUSE_STOP_USING = { IN_USE: 0, STOPPED: 1 } as const;
