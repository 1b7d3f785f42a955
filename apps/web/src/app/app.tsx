import { lazy, Suspense, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { RouterProvider } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, theme } from 'antd';
import type { Locale } from 'antd/es/locale';
import { useTranslation } from 'react-i18next';
import type { Language } from '@openseller/core';
import { reloadWhenAuthChangesElsewhere } from './auth-store';
import { i18next, isRtl, loadAntdLocale } from './i18n';
import { PageFallback } from './page-fallback';
import { createRouter } from './router';
import { cspNonce } from './csp';
import { onToastHostWanted } from './toast';
import { queryClient } from './query-client';

const csp = { nonce: cspNonce() };

// A person who asked their system for less motion gets none from antd either: drawers, dialogs,
// menus and tabs appear at once instead of sliding or fading (styles.css does the same for ours).
const reducedMotionQuery = typeof window !== 'undefined' && window.matchMedia ? window.matchMedia('(prefers-reduced-motion: reduce)') : null;
function subscribeReducedMotion(onChange: () => void) {
  reducedMotionQuery?.addEventListener('change', onChange);
  return () => reducedMotionQuery?.removeEventListener('change', onChange);
}
const prefersReducedMotion = () => reducedMotionQuery?.matches ?? false;
/** Nor the ripple a button sends out when clicked. */
const WAVE_OFF = { disabled: true };


// Toasts of pages outside the signed-in shell (which has antd's <App>, app-layout.tsx): a message
// host loaded the first time one is shown.
const ToastHost = lazy(() => import('./toast-host'));
function LazyToastHost() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => onToastHostWanted(() => setWanted(true)), []);
  return wanted ? (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  ) : null;
}

export function App({ initialLanguage }: { initialLanguage: Language }) {
  const [language, setLanguage] = useState<Language>(initialLanguage);
  const [locale, setLocale] = useState<Locale | undefined>();
  const router = useMemo(() => createRouter(), []);
  const { t } = useTranslation();
  const reducedMotion = useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion);
  const appTheme = useMemo(
    () => ({
      algorithm: theme.defaultAlgorithm,
      token: { colorPrimary: '#1f6feb', borderRadius: 6, ...(reducedMotion ? { motion: false } : {}) },
      components: { Menu: { itemPaddingInline: 12, horizontalItemSelectedColor: '#fff' } },
    }),
    [reducedMotion],
  );

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
      theme={appTheme}
      wave={reducedMotion ? WAVE_OFF : undefined}
      renderEmpty={() => <div className="os-empty">{t('common:empty')}</div>}
    >
      <LazyToastHost />
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={<PageFallback />}>
          <RouterProvider router={router} />
        </Suspense>
      </QueryClientProvider>
    </ConfigProvider>
  );
}
