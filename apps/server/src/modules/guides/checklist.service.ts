// The first-run checklist (issue 17 must-have 3; spec 01 §3 user guidance, §4.9): what the order
// loop needs before a first order can be reviewed, printed and shipped, each step computed from
// the domain's own rows in one statement. A step is done when the loop can use it:
// - STORE_AUTHORIZED: a usable store that can bring orders in (an authorised marketplace store, or
//   an offline or self-defined store, which needs no authorisation); expired ones are pending.
// - GOODS_MAPPED: at least one system SKU, and no online SKU still waiting for its mapping
//   (an unmapped online SKU puts its orders among the exceptions).
// - WAREHOUSE: a warehouse in use. STOCK: a SKU with stock on hand.
// - EXPRESS_COMPANY: a carrier chosen. WAYBILL_ACCOUNT: an electronic waybill account.
// - COURIER_RULE: an enabled courier rule (without one, orders wait with "no courier matched").
import { SETUP_STEP_PATHS, SETUP_STEPS, type SetupChecklist, type SetupStep } from '@openseller/core';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';

interface CountsRow extends Record<string, unknown> {
  stores: number;
  stores_expired: number;
  skus: number;
  mapped: number;
  unmapped: number;
  warehouses: number;
  stocked: number;
  carriers: number;
  waybill_accounts: number;
  rules: number;
}

export function createChecklistService(deps: { database: Database }) {
  const { db } = deps.database;

  async function checklist(domainId: number): Promise<SetupChecklist> {
    const [c] = (
      await db.execute<CountsRow>(sql`
        select
          (select count(*)::int from stores s where s.domain_id = ${domainId} and s.usable and (s.store_type <> 1 or s.auth_status = 'AUTHORIZED')) as stores,
          (select count(*)::int from stores s where s.domain_id = ${domainId} and s.usable and s.store_type = 1 and s.auth_status = 'EXPIRED') as stores_expired,
          (select count(*)::int from skus k where k.domain_id = ${domainId}) as skus,
          (select count(*)::int from tb_skus t where t.domain_id = ${domainId} and not t.deleted and t.mapping_status = 'already') as mapped,
          (select count(*)::int from tb_skus t where t.domain_id = ${domainId} and not t.deleted and t.mapping_status <> 'already') as unmapped,
          (select count(*)::int from warehouses w where w.domain_id = ${domainId} and not w.stop_using) as warehouses,
          (select count(distinct b.sku_id)::int from stock_balances b where b.domain_id = ${domainId} and b.on_hand > 0) as stocked,
          (select count(*)::int from domain_express_companies e where e.domain_id = ${domainId}) as carriers,
          (select count(*)::int from waybill_accounts a where a.domain_id = ${domainId}) as waybill_accounts,
          (select count(*)::int from express_rules r where r.domain_id = ${domainId} and r.usable) as rules`)
    ).rows;
    const n = (v: unknown) => Number(v ?? 0);
    const state: Record<SetupStep, { done: boolean; count: number; pending: number }> = {
      STORE_AUTHORIZED: { done: n(c?.stores) > 0, count: n(c?.stores), pending: n(c?.stores_expired) },
      GOODS_MAPPED: { done: n(c?.skus) > 0 && n(c?.unmapped) === 0, count: n(c?.mapped), pending: n(c?.unmapped) },
      WAREHOUSE: { done: n(c?.warehouses) > 0, count: n(c?.warehouses), pending: 0 },
      STOCK: { done: n(c?.stocked) > 0, count: n(c?.stocked), pending: 0 },
      EXPRESS_COMPANY: { done: n(c?.carriers) > 0, count: n(c?.carriers), pending: 0 },
      WAYBILL_ACCOUNT: { done: n(c?.waybill_accounts) > 0, count: n(c?.waybill_accounts), pending: 0 },
      COURIER_RULE: { done: n(c?.rules) > 0, count: n(c?.rules), pending: 0 },
    };
    const items = SETUP_STEPS.map((key) => ({ key, ...state[key], path: SETUP_STEP_PATHS[key] }));
    const doneCount = items.filter((i) => i.done).length;
    return { items, doneCount, total: items.length, complete: doneCount === items.length };
  }

  return { checklist };
}

export type ChecklistService = ReturnType<typeof createChecklistService>;
