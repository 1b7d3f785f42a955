// Payloads made from a route's zod contract, for tests that send every route hostile values: a
// plausible payload that passes the contract's shape, and the places (leaves) in it where a
// hostile value can go, so a value that the contract lets through reaches the handler.
import { z } from 'zod';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = Record<string, unknown>;

export interface Leaf {
  path: (string | number)[];
  kind: 'string' | 'integer' | 'number' | 'key';
}

export interface Sample {
  value: Json;
  leaves: Leaf[];
}

// Strings a pattern-constrained field may take; the first one the pattern accepts is used.
const PATTERN_CANDIDATES = [
  'ab12',
  '1',
  '12',
  '1.5',
  'ABC',
  'A1',
  'abc',
  '2026-01-01',
  '2026-01-01 00:00:00',
  '2026-01-01T00:00:00Z',
  '12:00',
  '13800138000',
  'a@example.com',
  'https://example.com/',
  '#1f6feb',
  'SF',
  '0',
];

// Values by the field's name, for checks a JSON schema cannot show (refinements).
const BY_NAME: [RegExp, string][] = [
  [/^(tel|telephone)$/i, '0571-88880000'],
  [/mobile|phone/i, '13800138000'],
  [/smsCode|validateCode/i, '123456'],
  [/express(Company)?Code$|^codes$/i, 'SF'],
  [/^menus$/, 'MENU_SKU'],
  [/^fields$/, 'COST_PRICE'],
  [/province/i, '浙江省'],
  [/time|date|At$/i, '2026-01-01 00:00:00'],
  [/price|cost|amount|fee|weight|length|width|height|volume|qty|quantity|rate|ratio|Min$|Max$|percent|discount/i, '1'],
];

function stringSample(schema: Schema, name: string): string {
  const byName = BY_NAME.find(([pattern]) => pattern.test(name))?.[1];
  if (byName !== undefined && (typeof schema.pattern !== 'string' || new RegExp(schema.pattern).test(byName))) return byName;
  if (schema.format === 'date-time') return '2026-01-01T00:00:00.000Z';
  if (schema.format === 'date') return '2026-01-01';
  if (schema.format === 'email') return 'a@example.com';
  if (schema.format === 'uri' || schema.format === 'url') return 'https://example.com/';
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : 40;
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern);
    const found = PATTERN_CANDIDATES.find((c) => pattern.test(c) && c.length >= min && c.length <= max);
    if (found) return found;
  }
  return 'ab12'.padEnd(Math.max(min, 4), 'x').slice(0, Math.max(max, 1));
}

function numberSample(schema: Schema, integer: boolean): number {
  let value = 1;
  if (typeof schema.minimum === 'number' && value < schema.minimum) value = schema.minimum;
  if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum) value = schema.exclusiveMinimum + 1;
  if (typeof schema.maximum === 'number' && value > schema.maximum) value = schema.maximum;
  return integer ? Math.ceil(value) : value;
}

/** A plausible payload of a JSON schema and its leaves. */
function sampleOf(schema: Schema, root: Schema, path: (string | number)[], leaves: Leaf[], depth: number): Json {
  if (depth > 12) return null;
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.replace(/^#\/\$defs\//, '');
    const target = (root.$defs as Record<string, Schema> | undefined)?.[name] ?? (schema.$ref === '#' ? root : undefined);
    return target ? sampleOf(target, root, path, leaves, depth + 1) : null;
  }
  if ('const' in schema) return schema.const as Json;
  if (Array.isArray(schema.enum)) return schema.enum[0] as Json;
  const options = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (options) {
    const chosen = options.find((o) => o.type !== 'null') ?? options[0]!;
    return sampleOf(chosen, root, path, leaves, depth + 1);
  }
  if (Array.isArray(schema.allOf)) return sampleOf(Object.assign({}, ...(schema.allOf as Schema[])), root, path, leaves, depth + 1);
  const type = Array.isArray(schema.type) ? (schema.type as string[]).find((t) => t !== 'null') : (schema.type as string | undefined);
  switch (type) {
    case 'string':
      leaves.push({ path, kind: 'string' });
      return stringSample(schema, String([...path].reverse().find((p) => typeof p === 'string') ?? ''));
    case 'integer':
      leaves.push({ path, kind: 'integer' });
      return numberSample(schema, true);
    case 'number':
      leaves.push({ path, kind: 'number' });
      return numberSample(schema, false);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array': {
      const items = (schema.prefixItems as Schema[] | undefined) ?? [];
      if (items.length) return items.map((item, i) => sampleOf(item, root, [...path, i], leaves, depth + 1));
      const count = Math.max(1, typeof schema.minItems === 'number' ? schema.minItems : 1);
      const item = (schema.items as Schema | undefined) ?? { type: 'string' };
      return Array.from({ length: count }, (_, i) => sampleOf(item, root, [...path, i], leaves, depth + 1));
    }
    case 'object':
    default: {
      const properties = (schema.properties as Record<string, Schema> | undefined) ?? {};
      const value: Record<string, Json> = {};
      for (const [key, property] of Object.entries(properties)) value[key] = sampleOf(property, root, [...path, key], leaves, depth + 1);
      const extra = schema.additionalProperties;
      if (extra && typeof extra === 'object' && !Object.keys(properties).length) {
        value.k1 = sampleOf(extra as Schema, root, [...path, 'k1'], leaves, depth + 1);
        leaves.push({ path: [...path, 'k1'], kind: 'key' });
      }
      if (type !== 'object' && !Object.keys(properties).length && !extra) return 'ab12';
      return value;
    }
  }
}

/** A payload for the input side of a zod contract, or null when the contract has no JSON shape. */
export function samplePayload(schema: z.ZodType): Sample | null {
  let json: Schema;
  try {
    json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', cycles: 'ref' }) as Schema;
  } catch {
    return null;
  }
  const leaves: Leaf[] = [];
  const value = sampleOf(json, json, [], leaves, 0);
  return { value, leaves };
}

/** The payload with one leaf replaced (a value, or for a key leaf, the key renamed). */
export function withLeaf(payload: Json, leaf: Leaf, replace: (old: Json) => Json, renameKey?: (key: string) => string): Json {
  const copy = structuredClone(payload);
  if (!leaf.path.length) return replace(copy);
  let parent: any = copy;
  for (const step of leaf.path.slice(0, -1)) parent = parent[step];
  const last = leaf.path[leaf.path.length - 1]!;
  if (leaf.kind === 'key' && renameKey) {
    const value = parent[last];
    delete parent[last];
    parent[renameKey(String(last))] = value;
  } else {
    parent[last] = replace(parent[last]);
  }
  return copy;
}
