// One route table (core ROUTES) with its gates: public routes outside the layout, the rest
// inside it behind sign-in, each checked against the account's menus.
import { Suspense, useEffect, type ReactNode } from 'react';
import { createHashRouter, Navigate, useLocation, type RouteObject } from 'react-router-dom';
import { PageFallback } from './page-fallback';
import { useTranslation } from 'react-i18next';
import { canEnterRoute, ROUTES, type RouteDefinition } from '@openseller/core';
import { accessToken } from './auth-store';
import { lazyComponent, lazyPage } from './lazy-page';
import { PAGES, ROUTE_PREFETCH } from './pages';
import { prefetchSession, useSession } from './session';
import { useSiteInfo } from './site';

// The signed-in shell (menus, top bar, its dialogs) is code the sign-in page does not need.
// Shown rarely; antd's Result with its illustrations is not part of every first load.
const ForbiddenPage = lazyComponent(async () => (await import('./status-pages')).ForbiddenPage);
const NotAvailablePage = lazyComponent(async () => (await import('./status-pages')).NotAvailablePage);
const AppLayout = lazyPage(async () => ({ default: (await import('./layout/app-layout')).AppLayout }));

/**
 * Starts loading the code of the page being opened (and of the shell and the session, when signed
 * in) at once, alongside the language packs, instead of one after the other as React meets them.
 */
export function preloadCurrentRoute(): void {
  const [path, query = ''] = window.location.hash.replace(/^#/, '').split('?');
  const pathname = path || '/';
  const def = ROUTES.find((r) => r.path === pathname) ?? ROUTES.find((r) => r.prefix && pathname.startsWith(`${r.path}/`));
  if (!def) return;
  if (def.placement === 'layout') {
    if (!accessToken()) return;
    // The route's own calls first: their code is a small part of the page's, asked for first.
    ROUTE_PREFETCH[def.path]?.(query);
    AppLayout.preload();
    prefetchSession();
  }
  PAGES[def.path]?.preload();
}

function usePageTitle(title: string) {
  const { t } = useTranslation();
  const site = useSiteInfo();
  const text = t(`nav:routes.${title}`);
  useEffect(() => {
    document.title = site ? `${text} - ${site.siteTitle}` : text;
  }, [text, site]);
}

function PageBody({ def }: { def: RouteDefinition }) {
  const Page = PAGES[def.path];
  return <Suspense fallback={<PageFallback />}>{Page ? <Page /> : <NotAvailablePage area={def.area} title={def.title} />}</Suspense>;
}

function PublicRoute({ def }: { def: RouteDefinition }) {
  usePageTitle(def.title);
  return <PageBody def={def} />;
}

function GatedRoute({ def }: { def: RouteDefinition }) {
  usePageTitle(def.title);
  const session = useSession();
  const location = useLocation();
  // /system is for the root account only; others go home (spec 01 §6).
  if (def.gate.kind === 'root' && !session.isRoot) return <Navigate to="/" replace />;
  // The root account has no seller areas: it lands on its admin pages.
  if (session.isRoot && def.path === '/' ) return <Navigate to="/system/domains" replace />;
  const allowed = canEnterRoute(def.gate, { isRoot: session.isRoot, menus: session.menus, extraMenus: session.extraMenus });
  if (!allowed)
    return (
      <Suspense fallback={<PageFallback />}>
        <ForbiddenPage key={location.pathname} />
      </Suspense>
    );
  return <PageBody def={def} />;
}

function withChildren(def: RouteDefinition, element: ReactNode): RouteObject[] {
  const routes: RouteObject[] = [{ path: def.path, element }];
  if (def.prefix) routes.push({ path: `${def.path}/*`, element });
  return routes;
}

export function createRouter() {
  const publicRoutes = ROUTES.filter((r) => r.placement === 'public').flatMap((def) => withChildren(def, <PublicRoute def={def} />));
  const layoutRoutes = ROUTES.filter((r) => r.placement === 'layout').flatMap((def) => withChildren(def, <GatedRoute def={def} />));
  return createHashRouter([
    ...publicRoutes,
    {
      element: (
        <Suspense fallback={<PageFallback />}>
          <AppLayout />
        </Suspense>
      ),
      children: [...layoutRoutes, { path: '*', element: <Navigate to="/" replace /> }],
    },
  ]);
}
