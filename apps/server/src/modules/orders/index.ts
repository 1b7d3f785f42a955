// The orders area (spec 02 §3.5, §3.10, §4, §7.10; spec 01 §2.2 /order). See README.md.
// Each part registers its own routes, jobs and services:
//   ingest/         pulls from stores, manual creation, .xlsx import, self-defined store HTTP ingest, the pipeline
//   list/           the order list (tabs, filters, counts), saved search tabs, home counters
//   commands/       verify, lock, merge, split, convert, close, change courier/receiver/warehouse, out-of-stock
//   express-rules/  express rules and stop-shipping areas (the courier chosen on ingest)
//   live/           live-broadcast sessions and anchors (the orders each session covered)
import type { AreaModule } from '../../platform/module.js';
import { registerOrderCommands } from './commands/index.js';
import { registerExpressRules } from './express-rules/index.js';
import { registerOrderExceptions } from './exceptions/index.js';
import { registerOrderImport } from './import/index.js';
import { registerOrderIngest } from './ingest/index.js';
import { registerOrderList } from './list/index.js';
import { registerWaybills } from './waybills/index.js';
import { registerOrderShipping } from './shipping/index.js';
import { registerPrinting } from './printing/index.js';
import { registerOrderChecking } from './checking/index.js';
import { registerOrderTracking } from './tracking/index.js';
import { registerOrderIntercepts } from './intercepts/index.js';
import { registerOrderReveal } from './reveal/index.js';
import { registerOrderLines } from './lines/index.js';
import { registerOrderArchive } from './archive/index.js';
import { registerOrderExport } from './export/index.js';
import { registerOrderPromotions } from './promotions/index.js';
import { registerLive } from './live/index.js';

export { ORDER_DOC_TYPE, ORDERS_AREA } from './orders.model.js';
/** The order-ingest service (registry 'order-ingest'): orders entered by hand go through the pipeline. */
export { PLATFORM_AFTER_SALES_SERVICE, type IngestService, type PlatformAfterSalesService } from './ingest/index.js';
export const ORDER_INGEST_SERVICE = 'order-ingest';
/** Refund holds and intercept tasks, in the caller's transaction (the after-sales area's documents hold and release orders). */
/** Called with the orders a send shipped, in its transaction (the guides area texts buyers). */
export { ORDERS_SHIPPED_LISTENERS, type OrdersShippedListener } from './shipping/index.js';
export { ORDERS_OUT_FOR_DELIVERY_LISTENERS, type OrdersOutForDeliveryListener } from './tracking/index.js';
export { holdOrdersForRefund, releaseRefundHolds, type ActiveRefundsElsewhere } from './intercepts/index.js';

export const registerOrdersModule: AreaModule = (ctx) => {
  registerExpressRules(ctx);
  registerLive(ctx);
  registerOrderIngest(ctx);
  registerOrderImport(ctx);
  registerOrderList(ctx);
  registerOrderCommands(ctx);
  registerOrderExceptions(ctx);
  registerOrderShipping(ctx);
  registerOrderChecking(ctx);
  registerWaybills(ctx);
  registerPrinting(ctx);
  registerOrderTracking(ctx);
  registerOrderIntercepts(ctx);
  registerOrderReveal(ctx);
  registerOrderLines(ctx);
  registerOrderArchive(ctx);
  registerOrderExport(ctx);
  registerOrderPromotions(ctx);
};
