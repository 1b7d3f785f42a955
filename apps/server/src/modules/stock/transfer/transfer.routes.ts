// Transfer calls (spec 02 §7.9: /myhome/transfer/createTransferOrderByHand; the page
// /stocks/transfer, menu MENU_INV_TRANSFER). The other paths are chosen here; see README.md.
import type { FastifyInstance } from 'fastify';
import { IdInput, TransferCommandInput, TransferCreateInput, TransferReceiveInput, TransferSearchInput, TransferUpdateInput } from '@openseller/core';
import type { Http } from '../../../platform/http.js';
import type { TransferService } from './transfer.service.js';

export const TRANSFER_ACCESS = { menu: 'MENU_INV_TRANSFER' } as const;

export function registerTransferRoutes(app: FastifyInstance, http: Http, service: TransferService): void {
  const base = '/myhome/transfer';
  http.route(app, { url: `${base}/createTransferOrderByHand`, access: TRANSFER_ACCESS, input: TransferCreateInput, handler: (c) => service.create(c.session, c.input) });
  http.route(app, { url: `${base}/update`, access: TRANSFER_ACCESS, input: TransferUpdateInput, handler: (c) => service.update(c.session, c.input) });
  http.route(app, { url: `${base}/ship`, access: TRANSFER_ACCESS, input: TransferCommandInput, handler: (c) => service.ship(c.session, c.input) });
  http.route(app, { url: `${base}/receive`, access: TRANSFER_ACCESS, input: TransferReceiveInput, handler: (c) => service.receive(c.session, c.input) });
  http.route(app, { url: `${base}/cancel`, access: TRANSFER_ACCESS, input: TransferCommandInput, handler: (c) => service.cancel(c.session, c.input) });
  http.route(app, { url: `${base}/search`, access: TRANSFER_ACCESS, input: TransferSearchInput, handler: (c) => service.search(c.session, c.input) });
  http.route(app, { url: `${base}/get`, access: TRANSFER_ACCESS, input: IdInput, handler: (c) => service.get(c.session, c.input.id) });
}
