import { describe, expect, it } from 'vitest';
import {
  evaluatePromotions,
  formatGiftList,
  parseGiftList,
  seededPromotionRandom,
  type EvaluablePromotion,
  type EvaluablePromotionCondition,
  type EvaluablePromotionRule,
  type PromotionOrder,
  type PromotionOrderLine,
} from './promotions.js';

// SKU 1 mug, 2 tea, 3 spoon; gifts 100 (sticker), 101 (coaster), 102 (bag), 103 (pen).
const gift = (skuId: number, qty = 1) => ({ skuId, qty, skuCode: `G${skuId}`, skuName: `Gift ${skuId}` });

function promotion(rules: EvaluablePromotionRule[], extra: Partial<EvaluablePromotion> = {}): EvaluablePromotion {
  return {
    id: 7,
    name: 'Spring',
    open: true,
    fromTime: '2026-03-01 00:00:00',
    toTime: '2026-03-31 23:59:59',
    storeIds: [],
    nickConditionType: 'NONE',
    nickList: [],
    promotionAllCount: null,
    givenCount: 0,
    ruleList: rules,
    ...extra,
  };
}

function rule(ruleType: EvaluablePromotionRule['ruleType'], conditionList: EvaluablePromotionCondition[], extra: Partial<EvaluablePromotionRule> = {}): EvaluablePromotionRule {
  return { ruleType, ruleMode: conditionList.length > 1 ? 2 : 1, repeatable: false, conditionList, ...extra };
}

function order(lines: PromotionOrderLine[], extra: Partial<PromotionOrder> = {}): PromotionOrder {
  return { storeId: 5, buyerNick: 'alice', payTime: '2026-03-10T08:00:00', lines, ...extra };
}

const mugs = (qty: number, price = '10.00'): PromotionOrderLine => ({ skuId: 1, skuCode: 'MUG', qty, price });
const tea = (qty: number, price = '25.50'): PromotionOrderLine => ({ skuId: 2, skuCode: 'TEA', qty, price });
const giftsOf = (p: EvaluablePromotion, o: PromotionOrder, random?: () => number) =>
  evaluatePromotions(o, [p], random ? { random } : {}).gifts.map((g) => ({ skuId: g.skuId, qty: g.qty }));

describe("the 'id:qty;' gift list", () => {
  it('parses pairs, tolerating spaces and a missing last semicolon', () => {
    expect(parseGiftList('12:1;13:2;')).toEqual({ ok: true, items: [{ id: 12, qty: 1 }, { id: 13, qty: 2 }] });
    expect(parseGiftList(' 12 : 1 ; 13:2')).toEqual({ ok: true, items: [{ id: 12, qty: 1 }, { id: 13, qty: 2 }] });
    expect(parseGiftList('')).toEqual({ ok: true, items: [] });
  });

  it('refuses quantities that are not positive whole numbers', () => {
    expect(parseGiftList('12:0;')).toEqual({ ok: false, problem: 'QTY', pair: '12:0' });
    expect(parseGiftList('12:-1;')).toMatchObject({ ok: false, problem: 'QTY' });
    expect(parseGiftList('12:1.5;')).toMatchObject({ ok: false, problem: 'QTY' });
    expect(parseGiftList('12:100000;')).toMatchObject({ ok: false, problem: 'QTY' });
  });

  it('refuses bad ids, malformed pairs and the same id twice', () => {
    expect(parseGiftList('abc:1;')).toMatchObject({ ok: false, problem: 'ID' });
    expect(parseGiftList('12;')).toMatchObject({ ok: false, problem: 'FORMAT' });
    expect(parseGiftList('12:1:3;')).toMatchObject({ ok: false, problem: 'FORMAT' });
    expect(parseGiftList('12:1;12:2;')).toMatchObject({ ok: false, problem: 'DUPLICATE', pair: '12:2' });
  });

  it('formats every pair with its closing semicolon, and round-trips', () => {
    const text = formatGiftList([{ id: 12, qty: 1 }, { id: 13, qty: 2 }]);
    expect(text).toBe('12:1;13:2;');
    const parsed = parseGiftList(text);
    expect(parsed.ok && formatGiftList(parsed.items)).toBe(text);
  });
});

describe('AMOUNT_TYPE (full-amount gift)', () => {
  const p = promotion([rule('AMOUNT_TYPE', [{ giftAC: [gift(100)], amountMoreThan: '100' }])]);

  it('gives when the order amount reaches the threshold (more than means at least)', () => {
    expect(giftsOf(p, order([mugs(10)]))).toEqual([{ skuId: 100, qty: 1 }]);
    expect(giftsOf(p, order([mugs(9, '11.1111')]))).toEqual([]);
  });

  it('uses the order amount fact when given, not the line prices', () => {
    expect(giftsOf(p, order([mugs(20)], { orderAmount: '99.9999' }))).toEqual([]);
    expect(giftsOf(p, order([mugs(1)], { orderAmount: '100.0000' }))).toEqual([{ skuId: 100, qty: 1 }]);
  });

  it('treats "less than" as an exclusive upper bound', () => {
    const capped = promotion([rule('AMOUNT_TYPE', [{ giftAC: [gift(100)], amountMoreThan: '100', amountLessThan: '200' }])]);
    expect(giftsOf(capped, order([mugs(19, '10.5263')]))).toEqual([{ skuId: 100, qty: 1 }]);
    expect(giftsOf(capped, order([mugs(20)]))).toEqual([]);
  });

  it('does not count gift lines already on the order', () => {
    expect(giftsOf(p, order([mugs(5), { ...mugs(5), isGift: true }]))).toEqual([]);
  });

  it('sums amounts exactly, without float errors', () => {
    const exact = promotion([rule('AMOUNT_TYPE', [{ giftAC: [gift(100)], amountMoreThan: '0.3' }])]);
    expect(giftsOf(exact, order([{ skuId: 1, qty: 1, amount: '0.1' }, { skuId: 2, qty: 1, amount: '0.2' }]))).toEqual([{ skuId: 100, qty: 1 }]);
  });
});

describe('QTY_TYPE (full-quantity gift)', () => {
  it('counts the quantity of every goods line', () => {
    const p = promotion([rule('QTY_TYPE', [{ giftAC: [gift(100, 2)], qtyMoreThan: 3 }])]);
    expect(giftsOf(p, order([mugs(1), tea(2)]))).toEqual([{ skuId: 100, qty: 2 }]);
    expect(giftsOf(p, order([mugs(1), tea(1)]))).toEqual([]);
  });
});

describe('SKU_SELF_TYPE (buy one get more)', () => {
  const p = (extra: Partial<EvaluablePromotionRule> = {}) => promotion([rule('SKU_SELF_TYPE', [{ giftAC: [gift(1, 1), gift(2, 1)], qtyNeedBuy: 2 }], extra)]);

  it('gives each listed goods to the orders that buy enough of that same goods', () => {
    expect(giftsOf(p(), order([mugs(2), tea(1)]))).toEqual([{ skuId: 1, qty: 1 }]);
    expect(giftsOf(p(), order([mugs(1), tea(1)]))).toEqual([]);
  });

  it('repeats per goods when repeatable', () => {
    expect(giftsOf(p({ repeatable: true }), order([mugs(5), tea(4)]))).toEqual([
      { skuId: 1, qty: 2 },
      { skuId: 2, qty: 2 },
    ]);
  });
});

describe('SKU_OTHER_TYPE (gift for specified goods)', () => {
  const p = (qtyNeedBuy?: number) =>
    promotion([rule('SKU_OTHER_TYPE', [{ giftAC: [gift(100)], ...(qtyNeedBuy ? { qtyNeedBuy } : {}) }], { needBuySkuAC: [{ skuId: 1, qty: 1 }, { skuId: 3, qty: 1 }] })]);

  it('gives when any of the specified goods is bought', () => {
    expect(giftsOf(p(), order([mugs(1)]))).toEqual([{ skuId: 100, qty: 1 }]);
    expect(giftsOf(p(), order([tea(9)]))).toEqual([]);
  });

  it('needs qtyNeedBuy units of the specified goods, in any mix', () => {
    expect(giftsOf(p(3), order([mugs(2), { skuId: 3, qty: 1 }]))).toEqual([{ skuId: 100, qty: 1 }]);
    expect(giftsOf(p(3), order([mugs(2), tea(5)]))).toEqual([]);
  });

  it('matches online SKU ids when the rule is on online goods', () => {
    const online = promotion([rule('SKU_OTHER_TYPE', [{ giftAC: [gift(100)] }], { onlineSku: true, needBuySkuAC: [{ tbSkuId: 'TB-9', storeId: 5, qty: 1 }] })]);
    expect(giftsOf(online, order([{ skuId: 1, tbSkuId: 'TB-9', qty: 1 }]))).toEqual([{ skuId: 100, qty: 1 }]);
    expect(giftsOf(online, order([{ skuId: 1, tbSkuId: 'TB-9', qty: 1 }], { storeId: 6 }))).toEqual([]);
    expect(giftsOf(online, order([{ skuId: 1, tbSkuId: 'TB-8', qty: 1 }]))).toEqual([]);
  });
});

describe('SKU_QTY_TYPE (gift for buying several together)', () => {
  const together = (extra: Partial<EvaluablePromotionRule> = {}, qtyNeedBuy?: number) =>
    promotion([
      rule('SKU_QTY_TYPE', [{ giftAC: [gift(101)], ...(qtyNeedBuy ? { qtyNeedBuy } : {}) }], {
        needBuySkuAC: [
          { skuId: 1, qty: 1 },
          { skuId: 2, qty: 2 },
        ],
        ...extra,
      }),
    ]);

  it('needs every listed goods at its listed quantity', () => {
    expect(giftsOf(together(), order([mugs(1), tea(2)]))).toEqual([{ skuId: 101, qty: 1 }]);
    expect(giftsOf(together(), order([mugs(1), tea(1)]))).toEqual([]);
    expect(giftsOf(together(), order([tea(4)]))).toEqual([]);
  });

  it('counts complete sets against qtyNeedBuy and when repeating', () => {
    expect(giftsOf(together({}, 2), order([mugs(2), tea(3)]))).toEqual([]);
    expect(giftsOf(together({}, 2), order([mugs(2), tea(4)]))).toEqual([{ skuId: 101, qty: 1 }]);
    expect(giftsOf(together({ repeatable: true }), order([mugs(3), tea(5)]))).toEqual([{ skuId: 101, qty: 2 }]);
  });
});

describe('REMARK_TYPE (gift for message remark)', () => {
  it('matches any keyword in the seller message, ignoring case', () => {
    const p = promotion([rule('REMARK_TYPE', [{ giftAC: [gift(102)], sellerMessage: 'VIP，送袋' }])]);
    expect(giftsOf(p, order([mugs(1)], { sellerMessage: 'old vip customer' }))).toEqual([{ skuId: 102, qty: 1 }]);
    expect(giftsOf(p, order([mugs(1)], { sellerMessage: '请送袋子' }))).toEqual([{ skuId: 102, qty: 1 }]);
    expect(giftsOf(p, order([mugs(1)], { sellerMessage: 'nothing', buyerMessage: 'vip' }))).toEqual([]);
  });

  it('needs both messages when both are set', () => {
    const p = promotion([rule('REMARK_TYPE', [{ giftAC: [gift(102)], sellerMessage: 'vip', buyerMessage: 'gift' }])]);
    expect(giftsOf(p, order([mugs(1)], { sellerMessage: 'vip', buyerMessage: 'a gift please' }))).toEqual([{ skuId: 102, qty: 1 }]);
    expect(giftsOf(p, order([mugs(1)], { sellerMessage: 'vip', buyerMessage: '' }))).toEqual([]);
  });

  it('does not repeat even when marked repeatable', () => {
    const p = promotion([rule('REMARK_TYPE', [{ giftAC: [gift(102, 2)], buyerMessage: 'gift' }], { repeatable: true })]);
    expect(giftsOf(p, order([mugs(9)], { buyerMessage: 'gift gift gift' }))).toEqual([{ skuId: 102, qty: 2 }]);
  });
});

describe('SKU_AMOUNT_TYPE (specified-goods full-amount gift)', () => {
  it('counts only the amount of the specified goods', () => {
    const p = promotion([rule('SKU_AMOUNT_TYPE', [{ giftAC: [gift(100)], amountMoreThan: '50' }], { needBuySkuAC: [{ skuId: 2, qty: 1 }] })]);
    expect(giftsOf(p, order([tea(2)]))).toEqual([{ skuId: 100, qty: 1 }]);
    expect(giftsOf(p, order([tea(1), mugs(10)]))).toEqual([]);
  });
});

describe('SKU_QTY_LIMIT_TYPE (specified-goods full-quantity gift)', () => {
  it('counts only the quantity of the specified goods, within the range', () => {
    const p = promotion([rule('SKU_QTY_LIMIT_TYPE', [{ giftAC: [gift(100)], qtyMoreThan: 2, qtyLessThan: 4 }], { needBuySkuAC: [{ skuId: 1, qty: 1 }] })]);
    expect(giftsOf(p, order([mugs(2), tea(5)]))).toEqual([{ skuId: 100, qty: 1 }]);
    expect(giftsOf(p, order([mugs(1), tea(5)]))).toEqual([]);
    expect(giftsOf(p, order([mugs(4)]))).toEqual([]);
  });
});

describe('modes and repetition', () => {
  const tiers: EvaluablePromotionCondition[] = [
    { giftAC: [gift(100)], amountMoreThan: '100' },
    { giftAC: [gift(101)], amountMoreThan: '300' },
    { giftAC: [gift(102)], amountMoreThan: '200' },
  ];

  it('gives only the highest tier met in multi-tier mode, whatever the order of the tiers', () => {
    const p = promotion([rule('AMOUNT_TYPE', tiers)]);
    expect(giftsOf(p, order([mugs(25)]))).toEqual([{ skuId: 102, qty: 1 }]);
    expect(giftsOf(p, order([mugs(35)]))).toEqual([{ skuId: 101, qty: 1 }]);
    expect(giftsOf(p, order([mugs(12)]))).toEqual([{ skuId: 100, qty: 1 }]);
    expect(evaluatePromotions(order([mugs(25)]), [p]).gifts[0]).toMatchObject({ tierIndex: 2, ruleIndex: 0, promotionId: 7, promotionName: 'Spring' });
  });

  it('reads only the first condition in single mode', () => {
    const p = promotion([{ ...rule('AMOUNT_TYPE', tiers), ruleMode: 1 }]);
    expect(giftsOf(p, order([mugs(35)]))).toEqual([{ skuId: 100, qty: 1 }]);
  });

  it('multiplies the gift by how many times the threshold is met when repeatable', () => {
    const p = promotion([rule('AMOUNT_TYPE', [{ giftAC: [gift(100, 2)], amountMoreThan: '100' }], { repeatable: true })]);
    const result = evaluatePromotions(order([mugs(35)]), [p]);
    expect(result.gifts).toMatchObject([{ skuId: 100, qty: 6, times: 3 }]);
    const once = promotion([rule('AMOUNT_TYPE', [{ giftAC: [gift(100, 2)], amountMoreThan: '100' }])]);
    expect(giftsOf(once, order([mugs(35)]))).toEqual([{ skuId: 100, qty: 2 }]);
  });

  it('repeats by the winning tier threshold in multi-tier mode', () => {
    const p = promotion([rule('QTY_TYPE', [{ giftAC: [gift(100)], qtyMoreThan: 2 }, { giftAC: [gift(101)], qtyMoreThan: 5 }], { repeatable: true })]);
    expect(giftsOf(p, order([mugs(11)]))).toEqual([{ skuId: 101, qty: 2 }]);
  });

  it('applies every rule of a promotion, naming the rule that gave each gift', () => {
    const p = promotion([
      rule('QTY_TYPE', [{ giftAC: [gift(100)], qtyMoreThan: 1 }], { id: 31 }),
      rule('REMARK_TYPE', [{ giftAC: [gift(102)], buyerMessage: 'bag' }], { id: 32 }),
    ]);
    const result = evaluatePromotions(order([mugs(1)], { buyerMessage: 'a bag please' }), [p]);
    expect(result.gifts.map((g) => [g.ruleId, g.ruleIndex, g.ruleType, g.skuId])).toEqual([
      [31, 0, 'QTY_TYPE', 100],
      [32, 1, 'REMARK_TYPE', 102],
    ]);
    expect(result.givenPromotionIds).toEqual([7]);
  });
});

describe('random gifts', () => {
  const p = (randomKind: number) =>
    promotion([rule('QTY_TYPE', [{ giftAC: [gift(100), gift(101), gift(102), gift(103)], qtyMoreThan: 1, randomGift: true, randomKind }], { repeatable: true })]);

  it('gives randomKind distinct gifts out of the list, chosen by the injected random source', () => {
    const result = evaluatePromotions(order([mugs(2)]), [p(2)], { random: seededPromotionRandom(42) });
    expect(result.gifts).toHaveLength(2);
    expect(new Set(result.gifts.map((g) => g.skuId)).size).toBe(2);
    expect(result.gifts.every((g) => g.random && g.qty === 2)).toBe(true);
  });

  it('is reproducible with the same seed and follows the source', () => {
    const a = giftsOf(p(2), order([mugs(1)]), seededPromotionRandom(7));
    const b = giftsOf(p(2), order([mugs(1)]), seededPromotionRandom(7));
    expect(a).toEqual(b);
    // A source always answering 0 keeps the list order; one close to 1 takes from the end.
    expect(giftsOf(p(2), order([mugs(1)]), () => 0)).toEqual([{ skuId: 100, qty: 1 }, { skuId: 101, qty: 1 }]);
    expect(giftsOf(p(1), order([mugs(1)]), () => 0.9999)).toEqual([{ skuId: 103, qty: 1 }]);
  });

  it('gives every gift once when randomKind covers the whole list', () => {
    expect(giftsOf(p(9), order([mugs(1)]), () => 0.5).map((g) => g.skuId).sort()).toEqual([100, 101, 102, 103]);
  });

  it('spreads the choice over the whole list', () => {
    const random = seededPromotionRandom(2026);
    const seen = new Set<number>();
    for (let i = 0; i < 200; i++) for (const g of giftsOf(p(1), order([mugs(1)]), random)) seen.add(g.skuId);
    expect([...seen].sort()).toEqual([100, 101, 102, 103]);
  });
});

describe('promotion scope', () => {
  const base = [rule('QTY_TYPE', [{ giftAC: [gift(100)], qtyMoreThan: 1 }])];
  const outcome = (p: EvaluablePromotion, o: PromotionOrder) => evaluatePromotions(o, [p]).outcomes[0]!.outcome;

  it('never gives from a closed promotion', () => {
    const p = promotion(base, { open: false });
    expect(outcome(p, order([mugs(1)]))).toBe('CLOSED');
    expect(giftsOf(p, order([mugs(1)]))).toEqual([]);
  });

  it('checks the pay time against the window, inclusive at both ends', () => {
    const p = promotion(base, { fromTime: new Date('2026-03-01T00:00:00Z'), toTime: new Date('2026-03-31T00:00:00Z') });
    expect(outcome(p, order([mugs(1)], { payTime: new Date('2026-03-01T00:00:00Z') }))).toBe('GIVEN');
    expect(outcome(p, order([mugs(1)], { payTime: new Date('2026-03-31T00:00:00Z') }))).toBe('GIVEN');
    expect(outcome(p, order([mugs(1)], { payTime: new Date('2026-02-28T23:59:59Z') }))).toBe('OUTSIDE_TIME');
    expect(outcome(p, order([mugs(1)], { payTime: new Date('2026-03-31T00:00:01Z') }))).toBe('OUTSIDE_TIME');
  });

  it('limits to the listed stores; no stores means every store', () => {
    expect(outcome(promotion(base, { storeIds: [5, 8] }), order([mugs(1)]))).toBe('GIVEN');
    expect(outcome(promotion(base, { storeIds: [8] }), order([mugs(1)]))).toBe('OTHER_STORE');
    expect(outcome(promotion(base), order([mugs(1)], { storeId: 99 }))).toBe('GIVEN');
  });

  it('gives only to listed buyer nicks with an include list', () => {
    const p = promotion(base, { nickConditionType: 'INCLUDE', nickList: ['alice', 'bob'] });
    expect(outcome(p, order([mugs(1)], { buyerNick: ' alice ' }))).toBe('GIVEN');
    expect(outcome(p, order([mugs(1)], { buyerNick: 'carol' }))).toBe('NICK_NOT_INCLUDED');
    expect(outcome(p, order([mugs(1)], { buyerNick: null }))).toBe('NICK_NOT_INCLUDED');
  });

  it('gives to everyone but the listed buyer nicks with an exclude list', () => {
    const p = promotion(base, { nickConditionType: 'EXCLUDE', nickList: ['alice'] });
    expect(outcome(p, order([mugs(1)], { buyerNick: 'alice' }))).toBe('NICK_EXCLUDED');
    expect(outcome(p, order([mugs(1)], { buyerNick: 'bob' }))).toBe('GIVEN');
    expect(outcome(p, order([mugs(1)], { buyerNick: null }))).toBe('GIVEN');
  });

  it('stops giving once promotionAllCount orders received gifts', () => {
    expect(outcome(promotion(base, { promotionAllCount: 3, givenCount: 2 }), order([mugs(1)]))).toBe('GIVEN');
    expect(outcome(promotion(base, { promotionAllCount: 3, givenCount: 3 }), order([mugs(1)]))).toBe('CAP_REACHED');
    expect(outcome(promotion(base, { promotionAllCount: null, givenCount: 10_000 }), order([mugs(1)]))).toBe('GIVEN');
  });

  it('says when no rule is met, and lists only the promotions that gave', () => {
    const other = promotion(base, { id: 8, name: 'Other', open: false });
    const result = evaluatePromotions(order([{ ...mugs(1), isGift: true }]), [promotion(base), other]);
    expect(result.outcomes).toEqual([
      { promotionId: 7, outcome: 'NO_RULE_MET' },
      { promotionId: 8, outcome: 'CLOSED' },
    ]);
    expect(result.givenPromotionIds).toEqual([]);
  });
});
