// Transfer calls (spec 02 §7.9: /myhome/transfer/createTransferOrderByHand; the page
// /stocks/transfer, menu MENU_INV_TRANSFER), from the route catalogue (TransferCalls). The other
// paths are chosen here; see README.md. Handlers only translate.
import type { FastifyInstance } from 'fastify';
import { TransferCalls } from '@openseller/core';
import type { Http } from '../../../platform/http.js';
import type { TransferService } from './transfer.service.js';

export function registerTransferRoutes(app: FastifyInstance, http: Http, service: TransferService): void {
  http.serve(app, TransferCalls, {
    create: (c) => service.create(c.session, c.input),
    update: (c) => service.update(c.session, c.input),
    ship: (c) => service.ship(c.session, c.input),
    receive: (c) => service.receive(c.session, c.input),
    cancel: (c) => service.cancel(c.session, c.input),
    search: (c) => service.search(c.session, c.input),
    get: (c) => service.get(c.session, c.input.id),
  });
}
