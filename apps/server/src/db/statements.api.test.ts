// Every statement the server sends on a tenant table names its domain (docs/scale-out.md): the app
// records what it sends while a seller with goods, a warehouse, a store and orders makes every
// call of the route catalogue that takes an empty or a page query, and the audit of
// test/statement-audit.ts finds none that reads or writes a tenant table without domain_id.
import { ALL_CALLS, type CallDef } from '@openseller/core';
import { describe, expect, it } from 'vitest';
import { auditStatement, auditStatements, describeProblems } from '../../test/statement-audit.js';
import { createTestApp } from '../../test/harness.js';
import { createGoods } from '../../test/factories/goods.js';
import { insertOrder } from '../../test/factories/orders.js';
import { createSupplier } from '../../test/factories/suppliers.js';
import { createLocation, createWarehouse, signedInSeller, storeRow } from '../../test/factories/warehouses.js';
import { TENANT_TABLES } from './tenancy.js';

describe('the statement audit', () => {
  it('flags a statement on a tenant table without its domain, and passes one that names it', () => {
    expect(auditStatement('update erp_order_lines set stock_out = false where order_id = $1')).toEqual([
      expect.objectContaining({ table: 'erp_order_lines', problem: 'no domain_id condition' }),
    ]);
    expect(auditStatement('update erp_order_lines set stock_out = false where domain_id = $1 and order_id = $2')).toEqual([]);
    expect(auditStatement('select "id" from "skus" where ("skus"."domain_id" = $1 and "skus"."code" = $2)')).toEqual([]);
    expect(auditStatement('select "id" from "skus" where "skus"."code" = $1')).toHaveLength(1);
  });

  it('asks a join to carry the domain to each tenant table it adds', () => {
    const joined = 'select l.id from erp_order_lines l left join skus k on k.id = l.sku_id where l.domain_id = $1';
    expect(auditStatement(joined)).toEqual([expect.objectContaining({ table: 'skus' })]);
    expect(auditStatement(joined.replace('k.id = l.sku_id', 'k.id = l.sku_id and k.domain_id = l.domain_id'))).toEqual([]);
    // Joined on domain_id, but no table of the join is given its domain.
    const unpinned = 'select s.id from waybill_account_shares s join waybill_accounts a on a.domain_id = s.domain_id and a.id = s.account_id where s.beneficiary_domain_id = $1';
    expect(auditStatement(unpinned).map((p) => p.table)).toEqual(['waybill_account_shares', 'waybill_accounts']);
    // A correlated subquery takes its domain from the outer row.
    const correlated = 'select id, (select count(*) from supply_goods g where g.supplier_id = suppliers.id and g.domain_id = suppliers.domain_id) from suppliers where suppliers.domain_id = $1';
    expect(auditStatement(correlated)).toEqual([]);
    expect(auditStatement(correlated.replace(' and g.domain_id = suppliers.domain_id', ''))).toEqual([expect.objectContaining({ table: 'supply_goods' })]);
  });

  it('asks an insert into a tenant table to set domain_id, and leaves platform tables alone', () => {
    expect(auditStatement('insert into "spus" ("id", "code") values (default, $1)')).toEqual([expect.objectContaining({ table: 'spus', problem: 'insert without domain_id' })]);
    expect(auditStatement('insert into "spus" ("id", "domain_id", "code") values (default, $1, $2)')).toEqual([]);
    expect(auditStatement('select "id" from "users" where lower("login_name") = $1')).toEqual([]);
    expect(auditStatement("select 'from erp_orders where id = 1' as text")).toEqual([]);
  });
});

/** An input the call's schema takes: a page query, an empty object, or nothing. */
function simplestInput(call: CallDef): { ok: true; input: unknown } | { ok: false } {
  if (!call.input) return { ok: true, input: undefined };
  for (const candidate of [{ currentPage: 1, pageSize: 10 }, {}]) {
    if (call.input.safeParse(candidate).success) return { ok: true, input: candidate };
  }
  return { ok: false };
}

describe('statements the server sends', () => {
  it('name the domain of every tenant row they read or write, across the calls of the catalogue', async () => {
    const t = await createTestApp({ recordStatements: true });
    const seller = await signedInSeller(t);
    const warehouse = await createWarehouse(t, seller.token);
    await createLocation(t, seller.token, warehouse.id, 'A-01');
    const spu = await createGoods(t, seller.token);
    await createSupplier(t, seller.token);
    const store = await storeRow(t, seller.domainId);
    const skuId = spu.skus[0]?.id ?? null;
    await insertOrder(t, seller.domainId, { storeId: store.id, warehouseId: warehouse.id, lines: [{ skuId, qty: 2 }] });

    let token = seller.token;
    let made = 0;
    for (const call of ALL_CALLS) {
      if (call.raw || call.multipart || call.rawBody || call.access === 'public' || call.access === 'root') continue;
      // Signing out would end the session the other calls use.
      if (/logout|signout|loginout/i.test(call.path)) continue;
      const input = simplestInput(call);
      if (!input.ok) continue;
      const path = call.method === 'GET' && input.input ? `${call.path}?${new URLSearchParams(input.input as Record<string, string>).toString()}` : call.path;
      const answer = await t.call(path, call.method === 'GET' ? undefined : (input.input ?? {}), { token, method: call.method });
      made++;
      if (answer.status === 401) token = await t.token(seller.loginName, seller.password);
    }
    expect(made).toBeGreaterThan(60);

    const tenantStatements = t.statements.filter((s) => TENANT_TABLES.some((table) => new RegExp(`\\b${table}\\b`).test(s)));
    expect(tenantStatements.length).toBeGreaterThan(100);
    const problems = auditStatements(t.statements);
    expect(problems, describeProblems(problems)).toEqual([]);
    // Calls every route of the catalogue: minutes on a busy 2-core machine, not the default 30 s.
  }, 180_000);
});
