// Express tracking calls (spec 02 §7.10 "Express tracking: query, statistics, ignore"; spec 01 §2.2
// /order tab 7) under /myhome/expressTracking, menu MENU_ERPSO. Handlers only translate.
import { TrackingIdListInput, TrackingRefreshInput, TrackingSearch, TrackingStatisticsInput } from '@openseller/core';
import type { FastifyInstance } from 'fastify';
import type { Http } from '../../../platform/http.js';
import type { TrackingService } from './tracking.service.js';

export const TRACKING_ACCESS = { menu: 'MENU_ERPSO' } as const;

export function registerTrackingRoutes(app: FastifyInstance, http: Http, service: TrackingService): void {
  const access = TRACKING_ACCESS;
  const base = '/myhome/expressTracking';
  http.route(app, { url: `${base}/search`, access, input: TrackingSearch, handler: (c) => service.search(c.session, c.input) });
  http.route(app, { url: `${base}/statistics`, access, input: TrackingStatisticsInput, handler: (c) => service.statistics(c.session, c.input) });
  http.route(app, { url: `${base}/refresh`, access, input: TrackingRefreshInput, handler: (c) => service.refresh(c.session, c.input) });
  http.route(app, { url: `${base}/ignore`, access, input: TrackingIdListInput, handler: (c) => service.ignore(c.session, c.input.idList) });
  http.route(app, { url: `${base}/unignore`, access, input: TrackingIdListInput, handler: (c) => service.unignore(c.session, c.input.idList) });
}
