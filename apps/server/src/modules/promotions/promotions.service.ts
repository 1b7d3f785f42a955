// Gift promotions: the commands and searches of /myhome/promotion, and what order ingest reads
// through the registry. Every command runs in one transaction and writes the operation log.
import { and, eq } from 'drizzle-orm';
import {
  formatGiftList,
  isFullPromotionUpdate,
  parseDateTimeText,
  parseGiftList,
  PromotionErrors,
  PROMOTION_RULE_TRAITS,
  type PageResult,
  type PromotionCreateInput,
  type PromotionDeleteInput,
  type PromotionGiftItemView,
  type PromotionNeedBuyItemView,
  type PromotionOpenSearchInput,
  type PromotionRow,
  type PromotionRuleInput,
  type PromotionRuleMode,
  type PromotionRuleType,
  type PromotionSearchInput,
  type PromotionSkuOption,
  type PromotionSkuOptionsInput,
  type PromotionTimeStatus,
  type PromotionUpdateInput,
  type PromotionView,
  type NickConditionType,
} from '@openseller/core';
import type { Database, Tx } from '../../db/client.js';
import { promotionConditions, promotionRules, promotions } from '../../db/schema/index.js';
import { AppError, forbidden, notFound, versionConflict } from '../../platform/errors.js';
import { writeOperationLog } from '../../platform/operation-log.js';
import type { Session } from '../../platform/sessions.js';
import {
  claimGiftPlaces,
  countOpenPromotionsUsingSkus,
  onlineSkusOfDomain,
  openPromotionHeaders,
  promotionHeaders,
  promotionNameTaken,
  promotionTrees,
  searchOnlineSkuOptions,
  searchPromotionHeaders,
  skusOfDomain,
  storesOfDomain,
  type OnlineSkuRecord,
  type PromotionRecord,
  type PromotionTree,
  type SkuRecord,
} from './promotions.queries.js';
import { actorOf } from '../../platform/caller.js';
import { idsIn } from '../../platform/sql.js';

const AREA = 'promotions';
const ENTITY = 'promotion';

export interface PromotionsServiceDeps {
  database: Database;
  now?: () => Date;
}


function sellerDomain(session: Session): number {
  if (session.domainId === null) throw forbidden();
  return session.domainId;
}

/** The promotion as the input gives it, with its lists in the canonical 'id:qty;' form. */
interface PromotionShape {
  name: string;
  fromTime: Date;
  toTime: Date;
  storeIds: number[];
  nickConditionType: NickConditionType;
  nickList: string[];
  promotionAllCount: number | null;
  rules: {
    ruleType: PromotionRuleType;
    ruleMode: PromotionRuleMode;
    repeatable: boolean;
    onlineSku: boolean;
    needBuy: { id: number; qty: number }[];
    conditions: {
      gifts: { id: number; qty: number }[];
      qtyMoreThan: number | null;
      qtyLessThan: number | null;
      amountMoreThan: string | null;
      amountLessThan: string | null;
      randomGift: boolean;
      randomKind: number | null;
      qtyNeedBuy: number | null;
      sellerMessage: string | null;
      buyerMessage: string | null;
    }[];
  }[];
}

const listOf = (text: string) => {
  const parsed = parseGiftList(text);
  // The contract has checked the lists already; a bad one here is a programming error.
  if (!parsed.ok) throw new Error(`unchecked list ${text}`);
  return parsed.items;
};

function shapeOf(input: {
  name: string;
  fromTime: string;
  toTime: string;
  storeIds?: number[] | undefined;
  nickConditionType?: NickConditionType | undefined;
  nickList?: string[] | undefined;
  promotionAllCount?: number | null | undefined;
  ruleList: PromotionRuleInput[];
}): PromotionShape {
  return {
    name: input.name,
    fromTime: parseDateTimeText(input.fromTime),
    toTime: parseDateTimeText(input.toTime),
    storeIds: [...new Set(input.storeIds ?? [])],
    nickConditionType: input.nickConditionType ?? 'NONE',
    // The nick list only means something with a nick condition.
    nickList: (input.nickConditionType ?? 'NONE') === 'NONE' ? [] : [...new Set(input.nickList ?? [])],
    promotionAllCount: input.promotionAllCount ?? null,
    rules: input.ruleList.map((rule) => ({
      ruleType: rule.ruleType,
      ruleMode: rule.ruleMode,
      repeatable: rule.repeatable,
      onlineSku: PROMOTION_RULE_TRAITS[rule.ruleType].needsGoods && rule.onlineSku,
      needBuy: PROMOTION_RULE_TRAITS[rule.ruleType].needsGoods ? listOf(rule.needBuySkuList) : [],
      conditions: rule.conditionList.map((c) => ({
        gifts: listOf(c.giftList),
        qtyMoreThan: c.qtyMoreThan ?? null,
        qtyLessThan: c.qtyLessThan ?? null,
        amountMoreThan: c.amountMoreThan ?? null,
        amountLessThan: c.amountLessThan ?? null,
        randomGift: c.randomGift,
        randomKind: c.randomGift ? (c.randomKind ?? null) : null,
        qtyNeedBuy: c.qtyNeedBuy ?? null,
        sellerMessage: c.sellerMessage ?? null,
        buyerMessage: c.buyerMessage ?? null,
      })),
    })),
  };
}

/** The SKUs, online SKUs and stores a set of promotions names, loaded once. */
interface References {
  skus: Map<number, SkuRecord>;
  online: Map<number, OnlineSkuRecord>;
  stores: Map<number, string>;
}

async function loadReferences(tx: Tx, domainId: number, trees: PromotionTree[]): Promise<References> {
  const skuIds = new Set<number>();
  const onlineIds = new Set<number>();
  const storeIds = new Set<number>();
  for (const { header, rules } of trees) {
    header.storeIds.forEach((id) => storeIds.add(id));
    for (const rule of rules) {
      for (const item of listOf(rule.needBuySkuList)) (rule.onlineSku ? onlineIds : skuIds).add(item.id);
      for (const c of rule.conditions) for (const item of listOf(c.giftList)) skuIds.add(item.id);
    }
  }
  const [skuMap, online, storeRows] = await Promise.all([
    skusOfDomain(tx, domainId, [...skuIds]),
    onlineSkusOfDomain(tx, domainId, [...onlineIds]),
    storesOfDomain(tx, domainId, [...storeIds]),
  ]);
  return { skus: skuMap, online, stores: new Map(storeRows.map((s) => [s.id, s.name])) };
}

function giftItem(id: number, qty: number, refs: References): PromotionGiftItemView {
  const sku = refs.skus.get(id);
  return {
    id,
    skuId: id,
    qty,
    skuName: sku?.name ?? null,
    skuCode: sku?.code ?? null,
    skuSpecifications: sku?.specifications ?? null,
    skuPrice: sku?.price ?? null,
    color: sku?.color ?? null,
    size: sku?.size ?? null,
    isCombination: sku?.isCombination ?? false,
    ...(!sku || sku.delFlag ? { missing: true } : {}),
  };
}

const NO_ONLINE = { platformCode: null, tbSpuId: null, tbSkuId: null, storeId: null, storeName: null, skuPicUrl: null };

function needBuyItem(id: number, qty: number, online: boolean, refs: References): PromotionNeedBuyItemView {
  if (!online) return { ...giftItem(id, qty, refs), ...NO_ONLINE };
  const item = refs.online.get(id);
  return onlineOption(id, item, qty);
}

function onlineOption(id: number, item: OnlineSkuRecord | undefined, qty: number): PromotionNeedBuyItemView {
  return {
    id,
    skuId: item?.skuId ?? null,
    qty,
    skuName: item?.title ?? null,
    skuCode: item?.outerSkuId ?? null,
    skuSpecifications: item?.properties ?? null,
    skuPrice: item?.price ?? null,
    color: null,
    size: null,
    isCombination: false,
    platformCode: item?.platformCode ?? null,
    tbSpuId: item?.tbSpuId ?? null,
    tbSkuId: item?.tbSkuId ?? null,
    storeId: item?.storeId ?? null,
    storeName: item?.storeName ?? null,
    skuPicUrl: item?.skuPicUrl ?? null,
    ...(!item || item.deleted ? { missing: true } : {}),
  };
}

function headerView(header: PromotionRecord, refs: References) {
  return {
    id: header.id,
    name: header.name,
    fromTime: header.fromTime.toISOString(),
    toTime: header.toTime.toISOString(),
    storeIds: header.storeIds,
    stores: header.storeIds.map((id) => ({ id, name: refs.stores.get(id) ?? `#${id}` })),
    nickConditionType: header.nickConditionType as NickConditionType,
    nickList: header.nickList,
    promotionAllCount: header.promotionAllCount,
    givenCount: header.givenCount,
    open: header.open,
    version: header.version,
    createdAt: header.createdAt.toISOString(),
    updatedAt: header.updatedAt.toISOString(),
  };
}

function viewOf({ header, rules }: PromotionTree, refs: References): PromotionView {
  return {
    ...headerView(header, refs),
    ruleList: rules.map((rule) => ({
      id: rule.id,
      ruleType: rule.ruleType as PromotionRuleType,
      ruleMode: rule.ruleMode as PromotionRuleMode,
      repeatable: rule.repeatable,
      onlineSku: rule.onlineSku,
      needBuySkuList: rule.needBuySkuList,
      needBuySkuAC: listOf(rule.needBuySkuList).map((i) => needBuyItem(i.id, i.qty, rule.onlineSku, refs)),
      conditionList: rule.conditions.map((c) => ({
        id: c.id,
        giftList: c.giftList,
        giftAC: listOf(c.giftList).map((i) => giftItem(i.id, i.qty, refs)),
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

export function timeStatusOf(fromTime: Date, toTime: Date, now: Date): PromotionTimeStatus {
  if (fromTime.getTime() > now.getTime()) return 'NOT_STARTED';
  if (toTime.getTime() < now.getTime()) return 'ENDED';
  return 'RUNNING';
}

/** What the operation log keeps: the promotion as entered, without the expanded items. */
function snapshot(view: PromotionView) {
  return {
    name: view.name,
    fromTime: view.fromTime,
    toTime: view.toTime,
    storeIds: view.storeIds,
    nickConditionType: view.nickConditionType,
    nickList: view.nickList,
    promotionAllCount: view.promotionAllCount,
    open: view.open,
    ruleList: view.ruleList.map(({ id: _id, needBuySkuAC: _ac, conditionList, ...rule }) => ({
      ...rule,
      conditionList: conditionList.map(({ id: _cid, giftAC: _gac, ...c }) => c),
    })),
  };
}

export function createPromotionsService(deps: PromotionsServiceDeps) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());

  async function viewsOf(tx: Tx, domainId: number, headers: PromotionRecord[]): Promise<PromotionView[]> {
    const trees = await promotionTrees(tx, domainId, headers);
    const refs = await loadReferences(tx, domainId, trees);
    return trees.map((tree) => viewOf(tree, refs));
  }

  async function viewById(tx: Tx, domainId: number, id: number): Promise<PromotionView> {
    const [header] = await promotionHeaders(tx, domainId, [id]);
    if (!header) throw notFound(ENTITY);
    return (await viewsOf(tx, domainId, [header]))[0]!;
  }

  /** Refuses stores and goods that are not (or no longer) in the caller's domain. */
  async function checkReferences(tx: Tx, domainId: number, shape: Pick<PromotionShape, 'storeIds' | 'rules'>): Promise<void> {
    if (shape.storeIds.length) {
      const found = new Set((await storesOfDomain(tx, domainId, shape.storeIds)).map((s) => s.id));
      const unknown = shape.storeIds.filter((id) => !found.has(id));
      if (unknown.length) throw new AppError(PromotionErrors.UNKNOWN_STORE, 400, { field: 'storeIds', storeIds: unknown.join(', ') });
    }
    const skuIds = shape.rules.flatMap((r) => [...(r.onlineSku ? [] : r.needBuy.map((i) => i.id)), ...r.conditions.flatMap((c) => c.gifts.map((g) => g.id))]);
    const onlineIds = shape.rules.flatMap((r) => (r.onlineSku ? r.needBuy.map((i) => i.id) : []));
    const [skuMap, online] = await Promise.all([skusOfDomain(tx, domainId, [...new Set(skuIds)]), onlineSkusOfDomain(tx, domainId, [...new Set(onlineIds)])]);
    const liveSku = (id: number) => !!skuMap.get(id) && !skuMap.get(id)!.delFlag;
    const liveOnline = (id: number) => !!online.get(id) && !online.get(id)!.deleted;
    shape.rules.forEach((rule, r) => {
      const badGoods = rule.needBuy.filter((i) => !(rule.onlineSku ? liveOnline(i.id) : liveSku(i.id))).map((i) => i.id);
      if (badGoods.length) throw new AppError(PromotionErrors.UNKNOWN_SKU, 400, { field: `ruleList.${r}.needBuySkuList`, skuIds: badGoods.join(', ') });
      rule.conditions.forEach((c, i) => {
        const badGifts = c.gifts.filter((g) => !liveSku(g.id)).map((g) => g.id);
        if (badGifts.length) throw new AppError(PromotionErrors.UNKNOWN_SKU, 400, { field: `ruleList.${r}.conditionList.${i}.giftList`, skuIds: badGifts.join(', ') });
      });
    });
  }

  async function checkNameFree(tx: Tx, domainId: number, name: string, exceptId?: number): Promise<void> {
    if (await promotionNameTaken(tx, domainId, name, exceptId)) throw new AppError(PromotionErrors.NAME_TAKEN, 409, { field: 'name', name });
  }

  async function insertRules(tx: Tx, domainId: number, promotionId: number, shape: PromotionShape): Promise<void> {
    for (const [seq, rule] of shape.rules.entries()) {
      const [row] = await tx
        .insert(promotionRules)
        .values({
          domainId,
          promotionId,
          seq,
          ruleType: rule.ruleType,
          ruleMode: rule.ruleMode,
          repeatable: rule.repeatable,
          onlineSku: rule.onlineSku,
          needBuySkuList: formatGiftList(rule.needBuy),
          needBuySkuIds: rule.onlineSku ? [] : rule.needBuy.map((i) => i.id),
        })
        .returning({ id: promotionRules.id });
      await tx.insert(promotionConditions).values(
        rule.conditions.map((c, conditionSeq) => ({
          domainId,
          promotionId,
          ruleId: row!.id,
          seq: conditionSeq,
          giftList: formatGiftList(c.gifts),
          giftSkuIds: c.gifts.map((g) => g.id),
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
      );
    }
  }

  /** The stored rules of a promotion in the shape the checks take. */
  function shapeOfTree(tree: PromotionTree): Pick<PromotionShape, 'storeIds' | 'rules'> {
    return {
      storeIds: tree.header.storeIds,
      rules: tree.rules.map((rule) => ({
        ruleType: rule.ruleType as PromotionRuleType,
        ruleMode: rule.ruleMode as PromotionRuleMode,
        repeatable: rule.repeatable,
        onlineSku: rule.onlineSku,
        needBuy: listOf(rule.needBuySkuList),
        conditions: rule.conditions.map((c) => ({ ...c, gifts: listOf(c.giftList) })),
      })),
    };
  }

  async function lockedHeader(tx: Tx, domainId: number, id: number, version: number): Promise<PromotionRecord> {
    const [header] = await promotionHeaders(tx, domainId, [id], { forUpdate: true });
    if (!header) throw notFound(ENTITY);
    if (header.version !== version) throw versionConflict(ENTITY);
    return header;
  }

  async function bumpHeader(tx: Tx, domainId: number, header: PromotionRecord, values: Partial<typeof promotions.$inferInsert>): Promise<void> {
    const updated = await tx
      .update(promotions)
      .set({ ...values, version: header.version + 1, updatedAt: now() })
      .where(and(eq(promotions.id, header.id), eq(promotions.domainId, domainId), eq(promotions.version, header.version)))
      .returning({ id: promotions.id });
    if (!updated.length) throw versionConflict(ENTITY);
  }

  return {
    async search(session: Session, input: PromotionSearchInput): Promise<PageResult<PromotionRow>> {
      const domainId = sellerDomain(session);
      const at = now();
      const page = await searchPromotionHeaders(db, domainId, input, at);
      const trees = await promotionTrees(db, domainId, page.rows);
      const stores = new Map((await storesOfDomain(db, domainId, [...new Set(page.rows.flatMap((r) => r.storeIds))])).map((s) => [s.id, s.name]));
      const refs: References = { skus: new Map(), online: new Map(), stores };
      return {
        voList: trees.map(({ header, rules }) => ({
          ...headerView(header, refs),
          status: timeStatusOf(header.fromTime, header.toTime, at),
          ruleSummary: rules.map((r) => ({
            ruleType: r.ruleType as PromotionRuleType,
            ruleMode: r.ruleMode as PromotionRuleMode,
            repeatable: r.repeatable,
            tierCount: r.conditions.length,
          })),
        })),
        total: page.total,
        currentPage: input.currentPage,
        pageSize: input.pageSize,
      };
    },

    async getById(session: Session, id: number): Promise<PromotionView> {
      return viewById(db, sellerDomain(session), id);
    },

    async searchOpen(session: Session, input: PromotionOpenSearchInput): Promise<PromotionView[]> {
      const domainId = sellerDomain(session);
      const headers = await openPromotionHeaders(db, domainId, { storeId: input.storeId, at: input.activeAt ? parseDateTimeText(input.activeAt) : undefined });
      return viewsOf(db, domainId, headers);
    },

    async create(session: Session, input: PromotionCreateInput): Promise<PromotionView> {
      const domainId = sellerDomain(session);
      const shape = shapeOf(input);
      return db.transaction(async (tx) => {
        await checkNameFree(tx, domainId, shape.name);
        await checkReferences(tx, domainId, shape);
        const [header] = await tx
          .insert(promotions)
          .values({
            domainId,
            name: shape.name,
            fromTime: shape.fromTime,
            toTime: shape.toTime,
            storeIds: shape.storeIds,
            nickConditionType: shape.nickConditionType,
            nickList: shape.nickList,
            promotionAllCount: shape.promotionAllCount,
            open: input.open,
            createdBy: session.userId,
          })
          .returning();
        await insertRules(tx, domainId, header!.id, shape);
        const view = await viewById(tx, domainId, header!.id);
        await writeOperationLog(tx, actorOf(session), { area: AREA, entityType: ENTITY, entityId: header!.id, action: 'create', after: snapshot(view) });
        return view;
      });
    },

    /** The whole promotion, or only its open flag (spec 02 §3.3). */
    async update(session: Session, input: PromotionUpdateInput): Promise<PromotionView> {
      const domainId = sellerDomain(session);
      return db.transaction(async (tx) => {
        const header = await lockedHeader(tx, domainId, input.id, input.version);
        const before = await viewById(tx, domainId, header.id);
        if (!isFullPromotionUpdate(input)) {
          const open = input.open!;
          // Already so: nothing changes and nothing is logged.
          if (open === header.open) return before;
          // Opening again checks that the goods it gives and requires still exist.
          if (open) await checkReferences(tx, domainId, shapeOfTree((await promotionTrees(tx, domainId, [header]))[0]!));
          await bumpHeader(tx, domainId, header, { open });
          const after = await viewById(tx, domainId, header.id);
          await writeOperationLog(tx, actorOf(session), { area: AREA, entityType: ENTITY, entityId: header.id, action: open ? 'open' : 'close', before: { open: before.open }, after: { open } });
          return after;
        }
        const shape = shapeOf(input);
        await checkNameFree(tx, domainId, shape.name, header.id);
        await checkReferences(tx, domainId, shape);
        await bumpHeader(tx, domainId, header, {
          name: shape.name,
          fromTime: shape.fromTime,
          toTime: shape.toTime,
          storeIds: shape.storeIds,
          nickConditionType: shape.nickConditionType,
          nickList: shape.nickList,
          promotionAllCount: shape.promotionAllCount,
          ...(input.open !== undefined ? { open: input.open } : {}),
        });
        await tx.delete(promotionRules).where(and(eq(promotionRules.domainId, domainId), eq(promotionRules.promotionId, header.id)));
        await insertRules(tx, domainId, header.id, shape);
        const after = await viewById(tx, domainId, header.id);
        await writeOperationLog(tx, actorOf(session), { area: AREA, entityType: ENTITY, entityId: header.id, action: 'update', before: snapshot(before), after: snapshot(after) });
        return after;
      });
    },

    /** Deletes the listed promotions, all or none. */
    async delete(session: Session, input: PromotionDeleteInput): Promise<{ deleted: number }> {
      const domainId = sellerDomain(session);
      const ids = [...new Set(input.idList)];
      return db.transaction(async (tx) => {
        const headers = await promotionHeaders(tx, domainId, ids, { forUpdate: true });
        if (headers.length !== ids.length) throw notFound(ENTITY);
        const views = await viewsOf(tx, domainId, headers);
        await tx.delete(promotions).where(and(eq(promotions.domainId, domainId), idsIn(promotions.id, ids)));
        for (const view of views) {
          await writeOperationLog(tx, actorOf(session), { area: AREA, entityType: ENTITY, entityId: view.id, action: 'delete', before: snapshot(view) });
        }
        return { deleted: ids.length };
      });
    },

    async onlineSkuOptions(session: Session, input: PromotionSkuOptionsInput): Promise<PromotionSkuOption[]> {
      const rows = await searchOnlineSkuOptions(db, sellerDomain(session), { keyword: input.keyword, idList: input.idList, storeId: input.storeId, limit: input.limit });
      return rows.map((row) => {
        const { qty: _qty, missing: _missing, ...item } = onlineOption(row.id, row, 1);
        return item;
      });
    },

    // ---- for other areas (registry) -------------------------------------------------------

    /** Open promotions covering a store and in effect at a time, ready for evaluatePromotions. */
    async openPromotionsFor(domainId: number, storeId: number | null, at: Date, tx?: Tx): Promise<PromotionView[]> {
      const headers = await openPromotionHeaders(tx ?? db, domainId, { storeId, at });
      // Without a store, only promotions for every store apply.
      const fitting = storeId === null ? headers.filter((h) => h.storeIds.length === 0) : headers;
      return viewsOf(tx ?? db, domainId, fitting);
    },

    claimGiftPlaces: (tx: Tx, domainId: number, promotionIds: number[]) => claimGiftPlaces(tx, domainId, promotionIds),

    countOpenPromotionsUsingSkus: (tx: Tx, domainId: number, skuIds: number[]) => countOpenPromotionsUsingSkus(tx, domainId, skuIds),
  };
}

export type PromotionsService = ReturnType<typeof createPromotionsService>;

/**
 * What order ingest gets from ctx.registry.get<PromotionsRegistryService>('promotions'):
 * the open promotions to evaluate (with givenCount), and the cap bookkeeping. Typical use in the
 * ingest transaction:
 *   const promotions = await svc.openPromotionsFor(domainId, order.storeId, payTime, tx);
 *   const result = evaluatePromotions(order, promotions);
 *   const claimed = await svc.claimGiftPlaces(tx, domainId, result.givenPromotionIds);
 *   // keep only result.gifts whose promotionId is in claimed
 */
export interface PromotionsRegistryService {
  openPromotionsFor(domainId: number, storeId: number | null, at: Date, tx?: Tx): Promise<PromotionView[]>;
  /** Counts the order towards each promotion's cap; answers the promotions that still had room. */
  claimGiftPlaces(tx: Tx, domainId: number, promotionIds: number[]): Promise<number[]>;
}
