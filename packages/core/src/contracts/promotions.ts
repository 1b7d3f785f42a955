// Gift promotions (spec 02 §3.3, §7.5): the payloads of /myhome/promotion and the answers.
// Field names are the spec's. A rule's type decides which condition fields it reads
// (PROMOTION_RULE_TRAITS); a field the type does not read is refused rather than silently ignored.
import { z } from 'zod';
import { decimalPlaces, formatDecimal, isDecimalText } from '../rules/decimal.js';
import {
  NICK_CONDITION_TYPES,
  parseGiftList,
  PROMOTION_RULE_MODES,
  PROMOTION_RULE_TYPES,
  PROMOTION_RULE_TRAITS,
  type PromotionConditionField,
  type GiftListProblem,
  type NickConditionType,
} from '../rules/promotions.js';
import { DateTimeText, Id, PageQuery, parseDateTimeText, Text, Version } from './common.js';

export const PromotionErrors = {
  /** A gift or need-buy SKU (or online SKU) that does not exist in the caller's domain. */
  UNKNOWN_SKU: 'ERR_PROMOTIONS_UNKNOWN_SKU',
  /** A store of storeIds that does not exist in the caller's domain. */
  UNKNOWN_STORE: 'ERR_PROMOTIONS_UNKNOWN_STORE',
  NAME_TAKEN: 'ERR_PROMOTIONS_NAME_TAKEN',
} as const;

/** Statuses of the list, from the promotion's time window and the current time. */
export const PROMOTION_TIME_STATUSES = ['NOT_STARTED', 'RUNNING', 'ENDED'] as const;
export type PromotionTimeStatus = (typeof PROMOTION_TIME_STATUSES)[number];

const GIFT_LIST_MESSAGES: Record<GiftListProblem, string> = {
  FORMAT: "expected 'id:qty;' pairs",
  ID: 'ids must be positive whole numbers',
  QTY: 'quantities must be whole numbers from 1 to 99999',
  DUPLICATE: 'the same goods is listed twice',
};

/** Text of 'id:qty;' pairs; answers the problem of the first bad pair. */
export function giftListProblem(text: string): string | null {
  const parsed = parseGiftList(text);
  return parsed.ok ? null : `${GIFT_LIST_MESSAGES[parsed.problem]} ('${parsed.pair}')`;
}

const MAX_AMOUNT_DIGITS = 14;

/** A money threshold: up to 4 decimals, not negative; answered as text. */
export const PromotionAmount = z
  .union([z.number(), z.string().trim()])
  .refine((v) => isDecimalText(String(v)) && !String(v).startsWith('-'), 'Must be a number that is not negative')
  .refine((v) => decimalPlaces(v) <= 4, 'At most 4 decimals')
  .refine((v) => String(v).split('.')[0]!.replace(/^[+]/, '').length <= MAX_AMOUNT_DIGITS, 'Too large')
  .transform((v) => formatDecimal(v, 4));

const Quantity = z.number().int().min(1).max(99_999);
const Keywords = z
  .string()
  .trim()
  .max(200)
  .nullish()
  .transform((v) => (v ? v : null));

export const PromotionConditionInput = z.object({
  /** 'id:qty;' pairs of SKU ids and quantities. */
  giftList: z.string().trim().max(4000),
  qtyMoreThan: Quantity.nullish(),
  qtyLessThan: Quantity.nullish(),
  amountMoreThan: PromotionAmount.nullish(),
  amountLessThan: PromotionAmount.nullish(),
  randomGift: z.boolean().default(false),
  /** How many of the listed gifts are given, chosen at random. */
  randomKind: z.number().int().min(1).max(100).nullish(),
  qtyNeedBuy: Quantity.nullish(),
  sellerMessage: Keywords,
  buyerMessage: Keywords,
});
export type PromotionConditionInput = z.infer<typeof PromotionConditionInput>;

export const PromotionRuleInput = z.object({
  ruleType: z.enum(PROMOTION_RULE_TYPES),
  ruleMode: z.union([z.literal(1), z.literal(2)]).default(1),
  repeatable: z.boolean().default(false),
  /** The need-buy goods are online SKUs (tb_skus row ids) rather than system SKUs. */
  onlineSku: z.boolean().default(false),
  /** 'id:qty;' pairs of the goods the order must buy (SKU_* types except SKU_SELF_TYPE). */
  needBuySkuList: z.string().trim().max(4000).default(''),
  conditionList: z.array(PromotionConditionInput).min(1).max(10),
});
export type PromotionRuleInput = z.infer<typeof PromotionRuleInput>;

const promotionFields = {
  name: Text(100),
  fromTime: DateTimeText,
  toTime: DateTimeText,
  storeIds: z.array(Id).max(1000),
  nickConditionType: z.enum(NICK_CONDITION_TYPES),
  nickList: z.array(Text(100)).max(5000),
  promotionAllCount: z.number().int().min(1).max(1_000_000_000).nullish(),
  ruleList: z.array(PromotionRuleInput).min(1).max(20),
};

interface CheckedPromotion {
  fromTime?: string;
  toTime?: string;
  nickConditionType?: NickConditionType;
  nickList?: string[];
  ruleList?: PromotionRuleInput[];
}

const CONDITION_FIELDS: PromotionConditionField[] = ['qtyMoreThan', 'qtyLessThan', 'amountMoreThan', 'amountLessThan', 'qtyNeedBuy', 'sellerMessage', 'buyerMessage'];

/** The checks across fields, each naming the field it is about. */
function checkPromotion(value: CheckedPromotion, ctx: z.RefinementCtx): void {
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
  if (value.fromTime && value.toTime && parseDateTimeText(value.toTime).getTime() < parseDateTimeText(value.fromTime).getTime()) {
    issue(['toTime'], 'The end time must not be before the start time');
  }
  if (value.nickConditionType && value.nickConditionType !== 'NONE' && !value.nickList?.length) {
    issue(['nickList'], 'List at least one buyer nick for this nick condition');
  }
  (value.ruleList ?? []).forEach((rule, r) => {
    const at = (...rest: (string | number)[]) => ['ruleList', r, ...rest];
    const traits = PROMOTION_RULE_TRAITS[rule.ruleType];
    if (rule.ruleMode === 1 && rule.conditionList.length !== 1) issue(at('conditionList'), 'A single-mode rule has exactly one condition');
    if (rule.ruleMode === 2 && rule.conditionList.length < 2) issue(at('conditionList'), 'A multi-tier rule has at least two tiers');
    if (rule.repeatable && !traits.repeatable) issue(at('repeatable'), `A ${rule.ruleType} rule cannot repeat`);
    if (traits.needsGoods) {
      const goods = parseGiftList(rule.needBuySkuList);
      if (!goods.ok) issue(at('needBuySkuList'), giftListProblem(rule.needBuySkuList)!);
      else if (!goods.items.length) issue(at('needBuySkuList'), 'Choose the goods the order must buy');
    } else {
      if (rule.needBuySkuList) issue(at('needBuySkuList'), `A ${rule.ruleType} rule takes no need-buy goods`);
      if (rule.onlineSku) issue(at('onlineSku'), `A ${rule.ruleType} rule takes no online goods`);
    }
    rule.conditionList.forEach((condition, c) => {
      const cat = (field: string) => at('conditionList', c, field);
      const gifts = parseGiftList(condition.giftList);
      const giftProblem = giftListProblem(condition.giftList);
      if (giftProblem) issue(cat('giftList'), giftProblem);
      else if (gifts.ok && !gifts.items.length) issue(cat('giftList'), 'Choose at least one gift');
      for (const field of CONDITION_FIELDS) {
        const v = condition[field];
        if (v !== null && v !== undefined && !traits.fields.includes(field)) issue(cat(field), `A ${rule.ruleType} rule does not use ${field}`);
      }
      if (traits.fields[0] === 'amountMoreThan') {
        if (condition.amountMoreThan == null) issue(cat('amountMoreThan'), 'Enter the amount the order must reach');
        else if (Number(condition.amountMoreThan) <= 0) issue(cat('amountMoreThan'), 'The amount must be greater than 0');
        else if (condition.amountLessThan != null && Number(condition.amountLessThan) <= Number(condition.amountMoreThan))
          issue(cat('amountLessThan'), 'The upper amount must be greater than the lower amount');
      }
      if (traits.fields[0] === 'qtyMoreThan') {
        if (condition.qtyMoreThan == null) issue(cat('qtyMoreThan'), 'Enter the quantity the order must reach');
        else if (condition.qtyLessThan != null && condition.qtyLessThan <= condition.qtyMoreThan)
          issue(cat('qtyLessThan'), 'The upper quantity must be greater than the lower quantity');
      }
      if (rule.ruleType === 'REMARK_TYPE' && !condition.sellerMessage && !condition.buyerMessage) {
        issue(cat('sellerMessage'), 'Enter keywords of the seller message or of the buyer message');
      }
      if (condition.randomGift) {
        const count = gifts.ok ? gifts.items.length : 0;
        if (condition.randomKind == null) issue(cat('randomKind'), 'Enter how many gifts are chosen at random');
        else if (count && condition.randomKind > count) issue(cat('randomKind'), `At most ${count}: the number of listed gifts`);
      }
    });
  });
}

export const PromotionCreateInput = z
  .object({
    ...promotionFields,
    storeIds: promotionFields.storeIds.default([]),
    nickConditionType: promotionFields.nickConditionType.default('NONE'),
    nickList: promotionFields.nickList.default([]),
    open: z.boolean().default(true),
  })
  .superRefine(checkPromotion);
export type PromotionCreateInput = z.infer<typeof PromotionCreateInput>;

const REQUIRED_ON_FULL_UPDATE = ['name', 'fromTime', 'toTime', 'ruleList'] as const;
const FULL_UPDATE_FIELDS = [...REQUIRED_ON_FULL_UPDATE, 'storeIds', 'nickConditionType', 'nickList', 'promotionAllCount'] as const;

/**
 * A whole promotion (name, times, rules… as on create), or only `open` to switch it on or off
 * (spec 02 §3.3: the open flag is toggled by an update). Both carry the version read.
 */
export const PromotionUpdateInput = z
  .object({
    id: Id,
    version: Version,
    open: z.boolean().optional(),
    name: promotionFields.name.optional(),
    fromTime: promotionFields.fromTime.optional(),
    toTime: promotionFields.toTime.optional(),
    storeIds: promotionFields.storeIds.optional(),
    nickConditionType: promotionFields.nickConditionType.optional(),
    nickList: promotionFields.nickList.optional(),
    promotionAllCount: promotionFields.promotionAllCount,
    ruleList: promotionFields.ruleList.optional(),
  })
  .superRefine((value, ctx) => {
    const full = FULL_UPDATE_FIELDS.some((k) => value[k] !== undefined);
    if (!full) {
      if (value.open === undefined) ctx.addIssue({ code: 'custom', path: ['open'], message: 'Send open, or the whole promotion' });
      return;
    }
    for (const key of REQUIRED_ON_FULL_UPDATE) if (value[key] === undefined) ctx.addIssue({ code: 'custom', path: [key], message: 'Required' });
    checkPromotion(value, ctx);
  });
export type PromotionUpdateInput = z.infer<typeof PromotionUpdateInput>;

/** Whether an update sends the whole promotion (otherwise it only switches `open`). */
export function isFullPromotionUpdate(input: PromotionUpdateInput): input is PromotionUpdateInput & Required<Pick<PromotionUpdateInput, 'name' | 'fromTime' | 'toTime' | 'ruleList'>> {
  return input.ruleList !== undefined;
}

export const PromotionSearchInput = PageQuery.extend({
  /** Part of the name. */
  name: z.string().trim().max(100).optional(),
  open: z.boolean().optional(),
  status: z.enum(PROMOTION_TIME_STATUSES).optional(),
  storeId: Id.optional(),
  ruleType: z.enum(PROMOTION_RULE_TYPES).optional(),
});
export type PromotionSearchInput = z.infer<typeof PromotionSearchInput>;

export const PromotionDeleteInput = z.object({ idList: z.array(Id).min(1).max(500) });
export type PromotionDeleteInput = z.infer<typeof PromotionDeleteInput>;

/** The open promotions, optionally only those covering a store or in effect at a time. */
export const PromotionOpenSearchInput = z.object({
  storeId: Id.optional(),
  activeAt: DateTimeText.optional(),
});
export type PromotionOpenSearchInput = z.infer<typeof PromotionOpenSearchInput>;

/** Goods offered by the editor's pickers (system SKUs or online SKUs of the domain). */
export const PromotionSkuOptionsInput = z.object({
  keyword: z.string().trim().max(100).optional(),
  idList: z.array(Id).max(500).optional(),
  storeId: Id.optional(),
  limit: z.number().int().min(1).max(100).default(20),
});
export type PromotionSkuOptionsInput = z.infer<typeof PromotionSkuOptionsInput>;

// ---- answers ------------------------------------------------------------------------------

const PromotionItemFields = {
  /** The id written in the 'id:qty;' list: the SKU id, or the online SKU's row id. */
  id: z.number(),
  skuName: z.string().nullable(),
  qty: z.number(),
  skuCode: z.string().nullable(),
  skuSpecifications: z.string().nullable(),
  skuPrice: z.string().nullable(),
  color: z.string().nullable(),
  size: z.string().nullable(),
  isCombination: z.boolean(),
  /** The SKU was deleted since the promotion was saved. */
  missing: z.boolean().optional(),
};

/** A gift item (giftAC, spec 02 §3.3): always a system SKU. */
export const PromotionGiftItemView = z.object({ ...PromotionItemFields, skuId: z.number() });
export type PromotionGiftItemView = z.infer<typeof PromotionGiftItemView>;

/** A need-buy item (needBuySkuAC): a system SKU, or an online item with the marketplace fields. */
export const PromotionNeedBuyItemView = z.object({
  ...PromotionItemFields,
  /** The system SKU; for an online item, the SKU it is mapped to (null when not mapped). */
  skuId: z.number().nullable(),
  platformCode: z.string().nullable(),
  tbSpuId: z.string().nullable(),
  tbSkuId: z.string().nullable(),
  storeId: z.number().nullable(),
  storeName: z.string().nullable(),
  skuPicUrl: z.string().nullable(),
});
export type PromotionNeedBuyItemView = z.infer<typeof PromotionNeedBuyItemView>;

export const PromotionConditionView = z.object({
  id: z.number(),
  giftList: z.string(),
  giftAC: z.array(PromotionGiftItemView),
  qtyMoreThan: z.number().nullable(),
  qtyLessThan: z.number().nullable(),
  amountMoreThan: z.string().nullable(),
  amountLessThan: z.string().nullable(),
  randomGift: z.boolean(),
  randomKind: z.number().nullable(),
  qtyNeedBuy: z.number().nullable(),
  sellerMessage: z.string().nullable(),
  buyerMessage: z.string().nullable(),
});
export type PromotionConditionView = z.infer<typeof PromotionConditionView>;

export const PromotionRuleView = z.object({
  id: z.number(),
  ruleType: z.enum(PROMOTION_RULE_TYPES),
  ruleMode: z.union(PROMOTION_RULE_MODES.map((m) => z.literal(m))),
  repeatable: z.boolean(),
  onlineSku: z.boolean(),
  needBuySkuList: z.string(),
  needBuySkuAC: z.array(PromotionNeedBuyItemView),
  conditionList: z.array(PromotionConditionView),
});
export type PromotionRuleView = z.infer<typeof PromotionRuleView>;

export const PromotionStoreRef = z.object({ id: z.number(), name: z.string() });
export type PromotionStoreRef = z.infer<typeof PromotionStoreRef>;

const PromotionHeaderFields = {
  id: z.number(),
  name: z.string(),
  fromTime: z.string(),
  toTime: z.string(),
  storeIds: z.array(z.number()),
  stores: z.array(PromotionStoreRef),
  nickConditionType: z.enum(NICK_CONDITION_TYPES),
  nickList: z.array(z.string()),
  promotionAllCount: z.number().nullable(),
  /** Orders that received gifts so far. */
  givenCount: z.number(),
  open: z.boolean(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

export const PromotionView = z.object({ ...PromotionHeaderFields, ruleList: z.array(PromotionRuleView) });
export type PromotionView = z.infer<typeof PromotionView>;

export const PromotionRuleSummary = z.object({
  ruleType: z.enum(PROMOTION_RULE_TYPES),
  ruleMode: z.union(PROMOTION_RULE_MODES.map((m) => z.literal(m))),
  repeatable: z.boolean(),
  tierCount: z.number(),
});
export type PromotionRuleSummary = z.infer<typeof PromotionRuleSummary>;

export const PromotionRow = z.object({ ...PromotionHeaderFields, status: z.enum(PROMOTION_TIME_STATUSES), ruleSummary: z.array(PromotionRuleSummary) });
export type PromotionRow = z.infer<typeof PromotionRow>;

/** A goods the editor's pickers offer: a system SKU, or an online SKU with the marketplace fields. */
export const PromotionSkuOption = PromotionNeedBuyItemView.omit({ qty: true, missing: true });
export type PromotionSkuOption = z.infer<typeof PromotionSkuOption>;
