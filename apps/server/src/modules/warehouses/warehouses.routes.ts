// The spec's paths of the warehouses area (spec 02 §7.9): /myhome/warehouse and the location
// calls. Handlers only translate.
import type { FastifyInstance } from 'fastify';
import {
  IdInput,
  LocationCreateInput,
  LocationDeleteInput,
  LocationSearchInput,
  LocationUpdateInput,
  WarehouseAssignmentsInput,
  WarehouseBindInput,
  WarehouseCreateInput,
  WarehouseListAllInput,
  WarehouseSearchInput,
  WarehouseStopUsingInput,
  WarehouseUnbindInput,
  WarehouseUpdateInput,
} from '@openseller/core';
import type { Http } from '../../platform/http.js';
import type { WarehousesService } from './warehouses.service.js';

const MANAGE = { menu: 'MENU_WH_LIST' } as const;

/**
 * Pages of other areas pick a warehouse or a location (stock, documents, orders, purchasing,
 * after-sales, stores, reports): they may list them, not change them.
 */
export const WAREHOUSE_READERS = {
  menu: [
    'MENU_WH_LIST',
    'MENU_WH_EXPRESS',
    'MENU_INV',
    'MENU_ASN_CREATE',
    'MENU_WDO_CREATE',
    'MENU_INV_TRANSFER',
    'MENU_INV_ADJUST',
    'MENU_INV_SYNC',
    'MENU_ERPSO',
    'MENU_ERPSO_CREATE',
    'MENU_RMA_MANAGE',
    'MENU_AFTER_SALES',
    'MENU_PURCHASE',
    'MENU_STORE',
    'MENU_REPORT',
    'MENU_WAVE_STRATEGY_DISTRIBUTION',
  ],
} as const;

export function registerWarehousesRoutes(app: FastifyInstance, http: Http, service: WarehousesService): void {
  http.route(app, { url: '/myhome/warehouse/create', access: MANAGE, input: WarehouseCreateInput, handler: (c) => service.create(c.session, c.input) });
  http.route(app, { url: '/myhome/warehouse/update', access: MANAGE, input: WarehouseUpdateInput, handler: (c) => service.update(c.session, c.input) });
  http.route(app, { url: '/myhome/warehouse/stopUsing', access: MANAGE, input: WarehouseStopUsingInput, handler: (c) => service.stopUsing(c.session, c.input) });
  http.route(app, { url: '/myhome/warehouse/search', access: MANAGE, input: WarehouseSearchInput, handler: (c) => service.search(c.session, c.input) });
  http.route(app, { url: '/myhome/warehouse/get', access: MANAGE, input: IdInput, handler: (c) => service.get(c.session, c.input.id) });
  http.route(app, {
    url: '/myhome/warehouse/listAll',
    access: WAREHOUSE_READERS,
    input: WarehouseListAllInput,
    handler: (c) => service.listAll(c.session, c.input.includeStopped),
  });

  // Which stores ship from which warehouses (the correspondence page).
  http.route(app, { url: '/myhome/warehouse/bind', access: MANAGE, input: WarehouseBindInput, handler: (c) => service.bind(c.session, c.input) });
  http.route(app, { url: '/myhome/warehouse/unbind', access: MANAGE, input: WarehouseUnbindInput, handler: (c) => service.unbind(c.session, c.input) });
  http.route(app, {
    url: '/myhome/warehouse/assignments',
    access: { menu: ['MENU_WH_LIST', 'MENU_STORE'] },
    input: WarehouseAssignmentsInput,
    handler: (c) => service.assignments(c.session, c.input),
  });

  // Locations.
  http.route(app, { url: '/myhome/location/create', access: MANAGE, input: LocationCreateInput, handler: (c) => service.createLocation(c.session, c.input) });
  http.route(app, { url: '/myhome/location/update', access: MANAGE, input: LocationUpdateInput, handler: (c) => service.updateLocation(c.session, c.input) });
  http.route(app, { url: '/myhome/location/delete', access: MANAGE, input: LocationDeleteInput, handler: (c) => service.deleteLocations(c.session, c.input.idList) });
  http.route(app, { url: '/myhome/location/search', access: WAREHOUSE_READERS, input: LocationSearchInput, handler: (c) => service.searchLocations(c.session, c.input) });
}
