// The ingest pipeline (spec 02 §3.5, §4.3): platform orders in, ERP orders out. Set-based: one
// read per kind for the whole batch (existing platform orders, online-SKU mappings, SKUs,
// warehouses and bindings, courier choices), multi-row inserts for orders, lines and logs.
//
// planOrders() only reads and answers what each stage chose (the dry run shows it);
// ingestOrders() plans and writes. Idempotent on platform_orders (domain, store, platform_no):
// a platform order seen again updates its platform_orders row and, when something that matters
// changed (closed, receiver), reaches the ERP order (see applyPlatformChanges).
import { bigintArray, textArray, textsIn } from '../../../platform/sql.js';
import {
  chooseWarehouse,
  evaluatePromotions,
  formatDecimal,
  multiplyDecimals,
  ingestLabels,
  isPlatformDone,
  orderTotals,
  ORDER_LOG_ENTITY_KIND,
  platformChange,
  type DryRunLine,
  type DryRunResult,
  type EvaluablePromotion,
  type OrderIngestItem,
  type OrderIngestResult,
  type OrderLogAction,
  type OrderSource,
  type PlatformSnapshot,
  type WarehouseChoice,
} from '@openseller/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { erpOrders, platformOrders } from '../../../db/schema/index.js';
import type { OperationActor } from '../../../platform/operation-log.js';
import type { ServiceRegistry } from '../../../platform/module.js';
import type { PromotionsRegistryService } from '../../promotions/index.js';
import { EXPRESS_RULES_SERVICE, type CourierChoice, type ExpressRulesService } from '../express-rules/courier-choice.js';
import { nextOrderCodes, ORDERS_AREA, writeOrderLog } from '../orders.model.js';
import { bulkInsert, type BulkColumn, type BulkType } from './bulk-insert.js';

export interface DraftLine {
  tbSpuId: string | null;
  tbSkuId: string | null;
  outerSkuId: string | null;
  title: string | null;
  properties: string | null;
  qty: number;
  price: string;
  /** A system SKU given directly (manual creation): no mapping. */
  skuId?: number | null;
}

export interface DraftReceiver {
  name: string;
  phone: string;
  province: string;
  city: string;
  district: string | null;
  address: string;
}

/** The marketplace's latest ship time and promise times of an order (spec 02 §3.5). */
export interface DraftDeadlines {
  lastShipTime: Date | null;
  promisedDeliveryTime: Date | null;
  promiseSignTime: Date | null;
  promiseOutboundTime: Date | null;
  promiseDeliveryTime: Date | null;
}

export const NO_DEADLINES: DraftDeadlines = { lastShipTime: null, promisedDeliveryTime: null, promiseSignTime: null, promiseOutboundTime: null, promiseDeliveryTime: null };

/** One platform order (or hand-made order) as the pipeline takes it. */
export interface OrderDraft {
  platformNo: string;
  platformStatus: string;
  source: OrderSource;
  /** A code already taken (manual creation makes its platform number from it). */
  code?: string;
  buyerNick: string | null;
  receiver: DraftReceiver;
  amount: string | null;
  postFee: string;
  payTime: Date | null;
  platformUpdatedAt: Date | null;
  /** The marketplace's deadlines (none for hand-made orders). */
  deadlines?: DraftDeadlines;
  /** Held by the marketplace's risk control (RISK on the ERP order until the marketplace releases it). */
  riskControlled?: boolean;
  buyerMessage: string | null;
  sellerRemark: string | null;
  lines: DraftLine[];
  /** What is kept in platform_orders.payload. */
  payload: unknown;
  /** Set when the order cannot be made into an ERP order (kept as an ingest error). */
  invalid?: string | null;
}

export interface StoreInfo {
  id: number;
  platformCode: string;
}

export interface PipelineDeps {
  registry: ServiceRegistry;
  now: () => Date;
}

interface PlannedLine {
  skuId: number | null;
  skuCode: string | null;
  skuName: string | null;
  skuSpecifications: string | null;
  weight: string | null;
  qty: number;
  price: string;
  isGift: boolean;
  isCombination: boolean;
  labels: string[];
  promotionId: number | null;
  mappedBy: string;
  tbSpuId: string | null;
  tbSkuId: string | null;
  outerSkuId: string | null;
  title: string | null;
  properties: string | null;
}

export interface OrderPlan {
  draft: OrderDraft;
  lines: PlannedLine[];
  gifts: { promotionId: number; promotionName: string; skuId: number; qty: number }[];
  givenPromotionIds: number[];
  warehouse: WarehouseChoice;
  courier: CourierChoice | null;
  labels: string[];
  totals: ReturnType<typeof orderTotals>;
}

export interface SkuFacts {
  id: number;
  code: string;
  name: string | null;
  specifications: string | null;
  weight: string | null;
  isCombination: boolean;
}

async function skusById(tx: Tx, domainId: number, ids: number[]): Promise<Map<number, SkuFacts>> {
  if (!ids.length) return new Map();
  const rows = await tx.execute<Record<string, unknown>>(sql`
    select id, code, name, specifications, weight, is_combination from skus
    where domain_id = ${domainId} and del_flag = false and id = any(${bigintArray(ids)})`);
  return new Map(rows.rows.map((r) => [Number(r.id), toSku(r)]));
}

const toSku = (r: Record<string, unknown>): SkuFacts => ({
  id: Number(r.id),
  code: String(r.code),
  name: (r.name as string | null) ?? null,
  specifications: (r.specifications as string | null) ?? null,
  weight: r.weight == null ? null : String(r.weight),
  isCombination: Boolean(r.is_combination),
});

/**
 * The mapping stage for lines of one store: a system SKU given directly, else the confirmed
 * online-SKU mapping, else (for an online SKU the mapping does not know) the live SKU whose code
 * equals the outer SKU code. One answer per line, in order. Also used by the exceptions part's
 * rematch.
 */
export async function resolveLineSkus(
  tx: Tx,
  domainId: number,
  storeId: number,
  lines: readonly { tbSkuId: string | null; outerSkuId: string | null; skuId?: number | null | undefined }[],
): Promise<{ sku: SkuFacts | undefined; mappedBy: string }[]> {
  if (!lines.length) return [];
  const tbSkuIds = [...new Set(lines.filter((l) => l.skuId == null && l.tbSkuId).map((l) => l.tbSkuId!))];
  const mappingRows = tbSkuIds.length
    ? await tx.execute<{ tb_sku_id: string; sku_id: number | null; mapping_status: string; deleted: boolean }>(sql`
        select tb_sku_id, sku_id, mapping_status, deleted from tb_skus
        where domain_id = ${domainId} and store_id = ${storeId} and tb_sku_id = any(${textArray(tbSkuIds)})`)
    : { rows: [] };
  const knownOnline = new Set(mappingRows.rows.map((r) => r.tb_sku_id));
  const confirmed = new Map<string, number>();
  for (const r of mappingRows.rows) if (r.mapping_status === 'already' && !r.deleted && r.sku_id != null) confirmed.set(r.tb_sku_id, Number(r.sku_id));
  // An online SKU the mapping does not know yet matches a live system SKU of the same code as its outer code.
  const outerCodes = [...new Set(lines.filter((l) => l.skuId == null && l.outerSkuId && !(l.tbSkuId && knownOnline.has(l.tbSkuId))).map((l) => l.outerSkuId!))];
  const byCode = new Map<string, SkuFacts>();
  if (outerCodes.length) {
    const rows = await tx.execute<Record<string, unknown>>(sql`
      select id, code, name, specifications, weight, is_combination from skus
      where domain_id = ${domainId} and del_flag = false and code = any(${textArray(outerCodes)})`);
    for (const r of rows.rows) byCode.set(String(r.code), toSku(r));
  }
  const givenIds = lines.map((l) => l.skuId).filter((v): v is number => v != null);
  const skus = await skusById(tx, domainId, [...new Set([...confirmed.values(), ...givenIds])]);
  return lines.map((l) => {
    let sku: SkuFacts | undefined;
    let mappedBy = 'UNMAPPED';
    if (l.skuId != null) {
      sku = skus.get(l.skuId);
      mappedBy = sku ? 'GIVEN' : 'UNMAPPED';
    } else if (l.tbSkuId && confirmed.has(l.tbSkuId)) {
      sku = skus.get(confirmed.get(l.tbSkuId)!);
      if (sku) mappedBy = 'CONFIRMED_MAPPING';
    } else if (l.outerSkuId && !(l.tbSkuId && knownOnline.has(l.tbSkuId))) {
      sku = byCode.get(l.outerSkuId);
      if (sku) mappedBy = 'OUTER_CODE';
    }
    return { sku, mappedBy };
  });
}

/** The warehouse stage: the usable warehouse bound to the store, else the domain's only usable warehouse. */
export async function chooseStoreWarehouse(tx: Tx, domainId: number, storeId: number): Promise<WarehouseChoice> {
  const warehouses = await tx.execute<{ id: number; name: string; bound: boolean }>(sql`
    select w.id, w.name, exists (select 1 from warehouse_store_bindings b where b.domain_id = w.domain_id and b.warehouse_id = w.id and b.store_id = ${storeId}) as bound
    from warehouses w where w.domain_id = ${domainId} and w.stop_using = false order by w.id`);
  const usable = warehouses.rows.map((w) => ({ id: Number(w.id), name: w.name }));
  const bound = warehouses.rows.filter((w) => w.bound).map((w) => ({ id: Number(w.id), name: w.name }));
  return chooseWarehouse(bound, usable);
}

/** What each stage chooses for the drafts; reads only. */
export async function planOrders(tx: Tx, deps: PipelineDeps, domainId: number, store: StoreInfo, drafts: OrderDraft[]): Promise<OrderPlan[]> {
  if (!drafts.length) return [];
  // 1. online SKU → system SKU: confirmed mappings of the store, for every line of the batch.
  const resolved = await resolveLineSkus(tx, domainId, store.id, drafts.flatMap((d) => d.lines));
  let cursor = 0;
  const mapped = drafts.map((draft) =>
    draft.lines.map((l): PlannedLine => {
      const { sku, mappedBy } = resolved[cursor++]!;
      return {
        skuId: sku?.id ?? null,
        skuCode: sku?.code ?? null,
        skuName: sku?.name ?? l.title,
        skuSpecifications: sku?.specifications ?? l.properties,
        weight: sku?.weight ?? null,
        qty: l.qty,
        price: l.price,
        isGift: false,
        isCombination: sku?.isCombination ?? false,
        labels: [],
        promotionId: null,
        mappedBy,
        tbSpuId: l.tbSpuId,
        tbSkuId: l.tbSkuId,
        outerSkuId: l.outerSkuId,
        title: l.title,
        properties: l.properties,
      };
    }),
  );

  // 2. gifts of the open promotions (read once per pay-time minute of the batch).
  const promotionsService = deps.registry.find<PromotionsRegistryService>('promotions');
  const promotionCache = new Map<string, Promise<EvaluablePromotion[]>>();
  const promotionsAt = (at: Date) => {
    const key = at.toISOString().slice(0, 16);
    let p = promotionCache.get(key);
    if (!p) {
      p = promotionsService ? (promotionsService.openPromotionsFor(domainId, store.id, at, tx) as Promise<EvaluablePromotion[]>) : Promise.resolve([]);
      promotionCache.set(key, p);
    }
    return p;
  };
  const evaluations = await Promise.all(
    drafts.map(async (draft, i) => {
      const at = draft.payTime ?? deps.now();
      const promotions = await promotionsAt(at);
      if (!promotions.length) return null;
      return evaluatePromotions(
        {
          storeId: store.id,
          buyerNick: draft.buyerNick,
          payTime: at,
          sellerMessage: draft.sellerRemark,
          buyerMessage: draft.buyerMessage,
          orderAmount: draft.amount,
          lines: mapped[i]!.map((l) => ({ skuId: l.skuId, skuCode: l.skuCode, tbSkuId: l.tbSkuId, qty: l.qty, price: l.price })),
        },
        promotions,
      );
    }),
  );
  const giftSkus = await skusById(tx, domainId, [...new Set(evaluations.flatMap((e) => e?.gifts.map((g) => g.skuId) ?? []))]);

  // 3. warehouse: the store's bindings, else the domain's only usable warehouse.
  const warehouse = await chooseStoreWarehouse(tx, domainId, store.id);

  const plans: OrderPlan[] = drafts.map((draft, i) => {
    const evaluation = evaluations[i];
    const gifts = (evaluation?.gifts ?? []).filter((g) => giftSkus.has(g.skuId));
    const lines = [...mapped[i]!];
    for (const g of gifts) {
      const sku = giftSkus.get(g.skuId)!;
      lines.push({
        skuId: sku.id,
        skuCode: sku.code,
        skuName: sku.name,
        skuSpecifications: sku.specifications,
        weight: sku.weight,
        qty: g.qty,
        price: '0',
        isGift: true,
        isCombination: sku.isCombination,
        labels: ['GIFT'],
        promotionId: g.promotionId,
        mappedBy: 'GIVEN',
        tbSpuId: null,
        tbSkuId: null,
        outerSkuId: null,
        title: sku.name,
        properties: sku.specifications,
      });
    }
    const totals = orderTotals(
      lines.map((l) => ({ skuId: l.skuId, tbSkuId: l.tbSkuId, qty: l.qty, price: l.price, weight: l.weight, isGift: l.isGift })),
      draft.amount,
    );
    return {
      draft,
      lines,
      gifts: gifts.map((g) => ({ promotionId: g.promotionId, promotionName: g.promotionName, skuId: g.skuId, qty: g.qty })),
      givenPromotionIds: gifts.length ? [...new Set(gifts.map((g) => g.promotionId))] : [],
      warehouse,
      courier: null,
      labels: [],
      totals,
    };
  });

  // 4. courier, through the express rules (when that part is in this build).
  const expressRules = deps.registry.find<ExpressRulesService>(EXPRESS_RULES_SERVICE);
  if (expressRules) {
    const choices = await expressRules.chooseCouriers(
      tx,
      domainId,
      plans.map((p, i) => ({
        key: String(i),
        storeId: store.id,
        warehouseId: p.warehouse.warehouseId,
        province: p.draft.receiver.province,
        city: p.draft.receiver.city,
        district: p.draft.receiver.district,
        weightKg: p.totals.weightTotal,
        lines: p.lines.map((l) => ({ skuId: l.skuId, skuCode: l.skuCode, qty: l.qty })),
        buyerMessage: p.draft.buyerMessage,
        sellerRemark: p.draft.sellerRemark,
      })),
    );
    const byKey = new Map(choices.map((c) => [c.key, c]));
    plans.forEach((p, i) => (p.courier = byKey.get(String(i)) ?? null));
  }

  for (const p of plans) {
    p.labels = ingestLabels({
      unmappedLine: p.lines.some((l) => !l.isGift && l.skuId == null),
      warehouseId: p.warehouse.warehouseId,
      expressCompanyCode: p.courier?.expressCompanyCode ?? null,
      expressProhibited: p.courier?.prohibited ?? false,
    });
  }
  return plans;
}

/** The dry run's view of one plan. */
export function describePlan(plan: OrderPlan, courierProvided: boolean): DryRunResult {
  return {
    lines: plan.lines.map(
      (l): DryRunLine => ({
        tbSkuId: l.tbSkuId,
        outerSkuId: l.outerSkuId,
        qty: l.qty,
        skuId: l.skuId,
        skuCode: l.skuCode,
        mappedBy: l.mappedBy,
        isCombination: l.isCombination,
        isGift: l.isGift,
        promotionId: l.promotionId,
      }),
    ),
    gifts: plan.gifts,
    warehouseId: plan.warehouse.warehouseId,
    warehouseName: plan.warehouse.warehouseName,
    warehouseReason: plan.warehouse.reason,
    expressCompanyCode: plan.courier?.expressCompanyCode ?? null,
    expressRuleType: plan.courier?.ruleType ?? null,
    expressRuleId: plan.courier?.ruleId ?? null,
    courierProhibited: plan.courier?.prohibited ?? false,
    courierReason: plan.courier?.reason ?? (courierProvided ? 'no rule chose a courier' : 'express rules are not part of this build'),
    labels: plan.labels,
    qtyTotal: plan.totals.qtyTotal,
    skuTotal: plan.totals.skuTotal,
    amountTotal: plan.totals.amountTotal,
    weightTotal: plan.totals.weightTotal,
  };
}

interface ExistingPlatformOrder {
  id: number;
  platformNo: string;
  platformStatus: string;
  payload: unknown;
  platformUpdatedAt: Date | null;
  erpOrderId: number | null;
}

/** JSON with keys sorted (jsonb does not keep the key order). */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

const snapshotOf = (status: string, payload: unknown): PlatformSnapshot | null => {
  const receiver = (payload as { receiver?: PlatformSnapshot['receiver'] } | null)?.receiver;
  return receiver ? { status, receiver } : null;
};

/**
 * Ingests a batch of one store's orders in the caller's transaction: new platform orders become
 * ERP orders (or ingest errors), known ones are updated and their changes reach the ERP order.
 */
export async function ingestOrders(tx: Tx, deps: PipelineDeps, domainId: number, actor: OperationActor, store: StoreInfo, input: OrderDraft[]): Promise<OrderIngestResult> {
  // The last version of each platform number in the batch wins.
  const byNo = new Map<string, OrderDraft>();
  for (const d of input) byNo.set(d.platformNo, d);
  const drafts = [...byNo.values()];
  if (!drafts.length) return { created: 0, updated: 0, failed: 0, items: [] };
  const at = deps.now();

  const inserted = (
    await bulkInsert<{ id: number; platform_no: string }>(
      tx,
      'platform_orders',
      [
        { name: 'domain_id', type: 'bigint', values: drafts.map(() => domainId) },
        { name: 'store_id', type: 'bigint', values: drafts.map(() => store.id) },
        { name: 'platform_no', type: 'text', values: drafts.map((d) => d.platformNo) },
        { name: 'platform_status', type: 'text', values: drafts.map((d) => d.platformStatus) },
        { name: 'payload', type: 'jsonb', values: drafts.map((d) => d.payload) },
        { name: 'platform_updated_at', type: 'timestamptz', values: drafts.map((d) => d.platformUpdatedAt) },
        { name: 'error_msg', type: 'text', values: drafts.map((d) => d.invalid ?? null) },
      ],
      sql`on conflict (domain_id, store_id, platform_no) do nothing returning id, platform_no`,
    )
  ).map((r) => ({ id: Number(r.id), platformNo: r.platform_no }));
  const newIds = new Map(inserted.map((r) => [r.platformNo, r.id]));
  const items = new Map<string, OrderIngestItem>();

  // Known platform orders: update the row, then carry a change to the ERP order.
  const known = drafts.filter((d) => !newIds.has(d.platformNo));
  let updated = 0;
  if (known.length) {
    const existing: ExistingPlatformOrder[] = await tx
      .select({
        id: platformOrders.id,
        platformNo: platformOrders.platformNo,
        platformStatus: platformOrders.platformStatus,
        payload: platformOrders.payload,
        platformUpdatedAt: platformOrders.platformUpdatedAt,
        erpOrderId: platformOrders.erpOrderId,
      })
      .from(platformOrders)
      .where(and(eq(platformOrders.domainId, domainId), eq(platformOrders.storeId, store.id), textsIn(platformOrders.platformNo, known.map((d) => d.platformNo))))
      .for('update');
    const existingByNo = new Map(existing.map((e) => [e.platformNo, e]));
    for (const draft of known) {
      const before = existingByNo.get(draft.platformNo);
      if (!before) continue;
      const stale = before.platformUpdatedAt && draft.platformUpdatedAt && draft.platformUpdatedAt.getTime() < before.platformUpdatedAt.getTime();
      const same = stableJson(before.payload) === stableJson(draft.payload) && before.platformStatus === draft.platformStatus;
      if (stale || same) {
        items.set(draft.platformNo, { platformNo: draft.platformNo, outcome: 'unchanged', orderId: before.erpOrderId, code: null, errorMsg: null });
        continue;
      }
      await tx
        .update(platformOrders)
        .set({ platformStatus: draft.platformStatus, payload: draft.payload as object, platformUpdatedAt: draft.platformUpdatedAt, version: sql`${platformOrders.version} + 1`, updatedAt: at })
        .where(and(eq(platformOrders.domainId, domainId), eq(platformOrders.id, before.id)));
      const prev = snapshotOf(before.platformStatus, before.payload);
      const next = snapshotOf(draft.platformStatus, draft.payload);
      if (prev && next) {
        const change = platformChange(prev, next);
        if (change) await interceptOrders(tx, domainId, actor, store.id, draft.platformNo, change.reason, change.receiver, at);
      }
      await applyDeadlinesAndRisk(tx, domainId, actor, store.id, draft, riskOf(before.payload), at);
      updated++;
      items.set(draft.platformNo, { platformNo: draft.platformNo, outcome: 'updated', orderId: before.erpOrderId, code: null, errorMsg: null });
    }
  }

  // New platform orders: invalid ones stay as ingest errors, finished ones are only recorded.
  const fresh = drafts.filter((d) => newIds.has(d.platformNo));
  let failed = 0;
  const toCreate: OrderDraft[] = [];
  for (const d of fresh) {
    if (d.invalid) {
      failed++;
      items.set(d.platformNo, { platformNo: d.platformNo, outcome: 'failed', orderId: null, code: null, errorMsg: d.invalid });
    } else if (isPlatformDone(d.platformStatus)) {
      items.set(d.platformNo, { platformNo: d.platformNo, outcome: 'stored', orderId: null, code: null, errorMsg: null });
    } else toCreate.push(d);
  }

  const createdOrders = await createErpOrders(tx, deps, domainId, actor, store, toCreate, at);
  for (const c of createdOrders) items.set(c.plan.draft.platformNo, { platformNo: c.plan.draft.platformNo, outcome: 'created', orderId: c.orderId, code: c.code, errorMsg: null });

  return { created: createdOrders.length, updated, failed, items: drafts.map((d) => items.get(d.platformNo)!) };
}

/**
 * Plans and writes new ERP orders for drafts whose platform_orders rows exist (erp_order_id is
 * set on them), with lines and order logs. Used by ingestOrders, and by the exceptions part when a
 * failed platform order is synced again.
 */
export async function createErpOrders(
  tx: Tx,
  deps: PipelineDeps,
  domainId: number,
  actor: OperationActor,
  store: StoreInfo,
  toCreate: OrderDraft[],
  at: Date,
): Promise<{ plan: OrderPlan; orderId: number; code: string }[]> {
  const plans = await planOrders(tx, deps, domainId, store, toCreate);
  // Gifts count towards each promotion's cap; keep only those of promotions that still had room.
  const promotionsService = deps.registry.find<PromotionsRegistryService>('promotions');
  for (const plan of plans) {
    if (!plan.givenPromotionIds.length || !promotionsService) continue;
    const claimed = new Set(await promotionsService.claimGiftPlaces(tx, domainId, plan.givenPromotionIds));
    plan.lines = plan.lines.filter((l) => !l.isGift || (l.promotionId != null && claimed.has(l.promotionId)));
    plan.gifts = plan.gifts.filter((g) => claimed.has(g.promotionId));
  }

  const presetCodes = plans.filter((p) => p.draft.code).length;
  const codes = await nextOrderCodes(tx, plans.length - presetCodes, at);
  let c = 0;
  const planCodes = plans.map((p) => p.draft.code ?? codes[c++]!);
  if (plans.length) {
    const col = <T,>(name: string, type: BulkType, value: (p: OrderPlan, i: number) => T): BulkColumn => ({ name, type, values: plans.map(value) });
    const orderRows = (
      await bulkInsert<{ id: number; code: string }>(
        tx,
        'erp_orders',
        [
          col('domain_id', 'bigint', () => domainId),
          col('code', 'text', (_, i) => planCodes[i]!),
          col('source', 'text', (p) => p.draft.source),
          col('store_id', 'bigint', () => store.id),
          col('platform_code', 'text', () => store.platformCode),
          col('platform_nos', 'text[]', (p) => [p.draft.platformNo]),
          col('buyer_nick', 'text', (p) => p.draft.buyerNick),
          col('receiver_name', 'text', (p) => p.draft.receiver.name),
          col('receiver_phone', 'text', (p) => p.draft.receiver.phone),
          col('receiver_province', 'text', (p) => p.draft.receiver.province),
          col('receiver_city', 'text', (p) => p.draft.receiver.city),
          col('receiver_district', 'text', (p) => p.draft.receiver.district),
          col('receiver_address', 'text', (p) => p.draft.receiver.address),
          col('warehouse_id', 'bigint', (p) => p.warehouse.warehouseId),
          col('express_company_code', 'text', (p) => p.courier?.expressCompanyCode ?? null),
          col('seller_remark', 'text', (p) => p.draft.sellerRemark),
          col('buyer_message', 'text', (p) => p.draft.buyerMessage),
          col('amount_total', 'numeric', (p) => p.totals.amountTotal),
          col('post_fee', 'numeric', (p) => p.draft.postFee),
          col('qty_total', 'int', (p) => p.totals.qtyTotal),
          col('sku_total', 'int', (p) => p.totals.skuTotal),
          col('weight_total', 'numeric', (p) => p.totals.weightTotal),
          col('labels', 'text[]', (p) => p.labels),
          col('pay_time', 'timestamptz', (p) => p.draft.payTime),
          col('trading_time', 'timestamptz', (p) => p.draft.payTime),
          col('last_ship_time', 'timestamptz', (p) => p.draft.deadlines?.lastShipTime ?? null),
          col('promised_delivery_time', 'timestamptz', (p) => p.draft.deadlines?.promisedDeliveryTime ?? null),
          col('promise_sign_time', 'timestamptz', (p) => p.draft.deadlines?.promiseSignTime ?? null),
          col('promise_outbound_time', 'timestamptz', (p) => p.draft.deadlines?.promiseOutboundTime ?? null),
          col('promise_delivery_time', 'timestamptz', (p) => p.draft.deadlines?.promiseDeliveryTime ?? null),
          col('risk_control_status', 'text', (p) => (p.draft.riskControlled ? RISK_CONTROLLED : RISK_NONE)),
          col('created_by', 'bigint', () => actor.userId),
        ],
        sql`returning id, code`,
      )
    ).map((r) => ({ id: Number(r.id), code: r.code }));
    const idByCode = new Map(orderRows.map((r) => [r.code, r.id]));
    const orderIds = planCodes.map((code) => idByCode.get(code)!);

    const lineValues = plans.flatMap((p, i) => p.lines.map((l, seq) => ({ p, i, l, seq })));
    const lineCol = (name: string, type: BulkType, value: (v: (typeof lineValues)[number]) => unknown): BulkColumn => ({ name, type, values: lineValues.map(value) });
    await bulkInsert(tx, 'erp_order_lines', [
      lineCol('domain_id', 'bigint', () => domainId),
      lineCol('order_id', 'bigint', (v) => orderIds[v.i]!),
      lineCol('line_seq', 'int', (v) => v.seq + 1),
      lineCol('sku_id', 'bigint', (v) => v.l.skuId),
      lineCol('sku_code', 'text', (v) => v.l.skuCode),
      lineCol('sku_name', 'text', (v) => v.l.skuName),
      lineCol('sku_specifications', 'text', (v) => v.l.skuSpecifications),
      lineCol('qty', 'int', (v) => v.l.qty),
      lineCol('price', 'numeric', (v) => v.l.price),
      lineCol('amount', 'numeric', (v) => (v.l.isGift ? '0' : formatDecimal(multiplyDecimals(v.l.price, v.l.qty), 4))),
      lineCol('sku_weight', 'numeric', (v) => v.l.weight),
      lineCol('is_gift', 'boolean', (v) => v.l.isGift),
      lineCol('is_combination', 'boolean', (v) => v.l.isCombination),
      lineCol('labels', 'text[]', (v) => v.l.labels),
      lineCol('platform_no', 'text', (v) => v.p.draft.platformNo),
      lineCol('tb_spu_id', 'text', (v) => v.l.tbSpuId),
      lineCol('tb_sku_id', 'text', (v) => v.l.tbSkuId),
      lineCol('outer_sku_id', 'text', (v) => v.l.outerSkuId),
      lineCol('title', 'text', (v) => v.l.title),
      lineCol('properties', 'text', (v) => v.l.properties),
      lineCol('promotion_id', 'bigint', (v) => v.l.promotionId),
    ]);

    await tx.execute(sql`
      update platform_orders p set erp_order_id = v.order_id, updated_at = now()
      from (select unnest(${textArray(plans.map((p) => p.draft.platformNo))}) as platform_no, unnest(${bigintArray(orderIds)}) as order_id) v
      where p.domain_id = ${domainId} and p.store_id = ${store.id} and p.platform_no = v.platform_no`);

    // The order log of each new order (writeOrderLog's entry, written in one statement).
    await bulkInsert(tx, 'operation_logs', [
      col('domain_id', 'bigint', () => actor.domainId),
      col('user_id', 'bigint', () => actor.userId),
      col('login_name', 'text', () => actor.loginName),
      col('area', 'text', () => ORDERS_AREA),
      col('entity_type', 'text', () => ORDER_LOG_ENTITY_KIND),
      col('entity_id', 'text', (_, i) => String(orderIds[i])),
      col('action', 'text', () => 'create' satisfies OrderLogAction),
      col('after', 'jsonb', (p, i) => ({
        code: planCodes[i],
        source: p.draft.source,
        platformNo: p.draft.platformNo,
        labels: p.labels,
        warehouseId: p.warehouse.warehouseId,
        expressCompanyCode: p.courier?.expressCompanyCode ?? null,
      })),
    ]);
    return plans.map((plan, i) => ({ plan, orderId: orderIds[i]!, code: planCodes[i]! }));
  }
  return [];
}

const SENT_OR_GONE = ['CI_ERPSOH_STATUS_SEND', 'CI_ERPSOH_STATUS_CANCEL', 'CI_ERPSOH_STATUS_CLOSE'];

/** erp_orders.risk_control_status: held by the marketplace's risk control, or not. */
export const RISK_CONTROLLED = 'RISK';
export const RISK_NONE = 'NONE';

/** The risk flag a stored platform payload carried (false for payloads from before it existed). */
const riskOf = (payload: unknown): boolean => (payload as { riskControlled?: unknown } | null)?.riskControlled === true;

/**
 * A platform order seen again: its latest ship time and promise times reach the open ERP orders
 * carrying it (a merged order keeps the earliest latest ship time of its platform orders), and a
 * change of the marketplace's risk flag holds (RISK) or releases (NONE) them, with an order log.
 * The risk status moves only when the marketplace's flag changed, so a release by hand stands
 * until the marketplace flags the order again.
 */
async function applyDeadlinesAndRisk(tx: Tx, domainId: number, actor: OperationActor, storeId: number, draft: OrderDraft, riskBefore: boolean, at: Date): Promise<void> {
  const d = draft.deadlines ?? NO_DEADLINES;
  const riskAfter = draft.riskControlled === true;
  const riskChanged = riskAfter !== riskBefore;
  const ts = (v: Date | null) => (v ? v.toISOString() : null);
  const rows = await tx.execute<{ id: number; risk_before: string; risk_after: string; ship_before: Date | string | null; ship_after: Date | string | null }>(sql`
    with target as (
      select o.id, o.risk_control_status, o.last_ship_time, o.platform_nos
      from erp_orders o
      where o.domain_id = ${domainId} and o.store_id = ${storeId} and o.platform_nos @> ${textArray([draft.platformNo])}
        and o.status_code <> all(${textArray(SENT_OR_GONE)})
      for update),
    next as (
      select t.id, t.risk_control_status as risk_before, t.last_ship_time as ship_before,
        case when ${riskChanged} then ${riskAfter ? RISK_CONTROLLED : RISK_NONE} else t.risk_control_status end as risk_after,
        case when cardinality(t.platform_nos) = 1 then ${ts(d.lastShipTime)}::timestamptz
          else (select min(nullif(p.payload->>'lastShipTime', '')::timestamptz) from platform_orders p
                where p.domain_id = ${domainId} and p.store_id = ${storeId} and p.platform_no = any(t.platform_nos)) end as ship_after
      from target t)
    update erp_orders o set
      risk_control_status = n.risk_after,
      last_ship_time = n.ship_after,
      promised_delivery_time = ${ts(d.promisedDeliveryTime)}::timestamptz,
      promise_sign_time = ${ts(d.promiseSignTime)}::timestamptz,
      promise_outbound_time = ${ts(d.promiseOutboundTime)}::timestamptz,
      promise_delivery_time = ${ts(d.promiseDeliveryTime)}::timestamptz,
      version = o.version + 1,
      updated_at = ${at.toISOString()}::timestamptz
    from next n
    where o.domain_id = ${domainId} and o.id = n.id
      and (o.risk_control_status is distinct from n.risk_after or o.last_ship_time is distinct from n.ship_after
        or o.promised_delivery_time is distinct from ${ts(d.promisedDeliveryTime)}::timestamptz
        or o.promise_sign_time is distinct from ${ts(d.promiseSignTime)}::timestamptz
        or o.promise_outbound_time is distinct from ${ts(d.promiseOutboundTime)}::timestamptz
        or o.promise_delivery_time is distinct from ${ts(d.promiseDeliveryTime)}::timestamptz)
    returning o.id, n.risk_before, n.risk_after, n.ship_before, n.ship_after`);
  const iso = (v: Date | string | null) => (v == null ? null : new Date(v).toISOString());
  for (const r of rows.rows) {
    if (r.risk_before !== r.risk_after) {
      await writeOrderLog(tx, actor, Number(r.id), r.risk_after === RISK_CONTROLLED ? 'riskControl' : 'releaseRisk', { riskControlStatus: r.risk_before }, { riskControlStatus: r.risk_after, platformNo: draft.platformNo });
    }
    if (iso(r.ship_before) !== iso(r.ship_after)) {
      await writeOrderLog(tx, actor, Number(r.id), 'lastShipTime', { lastShipTime: iso(r.ship_before) }, { lastShipTime: iso(r.ship_after), platformNo: draft.platformNo });
    }
  }
}

/**
 * A platform-side change (closed, refund, receiver changed) on the ERP orders carrying the
 * platform number that are not sent yet: intercepted with the reason (and haveRefund for a
 * refund; the new receiver on an order still pending review). Answers the orders changed.
 */
export async function interceptOrders(
  tx: Tx,
  domainId: number,
  actor: OperationActor,
  storeId: number,
  platformNo: string,
  reason: 'CANCELLED' | 'REFUND' | 'ADDRESS_CHANGED',
  receiver: DraftReceiver | PlatformSnapshot['receiver'] | null,
  at: Date,
): Promise<number[]> {
  const rows = await tx.execute<Record<string, unknown>>(sql`
    select id, status_code, intercepted, intercept_reason, have_refund, receiver_name, receiver_phone, receiver_province, receiver_city, receiver_district, receiver_address
    from erp_orders
    where domain_id = ${domainId} and store_id = ${storeId} and platform_nos @> ${textArray([platformNo])}
      and status_code <> all(${textArray(SENT_OR_GONE)})
    for update`);
  const changed: number[] = [];
  for (const row of rows.rows) {
    const id = Number(row.id);
    const before = { intercepted: Boolean(row.intercepted), interceptReason: row.intercept_reason ?? null, haveRefund: Boolean(row.have_refund) };
    const set: Record<string, unknown> = { intercepted: true, interceptReason: reason, version: sql`${erpOrders.version} + 1`, updatedAt: at };
    const after: Record<string, unknown> = { intercepted: true, interceptReason: reason, platformNo };
    if (reason === 'REFUND') {
      set.haveRefund = true;
      after.haveRefund = true;
    }
    if (receiver && reason === 'ADDRESS_CHANGED' && row.status_code === 'CI_ERPSOH_STATUS_NORMAL') {
      Object.assign(set, {
        receiverName: receiver.name,
        receiverPhone: receiver.phone,
        receiverProvince: receiver.province,
        receiverCity: receiver.city,
        receiverDistrict: receiver.district ?? null,
        receiverAddress: receiver.address,
      });
      after.receiverChanged = true;
    }
    if (before.intercepted && before.interceptReason === reason && (reason !== 'REFUND' || before.haveRefund) && !after.receiverChanged) continue;
    await tx.update(erpOrders).set(set).where(and(eq(erpOrders.id, id), eq(erpOrders.domainId, domainId)));
    await writeOrderLog(tx, actor, id, 'intercept', before, after);
    changed.push(id);
  }
  return changed;
}
