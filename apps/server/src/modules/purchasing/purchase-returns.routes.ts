// Purchase return calls (spec 03-calls §7.12, /cloud/purchaseReturn/…) from the route catalogue
// (PurchaseReturnCalls). Handlers only translate.
import type { FastifyInstance } from 'fastify';
import { PurchaseReturnCalls } from '@openseller/core';
import type { Http } from '../../platform/http.js';
import type { PurchaseReturnsService } from './purchase-returns.service.js';

export function registerPurchaseReturnRoutes(app: FastifyInstance, http: Http, service: PurchaseReturnsService): void {
  http.serve(app, PurchaseReturnCalls, {
    search: (c) => service.search(c.session, c.input),
    getExtraInfo: (c) => service.extraInfo(c.session, c.input),
    create: (c) => service.create(c.session, c.input, false),
    createAndSubmit: (c) => service.create(c.session, c.input, true),
    update: (c) => service.update(c.session, c.input),
    searchDetail: (c) => service.lines(c.session, c.input.id),
    searchInfo: (c) => service.view(c.session, c.domainId, c.input.id),
    submit: (c) => service.submit(c.session, c.input),
    invalid: (c) => service.invalid(c.session, c.input),
    delete: (c) => service.remove(c.session, c.input),
    retract: (c) => service.retract(c.session, c.input),
    verify: (c) => service.verify(c.session, c.input),
    reject: (c) => service.reject(c.session, c.input),
    asnSearch: (c) => service.asnSearch(c.session, c.input),
    batchVerify: (c) => service.batchVerify(c.session, c.input, c.language),
    batchReject: (c) => service.batchReject(c.session, c.input, c.language),
  });
}
