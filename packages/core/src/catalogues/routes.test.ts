import { describe, expect, it } from 'vitest';
import { matchLanguage } from './languages.js';
import { SELLER_MENUS } from './permissions.js';
import { canEnterRoute, findRoute, ROUTES } from './routes.js';

describe('route table', () => {
  it('has each path once', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('gates every menu route by a known menu key', () => {
    for (const r of ROUTES) {
      if (r.gate.kind === 'menu' || r.gate.kind === 'extra') for (const k of r.gate.anyOf) expect(SELLER_MENUS).toContain(k);
    }
  });

  it('matches non-exact public routes by prefix', () => {
    expect(findRoute('/docs/getting-started')?.path).toBe('/docs');
    expect(findRoute('/authorization/callback')?.path).toBe('/authorization');
    expect(findRoute('/goods/unknown')).toBeUndefined();
  });

  it('lets an account in by any of the menus of a route', () => {
    const gate = findRoute('/goods')!.gate;
    expect(canEnterRoute(gate, { isRoot: false, menus: ['MENU_SKU'], extraMenus: [] })).toBe(true);
    expect(canEnterRoute(gate, { isRoot: false, menus: ['MENU_ERPSO'], extraMenus: [] })).toBe(false);
  });

  it('keeps /system routes for the root account', () => {
    const gate = findRoute('/system/systemNotice')!.gate;
    expect(canEnterRoute(gate, { isRoot: true, menus: [], extraMenus: [] })).toBe(true);
    expect(canEnterRoute(gate, { isRoot: false, menus: SELLER_MENUS, extraMenus: [] })).toBe(false);
  });

  it('needs the extra menu for distribution routes', () => {
    const gate = findRoute('/distribution/my-supplier')!.gate;
    expect(canEnterRoute(gate, { isRoot: false, menus: ['MENU_DISTRIBUTION'], extraMenus: [] })).toBe(false);
    expect(canEnterRoute(gate, { isRoot: false, menus: ['MENU_DISTRIBUTION'], extraMenus: ['DISTRIBUTION'] })).toBe(true);
  });
});

describe('language matching', () => {
  it('maps browser tags to the 16 packs', () => {
    expect(matchLanguage('zh-CN')).toBe('zh');
    expect(matchLanguage('zh-Hant-TW')).toBe('zh_TW');
    expect(matchLanguage('zh-HK')).toBe('zh_TW');
    expect(matchLanguage('nb')).toBe('nb_NO');
    expect(matchLanguage('pt-BR')).toBe('pt');
    expect(matchLanguage('de-DE,de;q=0.9,en;q=0.8')).toBe('de');
    expect(matchLanguage('xx', 'en')).toBe('en');
  });
});
