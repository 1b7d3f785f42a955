// The editor's form values and their conversions: from a saved promotion, to the API payload,
// to what the evaluator reads (the "try it" panel), and server field names to form paths.
import dayjs, { type Dayjs } from 'dayjs';
import {
  formatGiftList,
  PROMOTION_RULE_TRAITS,
  type EvaluablePromotion,
  type NickConditionType,
  type PromotionCreateInput,
  type PromotionNeedBuyItemView,
  type PromotionRuleMode,
  type PromotionRuleType,
  type PromotionView,
  type SkuPick,
} from '@openseller/core';

/** A goods row of a gift list or a need-buy list. */
export type GoodsItem = Omit<PromotionNeedBuyItemView, 'skuId'> & { skuId: number | null };

export interface ConditionValues {
  gifts: GoodsItem[];
  qtyMoreThan?: number | null;
  qtyLessThan?: number | null;
  amountMoreThan?: string | null;
  amountLessThan?: string | null;
  randomGift: boolean;
  randomKind?: number | null;
  qtyNeedBuy?: number | null;
  sellerMessage?: string | null;
  buyerMessage?: string | null;
}

export interface RuleValues {
  ruleType: PromotionRuleType;
  ruleMode: PromotionRuleMode;
  repeatable: boolean;
  onlineSku: boolean;
  needBuy: GoodsItem[];
  conditionList: ConditionValues[];
}

export interface EditorValues {
  name: string;
  range: [Dayjs, Dayjs] | null;
  open: boolean;
  storeIds: number[];
  nickConditionType: NickConditionType;
  /** One nick per line (commas and semicolons also separate). */
  nickText: string;
  promotionAllCount?: number | null;
  ruleList: RuleValues[];
}

export const emptyCondition = (): ConditionValues => ({ gifts: [], randomGift: false });

export const emptyRule = (ruleType: PromotionRuleType = 'AMOUNT_TYPE'): RuleValues => ({
  ruleType,
  ruleMode: 1,
  repeatable: false,
  onlineSku: false,
  needBuy: [],
  conditionList: [emptyCondition()],
});

export function newEditorValues(now: Dayjs = dayjs()): EditorValues {
  return {
    name: '',
    range: [now.startOf('day'), now.add(30, 'day').endOf('day')],
    open: true,
    storeIds: [],
    nickConditionType: 'NONE',
    nickText: '',
    promotionAllCount: null,
    ruleList: [emptyRule()],
  };
}

const NO_ONLINE = { platformCode: null, tbSpuId: null, tbSkuId: null, storeId: null, storeName: null, skuPicUrl: null };

/** A SKU chosen in the goods picker, as a list row of quantity 1. */
export function itemFromSkuPick(sku: SkuPick): GoodsItem {
  return {
    id: sku.id,
    skuId: sku.id,
    qty: 1,
    skuCode: sku.code,
    skuName: sku.name,
    skuSpecifications: sku.specifications,
    skuPrice: sku.price,
    color: sku.color,
    size: sku.size,
    isCombination: sku.isCombination,
    ...NO_ONLINE,
    skuPicUrl: sku.picUrl,
  };
}

/** Adds chosen goods to a list; goods already listed keep their quantity. */
export function mergeItems(list: readonly GoodsItem[], added: readonly GoodsItem[]): GoodsItem[] {
  const known = new Set(list.map((i) => i.id));
  return [...list, ...added.filter((i) => !known.has(i.id))];
}

export function splitNicks(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\n,;，；]/)
        .map((n) => n.trim())
        .filter(Boolean),
    ),
  ];
}

export function editorValuesOf(view: PromotionView): EditorValues {
  return {
    name: view.name,
    range: [dayjs(view.fromTime), dayjs(view.toTime)],
    open: view.open,
    storeIds: view.storeIds,
    nickConditionType: view.nickConditionType,
    nickText: view.nickList.join('\n'),
    promotionAllCount: view.promotionAllCount,
    ruleList: view.ruleList.map((rule) => ({
      ruleType: rule.ruleType,
      ruleMode: rule.ruleMode,
      repeatable: rule.repeatable,
      onlineSku: rule.onlineSku,
      needBuy: rule.needBuySkuAC,
      conditionList: rule.conditionList.map((c) => ({
        gifts: c.giftAC.map((g) => ({ ...g, ...NO_ONLINE })),
        qtyMoreThan: c.qtyMoreThan,
        qtyLessThan: c.qtyLessThan,
        amountMoreThan: c.amountMoreThan,
        amountLessThan: c.amountLessThan,
        randomGift: c.randomGift,
        randomKind: c.randomKind,
        qtyNeedBuy: c.qtyNeedBuy,
        sellerMessage: c.sellerMessage,
        buyerMessage: c.buyerMessage,
      })),
    })),
  };
}

const listText = (items: readonly GoodsItem[]) => formatGiftList(items.map((i) => ({ id: i.id, qty: i.qty })));
const given = <T>(v: T | null | undefined): v is T => v !== null && v !== undefined && v !== '';

/** The condition fields a rule type reads, and nothing else (the server refuses the others). */
function conditionPayload(ruleType: PromotionRuleType, c: ConditionValues) {
  const fields = PROMOTION_RULE_TRAITS[ruleType].fields;
  const pick = <K extends (typeof fields)[number]>(key: K) => (fields.includes(key) && given(c[key]) ? { [key]: typeof c[key] === 'string' ? (c[key] as string).trim() || null : c[key] } : {});
  return {
    giftList: listText(c.gifts),
    ...pick('qtyMoreThan'),
    ...pick('qtyLessThan'),
    ...pick('amountMoreThan'),
    ...pick('amountLessThan'),
    ...pick('qtyNeedBuy'),
    ...pick('sellerMessage'),
    ...pick('buyerMessage'),
    randomGift: c.randomGift,
    ...(c.randomGift && given(c.randomKind) ? { randomKind: c.randomKind } : {}),
  };
}

export function payloadOf(values: EditorValues): PromotionCreateInput {
  const nickList = values.nickConditionType === 'NONE' ? [] : splitNicks(values.nickText);
  return {
    name: values.name.trim(),
    fromTime: values.range?.[0].toISOString() ?? '',
    toTime: values.range?.[1].toISOString() ?? '',
    storeIds: values.storeIds,
    nickConditionType: values.nickConditionType,
    nickList,
    promotionAllCount: given(values.promotionAllCount) ? values.promotionAllCount : null,
    open: values.open,
    ruleList: values.ruleList.map((rule) => {
      const traits = PROMOTION_RULE_TRAITS[rule.ruleType];
      const tiers = rule.ruleMode === 1 ? rule.conditionList.slice(0, 1) : rule.conditionList;
      return {
        ruleType: rule.ruleType,
        ruleMode: rule.ruleMode,
        repeatable: traits.repeatable && rule.repeatable,
        onlineSku: traits.needsGoods && rule.onlineSku,
        needBuySkuList: traits.needsGoods ? listText(rule.needBuy) : '',
        conditionList: tiers.map((c) => conditionPayload(rule.ruleType, c)),
      };
    }) as PromotionCreateInput['ruleList'],
  };
}

/** The promotion being edited, as the evaluator reads it (for the "try it" panel). */
export function evaluableOf(values: EditorValues, id = 0): EvaluablePromotion {
  const payload = payloadOf(values);
  return {
    id,
    name: payload.name,
    open: true,
    fromTime: payload.fromTime,
    toTime: payload.toTime,
    storeIds: payload.storeIds,
    nickConditionType: payload.nickConditionType,
    nickList: payload.nickList,
    promotionAllCount: null,
    givenCount: 0,
    ruleList: values.ruleList.map((rule, r) => ({
      ruleType: rule.ruleType,
      ruleMode: rule.ruleMode,
      repeatable: payload.ruleList[r]!.repeatable,
      onlineSku: payload.ruleList[r]!.onlineSku,
      needBuySkuAC: rule.needBuy.map((i) => ({ skuId: i.skuId, tbSkuId: i.tbSkuId, storeId: i.storeId, qty: i.qty })),
      conditionList: payload.ruleList[r]!.conditionList.map((c, i) => ({
        ...c,
        giftAC: (rule.conditionList[i]?.gifts ?? []).filter((g) => g.skuId !== null).map((g) => ({ ...g, skuId: g.skuId! })),
      })),
    })),
  };
}

/**
 * Where a server field lands in the form: 'ruleList.0.conditionList.1.giftList' is the gifts of
 * that tier, fromTime/toTime the time range, nickList the nick text.
 */
export function formPathOf(field: string): (string | number)[] | null {
  if (field === 'fromTime' || field === 'toTime') return ['range'];
  if (field === 'nickList' || field.startsWith('nickList.')) return ['nickText'];
  if (['name', 'storeIds', 'nickConditionType', 'promotionAllCount', 'open'].includes(field)) return [field];
  const parts = field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  if (parts[0] !== 'ruleList' || typeof parts[1] !== 'number') return null;
  if (parts.length === 2) return ['ruleList', parts[1]];
  const rename: Record<string, string> = { needBuySkuList: 'needBuy', giftList: 'gifts' };
  if (parts[2] === 'conditionList' && typeof parts[3] === 'number' && typeof parts[4] === 'string') return ['ruleList', parts[1], 'conditionList', parts[3], rename[parts[4]] ?? parts[4]];
  if (parts[2] === 'conditionList') return ['ruleList', parts[1], 'conditionList'];
  if (typeof parts[2] === 'string') return ['ruleList', parts[1], rename[parts[2]] ?? parts[2]];
  return null;
}
