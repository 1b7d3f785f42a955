// The tabs of the /logs page (spec 01 §2.2: activeKey 1 business documents, 2 inventory,
// 3 inventory sync, 4 printing, 5 configuration, 6 order sync). Each tab adds itself here.
import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyPage } from '../../app/lazy-page';

export interface LogTab {
  key: '1' | '2' | '3' | '4' | '5' | '6';
  component: LazyExoticComponent<ComponentType>;
}

export const LOG_TAB_KEYS = ['1', '2', '3', '4', '5', '6'] as const;

export const LOG_TABS: LogTab[] = [
  { key: '1', component: lazyPage(() => import('./components/document-log-tab')) },
  { key: '2', component: lazyPage(() => import('../stock/inventory/inventory-log-tab')) },
  { key: '3', component: lazyPage(() => import('../stock/sync/inventory-sync-log-tab')) },
  { key: '4', component: lazyPage(() => import('../orders/printing/print-log-tab')) },
  { key: '5', component: lazyPage(() => import('./components/config-log-tab')) },
  { key: '6', component: lazyPage(() => import('../orders/ingest/order-sync-log-tab')) },
];
