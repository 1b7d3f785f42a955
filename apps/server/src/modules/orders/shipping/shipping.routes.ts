// Shipping calls (spec 02 §7.10): /myhome/sendsoh send calls, /myhome/taobaoSoHFeedback failures,
// /myhome/erpsoh feedback progress. Menu MENU_ERPSO. Handlers only translate.
import { FeedbackCountInput, FeedbackFailureSearch, FeedbackIdListInput, FeedbackRecordKeyInput, SendOrdersInput } from '@openseller/core';
import type { FastifyInstance } from 'fastify';
import type { Http } from '../../../platform/http.js';
import type { ShippingService } from './shipping.service.js';

export const SHIPPING_ACCESS = { menu: 'MENU_ERPSO' } as const;

export function registerShippingRoutes(app: FastifyInstance, http: Http, service: ShippingService): void {
  const access = SHIPPING_ACCESS;
  http.route(app, { url: '/myhome/sendsoh/sendErpSoHList', access, input: SendOrdersInput, handler: (c) => service.send(c.session, c.language, c.input, false) });
  http.route(app, { url: '/myhome/sendsoh/syncSendErpSoHListForce', access, input: SendOrdersInput, handler: (c) => service.send(c.session, c.language, c.input, true) });
  http.route(app, { url: '/myhome/erpsoh/queryFeedbackProgress', access, input: FeedbackRecordKeyInput, handler: (c) => service.queryFeedbackProgress(c.session, c.input.recordKey) });
  http.route(app, { url: '/myhome/erpsoh/removeQuickFeedbackRecord', access, input: FeedbackRecordKeyInput, handler: (c) => service.removeQuickFeedbackRecord(c.session, c.input.recordKey) });
  const fb = '/myhome/taobaoSoHFeedback';
  http.route(app, { url: `${fb}/getFeedbackCount`, access, input: FeedbackCountInput, handler: (c) => service.getFeedbackCount(c.session, c.input) });
  http.route(app, { url: `${fb}/searchFeedbackPageList`, access, input: FeedbackFailureSearch, handler: (c) => service.searchFeedbackPageList(c.session, c.input) });
  http.route(app, { url: `${fb}/batchFeedBack4Taobao`, access, input: FeedbackIdListInput, handler: (c) => service.batchFeedBack4Taobao(c.session, c.input.idList) });
  http.route(app, { url: `${fb}/batchCloseFeedbackError`, access, input: FeedbackIdListInput, handler: (c) => service.batchCloseFeedbackError(c.session, c.input.idList) });
}
