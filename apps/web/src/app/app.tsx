import { Suspense, useEffect, useMemo, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, theme } from 'antd';
import type { Locale } from 'antd/es/locale';
import { useTranslation } from 'react-i18next';
import type { Language } from '@openseller/core';
import { reloadWhenAuthChangesElsewhere } from './auth-store';
import { i18next, isRtl, loadAntdLocale } from './i18n';
import { PageFallback } from './page-fallback';
import { createRouter } from './router';
import { cspNonce } from './csp';
import { bindToast } from './toast';

const csp = { nonce: cspNonce() };

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
});

function ToastBinder() {
  const { message } = AntApp.useApp();
  useEffect(() => bindToast(message), [message]);
  return null;
}

export function App({ initialLanguage }: { initialLanguage: Language }) {
  const [language, setLanguage] = useState<Language>(initialLanguage);
  const [locale, setLocale] = useState<Locale | undefined>();
  const router = useMemo(() => createRouter(), []);
  const { t } = useTranslation();

  useEffect(() => reloadWhenAuthChangesElsewhere(), []);
  useEffect(() => {
    const onChange = (lng: string) => setLanguage(lng as Language);
    i18next.on('languageChanged', onChange);
    return () => i18next.off('languageChanged', onChange);
  }, []);
  useEffect(() => {
    let cancelled = false;
    loadAntdLocale(language).then((l) => {
      if (!cancelled) setLocale(l);
    });
    return () => {
      cancelled = true;
    };
  }, [language]);

  return (
    <ConfigProvider
      locale={locale}
      csp={csp}
      direction={isRtl(language) ? 'rtl' : 'ltr'}
      theme={{ algorithm: theme.defaultAlgorithm, token: { colorPrimary: '#1f6feb', borderRadius: 6 }, components: { Menu: { itemPaddingInline: 12, horizontalItemSelectedColor: '#fff' } } }}
      renderEmpty={() => <div className="os-empty">{t('common:empty')}</div>}
    >
      <AntApp message={{ top: 72, maxCount: 5 }}>
        <ToastBinder />
        <QueryClientProvider client={queryClient}>
          <Suspense fallback={<PageFallback />}>
            <RouterProvider router={router} />
          </Suspense>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
