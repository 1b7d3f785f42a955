// Pure rules of goods (spec 02 §3.1, §9; DOMAIN.md "Stock quantities").
import { formatDecimal, parseDecimal } from './decimal.js';
import { volumeCubicMetres } from './numbers.js';

export interface ComponentStock {
  /** Units of the component one combination needs. */
  qty: number;
  /** What is available of the component (on-hand − allocated, or itself derived). */
  available: number;
}

/**
 * Available quantity of a combination SKU: the number of whole combinations its components can
 * make, min over components of ⌊component available / component qty⌋. A combination has no
 * stock row of its own. No components, or a component with nothing available, makes 0;
 * negative availability counts as 0.
 */
export function combinationAvailable(components: readonly ComponentStock[]): number {
  if (components.length === 0) return 0;
  let result = Number.POSITIVE_INFINITY;
  for (const c of components) {
    if (!Number.isInteger(c.qty) || c.qty < 1) throw new RangeError(`component quantity must be a positive integer, got ${c.qty}`);
    const makes = Math.floor(Math.max(0, c.available) / c.qty);
    if (makes < result) result = makes;
  }
  return result;
}

export interface ComponentLink {
  skuId: number;
  qty: number;
}

/**
 * The base (non-combination) SKUs a combination is made of, with the quantity of each one
 * combination needs, through nested combinations. `componentsOf` answers the components of a
 * combination SKU, or undefined/empty for a plain SKU. Throws on a loop.
 */
export function flattenCombination(skuId: number, componentsOf: (skuId: number) => readonly ComponentLink[] | undefined): Map<number, number> {
  const result = new Map<number, number>();
  const walk = (id: number, multiplier: number, path: number[]) => {
    const parts = componentsOf(id);
    if (!parts || parts.length === 0) {
      result.set(id, (result.get(id) ?? 0) + multiplier);
      return;
    }
    if (path.includes(id)) throw new RangeError(`combination loop: ${[...path, id].join(' → ')}`);
    for (const p of parts) walk(p.skuId, multiplier * p.qty, [...path, id]);
  };
  const top = componentsOf(skuId);
  if (!top || top.length === 0) return result;
  walk(skuId, 1, []);
  return result;
}

/**
 * Whether giving `comboSkuId` the components `newComponentIds` makes a loop: the combination
 * would contain itself, directly or through another combination that contains it. Answers the
 * path of SKU ids that closes the loop (combo → … → combo), or null.
 */
export function findCombinationLoop(
  comboSkuId: number,
  newComponentIds: readonly number[],
  componentsOf: (skuId: number) => readonly number[] | undefined,
): number[] | null {
  const visiting = new Set<number>();
  const search = (id: number, path: number[]): number[] | null => {
    if (id === comboSkuId) return [...path, id];
    if (visiting.has(id)) return null;
    visiting.add(id);
    for (const next of componentsOf(id) ?? []) {
      const found = search(next, [...path, id]);
      if (found) return found;
    }
    return null;
  };
  for (const id of newComponentIds) {
    const found = search(id, [comboSkuId]);
    if (found) return found;
  }
  return null;
}

/** Volume of goods in cubic metres (2 decimals) from sizes in cm, or null when a size is missing. */
export function goodsVolume(length: string | number | null | undefined, width: string | number | null | undefined, height: string | number | null | undefined): string | null {
  if (length === null || length === undefined || length === '' || width === null || width === undefined || width === '' || height === null || height === undefined || height === '') return null;
  return volumeCubicMetres(length, width, height);
}

/**
 * The cost price of a combination from its components' apportioned cost prices: the sum of
 * apportioned cost × quantity, 4 decimals. Null when no component has an apportioned cost.
 */
export function combinationCostPrice(components: readonly { qty: number; apportionCostPrice: string | null | undefined }[]): string | null {
  const priced = components.filter((c) => c.apportionCostPrice !== null && c.apportionCostPrice !== undefined && c.apportionCostPrice !== '');
  if (!priced.length) return null;
  let units = 0n;
  for (const c of priced) {
    const d = parseDecimal(c.apportionCostPrice!);
    const at4 = d.scale <= 4 ? d.units * 10n ** BigInt(4 - d.scale) : d.units / 10n ** BigInt(d.scale - 4);
    units += at4 * BigInt(c.qty);
  }
  return formatDecimal({ units, scale: 4 }, 4);
}

/** What tells one SKU of goods from another: colour, size and free-text specifications. */
export interface SkuAttributeValues {
  color?: string | null;
  size?: string | null;
  specifications?: string | null;
}

/**
 * A SKU's colour, size and specifications as one line, the same wherever a SKU is chosen or listed:
 * "Colour: red · Size: M · 500 ml" (labels in the reader's language). Empty parts are left out, and
 * specifications that only repeat the colour or the size are not shown twice. '' when there is none.
 */
export function formatSkuAttributes(sku: SkuAttributeValues, labels: { color: string; size: string }, separator = ' · '): string {
  const clean = (v: string | null | undefined) => (v ?? '').trim();
  const color = clean(sku.color);
  const size = clean(sku.size);
  const specifications = clean(sku.specifications);
  const parts: string[] = [];
  if (color) parts.push(`${labels.color}: ${color}`);
  if (size) parts.push(`${labels.size}: ${size}`);
  if (specifications && specifications !== color && specifications !== size) parts.push(specifications);
  return parts.join(separator);
}
