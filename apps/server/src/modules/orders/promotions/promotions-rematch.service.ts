// Orders matched again to gift promotions (spec 02 §7.5 erpsoh/doPromotion, promotion/doNewPromotion;
// issue 21 must-have 4). The rule is the promotions area's (`evaluatePromotions` of packages/core,
// the open promotions and the cap through the registry's 'promotions' service), applied as ingest
// applies it: to pending, unlocked orders, at the order's pay time. A promotion that already gave
// the order a gift is not given again; a promotion the order now meets adds its gift lines (price 0,
// label GIFT, promotion_id) when its cap still has room. Gifts already on an order are kept (their
// places in the cap were counted; taking them back is the seller's line edit).
import { evaluatePromotions, ORDER_STATUS, OrderMiscErrors, type EvaluablePromotion, type Language, type PromotionRematchResult } from '@openseller/core';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.js';
import { AppError, notFound } from '../../../platform/errors.js';
import type { ServiceRegistry } from '../../../platform/module.js';
import { serverMessage } from '../../../platform/messages.js';
import type { Session } from '../../../platform/sessions.js';
import type { PromotionsRegistryService } from '../../promotions/index.js';
import { orderStatusRefusal, writeOrderLog } from '../orders.model.js';
import { actorOf, domainOf } from '../session-helpers.js';

/** Pending orders looked at by a doNewPromotion without ids (newest first). */
const NEW_PROMOTION_ORDERS = 500;

interface OrderHead extends Record<string, unknown> {
  id: number;
  code: string;
  status_code: string;
  locked: boolean;
  store_id: number;
  buyer_nick: string | null;
  pay_time: Date | string | null;
  created_at: Date | string;
  buyer_message: string | null;
  seller_remark: string | null;
  amount_total: string;
  platform_nos: string[];
}

export function createPromotionRematchService(deps: { database: Database; registry: ServiceRegistry; now: () => Date }) {
  const { db } = deps.database;

  /** One order in its own transaction: the gifts of `only` (or every open promotion) it now meets. */
  async function rematchOne(tx: Tx, session: Session, domainId: number, id: number, only: number | null): Promise<{ added: number }> {
    const o = (await tx.execute<OrderHead>(sql`
      select id, code, status_code, locked, store_id, buyer_nick, pay_time, created_at, buyer_message, seller_remark, amount_total, platform_nos
      from erp_orders where domain_id = ${domainId} and id = ${id} for update`)).rows[0];
    if (!o) throw notFound('order');
    if (o.status_code !== ORDER_STATUS.NORMAL) throw orderStatusRefusal({ code: o.code, statusCode: o.status_code }, 'doPromotion', [ORDER_STATUS.NORMAL]);
    if (o.locked) throw new AppError('ERR_ORDER_LOCKED', 409, { code: o.code });
    const service = deps.registry.find<PromotionsRegistryService>('promotions');
    if (!service) return { added: 0 };
    const at = new Date(o.pay_time ?? o.created_at);
    const given = new Set((await tx.execute<{ promotion_id: number }>(sql`
      select distinct promotion_id from erp_order_lines where domain_id = ${domainId} and order_id = ${id} and is_gift and promotion_id is not null`)).rows.map((r) => Number(r.promotion_id)));
    const open = ((await service.openPromotionsFor(domainId, Number(o.store_id), at, tx)) as EvaluablePromotion[]).filter((p) => !given.has(p.id) && (only === null || p.id === only));
    if (!open.length) return { added: 0 };
    const lines = (await tx.execute<{ sku_id: number | null; sku_code: string | null; tb_sku_id: string | null; qty: number; price: string }>(sql`
      select sku_id, sku_code, tb_sku_id, qty, price from erp_order_lines where domain_id = ${domainId} and order_id = ${id} and cancel_tag = 0 and not is_gift order by line_seq`)).rows;
    const evaluation = evaluatePromotions(
      {
        storeId: Number(o.store_id),
        buyerNick: o.buyer_nick,
        payTime: at,
        sellerMessage: o.seller_remark,
        buyerMessage: o.buyer_message,
        orderAmount: String(o.amount_total),
        lines: lines.map((l) => ({ skuId: l.sku_id === null ? null : Number(l.sku_id), skuCode: l.sku_code, tbSkuId: l.tb_sku_id, qty: Number(l.qty), price: String(l.price) })),
      },
      open,
    );
    if (!evaluation.gifts.length) return { added: 0 };
    const claimed = new Set(await service.claimGiftPlaces(tx, domainId, evaluation.givenPromotionIds));
    const gifts = evaluation.gifts.filter((g) => claimed.has(g.promotionId));
    if (!gifts.length) return { added: 0 };
    const platformNo = o.platform_nos[0] ?? null;
    for (const g of gifts) {
      const inserted = await tx.execute(sql`
        insert into erp_order_lines (domain_id, order_id, line_seq, sku_id, sku_code, sku_name, sku_specifications, qty, price, amount, sku_weight,
          is_gift, is_combination, labels, platform_no, title, properties, promotion_id)
        select ${domainId}, ${id}, coalesce((select max(line_seq) from erp_order_lines where domain_id = ${domainId} and order_id = ${id}), 0) + 1,
          k.id, k.code, k.name, k.specifications, ${g.qty}, 0, 0, k.weight, true, k.is_combination, '{GIFT}'::text[], ${platformNo}, k.name, k.specifications, ${g.promotionId}
        from skus k where k.domain_id = ${domainId} and k.id = ${g.skuId}
        returning id`);
      if (!inserted.rows.length) throw notFound('sku');
    }
    await tx.execute(sql`
      update erp_orders o set qty_total = s.q, sku_total = s.n, weight_total = s.w, version = o.version + 1, updated_at = now()
      from (select coalesce(sum(qty), 0)::int as q, count(distinct coalesce(sku_id::text, tb_sku_id, id::text))::int as n, coalesce(sum(coalesce(sku_weight, 0) * qty), 0) as w
            from erp_order_lines where domain_id = ${domainId} and order_id = ${id} and cancel_tag = 0) s
      where o.domain_id = ${domainId} and o.id = ${id}`);
    await writeOrderLog(tx, actorOf(session), id, 'doPromotion', undefined, { gifts: gifts.map((g) => ({ promotionId: g.promotionId, skuId: g.skuId, qty: g.qty })) });
    return { added: gifts.length };
  }

  async function run(session: Session, language: Language, ids: number[], only: number | null): Promise<PromotionRematchResult> {
    const domainId = domainOf(session);
    const result: PromotionRematchResult = { checked: 0, changedIds: [], giftLinesAdded: 0, giftLinesRemoved: 0, failures: [] };
    for (const id of ids) {
      result.checked += 1;
      try {
        const { added } = await db.transaction((tx) => rematchOne(tx, session, domainId, id, only));
        if (added) {
          result.changedIds.push(id);
          result.giftLinesAdded += added;
        }
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const params = error.params as Record<string, string | number>;
        const code = (await db.execute<{ code: string }>(sql`select code from erp_orders where domain_id = ${domainId} and id = ${id}`)).rows[0]?.code ?? null;
        result.failures.push({ id, code, errorCode: error.code, message: serverMessage(error.code, params, language) });
      }
    }
    return result;
  }

  return {
    /** doPromotion: the chosen orders against every open promotion. */
    doPromotion(session: Session, language: Language, input: { idList: number[] }): Promise<PromotionRematchResult> {
      return run(session, language, [...new Set(input.idList)], null);
    },

    /** doNewPromotion: one promotion of the domain against the chosen (or the newest pending) orders. */
    async doNewPromotion(session: Session, language: Language, input: { id: number; idList?: number[] | undefined }): Promise<PromotionRematchResult> {
      const domainId = domainOf(session);
      const promotion = (await db.execute(sql`select 1 from promotions where domain_id = ${domainId} and id = ${input.id}`)).rows[0];
      if (!promotion) throw new AppError(OrderMiscErrors.PROMOTION_NOT_OPEN, 404, { field: 'id', id: input.id });
      const ids = input.idList?.length
        ? [...new Set(input.idList)]
        : (await db.execute<{ id: number }>(sql`
            select id from erp_orders where domain_id = ${domainId} and status_code = ${ORDER_STATUS.NORMAL} and not locked order by id desc limit ${NEW_PROMOTION_ORDERS}`)).rows.map((r) => Number(r.id));
      return run(session, language, ids, input.id);
    },
  };
}
