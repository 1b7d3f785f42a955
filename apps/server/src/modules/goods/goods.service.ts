// The goods commands (spec 02 §3.1, §7.3): create and edit an SPU with its SKUs, combinations
// and their components, delete (delFlag) with reference checks, marks and labels, status,
// moving between classes, shelf-life records. Every command runs in one transaction and writes
// the operation log; updates check the version.
import { and, eq, sql } from 'drizzle-orm';
import { idsIn, textArray } from '../../platform/sql.js';
import {
  combinationCostPrice,
  ErrorCodes,
  findCombinationLoop,
  GoodsErrors,
  SpuCreateInput,
  type AddOneSkuToSpuInput,
  type CheckCodeInput,
  type CheckCodeResult,
  type ComponentInput,
  type MakeSpuCombinedInput,
  type MarkSpusInput,
  type MoveSpusToClassInput,
  type PageResult,
  type ProductDateAddInput,
  type ProductDateDeleteInput,
  type ProductDateInfo,
  type SetSpuStatusInput,
  type SkuInput,
  type SkuPick,
  type SkuSearchInput,
  type SpuRow,
  type SpuSearchInput,
  type SpuUpdateInput,
  type Language,
} from '@openseller/core';
import type { OperationLogAction, OperationLogEntityKind } from '@openseller/core';
import type { Database, Tx } from '../../db/client.js';
import { combinationComponents, skuClasses, skuProductDates, skus, spus } from '../../db/schema/index.js';
import { AppError, forbidden, notFound, versionConflict } from '../../platform/errors.js';
import { fieldVisibility, redactFields } from '../../platform/field-permissions.js';
import { parseInput } from '../../platform/http.js';
import type { ServiceRegistry } from '../../platform/module.js';
import { writeOperationLog, writeOperationLogs } from '../../platform/operation-log.js';
import type { Session } from '../../platform/sessions.js';
import {
  combinationsUsing,
  componentGraphFrom,
  componentRows,
  fillSkuValuesFromGoods,
  findLiveSpu,
  goodsCounts,
  liveSkusOfSpus,
  liveSpusByIds,
  resolveComponentSkus,
  searchSkus,
  searchSpuIds,
  skusByCodes,
  skusByIds,
  skuValuesFromGoods,
  skusWithCodes,
  spuRowsByIds,
  spusWithCodes,
} from './goods.queries.js';
import { actorOf } from '../../platform/caller.js';
export { actorOf };

/** A check other areas add to ctx.registry list 'sku-references': what still uses these SKUs. */
export type SkuReferenceChecker = (tx: Tx, domainId: number, skuIds: number[]) => Promise<{ reason: string; count: number }[]>;
export const SKU_REFERENCES = 'sku-references';

export const COST_FIELDS = { costPrice: 'COST_PRICE' } as const;
const COMPONENT_COST_FIELDS = { apportionCostPrice: 'COST_PRICE' } as const;

const AREA = 'goods';


export function sellerDomain(session: Session): number {
  if (session.domainId === null) throw forbidden();
  return session.domainId;
}

export const canSeeCost = (session: Session) => fieldVisibility(session)('COST_PRICE');

/** Rows as the session may see them: cost prices only with the COST_PRICE field. */
export function redactSpuRows(rows: SpuRow[], session: Session): SpuRow[] {
  if (canSeeCost(session)) return rows;
  return redactFields(rows, COST_FIELDS, session).map((r) => ({
    ...r,
    skus: redactFields(r.skus, COST_FIELDS, session),
    components: redactFields(r.components, COMPONENT_COST_FIELDS, session),
  }));
}

/** A PostgreSQL unique violation on a goods code index, as the error a person reads. */
function codeConflict(error: unknown, field: string, code: string): never {
  const pg = error as { code?: string; constraint?: string };
  if (pg?.code === '23505') {
    if (pg.constraint === 'spus_domain_code_key') throw new AppError(GoodsErrors.SPU_CODE_TAKEN, 409, { field: 'code', code });
    if (pg.constraint === 'skus_domain_code_key') throw new AppError(GoodsErrors.SKU_CODE_TAKEN, 409, { field, code });
  }
  throw error;
}

interface DesiredSku {
  /** An existing SKU of the SPU kept (updated), or undefined for a new one. */
  existingId?: number;
  field: string;
  values: Omit<typeof skus.$inferInsert, 'domainId' | 'spuId'>;
}

type SpuShape = Omit<SpuUpdateInput, 'id' | 'version'>;

function spuValues(input: SpuShape) {
  return {
    code: input.code,
    name: input.name,
    shortName: input.shortName,
    goodsNo: input.goodsNo,
    barCode: input.barCode,
    brand: input.brand,
    category: input.category,
    unit: input.unit,
    color: input.color,
    size: input.size,
    specifications: input.specifications,
    season: input.season,
    lotInfo: input.lotInfo,
    shelfLife: input.shelfLife,
    packageInfo: input.packageInfo,
    price: input.price,
    costPrice: input.costPrice,
    length: input.length,
    width: input.width,
    height: input.height,
    weight: input.weight,
    udf1: input.udf1,
    udf2: input.udf2,
    remark: input.remark,
    picUrl: input.picUrl,
    labels: input.labels,
    marks: input.skuMarks,
    classId: input.skuSysClassifyId,
    hasSku: input.hasSku,
    isCombination: input.isCombination,
    status: input.status,
  };
}

/** The one SKU of goods without variants carries the goods' own code and values. */
function singleSkuValues(input: SpuShape): DesiredSku['values'] {
  return {
    code: input.code,
    barCode: input.barCode,
    name: input.name,
    specifications: input.specifications,
    color: input.color,
    size: input.size,
    price: input.price,
    costPrice: input.costPrice,
    length: input.length,
    width: input.width,
    height: input.height,
    weight: input.weight,
    // It mirrors the goods' values itself (set on every save).
    costPriceFromGoods: false,
    weightFromGoods: false,
    picUrl: input.picUrl,
    isCombination: input.isCombination,
    status: input.status,
  };
}

function variantValues(sku: Omit<SkuInput, 'id'>, spu: { name: string; status: string }): DesiredSku['values'] {
  return {
    code: sku.code,
    barCode: sku.barCode,
    name: sku.name ?? spu.name,
    specifications: sku.specifications,
    color: sku.color,
    size: sku.size,
    price: sku.price,
    costPrice: sku.costPrice,
    length: sku.length,
    width: sku.width,
    height: sku.height,
    weight: sku.weight,
    ...skuValuesFromGoods(sku),
    picUrl: sku.picUrl,
    isCombination: false,
    // Goods taken down take every variant down with them.
    status: spu.status === 'instock' ? 'instock' : sku.status,
  };
}

export interface GoodsServiceDeps {
  database: Database;
  registry: ServiceRegistry;
  now?: () => Date;
}

export function createGoodsService(deps: GoodsServiceDeps) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());

  async function checkClass(tx: Tx, domainId: number, classId: number | null, field = 'skuSysClassifyId') {
    if (classId === null) return;
    const [found] = await tx
      .select({ id: skuClasses.id })
      .from(skuClasses)
      .where(and(eq(skuClasses.domainId, domainId), eq(skuClasses.id, classId)));
    if (!found) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'class', field });
  }

  async function checkSpuCodeFree(tx: Tx, domainId: number, code: string, exceptSpuId?: number) {
    const taken = await spusWithCodes(tx, domainId, [code], exceptSpuId);
    if (taken.length) throw new AppError(GoodsErrors.SPU_CODE_TAKEN, 409, { field: 'code', code });
  }

  async function checkSkuCodesFree(tx: Tx, domainId: number, desired: DesiredSku[], exceptSpuId?: number) {
    const taken = await skusWithCodes(
      tx,
      domainId,
      desired.map((d) => d.values.code),
      exceptSpuId,
    );
    if (!taken.length) return;
    // Every taken code is named (a variant matrix may clash on several), the first one's field marked.
    const clashes = desired.filter((d) => taken.some((t) => t.code === d.values.code));
    const owners = [...new Set(clashes.map((d) => taken.find((t) => t.code === d.values.code)!.spuCode))];
    throw new AppError(GoodsErrors.SKU_CODE_TAKEN, 409, { field: clashes[0]!.field, code: clashes.map((d) => d.values.code).join(', '), spuCode: owners.join(', ') });
  }

  /**
   * The SKU ids of a combination's components: a component given by SPU uses that SPU's first
   * SKU (spec 02 §3.1). Refuses unknown SKUs, the combination itself, and loops.
   */
  async function resolveComponents(tx: Tx, domainId: number, comboSkuId: number | null, list: ComponentInput[], field: string) {
    const { bySku, bySpu } = await resolveComponentSkus(
      tx,
      domainId,
      list.flatMap((c) => (c.id !== undefined ? [c.id] : [])),
      list.flatMap((c) => (c.id === undefined && c.spuId !== undefined ? [c.spuId] : [])),
    );
    const resolved = list.map((c, i) => {
      const sku = c.id !== undefined ? bySku.get(c.id) : bySpu.get(c.spuId!);
      if (!sku) throw new AppError(GoodsErrors.COMPONENT_NOT_FOUND, 404, { field: `${field}.${i}.id`, row: i + 1 });
      return { skuId: sku.id, code: sku.code, qty: c.qty, apportionCostPrice: c.apportionCostPrice, index: i };
    });
    const seen = new Set<number>();
    for (const r of resolved) {
      if (seen.has(r.skuId)) throw new AppError(ErrorCodes.VALIDATION, 400, { field: `${field}.${r.index}.id`, detail: `${field}.${r.index}: ${r.code} appears twice` });
      seen.add(r.skuId);
    }
    if (comboSkuId !== null) {
      const self = resolved.find((r) => r.skuId === comboSkuId);
      if (self) throw new AppError(GoodsErrors.COMBINATION_CONTAINS_ITSELF, 400, { field: `${field}.${self.index}.id`, code: self.code });
      const graph = await componentGraphFrom(
        tx,
        domainId,
        resolved.map((r) => r.skuId),
      );
      const loop = findCombinationLoop(
        comboSkuId,
        resolved.map((r) => r.skuId),
        (id) => graph.get(id),
      );
      if (loop) {
        const codes = await skusByIds(tx, domainId, loop);
        const codeOf = new Map(codes.map((k) => [k.id, k.code]));
        const via = resolved.find((r) => r.skuId === loop[1])!;
        throw new AppError(GoodsErrors.COMBINATION_LOOP, 400, { field: `${field}.${via.index}.id`, code: via.code, path: loop.map((id) => codeOf.get(id) ?? String(id)).join(' → ') });
      }
    }
    return resolved;
  }

  async function writeComponents(tx: Tx, domainId: number, comboSkuId: number, resolved: { skuId: number; qty: number; apportionCostPrice: string | null }[]) {
    await tx.delete(combinationComponents).where(and(eq(combinationComponents.domainId, domainId), eq(combinationComponents.comboSkuId, comboSkuId)));
    if (!resolved.length) return;
    await tx.insert(combinationComponents).values(
      resolved.map((r, i) => ({ domainId, comboSkuId, componentSkuId: r.skuId, qty: r.qty, apportionCostPrice: r.apportionCostPrice, sortIndex: i })),
    );
  }

  /** Refuses removing SKUs still used: by a live combination, or by another area's records. */
  async function checkSkusUnused(tx: Tx, domainId: number, skuIds: number[], removingComboSkuIds: number[] = []) {
    if (!skuIds.length) return;
    const using = await combinationsUsing(tx, domainId, skuIds, removingComboSkuIds);
    if (using.length) {
      const combos = [...new Set(using.map((u) => u.comboCode))];
      throw new AppError(GoodsErrors.SKU_IN_COMBINATION, 409, { count: combos.length, codes: combos.slice(0, 5).join(', ') });
    }
    for (const checker of deps.registry.list<SkuReferenceChecker>(SKU_REFERENCES)) {
      const references = (await checker(tx, domainId, skuIds)).filter((r) => r.count > 0);
      if (references.length) throw new AppError(GoodsErrors.SKU_IN_USE, 409, { reason: references[0]!.reason, count: references[0]!.count });
    }
  }

  async function rowOf(tx: Tx, domainId: number, id: number): Promise<SpuRow> {
    const [row] = await spuRowsByIds(tx, domainId, [id]);
    if (!row) throw notFound('spu');
    return row;
  }

  async function createSpu(session: Session, input: SpuCreateInput, outer?: Tx): Promise<SpuRow> {
    const domainId = sellerDomain(session);
    const seesCost = canSeeCost(session);
    const shape: SpuShape = seesCost ? input : { ...input, costPrice: null, skus: input.skus.map((s) => ({ ...s, costPrice: null })), components: input.components.map((c) => ({ ...c, apportionCostPrice: null })) };
    const run = async (tx: Tx) => {
      await checkClass(tx, domainId, shape.skuSysClassifyId);
      await checkSpuCodeFree(tx, domainId, shape.code);
      const desired: DesiredSku[] = shape.hasSku
        ? shape.skus.map((s, i) => ({ field: `skus.${i}.code`, values: variantValues(s, shape) }))
        : [{ field: 'code', values: singleSkuValues(shape) }];
      await checkSkuCodesFree(tx, domainId, desired);
      const components = shape.isCombination ? await resolveComponents(tx, domainId, null, shape.components, 'components') : [];
      const costPrice = shape.isCombination && shape.costPrice === null ? combinationCostPrice(components) : shape.costPrice;
      const [spu] = await tx
        .insert(spus)
        .values({ ...spuValues(shape), costPrice, domainId, createdBy: session.userId })
        .returning();
      const inserted = await tx
        .insert(skus)
        .values(desired.map((d) => ({ ...d.values, ...(shape.hasSku ? {} : { costPrice }), domainId, spuId: spu!.id })))
        .returning({ id: skus.id });
      if (shape.hasSku) await fillSkuValuesFromGoods(tx, domainId, [spu!.id]);
      if (shape.isCombination) await writeComponents(tx, domainId, inserted[0]!.id, components);
      const row = await rowOf(tx, domainId, spu!.id);
      await writeOperationLog(tx, actorOf(session), { area: AREA, entityType: 'spu', entityId: spu!.id, action: shape.isCombination ? 'createCombination' : 'create', after: row });
      return row;
    };
    try {
      const row = outer ? await run(outer) : await db.transaction(run);
      return redactSpuRows([row], session)[0]!;
    } catch (error) {
      return codeConflict(error, 'code', input.code);
    }
  }

  async function updateSpu(session: Session, input: SpuUpdateInput): Promise<SpuRow> {
    const domainId = sellerDomain(session);
    const seesCost = canSeeCost(session);
    try {
      const row = await db.transaction(async (tx) => {
        const existing = await findLiveSpu(tx, domainId, input.id);
        if (!existing) throw notFound('spu');
        if (existing.version !== input.version) throw versionConflict('spu');
        if (existing.isCombination !== input.isCombination) {
          throw new AppError(ErrorCodes.VALIDATION, 400, { field: 'isCombination', detail: 'isCombination: goods cannot become or stop being a combination' });
        }
        const before = await rowOf(tx, domainId, existing.id);
        await checkClass(tx, domainId, input.skuSysClassifyId);
        if (input.code !== existing.code) await checkSpuCodeFree(tx, domainId, input.code, existing.id);
        const current = await liveSkusOfSpus(tx, domainId, [existing.id]);
        const currentById = new Map(current.map((k) => [k.id, k]));

        // Which SKUs stay (matched by id, or by code), which are new, which go.
        const desired: DesiredSku[] = [];
        if (input.hasSku) {
          input.skus.forEach((s, i) => {
            const match = s.id !== undefined ? currentById.get(s.id) : current.find((k) => k.code === s.code);
            if (s.id !== undefined && !match) throw new AppError(ErrorCodes.NOT_FOUND, 404, { what: 'sku', field: `skus.${i}.id` });
            desired.push({ ...(match ? { existingId: match.id } : {}), field: `skus.${i}.code`, values: variantValues(s, input) });
          });
        } else {
          const keep = current.find((k) => k.code === existing.code) ?? current[0];
          desired.push({ ...(keep ? { existingId: keep.id } : {}), field: 'code', values: singleSkuValues(input) });
        }
        if (new Set(desired.map((d) => d.existingId).filter(Boolean)).size !== desired.filter((d) => d.existingId).length) {
          throw new AppError(ErrorCodes.VALIDATION, 400, { field: 'skus', detail: 'skus: one SKU is listed twice' });
        }
        // Cost prices the account may not see stay as they are.
        if (!seesCost) {
          for (const d of desired) {
            const kept = d.existingId ? currentById.get(d.existingId)! : null;
            d.values.costPrice = kept ? kept.costPrice : null;
            if (input.hasSku) d.values.costPriceFromGoods = kept ? kept.costPriceFromGoods : true;
          }
        }
        const removed = current.filter((k) => !desired.some((d) => d.existingId === k.id));
        await checkSkusUnused(
          tx,
          domainId,
          removed.map((k) => k.id),
        );
        await checkSkuCodesFree(tx, domainId, desired, existing.id);

        let spuCost = seesCost ? input.costPrice : existing.costPrice;
        let components: Awaited<ReturnType<typeof resolveComponents>> = [];
        const comboSkuId = desired[0]!.existingId ?? null;
        if (input.isCombination) {
          const previous = comboSkuId ? ((await componentRows(tx, domainId, [comboSkuId])).get(comboSkuId) ?? []) : [];
          const list = seesCost
            ? input.components
            : input.components.map((c) => ({ ...c, apportionCostPrice: previous.find((p) => p.skuId === c.id || (c.id === undefined && p.spuId === c.spuId))?.apportionCostPrice ?? null }));
          components = await resolveComponents(tx, domainId, comboSkuId, list, 'components');
          if (seesCost && spuCost === null) spuCost = combinationCostPrice(components);
        }

        const updated = await tx
          .update(spus)
          .set({ ...spuValues(input), costPrice: spuCost, version: sql`${spus.version} + 1`, updatedAt: now() })
          .where(and(eq(spus.domainId, domainId), eq(spus.id, existing.id), eq(spus.version, input.version)))
          .returning({ id: spus.id });
        if (!updated.length) throw versionConflict('spu');

        if (removed.length) {
          await tx
            .update(skus)
            .set({ delFlag: true, version: sql`${skus.version} + 1`, updatedAt: now() })
            .where(and(eq(skus.domainId, domainId), idsIn(skus.id, removed.map((k) => k.id))));
        }
        let comboId = comboSkuId;
        for (const d of desired) {
          const values = input.hasSku ? d.values : { ...d.values, costPrice: spuCost };
          if (d.existingId) {
            await tx
              .update(skus)
              .set({ ...values, version: sql`${skus.version} + 1`, updatedAt: now() })
              .where(and(eq(skus.domainId, domainId), eq(skus.id, d.existingId)));
          } else {
            const [k] = await tx
              .insert(skus)
              .values({ ...values, domainId, spuId: existing.id })
              .returning({ id: skus.id });
            comboId ??= k!.id;
          }
        }
        if (input.hasSku) await fillSkuValuesFromGoods(tx, domainId, [existing.id]);
        if (input.isCombination && comboId) await writeComponents(tx, domainId, comboId, components);
        const after = await rowOf(tx, domainId, existing.id);
        await writeOperationLog(tx, actorOf(session), { area: AREA, entityType: 'spu', entityId: existing.id, action: 'update', before, after });
        return after;
      });
      return redactSpuRows([row], session)[0]!;
    } catch (error) {
      return codeConflict(error, 'code', input.code);
    }
  }

  return {
    async search(session: Session, input: SpuSearchInput): Promise<PageResult<SpuRow>> {
      const domainId = sellerDomain(session);
      const { currentPage, pageSize, ...filter } = input;
      const { ids, total } = await searchSpuIds(db, domainId, filter, { currentPage, pageSize });
      const rows = await spuRowsByIds(db, domainId, ids);
      return { voList: redactSpuRows(rows, session), total, currentPage, pageSize };
    },

    async get(session: Session, id: number): Promise<SpuRow> {
      return redactSpuRows([await rowOf(db, sellerDomain(session), id)], session)[0]!;
    },

    async counts(session: Session) {
      return goodsCounts(db, sellerDomain(session));
    },

    createSpu,
    updateSpu,

    /** makeSpuCombined {spuVo, mapList}. */
    async makeCombined(session: Session, input: MakeSpuCombinedInput): Promise<SpuRow> {
      return createSpu(session, { ...input.spuVo, hasSku: false, isCombination: true, skus: [], components: input.mapList });
    },

    /** updateSpuList4Combination: the components of a combination, replaced. */
    async updateCombination(session: Session, input: { id: number; version: number; mapList: ComponentInput[] }): Promise<SpuRow> {
      const domainId = sellerDomain(session);
      const seesCost = canSeeCost(session);
      const row = await db.transaction(async (tx) => {
        const existing = await findLiveSpu(tx, domainId, input.id);
        if (!existing) throw notFound('spu');
        if (!existing.isCombination) throw new AppError(GoodsErrors.NOT_A_COMBINATION, 400, { code: existing.code });
        if (existing.version !== input.version) throw versionConflict('spu');
        const before = await rowOf(tx, domainId, existing.id);
        const comboSkuId = before.skus[0]!.id;
        const list = seesCost
          ? input.mapList
          : input.mapList.map((c) => ({ ...c, apportionCostPrice: before.components.find((p) => p.skuId === c.id || (c.id === undefined && p.spuId === c.spuId))?.apportionCostPrice ?? null }));
        const components = await resolveComponents(tx, domainId, comboSkuId, list, 'mapList');
        const updated = await tx
          .update(spus)
          .set({ version: sql`${spus.version} + 1`, updatedAt: now() })
          .where(and(eq(spus.domainId, domainId), eq(spus.id, existing.id), eq(spus.version, input.version)))
          .returning({ id: spus.id });
        if (!updated.length) throw versionConflict('spu');
        await writeComponents(tx, domainId, comboSkuId, components);
        const after = await rowOf(tx, domainId, existing.id);
        await writeOperationLog(tx, actorOf(session), { area: AREA, entityType: 'spu', entityId: existing.id, action: 'updateComponents', before: before.components, after: after.components });
        return after;
      });
      return redactSpuRows([row], session)[0]!;
    },

    /** addOneSkuToSpu: goods without variants become goods with variants; their SKU stays. */
    async addOneSku(session: Session, input: AddOneSkuToSpuInput): Promise<SpuRow> {
      const domainId = sellerDomain(session);
      const sku = canSeeCost(session) ? input.sku : { ...input.sku, costPrice: null };
      try {
        const row = await db.transaction(async (tx) => {
          const existing = await findLiveSpu(tx, domainId, input.spuId);
          if (!existing) throw notFound('spu');
          if (existing.isCombination) throw new AppError(GoodsErrors.COMBINATION_NO_VARIANTS, 400, { code: existing.code });
          if (existing.version !== input.version) throw versionConflict('spu');
          await checkSkuCodesFree(tx, domainId, [{ field: 'sku.code', values: { code: sku.code } }]);
          const updated = await tx
            .update(spus)
            .set({ hasSku: true, version: sql`${spus.version} + 1`, updatedAt: now() })
            .where(and(eq(spus.domainId, domainId), eq(spus.id, existing.id), eq(spus.version, input.version)))
            .returning({ id: spus.id });
          if (!updated.length) throw versionConflict('spu');
          const [k] = await tx
            .insert(skus)
            .values({ ...variantValues(sku, existing), domainId, spuId: existing.id })
            .returning({ id: skus.id });
          await fillSkuValuesFromGoods(tx, domainId, [existing.id]);
          const after = await rowOf(tx, domainId, existing.id);
          await writeOperationLog(tx, actorOf(session), { area: AREA, entityType: 'sku', entityId: k!.id, action: 'addToSpu', after: after.skus.find((s) => s.id === k!.id) });
          return after;
        });
        return redactSpuRows([row], session)[0]!;
      } catch (error) {
        return codeConflict(error, 'sku.code', input.sku.code);
      }
    },

    async checkCode(session: Session, input: CheckCodeInput): Promise<CheckCodeResult> {
      const domainId = sellerDomain(session);
      const taken =
        input.type === 'SPU' ? await spusWithCodes(db, domainId, [input.code], input.excludeSpuId) : await skusWithCodes(db, domainId, [input.code], input.excludeSpuId);
      // The SKU codes of a variant matrix: those other goods already use, in the order asked.
      const asked = [...new Set(input.skuCodeList ?? [])];
      const owners = new Map((await skusWithCodes(db, domainId, asked, input.excludeSpuId)).map((k) => [k.code, k.spuCode]));
      const takenSkuCodes = asked.filter((code) => owners.has(code)).map((code) => ({ code, spuCode: owners.get(code)! }));
      return { code: input.code, available: taken.length === 0, takenSkuCodes };
    },

    /** deleteSpuListByHand: goods and their SKUs get delFlag; their codes are free again. */
    async deleteSpus(session: Session, idList: number[]): Promise<{ deleted: number }> {
      const domainId = sellerDomain(session);
      return db.transaction(async (tx) => {
        const ids = [...new Set(idList)];
        const found = await liveSpusByIds(tx, domainId, ids);
        if (found.length !== ids.length) throw notFound('spu');
        const skuRecords = await liveSkusOfSpus(tx, domainId, ids);
        const skuIds = skuRecords.map((k) => k.id);
        await checkSkusUnused(
          tx,
          domainId,
          skuIds,
          skuRecords.filter((k) => k.isCombination).map((k) => k.id),
        );
        const before = await spuRowsByIds(tx, domainId, ids);
        await tx
          .update(spus)
          .set({ delFlag: true, version: sql`${spus.version} + 1`, updatedAt: now() })
          .where(and(eq(spus.domainId, domainId), idsIn(spus.id, ids)));
        if (skuIds.length) {
          await tx
            .update(skus)
            .set({ delFlag: true, version: sql`${skus.version} + 1`, updatedAt: now() })
            .where(and(eq(skus.domainId, domainId), idsIn(skus.id, skuIds)));
        }
        await logMany(
          tx,
          session,
          before.map((b) => ({ entityType: 'spu', entityId: b.id, action: 'delete', before: b })),
        );
        return { deleted: ids.length };
      });
    },

    /** madeMarkBySpuIdList: add, remove or replace marks (or labels) of many goods. */
    async mark(session: Session, input: MarkSpusInput): Promise<{ updated: number }> {
      const domainId = sellerDomain(session);
      const column = input.kind === 'MARK' ? spus.marks : spus.labels;
      const values = textArray([...new Set(input.values)]);
      const next =
        input.mode === 'REPLACE'
          ? values
          : input.mode === 'ADD'
            ? sql`array(select distinct x from unnest(${column} || ${values}) x order by x)`
            : sql`array(select x from unnest(${column}) x where not (x = any(${values})))`;
      return db.transaction(async (tx) => {
        const ids = [...new Set(input.idList)];
        const found = await liveSpusByIds(tx, domainId, ids);
        if (found.length !== ids.length) throw notFound('spu');
        const rows = await tx
          .update(spus)
          .set({ [input.kind === 'MARK' ? 'marks' : 'labels']: next, version: sql`${spus.version} + 1`, updatedAt: now() })
          .where(and(eq(spus.domainId, domainId), eq(spus.delFlag, false), idsIn(spus.id, ids)))
          .returning({ id: spus.id, marks: spus.marks, labels: spus.labels });
        const byId = new Map(found.map((f) => [f.id, f]));
        await logMany(
          tx,
          session,
          rows.map((r) => ({
            entityType: 'spu',
            entityId: r.id,
            action: input.kind === 'MARK' ? 'mark' : 'label',
            before: input.kind === 'MARK' ? byId.get(r.id)!.marks : byId.get(r.id)!.labels,
            after: input.kind === 'MARK' ? r.marks : r.labels,
          })),
        );
        return { updated: rows.length };
      });
    },

    /** Puts goods on sale or takes them down, with every SKU. */
    async setStatus(session: Session, input: SetSpuStatusInput): Promise<{ updated: number }> {
      const domainId = sellerDomain(session);
      return db.transaction(async (tx) => {
        const ids = [...new Set(input.idList)];
        const found = await liveSpusByIds(tx, domainId, ids);
        if (found.length !== ids.length) throw notFound('spu');
        await tx
          .update(spus)
          .set({ status: input.status, version: sql`${spus.version} + 1`, updatedAt: now() })
          .where(and(eq(spus.domainId, domainId), idsIn(spus.id, ids)));
        await tx
          .update(skus)
          .set({ status: input.status, version: sql`${skus.version} + 1`, updatedAt: now() })
          .where(and(eq(skus.domainId, domainId), eq(skus.delFlag, false), idsIn(skus.spuId, ids)));
        await logMany(
          tx,
          session,
          found.map((f) => ({ entityType: 'spu', entityId: f.id, action: 'status', before: f.status, after: input.status })),
        );
        return { updated: ids.length };
      });
    },

    /** updateSpuSysClassifyList {id, idList}: goods into a class, or out of every class (null). */
    async moveToClass(session: Session, input: MoveSpusToClassInput): Promise<{ moved: number }> {
      const domainId = sellerDomain(session);
      return db.transaction(async (tx) => {
        await checkClass(tx, domainId, input.id, 'id');
        const ids = [...new Set(input.idList)];
        const found = await liveSpusByIds(tx, domainId, ids);
        if (found.length !== ids.length) throw notFound('spu');
        await tx
          .update(spus)
          .set({ classId: input.id, version: sql`${spus.version} + 1`, updatedAt: now() })
          .where(and(eq(spus.domainId, domainId), idsIn(spus.id, ids)));
        await logMany(
          tx,
          session,
          found.map((f) => ({ entityType: 'spu', entityId: f.id, action: 'moveClass', before: f.classId, after: input.id })),
        );
        return { moved: ids.length };
      });
    },

    // ---- SKUs for pickers and other areas ----------------------------------------------------

    async searchSkusFor(session: Session, input: SkuSearchInput): Promise<PageResult<SkuPick>> {
      const page = await searchSkus(db, sellerDomain(session), input);
      return { ...page, voList: redactFields(page.voList, COST_FIELDS, session) };
    },

    async skusByIdsFor(session: Session, ids: number[]): Promise<SkuPick[]> {
      return redactFields(await skusByIds(db, sellerDomain(session), ids), COST_FIELDS, session);
    },

    // ---- shelf-life records ------------------------------------------------------------------

    async productDates(session: Session, skuId: number): Promise<ProductDateInfo> {
      return productDateInfo(db, sellerDomain(session), skuId);
    },

    async addProductDates(session: Session, input: ProductDateAddInput): Promise<ProductDateInfo> {
      const domainId = sellerDomain(session);
      return db.transaction(async (tx) => {
        const info = await productDateInfo(tx, domainId, input.skuId);
        const rows = await tx
          .insert(skuProductDates)
          .values(input.productDateList.map((p) => ({ domainId, skuId: input.skuId, productDate: p.productDate, qty: p.qty })))
          .returning();
        await writeOperationLog(tx, actorOf(session), { area: AREA, entityType: 'sku', entityId: input.skuId, action: 'addProductDates', before: info.productDate, after: rows.map((r) => ({ id: r.id, productDate: r.productDate, qty: r.qty })) });
        return productDateInfo(tx, domainId, input.skuId);
      });
    },

    async deleteProductDates(session: Session, input: ProductDateDeleteInput): Promise<ProductDateInfo> {
      const domainId = sellerDomain(session);
      return db.transaction(async (tx) => {
        const info = await productDateInfo(tx, domainId, input.skuId);
        const ids = [...new Set(input.idList)];
        const gone = info.productDate.filter((p) => ids.includes(p.id));
        if (gone.length !== ids.length) throw notFound('productDate');
        await tx
          .delete(skuProductDates)
          .where(and(eq(skuProductDates.domainId, domainId), eq(skuProductDates.skuId, input.skuId), idsIn(skuProductDates.id, ids)));
        await writeOperationLog(tx, actorOf(session), { area: AREA, entityType: 'sku', entityId: input.skuId, action: 'deleteProductDates', before: gone });
        return productDateInfo(tx, domainId, input.skuId);
      });
    },
  };

  async function productDateInfo(tx: Tx, domainId: number, skuId: number): Promise<ProductDateInfo> {
    const [sku] = await skusByIds(tx, domainId, [skuId]);
    if (!sku) throw notFound('sku');
    const rows = await tx
      .select()
      .from(skuProductDates)
      .where(and(eq(skuProductDates.domainId, domainId), eq(skuProductDates.skuId, skuId)))
      .orderBy(skuProductDates.productDate, skuProductDates.id);
    return { id: sku.id, skuCode: sku.code, skuName: sku.name, productDate: rows.map((r) => ({ id: r.id, productDate: r.productDate, qty: r.qty })) };
  }

  /** One operation-log row per record, inserted together. */
  async function logMany(tx: Tx, session: Session, entries: { entityType: OperationLogEntityKind; entityId: number; action: OperationLogAction; before?: unknown; after?: unknown }[]) {
    await writeOperationLogs(tx, actorOf(session), entries.map((e) => ({ ...e, area: AREA })));
  }
}

export type GoodsService = ReturnType<typeof createGoodsService>;

/**
 * What other areas get from ctx.registry.get<GoodsRegistryService>('goods'). SKU rows carry the
 * cost price: the calling area redacts it (redactFields) before it answers a person.
 */
export interface GoodsRegistryService {
  findSkusByIds(domainId: number, ids: number[], tx?: Tx): Promise<SkuPick[]>;
  /** Live (non-deleted) SKUs with any of these codes. */
  findSkusByCodes(domainId: number, codes: string[], tx?: Tx): Promise<SkuPick[]>;
  searchSkus(domainId: number, input: { keyword?: string; currentPage?: number; pageSize?: number; isCombination?: boolean }): Promise<PageResult<SkuPick>>;
  /** The command of /myhome/spu/createSpuByHand; the input is parsed with SpuCreateInput. */
  createSpuByHand(session: Session, input: unknown, options?: { tx?: Tx; language?: Language }): Promise<SpuRow>;
  /** The components of combination SKUs (for stock and orders): component SKU id and qty. */
  componentsOf(domainId: number, comboSkuIds: number[], tx?: Tx): Promise<Map<number, { skuId: number; qty: number; apportionCostPrice: string | null }[]>>;
}

export function goodsRegistryService(database: Database, goods: GoodsService): GoodsRegistryService {
  const { db } = database;
  return {
    findSkusByIds: (domainId, ids, tx) => skusByIds(tx ?? db, domainId, ids),
    findSkusByCodes: (domainId, codes, tx) => skusByCodes(tx ?? db, domainId, codes),
    searchSkus: (domainId, input) =>
      searchSkus(db, domainId, { keyword: input.keyword, isCombination: input.isCombination, currentPage: input.currentPage ?? 1, pageSize: Math.min(1000, input.pageSize ?? 10) }),
    createSpuByHand: async (session, input, options = {}) => goods.createSpu(session, parseInput(SpuCreateInput, input, options.language ?? 'en'), options.tx),
    async componentsOf(domainId, comboSkuIds, tx) {
      const rows = await componentRows(tx ?? db, domainId, comboSkuIds);
      return new Map([...rows].map(([combo, list]) => [combo, list.map((c) => ({ skuId: c.skuId, qty: c.qty, apportionCostPrice: c.apportionCostPrice ?? null }))]));
    },
  };
}
