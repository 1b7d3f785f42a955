// Courier tracking of sent orders (spec 02 §4.1, spec 01 §2.2 /order tab 7). A sent order (SEND,
// with an express number) is asked of its carrier through the carrier connector: the account that
// gave its number (waybill_numbers), else the domain's account for the carrier (the default first),
// else the sandbox carrier (the one connector of this build), which answers NO for numbers it never
// issued. The answer's state and last event land in order_tracking, one row per order. The job
// checks every domain's sent orders that are neither SIGNED nor ignored, least recently checked
// first, in batches; a refresh does the same for the chosen orders (or the domain's) at once.
import { splitKeywords, TRACKING_AUTO_CONFIG, TRACKING_BATCH, type TrackingConfig, TRACKING_STATES, type PageResult, type TrackingIgnoreResult, type TrackingRefreshInput, type TrackingRefreshResult, type TrackingRow, type TrackingSearch, type TrackingState, type TrackingStatistics, type TrackingStatisticsInput } from '@openseller/core';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { domainConfigs } from '../../../db/schema/index.js';
import { writeOperationLog } from '../../../platform/operation-log.js';
import { bigintArray, textArray } from '../../../platform/sql.js';
import type { Database, Tx } from '../../../db/client.js';
import { CARRIER_REGISTRY, CarrierConnectorError, type CarrierRegistry } from '../../../connectors/carrier/index.js';
import type { ServiceRegistry } from '../../../platform/module.js';
import type { Session } from '../../../platform/sessions.js';
import { ORDERS_AREA, writeOrderLog } from '../orders.model.js';
import { actorOf, domainOf } from '../session-helpers.js';
import { isoTime as iso } from '../../../platform/time.js';
import { pageOffset } from '../../../platform/paging.js';

const SENT = 'CI_ERPSOH_STATUS_SEND';
/** Orders one job run checks per domain at most (the rest wait for the next run). */
const JOB_CAP = Number(process.env.TRACKING_JOB_CAP ?? 2000);
/** Orders a refresh without ids checks at most. */
const REFRESH_CAP = 500;
/** Carrier calls at the same time within a batch. */
const PARALLEL = 10;


type Due = {
  order_id: number;
  express_company_code: string;
  express_no: string;
  sandbox: boolean | null;
  state: string | null;
};

export interface TrackingDeps {
  database: Database;
  registry: ServiceRegistry;
  now?: () => Date;
}

/**
 * Areas told, in a transaction of their own, of the orders whose parcel the courier is out
 * delivering (the latest tracking event says so); they may hear of one order more than once.
 */
export const ORDERS_OUT_FOR_DELIVERY_LISTENERS = 'orders-out-for-delivery-listeners';
export type OrdersOutForDeliveryListener = (tx: Tx, domainId: number, orderIds: readonly number[]) => Promise<unknown>;

export function createTrackingService(deps: TrackingDeps) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());
  const carriers = () => deps.registry.get<CarrierRegistry>(CARRIER_REGISTRY);

  /** The stores and couriers the order list is narrowed to. */
  function scopeOf(input: Pick<TrackingRefreshInput, 'storeIdList' | 'expressCompanyCodeList'>): SQL[] {
    const parts: SQL[] = [];
    if (input.storeIdList?.length) parts.push(sql`o.store_id = any(${bigintArray(input.storeIdList)})`);
    if (input.expressCompanyCodeList?.length) parts.push(sql`o.express_company_code = any(${textArray(input.expressCompanyCodeList)})`);
    return parts;
  }

  /** The filters shared by the search and the statistics, over o (erp_orders) and t (order_tracking). */
  function filtersOf(domainId: number, input: TrackingStatisticsInput & { idList?: number[] | undefined }): SQL {
    const parts: SQL[] = [sql`o.domain_id = ${domainId}`, sql`o.status_code = ${SENT}`, sql`o.express_no is not null and o.express_no <> ''`, ...scopeOf(input)];
    if (input.ignored !== undefined) parts.push(sql`coalesce(t.ignored, false) = ${input.ignored}`);
    if (input.timeFrom) parts.push(sql`o.delivery_time >= ${input.timeFrom}`);
    if (input.timeTo) parts.push(sql`o.delivery_time <= ${input.timeTo}`);
    if (input.idList?.length) parts.push(sql`o.id = any(${bigintArray(input.idList)})`);
    const words = splitKeywords(input.keywords).items;
    if (words.length) {
      const arr = textArray(words);
      parts.push(sql`(o.code = any(${arr}) or o.express_no = any(${arr}) or o.platform_nos && ${arr})`);
    }
    return sql.join(parts, sql` and `);
  }

  async function search(session: Session, input: TrackingSearch): Promise<PageResult<TrackingRow>> {
    const domainId = domainOf(session);
    const where = filtersOf(domainId, input);
    const state = input.state ? sql` and coalesce(t.state, 'NO') = ${input.state}` : sql``;
    const from = sql`from erp_orders o left join order_tracking t on t.domain_id = o.domain_id and t.order_id = o.id where ${where}${state}`;
    const [total] = (await db.execute<{ n: number }>(sql`select count(*)::int as n ${from}`)).rows;
    const rows = await db.execute<Record<string, unknown>>(sql`
      select o.id, o.code, o.store_id, o.express_company_code, o.express_no, o.delivery_time,
             coalesce(t.state, 'NO') as state, t.last_event_text, t.last_event_at, coalesce(t.ignored, false) as ignored, t.checked_at
      ${from}
      order by o.delivery_time desc nulls last, o.id desc
      limit ${input.pageSize} offset ${pageOffset(input)}`);
    return {
      voList: rows.rows.map((r) => ({
        id: Number(r.id),
        code: String(r.code),
        storeId: Number(r.store_id),
        expressCompanyCode: (r.express_company_code as string | null) ?? null,
        expressNo: (r.express_no as string | null) ?? null,
        deliveryTime: iso(r.delivery_time),
        state: r.state as TrackingState,
        lastEventText: (r.last_event_text as string | null) ?? null,
        lastEventAt: iso(r.last_event_at),
        ignored: Boolean(r.ignored),
        checkedAt: iso(r.checked_at),
      })),
      total: Number(total?.n ?? 0),
      currentPage: input.currentPage,
      pageSize: input.pageSize,
    };
  }

  async function statistics(session: Session, input: TrackingStatisticsInput): Promise<TrackingStatistics> {
    const domainId = domainOf(session);
    const rows = await db.execute<{ state: string; ignored: boolean; n: number }>(sql`
      select coalesce(t.state, 'NO') as state, coalesce(t.ignored, false) as ignored, count(*)::int as n
      from erp_orders o left join order_tracking t on t.domain_id = o.domain_id and t.order_id = o.id
      where ${filtersOf(domainId, input)}
      group by 1, 2`);
    const states = Object.fromEntries(TRACKING_STATES.map((s) => [s, 0])) as Record<TrackingState, number>;
    let total = 0;
    let ignored = 0;
    for (const r of rows.rows) {
      total += Number(r.n);
      if (r.ignored) ignored += Number(r.n);
      else if (r.state in states) states[r.state as TrackingState] += Number(r.n);
    }
    return { total, ignored, states };
  }

  /** Sent orders with an express number of a domain, with the account kind that serves them. */
  function dueQuery(domainId: number, only: SQL, limit: number) {
    return db.execute<Due>(sql`
      select o.id as order_id, o.express_company_code, o.express_no, t.state,
        coalesce(
          (select a.sandbox from waybill_numbers w join waybill_accounts a on a.id = w.account_id and a.domain_id = w.domain_id
            where w.domain_id = o.domain_id and w.express_company_code = o.express_company_code and w.express_no = o.express_no limit 1),
          (select a.sandbox from waybill_accounts a where a.domain_id = o.domain_id and a.express_company_code = o.express_company_code
            order by a.is_default desc, a.id limit 1)) as sandbox
      from erp_orders o left join order_tracking t on t.domain_id = o.domain_id and t.order_id = o.id
      where o.domain_id = ${domainId} and o.status_code = ${SENT} and o.express_company_code is not null and o.express_no is not null and o.express_no <> ''
        and ${only}
      order by t.checked_at asc nulls first, o.id
      limit ${limit}`);
  }

  /** Asks the carrier about each order and writes the answers; a batch at a time. */
  async function check(domainId: number, due: readonly Due[]): Promise<TrackingRefreshResult> {
    const result: TrackingRefreshResult = { checked: 0, changed: 0, failed: 0, failure: null };
    for (let start = 0; start < due.length; start += TRACKING_BATCH) {
      const batch = due.slice(start, start + TRACKING_BATCH);
      const answers: { d: Due; state: string | null; text: string | null; at: Date | null; error: string | null; delivering?: boolean }[] = [];
      for (let i = 0; i < batch.length; i += PARALLEL) {
        const part = batch.slice(i, i + PARALLEL);
        answers.push(
          ...(await Promise.all(
            part.map(async (d) => {
              try {
                const connector = carriers().connectorFor({ sandbox: d.sandbox ?? true, expressCompanyCode: d.express_company_code });
                const r = await connector.queryTracking({ domainId, expressCompanyCode: d.express_company_code }, d.express_no);
                const last = r.events[r.events.length - 1];
                return { d, state: r.state as string, text: last?.description ?? null, at: last ? new Date(last.at) : null, error: null, delivering: last?.delivering === true };
              } catch (e) {
                const message = e instanceof CarrierConnectorError || e instanceof Error ? e.message : String(e);
                return { d, state: null, text: null, at: null, error: message };
              }
            }),
          )),
        );
      }
      const at = now();
      const values = answers.map((a) => sql`(${domainId}::bigint, ${a.d.order_id}::bigint, ${a.d.express_company_code}::text, ${a.d.express_no}::text, ${a.state ?? a.d.state ?? 'NO'}::text, ${a.text}::text, ${a.at}::timestamptz, ${at}::timestamptz, ${a.error}::text)`);
      await db.execute(sql`
        insert into order_tracking (domain_id, order_id, express_company_code, express_no, state, last_event_text, last_event_at, checked_at, last_error)
        select v.domain_id, v.order_id, v.code, v.no, v.state, v.text, v.at, v.checked, v.error
        from (values ${sql.join(values, sql`, `)}) as v(domain_id, order_id, code, no, state, text, at, checked, error)
        on conflict (domain_id, order_id) do update set
          express_company_code = excluded.express_company_code,
          express_no = excluded.express_no,
          state = case when excluded.last_error is null then excluded.state else order_tracking.state end,
          last_event_text = case when excluded.last_error is null then excluded.last_event_text else order_tracking.last_event_text end,
          last_event_at = case when excluded.last_error is null then excluded.last_event_at else order_tracking.last_event_at end,
          checked_at = excluded.checked_at,
          last_error = excluded.last_error,
          updated_at = excluded.checked_at`);
      for (const a of answers) {
        result.checked += 1;
        if (a.error !== null) {
          result.failed += 1;
          result.failure ??= a.error;
        } else if (a.state !== (a.d.state ?? 'NO')) result.changed += 1;
      }
      const delivering = answers.filter((a) => a.delivering).map((a) => Number(a.d.order_id));
      const listeners = deps.registry.list<OrdersOutForDeliveryListener>(ORDERS_OUT_FOR_DELIVERY_LISTENERS);
      if (delivering.length && listeners.length) await db.transaction(async (tx) => { for (const listener of listeners) await listener(tx, domainId, delivering); });
    }
    return result;
  }

  const pending = sql`coalesce(t.state, 'NO') <> 'SIGNED' and not coalesce(t.ignored, false)`;

  async function refresh(session: Session, input: TrackingRefreshInput): Promise<TrackingRefreshResult> {
    const domainId = domainOf(session);
    const { idList } = input;
    const due = idList?.length
      ? await dueQuery(domainId, sql`o.id = any(${bigintArray(idList)})`, idList.length)
      : await dueQuery(domainId, sql.join([pending, ...scopeOf(input)], sql` and `), REFRESH_CAP);
    return check(domainId, due.rows);
  }

  async function getConfig(session: Session): Promise<TrackingConfig> {
    const domainId = domainOf(session);
    const [row] = await db.select().from(domainConfigs).where(and(eq(domainConfigs.domainId, domainId), eq(domainConfigs.itemCode, TRACKING_AUTO_CONFIG)));
    return { autoTrack: row?.value !== 'false' };
  }

  async function updateConfig(session: Session, input: TrackingConfig): Promise<TrackingConfig> {
    const domainId = domainOf(session);
    return db.transaction(async (tx) => {
      const [before] = await tx.select().from(domainConfigs).where(and(eq(domainConfigs.domainId, domainId), eq(domainConfigs.itemCode, TRACKING_AUTO_CONFIG))).for('update');
      const value = String(input.autoTrack);
      await tx
        .insert(domainConfigs)
        .values({ domainId, itemCode: TRACKING_AUTO_CONFIG, value, updatedAt: now() })
        .onConflictDoUpdate({ target: [domainConfigs.domainId, domainConfigs.itemCode], set: { value, updatedAt: now() } });
      await writeOperationLog(tx, actorOf(session), { area: ORDERS_AREA, entityType: 'domainSetting', entityId: TRACKING_AUTO_CONFIG, action: 'update', before: { value: before?.value ?? null }, after: { value } });
      return { autoTrack: input.autoTrack };
    });
  }

  /** The job: every domain's sent orders not yet signed and not ignored, unless the domain turned autoTrack off. */
  async function runJob(): Promise<void> {
    const domains = await db.execute<{ domain_id: number }>(sql`
      select distinct o.domain_id from erp_orders o left join order_tracking t on t.domain_id = o.domain_id and t.order_id = o.id
      where o.status_code = ${SENT} and o.express_no is not null and o.express_no <> '' and ${pending}
        and not exists (select 1 from domain_configs c where c.domain_id = o.domain_id and c.item_code = ${TRACKING_AUTO_CONFIG} and c.value = 'false')`);
    for (const { domain_id } of domains.rows) {
      const domainId = Number(domain_id);
      const due = await dueQuery(domainId, pending, JOB_CAP);
      await check(domainId, due.rows);
    }
  }

  async function setIgnored(session: Session, idList: number[], ignored: boolean): Promise<TrackingIgnoreResult> {
    const domainId = domainOf(session);
    const actor = actorOf(session);
    return db.transaction(async (tx) => {
      const orders = await tx.execute<{ id: number; express_company_code: string; express_no: string; ignored: boolean | null }>(sql`
        select o.id, o.express_company_code, o.express_no, t.ignored from erp_orders o
        left join order_tracking t on t.domain_id = o.domain_id and t.order_id = o.id
        where o.domain_id = ${domainId} and o.status_code = ${SENT} and o.express_company_code is not null and o.express_no is not null and o.express_no <> ''
          and o.id = any(${bigintArray(idList)})
        order by o.id for update of o`);
      const changing = orders.rows.filter((o) => Boolean(o.ignored) !== ignored);
      if (!changing.length) return { count: 0 };
      const at = now();
      const values = changing.map((o) => sql`(${domainId}::bigint, ${Number(o.id)}::bigint, ${o.express_company_code}::text, ${o.express_no}::text, ${ignored}::boolean, ${at}::timestamptz)`);
      await tx.execute(sql`
        insert into order_tracking (domain_id, order_id, express_company_code, express_no, ignored, updated_at)
        select * from (values ${sql.join(values, sql`, `)}) as v
        on conflict (domain_id, order_id) do update set ignored = excluded.ignored, updated_at = excluded.updated_at`);
      for (const o of changing) await writeOrderLog(tx, actor, Number(o.id), ignored ? 'ignoreTracking' : 'unignoreTracking', { trackingIgnored: !ignored }, { trackingIgnored: ignored });
      return { count: changing.length };
    });
  }

  return {
    search,
    statistics,
    refresh,
    runJob,
    getConfig,
    updateConfig,
    ignore: (session: Session, idList: number[]) => setIgnored(session, idList, true),
    unignore: (session: Session, idList: number[]) => setIgnored(session, idList, false),
  };
}

export type TrackingService = ReturnType<typeof createTrackingService>;
