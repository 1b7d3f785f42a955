// Supplier and supply-goods calls, from the route catalogue (SupplierCalls, SupplyGoodsCalls). The
// spec names them only as "supplier and supply-goods endpoints" under cloud/purchase (spec 02
// §7.12); the paths chosen are listed in README.md.
import type { FastifyInstance } from 'fastify';
import { SupplierCalls, SupplyGoodsCalls } from '@openseller/core';
import type { Http } from '../../platform/http.js';
import type { SuppliersService } from './suppliers.service.js';

export function registerSuppliersRoutes(app: FastifyInstance, http: Http, service: SuppliersService): void {
  http.serve(app, SupplierCalls, {
    search: (c) => service.search(c.session, c.input),
    get: (c) => service.get(c.session, c.input.id),
    listAll: (c) => service.listAll(c.session, c.input.includeDisabled),
    create: (c) => service.create(c.session, c.input),
    update: (c) => service.update(c.session, c.input),
    delete: (c) => service.remove(c.session, c.input.idList),
  });
  http.serve(app, SupplyGoodsCalls, {
    search: (c) => service.searchSupplyGoods(c.session, c.input),
    save: (c) => service.saveSupplyGoods(c.session, c.input),
    update: (c) => service.updateSupplyGoods(c.session, c.input),
    delete: (c) => service.deleteSupplyGoods(c.session, c.input.idList),
  });
}
