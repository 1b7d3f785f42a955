// Supplier and supply-goods calls. The spec names them only as "supplier and supply-goods
// endpoints" under cloud/purchase (spec 02 §7.12); the paths chosen are listed in README.md.
import type { FastifyInstance } from 'fastify';
import {
  IdInput,
  SupplierCreateInput,
  SupplierDeleteInput,
  SupplierListAllInput,
  SupplierSearchInput,
  SupplierUpdateInput,
  SupplyGoodsDeleteInput,
  SupplyGoodsSaveInput,
  SupplyGoodsSearchInput,
  SupplyGoodsUpdateInput,
} from '@openseller/core';
import type { Http } from '../../platform/http.js';
import type { SuppliersService } from './suppliers.service.js';

const MANAGE = { menu: 'MENU_SUPPLIER' } as const;
/** Purchasing and payables pick a supplier and read what it supplies. */
const READERS = { menu: ['MENU_SUPPLIER', 'MENU_PURCHASE', 'MENU_PAYABLE_MANAGE'] } as const;

export function registerSuppliersRoutes(app: FastifyInstance, http: Http, service: SuppliersService): void {
  const base = '/cloud/purchase/supplier';
  http.route(app, { url: `${base}/search`, access: MANAGE, input: SupplierSearchInput, handler: (c) => service.search(c.session, c.input) });
  http.route(app, { url: `${base}/get`, access: MANAGE, input: IdInput, handler: (c) => service.get(c.session, c.input.id) });
  http.route(app, { url: `${base}/listAll`, access: READERS, input: SupplierListAllInput, handler: (c) => service.listAll(c.session, c.input.includeDisabled) });
  http.route(app, { url: `${base}/create`, access: MANAGE, input: SupplierCreateInput, handler: (c) => service.create(c.session, c.input) });
  http.route(app, { url: `${base}/update`, access: MANAGE, input: SupplierUpdateInput, handler: (c) => service.update(c.session, c.input) });
  http.route(app, { url: `${base}/delete`, access: MANAGE, input: SupplierDeleteInput, handler: (c) => service.remove(c.session, c.input.idList) });

  const goods = '/cloud/purchase/supplyGoods';
  http.route(app, { url: `${goods}/search`, access: READERS, input: SupplyGoodsSearchInput, handler: (c) => service.searchSupplyGoods(c.session, c.input) });
  http.route(app, { url: `${goods}/save`, access: MANAGE, input: SupplyGoodsSaveInput, handler: (c) => service.saveSupplyGoods(c.session, c.input) });
  http.route(app, { url: `${goods}/update`, access: MANAGE, input: SupplyGoodsUpdateInput, handler: (c) => service.updateSupplyGoods(c.session, c.input) });
  http.route(app, { url: `${goods}/delete`, access: MANAGE, input: SupplyGoodsDeleteInput, handler: (c) => service.deleteSupplyGoods(c.session, c.input.idList) });
}
