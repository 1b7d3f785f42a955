// Order command calls under /myhome/erpsoh (spec 02 §7.10; menu MENU_ERPSO), from the route
// catalogue (OrderCommandCalls). Handlers only translate: the service runs each order in its own
// transaction.
import { OrderCommandCalls } from '@openseller/core';
import type { FastifyInstance } from 'fastify';
import type { Http } from '../../../platform/http.js';
import type { OrderCommandsService } from './commands.service.js';

export const ORDER_COMMANDS_ACCESS = OrderCommandCalls.verify.access;

export function registerOrderCommandRoutes(app: FastifyInstance, http: Http, service: OrderCommandsService): void {
  http.serve(app, OrderCommandCalls, {
    verify: (c) => service.verify(c.session, c.language, c.input),
    cancelVerify: (c) => service.cancelVerify(c.session, c.language, c.input),
    lock: (c) => service.lock(c.session, c.language, c.input),
    unlock: (c) => service.unlock(c.session, c.language, c.input),
    close: (c) => service.close(c.session, c.language, c.input),
    cancelClose: (c) => service.cancelClose(c.session, c.language, c.input),
    merge: (c) => service.merge(c.session, c.input),
    cancelMerge: (c) => service.cancelMerge(c.session, c.input),
    getMergeSoList: (c) => service.getMergeSoList(c.session, c.input),
    split: (c) => service.split(c.session, c.input),
    cancelSplit: (c) => service.cancelSplit(c.session, c.input),
    splitOutOfStock: (c) => service.splitOutOfStock(c.session, c.input),
    refreshStockOut: (c) => service.refreshStockOut(c.session, c.input),
    convert: (c) => service.convert(c.session, c.language, c.input),
    updateExpress: (c) => service.updateExpress(c.session, c.language, c.input),
    updateReceiver: (c) => service.updateReceiver(c.session, c.input),
    updateWarehouse: (c) => service.updateWarehouse(c.session, c.language, c.input),
    addSku: (c) => service.addSku(c.session, c.input),
    deleteSku: (c) => service.deleteSku(c.session, c.input),
    replaceSku: (c) => service.replaceSku(c.session, c.input),
    updateSellerFlag: (c) => service.updateSellerFlag(c.session, c.language, c.input),
    recycleExpressNo: (c) => service.recycleExpressNo(c.session, c.language, c.input),
    releaseRisk: (c) => service.releaseRisk(c.session, c.language, c.input),
  });
}
