// The shipping report calls (tabs 5–7 of /reports), from the route catalogue. Quiet: the tabs word
// refusals themselves (reportShipErrorMessage).
import { DeliveryStateCalls, SendPackageCalls, ShipSkuCalls, UnshippedSpuReportCalls, type CallInput } from '@openseller/core';
import { i18next } from '../../../app/i18n';
import { callApi, ApiError, errorMessage, type RequestOptions } from '../../../app/request';

const quiet: RequestOptions = { quiet: true };

export type DeliveryStateFilter = CallInput<typeof DeliveryStateCalls.search>;
export type SendPackageFilter = CallInput<typeof SendPackageCalls.search>;
export type ParcelFilter = CallInput<typeof DeliveryStateCalls.searchParcels>;
export type ToShipFilter = CallInput<typeof ShipSkuCalls.searchPageList>;
export type SkuDrillFilter = CallInput<typeof ShipSkuCalls.searchOrders>;

export const shipReportApi = {
  deliveryState: (input: DeliveryStateFilter) => callApi(DeliveryStateCalls.search, input, quiet),
  parcels: (input: ParcelFilter) => callApi(DeliveryStateCalls.searchParcels, input, quiet),
  exportDeliveryState: (input: DeliveryStateFilter) => callApi(DeliveryStateCalls.export, input, quiet),
  sendPackage: (input: SendPackageFilter) => callApi(SendPackageCalls.search, input, quiet),
  exportSendPackage: (input: SendPackageFilter) => callApi(SendPackageCalls.export, input, quiet),
  skus: (input: ToShipFilter) => callApi(ShipSkuCalls.searchPageList, input, quiet),
  sums: (input: Omit<ToShipFilter, 'currentPage' | 'pageSize'>) => callApi(ShipSkuCalls.sumAll, input, quiet),
  spus: (input: ToShipFilter) => callApi(UnshippedSpuReportCalls.search, input, quiet),
  skuOrders: (input: SkuDrillFilter) => callApi(ShipSkuCalls.searchOrders, input, quiet),
  purchaseInTransit: (input: SkuDrillFilter) => callApi(UnshippedSpuReportCalls.purchaseIntransitQty, input, quiet),
  asnInTransit: (input: SkuDrillFilter) => callApi(UnshippedSpuReportCalls.asnIntransitQty, input, quiet),
  transferInTransit: (input: SkuDrillFilter) => callApi(UnshippedSpuReportCalls.transferIntransitQty, input, quiet),
  exportSkus: (input: Omit<ToShipFilter, 'currentPage' | 'pageSize'>) => callApi(ShipSkuCalls.export, input, quiet),
};

export const shipReportKeys = {
  all: ['reports', 'shipping'] as const,
  of: (name: string, input: unknown) => [...shipReportKeys.all, name, input] as const,
};

/** A refusal in words: the field named by a validation refusal, else the shell's wording. */
export function reportShipErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  if (error.code === 'ERR_VALIDATION' && error.fields.length)
    return error.fields.map((f) => `${i18next.t(`reportship:fields.${f.field}`, { defaultValue: f.field })}: ${f.message}`).join('; ');
  return errorMessage(error);
}
