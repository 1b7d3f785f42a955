// Gift promotions (spec 02 §3.3, §9): the 'id:qty;' gift list format and the evaluator that
// turns an order into gift lines. Pure: no I/O, no clock, and the random choice is injected, so
// the server (order ingest), the web ("try it" panel) and the tests run the same rules.
//
// Decisions where the spec is silent (also in apps/server/src/modules/promotions/README.md):
// - "more than" is inclusive (≥) and "less than" is exclusive (<): a tier covers [more, less),
//   so tiers 1–3 and 3–5 chain without overlap. A missing "less than" means no upper bound.
// - Only lines that are not gifts count; a line's amount is its `amount`, else price × qty.
// - AMOUNT_TYPE compares the order amount fact when given, else the sum of the line amounts.
// - SKU_OTHER_TYPE: buying at least qtyNeedBuy (default 1) units of the listed goods, in any mix.
// - SKU_QTY_LIMIT_TYPE / SKU_AMOUNT_TYPE: the quantity / amount of the listed goods within the
//   tier's range.
// - SKU_QTY_TYPE ("several together"): every listed goods at its listed quantity makes one set;
//   the tier needs qtyNeedBuy (default 1) complete sets.
// - SKU_SELF_TYPE ("buy one get more"): the gifts are the goods themselves. Each gift SKU is given
//   when the order buys at least qtyNeedBuy (default 1) of that same SKU.
// - REMARK_TYPE: a keyword list (split on commas/semicolons) per message; a message matches when
//   it contains any keyword (case-insensitive). A condition with both messages needs both.
// - Multi-tier: the tier met with the highest threshold wins; on equal thresholds (and for
//   REMARK_TYPE, which has none) the later tier wins. Single mode uses the one condition.
// - Repeatable: the gift quantity is multiplied by ⌊measure / threshold⌋ (for SKU_SELF_TYPE per
//   gift SKU). REMARK_TYPE does not repeat.
// - Random gifts: randomKind distinct items of the tier's gift list are chosen once per rule
//   (not once per repetition); each keeps its listed quantity × the repetitions.
// - Every rule of a promotion applies on its own; an order that gets any gift from a promotion
//   counts once towards its promotionAllCount.
// - The time window is inclusive at both ends and is checked against the order's pay time.
// - Nick lists compare the trimmed buyer nick exactly; an order without a nick is not on an
//   include list and passes an exclude list.
import { compareDecimals, parseDecimal, rescale, type Decimal } from './decimal.js';
import { splitKeywords } from './keywords.js';

export const PROMOTION_RULE_TYPES = [
  'AMOUNT_TYPE',
  'QTY_TYPE',
  'SKU_SELF_TYPE',
  'SKU_OTHER_TYPE',
  'SKU_QTY_TYPE',
  'REMARK_TYPE',
  'SKU_AMOUNT_TYPE',
  'SKU_QTY_LIMIT_TYPE',
] as const;
export type PromotionRuleType = (typeof PROMOTION_RULE_TYPES)[number];

/** Rule mode 1: one condition; 2: several tiers, the highest one met wins. */
export const PROMOTION_RULE_MODES = [1, 2] as const;
export type PromotionRuleMode = (typeof PROMOTION_RULE_MODES)[number];

export const NICK_CONDITION_TYPES = ['NONE', 'INCLUDE', 'EXCLUDE'] as const;
export type NickConditionType = (typeof NICK_CONDITION_TYPES)[number];

/** The condition fields each rule type reads; the others must stay empty. */
export type PromotionConditionField = 'qtyMoreThan' | 'qtyLessThan' | 'amountMoreThan' | 'amountLessThan' | 'qtyNeedBuy' | 'sellerMessage' | 'buyerMessage';

export interface PromotionRuleTraits {
  /** The rule names goods the order must buy (needBuySkuList). */
  needsGoods: boolean;
  /** The threshold fields of a condition; the first one is required. */
  fields: readonly PromotionConditionField[];
  repeatable: boolean;
}

export const PROMOTION_RULE_TRAITS: Record<PromotionRuleType, PromotionRuleTraits> = {
  AMOUNT_TYPE: { needsGoods: false, fields: ['amountMoreThan', 'amountLessThan'], repeatable: true },
  QTY_TYPE: { needsGoods: false, fields: ['qtyMoreThan', 'qtyLessThan'], repeatable: true },
  SKU_SELF_TYPE: { needsGoods: false, fields: ['qtyNeedBuy'], repeatable: true },
  SKU_OTHER_TYPE: { needsGoods: true, fields: ['qtyNeedBuy'], repeatable: true },
  SKU_QTY_TYPE: { needsGoods: true, fields: ['qtyNeedBuy'], repeatable: true },
  REMARK_TYPE: { needsGoods: false, fields: ['sellerMessage', 'buyerMessage'], repeatable: false },
  SKU_AMOUNT_TYPE: { needsGoods: true, fields: ['amountMoreThan', 'amountLessThan'], repeatable: true },
  SKU_QTY_LIMIT_TYPE: { needsGoods: true, fields: ['qtyMoreThan', 'qtyLessThan'], repeatable: true },
};

// ---- the 'id:qty;' list format ------------------------------------------------------------

export interface GiftListEntry {
  id: number;
  qty: number;
}

export const GIFT_QTY_MAX = 99_999;

export type GiftListProblem =
  /** A pair that is not `id:qty`. */
  | 'FORMAT'
  /** An id that is not a positive whole number. */
  | 'ID'
  /** A quantity that is not a whole number from 1 to GIFT_QTY_MAX. */
  | 'QTY'
  /** The same id twice. */
  | 'DUPLICATE';

export type GiftListParse = { ok: true; items: GiftListEntry[] } | { ok: false; problem: GiftListProblem; pair: string };

const POSITIVE_INTEGER = /^[1-9]\d*$/;

/**
 * Parses 'id:qty;id:qty;' (spec 02 §9). Spaces around ids, quantities and pairs are allowed, the
 * last ';' is optional, and an empty text is an empty list.
 */
export function parseGiftList(text: string | null | undefined): GiftListParse {
  const items: GiftListEntry[] = [];
  const seen = new Set<number>();
  for (const raw of (text ?? '').split(';')) {
    const pair = raw.trim();
    if (!pair) continue;
    const parts = pair.split(':');
    if (parts.length !== 2) return { ok: false, problem: 'FORMAT', pair };
    const idText = parts[0]!.trim();
    const qtyText = parts[1]!.trim();
    if (!POSITIVE_INTEGER.test(idText) || !Number.isSafeInteger(Number(idText))) return { ok: false, problem: 'ID', pair };
    if (!POSITIVE_INTEGER.test(qtyText) || Number(qtyText) > GIFT_QTY_MAX) return { ok: false, problem: 'QTY', pair };
    const id = Number(idText);
    if (seen.has(id)) return { ok: false, problem: 'DUPLICATE', pair };
    seen.add(id);
    items.push({ id, qty: Number(qtyText) });
  }
  return { ok: true, items };
}

/** Writes a list as 'id:qty;id:qty;' — every pair ends with ';'. */
export function formatGiftList(items: readonly { id: number; qty: number }[]): string {
  return items.map((i) => `${i.id}:${i.qty};`).join('');
}

// ---- what the evaluator reads ------------------------------------------------------------

/** A gift item (giftAC): the SKU given and its quantity, with the SKU's descriptive fields. */
export interface PromotionGiftItem {
  skuId: number;
  qty: number;
  skuCode?: string | null;
  skuName?: string | null;
  skuSpecifications?: string | null;
  skuPrice?: string | null;
  color?: string | null;
  size?: string | null;
  isCombination?: boolean;
}

/** A goods the order must buy (needBuySkuAC): a system SKU, or an online SKU when onlineSku. */
export interface PromotionNeedBuyItem {
  skuId?: number | null;
  tbSkuId?: string | null;
  storeId?: number | null;
  qty: number;
}

export interface EvaluablePromotionCondition {
  giftAC: readonly PromotionGiftItem[];
  qtyMoreThan?: number | null;
  qtyLessThan?: number | null;
  amountMoreThan?: string | number | null;
  amountLessThan?: string | number | null;
  randomGift?: boolean;
  randomKind?: number | null;
  qtyNeedBuy?: number | null;
  sellerMessage?: string | null;
  buyerMessage?: string | null;
}

export interface EvaluablePromotionRule {
  id?: number | null;
  ruleType: PromotionRuleType;
  ruleMode: PromotionRuleMode;
  repeatable: boolean;
  onlineSku?: boolean;
  needBuySkuAC?: readonly PromotionNeedBuyItem[];
  conditionList: readonly EvaluablePromotionCondition[];
}

export interface EvaluablePromotion {
  id: number;
  name: string;
  open: boolean;
  fromTime: Date | string;
  toTime: Date | string;
  /** Empty: every store. */
  storeIds: readonly number[];
  nickConditionType: NickConditionType;
  nickList: readonly string[];
  /** How many orders may receive gifts in total; null: no cap. */
  promotionAllCount?: number | null;
  /** How many orders received gifts so far. */
  givenCount?: number;
  ruleList: readonly EvaluablePromotionRule[];
}

export interface PromotionOrderLine {
  skuId?: number | null;
  skuCode?: string | null;
  /** The online SKU id on the marketplace. */
  tbSkuId?: string | null;
  qty: number;
  price?: string | number | null;
  /** The line amount; price × qty when absent. */
  amount?: string | number | null;
  /** Gift lines already on the order do not count. */
  isGift?: boolean;
}

export interface PromotionOrder {
  storeId: number | null;
  buyerNick?: string | null;
  payTime: Date | string;
  sellerMessage?: string | null;
  buyerMessage?: string | null;
  /** What the buyer pays for the goods; the sum of the line amounts when absent. */
  orderAmount?: string | number | null;
  lines: readonly PromotionOrderLine[];
}

// ---- what it answers ----------------------------------------------------------------------

export interface PromotionGiftLine extends PromotionGiftItem {
  promotionId: number;
  promotionName: string;
  /** The rule's position in ruleList (0-based) and its id when stored. */
  ruleIndex: number;
  ruleId: number | null;
  ruleType: PromotionRuleType;
  /** The tier (condition) that gave the gift, 0-based. */
  tierIndex: number;
  /** How many times the threshold was met (1 unless the rule is repeatable). */
  times: number;
  /** Chosen at random from the tier's gift list. */
  random: boolean;
}

export type PromotionOutcome = 'GIVEN' | 'CLOSED' | 'OUTSIDE_TIME' | 'OTHER_STORE' | 'NICK_NOT_INCLUDED' | 'NICK_EXCLUDED' | 'CAP_REACHED' | 'NO_RULE_MET';

export interface PromotionEvaluation {
  gifts: PromotionGiftLine[];
  /** Why each promotion gave or did not give, in the order given. */
  outcomes: { promotionId: number; outcome: PromotionOutcome }[];
  /** The promotions that gave this order gifts (each counts one towards its cap). */
  givenPromotionIds: number[];
}

export interface PromotionEvaluateOptions {
  /** A number in [0, 1); Math.random unless given (tests and the web pass a seeded one). */
  random?: () => number;
}

/** A small seeded generator (mulberry32), for reproducible random gifts. */
export function seededPromotionRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SCALE = 4;
const ZERO: Decimal = { units: 0n, scale: SCALE };
const toTime = (value: Date | string) => (value instanceof Date ? value.getTime() : new Date(value.includes('T') || !value.includes(' ') ? value : value.replace(' ', 'T')).getTime());
const dec = (value: string | number) => rescale(parseDecimal(value), SCALE);

function lineAmount(line: PromotionOrderLine): Decimal {
  if (line.amount !== null && line.amount !== undefined && line.amount !== '') return dec(line.amount);
  if (line.price === null || line.price === undefined || line.price === '') return ZERO;
  const price = dec(line.price);
  return { units: price.units * BigInt(line.qty), scale: SCALE };
}

const sum = (values: Decimal[]) => values.reduce((acc, d) => ({ units: acc.units + d.units, scale: SCALE }), ZERO);

/** ⌊a / b⌋ of two decimals at the same scale; 0 when b is not positive. */
function timesIn(measure: Decimal, threshold: Decimal): number {
  if (threshold.units <= 0n) return 0;
  return Number(measure.units / threshold.units);
}

interface Measures {
  lines: PromotionOrderLine[];
  orderAmount: Decimal;
}

function matchesNeedBuy(rule: EvaluablePromotionRule, item: PromotionNeedBuyItem, line: PromotionOrderLine, order: PromotionOrder): boolean {
  if (rule.onlineSku) {
    if (!item.tbSkuId || line.tbSkuId !== item.tbSkuId) return false;
    return item.storeId === null || item.storeId === undefined || order.storeId === null || item.storeId === order.storeId;
  }
  return item.skuId !== null && item.skuId !== undefined && line.skuId === item.skuId;
}

/** The lines that buy any of the rule's goods. */
function needBuyLines(rule: EvaluablePromotionRule, m: Measures, order: PromotionOrder): PromotionOrderLine[] {
  const goods = rule.needBuySkuAC ?? [];
  return m.lines.filter((line) => goods.some((item) => matchesNeedBuy(rule, item, line, order)));
}

/** Complete sets of the rule's goods: each goods at its listed quantity. */
function completeSets(rule: EvaluablePromotionRule, m: Measures, order: PromotionOrder): number {
  const goods = rule.needBuySkuAC ?? [];
  if (!goods.length) return 0;
  let sets = Number.MAX_SAFE_INTEGER;
  for (const item of goods) {
    const bought = m.lines.filter((line) => matchesNeedBuy(rule, item, line, order)).reduce((n, l) => n + l.qty, 0);
    sets = Math.min(sets, Math.floor(bought / Math.max(1, item.qty)));
  }
  return sets;
}

function messageMatches(keywords: string | null | undefined, message: string | null | undefined): boolean {
  const words = splitKeywords(keywords, 100).items.map((w) => w.toLowerCase());
  const text = (message ?? '').toLowerCase();
  return words.some((w) => text.includes(w));
}

const present = <T>(v: T | null | undefined): v is T => v !== null && v !== undefined && v !== '';

interface TierResult {
  /** The gifts of the tier with their quantities already multiplied. */
  gifts: { item: PromotionGiftItem; times: number }[];
  /** For "highest tier wins". */
  rank: Decimal;
}

/** Whether one tier (condition) is met, and with which gifts. */
function evaluateTier(rule: EvaluablePromotionRule, condition: EvaluablePromotionCondition, m: Measures, order: PromotionOrder): TierResult | null {
  const repeat = rule.repeatable && PROMOTION_RULE_TRAITS[rule.ruleType].repeatable;
  const all = (times: number) => condition.giftAC.map((item) => ({ item, times }));
  const inRange = (measure: Decimal, more: Decimal, less: Decimal | null): TierResult | null => {
    if (compareDecimals(measure, more) < 0) return null;
    if (less && compareDecimals(measure, less) >= 0) return null;
    return { gifts: all(repeat ? Math.max(1, timesIn(measure, more)) : 1), rank: more };
  };
  const qty = (n: number): Decimal => dec(n);
  const sumQty = (lines: PromotionOrderLine[]) => lines.reduce((n, l) => n + l.qty, 0);

  switch (rule.ruleType) {
    case 'AMOUNT_TYPE':
    case 'SKU_AMOUNT_TYPE': {
      if (!present(condition.amountMoreThan)) return null;
      const measure = rule.ruleType === 'AMOUNT_TYPE' ? m.orderAmount : sum(needBuyLines(rule, m, order).map(lineAmount));
      return inRange(measure, dec(condition.amountMoreThan), present(condition.amountLessThan) ? dec(condition.amountLessThan) : null);
    }
    case 'QTY_TYPE':
    case 'SKU_QTY_LIMIT_TYPE': {
      if (!present(condition.qtyMoreThan)) return null;
      const measure = rule.ruleType === 'QTY_TYPE' ? sumQty(m.lines) : sumQty(needBuyLines(rule, m, order));
      return inRange(qty(measure), qty(condition.qtyMoreThan), present(condition.qtyLessThan) ? qty(condition.qtyLessThan) : null);
    }
    case 'SKU_OTHER_TYPE': {
      const need = condition.qtyNeedBuy ?? 1;
      return inRange(qty(sumQty(needBuyLines(rule, m, order))), qty(need), null);
    }
    case 'SKU_QTY_TYPE': {
      const need = condition.qtyNeedBuy ?? 1;
      return inRange(qty(completeSets(rule, m, order)), qty(need), null);
    }
    case 'SKU_SELF_TYPE': {
      const need = Math.max(1, condition.qtyNeedBuy ?? 1);
      const gifts = condition.giftAC.flatMap((item) => {
        const bought = sumQty(m.lines.filter((l) => l.skuId === item.skuId));
        if (bought < need) return [];
        return [{ item, times: repeat ? Math.floor(bought / need) : 1 }];
      });
      return gifts.length ? { gifts, rank: qty(need) } : null;
    }
    case 'REMARK_TYPE': {
      const seller = present(condition.sellerMessage) ? condition.sellerMessage : null;
      const buyer = present(condition.buyerMessage) ? condition.buyerMessage : null;
      if (!seller && !buyer) return null;
      if (seller && !messageMatches(seller, order.sellerMessage)) return null;
      if (buyer && !messageMatches(buyer, order.buyerMessage)) return null;
      return { gifts: all(1), rank: ZERO };
    }
  }
}

/** Chooses `kind` distinct entries at random (a partial Fisher–Yates shuffle). */
function chooseRandom<T>(items: readonly T[], kind: number, random: () => number): T[] {
  const pool = [...items];
  const count = Math.min(Math.max(0, kind), pool.length);
  for (let i = 0; i < count; i++) {
    const j = i + Math.min(pool.length - i - 1, Math.floor(random() * (pool.length - i)));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, count);
}

function evaluateRule(rule: EvaluablePromotionRule, ruleIndex: number, promotion: EvaluablePromotion, m: Measures, order: PromotionOrder, random: () => number): PromotionGiftLine[] {
  const tiers = rule.ruleMode === 1 ? rule.conditionList.slice(0, 1) : rule.conditionList;
  let best: { tier: TierResult; index: number } | null = null;
  for (let index = 0; index < tiers.length; index++) {
    const tier = evaluateTier(rule, tiers[index]!, m, order);
    if (tier && (!best || compareDecimals(tier.rank, best.tier.rank) >= 0)) best = { tier, index };
  }
  if (!best) return [];
  const { tier, index } = best;
  const condition = tiers[index]!;
  const randomly = !!condition.randomGift && present(condition.randomKind);
  const chosen = randomly ? chooseRandom(tier.gifts, condition.randomKind!, random) : tier.gifts;
  return chosen.map(({ item, times }) => ({
    ...item,
    qty: item.qty * times,
    promotionId: promotion.id,
    promotionName: promotion.name,
    ruleIndex,
    ruleId: rule.id ?? null,
    ruleType: rule.ruleType,
    tierIndex: index,
    times,
    random: randomly,
  }));
}

/** Why a promotion does not apply to the order at all, or null when it may give. */
function gate(promotion: EvaluablePromotion, order: PromotionOrder): PromotionOutcome | null {
  if (!promotion.open) return 'CLOSED';
  const paid = toTime(order.payTime);
  if (!(paid >= toTime(promotion.fromTime) && paid <= toTime(promotion.toTime))) return 'OUTSIDE_TIME';
  if (promotion.storeIds.length && (order.storeId === null || !promotion.storeIds.includes(order.storeId))) return 'OTHER_STORE';
  const nick = order.buyerNick?.trim() ?? '';
  const listed = nick !== '' && promotion.nickList.some((n) => n.trim() === nick);
  if (promotion.nickConditionType === 'INCLUDE' && !listed) return 'NICK_NOT_INCLUDED';
  if (promotion.nickConditionType === 'EXCLUDE' && listed) return 'NICK_EXCLUDED';
  if (present(promotion.promotionAllCount) && (promotion.givenCount ?? 0) >= promotion.promotionAllCount) return 'CAP_REACHED';
  return null;
}

/** The gifts an order receives from the given promotions. */
export function evaluatePromotions(order: PromotionOrder, promotions: readonly EvaluablePromotion[], options: PromotionEvaluateOptions = {}): PromotionEvaluation {
  const random = options.random ?? Math.random;
  const lines = order.lines.filter((l) => !l.isGift && l.qty > 0);
  const measures: Measures = {
    lines,
    orderAmount: present(order.orderAmount) ? dec(order.orderAmount) : sum(lines.map(lineAmount)),
  };
  const result: PromotionEvaluation = { gifts: [], outcomes: [], givenPromotionIds: [] };
  for (const promotion of promotions) {
    const refused = gate(promotion, order);
    if (refused) {
      result.outcomes.push({ promotionId: promotion.id, outcome: refused });
      continue;
    }
    const gifts = promotion.ruleList.flatMap((rule, index) => evaluateRule(rule, index, promotion, measures, order, random)).filter((g) => g.qty > 0);
    result.outcomes.push({ promotionId: promotion.id, outcome: gifts.length ? 'GIVEN' : 'NO_RULE_MET' });
    if (gifts.length) {
      result.gifts.push(...gifts);
      result.givenPromotionIds.push(promotion.id);
    }
  }
  return result;
}
