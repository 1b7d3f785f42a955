// Reports, shipping part (issue 16 part B; spec 01 §2.2 /reports activeKey 5, 6, 7; spec 02
// §7.14): shipping by order (deliveryState), shipping by express (sendPackage), to-ship SKU
// (shipSku searchPageList / sumAll, unshippedSpuReport search and its three in-transit quantity
// calls). Paths the spec does not show are chosen (apps/server/src/modules/reports/shipping/README.md).
import { z } from 'zod';
import { Id, PageQuery } from '../contracts/common.js';
import { ExportRequested } from '../contracts/exports.js';
import { pageOf, post } from './define.js';

import { REPORT_ACCESS } from './reports.js';
const C = '/cloud/core';

/** The longest period a report takes: a day report at most this many days… */
export const SHIP_REPORT_MAX_DAYS = 366;
/** …a month report at most this many months. */
export const SHIP_REPORT_MAX_MONTHS = 36;
import { REPORT_TYPES, type ReportType } from '../contracts/reports.js';

/** A shop day, YYYY-MM-DD. */
export const ShopDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the form YYYY-MM-DD')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'Not a calendar day');

const ids = z.array(Id).max(500).optional();
const codes = z.array(z.string().trim().min(1).max(64)).max(200).optional();

/** Whole months from a to b (both YYYY-MM-DD), counting both ends' months. */
export function monthsSpanned(startDate: string, endDate: string): number {
  const [ys, ms] = startDate.split('-').map(Number) as [number, number];
  const [ye, me] = endDate.split('-').map(Number) as [number, number];
  return (ye - ys) * 12 + (me - ms) + 1;
}

/** Days from a to b, both included. */
export function daysSpanned(startDate: string, endDate: string): number {
  return Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The period check shared by every shipping report: end not before start, not longer than allowed. */
function checkPeriod(v: { startDate?: string | undefined; endDate?: string | undefined; reportType?: ReportType }, ctx: z.RefinementCtx) {
  if (!v.startDate || !v.endDate) return;
  if (v.endDate < v.startDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'The end must not be before the start' });
    return;
  }
  if (v.reportType === 'month') {
    if (monthsSpanned(v.startDate, v.endDate) > SHIP_REPORT_MAX_MONTHS) ctx.addIssue({ code: 'custom', path: ['endDate'], message: `A month report covers at most ${SHIP_REPORT_MAX_MONTHS} months` });
  } else if (daysSpanned(v.startDate, v.endDate) > SHIP_REPORT_MAX_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: `A day report covers at most ${SHIP_REPORT_MAX_DAYS} days` });
  }
}

const shipFilterShape = {
  /** The first and last shop day of shipment, both included. */
  startDate: ShopDay,
  endDate: ShopDay,
  reportType: z.enum(REPORT_TYPES).default('day'),
  storeIds: ids,
  platformCodes: codes,
  warehouseIds: ids,
  expressCompanyCodes: codes,
};
export const ShipFilter = z.object(shipFilterShape).superRefine(checkPeriod);
export type ShipFilter = z.infer<typeof ShipFilter>;

export const SHIP_GROUPS = ['NONE', 'STORE', 'WAREHOUSE', 'PLATFORM'] as const;

/** Shipping by order (tab 5): per period, optionally split by store, warehouse or platform. */
export const DeliveryStateInput = PageQuery.extend({ ...shipFilterShape, groupBy: z.enum(SHIP_GROUPS).default('NONE') }).superRefine(checkPeriod);
export type DeliveryStateInput = z.infer<typeof DeliveryStateInput>;

const Weight = z.string();
export const ShipTotals = z.object({ parcels: z.number().int(), qty: z.number().int(), weight: Weight, lateParcels: z.number().int() });
export type ShipTotals = z.infer<typeof ShipTotals>;

export const DeliveryStateRow = ShipTotals.extend({
  /** YYYY-MM-DD or YYYY-MM. */
  period: z.string(),
  /** The group (store id, warehouse id, platform code) when split; null otherwise. */
  groupKey: z.string().nullable(),
  groupName: z.string().nullable(),
});
export type DeliveryStateRow = z.infer<typeof DeliveryStateRow>;
export const DeliveryStateAnswer = pageOf(DeliveryStateRow).extend({
  totals: ShipTotals,
  /** Every period of the range with its figures (the chart), whatever the page. */
  trend: z.array(ShipTotals.extend({ period: z.string() })),
});
export type DeliveryStateAnswer = z.infer<typeof DeliveryStateAnswer>;

/** Shipping by express (tab 6): per period and courier. */
export const SendPackageInput = PageQuery.extend(shipFilterShape).superRefine(checkPeriod);
export type SendPackageInput = z.infer<typeof SendPackageInput>;
export const SendPackageRow = ShipTotals.extend({
  period: z.string(),
  expressCompanyCode: z.string(),
  expressCompanyName: z.string(),
  /** This courier's share of the period's parcels, percent with 2 decimals. */
  share: z.string().nullable(),
});
export type SendPackageRow = z.infer<typeof SendPackageRow>;
export const CourierShare = ShipTotals.extend({ expressCompanyCode: z.string(), expressCompanyName: z.string(), share: z.string().nullable() });
export const SendPackageAnswer = pageOf(SendPackageRow).extend({
  totals: ShipTotals,
  /** Each courier over the whole range (the pie). */
  byCourier: z.array(CourierShare),
  /** Parcels per period per courier (the stacked bars): series[i].parcels[j] is periods[j]. */
  periods: z.array(z.string()),
  series: z.array(z.object({ expressCompanyCode: z.string(), expressCompanyName: z.string(), parcels: z.array(z.number().int()) })),
});
export type SendPackageAnswer = z.infer<typeof SendPackageAnswer>;

/** A cell of tab 5 or 6 to open: the filters, a period, and the group / courier of the cell. */
export const ParcelSearchInput = PageQuery.extend({
  ...shipFilterShape,
  /** The cell's period (YYYY-MM-DD for a day report, YYYY-MM for a month report); none: the whole range. */
  period: z.string().trim().regex(/^\d{4}-\d{2}(-\d{2})?$/, 'Use YYYY-MM-DD or YYYY-MM').optional(),
  storeId: Id.optional(),
  warehouseId: z.number().int().nonnegative().optional(),
  platformCode: z.string().trim().min(1).max(64).optional(),
  expressCompanyCode: z.string().trim().min(1).max(64).optional(),
}).superRefine(checkPeriod);
export type ParcelSearchInput = z.infer<typeof ParcelSearchInput>;
export const ParcelRow = z.object({
  orderId: z.number(),
  code: z.string(),
  platformNos: z.array(z.string()),
  storeId: z.number(),
  storeName: z.string().nullable(),
  platformCode: z.string(),
  warehouseId: z.number().nullable(),
  warehouseName: z.string().nullable(),
  expressCompanyCode: z.string(),
  expressCompanyName: z.string(),
  expressNo: z.string().nullable(),
  shippedAt: z.string(),
  day: z.string(),
  qty: z.number().int(),
  weight: Weight,
  late: z.boolean(),
});
export type ParcelRow = z.infer<typeof ParcelRow>;
export const ParcelSearchAnswer = pageOf(ParcelRow).extend({ totals: ShipTotals });
export type ParcelSearchAnswer = z.infer<typeof ParcelSearchAnswer>;

/** To-ship SKU (tab 7): open orders' demand per SKU against stock and in-transit quantities. */
const toShipShape = {
  /** Open orders paid (else made) on these shop days; none: every open order. */
  startDate: ShopDay.optional(),
  endDate: ShopDay.optional(),
  storeIds: ids,
  platformCodes: codes,
  warehouseIds: ids,
  skuIds: ids,
  /** Part of a SKU code or name. */
  keyword: z.string().trim().max(100).optional(),
  /** Only SKUs short of stock. */
  onlyShortfall: z.boolean().default(false),
};
export const ToShipFilter = z.object(toShipShape).superRefine(checkPeriod);
export type ToShipFilter = z.infer<typeof ToShipFilter>;
export const ToShipSearchInput = PageQuery.extend(toShipShape).superRefine(checkPeriod);
export type ToShipSearchInput = z.infer<typeof ToShipSearchInput>;

const toShipFigures = {
  openOrders: z.number().int(),
  toShipQty: z.number().int(),
  onHand: z.number().int(),
  allocated: z.number().int(),
  available: z.number().int(),
  purchaseInTransit: z.number().int(),
  asnInTransit: z.number().int(),
  transferInTransit: z.number().int(),
  /** max(0, toShipQty − onHand − the three in-transit quantities): what to buy. */
  shortfall: z.number().int(),
};
export const ToShipSkuRow = z.object({
  skuId: z.number(),
  skuCode: z.string(),
  skuName: z.string().nullable(),
  specifications: z.string().nullable(),
  spuId: z.number(),
  spuCode: z.string().nullable(),
  ...toShipFigures,
  /** COST_PRICE only. */
  costPrice: z.string().nullable().optional(),
  /** shortfall × cost price; COST_PRICE only. */
  shortfallAmount: z.string().nullable().optional(),
});
export type ToShipSkuRow = z.infer<typeof ToShipSkuRow>;
export const ToShipSums = z.object({
  skuCount: z.number().int(),
  shortSkuCount: z.number().int(),
  toShipQty: z.number().int(),
  onHand: z.number().int(),
  purchaseInTransit: z.number().int(),
  asnInTransit: z.number().int(),
  transferInTransit: z.number().int(),
  shortfall: z.number().int(),
  /** Open orders with at least one counted line. */
  openOrders: z.number().int(),
  /** Open order lines not counted: their online SKU is not matched to a system SKU. */
  unmatchedLines: z.number().int(),
  shortfallAmount: z.string().nullable().optional(),
});
export type ToShipSums = z.infer<typeof ToShipSums>;
export const ToShipSpuRow = z.object({
  spuId: z.number(),
  spuCode: z.string().nullable(),
  spuName: z.string().nullable(),
  skuCount: z.number().int(),
  ...toShipFigures,
});
export type ToShipSpuRow = z.infer<typeof ToShipSpuRow>;

/** One SKU's in-transit documents (the three in-transit calls) or open orders. */
export const SkuDrillInput = PageQuery.extend({ skuId: Id, warehouseIds: ids, storeIds: ids, platformCodes: codes, startDate: ShopDay.optional(), endDate: ShopDay.optional() }).superRefine(checkPeriod);
export type SkuDrillInput = z.infer<typeof SkuDrillInput>;
export const InTransitRow = z.object({
  docId: z.number(),
  docCode: z.string(),
  docType: z.string(),
  warehouseId: z.number(),
  warehouseName: z.string().nullable(),
  /** The supplier (purchase) or the sending warehouse (transfer). */
  source: z.string().nullable(),
  expectedAt: z.string().nullable(),
  qty: z.number().int(),
  receivedQty: z.number().int(),
  inTransitQty: z.number().int(),
});
export type InTransitRow = z.infer<typeof InTransitRow>;
export const InTransitAnswer = pageOf(InTransitRow).extend({ inTransitQty: z.number().int() });
export type InTransitAnswer = z.infer<typeof InTransitAnswer>;
export const ToShipOrderRow = z.object({
  orderId: z.number(),
  code: z.string(),
  statusCode: z.string(),
  storeName: z.string().nullable(),
  warehouseName: z.string().nullable(),
  payTime: z.string().nullable(),
  /** The SKU's pieces in this order (a combination line counted as its components). */
  qty: z.number().int(),
});
export const ToShipOrdersAnswer = pageOf(ToShipOrderRow).extend({ toShipQty: z.number().int() });
export type ToShipOrdersAnswer = z.infer<typeof ToShipOrdersAnswer>;

export const ShipRebuildAnswer = z.object({ parcels: z.number().int(), days: z.number().int() });

export const DeliveryStateCalls = {
  search: post(`${C}/deliveryState/search`, REPORT_ACCESS, DeliveryStateInput, DeliveryStateAnswer),
  /** Chosen paths: the parcels behind a cell, the export, the rebuild of the domain's aggregates. */
  searchParcels: post(`${C}/deliveryState/searchParcels`, REPORT_ACCESS, ParcelSearchInput, ParcelSearchAnswer),
  export: post(`${C}/deliveryState/export`, REPORT_ACCESS, DeliveryStateInput, ExportRequested),
  rebuild: post(`${C}/deliveryState/rebuild`, REPORT_ACCESS, undefined, ShipRebuildAnswer),
} as const;

export const SendPackageCalls = {
  search: post(`${C}/sendPackage/search`, REPORT_ACCESS, SendPackageInput, SendPackageAnswer),
  /** Chosen path. */
  export: post(`${C}/sendPackage/export`, REPORT_ACCESS, SendPackageInput, ExportRequested),
} as const;

export const ShipSkuCalls = {
  searchPageList: post(`${C}/shipSku/searchPageList`, REPORT_ACCESS, ToShipSearchInput, pageOf(ToShipSkuRow)),
  sumAll: post(`${C}/shipSku/sumAll`, REPORT_ACCESS, ToShipFilter, ToShipSums),
  /** Chosen paths: the open orders behind a SKU's to-ship quantity, the export. */
  searchOrders: post(`${C}/shipSku/searchOrders`, REPORT_ACCESS, SkuDrillInput, ToShipOrdersAnswer),
  export: post(`${C}/shipSku/export`, REPORT_ACCESS, ToShipFilter, ExportRequested),
} as const;

export const UnshippedSpuReportCalls = {
  search: post(`${C}/unshippedSpuReport/search`, REPORT_ACCESS, ToShipSearchInput, pageOf(ToShipSpuRow)),
  /** The three in-transit quantity calls (spec path not shown: chosen). */
  purchaseIntransitQty: post(`${C}/unshippedSpuReport/purchaseIntransitQty`, REPORT_ACCESS, SkuDrillInput, InTransitAnswer),
  asnIntransitQty: post(`${C}/unshippedSpuReport/asnIntransitQty`, REPORT_ACCESS, SkuDrillInput, InTransitAnswer),
  transferIntransitQty: post(`${C}/unshippedSpuReport/transferIntransitQty`, REPORT_ACCESS, SkuDrillInput, InTransitAnswer),
} as const;

export const SHIPPING_REPORT_CALL_MAPS = {
  deliveryState: DeliveryStateCalls,
  sendPackage: SendPackageCalls,
  shipSku: ShipSkuCalls,
  unshippedSpuReport: UnshippedSpuReportCalls,
};

export const DELIVERY_STATE_EXPORT_TYPE = 'REPORT_DELIVERY_STATE';
export const SEND_PACKAGE_EXPORT_TYPE = 'REPORT_SEND_PACKAGE';
export const SHIP_SKU_EXPORT_TYPE = 'REPORT_SHIP_SKU';
