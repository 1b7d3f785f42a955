// The route catalogue: every call the server serves, one map per area. The server registers
// routes only from calls listed here (a call not in ALL_CALLS cannot be registered), and the
// conformance test (apps/server/src/modules/system/catalogue.api.test.ts) checks them against
// the spec's index of calls.
import type { CallDef, CallMap } from './define.js';
import { GoodsCalls, GoodsLinkCalls, GoodsWmsCalls } from './goods.js';
import { MappingCalls } from './mapping.js';
import { PromotionCalls } from './promotions.js';
import { STOCK_CALL_MAPS } from './stock.js';
import { CONFIG_CALL_MAPS } from './config.js';
import { PRINT_CALL_MAPS } from './print.js';
import { ORDER_CALL_MAPS } from './orders.js';
import { ORDER_EXTRA_CALL_MAPS } from './orders-extras.js';
import { ACCOUNTS_CALL_MAPS } from './accounts.js';
import { SystemCalls } from './system.js';
import { FileCalls } from './files.js';
import { ExportCalls } from './exports.js';
import { ImportCalls } from './imports.js';
import { RmaCalls } from './rma.js';
import { AfterSalesCalls } from './aftersales.js';
import { PurchaseCalls } from './purchasing.js';
import { PurchaseReturnCalls } from './purchase-returns.js';
import { FINANCE_CALL_MAPS } from './finance.js';
import { RECONCILIATION_CALL_MAPS } from './reconciliation.js';
import { ReplenishmentCalls } from './replenishment.js';
import { SalesReportCalls } from './reports.js';
import { SHIPPING_REPORT_CALL_MAPS } from './reports-shipping.js';
import { BILLING_CALL_MAPS } from './billing.js';
import { NOTICES_CALL_MAPS } from './notices.js';
import { LiveCalls } from './live.js';
import { ADMIN_CALL_MAPS } from './admin.js';
import { ConnectorAppCalls } from './connector-apps.js';
import { FREIGHT_CALL_MAPS } from './freight.js';
import { GUIDES_CALL_MAPS } from './guides.js';

export { PromotionCalls, SystemCalls, FileCalls, ExportCalls, ImportCalls };
export { GoodsCalls, GoodsLinkCalls, GoodsWmsCalls, GOODS_ACCESS, SKU_PICKER_ACCESS } from './goods.js';
export { MappingCalls, MAPPING_MENU } from './mapping.js';
export * from './stock.js';
export * from './config.js';
export * from './stores.js';
export * from './print.js';
export * from './orders.js';
export * from './orders-extras.js';
export * from './accounts.js';
export { RmaCalls, AfterSalesCalls };
export { PurchaseCalls, PURCHASE_ACCESS } from './purchasing.js';
export { PurchaseReturnCalls } from './purchase-returns.js';
export { PayableCalls, PaymentCalls, BillCalls, FINANCE_ACCESS } from './finance.js';
export * from './reconciliation.js';
export { ReplenishmentCalls } from './replenishment.js';
export { SalesReportCalls, REPORT_ACCESS } from './reports.js';
export * from './reports-shipping.js';
export * from './billing.js';
export { SystemNoticeCalls, UserNoticeCalls, EmergencyNoticePageCalls } from './notices.js';
export { LiveCalls } from './live.js';
export * from './freight.js';
export { SetupChecklistCalls, OpenManualCalls, ManualCalls, BuyerSmsCalls } from './guides.js';
export { ConnectorAppCalls } from './connector-apps.js';
export { JobCalls, ConsumerCalls, EnvConfigCalls, DomainFeatureCalls, HomeCalls, STORE_SYNC_HEALTH_ACCESS } from './admin.js';

/** Every area's call map, by area name (the area names of ARCHITECTURE.md). */
export const CALL_MAPS: Record<string, CallMap> = {
  promotions: PromotionCalls,
  goods: GoodsCalls,
  goodsLinks: GoodsLinkCalls,
  goodsWms: GoodsWmsCalls,
  mapping: MappingCalls,
  ...STOCK_CALL_MAPS,
  ...CONFIG_CALL_MAPS,
  ...PRINT_CALL_MAPS,
  ...ORDER_CALL_MAPS,
  ...ORDER_EXTRA_CALL_MAPS,
  ...ACCOUNTS_CALL_MAPS,
  system: SystemCalls,
  files: FileCalls,
  exports: ExportCalls,
  imports: ImportCalls,
  rma: RmaCalls,
  afterSales: AfterSalesCalls,
  purchasing: PurchaseCalls,
  purchaseReturns: PurchaseReturnCalls,
  ...FINANCE_CALL_MAPS,
  ...RECONCILIATION_CALL_MAPS,
  replenishment: ReplenishmentCalls,
  salesReports: SalesReportCalls,
  ...SHIPPING_REPORT_CALL_MAPS,
  ...BILLING_CALL_MAPS,
  ...NOTICES_CALL_MAPS,
  live: LiveCalls,
  ...ADMIN_CALL_MAPS,
  connectorApps: ConnectorAppCalls,
  ...FREIGHT_CALL_MAPS,
  ...GUIDES_CALL_MAPS,
};

/** Every call of the catalogue. */
export const ALL_CALLS: readonly CallDef[] = Object.values(CALL_MAPS).flatMap((calls) => Object.values(calls));
