// The top navigation of spec 01 §2.3. Each entry names routes of the route table; an entry
// shows when the account may enter at least one of its routes.
import { canEnterRoute, findRoute } from '@openseller/core';
import type { SessionState } from '../session';

export interface NavLink {
  path: string;
}

export interface NavGroup {
  label: string;
  links: NavLink[];
}

export interface NavEntry {
  key: string;
  label: string;
  /** A single page. */
  path?: string;
  /** A submenu of pages. */
  links?: NavLink[];
  /** A submenu in titled groups. */
  groups?: NavGroup[];
  mainOnly?: boolean;
  rootOnly?: boolean;
}

const l = (...paths: string[]): NavLink[] => paths.map((path) => ({ path }));

export const NAV_ENTRIES: NavEntry[] = [
  { key: 'purchase', label: 'top.purchase', path: '/purchase' },
  { key: 'goods', label: 'top.goods', links: l('/goods', '/goods/mapping', '/goods/salesPromotion', '/goods/livestreamGoods') },
  {
    key: 'orders',
    label: 'top.orders',
    links: l('/order', '/order/createorder', '/order/aftersalesmanagement', '/waveStrategy/distribution', '/waveStrategy/detail', '/waveStrategy/inspectionWave'),
  },
  { key: 'aftersale', label: 'top.aftersale', path: '/afterSale' },
  { key: 'stock', label: 'top.stock', links: l('/stocks', '/stocks/check', '/stocks/transfer', '/stocks/sync', '/stocks/create-adjust') },
  {
    key: 'distribution',
    label: 'top.distribution',
    groups: [
      { label: 'groups.asVendor', links: l('/distribution/my-distributor', '/distribution/distributor-goods-management', '/distribution/distribution-rule') },
      { label: 'groups.asDistributor', links: l('/distribution/my-supplier') },
      { label: 'groups.billSettlement', links: l('/distribution/distribution-bill', '/distribution/distributionFreightTemplate') },
    ],
  },
  { key: 'reports', label: 'top.reports', path: '/reports' },
  { key: 'finance', label: 'top.finance', links: l('/finance/payment-management', '/finance/reconciliation', '/finance/platform-billing-summary') },
  {
    key: 'config',
    label: 'top.config',
    groups: [
      { label: 'groups.warehouseManagement', links: l('/config/warehouse/details', '/config/whExpressManagement') },
      { label: 'groups.logistics', links: l('/config/accounts', '/config/expressCompany', '/config/logistics-rules', '/config/freightTemplate', '/config/expressReconciliation', '/config/expressStop') },
      { label: 'groups.systemConfig', links: l('/config/storemanagement', '/config/supplierManagement', '/config/templates', '/config/configuration', '/config/subAccount') },
    ],
  },
  { key: 'sms', label: 'top.sms', path: '/sms', mainOnly: true },
  { key: 'admin', label: 'top.admin', links: l('/system/domains', '/system/billing', '/system/smsOutbox', '/system/systemNotice', '/system/manuals', '/system/templates', '/system/jobs', '/system/features', '/system/envConfig', '/system/connectorApps'), rootOnly: true },
];

export const DISTRIBUTION_GUIDE_FLAG = 'openseller.distributionGuideDone';

export function canOpen(path: string, session: SessionState): boolean {
  const def = findRoute(path);
  if (!def) return false;
  return canEnterRoute(def.gate, { isRoot: session.isRoot, menus: session.menus, extraMenus: session.extraMenus });
}

/** The navigation the account sees: entries and links it may open, empty groups dropped. */
export function visibleNav(session: SessionState, distributionGuideDone: boolean): NavEntry[] {
  const result: NavEntry[] = [];
  for (const entry of NAV_ENTRIES) {
    if (entry.rootOnly && !session.isRoot) continue;
    if (session.isRoot && !entry.rootOnly) continue;
    // The SMS entry: main accounts only, never the root account (spec 01 §6).
    if (entry.mainOnly && !session.isMain) continue;
    if (entry.path) {
      if (entry.mainOnly || canOpen(entry.path, session)) result.push(entry);
      continue;
    }
    if (entry.links) {
      const links = entry.links.filter((link) => canOpen(link.path, session));
      if (links.length) result.push({ ...entry, links });
      continue;
    }
    if (entry.groups) {
      const groups = entry.groups.map((g) => ({ ...g, links: g.links.filter((link) => canOpen(link.path, session)) })).filter((g) => g.links.length);
      if (!groups.length) continue;
      // Without the local guide flag, distribution is one entry to its intro page.
      if (entry.key === 'distribution' && !distributionGuideDone) result.push({ key: entry.key, label: entry.label, path: '/distribution-attract' });
      else result.push({ ...entry, groups });
    }
  }
  return result;
}
