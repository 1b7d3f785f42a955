// The courier choice (spec 02 §3.10, §7.8): which carrier ships an order, by the domain's rules.
//
// Rule types are tried in the domain's priority order (default BY_SKU, BY_CUSTOM, BY_STORE,
// BY_WEIGHT, BY_AREA); within a type, usable rules by sortIndex descending (then id). The first
// matching rule wins, unless its carrier stops shipping to the receiver's area (a stop-shipping
// template): then the next matching rule is tried. When every matching rule's carrier is stopped,
// the first match is answered with prohibited = true (the order gets EXPRESS_PROHIBITED).
import { sameRegionName } from '../catalogues/regions.js';
import { DEFAULT_EXPRESS_RULE_PRIORITY, EXPRESS_RULE_TYPES, type ExpressRuleCondition, type ExpressRuleType, type StopArea } from '../contracts/express-rules.js';
import { compareDecimals, isDecimalText } from './decimal.js';

export interface ExpressRule {
  id: number;
  type: ExpressRuleType;
  usable: boolean;
  sortIndex: number;
  ruleCondition: ExpressRuleCondition;
}

export interface CourierStopTemplate {
  expressCompanyCode: string;
  usable: boolean;
  areas: StopArea[];
}

export interface CourierOrderFacts {
  storeId: number | null;
  province: string | null;
  city: string | null;
  district: string | null;
  /** Total weight in kg (decimal text). */
  weightKg: string | null;
  lines: { skuCode: string | null; qty: number }[];
  buyerMessage?: string | null;
  sellerRemark?: string | null;
}

export interface CourierDecision {
  expressCompanyCode: string | null;
  ruleType: ExpressRuleType | null;
  ruleId: number | null;
  reason: string;
  prohibited: boolean;
}

/** The priority order to use: the domain's if it names each type once, else the default. */
export function effectivePriority(types: readonly string[] | null | undefined): ExpressRuleType[] {
  if (!types || types.length !== EXPRESS_RULE_TYPES.length) return [...DEFAULT_EXPRESS_RULE_PRIORITY];
  const set = new Set(types);
  if (set.size !== EXPRESS_RULE_TYPES.length || !EXPRESS_RULE_TYPES.every((t) => set.has(t))) return [...DEFAULT_EXPRESS_RULE_PRIORITY];
  return types as ExpressRuleType[];
}

/** sortIndex of the rule at `position` (0-based) of a saved list of `length` rules: length − position. */
export function sortIndexAt(length: number, position: number): number {
  return length - position;
}

function weightIn(weight: string | null, min: string | null | undefined, max: string | null | undefined): boolean {
  if (!weight || !isDecimalText(weight)) return false;
  if (min != null && compareDecimals(weight, min) < 0) return false;
  if (max != null && compareDecimals(weight, max) >= 0) return false;
  return min != null || max != null;
}

/** Whether one rule matches the order; the answer is the reason in words, or null. */
export function ruleMatches(rule: ExpressRule, order: CourierOrderFacts): string | null {
  const c = rule.ruleCondition;
  switch (rule.type) {
    case 'BY_AREA': {
      if (!c.province || !sameRegionName(c.province, order.province)) return null;
      const excepted = (c.areaExceptions ?? []).find((e) => sameRegionName(e, order.city) || sameRegionName(e, order.district));
      if (excepted) return null;
      return `receiver province ${order.province} is ${c.province}`;
    }
    case 'BY_WEIGHT':
      if (!weightIn(order.weightKg, c.weightMin, c.weightMax)) return null;
      return `weight ${order.weightKg} kg is in [${c.weightMin ?? '0'}, ${c.weightMax ?? '∞'})`;
    case 'BY_STORE':
      return c.storeId != null && order.storeId === c.storeId ? `store ${c.storeId}` : null;
    case 'BY_CUSTOM': {
      const keyword = c.keyword?.trim().toLowerCase();
      if (!keyword) return null;
      const where = c.keywordIn ?? 'ANY';
      if (where !== 'SELLER_REMARK' && (order.buyerMessage ?? '').toLowerCase().includes(keyword)) return `buyer message contains "${c.keyword}"`;
      if (where !== 'BUYER_MESSAGE' && (order.sellerRemark ?? '').toLowerCase().includes(keyword)) return `seller remark contains "${c.keyword}"`;
      return null;
    }
    case 'BY_SKU': {
      const code = c.skuCode?.trim();
      if (!code) return null;
      return order.lines.some((l) => l.qty > 0 && l.skuCode?.trim() === code) ? `order contains SKU ${code}` : null;
    }
  }
}

/** Whether a carrier stops shipping to the receiver's area, by the usable templates. */
export function stoppedArea(code: string, order: Pick<CourierOrderFacts, 'province' | 'city' | 'district'>, templates: CourierStopTemplate[]): StopArea | null {
  for (const t of templates) {
    if (!t.usable || t.expressCompanyCode !== code) continue;
    for (const a of t.areas) {
      if (!sameRegionName(a.province, order.province)) continue;
      if (a.city && !sameRegionName(a.city, order.city)) continue;
      if (a.district && !sameRegionName(a.district, order.district)) continue;
      return a;
    }
  }
  return null;
}

const areaText = (a: StopArea) => [a.province, a.city, a.district].filter(Boolean).join(' ');

export function chooseCourier(rules: ExpressRule[], priority: readonly string[] | null | undefined, order: CourierOrderFacts, stopTemplates: CourierStopTemplate[] = []): CourierDecision {
  const types = effectivePriority(priority);
  const skipped: string[] = [];
  let first: { rule: ExpressRule; why: string; stop: StopArea } | null = null;
  for (const type of types) {
    const ofType = rules
      .filter((r) => r.type === type && r.usable)
      .sort((a, b) => b.sortIndex - a.sortIndex || a.id - b.id);
    for (const rule of ofType) {
      const why = ruleMatches(rule, order);
      if (!why) continue;
      const code = rule.ruleCondition.expressCompanyCode;
      const stop = stoppedArea(code, order, stopTemplates);
      if (!stop) {
        const note = skipped.length ? `; skipped ${skipped.join(', ')}` : '';
        return { expressCompanyCode: code, ruleType: type, ruleId: rule.id, reason: `${type} rule ${rule.id}: ${why}${note}`, prohibited: false };
      }
      skipped.push(`${code} (stops shipping to ${areaText(stop)})`);
      first ??= { rule, why, stop };
    }
  }
  if (first) {
    const code = first.rule.ruleCondition.expressCompanyCode;
    return {
      expressCompanyCode: code,
      ruleType: first.rule.type,
      ruleId: first.rule.id,
      reason: `${first.rule.type} rule ${first.rule.id}: ${first.why}; but ${code} stops shipping to ${areaText(first.stop)} and no other rule matched`,
      prohibited: true,
    };
  }
  return { expressCompanyCode: null, ruleType: null, ruleId: null, reason: 'no usable rule matched the order', prohibited: false };
}
