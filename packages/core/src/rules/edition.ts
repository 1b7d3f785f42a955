// Edition (tier), trial and expiry rules (spec 01 §4.4, §6).
import { EXTRA_MENU_DISTRIBUTION, USER_FIELDS } from '../catalogues/permissions.js';
import { isDomainLevel, levelRank, PAID_LEVELS, type DomainLevel } from '../catalogues/levels.js';

export interface EditionFacts {
  level: string;
  trialLevel?: string | null;
  trialExpireTime?: string | Date | null;
  expireTime?: string | Date | null;
  byStore?: boolean | null;
}

const time = (v: string | Date | null | undefined) => (v ? new Date(v).getTime() : NaN);

/** A trial counts while its level is a tier and its expiry is in the future. */
export function hasActiveTrial(domain: EditionFacts, now: Date | number = Date.now()): boolean {
  return isDomainLevel(domain.trialLevel) && time(domain.trialExpireTime) > new Date(now).getTime();
}

/** The level the badge shows: an active trial above the formal level wins. */
export function effectiveLevel(domain: EditionFacts, now: Date | number = Date.now()): DomainLevel {
  const formal: DomainLevel = isDomainLevel(domain.level) ? domain.level : 'LITE';
  if (hasActiveTrial(domain, now) && levelRank(domain.trialLevel) > levelRank(formal)) return domain.trialLevel as DomainLevel;
  return formal;
}

/** Expired when not billed by store and past the expiry time. */
export function isDomainExpired(domain: EditionFacts, now: Date | number = Date.now()): boolean {
  if (domain.byStore) return false;
  const expiry = time(domain.expireTime);
  return Number.isFinite(expiry) && expiry < new Date(now).getTime();
}

export type ExpiryWording = { kind: 'today' } | { kind: 'daysLeft'; days: number } | { kind: 'expired' };

/** Banner wording for an expiry time: today expires, N days remaining, already expired. */
export function expiryWording(expireTime: string | Date, now: Date | number = Date.now()): ExpiryWording {
  const end = new Date(expireTime);
  const current = new Date(now);
  if (end.getTime() < current.getTime()) return { kind: 'expired' };
  const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((startOfDay(end) - startOfDay(current)) / 86_400_000);
  return days <= 0 ? { kind: 'today' } : { kind: 'daysLeft', days };
}

/**
 * The domain's extra menus: those granted to it, plus DISTRIBUTION at paid levels or during an
 * active trial.
 */
export function domainExtraMenus(domain: EditionFacts, granted: readonly string[] = [], now: Date | number = Date.now()): string[] {
  const extras = new Set(granted);
  if (PAID_LEVELS.includes(domain.level as DomainLevel) || hasActiveTrial(domain, now)) extras.add(EXTRA_MENU_DISTRIBUTION);
  return [...extras];
}

/** The lite distribution menu set appended for LITE without a trial when DISTRIBUTION is granted. */
export const LITE_DISTRIBUTION_MENUS = [
  'myDealers',
  'terminateCooperation',
  'setGoodsAndPrices',
  'setDistributionLevels',
  'distributionCredit',
  'mySuppliers',
  'distributionBills',
  'distributionFreightTemplates',
] as const;

export function usesLiteDistributionMenus(domain: EditionFacts, extraMenus: readonly string[], now: Date | number = Date.now()): boolean {
  return domain.level === 'LITE' && !hasActiveTrial(domain, now) && extraMenus.includes(EXTRA_MENU_DISTRIBUTION);
}

/**
 * Whether an account may see a sensitive field: the field must be in its list, and level-gated
 * fields (purchase price) need a paid level (an active trial counts).
 */
export function canSeeField(field: string, userFields: readonly string[], domain: EditionFacts, now: Date | number = Date.now()): boolean {
  if (!userFields.includes(field)) return false;
  const def = USER_FIELDS.find((f) => f.key === field);
  if (!def?.levelGated) return true;
  return PAID_LEVELS.includes(effectiveLevel(domain, now));
}
