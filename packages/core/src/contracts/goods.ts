// Goods (spec 02 §3.1, §7.3): SPUs with their SKUs, combination goods, the classification tree,
// marks and labels, shelf-life records and the goods list. Other areas call the goods service
// through the registry with these same shapes (SpuCreateInput for createSpuByHand).
import { z } from 'zod';
import { decimalPlaces, isDecimalText } from '../rules/decimal.js';
import { DEFAULT_KEYWORD_CAP, SKU_KEYWORD_CAP, splitKeywords, stripWhitespace } from '../rules/keywords.js';
import { MONEY_DECIMALS, WEIGHT_DECIMALS } from '../rules/numbers.js';
import { Id, IdListInput, PageQuery, Version } from './common.js';
import { GOODS_IMPORT_MAX_ROWS, IMPORT_FILE_MAX_BYTES } from './imports.js';
import { SKU_MATRIX_MAX } from '../rules/sku-matrix.js';

// ---- catalogues ---------------------------------------------------------------------------

/** Goods status: on sale, or taken down (instock). */
export const SPU_STATUSES = ['onsale', 'instock'] as const;
export type SpuStatus = (typeof SPU_STATUSES)[number];

/** Dispatch to a warehouse system. A filter for REQUEST also includes SENDING. */
export const SKU_SYNC_STATUSES = ['NONE', 'REQUEST', 'SENDING', 'SUCCESS', 'FAILURE'] as const;
export type SkuSyncStatus = (typeof SKU_SYNC_STATUSES)[number];

/** The statuses a sync-status filter matches (REQUEST includes SENDING). */
export function syncStatusesOfFilter(status: SkuSyncStatus): SkuSyncStatus[] {
  return status === 'REQUEST' ? ['REQUEST', 'SENDING'] : [status];
}

/** Classification node codes: the default node and level 1, 2 and 3 SKU system nodes. */
export const SKU_CLASS_NODE_TYPES = ['DEFAULT', 'LEVEL_1', 'LEVEL_2', 'LEVEL_3'] as const;
export type SkuClassNodeType = (typeof SKU_CLASS_NODE_TYPES)[number];
export const SKU_CLASS_MAX_DEPTH = 3;

export const GoodsErrors = {
  SPU_CODE_TAKEN: 'ERR_GOODS_SPU_CODE_TAKEN',
  SKU_CODE_TAKEN: 'ERR_GOODS_SKU_CODE_TAKEN',
  COMBINATION_CONTAINS_ITSELF: 'ERR_GOODS_COMBINATION_CONTAINS_ITSELF',
  COMBINATION_LOOP: 'ERR_GOODS_COMBINATION_LOOP',
  COMPONENT_NOT_FOUND: 'ERR_GOODS_COMPONENT_NOT_FOUND',
  NOT_A_COMBINATION: 'ERR_GOODS_NOT_A_COMBINATION',
  COMBINATION_NO_VARIANTS: 'ERR_GOODS_COMBINATION_NO_VARIANTS',
  SKU_IN_COMBINATION: 'ERR_GOODS_SKU_IN_COMBINATION',
  SKU_IN_USE: 'ERR_GOODS_SKU_IN_USE',
  CLASS_CODE_TAKEN: 'ERR_GOODS_CLASS_CODE_TAKEN',
  CLASS_HAS_CHILDREN: 'ERR_GOODS_CLASS_HAS_CHILDREN',
  CLASS_HAS_GOODS: 'ERR_GOODS_CLASS_HAS_GOODS',
  CLASS_TOO_DEEP: 'ERR_GOODS_CLASS_TOO_DEEP',
} as const;

// ---- field shapes -------------------------------------------------------------------------

/** Characters that separate keyword lists may not appear in a code. */
const CODE_FORBIDDEN = /[,;，；]/;

/** A goods or SKU code: every whitespace stripped (spec 01 §5), 1 to 64 characters. */
export const GoodsCode = z
  .string()
  .transform(stripWhitespace)
  .pipe(
    z
      .string()
      .min(1, 'Code cannot be empty')
      .max(64, 'Code is at most 64 characters')
      .refine((v) => !CODE_FORBIDDEN.test(v), 'Code cannot contain commas or semicolons'),
  );

/** An optional free text: trimmed, empty becomes null. */
const FreeText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

interface DecimalRule {
  places: number;
  maxIntegerDigits: number;
  label: string;
  placesMessage: string;
}

/**
 * A non-negative decimal given as a number or text; empty becomes null. Answers the text as
 * written (never a float), so money keeps its 4 decimals exactly.
 */
function decimalField(rule: DecimalRule) {
  return z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v, ctx) => {
      if (v === null || v === undefined) return null;
      const text = typeof v === 'number' ? String(v) : v.trim();
      if (text === '') return null;
      if (!isDecimalText(text) || /e/i.test(text)) {
        ctx.addIssue({ code: 'custom', message: `${rule.label} must be a number` });
        return z.NEVER;
      }
      if (text.startsWith('-')) {
        ctx.addIssue({ code: 'custom', message: `${rule.label} cannot be negative` });
        return z.NEVER;
      }
      if (decimalPlaces(text) > rule.places) {
        ctx.addIssue({ code: 'custom', message: rule.placesMessage });
        return z.NEVER;
      }
      const whole = text.replace(/^\+/, '').split('.')[0]!.replace(/^0+(?=\d)/, '');
      if (whole.length > rule.maxIntegerDigits) {
        ctx.addIssue({ code: 'custom', message: `${rule.label} is too large` });
        return z.NEVER;
      }
      return text.replace(/^\+/, '');
    });
}

/** Price and cost price: 4 decimals (numeric(18,4)). */
export const Price = decimalField({ places: MONEY_DECIMALS, maxIntegerDigits: 12, label: 'Price', placesMessage: 'Price cannot exceed four decimals' });
/** Weight in kg: 3 decimals (spec 02 §8: weight cannot exceed three decimals). */
export const Weight = decimalField({ places: WEIGHT_DECIMALS, maxIntegerDigits: 8, label: 'Weight', placesMessage: 'Weight cannot exceed three decimals' });
/** Length, width, height in cm: 2 decimals. */
export const SizeCm = decimalField({ places: 2, maxIntegerDigits: 7, label: 'Size', placesMessage: 'Sizes cannot exceed two decimals' });

/** A picture reference: an uploaded file's path, or an http(s) address. */
export const PictureUrl = z
  .string()
  .trim()
  .max(500)
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || v.startsWith('/erp/pub/file/') || /^https?:\/\//i.test(v), 'Picture must be an uploaded picture or an http(s) address');

const TagList = (maxItems: number, maxLength: number) =>
  z
    .array(z.string().trim().min(1).max(maxLength))
    .max(maxItems)
    .default([])
    .transform((list) => [...new Set(list)]);

export const Labels = TagList(20, 20);
export const SkuMarks = TagList(10, 20);

// ---- SPU and SKU inputs -------------------------------------------------------------------

/** One SKU of a multi-variant SPU. `id` keeps an existing SKU on update. */
export const SkuInput = z.object({
  id: Id.optional(),
  code: GoodsCode,
  barCode: FreeText(64),
  name: FreeText(200),
  specifications: FreeText(200),
  color: FreeText(50),
  size: FreeText(50),
  price: Price,
  costPrice: Price,
  length: SizeCm,
  width: SizeCm,
  height: SizeCm,
  weight: Weight,
  picUrl: PictureUrl,
  status: z.enum(SPU_STATUSES).default('onsale'),
});
export type SkuInput = z.infer<typeof SkuInput>;

/**
 * One component of a combination (spec 02 §3.1): `id`, the component's SKU (for goods without
 * variants, their first and only SKU), a quantity and the apportioned cost price. `spuId` instead
 * of `id` names goods whose first SKU is used (the combination import picks goods that way).
 */
export const ComponentInput = z
  .object({
    id: Id.optional(),
    spuId: Id.optional(),
    qty: z.number().int('Quantity must be a whole number').min(1, 'Quantity must be at least 1').max(99_999),
    apportionCostPrice: Price,
  })
  .refine((c) => c.id !== undefined || c.spuId !== undefined, { message: 'Choose the SKU of the component', path: ['id'] });
export type ComponentInput = z.infer<typeof ComponentInput>;

const spuBaseFields = {
  code: GoodsCode,
  name: z.string().trim().min(1, 'Name cannot be empty').max(200),
  shortName: FreeText(100),
  goodsNo: FreeText(64),
  barCode: FreeText(64),
  brand: FreeText(50),
  category: FreeText(50),
  unit: FreeText(20),
  color: FreeText(50),
  size: FreeText(50),
  specifications: FreeText(200),
  season: FreeText(20),
  lotInfo: FreeText(100),
  /** Shelf life in days. */
  shelfLife: z.number().int().min(0).max(36_500).nullish().transform((v) => v ?? null),
  packageInfo: FreeText(200),
  price: Price,
  costPrice: Price,
  length: SizeCm,
  width: SizeCm,
  height: SizeCm,
  weight: Weight,
  udf1: FreeText(200),
  udf2: FreeText(200),
  remark: FreeText(500),
  picUrl: PictureUrl,
  labels: Labels,
  skuMarks: SkuMarks,
  skuSysClassifyId: Id.nullish().transform((v) => v ?? null),
  status: z.enum(SPU_STATUSES).default('onsale'),
};

const spuFields = {
  ...spuBaseFields,
  hasSku: z.boolean().default(false),
  isCombination: z.boolean().default(false),
  skus: z.array(SkuInput).max(300).default([]),
  /** Components of a combination (a combination has no variants). */
  components: z.array(ComponentInput).max(100).default([]),
};

type SpuShape = z.infer<z.ZodObject<typeof spuFields>>;

/** The rules between fields of an SPU form: variants, combinations, duplicates. */
function checkSpuShape(spu: SpuShape, ctx: z.RefinementCtx): void {
  if (spu.hasSku && spu.skus.length === 0) ctx.addIssue({ code: 'custom', path: ['skus'], message: 'Goods with variants need at least one SKU' });
  if (!spu.hasSku && spu.skus.length > 0) ctx.addIssue({ code: 'custom', path: ['skus'], message: 'Goods without variants take no SKU list; the SKU carries the goods code' });
  if (spu.isCombination) {
    if (spu.hasSku) ctx.addIssue({ code: 'custom', path: ['hasSku'], message: 'A combination has no variants' });
    if (spu.components.length === 0) ctx.addIssue({ code: 'custom', path: ['components'], message: 'A combination needs at least one component' });
  } else if (spu.components.length > 0) {
    ctx.addIssue({ code: 'custom', path: ['components'], message: 'Only a combination has components' });
  }
  const codes = new Map<string, number>();
  spu.skus.forEach((sku, i) => {
    const key = sku.code.toLowerCase();
    if (codes.has(key)) ctx.addIssue({ code: 'custom', path: ['skus', i, 'code'], message: `SKU code ${sku.code} appears twice` });
    codes.set(key, i);
  });
  const seen = new Set<string>();
  spu.components.forEach((c, i) => {
    const key = c.id !== undefined ? `sku:${c.id}` : `spu:${c.spuId}`;
    if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['components', i, 'id'], message: 'This component appears twice' });
    seen.add(key);
  });
}

/** createSpuByHand: an SPU with its SKUs (or one SKU carrying its code), or a combination. */
export const SpuCreateInput = z.object(spuFields).superRefine(checkSpuShape);
export type SpuCreateInput = z.infer<typeof SpuCreateInput>;
/** What a caller may pass (defaults filled in by parsing). */
export type SpuCreateInputRaw = z.input<typeof SpuCreateInput>;

/** updateSpuByhand: the whole form again with the version read. */
export const SpuUpdateInput = z.object({ ...spuFields, id: Id, version: Version }).superRefine(checkSpuShape);
export type SpuUpdateInput = z.infer<typeof SpuUpdateInput>;

/** makeSpuCombined {spuVo, mapList}: a combination from its fields and components. */
export const MakeSpuCombinedInput = z.object({
  spuVo: z.object(spuBaseFields),
  mapList: z.array(ComponentInput).min(1, 'A combination needs at least one component').max(100),
});
export type MakeSpuCombinedInput = z.infer<typeof MakeSpuCombinedInput>;

/** updateSpuList4Combination: replace the components of a combination. */
export const UpdateCombinationInput = z
  .object({ id: Id, version: Version, mapList: z.array(ComponentInput).min(1, 'A combination needs at least one component').max(100) })
  .superRefine((input, ctx) => {
    const seen = new Set<string>();
    input.mapList.forEach((c, i) => {
      const key = c.id !== undefined ? `sku:${c.id}` : `spu:${c.spuId}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['mapList', i, 'id'], message: 'This component appears twice' });
      seen.add(key);
    });
  });
export type UpdateCombinationInput = z.infer<typeof UpdateCombinationInput>;

/** addOneSkuToSpu: a new variant of an existing (non-combination) SPU. */
export const AddOneSkuToSpuInput = z.object({ spuId: Id, version: Version, sku: SkuInput.omit({ id: true }) });
export type AddOneSkuToSpuInput = z.infer<typeof AddOneSkuToSpuInput>;

/** checkCode: whether a code is free in the domain (SPU codes and SKU codes separately). */
export const CheckCodeInput = z.object({
  code: GoodsCode,
  type: z.enum(['SPU', 'SKU']).default('SPU'),
  /** The SPU being edited: its own codes count as free. */
  excludeSpuId: Id.optional(),
  /**
   * The SKU codes the form is about to save (a variant matrix, issue 20): the answer names those
   * another goods item already uses, so the form refuses them before saving.
   */
  skuCodeList: z.array(GoodsCode).max(SKU_MATRIX_MAX, `At most ${SKU_MATRIX_MAX} SKU codes at once`).optional(),
});
export type CheckCodeInput = z.infer<typeof CheckCodeInput>;
export const TakenSkuCode = z.object({ code: z.string(), spuCode: z.string() });
export type TakenSkuCode = z.infer<typeof TakenSkuCode>;
export const CheckCodeResult = z.object({
  code: z.string(),
  available: z.boolean(),
  /** Of skuCodeList, the codes already in use, with the goods that use each ([] when none was asked). */
  takenSkuCodes: z.array(TakenSkuCode),
});
export type CheckCodeResult = z.infer<typeof CheckCodeResult>;

export const DeleteSpuListInput = IdListInput;
export type DeleteSpuListInput = z.infer<typeof DeleteSpuListInput>;

/** madeMarkBySpuIdList: add, remove or replace marks (or labels) of many goods at once. */
export const MarkSpusInput = z.object({
  idList: z.array(Id).min(1).max(1000),
  kind: z.enum(['MARK', 'LABEL']).default('MARK'),
  mode: z.enum(['ADD', 'REMOVE', 'REPLACE']).default('ADD'),
  values: z.array(z.string().trim().min(1).max(20)).max(20).default([]),
});
export type MarkSpusInput = z.infer<typeof MarkSpusInput>;

export const SetSpuStatusInput = z.object({ idList: z.array(Id).min(1).max(1000), status: z.enum(SPU_STATUSES) });
export type SetSpuStatusInput = z.infer<typeof SetSpuStatusInput>;

// ---- the goods list -----------------------------------------------------------------------

/** A keyword list typed in a search box, split on commas and semicolons, at most `cap` items. */
export const KeywordList = (cap: number) =>
  z
    .string()
    .max(20_000)
    .optional()
    .transform((text, ctx) => {
      const { items, overCap } = splitKeywords(text, cap);
      if (overCap) {
        ctx.addIssue({ code: 'custom', message: `At most ${cap} keywords at once` });
        return z.NEVER;
      }
      return items;
    });

export const GOODS_NAME_KEYWORD_CAP = DEFAULT_KEYWORD_CAP;

export const SpuSearchInput = PageQuery.extend({
  /** SPU or SKU codes; one code matches by contains, several match exactly. Max 50. */
  codeKeywords: KeywordList(SKU_KEYWORD_CAP),
  /** Name words; each matches by contains. Max 15. */
  nameKeywords: KeywordList(GOODS_NAME_KEYWORD_CAP),
  /** Bar codes of the SPU or its SKUs; as codes. Max 50. */
  barCodeKeywords: KeywordList(SKU_KEYWORD_CAP),
  /** A class and its sub-classes; 0 means goods without a class. */
  skuSysClassifyId: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  status: z.enum(SPU_STATUSES).optional(),
  skuSyncStatus: z.enum(SKU_SYNC_STATUSES).optional(),
  isCombination: z.boolean().optional(),
  mark: z.string().trim().max(20).optional(),
  label: z.string().trim().max(20).optional(),
});
export type SpuSearchInput = z.infer<typeof SpuSearchInput>;

const NullText = z.string().nullable();

export const ComponentRow = z.object({
  /** The component SKU (spec 02 §3.1: each component has an id, qty and apportionCostPrice). */
  id: z.number(),
  skuId: z.number(),
  spuId: z.number(),
  code: z.string(),
  name: z.string(),
  specifications: NullText,
  picUrl: NullText,
  price: NullText,
  isCombination: z.boolean(),
  qty: z.number(),
  /** Sent only with the COST_PRICE field. */
  apportionCostPrice: NullText.optional(),
});
export type ComponentRow = z.infer<typeof ComponentRow>;

export const SkuRow = z.object({
  id: z.number(),
  version: z.number(),
  spuId: z.number(),
  code: z.string(),
  barCode: NullText,
  name: z.string(),
  specifications: NullText,
  color: NullText,
  size: NullText,
  price: NullText,
  /** Sent only with the COST_PRICE field. */
  costPrice: NullText.optional(),
  distributionPrice: NullText,
  length: NullText,
  width: NullText,
  height: NullText,
  weight: NullText,
  /**
   * Whether costPrice / weight are the goods' (the SKU has none of its own, goods with variants):
   * they follow the goods' value. A form shows such a value as empty to keep it that way.
   */
  costPriceFromGoods: z.boolean(),
  weightFromGoods: z.boolean(),
  /** Cubic metres, 2 decimals; null when a size is missing. */
  volume: NullText,
  picUrl: NullText,
  isCombination: z.boolean(),
  status: z.enum(SPU_STATUSES),
  syncStatus: z.enum(SKU_SYNC_STATUSES),
  /** Online SKUs mapped to this SKU. */
  onlineSkuCount: z.number(),
});
export type SkuRow = z.infer<typeof SkuRow>;

export const SpuRow = z.object({
  id: z.number(),
  version: z.number(),
  code: z.string(),
  name: z.string(),
  shortName: NullText,
  goodsNo: NullText,
  barCode: NullText,
  brand: NullText,
  category: NullText,
  unit: NullText,
  color: NullText,
  size: NullText,
  specifications: NullText,
  season: NullText,
  lotInfo: NullText,
  shelfLife: z.number().nullable(),
  packageInfo: NullText,
  price: NullText,
  /** Sent only with the COST_PRICE field. */
  costPrice: NullText.optional(),
  distributionPrice: NullText,
  length: NullText,
  width: NullText,
  height: NullText,
  weight: NullText,
  volume: NullText,
  udf1: NullText,
  udf2: NullText,
  remark: NullText,
  picUrl: NullText,
  labels: z.array(z.string()),
  skuMarks: z.array(z.string()),
  skuSysClassifyId: z.number().nullable(),
  skuSysClassifyName: NullText,
  hasSku: z.boolean(),
  isCombination: z.boolean(),
  status: z.enum(SPU_STATUSES),
  skuSyncStatus: z.enum(SKU_SYNC_STATUSES),
  delFlag: z.boolean(),
  onlineSkuCount: z.number(),
  skus: z.array(SkuRow),
  components: z.array(ComponentRow),
  createTime: z.string(),
  updateTime: z.string(),
});
export type SpuRow = z.infer<typeof SpuRow>;

/** A SKU as pickers and other areas see it. */
export const SkuPick = z.object({
  id: z.number(),
  spuId: z.number(),
  spuCode: z.string(),
  code: z.string(),
  name: z.string(),
  specifications: NullText,
  color: NullText,
  size: NullText,
  barCode: NullText,
  price: NullText,
  /** Sent only with the COST_PRICE field. */
  costPrice: NullText.optional(),
  weight: NullText,
  picUrl: NullText,
  isCombination: z.boolean(),
  status: z.enum(SPU_STATUSES),
});
export type SkuPick = z.infer<typeof SkuPick>;

/** searchAllSkuCount: the counts the goods page heads its tabs with. */
export const GoodsCounts = z.object({ spuCount: z.number(), skuCount: z.number(), combinationCount: z.number() });
export type GoodsCounts = z.infer<typeof GoodsCounts>;

export const SkuSearchInput = PageQuery.extend({
  /** Matches code, name, specifications or bar code by contains. */
  keyword: z.string().trim().max(100).optional(),
  isCombination: z.boolean().optional(),
  /** Leave these SKUs out (a combination editor leaves out the combination itself). */
  excludeSkuIds: z.array(Id).max(1000).optional(),
});
export type SkuSearchInput = z.infer<typeof SkuSearchInput>;

export const SkuIdListInput = z.object({ idList: z.array(Id).min(1).max(1000) });
export type SkuIdListInput = z.infer<typeof SkuIdListInput>;

// ---- classification -----------------------------------------------------------------------

export const SkuClassTreeInput = z.object({ isAll: z.boolean().default(false) });
export type SkuClassTreeInput = z.infer<typeof SkuClassTreeInput>;

export const SkuClassCreateInput = z.object({
  code: GoodsCode,
  name: z.string().trim().min(1, 'Name cannot be empty').max(50),
  parentId: Id.nullish().transform((v) => v ?? null),
  sortIndex: z.number().int().min(0).max(99_999).default(0),
});
export type SkuClassCreateInput = z.infer<typeof SkuClassCreateInput>;

export const SkuClassUpdateInput = z.object({
  id: Id,
  version: Version,
  code: GoodsCode,
  name: z.string().trim().min(1, 'Name cannot be empty').max(50),
  sortIndex: z.number().int().min(0).max(99_999).default(0),
});
export type SkuClassUpdateInput = z.infer<typeof SkuClassUpdateInput>;

export interface SkuClassNode {
  id: number;
  version: number;
  code: string;
  name: string;
  parentId: number | null;
  type: SkuClassNodeType;
  sortIndex: number;
  /** Goods in this class and its sub-classes (with isAll). */
  goodsCount: number;
  children: SkuClassNode[];
}
export const SkuClassNode: z.ZodType<SkuClassNode> = z.lazy(() =>
  z.object({
    id: z.number(),
    version: z.number(),
    code: z.string(),
    name: z.string(),
    parentId: z.number().nullable(),
    type: z.enum(SKU_CLASS_NODE_TYPES),
    sortIndex: z.number(),
    goodsCount: z.number(),
    children: z.array(SkuClassNode),
  }),
);

export const SkuClassTree = z.object({
  nodes: z.array(SkuClassNode),
  /** With isAll: every goods item, and those without a class (the default node). */
  totalCount: z.number(),
  unclassifiedCount: z.number(),
});
export type SkuClassTree = z.infer<typeof SkuClassTree>;

/** updateSpuSysClassifyList {id, idList}: move goods into a class (null: out of every class). */
export const MoveSpusToClassInput = z.object({ id: Id.nullable(), idList: z.array(Id).min(1).max(1000) });
export type MoveSpusToClassInput = z.infer<typeof MoveSpusToClassInput>;

// ---- shelf-life records -------------------------------------------------------------------

const DateOnly = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be YYYY-MM-DD')
  .refine((v) => !Number.isNaN(new Date(`${v}T00:00:00Z`).getTime()) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), 'Not a real date');

export const ProductDateListInput = z.object({ skuId: Id });
export type ProductDateListInput = z.infer<typeof ProductDateListInput>;

export const ProductDateAddInput = z.object({
  skuId: Id,
  productDateList: z
    .array(z.object({ productDate: DateOnly, qty: z.number().int('Quantity must be a whole number').min(1, 'Quantity must be at least 1').max(9_999_999) }))
    .min(1)
    .max(200),
});
export type ProductDateAddInput = z.infer<typeof ProductDateAddInput>;

export const ProductDateDeleteInput = z.object({ skuId: Id, idList: z.array(Id).min(1).max(1000) });
export type ProductDateDeleteInput = z.infer<typeof ProductDateDeleteInput>;

export const ProductDateInfo = z.object({
  /** The SKU. */
  id: z.number(),
  skuCode: z.string(),
  skuName: z.string(),
  productDate: z.array(z.object({ id: z.number(), productDate: z.string(), qty: z.number() })),
});
export type ProductDateInfo = z.infer<typeof ProductDateInfo>;

// ---- export -------------------------------------------------------------------------------

/** The goods export takes the list's filters (without paging). */
export const SpuExportInput = SpuSearchInput.omit({ currentPage: true, pageSize: true }).extend({ idList: z.array(Id).max(1000).optional() });
export type SpuExportInput = z.infer<typeof SpuExportInput>;

// ---- the spec's direct import calls (/myhome/dataImport) ----------------------------------

/** spuParseImportFile {byteArray, excelType}: the file as base64 text; checked, nothing saved. */
export const SpuParseImportFileInput = z.object({
  byteArray: z.string().min(1, 'Choose a file').max(Math.ceil(IMPORT_FILE_MAX_BYTES / 3) * 4 + 4, 'The file is larger than 5M'),
  excelType: z.enum(['xlsx', 'xls']).default('xlsx'),
});
export type SpuParseImportFileInput = z.infer<typeof SpuParseImportFileInput>;

/** spuLoadImportFile {spuList, isCover}: the checked rows, loaded all together or not at all. */
export const SpuLoadImportFileInput = z.object({
  spuList: z
    .array(z.record(z.string(), z.union([z.string(), z.number(), z.null(), z.array(z.string())])))
    .min(1)
    .max(GOODS_IMPORT_MAX_ROWS),
  isCover: z.boolean().default(false),
});
export type SpuLoadImportFileInput = z.infer<typeof SpuLoadImportFileInput>;

/** A goods row of a direct import: the importer's fields by name. */
const SpuImportRow = z.record(z.string(), z.union([z.string(), z.number(), z.null(), z.undefined(), z.array(z.string())]));

/** spuParseImportFile's answer: the checked rows (none when any row has a problem), the problems by row, the counts. */
export const SpuParseImportFileResult = z.object({
  spuList: z.array(SpuImportRow),
  errors: z.array(z.object({ row: z.number(), field: z.string(), message: z.string() })),
  summary: z.record(z.string(), z.number()),
});
export type SpuParseImportFileResult = z.infer<typeof SpuParseImportFileResult>;

/** spuLoadImportFile's answer: the counts of the load, e.g. { created, updated, skipped, skus }. */
export const SpuLoadImportFileResult = z.record(z.string(), z.number());
export type SpuLoadImportFileResult = z.infer<typeof SpuLoadImportFileResult>;

// ---- goods and their online SKUs, SKUs of a location (spec 02 §7.3; issue #21 must-have 6) ----

/** getTbSkus / getTbSkusCount: the online SKUs mapped to one goods' SKUs, or to the SKUs listed. */
export const TbSkusOfGoodsInput = z
  .object({ spuId: z.number().int().positive().optional(), skuIdList: z.array(z.number().int().positive()).max(1000).optional() })
  .refine((v) => v.spuId !== undefined || (v.skuIdList?.length ?? 0) > 0, { path: ['spuId'], message: 'Send spuId or skuIdList' });
export type TbSkusOfGoodsInput = z.infer<typeof TbSkusOfGoodsInput>;

export const TbSkuOfGoods = z.object({
  id: z.number(),
  skuId: z.number(),
  storeId: z.number(),
  storeName: z.string(),
  platformCode: z.string(),
  tbSpuId: z.string(),
  tbSkuId: z.string(),
  title: z.string(),
  properties: z.string().nullable(),
  outerSkuId: z.string().nullable(),
  mappingStatus: z.string(),
});
export type TbSkuOfGoods = z.infer<typeof TbSkuOfGoods>;

export const TbSkusCount = z.object({ total: z.number().int(), bySku: z.array(z.object({ skuId: z.number(), count: z.number().int() })) });

/** sku/getSku4Location: the SKUs held at a warehouse's location (or at one location), with their stock. */
export const Sku4LocationInput = z.object({
  warehouseId: z.number().int().positive(),
  locationId: z.number().int().nonnegative().optional(),
  keyword: z.string().trim().max(100).optional(),
});
export type Sku4LocationInput = z.infer<typeof Sku4LocationInput>;

export const Sku4LocationRow = z.object({
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string().nullable(),
  specifications: z.string().nullable(),
  locationId: z.number(),
  locationCode: z.string().nullable(),
  onHand: z.number().int(),
  allocated: z.number().int(),
});
export type Sku4LocationRow = z.infer<typeof Sku4LocationRow>;
