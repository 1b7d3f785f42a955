// The spec's paths of the warehouses area (spec 02 §7.9): /myhome/warehouse and the location
// calls, from the route catalogue (WarehouseCalls, LocationCalls). Handlers only translate.
import type { FastifyInstance } from 'fastify';
import { LocationCalls, WarehouseCalls } from '@openseller/core';
import type { Http } from '../../platform/http.js';
import type { WarehousesService } from './warehouses.service.js';

/** Pages of other areas pick a warehouse or a location; the list lives with the calls in core. */
export { WAREHOUSE_READERS } from '@openseller/core';

export function registerWarehousesRoutes(app: FastifyInstance, http: Http, service: WarehousesService): void {
  http.serve(app, WarehouseCalls, {
    create: (c) => service.create(c.session, c.input),
    update: (c) => service.update(c.session, c.input),
    stopUsing: (c) => service.stopUsing(c.session, c.input),
    search: (c) => service.search(c.session, c.input),
    get: (c) => service.get(c.session, c.input.id),
    listAll: (c) => service.listAll(c.session, c.input.includeStopped),
    bind: (c) => service.bind(c.session, c.input),
    unbind: (c) => service.unbind(c.session, c.input),
    assignments: (c) => service.assignments(c.session, c.input),
  });
  http.serve(app, LocationCalls, {
    create: (c) => service.createLocation(c.session, c.input),
    update: (c) => service.updateLocation(c.session, c.input),
    delete: (c) => service.deleteLocations(c.session, c.input.idList),
    search: (c) => service.searchLocations(c.session, c.input),
  });
}
