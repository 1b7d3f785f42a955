// Home page panels: the user's shortcut menus (homepage getDomainMenu / createOrupdateDomainMenu)
// and the best sellers of the last days (homepage getHotSale).
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Col, Empty, Row, Space, Spin, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '@openseller/core';
import { canOpen } from '../../../app/layout/nav-items';
import { useSession } from '../../../app/session';
import { useOnceTrue } from '../../../app/lazy-page';
import { Panel } from '../../../ui/panel';
import { adminApi } from '../api';

// The shortcut editor (a Modal with a multiple Select) loads when it is first opened.
const ShortcutsEditor = lazy(() => import('./shortcuts-editor'));

/** The page a menu key opens: the first layout route gated by that menu alone. */
function routeOfMenu(menu: string) {
  return ROUTES.find((r) => r.placement === 'layout' && r.gate.kind === 'menu' && r.gate.anyOf.length === 1 && r.gate.anyOf[0] === menu);
}

function ShortcutsCard() {
  const { t } = useTranslation();
  const session = useSession();
  const menu = useQuery({ queryKey: ['home-menu'], queryFn: adminApi.homeMenu });
  const [editing, setEditing] = useState<string[] | null>(null);
  const editorSeen = useOnceTrue(editing !== null);
  const choices = [...session.menus]
    .map((m) => ({ menu: m, route: routeOfMenu(m) }))
    .filter((c): c is { menu: string; route: NonNullable<typeof c.route> } => !!c.route && canOpen(c.route.path, session));
  const shortcuts = (menu.data?.menuName ?? []).map((m) => ({ menu: m, route: routeOfMenu(m) })).filter((c) => c.route);
  return (
    <Panel
      title={t('admin:home.shortcuts')}
      loading={menu.isPending}
      extra={
        <Button size="small" onClick={() => setEditing(menu.data?.menuName ?? [])} disabled={!choices.length}>
          {t('admin:home.editShortcuts')}
        </Button>
      }
    >
      {shortcuts.length ? (
        <Space wrap>
          {shortcuts.map((s) => (
            <Link key={s.menu} to={s.route!.path}>
              <Tag color="blue" style={{ padding: '4px 10px', fontSize: 14 }}>
                {t(`nav:routes.${s.route!.title}`)}
              </Tag>
            </Link>
          ))}
        </Space>
      ) : (
        <span className="os-text-secondary">{t('admin:home.noShortcuts')}</span>
      )}
      {editorSeen && (
        <Suspense fallback={null}>
          <ShortcutsEditor editing={editing} onChange={setEditing} choices={choices} />
        </Suspense>
      )}
    </Panel>
  );
}

function HotSaleCard() {
  const { t } = useTranslation();
  const [days, setDays] = useState(7);
  const hot = useQuery({ queryKey: ['home-hot-sale', days], queryFn: () => adminApi.hotSale(days), placeholderData: (p) => p });
  const rows = hot.data?.voList ?? [];
  return (
    <Panel
      title={t('admin:home.hotSale')}
      extra={
        <span className="os-toggle" role="radiogroup" aria-label={t('admin:home.hotSale')}>
          {[7, 30].map((d) => (
            <button key={d} type="button" role="radio" aria-checked={days === d} className={days === d ? 'os-toggle-on' : undefined} onClick={() => setDays(d)}>
              {t('admin:home.days', { count: d })}
            </button>
          ))}
        </span>
      }
    >
      {/* A plain table: antd's Table (with its filter tree, pagination and select) was 90 KB of the home page. */}
      {hot.isFetching && !hot.data ? (
        <Spin style={{ display: 'block', margin: '16px auto' }} />
      ) : rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('admin:home.noSales')} />
      ) : (
        <table className="os-plain-table">
          <colgroup>
            <col style={{ width: 40 }} />
            <col style={{ width: 140 }} />
            <col />
            <col style={{ width: 70 }} />
            <col style={{ width: 80 }} />
          </colgroup>
          <thead>
            <tr>
              <th>#</th>
              <th>{t('admin:home.skuCode')}</th>
              <th>{t('admin:home.skuName')}</th>
              <th className="os-num">{t('admin:home.qty')}</th>
              <th className="os-num">{t('admin:home.orders')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={r.skuId}>
                <td>{i + 1}</td>
                <td>{r.skuCode}</td>
                <td title={r.skuName ?? undefined}>{r.skuName}</td>
                <td className="os-num">{r.qty}</td>
                <td className="os-num">{r.orderCount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  );
}

/** The home page's shortcut and best-seller panels, for a seller account. */
export function HomePanels() {
  const session = useSession();
  if (!session.domain) return null;
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      <Col xs={24} xl={10}>
        <ShortcutsCard />
      </Col>
      {canOpen('/order', session) && (
        <Col xs={24} xl={14}>
          <HotSaleCard />
        </Col>
      )}
    </Row>
  );
}
