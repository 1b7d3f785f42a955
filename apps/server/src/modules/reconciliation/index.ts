// The reconciliation area: the ledger of platform bill lines (money events) from bill files and
// marketplace pulls, the per-order reconciliation computed from it, and the billing summary
// (spec 02 §4.1, §7.12; issue #19). README.md says what the spec leaves open and what was chosen.
import type { AreaModule } from '../../platform/module.js';
import type { StoresAreaService } from '../stores/index.js';
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
};
