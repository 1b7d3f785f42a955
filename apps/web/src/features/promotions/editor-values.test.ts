import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { evaluatePromotions, PromotionCreateInput, type SkuPick } from '@openseller/core';
import { emptyRule, evaluableOf, formPathOf, itemFromSkuPick, mergeItems, newEditorValues, payloadOf, splitNicks, type EditorValues } from './editor-values';

const pick = (id: number, code: string): SkuPick => ({
  id,
  spuId: 1,
  spuCode: 'SPU',
  code,
  name: `Goods ${code}`,
  specifications: null,
  color: null,
  size: null,
  barCode: null,
  price: '9.9000',
  weight: null,
  picUrl: null,
  isCombination: false,
  status: 'onsale',
});

function values(): EditorValues {
  const v = newEditorValues(dayjs('2026-03-01T00:00:00Z'));
  v.name = '  Spring  ';
  v.ruleList = [
    {
      ...emptyRule('QTY_TYPE'),
      ruleMode: 2,
      repeatable: true,
      conditionList: [
        // A stale amount left from another type must not be sent.
        { gifts: [{ ...itemFromSkuPick(pick(11, 'A')), qty: 2 }], qtyMoreThan: 2, amountMoreThan: '5', randomGift: false },
        { gifts: [itemFromSkuPick(pick(12, 'B')), itemFromSkuPick(pick(13, 'C'))], qtyMoreThan: 5, randomGift: true, randomKind: 1 },
      ],
    },
  ];
  return v;
}

describe('promotion editor values', () => {
  it('builds a payload the contract accepts, with only the fields the rule type reads', () => {
    const payload = payloadOf(values());
    expect(payload.name).toBe('Spring');
    expect(payload.ruleList[0]!.conditionList[0]).toEqual({ giftList: '11:2;', qtyMoreThan: 2, randomGift: false });
    expect(payload.ruleList[0]!.conditionList[1]).toEqual({ giftList: '12:1;13:1;', qtyMoreThan: 5, randomGift: true, randomKind: 1 });
    expect(PromotionCreateInput.safeParse(payload).success).toBe(true);
  });

  it('sends one condition in single mode and no nicks without a nick condition', () => {
    const v = values();
    v.ruleList[0]!.ruleMode = 1;
    v.nickText = 'amy\nbob';
    expect(payloadOf(v).ruleList[0]!.conditionList).toHaveLength(1);
    expect(payloadOf(v).nickList).toEqual([]);
    v.nickConditionType = 'INCLUDE';
    expect(payloadOf(v).nickList).toEqual(['amy', 'bob']);
  });

  it('lets the try panel evaluate the promotion being edited', () => {
    const result = evaluatePromotions({ storeId: 1, payTime: '2026-03-05T00:00:00Z', lines: [{ skuId: 1, qty: 10 }] }, [evaluableOf(values())], { random: () => 0 });
    expect(result.gifts.map((g) => [g.skuId, g.qty, g.tierIndex])).toEqual([[12, 2, 1]]);
  });

  it('splits nick lists on lines, commas and semicolons, once each', () => {
    expect(splitNicks(' amy \nbob,carol；amy\n\n')).toEqual(['amy', 'bob', 'carol']);
  });

  it('adds picked goods without repeating those already listed', () => {
    const list = [{ ...itemFromSkuPick(pick(11, 'A')), qty: 3 }];
    expect(mergeItems(list, [itemFromSkuPick(pick(11, 'A')), itemFromSkuPick(pick(12, 'B'))]).map((i) => [i.id, i.qty])).toEqual([
      [11, 3],
      [12, 1],
    ]);
  });

  it('puts server field errors next to the form field', () => {
    expect(formPathOf('toTime')).toEqual(['range']);
    expect(formPathOf('nickList')).toEqual(['nickText']);
    expect(formPathOf('storeIds')).toEqual(['storeIds']);
    expect(formPathOf('ruleList.0.conditionList.1.giftList')).toEqual(['ruleList', 0, 'conditionList', 1, 'gifts']);
    expect(formPathOf('ruleList.2.conditionList.0.amountMoreThan')).toEqual(['ruleList', 2, 'conditionList', 0, 'amountMoreThan']);
    expect(formPathOf('ruleList.1.needBuySkuList')).toEqual(['ruleList', 1, 'needBuy']);
    expect(formPathOf('ruleList.1.conditionList')).toEqual(['ruleList', 1, 'conditionList']);
    expect(formPathOf('(body)')).toBeNull();
  });
});
