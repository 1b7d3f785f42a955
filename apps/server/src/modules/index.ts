// The business areas, in the order they are registered. Each file exports one AreaModule.
import type { AreaModule } from '../platform/module.js';
import { registerMappingModule } from './mapping/index.js';
import { registerWarehousesModule } from './warehouses/index.js';
import { registerExpressModule } from './express/index.js';
import { registerSuppliersModule } from './suppliers/index.js';
import { registerPromotionsModule } from './promotions/index.js';
import { registerGoodsModule } from './goods/index.js';
import { registerStoresModule } from './stores/index.js';
import { registerStockModule } from './stock/index.js';
import { registerLogsModule } from './logs/index.js';
import { registerStockCheckModule } from './stock/check/index.js';
import { registerStockInventoryModule } from './stock/inventory/index.js';
import { registerOutboundModule } from './stock/outbound/index.js';
import { registerTransferModule } from './stock/transfer/index.js';
import { registerStockSyncModule } from './stock/sync/index.js';
import { registerWarehouseSystemsModule } from '../connectors/warehouse/index.js';
import { registerInboundModule } from './stock/inbound/index.js';
import { registerRmaModule } from './stock/rma/index.js';
import { registerOrdersModule } from './orders/index.js';
import { registerSettingsModule } from './settings/index.js';
import { registerAfterSalesModule } from './aftersales/index.js';
import { registerPurchasingModule } from './purchasing/index.js';
import { registerFinanceModule } from './finance/index.js';
import { registerAdminModule } from './admin/index.js';

export const AREA_MODULES: AreaModule[] = [registerGoodsModule, registerWarehousesModule, registerExpressModule, registerSuppliersModule, registerMappingModule, registerPromotionsModule, registerStoresModule, registerStockModule, registerLogsModule, registerStockCheckModule, registerStockInventoryModule, registerStockSyncModule, registerOutboundModule, registerTransferModule, registerWarehouseSystemsModule, registerInboundModule, registerRmaModule, registerOrdersModule, registerSettingsModule, registerAfterSalesModule, registerPurchasingModule, registerFinanceModule, registerAdminModule];
