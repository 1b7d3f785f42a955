// The shared layout: top header with the navigation, the content area, the back-to-top
// button after 100 px, and the edition banner. Signed-out visitors go to login with `from`.
import { Suspense, useEffect, useMemo, useState } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Button, Dropdown, Layout, Menu, Space, Tag, Tooltip, type MenuProps } from 'antd';
import { CloseCircleFilled, CustomerServiceOutlined, VerticalAlignTopOutlined, DownOutlined, GlobalOutlined, QuestionCircleOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AuthCalls, effectiveLevel, findRoute, LANGUAGE_NAMES, LANGUAGES } from '@openseller/core';
import { accessToken, clearAuth } from '../auth-store';
import { useQueryClient } from '@tanstack/react-query';
import { changeLanguage, currentLanguage } from '../i18n';
import { callApi } from '../request';
import { SessionProvider, useSession, useSessionQuery, type SessionState } from '../session';
import { useSiteInfo } from '../site';
import { PageFallback } from '../page-fallback';
import { EditionBanner } from './edition-banner';
import { canOpen, DISTRIBUTION_GUIDE_FLAG, visibleNav, type NavEntry } from './nav-items';
import { ServiceModal } from './service-modal';
import { lazyComponent, useOnceTrue } from '../lazy-page';

// Dialogs of the top bar, loaded when first opened (the auth codes' table alone is 45 KB).
const ChangePasswordModal = lazyComponent(async () => (await import('../../features/accounts/components/change-password-modal')).ChangePasswordModal);
const AuthCodeModal = lazyComponent(async () => (await import('../../features/accounts/components/auth-code-modal')).AuthCodeModal);
import { DownloadPanel } from '../../features/exports/download-panel';
import { StoreExpiryNotice } from '../../features/stores/components/store-expiry-notice';
import { EmergencyNoticeBanner } from '../../features/notices/components/emergency-notice-banner';
import { MessagesBell } from '../../features/notices/components/messages-bell';
import { TodoPopover } from '../../features/notices/components/todo-popover';
import { HelpSidebar } from '../../features/guides/components/help-sidebar';
import { ShellApiProvider } from '../../ui/shell-api';
import { UnsavedChangesGuard, useConfirmLeave } from '../../ui/unsaved-changes';

const { Header, Content } = Layout;

/** Pages shown without the top bar (spec 01 §2.3). */
const BARE_PREFIXES = ['/storeOrder/', '/domainOrder/', '/payResult'];

// The shell reads the address only where it must (the signed-out redirect, the menu's selected
// item, the bare pages): a list's filters, tab and page live in the address, and redrawing the
// header, its menu and the side panels on every such change cost a tab switch most of its time.
function ToSignIn() {
  const location = useLocation();
  return <Navigate to={`/login?from=${encodeURIComponent(location.pathname + location.search)}`} replace />;
}

export function AppLayout() {
  const signedIn = !!accessToken();
  const query = useSessionQuery();
  const { t } = useTranslation();
  if (!signedIn) return <ToSignIn />;
  if (query.isPending) return <PageFallback />;
  if (query.isError || !query.data)
    // Plain markup: antd's Result with its illustrations is 10 KB more on every signed-in first load.
    return (
      <div role="alert" style={{ padding: '48px 32px', textAlign: 'center' }}>
        <CloseCircleFilled style={{ fontSize: 72, color: '#ff4d4f' }} />
        <div style={{ margin: '24px 0', fontSize: 24 }}>{t('common:sessionLoadFailed')}</div>
        <Button onClick={() => query.refetch()}>{t('common:actions.retry')}</Button>
      </div>
    );
  // The shell's dialogs and notices load with their first use (ui/shell-api.tsx), toasts with the
  // first toast (the root's host, app.tsx); .os-app sets the text style antd's App gave the shell.
  return (
    <SessionProvider value={query.data}>
      <ShellApiProvider className="os-app">
        <Shell />
      </ShellApiProvider>
    </SessionProvider>
  );
}

function navMenuItems(entries: NavEntry[], t: (k: string) => string): MenuProps['items'] {
  const linkItem = (path: string) => ({ key: path, label: <Link to={path}>{t(`nav:routes.${routeTitle(path)}`)}</Link> });
  return entries.map((entry) => {
    if (entry.path) return { key: entry.path, label: <Link to={entry.path}>{t(`nav:${entry.label}`)}</Link> };
    if (entry.links) return { key: entry.key, label: t(`nav:${entry.label}`), children: entry.links.map((l) => linkItem(l.path)) };
    return {
      key: entry.key,
      label: t(`nav:${entry.label}`),
      children: entry.groups!.map((g) => ({ type: 'group' as const, key: `${entry.key}:${g.label}`, label: t(`nav:${g.label}`), children: g.links.map((l) => linkItem(l.path)) })),
    };
  });
}

function routeTitle(path: string): string {
  return findRoute(path)?.title ?? 'home';
}

function selectedKeys(pathname: string, entries: NavEntry[]): string[] {
  for (const entry of entries) {
    if (entry.path && (pathname === entry.path || pathname.startsWith(entry.path + '/'))) return [entry.path];
    const links = entry.links ?? entry.groups?.flatMap((g) => g.links) ?? [];
    const match = links.find((l) => pathname === l.path || pathname.startsWith(l.path + '/'));
    if (match) return [match.path, entry.key];
  }
  return [];
}

function Shell() {
  const session = useSession();
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const bare = BARE_PREFIXES.some((p) => pathname.startsWith(p));
  const nav = useMemo(() => visibleNav(session, localStorage.getItem(DISTRIBUTION_GUIDE_FLAG) === '1'), [session]);
  const items = useMemo(() => navMenuItems(nav, t), [nav, t]);
  // The parts around the page are the same elements while only the address's query changes, so
  // React leaves them alone (a tab switch, a filter, a page of the list).
  const selected = selectedKeys(pathname, nav).join('\n');
  const header = useMemo(
    () =>
      bare ? null : (
        <Header className="os-header">
          <Link to="/" className="os-brand">
            <img src="/favicon.svg" alt="" width={28} height={28} />
            <SiteName />
          </Link>
          <Menu className="os-nav" theme="dark" mode="horizontal" items={items} selectedKeys={selected ? selected.split('\n') : []} aria-label={t('common:mainNavigation')} />
          <HeaderRight session={session} />
        </Header>
      ),
    [bare, items, selected, session, t],
  );
  const banners = useMemo(
    () =>
      bare ? null : (
        <>
          <EmergencyNoticeBanner />
          {session.domain && <EditionBanner domain={session.domain} />}
          <StoreExpiryNotice />
        </>
      ),
    [bare, session.domain],
  );
  const aside = useMemo(
    () => (
      <>
        <BackToTop label={t('common:backToTop')} />
        {!bare && <HelpSidebar seller={!!session.domain} />}
      </>
    ),
    [bare, session.domain, t],
  );

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <UnsavedChangesGuard />
      {header}
      <Content className="os-content">
        {banners}
        <Outlet />
      </Content>
      {aside}
    </Layout>
  );
}

/** The back-to-top button after 100 px of scrolling (plain: antd's FloatButton group was 6 KB more). */
function BackToTop({ label }: { label: string }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const onScroll = () => setShown(window.scrollY > 100);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!shown) return null;
  return (
    <button type="button" className="os-back-top" aria-label={label} title={label} onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}>
      <VerticalAlignTopOutlined />
    </button>
  );
}

function SiteName() {
  const site = useSiteInfo();
  return <span className="os-brand-name">{site?.siteTitle ?? 'OpenSeller'}</span>;
}

function HeaderRight({ session }: { session: SessionState }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [service, setService] = useState<string | null>(null);
  const passwordSeen = useOnceTrue(passwordOpen);
  const authCodeSeen = useOnceTrue(service === 'authCode');
  const queryClient = useQueryClient();
  const level = session.domain ? effectiveLevel(session.domain) : null;

  const confirmLeave = useConfirmLeave();

  const logout = async () => {
    if (!(await confirmLeave())) return;
    try {
      await callApi(AuthCalls.logout, undefined, { quiet: true });
    } catch {
      // Signed out locally either way.
    }
    clearAuth();
    queryClient.clear();
    navigate('/login', { replace: true });
  };

  const accountItems: MenuProps['items'] = [
    canOpen('/accountCenter', session) && { key: '/accountCenter', label: t('nav:routes.accountCenter') },
    canOpen('/downloadCenter', session) && { key: '/downloadCenter', label: t('nav:routes.downloadCenter') },
    canOpen('/logs', session) && { key: '/logs', label: t('nav:account.logCentre') },
    canOpen('/loginRecord', session) && { key: '/loginRecord', label: t('nav:routes.loginRecord') },
    { key: 'password', label: t('nav:account.changePassword') },
    { type: 'divider' as const },
    { key: 'logout', label: t('nav:account.logout'), danger: true },
  ].filter(Boolean) as MenuProps['items'];

  const serviceItems: MenuProps['items'] = [
    { key: 'online', label: t('nav:service.online') },
    // The authorisation-code item is hidden for the root and customer-service logins (spec 01 §6);
    // only the main account hands out codes.
    ...(session.isMain && !session.account.csLogin ? [{ key: 'authCode', label: t('nav:service.authCode') }] : []),
    { key: 'complaints', label: t('nav:service.complaints') },
    { key: 'invoice', label: t('nav:service.invoice') },
  ];

  const displayName = session.account.userName || session.account.loginName;
  return (
    <Space className="os-header-right" size={4}>
      <Tooltip title={t('nav:help')}>
        <Button type="text" className="os-header-button" icon={<QuestionCircleOutlined />} onClick={() => navigate('/docs')} aria-label={t('nav:help')} />
      </Tooltip>
      <Dropdown menu={{ items: serviceItems, onClick: ({ key }) => setService(key) }} trigger={['click']}>
        <Button type="text" className="os-header-button" icon={<CustomerServiceOutlined />} aria-label={t('nav:service.title')} />
      </Dropdown>
      {!session.isRoot && <TodoPopover />}
      {!session.isRoot && <MessagesBell />}
      {!session.isRoot && <DownloadPanel />}
      {level && (
        <Link to="/domainOrder/order">
          <Tag color="gold" className="os-edition">
            {t(`common:levels.${level}`)}
          </Tag>
        </Link>
      )}
      <Dropdown
        menu={{
          items: LANGUAGES.map((l) => ({ key: l, label: LANGUAGE_NAMES[l] })),
          selectable: true,
          selectedKeys: [currentLanguage()],
          onClick: ({ key }) => void changeLanguage(key as (typeof LANGUAGES)[number]),
        }}
        trigger={['click']}
      >
        <Button type="text" className="os-header-button" icon={<GlobalOutlined />} aria-label={t('common:language')} title={LANGUAGE_NAMES[currentLanguage()]} />
      </Dropdown>
      <Dropdown
        menu={{
          items: accountItems,
          onClick: ({ key }) => {
            if (key === 'logout') void logout();
            else if (key === 'password') setPasswordOpen(true);
            else navigate(key);
          },
        }}
        trigger={['click']}
      >
        <Button type="text" className="os-header-button" aria-label={t('nav:account.menu')}>
          <UserOutlined /> {displayName} <DownOutlined />
        </Button>
      </Dropdown>
      {passwordSeen && (
        <Suspense fallback={null}>
          <ChangePasswordModal open={passwordOpen} onClose={() => setPasswordOpen(false)} />
        </Suspense>
      )}
      <ServiceModal kind={service === 'authCode' ? null : service} onClose={() => setService(null)} />
      {authCodeSeen && (
        <Suspense fallback={null}>
          <AuthCodeModal open={service === 'authCode'} onClose={() => setService(null)} domainCode={session.domain?.domainCode ?? null} />
        </Suspense>
      )}
    </Space>
  );
}
