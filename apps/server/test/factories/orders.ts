// Orders written straight to the database, for tests of the list and the commands that must not
// depend on the ingest pipeline. (The ingest tests create orders through the API.)
import { sql } from 'drizzle-orm';
import type { TestApp } from '../harness.js';
import { uniqueName } from '../harness.js';
import { nextOrderCodes } from '../../src/modules/orders/orders.model.js';

export interface OrderLineSeed {
  skuId: number | null;
  qty: number;
  price?: string;
  tbSkuId?: string;
  isGift?: boolean;
}

export interface OrderSeed {
  storeId: number;
  warehouseId?: number | null;
  expressCompanyCode?: string | null;
  statusCode?: string;
  buyerNick?: string;
  receiver?: { name?: string; phone?: string; province?: string; city?: string; district?: string; address?: string };
  platformNo?: string;
  labels?: string[];
  locked?: boolean;
  riskControlStatus?: string;
  payTime?: Date;
  createdAt?: Date;
  lastShipTime?: Date | null;
  lines: OrderLineSeed[];
}

/** Inserts one order with its lines (sku code and name copied from the SKU); answers its id and code. */
export async function insertOrder(t: TestApp, domainId: number, seed: OrderSeed): Promise<{ id: number; code: string }> {
  const { db } = t.database;
  const [code] = await nextOrderCodes(db, 1);
  const r = seed.receiver ?? {};
  const platformNo = seed.platformNo ?? uniqueName('P');
  const qtyTotal = seed.lines.reduce((s, l) => s + l.qty, 0);
  const created = seed.createdAt ?? new Date();
  const inserted = await db.execute<{ id: number }>(sql`
    insert into erp_orders (domain_id, code, status_code, store_id, platform_code, platform_nos, buyer_nick,
      receiver_name, receiver_phone, receiver_province, receiver_city, receiver_district, receiver_address,
      warehouse_id, express_company_code, labels, locked, risk_control_status, qty_total, sku_total, pay_time, last_ship_time, created_at)
    values (${domainId}, ${code}, ${seed.statusCode ?? 'CI_ERPSOH_STATUS_NORMAL'}, ${seed.storeId}, 'CI_PLATFORM_TAOBAO',
      ${`{${platformNo}}`}::text[], ${seed.buyerNick ?? 'buyer-' + platformNo},
      ${r.name ?? '张三丰'}, ${r.phone ?? '13812345678'}, ${r.province ?? '浙江省'}, ${r.city ?? '杭州市'}, ${r.district ?? '西湖区'}, ${r.address ?? '文三路 90 号'},
      ${seed.warehouseId ?? null}, ${seed.expressCompanyCode ?? null}, ${`{${(seed.labels ?? []).join(',')}}`}::text[],
      ${seed.locked ?? false}, ${seed.riskControlStatus ?? 'NONE'}, ${qtyTotal}, ${seed.lines.length},
      ${seed.payTime ?? created}, ${seed.lastShipTime ?? null}, ${created})
    returning id`);
  const id = Number(inserted.rows[0]!.id);
  let seq = 1;
  for (const line of seed.lines) {
    await db.execute(sql`
      insert into erp_order_lines (domain_id, order_id, line_seq, sku_id, sku_code, sku_name, qty, price, amount, is_gift, platform_no, tb_sku_id)
      select ${domainId}, ${id}, ${seq++}, ${line.skuId}, k.code, k.name, ${line.qty}, ${line.price ?? '10'}, ${line.price ?? '10'}::numeric * ${line.qty},
        ${line.isGift ?? false}, ${platformNo}, ${line.tbSkuId ?? null}
      from (select 1) one left join skus k on k.id = ${line.skuId}`);
  }
  return { id, code: code! };
}
