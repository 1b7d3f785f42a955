// The three shipping exports for the download centre: each writes the rows its tab shows for the
// same filters (every page, in the tab's order) and then the tab's totals row, from the same
// query functions the tab calls, so tab and file agree. Cost columns only for COST_PRICE.
import {
  DELIVERY_STATE_EXPORT_TYPE,
  DeliveryStateInput,
  REPORT_ACCESS,
  SEND_PACKAGE_EXPORT_TYPE,
  SendPackageInput,
  SHIP_SKU_EXPORT_TYPE,
  ToShipSearchInput,
  type Language,
} from '@openseller/core';
import type { ExportContext, Exporter } from '../../../platform/exports.js';
import { fieldVisibility } from '../../../platform/field-permissions.js';
import { say } from '../../../platform/import-problems.js';
import type { SheetColumn } from '../../../platform/xlsx.js';
import type { ShippingAggregates } from './shipping.aggregates.js';
import type { ShippingQueries } from './shipping.queries.js';
import type { ToShipQueries } from './to-ship.queries.js';

const PAGE = 1000;
const totalLabel = (language: Language) => say(language, '合计', 'Total');
const cols = (language: Language, list: [string, string, string][]): SheetColumn[] => list.map(([key, zh, en]) => ({ key, header: say(language, zh, en) }));

export const shippingExportTitle = (type: string, language: Language) =>
  type === DELIVERY_STATE_EXPORT_TYPE
    ? say(language, '按订单发货统计', 'Shipping by order')
    : type === SEND_PACKAGE_EXPORT_TYPE
      ? say(language, '按快递发货统计', 'Shipping by express')
      : say(language, '待发货SKU', 'To-ship SKU');

export function shippingExporters(aggregates: ShippingAggregates, ship: ShippingQueries, toShip: ToShipQueries): Exporter[] {
  const deliveryState: Exporter = {
    type: DELIVERY_STATE_EXPORT_TYPE,
    access: REPORT_ACCESS,
    sheetName: (language) => shippingExportTitle(DELIVERY_STATE_EXPORT_TYPE, language),
    columns: (ctx: ExportContext) => {
      const input = DeliveryStateInput.parse(ctx.params);
      return cols(ctx.language, [
        ['period', '日期', 'Period'],
        ...(input.groupBy === 'NONE' ? [] : ([['groupName', '分组', 'Group']] as [string, string, string][])),
        ['parcels', '发货包裹数', 'Parcels'],
        ['qty', '商品件数', 'Pieces'],
        ['weight', '重量(kg)', 'Weight (kg)'],
        ['lateParcels', '超时发货包裹数', 'Late parcels'],
      ]);
    },
    async *rows(ctx: ExportContext) {
      const input = DeliveryStateInput.parse(ctx.params);
      await aggregates.catchUp(ctx.domainId);
      for (let page = 1; ; page++) {
        const answer = await ship.deliveryState(ctx.domainId, { ...input, currentPage: page, pageSize: PAGE }, ctx.language);
        if (answer.voList.length) yield answer.voList.map((r) => ({ ...r, groupName: r.groupName ?? r.groupKey ?? '' }));
        if (page * PAGE >= answer.total) {
          yield [{ period: totalLabel(ctx.language), groupName: '', ...answer.totals }];
          return;
        }
      }
    },
  };

  const sendPackage: Exporter = {
    type: SEND_PACKAGE_EXPORT_TYPE,
    access: REPORT_ACCESS,
    sheetName: (language) => shippingExportTitle(SEND_PACKAGE_EXPORT_TYPE, language),
    columns: (ctx: ExportContext) =>
      cols(ctx.language, [
        ['period', '日期', 'Period'],
        ['expressCompanyName', '快递公司', 'Courier'],
        ['parcels', '发货包裹数', 'Parcels'],
        ['share', '占比(%)', 'Share (%)'],
        ['qty', '商品件数', 'Pieces'],
        ['weight', '重量(kg)', 'Weight (kg)'],
        ['lateParcels', '超时发货包裹数', 'Late parcels'],
      ]),
    async *rows(ctx: ExportContext) {
      const input = SendPackageInput.parse(ctx.params);
      await aggregates.catchUp(ctx.domainId);
      for (let page = 1; ; page++) {
        const answer = await ship.sendPackage(ctx.domainId, { ...input, currentPage: page, pageSize: PAGE }, ctx.language);
        if (answer.voList.length) yield answer.voList.map((r) => ({ ...r, share: r.share ?? '' }));
        if (page * PAGE >= answer.total) {
          yield [{ period: totalLabel(ctx.language), expressCompanyName: '', share: answer.totals.parcels ? '100.00' : '', ...answer.totals }];
          return;
        }
      }
    },
  };

  const shipSku: Exporter = {
    type: SHIP_SKU_EXPORT_TYPE,
    access: REPORT_ACCESS,
    sheetName: (language) => shippingExportTitle(SHIP_SKU_EXPORT_TYPE, language),
    columns: (ctx: ExportContext) =>
      cols(ctx.language, [
        ['skuCode', 'SKU编码', 'SKU code'],
        ['skuName', 'SKU名称', 'SKU name'],
        ['specifications', '规格', 'Specifications'],
        ['spuCode', '商品编码', 'Goods code'],
        ['openOrders', '待发订单数', 'Open orders'],
        ['toShipQty', '待发数量', 'To ship'],
        ['onHand', '库存数量', 'On hand'],
        ['available', '可用库存', 'Available'],
        ['purchaseInTransit', '采购在途', 'Purchase in transit'],
        ['asnInTransit', '入库通知在途', 'Inbound notices in transit'],
        ['transferInTransit', '调拨在途', 'Transfers in transit'],
        ['shortfall', '缺货数量', 'Shortfall'],
        ...(fieldVisibility(ctx.session)('COST_PRICE')
          ? ([
              ['costPrice', '成本价', 'Cost price'],
              ['shortfallAmount', '缺货金额', 'Shortfall amount'],
            ] as [string, string, string][])
          : []),
      ]),
    async *rows(ctx: ExportContext) {
      const input = ToShipSearchInput.parse(ctx.params);
      const seeCost = fieldVisibility(ctx.session)('COST_PRICE');
      const strip = <T extends Record<string, unknown>>(r: T) => {
        if (seeCost) return r;
        const { costPrice: _c, shortfallAmount: _a, ...rest } = r;
        return rest;
      };
      for (let page = 1; ; page++) {
        const { rows, total } = await toShip.skus(ctx.domainId, { ...input, currentPage: page, pageSize: PAGE });
        if (rows.length) yield rows.map((r) => strip(r));
        if (page * PAGE >= total) break;
      }
      const s = await toShip.sums(ctx.domainId, input);
      yield [
        strip({
          skuCode: totalLabel(ctx.language),
          openOrders: s.openOrders,
          toShipQty: s.toShipQty,
          onHand: s.onHand,
          purchaseInTransit: s.purchaseInTransit,
          asnInTransit: s.asnInTransit,
          transferInTransit: s.transferInTransit,
          shortfall: s.shortfall,
          shortfallAmount: s.shortfallAmount,
        }),
      ];
    },
  };

  return [deliveryState, sendPackage, shipSku];
}
