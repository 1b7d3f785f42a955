// Inbound-notice calls (spec 02 §7.9): purchase ASN create, edit, createAndReceipt, receipt under
// /cloud/purchase/purchaseAsn; the search under /cloud/purchase/asn; cancel, delete, sync, status
// list and force cancel under /myhome/asnHeader. Handlers only translate.
import type { FastifyInstance } from 'fastify';
import { AsnCreateAndReceiptInput, AsnCreateInput, AsnEditInput, AsnForceCancelInput, AsnIdListInput, AsnReceiptInput, AsnSearchInput, AsnVersionInput, IdInput } from '@openseller/core';
import type { WarehouseSystemsService } from '../../../connectors/warehouse/types.js';
import type { Http } from '../../../platform/http.js';
import type { ServiceRegistry } from '../../../platform/module.js';
import { sellerDomain } from '../../warehouses/warehouses.service.js';
import type { InboundService } from './inbound.service.js';

/** The stock page's inbound tab and the purchase pages read notices. */
const READERS = { menu: ['MENU_INV', 'MENU_PURCHASE'] } as const;
/** Creating and editing notices: the create-inbound menu (route /stocks/createstocksin). */
const CREATE = { menu: 'MENU_ASN_CREATE' } as const;
/** Receiving, cancelling, deleting, issuing: the stock menu. */
const MANAGE = { menu: 'MENU_INV' } as const;

export function registerInboundRoutes(app: FastifyInstance, http: Http, service: InboundService, registry: ServiceRegistry): void {
  const purchaseAsn = '/cloud/purchase/purchaseAsn';
  http.route(app, { url: `${purchaseAsn}/create`, access: CREATE, input: AsnCreateInput, handler: (c) => service.create(c.session, c.input) });
  http.route(app, { url: `${purchaseAsn}/edit`, access: CREATE, input: AsnEditInput, handler: (c) => service.edit(c.session, c.input) });
  http.route(app, { url: `${purchaseAsn}/createAndReceipt`, access: CREATE, input: AsnCreateAndReceiptInput, handler: (c) => service.createAndReceipt(c.session, c.input) });
  http.route(app, { url: `${purchaseAsn}/receipt`, access: MANAGE, input: AsnReceiptInput, handler: (c) => service.receipt(c.session, c.input) });

  const asn = '/cloud/purchase/asn';
  http.route(app, { url: `${asn}/searchPageList`, access: READERS, input: AsnSearchInput, handler: (c) => service.search(c.session, c.input) });
  http.route(app, { url: `${asn}/getById`, access: READERS, input: IdInput, handler: (c) => service.get(c.session, c.input.id) });
  /** The enabled suppliers a notice may name (the notice form's select). */
  http.route(app, { url: `${asn}/supplierOptions`, access: { menu: ['MENU_INV', 'MENU_PURCHASE', 'MENU_ASN_CREATE'] }, handler: (c) => service.supplierOptions(c.session) });

  const header = '/myhome/asnHeader';
  http.route(app, { url: `${header}/getStatusList`, access: READERS, handler: (c) => service.statusList(c.session) });
  http.route(app, { url: `${header}/cancel`, access: MANAGE, input: AsnVersionInput, handler: (c) => service.cancel(c.session, c.input) });
  http.route(app, { url: `${header}/forceCancel`, access: MANAGE, input: AsnForceCancelInput, handler: (c) => service.forceCancel(c.session, c.input) });
  http.route(app, { url: `${header}/delete`, access: MANAGE, input: AsnIdListInput, handler: (c) => service.remove(c.session, c.input.idList) });
  http.route(app, { url: `${header}/sync`, access: MANAGE, input: AsnIdListInput, handler: (c) => service.sync(c.session, c.input.idList) });
  /** "Fetch results": what the notice's warehouse system has reported, booked now. */
  http.route(app, {
    url: `${header}/fetchResults`,
    access: MANAGE,
    input: IdInput,
    handler: async (c) => {
      const whId = await service.warehouseOf(c.session, c.input.id);
      return registry.get<WarehouseSystemsService>('warehouse-systems').pollResults(sellerDomain(c.session), whId, 'ASN');
    },
  });
}
