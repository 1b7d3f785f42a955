// /stocks: business inventory, inbound notices, outbound orders and sales outbound, the tab chosen
// by the activeKey query parameter.
import { Suspense } from 'react';
import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageFallback } from '../../../app/page-fallback';
import { NotAvailablePage } from '../../../app/status-pages';
import { PageTitle } from '../../../ui/page-title';
import { useSearchParams } from 'react-router-dom';
import { STOCK_TAB_KEYS, STOCK_TABS } from '../stock-tabs';

export default function StocksPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('activeKey') ?? '1';
  const active = (STOCK_TAB_KEYS as readonly string[]).includes(requested) ? requested : '1';
  return (
    <>
      <PageTitle title={t('nav:routes.stocks')} />
      <Card>
        <Tabs
          activeKey={active}
          // Switching tabs starts the new tab with its own filters.
          onChange={(activeKey) => setParams(new URLSearchParams({ activeKey }))}
          destroyOnHidden
          items={STOCK_TAB_KEYS.map((key) => {
            const tab = STOCK_TABS.find((x) => x.key === key);
            const Component = tab?.component;
            return {
              key,
              label: t(`nav:stockTabs.${key}`),
              children: Component ? (
                <Suspense fallback={<PageFallback />}>
                  <Component />
                </Suspense>
              ) : (
                <NotAvailablePage area="stock" title="stocks" />
              ),
            };
          })}
        />
      </Card>
    </>
  );
}
