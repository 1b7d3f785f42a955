// What a seller may buy and what a paid order does to the domain (spec 02 §7.17, 01 §4.4).
// One owner: the billing service asks these, the web app shows their answers.
import { isDomainLevel, levelRank, type DomainLevel } from '../catalogues/levels.js';
import type { BillingOrderStatus, BillingPriceKind } from '../contracts/billing.js';
import { isDomainExpired } from './edition.js';

export interface BillingDomainFacts {
  level: string;
  expireTime: Date | null;
  byStore: boolean;
  storeQuota: number;
}

export interface PriceFacts {
  kind: BillingPriceKind;
  level: string | null;
  months: number | null;
  storeCount: number | null;
}

/** UTC calendar months later; the 31st of a shorter month falls on its last day. */
export function addMonths(from: Date, months: number): Date {
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/**
 * How a domain may buy an edition price: RENEW its current level, UPGRADE to a higher one, or null
 * when the price is a lower level while the current one is still running (no downgrade before it
 * ends). Once expired, any level may be bought (an upgrade or renewal from then).
 */
export function editionAction(domain: BillingDomainFacts, priceLevel: string, now: Date): 'UPGRADE' | 'RENEW' | null {
  const formal = isDomainLevel(domain.level) ? domain.level : 'LITE';
  if (priceLevel === formal) return 'RENEW';
  if (levelRank(priceLevel) > levelRank(formal)) return 'UPGRADE';
  return isDomainExpired({ level: formal, expireTime: domain.expireTime, byStore: false }, now) ? 'UPGRADE' : null;
}

export interface PurchaseEffect {
  level: DomainLevel;
  expireTime: Date | null;
  storeQuota: number;
}

/**
 * The domain after a paid order. An edition: renewing the running level adds the months to its
 * expiry (or to the payment time when expired or never dated); another level starts at the payment
 * time (the rest of the old level is not carried over — the order page says so). A store pack adds
 * its slots.
 */
export function purchaseEffect(domain: BillingDomainFacts, price: PriceFacts, paidAt: Date): PurchaseEffect {
  const level: DomainLevel = isDomainLevel(domain.level) ? domain.level : 'LITE';
  if (price.kind === 'STORE_PACK') return { level, expireTime: domain.expireTime, storeQuota: domain.storeQuota + (price.storeCount ?? 0) };
  const newLevel = price.level as DomainLevel;
  const running = domain.expireTime && domain.expireTime.getTime() > paidAt.getTime();
  const base = newLevel === level && running ? domain.expireTime! : paidAt;
  return { level: newLevel, expireTime: addMonths(base, price.months ?? 0), storeQuota: domain.storeQuota };
}

/** The states an order may leave by each action. */
export function billingOrderAllows(status: BillingOrderStatus, action: 'pay' | 'close' | 'rebuild' | 'refund'): boolean {
  switch (action) {
    case 'pay':
    case 'close':
      return status === 'WAIT_PAY';
    case 'rebuild':
      return status === 'CLOSED' || status === 'FAILED';
    case 'refund':
      return status === 'PAID';
  }
}

/** Yuan text (at most 2 decimals, or more that are all zeros) as fen, or null when it is not such a text. */
export function yuanToFen(text: string): number | null {
  // Trailing zeros past the fen are exact (a document's amount has 4 places: 19.9000).
  const m = /^(\d{1,9})(?:\.(\d{1,2})0*)?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}
