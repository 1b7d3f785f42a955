// The orders benchmark's data: one big seller domain (ORDERS orders of 3 lines, SKUS SKUs, 20
// stores, 5 warehouses with stock) and 4 other domains with OTHER_ORDERS orders each, written
// with set-based SQL (generate_series) so a million orders take a minute or two, not hours.
import type pg from 'pg';
import { hashPassword } from '../apps/server/src/platform/password-hash.js';

export interface OrdersWorld {
  domainId: number;
  loginName: string;
  password: string;
  storeIds: number[];
  selfDefinedStoreId: number;
  selfDefinedSecret: string;
  warehouseIds: number[];
  skuCodes: (i: number) => string;
}

export interface OrdersWorldSize {
  orders: number;
  skus: number;
  stores: number;
  warehouses: number;
  otherDomains: number;
  otherOrders: number;
  /** Of the big domain's orders, this many are pending review (the newest ones). */
  pending: number;
  /** Seconds between two orders of the big domain, newest now (20 unless given; 31.536 spreads 1M over 365 days). */
  spacingSeconds?: number;
}

const PASSWORD = 'Bench#2026go';

export async function generateOrdersWorld(pool: pg.Pool, size: OrdersWorldSize, log: (m: string) => void): Promise<OrdersWorld> {
  const q = pool.query.bind(pool);
  const hash = await hashPassword(PASSWORD);
  let main: OrdersWorld | null = null;
  for (let d = 0; d <= size.otherDomains; d++) {
    const big = d === 0;
    const orders = big ? size.orders : size.otherOrders;
    const skus = big ? size.skus : Math.max(100, Math.floor(size.skus / 10));
    const t0 = Date.now();
    const domainId = Number((await q<{ id: number }>(`insert into domains (name, level) values ($1, 'PRO') returning id`, [`Bench orders ${d}`])).rows[0]!.id);
    const loginName = `benchorders${d}_${Date.now().toString(36)}`;
    await q(`insert into users (domain_id, login_name, user_name, account_type, password_hash) values ($1, $2, 'Bench', 'MAIN_ACCOUNT_TYPE', $3)`, [domainId, loginName, hash]);
    const storeIds = (
      await q<{ id: number }>(
        `insert into stores (domain_id, name, store_type, platform_code, auth_status, usable)
         select $1, 'Bench store ' || g, 1, 'CI_PLATFORM_TAOBAO', 'AUTHORIZED', true from generate_series(1, $2) g returning id`,
        [domainId, size.stores],
      )
    ).rows.map((r) => Number(r.id));
    const secret = `bench-secret-${d}`;
    const selfDefinedStoreId = Number(
      (
        await q<{ id: number }>(
          `insert into stores (domain_id, name, store_type, platform_code, secret_key, usable) values ($1, 'Bench self-defined', 3, 'SELF_BUILD', $2, true) returning id`,
          [domainId, secret],
        )
      ).rows[0]!.id,
    );
    const warehouseIds = (
      await q<{ id: number }>(
        `insert into warehouses (domain_id, code, name, type, contact, phone, province, city, street)
         select $1, 'WH' || g, 'Bench warehouse ' || g, 'SELF_WAREHOUSE', 'Wang', '13800000000', '浙江省', '杭州市', '文三路 ' || g || ' 号' from generate_series(1, $2) g returning id`,
        [domainId, size.warehouses],
      )
    ).rows.map((r) => Number(r.id));
    // Each store ships from one warehouse.
    await q(
      `insert into warehouse_store_bindings (domain_id, warehouse_id, store_id)
       select $1, ($2::bigint[])[1 + (i - 1) % array_length($2::bigint[], 1)], s from unnest($3::bigint[]) with ordinality as u(s, i)`,
      [domainId, warehouseIds, [...storeIds, selfDefinedStoreId]],
    );
    await q(`insert into spus (domain_id, code, name) select $1, 'B' || lpad(g::text, 6, '0'), 'Bench goods ' || g from generate_series(0, $2 - 1) g`, [domainId, skus]);
    await q(`insert into skus (domain_id, spu_id, code, name, weight) select domain_id, id, code, name, 0.25 from spus where domain_id = $1`, [domainId]);
    // Stock: every SKU in every warehouse, 50..549 on hand (location 0: not kept by location).
    await q(
      `insert into stock_balances (domain_id, warehouse_id, location_id, sku_id, on_hand, allocated)
       select $1, w, 0, s.id, 50 + (s.id * 7 + w) % 500, 0 from skus s cross join unnest($2::bigint[]) w where s.domain_id = $1`,
      [domainId, warehouseIds],
    );
    // Orders: the newest `pending` are pending review, then 5% reviewed, the rest shipped or closed.
    const pending = big ? size.pending : Math.floor(orders / 10);
    await q(
      `insert into erp_orders (domain_id, code, status_code, store_id, platform_code, platform_nos, buyer_nick,
         receiver_name, receiver_phone, receiver_province, receiver_city, receiver_district, receiver_address,
         warehouse_id, express_company_code, qty_total, sku_total, amount_total, weight_total, pay_time, last_ship_time, created_at, verified_at)
       select $1, 'B' || $5 || lpad(g::text, 9, '0'),
         case when g > $2 - $3 then 'CI_ERPSOH_STATUS_NORMAL'
              when g > $2 - $3 - $2 / 20 then 'CI_ERPSOH_STATUS_VERIFIED'
              when g % 50 = 0 then 'CI_ERPSOH_STATUS_CLOSE'
              else 'CI_ERPSOH_STATUS_SEND' end,
         ($4::bigint[])[1 + g % array_length($4::bigint[], 1)], 'CI_PLATFORM_TAOBAO', array['TB' || $5 || g], 'buyer' || (g % 200000),
         -- 12 × 20 × 20 names (about 1 in 4,800 orders each), phones unique, 500 × 37 × 1,201 addresses.
         (array['王','李','张','刘','陈','杨','赵','黄','周','吴','欧阳','司马'])[1 + g % 12]
           || (array['伟','芳','娜','敏','静','丽','强','磊','军','洋','勇','艳','杰','娟','涛','明','超','秀英','华','霞'])[1 + (g / 12) % 20]
           || (array['','一','平','安','东','晨','雪','宁','佳','文','博','海','燕','红','林','峰','玉','春','冬','亮'])[1 + (g / 240) % 20],
         '138' || lpad((g % 100000000)::text, 8, '0'), '浙江省', '杭州市', '西湖区', '文三路 ' || (g % 500) || ' 号 ' || (g % 37) || ' 幢 ' || (g % 1201) || ' 室',
         ($6::bigint[])[1 + (g % array_length($4::bigint[], 1)) % array_length($6::bigint[], 1)], 'SF', 6, 3, 89.7, 0.75,
         now() - make_interval(secs => ($2 - g) * $7::float8), now() - make_interval(secs => ($2 - g) * $7::float8) + interval '48 hours',
         now() - make_interval(secs => ($2 - g) * $7::float8),
         case when g > $2 - $3 then null else now() - make_interval(secs => ($2 - g) * $7::float8) + interval '1 hour' end
       from generate_series(1, $2) g`,
      [domainId, orders, pending, storeIds, d, warehouseIds, big ? (size.spacingSeconds ?? 20) : 20],
    );
    // Fresh statistics before the joins below: with the previous domain's rows only in them, the
    // planner takes this domain's orders for a handful and loops over them per SKU (minutes).
    await q('analyze erp_orders; analyze skus');
    await q(
      `insert into erp_order_lines (domain_id, order_id, line_seq, sku_id, sku_code, sku_name, qty, price, amount, platform_no)
       select o.domain_id, o.id, n, k.id, k.code, k.name, 2, 14.95, 29.9, o.platform_nos[1]
       from erp_orders o
       cross join generate_series(1, 3) n
       join skus k on k.domain_id = o.domain_id and k.code = 'B' || lpad((((o.id * 3 + n * 7919) % $2))::text, 6, '0')
       where o.domain_id = $1`,
      [domainId, skus],
    );
    // Reviewed orders hold their stock.
    await q('analyze erp_order_lines; analyze stock_balances');
    await q(
      `with demand as (
         select o.warehouse_id, l.sku_id, sum(l.qty)::int as qty from erp_orders o join erp_order_lines l on l.order_id = o.id
         where o.domain_id = $1 and o.status_code = 'CI_ERPSOH_STATUS_VERIFIED' group by 1, 2)
       update stock_balances b set on_hand = b.on_hand + d.qty, allocated = b.allocated + d.qty
       from demand d where b.domain_id = $1 and b.warehouse_id = d.warehouse_id and b.sku_id = d.sku_id and b.location_id = 0`,
      [domainId],
    );
    log(`domain ${d}: ${orders.toLocaleString('en')} orders × 3 lines, ${skus.toLocaleString('en')} SKUs in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    if (big) main = { domainId, loginName, password: PASSWORD, storeIds, selfDefinedStoreId, selfDefinedSecret: secret, warehouseIds, skuCodes: (i) => 'B' + String(i % skus).padStart(6, '0') };
  }
  // Vacuum as well: a live database's tables are vacuumed, and index-only scans (the counts) need
  // the visibility map that only vacuum sets; without it they visit the heap and autovacuum
  // kicking in mid-run makes the timings jump.
  for (const table of ['erp_orders', 'erp_order_lines', 'stock_balances', 'skus']) await q(`vacuum analyze ${table}`);
  return main!;
}
