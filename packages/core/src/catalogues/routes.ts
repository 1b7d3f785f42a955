// Every route of spec 01 §2 with its gate. The web app attaches pages to these; the server
// uses the same menu keys for the calls of each area.

/** Gate of a route: none, one menu, any of several menus, an extra menu, or the root account. */
export type RouteGate =
  | { kind: 'none' }
  | { kind: 'menu'; anyOf: string[] }
  | { kind: 'extra'; extra: string; anyOf: string[] }
  | { kind: 'root' };

export interface RouteDefinition {
  path: string;
  /** i18n key under the `routes` namespace, used for the page title. */
  title: string;
  /** public: outside the layout, no sign-in; layout: inside the shared layout, signed in. */
  placement: 'public' | 'layout';
  gate: RouteGate;
  /** Non-exact routes also match sub-paths (spec 01 §2.1). */
  prefix?: boolean;
  /** Business area, for the "not available yet" page and analytics. */
  area: string;
}

const none: RouteGate = { kind: 'none' };
const menu = (...anyOf: string[]): RouteGate => ({ kind: 'menu', anyOf });
const root: RouteGate = { kind: 'root' };
const distribution = (...anyOf: string[]): RouteGate => ({ kind: 'extra', extra: 'DISTRIBUTION', anyOf });

const pub = (path: string, title: string, area: string, prefix = false): RouteDefinition => ({
  path,
  title,
  placement: 'public',
  gate: none,
  area,
  ...(prefix ? { prefix } : {}),
});
const lay = (path: string, title: string, area: string, gate: RouteGate = none): RouteDefinition => ({
  path,
  title,
  placement: 'layout',
  gate,
  area,
});

export const ROUTES: RouteDefinition[] = [
  pub('/login', 'login', 'accounts'),
  pub('/platform-login', 'platformLogin', 'accounts'),
  pub('/customerLogin', 'customerLogin', 'accounts'),
  pub('/register', 'register', 'accounts'),
  pub('/protocol', 'protocol', 'system'),
  pub('/privacy', 'privacy', 'system'),
  pub('/resetpwd', 'resetpwd', 'accounts'),
  pub('/bindingPhone', 'bindingPhone', 'accounts'),
  pub('/addShop', 'addShop', 'stores'),
  pub('/addShopOem', 'addShop', 'stores'),
  pub('/payResult', 'payResult', 'system'),
  pub('/authorization', 'authorization', 'stores', true),
  pub('/docs', 'docs', 'system', true),
  pub('/activities/distribution', 'activities', 'distribution', true),
  pub('/activities/recomend', 'activities', 'system', true),
  pub('/activities/oldCustomer', 'activities', 'system', true),
  pub('/historyMessage', 'historyMessage', 'notices'),

  lay('/', 'home', 'system'),
  lay('/downloadCenter', 'downloadCenter', 'exports', menu('MENU_DATA_DOWNLOAD')),
  lay('/loginRecord', 'loginRecord', 'accounts', menu('MENU_LOGIN_RECOR')),
  lay('/accountCenter', 'accountCenter', 'accounts', menu('MENU_ACCOUNT')),

  lay('/purchase', 'purchase', 'purchase', menu('MENU_PURCHASE')),
  lay('/purchase/create-purchase-order', 'createPurchaseOrder', 'purchase', menu('MENU_PURCHASE')),
  lay('/purchase/create-purchase-return', 'createPurchaseReturn', 'purchase', menu('MENU_PURCHASE')),
  // Not in the spec (issue 15): replenishment suggestions, from which purchase orders are drafted.
  lay('/purchase/replenishment', 'purchaseReplenishment', 'purchase', menu('MENU_PURCHASE')),

  lay('/goods', 'goods', 'goods', menu('MENU_SKU')),
  lay('/goods/mapping', 'goodsMapping', 'goods', menu('MENU_TBSKU_RELATION')),
  lay('/goods/mapping/recyclebin', 'goodsMappingRecycle', 'goods', menu('MENU_TBSKU_RELATION')),
  lay('/goods/salesPromotion', 'salesPromotion', 'goods', menu('MENU_NEW_PROMOTION_MANAGE')),
  lay('/goods/livestreamGoods', 'livestreamGoods', 'goods', menu('MENU_SKU')),
  lay('/goods/distributionMapping', 'distributionMapping', 'distribution', distribution('MENU_DISTRIBUTION_SKU_RELATION')),

  lay('/order', 'order', 'orders', menu('MENU_ERPSO')),
  lay('/order/createorder', 'createOrder', 'orders', menu('MENU_ERPSO_CREATE')),
  lay('/order/aftersalesmanagement', 'afterSalesManagement', 'aftersale', menu('MENU_RMA_MANAGE')),
  lay('/order/vipJIT', 'vipJIT', 'orders', menu('MENU_ERPSO')),
  lay('/order/ai-split-setting', 'aiSplitSetting', 'orders', menu('MENU_ERPSO')),
  lay('/order/liveBroadcastManagement', 'liveBroadcast', 'orders', menu('MENU_ERPSO')),
  lay('/order/jingCangOrder', 'jingCangOrder', 'orders', menu('MENU_ERPSO')),
  lay('/order/afterPrintOrder', 'afterPrintOrder', 'orders', menu('MENU_ERPSO')),

  lay('/afterSale', 'afterSale', 'aftersale', menu('MENU_AFTER_SALES')),
  lay('/afterSale/createAfterSaleOrder', 'createAfterSale', 'aftersale', menu('MENU_AFTER_SALES')),

  lay('/stocks', 'stocks', 'stock', menu('MENU_INV')),
  lay('/stocks/check', 'stockCheck', 'stock', menu('MENU_INV_ADJUST')),
  lay('/stocks/createStockAftersale', 'createStockAftersale', 'stock', menu('MENU_INV')),
  lay('/stocks/createstocksin', 'createStocksIn', 'stock', menu('MENU_ASN_CREATE')),
  lay('/stocks/createstocksout', 'createStocksOut', 'stock', menu('MENU_WDO_CREATE')),
  lay('/stocks/sync', 'stockSync', 'stock', menu('MENU_INV_SYNC')),
  lay('/stocks/transfer', 'stockTransfer', 'stock', menu('MENU_INV_TRANSFER')),
  lay('/stocks/create-adjust', 'averageCostAdjust', 'stock', menu('MENU_INV')),

  lay('/config/templates', 'printTemplates', 'print', menu('MENU_PRINT_TEMPLATE')),
  lay('/config/expressReconciliation', 'expressReconciliation', 'finance', menu('MENU_EXPRESS_RECONCILIATION')),
  lay('/config/expressReconciliation/freightExpressReconciliation', 'freightExpressReconciliation', 'finance', menu('MENU_EXPRESS_RECONCILIATION')),
  lay('/config/expressStop', 'expressStop', 'express', menu('MENU_EXPRESS_STOP')),
  lay('/config/freightTemplate', 'freightTemplate', 'express', menu('MENU_FREIGHT_TEMPLATE')),
  lay('/config/freightTemplate/template/createFreightTemplate', 'createFreightTemplate', 'express', menu('MENU_FREIGHT_TEMPLATE')),
  lay('/config/expressStop/template/createTemplate', 'createExpressStop', 'express', menu('MENU_EXPRESS_STOP')),
  lay('/config/whExpressManagement', 'whExpressManagement', 'warehouses', menu('MENU_WH_EXPRESS')),
  lay('/config/accounts', 'waybillAccounts', 'print', menu('MENU_ETRACK_ACCOUNT')),
  // The carriers a seller ships with, picked from the system catalogue (spec 02 §7.8).
  lay('/config/expressCompany', 'expressCompany', 'express', menu('MENU_ETRACK_ACCOUNT')),
  lay('/config/configuration', 'configuration', 'system', menu('MENU_USER_CONFIG')),
  lay('/config/storemanagement', 'storeManagement', 'stores', menu('MENU_STORE')),
  lay('/config/storemanagement/createonlinestore', 'createOnlineStore', 'stores', menu('MENU_STORE')),
  lay('/config/storemanagement/createofflinebatch', 'createOfflineBatch', 'stores', menu('MENU_STORE')),
  lay('/config/supplierManagement', 'supplierManagement', 'purchase', menu('MENU_SUPPLIER')),
  lay('/config/logistics-rules', 'logisticsRules', 'express', menu('MENU_EXPRESS_RULE')),
  lay('/config/warehouse/details', 'warehouseDetails', 'warehouses', menu('MENU_WH_LIST')),
  lay('/config/warehouse/create', 'warehouseCreate', 'warehouses', menu('MENU_WH_LIST')),
  lay('/config/warehouse/correspondence', 'warehouseCorrespondence', 'warehouses', menu('MENU_WH_LIST')),
  lay('/config/subAccount', 'subAccount', 'accounts', menu('MENU_USER_MANAGER')),
  lay('/config/subAccount/addSubAccount', 'addSubAccount', 'accounts', menu('MENU_USER_MANAGER')),

  lay('/reports', 'reports', 'reports', menu('MENU_REPORT')),
  lay('/logs', 'logs', 'logs', menu('MENU_BIZ_LOG')),

  lay('/storeOrder/order', 'storeOrder', 'system'),
  lay('/storeOrder/failure', 'storeOrderFailure', 'system'),
  lay('/storeOrder/agreement', 'storeOrderAgreement', 'system'),
  lay('/domainOrder/order', 'domainOrder', 'system'),
  lay('/domainOrder/pay', 'domainOrderPay', 'system'),
  lay('/domainOrder/failure', 'domainOrderFailure', 'system'),

  lay('/distribution/my-distributor', 'myDistributor', 'distribution', distribution('MENU_DISTRIBUTION', 'MENU_VENDOR')),
  lay('/distribution/distributor-goods-management', 'distributorGoods', 'distribution', distribution('DISTRIBUTION_SKU_PRICE')),
  lay('/distribution/distribution-rule', 'distributionRule', 'distribution', distribution('MENU_DISTRIBUTION_CREDIT')),
  lay('/distribution/my-supplier', 'mySupplier', 'distribution', distribution('MENU_DISTRIBUTION')),
  lay('/distribution/distribution-bill', 'distributionBill', 'distribution', distribution('MENU_DISTRIBUTION_BILL')),
  lay('/distribution/distributionFreightTemplate', 'distributionFreight', 'distribution', distribution('DISTRIBUTION_EXPRESS_FREIGHT_TEMPLATE')),
  lay('/distribution/distributionFreightTemplate/createFreightTemplate', 'distributionFreightCreate', 'distribution', distribution('DISTRIBUTION_EXPRESS_FREIGHT_TEMPLATE')),
  lay('/distribution-attract', 'distributionAttract', 'distribution'),

  lay('/finance/payment-management', 'paymentManagement', 'finance', menu('MENU_PAYABLE_MANAGE')),
  lay('/finance/payment-management/create-payable', 'createPayable', 'finance', menu('MENU_PAYABLE_MANAGE')),
  lay('/finance/payment-management/create-paid', 'createPaid', 'finance', menu('MENU_PAYABLE_MANAGE')),
  lay('/finance/reconciliation', 'reconciliation', 'finance', menu('MENU_RECONCILIATION')),
  lay('/finance/reconciliation/platform-bill', 'platformBill', 'finance', menu('MENU_PLATFORM_BILL')),
  lay('/finance/platform-billing-summary', 'billingSummary', 'finance', menu('MENU_BILL_SUMMARY')),

  lay('/system/systemNotice', 'systemNotice', 'notices', root),
  lay('/system/templates', 'systemTemplates', 'print', root),
  // Admin pages this product adds for the root account: tenants and the SMS outbox.
  lay('/system/domains', 'systemDomains', 'system', root),
  lay('/system/smsOutbox', 'smsOutbox', 'system', root),
  lay('/system/billing', 'systemBilling', 'system', root),
  // Platform administration (issue 17): job control with the queue consumers, feature domains, environment settings.
  lay('/system/jobs', 'systemJobs', 'admin', root),
  lay('/system/features', 'systemFeatures', 'admin', root),
  lay('/system/envConfig', 'systemEnvConfig', 'admin', root),
  lay('/system/connectorApps', 'systemConnectorApps', 'admin', root),
  // The help centre's manuals, edited by the root account (issue 17); read at /docs.
  lay('/system/manuals', 'systemManuals', 'notices', root),

  lay('/waveStrategy/distribution', 'waveDistribution', 'orders', menu('MENU_WAVE_STRATEGY_DISTRIBUTION')),
  lay('/waveStrategy/detail', 'waveDetail', 'orders', menu('MENU_WAVE_STRATEGY_DETAIL')),
  lay('/waveStrategy/inspectionWave', 'waveInspection', 'orders', menu('MENU_WAVE_INSPECTION')),

  // The SMS entry of the top navigation (spec 01 §2.3); shown to main accounts only.
  lay('/sms', 'sms', 'notices'),
];

export function findRoute(path: string): RouteDefinition | undefined {
  const exact = ROUTES.find((r) => r.path === path);
  if (exact) return exact;
  return ROUTES.find((r) => r.prefix && path.startsWith(r.path + '/'));
}

export interface GateSubject {
  isRoot: boolean;
  menus: ReadonlySet<string> | readonly string[];
  extraMenus: readonly string[];
}

/** Whether a signed-in account may open a route (spec 01 §5: one menu, any of a list, or an extra menu). */
export function canEnterRoute(gate: RouteGate, subject: GateSubject): boolean {
  const has = (k: string) => (subject.menus instanceof Set ? subject.menus.has(k) : (subject.menus as readonly string[]).includes(k));
  switch (gate.kind) {
    case 'none':
      return true;
    case 'root':
      return subject.isRoot;
    case 'menu':
      return gate.anyOf.some(has);
    case 'extra':
      return subject.extraMenus.includes(gate.extra) && gate.anyOf.some(has);
  }
}
