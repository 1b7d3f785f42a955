// The tabs of the /stocks page (spec 01 §2.2: activeKey 1 business inventory, 2 inbound notices,
// 3 outbound orders, 5 sales outbound). Each tab lives in its own file and adds itself here.
import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyPage } from '../../app/lazy-page';

export interface StockTab {
  key: '1' | '2' | '3' | '5';
  component: LazyExoticComponent<ComponentType>;
}

export const STOCK_TAB_KEYS = ['1', '2', '3', '5'] as const;

export const STOCK_TABS: StockTab[] = [
  { key: '1', component: lazyPage(() => import('./inventory/business-inventory-tab')) },
  { key: '2', component: lazyPage(() => import('./inbound/inbound-tab')) },
  { key: '3', component: lazyPage(() => import('./outbound/outbound-orders-tab')) },
  { key: '5', component: lazyPage(() => import('./outbound/sales-outbound-tab')) },
];

