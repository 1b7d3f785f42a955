// The reconciliation area: the ledger of platform bill lines (money events) from bill files and
// marketplace pulls, the per-order reconciliation computed from it, and the billing summary
// (spec 02 §4.1, §7.12; issue #19). README.md says what the spec leaves open and what was chosen.
import { sql } from 'drizzle-orm';
import type { AreaModule } from '../../platform/module.js';
import type { StoreReferenceChecker, StoresAreaService } from '../stores/index.js';
import { registerReconciliationMessages } from './reconciliation.messages.js';
import { registerReconciliationRoutes } from './reconciliation.routes.js';
import { createReconciliationService, type SettlementBillSource } from './reconciliation.service.js';

export { reconcileInTx } from './reconciliation.service.js';
export { loadStaged, openStage, stagedUnknownOrders, stageDrafts } from './bill-stage.js';
export { reconcileStatement } from './reconciliation.sql.js';

export const registerReconciliationModule: AreaModule = (ctx) => {
  registerReconciliationMessages();
  // The store's marketplace connector (the sandbox produces settlement bills; others: none in this build).
  const bills: SettlementBillSource = {
    async pull(domainId, storeId, from, to) {
      const connection = await ctx.registry.get<StoresAreaService>('stores').connectorFor(domainId, storeId);
      const lines = await connection.pullSettlementBills({ from, to });
      return lines && lines.map((l) => ({ sourceLineId: l.lineId, orderNo: l.orderNo, subOrderNo: l.subOrderNo, afterSaleNo: l.afterSaleNo, eventType: l.eventType, amountFen: l.amountFen, occurredAt: l.occurredAt, settledAt: l.settledAt, raw: { ...l, occurredAt: l.occurredAt?.toISOString() ?? '', settledAt: l.settledAt.toISOString(), amountFen: String(l.amountFen) } as unknown as Record<string, string> }));
    },
  };
  const service = createReconciliationService({ database: ctx.database, files: ctx.files, bills, jobs: ctx.jobs, ...(ctx.now ? { now: ctx.now } : {}) });
  registerReconciliationRoutes(ctx.app, ctx.http, ctx.database, ctx.files, service);
  // A store with bill lines or reconciliations is not deleted (the ledger has no foreign key to
  // stores; its writers lock the store's row instead: lockLedgerStores, bill-stage.ts).
  const storeReferences: StoreReferenceChecker = async (tx, domainId, storeId) => {
    const rows = await tx.execute<{ events: number; reconciliations: number }>(sql`
      select (select count(*)::int from money_events where domain_id = ${domainId} and store_id = ${storeId}) as events,
             (select count(*)::int from reconciliations where domain_id = ${domainId} and store_id = ${storeId}) as reconciliations`);
    const row = rows.rows[0]!;
    return [
      { reason: 'bill lines', count: Number(row.events) },
      { reason: 'reconciliations', count: Number(row.reconciliations) },
    ];
  };
  ctx.registry.add('store-references', storeReferences);
};
