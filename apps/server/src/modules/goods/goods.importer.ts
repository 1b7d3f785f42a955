// Spreadsheet imports of goods (spec 02 §2: goods batch create, combined goods batch create),
// through the import engine: a template, a check listing each bad row, and an all-or-nothing
// load. Rows with the same goods code make one SPU; each row is one SKU (goods) or one component
// (combinations). Existing codes are skipped, or overwritten in cover mode (isCover).
import { bigintArray } from '../../platform/sql.js';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  combinationCostPrice,
  findCombinationLoop,
  GoodsCode,
  PictureUrl,
  Price,
  SizeCm,
  splitKeywords,
  Weight,
  type Language,
} from '@openseller/core';
import type { OperationLogAction } from '@openseller/core';
import { GOODS_IMPORT_MAX_ROWS } from '@openseller/core';
import type { Tx } from '../../db/client.js';
import { combinationComponents, skus, spus } from '../../db/schema/index.js';
import { writeOperationLogs } from '../../platform/operation-log.js';
import { actorOf } from '../../platform/caller.js';
import type { ImportContext, Importer, RowProblem } from '../../platform/imports.js';
import { rowProblem, rowProblems, type FieldProblem } from '../../platform/import-problems.js';
import type { SheetColumn } from '../../platform/xlsx.js';
import type { ClassesService } from './classes.service.js';
import { componentGraphFrom, fillSkuValuesFromGoods, skuValuesFromGoods, skusWithCodes, spusWithCodes } from './goods.queries.js';
import { canSeeCost } from './goods.service.js';

const zh = (language: Language) => language.startsWith('zh');
const CHUNK = 1000;

const chunks = <T>(list: T[], size = CHUNK): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
};

// ---- row parsing --------------------------------------------------------------------------

const Text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : null));

const OptionalCode = z
  .string()
  .optional()
  .transform((v) => (v ? v.replace(/\s+/g, '') : ''))
  .pipe(z.string().max(64).refine((v) => !/[,;，；]/.test(v), 'Code cannot contain commas or semicolons'))
  .transform((v) => (v ? v : null));

const WholeNumber = (min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const text = (v ?? '').trim();
      if (!text) return null;
      if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
        ctx.addIssue({ code: 'custom', message: `Must be a whole number from ${min} to ${max}` });
        return z.NEVER;
      }
      return Number(text);
    });

const LabelText = z
  .string()
  .optional()
  .transform((v) => splitKeywords(v ?? '', 100).items)
  .pipe(z.array(z.string().max(20, 'A label is at most 20 characters')).max(20, 'At most 20 labels'));

const GoodsRowSchema = z.object({
  spuCode: GoodsCode,
  name: z.string().trim().min(1, 'Name cannot be empty').max(200),
  skuCode: OptionalCode,
  specifications: Text(200),
  color: Text(50),
  size: Text(50),
  barCode: Text(64),
  price: Price,
  costPrice: Price,
  weight: Weight,
  length: SizeCm,
  width: SizeCm,
  height: SizeCm,
  shortName: Text(100),
  goodsNo: Text(64),
  brand: Text(50),
  category: Text(50),
  unit: Text(20),
  season: Text(20),
  lotInfo: Text(100),
  shelfLife: WholeNumber(0, 36_500),
  packageInfo: Text(200),
  classCode: OptionalCode,
  labels: LabelText,
  picUrl: PictureUrl,
  udf1: Text(200),
  udf2: Text(200),
  remark: Text(500),
});
export type GoodsImportRow = z.infer<typeof GoodsRowSchema>;

const CombinationRowSchema = z.object({
  code: GoodsCode,
  name: z.string().trim().min(1, 'Name cannot be empty').max(200),
  componentCode: GoodsCode,
  qty: WholeNumber(1, 99_999).refine((v) => v !== null, 'Quantity cannot be empty'),
  apportionCostPrice: Price,
  price: Price,
  costPrice: Price,
  barCode: Text(64),
  specifications: Text(200),
  weight: Weight,
  length: SizeCm,
  width: SizeCm,
  height: SizeCm,
  shortName: Text(100),
  brand: Text(50),
  unit: Text(20),
  classCode: OptionalCode,
  picUrl: PictureUrl,
  remark: Text(500),
});
export type CombinationImportRow = z.infer<typeof CombinationRowSchema>;

/** A row by its contract; zod's problems as import problem codes (platform/import-problems.ts). */
function parseWith<S extends z.ZodType>(schema: S, values: Record<string, string>, language: Language): { row: z.output<S> } | { problems: FieldProblem[] } {
  const result = schema.safeParse(values);
  if (result.success) return { row: result.data };
  return { problems: rowProblems(result.error, language, values) };
}

// ---- columns ------------------------------------------------------------------------------

type ColumnText = [key: string, zh: string, en: string, required?: boolean];

function columnsOf(texts: ColumnText[], language: Language): SheetColumn[] {
  return texts.map(([key, zhHeader, enHeader, required]) => ({
    key,
    header: zh(language) ? zhHeader : enHeader,
    aliases: [zh(language) ? enHeader : zhHeader],
    ...(required ? { required: true } : {}),
  }));
}

const GOODS_COLUMNS: ColumnText[] = [
  ['spuCode', '商品编码', 'Goods code', true],
  ['name', '商品名称', 'Goods name', true],
  ['skuCode', '规格编码', 'SKU code'],
  ['specifications', '规格', 'Specifications'],
  ['color', '颜色', 'Color'],
  ['size', '尺码', 'Size'],
  ['barCode', '条码', 'Bar code'],
  ['price', '售价', 'Price'],
  ['costPrice', '成本价', 'Cost price'],
  ['weight', '重量(kg)', 'Weight (kg)'],
  ['length', '长(cm)', 'Length (cm)'],
  ['width', '宽(cm)', 'Width (cm)'],
  ['height', '高(cm)', 'Height (cm)'],
  ['shortName', '简称', 'Short name'],
  ['goodsNo', '货号', 'Goods no.'],
  ['brand', '品牌', 'Brand'],
  ['category', '类目', 'Category'],
  ['unit', '单位', 'Unit'],
  ['season', '季节', 'Season'],
  ['lotInfo', '批次信息', 'Lot info'],
  ['shelfLife', '保质期(天)', 'Shelf life (days)'],
  ['packageInfo', '包装信息', 'Package info'],
  ['classCode', '分类编码', 'Class code'],
  ['labels', '标签', 'Labels'],
  ['picUrl', '图片地址', 'Picture URL'],
  ['udf1', '自定义1', 'Custom 1'],
  ['udf2', '自定义2', 'Custom 2'],
  ['remark', '备注', 'Remark'],
];

const COMBINATION_COLUMNS: ColumnText[] = [
  ['code', '组合商品编码', 'Combination code', true],
  ['name', '组合商品名称', 'Combination name', true],
  ['componentCode', '子商品规格编码', 'Component SKU code', true],
  ['qty', '数量', 'Quantity', true],
  ['apportionCostPrice', '分摊成本价', 'Apportioned cost price'],
  ['price', '售价', 'Price'],
  ['costPrice', '成本价', 'Cost price'],
  ['barCode', '条码', 'Bar code'],
  ['specifications', '规格', 'Specifications'],
  ['weight', '重量(kg)', 'Weight (kg)'],
  ['length', '长(cm)', 'Length (cm)'],
  ['width', '宽(cm)', 'Width (cm)'],
  ['height', '高(cm)', 'Height (cm)'],
  ['shortName', '简称', 'Short name'],
  ['brand', '品牌', 'Brand'],
  ['unit', '单位', 'Unit'],
  ['classCode', '分类编码', 'Class code'],
  ['picUrl', '图片地址', 'Picture URL'],
  ['remark', '备注', 'Remark'],
];

// ---- shared checks ------------------------------------------------------------------------

async function existingSpus(tx: Tx, domainId: number, codes: string[]) {
  const found = new Map<string, { id: number; code: string; isCombination: boolean; hasSku: boolean }>();
  for (const part of chunks([...new Set(codes)], 5000)) for (const s of await spusWithCodes(tx, domainId, part)) found.set(s.code, s);
  return found;
}

async function existingSkuOwners(tx: Tx, domainId: number, codes: string[]) {
  const found = new Map<string, { id: number; spuId: number; spuCode: string; isCombination: boolean }>();
  for (const part of chunks([...new Set(codes)], 5000)) for (const k of await skusWithCodes(tx, domainId, part)) found.set(k.code, k);
  return found;
}

function groupBy<R>(rows: { rowNumber: number; row: R }[], key: (row: R) => string) {
  const groups = new Map<string, { rowNumber: number; row: R }[]>();
  for (const r of rows) {
    const k = key(r.row);
    const list = groups.get(k);
    if (list) list.push(r);
    else groups.set(k, [r]);
  }
  return groups;
}


async function logImport(tx: Tx, ctx: ImportContext, entries: { id: number; action: OperationLogAction; after: unknown }[]) {
  await writeOperationLogs(
    tx,
    { ...actorOf(ctx.session), domainId: ctx.domainId },
    entries.map((e) => ({ area: 'goods', entityType: 'spu', entityId: e.id, action: e.action, after: e.after })),
  );
}

/** Values written over existing goods in cover mode: the cells that are not empty. */
function filled<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null && v !== undefined && !(Array.isArray(v) && v.length === 0))) as Partial<T>;
}

// ---- goods --------------------------------------------------------------------------------

interface GoodsGroup {
  spuCode: string;
  rows: { rowNumber: number; row: GoodsImportRow }[];
  hasSku: boolean;
}

function goodsGroups(rows: { rowNumber: number; row: GoodsImportRow }[]): GoodsGroup[] {
  return [...groupBy(rows, (r) => r.spuCode)].map(([spuCode, list]) => ({
    spuCode,
    rows: list,
    hasSku: list.length > 1 || (list[0]!.row.skuCode !== null && list[0]!.row.skuCode !== spuCode),
  }));
}

const skuCodeOf = (r: GoodsImportRow) => r.skuCode ?? r.spuCode;

function spuInsertValues(first: GoodsImportRow, hasSku: boolean, classId: number | null) {
  return {
    code: first.spuCode,
    name: first.name,
    shortName: first.shortName,
    goodsNo: first.goodsNo,
    barCode: hasSku ? null : first.barCode,
    brand: first.brand,
    category: first.category,
    unit: first.unit,
    color: hasSku ? null : first.color,
    size: hasSku ? null : first.size,
    specifications: hasSku ? null : first.specifications,
    season: first.season,
    lotInfo: first.lotInfo,
    shelfLife: first.shelfLife,
    packageInfo: first.packageInfo,
    price: first.price,
    costPrice: first.costPrice,
    length: first.length,
    width: first.width,
    height: first.height,
    weight: first.weight,
    udf1: first.udf1,
    udf2: first.udf2,
    remark: first.remark,
    picUrl: first.picUrl,
    labels: first.labels,
    classId,
    hasSku,
  };
}

function skuInsertValues(r: GoodsImportRow) {
  return {
    code: skuCodeOf(r),
    barCode: r.barCode,
    name: r.name,
    specifications: r.specifications,
    color: r.color,
    size: r.size,
    price: r.price,
    costPrice: r.costPrice,
    length: r.length,
    width: r.width,
    height: r.height,
    weight: r.weight,
    picUrl: r.picUrl,
  };
}

export function goodsImporter(classes: ClassesService): Importer<GoodsImportRow> {
  return {
    kind: 'GOODS',
    access: { menu: 'MENU_SKU' },
    maxRows: GOODS_IMPORT_MAX_ROWS,
    sheetName: (language) => (zh(language) ? '商品导入' : 'Goods import'),
    columns: (language) => columnsOf(GOODS_COLUMNS, language),
    parseRow: (values, language) => parseWith(GoodsRowSchema, values, language),

    async check(rows, ctx) {
      const { language, domainId, tx } = ctx;
      const problems: RowProblem[] = [];
      const groups = goodsGroups(rows);
      const seesCost = canSeeCost(ctx.session);
      const firstRowOfSku = new Map<string, number>();
      for (const g of groups) {
        for (const { rowNumber, row } of g.rows) {
          if (g.rows.length > 1 && !row.skuCode) {
            problems.push(rowProblem(language, rowNumber, 'skuCode', 'SKU_CODE_NEEDED', { value: g.spuCode }));
          }
          const code = skuCodeOf(row);
          const first = firstRowOfSku.get(code);
          if (first !== undefined) problems.push(rowProblem(language, rowNumber, 'skuCode', 'DUPLICATE_ROW', { row: first }));
          else firstRowOfSku.set(code, rowNumber);
          if (row.costPrice !== null && !seesCost) problems.push(rowProblem(language, rowNumber, 'costPrice', 'FIELD_NOT_PERMITTED'));
        }
      }
      const spuOwners = await existingSpus(tx, domainId, [...groups.map((g) => g.spuCode)]);
      const skuOwners = await existingSkuOwners(tx, domainId, [...firstRowOfSku.keys()]);
      const classIds = await classes.byCodes(tx, domainId, [...new Set(rows.flatMap((r) => (r.row.classCode ? [r.row.classCode] : [])))]);
      for (const g of groups) {
        const existing = spuOwners.get(g.spuCode);
        if (existing?.isCombination) {
          problems.push(rowProblem(language, g.rows[0]!.rowNumber, 'spuCode', 'USE_COMBINATION_IMPORT', { value: g.spuCode }));
        }
        for (const { rowNumber, row } of g.rows) {
          const owner = skuOwners.get(skuCodeOf(row));
          if (owner && owner.spuCode !== g.spuCode) {
            problems.push(rowProblem(language, rowNumber, row.skuCode ? 'skuCode' : 'spuCode', 'SKU_CODE_USED', { value: skuCodeOf(row), owner: owner.spuCode }));
          }
          if (row.classCode && !classIds.has(row.classCode)) {
            problems.push(rowProblem(language, rowNumber, 'classCode', 'CLASS_NOT_FOUND', { value: row.classCode }));
          }
        }
      }
      return problems;
    },

    async summarize(rows, ctx) {
      const codes = [...new Set(rows.map((r) => r.spuCode))];
      const existing = await existingSpus(ctx.tx, ctx.domainId, codes);
      return { new: codes.length - existing.size, existing: existing.size, skus: rows.length };
    },

    async load(rows, ctx, progress) {
      const { tx, domainId } = ctx;
      const cover = ctx.options.isCover === true;
      const groups = goodsGroups(rows.map((row, i) => ({ rowNumber: i, row })));
      const existing = await existingSpus(tx, domainId, groups.map((g) => g.spuCode));
      const classIds = await classes.byCodes(tx, domainId, [...new Set(rows.flatMap((r) => (r.classCode ? [r.classCode] : [])))]);
      const classOf = (r: GoodsImportRow) => (r.classCode ? (classIds.get(r.classCode) ?? null) : null);
      let done = 0;
      let created = 0;
      let updated = 0;
      let skipped = 0;
      let skuCount = 0;

      // New goods: their SPUs, then their SKUs, a chunk at a time.
      const fresh = groups.filter((g) => !existing.has(g.spuCode));
      for (const part of chunks(fresh, 500)) {
        const inserted = await tx
          .insert(spus)
          .values(part.map((g) => ({ ...spuInsertValues(g.rows[0]!.row, g.hasSku, classOf(g.rows[0]!.row)), domainId, createdBy: ctx.session.userId })))
          .returning({ id: spus.id, code: spus.code });
        const idOf = new Map(inserted.map((s) => [s.code, s.id]));
        const skuValues = part.flatMap((g) => g.rows.map(({ row }) => ({ ...skuInsertValues(row), ...(g.hasSku ? skuValuesFromGoods(row) : {}), domainId, spuId: idOf.get(g.spuCode)! })));
        for (const skuPart of chunks(skuValues)) await tx.insert(skus).values(skuPart);
        await fillSkuValuesFromGoods(
          tx,
          domainId,
          part.filter((g) => g.hasSku).map((g) => idOf.get(g.spuCode)!),
        );
        skuCount += skuValues.length;
        created += part.length;
        await logImport(
          tx,
          ctx,
          inserted.map((s) => ({ id: s.id, action: 'import', after: { code: s.code } })),
        );
        done += part.reduce((n, g) => n + g.rows.length, 0);
        await progress(done);
      }

      // Existing goods: left alone, or overwritten by the cells that are filled (cover).
      const old = groups.filter((g) => existing.has(g.spuCode));
      if (!cover) {
        skipped = old.length;
        done += old.reduce((n, g) => n + g.rows.length, 0);
        if (old.length) await progress(done);
      } else {
        for (const part of chunks(old, 200)) {
          const spuIds = part.map((g) => existing.get(g.spuCode)!.id);
          const currentSkus = await tx
            .select({ id: skus.id, code: skus.code, spuId: skus.spuId })
            .from(skus)
            .where(and(eq(skus.domainId, domainId), eq(skus.delFlag, false), sql`${skus.spuId} = any(${bigintArray(spuIds)})`));
          const newSkus: (typeof skus.$inferInsert)[] = [];
          for (const g of part) {
            const spu = existing.get(g.spuCode)!;
            const first = g.rows[0]!.row;
            const mine = currentSkus.filter((k) => k.spuId === spu.id);
            const additions = g.rows.filter(({ row }) => !mine.some((k) => k.code === skuCodeOf(row)));
            const hasSku = spu.hasSku || g.hasSku || mine.length + additions.length > 1;
            const { code: _code, ...spuValues } = spuInsertValues(first, hasSku, classOf(first));
            await tx
              .update(spus)
              .set({ ...filled(spuValues), hasSku, classId: first.classCode ? classOf(first) : undefined, version: sql`${spus.version} + 1`, updatedAt: new Date() })
              .where(and(eq(spus.domainId, domainId), eq(spus.id, spu.id)));
            for (const { row } of g.rows) {
              const match = mine.find((k) => k.code === skuCodeOf(row));
              if (match) {
                // A filled cost or weight cell becomes the SKU's own; an empty one keeps what is there.
                const own = { ...(row.costPrice !== null ? { costPriceFromGoods: false } : {}), ...(row.weight !== null ? { weightFromGoods: false } : {}) };
                await tx
                  .update(skus)
                  .set({ ...filled(skuInsertValues(row)), ...own, version: sql`${skus.version} + 1`, updatedAt: new Date() })
                  .where(and(eq(skus.domainId, domainId), eq(skus.id, match.id)));
              } else newSkus.push({ ...skuInsertValues(row), ...skuValuesFromGoods(row), domainId, spuId: spu.id });
            }
            skuCount += g.rows.length;
          }
          for (const skuPart of chunks(newSkus)) await tx.insert(skus).values(skuPart);
          await fillSkuValuesFromGoods(tx, domainId, spuIds);
          updated += part.length;
          await logImport(
            tx,
            ctx,
            part.map((g) => ({ id: existing.get(g.spuCode)!.id, action: 'importCover', after: { code: g.spuCode, rows: g.rows.length } })),
          );
          done += part.reduce((n, g) => n + g.rows.length, 0);
          await progress(done);
        }
      }
      return { created, updated, skipped, skus: skuCount };
    },
  };
}

// ---- combination goods --------------------------------------------------------------------

export function combinationImporter(classes: ClassesService): Importer<CombinationImportRow> {
  return {
    kind: 'COMBINATION_GOODS',
    access: { menu: 'MENU_SKU' },
    maxRows: 20_000,
    sheetName: (language) => (zh(language) ? '组合商品导入' : 'Combination goods import'),
    columns: (language) => columnsOf(COMBINATION_COLUMNS, language),
    parseRow: (values, language) => parseWith(CombinationRowSchema, values, language),

    async check(rows, ctx) {
      const { language, domainId, tx } = ctx;
      const problems: RowProblem[] = [];
      const seesCost = canSeeCost(ctx.session);
      const groups = groupBy(rows, (r) => r.code);
      const componentCodes = [...new Set(rows.map((r) => r.row.componentCode))];
      const components = await existingSkuOwners(tx, domainId, componentCodes);
      const comboSpus = await existingSpus(tx, domainId, [...groups.keys()]);
      const comboSkus = await existingSkuOwners(tx, domainId, [...groups.keys()]);
      const classIds = await classes.byCodes(tx, domainId, [...new Set(rows.flatMap((r) => (r.row.classCode ? [r.row.classCode] : [])))]);
      for (const [code, list] of groups) {
        const spu = comboSpus.get(code);
        const sku = comboSkus.get(code);
        if (spu && !spu.isCombination) problems.push(rowProblem(language, list[0]!.rowNumber, 'code', 'NOT_A_COMBINATION', { value: code }));
        else if (!spu && sku) problems.push(rowProblem(language, list[0]!.rowNumber, 'code', 'SKU_CODE_USED', { value: code, owner: sku.spuCode }));
        const seen = new Map<string, number>();
        for (const { rowNumber, row } of list) {
          if (row.componentCode === code) problems.push(rowProblem(language, rowNumber, 'componentCode', 'COMBINATION_CONTAINS_ITSELF'));
          else if (!components.has(row.componentCode)) problems.push(rowProblem(language, rowNumber, 'componentCode', 'SKU_NOT_FOUND', { value: row.componentCode }));
          const again = seen.get(row.componentCode);
          if (again !== undefined) problems.push(rowProblem(language, rowNumber, 'componentCode', 'DUPLICATE_ROW', { row: again }));
          else seen.set(row.componentCode, rowNumber);
          if (row.classCode && !classIds.has(row.classCode)) problems.push(rowProblem(language, rowNumber, 'classCode', 'CLASS_NOT_FOUND', { value: row.classCode }));
          if ((row.costPrice !== null || row.apportionCostPrice !== null) && !seesCost) {
            problems.push(rowProblem(language, rowNumber, row.costPrice !== null ? 'costPrice' : 'apportionCostPrice', 'FIELD_NOT_PERMITTED'));
          }
        }
      }
      // An existing combination given new components must not end up containing itself.
      const existingCombos = [...groups.keys()].filter((c) => comboSpus.get(c)?.isCombination && comboSkus.get(c));
      if (existingCombos.length) {
        const graph = await componentGraphFrom(
          tx,
          domainId,
          [...components.values()].map((k) => k.id),
        );
        for (const code of existingCombos) {
          const list = groups.get(code)!;
          const comboSkuId = comboSkus.get(code)!.id;
          const ids = list.flatMap(({ row }) => (components.get(row.componentCode) ? [components.get(row.componentCode)!.id] : []));
          const loop = findCombinationLoop(comboSkuId, ids, (id) => graph.get(id));
          if (loop && loop.length > 2) {
            const via = list.find(({ row }) => components.get(row.componentCode)?.id === loop[1])!;
            problems.push(rowProblem(language, via.rowNumber, 'componentCode', 'COMBINATION_CYCLE', { value: via.row.componentCode }));
          }
        }
      }
      return problems;
    },

    async summarize(rows, ctx) {
      const codes = [...new Set(rows.map((r) => r.code))];
      const existing = await existingSpus(ctx.tx, ctx.domainId, codes);
      return { new: codes.length - existing.size, existing: existing.size, components: rows.length };
    },

    async load(rows, ctx, progress) {
      const { tx, domainId } = ctx;
      const cover = ctx.options.isCover === true;
      const groups = [...groupBy(rows.map((row, i) => ({ rowNumber: i, row })), (r) => r.code)];
      const existing = await existingSpus(tx, domainId, groups.map(([c]) => c));
      const componentIds = await existingSkuOwners(tx, domainId, [...new Set(rows.map((r) => r.componentCode))]);
      const classIds = await classes.byCodes(tx, domainId, [...new Set(rows.flatMap((r) => (r.classCode ? [r.classCode] : [])))]);
      const links = (list: { row: CombinationImportRow }[], comboSkuId: number) =>
        list.map(({ row }, i) => {
          const component = componentIds.get(row.componentCode);
          if (!component) throw new Error(`component ${row.componentCode} no longer exists`);
          return { domainId, comboSkuId, componentSkuId: component.id, qty: row.qty!, apportionCostPrice: row.apportionCostPrice, sortIndex: i };
        });
      const spuValuesOf = (first: CombinationImportRow) => ({
        name: first.name,
        shortName: first.shortName,
        barCode: first.barCode,
        brand: first.brand,
        unit: first.unit,
        specifications: first.specifications,
        price: first.price,
        costPrice: first.costPrice,
        length: first.length,
        width: first.width,
        height: first.height,
        weight: first.weight,
        picUrl: first.picUrl,
        remark: first.remark,
        classId: first.classCode ? (classIds.get(first.classCode) ?? null) : null,
      });
      // Without a cost price, a new combination costs the sum of its apportioned costs.
      const costOf = (list: { row: CombinationImportRow }[]) =>
        list[0]!.row.costPrice ?? combinationCostPrice(list.map(({ row }) => ({ qty: row.qty!, apportionCostPrice: row.apportionCostPrice })));
      let done = 0;
      let created = 0;
      let updated = 0;
      let skipped = 0;

      const fresh = groups.filter(([code]) => !existing.has(code));
      for (const part of chunks(fresh, 500)) {
        const inserted = await tx
          .insert(spus)
          .values(part.map(([code, list]) => ({ ...spuValuesOf(list[0]!.row), costPrice: costOf(list), code, domainId, isCombination: true, hasSku: false, createdBy: ctx.session.userId })))
          .returning({ id: spus.id, code: spus.code });
        const spuIdOf = new Map(inserted.map((s) => [s.code, s.id]));
        const comboSkus = await tx
          .insert(skus)
          .values(
            part.map(([code, list]) => {
              const v = spuValuesOf(list[0]!.row);
              return { domainId, spuId: spuIdOf.get(code)!, code, name: v.name, barCode: v.barCode, specifications: v.specifications, price: v.price, costPrice: costOf(list), length: v.length, width: v.width, height: v.height, weight: v.weight, picUrl: v.picUrl, isCombination: true };
            }),
          )
          .returning({ id: skus.id, code: skus.code });
        const skuIdOf = new Map(comboSkus.map((k) => [k.code, k.id]));
        const allLinks = part.flatMap(([code, list]) => links(list, skuIdOf.get(code)!));
        for (const linkPart of chunks(allLinks)) await tx.insert(combinationComponents).values(linkPart);
        created += part.length;
        await logImport(
          tx,
          ctx,
          inserted.map((s) => ({ id: s.id, action: 'importCombination', after: { code: s.code } })),
        );
        done += part.reduce((n, [, list]) => n + list.length, 0);
        await progress(done);
      }

      const old = groups.filter(([code]) => existing.has(code));
      if (!cover) {
        skipped = old.length;
        done += old.reduce((n, [, list]) => n + list.length, 0);
        if (old.length) await progress(done);
      } else {
        const comboSkus = await existingSkuOwners(tx, domainId, old.map(([c]) => c));
        for (const [code, list] of old) {
          const spu = existing.get(code)!;
          const comboSku = comboSkus.get(code);
          if (!comboSku) throw new Error(`combination ${code} has no SKU`);
          const v = filled(spuValuesOf(list[0]!.row));
          await tx
            .update(spus)
            .set({ ...v, version: sql`${spus.version} + 1`, updatedAt: new Date() })
            .where(and(eq(spus.domainId, domainId), eq(spus.id, spu.id)));
          const { classId: _c, shortName: _s, brand: _b, unit: _u, remark: _r, ...skuPart } = v;
          await tx
            .update(skus)
            .set({ ...skuPart, version: sql`${skus.version} + 1`, updatedAt: new Date() })
            .where(and(eq(skus.domainId, domainId), eq(skus.id, comboSku.id)));
          await tx.delete(combinationComponents).where(and(eq(combinationComponents.domainId, domainId), eq(combinationComponents.comboSkuId, comboSku.id)));
          await tx.insert(combinationComponents).values(links(list, comboSku.id));
          updated++;
          done += list.length;
        }
        // A loop could have appeared since the check (another edit meanwhile): refuse it now.
        const graph = await componentGraphFrom(
          tx,
          domainId,
          [...comboSkus.values()].map((k) => k.id),
        );
        for (const [code, k] of comboSkus) {
          if (findCombinationLoop(k.id, graph.get(k.id) ?? [], (id) => graph.get(id))) throw new Error(`combination ${code} would contain itself`);
        }
        await logImport(
          tx,
          ctx,
          old.map(([code, list]) => ({ id: existing.get(code)!.id, action: 'importCombinationCover', after: { code, components: list.length } })),
        );
        await progress(done);
      }
      return { created, updated, skipped, components: rows.length };
    },
  };
}

