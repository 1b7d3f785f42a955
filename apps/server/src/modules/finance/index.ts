// The finance area: payables (purchase and other, debit notes from purchase returns), payments and
// prepayments (spec 02 §3.8, §4.1, §4.2, §7.12), and the bills (purchase receipt lines) they record.
import type { Tx } from '../../db/client.js';
import type { AreaModule } from '../../platform/module.js';
import { PURCHASE_ORDER_FINANCE, PURCHASE_RETURN_DELIVERED_LISTENERS, type PurchaseOrderFinanceReader, type PurchaseReturnDeliveredEvent } from '../purchasing/index.js';
import { registerFinanceMessages } from './finance.messages.js';
import { orderPayablesAndPayments, supplierDocumentCounts } from './finance.queries.js';
import { registerFinanceRoutes } from './finance.routes.js';
import { createPayablesService, type DebitNoteInput, type PayablesService } from './payables.service.js';
import { createPaymentsService } from './payments.service.js';

export type { DebitNoteInput, PayablesService };
export type { PaymentsService } from './payments.service.js';

let debitNotes: PayablesService | null = null;

/**
 * A debit note (a verified negative purchase payable) for a delivered purchase return, in the
 * caller's transaction: one line per return line at qty × unit cost, each return line once (a
 * second call for the same line is refused with ERR_FINANCE_BILL_RECORDED).
 */
export async function createDebitNoteInTx(tx: Tx, input: DebitNoteInput): Promise<{ id: number; code: string; amount: string }> {
  if (!debitNotes) throw new Error('the finance area is not registered');
  return debitNotes.createDebitNoteInTx(tx, input);
}

export const registerFinanceModule: AreaModule = (ctx) => {
  registerFinanceMessages();
  const deps = { database: ctx.database, ...(ctx.now ? { now: ctx.now } : {}) };
  const payables = createPayablesService(deps);
  const payments = createPaymentsService(deps);
  debitNotes = payables;
  registerFinanceRoutes(ctx.app, ctx.http, ctx.database, payables, payments);
  // A supplier named by a payable or a payment is not deleted.
  ctx.registry.add('supplier-references', async (tx: Tx, domainId: number, ids: number[]) => supplierDocumentCounts(tx, domainId, ids));
  ctx.registry.provide('finance', { payables, payments });
  // The purchase detail lists the order's payables (debit notes too) and payments.
  ctx.registry.provide<PurchaseOrderFinanceReader>(PURCHASE_ORDER_FINANCE, { forOrder: (tx, domainId, orderId) => orderPayablesAndPayments(tx, domainId, orderId) });
  // A delivered purchase return is owed back by the supplier: a debit note in the delivery's
  // transaction, at what the supplier charged for the pieces (the receipt cost; unpriced receipts:
  // the cost they left at).
  ctx.registry.add(PURCHASE_RETURN_DELIVERED_LISTENERS, async (event: PurchaseReturnDeliveredEvent) => {
    await payables.createDebitNoteInTx(event.tx, {
      domainId: event.domainId,
      supplierId: event.supplierId,
      purchaseReturnId: event.purchaseReturnId,
      actor: event.actor,
      lines: event.lines.map((l) => ({
        purchaseReturnLineId: l.purchaseReturnLineId,
        purchaseOrderLineId: l.purchaseOrderLineId,
        skuId: l.skuId,
        qty: l.qty,
        unitCost: l.receiptCost ?? l.unitCost,
        deliveredBefore: l.deliveredBefore,
      })),
    });
  });
};
