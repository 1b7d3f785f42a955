// The printing rules of spec 02 §4.3, §5, §7.13: several packages per order for the carriers that
// take them (start index = firstDocumentNumber − 1, labels numbered n/total), the insured value
// sent to the carrier in cents (amount × 100 rounded half-up, exact decimal), and the reprint
// rules (copied order ids print as their original, new-address and new-express-number fields are
// stripped, a reprint of one platform and one carrier turns the marketplace API flag off).
import { expressCompanyName, supportsMultiPackage } from '../catalogues/express.js';
import { isDecimalText, roundHalfUp, shiftDecimal } from './decimal.js';

/** The most packages one order prints at once. */
export const MAX_PACKAGES_PER_ORDER = 99;
/** The largest insured amount taken (yuan): 1,000,000. */
export const MAX_INSURED_AMOUNT = 1_000_000;

/**
 * The insured value as the carrier takes it: cents, amount × 100 rounded half-up in exact
 * decimal (99.99 → 9999, 12.5 → 1250, 0.07 → 7, 0.005 → 1). Throws RangeError for a value
 * that is not a non-negative decimal number.
 */
export function insuredValueCents(amount: number | string): number {
  const text = typeof amount === 'number' ? (Number.isFinite(amount) ? String(amount) : '') : amount.trim();
  if (!/e/i.test(text) && !isDecimalText(text)) throw new RangeError(`not a decimal amount: ${JSON.stringify(amount)}`);
  const cents = roundHalfUp(shiftDecimal(amount, -2), 0);
  if (cents.units < 0n) throw new RangeError(`a negative amount: ${JSON.stringify(amount)}`);
  return Number(cents.units);
}

export interface PackagePlan {
  /** 0-based index of the first package printed: firstDocumentNumber − 1 (spec 02 §7.13). */
  startIndex: number;
  /** The packages printed, each numbered `number` of `total`. */
  packages: Array<{ index: number; number: number; total: number; label: string }>;
}

export type PackageRefusal =
  | { reason: 'CARRIER'; expressCompanyCode: string }
  | { reason: 'FIRST_AFTER_LAST'; firstDocumentNumber: number; packageCount: number };

/**
 * The packages an order prints: packageCount packages in all, from package firstDocumentNumber
 * on (a reprint of the 3rd and 4th of 4 is count 4, first 3). More than one package is refused
 * for a carrier that does not take several (the nine of spec 02 §4.3, and unknown carriers).
 */
export function planPackages(expressCompanyCode: string, packageCount = 1, firstDocumentNumber = 1): { plan: PackagePlan } | { refusal: PackageRefusal } {
  if (packageCount > 1 && !supportsMultiPackage(expressCompanyCode)) return { refusal: { reason: 'CARRIER', expressCompanyCode } };
  if (firstDocumentNumber > packageCount) return { refusal: { reason: 'FIRST_AFTER_LAST', firstDocumentNumber, packageCount } };
  const startIndex = firstDocumentNumber - 1;
  const packages = [];
  for (let index = startIndex; index < packageCount; index++) packages.push({ index, number: index + 1, total: packageCount, label: `${index + 1}/${packageCount}` });
  return { plan: { startIndex, packages } };
}

/** The sentence a refusal of several packages reads with, naming the carrier in the reader's language. */
export function multiPackageCarrierName(code: string, language: string): string {
  return expressCompanyName(code, language);
}

/** Fields of a print row that are never printed (spec 02 §4.3): a new address or a new express number typed beside the order. */
export const STRIPPED_PRINT_FIELDS = [
  'newReceiverName',
  'newReceiverPhone',
  'newReceiverMobile',
  'newReceiverProvince',
  'newReceiverCity',
  'newReceiverDistrict',
  'newReceiverAddress',
  'newAddress',
  'newExpressNo',
  'newExpressCompanyCode',
] as const;

/** A print row without its new-address and new-express-number fields, and which were dropped. */
export function stripNewFields<T extends Record<string, unknown>>(row: T): { row: Omit<T, (typeof STRIPPED_PRINT_FIELDS)[number]>; stripped: string[] } {
  const copy: Record<string, unknown> = { ...row };
  const stripped: string[] = [];
  for (const key of Object.keys(copy)) {
    if ((STRIPPED_PRINT_FIELDS as readonly string[]).includes(key) || /^new(Receiver|Express)/.test(key)) {
      stripped.push(key);
      delete copy[key];
    }
  }
  return { row: copy as Omit<T, (typeof STRIPPED_PRINT_FIELDS)[number]>, stripped };
}

/**
 * Whether a batch asks the marketplace's print API (cloud print of the platform waybill): on,
 * except a reprint whose orders all come from one platform and go by one carrier (spec 02 §4.3),
 * which prints from the data kept at the first print.
 */
export function useMarketplaceApi(reprint: boolean, orders: ReadonlyArray<{ platformCode: string | null; expressCompanyCode: string | null }>): boolean {
  if (!reprint || !orders.length) return true;
  const platforms = new Set(orders.map((o) => o.platformCode ?? ''));
  const carriers = new Set(orders.map((o) => o.expressCompanyCode ?? ''));
  return !(platforms.size === 1 && carriers.size === 1);
}

/** Splits ids into the chunks a batch print or send runs (spec 02 §9: 10). */
export function chunkIds<T>(ids: readonly T[], size = 10): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < ids.length; i += size) chunks.push(ids.slice(i, i + size));
  return chunks;
}
