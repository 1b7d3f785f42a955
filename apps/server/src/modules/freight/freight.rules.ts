// Pure rules of freight pricing and of courier bill lines; the SQL of freight.queries.ts does the
// same sums set-based, and the unit tests hold both to these.

export interface AreaPrice {
  firstWeight: number;
  firstFee: number;
  additionalWeight: number;
  additionalFee: number;
}

/** Grams of a kg decimal text, rounded up to the gram ("1.2345" → 1235). Exact: no floats. */
export function gramsOfKg(kg: string): number {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(kg.trim());
  if (!m) throw new Error(`not a weight: ${kg}`);
  const frac = (m[2] ?? '').padEnd(3, '0');
  const grams = Number(m[1]) * 1000 + Number(frac.slice(0, 3));
  return /[1-9]/.test(frac.slice(3)) ? grams + 1 : grams;
}

/** Fen of a decimal text in yuan ("12.5" → 1250); at most two decimals. */
export function fenOfYuan(yuan: string): number {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(yuan.trim());
  if (!m) throw new Error(`not an amount: ${yuan}`);
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** kg decimal text (3 decimals) of grams. */
export function kgOfGrams(grams: number): string {
  return `${Math.floor(grams / 1000)}.${String(grams % 1000).padStart(3, '0')}`;
}

/**
 * The fee of a parcel: the first weight's fee, and each started additional step's fee for the
 * grams above the first weight. A parcel of no weight still pays the first weight.
 */
export function parcelFee(grams: number, price: AreaPrice): number {
  const above = Math.max(0, grams - price.firstWeight);
  return price.firstFee + Math.ceil(above / price.additionalWeight) * price.additionalFee;
}

export interface AreaKey {
  province: string;
  city: string | null;
}

/** The areas of a list that name the same place twice: index pairs [first, repeat]. */
export function repeatedAreas(areas: readonly AreaKey[]): [number, number][] {
  const seen = new Map<string, number>();
  const repeats: [number, number][] = [];
  areas.forEach((a, i) => {
    const key = `${a.province}\u0000${a.city ?? ''}`;
    const first = seen.get(key);
    if (first !== undefined) repeats.push([first, i]);
    else seen.set(key, i);
  });
  return repeats;
}

export interface BillComparison {
  overWeight: number;
  overCharge: number | null;
  flags: ('OVER_WEIGHT' | 'OVER_CHARGE' | 'NO_PRICE')[];
  status: 'NONE' | 'SUCCESS' | 'FAILURE';
}

/** A matched bill line against our parcel: beyond a tolerance is a failure; no price leaves it NONE unless over weight. */
export function compareBillLine(billedGrams: number, billedFee: number, ourGrams: number, templateFee: number | null, tolerance: { weight: number; fee: number }): BillComparison {
  const overWeight = billedGrams - ourGrams;
  const overCharge = templateFee === null ? null : billedFee - templateFee;
  const flags: BillComparison['flags'] = [];
  if (overWeight > tolerance.weight) flags.push('OVER_WEIGHT');
  if (overCharge !== null && overCharge > tolerance.fee) flags.push('OVER_CHARGE');
  if (templateFee === null) flags.push('NO_PRICE');
  const failed = flags.includes('OVER_WEIGHT') || flags.includes('OVER_CHARGE');
  return { overWeight, overCharge, flags, status: failed ? 'FAILURE' : templateFee === null ? 'NONE' : 'SUCCESS' };
}
