// Intercept-task calls (OrderInterceptCalls, chosen paths /cloud/advance/interceptTask/*). Handlers only translate.
import type { FastifyInstance } from 'fastify';
import { OrderInterceptCalls } from '@openseller/core';
import type { Http } from '../../../platform/http.js';
import type { InterceptsService } from './intercepts.service.js';

export function registerInterceptRoutes(app: FastifyInstance, http: Http, service: InterceptsService): void {
  http.serve(app, OrderInterceptCalls, {
    search: (c) => service.search(c.session, c.input),
    confirm: (c) => service.act(c.session, 'confirm', c.input.list, c.language, c.input.recycleExpressNo),
    release: (c) => service.act(c.session, 'release', c.input.list, c.language),
  });
}
