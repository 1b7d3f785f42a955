// Home page calls (spec 02 §7.15 homepage getDomainMenu, createOrupdateDomainMenu, getHotSale) and
// each store's sync health for the store management page.
import { and, eq, sql } from 'drizzle-orm';
import { AdminErrors, type HotSaleRow, type StoreSyncHealthRow } from '@openseller/core';
import type { Database } from '../../db/client.js';
import { homeMenus } from '../../db/schema/index.js';
import { domainOf } from '../../platform/caller.js';
import { AppError } from '../../platform/errors.js';
import type { Session } from '../../platform/sessions.js';

const iso = (d: Date | string | null | undefined) => (d === null || d === undefined ? null : new Date(d).toISOString());

/** Orders that sold nothing (cancelled, closed) are not counted; a merged order counts once, as its parent. */
const NOT_SOLD = ['CI_ERPSOH_STATUS_CANCEL', 'CI_ERPSOH_STATUS_CLOSE'];

export function createHomeService(deps: { database: Database; now?: () => Date }) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());

  return {
    async getMenu(session: Session) {
      const domainId = domainOf(session);
      const [row] = await db
        .select({ menuNames: homeMenus.menuNames })
        .from(homeMenus)
        .where(and(eq(homeMenus.domainId, domainId), eq(homeMenus.userId, session.userId)));
      // A menu the account has lost since it was placed is not shown.
      return { menuName: (row?.menuNames ?? []).filter((m) => session.menus.has(m)) };
    },

    async saveMenu(session: Session, menuName: string[]) {
      const domainId = domainOf(session);
      const names = [...new Set(menuName)];
      const refused = names.filter((m) => !session.menus.has(m));
      if (refused.length) throw new AppError(AdminErrors.MENU_NOT_ALLOWED, 400, { menuName: refused.join(', ') }, [{ field: 'menuName', message: `not a menu of this account: ${refused.join(', ')}` }]);
      await db
        .insert(homeMenus)
        .values({ domainId, userId: session.userId, menuNames: names })
        .onConflictDoUpdate({ target: [homeMenus.domainId, homeMenus.userId], set: { menuNames: names, updatedAt: now(), version: sql`${homeMenus.version} + 1` } });
      return { menuName: names };
    },

    async hotSale(session: Session, input: { days: number; limit: number }) {
      const domainId = domainOf(session);
      const since = new Date(now().getTime() - input.days * 86_400_000);
      const rows = await db.execute<{ sku_id: number; sku_code: string; sku_name: string | null; qty: number; orders: number }>(sql`
        select l.sku_id, max(l.sku_code) as sku_code, max(l.sku_name) as sku_name, sum(l.qty)::int as qty, count(distinct o.id)::int as orders
        from erp_orders o join erp_order_lines l on l.domain_id = o.domain_id and l.order_id = o.id
        where o.domain_id = ${domainId} and o.created_at >= ${since.toISOString()}::timestamptz and o.merged_into_id is null
          and o.status_code <> all(${`{${NOT_SOLD.join(',')}}`}::text[]) and l.sku_id is not null
        group by l.sku_id order by qty desc, l.sku_id limit ${input.limit}`);
      const voList: HotSaleRow[] = rows.rows.map((r) => ({
        skuId: Number(r.sku_id),
        skuCode: r.sku_code ?? '',
        skuName: r.sku_name,
        qty: Number(r.qty),
        orderCount: Number(r.orders),
      }));
      return { days: input.days, voList };
    },

    /** Each store's last successful order (and refund) pull and stock push, with the last failure. */
    async storeSyncHealth(session: Session): Promise<{ voList: StoreSyncHealthRow[] }> {
      const domainId = domainOf(session);
      const rows = await db.execute<Record<string, unknown>>(sql`
        select s.id,
          (select max(r.finished_at) from order_sync_runs r where r.domain_id = s.domain_id and r.store_id = s.id and r.status = 'SUCCESS') as order_ok,
          fo.finished_at as order_failed_at, fo.error_msg as order_error,
          coalesce(st.failures, 0) as order_failures,
          (select max(k.finished_at) from stock_sync_records k where k.domain_id = s.domain_id and k.store_id = s.id and k.status = 'SUCCESS') as stock_ok,
          fk.finished_at as stock_failed_at, fk.error_message as stock_error,
          st.pulled_until, st.watermark, st.next_attempt_at,
          lr.trigger as run_trigger, lr.status as run_status, lr.pulled as run_pulled, lr.pages as run_pages, lr.created as run_created, lr.updated as run_updated, lr.finished_at as run_finished_at,
          (select max(m.created_at) from marketplace_inbound_messages m where m.domain_id = s.domain_id and m.store_id = s.id) as message_at
        from stores s
        left join lateral (select r.trigger, r.status, r.pulled, r.pages, r.created, r.updated, r.finished_at from order_sync_runs r where r.domain_id = s.domain_id and r.store_id = s.id order by r.id desc limit 1) lr on true
        left join order_sync_states st on st.domain_id = s.domain_id and st.store_id = s.id
        left join lateral (select r.finished_at, r.error_msg from order_sync_runs r where r.domain_id = s.domain_id and r.store_id = s.id and r.status = 'FAILURE' order by r.id desc limit 1) fo on true
        left join lateral (select k.finished_at, k.error_message from stock_sync_records k where k.domain_id = s.domain_id and k.store_id = s.id and k.status = 'FAILURE' order by k.id desc limit 1) fk on true
        where s.domain_id = ${domainId}
        order by s.id`);
      return {
        voList: rows.rows.map((r) => ({
          storeId: Number(r.id),
          lastOrderSyncSuccessAt: iso(r.order_ok as Date | null),
          lastRefundSyncSuccessAt: iso(r.order_ok as Date | null),
          lastOrderSyncFailureAt: iso(r.order_failed_at as Date | null),
          lastOrderSyncError: (r.order_error as string | null) ?? null,
          orderSyncFailures: Number(r.order_failures ?? 0),
          lastStockSyncSuccessAt: iso(r.stock_ok as Date | null),
          lastStockSyncFailureAt: iso(r.stock_failed_at as Date | null),
          lastStockSyncError: (r.stock_error as string | null) ?? null,
          ordersPulledUntil: iso(r.pulled_until as Date | null),
          resumingPull: r.watermark != null,
          nextPullAt: r.next_attempt_at != null && new Date(r.next_attempt_at as string).getTime() > now().getTime() ? iso(r.next_attempt_at as Date) : null,
          lastOrderRun:
            r.run_status == null
              ? null
              : {
                  trigger: String(r.run_trigger),
                  status: String(r.run_status),
                  pulled: Number(r.run_pulled),
                  pages: Number(r.run_pages),
                  created: Number(r.run_created),
                  updated: Number(r.run_updated),
                  finishedAt: iso(r.run_finished_at as Date | null),
                },
          lastMessageAt: iso(r.message_at as Date | null),
        })),
      };
    },
  };
}

export type HomeService = ReturnType<typeof createHomeService>;
