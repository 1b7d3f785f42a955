// Shipping calls (spec 02 §7.10) from the route catalogue (api/print.ts ShippingCalls):
// /myhome/sendsoh send calls, /myhome/taobaoSoHFeedback failures, /myhome/erpsoh feedback
// progress. Menu MENU_ERPSO. Handlers only translate.
import { ShippingCalls } from '@openseller/core';
import type { FastifyInstance } from 'fastify';
import type { Http } from '../../../platform/http.js';
import { actorOf, domainOf } from '../../../platform/caller.js';
import type { ShippingService } from './shipping.service.js';
import type { WarehouseIssue } from './warehouse-issue.js';

/** Who may send and see the feedback (the home page counts failures for them). */
export const SHIPPING_ACCESS = ShippingCalls.sendErpSoHList.access;

export function registerShippingRoutes(app: FastifyInstance, http: Http, service: ShippingService, issue: WarehouseIssue): void {
  http.serve(app, ShippingCalls, {
    sendErpSoHList: (c) => service.send(c.session, c.language, c.input, false),
    syncSendErpSoHListForce: (c) => service.send(c.session, c.language, c.input, true),
    queryFeedbackProgress: (c) => service.queryFeedbackProgress(c.session),
    removeQuickFeedbackRecord: (c) => service.removeQuickFeedbackRecord(c.session, c.input.recordKey),
    getFeedbackCount: (c) => service.getFeedbackCount(c.session, c.input),
    searchFeedbackPageList: (c) => service.searchFeedbackPageList(c.session, c.input),
    batchFeedBack4Taobao: (c) => service.batchFeedBack4Taobao(c.session, c.input.idList),
    batchCloseFeedbackError: (c) => service.batchCloseFeedbackError(c.session, c.input.idList),
    forceSendWmsErpSoByHand: (c) => issue.issue(domainOf(c.session), actorOf(c.session), c.input.idList, c.language),
    batchReSendToTaobao: (c) => service.resendFeedback(c.session, c.language, c.input.idList),
    send: (c) => service.sendOne(c.session, c.language, c.input),
  });
}
