// Live-broadcast calls (spec 03-calls 02 §7.18: /cloud/core/live/*), from the route catalogue.
import type { FastifyInstance } from 'fastify';
import { LiveCalls } from '@openseller/core';
import type { Http } from '../../../platform/http.js';
import type { LiveService } from './live.service.js';

export function registerLiveRoutes(app: FastifyInstance, http: Http, service: LiveService): void {
  http.serve(app, LiveCalls, {
    list: (c) => service.list(c.session, c.input),
    create: (c) => service.create(c.session, c.input),
    update: (c) => service.update(c.session, c.input),
    delete: (c) => service.remove(c.session, c.input.idList),
    disable: (c) => service.disable(c.session, c.input),
    liverCreate: (c) => service.liverCreate(c.session, c.input),
    liverUpdate: (c) => service.liverUpdate(c.session, c.input),
    liverList: (c) => service.liverList(c.session, c.input.includeDisabled),
  });
}
