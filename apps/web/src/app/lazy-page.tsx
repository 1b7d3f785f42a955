// Lazy pages (spec 01 §4.1 step 9): a failed chunk load reloads the page once, guarded by a
// flag; a second failure shows 加载错误，请尝试刷新页面 in the user's language.
import { lazy, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { Button } from 'antd';
import { ExclamationCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS } from './auth-store';
import { loadPageNamespaces } from './i18n';

// Plain markup: antd's Result (its illustrations are 10 KB) would be one more chunk to load on
// a connection that just failed to load one.
function LoadErrorPage() {
  const { t } = useTranslation();
  return (
    <div role="alert" style={{ padding: '48px 32px', textAlign: 'center' }}>
      <ExclamationCircleFilled style={{ fontSize: 72, color: '#faad14' }} />
      <div style={{ margin: '24px 0', fontSize: 24 }}>{t('common:loadError')}</div>
      <Button onClick={() => window.location.reload()}>{t('common:actions.reload')}</Button>
    </div>
  );
}

export type LazyPage = LazyExoticComponent<ComponentType> & {
  /** Starts loading the page's code now (the route being opened), before React asks for it. */
  preload: () => void;
};

export function lazyPage(loader: () => Promise<{ default: ComponentType }>): LazyPage {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const load = () => (loading ??= loader());
  const page = lazy(async () => {
    try {
      const mod = await load();
      // The page's texts before its first render (a pack that fails to load shows keys, as before).
      await loadPageNamespaces().catch(() => undefined);
      sessionStorage.removeItem(STORAGE_KEYS.reloadGuard);
      return mod;
    } catch {
      if (!sessionStorage.getItem(STORAGE_KEYS.reloadGuard)) {
        sessionStorage.setItem(STORAGE_KEYS.reloadGuard, '1');
        window.location.reload();
        return new Promise<{ default: ComponentType }>(() => {});
      }
      return { default: LoadErrorPage };
    }
  });
  // A failed preload is retried by React's own load and handled there.
  return Object.assign(page, { preload: () => void load().catch(() => undefined) });
}

/**
 * A component whose code (and language packs) load the first time it is needed, such as a dialog
 * of the top bar: render it inside Suspense once `useOnceTrue(open)` says it was opened.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
export function lazyComponent<C extends ComponentType<any>>(loader: () => Promise<C>): LazyExoticComponent<C> {
  return lazy(async () => {
    const component = await loader();
    await loadPageNamespaces().catch(() => undefined);
    return { default: component };
  });
}

/** True from the first render at which `value` is true on (a dialog keeps its closing animation). */
export function useOnceTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  if (value && !seen) setSeen(true);
  return seen || value;
}
