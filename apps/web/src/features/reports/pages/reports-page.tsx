// /reports (spec 01 §2.2): the seven report tabs, the tab chosen by the activeKey query parameter.
// Tabs 1–4 are the sales reports (../sales); tabs 5–7 the shipping reports (../shipping).
import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PageTitle } from '../../../ui/page-title';
import { AnalysisTab } from '../sales/analysis-tab';
import { HomeTab } from '../sales/home-tab';
import { OrderSalesTab } from '../sales/order-sales-tab';
import { SkuSalesTab } from '../sales/sku-sales-tab';
import { ShippingByExpressTab, ShippingByOrderTab, ToShipSkuTab } from '../shipping';

const TAB_KEYS = ['1', '2', '3', '4', '5', '6', '7'] as const;
const TABS: Record<(typeof TAB_KEYS)[number], () => React.JSX.Element> = {
  '1': HomeTab,
  '2': OrderSalesTab,
  '3': SkuSalesTab,
  '4': AnalysisTab,
  '5': ShippingByOrderTab,
  '6': ShippingByExpressTab,
  '7': ToShipSkuTab,
};

export default function ReportsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('activeKey') ?? '1';
  const active = (TAB_KEYS as readonly string[]).includes(requested) ? requested : '1';
  return (
    <>
      <PageTitle title={t('nav:routes.reports')} />
      <Card>
        <Tabs
          activeKey={active}
          onChange={(activeKey) => setParams(new URLSearchParams({ activeKey }))}
          destroyOnHidden
          items={TAB_KEYS.map((key) => {
            const Tab = TABS[key];
            return { key, label: t(`reports:tabs.${key}`), children: <Tab /> };
          })}
        />
      </Card>
    </>
  );
}
