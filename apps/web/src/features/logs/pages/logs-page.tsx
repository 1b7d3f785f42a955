// /logs: business documents, inventory, inventory sync, printing, configuration and order sync,
// the tab chosen by the activeKey query parameter.
import { Suspense } from 'react';
import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageFallback } from '../../../app/page-fallback';
import { NotAvailablePage } from '../../../app/status-pages';
import { PageTitle } from '../../../ui/page-title';
import { useSearchParams } from 'react-router-dom';
import { LOG_TAB_KEYS, LOG_TABS } from '../log-tabs';

export default function LogsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('activeKey') ?? '1';
  const active = (LOG_TAB_KEYS as readonly string[]).includes(requested) ? requested : '1';
  return (
    <>
      <PageTitle title={t('nav:routes.logs')} />
      <Card>
        <Tabs
          activeKey={active}
          // Switching tabs starts the new tab with its own filters.
          onChange={(activeKey) => setParams(new URLSearchParams({ activeKey }))}
          destroyOnHidden
          items={LOG_TAB_KEYS.map((key) => {
            const tab = LOG_TABS.find((x) => x.key === key);
            const Component = tab?.component;
            return {
              key,
              label: t(`nav:logTabs.${key}`),
              children: Component ? (
                <Suspense fallback={<PageFallback />}>
                  <Component />
                </Suspense>
              ) : (
                <NotAvailablePage area="logs" title="logs" />
              ),
            };
          })}
        />
      </Card>
    </>
  );
}
