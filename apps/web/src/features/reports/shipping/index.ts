// Tabs 5–7 of /reports (issue 16 part B), for the /reports tab shell: activeKey 5 shipping by order,
// 6 shipping by express, 7 to-ship SKU.
export { ShippingByOrderTab } from './shipping-by-order-tab';
export { ShippingByExpressTab } from './shipping-by-express-tab';
export { ToShipSkuTab } from './to-ship-sku-tab';
