// Lazy pages (spec 01 §4.1 step 9): a failed chunk load reloads the page once, guarded by a
// flag; a second failure shows 加载错误，请尝试刷新页面 in the user's language.
import { lazy, type ComponentType } from 'react';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS } from './auth-store';

function LoadErrorPage() {
  const { t } = useTranslation();
  return <Result status="warning" title={t('common:loadError')} extra={<Button onClick={() => window.location.reload()}>{t('common:actions.reload')}</Button>} />;
}

export function lazyPage(loader: () => Promise<{ default: ComponentType }>) {
  return lazy(async () => {
    try {
      const mod = await loader();
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
}
