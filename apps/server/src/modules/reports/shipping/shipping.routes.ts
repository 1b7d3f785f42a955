// The shipping report calls (spec 03-calls §7.14 and the chosen paths of README.md). Handlers only
// translate: check the references the input names, fold in pending parcels, read, redact cost.
import type { FastifyInstance } from 'fastify';
import { DELIVERY_STATE_EXPORT_TYPE, DeliveryStateCalls, SEND_PACKAGE_EXPORT_TYPE, SendPackageCalls, SHIP_SKU_EXPORT_TYPE, ShipSkuCalls, UnshippedSpuReportCalls } from '@openseller/core';
import type { Database } from '../../../db/client.js';
import type { Exports } from '../../../platform/exports.js';
import { redactFields } from '../../../platform/field-permissions.js';
import type { Http } from '../../../platform/http.js';
import { pageAnswer } from '../../../platform/paging.js';
import type { ShippingAggregates } from './shipping.aggregates.js';
import { shippingExportTitle } from './shipping.exporters.js';
import { checkReferences, type ShippingQueries } from './shipping.queries.js';
import type { ToShipQueries } from './to-ship.queries.js';

const COST_FIELDS = { costPrice: 'COST_PRICE', shortfallAmount: 'COST_PRICE' };

export function registerShippingReportRoutes(
  app: FastifyInstance,
  http: Http,
  deps: { database: Database; aggregates: ShippingAggregates; ship: ShippingQueries; toShip: ToShipQueries; exports: Exports },
): void {
  const { db } = deps.database;
  const { aggregates, ship, toShip } = deps;
  const exportOf = (type: string) => (c: { session: Parameters<Exports['request']>[0]; input: unknown; language: Parameters<typeof shippingExportTitle>[1] }) =>
    deps.exports.request(c.session, { type, title: shippingExportTitle(type, c.language), params: c.input as Record<string, unknown>, language: c.language });

  http.serve(app, DeliveryStateCalls, {
    search: async (c) => {
      await checkReferences(db, c.domainId, c.input, c.language);
      await aggregates.catchUp(c.domainId);
      return ship.deliveryState(c.domainId, c.input, c.language);
    },
    searchParcels: async (c) => {
      await checkReferences(db, c.domainId, { ...c.input, storeIds: [...(c.input.storeIds ?? []), ...(c.input.storeId ? [c.input.storeId] : [])] }, c.language);
      await aggregates.catchUp(c.domainId);
      return ship.parcels(c.domainId, c.input, c.language);
    },
    export: async (c) => {
      await checkReferences(db, c.domainId, c.input, c.language);
      return exportOf(DELIVERY_STATE_EXPORT_TYPE)(c);
    },
    rebuild: async (c) => {
      // The to-ship demand is derived from the orders too: rebuilt with them.
      await toShip.demand.rebuild(c.domainId);
      return aggregates.rebuild(c.domainId);
    },
  });
  http.serve(app, SendPackageCalls, {
    search: async (c) => {
      await checkReferences(db, c.domainId, c.input, c.language);
      await aggregates.catchUp(c.domainId);
      return ship.sendPackage(c.domainId, c.input, c.language);
    },
    export: async (c) => {
      await checkReferences(db, c.domainId, c.input, c.language);
      return exportOf(SEND_PACKAGE_EXPORT_TYPE)(c);
    },
  });
  http.serve(app, ShipSkuCalls, {
    searchPageList: async (c) => {
      await checkReferences(db, c.domainId, c.input, c.language);
      const { rows, total } = await toShip.skus(c.domainId, c.input);
      return pageAnswer(redactFields(rows, COST_FIELDS, c.session), total, c.input);
    },
    sumAll: async (c) => {
      await checkReferences(db, c.domainId, c.input, c.language);
      return redactFields([await toShip.sums(c.domainId, c.input)], COST_FIELDS, c.session)[0]!;
    },
    searchOrders: async (c) => {
      await checkReferences(db, c.domainId, { ...c.input, skuIds: [c.input.skuId] }, c.language);
      return toShip.orders(c.domainId, c.input);
    },
    export: async (c) => {
      await checkReferences(db, c.domainId, c.input, c.language);
      return exportOf(SHIP_SKU_EXPORT_TYPE)(c);
    },
  });
  const inTransit = (kind: 'PURCHASE' | 'ASN' | 'TRANSFER') => async (c: { domainId: number; input: Parameters<ToShipQueries['inTransit']>[2]; language: Parameters<typeof checkReferences>[3] }) => {
    await checkReferences(db, c.domainId, { ...c.input, skuIds: [c.input.skuId] }, c.language);
    return toShip.inTransit(c.domainId, kind, c.input);
  };
  http.serve(app, UnshippedSpuReportCalls, {
    search: async (c) => {
      await checkReferences(db, c.domainId, c.input, c.language);
      const { rows, total } = await toShip.spus(c.domainId, c.input);
      return pageAnswer(rows, total, c.input);
    },
    purchaseIntransitQty: inTransit('PURCHASE'),
    asnIntransitQty: inTransit('ASN'),
    transferIntransitQty: inTransit('TRANSFER'),
  });
}
