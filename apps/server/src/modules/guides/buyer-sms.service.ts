// Buyer notifications by SMS (issue 17 must-have 7; spec 01 §6: main accounts only). A main
// account keeps one template per event (shipped, out for delivery, refund done) with variables;
// the events call in with the transaction that caused them, so a text goes out, through the SMS
// sender (the outbox in a self-hosted install), exactly when its cause commits. Nothing is sent
// for an event whose template the seller has not enabled, nor to a receiver without a mobile
// number, and one order (or refund) texts its buyer once per event (the log's unique key).
import {
  BUYER_SMS_EVENT_VARIABLES,
  BUYER_SMS_EVENTS,
  expressCompanyName,
  maskPhone,
  type BuyerSmsCounts,
  type BuyerSmsEvent,
  type BuyerSmsLogRow,
  type BuyerSmsLogSearchInput,
  type BuyerSmsTemplate,
  type BuyerSmsTemplateSaveInput,
  type BuyerSmsVariable,
  type PageResult,
} from '@openseller/core';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import { buyerSmsTemplates } from '../../db/schema/index.js';
import { versionConflict } from '../../platform/errors.js';
import { writeOperationLog, type OperationActor } from '../../platform/operation-log.js';
import { pageAnswer, pageOffset } from '../../platform/paging.js';
import type { SmsSender } from '../../platform/sms.js';
import { bigintArray, likePattern } from '../../platform/sql.js';

/** The text a template starts from before the seller writes its own (not enabled until saved so). */
export const SUGGESTED_BUYER_SMS: Readonly<Record<BuyerSmsEvent, string>> = {
  SHIPPED: '【{storeName}】亲爱的{receiverName}，您的订单{orderCode}已发货，{expressCompany}运单号{expressNo}，请留意查收。',
  OUT_FOR_DELIVERY: '【{storeName}】亲爱的{receiverName}，您的包裹（{expressCompany} {expressNo}）正在派送中，请保持电话畅通。',
  REFUND_DONE: '【{storeName}】亲爱的{receiverName}，您的订单{orderCode}退款{refundFee}元已完成，请注意查收。',
};

const MAINLAND_MOBILE = /^1[3-9]\d{9}$/;
/** The receiver's number as a mainland mobile (spaces, dashes and a +86 prefix allowed), or null. */
export function buyerMobile(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/[\s-]/g, '').replace(/^\+?86/, '');
  return MAINLAND_MOBILE.test(digits) ? digits : null;
}

/** The template with its variables filled; an unknown variable stays as written. */
export function renderBuyerSms(content: string, values: Partial<Record<BuyerSmsVariable, string>>): string {
  return content.replace(/\{([A-Za-z]+)\}/g, (all, name: string) => values[name as BuyerSmsVariable] ?? all);
}

interface OrderFacts extends Record<string, unknown> {
  id: number | string;
  code: string;
  receiver_name: string | null;
  receiver_phone: string | null;
  receiver_tel: string | null;
  express_company_code: string | null;
  express_no: string | null;
  store_name: string | null;
}

const ENTITY = 'smsTemplate';

export function createBuyerSmsService(deps: { database: Database; sms: SmsSender; now?: () => Date }) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());

  async function templates(domainId: number): Promise<{ voList: BuyerSmsTemplate[] }> {
    const rows = await db.select().from(buyerSmsTemplates).where(eq(buyerSmsTemplates.domainId, domainId));
    return {
      voList: BUYER_SMS_EVENTS.map((event) => {
        const row = rows.find((r) => r.event === event);
        return {
          id: row?.id ?? null,
          version: row?.version ?? 0,
          event,
          content: row?.content ?? SUGGESTED_BUYER_SMS[event],
          enabled: row?.enabled ?? false,
          variables: [...BUYER_SMS_EVENT_VARIABLES[event]],
          updatedAt: row?.updatedAt.toISOString() ?? null,
        };
      }),
    };
  }

  async function saveTemplate(domainId: number, actor: OperationActor, input: BuyerSmsTemplateSaveInput): Promise<BuyerSmsTemplate> {
    return db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(buyerSmsTemplates)
        .where(and(eq(buyerSmsTemplates.domainId, domainId), eq(buyerSmsTemplates.event, input.event)))
        .for('update');
      const at = now();
      let row;
      if (!before) {
        if (input.version !== undefined && input.version !== 0) throw versionConflict(ENTITY);
        [row] = await tx
          .insert(buyerSmsTemplates)
          .values({ domainId, event: input.event, content: input.content, enabled: input.enabled, createdBy: actor.userId, createdAt: at, updatedAt: at })
          .returning();
      } else {
        if (input.version === undefined || input.version !== before.version) throw versionConflict(ENTITY);
        [row] = await tx
          .update(buyerSmsTemplates)
          .set({ content: input.content, enabled: input.enabled, version: sql`${buyerSmsTemplates.version} + 1`, updatedAt: at })
          .where(and(eq(buyerSmsTemplates.domainId, domainId), eq(buyerSmsTemplates.id, before.id)))
          .returning();
      }
      await writeOperationLog(tx, { ...actor, domainId }, {
        area: 'settings',
        entityType: 'domainSetting',
        entityId: `BUYER_SMS_${input.event}`,
        action: 'update',
        before: before ? { content: before.content, enabled: before.enabled } : null,
        after: { content: row!.content, enabled: row!.enabled },
      });
      return {
        id: row!.id,
        version: row!.version,
        event: input.event,
        content: row!.content,
        enabled: row!.enabled,
        variables: [...BUYER_SMS_EVENT_VARIABLES[input.event]],
        updatedAt: row!.updatedAt.toISOString(),
      };
    });
  }

  /** Texts the buyers of orders for an event, in the caller's transaction, if the domain enabled its template. */
  async function notifyOrders(tx: Tx, domainId: number, event: Exclude<BuyerSmsEvent, 'REFUND_DONE'>, orderIds: readonly number[]): Promise<number> {
    if (!orderIds.length) return 0;
    const [template] = await tx
      .select()
      .from(buyerSmsTemplates)
      .where(and(eq(buyerSmsTemplates.domainId, domainId), eq(buyerSmsTemplates.event, event), eq(buyerSmsTemplates.enabled, true)));
    if (!template) return 0;
    const orders = (
      await tx.execute<OrderFacts>(sql`
        select o.id, o.code, o.receiver_name, o.receiver_phone, o.receiver_tel, o.express_company_code, o.express_no, s.name as store_name
        from erp_orders o left join stores s on s.domain_id = o.domain_id and s.id = o.store_id
        where o.domain_id = ${domainId} and o.id = any(${bigintArray([...orderIds])}) order by o.id`)
    ).rows;
    let sent = 0;
    for (const o of orders) {
      const values = {
        storeName: o.store_name ?? '',
        receiverName: o.receiver_name ?? '',
        orderCode: o.code,
        expressCompany: o.express_company_code ? expressCompanyName(o.express_company_code, 'zh') : '',
        expressNo: o.express_no ?? '',
      };
      if (await deliver(tx, domainId, event, template.id, { id: Number(o.id), code: o.code }, `order:${o.id}`, buyerMobile(o.receiver_phone) ?? buyerMobile(o.receiver_tel), renderBuyerSms(template.content, values))) sent++;
    }
    return sent;
  }

  /** Texts the buyer of an after-sale document whose refund is done, in the caller's transaction. */
  async function notifyRefundDone(tx: Tx, domainId: number, afterSaleId: number): Promise<number> {
    const [template] = await tx
      .select()
      .from(buyerSmsTemplates)
      .where(and(eq(buyerSmsTemplates.domainId, domainId), eq(buyerSmsTemplates.event, 'REFUND_DONE'), eq(buyerSmsTemplates.enabled, true)));
    if (!template) return 0;
    const [a] = (
      await tx.execute<OrderFacts & { refund_fee: string }>(sql`
        select o.id, o.code, o.receiver_name, o.receiver_phone, o.receiver_tel, o.express_company_code, o.express_no, s.name as store_name, a.refund_fee
        from after_sales a
        join erp_orders o on o.domain_id = a.domain_id and o.id = a.erp_order_id
        left join stores s on s.domain_id = o.domain_id and s.id = o.store_id
        where a.domain_id = ${domainId} and a.id = ${afterSaleId}`)
    ).rows;
    if (!a) return 0;
    const values = { storeName: a.store_name ?? '', receiverName: a.receiver_name ?? '', orderCode: a.code, refundFee: Number(a.refund_fee).toFixed(2) };
    const sent = await deliver(tx, domainId, 'REFUND_DONE', template.id, { id: Number(a.id), code: a.code }, `afterSale:${afterSaleId}`, buyerMobile(a.receiver_phone) ?? buyerMobile(a.receiver_tel), renderBuyerSms(template.content, values));
    return sent ? 1 : 0;
  }

  async function deliver(tx: Tx, domainId: number, event: BuyerSmsEvent, templateId: number, order: { id: number; code: string }, sourceKey: string, mobile: string | null, content: string): Promise<boolean> {
    if (!mobile) return false;
    const logged = await tx.execute(sql`
      insert into buyer_sms_logs (domain_id, event, template_id, order_id, order_code, source_key, mobile, content, created_at)
      values (${domainId}, ${event}, ${templateId}, ${order.id}, ${order.code}, ${sourceKey}, ${mobile}, ${content}, ${now()})
      on conflict (domain_id, event, source_key) do nothing returning id`);
    if (!logged.rows.length) return false;
    await deps.sms.send(tx, { mobile, purpose: `BUYER_${event}`, content });
    return true;
  }

  async function searchLog(domainId: number, input: BuyerSmsLogSearchInput): Promise<PageResult<BuyerSmsLogRow>> {
    const where: SQL[] = [sql`l.domain_id = ${domainId}`];
    if (input.event) where.push(sql`l.event = ${input.event}`);
    if (input.mobile) where.push(sql`l.mobile like ${likePattern(input.mobile)}`);
    if (input.orderCode) where.push(sql`l.order_code = ${input.orderCode}`);
    if (input.timeFrom) where.push(sql`l.created_at >= ${new Date(input.timeFrom.replace(' ', 'T'))}`);
    if (input.timeTo) where.push(sql`l.created_at <= ${new Date(input.timeTo.replace(' ', 'T'))}`);
    const clause = sql.join(where, sql` and `);
    const [total] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from buyer_sms_logs l where ${clause}`)).rows;
    const rows = (
      await db.execute<{ id: string | number; event: BuyerSmsEvent; order_id: string | number | null; order_code: string | null; mobile: string; content: string; created_at: string | Date }>(sql`
        select l.id, l.event, l.order_id, l.order_code, l.mobile, l.content, l.created_at from buyer_sms_logs l where ${clause}
        order by l.created_at desc, l.id desc limit ${input.pageSize} offset ${pageOffset(input)}`)
    ).rows;
    return pageAnswer(
      rows.map((r) => ({
        id: Number(r.id),
        event: r.event,
        orderId: r.order_id === null ? null : Number(r.order_id),
        orderCode: r.order_code,
        mobile: maskPhone(r.mobile),
        content: r.content,
        createdAt: new Date(r.created_at).toISOString(),
      })),
      Number(total?.n ?? 0),
      input,
    );
  }

  /** Texts sent, in all and since the start of today (the server's day), by event. */
  async function counts(domainId: number): Promise<BuyerSmsCounts> {
    const at = now();
    const dayStart = new Date(at.getFullYear(), at.getMonth(), at.getDate());
    const rows = (
      await db.execute<{ event: BuyerSmsEvent; total: number; today: number }>(sql`
        select event, count(*)::int as total, count(*) filter (where created_at >= ${dayStart})::int as today
        from buyer_sms_logs where domain_id = ${domainId} group by event`)
    ).rows;
    const byEvent = BUYER_SMS_EVENTS.map((event) => {
      const r = rows.find((x) => x.event === event);
      return { event, total: Number(r?.total ?? 0), today: Number(r?.today ?? 0) };
    });
    return { total: byEvent.reduce((s, e) => s + e.total, 0), today: byEvent.reduce((s, e) => s + e.today, 0), byEvent };
  }

  return { templates, saveTemplate, notifyOrders, notifyRefundDone, searchLog, counts };
}

export type BuyerSmsService = ReturnType<typeof createBuyerSmsService>;
