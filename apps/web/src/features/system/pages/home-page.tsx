// Home: the to-do counters of spec 01 §3, each jumping to its filtered list (spec 01 §2.4),
// shown only where the account has the menu; refreshed every 3 minutes while visible.
import { Link, useNavigate } from 'react-router-dom';
import { Alert, Col, Empty, Row, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { effectiveLevel } from '@openseller/core';
import { canOpen } from '../../../app/layout/nav-items';
import { useSession } from '../../../app/session';
import { Panel } from '../../../ui/panel';
import { usePageVisible } from '../../../ui/use-page-visible';
import { systemApi } from '../api';
import { HOME_COUNTER_GROUPS } from '../home-counters';
import { HomePanels } from '../../admin/components/home-panels';
import { SetupChecklist } from '../../guides/components/setup-checklist';

export default function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const visible = usePageVisible();
  const home = useQuery({
    queryKey: ['home-page-data'],
    queryFn: systemApi.homePageData,
    // To-do refresh every 180000 ms, paused while the tab is hidden (spec 01 §9).
    refetchInterval: visible ? 180_000 : false,
  });
  const data = home.data;
  const groups = HOME_COUNTER_GROUPS.map((g) => ({ ...g, counters: g.counters.filter((c) => canOpen(c.to.split('?')[0]!, session)) })).filter((g) => g.counters.length);

  return (
    <>
      {/* Panels and lists in plain markup: the home page is on every first load (issue 20). */}
      <Panel style={{ marginBottom: 16 }}>
        <h3 className="os-h3">{t('home:greeting', { name: session.account.userName || session.account.loginName })}</h3>
        {session.domain && (
          <span className="os-text-secondary">
            {session.domain.name} · {t('home:domainCode', { code: session.domain.domainCode })} · <Tag color="gold">{t(`common:levels.${effectiveLevel(session.domain)}`)}</Tag>
          </span>
        )}
      </Panel>
      {session.domain && <SetupChecklist />}
      <HomePanels />
      {home.isError && <Alert type="error" showIcon message={t('home:loadFailed')} style={{ marginBottom: 16 }} />}
      {groups.length === 0 && (
        <Panel>
          <Empty description={t('home:nothingForYou')} />
        </Panel>
      )}
      <Row gutter={[16, 16]}>
        {groups.map((group) => (
          <Col key={group.key} xs={24} xl={8}>
            <Panel title={t(`home:groups.${group.key}`)} loading={home.isPending}>
              <Row gutter={[12, 12]}>
                {group.counters.map((c) => (
                  <Col key={c.key} span={12}>
                    <Panel
                      size="small"
                      className="os-counter-card"
                      role="link"
                      tabIndex={0}
                      onClick={() => navigate(c.to)}
                      onKeyDown={(e) => {
                        if (e.key === 'Enter') navigate(c.to);
                      }}
                    >
                      {/* Drawn as antd's Statistic is (its module and style were 4 KB more). */}
                      <div className="os-statistic-title">{t(`home:counters.${c.key}`)}</div>
                      <div className="os-statistic-value">{String(Number(data?.[c.key] ?? 0)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}</div>
                    </Panel>
                  </Col>
                ))}
              </Row>
            </Panel>
          </Col>
        ))}
      </Row>
      {canOpen('/stocks', session) && (
        <Panel title={t('home:belowWarning')} style={{ marginTop: 16 }} loading={home.isPending}>
          {data?.whbelowWarning.length ? (
            <ul className="os-plain-list">
              {data.whbelowWarning.map((w) => (
                <li key={w.whId}>
                  <span>
                    {w.whName}: {t('home:skusBelow', { count: w.count })}
                  </span>
                  <Link to={`/stocks?activeKey=1&whId=${w.whId}&belowWarning=true`}>{t('home:view')}</Link>
                </li>
              ))}
            </ul>
          ) : (
            <span className="os-text-secondary">{t('home:noneBelowWarning')}</span>
          )}
        </Panel>
      )}
    </>
  );
}
