// Payable, payment and bill calls (spec 03-calls §7.12, /cloud/advance/finance/…) from the route
// catalogue, plus the searches the spec does not name (chosen paths, README.md). Handlers only translate.
import type { FastifyInstance } from 'fastify';
import { BillCalls, PayableCalls, PaymentCalls } from '@openseller/core';
import type { Database } from '../../db/client.js';
import { domainOf } from '../../platform/caller.js';
import { redactFields } from '../../platform/field-permissions.js';
import type { Http } from '../../platform/http.js';
import { pageAnswer } from '../../platform/paging.js';
import { searchBills, searchPayables, searchPayments } from './finance.queries.js';
import type { PayablesService } from './payables.service.js';
import type { PaymentsService } from './payments.service.js';

const BILL_PRICE_FIELDS = { unitCost: 'PURCHASE_PRICE', amount: 'PURCHASE_PRICE' };

export function registerFinanceRoutes(app: FastifyInstance, http: Http, database: Database, payables: PayablesService, payments: PaymentsService): void {
  const { db } = database;
  http.serve(app, PayableCalls, {
    createPurchasePayable: (c) => payables.create(c.session, 'PURCHASE', c.input, false),
    createPurchasePayableAndSubmit: (c) => payables.create(c.session, 'PURCHASE', c.input, true),
    updatePurchasePayable: (c) => payables.update(c.session, 'PURCHASE', c.input, false),
    updatePurchasePayableAndSubmit: (c) => payables.update(c.session, 'PURCHASE', c.input, true),
    createOtherPayable: (c) => payables.create(c.session, 'OTHER', c.input, false),
    createOtherPayableAndSubmit: (c) => payables.create(c.session, 'OTHER', c.input, true),
    updateOtherPayable: (c) => payables.update(c.session, 'OTHER', c.input, false),
    updateOtherPayableAndSubmit: (c) => payables.update(c.session, 'OTHER', c.input, true),
    record: (c) => payables.record(c.session, c.input.billDetailIds),
    submit: (c) => payables.move(c.session, c.input, 'submit'),
    retract: (c) => payables.move(c.session, c.input, 'retract'),
    reject: (c) => payables.move(c.session, c.input, 'reject'),
    verify: (c) => payables.verify(c.session, c.input),
    invalid: (c) => payables.invalid(c.session, c.input),
    delete: (c) => payables.remove(c.session, c.input),
    search: async (c) => {
      const { rows, total } = await searchPayables(db, domainOf(c.session), c.input);
      return pageAnswer(rows, total, c.input);
    },
    searchInfo: (c) => payables.view(c.session, c.domainId, c.input.id),
  });
  http.serve(app, PaymentCalls, {
    create: (c) => payments.create(c.session, c.input),
    createByBill: (c) => payments.createByBill(c.session, c.input),
    createPrepaid: (c) => payments.createPrepaid(c.session, c.input),
    submit: (c) => payments.move(c.session, c.input, 'submit'),
    retract: (c) => payments.move(c.session, c.input, 'retract'),
    reject: (c) => payments.move(c.session, c.input, 'reject'),
    verify: (c) => payments.verify(c.session, c.input),
    invalid: (c) => payments.invalid(c.session, c.input),
    delete: (c) => payments.remove(c.session, c.input),
    search: async (c) => {
      const { rows, total } = await searchPayments(db, domainOf(c.session), c.input);
      return pageAnswer(rows, total, c.input);
    },
    searchInfo: (c) => payments.view(c.domainId, c.input.id),
    prepaidBalance: (c) => payments.prepaidBalance(c.session, c.input.supplierId),
  });
  http.serve(app, BillCalls, {
    search: async (c) => {
      const { rows, total } = await searchBills(db, domainOf(c.session), c.input);
      return pageAnswer(redactFields(rows, BILL_PRICE_FIELDS, c.session), total, c.input);
    },
  });
}
