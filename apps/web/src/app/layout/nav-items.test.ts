import { describe, expect, it } from 'vitest';
import { SELLER_MENUS, ROOT_MENUS } from '@openseller/core';
import type { SessionState } from '../session';
import { visibleNav } from './nav-items';

function session(partial: Partial<SessionState>): SessionState {
  return {
    account: {} as SessionState['account'],
    menus: new Set<string>(),
    fields: [],
    extraMenus: [],
    domain: null,
    domainConfig: [],
    systemConfigs: [],
    isRoot: false,
    isMain: false,
    ...partial,
  };
}

const keys = (s: SessionState, guide = false) => visibleNav(s, guide).map((e) => e.key);

describe('top navigation', () => {
  it('shows a sub-account only the entries of its menus', () => {
    const picker = session({ menus: new Set(['MENU_ERPSO', 'MENU_INV']) });
    expect(keys(picker)).toEqual(['orders', 'stock']);
    const stock = visibleNav(picker, false).find((e) => e.key === 'stock')!;
    expect(stock.links!.map((l) => l.path)).toEqual(['/stocks', '/stocks/create-adjust']);
  });

  it('shows a main account every seller entry and SMS, and no admin menu', () => {
    const main = session({ menus: new Set(SELLER_MENUS), isMain: true, extraMenus: ['DISTRIBUTION'] });
    expect(keys(main)).toEqual(['purchase', 'goods', 'orders', 'aftersale', 'stock', 'distribution', 'reports', 'finance', 'config', 'sms']);
  });

  it('keeps SMS from sub-accounts even with every menu', () => {
    expect(keys(session({ menus: new Set(SELLER_MENUS) }))).not.toContain('sms');
  });

  it('shows the root account only the admin menu', () => {
    expect(keys(session({ menus: new Set(ROOT_MENUS), isRoot: true }))).toEqual(['admin']);
  });

  it('hides distribution without the extra menu, and leads to the intro page until the guide flag is set', () => {
    const noExtra = session({ menus: new Set(SELLER_MENUS), isMain: true });
    expect(keys(noExtra)).not.toContain('distribution');
    const withExtra = session({ menus: new Set(SELLER_MENUS), isMain: true, extraMenus: ['DISTRIBUTION'] });
    expect(visibleNav(withExtra, false).find((e) => e.key === 'distribution')!.path).toBe('/distribution-attract');
    expect(visibleNav(withExtra, true).find((e) => e.key === 'distribution')!.groups!.length).toBe(3);
  });
});
