// Inbound-notice calls (spec 02 §7.9): purchase ASN create, edit, createAndReceipt, receipt under
// /cloud/purchase/purchaseAsn; the search under /cloud/purchase/asn; cancel, delete, sync, status
// list and force cancel under /myhome/asnHeader; from the route catalogue (InboundCalls).
// Handlers only translate.
import type { FastifyInstance } from 'fastify';
import { InboundCalls } from '@openseller/core';
import type { WarehouseSystemsService } from '../../../connectors/warehouse/types.js';
import type { Http } from '../../../platform/http.js';
import type { ServiceRegistry } from '../../../platform/module.js';
import type { InboundService } from './inbound.service.js';

export function registerInboundRoutes(app: FastifyInstance, http: Http, service: InboundService, registry: ServiceRegistry): void {
  http.serve(app, InboundCalls, {
    create: (c) => service.create(c.session, c.input, c.language),
    edit: (c) => service.edit(c.session, c.input, c.language),
    createAndReceipt: (c) => service.createAndReceipt(c.session, c.input, c.language),
    receipt: (c) => service.receipt(c.session, c.input, c.language),
    scanReceipt: (c) => service.scanReceipt(c.session, c.input, c.language),
    search: (c) => service.search(c.session, c.input, c.language),
    getById: (c) => service.get(c.session, c.input.id, c.language),
    supplierOptions: (c) => service.supplierOptions(c.session),
    statusList: (c) => service.statusList(c.session, c.language),
    cancel: (c) => service.cancel(c.session, c.input, c.language),
    forceCancel: (c) => service.forceCancel(c.session, c.input, c.language),
    delete: (c) => service.remove(c.session, c.input.idList),
    sync: (c) => service.sync(c.session, c.input.idList),
    fetchResults: async (c) => {
      const whId = await service.warehouseOf(c.session, c.input.id);
      return registry.get<WarehouseSystemsService>('warehouse-systems').pollResults(c.domainId, whId, 'ASN');
    },
  });
}
