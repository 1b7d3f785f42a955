// Service tiers (domain level). The order is the rank used to compare a trial with the formal
// level (spec 01 §1 lists the UI labels in this order: single store, basic, professional plus,
// professional, flagship, unlimited).
export const DOMAIN_LEVELS = ['LITE', 'STANDARD', 'PRO_LITE', 'PRO', 'INFINITE', 'UNBOUNDED_PLUS'] as const;
export type DomainLevel = (typeof DOMAIN_LEVELS)[number];

export const DEFAULT_DOMAIN_LEVEL: DomainLevel = 'LITE';

/** Levels that pay for the service; DISTRIBUTION and price fields open at these. */
export const PAID_LEVELS: readonly DomainLevel[] = ['STANDARD', 'PRO', 'PRO_LITE', 'UNBOUNDED_PLUS', 'INFINITE'];

export function levelRank(level: string | null | undefined): number {
  return DOMAIN_LEVELS.indexOf(level as DomainLevel);
}

export function isDomainLevel(value: unknown): value is DomainLevel {
  return typeof value === 'string' && (DOMAIN_LEVELS as readonly string[]).includes(value);
}

/** Maximum number of orders merged into one, by tier (spec 01 §6, spec 02 §9). */
export const MERGE_LIMIT_BY_LEVEL: Record<DomainLevel, number> = {
  LITE: 6,
  STANDARD: 15,
  PRO_LITE: 30,
  PRO: 30,
  INFINITE: 30,
  UNBOUNDED_PLUS: 30,
};

export function maxMergedOrders(level: string | null | undefined): number {
  return isDomainLevel(level) ? MERGE_LIMIT_BY_LEVEL[level] : MERGE_LIMIT_BY_LEVEL.LITE;
}
