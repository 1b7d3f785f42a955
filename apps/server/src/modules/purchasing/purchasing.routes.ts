// Purchase order calls (spec 03-calls §7.12, /cloud/purchase/purchase/…) from the route catalogue
// (PurchaseCalls), plus closeShort and export (chosen paths, see README.md). Handlers only translate.
import type { FastifyInstance } from 'fastify';
import { PURCHASE_ORDERS_EXPORT_TYPE, PurchaseCalls } from '@openseller/core';
import type { Exports } from '../../platform/exports.js';
import type { Http } from '../../platform/http.js';
import { purchaseExportTitle } from './purchasing.exporter.js';
import type { PurchasingService } from './purchasing.service.js';

export function registerPurchasingRoutes(app: FastifyInstance, http: Http, service: PurchasingService, exports: Exports): void {
  http.serve(app, PurchaseCalls, {
    search: (c) => service.search(c.session, c.input),
    getExtraInfo: (c) => service.extraInfo(c.session, c.input),
    create: (c) => service.create(c.session, c.input, false),
    createAndSubmit: (c) => service.create(c.session, c.input, true),
    update: (c) => service.update(c.session, c.input),
    searchDetail: (c) => service.lines(c.session, c.input.id),
    searchInfo: (c) => service.info(c.session, c.domainId, c.input.id),
    submit: (c) => service.submit(c.session, c.input),
    invalid: (c) => service.invalid(c.session, c.input),
    delete: (c) => service.remove(c.session, c.input),
    retract: (c) => service.retract(c.session, c.input),
    verify: (c) => service.verify(c.session, c.input),
    reject: (c) => service.reject(c.session, c.input),
    closeShort: (c) => service.closeShort(c.session, c.input),
    export: (c) => exports.request(c.session, { type: PURCHASE_ORDERS_EXPORT_TYPE, title: purchaseExportTitle(c.language), params: { ...c.input, codeKeywords: c.input.codeKeywords.join(',') }, language: c.language }),
  });
}
