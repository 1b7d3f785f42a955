// Express tracking calls (spec 02 §4.1, §7.13 "Express tracking: getConfig, updateConfig, query,
// statistics, igore"; spec 01 §2.2 /order tab 7) under /myhome/expressTracking, from the route
// catalogue (api/print.ts TrackingCalls), menu MENU_ERPSO. Handlers only translate.
import { TrackingCalls } from '@openseller/core';
import type { FastifyInstance } from 'fastify';
import type { Http } from '../../../platform/http.js';
import type { TrackingService } from './tracking.service.js';

export function registerTrackingRoutes(app: FastifyInstance, http: Http, service: TrackingService): void {
  http.serve(app, TrackingCalls, {
    getConfig: (c) => service.getConfig(c.session),
    updateConfig: (c) => service.updateConfig(c.session, c.input),
    query: (c) => service.search(c.session, c.input),
    statistics: (c) => service.statistics(c.session, c.input),
    refresh: (c) => service.refresh(c.session, c.input),
    igore: (c) => service.ignore(c.session, c.input.idList),
    unignore: (c) => service.unignore(c.session, c.input.idList),
  });
}
