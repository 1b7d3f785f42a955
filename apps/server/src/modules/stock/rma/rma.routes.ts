// Return-inbound calls (spec 02 §7.9, /myhome/rma) from the route catalogue (RmaCalls). Handlers
// only translate.
import type { FastifyInstance } from 'fastify';
import { RmaCalls } from '@openseller/core';
import type { Http } from '../../../platform/http.js';
import type { RmaParcels } from './rma.parcels.js';
import type { RmaService } from './rma.service.js';
import type { RmaWarehouseSystem } from './rma.warehouse-system.js';

export function registerRmaRoutes(app: FastifyInstance, http: Http, service: RmaService, warehouseSystem: RmaWarehouseSystem, parcels: RmaParcels): void {
  http.serve(app, RmaCalls, {
    create: (c) => service.create(c.session, c.input, c.language),
    createOld: (c) => service.create(c.session, c.input, c.language),
    createAndReceive: (c) => service.createAndReceive(c.session, c.input, c.language),
    createAndReceiveOld: (c) => service.createAndReceive(c.session, c.input, c.language),
    update: (c) => service.update(c.session, c.input, c.language),
    updateOld: (c) => service.update(c.session, c.input, c.language),
    updateAndReceive: (c) => service.updateAndReceive(c.session, c.input, c.language),
    updateAndReceiveOld: (c) => service.updateAndReceive(c.session, c.input, c.language),
    receive: (c) => service.receive(c.session, c.input, c.language),
    receiveList: (c) => service.receiveList(c.session, c.input.idList, c.language),
    delete: (c) => service.remove(c.session, c.input),
    deleteList: (c) => service.removeList(c.session, c.input.idList, c.language),
    getById: (c) => service.get(c.session, c.input.id, c.language),
    statusList: (c) => service.statusList(c.session, c.language),
    search: (c) => service.search(c.session, c.input, c.language),
    createReason: (c) => service.createReason(c.session, c.input.reason),
    reasonList: (c) => service.reasonList(c.session),
    deleteReason: (c) => service.deleteReason(c.session, c.input.id),
    openByOrder: (c) => service.openByOrder(c.session, c.input.erpSoHId, c.language),
    openByExtCodes: (c) => service.openByExtCodes(c.session, c.input.extCodes, c.language),
    syncToWms: (c) => warehouseSystem.syncOne(c.session, c.input.id, c.language),
    syncListToWms: (c) => warehouseSystem.syncList(c.session, c.input.idList, c.language),
    cancelToWms: (c) => warehouseSystem.cancelOne(c.session, c.input.id, c.language),
    cancelListToWms: (c) => warehouseSystem.cancelList(c.session, c.input.idList, c.language),
    scan: (c) => parcels.scan(c.session, c.input, c.language),
    parcelSearch: (c) => parcels.search(c.session, c.input),
    parcelCreate: (c) => parcels.create(c.session, c.input),
    parcelLink: (c) => parcels.link(c.session, c.input),
  });
}
