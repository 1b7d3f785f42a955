// One route table (core ROUTES) with its gates: public routes outside the layout, the rest
// inside it behind sign-in, each checked against the account's menus.
import { Suspense, useEffect, type ReactNode } from 'react';
import { createHashRouter, Navigate, useLocation, type RouteObject } from 'react-router-dom';
import { PageFallback } from './page-fallback';
import { useTranslation } from 'react-i18next';
import { canEnterRoute, ROUTES, type RouteDefinition } from '@openseller/core';
import { accessToken } from './auth-store';
import { initialLanguage, preloadPacks } from './i18n';
import { registeredNamespaces } from './i18n-namespaces';
import { lazyComponent, lazyPage } from './lazy-page';
import { PAGE_NAMESPACES } from './page-namespaces';
import { PAGES, ROUTE_PREFETCH } from './pages';
import { prefetchSession, useSession } from './session';
import { useSiteInfo } from './site';

// The signed-in shell (menus, top bar, its dialogs) is code the sign-in page does not need.
// Shown rarely; antd's Result with its illustrations is not part of every first load.
const ForbiddenPage = lazyComponent(async () => (await import('./status-pages')).ForbiddenPage);
const NotAvailablePage = lazyComponent(async () => (await import('./status-pages')).NotAvailablePage);
const AppLayout = lazyPage(async () => ({ default: (await import('./layout/app-layout')).AppLayout }));

/**
 * Starts loading what the page being opened needs at once, in the order it is needed, instead of
 * one after the other as React meets it: the language packs of the entry, the shell and the page
 * (their map first), the session's and the route's calls, then the shell's and the page's code.
 * The browser has 6 connections to the server; the page's code is many files, so the packs and
 * the calls are asked for before it, not queued behind it.
 */
export function preloadCurrentRoute(): void {
  const [path, query = ''] = window.location.hash.replace(/^#/, '').split('?');
  const pathname = path || '/';
  const def = ROUTES.find((r) => r.path === pathname) ?? ROUTES.find((r) => r.prefix && pathname.startsWith(`${r.path}/`));
  if (!def) return;
  const signedIn = def.placement === 'layout' && !!accessToken();
  if (def.placement === 'layout' && !signedIn) return;
  const packsAsked = preloadPacks(initialLanguage(), [
    ...(registeredNamespaces() ?? []),
    ...(signedIn ? (PAGE_NAMESPACES.layout ?? []) : []),
    ...(PAGE_NAMESPACES[def.path] ?? []),
  ]);
  if (signedIn) {
    // The route's own calls first: their code is a small part of the page's, and its files would
    // otherwise queue behind the session's seven calls.
    ROUTE_PREFETCH[def.path]?.(query);
    prefetchSession();
  }
  void packsAsked.then(() => {
    if (signedIn) AppLayout.preload();
    PAGES[def.path]?.preload();
  });
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
