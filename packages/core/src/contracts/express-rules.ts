// Courier (express) rules and stop-shipping areas (spec 02 §3.10, §7.8; spec 01 §2.2
// /config/logistics-rules MENU_EXPRESS_RULE, /config/expressStop MENU_EXPRESS_STOP).
import { z } from 'zod';
import { ExpressCompanyCode } from './express.js';
import { Id, Text, Version } from './common.js';
import { Weight } from './goods.js';
import type { RegionTreeNode } from '../catalogues/regions.js';

export const ExpressRuleErrors = {
  /** A carrier the domain has not chosen (field names it). */
  CARRIER_NOT_CHOSEN: 'ERR_EXPRESS_RULE_CARRIER_NOT_CHOSEN',
  /** A store that is not the domain's. */
  STORE_UNKNOWN: 'ERR_EXPRESS_RULE_STORE_UNKNOWN',
  /** A weight range whose minimum is not below its maximum. */
  WEIGHT_RANGE: 'ERR_EXPRESS_RULE_WEIGHT_RANGE',
  /** A province not in the region catalogue. */
  PROVINCE_UNKNOWN: 'ERR_EXPRESS_RULE_PROVINCE_UNKNOWN',
  /** The priority list must name each of the five rule types once. */
  PRIORITY_TYPES: 'ERR_EXPRESS_RULE_PRIORITY_TYPES',
  /** A stop-shipping template name already used in the domain. */
  TEMPLATE_NAME_TAKEN: 'ERR_COURIER_STOP_NAME_TAKEN',
} as const;

export const EXPRESS_RULE_TYPES = ['BY_AREA', 'BY_WEIGHT', 'BY_STORE', 'BY_CUSTOM', 'BY_SKU'] as const;
export type ExpressRuleType = (typeof EXPRESS_RULE_TYPES)[number];
/** The order rule types are tried in when a domain has not set its own. */
export const DEFAULT_EXPRESS_RULE_PRIORITY: ExpressRuleType[] = ['BY_SKU', 'BY_CUSTOM', 'BY_STORE', 'BY_WEIGHT', 'BY_AREA'];
export const ExpressRuleTypeInput = z.enum(EXPRESS_RULE_TYPES);

/** Where a BY_CUSTOM keyword is looked for. */
export const CUSTOM_KEYWORD_SOURCES = ['ANY', 'BUYER_MESSAGE', 'SELLER_REMARK'] as const;
export type CustomKeywordSource = (typeof CUSTOM_KEYWORD_SOURCES)[number];

const Name = (max: number) => z.string().trim().min(1).max(max);

/**
 * ruleCondition of spec 02 §3.10. Every rule names its carrier (expressCompanyCode); the other
 * fields depend on the type:
 * - BY_AREA: province (+ areaExceptions: names of cities or districts of that province it does not cover);
 * - BY_WEIGHT: weightMin ≤ weight < weightMax in kg (either bound may be left open);
 * - BY_STORE: storeId;
 * - BY_CUSTOM: keyword found in the buyer message and/or seller remark (keywordIn);
 * - BY_SKU: skuCode present on a line (skuName, isCombination, skuSpec shown only).
 */
export const ExpressRuleCondition = z.object({
  expressCompanyCode: ExpressCompanyCode,
  expressCompanyId: z.number().int().nonnegative().nullish(),
  expressCompanyName: z.string().max(100).nullish(),
  province: Name(30).nullish(),
  provinceId: z.union([z.number(), z.string().max(30)]).nullish(),
  areaExceptions: z.array(Name(30)).max(500).nullish(),
  weightMin: Weight.nullish(),
  weightMax: Weight.nullish(),
  storeId: Id.nullish(),
  keyword: Name(100).nullish(),
  keywordIn: z.enum(CUSTOM_KEYWORD_SOURCES).nullish(),
  skuCode: Name(100).nullish(),
  skuName: z.string().max(200).nullish(),
  isCombination: z.boolean().nullish(),
  skuSpec: z.string().max(200).nullish(),
});
export type ExpressRuleCondition = z.infer<typeof ExpressRuleCondition>;

export const ExpressRuleRow = z.object({
  id: Id,
  type: ExpressRuleTypeInput,
  usable: z.boolean(),
  version: z.number().int(),
  sortIndex: z.number().int(),
  ruleCondition: ExpressRuleCondition,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ExpressRuleRow = z.infer<typeof ExpressRuleRow>;

export const ExpressRuleListQuery = z.object({ type: ExpressRuleTypeInput });
export type ExpressRuleListQuery = z.infer<typeof ExpressRuleListQuery>;

export const ExpressRuleItemInput = z.object({
  /** An existing rule of the type (with its version), or none for a new rule. */
  id: Id.nullish(),
  version: Version.nullish(),
  usable: z.boolean().default(true),
  ruleCondition: ExpressRuleCondition,
});
export type ExpressRuleItemInput = z.infer<typeof ExpressRuleItemInput>;

/** Replaces the type's list: rules left out are removed; sortIndex = list length − position. */
export const UpdateExpressRuleListInput = z.object({ type: ExpressRuleTypeInput, rules: z.array(ExpressRuleItemInput).max(1000) });
export type UpdateExpressRuleListInput = z.infer<typeof UpdateExpressRuleListInput>;

export const DeleteExpressRuleListInput = z.object({ idList: z.array(Id).min(1).max(1000) });
export type DeleteExpressRuleListInput = z.infer<typeof DeleteExpressRuleListInput>;

export const ExpressRulePriority = z.object({ types: z.array(ExpressRuleTypeInput), version: z.number().int() });
export type ExpressRulePriority = z.infer<typeof ExpressRulePriority>;

/** How many rules or stop templates a delete removed. */
export const ExpressRulesDeleted = z.object({ deleted: z.number().int() });
export const UpdateExpressRulePriorityInput = z.object({ types: z.array(ExpressRuleTypeInput).length(5), version: Version.nullish() });
export type UpdateExpressRulePriorityInput = z.infer<typeof UpdateExpressRulePriorityInput>;

// ---- stop-shipping areas ------------------------------------------------------------------------

/** An area a carrier does not ship to: a whole province, a city of it, or a district of the city. */
export const StopArea = z.object({ province: Name(30), city: Name(30).nullish(), district: Name(30).nullish() });
export type StopArea = z.infer<typeof StopArea>;

export const StopTemplateCreateInput = z.object({
  name: Name(50),
  expressCompanyCode: ExpressCompanyCode,
  areas: z.array(StopArea).min(1).max(5000),
  usable: z.boolean().default(true),
});
export type StopTemplateCreateInput = z.infer<typeof StopTemplateCreateInput>;
export const StopTemplateUpdateInput = StopTemplateCreateInput.extend({ id: Id, version: Version });
export type StopTemplateUpdateInput = z.infer<typeof StopTemplateUpdateInput>;

export const StopTemplateSearchInput = z.object({
  currentPage: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(1000).default(10),
  name: z.string().trim().max(50).optional(),
  expressCompanyCode: z.string().trim().max(30).optional(),
});
export type StopTemplateSearchInput = z.infer<typeof StopTemplateSearchInput>;

export const StopTemplateRow = z.object({
  id: Id,
  name: z.string(),
  expressCompanyCode: z.string(),
  expressCompanyName: z.string(),
  areas: z.array(StopArea),
  usable: z.boolean(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StopTemplateRow = z.infer<typeof StopTemplateRow>;

// ---- address (spec 02 §7.6) -----------------------------------------------------------------------

export const SearchAddressInput = z.object({ keyword: Text(50) });
export type SearchAddressInput = z.infer<typeof SearchAddressInput>;
export const AddressAnalysisInput = z.object({ text: Text(500) });
export type AddressAnalysisInput = z.infer<typeof AddressAnalysisInput>;
export const AddressSearchHit = z.object({ province: z.string(), city: z.string().nullable(), label: z.string() });
export type AddressSearchHit = z.infer<typeof AddressSearchHit>;

/** The answer of addressAnalysis (rules/address.ts parseContactAddress): the address parts, and the name and phone pasted with them. */
export const ParsedAddressAnswer = z.object({
  province: z.string().nullable(),
  city: z.string().nullable(),
  district: z.string().nullable(),
  detail: z.string().nullable(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
});
export type ParsedAddressAnswer = z.infer<typeof ParsedAddressAnswer>;

/** A node of the region tree (catalogues/regions.ts RegionTreeNode). */
export const RegionTreeNodeAnswer: z.ZodType<RegionTreeNode> = z.lazy(() =>
  z.object({ value: z.string(), label: z.string(), labelEn: z.string(), children: z.array(RegionTreeNodeAnswer).optional() }),
);
